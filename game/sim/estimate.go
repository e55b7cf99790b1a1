package sim

import (
	"context"
	"fmt"
	"strings"
	"time"

	"nightfall/game"
)

// Estimate is the lobby's balance line: it plays games of setup
// (Variant, Players, Options; Seed and Deal are ignored) with the given bot
// kind ("sensible" for the lobby) on every core for about budget (a second
// is plenty: a few thousand games, ±1–2%), or until ctx is cancelled — the
// lobby cancels it when the host changes the setting. It returns what it
// counted: an invalid setup is a *FieldError at once; a cancelled ctx
// returns the games played so far and ctx.Err(). Call it from a goroutine;
// it uses every core for the budget.
func Estimate(ctx context.Context, setup game.Setup, kind string, budget time.Duration) (Result, error) {
	return estimate(ctx, setup, kind, budget, time.Now)
}

// estimate is Estimate with its budget measured on the clock now (the
// tests' clock moves on at every look, so a run's length is a number of
// looks, whatever the machine's speed). Small batches: a worker looks at
// the clock and ctx between batches.
func estimate(ctx context.Context, setup game.Setup, kind string, budget time.Duration, now func() time.Time) (Result, error) {
	c := Config{Variant: setup.Variant, Players: setup.Players, Options: setup.Options, Bots: kind,
		Games: 1 << 30, Seed: 1, now: now}
	if c.Bots == "" {
		c.Bots = "sensible"
	}
	if err := c.Check(); err != nil {
		return Result{}, err
	}
	return run(ctx, c, now().Add(budget), 4, nil)
}

// Summary is the lobby's line: "good side 47% ± 1%, killers 51%, draw 2%":
// every camp's rate, the first with its 95% margin (the larger side of its
// Wilson interval, rounded up to a whole percent); camps that never won are
// left out, except draw.
func (r Result) Summary() string {
	if r.Games == 0 {
		return "no games played"
	}
	var parts []string
	for _, rt := range r.Rates() {
		if rt.Wins == 0 && rt.Camp != "draw" {
			continue
		}
		name := rt.Camp
		if name == "good" {
			name = "good side"
		}
		s := fmt.Sprintf("%s %.0f%%", name, 100*rt.Rate)
		if len(parts) == 0 {
			m := max(rt.High-rt.Rate, rt.Rate-rt.Low)
			s += fmt.Sprintf(" ± %.0f%%", max(1, ceilPct(m)))
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func ceilPct(x float64) float64 {
	p := 100 * x
	if p != float64(int(p)) {
		return float64(int(p) + 1)
	}
	return p
}
