// Command nightfall is the judge for 杀人游戏 ("Killer") at a real table.
//
//	nightfall                 start the host app (big screen)
//	nightfall script FILE     play a scripted game, print its events (JSON Lines)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"nightfall/app"
	"nightfall/game"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "script":
			os.Exit(runScript(os.Args[2:]))
		}
	}
	os.Exit(app.Main())
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
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, e := range events {
		if err := enc.Encode(e); err != nil {
			fmt.Fprintf(os.Stderr, "nightfall script: %v\n", err)
			return 2
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(os.Stderr, "nightfall script: %v\n", err)
		return 2
	}
	return 0
}
