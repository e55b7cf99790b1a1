package netaddr

import (
	"net"
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
	if err := Remember(dir, home, wifi); err != nil {
		t.Fatal(err)
	}
	moved := ifaceAddr("wlan0", "192.168.1.77/24", false) // DHCP gave another address
	if a, ok := Remembered(dir, []IfaceAddr{eth, moved, vm}); !ok || !a.IP.Equal(moved.IP) {
		t.Errorf("at home again (a VM bridge up, a new DHCP address): %v %v", a, ok)
	}
	if _, ok := Remembered(dir, []IfaceAddr{ifaceAddr("wlan0", "172.20.3.4/16", false), eth}); ok {
		t.Error("a choice made at home applied on another network")
	}
	if got := networkOf([]IfaceAddr{vm}); got != "192.168.56.0/24" {
		t.Errorf("with virtual adapters only, the network is %q", got)
	}
}
