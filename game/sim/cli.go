package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"nightfall/game"
	"nightfall/game/bots"
)

// batchGC is the garbage collector's target while `nightfall sim` runs
// (GOGC=400): a batch run trades memory (a few MB per worker) for less
// collection work where a variant's views still allocate (cat-lives-7's,
// and a few paths of others; classic-2.0's shared views allocate nothing,
// game's TestSharedViewNoAllocs). The lobby's Estimate runs inside the app
// and leaves it alone.
const batchGC = 400

// Usage is `nightfall sim`'s synopsis.
const Usage = `usage: nightfall sim --variant V --players N [--option k=v]… [--bots random|sensible]
       [--games G] [--seed S] [--workers W] [--sweep option=v1,v2,…] [--json]`

// options collects repeated --option k=v flags, in order.
type options [][2]string

func (o *options) String() string { return fmt.Sprint(*o) }

func (o *options) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(k) == "" {
		return fmt.Errorf("%q is not name=value", s)
	}
	*o = append(*o, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
	return nil
}

// optionValue turns a command-line value of option name of variant into
// JSON, as its spec (game.OptionSpec) takes it: an enumerated option's
// value as a string; numbers, true/false and quoted strings as they are,
// anything else as a string (which the engine then refuses with the
// option's kind).
func optionValue(variant, name, v string) json.RawMessage {
	if v2, ok := game.Lookup(variant); ok {
		for _, sp := range v2.Info().Options {
			if sp.ID == name && sp.Kind == game.OptChoice && !strings.HasPrefix(v, `"`) {
				b, _ := json.Marshal(v)
				return b
			}
		}
	}
	if json.Valid([]byte(v)) {
		var x any
		_ = json.Unmarshal([]byte(v), &x)
		switch x.(type) {
		case float64, bool, string:
			return json.RawMessage(v)
		}
	}
	b, _ := json.Marshal(v)
	return b
}

// optionsJSON builds the options object from name/value pairs (a later
// value for a name wins).
func optionsJSON(variant string, kv [][2]string) json.RawMessage {
	if len(kv) == 0 {
		return nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range kv {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p[0])
		b.Write(k)
		b.WriteByte(':')
		b.Write(optionValue(variant, p[0], p[1]))
	}
	b.WriteByte('}')
	// Duplicates: keep the last (json.Unmarshal into a map does).
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b.Bytes(), &m); err != nil {
		return b.Bytes()
	}
	out, _ := json.Marshal(m)
	return out
}

// setting is one point of a sweep.
type setting struct {
	label string // "" or "name=value"
	cfg   Config
	opts  [][2]string
}

// report is one setting's JSON line.
type report struct {
	Variant        string          `json:"variant"`
	Players        int             `json:"players"`
	Bots           string          `json:"bots"`
	Seed           uint64          `json:"seed"`
	Workers        int             `json:"workers"`
	Options        json.RawMessage `json:"options,omitempty"`
	Setting        string          `json:"setting,omitempty"`
	Games          int             `json:"games"`
	Wins           map[string]int  `json:"wins"`
	Rates          []Rate          `json:"rates"`
	RoundsMean     float64         `json:"rounds_mean"`
	RoundsSD       float64         `json:"rounds_sd"`
	Seconds        float64         `json:"seconds"`
	GamesPerSecond float64         `json:"games_per_second"`
}

// Main runs `nightfall sim` with args (after "sim"), writing results to
// stdout and problems and the progress bar to stderr. It returns the exit
// status: 0, 2 for bad input (one line on stderr naming the flag), 1 when a
// run fails.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nightfall sim", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	variant := fs.String("variant", "", "variant id")
	players := fs.Int("players", 0, "number of players")
	var opts options
	fs.Var(&opts, "option", "option override name=value (repeatable)")
	kind := fs.String("bots", "random", "bot kind: random or sensible")
	games := fs.Int("games", 100000, "games per setting")
	seed := fs.Uint64("seed", 1, "seed")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	sweep := fs.String("sweep", "", "option=v1,v2,… (or players=n1,n2,…)")
	asJSON := fs.Bool("json", false, "one JSON object per setting on stdout")
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "nightfall sim: "+format+"\n", a...)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, Usage)
			return 2
		}
		return bad("%s", flagError(err))
	}
	if fs.NArg() > 0 {
		return bad("unexpected argument %q (%s)", fs.Arg(0), "flags only; see nightfall sim -h")
	}
	switch {
	case *variant == "":
		return bad("--variant: missing (known: %s)", strings.Join(game.VariantIDs(), ", "))
	case *players == 0 && !strings.HasPrefix(*sweep, "players="):
		return bad("--players: missing")
	case *workers < 1:
		return bad("--workers: must be at least 1, not %d", *workers)
	case !slices.Contains(bots.Kinds, *kind):
		return bad("--bots: unknown bot kind %q (known: %s)", *kind, strings.Join(bots.Kinds, ", "))
	case *games <= 0:
		return bad("--games: must be at least 1, not %d", *games)
	}
	base := Config{Variant: *variant, Players: *players, Bots: *kind, Games: *games, Seed: *seed, Workers: *workers}
	var settings []setting
	if *sweep == "" {
		settings = []setting{{cfg: base, opts: opts}}
	} else {
		name, vals, ok := strings.Cut(*sweep, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.TrimSpace(vals) == "" {
			return bad("--sweep: %q is not option=v1,v2,…", *sweep)
		}
		for _, v := range strings.Split(vals, ",") {
			v = strings.TrimSpace(v)
			st := setting{label: name + "=" + v, cfg: base}
			if name == "players" {
				n, err := strconv.Atoi(v)
				if err != nil {
					return bad("--sweep: players %q is not a whole number", v)
				}
				st.cfg.Players = n
				st.opts = opts
			} else {
				st.opts = append(slices.Clone(opts), [2]string{name, v})
			}
			settings = append(settings, st)
		}
	}
	for i := range settings {
		st := &settings[i]
		st.cfg.Options = optionsJSON(st.cfg.Variant, st.opts)
		if err := st.cfg.Check(); err != nil {
			var fe *FieldError
			if errors.As(err, &fe) && *sweep != "" && st.label != "" && sweepField(fe, *sweep) {
				return bad("--sweep: %s: %s", st.label, fe.Msg)
			}
			return bad("%v", err)
		}
	}
	defer debug.SetGCPercent(debug.SetGCPercent(batchGC))
	ctx := context.Background()
	for _, st := range settings {
		bar := newProgress(stderr, st.cfg.Games, st.label)
		res, err := Run(ctx, st.cfg, bar.update)
		bar.finish()
		if err != nil {
			fmt.Fprintf(stderr, "nightfall sim: %v\n", err)
			return 1
		}
		if *asJSON {
			rep := report{Variant: st.cfg.Variant, Players: st.cfg.Players, Bots: st.cfg.Bots, Seed: st.cfg.Seed,
				Workers: st.cfg.Workers, Options: st.cfg.Options, Setting: st.label, Games: res.Games, Wins: res.Wins,
				Rates: res.Rates(), RoundsMean: res.RoundsMean, RoundsSD: res.RoundsSD, Seconds: res.Seconds,
				GamesPerSecond: res.GamesPerSecond()}
			b, _ := json.Marshal(rep)
			fmt.Fprintf(stdout, "%s\n", b)
			continue
		}
		printText(stdout, st, res)
	}
	return 0
}

