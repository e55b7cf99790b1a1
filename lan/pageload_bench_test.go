package lan

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// blankPage is the baseline of BenchmarkPageWake: a page with nothing to
// run, cached as the phone page's index is (revalidated, 304 while
// unchanged), usable once its one line is there.
const blankPage = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>blank</title></head><body><p id="blank">Nightfall</p></body></html>`

func blankServer(tb testing.TB) *httptest.Server {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", `"blank"`)
		if r.Header.Get("If-None-Match") == `"blank"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(blankPage))
	}))
	tb.Cleanup(ts.Close)
	return ts
}

// What makes a page usable: the blank page's one line; the phone page's
// screen with its seats to tap (joinDrawn, nightDrawn: a tap is taken,
// sent once the socket is up), and the same drawn from the host's word on
// this load (joinUsable, nightUsable: data-live).
const (
	blankUsable = `document.getElementById('blank')`
	joinDrawn   = `document.body && document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`
	nightDrawn  = `document.body && document.body.dataset.screen === 'night' && document.querySelector('.night .seat')`
	joinUsable  = joinDrawn + ` && document.body.dataset.live === '1'`
	nightUsable = nightDrawn + ` && document.body.dataset.live === '1'`
)

// BenchmarkPageWake: how soon a phone's page is usable in headless
// Chromium on loopback (360×740), side by side with a blank page through
// the same flow: each iteration loads the blank page, then the phone
// page, each in its own tab, timed from the navigation's start
// (performance.now() of the new document) to usable, as the document
// itself sees it (usableWatch, installed before the document's own
// scripts: the same clock for both pages, whenever the load event comes).
//
//   - warm: a reload, as a phone whose screen was off does (every file in
//     the cache; the tab idle for 2 s before): join, a phone at the join
//     screen (the lobby's seats); night, a seated player in a game at
//     night, the cadence on at its default tick and the session's clock
//     running with real time (its night screen). The page is usable once
//     its screen is drawn with its seats (from what the tab kept as it
//     hid, app.js takeScreen), and live once drawn from the host's word
//     over the fresh sealed socket;
//   - cold: a first visit in a fresh browser context (nothing cached, so
//     usable is live): join.
//
// Reported: the medians in ms (blank-p50-ms, page-p50-ms, live-p50-ms)
// and the page's medians over the blank page's (x-blank, live-x-blank);
// the warm reloads log where the page's time goes (stepsWatch: -v).
func BenchmarkPageWake(b *testing.B) {
	browser := startChromium(b)
	blank := blankServer(b).URL + "/"
	b.Run("warm/join", func(b *testing.B) {
		h := newHarness(b, Config{})
		url := pageURL(b, h)
		benchReloads(b, newTab(b, browser, blank, blankUsable), newTab(b, browser, url, joinUsable), joinDrawn, joinUsable)
	})
	b.Run("warm/night", func(b *testing.B) {
		h := newHarness(b, Config{Variant: "classic-2.0", Players: 12, Seed: 7, Cadence: defaultCadence})
		defer h.realTime()()
		// Seat 1's token goes to the page, which says hello with it.
		p := seatOneAtNight(b, browser, h, defaultCadence)
		benchReloads(b, newTab(b, browser, blank, blankUsable), p, nightDrawn, nightUsable)
	})
	b.Run("cold/join", func(b *testing.B) {
		h := newHarness(b, Config{})
		benchColdLoads(b, browser, blank, pageURL(b, h))
	})
}

// newTab opens url in a tab of its own browser context (360×740) and
// waits until usable.
func newTab(b testing.TB, browser context.Context, url, usable string) *browserPhone {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	b.Cleanup(cancel)
	p := &browserPhone{t: b, ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740), chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	p.waitFor("the page", usable)
	return p
}

// usableWatch is a script, run in a document before its own, that notes
// when each of tests (expressions) first holds: window.__usable[i], the
// document's age (performance.now()), checked at each change of the
// document (a MutationObserver's, in the task that made it).
func usableWatch(tests ...string) string {
	fs := make([]string, len(tests))
	for i, t := range tests {
		fs[i] = `() => (` + t + `)`
	}
	return `(() => {
  const at = window.__usable = [];
  const tests = [` + strings.Join(fs, ", ") + `];
  const check = () => tests.forEach((f, i) => { if (at[i] == null) { try { if (f()) at[i] = performance.now(); } catch (e) { /* not yet */ } } });
  new MutationObserver(check).observe(document, { attributes: true, subtree: true, childList: true });
  document.addEventListener('DOMContentLoaded', check);
})()`
}

