package lan

// Every tap the host answers changes the tapping phone at once, the same
// way for every role: measured inside the page, through real pointer events
// in headless Chromium, while the host answers on its cadence.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// tapProbeJS records, for every tap on a control the host answers
// (data-ctl), the time from the finger lifting (the pointerup event's
// timeStamp: the tap is made then, and pressed the control shows :active)
// to the first animation frame after the control took its
// waiting look (class "sending"), and that look: what a neighbour sees of
// it (classes, words, colours, size). Read back with tapProbeReadJS.
const tapProbeJS = `(() => {
  if (window.__nfTaps) return 'again';
  window.__nfTaps = [];
  let cur = null;
  const lookOf = (el) => {
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return [el.className, el.textContent, el.getAttribute('aria-busy'), cs.backgroundColor, cs.color, cs.borderStyle, cs.borderColor,
      cs.opacity, cs.fontSize, cs.fontWeight, Math.round(r.width) + 'x' + Math.round(r.height)].join(' | ');
  };
  const check = () => {
    if (!cur || cur.seen) return;
    const el = document.querySelector('[data-ctl="' + CSS.escape(cur.ctl) + '"]');
    if (!el || !el.classList.contains('sending')) return;
    cur.seen = true;
    const c = cur;
    c.look = lookOf(el);
    requestAnimationFrame(() => { c.ms = performance.now() - c.t0; window.__nfTaps.push(c); });
  };
  document.addEventListener('pointerdown', (e) => {
    const el = e.target.closest && e.target.closest('[data-ctl]');
    if (!el) return;
    cur = { ctl: el.dataset.ctl, t0: e.timeStamp, before: el.textContent, seen: false };
  }, true);
  // the tap is made when the finger lifts (the browser's click): from there
  // on the page answers it (while pressed, the button shows :active)
  document.addEventListener('pointerup', (e) => {
    if (cur && !cur.seen) { cur.t0 = e.timeStamp; check(); }
  }, true);
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  return 'ok';
})()`

const tapProbeReadJS = `JSON.stringify(window.__nfTaps || [])`

// tapStepJS makes the move stepJS would make, but a control the host
// answers is not clicked: its centre is returned (after scrolling it into
// view) for a real pointer tap. Seat picks, which the phone answers alone,
// are clicked here. Voters sometimes let a call go or abstain (the page's
// letGo / abstain controls), and night roles sometimes skip, so that every
// kind of tap is made. Which decision does so is counted, not drawn by
// chance: window.__nfSeat (set by the test) offsets a count of the page's
// decisions, so every ballot has voters who abstain whatever the timing
// (a random 30% once left a whole game without one 不投 tap).
const tapStepJS = `(() => {
  const s = document.body.dataset.screen, seat = window.__nfSeat || 0;
  window.__nfNight = window.__nfNight || 0; window.__nfDay = window.__nfDay || 0;
  const q = (x) => document.querySelector(x), qa = (x) => [...document.querySelectorAll(x)];
  const usable = (el) => !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const at = (el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return JSON.stringify({ ctl: el.dataset.ctl, x: r.left + r.width / 2, y: r.top + r.height / 2 });
  };
  if (s === 'night') {
    const prim = q('.night .btn.primary'), sec = q('.night .btn.second');
    // Skip, sometimes: every seventh decision, offset by the seat
    if (usable(sec) && (++window.__nfNight + seat) % 7 === 0) return at(sec);
    if (usable(prim)) return at(prim);
    if (q('.night .seat.chosen') || q('.night .seat.selected')) return '';
    const id = ` + pickJS + `;
    if (id) return 'pick';
    if (usable(sec)) return at(sec);
    return '';
  }
  if (s === 'day') {
    const letgo = q('.vote .letgo'), abst = q('.vote .abstain') || q('.vote .btn.second');
    // let go or abstain on every third decision, offset by the seat; when
    // both are there, abstain on odd counts and let go on even ones
    const k = usable(letgo) || usable(abst) ? ++window.__nfDay + seat : 1;
    if (k % 3 === 0 && usable(abst) && (k % 2 === 1 || !usable(letgo))) return at(abst);
    if (k % 3 === 0 && usable(letgo)) return at(letgo);
    if (q('.vote')) {
      const vp = q('.vote .btn.primary');
      if (usable(vp)) return at(vp);
      if (!q('.vote .seat.selected')) {
        const cells = qa('.vote .seat').filter((c) => usable(c) && !c.classList.contains('dead'));
        if (cells.length) { cells[cells.length - 1].click(); return 'pick'; }
      }
    }
    const pass = q('.btn.pass');
    if (pass) return at(pass);
  }
  return '';
})()`

type tapRecord struct {
	Ctl  string  `json:"ctl"`
	MS   float64 `json:"ms"`
	Look string  `json:"look"`
	role string
	seat int
}

