package lan

import (
	"context"
	"net"
	"strings"
	"testing"
)

func ifaceAddr(name, cidr string, virtual bool) IfaceAddr {
	ip, n, _ := net.ParseCIDR(cidr)
	return IfaceAddr{Name: name, IP: ip.To4(), Net: n, Virtual: virtual}
}

// TestAddressMemory: a choice is remembered for the network it was made on
// (its subnets, virtual adapters aside) and found again when the laptop's
// address on that subnet changed; on another network it is not applied;
// a VM bridge coming up does not make the same Wi-Fi another network.
func TestAddressMemory(t *testing.T) {
	dir := t.TempDir()
	wifi, eth := ifaceAddr("wlan0", "192.168.1.23/24", false), ifaceAddr("eth0", "10.0.0.5/24", false)
	vm := ifaceAddr("vboxnet0", "192.168.56.1/24", true)
	home := []IfaceAddr{eth, wifi}
	if err := rememberAddress(dir, home, wifi); err != nil {
		t.Fatal(err)
	}
	moved := ifaceAddr("wlan0", "192.168.1.77/24", false) // DHCP gave another address
	if a, ok := rememberedAddress(dir, []IfaceAddr{eth, moved, vm}); !ok || !a.IP.Equal(moved.IP) {
		t.Errorf("at home again (a VM bridge up, a new DHCP address): %v %v", a, ok)
	}
	if _, ok := rememberedAddress(dir, []IfaceAddr{ifaceAddr("wlan0", "172.20.3.4/16", false), eth}); ok {
		t.Error("a choice made at home applied on another network")
	}
	if got := networkOf([]IfaceAddr{vm}); got != "192.168.56.0/24" {
		t.Errorf("with virtual adapters only, the network is %q", got)
	}
}

// TestSetAddressRefused: an address the laptop does not have, or one the
// server does not listen on, is refused and nothing changes.
func TestSetAddressRefused(t *testing.T) {
	srv, err := NewServer(Config{DataDir: t.TempDir(), Addr: "127.0.0.1:0", Host: "127.0.0.1", NoMDNS: true, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	srv.listAddrs = func() []IfaceAddr {
		return []IfaceAddr{ifaceAddr("lo", "127.0.0.1/8", false), ifaceAddr("wlan0", "192.168.1.23/24", false)}
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
