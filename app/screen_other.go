//go:build ci || wayland || android || ios || mobile || wasm || js

package app

import (
	"time"

	"fyne.io/fyne/v2"
)

// projectorScreen: no monitors to choose from here (see screen_glfw.go).
func projectorScreen(fyne.Window, func(string)) bool { return false }

// singleMonitor: unknown here; the window goes full screen once the app runs.
func singleMonitor(fyne.Window) bool { return false }

// awaitFullScreen: nothing to wait for here (see screen_glfw.go).
func awaitFullScreen(fyne.Window, time.Duration) bool { return false }
