package lan

// End-to-end: headless Chromium plays a whole game through the phone page's
// own buttons, one isolated browser context (own localStorage) per phone.
// Skipped when Chromium is missing or with -short.

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"nightfall/assets"
	"nightfall/game"
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
	p.t.Fatalf("seat %d: timed out waiting for %s; page: %s", p.seat, what, p.eval(`document.body.dataset.screen + ' ' + document.body.dataset.sync + ' ' + document.body.innerText.slice(0, 400)`))
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

// stepJS makes one move a player would make on the screen in front of them,
// and says what it did ("" when there is nothing to do). Killers and police
// all pick the first seat they may, so groups agree; every voter picks the
// last candidate, so ballots decide.
const stepJS = `(() => {
  const s = document.body.dataset.screen;
  const q = (x) => document.querySelector(x), qa = (x) => [...document.querySelectorAll(x)];
  const usable = (el) => !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const free = (c) => usable(c) && !c.classList.contains('dead') && !c.classList.contains('me');
  if (s === 'night') {
    const prim = q('.night .btn.primary');
    if (usable(prim)) { prim.click(); return 'night-confirm:' + prim.textContent; }
    if (q('.night .seat.chosen') || q('.night .seat.selected')) return '';
    const cells = qa('.night .seat').filter(free);
    if (cells.length) { cells[0].click(); return 'night-pick:' + cells[0].dataset.id; }
    return '';
  }
  if (s === 'day') {
    const pass = q('.btn.pass');
    if (pass) { pass.click(); return 'pass'; }
    if (!q('.vote')) return '';
    const vp = q('.vote .btn.primary');
    if (usable(vp)) { vp.click(); return 'vote:' + vp.textContent; }
    if (q('.vote .seat.chosen') || q('.vote .seat.selected')) return '';
    const cells = qa('.vote .seat').filter((c) => usable(c) && !c.classList.contains('dead'));
    if (cells.length) { const c = cells[cells.length - 1]; c.click(); return 'vote-pick:' + c.dataset.id; }
    const ab = q('.vote .btn.second');
    if (usable(ab)) { ab.click(); return 'abstain'; }
  }
  return '';
})()`

