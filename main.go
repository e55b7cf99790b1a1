// Command nightfall is the judge for 杀人游戏 ("Killer") at a real table.
//
//	nightfall                 start the host app (big screen)
//	nightfall script FILE     play a scripted game, print its events (JSON Lines)
//	nightfall sim --variant V --players N …   the balance lab (game/sim)
package main

/*
#include <string.h>

// Fyne's package initialization (fyne.io/fyne/v2/lang) reads the locale before
// main runs, and for a locale such as "C.UTF-8" — the default of Debian
// containers and CI machines — it logs a three-line "Error parsing user
// locale C" to stderr. `nightfall script` promises exactly one line on stderr
// when a script is invalid (SCRIPT.md) — and `nightfall sim` one line for
// bad input (game/sim) — so for these subcommands only, and
// before the Go runtime copies the environment, the "C.<charset>" value is cut
// to plain "C" in place, which Fyne accepts silently. (glibc passes argc, argv
// and envp to constructors; the host app and `serve` are not touched.)
__attribute__((constructor)) static void nightfall_script_locale(int argc, char **argv, char **envp) {
	if (argc < 2 || argv == 0 || envp == 0 || (strcmp(argv[1], "script") != 0 && strcmp(argv[1], "sim") != 0)) {
		return;
	}
	for (char **e = envp; *e; e++) {
		char *v = *e;
		if (strncmp(v, "LC_ALL=C.", 9) == 0) {
			v[8] = 0;
		} else if (strncmp(v, "LC_MESSAGES=C.", 14) == 0) {
			v[13] = 0;
		} else if (strncmp(v, "LANG=C.", 7) == 0) {
			v[6] = 0;
		}
	}
}
*/
import "C"

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"nightfall/app"
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
