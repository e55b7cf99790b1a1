package lan

// A classic-2.0 table of phones, through the page's own buttons in headless
// Chromium, at 360 px: the closed screens and the opened ☰ menu are byte-identical for
// every role; a dead speaker ends their last words with their own Pass; a
// sequential open vote where every phone answers each call after a human
// delay of 3–8 s (on the host's fake clock) loses no vote.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"nightfall/game"
)

// closedJS is what a neighbour can see of a phone, as HTML: the screen
// (without the own seat's "me" mark, which every phone has on another
// seat), the held card's body (empty while released), the toast and the
// menu sheet. The top bar names the phone's own seat and is left out.
const closedJS = `(() => {
  const main = document.getElementById('main').cloneNode(true);
  for (const e of main.querySelectorAll('.me')) e.classList.remove('me');
  const toast = document.getElementById('toast');
  return [document.body.dataset.screen, main.innerHTML, document.getElementById('peek').outerHTML,
    toast.hidden ? 'no toast' : toast.textContent, document.getElementById('sheet').outerHTML].join('\n----\n');
})()`

// menuJS opens the ☰ menu, returns its HTML and closes it again. The
// phone's own code (four digits, drawn by every phone whatever its role: the
// host checks it against a request for a freed seat) differs from phone to
// phone by design, so a paragraph's last four digits are masked (the
// room, the same for every phone, may end in digits too): the rest must be byte-identical.
const menuJS = `(() => {
  document.getElementById('menuBtn').click();
  const sheet = document.getElementById('sheet').cloneNode(true);
  for (const p of sheet.querySelectorAll('p')) p.textContent = p.textContent.replace(/[0-9]{4}$/, '####');
  const html = sheet.outerHTML;
  document.getElementById('menuBtn').click();
  return html;
})()`

// cutJS lists the buttons on screen whose label does not fit (cut off with
// an ellipsis or overflowing).
const cutJS = `[...document.querySelectorAll('#main .btn')].filter((b) => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent).join(' | ')`

func (g *browserGame) click(seat int, sel string) {
	g.t.Helper()
	b, _ := json.Marshal(sel)
	if got := g.phones[seat].eval(`(() => { const b = document.querySelector(` + string(b) + `); if (!b || b.disabled) return 'no'; b.click(); return 'ok'; })()`); got != "ok" {
		g.t.Fatalf("seat %d: no usable %s; page: %s", seat, sel, g.phones[seat].eval(`document.body.dataset.screen + ' ' + document.getElementById('main').innerText.slice(0, 300)`))
	}
}

// sameClosed checks that the given phones show byte-identical closed screens.
func (g *browserGame) sameClosed(when string, roles []string, seats []int) {
	g.t.Helper()
	var first string
	for _, seat := range seats {
		if cut := g.phones[seat].eval(cutJS); cut != "" {
			g.t.Errorf("%s: seat %d: cut-off button labels: %s", when, seat, cut)
		}
		got := g.phones[seat].eval(closedJS)
		if first == "" {
			first = got
			continue
		}
		if got != first {
			g.t.Errorf("%s: seat %d (%s) shows another closed screen than seat %d (%s):\n%s\n\nvs\n\n%s", when, seat, roles[seat], seats[0], roles[seats[0]], got, first)
		}
	}
}

// sameMenu checks that the opened menu is byte-identical on the given phones.
func (g *browserGame) sameMenu(when string, roles []string, seats []int) {
	g.t.Helper()
	var first string
	for _, seat := range seats {
		got := g.phones[seat].eval(menuJS)
		if !strings.Contains(got, "btn") {
			g.t.Fatalf("%s: seat %d: the menu did not open: %s", when, seat, got)
		}
		if first == "" {
			first = got
		} else if got != first {
			g.t.Errorf("%s: seat %d (%s): the menu differs from seat %d (%s):\n%s\nvs\n%s", when, seat, roles[seat], seats[0], roles[seats[0]], got, first)
		}
	}
}

