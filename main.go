// Command nightfall is the judge for 杀人游戏 ("Killer") at a real table.
//
//	nightfall                 start the host app (big screen)
//	nightfall script FILE     play a scripted game, print its events (JSON Lines)
//	nightfall sim --variant V --players N …   the balance lab (game/sim)
//	nightfall serve [flags]   the server without a window
//	nightfall replay FILE [--lang zh|en]   a finished game's 复盘 as one HTML file
//
// The host app is reached through a build-tagged file: main_app.go links it
// (Fyne, cgo); with -tags headless, main_headless.go takes its place, so
// `CGO_ENABLED=0 go build -tags headless` gives a pure-Go binary with script,
// serve, sim and replay only (make headless).
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"nightfall/game"
	"nightfall/game/sim"
	"nightfall/lan"
	"nightfall/lan/replay"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "script":
			os.Exit(runScript(os.Args[2:]))
		case "serve":
			os.Exit(lan.ServeMain(os.Args[2:]))
		case "sim":
			os.Exit(sim.Stdio(os.Args[2:]))
		case "replay":
			os.Exit(runReplay(os.Args[2:], os.Stdout))
		}
	}
	os.Exit(hostApp())
}

// runScript implements `nightfall script` (../shared/SCRIPT.md).
func runScript(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "nightfall script: usage: nightfall script GAME.json")
		return 2
	}
	data, err := readAtMost(args[0], game.MaxScriptBytes)
	var large *tooLarge
	if errors.As(err, &large) {
		fmt.Fprintf(os.Stderr, "nightfall script: %s: %v\n", args[0], err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "nightfall script: %v\n", err)
		return 2
	}
	events, err := game.RunScript(data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "nightfall script: %s: %v\n", args[0], err)
		return 2
	}
	if err := writeEvents(os.Stdout, events); err != nil {
		fmt.Fprintf(os.Stderr, "nightfall script: %v\n", err)
		return 2
	}
	return 0
}

// readAtMost reads a file of at most limit bytes; a larger one is refused
// with a clear error, having read no more than limit+1 bytes of it.
func readAtMost(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &tooLarge{limit}
	}
	return data, nil
}

// tooLarge is a file refused by readAtMost.
type tooLarge struct{ limit int64 }

func (e *tooLarge) Error() string {
	return fmt.Sprintf("the file is larger than %d MiB, which no game's script is", e.limit>>20)
}

// writeEvents writes events as JSON Lines, as SCRIPT.md specifies.
func writeEvents(out io.Writer, events []game.Event) error {
	w := bufio.NewWriter(out)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, e := range events {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return w.Flush()
}

// runReplay implements `nightfall replay FILE [--lang zh|en]`: the 复盘 of
// a finished game as one self-contained HTML file on out. FILE is a game
// log (the data folder's games/*.jsonl) or a script in SCRIPT.md's format,
// played to its end (refused steps are left out, as `nightfall script`
// reports them). A game that has not ended has no replay (status 2).
func runReplay(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	lang := fs.String("lang", "zh", "the replay's language: zh or en")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: nightfall replay FILE [--lang zh|en] > game.html")
		fmt.Fprintln(fs.Output(), "  FILE: a game log (games/*.jsonl in the data folder) or a script (SCRIPT.md) that plays to its end")
		fs.PrintDefaults()
	}
	// the file may come before or after the flag
	var file []string
	rest := args
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		file = append(file, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(file) != 1 {
		fs.Usage()
		return 2
	}
	if !slices.Contains(replay.Langs, *lang) {
		fmt.Fprintf(os.Stderr, "nightfall replay: --lang %q: want zh or en\n", *lang)
		return 2
	}
	g, err := replayOf(file[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "nightfall replay: %s: %v\n", file[0], err)
		return 2
	}
	w := bufio.NewWriter(out)
	if err := replay.Write(w, g, *lang); err != nil {
		fmt.Fprintf(os.Stderr, "nightfall replay: %v\n", err)
		return 2
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "nightfall replay: %v\n", err)
		return 2
	}
	return 0
}

// replayOf reads a game log or plays a script to its end. A log's seals
// are checked with its room's log key, from the log's own data folder or
// the default one.
func replayOf(path string) (replay.Game, error) {
	if lan.IsGameLogFile(path) {
		var dirs []string
		if d, err := lan.DefaultDataDir(); err == nil {
			dirs = append(dirs, d)
		}
		fg, err := lan.ReadFinished(path, dirs...)
		if err != nil {
			return replay.Game{}, err
		}
		return fg.Replay(), nil
	}
	data, err := readAtMost(path, game.MaxScriptBytes)
	if err != nil {
		return replay.Game{}, err
	}
	sc, err := game.ParseScript(data)
	if err != nil {
		return replay.Game{}, err
	}
	g, err := game.New(sc.Setup)
	if err != nil {
		return replay.Game{}, err
	}
	for _, cmd := range sc.Steps {
		if g.Over() {
			break
		}
		g.Apply(cmd) // a refused step changes nothing (SCRIPT.md)
	}
	if !g.Over() {
		return replay.Game{}, errors.New("the script does not play the game to its end: " + replay.ErrNotOver.Error())
	}
	return replay.Game{Table: g.TableView()}, nil
}
