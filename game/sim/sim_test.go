package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"nightfall/game"
)

// TestDeterministic: the same seed gives the same counts, with one worker
// or several (a game's outcome depends on the seed and its index only);
// another seed gives other counts.
func TestDeterministic(t *testing.T) {
	for _, kind := range []string{"random", "sensible"} {
		c := Config{Variant: "classic-2.0", Players: 12, Bots: kind, Games: 700, Seed: 42}
		if raceEnabled {
			c.Games = 150 // still several batches per worker
		}
		var first Result
		for i, w := range []int{1, 2, 3, 1} {
			c.Workers = w
			r, err := Run(context.Background(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Games != c.Games {
				t.Fatalf("%s: played %d games, want %d", kind, r.Games, c.Games)
			}
			if i == 0 {
				first = r
				continue
			}
			if !reflect.DeepEqual(r.Wins, first.Wins) || r.RoundsMean != first.RoundsMean || r.RoundsSD != first.RoundsSD {
				t.Fatalf("%s: %d workers: %v rounds %v, want %v rounds %v", kind, w, r.Wins, r.RoundsMean, first.Wins, first.RoundsMean)
			}
		}
		c.Seed = 43
		r, _ := Run(context.Background(), c, nil)
		if reflect.DeepEqual(r.Wins, first.Wins) && r.RoundsMean == first.RoundsMean {
			t.Errorf("%s: seeds 42 and 43 gave the same counts %v", kind, r.Wins)
		}
	}
}

// TestEveryVariant: both bot kinds play every variant at its smallest and
// largest table, and every game is counted under a camp.
func TestEveryVariant(t *testing.T) {
	for _, in := range game.Variants() {
		for _, n := range []int{in.MinPlayers, in.MaxPlayers} {
			for _, kind := range []string{"random", "sensible"} {
				games := 60
				if raceEnabled {
					games = 8
				}
				r, err := Run(context.Background(), Config{Variant: in.ID, Players: n, Bots: kind, Games: games, Seed: 3}, nil)
				if err != nil {
					t.Fatalf("%s %d %s: %v", in.ID, n, kind, err)
				}
				sum := 0
				for camp, k := range r.Wins {
					switch camp {
					case "good", "killers", "werewolves", "free-choice", "draw":
					default:
						t.Errorf("%s: unknown camp %q", in.ID, camp)
					}
					sum += k
				}
				if sum != r.Games || r.Games != games || r.RoundsMean < 1 {
					t.Errorf("%s %d %s: %v over %d games, rounds %.2f", in.ID, n, kind, r.Wins, r.Games, r.RoundsMean)
				}
			}
		}
	}
}

func TestCamp(t *testing.T) {
	for in, want := range map[string]string{"good": "good", "killers": "killers", "werewolves": "werewolves", "draw": "draw", "4": "free-choice", "none": "none"} {
		if got := Camp(in); got != want {
			t.Errorf("Camp(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWilson against known values (Wilson 1927; e.g. 81 of 263: 0.2553–0.3662).
func TestWilson(t *testing.T) {
	p, lo, hi := Wilson(81, 263)
	if math.Abs(p-0.30798) > 1e-4 || math.Abs(lo-0.25523) > 1e-4 || math.Abs(hi-0.36619) > 1e-4 {
		t.Errorf("Wilson(81, 263) = %.5f [%.5f, %.5f]", p, lo, hi)
	}
	if _, lo, hi := Wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.28 {
		t.Errorf("Wilson(0, 10) = [%v, %v], want [0, 0.2775]", lo, hi)
	}
	if _, lo, hi := Wilson(10, 10); hi != 1 || lo < 0.72 || lo > 0.73 {
		t.Errorf("Wilson(10, 10) = [%v, %v], want [0.7225, 1]", lo, hi)
	}
}

// lookClock moves on by step at every look, so that a run's deadline
// passes after a fixed number of looks however fast the machine plays; at
// look cancelAt (if not 0) it calls cancel.
type lookClock struct {
	looks    atomic.Int64
	step     time.Duration
	cancelAt int64
	cancel   func()
}

func (c *lookClock) now() time.Time {
	n := c.looks.Add(1)
	if n == c.cancelAt {
		c.cancel()
	}
	return time.Unix(0, 0).Add(time.Duration(n) * c.step)
}

// TestEstimate: the lobby's estimate plays games until its budget has
// passed on its clock and not after (a worker looks at the clock between
// batches of 4 games), gives rates that add up, and stops at once when
// cancelled: within the batches under way.
func TestEstimate(t *testing.T) {
	setup := game.Setup{Variant: "classic-2.0", Players: 12}
	workers := int64(runtime.GOMAXPROCS(0))
	clk := &lookClock{step: 10 * time.Millisecond}
	r, err := estimate(context.Background(), setup, "sensible", 300*time.Millisecond, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	// The deadline is the 31st look; every look before it by a worker
	// starts a batch.
	looks := clk.looks.Load()
	if r.Games < 20 || int64(r.Games) > 4*(31+workers) || looks < 31 {
		t.Fatalf("%d games in %d looks at the clock: want at least 20, at most %d, and the budget spent", r.Games, looks, 4*(31+workers))
	}
	sum := 0.0
	for _, rt := range r.Rates() {
		sum += rt.Rate
		if rt.Low > rt.Rate || rt.High < rt.Rate {
			t.Errorf("%+v: the rate is outside its interval", rt)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("rates add up to %v", sum)
	}
	line := r.Summary()
	if !strings.HasPrefix(line, "good side ") || !strings.Contains(line, "±") || !strings.Contains(line, "killers ") || !strings.Contains(line, "draw ") {
		t.Errorf("summary %q", line)
	}
	t.Logf("%d games in %d looks: %s", r.Games, looks, line)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clk = &lookClock{step: time.Millisecond, cancelAt: 5, cancel: cancel}
	r, err = estimate(ctx, setup, "sensible", 10*time.Hour, clk.now)
	if !errors.Is(err, context.Canceled) || int64(r.Games) > 4*(5+workers) {
		t.Errorf("cancelled at the 5th look: %v after %d games", err, r.Games)
	}

	_, err = Estimate(context.Background(), game.Setup{Variant: "classic-2.0", Players: 3}, "sensible", time.Second)
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "players" {
		t.Errorf("3 players: %v", err)
	}
}

func TestSummary(t *testing.T) {
	r := Result{Games: 10000, Wins: map[string]int{"good": 4700, "killers": 5100, "draw": 200}}
	if got, want := r.Summary(), "good side 47% ± 1%, killers 51%, draw 2%"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
}

// run calls Main with args and returns the exit code, stdout and stderr.
func runMain(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestCLIBadInput: bad input → exit 2 and one line on stderr naming the
// flag; nothing on stdout.
func TestCLIBadInput(t *testing.T) {
	cases := []struct {
		args []string
		flag string
	}{
		{[]string{"--variant", "nope", "--players", "8"}, "--variant"},
		{[]string{"--players", "8"}, "--variant"},
		{[]string{"--variant", "classic-2.0"}, "--players"},
		{[]string{"--variant", "classic-2.0", "--players", "3"}, "--players"},
		{[]string{"--variant", "classic-2.0", "--players", "40"}, "--players"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--games", "0"}, "--games"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--games", "-5"}, "--games"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--games", "many"}, "--games"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--bots", "smart"}, "--bots"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--option", "nope=1"}, "--option"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--option", "lastWords=x"}, "--option"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--option", "voteMode=shouting"}, "--option"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--option", "novalue"}, "--option"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--sweep", "voteMode=secret,shouting"}, "--sweep"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--sweep", "voteMode"}, "--sweep"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--sweep", "players=8,99"}, "--sweep"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--frobnicate"}, "--frobnicate"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "extra"}, "extra"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--seed", "-1"}, "--seed"},
		{[]string{"--variant", "classic-2.0", "--players", "8", "--games"}, "--games"},
	}
	for _, c := range cases {
		code, out, errs := runMain(c.args...)
		lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
		if code != 2 || out != "" || len(lines) != 1 || !strings.Contains(errs, c.flag) || !strings.HasPrefix(errs, "nightfall sim: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing, one line naming %s", c.args, code, out, errs, c.flag)
		}
	}
}

// TestCLIJSON: --json prints one object per setting with games, wins
// (draw included), rounds_mean and seconds, and nothing else on stdout.
func TestCLIJSON(t *testing.T) {
	code, out, errs := runMain("--variant", "classic-2.0", "--players", "12", "--games", "300", "--seed", "7",
		"--sweep", "civiliansWipedOut=draw,killers-win", "--json")
	if code != 0 || withoutProgress(errs) != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, l)
		}
		for _, k := range []string{"games", "wins", "rounds_mean", "seconds"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %d has no %q: %s", i, k, l)
			}
		}
		wins := m["wins"].(map[string]any)
		if _, ok := wins["draw"]; !ok {
			t.Errorf("line %d: wins without draw: %s", i, l)
		}
		if m["games"].(float64) != 300 {
			t.Errorf("line %d: games %v", i, m["games"])
		}
	}
	// The sweep moves the balance: with killers-win, wiped-out civilians
	// are the killers' win, not a draw.
	var a, b struct{ Wins map[string]int }
	_ = json.Unmarshal([]byte(lines[0]), &a)
	_ = json.Unmarshal([]byte(lines[1]), &b)
	if b.Wins["draw"] >= a.Wins["draw"] || b.Wins["killers"] <= a.Wins["killers"] {
		t.Errorf("sweep: draw %v, killers-win %v", a.Wins, b.Wins)
	}
	// Same seed, same output (but for the time).
	_, out2, _ := runMain("--variant", "classic-2.0", "--players", "12", "--games", "300", "--seed", "7",
		"--sweep", "civiliansWipedOut=draw,killers-win", "--json", "--workers", "1")
	var c struct{ Wins map[string]int }
	_ = json.Unmarshal([]byte(strings.Split(out2, "\n")[0]), &c)
	if !reflect.DeepEqual(a.Wins, c.Wins) {
		t.Errorf("1 worker: %v, 2 workers: %v", c.Wins, a.Wins)
	}
}

