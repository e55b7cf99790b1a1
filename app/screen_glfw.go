//go:build !ci && !wayland && !android && !ios && !mobile && !wasm && !js

package app

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Fyne's API has no monitors and no window position, but its GLFW driver is
// GLFW's Go binding, already initialized when the app has started, and it
// makes full screen on the monitor that holds the window's centre. So, on the
// UI goroutine: the window's GLFW handle is the current context inside
// RunWithContext (a method of Fyne's desktop window, not of fyne.Window);
// GLFW lists the monitors; the window moves onto the first one that is not
// the primary (the laptop's own screen is normally primary, the projector the
// other); once the window manager has moved it, Fyne's SetFullScreen fills
// that monitor. Wayland lets no client place its windows: there (and in the
// software driver of the tests) nothing happens.

// withContext is the part of Fyne's GLFW window used here.
type withContext interface{ RunWithContext(func()) }

// projectorScreen moves w to a second monitor, if there is one, and makes it
// full screen there; it reports whether there was one. Call it on the UI
// goroutine after the app has started. done is called with what happened
// once the window is full screen or the move failed (for tracing).
func projectorScreen(w fyne.Window, done func(string)) (found bool) {
	wc, ok := w.(withContext)
	if !ok {
		return false
	}
	var gw *glfw.Window
	var tx, ty, tw, th int
	if err := safe(wc, func() {
		gw = glfw.GetCurrentContext()
		monitors := glfw.GetMonitors()
		primary := glfw.GetPrimaryMonitor()
		if gw == nil || len(monitors) < 2 || primary == nil {
			return
		}
		px, py := primary.GetPos()
		for _, m := range monitors {
			x, y := m.GetPos()
			mode := m.GetVideoMode()
			if (x == px && y == py) || mode == nil {
				continue
			}
			tx, ty, tw, th = x, y, mode.Width, mode.Height
			found = true
			break
		}
		if found {
			gw.SetPos(tx+tw/8, ty+th/8)
		}
	}); err != nil {
		done(err.Error())
		return false
	}
	if !found {
		return false
	}
	// The window manager moves the window in its own time: wait for it (the
	// event loop runs between tries), then go full screen where it is.
	deadline := time.Now().Add(3 * time.Second)
	var try func()
	try = func() {
		x, y := -1, -1
		if err := safe(wc, func() { x, y = gw.GetPos() }); err != nil {
			done(err.Error())
			return
		}
		if x >= tx && x < tx+tw && y >= ty && y < ty+th {
			w.SetFullScreen(true)
			done("full screen on the second monitor")
			return
		}
		if time.Now().After(deadline) {
			done("the window manager did not move the window to the second monitor")
			return
		}
		time.AfterFunc(50*time.Millisecond, func() { fyne.Do(try) })
	}
	try()
	return true
}

// safe runs f with the window's GLFW context current. go-gl/glfw panics on
// errors it thinks are the caller's: never worth losing the app over where its
// window goes.
func safe(wc withContext, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("window placement: glfw: %v", r)
		}
	}()
	wc.RunWithContext(f)
	return nil
}

// singleMonitor reports whether GLFW lists exactly one monitor (call it on
// the UI goroutine once the window exists): the window can go full screen
// where it is before anything is drawn in it.
func singleMonitor(w fyne.Window) (one bool) {
	wc, ok := w.(withContext)
	if !ok {
		return false
	}
	_ = safe(wc, func() { one = len(glfw.GetMonitors()) == 1 })
	return one
}

// awaitFullScreen handles the window system's events until the window has
// the size of its monitor (at most for d; call it on the UI goroutine,
// before the app runs, once it has asked for full screen): the content is
// then laid out and first drawn at its full-screen size, not drawn at the
// window's size first and again once full screen. It reports whether the
// window was full screen in time.
func awaitFullScreen(w fyne.Window, d time.Duration) (full bool) {
	wc, ok := w.(withContext)
	if !ok {
		return false
	}
	deadline := time.Now().Add(d)
	_ = safe(wc, func() {
		gw := glfw.GetCurrentContext()
		monitors := glfw.GetMonitors()
		if gw == nil || len(monitors) != 1 {
			return
		}
		mode := monitors[0].GetVideoMode()
		if mode == nil {
			return
		}
		for {
			if width, height := gw.GetSize(); width == mode.Width && height == mode.Height {
				full = true
				return
			}
			left := time.Until(deadline)
			if left <= 0 {
				return
			}
			glfw.WaitEventsTimeout(min(left, 10*time.Millisecond).Seconds())
		}
	})
	return full
}