// TestBrowserFairnessClassic: a whole classic-2.0 game of browser phones:
// byte-identical closed screens and menus for every role, a dead speaker's
// Pass, an open vote at human speed.
func TestBrowserFairnessClassic(t *testing.T) {
	browser := startChromium(t)
	const n = 8
	g := newBrowserGame(t, browser, Config{Variant: "classic-2.0", Seed: 11,
		Options: map[string]json.RawMessage{"voteCallSeconds": json.RawMessage("10"), "selfReveal": json.RawMessage("true")}}, browserNames[:n+1])
	for seat := 1; seat <= n; seat++ {
		if err := chromedp.Do(g.phones[seat].ctx, chromedp.EmulateViewport(360, 740)); err != nil {
			t.Fatal(err)
		}
	}
	g.join(false)

	roles := make([]string, n+1)
	g.h.do(func(s *session) {
		for i, seat := range s.g.State().Seats {
			roles[i+1] = seat.Cards[0].Role
		}
	})
	all := make([]int, 0, n)
	victim := 0 // a civilian: the killers' target, the police's check
	for seat := 1; seat <= n; seat++ {
		all = append(all, seat)
		if victim == 0 && roles[seat] == "civilian" {
			victim = seat
		}
	}
	t.Logf("roles %v; the night's pick: %d", roles[1:], victim)

	// ---- night 1: every closed screen the same, in every state ----
	g.sameClosed("at nightfall", roles, all)
	g.sameMenu("at night", roles, all)
	for seat := 1; seat <= n; seat++ { // Skip: a sleeper's is sent, a killer's and police's kill/check cannot be skipped
		g.click(seat, ".night .btn.second")
	}
	g.sync()
	g.sameClosed("after Skip", roles, all)
	for seat := 1; seat <= n; seat++ { // everyone taps the same seat, then Confirm
		g.click(seat, fmt.Sprintf(`.night .seat[data-id="%d"]`, victim))
	}
	g.sameClosed(fmt.Sprintf("with seat %d picked", victim), roles, all)
	for seat := 1; seat <= n; seat++ {
		g.click(seat, ".night .btn.primary")
	}
	g.sync()
	g.sameClosed("with the picks confirmed", roles, all)
	g.sameMenu("at night, picks confirmed", roles, all)
	for g.table().Phase == "night" {
		browserAdvance(t, g.h)
		g.sync()
	}

	// ---- a dead speaker's last words end with their own Pass ----
	tv := g.table()
	if tv.Stage != "last-words" || tv.Speaker != victim {
		t.Fatalf("day 1: stage %s, speaker %d; want the last words of %d (dawn %+v)", tv.Stage, tv.Speaker, victim, tv.Dawn)
	}
	dead := g.phones[victim]
	dead.waitFor("the dead speaker's Pass", `document.body.dataset.screen === 'watch' && document.querySelector('.btn.pass')`)
	living := []int{}
	for _, seat := range all {
		if seat != victim {
			living = append(living, seat)
		}
	}
	g.sameClosed("during the last words", roles, living)
	g.sameMenu("by day", roles, all)
	g.click(victim, ".btn.pass")
	g.sync()
	if tv2 := g.table(); tv2.Stage == "last-words" && tv2.Speaker == victim {
		t.Fatalf("the dead speaker passed, the table still waits: %s %d", tv2.Stage, tv2.Speaker)
	}
	t.Logf("seat %d (dead) passed their last words; now %s, speaker %d", victim, g.table().Stage, g.table().Speaker)

	// ---- speeches: each speaker passes; the others' screens stay alike ----
	for step := 0; g.table().Stage != "vote"; step++ {
		if step > 40 {
			t.Fatalf("no vote after 40 steps (stage %s)", g.table().Stage)
		}
		tv := g.table()
		if tv.Speaker == 0 {
			browserAdvance(t, g.h)
			g.sync()
			continue
		}
		var others []int
		for _, seat := range living {
			if seat != tv.Speaker {
				others = append(others, seat)
			}
		}
		if step == 0 {
			g.sameClosed(fmt.Sprintf("while %d speaks", tv.Speaker), roles, others)
		}
		g.click(tv.Speaker, ".btn.pass")
		g.sync()
	}

	// ---- the sequential open vote: every phone answers every call after 3–8 s ----
	rnd := rand.New(rand.NewPCG(10, 10))
	intent := map[int]game.Target{} // whom each voter means to vote for
	g.h.do(func(s *session) {
		for _, seat := range living {
			for _, task := range s.g.PlayerView(seat).Tasks {
				if task.Action == "vote" && len(task.Targets) > 0 {
					intent[seat] = task.Targets[rnd.IntN(len(task.Targets))]
				}
			}
		}
	})
	if len(intent) != len(living) {
		t.Fatalf("voters %v, want every living seat %v", intent, living)
	}
	calls := 0
	for {
		tv := g.table()
		b := tv.Ballot
		if tv.Stage != "vote" || b == nil || b.Closed || b.Calling == nil || b.Index != 1 {
			break
		}
		calling := *b.Calling
		label := strings.ToUpper(calling.String()) + "号"
		calls++
		// each phone that still votes answers after its own delay
		type answer struct {
			seat  int
			at    time.Duration
			raise bool
		}
		var todo []answer
		for _, seat := range living {
			var task *game.Task
			g.h.do(func(s *session) {
				for _, x := range s.g.PlayerView(seat).Tasks {
					if x.Action == "vote" {
						task = &x
					}
				}
			})
			if task == nil || task.Done {
				continue
			}
			p := g.phones[seat]
			p.waitFor("the call of "+label, `document.querySelector('.vote.call .callline .tg') && document.querySelector('.vote.call .callline .tg').textContent === `+fmt.Sprintf("%q", label))
			if cut := p.eval(cutJS); cut != "" {
				t.Errorf("seat %d: cut-off button labels at 360 px: %s", seat, cut)
			}
			todo = append(todo, answer{seat, time.Duration(3000+rnd.IntN(5001)) * time.Millisecond, intent[seat] == calling})
		}
		start := time.Duration(0)
		for len(todo) > 0 {
			start += 250 * time.Millisecond
			g.h.clock.Advance(250 * time.Millisecond)
			rest := todo[:0]
			var done []answer
			for _, a := range todo {
				if a.at > start {
					rest = append(rest, a)
					continue
				}
				if a.raise {
					g.click(a.seat, ".vote.call .btn.raise")
				} else {
					g.click(a.seat, ".vote.call .btn.letgo")
				}
				done = append(done, a)
			}
			todo = rest
			g.sync()
			// each answer is in: the vote cast, or the call let go (or already over)
			for _, a := range done {
				var ok bool
				var state string
				g.h.do(func(s *session) {
					pv := s.g.PlayerView(a.seat)
					b := pv.Table.Ballot
					for _, x := range pv.Tasks {
						if x.Action == "vote" {
							ok = x.Done || x.Passed
							state = fmt.Sprintf("%+v", x)
						}
					}
					if b == nil || b.Closed || b.Calling == nil || *b.Calling != calling {
						ok = true
					}
				})
				if !ok {
					t.Fatalf("seat %d answered the call of %s (raise %v) at %v, the engine has %s; page: %s", a.seat, label, a.raise, start, state,
						g.phones[a.seat].eval(`document.getElementById('toast').textContent + ' | ' + document.getElementById('main').innerText.slice(0, 300)`))
				}
			}
			if tv := g.table(); tv.Ballot != nil && tv.Ballot.Calling != nil && *tv.Ballot.Calling != calling && len(todo) > 0 {
				t.Fatalf("the call of %s closed after %v while %d voters had not answered", label, start, len(todo))
			}
		}
		// everyone answered within 8 s: the call closes at once, not at its 10 s deadline
		if tv := g.table(); tv.Stage == "vote" && tv.Ballot != nil && !tv.Ballot.Closed && tv.Ballot.Calling != nil && *tv.Ballot.Calling == calling {
			var tasks []string
			g.h.do(func(s *session) {
				for _, seat := range living {
					b, _ := json.Marshal(s.g.PlayerView(seat).Tasks)
					tasks = append(tasks, fmt.Sprintf("%d: %s", seat, b))
				}
			})
			bb, _ := json.Marshal(tv.Ballot)
			t.Fatalf("the call of %s is still open after every voter answered (%v)\nballot %s\n%s", label, start, bb, strings.Join(tasks, "\n"))
		}
	}
	// no vote lost: every voter's vote is the one they meant, cast by them
	// (the first ballot of the game: every vote event so far is one of its)
	got := map[int]game.Target{}
	g.h.do(func(s *session) {
		for _, e := range s.g.Events() {
			if v, ok := e.Body.(*game.VoteBody); ok {
				if v.By != "" {
					t.Errorf("seat %d's vote was cast by %q", v.Seat, v.By)
				}
				got[v.Seat] = v.Target
			}
		}
	})
	for seat, want := range intent {
		if got[seat] != want {
			t.Errorf("seat %d meant to vote for %v, the ballot has %v", seat, want, got[seat])
		}
	}
	t.Logf("%d calls, %d votes, none lost: %v", calls, len(got), got)

	// ---- the self-reveal is behind the held card: slide onto it and let go, twice ----
	// night 2: every phone makes its moves, the clock runs out the rest
	for step := 0; g.table().Phase != "day"; step++ {
		if step > 60 || g.table().Phase == "over" {
			t.Logf("no second day (%s): the card's self-reveal not tried", g.table().Phase)
			return
		}
		acted := false
		for seat := 1; seat <= n; seat++ {
			g.setUsable(seat)
			if g.phones[seat].eval(stepJS) != "" {
				acted = true
			}
		}
		g.sync()
		if !acted {
			browserAdvance(t, g.h)
			g.sync()
		}
	}
	killer := 0
	for step := 0; step < 12 && killer == 0 && g.table().Phase == "day"; step++ {
		g.h.do(func(s *session) {
			for seat := 1; seat <= n; seat++ {
				for _, x := range s.g.PlayerView(seat).Tasks {
					if x.Action == "explode" && killer == 0 {
						killer = seat
					}
				}
			}
		})
		if sp := g.table().Speaker; killer == 0 && sp != 0 {
			g.click(sp, ".btn.pass") // not now (last words): the next speaker
			g.sync()
		}
	}
	if killer == 0 {
		t.Logf("no killer may self-reveal now (%s): the card's control not tried", g.table().Stage)
		return
	}
	g.slideInCard(killer, "explode")
	g.sync()
	if tv := g.table(); tv.Phase == "day" && g.exploded() {
		t.Fatalf("seat %d exploded on the first slide (no confirmation)", killer)
	}
	g.sameClosed("a killer armed the self-reveal", roles, func() (out []int) {
		g.h.do(func(s *session) {
			for seat := 1; seat <= n; seat++ {
				if pv := s.g.PlayerView(seat); pv.Alive && s.g.TableView().Speaker != seat {
					out = append(out, seat)
				}
			}
		})
		return out
	}())
	g.slideInCard(killer, "explode-yes")
	g.sync()
	if !g.exploded() {
		t.Fatalf("seat %d confirmed the self-reveal in the card, nothing happened", killer)
	}
	t.Logf("seat %d self-revealed through the card", killer)
}