// TestCLIText: the text report names every camp with its rate and
// interval, the rounds and the throughput.
func TestCLIText(t *testing.T) {
	games := "200"
	if raceEnabled {
		games = "30"
	}
	code, out, errs := runMain("--variant", "cat-lives-7", "--players", "7", "--games", games, "--bots", "sensible", "--option", "stalemateRounds=3")
	if code != 0 || withoutProgress(errs) != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"cat-lives-7, 7 players, sensible bots", "stalemateRounds=3", "games/s", "good", "killers", "werewolves", "draw", "95% CI", "rounds", "mean (sd"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// withoutProgress removes the progress bar (shown when a run takes over two
// seconds, as under the race detector) from stderr's text.
func withoutProgress(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "\r") {
			out = append(out, l)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// TestProgress: the bar appears on stderr once a run has taken two
// seconds, ends at 100% on its own line, and a short run shows nothing.
func TestProgress(t *testing.T) {
	// In a bubble, whose clock moves only when every goroutine in it
	// waits: the runs take the time the test says.
	var s string
	synctest.Test(t, func(t *testing.T) {
		var quick bytes.Buffer
		p := newProgress(&quick, 100, "")
		time.Sleep(1500 * time.Millisecond)
		p.update(100)
		p.finish()
		if quick.Len() != 0 {
			t.Errorf("a run of 1.5 s drew %q", quick.String())
		}
		var slow bytes.Buffer
		p = newProgress(&slow, 1000, "lastWords=1")
		p.update(250)
		time.Sleep(2300 * time.Millisecond)
		p.update(1000)
		p.finish()
		s = slow.String()
	})
	if !strings.Contains(s, "lastWords=1 [") || !strings.Contains(s, "25%") || !strings.HasSuffix(s, "100% 1000/1000 games, 0 s left \n") {
		t.Errorf("progress %q", s)
	}
}
