package lan

// Whole games in three browser engines: one phone is a real
// browser page — Chromium, WebKitGTK or Firefox (browser_drivers_test.go) —
// played through its own buttons, the other seats are bot phones
// (play_test.go's table). The page's seat goes through join, the night (a
// pick and its confirmation), hold-to-peek with a pointer and the "show my
// card" toggle, the day's votes, a close-and-reopen of the page in the day,
// and the end screen; axe-core audits the page on each screen (serious or
// critical violations fail).
//
//	go test ./lan -run TestBrowserEngines -v                 # every engine installed
//	NIGHTFALL_ENGINES=webkit go test ./lan -run TestBrowserEngines
//	NIGHTFALL_SHOTS=/tmp/shots …                             # screenshots at 360 and 390 px
//
// NIGHTFALL_AXE names axe.min.js (default: the npm cache folder of `make
// e2e-deps`, ~/.cache/nightfall-e2e/node_modules/axe-core/axe.min.js);
// without it the audit is skipped (NIGHTFALL_AXE_REQUIRED=1: fails instead).

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nightfall/assets"
	"nightfall/game"
)

// engineStarters are the engines by name.
var engineStarters = map[string]func(*testing.T) engine{
	"chromium": startChromeEngine,
	"webkit":   startWebKit,
	"firefox":  startFirefox,
}

// engineGame is one game with one browser seat.
type engineGame struct {
	t     *testing.T
	h     *harness
	e     engine
	seat  int
	url   string
	tb    *table
	zh    map[string]string
	label string // engine-variant, for screenshots
	voted int
	axe   string
}

func (g *engineGame) eval(js string) string {
	g.t.Helper()
	s, err := g.e.eval(js)
	if err != nil {
		g.t.Fatalf("%s: %v\nscript: %.300s", g.e.name(), err, js)
	}
	return s
}

func (g *engineGame) waitFor(what, expr string) {
	g.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if g.eval(`!!(`+expr+`)`) == "true" {
			return
		}
		time.Sleep(40 * time.Millisecond)
	}
	g.t.Fatalf("%s: timed out waiting for %s; page: %s", g.e.name(), what,
		g.eval(`document.body.dataset.screen + ' ' + document.body.dataset.sync + ' ' + document.body.innerText.slice(0, 400)`))
}

// sizeTo makes the window width × height and waits until the page has
// the width (within 8 px). A window manager may lose or shrink a resize
// (WebKitGTK's window may come some pixels off the size asked, or keep
// its old size on a loaded machine): it asks again every 2 s, for a
// minute at most.
func (g *engineGame) sizeTo(width, height int64) {
	g.t.Helper()
	ok := `Math.abs(innerWidth - ` + fmt.Sprint(width) + `) <= 8`
	for try := 0; try < 30; try++ {
		if err := g.e.setSize(int(width), int(height)); err != nil {
			g.t.Fatal(err)
		}
		for wait := time.Now().Add(2 * time.Second); time.Now().Before(wait); time.Sleep(40 * time.Millisecond) {
			if g.eval(ok) == "true" {
				return
			}
		}
	}
	g.t.Fatalf("%s: the window did not take the width %d (innerWidth %s)", g.e.name(), width, g.eval(`String(innerWidth)`))
}

// pageURL is the server's URL of the phone page (served beside the server
// when lan does not serve it itself).
func pageURL(t testing.TB, h *harness) string {
	t.Helper()
	base := h.ts.URL
	if h.srv.page == nil {
		t.Log("lan does not serve the phone page; serving assets.Phone() beside it")
		mux := http.NewServeMux()
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			b, _ := fs.ReadFile(assets.Phone(), "index.html")
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(b)
		})
		mux.Handle("GET /static/", http.FileServerFS(assets.Phone()))
		mux.Handle("/", h.srv.Handler())
		ts := httptest.NewServer(mux)
		t.Cleanup(ts.Close)
		base = ts.URL
	}
	return base + "/?room=" + h.srv.Room() + "#k=" + h.srv.PublicKey().String() // as the QR code gives it
}

