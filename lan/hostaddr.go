package lan

// The address the table is reached at (PROTOCOL.md "HTTP": the join URL):
// the lobby shows which of the laptop's addresses the QR code, the typed
// address and the mDNS advertisement use, and the host switches to another
// in one tap (HostSetAddress). The choice is remembered per network
// (netaddr.Remember), in <data dir>/addresses.json.

import (
	"fmt"
	"net"
	"slices"
	"strconv"

	"nightfall/lan/mdns"
	"nightfall/lan/netaddr"
)

// Addresses are the laptop's addresses phones might reach, best first
// (netaddr.List: virtual adapters last).
func (s *Server) Addresses() []netaddr.IfaceAddr { return s.listAddrs() }

// setAddress makes ip the address of the join URL: the QR code, the typed
// address and the mDNS advertisement follow; the phones already in keep
// their sockets (the server listens on every interface). It must be one of
// Addresses, and the server must listen on it.
func (s *Server) setAddress(ip string) error {
	want := net.ParseIP(ip).To4()
	if want == nil {
		return &HostError{Code: HostErrNotIPv4, Name: ip}
	}
	list := s.listAddrs()
	i := slices.IndexFunc(list, func(a netaddr.IfaceAddr) bool { return a.IP.Equal(want) })
	if i < 0 {
		return &HostError{Code: HostErrNotOurAddress, Name: ip}
	}
	a := list[i]
	s.mu.Lock()
	if s.joinURL == "" {
		s.mu.Unlock()
		return &HostError{Code: HostErrNotListening}
	}
	if !s.listenAll && !a.IP.Equal(s.listenIP) {
		s.mu.Unlock()
		return &HostError{Code: HostErrListensOnly, Name: s.listenIP.String()}
	}
	s.joinURL = s.joinURLFor(a.IP)
	old := s.adv
	s.adv, s.mdnsName = nil, ""
	s.advGen++
	gen := s.advGen
	s.mu.Unlock()
	if old != nil {
		go old.Shutdown()
	}
	if !s.cfg.NoMDNS {
		ifi, err := net.InterfaceByIndex(a.Index)
		if err != nil {
			ifi = nil
		}
		go s.advertise(gen, ifi, a.IP)
	}
	if err := netaddr.Remember(s.cfg.DataDir, list, a); err != nil {
		s.cfg.Logf("lan: cannot remember the address chosen: %v", err)
	}
	return nil
}

// joinURLFor is the join URL at ip (the port the server listens on).
func (s *Server) joinURLFor(ip net.IP) string {
	return fmt.Sprintf("http://%s/?room=%s#k=%s", net.JoinHostPort(ip.String(), strconv.Itoa(s.port)), s.room, s.pub)
}

// advertise advertises the table on iface at ip over mDNS (in the
// background: it browses for a second first); gen is the advertisement's
// generation: one that finishes after a newer address was chosen is shut
// down at once.
func (s *Server) advertise(gen int, iface *net.Interface, ip net.IP) {
	adv, name, err := mdns.Advertise(s.cfg.TableName, s.port, iface, ip, []string{"path=/"})
	if err != nil {
		s.cfg.Logf("lan: no mDNS advertisement (phones still join with the QR code): %v", err)
		return
	}
	s.mu.Lock()
	stale := s.closed || gen != s.advGen
	if !stale {
		s.adv, s.mdnsName = adv, name
	}
	s.mu.Unlock()
	if stale {
		adv.Shutdown()
		return
	}
	s.post(msgPublish{})
}