// sweepField reports whether fe is about the swept name (so the error is
// the sweep's, not the fixed flags').
func sweepField(fe *FieldError, sweep string) bool {
	name, _, _ := strings.Cut(sweep, "=")
	name = strings.TrimSpace(name)
	if name == "players" {
		return fe.Field == "players"
	}
	return fe.Field == "option" && strings.HasPrefix(fe.Msg, name+":")
}

// flagError rewrites the flag package's errors to name the flag first.
func flagError(err error) string {
	s := err.Error()
	if rest, ok := strings.CutPrefix(s, "flag provided but not defined: -"); ok {
		return "--" + rest + ": unknown flag (see nightfall sim -h)"
	}
	if rest, ok := strings.CutPrefix(s, "flag needs an argument: -"); ok {
		return "--" + rest + ": needs a value"
	}
	if rest, ok := strings.CutPrefix(s, "invalid value "); ok {
		// invalid value "x" for flag -games: parse error
		if i := strings.Index(rest, " for flag "); i >= 0 {
			name, why, _ := strings.Cut(rest[i+len(" for flag "):], ": ")
			return "--" + strings.TrimLeft(name, "-") + ": invalid value " + rest[:i] + " (" + why + ")"
		}
	}
	return s
}

func printText(w io.Writer, st setting, res Result) {
	c := st.cfg
	head := fmt.Sprintf("%s, %d players, %s bots, seed %d, %d workers", c.Variant, c.Players, c.Bots, c.Seed, c.Workers)
	if len(st.opts) > 0 {
		var kv []string
		for _, p := range st.opts {
			kv = append(kv, p[0]+"="+p[1])
		}
		head += ", " + strings.Join(kv, " ")
	}
	fmt.Fprintln(w, head)
	fmt.Fprintf(w, "  %-11s %9d   %.0f games/s (%.2f s)\n", "games", res.Games, res.GamesPerSecond(), res.Seconds)
	for _, r := range res.Rates() {
		fmt.Fprintf(w, "  %-11s %9d   %5.1f%%  95%% CI [%.1f%%, %.1f%%]\n", r.Camp, r.Wins, 100*r.Rate, 100*r.Low, 100*r.High)
	}
	fmt.Fprintf(w, "  %-11s %9.2f   mean (sd %.2f)\n", "rounds", res.RoundsMean, res.RoundsSD)
}

// progress is the progress bar on stderr, shown once a run has taken two
// seconds.
type progress struct {
	w     io.Writer
	total int
	label string
	start time.Time
	done  atomic.Int64
	shown bool
	stop  chan struct{}
	ended chan struct{}
}

func newProgress(w io.Writer, total int, label string) *progress {
	p := &progress{w: w, total: total, label: label, start: time.Now(), stop: make(chan struct{}), ended: make(chan struct{})}
	go p.loop()
	return p
}

func (p *progress) update(done int) { p.done.Store(int64(done)) }

func (p *progress) loop() {
	defer close(p.ended)
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			if time.Since(p.start) >= 2*time.Second {
				p.draw()
			}
		}
	}
}

func (p *progress) draw() {
	d := int(p.done.Load())
	const width = 30
	n := width * d / max(p.total, 1)
	label := p.label
	if label != "" {
		label += " "
	}
	el := time.Since(p.start).Seconds()
	eta := ""
	if d > 0 {
		eta = fmt.Sprintf(", %.0f s left", el*float64(p.total-d)/float64(d))
	}
	fmt.Fprintf(p.w, "\r%s[%s%s] %3d%% %d/%d games%s ", label, strings.Repeat("#", n), strings.Repeat(".", width-n), 100*d/max(p.total, 1), d, p.total, eta)
	p.shown = true
}

func (p *progress) finish() {
	close(p.stop)
	<-p.ended
	if p.shown {
		p.done.Store(int64(p.total))
		p.draw()
		fmt.Fprintln(p.w)
	}
}

// Stdio runs Main on the process's standard streams (for main.go).
func Stdio(args []string) int { return Main(args, os.Stdout, os.Stderr) }
