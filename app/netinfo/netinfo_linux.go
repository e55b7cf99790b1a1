//go:build linux

package netinfo

import (
	"context"
	"os/exec"
	"strings"
)

func read(ctx context.Context) Info {
	var in Info
	if _, err := exec.LookPath("nmcli"); err == nil {
		in.WiFi = nmcliSSID(run(ctx, "nmcli", "-t", "-f", "active,ssid", "dev", "wifi"))
	}
	if in.WiFi == "" {
		if _, err := exec.LookPath("iwgetid"); err == nil {
			in.WiFi = strings.TrimSpace(run(ctx, "iwgetid", "-r"))
		}
	}
	return in
}

func hideWindow(*exec.Cmd) {}
