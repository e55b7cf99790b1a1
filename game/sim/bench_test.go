package sim

import (
	"context"
	"runtime/debug"
	"testing"
)

// benchSim runs b.N classic-2.0 12-player games with the given bots on
// every core (GOMAXPROCS workers), as `nightfall sim` does, and reports
// games/s.
func benchSim(b *testing.B, kind string) {
	c := Config{Variant: "classic-2.0", Players: 12, Bots: kind, Games: b.N, Seed: 1}
	defer debug.SetGCPercent(debug.SetGCPercent(batchGC)) // as nightfall sim runs
	b.ReportAllocs()
	b.ResetTimer()
	res, err := Run(context.Background(), c, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(res.RoundsMean, "rounds/game")
}

// BenchmarkSimClassic12Random: the balance lab's throughput with random
// bots on every core (the lobby's estimate must settle within a second).
func BenchmarkSimClassic12Random(b *testing.B) { benchSim(b, "random") }

// BenchmarkSimClassic12Sensible: within 3× of random.
func BenchmarkSimClassic12Sensible(b *testing.B) { benchSim(b, "sensible") }
