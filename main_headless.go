//go:build headless

package main

import (
	"fmt"
	"os"
)

const headlessUsage = `usage: nightfall script GAME.json    play a scripted game, print its events (JSON Lines)
       nightfall serve [flags]      the server without a window (serve --help for its flags)
       nightfall sim [flags]        the balance lab: many games with bots (sim --help)
       nightfall replay FILE [--lang zh|en]   a finished game's 复盘 as one HTML file (FILE: a game log or a script)
`

// headless tells the tests which build this is.
const headless = true

// hostApp stands in for the host app in a build without it (-tags headless):
// it says so and lists what this build can do.
func hostApp() int {
	if len(os.Args) == 2 {
		switch os.Args[1] {
		case "-h", "-help", "--help", "help":
			fmt.Fprint(os.Stderr, "nightfall (headless build: no window)\n"+headlessUsage)
			return 0
		}
	}
	fmt.Fprint(os.Stderr, "nightfall: this build has no window (built with -tags headless); build without the tag for the host app.\n"+headlessUsage)
	return 2
}
