//go:build !(linux && cgo && !ci && !wayland && !android)

package app

// splash: only an X11 desktop has it (see splash_x11.go); elsewhere the
// app's window is the first thing shown.
type splash struct{}

func openSplash() *splash   { return &splash{} }
func (*splash) show(string) {}
func (*splash) close()      {}
