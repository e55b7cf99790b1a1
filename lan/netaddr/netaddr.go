// Package netaddr finds the address phones on the LAN reach this machine
// at: LAN picks the one to put in the join URL (the default route's
// interface), List ranks every candidate for the host's chooser (virtual
// adapters and VPNs last), and Remember/Remembered keep the host's own
// choice per network. Addresses are IPv4 literals, never .local names.
package netaddr

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// ErrNoInterface is returned (wrapped) by LAN when the machine has no network interface
// that phones could reach: no running, non-loopback interface with an IPv4 address.
var ErrNoInterface = errors.New("no network interface with an IPv4 address: connect the laptop to the Wi-Fi the phones use")

// IfaceAddr is one IPv4 address of one network interface, as offered to the host in a chooser
// when the automatic choice of LAN is wrong (two networks, a VPN, a virtual bridge).
type IfaceAddr struct {
	Name  string // interface name, e.g. "wlan0"
	Index int    // interface index (net.InterfaceByIndex)
	IP    net.IP // its IPv4 address (4-byte form)
	// Net is the address's subnet (nil when unknown); Virtual reports an
	// interface phones on the Wi-Fi cannot normally reach (a VM or
	// container bridge, a VPN): List lists those last.
	Net     *net.IPNet
	Virtual bool
}

// String returns "wlan0 (192.168.1.23)".
func (a IfaceAddr) String() string { return fmt.Sprintf("%s (%s)", a.Name, a.IP) }

// LAN returns the IPv4 address phones should use to reach this machine, and its
// interface: the address of the interface that carries the default route.
//
// On Linux the default route is read from /proc/net/route (the main routing table, so a VPN that
// installs 0.0.0.0/1 + 128.0.0.0/1 or policy routes does not hide the Wi-Fi); the route with the
// lowest metric whose interface is up and has an IPv4 address wins, and of that interface's
// addresses the one whose subnet holds the gateway. Elsewhere, or when no default route is
// usable, the source address the kernel would pick for an outside destination is learned by
// "dialing" UDP to 192.0.2.1:9 (TEST-NET-1): dialing UDP only selects a route, no packet is sent.
// When neither works (an isolated network without a gateway) the best entry of List is used.
//
// The result is never a loopback address, and it is an address, never a .local name (many
// Android browsers cannot resolve mDNS names). The error wraps ErrNoInterface when there is no
// usable interface at all.
func LAN() (net.IP, *net.Interface, error) {
	return systemEnv().lanAddress()
}

// List lists the IPv4 addresses of the running, non-loopback interfaces, best candidates
// first (private LAN addresses before others, link-local 169.254.x.x and virtual bridges, VPNs
// and container interfaces last), for a chooser in the host UI. It is empty when LAN
// would fail with ErrNoInterface.
func List() []IfaceAddr {
	return systemEnv().listIPv4()
}

// env is what LAN reads from the system, injectable for tests.
type env struct {
	goos       string                       // runtime.GOOS
	routeTable func() ([]byte, error)       // contents of /proc/net/route (Linux only; nil elsewhere)
	interfaces func() ([]ifaceAddrs, error) // interfaces with their addresses
	dialSource func() (net.IP, error)       // source address of a UDP "dial" to TEST-NET-1
}

// ifaceAddrs is one interface and its addresses.
type ifaceAddrs struct {
	Iface net.Interface
	Addrs []*net.IPNet
}

func systemEnv() env {
	return env{
		goos:       runtime.GOOS,
		routeTable: systemRouteTable, // netaddr_linux.go; nil on other systems (netaddr_other.go)
		interfaces: systemInterfaces,
		dialSource: udpDialSource,
	}
}

func systemInterfaces() ([]ifaceAddrs, error) {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	out := make([]ifaceAddrs, 0, len(ifs))
	for _, ifi := range ifs {
		addrs, err := ifi.Addrs()
		if err != nil {
			continue
		}
		ia := ifaceAddrs{Iface: ifi}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				ia.Addrs = append(ia.Addrs, n)
			}
		}
		out = append(out, ia)
	}
	return out, nil
}

