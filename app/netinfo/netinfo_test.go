package netinfo

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"nightfall/lan/qr"
)

// TestParsers: each tool's output as the system prints it.
func TestParsers(t *testing.T) {
	if got := nmcliSSID("no:Neighbour\nyes:Party\\: Home 5G\nno:\n"); got != "Party: Home 5G" {
		t.Errorf("nmcli: %q", got)
	}
	if got := nmcliSSID("no:Neighbour\n"); got != "" {
		t.Errorf("nmcli, not connected: %q", got)
	}
	netsh := `
There is 1 interface on the system:

    Name                   : WLAN
    Description            : Intel(R) Wi-Fi 6 AX201 160MHz
    State                  : connected
    SSID                   : 客厅的Wi-Fi
    BSSID                  : 3c:84:6a:11:22:33
    Network type           : Infrastructure
`
	if got := netshSSID(netsh); got != "客厅的Wi-Fi" {
		t.Errorf("netsh: %q", got)
	}
	if got := netshProfile("\r\nPublic Profile Settings:\r\n----------------------------------------------------------------------\r\nState                                 ON\r\n"); got != "public" {
		t.Errorf("netsh profile: %q", got)
	}
	if got := netshProfile("公用配置文件 设置:\r\n"); got != "" {
		t.Errorf("netsh profile in Chinese: %q, want unknown", got)
	}
	if got := powershellProfile("Private\r\nPublic\r\n"); got != "public" {
		t.Errorf("powershell, one network public: %q", got)
	}
	if got := powershellProfile("DomainAuthenticated\r\nPrivate\r\n"); got != "private" {
		t.Errorf("powershell: %q", got)
	}
	if got := airportSSID("Current Wi-Fi Network: Party\n"); got != "Party" {
		t.Errorf("networksetup: %q", got)
	}
	if got := airportSSID("<dictionary> {\n  SSID : Party 5G\n  BSSID : 1:2:3\n}\n"); got != "Party 5G" {
		t.Errorf("ipconfig: %q", got)
	}
}

// TestWiFiQR: the WIFI: text escapes what the format needs, and a QR code
// of it decodes (zbarimg, the way a phone's camera reads it) to the same
// name and password.
func TestWiFiQR(t *testing.T) {
	for _, c := range []struct{ ssid, pass, want string }{
		{"Nightfall", "12345678", "WIFI:T:WPA;S:Nightfall;P:12345678;;"},
		{`a;b,c"d:e\f`, "p;w", `WIFI:T:WPA;S:a\;b\,c\"d\:e\\f;P:p\;w;;`},
		{"开放网络", "", "WIFI:T:nopass;S:开放网络;;"},
	} {
		got := WiFiQR(c.ssid, c.pass)
		if got != c.want {
			t.Errorf("WiFiQR(%q, %q) = %q, want %q", c.ssid, c.pass, got, c.want)
		}
		if s, p, ok := ParseWiFiQR(got); !ok || s != c.ssid || p != c.pass {
			t.Errorf("ParseWiFiQR(%q) = %q %q %v", got, s, p, ok)
		}
	}
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (zbar-tools)")
	}
	text := WiFiQR("天黑请闭眼 热点", "night;fall:42")
	png, err := qr.PNG(text, 400)
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "wifi.png")
	if err := os.WriteFile(f, png, 0o644); err != nil {
		t.Fatal(err)
	}
	// -Sbinary: the bytes as they are; without it zbar guesses Shift-JIS
	// for a byte-mode code without ECI, where phones read UTF-8.
	out, err := exec.Command(zbar, "--raw", "-q", "-Sbinary", f).Output()
	if err != nil {
		t.Fatalf("zbarimg: %v", err)
	}
	s, p, ok := ParseWiFiQR(strings.TrimRight(string(out), "\n"))
	if !ok || s != "天黑请闭眼 热点" || p != "night;fall:42" {
		t.Errorf("zbarimg read %q: %q %q", out, s, p)
	}
}
