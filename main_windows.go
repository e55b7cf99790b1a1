//go:build windows && !headless

package main

import (
	"os"
	"syscall"
	"unsafe"
)

// nightfall.exe is a console program, so that `nightfall.exe script` and `nightfall.exe serve`
// print to the terminal they are typed in (a GUI-subsystem program's output goes nowhere there,
// and the prompt comes back before it ends). Started from Explorer for the host app, it gets a
// console window of its own: it lets go of it when it is that console's only process, and the
// console window closes (it shows for an instant). Started from a terminal, it leaves the
// terminal alone.
func init() {
	if len(os.Args) > 1 {
		return // script, serve, --help: console output
	}
	kernel32 := syscall.NewLazyDLL("kernel32.dll")
	var pids [2]uint32
	n, _, _ := kernel32.NewProc("GetConsoleProcessList").Call(uintptr(unsafe.Pointer(&pids[0])), uintptr(len(pids)))
	if n == 1 {
		kernel32.NewProc("FreeConsole").Call()
	}
}