// watchUsable installs usableWatch(tests...) in ctx's tab for every
// document from now on.
func watchUsable(b testing.TB, ctx context.Context, tests ...string) {
	onNewDocument(b, ctx, usableWatch(tests...))
}

// onNewDocument runs script in ctx's tab at the start of every document
// from now on, before the document's own scripts.
func onNewDocument(b testing.TB, ctx context.Context, script string) {
	c := chromedp.FromContext(ctx)
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := cdp.Call(wctx, c.Target, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		b.Fatal(err)
	}
}

// loadTimes runs load (a navigation or a reload) in ctx, whose tab runs
// usableWatch with n tests, and is the new document's age when each first
// held.
func loadTimes(b testing.TB, ctx context.Context, load chromedp.Action[chromedp.Void], n int) []time.Duration {
	rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Do(rctx, load)
	var ms []float64
	if err == nil {
		ms, err = chromedp.Run(rctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`new Promise((ok) => { const f = () => { const a = window.__usable || []; if (a.length === %d && a.every((x) => x != null)) ok(a); else requestAnimationFrame(f); }; f(); })`, n), chromedp.EvalAwaitPromise))
	}
	if err != nil {
		b.Fatal(err)
	}
	out := make([]time.Duration, len(ms))
	for i, x := range ms {
		out[i] = time.Duration(x * float64(time.Millisecond))
	}
	return out
}

// benchReloads reloads the blank tab, then the page's, b.N times each: the
// page's times to drawn (usable) and to live. With -v, it also logs where
// the page's time goes (stepsWatch); without, the two pages are watched
// alike (usableWatch only), since the steps' own watching takes time.
func benchReloads(b *testing.B, blank, page *browserPhone, drawn, live string) {
	var blanks, pages, lives []time.Duration
	steps := testing.Verbose()
	if steps {
		watchSteps(b, page)
	}
	watchUsable(b, blank.ctx, blankUsable)
	watchUsable(b, page.ctx, drawn, live)
	var stepped []map[string]float64
	b.ResetTimer()
	for range b.N {
		// the screen was off for a while: the page had time to idle
		b.StopTimer()
		time.Sleep(2 * time.Second)
		b.StartTimer()
		blanks = append(blanks, loadTimes(b, blank.ctx, chromedp.Reload(), 1)[0])
		t := loadTimes(b, page.ctx, chromedp.Reload(), 2)
		pages, lives = append(pages, t[0]), append(lives, t[1])
		if steps {
			b.StopTimer()
			stepped = append(stepped, readSteps(b, page))
			b.StartTimer()
		}
	}
	b.StopTimer()
	reportLoads(b, blanks, pages)
	reportLive(b, blanks, lives)
	logSteps(b, stepped)
}

// benchColdLoads visits the blank page, then url, b.N times each, each
// visit in a fresh browser context (nothing cached).
func benchColdLoads(b *testing.B, browser context.Context, blank, url string) {
	var blanks, pages []time.Duration
	visit := func(url, usable string) time.Duration {
		b.StopTimer()
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740)); err != nil {
			b.Fatal(err)
		}
		watchUsable(b, ctx, usable)
		b.StartTimer()
		return loadTimes(b, ctx, chromedp.Navigate(url), 1)[0]
	}
	b.ResetTimer()
	for range b.N {
		blanks = append(blanks, visit(blank, blankUsable))
		pages = append(pages, visit(url, joinUsable))
	}
	b.StopTimer()
	reportLoads(b, blanks, pages)
}

func reportLoads(b *testing.B, blanks, pages []time.Duration) {
	bl, pg := msAt(blanks, 0.5), msAt(pages, 0.5)
	b.ReportMetric(bl, "blank-p50-ms")
	b.ReportMetric(pg, "page-p50-ms")
	b.ReportMetric(msAt(pages, 1), "page-max-ms")
	b.ReportMetric(pg/bl, "x-blank")
	b.ReportMetric(0, "ns/op")
}

// reportLive reports the page's times to live (drawn from the host's
// word) beside the blank page's.
func reportLive(b *testing.B, blanks, lives []time.Duration) {
	bl, lv := msAt(blanks, 0.5), msAt(lives, 0.5)
	b.ReportMetric(lv, "live-p50-ms")
	b.ReportMetric(lv/bl, "live-x-blank")
}