func TestBrowserGame(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := chromiumPath()
	if exe == "" {
		t.Skip("chromium not installed")
	}
	const n = 8
	h := newHarness(t, Config{Variant: "classic-2.0", Players: n, Seed: 11, TableName: "测试桌"})

	base := h.ts.URL
	if h.srv.page == nil {
		// The page is not wired into the server yet: serve it beside the
		// server's own handler, the way the server is meant to.
		mux := http.NewServeMux()
		files := http.FileServerFS(assets.Phone())
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			b, _ := fs.ReadFile(assets.Phone(), "index.html")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(b)
		})
		mux.Handle("GET /static/", files)
		mux.Handle("/", h.srv.Handler())
		ts := httptest.NewServer(mux)
		t.Cleanup(ts.Close)
		base = ts.URL
		t.Log("lan does not serve the phone page yet; serving assets.Phone() beside it")
	}
	url := base + "/?room=" + h.srv.Room()

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

	names := []string{"", "小明", "Alice", "阿强🐱", "Bob", "王小丫", "Zoë", "李雷", "韩梅梅"}
	phones := make([]*browserPhone, n+1)
	for seat := 1; seat <= n; seat++ {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		p := &browserPhone{t: t, ctx: ctx, seat: seat}
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatalf("seat %d: open %s: %v", seat, url, err)
		}
		p.waitFor("the join screen", `document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
		phones[seat] = p
	}

	// Join: type a name, tap the seat. Seat 2 first taps seat 1 (taken).
	typeName := func(p *browserPhone, name string) {
		b, _ := json.Marshal(name)
		p.eval(`(() => { const i = document.getElementById('name'); i.value = ` + string(b) + `; i.dispatchEvent(new Event('input')); return ''; })()`)
	}
	tapSeat := func(p *browserPhone, seat int) {
		p.eval(fmt.Sprintf(`(() => { document.querySelector('.lobby .seat[data-id="%d"]').click(); return ''; })()`, seat))
	}
	for seat := 1; seat <= n; seat++ {
		p := phones[seat]
		typeName(p, names[seat])
		if seat == 2 {
			tapSeat(p, 1)
			p.waitFor("the seat-taken message", `document.querySelector('.msg .warn')`)
		}
		tapSeat(p, seat)
		p.waitFor("the seat", fmt.Sprintf(`document.getElementById('mySeat').textContent.includes('%d')`, seat))
	}
	h.do(func(s *session) {
		for i := 1; i <= n; i++ {
			if s.seats[i-1] == nil || s.names[i-1] != names[i] {
				t.Errorf("seat %d: not taken by %q (%q)", i, names[i], s.names[i-1])
			}
		}
	})
	h.host(HostCommand{Do: HostStart})

	var roles [n + 1]string
	h.do(func(s *session) {
		for i, seat := range s.g.State().Seats {
			roles[i+1] = seat.Cards[0].Role
		}
	})
	zh := map[string]string{}
	if b, err := fs.ReadFile(assets.I18n(), "zh.json"); err != nil || json.Unmarshal(b, &zh) != nil {
		t.Fatalf("zh.json: %v", err)
	}

	// sync waits until every page shows the engine's current view of its seat
	// and has no command in flight.
	sync := func() {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for seat := 1; seat <= n; seat++ {
			var want string
			h.do(func(s *session) { want = pageSig(s.g.PlayerView(seat)) })
			for {
				got := phones[seat].eval(`document.body.dataset.sync + '#' + document.body.dataset.pending`)
				if got == want+"#0" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("seat %d: page at %q, engine at %q", seat, got, want)
				}
				time.Sleep(20 * time.Millisecond)
				h.do(func(s *session) { want = pageSig(s.g.PlayerView(seat)) })
			}
		}
	}
	sync()

	// Night 1: every phone shows the night screen, laid out identically
	// whatever the role; the role is in the DOM only while the card is held.
	layout := `(() => {
	  const r = (sel) => { const e = document.querySelector(sel); if (!e) return 'none'; const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height].map(Math.round).join(','); };
	  const cls = [...document.querySelectorAll('.night *')].map((e) => e.tagName + '.' + [...e.classList].filter((c) => c !== 'me' && c !== 'off').sort().join('.')).join(' ');
	  return [r('.night'), r('.night .table'), r('.night .btn.primary'), r('.night .btn.second'), r('#peekCover'), cls].join(' | ');
	})()`
	var first string
	for seat := 1; seat <= n; seat++ {
		p := phones[seat]
		if got := p.eval(`document.body.dataset.screen`); got != "night" {
			t.Fatalf("seat %d: screen %q at nightfall", seat, got)
		}
		l := p.eval(layout)
		if first == "" {
			first = l
		} else if l != first {
			t.Errorf("seat %d (%s): night screen differs from seat 1 (%s):\n%s\n%s", seat, roles[seat], roles[1], l, first)
		}
		if txt := p.eval(`document.getElementById('peekBody').textContent`); txt != "" {
			t.Errorf("seat %d: role card shows %q while released", seat, txt)
		}
	}
	// hold-to-peek with real mouse events on seat 1
	p1 := phones[1]
	var box []float64
	json.Unmarshal([]byte(p1.eval(`JSON.stringify((() => { const b = document.getElementById('peekCover').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; })())`)), &box)
	if err := chromedp.Do(p1.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, box[0], box[1], chromedp.ButtonLeft)); err != nil {
		t.Fatal(err)
	}
	role := zh["role."+roles[1]]
	if txt := p1.eval(`document.getElementById('peekBody').textContent`); role == "" || !strings.Contains(txt, role) {
		t.Errorf("seat 1 holding the card sees %q, want the role %q", txt, role)
	}
	if err := chromedp.Do(p1.ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, box[0], box[1], chromedp.ButtonLeft)); err != nil {
		t.Fatal(err)
	}
	if txt := p1.eval(`document.getElementById('peekBody').textContent`); txt != "" {
		t.Errorf("seat 1 released the card and still sees %q", txt)
	}

	// Play to the end.
	reloaded := false
	idle, timeouts := 0, 0
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatal("the game did not end")
		}
		var phase string
		h.do(func(s *session) { phase = s.g.TableView().Phase })
		if phase == "over" {
			break
		}
		acted := false
		for seat := 1; seat <= n; seat++ {
			if did := phones[seat].eval(stepJS); did != "" {
				acted = true
				if testing.Verbose() {
					t.Logf("seat %d: %s", seat, did)
				}
			}
		}
		sync()
		if acted {
			idle = 0
			continue
		}
		if idle++; idle < 2 {
			continue // one more look after the sync
		}
		idle = 0
		// A page reload in the middle of the day: same seat, same view at once.
		if !reloaded && phase == "day" {
			reloaded = true
			if err := chromedp.Do(phones[3].ctx, chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			phones[3].waitFor("the game after a reload", `document.body.dataset.screen === 'day' || document.body.dataset.screen === 'watch'`)
			sync()
			t.Log("seat 3 reloaded its page and is back in the game")
		}
		browserAdvance(t, h)
		timeouts++
		sync()
	}
	sync()

	// Game over on every phone: winner, every seat's role, the timeline.
	var tv game.TableView
	h.do(func(s *session) { tv = s.g.TableView() })
	for seat := 1; seat <= n; seat++ {
		p := phones[seat]
		p.waitFor("the end", `document.body.dataset.screen === 'over'`)
		if got := p.eval(`String(document.querySelectorAll('ul.reveal li').length)`); got != fmt.Sprint(n) {
			t.Errorf("seat %d: %s seats revealed, want %d", seat, got, n)
		}
		if got := p.eval(`String(document.querySelectorAll('.tl li').length)`); got == "0" {
			t.Errorf("seat %d: no timeline", seat)
		}
		winner := p.eval(`document.querySelector('.winner').textContent`)
		if want := zh["winner."+tv.Winner]; want != "" && winner != want {
			t.Errorf("seat %d: winner %q, want %q", seat, winner, want)
		}
		page := p.eval(`document.getElementById('main').innerText`)
		for i := 1; i <= n; i++ {
			if !strings.Contains(page, names[i]) {
				t.Errorf("seat %d: the end screen lacks %q", seat, names[i])
			}
		}
	}
	t.Logf("game over in round %d after %d timeouts: %s (%s)", tv.Round, timeouts, tv.Winner, tv.Reason)
}

// browserAdvance runs the fake clock to the session's next wake-up (the
// same as table.advance in play_test.go).
func browserAdvance(t *testing.T, h *harness) {
	t.Helper()
	var (
		d     time.Duration
		armed bool
	)
	h.do(func(s *session) {
		tm := &s.timer
		armed = tm.stop != nil
		d = tm.wake - tm.run(s.clock.Now())
	})
	if !armed {
		h.host(HostCommand{Do: HostSkip})
		return
	}
	h.clock.Advance(max(d, time.Millisecond))
}
