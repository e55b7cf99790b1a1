package lan

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"nightfall/assets"
)

// overCheckJS lists what is wrong on a game-over screen: a words key or a
// hand with 号 in its text ("tl.x", "6L号"), a seat label of the roles list
// on two lines, a lost card's ✕ wrapped away from its card (it then reads
// as the next card's), a seat's cards run together ("Killer Villager", not
// "Killer · Villager") or cut (a card outside its row: cat-lives-7's five
// cards wrap within it), a player's name squeezed out of its row.
const overCheckJS = `(() => {
  const bad = [];
  const text = document.getElementById('main').innerText;
  for (const m of text.matchAll(/(?:^|[^\w.])([a-z][a-z0-9-]*\.[a-z][\w.-]*)|\d[LR]号/g)) bad.push('raw: ' + m[0].trim());
  for (const e of document.querySelectorAll('ul.reveal .tg')) {
    const r = document.createRange(); r.selectNodeContents(e);
    const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
    if (tops.size > 1) bad.push('seat label on ' + tops.size + ' lines: ' + e.textContent);
  }
  for (const e of document.querySelectorAll('ul.reveal .rl.lost')) {
    const a = e.firstChild, b = [...e.childNodes].find((x) => x.nodeType === 3 && x.data.includes('✕'));
    if (!a || !b || a === b) continue;
    const r = document.createRange(); r.setStart(a, Math.max(0, a.length - 1)); r.setEnd(b, b.length);
    const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
    if (tops.size > 1) bad.push('✕ on another line than its role: ' + e.textContent);
  }
  for (const e of document.querySelectorAll('ul.reveal .roles')) {
    const rl = [...e.querySelectorAll('.rl')];
    if (rl.slice(0, -1).some((x) => !x.querySelector('.sep'))) bad.push('cards run together: ' + rl.map((x) => x.textContent).join(''));
  }
  for (const li of document.querySelectorAll('ul.reveal li')) {
    const box = li.getBoundingClientRect(), roles = li.querySelector('.roles');
    for (const e of li.querySelectorAll('.rl')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) bad.push('card cut off its row: ' + e.textContent);
    }
    if (roles && (roles.scrollWidth > roles.clientWidth + 1 || roles.scrollHeight > roles.clientHeight + 1)) bad.push('cards cut: ' + roles.textContent);
  }
  for (const e of document.querySelectorAll('ul.reveal .nm')) if (e.textContent && e.clientWidth < 30) bad.push('name squeezed to ' + e.clientWidth + 'px: ' + e.textContent);
  return bad.join(' | ');
})()`

// TestBrowserOverScreens: the game-over screen with its roles and 复盘, in
// Chinese and English at 360×740, from the page's mock mode (the engine's
// own views: a classic game, werewolf-12's with an election, a shot and
// both potions, two-hands', cat-lives-7's), in each engine NIGHTFALL_ENGINES
// names (default all three, each skipped where not installed): no words
// key or "6L号" shows, every seat label holds on one line, every name keeps
// room beside the roles, and nothing is wider than the phone.
// NIGHTFALL_SHOTS=dir keeps screenshots at 360 and 390 px.
func TestBrowserOverScreens(t *testing.T) {
	forEngines(t, []string{"chromium", "firefox", "webkit"}, func(t *testing.T, name string, start func(*testing.T) engine) {
		e := start(t)
		ts := httptest.NewServer(http.FileServerFS(assets.Phone()))
		t.Cleanup(ts.Close)
		g := &engineGame{t: t, e: e, seat: 1, label: name + "-over"}
		for _, fixture := range []string{"over", "ww-over", "ww-over-hunter", "hands-over", "cat-over"} {
			for _, lang := range []string{"zh", "en"} {
				what := fixture + "-" + lang
				if err := e.setSize(360, 740); err != nil {
					t.Fatalf("%s: size: %v", name, err)
				}
				url := fmt.Sprintf("%s/?room=SHOTS&case=%s#mock=%s&lang=%s", ts.URL, what, fixture, lang)
				if err := e.navigate(url); err != nil {
					t.Fatalf("%s: open %s: %v", name, url, err)
				}
				g.waitFor(what, `document.fonts.status === 'loaded' && !!document.querySelector('#main section.tl li')`)
				if bad := g.eval(overCheckJS); bad != "" {
					t.Errorf("%s, %s: %s", name, what, bad)
				}
				if g.eval(`document.documentElement.scrollWidth <= innerWidth`) != "true" {
					t.Errorf("%s, %s: the page is wider than the phone: %s", name, what, g.eval(`document.documentElement.scrollWidth + '/' + innerWidth`))
				}
				g.shot(what)
			}
		}
	})
}

// TestBrowserJoinLineWhole: the join screen's line under its title (the
// table's name · the game · how many watch) breaks only between its
// parts, at 360 px in both languages, in Chromium ("1 / watching" did
// not).
func TestBrowserJoinLineWhole(t *testing.T) {
	ts, tab, p := mockPhone(t)
	for _, lang := range []string{"zh", "en"} {
		if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s/?room=JOIN&case=%s#mock=lobby&lang=%s", ts.URL, lang, lang))); err != nil {
			t.Fatal(err)
		}
		p.waitFor("the join screen", `document.fonts.status === 'loaded' && document.querySelectorAll('#main p.dim .nw').length === 2`)
		if bad := p.eval(`[...document.querySelectorAll('#main p.dim .nw')].filter((e) => {
  const r = document.createRange(); r.selectNodeContents(e);
  return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1;
}).map((e) => e.textContent).join(' | ')`); bad != "" {
			t.Errorf("%s: broken inside: %s", lang, bad)
		}
	}
}

// mockPhone is a Chromium tab at 360×740 and a server of the phone page
// with its fixtures (its mock mode, as devserve serves it).
func mockPhone(t *testing.T) (*httptest.Server, context.Context, *browserPhone) {
	t.Helper()
	browser := startChromium(t)
	ts := httptest.NewServer(http.FileServerFS(assets.Phone()))
	t.Cleanup(ts.Close)
	tab, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
	return ts, tab, &browserPhone{t: t, ctx: tab}
}