// stepsWatch, run in the page before its own scripts, notes when each
// step of a load happens (performance.now(), ms from the navigation's
// start) in window.__steps: hide and unload (the page before it: its
// pagehide and its unload), doc (this document's first script: stepsWatch
// itself), inline (index.html's inline script runs: its
// first URLSearchParams), nacl (tweetnacl starts to run), app (app.js's
// own code starts: its first URLSearchParams), ws (the socket is made),
// open (the socket's upgrade answered), chal (the host's challenge), hello
// (the page's first frame), welc (the host's next frame, its welcome),
// msg3 (the one after), words (the first fetch resolved: the dictionary),
// live (the screen drawn from the host's word: body.dataset.live). It
// changes nothing the page does.
const stepsWatch = `(() => {
  const st = window.__steps = {};
  const at = (k) => { if (!(k in st)) st[k] = performance.now(); };
  at('doc');
  const abs = () => String(performance.timeOrigin + performance.now());
  for (const k of ['hide', 'unload']) { const v = sessionStorage.getItem('__' + k); if (v) st[k] = +v - performance.timeOrigin; }
  addEventListener('pagehide', () => sessionStorage.setItem('__hide', abs()));
  addEventListener('unload', () => sessionStorage.setItem('__unload', abs()));
  let nacl;
  Object.defineProperty(window, 'nacl', { configurable: true, get() { return nacl; }, set(v) { at('nacl'); nacl = v; } });
  const USP = window.URLSearchParams;
  window.URLSearchParams = function (...a) { at(document.currentScript ? 'inline' : 'app'); return new USP(...a); };
  window.URLSearchParams.prototype = USP.prototype;
  const WS = window.WebSocket;
  window.WebSocket = function (...a) {
    at('ws');
    const ws = new WS(...a);
    let n = 0;
    ws.addEventListener('open', () => at('open'));
    ws.addEventListener('message', () => { n++; if (n === 1) at('chal'); if (n === 2) at('welc'); if (n === 3) at('msg3'); });
    const send = ws.send.bind(ws);
    ws.send = (d) => { at('hello'); return send(d); };
    return ws;
  };
  window.WebSocket.prototype = WS.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) window.WebSocket[k] = WS[k];
  new MutationObserver(() => { if (document.body && document.body.dataset.live === '1') at('live'); }).observe(document, { attributes: true, subtree: true, childList: true });
  const f = window.fetch;
  window.fetch = (...a) => f(...a).then((r) => { at('words'); return r; });
})()`

// watchSteps installs stepsWatch in p's tab for every load from now on.
func watchSteps(b *testing.B, p *browserPhone) { onNewDocument(b, p.ctx, stepsWatch) }

// readSteps is the last load's steps, with the navigation's own: idx (the
// index's answer in), dom (the document parsed), dcl (DOMContentLoaded:
// the module scripts have run their first turn), and f:NAME, when each
// file (style, nacl, app, view, net, zh, late…) was in.
func readSteps(b *testing.B, p *browserPhone) map[string]float64 {
	js := `JSON.stringify(Object.assign({}, window.__steps || {}, (() => { const n = performance.getEntriesByType('navigation')[0]; const r = {}; for (const e of performance.getEntriesByType('resource')) { const m = /([a-z]+)(\.min)?\.(js|css|json)$/.exec(e.name); if (m) r['f:' + m[1]] = e.responseEnd; } return Object.assign(r, { idx: n.responseEnd, dom: n.domInteractive, dcl: n.domContentLoadedEventStart }); })()))`
	var m map[string]float64
	if err := json.Unmarshal([]byte(p.eval(js)), &m); err != nil {
		b.Fatal(err)
	}
	return m
}

// stepOrder is the order of a load's steps.
var stepOrder = []string{"idx", "hide", "unload", "doc", "inline", "f:style", "f:nacl", "f:app", "f:view", "f:net", "dom", "nacl", "app", "ws", "dcl", "open", "chal", "words", "f:zh", "f:late", "hello", "welc", "msg3", "live"}

// logSteps logs each step's median (ms from the navigation's start).
func logSteps(b *testing.B, steps []map[string]float64) {
	if len(steps) == 0 {
		return
	}
	var parts []string
	for _, k := range stepOrder {
		var v []float64
		for _, m := range steps {
			if x, ok := m[k]; ok {
				v = append(v, x)
			}
		}
		if len(v) == 0 {
			continue
		}
		slices.Sort(v)
		parts = append(parts, fmt.Sprintf("%s %.0f", k, v[len(v)/2]))
	}
	b.Logf("steps (median ms from the navigation's start, %d loads): %s", len(steps), strings.Join(parts, " · "))
}
