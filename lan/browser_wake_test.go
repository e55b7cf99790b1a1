package lan

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nightfall/game"
)

// TestBrowserWakeDrawsLastScreen: a seated phone that reloads mid-game (a
// phone whose screen was off) draws its last screen at once, from what its
// tab kept when it was hidden, before the host has said a word on the new
// socket: the same night (its seats, its sync signature), the bar saying
// it connects, the held card covered, nothing from the host yet (an
// empty data-live). Once the host answers, the screen is the host's
// (data-live 1, the engine's signature). A tab that kept nothing (its
// sessionStorage cleared) draws no night before the host answers.
func TestBrowserWakeDrawsLastScreen(t *testing.T) {
	browser := startChromium(t)
	h := newHarness(t, Config{Variant: "classic-2.0", Players: 8, Seed: 7})
	p := seatOneAtNight(t, browser, h, 0)
	var pv game.PlayerView
	h.do(func(s *session) { pv = s.g.PlayerView(1) })
	want := pageSig(pv)
	p.waitFor("the night from the host", nightUsable+` && document.body.dataset.sync === `+string(mustJSON(want)))

	// The host says nothing while its session is held.
	release := h.holdSession()
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.waitFor("the night drawn from the tab's own", `document.body && document.body.dataset.screen === 'night' && !!document.querySelector('.night .seat')`)
	shot(t, p, "wake-night-kept.png")
	got := p.eval(`JSON.stringify([document.body.dataset.live, document.body.dataset.sync, document.getElementById('peekBody').hidden, document.getElementById('peek').hidden, document.getElementById('conn').hidden, document.getElementById('conn').textContent])`)
	var st []any
	if err := json.Unmarshal([]byte(got), &st); err != nil {
		t.Fatal(err)
	}
	if st[0] != "" || st[1] != want || st[2] != true || st[3] != false || st[4] != false || st[5] == "" {
		t.Errorf("before the host answers, the page shows [live, sync, card body hidden, card hidden, bar hidden, bar] = %v; want live '', sync %q, the card there and covered, the bar saying it connects", st, want)
	}
	release()
	p.waitFor("the night from the host again", nightUsable+` && document.body.dataset.sync === `+string(mustJSON(want)))
	shot(t, p, "wake-night-live.png")

	// Without what the tab kept, no night before the host's word.
	// (and keeps none as it hides: its writes undone in this document)
	release = h.holdSession()
	p.eval(`(() => { sessionStorage.clear(); Storage.prototype.setItem = () => {}; return ''; })()`)
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.waitFor("the page's first screen", `document.body && !!document.body.dataset.screen`)
	if s := p.eval(`document.body.dataset.screen + '|' + document.body.dataset.live`); s == "night|" || s == "night|1" {
		t.Errorf("a tab that kept nothing shows %q before the host answers", s)
	}
	release()
	p.waitFor("the night from the host, last", nightUsable)
}

// TestBrowserWakeJoinWaits: a phone at the join screen that reloads draws
// the lobby it kept; a seat it taps before the host has answered is asked
// for with the hello's welcome, and the phone sits there.
func TestBrowserWakeJoinWaits(t *testing.T) {
	browser := startChromium(t)
	h := newHarness(t, Config{})
	p := newTab(t, browser, pageURL(t, h), joinUsable)
	typeName(p, "阿明")
	release := h.holdSession()
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.waitFor("the lobby drawn from the tab's own", joinDrawn+` && document.body.dataset.live === ''`)
	shot(t, p, "wake-join-kept.png")
	p.seat = 3
	tapSeatBeforeHost(t, p, h, release, 3, "阿明")
}

// wakePage is what the wake tests ask of a page, in any engine.
type wakePage interface {
	eval(js string) string
	waitFor(what, expr string)
}

// typeName types name in the join screen's name field.
func typeName(p wakePage, name string) {
	p.eval(`(() => { const i = document.getElementById('name'); i.value = ` + string(mustJSON(name)) + `; i.dispatchEvent(new Event('input')); return ''; })()`)
}

