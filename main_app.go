//go:build !headless

package main

import (
	"nightfall/app"

	// Before Fyne's own initialization: keeps its spurious "Error parsing
	// user locale C" report (LANG=C.UTF-8) off stderr. See the package.
	_ "nightfall/app/fynelocale"
)

// headless tells the tests which build this is.
const headless = false

// hostApp runs the host app (the window on the projector).
func hostApp() int { return app.Main() }
