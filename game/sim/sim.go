// Package sim is Nightfall's balance lab: it plays many whole games with
// bots (package bots) on every core and counts who wins. `nightfall sim`
// is its command line (Main); the lobby's balance line is Estimate.
//
// Each worker goroutine owns one game.Game (reused with Game.Reset), one
// generator and one table of bots; the engine itself stays single-threaded.
// Game i of a run is dealt from a seed derived from (seed, i) and its bots
// draw from a generator seeded with (seed, i), so a game's outcome depends
// on the run's seed and its index only: the totals are the same for any
// number of workers (and so, in particular, for a given seed and worker
// count).
//
// Camps: a game's winner (game.GameOverBody.Winner) is counted under its
// camp: "good", "killers", "werewolves" (cat-lives-7), "draw", and
// "free-choice" when cat-lives-7's free-choice player wins alone (the
// engine names the seat). "none" (the host ended the game) never happens
// in a simulation but would be counted as such.
//
// Rates come with 95% confidence intervals: the Wilson score interval for
// a binomial proportion (z = 1.96), which stays inside [0, 1] and behaves
// for rates near 0 or 1 and for small samples, unlike the normal
// approximation.
package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"nightfall/game"
	"nightfall/game/bots"
)

// Config is one simulation setting.
type Config struct {
	Variant string
	Players int
	// Options are option overrides as a JSON object (game.Setup.Options).
	Options json.RawMessage
	Bots    string // "random" (default) or "sensible"
	Games   int
	Seed    uint64
	Workers int // 0: runtime.GOMAXPROCS(0)

	now func() time.Time // the deadline's clock (nil: time.Now)
}

// Result is what a run counted.
type Result struct {
	Games int `json:"games"`
	// Wins counts the games per winning camp; "draw" is always present.
	Wins       map[string]int `json:"wins"`
	RoundsMean float64        `json:"rounds_mean"`
	RoundsSD   float64        `json:"rounds_sd"` // standard deviation
	Seconds    float64        `json:"seconds"`
}

// GamesPerSecond is the run's throughput.
func (r Result) GamesPerSecond() float64 {
	if r.Seconds <= 0 {
		return 0
	}
	return float64(r.Games) / r.Seconds
}

// Rate is a camp's share of the games with its 95% Wilson interval.
type Rate struct {
	Camp string  `json:"camp"`
	Wins int     `json:"wins"`
	Rate float64 `json:"rate"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Rates lists every camp's rate, in Camps order.
func (r Result) Rates() []Rate {
	var out []Rate
	for _, c := range r.Camps() {
		w := r.Wins[c]
		p, lo, hi := Wilson(w, r.Games)
		out = append(out, Rate{Camp: c, Wins: w, Rate: p, Low: lo, High: hi})
	}
	return out
}

// campOrder is the order camps are printed in; others follow sorted.
var campOrder = []string{"good", "killers", "werewolves", "free-choice", "draw", "none"}

// Camps lists the camps counted (draw always), in print order.
func (r Result) Camps() []string {
	var out []string
	for _, c := range campOrder {
		if _, ok := r.Wins[c]; ok || c == "draw" {
			out = append(out, c)
		}
	}
	var rest []string
	for c := range r.Wins {
		if !slices.Contains(campOrder, c) {
			rest = append(rest, c)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// Wilson is the share k/n with its 95% Wilson score interval.
func Wilson(k, n int) (p, low, high float64) {
	if n <= 0 {
		return 0, 0, 1
	}
	const z = 1.959963984540054
	nf := float64(n)
	p = float64(k) / nf
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return p, math.Max(0, c-h), math.Min(1, c+h)
}

// Camp maps a game's winner to the camp it is counted under.
func Camp(winner string) string {
	// (a camp's name starts with a letter: Atoi's error, an allocation per
	// game, only for the rare seat number)
	if winner != "" && winner[0] >= '0' && winner[0] <= '9' {
		if _, err := strconv.Atoi(winner); err == nil {
			return "free-choice"
		}
	}
	return winner
}

// FieldError is a configuration problem: Field names the command-line flag
// ("variant", "players", "option", "bots", "games", "sweep", "seed").
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return fmt.Sprintf("--%s: %s", e.Field, e.Msg) }

// Check validates a configuration the way the engine will see it, and
// names the flag at fault.
func (c Config) Check() error {
	if c.Bots != "" && !slices.Contains(bots.Kinds, c.Bots) {
		return &FieldError{"bots", fmt.Sprintf("unknown bot kind %q (known: random, sensible)", c.Bots)}
	}
	if c.Games <= 0 {
		return &FieldError{"games", fmt.Sprintf("must be at least 1, not %d", c.Games)}
	}
	_, err := game.New(game.Setup{Variant: c.Variant, Players: c.Players, Options: c.Options})
	return setupError(err)
}

// setupError names the flag behind an engine setup error.
func setupError(err error) error {
	var se *game.SetupError
	var oe *game.OptionError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &oe):
		return &FieldError{"option", fmt.Sprintf("%s: %s", oe.Name, oe.Msg)}
	case errors.As(err, &se):
		switch se.Field {
		case "variant", "players":
			return &FieldError{se.Field, se.Msg}
		case "options":
			// `option "name": why` (game.OptionError, as text)
			if rest, ok := strings.CutPrefix(se.Msg, `option "`); ok {
				if name, why, ok := strings.Cut(rest, `": `); ok {
					return &FieldError{"option", name + ": " + why}
				}
			}
			return &FieldError{"option", se.Msg}
		}
		return &FieldError{"option", err.Error()}
	}
	return &FieldError{"option", err.Error()}
}