// tapSeatBeforeHost taps seat on the lobby a page drew while h's session
// is held, then lets the host answer (release): the page must sit there,
// under the name it had typed.
func tapSeatBeforeHost(t *testing.T, p wakePage, h *harness, release func(), seat int, name string) {
	t.Helper()
	p.eval(`(() => { document.querySelector('.lobby .seat[data-id="` + strconv.Itoa(seat) + `"]').click(); return ''; })()`)
	release()
	p.waitFor(fmt.Sprintf("seat %d taken", seat), joinUsable+fmt.Sprintf(` && document.getElementById('mySeat').textContent.includes('%d')`, seat))
	var got string
	h.do(func(s *session) { got = s.lobby.names[seat-1] })
	if got != name {
		t.Errorf("seat %d is %q's, want %q's", seat, got, name)
	}
}

// TestBrowserWakeEngines: in Firefox and WebKit as in Chromium, a phone
// at the join screen that loads the page again draws the lobby its tab
// kept before the host has said a word (an empty data-live, the bar up),
// then the host's, and a seat tapped on it meanwhile is taken with the
// typed name; a seated phone at night draws its kept night, the card
// covered, then the host's. The page is opened again by its address without the
// key (the key is kept in localStorage, the screen in the tab's
// sessionStorage), which every driver does as a plain navigation.
func TestBrowserWakeEngines(t *testing.T) {
	forEngines(t, []string{"firefox", "webkit"}, func(t *testing.T, name string, start func(*testing.T) engine) {
		h := newHarness(t, Config{})
		e := start(t)
		g := &engineGame{t: t, h: h, e: e}
		if err := e.navigate(pageURL(t, h)); err != nil {
			t.Fatal(err)
		}
		g.waitFor("the lobby", joinUsable)
		typeName(g, "阿明")
		release := h.holdSession()
		if err := e.navigate(h.ts.URL + "/?room=" + h.srv.Room()); err != nil {
			t.Fatal(err)
		}
		g.waitFor("the lobby drawn from the tab's own", joinDrawn+` && document.body.dataset.live === ''`)
		if got := g.eval(`document.getElementById('conn').hidden + '|' + document.getElementById('conn').textContent`); !strings.HasPrefix(got, "false|") || got == "false|" {
			t.Errorf("%s: before the host answers, the bar is [hidden|text] %q; want it saying the page connects", name, got)
		}
		tapSeatBeforeHost(t, g, h, release, 3, "阿明")

		// At night: a seated phone's tab keeps the night and draws it, its
		// card covered, before the host answers.
		hn := newHarness(t, Config{Variant: "classic-2.0", Players: 8, Seed: 7})
		token := seatBesidePage(t, hn, 0)
		gn := &engineGame{t: t, h: hn, e: e}
		if err := e.navigate(pageURL(t, hn)); err != nil {
			t.Fatal(err)
		}
		gn.waitFor("the second table's lobby", joinUsable)
		gn.eval(`(() => { localStorage.setItem('nightfall:` + hn.srv.Room() + `', ` + token + `); return ''; })()`)
		if err := e.navigate(hn.ts.URL + "/?room=" + hn.srv.Room()); err != nil {
			t.Fatal(err)
		}
		gn.waitFor("seat 1", `document.getElementById('mySeat').textContent.includes('1')`)
		startAtNight(t, hn)
		gn.waitFor("the night", nightUsable)
		release = hn.holdSession()
		gn.eval(`(() => { setTimeout(() => location.reload(), 0); return ''; })()`) // the page's own reload, after the eval's answer
		gn.waitFor("the night drawn from the tab's own", nightDrawn+` && document.body.dataset.live === ''`)
		if got := gn.eval(`[document.getElementById('peekBody').hidden, document.getElementById('peek').hidden, document.getElementById('conn').hidden].join('|')`); got != "true|false|false" {
			t.Errorf("%s: before the host answers, [card body hidden, card hidden, bar hidden] = %s; want the card there and covered, the bar up", name, got)
		}
		release()
		gn.waitFor("the night from the host", nightUsable)
	})
}