// sync waits until the page shows the engine's view of its seat, with no
// command in flight.
func (g *engineGame) sync() {
	g.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		var want string
		g.h.do(func(s *session) { want = pageSig(s.g.PlayerView(g.seat)) })
		got := g.eval(`document.body.dataset.sync + '#' + document.body.dataset.pending`)
		if got == want+"#0" {
			return
		}
		if time.Now().After(deadline) {
			g.t.Fatalf("%s: page at %q, engine at %q", g.e.name(), got, want)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// setUsable: browserGame.setUsable for the one browser seat.
func (g *engineGame) setUsable() {
	g.eval(usableJS(g.h, g.seat))
}

// shot saves screenshots at 360 and 390 px (NIGHTFALL_SHOTS), then goes
// back to 390 px.
func (g *engineGame) shot(what string) {
	dir := os.Getenv("NIGHTFALL_SHOTS")
	if dir == "" {
		return
	}
	os.MkdirAll(dir, 0o755)
	for _, w := range []int{360, 390} {
		// (WebKitGTK's classic scrollbar, when the page scrolls, takes a few pixels)
		g.sizeTo(int64(w), int64(map[int]int{360: 780, 390: 844}[w]))
		b, err := g.e.screenshot()
		if err != nil {
			g.t.Fatalf("%s: screenshot: %v", g.e.name(), err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s-%d.png", g.label, what, w)), b, 0o644)
	}
}

// axePath is axe.min.js, or "".
func axePath() string {
	if p := os.Getenv("NIGHTFALL_AXE"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		cache = filepath.Join(home, ".cache")
	}
	p := filepath.Join(cache, "nightfall-e2e", "node_modules", "axe-core", "axe.min.js")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// audit runs axe-core on the page as it is; serious and critical
// violations fail the test, the others are logged.
func (g *engineGame) audit(where string) {
	g.t.Helper()
	if g.axe == "" {
		p := axePath()
		if p == "" {
			if os.Getenv("NIGHTFALL_AXE_REQUIRED") != "" {
				g.t.Fatal("axe-core not found: make e2e-deps, or NIGHTFALL_AXE")
			}
			return
		}
		b, err := os.ReadFile(p)
		if err != nil {
			g.t.Fatal(err)
		}
		g.axe = string(b)
	}
	if g.eval(`typeof window.axe`) != "object" {
		g.eval(`(() => { ` + g.axe + `; return ''; })()`)
	}
	res := g.eval(`axe.run(document, { resultTypes: ['violations'] }).then((r) => JSON.stringify(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 160)) }))))`)
	var vs []struct {
		ID, Impact, Help string
		Nodes            []string
	}
	if err := json.Unmarshal([]byte(res), &vs); err != nil {
		g.t.Fatalf("axe: %v: %.300s", err, res)
	}
	for _, v := range vs {
		msg := fmt.Sprintf("%s: axe on %s: %s (%s): %s\n  %s", g.e.name(), where, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "\n  "))
		if v.Impact == "serious" || v.Impact == "critical" {
			g.t.Error(msg)
		} else {
			g.t.Log(msg)
		}
	}
	if testing.Verbose() {
		g.t.Logf("%s: axe on %s: %d violations", g.e.name(), where, len(vs))
	}
}

// peek checks the card: held with the pointer, then opened and closed with
// the toggle button (no long press); closed, the card shows nothing.
func (g *engineGame) peek(roles []string) {
	t := g.t
	t.Helper()
	want := g.zh["role."+roles[0]]
	body := `document.getElementById('peekBody').textContent`
	var box []float64
	json.Unmarshal([]byte(g.eval(`JSON.stringify((() => { const b = document.getElementById('peekCover').getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; })())`)), &box)
	if err := g.e.pointer(box[0], box[1], true); err != nil {
		t.Fatalf("%s: press: %v", g.e.name(), err)
	}
	held := g.eval(body)
	g.shot("night-held")
	if err := g.e.pointer(box[0], box[1], false); err != nil {
		t.Fatalf("%s: release: %v", g.e.name(), err)
	}
	if want == "" || !strings.Contains(held, want) {
		t.Errorf("%s: holding the card shows %q, want the role %q", g.e.name(), held, want)
	}
	if got := g.eval(body); got != "" {
		t.Errorf("%s: released, the card still shows %q", g.e.name(), got)
	}
	// the same with a finger (touch: pointer events of pointerType touch)
	g.eval(`(() => { window.__ev = []; for (const t of ['pointerdown','pointerup','pointercancel','lostpointercapture','pointerleave','touchstart','touchend','touchcancel','mousedown','mouseup','blur','visibilitychange']) document.addEventListener(t, (e) => __ev.push(t + ':' + (e.pointerType || '') + ':' + (e.target && e.target.id)), true); return ''; })()`)
	if err := g.e.touch(box[0], box[1], true); err != nil {
		t.Logf("%s: no touch input here: %v", g.e.name(), err)
	} else {
		time.Sleep(50 * time.Millisecond)
		held := g.eval(body)
		if err := g.e.touch(box[0], box[1], false); err != nil {
			t.Fatalf("%s: lift the finger: %v", g.e.name(), err)
		}
		if !strings.Contains(held, want) {
			t.Errorf("%s: a finger on the card shows %q, want the role %q", g.e.name(), held, want)
		}
		time.Sleep(50 * time.Millisecond)
		if got := g.eval(body); got != "" {
			t.Errorf("%s: the finger lifted, the card still shows %q; events %s", g.e.name(), got, g.eval(`__ev.join(' ')`))
		}
	}
	// the toggle: a tap opens, a second tap closes
	if g.eval(`!!document.getElementById('peekToggle')`) != "true" {
		t.Errorf("%s: no show-my-card toggle", g.e.name())
		return
	}
	closed := g.eval(`document.getElementById('peekToggle').textContent + '|' + document.getElementById('peekToggle').getAttribute('aria-expanded')`)
	g.eval(`(() => { document.getElementById('peekToggle').click(); return ''; })()`)
	if got := g.eval(body); !strings.Contains(got, want) {
		t.Errorf("%s: the toggle opened a card showing %q, want %q", g.e.name(), got, want)
	}
	if got := g.eval(`document.getElementById('peekToggle').getAttribute('aria-expanded')`); got != "true" {
		t.Errorf("%s: open card: aria-expanded %q", g.e.name(), got)
	}
	g.audit("night, card open")
	g.eval(`(() => { document.getElementById('peekToggle').click(); return ''; })()`)
	if got := g.eval(body); got != "" {
		t.Errorf("%s: toggled closed, the card still shows %q", g.e.name(), got)
	}
	if got := g.eval(`document.getElementById('peekToggle').textContent + '|' + document.getElementById('peekToggle').getAttribute('aria-expanded')`); got != closed {
		t.Errorf("%s: the closed toggle reads %q, was %q", g.e.name(), got, closed)
	}
}

// playEngineGame plays one whole game with the engine at seat 1.
func playEngineGame(t *testing.T, e engine, variant string, seed uint64, n int) {
	zh := loadZh(t)
	h := newHarness(t, Config{Variant: variant, Seed: seed, Players: n, TableName: "测试桌"})
	g := &engineGame{t: t, h: h, e: e, seat: 1, url: pageURL(t, h), zh: zh, label: e.name() + "-" + variant}
	if err := e.setSize(390, 844); err != nil {
		t.Fatalf("%s: size: %v", e.name(), err)
	}
	if err := e.navigate(g.url); err != nil {
		t.Fatalf("%s: open: %v", e.name(), err)
	}
	g.waitFor("the join screen", `document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
	// the page speaks the browser's language: the checks read the same dictionary
	lang := g.eval(`document.documentElement.lang`)
	if !strings.HasPrefix(lang, "zh") {
		g.zh = map[string]string{}
		if b, err := fs.ReadFile(assets.I18n(), "en.json"); err != nil || json.Unmarshal(b, &g.zh) != nil {
			t.Fatalf("en.json: %v", err)
		}
	}
	zh = g.zh
	t.Logf("%s: the page is in %s (navigator.language %s)", e.name(), lang, g.eval(`navigator.language`))
	g.audit("join")

	// bots take seats 2…n, the page seat 1 through its own name field and seat button
	bots := []*phone{nil}
	for seat := 2; seat <= n; seat++ {
		p := h.dial("")
		if f := p.join(browserNames[seat], seat); f.T != "welcome" {
			t.Fatalf("join seat %d: %s", seat, f.raw)
		}
		bots = append(bots, p)
	}
	name, _ := json.Marshal(browserNames[1])
	g.eval(`(() => { const i = document.getElementById('name'); i.value = ` + string(name) + `; i.dispatchEvent(new Event('input')); return ''; })()`)
	g.eval(`(() => { document.querySelector('.lobby .seat[data-id="2"]').click(); return ''; })()`) // taken
	g.waitFor("the seat-taken message", `document.querySelector('.msg .warn')`)
	g.eval(`(() => { document.querySelector('.lobby .seat[data-id="1"]').click(); return ''; })()`)
	g.waitFor("the seat", `document.getElementById('mySeat').textContent.includes('1')`)
	g.shot("lobby")
	g.audit("lobby, seated")

	h.host(HostCommand{Do: HostStart})
	var roles []string
	h.do(func(s *session) {
		for _, c := range s.g.State().Seats[0].Cards {
			roles = append(roles, c.Role)
		}
	})
	g.tb = &table{t: t, h: h, phones: bots, rng: rand.New(rand.NewPCG(seed, seed+1)), known: map[int][]game.Known{}, idle: map[string]bool{}}
	g.sync()
	g.waitFor("the night", `document.body.dataset.screen === 'night'`)
	t.Logf("%s: seat 1 is %v", e.name(), roles)
	g.shot("night")
	g.audit("night")
	if n, ok := e.(interface {
		safeArea(top, right, bottom, left int64) error
	}); ok {
		// a notched phone: the header clears the notch, the page's bottom the home bar
		if err := n.safeArea(47, 0, 34, 0); err != nil {
			t.Fatalf("%s: safe area: %v", e.name(), err)
		}
		notch := `document.getElementById('who').getBoundingClientRect().top >= 47 && getComputedStyle(document.body).paddingBottom === '34px'`
		if g.eval(notch) != "true" {
			t.Errorf("%s: with a notch (47 px top, 34 px bottom): the header's text at %s px, the body's bottom padding %s", e.name(),
				g.eval(`document.getElementById('who').getBoundingClientRect().top`), g.eval(`getComputedStyle(document.body).paddingBottom`))
		}
		g.shot("night-notch")
		n.safeArea(0, 0, 0, 0)
	}
	g.peek(roles)
	// the system's text size at 150 % (the root font size the browser takes
	// from it): the text grows, the page still fits the phone's width
	g.eval(`(() => { document.documentElement.style.fontSize = '150%'; window.dispatchEvent(new Event('resize')); return ''; })()`)
	if got := g.eval(`getComputedStyle(document.querySelector('.task-title')).fontSize`); got != "34.5px" {
		t.Errorf("%s: at 150 %% text size the night's title is %s, want 34.5px (23px × 1.5)", e.name(), got)
	}
	g.shot("night-text150")
	if g.eval(`document.documentElement.scrollWidth <= innerWidth`) != "true" {
		t.Errorf("%s: at 150 %% text size the page is wider than the phone: %s px", e.name(), g.eval(`document.documentElement.scrollWidth + '/' + innerWidth`))
	}
	g.eval(`(() => { document.documentElement.style.fontSize = ''; window.dispatchEvent(new Event('resize')); return ''; })()`)

	reopened := false
	var idle stillness
	for step := 0; ; step++ {
		if step > 3000 {
			t.Fatalf("the game did not end in 3000 steps")
		}
		tv := g.tb.tableView()
		if tv.Phase == "over" {
			break
		}
		acted := false
		g.setUsable()
		if did := g.eval(stepJS); did != "" {
			acted = true
			if strings.HasPrefix(did, "vote:") {
				if g.voted == 0 {
					g.shot("vote")
				}
				g.voted++
			}
			if testing.Verbose() {
				t.Logf("%s seat 1: %s", e.name(), did)
			}
		}
		g.sync()
		if g.tb.step() {
			acted = true
		}
		g.sync()
		if !idle.settled(acted) {
			continue
		}
		if !reopened && tv.Phase == "day" {
			// the phone's page is closed and opened again: same seat, the game at once
			g.shot("day")
			g.audit("day")
			if err := e.reopen(g.url); err != nil {
				t.Fatalf("%s: reopen: %v", e.name(), err)
			}
			g.waitFor("the game after reopening", `document.body.dataset.screen === 'day' || document.body.dataset.screen === 'watch'`)
			g.sync()
			reopened = true
			t.Logf("%s: the page was closed and opened again in the day: back in the game", e.name())
			// away to another page and Back (pageshow, maybe from the back-forward cache)
			if err := e.awayAndBack(); err != nil {
				t.Fatalf("%s: away and back: %v", e.name(), err)
			}
			g.waitFor("the game after Back", `document.body && (document.body.dataset.screen === 'day' || document.body.dataset.screen === 'watch')`)
			g.sync()
			t.Logf("%s: away and Back: in the game (%s)", e.name(), g.eval(`performance.getEntriesByType('navigation').map((n) => n.type).join()`))
		}
		g.tb.advance()
		g.sync()
	}
	g.sync()
	if !reopened {
		t.Errorf("%s: the game ended before a day: no reopen", e.name())
	}
	if g.voted == 0 {
		t.Errorf("%s: the page never voted", e.name())
	}

	// the end
	tv := g.tb.tableView()
	g.waitFor("the end", `document.body.dataset.screen === 'over'`)
	if got := g.eval(`document.querySelectorAll('ul.reveal li').length`); got != fmt.Sprint(n) {
		t.Errorf("%s: %s seats revealed, want %d", e.name(), got, n)
	}
	if want := zh["winner."+tv.Winner]; want != "" {
		if got := g.eval(`document.querySelector('.winner').textContent`); got != want {
			t.Errorf("%s: winner %q, want %q", e.name(), got, want)
		}
	}
	page := g.eval(`document.getElementById('main').innerText`)
	for i := 1; i <= n; i++ {
		if !strings.Contains(page, browserNames[i]) {
			t.Errorf("%s: the end screen lacks %q", e.name(), browserNames[i])
		}
	}
	g.shot("over")
	g.audit("over")
	t.Logf("%s %s: game over in round %d: %s; the page voted %d times", e.name(), variant, tv.Round, tv.Winner, g.voted)
}

// TestBrowserEngines plays classic-2.0 and two-hands (two cards a seat) in
// Chromium and Firefox (`make test`), or in the engines NIGHTFALL_ENGINES
// names (comma-separated: chromium, webkit, firefox; `make test-browsers`:
// all three). An engine that is not installed is skipped.
func TestBrowserEngines(t *testing.T) {
	forEngines(t, []string{"chromium", "firefox"}, func(t *testing.T, name string, start func(*testing.T) engine) {
		for _, c := range []struct {
			variant string
			seed    uint64
			n       int
		}{
			{"classic-2.0", 11, 8},
			{"two-hands", 5, 10},
		} {
			t.Run(c.variant, func(t *testing.T) {
				e := start(t)
				playEngineGame(t, e, c.variant, c.seed, c.n)
			})
		}
	})
}

// TestBrowserCardToggle: the card opened with the toggle (no long press)
// offers its own controls as plain buttons: a killer's self-reveal is a
// tap, its confirmation another (mock mode, a killer's turn to speak).
func TestBrowserCardToggle(t *testing.T) {
	e := startChromeEngine(t)
	ts := httptest.NewServer(http.FileServerFS(assets.Phone())) // the page and its fixtures, as devserve
	t.Cleanup(ts.Close)
	g := &engineGame{t: t, e: e, seat: 1}
	if err := e.navigate(ts.URL + "/?room=TEST#mock=speech-killer&lang=en"); err != nil {
		t.Fatal(err)
	}
	g.waitFor("the day", `document.body.dataset.screen === 'day' && document.getElementById('peekToggle')`)
	click := func(sel string) {
		t.Helper()
		b, _ := json.Marshal(sel)
		if g.eval(`(() => { const b = document.querySelector(`+string(b)+`); if (!b) return 'no'; b.click(); return 'ok'; })()`) != "ok" {
			t.Fatalf("no %s; card: %s", sel, g.eval(`document.getElementById('peekBody').innerText`))
		}
	}
	click("#peekToggle")
	if got := g.eval(`document.getElementById('peekBody').innerText`); !strings.Contains(got, "tap Self-reveal") {
		t.Errorf("the toggled card's hint: %q", got)
	}
	click(`#peekBody button[data-act="explode"]`)
	click(`#peekBody button[data-act="explode-cancel"]`)
	click(`#peekBody button[data-act="explode"]`)
	if g.eval(`!!document.querySelector('#peekBody button[data-act="explode-yes"]')`) != "true" {
		t.Error("the self-reveal's confirmation is not a button")
	}
	g.audit("the card open with its controls")
	click("#peekToggle")
	if got := g.eval(`document.getElementById('peekBody').textContent + document.getElementById('peek').className`); got != "" {
		t.Errorf("closed with the toggle, the card still shows %q", got)
	}
}

// forEngines runs f as a subtest per engine: those NIGHTFALL_ENGINES names
// (comma-separated: chromium, webkit, firefox), else defaults. start opens
// the engine (skipping the subtest where it is not installed).
func forEngines(t *testing.T, defaults []string, f func(t *testing.T, name string, start func(*testing.T) engine)) {
	t.Helper()
	names := defaults
	if s := os.Getenv("NIGHTFALL_ENGINES"); s != "" {
		names = strings.Split(s, ",")
	}
	for _, name := range names {
		start := engineStarters[name]
		if start == nil {
			t.Fatalf("no engine %q (chromium, webkit, firefox)", name)
		}
		t.Run(name, func(t *testing.T) { f(t, name, start) })
	}
}
