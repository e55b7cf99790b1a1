package lan

// The held card in headless Chromium (the page's mock mode, fed with the
// engine's own views): for every role of every variant, at 360 and 390 px,
// in zh and en, at nightfall and in the first day, the card's box and the
// boxes of its parts and role-text slots are identical to the pixel within
// a variant, so that a neighbour learns nothing from its shape; and the ☰
// Rules sheet is byte-identical on every phone of a variant.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nightfall/assets"
	"nightfall/game"
)

// cardBoxJS is the held card's geometry: its box and scroll height, and
// each part's and each role-text slot's box relative to the card.
const cardBoxJS = `(() => {
  const b = document.getElementById('peekBody');
  if (!b || b.hidden || !b.firstChild) return 'closed';
  const o = b.getBoundingClientRect();
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left - o.left, r.top - o.top, r.width, r.height].join(','); };
  return JSON.stringify({ card: [o.left, o.top, o.width, o.height].join(','), scroll: b.scrollHeight,
    parts: [...b.querySelectorAll('.cpart')].map((e) => e.className + ' ' + box(e)),
    slots: [...b.querySelectorAll('.c-about .slot, .c-camp .ctext')].map(box) });
})()`

// cardFitJS is what of the held card a player cannot read without
// scrolling while holding it: ” when the whole card is inside the
// viewport, its own box does not scroll, and no role text or part is cut.
const cardFitJS = `(() => {
  const b = document.getElementById('peekBody');
  const r = b.getBoundingClientRect();
  const out = [];
  if (r.top < 0 || r.bottom > window.innerHeight) out.push('the card spans ' + r.top + '..' + r.bottom + ' of ' + window.innerHeight + ' px');
  if (b.scrollHeight > b.clientHeight + 1) out.push('the card scrolls: ' + b.scrollHeight + ' px in ' + b.clientHeight);
  for (const e of b.querySelectorAll('.cpart:not(.c-results):not(.c-tonight), .ctext')) {
    if (e.scrollHeight > e.clientHeight + 1) out.push((e.className || e.tagName) + ' cut: ' + e.scrollHeight + ' px in ' + e.clientHeight + ': ' + e.textContent.slice(0, 40));
  }
  for (const e of b.querySelectorAll('.ctext, li, p')) {
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (e.textContent.trim() && px < 14) out.push(e.className + ' set at ' + px + ' px: ' + e.textContent.slice(0, 30));
  }
  return out.join('; ');
})()`

// peekLabelLinesJS is how many lines the card's cover label ("Hold to see
// your card") takes: one at 360 px, where a second line left one word
// hanging.
const peekLabelLinesJS = `(() => {
  const r = document.createRange();
  r.selectNodeContents(document.getElementById('peekLabel'));
  return String(new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size);
})()`

// phoneHeight is the screen height of the phones the card is checked on,
// by width: a small Android phone (360×740) and an iPhone 12 to 15 (390×844).
var phoneHeight = map[int64]int64{360: 740, 390: 844}

// cardTooTall are the variants, languages and widths ("variant/lang/width")
// where the held card is still taller than the phone's screen (five role
// texts a seat, at a readable size): the fit is not checked there, and the
// test fails once every card there fits, so that the list only shrinks.
// An engine's name before it ("firefox/…") names a place in that engine
// only (TestBrowserCardFitEngines): Firefox keeps the full width of
// Chinese punctuation that Chromium and WebKit trim (CSS text-spacing-trim)
// and sets its Latin text wider, so a text takes a line more there.
var cardTooTall = map[string]bool{
	"cat-lives-7/en/360": true,
}

// rulesJS opens ☰ → Rules and returns the sheet's HTML.
const rulesJS = `(() => {
  document.getElementById('menuBtn').click();
  const b = [...document.querySelectorAll('#sheet button')].find((x) => x.textContent === %q);
  if (!b) return 'no rules button: ' + document.getElementById('sheet').outerHTML;
  b.click();
  return document.getElementById('sheet').outerHTML;
})()`

// cardCase is one seat's view at one moment, as mock frames.
type cardCase struct {
	name   string // variant/phase/seat
	roles  string
	frames []map[string]any
}

