package netaddr

import (
	"encoding/binary"
	"errors"
	"net"
	"runtime"
	"strings"
	"testing"
)

const (
	upRunning = net.FlagUp | net.FlagRunning | net.FlagBroadcast | net.FlagMulticast
	loopFlags = net.FlagUp | net.FlagRunning | net.FlagLoopback
)

// testIface builds an interface with CIDR addresses.
func testIface(t *testing.T, index int, name string, flags net.Flags, cidrs ...string) ifaceAddrs {
	t.Helper()
	ia := ifaceAddrs{Iface: net.Interface{Index: index, Name: name, Flags: flags, MTU: 1500}}
	for _, c := range cidrs {
		ip, n, err := net.ParseCIDR(c)
		if err != nil {
			t.Fatal(err)
		}
		n.IP = ip
		ia.Addrs = append(ia.Addrs, n)
	}
	return ia
}

const routeHeader = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"

func TestParseDefaultRoutes(t *testing.T) {
	table := routeHeader +
		"wlan0\t0000A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0\n" +
		"wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n" +
		"eth0\t00000000\t01000A0A\t0003\t0\t0\t100\t00000000\t0\t0\t0\n" +
		"tun0\t00000000\t00000000\t0001\t0\t0\t50\t00000080\t0\t0\t0\n" + // 0.0.0.0/1
		"down0\t00000000\t01000A0A\t0002\t0\t0\t1\t00000000\t0\t0\t0\n" + // not RTF_UP
		"garbage line\n"
	got := parseDefaultRoutes([]byte(table))
	if len(got) != 2 {
		t.Fatalf("got %d default routes %+v, want 2", len(got), got)
	}
	if got[0].Iface != "eth0" || got[0].Metric != 100 || got[1].Iface != "wlan0" {
		t.Errorf("got %+v, want eth0 (metric 100) then wlan0", got)
	}
	// The gateway field is the network-order address read in host order; on the little-endian
	// machines this runs on, 0100A8C0 is 192.168.0.1.
	if want := net.IPv4(192, 168, 0, 1); isLittleEndian() && !got[1].Gateway.Equal(want) {
		t.Errorf("wlan0 gateway = %v, want %v", got[1].Gateway, want)
	}
}

func isLittleEndian() bool { return binary.NativeEndian.Uint16([]byte{1, 0}) == 1 }

