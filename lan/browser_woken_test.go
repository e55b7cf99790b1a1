package lan

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// drawnByIndex: the screen shown is the one index.html drew from what the
// tab kept, app.js not yet drawing it again (window.woken is there until
// then).
const drawnByIndex = `!!window.woken && !document.body.dataset.live`

// TestBrowserWakeDrawsBeforeScripts: a phone that wakes shows its kept
// screen before the page's scripts have run (here app.js is held back),
// drawn by index.html from what its tab kept: at night, the night's seats
// and the bar saying it connects, the card covered (its face, open on the
// page as the tab kept its screen and as it went away, is neither in the
// document nor in what was kept for it); at the join screen, the lobby,
// where a seat tapped before app.js has run is taken once app.js and the
// host are there, unless the screen was kept before the last change.
func TestBrowserWakeDrawsBeforeScripts(t *testing.T) {
	browser := startChromium(t)

	t.Run("night", func(t *testing.T) {
		h := newHarness(t, Config{Variant: "classic-2.0", Players: 8, Seed: 7})
		p := seatOneAtNight(t, browser, h, 0)
		// the card open: its face is on the page as it goes away
		p.eval(`(() => { document.getElementById('peekToggle').click(); return ''; })()`)
		p.waitFor("the card's face", `!document.getElementById('peekBody').hidden && document.getElementById('peekBody').innerText.trim() !== ''`)
		// what the card says and the screen does not (the screen says
		// what a neighbour may see anyway)
		var face []string
		if err := json.Unmarshal([]byte(p.eval(`JSON.stringify(document.getElementById('peekBody').innerText.split('\n').map((l) => l.trim()).filter((l) => l.length > 1 && !document.getElementById('main').innerText.includes(l)))`)), &face); err != nil || len(face) == 0 {
			t.Fatalf("the card says nothing the screen does not: %v %q", err, face)
		}
		// the host's word changes the screen, and the tab keeps it again a
		// moment later, with the card open
		const woken = `String(history.state && history.state.woken)`
		before := p.eval(woken)
		h.host(HostCommand{Do: HostPause})
		p.waitFor("the screen kept again", woken+` !== `+string(mustJSON(before)))
		if p.eval(`String(document.getElementById('peekBody').hidden)`) != "false" {
			t.Fatal("the card closed before the screen was kept")
		}
		notKept := func(when, kept string) {
			for _, l := range face {
				if strings.Contains(kept, l) {
					t.Errorf("%s, the card's face (%q) is in the woken document or in what its tab kept for it", when, l)
				}
			}
		}
		notKept("with the card open", p.eval(woken))
		sync := p.eval(`document.body.dataset.sync`)
		release := h.holdSession()
		releaseApp := holdAppScript(t, p)
		reloadNoWait(t, p)
		p.waitFor("the night drawn by index.html", drawnByIndex+` && document.body.dataset.screen === 'night' && !!document.querySelector('.night .seat')`)
		shot(t, p, "wake-night-index.png")
		var st []any
		if err := json.Unmarshal([]byte(p.eval(`JSON.stringify([document.body.dataset.sync, document.getElementById('peekBody').hidden, document.getElementById('peekBody').childNodes.length, document.getElementById('peek').hidden, document.getElementById('conn').hidden, document.getElementById('conn').textContent, document.getElementById('clock').textContent])`)), &st); err != nil {
			t.Fatal(err)
		}
		if st[0] != sync || st[1] != true || st[2] != 0.0 || st[3] != false || st[4] != false || st[5] == "" || st[6] != "" {
			t.Errorf("drawn by index.html: [sync, card face hidden, its nodes, card hidden, bar hidden, bar, clock] = %v; want [%s true 0 false false …], the bar saying it connects, no clock", st, sync)
		}
		notKept("woken", p.eval(`document.documentElement.textContent + `+woken))
		releaseApp()
		release()
		p.waitFor("the night from the host", nightUsable+` && !window.woken`)
	})

	t.Run("join", func(t *testing.T) {
		h := newHarness(t, Config{})
		p := newTab(t, browser, pageURL(t, h), joinUsable)
		typeName(p, "阿明")
		p.waitFor("the lobby kept", `!!(history.state && history.state.woken)`)
		release := h.holdSession()
		releaseApp := holdAppScript(t, p)
		reloadNoWait(t, p)
		p.waitFor("the lobby drawn by index.html", drawnByIndex+` && `+joinDrawn)
		p.seat = 3
		tapSeatBeforeHost(t, p, h, func() { releaseApp(); release() }, 3, "阿明")
	})

	// A screen kept before the last change (here: its sync signature
	// made another) is drawn, but a tap on it is not made on the screen
	// drawn from the state: the seat stays free.
	t.Run("stale", func(t *testing.T) {
		h := newHarness(t, Config{})
		p := newTab(t, browser, pageURL(t, h), joinUsable)
		typeName(p, "阿明")
		p.waitFor("the lobby kept", `!!(history.state && history.state.woken)`)
		p.eval(`(() => { const w = JSON.parse(history.state.woken); w.sync = 'before'; history.replaceState({ woken: JSON.stringify(w) }, ''); return ''; })()`)
		release := h.holdSession()
		releaseApp := holdAppScript(t, p)
		reloadNoWait(t, p)
		p.waitFor("the lobby drawn by index.html", drawnByIndex+` && `+joinDrawn+` && document.body.dataset.sync === 'before'`)
		p.eval(`(() => { document.querySelector('.lobby .seat[data-id="3"]').click(); return ''; })()`)
		// app.js draws the screen again and makes the taps there (or not)
		// in one task, before the host says a word
		releaseApp()
		p.waitFor("the lobby drawn by app.js", `window.woken === null && document.body.dataset.screen === 'join'`)
		// (a seat picked before the socket is up says so, and waits for it)
		if got := p.eval(`document.getElementById('toast').hidden + ' ' + document.getElementById('toast').textContent`); got != "true " {
			t.Errorf("a tap on a stale woken screen was made: the toast is [hidden text] %q", got)
		}
		release()
		p.waitFor("the lobby from the host", joinUsable)
		var name string
		h.do(func(s *session) { name = s.lobby.names[2] })
		if name != "" {
			t.Errorf("a tap on a stale woken screen was made: seat 3 is %q's", name)
		}
	})
}