// gameSeed is game i's deal seed in a run with seed s (SplitMix64 of the
// pair: neighbouring runs and games share nothing).
func gameSeed(s uint64, i int) uint64 {
	z := s*0x9e3779b97f4a7c15 + uint64(i) + 0x632be59bd9b4e019
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// batch is how many consecutive games a worker takes at a time.
const batch = 64

// tally is one worker's counts.
type tally struct {
	games   int
	wins    map[string]int
	rounds  int64
	rounds2 int64
}

// worker plays games for one goroutine.
type worker struct {
	g      game.Game
	pcg    *rand.PCG
	r      *rand.Rand
	random bots.Random
	table  bots.Table
	bots   []bots.Bot
	setup  game.Setup
	kind   string
	t      tally
}

func newWorker(c Config) *worker {
	w := &worker{pcg: rand.NewPCG(0, 0), kind: c.Bots,
		setup: game.Setup{Variant: c.Variant, Players: c.Players, Options: c.Options}}
	w.r = rand.New(w.pcg)
	if c.Bots == "sensible" {
		for range c.Players {
			w.bots = append(w.bots, bots.NewBot("sensible", w.r))
		}
	}
	w.t.wins = map[string]int{}
	return w
}

// play plays game i of a run with seed seed.
func (w *worker) play(seed uint64, i int) error {
	w.setup.Seed = gameSeed(seed, i)
	if err := w.g.Reset(w.setup); err != nil {
		return err
	}
	w.pcg.Seed(seed, uint64(i))
	if w.kind == "sensible" {
		w.table.Play(&w.g, w.bots)
	} else {
		w.random.Play(&w.g, w.r)
	}
	s := w.g.State()
	w.t.games++
	w.t.wins[Camp(s.Winner)]++
	w.t.rounds += int64(s.Round)
	w.t.rounds2 += int64(s.Round) * int64(s.Round)
	return nil
}

// Run plays c.Games games (fewer if ctx ends first: then the counts so far
// and ctx's error). progress, if not nil, is called from the workers with
// the number of games done so far (often; keep it cheap).
func Run(ctx context.Context, c Config, progress func(done int)) (Result, error) {
	if c.Bots == "" {
		c.Bots = "random"
	}
	if err := c.Check(); err != nil {
		return Result{}, err
	}
	return run(ctx, c, time.Time{}, batch, progress)
}

// run plays games in batches of size consecutive games per worker until
// c.Games are played, ctx ends or the deadline (if not zero) passes.
func run(ctx context.Context, c Config, deadline time.Time, size int, progress func(int)) (Result, error) {
	n := c.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	now := c.now
	if now == nil {
		now = time.Now
	}
	start := now()
	var next, done atomic.Int64
	var stop atomic.Bool
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	workers := make([]*worker, n)
	for k := range workers {
		workers[k] = newWorker(c)
	}
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				if ctx.Err() != nil || (!deadline.IsZero() && now().After(deadline)) {
					return
				}
				from := int(next.Add(int64(size))) - size
				if from >= c.Games {
					return
				}
				to := min(from+size, c.Games)
				for i := from; i < to; i++ {
					if err := w.play(c.Seed, i); err != nil {
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
						stop.Store(true)
						return
					}
				}
				d := done.Add(int64(to - from))
				if progress != nil {
					progress(int(d))
				}
			}
		}()
	}
	wg.Wait()
	res := Result{Wins: map[string]int{"draw": 0}, Seconds: now().Sub(start).Seconds()}
	var rounds, rounds2 int64
	for _, w := range workers {
		res.Games += w.t.games
		for k, v := range w.t.wins {
			res.Wins[k] += v
		}
		rounds += w.t.rounds
		rounds2 += w.t.rounds2
	}
	if res.Games > 0 {
		m := float64(rounds) / float64(res.Games)
		res.RoundsMean = m
		res.RoundsSD = math.Sqrt(math.Max(0, float64(rounds2)/float64(res.Games)-m*m))
	}
	if firstErr != nil {
		return res, setupError(firstErr)
	}
	return res, ctx.Err()
}