func TestLAN(t *testing.T) {
	lo := testIface(t, 1, "lo", loopFlags, "127.0.0.1/8")
	wlan := testIface(t, 2, "wlan0", upRunning, "192.168.0.23/24", "fe80::1/64")
	eth := testIface(t, 3, "eth0", upRunning, "10.10.0.5/16")
	docker := testIface(t, 4, "docker0", upRunning, "172.17.0.1/16")
	tun := testIface(t, 5, "tun0", net.FlagUp|net.FlagRunning|net.FlagPointToPoint, "10.8.0.2/24")
	unplugged := testIface(t, 6, "eth1", net.FlagUp|net.FlagBroadcast, "192.168.9.9/24") // no carrier
	twoAddrs := testIface(t, 7, "wlan1", upRunning, "169.254.3.3/16", "192.168.5.10/24", "192.168.7.10/24")
	linkLocal := testIface(t, 8, "eth2", upRunning, "169.254.7.7/16")

	wlanDefault := routeHeader + "wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n"
	noRoute := func() (net.IP, error) { return nil, errors.New("connect: network is unreachable") }
	dialFrom := func(ip string) func() (net.IP, error) {
		return func() (net.IP, error) { return net.ParseIP(ip), nil }
	}

	tests := []struct {
		name    string
		goos    string
		routes  string
		ifaces  []ifaceAddrs
		dial    func() (net.IP, error)
		wantIP  string
		wantIf  string
		wantErr bool
	}{
		{
			name: "linux default route", goos: "linux", routes: wlanDefault,
			ifaces: []ifaceAddrs{lo, docker, wlan}, dial: noRoute,
			wantIP: "192.168.0.23", wantIf: "wlan0",
		},
		{
			name: "lowest metric wins", goos: "linux",
			routes: routeHeader +
				"wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n" +
				"eth0\t00000000\t01000A0A\t0003\t0\t0\t100\t00000000\t0\t0\t0\n",
			ifaces: []ifaceAddrs{lo, wlan, eth}, dial: noRoute,
			wantIP: "10.10.0.5", wantIf: "eth0",
		},
		{
			name: "VPN halves of the default are not the default", goos: "linux",
			routes: wlanDefault +
				"tun0\t00000000\t00000000\t0001\t0\t0\t0\t00000080\t0\t0\t0\n" +
				"tun0\t00000080\t00000000\t0001\t0\t0\t0\t00000080\t0\t0\t0\n",
			ifaces: []ifaceAddrs{lo, tun, wlan}, dial: dialFrom("10.8.0.2"),
			wantIP: "192.168.0.23", wantIf: "wlan0",
		},
		{
			name: "point-to-point default only when nothing else", goos: "linux",
			routes: routeHeader +
				"tun0\t00000000\t00000000\t0001\t0\t0\t0\t00000000\t0\t0\t0\n" +
				"wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n",
			ifaces: []ifaceAddrs{lo, tun, wlan}, dial: noRoute,
			wantIP: "192.168.0.23", wantIf: "wlan0",
		},
		{
			name: "address on the gateway's subnet", goos: "linux",
			routes: routeHeader + "wlan1\t00000000\t0107A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n",
			ifaces: []ifaceAddrs{lo, twoAddrs}, dial: noRoute,
			wantIP: "192.168.7.10", wantIf: "wlan1",
		},
		{
			name: "default route on an unplugged interface is skipped", goos: "linux",
			routes: routeHeader +
				"eth1\t00000000\t0109A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n" +
				"wlan0\t00000000\t0100A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0\n",
			ifaces: []ifaceAddrs{lo, unplugged, wlan}, dial: noRoute,
			wantIP: "192.168.0.23", wantIf: "wlan0",
		},
		{
			name: "unreadable route table falls back to the UDP dial", goos: "linux",
			ifaces: []ifaceAddrs{lo, docker, eth}, dial: dialFrom("10.10.0.5"),
			wantIP: "10.10.0.5", wantIf: "eth0",
		},
		{
			name: "other OS uses the UDP dial", goos: "darwin", routes: wlanDefault,
			ifaces: []ifaceAddrs{lo, wlan, eth}, dial: dialFrom("10.10.0.5"),
			wantIP: "10.10.0.5", wantIf: "eth0",
		},
		{
			name: "dial answering loopback is ignored", goos: "windows",
			ifaces: []ifaceAddrs{lo, docker, wlan}, dial: dialFrom("127.0.0.1"),
			wantIP: "192.168.0.23", wantIf: "wlan0",
		},
		{
			name: "no route at all: best-looking interface", goos: "linux", routes: routeHeader,
			ifaces: []ifaceAddrs{lo, linkLocal, docker, tun, eth}, dial: noRoute,
			wantIP: "10.10.0.5", wantIf: "eth0",
		},
		{
			name: "only link-local", goos: "linux", routes: routeHeader,
			ifaces: []ifaceAddrs{lo, linkLocal}, dial: noRoute,
			wantIP: "169.254.7.7", wantIf: "eth2",
		},
		{
			name: "loopback only", goos: "linux", routes: routeHeader,
			ifaces: []ifaceAddrs{lo}, dial: dialFrom("127.0.0.1"), wantErr: true,
		},
		{
			name: "unplugged only", goos: "linux",
			routes: routeHeader + "eth1\t00000000\t0109A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0\n",
			ifaces: []ifaceAddrs{lo, unplugged}, dial: noRoute, wantErr: true,
		},
		{
			name: "no interfaces", goos: "linux", dial: noRoute, wantErr: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := env{
				goos: tt.goos,
				routeTable: func() ([]byte, error) {
					if tt.routes == "" {
						return nil, errors.New("open /proc/net/route: no such file or directory")
					}
					return []byte(tt.routes), nil
				},
				interfaces: func() ([]ifaceAddrs, error) { return tt.ifaces, nil },
				dialSource: tt.dial,
			}
			ip, ifi, err := env.lanAddress()
			if tt.wantErr {
				if !errors.Is(err, ErrNoInterface) {
					t.Fatalf("got %v, %v, %v; want ErrNoInterface", ip, ifi, err)
				}
				if !strings.Contains(err.Error(), "connect the laptop to the Wi-Fi") {
					t.Errorf("error %q does not say what to do", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want %s on %s", err, tt.wantIP, tt.wantIf)
			}
			if ip.String() != tt.wantIP || ifi == nil || ifi.Name != tt.wantIf {
				t.Errorf("got %v on %v, want %s on %s", ip, ifi, tt.wantIP, tt.wantIf)
			}
			if len(ip) != net.IPv4len {
				t.Errorf("got %d-byte IP, want the 4-byte form", len(ip))
			}
		})
	}
}

func TestList(t *testing.T) {
	ifaces := []ifaceAddrs{
		testIface(t, 1, "lo", loopFlags, "127.0.0.1/8"),
		testIface(t, 2, "docker0", upRunning, "172.17.0.1/16"),
		testIface(t, 3, "eth2", upRunning, "169.254.7.7/16"),
		testIface(t, 4, "wlan0", upRunning, "192.168.0.23/24", "fe80::1/64"),
		testIface(t, 5, "eth0", upRunning, "100.64.1.2/10"),
		testIface(t, 6, "eth1", net.FlagUp, "192.168.9.9/24"),
	}
	env := env{interfaces: func() ([]ifaceAddrs, error) { return ifaces, nil }}
	var got []string
	for _, a := range env.listIPv4() {
		got = append(got, a.String())
	}
	want := []string{"wlan0 (192.168.0.23)", "eth0 (100.64.1.2)", "eth2 (169.254.7.7)", "docker0 (172.17.0.1)"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestLANSystem runs the real lookup: on any machine it must either find a
// non-loopback IPv4 address of an interface that is up, or say ErrNoInterface.
func TestLANSystem(t *testing.T) {
	ip, ifi, err := LAN()
	if err != nil {
		if !errors.Is(err, ErrNoInterface) {
			t.Fatalf("LAN: %v, want nil or ErrNoInterface", err)
		}
		if len(List()) != 0 {
			t.Errorf("LAN failed but List = %v", List())
		}
		t.Skipf("no LAN here: %v", err)
	}
	if ip.To4() == nil || ip.IsLoopback() || ifi == nil || ifi.Flags&net.FlagUp == 0 {
		t.Fatalf("LAN = %v on %+v", ip, ifi)
	}
	found := false
	for _, a := range List() {
		found = found || (a.IP.Equal(ip) && a.Name == ifi.Name)
	}
	if !found {
		t.Errorf("LAN %v on %s is not among List() = %v", ip, ifi.Name, List())
	}
	t.Logf("LAN address %v on %s", ip, ifi.Name)
}

// Windows and macOS name their interfaces differently; the virtual ones still rank last, and
// LAN finds the Wi-Fi there from the UDP dial alone (no /proc/net/route).
func TestWindowsAndMacNames(t *testing.T) {
	for _, tt := range []struct {
		goos   string
		ifaces []ifaceAddrs
		want   []string
	}{
		{"windows", []ifaceAddrs{
			testIface(t, 1, "Loopback Pseudo-Interface 1", loopFlags, "127.0.0.1/8"),
			testIface(t, 2, "vEthernet (WSL)", upRunning, "172.20.16.1/20"),
			testIface(t, 3, "VirtualBox Host-Only Network", upRunning, "192.168.56.1/24"),
			testIface(t, 4, "VMware Network Adapter VMnet8", upRunning, "192.168.150.1/24"),
			testIface(t, 5, "Ethernet", net.FlagUp|net.FlagBroadcast, "10.0.0.3/8"), // unplugged
			testIface(t, 6, "Wi-Fi", upRunning, "192.168.1.34/24", "fe80::5/64"),
		}, []string{"Wi-Fi (192.168.1.34)", "vEthernet (WSL) (172.20.16.1)",
			"VirtualBox Host-Only Network (192.168.56.1)", "VMware Network Adapter VMnet8 (192.168.150.1)"}},
		{"darwin", []ifaceAddrs{
			testIface(t, 1, "lo0", loopFlags, "127.0.0.1/8"),
			testIface(t, 2, "bridge100", upRunning, "192.168.64.1/24"),
			testIface(t, 3, "utun3", net.FlagUp|net.FlagRunning|net.FlagPointToPoint, "10.8.0.2/24"),
			testIface(t, 4, "en0", upRunning, "192.168.1.34/24"),
		}, []string{"en0 (192.168.1.34)", "bridge100 (192.168.64.1)", "utun3 (10.8.0.2)"}},
	} {
		env := env{goos: tt.goos, interfaces: func() ([]ifaceAddrs, error) { return tt.ifaces, nil }}
		var got []string
		for _, a := range env.listIPv4() {
			got = append(got, a.String())
		}
		if strings.Join(got, ", ") != strings.Join(tt.want, ", ") {
			t.Errorf("%s: List = %q, want %q", tt.goos, got, tt.want)
		}
		// No route table; the dial names the Wi-Fi.
		env.dialSource = func() (net.IP, error) { return net.IPv4(192, 168, 1, 34), nil }
		if ip, ifi, err := env.lanAddress(); err != nil || ip.String() != "192.168.1.34" || ifi.Name != tt.ifaces[len(tt.ifaces)-1].Iface.Name {
			t.Errorf("%s: LAN = %v, %v, %v; want 192.168.1.34 on the Wi-Fi", tt.goos, ip, ifi, err)
		}
		// No route out at all (a party router without Internet): the ranking decides.
		env.dialSource = func() (net.IP, error) { return nil, errors.New("network is unreachable") }
		if ip, _, err := env.lanAddress(); err != nil || ip.String() != "192.168.1.34" {
			t.Errorf("%s: LAN without a route = %v, %v; want 192.168.1.34", tt.goos, ip, err)
		}
	}
}

// Only Linux has /proc/net/route; elsewhere systemRouteTable is nil and the dial decides.
func TestSystemRouteTable(t *testing.T) {
	if (systemRouteTable != nil) != (runtime.GOOS == "linux") {
		t.Errorf("systemRouteTable set = %v on %s", systemRouteTable != nil, runtime.GOOS)
	}
}