// tapAt taps (x, y) with the mouse: pressed, released; twice when double
// (the second while the first waits for the host).
func tapAt(ctx context.Context, x, y float64, double bool) error {
	n := 1
	if double {
		n = 2
	}
	for range n {
		for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if err := chromedp.Do(ctx, chromedp.MouseEvent(typ, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1))); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestBrowserTapAnswers plays whole games on browser phones with the
// cadence on (standard-003: ballots with 不投 (abstain); classic-2.0:
// the open vote's calls, raised hands and let-gos; both: the night's
// confirms and skips, 过). Every tap on a control the host answers is a
// real pointer tap, and every one is tapped twice (the second while the
// first waits). It checks, inside each page:
//
//   - every tap shows the waiting look on the tapped control, at least 50
//     taps with every kind of tap among them; the time from the finger
//     lifting to the first frame showing it is logged (p50, p99): its
//     target, p99 under 100 ms, is BenchmarkPageTap's to measure, since a
//     test's stopwatch measures the machine's load;
//   - the waiting look is identical for every role on each control;
//   - the second tap does nothing (one command waiting, not two);
//   - with the host silent (no tick) the control says no answer came, a
//     tap sends the same frame again, and the host, back, takes the command
//     once (its id once in the game log).
func TestBrowserTapAnswers(t *testing.T) {
	browser := startChromium(t)
	var all []tapRecord
	kinds := map[string]bool{}
	lateChecked := false
	for _, tc := range []struct {
		variant string
		n       int
		seed    uint64
		opts    map[string]json.RawMessage
	}{
		{"standard-003", 6, 5, map[string]json.RawMessage{"voteMode": json.RawMessage(`"simultaneous-open"`)}},
		{"classic-2.0", 8, 12, nil},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			recs, late := playTapGame(t, browser, Config{Variant: tc.variant, Seed: tc.seed, Options: tc.opts}, tc.n, !lateChecked)
			lateChecked = lateChecked || late
			all = append(all, recs...)
		})
	}
	if !lateChecked {
		t.Errorf("no tap was left without an answer to check the late look and the resend")
	}
	if len(all) < 50 {
		t.Fatalf("%d taps measured, want at least 50", len(all))
	}
	ms := make([]float64, len(all))
	for i, r := range all {
		ms[i] = r.MS
		kinds[r.Ctl] = true
	}
	sort.Float64s(ms)
	p := func(q float64) float64 { return ms[min(len(ms)-1, int(math.Ceil(q*float64(len(ms))))-1)] }
	t.Logf("%d taps: time to the first visible change p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms; kinds %v",
		len(ms), p(0.5), p(0.9), p(0.99), ms[len(ms)-1], slices.Sorted(func(yield func(string) bool) {
			for k := range kinds {
				if !yield(k) {
					return
				}
			}
		}))
	slow := slices.Clone(all)
	sort.Slice(slow, func(i, j int) bool { return slow[i].MS > slow[j].MS })
	for _, r := range slow[:min(5, len(slow))] {
		t.Logf("slow: %.1f ms seat %d (%s) %s", r.MS, r.seat, r.role, r.Ctl)
	}
	for _, k := range []string{"night.primary", "night.second", "vote.primary", "vote.second", "call.raise", "call.letgo", "call.abstain", "pass"} {
		if !kinds[k] {
			t.Errorf("no %s tap was measured", k)
		}
	}
	// the waiting look, per control: the same for every role
	byCtl := map[string]map[string][]string{} // ctl -> look -> roles
	for _, r := range all {
		if byCtl[r.Ctl] == nil {
			byCtl[r.Ctl] = map[string][]string{}
		}
		byCtl[r.Ctl][r.Look] = append(byCtl[r.Ctl][r.Look], fmt.Sprintf("%d:%s", r.seat, r.role))
	}
	for ctl, looks := range byCtl {
		if len(looks) > 1 {
			t.Errorf("%s waits with %d different looks:", ctl, len(looks))
			for look, who := range looks {
				t.Errorf("  %s\n    by %v", look, who)
			}
		}
	}
	roles := map[string]bool{}
	for _, r := range all {
		if r.Ctl == "night.primary" {
			roles[r.role] = true
		}
	}
	if len(roles) < 3 {
		t.Errorf("night confirms by %d roles (%v), want at least 3", len(roles), roles)
	}
}

