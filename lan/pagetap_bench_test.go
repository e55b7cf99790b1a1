package lan

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nightfall/game"
)

// BenchmarkPageTap: the real page in headless Chromium is a killer at a
// table of twelve (the other eleven and two spectators Go phones sending
// as the page does), the cadence on at its default tick and the session's
// clock running with real time. Each iteration, at a random moment of the
// tick, the page's player picks a seat and confirms it; timed in the page
// from the confirming tap to the page showing that seat as its pick (the
// host's view) with nothing left in flight, and to the first frame
// painted with its pressed look, beside the same tap on a blank page's
// button in another tab (blank-look). Reported: median, p99 and max in ms.
// With the cadence off (cadence=off) the host answers every frame at once
// and the page sends at once. With NIGHTFALL_PAGETAP_TRACE set, every tap
// whose look took over 60 ms is logged with what the page's main thread did
// meanwhile: the click's input delay, handler time and presentation delay
// (Event Timing) and the long animation frames around it with their scripts;
// with NIGHTFALL_PAGETAP_LOOKS set, every tap's look and the blank page's
// (ms) to that file, a line each, to pool runs.
func BenchmarkPageTap(b *testing.B) {
	for _, c := range []struct {
		name  string
		every time.Duration
	}{{"cadence=on", defaultCadence}, {"cadence=off", -1}} {
		b.Run(c.name, func(b *testing.B) { benchPageTap(b, c.every) })
	}
}

