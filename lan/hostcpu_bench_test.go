//go:build unix

package lan

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"

	"nightfall/game"
)

// BenchmarkHostCPU: the host with 20 players and 100 spectators on
// loopback, all of them Go phones sending as the page does, the session's
// clock running with real time, bots playing whole games at a table's
// pace (a tap every 100 ms or so, the deadlines skipped when nobody
// acts), with the cadence on (its default tick) and off. Each iteration
// is one second of play. Reported: the CPU the whole test process spends
// (host and phones) in % of a core. The host's own share is in a CPU
// profile (-cpuprofile): everything the server runs carries the label
// side=host (go tool pprof -tagfocus=side=host -top; the iterations alone
// with NIGHTFALL_HOSTCPU_PROFILE).
func BenchmarkHostCPU(b *testing.B) {
	for _, c := range []struct {
		name  string
		every time.Duration
	}{{"cadence=on", defaultCadence}, {"cadence=off", -1}} {
		b.Run(c.name, func(b *testing.B) { benchHostCPU(b, c.every) })
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func benchHostCPU(b *testing.B, every time.Duration) {
	const players, spectators = 20, 100
	variant := variantFor(players)
	if variant == "" {
		b.Skip("no variant takes 20 players")
	}
	var h *harness
	// The server's goroutines (its loop, the HTTP server's, every socket's
	// reader and writer) inherit the label.
	pprof.Do(context.Background(), pprof.Labels("side", "host"), func(context.Context) {
		h = newHarness(b, Config{Variant: variant, Players: players, Seed: 42, Cadence: every})
	})
	defer h.realTime()()
	phones := h.pacedPhones(b, max(every, 0), 1, players, spectators)
	h.host(HostCommand{Do: HostStart})
	tb := &table{t: b, h: h, rng: rand.New(rand.NewPCG(5, 6)), idle: map[string]bool{}}
	taps, games := 0, 0
	play := func(until time.Time) {
		for time.Now().Before(until) {
			time.Sleep(100 * time.Millisecond)
			var (
				p  *pacedPhone
				v  game.PlayerView
				bc botCmd
				ok bool
			)
			for _, i := range tb.rng.Perm(players) {
				q := phones[i]
				q.mu.Lock()
				raw := q.view
				q.mu.Unlock()
				if json.Unmarshal(raw, &v) != nil || v.Table.Phase == "over" {
					break
				}
				if bc, ok = tb.decide(v); ok {
					p = q
					break
				}
			}
			if p == nil {
				if v.Table.Phase == "over" {
					games++
					tb.newGame(func() { h.host(HostCommand{Do: HostStart}) })
				} else {
					browserAdvance(b, h)
				}
				continue
			}
			p.tap(b, string(mustJSON(bc.frame(fmt.Sprintf("c%d", taps)))))
			taps++
			select {
			case f := <-p.acks:
				if f.T != "ack" {
					tb.refuse(v, bc)
				}
			case <-time.After(5 * time.Second):
				b.Fatalf("seat %d: no answer", p.seat)
			}
		}
	}
	play(time.Now().Add(time.Second)) // the game under way
	// NIGHTFALL_HOSTCPU_PROFILE=FILE: a CPU profile of the iterations alone
	// (the host's share: go tool pprof -tagfocus=side=host -top FILE).
	if name := os.Getenv("NIGHTFALL_HOSTCPU_PROFILE"); name != "" {
		f, err := os.Create(name)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			b.Fatal(err)
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	b.ResetTimer()
	cpu0, t0 := cpuTime(), time.Now()
	for range b.N {
		play(time.Now().Add(time.Second))
	}
	cpu, wall := cpuTime()-cpu0, time.Since(t0)
	b.StopTimer()
	b.ReportMetric(100*cpu.Seconds()/wall.Seconds(), "process-cpu-%")
	b.ReportMetric(0, "ns/op")
	b.Logf("%s, %d players + %d spectators, cadence %v: %d taps, %d games finished in %.0f s; the process: %.1f %% of a core",
		variant, players, spectators, every, taps, games, wall.Seconds(), 100*cpu.Seconds()/wall.Seconds())
}
