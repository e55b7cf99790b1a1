package lan

import (
	"context"
	"math/rand/v2"
	"slices"
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
// host's view) with nothing left in flight. Reported: median, p99 and max in ms.
func BenchmarkPageTap(b *testing.B) {
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
	h := newHarness(b, Config{Variant: variant, Players: players, Seed: seed, Cadence: defaultCadence})
	defer h.realTime()()
	// Seat 1's token goes to the page, which says hello with it.
	first := h.pacedDial(b, 0)
	first.send(b, `{"t":"join","name":"玩家1","seat":1}`)
	<-first.welcome
	first.ws.Close()
	h.pacedPhones(b, defaultCadence, 2, players, 2) // the other seats and two spectators, pacing themselves
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	b.Cleanup(cancel)
	pg := &browserPhone{t: b, ctx: ctx, seat: 1}
	base := h.ts.URL + "/?room=" + h.srv.Room() + "#k=" + h.srv.PublicKey().String()
	if err := chromedp.Do(ctx, chromedp.Navigate(base)); err != nil {
		b.Fatal(err)
	}
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
	const tap = `new Promise((ok) => {
  const q = (x) => document.querySelector(x);
  const free = [...document.querySelectorAll('.night .seat')].filter((c) => !c.disabled && !c.classList.contains('dead') && !c.classList.contains('me') && !c.classList.contains('chosen') && !c.classList.contains('selected'));
  if (!free.length) return ok(-1);
  const cell = free[Math.floor(Math.random() * free.length)];
  cell.click();
  const btn = q('.night .btn.primary');
  if (!btn || btn.disabled) return ok(-2);
  const t0 = performance.now();
  btn.click();
  const shown = () => document.body.dataset.pending === '0' && q('.night .seat.chosen[data-id="' + cell.dataset.id + '"]');
  const f = () => shown() ? ok(performance.now() - t0) : requestAnimationFrame(f);
  requestAnimationFrame(f);
})`
	rng := rand.New(rand.NewPCG(3, 4))
	var took []time.Duration
	b.ResetTimer()
	for range b.N {
		time.Sleep(time.Duration(rng.Int64N(int64(defaultCadence))))
		tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		ms, err := chromedp.Run(tctx, chromedp.Evaluate[float64](tap, chromedp.EvalAwaitPromise))
		cancel()
		if err != nil || ms < 0 {
			b.Fatalf("tap: %v %v; page: %s", ms, err, pg.eval(`document.body.dataset.screen + ' ' + document.getElementById('main').innerText.slice(0, 300)`))
		}
		took = append(took, time.Duration(ms*float64(time.Millisecond)))
	}
	b.StopTimer()
	slices.Sort(took)
	q := func(p float64) float64 {
		return float64(took[min(len(took)-1, int(p*float64(len(took))))].Microseconds()) / 1000
	}
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(q(1), "max-ms")
	b.ReportMetric(0, "ns/op")
	b.Logf("%d taps on the real page (seat 1, a killer, night 1), tick %v: tap → own pick shown p50 %.0f ms, p99 %.0f ms, max %.0f ms", len(took), defaultCadence, q(0.5), q(0.99), q(1))
}