// reloadNoWait reloads p's page without waiting for it to load (a held
// script holds its load event).
func reloadNoWait(t *testing.T, p *browserPhone) {
	t.Helper()
	c := chromedp.FromContext(p.ctx)
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if _, err := cdp.Call(ctx, c.Target, page.Reload, page.ReloadParams{}); err != nil {
		t.Fatal(err)
	}
}

// holdAppScript holds back every request for the page's app.js in p's tab
// until release (called once or more; the test's end calls it too). The
// tab's cache is off meanwhile: a file from the memory cache is never
// requested, so could not be held.
func holdAppScript(t *testing.T, p *browserPhone) (release func()) {
	t.Helper()
	c := chromedp.FromContext(p.ctx)
	var mu sync.Mutex
	var held []fetch.RequestID
	released := false
	cont := func(id fetch.RequestID) {
		go func() {
			ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
			defer cancel()
			cdp.Call(ctx, c.Target, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
		}()
	}
	chromedp.Listen(p.ctx, func(ev any) {
		if e, ok := ev.(*fetch.EventRequestPaused); ok {
			mu.Lock()
			defer mu.Unlock()
			if released {
				cont(e.RequestID)
			} else {
				held = append(held, e.RequestID)
			}
		}
	})
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	if _, err := cdp.Call(ctx, c.Target, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := cdp.Call(ctx, c.Target, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := cdp.Call(ctx, c.Target, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*/app.js"}}}); err != nil {
		t.Fatal(err)
	}
	release = sync.OnceFunc(func() {
		mu.Lock()
		released = true
		for _, id := range held {
			cont(id)
		}
		held = nil
		mu.Unlock()
		ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
		defer cancel()
		cdp.Call(ctx, c.Target, fetch.Disable, cdp.Empty{})
		cdp.Call(ctx, c.Target, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: false})
	})
	t.Cleanup(release)
	return release
}
