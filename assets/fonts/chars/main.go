// Command chars prints every character the host app may draw from its own
// strings: the dictionary (assets/i18n, both languages) and the voice's
// captions. The Makefile's `fonts` target feeds it to
// subset.mjs to build the bundled CJK subset font.
package main

import (
	"fmt"
	"os"

	"nightfall/assets/fonts"
)

func main() {
	s, err := fonts.AppText()
	if err != nil {
		fmt.Fprintln(os.Stderr, "chars:", err)
		os.Exit(1)
	}
	fmt.Print(s)
}
