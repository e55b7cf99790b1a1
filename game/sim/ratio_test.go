//go:build unix

package sim

import (
	"context"
	"os"
	"runtime/debug"
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestRatio (RATIO=1; unix only: Windows has no getrusage) measures the CPU time per game of both bot kinds,
// one worker, alternating, to compare them on a loaded machine.
func TestRatio(t *testing.T) {
	if os.Getenv("RATIO") == "" {
		t.Skip("RATIO=1 to run")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(batchGC))
	per := map[string][]float64{}
	for round := 0; round < 5; round++ {
		for _, kind := range []string{"random", "sensible"} {
			n := 20000
			if kind == "sensible" {
				n = 3000
			}
			c := Config{Variant: "classic-2.0", Players: 12, Bots: kind, Games: n, Seed: uint64(round), Workers: 1}
			start := cpuTime()
			if _, err := Run(context.Background(), c, nil); err != nil {
				t.Fatal(err)
			}
			per[kind] = append(per[kind], float64(cpuTime()-start)/float64(n)/1000)
		}
	}
	t.Logf("CPU µs/game: random %.1f, sensible %.1f", per["random"], per["sensible"])
}
