package lan

// End-to-end: headless Chromium plays whole games through the phone page's
// own buttons, one isolated browser context (own localStorage) per phone.
// Skipped when Chromium is missing or with -short. NIGHTFALL_CHROMIUM names
// another browser binary.

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"nightfall/assets"
	"nightfall/game"
	"nightfall/lan/sealed"
)

func chromiumPath() string {
	for _, p := range []string{os.Getenv("NIGHTFALL_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

// startChromium starts one headless browser for the test; each phone gets a
// browser context of its own in it.
func startChromium(t testing.TB) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := chromiumPath()
	if exe == "" {
		t.Skip("chromium not installed")
	}
	dir, err := os.MkdirTemp("", "nightfall-chromium")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 50 { // chromium's children may still write for a moment
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true), chromedp.UserDataDir(dir),
		chromedp.WindowSize(390, 844), chromedp.Flag("lang", "zh-CN"), chromedp.Flag("accept-lang", "zh-CN"))
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	browser, cancelBrowser := chromedp.NewContext(allocCtx)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return browser
}

// browserPhone is one phone: a tab in its own browser context.
type browserPhone struct {
	t    testing.TB
	ctx  context.Context
	seat int
}

func (p *browserPhone) eval(js string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("seat %d: %v\nscript: %.300s", p.seat, err, js)
	}
	return s
}

// waitFor polls the page until the JS expression is true.
func (p *browserPhone) waitFor(what, expr string) {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if p.eval(`String(!!(`+expr+`))`) == "true" {
			return
		}
		time.Sleep(30 * time.Millisecond)
	}
	p.t.Fatalf("seat %d: timed out waiting for %s; page: %s", p.seat, what,
		p.eval(`document.body.dataset.screen + ' ' + document.body.dataset.sync + ' ' + document.body.innerText.slice(0, 400)`))
}

// pageSig is view.js syncSig computed from the engine's view.
func pageSig(pv game.PlayerView) string {
	var ts []string
	for _, t := range pv.Tasks {
		s := t.Action
		if t.Done {
			s += "+"
		}
		if t.Locked {
			s += "!"
		}
		ts = append(ts, s)
	}
	return fmt.Sprintf("%d|%s|%s", pv.Table.Version, pv.Table.Phase, strings.Join(ts, ","))
}

// pickJS taps, on the night screen, the first seat (or card) other than
// one's own that the task takes. Every living seat takes a tap on every
// phone (the screen does not tell which ones the role may use): a seat the
// task cannot use is answered with a message and stays unselected.
const pickJS = `(() => {
  const q = (x) => document.querySelector(x), qa = (x) => [...document.querySelectorAll(x)];
  const usable = (el) => !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const free = (c) => usable(c) && !c.classList.contains('dead') && !c.classList.contains('me');
  // test scaffolding: the seats the task can use, from the engine's view
  // (setUsable); the screen itself takes a pick of any living seat
  const want = window.__nfUsable;
  for (const c of qa('.night .seat').filter(free)) {
    const id = c.dataset.id;
    if (want && !want.includes(id)) continue;
    c.click();
    if (q('.night .seat.selected')) return id;
  }
  return '';
})()`

// stepJS makes one move a player would make on the screen in front of them,
// and says what it did ("" when there is nothing to do). Group members all
// pick the first seat (or card) they may, so groups agree; every voter picks
// the last candidate, so ballots decide; questions without a target (only
// one's own seat to tap) are declined with Skip ("keep").
const stepJS = `(() => {
  const s = document.body.dataset.screen;
  const q = (x) => document.querySelector(x), qa = (x) => [...document.querySelectorAll(x)];
  const usable = (el) => !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  if (s === 'night') {
    const prim = q('.night .btn.primary');
    if (usable(prim)) { prim.click(); return 'night-confirm:' + prim.textContent; }
    if (q('.night .seat.chosen') || q('.night .seat.selected')) return '';
    const id = ` + pickJS + `;
    if (id) return 'night-pick:' + id;
    const sec = q('.night .btn.second');
    if (usable(sec)) {
      sec.click(); // Skip: sends a command, unless the task cannot be skipped (then a message)
      if (document.body.dataset.pending !== '0') return 'night-skip';
    }
    return '';
  }
  if (s === 'day') {
    if (q('.vote')) { // a vote, or a nomination before the speaker passes
      const vp = q('.vote .btn.primary');
      if (usable(vp)) { vp.click(); return 'vote:' + vp.textContent; }
      if (!q('.vote .seat.selected')) {
        const cells = qa('.vote .seat').filter((c) => usable(c) && !c.classList.contains('dead'));
        if (cells.length) { const c = cells[cells.length - 1]; c.click(); return 'vote-pick:' + c.dataset.id; }
      }
    }
    const pass = q('.btn.pass');
    if (pass) { pass.click(); return 'pass'; }
  }
  return '';
})()`