// udpDialSource learns the source address of the default route. Connecting a UDP socket sends
// nothing: the kernel only picks the route and the local address.
func udpDialSource() (net.IP, error) {
	c, err := net.Dial("udp4", "192.0.2.1:9")
	if err != nil {
		return nil, err
	}
	defer c.Close()
	a, ok := c.LocalAddr().(*net.UDPAddr)
	if !ok {
		return nil, fmt.Errorf("unexpected local address %v", c.LocalAddr())
	}
	return a.IP, nil
}

// usable reports whether phones could reach the interface at all.
func (ia ifaceAddrs) usable() bool {
	f := ia.Iface.Flags
	return f&net.FlagUp != 0 && f&net.FlagRunning != 0 && f&net.FlagLoopback == 0 && len(ia.ipv4s()) > 0
}

// ipv4s returns the interface's non-loopback IPv4 addresses, non-link-local ones first.
func (ia ifaceAddrs) ipv4s() []*net.IPNet {
	var good, linkLocal []*net.IPNet
	for _, n := range ia.Addrs {
		ip4 := n.IP.To4()
		if ip4 == nil || ip4.IsLoopback() || ip4.IsUnspecified() || ip4.IsMulticast() {
			continue
		}
		n4 := &net.IPNet{IP: ip4, Mask: n.Mask}
		if len(n.Mask) == net.IPv6len {
			n4.Mask = n.Mask[12:]
		}
		if ip4.IsLinkLocalUnicast() {
			linkLocal = append(linkLocal, n4)
		} else {
			good = append(good, n4)
		}
	}
	return append(good, linkLocal...)
}

// pick returns the interface's address to use, the one on the gateway's subnet if any.
func (ia ifaceAddrs) pick(gateway net.IP) net.IP {
	addrs := ia.ipv4s()
	if gateway != nil && !gateway.IsUnspecified() {
		for _, n := range addrs {
			if n.Contains(gateway) {
				return n.IP
			}
		}
	}
	return addrs[0].IP
}

// defaultRoute is one default route of /proc/net/route.
type defaultRoute struct {
	Iface   string
	Gateway net.IP
	Metric  int
}

// parseDefaultRoutes returns the default routes (destination and mask 0.0.0.0, flag RTF_UP) of
// a /proc/net/route table, lowest metric first. Addresses there are the hex of the 32-bit
// network-order value as read in host byte order.
func parseDefaultRoutes(table []byte) []defaultRoute {
	var routes []defaultRoute
	sc := bufio.NewScanner(bytes.NewReader(table))
	first := true
	for sc.Scan() {
		if first { // header: Iface Destination Gateway Flags RefCnt Use Metric Mask MTU Window IRTT
			first = false
			continue
		}
		f := strings.Fields(sc.Text())
		if len(f) < 8 {
			continue
		}
		dest, err1 := strconv.ParseUint(f[1], 16, 32)
		gw, err2 := strconv.ParseUint(f[2], 16, 32)
		flags, err3 := strconv.ParseUint(f[3], 16, 32)
		metric, err4 := strconv.Atoi(f[6])
		mask, err5 := strconv.ParseUint(f[7], 16, 32)
		if err := errors.Join(err1, err2, err3, err4, err5); err != nil {
			continue
		}
		const rtfUp = 0x1
		if dest != 0 || mask != 0 || flags&rtfUp == 0 {
			continue
		}
		g := make(net.IP, net.IPv4len)
		binary.NativeEndian.PutUint32(g, uint32(gw))
		routes = append(routes, defaultRoute{Iface: f[0], Gateway: g, Metric: metric})
	}
	sort.SliceStable(routes, func(i, j int) bool { return routes[i].Metric < routes[j].Metric })
	return routes
}

