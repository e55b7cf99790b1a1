// Package netinfo is what the host's help screen tells about the network
// the laptop is on, where the operating system tells it: the Wi-Fi's name,
// and on Windows the firewall profile of the current network (Public
// blocks the phones unless the app is allowed there). Each answer comes
// from the system's own tools (nmcli or iwgetid on Linux, netsh on Windows,
// networksetup or ipconfig on macOS), within a second or two; nothing is
// sent on the network. It also writes the Wi-Fi QR code's text.
package netinfo

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// Info is what the system told.
type Info struct {
	// WiFi is the name (SSID) of the Wi-Fi the laptop is on ("" when
	// unknown or not on Wi-Fi).
	WiFi string
	// Profile is the Windows firewall profile of the current network:
	// "public", "private" or "domain" ("" when unknown or not Windows).
	Profile string
}

// Read asks the system (bounded: a few seconds at most in all).
func Read() Info {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	return read(ctx)
}

// run runs a system tool and returns its output ("" on any failure).
func run(ctx context.Context, name string, args ...string) string {
	ctx, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	hideWindow(cmd)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// nmcliSSID reads `nmcli -t -f active,ssid dev wifi`: "yes:Name" for the
// network in use (colons in a name are escaped as \:).
func nmcliSSID(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimRight(line, "\r"), "yes:"); ok && rest != "" {
			return strings.ReplaceAll(rest, `\:`, ":")
		}
	}
	return ""
}

// netshSSID reads `netsh wlan show interfaces`: the "SSID : Name" line (not
// "BSSID"); netsh's labels are in the system's language, but "SSID" is the
// same in all of them.
func netshSSID(out string) string {
	for _, line := range strings.Split(out, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(k) == "SSID" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// netshProfile reads `netsh advfirewall monitor show currentprofile`: the
// current profile's heading in English ("Public Profile Settings:",
// "Private Profile Settings:", "Domain Profile Settings:"). A netsh in
// another language says it in that language: then "" (unknown), and the
// help screen says what to check instead.
func netshProfile(out string) string {
	for _, line := range strings.Split(out, "\n") {
		l := strings.ToLower(strings.TrimSpace(line))
		for _, p := range []string{"public", "private", "domain"} {
			if strings.HasPrefix(l, p+" profile") {
				return p
			}
		}
	}
	return ""
}

// powershellProfile reads `Get-NetConnectionProfile | Select -Expand
// NetworkCategory` (Public, Private, DomainAuthenticated: the same words in
// every language): the strictest of the connected networks'.
func powershellProfile(out string) string {
	best := ""
	for _, line := range strings.Split(out, "\n") {
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "public":
			return "public"
		case "private":
			best = "private"
		case "domainauthenticated":
			if best == "" {
				best = "domain"
			}
		}
	}
	return best
}

// airportSSID reads macOS's `networksetup -getairportnetwork en0` ("Current
// Wi-Fi Network: Name") or `ipconfig getsummary en0` (a "  SSID : Name"
// line).
func airportSSID(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if _, v, ok := strings.Cut(line, "Current Wi-Fi Network: "); ok {
			return strings.TrimSpace(v)
		}
		k, v, ok := strings.Cut(line, " : ")
		if ok && strings.TrimSpace(k) == "SSID" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// WiFiQR is the text of a QR code that phone cameras read as "join this
// Wi-Fi" (the de facto WIFI: format: WIFI:T:WPA;S:name;P:password;;, with
// \ ; , " : escaped by a backslash). An empty password is an open network
// (T:nopass).
func WiFiQR(ssid, password string) string {
	esc := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			if strings.ContainsRune(`\;,":`, r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	if password == "" {
		return "WIFI:T:nopass;S:" + esc(ssid) + ";;"
	}
	return "WIFI:T:WPA;S:" + esc(ssid) + ";P:" + esc(password) + ";;"
}

// ParseWiFiQR reads a WIFI: text back (the name and the password): what a
// phone's camera does with it.
func ParseWiFiQR(s string) (ssid, password string, ok bool) {
	rest, ok := strings.CutPrefix(s, "WIFI:")
	if !ok {
		return "", "", false
	}
	var field strings.Builder
	var fields []string
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case c == '\\' && i+1 < len(rest):
			i++
			field.WriteByte(rest[i])
		case c == ';':
			fields = append(fields, field.String())
			field.Reset()
		default:
			field.WriteByte(c)
		}
	}
	for _, f := range fields {
		k, v, _ := strings.Cut(f, ":")
		switch k {
		case "S":
			ssid = v
		case "P":
			password = v
		}
	}
	return ssid, password, ssid != ""
}
