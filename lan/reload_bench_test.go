package lan

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkWarmReload: the phone page in headless Chromium on loopback,
// reloaded as a phone whose screen was off reloads it; each iteration is one
// reload, timed from its navigation's start (performance.now() of the new
// document) to the page being usable: the lobby's seats shown over a fresh
// sealed socket. Reported: median and max in ms, and how many of the
// page's files came over the network on a reload (the index's 304 aside):
// none, as they are cached for good under their version (page.go).
func BenchmarkWarmReload(b *testing.B) {
	browser := startChromium(b)
	h := newHarness(b, Config{})
	url := pageURL(b, h)
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	b.Cleanup(cancel)
	p := &browserPhone{t: b, ctx: ctx}
	const usable = `document.body && document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	p.waitFor("the join screen", usable)
	// Resolves with the document's age when the page is usable.
	const when = `new Promise((ok) => { const f = () => (` + usable + `) ? ok(performance.now()) : requestAnimationFrame(f); f(); })`
	// Files of the page fetched over the network (not from the cache).
	const fetched = `performance.getEntriesByType('resource').filter((e) => e.transferSize > 0 && !e.name.includes('/ws')).map((e) => e.name).join(' ')`
	var took []time.Duration
	var network []string
	b.ResetTimer()
	for range b.N {
		rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := chromedp.Do(rctx, chromedp.Reload())
		var ms float64
		if err == nil {
			ms, err = chromedp.Run(rctx, chromedp.Evaluate[float64](when, chromedp.EvalAwaitPromise))
		}
		cancel()
		if err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Duration(ms*float64(time.Millisecond)))
		if s := p.eval(fetched); s != "" {
			network = append(network, s)
		}
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(len(network))/float64(b.N), "fetching-reloads/op")
	b.ReportMetric(0, "ns/op")
	b.Logf("%d warm reloads: usable after p50 %v, max %v; reloads that fetched a file over the network: %d %q", b.N, took[len(took)/2], took[len(took)-1], len(network), network)
}