func (e env) lanAddress() (net.IP, *net.Interface, error) {
	ifs, err := e.interfaces()
	if err != nil {
		return nil, nil, fmt.Errorf("%w (listing interfaces: %v)", ErrNoInterface, err)
	}
	byName := make(map[string]ifaceAddrs, len(ifs))
	for _, ia := range ifs {
		if ia.usable() {
			byName[ia.Iface.Name] = ia
		}
	}
	found := func(ia ifaceAddrs, ip net.IP) (net.IP, *net.Interface, error) {
		ifi := ia.Iface
		return ip, &ifi, nil
	}

	// 1. The default route of the main table.
	if e.goos == "linux" && e.routeTable != nil {
		if table, err := e.routeTable(); err == nil {
			// A point-to-point default (a VPN, ppp) only if there is nothing else.
			for _, p2p := range []bool{false, true} {
				for _, r := range parseDefaultRoutes(table) {
					ia, ok := byName[r.Iface]
					if ok && (ia.Iface.Flags&net.FlagPointToPoint != 0) == p2p {
						return found(ia, ia.pick(r.Gateway))
					}
				}
			}
		}
	}

	// 2. The source address of a route to the outside.
	if e.dialSource != nil {
		if src, err := e.dialSource(); err == nil && src.To4() != nil && !src.IsLoopback() {
			src = src.To4()
			for _, ia := range ifs {
				if !ia.usable() {
					continue
				}
				for _, n := range ia.ipv4s() {
					if n.IP.Equal(src) {
						return found(ia, n.IP)
					}
				}
			}
		}
	}

	// 3. No route out (a party network without a gateway): the best-looking interface.
	if list := rankIPv4(ifs); len(list) > 0 {
		return found(byName[list[0].Name], list[0].IP)
	}
	return nil, nil, ErrNoInterface
}

func (e env) listIPv4() []IfaceAddr {
	ifs, err := e.interfaces()
	if err != nil {
		return nil
	}
	return rankIPv4(ifs)
}

// virtualPrefixes name interfaces that phones on the Wi-Fi cannot normally reach: container and
// VM bridges, VPN tunnels, overlay networks. They are matched without regard to case, since
// Windows names interfaces by their friendly names ("vEthernet (WSL)", "VirtualBox Host-Only
// Network", "VMware Network Adapter VMnet8"), and macOS has its own (bridge100 for VMs and
// Internet Sharing, awdl0/llw0 for AirDrop, anpi for the iPhone link).
var virtualPrefixes = []string{
	"docker", "br-", "virbr", "veth", "vmnet", "vboxnet", "lxc", "lxd", "cni", "flannel",
	"tun", "tap", "wg", "utun", "tailscale", "zt", "ppp", "ham",
	"vethernet", "virtualbox", "vmware", "hyper-v", "wsl", "bluetooth", "npcap", "loopback",
	"bridge", "awdl", "llw", "anpi", "gif", "stf",
}

// virtualName reports whether an interface's name is one of virtualPrefixes'.
func virtualName(name string) bool {
	name = strings.ToLower(name)
	return slices.ContainsFunc(virtualPrefixes, func(p string) bool { return strings.HasPrefix(name, p) })
}

// rankIPv4 lists the usable IPv4 addresses, best candidates first.
func rankIPv4(ifs []ifaceAddrs) []IfaceAddr {
	type ranked struct {
		IfaceAddr
		rank int
	}
	var list []ranked
	for _, ia := range ifs {
		if !ia.usable() {
			continue
		}
		virtual := ia.Iface.Flags&net.FlagPointToPoint != 0 || virtualName(ia.Iface.Name)
		for _, n := range ia.ipv4s() {
			rank := 0 // private LAN address
			switch {
			case n.IP.IsLinkLocalUnicast():
				rank = 2
			case !n.IP.IsPrivate():
				rank = 1
			}
			if virtual {
				rank += 3
			}
			subnet := &net.IPNet{IP: n.IP.Mask(n.Mask), Mask: n.Mask}
			list = append(list, ranked{IfaceAddr{Name: ia.Iface.Name, Index: ia.Iface.Index, IP: n.IP, Net: subnet, Virtual: virtual}, rank})
		}
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].rank < list[j].rank })
	out := make([]IfaceAddr, len(list))
	for i, r := range list {
		out[i] = r.IfaceAddr
	}
	return out
}