// TestBrowserWakeMeasuresAgain: a phone that wakes draws its kept screen
// at the window size it kept (it does not lay the page out to measure it
// before its first frame), and the host's first word has it measured
// again: here a kept width that no longer holds (300 px, on a 360 px
// window) draws the lobby's table narrower at first, then as wide as
// before once the host answers.
func TestBrowserWakeMeasuresAgain(t *testing.T) {
	browser := startChromium(t)
	h := newHarness(t, Config{})
	p := newTab(t, browser, pageURL(t, h), joinUsable)
	width := `document.querySelector('.lobby .table, .table.lobby').style.width`
	before := p.eval(width)
	release := h.holdSession()
	// what the tab keeps as it hides, with a width of 300 px, and nothing written after
	p.eval(`(() => { addEventListener('pagehide', () => { const k = Object.keys(sessionStorage).find((k) => k.startsWith('nightfall:snap:')); const x = JSON.parse(sessionStorage.getItem(k)); x.box.w = 300; sessionStorage.setItem(k, JSON.stringify(x)); Storage.prototype.setItem = () => {}; }); return ''; })()`)
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	p.waitFor("the lobby drawn from the tab's own", joinDrawn+` && document.body.dataset.live === ''`)
	kept := p.eval(width)
	release()
	p.waitFor("the lobby from the host", joinUsable)
	live := p.eval(width)
	px := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "px"), 64)
		if err != nil {
			t.Fatalf("a table %q wide", s)
		}
		return v
	}
	if !(px(kept) < px(before)) || live != before {
		t.Errorf("the lobby's table: %s wide before, %s drawn from a kept width of 300 px, %s from the host; want narrower kept, then as before", before, kept, live)
	}
}

// seatOneAtNight seats a browser phone (360×740) at seat 1 of h's table,
// through the page with a token dialled for it, and Go phones paced at
// every (0: unpaced) in the others and two spectators' places, starts
// the game and waits until the page shows its first night from the host.
func seatOneAtNight(tb testing.TB, browser context.Context, h *harness, every time.Duration) *browserPhone {
	tb.Helper()
	token := seatBesidePage(tb, h, every)
	p := newTab(tb, browser, pageURL(tb, h), joinUsable)
	p.seat = 1
	p.eval(`(() => { localStorage.setItem('nightfall:` + h.srv.Room() + `', ` + token + `); return ''; })()`)
	if err := chromedp.Do(p.ctx, chromedp.Reload()); err != nil {
		tb.Fatal(err)
	}
	p.waitFor("seat 1", `document.getElementById('mySeat').textContent.includes('1')`)
	startAtNight(tb, h)
	p.waitFor("the night", nightUsable)
	return p
}

// seatBesidePage seats a Go phone at seat 1 and closes it: its token (as
// JSON) is the page's to sit there with. Go phones paced at every take
// the other seats and two spectators' places.
func seatBesidePage(tb testing.TB, h *harness, every time.Duration) (token string) {
	tb.Helper()
	first := h.pacedDial(tb, 0)
	first.send(tb, `{"t":"join","name":"玩家1","seat":1}`)
	<-first.welcome
	first.ws.Close()
	var players int
	h.do(func(s *session) { players = len(s.lobby.seats) })
	h.pacedPhones(tb, every, 2, players, 2)
	return string(mustJSON(first.token))
}

// startAtNight starts h's game, which must begin at night.
func startAtNight(tb testing.TB, h *harness) {
	tb.Helper()
	h.host(HostCommand{Do: HostStart})
	var phase game.Phase
	h.do(func(s *session) { phase = s.g.TableView().Phase })
	if phase != game.PhaseNight {
		tb.Fatalf("the game begins at %q, not at night", phase)
	}
}

// holdSession holds h's session until release: the host answers no frame
// meanwhile (a socket's upgrade and its challenge still go out). Release
// is the test's to call, once or more; the test's end releases it too.
func (h *harness) holdSession() (release func()) {
	held, done := make(chan struct{}), make(chan struct{})
	go h.srv.call(func() { close(held); <-done })
	<-held
	release = sync.OnceFunc(func() { close(done) })
	h.t.Cleanup(release)
	return release
}