func (g *browserGame) exploded() bool {
	found := false
	g.h.do(func(s *session) {
		for _, e := range s.g.Events() {
			if _, ok := e.Body.(*game.ExplodedBody); ok {
				found = true
			}
		}
	})
	return found
}

// slideInCard presses the card with the mouse, slides onto the card's
// control act and lets go there.
func (g *browserGame) slideInCard(seat int, act string) {
	t := g.t
	t.Helper()
	p := g.phones[seat]
	center := func(js string) (x, y float64) {
		var box []float64
		if err := json.Unmarshal([]byte(p.eval(`JSON.stringify((() => { const e = `+js+`; if (!e) return null; const b = e.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; })())`)), &box); err != nil || len(box) != 2 {
			t.Fatalf("seat %d: no %s on the page", seat, js)
		}
		return box[0], box[1]
	}
	x, y := center(`document.getElementById('peekCover')`)
	if err := chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft)); err != nil {
		t.Fatal(err)
	}
	ax, ay := center(fmt.Sprintf(`document.querySelector('#peekBody [data-act=%q]')`, act))
	for _, step := range []float64{0.5, 1} {
		if err := chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x+(ax-x)*step, y+(ay-y)*step, chromedp.ButtonLeft)); err != nil {
			t.Fatal(err)
		}
	}
	if hot := p.eval(fmt.Sprintf(`String(document.querySelector('#peekBody [data-act=%q]').classList.contains('hot'))`, act)); hot != "true" {
		t.Errorf("seat %d: the card's %s is not marked under the finger", seat, act)
	}
	if err := chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, ax, ay, chromedp.ButtonLeft)); err != nil {
		t.Fatal(err)
	}
	if txt := p.eval(`document.getElementById('peekBody').textContent`); txt != "" {
		t.Errorf("seat %d: the card still shows %q after letting go", seat, txt)
	}
}