// browserGame is one game played by len(names)-1 browser phones.
type browserGame struct {
	t      *testing.T
	h      *harness
	phones []*browserPhone
	names  []string
}

// tickClock advances the harness's manual clock by step every step of real
// time (not while frozen is set, when given) until the function it returns
// is called; that call waits for it to stop.
func (h *harness) tickClock(step time.Duration, frozen *atomic.Bool) (stop func()) {
	stopClock := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(step)
		defer tick.Stop()
		for {
			select {
			case <-stopClock:
				return
			case <-tick.C:
				if frozen == nil || !frozen.Load() {
					h.clock.Advance(step)
				}
			}
		}
	}()
	return func() { close(stopClock); <-done }
}

func newBrowserGame(t *testing.T, browser context.Context, cfg Config, names []string) *browserGame {
	t.Helper()
	n := len(names) - 1
	cfg.Players = n
	if cfg.TableName == "" {
		cfg.TableName = "测试桌"
	}
	h := newHarness(t, cfg)
	url := pageURL(t, h)
	g := &browserGame{t: t, h: h, names: names, phones: make([]*browserPhone, n+1)}
	for seat := 1; seat <= n; seat++ {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		p := &browserPhone{t: t, ctx: ctx, seat: seat}
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatalf("seat %d: open %s: %v", seat, url, err)
		}
		p.waitFor("the join screen", `document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
		g.phones[seat] = p
	}
	return g
}

func (g *browserGame) n() int { return len(g.phones) - 1 }

func (g *browserGame) typeName(p *browserPhone, name string) {
	b, _ := json.Marshal(name)
	p.eval(`(() => { const i = document.getElementById('name'); i.value = ` + string(b) + `; i.dispatchEvent(new Event('input')); return ''; })()`)
}

func (g *browserGame) tapSeat(p *browserPhone, seat int) {
	p.eval(fmt.Sprintf(`(() => { document.querySelector('.lobby .seat[data-id="%d"]').click(); return ''; })()`, seat))
}

// join seats every phone through the join screen, then starts the game.
func (g *browserGame) join(tryTaken bool) {
	t := g.t
	t.Helper()
	for seat := 1; seat <= g.n(); seat++ {
		p := g.phones[seat]
		g.typeName(p, g.names[seat])
		if tryTaken && seat == 2 {
			g.tapSeat(p, 1)
			p.waitFor("the seat-taken message", `document.querySelector('.msg .warn')`)
		}
		g.tapSeat(p, seat)
		p.waitFor("the seat", fmt.Sprintf(`document.getElementById('mySeat').textContent.includes('%d')`, seat))
	}
	g.h.do(func(s *session) {
		for i := 1; i <= g.n(); i++ {
			if s.lobby.seats[i-1] == nil || s.lobby.names[i-1] != g.names[i] {
				t.Errorf("seat %d: not taken by %q (%q)", i, g.names[i], s.lobby.names[i-1])
			}
		}
	})
	g.h.host(HostCommand{Do: HostStart})
	g.sync()
}

// setUsable tells the page's test scaffolding (pickJS) which seats the
// seat's current night task can use, from the engine's view: the screen
// takes a pick of any living seat on every phone, and a seat the task cannot
// use is a private pick that is never sent.
func (g *browserGame) setUsable(seat int) {
	g.phones[seat].eval(usableJS(g.h, seat))
}

// usableJS is the script that tells the page which seats seat's current
// night task can use (setUsable).
func usableJS(h *harness, seat int) string {
	var usable []string
	h.do(func(s *session) {
		pv := s.g.PlayerView(seat)
		if pv.Table.Phase != "night" {
			return
		}
		for _, t := range pv.Tasks {
			if t.Done || t.Waiting != "" || t.Locked || t.Action == "explode" || t.Action == "suspect" {
				continue
			}
			if t.Action == "sleep" {
				return // a guess: any seat
			}
			usable = []string{}
			for _, x := range t.Targets {
				usable = append(usable, strings.ToUpper(x.String()))
			}
			return
		}
	})
	b, _ := json.Marshal(usable)
	return `(() => { window.__nfUsable = ` + string(b) + `; return ''; })()`
}

// sync waits until every page shows the engine's current view of its seat
// and has no command in flight.
func (g *browserGame) sync() {
	t := g.t
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for seat := 1; seat <= g.n(); seat++ {
		for {
			var want string
			g.h.do(func(s *session) { want = pageSig(s.g.PlayerView(seat)) })
			got := g.phones[seat].eval(`document.body.dataset.sync + '#' + document.body.dataset.pending`)
			if got == want+"#0" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("seat %d: page at %q, engine at %q", seat, got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

func (g *browserGame) table() game.TableView {
	var tv game.TableView
	g.h.do(func(s *session) { tv = s.g.TableView() })
	return tv
}

// play runs the game to its end: every phone makes its moves; when nobody
// has anything left to do, the clock runs to the next deadline. midDay runs
// once, the first time the table is idle in the day.
func (g *browserGame) play(maxSteps int, midDay func()) (timeouts int) {
	t := g.t
	t.Helper()
	var idle stillness
	for step := 0; ; step++ {
		if step > maxSteps {
			t.Fatalf("the game did not end in %d steps (now %s, round %d)", maxSteps, g.table().Stage, g.table().Round)
		}
		tv := g.table()
		if tv.Phase == "over" {
			break
		}
		acted := false
		for seat := 1; seat <= g.n(); seat++ {
			g.setUsable(seat)
			if did := g.phones[seat].eval(stepJS); did != "" {
				acted = true
				if testing.Verbose() {
					t.Logf("seat %d: %s", seat, did)
				}
			}
		}
		g.sync()
		if !idle.settled(acted) {
			continue
		}
		if midDay != nil && tv.Phase == "day" {
			midDay()
			midDay = nil
		}
		browserAdvance(t, g.h)
		timeouts++
		g.sync()
	}
	g.sync()
	return timeouts
}

// checkOver: every phone shows the winner, every seat's roles and names,
// and the timeline.
func (g *browserGame) checkOver(zh map[string]string) {
	t := g.t
	t.Helper()
	tv := g.table()
	for seat := 1; seat <= g.n(); seat++ {
		p := g.phones[seat]
		p.waitFor("the end", `document.body.dataset.screen === 'over'`)
		if got := p.eval(`String(document.querySelectorAll('ul.reveal li').length)`); got != fmt.Sprint(g.n()) {
			t.Errorf("seat %d: %s seats revealed, want %d", seat, got, g.n())
		}
		if got := p.eval(`String(document.querySelectorAll('.tl li').length)`); got == "0" {
			t.Errorf("seat %d: no timeline", seat)
		}
		winner := p.eval(`document.querySelector('.winner').textContent`)
		if want := zh["winner."+tv.Winner]; want != "" && winner != want {
			t.Errorf("seat %d: winner %q, want %q", seat, winner, want)
		}
		page := p.eval(`document.getElementById('main').innerText`)
		for i := 1; i <= g.n(); i++ {
			if !strings.Contains(page, g.names[i]) {
				t.Errorf("seat %d: the end screen lacks %q", seat, g.names[i])
			}
		}
		if strings.Contains(page, "{{") || strings.Contains(page, "role.") || strings.Contains(page, "action.") {
			t.Errorf("seat %d: untranslated text on the end screen:\n%s", seat, page)
		}
	}
	t.Logf("game over in round %d: %s (%s)", tv.Round, tv.Winner, tv.Reason)
}

func loadZh(t *testing.T) map[string]string {
	zh := map[string]string{}
	if b, err := fs.ReadFile(assets.I18n(), "zh.json"); err != nil || json.Unmarshal(b, &zh) != nil {
		t.Fatalf("zh.json: %v", err)
	}
	return zh
}

var browserNames = []string{"", "小明", "Alice", "阿强🐱", "Bob", "王小丫", "Zoë", "李雷", "韩梅梅", "老张", "Kai",
	"小红", "Chen", "🌙月亮", "Omar", "丽丽", "Sam"}

// TestBrowserGame: a classic-2.0 game with every check: join errors, the
// night screens' identical layout, hold-to-peek with real mouse events, a
// page reload mid-game, the end screens.
func TestBrowserGame(t *testing.T) {
	browser := startChromium(t)
	zh := loadZh(t)
	const n = 8
	g := newBrowserGame(t, browser, Config{Variant: "classic-2.0", Seed: 11}, browserNames[:n+1])
	g.join(true)

	var roles [n + 1]string
	g.h.do(func(s *session) {
		for i, seat := range s.g.State().Seats {
			roles[i+1] = seat.Cards[0].Role
		}
	})

	// Night 1: every phone shows the same night screen whatever the role —
	// the same boxes, the same elements and classes, the same texts but for
	// seat numbers — before a pick, with a seat picked, and once confirmed;
	// the role, the action and the team's picks are in the DOM only while
	// the card is held.
	layout := `(() => {
	  const r = (sel) => { const e = document.querySelector(sel); if (!e) return 'none'; const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height].map(Math.round).join(','); };
	  const cls = [...document.querySelectorAll('.night *')].map((e) => e.tagName + '.' + [...e.classList].filter((c) => c !== 'me').sort().join('.')).sort().join(' ');
	  const attrs = [...document.querySelectorAll('.night button')].map((e) => [e.disabled, e.getAttribute('aria-disabled')].join('/')).sort().join(' ');
	  const text = document.querySelector('.night').innerText.replace(/\d+/g, '#');
	  return [r('.night'), r('.night .table'), r('.night .btn.primary'), r('.night .btn.second'), r('#peekCover'), cls, attrs, text].join(' | ');
	})()`
	sameNight := func(when string) {
		t.Helper()
		var first string
		for seat := 1; seat <= n; seat++ {
			p := g.phones[seat]
			if got := p.eval(`document.body.dataset.screen`); got != "night" {
				t.Fatalf("seat %d: screen %q %s", seat, got, when)
			}
			l := p.eval(layout)
			if first == "" {
				first = l
			} else if l != first {
				t.Errorf("%s: seat %d (%s): night screen differs from seat 1 (%s):\n%s\n%s", when, seat, roles[seat], roles[1], l, first)
			}
			if txt := p.eval(`document.getElementById('peekBody').textContent`); txt != "" {
				t.Errorf("%s: seat %d: role card shows %q while released", when, seat, txt)
			}
			if got := p.eval(`String(document.querySelectorAll('.night .marks').length)`); got != "0" {
				t.Errorf("%s: seat %d (%s): %s team marks on the seats while the card is released", when, seat, roles[seat], got)
			}
			for _, r := range roles[1:] {
				if txt := p.eval(`document.getElementById('main').innerText`); strings.Contains(txt, zh["role."+r]) {
					t.Errorf("%s: seat %d: the screen names the role %q:\n%s", when, seat, r, txt)
				}
			}
		}
	}
	sameNight("at nightfall")
	for seat := 1; seat <= n; seat++ {
		g.setUsable(seat)
		if g.phones[seat].eval(pickJS) == "" {
			t.Fatalf("seat %d (%s): no seat to pick", seat, roles[seat])
		}
	}
	sameNight("with a seat picked")
	for seat := 1; seat <= n; seat++ {
		g.phones[seat].eval(`(() => { document.querySelector('.night .btn.primary').click(); return ''; })()`)
	}
	g.sync()
	sameNight("with the picks confirmed")

	// hold reports what a phone shows while its card is held with the mouse
	hold := func(seat int, js string) string {
		t.Helper()
		p := g.phones[seat]
		var box []float64
		json.Unmarshal([]byte(p.eval(`JSON.stringify((() => { const b = document.getElementById('peekCover').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; })())`)), &box)
		if err := chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, box[0], box[1], chromedp.ButtonLeft)); err != nil {
			t.Fatal(err)
		}
		got := p.eval(js)
		if err := chromedp.Do(p.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, box[0], box[1], chromedp.ButtonLeft)); err != nil {
			t.Fatal(err)
		}
		if txt := p.eval(`document.getElementById('peekBody').textContent + document.querySelectorAll('.night .marks').length`); txt != "0" {
			t.Errorf("seat %d released the card and still sees %q", seat, txt)
		}
		return got
	}
	role := zh["role."+roles[1]]
	if txt := hold(1, `document.getElementById('peekBody').textContent`); role == "" || !strings.Contains(txt, role) {
		t.Errorf("seat 1 holding the card sees %q, want the role %q", txt, role)
	}
	// a killer holding the card sees the action and the teammates' picks, also on the seats
	var killers []int
	for seat := 1; seat <= n; seat++ {
		if roles[seat] == "killer" {
			killers = append(killers, seat)
		}
	}
	if len(killers) >= 2 {
		got := hold(killers[0], `document.getElementById('peekBody').textContent + ' | marks: ' + [...document.querySelectorAll('.night .marks')].map((e) => e.textContent).join(',')`)
		if !strings.Contains(got, zh["action.kill"]) || !strings.Contains(got, fmt.Sprint(killers[1])) || strings.HasSuffix(got, "marks: ") {
			t.Errorf("killer %d holding the card sees %q, want the action, teammate %d's pick and marks", killers[0], got, killers[1])
		}
	}

	reload := func() { // a page reload in the day: same seat, same view at once
		if err := chromedp.Do(g.phones[3].ctx, chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		g.phones[3].waitFor("the game after a reload", `document.body.dataset.screen === 'day' || document.body.dataset.screen === 'watch'`)
		g.sync()
		t.Log("seat 3 reloaded its page and is back in the game")
	}
	timeouts := g.play(2000, reload)
	t.Logf("%d timeouts", timeouts)
	g.checkOver(zh)
}

// TestBrowserVariants plays one game of other variants: police huddles and
// self-reveal buttons (standard-003); with NIGHTFALL_BROWSER_ALL=1 also hands,
// nominations and per-hand votes (two-hands, about 80 s) and cards, token
// votes and the setup night (v5.0-dual, about 40 s).
func TestBrowserVariants(t *testing.T) {
	browser := startChromium(t)
	zh := loadZh(t)
	all := os.Getenv("NIGHTFALL_BROWSER_ALL") != ""
	for _, c := range []struct {
		variant string
		players int
		long    bool
	}{
		{"standard-003", 8, false},
		{"two-hands", 10, true},
		{"v5.0-dual", 8, true},
	} {
		t.Run(c.variant, func(t *testing.T) {
			if c.long && !all {
				t.Skip("long: set NIGHTFALL_BROWSER_ALL=1")
			}
			g := newBrowserGame(t, browser, Config{Variant: c.variant, Seed: 5}, browserNames[:c.players+1])
			g.join(false)
			g.play(3000, nil)
			g.checkOver(zh)
		})
	}
}

// stillness counts a browser game's rounds in which no phone acted.
type stillness int

// settled notes a round (acted: a phone did something) and reports whether
// the table is still enough to advance the clock: two quiet rounds in a row,
// so that one more look after the sync lets a page still drawing act. It
// then counts afresh.
func (s *stillness) settled(acted bool) bool {
	if acted {
		*s = 0
		return false
	}
	if *s++; *s < 2 {
		return false
	}
	*s = 0
	return true
}

// browserAdvance runs the fake clock to the session's next wake-up, or
// skips when nothing is armed (as table.advance in play_test.go, which also
// counts the timeouts; the load benchmarks call this one).
func browserAdvance(t testing.TB, h *harness) {
	t.Helper()
	var (
		d     time.Duration
		armed bool
	)
	h.do(func(s *session) { d, armed = s.clk.untilWake() })
	if !armed {
		h.host(HostCommand{Do: HostSkip})
		return
	}
	h.clock.Advance(max(d, time.Millisecond))
}

// TestBrowserCadence plays a whole game in Chromium through the sealed
// channel with the cadence on: the host sends every phone one reply a tick
// and the page answers each with one frame (a command or an empty one). The
// fake clock runs with real time (a tick every 250 ms, the game's deadlines
// skipped as in the other games). Every page sends one frame for every
// tick, give or take the ones still in flight when the count is read, even
// when its timers run late on a loaded machine: a page that falls behind
// catches up, so the count of a phone's frames says nothing about its CPU.
func TestBrowserCadence(t *testing.T) {
	browser := startChromium(t)
	const n = 8
	const every = 250 * time.Millisecond
	g := newBrowserGame(t, browser, Config{Variant: "classic-2.0", Seed: 12, Cadence: every}, browserNames[:n+1])
	defer g.h.tickClock(every/5, nil)()
	g.join(false)
	// counts reads the host's ticks and every seat's frames sent during
	// the game (all of them, the empty ones) on the session loop.
	counts := func() (ticks int, ins, pads []int) {
		ins, pads = make([]int, n+1), make([]int, n+1)
		g.h.do(func(s *session) {
			ticks = s.out.cadence.ticks
			for seat := 1; seat <= n; seat++ {
				if m := s.lobby.seats[seat-1]; m != nil && m.conn != nil {
					ins[seat], pads[seat] = m.conn.inGame, m.conn.pads
				}
			}
		})
		return ticks, ins, pads
	}
	ticks0, ins0, _ := counts()
	timeouts := g.play(400, nil)
	ticks, ins, pads := counts()
	ticks -= ticks0
	for seat := 1; seat <= n; seat++ {
		ins[seat] -= ins0[seat]
		// one frame a tick: at the moment of the count, the last tick's
		// frame may still wait for its lead or be on its way to the host;
		// and a ping the page sent from the lobby may reach the host just
		// after the game began (its pong is then a tick's reply)
		if ins[seat] < ticks-2 || ins[seat] > ticks+1 || pads[seat] == 0 {
			t.Errorf("seat %d sent %d frames (%d empty) in %d ticks", seat, ins[seat], pads[seat], ticks)
		}
	}
	t.Logf("%d ticks, %d clock skips; frames sent by seat: %v (empty ones %v); winner %s", ticks, timeouts, ins[1:], pads[1:], g.table().Winner)
}

// TestBrowserKey: the page takes the host's key from the QR code's URL
// (#k=) only. Without it, it asks for the QR code and opens no socket; with
// a key that is not the room's, the host refuses it (4004) and the page asks
// again and stops; with the key, it joins, and a reload without the
// fragment still works (the key is kept per room). The key arrives as a
// fragment change of the open page, as a QR code scanned into the same tab
// would bring it.
func TestBrowserKey(t *testing.T) {
	browser := startChromium(t)
	zh := loadZh(t)
	h := newHarness(t, Config{})
	base := h.ts.URL + "/?room=" + h.srv.Room()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &browserPhone{t: t, ctx: ctx}
	sockets := func() (n int) {
		h.do(func(s *session) { n = len(s.out.clients) })
		return n
	}
	open := func(url string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
	}
	open(base)
	p.waitFor("the scan screen", `document.body && document.body.dataset.screen === 'noroom'`)
	if got := p.eval(`document.getElementById('main').innerText`); !strings.Contains(got, zh["room.nokey"]) {
		t.Errorf("without a key the page says %q", got)
	}
	time.Sleep(500 * time.Millisecond)
	if n := sockets(); n != 0 {
		t.Errorf("without a key the page opened %d sockets", n)
	}
	if got := p.eval(`typeof crypto.getRandomValues`); got != "function" {
		t.Errorf("crypto.getRandomValues: %s", got)
	}
	other, _ := sealed.GenerateKey()
	open(base + "#k=" + other.String())
	p.waitFor("the scan-again screen", `document.body && document.body.dataset.screen === 'noroom' && document.getElementById('main').innerText.includes(`+string(mustJSON(zh["room.key"]))+`)`)
	if w := h.warnings("not sealed to the room's key"); len(w) != 1 {
		t.Errorf("another key: the host logged %q", w)
	}
	time.Sleep(1500 * time.Millisecond)
	if w := h.warnings("not sealed to the room's key"); len(w) != 1 {
		t.Errorf("the page kept trying with another key: %d refusals", len(w))
	}
	open(base + "#k=" + h.srv.PublicKey().String())
	p.waitFor("the join screen", `document.body && document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
	open(base)
	p.waitFor("the join screen after a reload without the key", `document.body && document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
	for deadline := time.Now().Add(5 * time.Second); sockets() != 1; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("%d sockets, want 1 (the reloaded page's)", sockets())
			break
		}
	}
}
