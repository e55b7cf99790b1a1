package lan

// The address the table is reached at (PROTOCOL.md "HTTP": the join URL):
// the lobby shows which of the laptop's addresses the QR code, the typed
// address and the mDNS advertisement use, and the host switches to another
// in one tap (HostSetAddress). The choice is remembered per network, in
// <data dir>/addresses.json.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// AddressesFile keeps the host's address choice per network, under the
// data directory.
const AddressesFile = "addresses.json"

// addrChoice is a remembered choice: the interface and its subnet (the
// address itself may change with DHCP on the same network).
type addrChoice struct {
	Iface string `json:"iface"`
	Net   string `json:"net"`
}

// networkOf names the network the laptop is on: its subnets, sorted, of
// the interfaces phones could reach (virtual ones only if there is no
// other), so that a choice made at one party is not applied at another,
// and a VM bridge coming and going does not make the same Wi-Fi another
// network.
func networkOf(list []IfaceAddr) string {
	var nets, virtual []string
	for _, a := range list {
		if a.Net == nil {
			continue
		}
		if a.Virtual {
			virtual = append(virtual, a.Net.String())
		} else {
			nets = append(nets, a.Net.String())
		}
	}
	if len(nets) == 0 {
		nets = virtual
	}
	slices.Sort(nets)
	return strings.Join(slices.Compact(nets), ",")
}

func loadChoices(dataDir string) map[string]addrChoice {
	m := map[string]addrChoice{}
	b, err := os.ReadFile(filepath.Join(dataDir, AddressesFile))
	if err == nil {
		json.Unmarshal(b, &m)
	}
	return m
}

// rememberAddress keeps a as the choice for the network of list.
func rememberAddress(dataDir string, list []IfaceAddr, a IfaceAddr) error {
	m := loadChoices(dataDir)
	m[networkOf(list)] = addrChoice{Iface: a.Name, Net: a.Net.String()}
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return err
	}
	tmp := filepath.Join(dataDir, "."+AddressesFile+".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dataDir, AddressesFile))
}

// rememberedAddress is the address chosen before on the network of list,
// if its interface still has an address on that subnet.
func rememberedAddress(dataDir string, list []IfaceAddr) (IfaceAddr, bool) {
	c, ok := loadChoices(dataDir)[networkOf(list)]
	if !ok {
		return IfaceAddr{}, false
	}
	for _, a := range list {
		if a.Name == c.Iface && a.Net != nil && a.Net.String() == c.Net {
			return a, true
		}
	}
	return IfaceAddr{}, false
}

// Addresses are the laptop's addresses phones might reach, best first
// (ListIPv4: virtual adapters last).
func (s *Server) Addresses() []IfaceAddr { return s.listAddrs() }

// setAddress makes ip the address of the join URL: the QR code, the typed
// address and the mDNS advertisement follow; the phones already in keep
// their sockets (the server listens on every interface). It must be one of
// Addresses, and the server must listen on it.
func (s *Server) setAddress(ip string) error {
	want := net.ParseIP(ip).To4()
	if want == nil {
		return fmt.Errorf("%q is not an IPv4 address", ip)
	}
	list := s.listAddrs()
	i := slices.IndexFunc(list, func(a IfaceAddr) bool { return a.IP.Equal(want) })
	if i < 0 {
		return fmt.Errorf("%s is not an address of this computer now", ip)
	}
	a := list[i]
	s.mu.Lock()
	if s.joinURL == "" {
		s.mu.Unlock()
		return errors.New("the server is not listening yet")
	}
	if !s.listenAll && !a.IP.Equal(s.listenIP) {
		s.mu.Unlock()
		return fmt.Errorf("the server listens on %s only", s.listenIP)
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
	if err := rememberAddress(s.cfg.DataDir, list, a); err != nil {
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
	adv, name, err := Advertise(s.cfg.TableName, s.port, iface, ip, []string{"path=/"})
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
	s.post(func() { s.sess.publish() })
}