// cardCases are, for each variant at its largest table, a seat for every
// role (the first seat holding it, over a few deals), at the first night
// and at the first day.
func cardCases(t *testing.T, in game.VariantInfo) []cardCase {
	t.Helper()
	names := map[string]string{}
	for i := 1; i <= in.MaxPlayers; i++ {
		names[fmt.Sprint(i)] = fmt.Sprintf("Maximilian-Alexander %d", i)
	}
	missing := map[string]bool{}
	for _, r := range in.Roles {
		missing[r.ID] = true
	}
	var out []cardCase
	for seed := uint64(1); len(missing) > 0 && seed < 40; seed++ {
		setup := game.Setup{Variant: in.ID, Players: in.MaxPlayers, Seed: seed}
		if in.ID == "werewolf-12" && seed%2 == 0 { // the guard plays on the other board
			setup.Options = json.RawMessage(`{"board":"seer-witch-hunter-guard"}`)
		}
		g, err := game.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		var seats []int
		for seat := 1; seat <= in.MaxPlayers; seat++ {
			take := false
			for _, r := range g.PlayerView(seat).Roles {
				if missing[r] {
					take = true
					delete(missing, r)
				}
			}
			if take {
				seats = append(seats, seat)
			}
		}
		if len(seats) == 0 {
			continue
		}
		views := map[string]map[int]game.PlayerView{"night": {}}
		for _, seat := range seats {
			views["night"][seat] = g.PlayerView(seat)
		}
		for step := 0; g.TableView().Phase != "day"; step++ {
			if step > 30 || g.TableView().Phase == "over" {
				t.Fatalf("%s seed %d: no day after %d timeouts", in.ID, seed, step)
			}
			if _, err := g.Apply(game.Command{Do: "timeout"}); err != nil {
				t.Fatal(err)
			}
		}
		views["day"] = map[int]game.PlayerView{}
		for _, seat := range seats {
			views["day"][seat] = g.PlayerView(seat)
		}
		for _, phase := range []string{"night", "day"} {
			for _, seat := range seats {
				pv := views[phase][seat]
				out = append(out, cardCase{
					name:  fmt.Sprintf("%s-%s-s%d-%d", in.ID, phase, seed, seat),
					roles: strings.Join(pv.Roles, "+"),
					frames: []map[string]any{
						{"t": "welcome", "token": "mock-token", "seat": seat, "mode": "player"},
						{"t": "view", "view": pv, "names": names},
					},
				})
			}
		}
	}
	if len(missing) > 0 {
		t.Fatalf("%s: no deal gave a seat the roles %v", in.ID, missing)
	}
	return out
}

// cardServer serves the phone page (assets.Phone(), in its mock mode)
// with every variant's cardCases as fixtures; it returns its URL and the
// cases by variant.
func cardServer(t *testing.T) (string, map[string][]cardCase) {
	t.Helper()
	fixtures := map[string][]byte{}
	byVariant := map[string][]cardCase{}
	for _, in := range game.Variants() {
		cs := cardCases(t, in)
		byVariant[in.ID] = cs
		for _, c := range cs {
			b, err := json.Marshal(c.frames)
			if err != nil {
				t.Fatal(err)
			}
			fixtures["/fixtures/"+c.name+".json"] = b
		}
	}
	page := http.FileServerFS(assets.Phone())
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if b, ok := fixtures[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "application/json")
			w.Write(b)
			return
		}
		page.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts.URL, byVariant
}

// cardURL is the page holding case c's card in lang (a new query for each:
// a change of the fragment alone would not load the page again).
func cardURL(base string, c cardCase, lang string) string {
	return base + "/?room=CARDS&case=" + c.name + "-" + lang + "#mock=" + c.name + "&peek=1&lang=" + lang
}

func TestBrowserCardShape(t *testing.T) {
	browser := startChromium(t)
	base, byVariant := cardServer(t)
	tab, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	p := &browserPhone{t: t, ctx: tab}

	rulesButton := map[string]string{}
	for _, lang := range []string{"zh", "en"} {
		words, err := assets.Dictionary(lang)
		if err != nil {
			t.Fatal(err)
		}
		rulesButton[lang] = words["menu.rules"]
	}
	for _, in := range game.Variants() {
		t.Run(in.ID, func(t *testing.T) {
			p.t = t
			for _, lang := range []string{"zh", "en"} {
				fitsAll := map[string]bool{} // cardTooTall's keys → every card fits there
				first := map[string]string{} // phase/width → geometry of the first case
				firstName := map[string]string{}
				var rules, rulesOf string
				for _, c := range byVariant[in.ID] {
					if err := chromedp.Do(tab, chromedp.EmulateViewport(360, 740)); err != nil {
						t.Fatal(err)
					}
					ctx, cancel := context.WithTimeout(tab, 20*time.Second)
					err := chromedp.Do(ctx, chromedp.Navigate(cardURL(base, c, lang)))
					cancel()
					if err != nil {
						t.Fatal(err)
					}
					p.waitFor(c.name+"'s card", `document.fonts.status === 'loaded' && document.body.dataset.screen && !document.getElementById('peekBody').hidden && document.querySelector('#peekBody .c-about')`)
					for _, width := range []int64{360, 390} {
						if err := chromedp.Do(tab, chromedp.EmulateViewport(width, phoneHeight[width])); err != nil {
							t.Fatal(err)
						}
						p.waitFor("the card sized at the width", fmt.Sprintf(`document.documentElement.clientWidth === %d && document.getElementById('peekBody').dataset.sized === String(document.getElementById('peekBody').clientWidth)`, width))
						got := p.eval(cardBoxJS)
						fit := p.eval(cardFitJS)
						if tall := fmt.Sprintf("%s/%s/%d", in.ID, lang, width); cardTooTall[tall] {
							if all, seen := fitsAll[tall]; !seen || all {
								fitsAll[tall] = fit == ""
							}
						} else if fit != "" {
							t.Errorf("%s %s (%s) at %d×%d: %s", lang, c.name, c.roles, width, phoneHeight[width], fit)
						}
						if got == "closed" {
							t.Fatalf("%s %s: the card is not held", lang, c.name)
						}
						if n := p.eval(peekLabelLinesJS); n != "1" {
							t.Errorf("%s %s at %d px: the card's cover label takes %s lines", lang, c.name, width, n)
						}
						key := fmt.Sprintf("%d px", width) // the same card at night and by day too
						if f, ok := first[key]; !ok {
							first[key], firstName[key] = got, c.name+" ("+c.roles+")"
						} else if got != f {
							t.Errorf("%s, %s: the card of %s (%s) differs from %s's:\n%s\nvs\n%s", lang, key, c.name, c.roles, firstName[key], got, f)
						}
					}
					sheet := p.eval(fmt.Sprintf(rulesJS, rulesButton[lang]))
					if !strings.Contains(sheet, "rroles") {
						t.Fatalf("%s %s: no rules sheet: %.300s", lang, c.name, sheet)
					}
					if rules == "" {
						rules, rulesOf = sheet, c.name
					} else if sheet != rules {
						t.Errorf("%s: the rules sheet of %s (%s) differs from %s's", lang, c.name, c.roles, rulesOf)
					}
				}
				t.Logf("%s: %d views alike at 360 and 390 px; the rules sheet alike", lang, len(byVariant[in.ID]))
				for tall, all := range fitsAll {
					if all {
						t.Errorf("every held card fits now at %s: take it out of cardTooTall", tall)
					}
				}
			}
		})
	}
}

