package mdns

import (
	"net"
	"strings"
	"testing"
)

func TestMDNSEscape(t *testing.T) {
	tests := []struct{ raw, escaped string }{
		{"Nightfall", "Nightfall"},
		{"Nightfall (2)", `Nightfall\ \(2\)`},
		{"a.b;c@d\"e\\f", `a\.b\;c\@d\"e\\f`},
		{"客", `\229\174\162`},
	}
	for _, tt := range tests {
		if got := escapeLabel(tt.raw); got != tt.escaped {
			t.Errorf("escapeLabel(%q) = %q, want %q", tt.raw, got, tt.escaped)
		}
		if got := Unescape(tt.escaped); got != tt.raw {
			t.Errorf("Unescape(%q) = %q, want %q", tt.escaped, got, tt.raw)
		}
	}
	for _, s := range []string{"Nightfall 客厅 (12)", "x\\", `\`, `\1`, "\x01tab\t"} {
		if got := Unescape(escapeLabel(s)); got != s {
			t.Errorf("round trip of %q gave %q", s, got)
		}
	}
}

func TestMDNSCleanAndFreeName(t *testing.T) {
	long := strings.Repeat("客", 30) // 90 bytes
	tests := []struct {
		in, clean string
	}{
		{"Nightfall", "Nightfall"},
		{"  Nightfall 客厅 ", "Nightfall 客厅"},
		{"..dots..", "dots"},
		{"", "Nightfall"},
		{" . ", "Nightfall"},
		{long, strings.Repeat("客", 19)}, // 57 bytes: fits with " (99)" in 63
		{"bad\xffutf8", "badutf8"},
	}
	for _, tt := range tests {
		got := cleanName(tt.in)
		if got != tt.clean {
			t.Errorf("cleanName(%q) = %q, want %q", tt.in, got, tt.clean)
		}
		if len(got)+len(" (99)") > maxLabel {
			t.Errorf("cleanName(%q) = %d bytes, too long for a label with a suffix", tt.in, len(got))
		}
	}
	taken := map[string]bool{"nightfall": true, "nightfall (2)": true, "other": true}
	if got := freeName("Nightfall", taken); got != "Nightfall (3)" {
		t.Errorf("freeName = %q, want Nightfall (3)", got)
	}
	if got := freeName("NIGHTFALL", map[string]bool{"nightfall": true}); got != "NIGHTFALL (2)" {
		t.Errorf("freeName is case-sensitive: %q", got)
	}
	if got := freeName("Fresh", taken); got != "Fresh" {
		t.Errorf("freeName(Fresh) = %q", got)
	}
}

// TestMDNSAdvertiseArgs checks the argument errors, which come before any packet is sent.
func TestMDNSAdvertiseArgs(t *testing.T) {
	good := &net.Interface{Index: 99, Name: "nf-none", Flags: net.FlagUp | net.FlagMulticast}
	ip := net.IPv4(10, 0, 0, 5)
	tests := []struct {
		name  string
		iface *net.Interface
		ip    net.IP
		port  int
		txt   []string
		want  string
	}{
		{"nil interface", nil, ip, 8080, nil, "no network interface"},
		{"port 0", good, ip, 0, nil, "port 0 out of range"},
		{"port too big", good, ip, 70000, nil, "out of range"},
		{"down", &net.Interface{Name: "eth9", Flags: net.FlagMulticast}, ip, 8080, nil, "eth9 is down"},
		{"no multicast", &net.Interface{Name: "eth9", Flags: net.FlagUp}, ip, 8080, nil, "does not support multicast"},
		{"loopback IP", good, net.IPv4(127, 0, 0, 1), 8080, nil, "not a usable IPv4"},
		{"IPv6", good, net.ParseIP("fe80::1"), 8080, nil, "not a usable IPv4"},
		{"long TXT", good, ip, 8080, []string{"x=" + strings.Repeat("y", 300)}, "longer than 255"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, name, err := Advertise("Nightfall", tt.port, tt.iface, tt.ip, tt.txt)
			if err == nil {
				a.Shutdown()
				t.Fatalf("Advertise succeeded as %q, want error %q", name, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
	var nilAdv *Advertiser
	nilAdv.Shutdown() // must not panic
}
