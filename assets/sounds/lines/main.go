// Command lines prints what gen.sh speaks: a line per clip of the judge's
// voice, "lang|id|text to speak", from the one dictionary
// (assets.VoiceLines), then the phrases said whole (app/voice.Wholes:
// "zh|n6+died|六号死亡"). It does not import the sounds package: that
// embeds the clips this list makes.
package main

import (
	"fmt"
	"os"
	"strings"

	"nightfall/app/voice"
	"nightfall/assets"
)

func main() {
	for _, lang := range assets.Languages {
		ls, err := assets.VoiceLines(lang)
		if err != nil {
			fmt.Fprintln(os.Stderr, "lines:", err)
			os.Exit(1)
		}
		for _, l := range append(ls, voice.Wholes(lang)...) {
			if strings.ContainsAny(l.ID+l.Speak, "|\n") {
				fmt.Fprintf(os.Stderr, "lines: %s %s: a | or a new line in it\n", lang, l.ID)
				os.Exit(1)
			}
			fmt.Printf("%s|%s|%s\n", lang, l.ID, l.Speak)
		}
	}
}
