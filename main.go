// Command nightfall is the judge for 杀人游戏 ("Killer") at a real table.
//
//	nightfall                 start the host app (big screen)
//	nightfall script FILE     play a scripted game, print its events (JSON Lines)
//	nightfall sim --variant V --players N …   the balance lab (game/sim)
//	nightfall serve [flags]   the server without a window
//
// The host app is reached through a build-tagged file: main_app.go links it
// (Fyne, cgo); with -tags headless, main_headless.go takes its place, so
// `CGO_ENABLED=0 go build -tags headless` gives a pure-Go binary with script,
// serve and sim only (make headless).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"nightfall/game"
	"nightfall/game/sim"
	"nightfall/lan"
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
	data, err := os.ReadFile(args[0])
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