// TestBrowserCardFitEngines: the held card fits the phone's screen in the
// other engines too (their fonts and text layout differ from Chromium's):
// one card of every variant (every role's card of a variant has the same
// box, TestBrowserCardShape) in zh and en at 360×740 and 390×844, in the
// engines NIGHTFALL_ENGINES names (default: Firefox and WebKit, each
// skipped where not installed); NIGHTFALL_SHOTS=dir keeps screenshots.
func TestBrowserCardFitEngines(t *testing.T) {
	base, byVariant := cardServer(t)
	forEngines(t, []string{"firefox", "webkit"}, func(t *testing.T, name string, start func(*testing.T) engine) {
		g := &engineGame{t: t, e: start(t)}
		for _, in := range game.Variants() {
			c := byVariant[in.ID][0]
			for _, lang := range []string{"zh", "en"} {
				if err := g.e.setSize(360, int(phoneHeight[360])); err != nil {
					t.Fatal(err)
				}
				if err := g.e.navigate(cardURL(base, c, lang)); err != nil {
					t.Fatal(err)
				}
				g.waitFor(c.name+"'s card", `document.fonts.status === 'loaded' && !document.getElementById('peekBody').hidden && document.querySelector('#peekBody .c-about')`)
				// a phone's scrollbars overlay the page; a desktop Firefox's take 12 px of its width
				g.eval(`(() => { document.documentElement.style.scrollbarWidth = 'none'; return ''; })()`)
				for _, width := range []int64{360, 390} {
					g.sizeTo(width, phoneHeight[width])
					// (a desktop engine's classic scrollbar, coming or going with the
					// page's height, changes the card's width without a resize event:
					// one is sent, as a phone's overlay scrollbars never need)
					g.eval(`(() => { dispatchEvent(new Event('resize')); return ''; })()`)
					g.waitFor("the card sized at the width", `Math.abs(innerWidth - `+fmt.Sprint(width)+`) <= 8 && document.getElementById('peekBody').dataset.sized === String(document.getElementById('peekBody').clientWidth)`)
					if dir := os.Getenv("NIGHTFALL_SHOTS"); dir != "" {
						if b, err := g.e.screenshot(); err == nil {
							os.MkdirAll(dir, 0o755)
							os.WriteFile(filepath.Join(dir, fmt.Sprintf("card-%s-%s-%s-%d.png", name, in.ID, lang, width)), b, 0o644)
						}
					}
					tall := fmt.Sprintf("%s/%s/%d", in.ID, lang, width)
					fit := g.eval(cardFitJS)
					switch {
					case cardTooTall[name+"/"+tall] && fit == "":
						t.Errorf("the held card fits now at %s: take it out of cardTooTall", name+"/"+tall)
					case fit != "" && !cardTooTall[tall] && !cardTooTall[name+"/"+tall]:
						t.Errorf("%s %s (%s) at %d×%d (%s): %s", lang, c.name, c.roles, width, phoneHeight[width], g.eval(`innerWidth + '×' + innerHeight`), fit)
					}
				}
			}
		}
	})
}