func benchPageTap(b *testing.B, cadence time.Duration) {
	const players, variant = 12, "classic-2.0"
	browser := startChromium(b)
	// A deal whose seat 1 is a killer.
	var seed uint64
	for seed = 1; ; seed++ {
		g, err := game.New(game.Setup{Variant: variant, Players: players, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		if cards := g.State().Seats[0].Cards; len(cards) > 0 && cards[0].Role == "killer" {
			break
		}
	}
	h := newHarness(b, Config{Variant: variant, Players: players, Seed: seed, Cadence: cadence})
	defer h.realTime()()
	// Seat 1's token goes to the page, which says hello with it.
	first := h.pacedDial(b, 0)
	first.send(b, `{"t":"join","name":"玩家1","seat":1}`)
	<-first.welcome
	first.ws.Close()
	h.pacedPhones(b, max(cadence, 0), 2, players, 2) // the other seats and two spectators, pacing themselves
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	b.Cleanup(cancel)
	pg := &browserPhone{t: b, ctx: ctx, seat: 1}
	base := pageURL(b, h)
	if err := chromedp.Do(ctx, chromedp.Navigate(base)); err != nil {
		b.Fatal(err)
	}
	// (once its own welcome is in: it keeps the token that welcome gives)
	pg.waitFor("the join screen", joinUsable)
	pg.eval(`(() => { localStorage.setItem('nightfall:` + h.srv.Room() + `', ` + string(mustJSON(first.token)) + `); return ''; })()`)
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		b.Fatal(err)
	}
	pg.waitFor("seat 1 in the lobby", `document.body.dataset.screen === 'join' || document.body.dataset.screen === 'lobby' || document.body.dataset.screen === 'waiting'`)
	for online, deadline := false, time.Now().Add(20*time.Second); !online; time.Sleep(10 * time.Millisecond) {
		h.do(func(s *session) { online = s.lobby.seats[0].conn != nil && s.lobby.seats[0].conn.m != nil })
		if time.Now().After(deadline) {
			b.Fatal("the page did not take seat 1")
		}
	}
	pg.waitFor("seat 1", `document.getElementById('mySeat').textContent.includes('1')`)
	h.host(HostCommand{Do: HostStart})
	pg.waitFor("the night", `document.body.dataset.screen === 'night' && document.querySelector('.night .seat')`)
	// The confirming tap is a real click (the browser's input pipeline, so
	// it waits behind whatever the page is doing, as a finger's does),
	// timed from the event's timestamp: to the first frame painted after
	// it with the control's pressed look (look), and to the page showing
	// the pick as the host's view with nothing left in flight (shown).
	pg.eval(`(() => {
  window.__look = null;
  document.addEventListener('click', (e) => {
    if (!e.isTrusted || !e.target.closest || !e.target.closest('.night .btn.primary')) return;
    const t0 = e.timeStamp;
    window.__t0 = t0;
    requestAnimationFrame(() => setTimeout(() => { window.__look = { ms: performance.now() - t0, pressed: !!document.querySelector('.night [data-ctl].sending') }; }, 0));
  }, true);
  return '';
})()`)
	trace := os.Getenv("NIGHTFALL_PAGETAP_TRACE") != ""
	traceLog := func(tb testing.TB, format string, args ...any) {
		logTo(tb, os.Getenv("NIGHTFALL_PAGETAP_TRACE"), format, args...)
	}
	looksTo := os.Getenv("NIGHTFALL_PAGETAP_LOOKS")
	if trace {
		pg.eval(pageTapTraceJS)
	}
	const prep = `new Promise((ok) => {
  const q = (x) => document.querySelector(x);
  const free = [...document.querySelectorAll('.night .seat')].filter((c) => !c.disabled && !c.classList.contains('dead') && !c.classList.contains('me') && !c.classList.contains('chosen') && !c.classList.contains('selected'));
  if (!free.length) return ok('no seat');
  const cell = free[Math.floor(Math.random() * free.length)];
  cell.click();
  requestAnimationFrame(() => setTimeout(() => {
    const btn = q('.night .btn.primary');
    if (!btn || btn.disabled) return ok('no button');
    btn.scrollIntoView({ block: 'center' });
    const r = btn.getBoundingClientRect();
    window.__look = null;
    window.__cell = cell.dataset.id;
    ok(JSON.stringify({ x: r.left + r.width / 2, y: r.top + r.height / 2 }));
  }, 0));
})`
	const wait = `new Promise((ok) => {
  const q = (x) => document.querySelector(x);
  const shown = () => window.__look && document.body.dataset.pending === '0' && q('.night .seat.chosen[data-id="' + window.__cell + '"]');
  const f = () => shown() ? ok(JSON.stringify({ look: window.__look.ms, pressed: window.__look.pressed, shown: performance.now() - window.__t0 })) : requestAnimationFrame(f);
  requestAnimationFrame(f);
})`
	// The baseline, side by side: a blank page's button that takes a class
	// when clicked, in a tab of its own, tapped the same way after each
	// of the page's taps.
	blank := newTab(b, browser, blankTapServer(b).URL+"/", `document.getElementById('tap')`)
	blankTap := func(ctx context.Context) (time.Duration, error) {
		at, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { window.__look = null; const r = document.getElementById('tap').getBoundingClientRect(); return JSON.stringify({ x: r.left + r.width / 2, y: r.top + r.height / 2 }); })()`))
		var xy struct{ X, Y float64 }
		if err == nil {
			err = json.Unmarshal([]byte(at), &xy)
		}
		if err == nil {
			err = chromedp.Do(ctx, chromedp.MouseClickXY(xy.X, xy.Y))
		}
		var ms float64
		if err == nil {
			ms, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise((ok) => { const f = () => window.__look ? ok(window.__look) : requestAnimationFrame(f); f(); })`, chromedp.EvalAwaitPromise))
		}
		return time.Duration(ms * float64(time.Millisecond)), err
	}
	var blanks []time.Duration
	rng := rand.New(rand.NewPCG(3, 4))
	var took, looks []time.Duration
	b.ResetTimer()
	for range b.N {
		time.Sleep(time.Duration(rng.Int64N(int64(defaultCadence))))
		tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		at, err := chromedp.Run(tctx, chromedp.Evaluate[string](prep, chromedp.EvalAwaitPromise))
		var xy struct{ X, Y float64 }
		if err == nil {
			if err = json.Unmarshal([]byte(at), &xy); err != nil {
				err = fmt.Errorf("%s", at)
			}
		}
		var res string
		if err == nil {
			err = chromedp.Do(tctx, chromedp.MouseClickXY(xy.X, xy.Y))
		}
		if err == nil {
			res, err = chromedp.Run(tctx, chromedp.Evaluate[string](wait, chromedp.EvalAwaitPromise))
		}
		cancel()
		var r struct {
			Look, Shown float64
			Pressed     bool
		}
		if err == nil {
			err = json.Unmarshal([]byte(res), &r)
		}
		if err == nil && !r.Pressed && looksTo != "" {
			// (under heavy load the host's answer can come before the
			// frame after the tap is checked: the tap is logged as one
			// whose look took that long at least, then the run stops)
			logTo(b, looksTo, "%.1f %.1f", r.Look, 0.0)
		}
		if err != nil || !r.Pressed {
			b.Fatalf("tap: %s %v (pressed %v); page: %s", res, err, r.Pressed, pg.eval(`document.body.dataset.screen + ' ' + document.getElementById('main').innerText.slice(0, 300)`))
		}
		if trace && r.Look > 60 {
			traceLog(b, "slow look %.0f ms: %s", r.Look, pg.eval(pageTapTraceReadJS))
		}
		took = append(took, time.Duration(r.Shown*float64(time.Millisecond)))
		looks = append(looks, time.Duration(r.Look*float64(time.Millisecond)))
		bctx, cancel := context.WithTimeout(blank.ctx, 20*time.Second)
		d, err := blankTap(bctx)
		cancel()
		if err != nil {
			b.Fatalf("the blank page's tap: %v", err)
		}
		blanks = append(blanks, d)
		if looksTo != "" {
			logTo(b, looksTo, "%.1f %.1f", r.Look, float64(d)/float64(time.Millisecond))
		}
	}
	b.StopTimer()
	b.ReportMetric(msAt(took, 0.5), "p50-ms")
	b.ReportMetric(msAt(took, 0.99), "p99-ms")
	b.ReportMetric(msAt(took, 1), "max-ms")
	b.ReportMetric(msAt(looks, 0.5), "look-p50-ms")
	b.ReportMetric(msAt(looks, 0.99), "look-p99-ms")
	b.ReportMetric(msAt(looks, 1), "look-max-ms")
	b.ReportMetric(msAt(blanks, 0.5), "blank-look-p50-ms")
	b.ReportMetric(msAt(blanks, 0.99), "blank-look-p99-ms")
	b.ReportMetric(0, "ns/op")
	q := func(p float64) float64 { return msAt(took, p) }
	tick := "off"
	if cadence > 0 {
		tick = cadence.String()
	}
	b.Logf("%d taps on the real page (seat 1, a killer, night 1), tick %s: tap → own pick shown p50 %.0f ms, p99 %.0f ms, max %.0f ms; → its pressed look painted p50 %.0f ms, p99 %.0f ms, max %.0f ms",
		len(took), tick, q(0.5), q(0.99), q(1), msAt(looks, 0.5), msAt(looks, 0.99), msAt(looks, 1))
}

