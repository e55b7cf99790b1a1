package lan

import (
	"context"
	"net"
	"strings"
	"testing"

	"nightfall/lan/netaddr"
)

// ifaceAddr is an address of the laptop's as netaddr.List gives it.
func ifaceAddr(name, cidr string) netaddr.IfaceAddr {
	ip, n, _ := net.ParseCIDR(cidr)
	return netaddr.IfaceAddr{Name: name, IP: ip.To4(), Net: n}
}

// TestSetAddressRefused: an address the laptop does not have, or one the
// server does not listen on, is refused and nothing changes.
func TestSetAddressRefused(t *testing.T) {
	srv, err := NewServer(Config{DataDir: t.TempDir(), Addr: "127.0.0.1:0", Host: "127.0.0.1", NoMDNS: true, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	srv.listAddrs = func() []netaddr.IfaceAddr {
		return []netaddr.IfaceAddr{ifaceAddr("lo", "127.0.0.1/8"), ifaceAddr("wlan0", "192.168.1.23/24")}
	}
	if err := srv.Host(HostCommand{Do: HostSetAddress, Addr: "127.0.0.1"}); err == nil || !strings.Contains(err.Error(), "not listening") {
		t.Errorf("before Start: %v", err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := srv.JoinURL()
	for addr, want := range map[string]string{"10.9.9.9": "not an address", "192.168.1.23": "listens on 127.0.0.1 only", "x": "not an IPv4"} {
		if err := srv.Host(HostCommand{Do: HostSetAddress, Addr: addr}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("switch to %s: %v, want %q", addr, err, want)
		}
	}
	if srv.JoinURL() != before {
		t.Errorf("a refused switch changed the URL to %s", srv.JoinURL())
	}
	if err := srv.Host(HostCommand{Do: HostSetAddress, Addr: "127.0.0.1"}); err != nil || srv.JoinURL() != before {
		t.Errorf("the same address again: %v %s", err, srv.JoinURL())
	}
}