// playTapGame plays one game; it returns the measured taps, and whether it
// checked a tap left without an answer (when checkLate).
func playTapGame(t *testing.T, browser context.Context, cfg Config, n int, checkLate bool) ([]tapRecord, bool) {
	const every = 250 * time.Millisecond
	cfg.Cadence = every
	variant := cfg.Variant
	g := newBrowserGame(t, browser, cfg, browserNames[:n+1])
	var frozen atomic.Bool
	defer g.h.tickClock(every/5, &frozen)() // the host's clock runs with real time, unless frozen
	g.join(false)
	role := map[int]string{}
	g.h.do(func(s *session) {
		for seat := 1; seat <= n; seat++ {
			role[seat] = s.g.State().Seats[seat-1].Cards[0].Role
		}
	})
	for seat := 1; seat <= n; seat++ {
		g.phones[seat].eval(tapProbeJS)
		g.phones[seat].eval(fmt.Sprintf(`(() => { window.__nfSeat = %d; return ''; })()`, seat))
	}
	late := false
	var idle stillness
	for step := 0; g.table().Phase != "over"; step++ {
		if step > 600 || (os.Getenv("NIGHTFALL_TAPS_DEBUG") != "" && step > 8) {
			t.Fatalf("the game did not end in 600 steps")
		}
		acted := false
		for seat := 1; seat <= n; seat++ {
			p := g.phones[seat]
			g.setUsable(seat)
			did := p.eval(tapStepJS)
			if did == "" {
				continue
			}
			if os.Getenv("NIGHTFALL_TAPS_DEBUG") != "" {
				t.Logf("step %d seat %d: %s | %s", step, seat, did, p.eval(`document.body.dataset.screen + ' ' + document.body.dataset.pending + ' ' + JSON.stringify((window.__nfTaps || []).length)`))
			}
			acted = true
			if did == "pick" {
				continue
			}
			var at struct {
				Ctl  string
				X, Y float64
			}
			if err := json.Unmarshal([]byte(did), &at); err != nil {
				t.Fatalf("seat %d: %q: %v", seat, did, err)
			}
			if checkLate && !late && strings.HasPrefix(at.Ctl, "vote.") {
				late = true
				checkLateTap(t, g, seat, at.Ctl, at.X, at.Y, &frozen)
				continue
			}
			if err := tapAt(p.ctx, at.X, at.Y, true); err != nil {
				t.Fatalf("seat %d: tap %s: %v", seat, at.Ctl, err)
			}
			if got := p.eval(`document.body.dataset.pending`); got != "0" && got != "1" {
				t.Errorf("seat %d: %s tapped twice: %s taps waiting, want one", seat, at.Ctl, got)
			}
		}
		g.sync()
		if !idle.settled(acted) {
			continue
		}
		browserAdvance(t, g.h)
		g.sync()
	}
	var recs []tapRecord
	for seat := 1; seat <= n; seat++ {
		var rs []tapRecord
		if err := json.Unmarshal([]byte(g.phones[seat].eval(tapProbeReadJS)), &rs); err != nil {
			t.Fatal(err)
		}
		for i := range rs {
			rs[i].seat, rs[i].role = seat, role[seat]
		}
		recs = append(recs, rs...)
	}
	t.Logf("%s: %d taps measured, winner %s", variant, len(recs), g.table().Winner)
	return recs, late
}

// checkLateTap taps ctl with the host's clock frozen (no tick: no answer),
// waits for the control to say that no answer came, taps it again (the same
// frame sent again), lets the host run, and checks that the command was
// taken once.
func checkLateTap(t *testing.T, g *browserGame, seat int, ctl string, x, y float64, frozen *atomic.Bool) {
	t.Helper()
	p := g.phones[seat]
	zh := loadZh(t)
	frozen.Store(true)
	if err := tapAt(p.ctx, x, y, false); err != nil {
		t.Fatal(err)
	}
	sel := `document.querySelector('[data-ctl="` + ctl + `"]')`
	p.waitFor("the waiting look", sel+` && `+sel+`.classList.contains('sending')`)
	start := time.Now()
	p.waitFor("the late look", sel+` && `+sel+`.classList.contains('late') && `+sel+`.textContent === `+string(mustJSON(zh["tap.late"])))
	t.Logf("seat %d: %s said no answer came after %v", seat, ctl, time.Since(start).Round(100*time.Millisecond))
	p.eval(`(() => { ` + sel + `.scrollIntoView({ block: 'center' }); return ''; })()`)
	var pos struct{ X, Y float64 }
	json.Unmarshal([]byte(p.eval(`JSON.stringify((() => { const r = `+sel+`.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })())`)), &pos)
	if err := tapAt(p.ctx, pos.X, pos.Y, false); err != nil {
		t.Fatal(err)
	}
	p.waitFor("the waiting look again", sel+` && `+sel+`.classList.contains('sending')`)
	frozen.Store(false)
	g.sync()
	path := g.h.hostView().LogPath
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range strings.Split(string(b), "\n") {
		var rec struct {
			Cmd *struct {
				Seat int    `json:"seat"`
				ID   string `json:"id"`
				By   string `json:"by"`
			} `json:"cmd"`
		}
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Cmd != nil && rec.Cmd.By == "phone" && rec.Cmd.Seat == seat {
			ids = append(ids, rec.Cmd.ID)
		}
	}
	last := ids[len(ids)-1]
	n := 0
	for _, id := range ids {
		if id == last {
			n++
		}
	}
	if n != 1 {
		t.Errorf("seat %d: the command sent twice (late, then again) is in the game log %d times", seat, n)
	}
}