// logTo appends a line to the file named.
func logTo(tb testing.TB, name, format string, args ...any) {
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	fmt.Fprintf(f, format+"\n", args...)
}

// pageTapTraceJS keeps the page's clicks' Event Timing entries and its
// long animation frames (with their scripts) for pageTapTraceReadJS.
const pageTapTraceJS = `(() => {
  window.__ev = []; window.__loaf = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'click' || e.name === 'pointerup' || e.name === 'pointerdown') window.__ev.push({ n: e.name, t: e.startTime, delay: e.processingStart - e.startTime, run: e.processingEnd - e.processingStart, dur: e.duration }); })
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({ t: e.startTime, dur: e.duration, render: e.renderStart ? e.renderStart - e.startTime : 0, style: e.styleAndLayoutStart ? e.styleAndLayoutStart - e.startTime : 0,
      scripts: e.scripts.map((x) => ({ at: x.startTime - e.startTime, dur: x.duration, fsl: x.forcedStyleAndLayoutDuration, what: x.invokerType + ' ' + x.invoker + ' ' + (x.sourceURL || '').split('/').pop() + ':' + x.sourceFunctionName + '@' + x.sourceCharPosition })) }); })
    .observe({ type: 'long-animation-frame', buffered: true });
  return '';
})()`

// pageTapTraceReadJS: the last tap's entries (from 300 ms before it),
// times relative to the tap.
const pageTapTraceReadJS = `(() => {
  const t0 = window.__t0, r = (x) => Math.round(x);
  const ev = window.__ev.filter((e) => e.t > t0 - 300).map((e) => e.n + '@' + r(e.t - t0) + ' delay ' + r(e.delay) + ' run ' + r(e.run) + ' dur ' + r(e.dur));
  const lf = window.__loaf.filter((e) => e.t + e.dur > t0 - 300).map((e) => 'frame@' + r(e.t - t0) + ' ' + r(e.dur) + 'ms (render at ' + r(e.render) + ', style at ' + r(e.style) + '): ' + e.scripts.map((x) => x.what + ' at ' + r(x.at) + ' ' + r(x.dur) + 'ms fsl ' + r(x.fsl)).join('; '));
  return '\n  ' + ev.concat(lf).join('\n  ');
})()`

// blankTapServer serves the baseline of BenchmarkPageTap's pressed look:
// a button that takes a class when clicked, timed as the page's is.
func blankTapServer(tb testing.TB) *httptest.Server {
	const page = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>.sending{background:#345}</style></head>
<body><button id="tap" style="width:200px;height:60px">tap</button><script>
const b = document.getElementById('tap');
b.addEventListener('click', (e) => {
  const t0 = e.timeStamp;
  b.classList.toggle('sending');
  requestAnimationFrame(() => setTimeout(() => { window.__look = performance.now() - t0; }, 0));
});
</script></body></html>`
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(page))
	}))
	tb.Cleanup(ts.Close)
	return ts
}
