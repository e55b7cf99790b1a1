//go:build windows

package netinfo

import (
	"context"
	"os/exec"
	"syscall"
)

func read(ctx context.Context) Info {
	in := Info{WiFi: netshSSID(run(ctx, "netsh", "wlan", "show", "interfaces"))}
	in.Profile = powershellProfile(run(ctx, "powershell", "-NoProfile", "-NonInteractive", "-Command",
		"Get-NetConnectionProfile | Select-Object -ExpandProperty NetworkCategory"))
	if in.Profile == "" {
		in.Profile = netshProfile(run(ctx, "netsh", "advfirewall", "monitor", "show", "currentprofile"))
	}
	return in
}

// hideWindow keeps the tools' console windows from flashing over the big
// screen.
func hideWindow(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{HideWindow: true, CreationFlags: 0x08000000} // CREATE_NO_WINDOW
}