// TestBrowserFairnessVariants: in the other variants, the closed screens at
// nightfall and after Skip, and the opened menu, are byte-identical on every
// phone whatever its roles. v3.0 (14 phones) and v4.0 (16) only with
// NIGHTFALL_BROWSER_ALL=1.
func TestBrowserFairnessVariants(t *testing.T) {
	browser := startChromium(t)
	all := os.Getenv("NIGHTFALL_BROWSER_ALL") != ""
	for _, c := range []struct {
		variant string
		players int
		long    bool
	}{
		{"standard-003", 6, false},
		{"v5.0-dual", 8, false},
		{"two-hands", 10, false},
		{"cat-lives-7", 7, false},
		{"werewolf-12", 12, false},
		{"v3.0", 14, true},
		{"v4.0", 16, true},
	} {
		t.Run(c.variant, func(t *testing.T) {
			if c.long && !all {
				t.Skip("long: set NIGHTFALL_BROWSER_ALL=1")
			}
			names := append([]string{}, browserNames...)
			for len(names) <= c.players {
				names = append(names, fmt.Sprintf("P%d", len(names)))
			}
			g := newBrowserGame(t, browser, Config{Variant: c.variant, Seed: 5}, names[:c.players+1])
			for seat := 1; seat <= c.players; seat++ {
				if err := chromedp.Do(g.phones[seat].ctx, chromedp.EmulateViewport(360, 740)); err != nil {
					t.Fatal(err)
				}
			}
			g.join(false)
			roles := make([]string, c.players+1)
			seats := []int{}
			g.h.do(func(s *session) {
				for i, seat := range s.g.State().Seats {
					for _, card := range seat.Cards {
						roles[i+1] += card.Role + " "
					}
					seats = append(seats, i+1)
				}
			})
			t.Logf("roles %q", roles[1:])
			// the first night a phone acts in (v5.0-dual's first night is a setup night)
			for step := 0; g.table().Phase == "night" && g.table().Narration.Key == "setup-night"; step++ {
				g.sameClosed("the setup night", roles, seats)
				if step > 10 {
					t.Fatal("the setup night does not end")
				}
				browserAdvance(t, g.h)
				g.sync()
			}
			if g.table().Phase != "night" {
				t.Fatalf("no night: %s", g.table().Stage)
			}
			g.sameClosed("at nightfall", roles, seats)
			g.sameMenu("at night", roles, seats)
			if c.variant == "cat-lives-7" {
				return // the hand is closed until a deliberate tap (catClosedModel), Skip is in it
			}
			for _, seat := range seats {
				g.click(seat, ".night .btn.second")
			}
			g.sync()
			g.sameClosed("after Skip", roles, seats)
			// two cards a seat: every phone has a second screen (a second task, or a guess)
			if g.phones[1].eval(`String(!document.querySelector('.night .btn.second').disabled)`) == "true" {
				for _, seat := range seats {
					g.click(seat, ".night .btn.second")
				}
				g.sync()
				g.sameClosed("after Skip on the second screen", roles, seats)
				t.Log("a second screen on every phone, alike")
			}
		})
	}
}
