// Package mdns advertises the host's table over multicast DNS / DNS-SD
// (Advertise), so that Bonjour browsers and launchers on the LAN list it by
// name, and undoes the escapes of the names a browse reports (Unescape).
// It is for discovery only: the join URL always carries an IP address.
package mdns

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/grandcat/zeroconf"
)

// DNS-SD service types Nightfall advertises: its own, for Nightfall-aware clients, and plain
// HTTP, which generic browsers (Bonjour browsers, some launchers) show as a web page.
const (
	Service     = "_nightfall._tcp"
	HTTPService = "_http._tcp"
)

// probeTime bounds the browse Advertise does before it picks an instance name.
const probeTime = time.Second

// maxLabel is the longest DNS label, in bytes: the limit of an instance name.
const maxLabel = 63

// Advertiser is a running mDNS/DNS-SD advertisement of this host's Nightfall table, on one
// network interface. Stop it with Shutdown.
type Advertiser struct {
	name    string
	servers []*zeroconf.Server
	once    sync.Once
}

// Name returns the instance name actually advertised (see Advertise).
func (a *Advertiser) Name() string { return a.name }

// Advertise announces the table over multicast DNS as the service instance `instance` of both
// _nightfall._tcp and _http._tcp on port, answering only on iface, with an A record for ip
// (an IPv4 address of iface; nil: its first one) under the host name nightfall-A-B-C-D.local,
// and the TXT records txt, e.g. "version=0.1.0", "path=/?room=K7QX2M" (each at most 255 bytes).
//
// The instance name may hold any UTF-8 ("Nightfall 客厅"); it is trimmed and cut to fit a DNS
// label. Before announcing, Advertise browses both service types on iface for about a second;
// if another responder already uses the name, it takes the first free of "name (2)",
// "name (3)", …, as Bonjour does. It returns the name actually advertised.
//
// mDNS is for discovery and for the name shown beside the QR code; the join URL itself always
// carries the IP address (see lan/netaddr.LAN).
func Advertise(instance string, port int, iface *net.Interface, ip net.IP, txt []string) (*Advertiser, string, error) {
	if iface == nil {
		return nil, "", errors.New("mdns: no network interface given")
	}
	if port <= 0 || port > 65535 {
		return nil, "", fmt.Errorf("mdns: port %d out of range", port)
	}
	if iface.Flags&net.FlagUp == 0 {
		return nil, "", fmt.Errorf("mdns: interface %s is down", iface.Name)
	}
	if iface.Flags&net.FlagMulticast == 0 {
		return nil, "", fmt.Errorf("mdns: interface %s does not support multicast", iface.Name)
	}
	ip4, err := ipv4Of(iface, ip)
	if err != nil {
		return nil, "", err
	}
	records := make([]string, len(txt))
	for i, r := range txt {
		if len(r) > 255 {
			return nil, "", fmt.Errorf("mdns: TXT record %q is longer than 255 bytes", r)
		}
		records[i] = strings.ReplaceAll(r, `\`, `\\`) // miekg/dns reads backslash escapes
	}

	base := cleanName(instance)
	ctx, cancel := context.WithTimeout(context.Background(), probeTime)
	taken, err := browseNames(ctx, iface, []string{Service, HTTPService})
	cancel()
	if err != nil {
		return nil, "", fmt.Errorf("mdns: browsing on %s: %w", iface.Name, err)
	}
	name := freeName(base, taken)

	host := "nightfall-" + strings.ReplaceAll(ip4.String(), ".", "-")
	a := &Advertiser{name: name}
	for _, svc := range []string{Service, HTTPService} {
		s, err := zeroconf.RegisterProxy(escapeLabel(name), svc, "local", port, host,
			[]string{ip4.String()}, records, []net.Interface{*iface})
		if err != nil {
			a.Shutdown()
			return nil, "", fmt.Errorf("mdns: advertising %s on %s: %w", svc, iface.Name, err)
		}
		a.servers = append(a.servers, s)
	}
	return a, name, nil
}

// Shutdown withdraws the advertisement: it sends the goodbye (the records again with TTL 0, so
// browsers drop them at once) for both service types and closes the sockets. It is safe to call
// more than once, and on a nil Advertiser.
func (a *Advertiser) Shutdown() {
	if a == nil {
		return
	}
	a.once.Do(func() {
		for _, s := range a.servers {
			s.Shutdown()
		}
	})
}

// ipv4Of checks ip is an IPv4 address (of iface, when nil: the first IPv4 of iface).
func ipv4Of(iface *net.Interface, ip net.IP) (net.IP, error) {
	if ip == nil {
		addrs, err := iface.Addrs()
		if err != nil {
			return nil, fmt.Errorf("mdns: addresses of %s: %w", iface.Name, err)
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() {
				return n.IP.To4(), nil
			}
		}
		return nil, fmt.Errorf("mdns: interface %s has no IPv4 address", iface.Name)
	}
	ip4 := ip.To4()
	if ip4 == nil || ip4.IsLoopback() || ip4.IsUnspecified() || ip4.IsMulticast() {
		return nil, fmt.Errorf("mdns: %v is not a usable IPv4 address", ip)
	}
	return ip4, nil
}

// cleanName trims the instance name and cuts it, at a character boundary, so that it and a
// " (99)" suffix fit a DNS label. Dots at the ends are dropped (zeroconf trims them, which
// would break an escaped dot), and an empty name becomes "Nightfall".
func cleanName(name string) string {
	name = strings.ToValidUTF8(name, "")
	name = strings.TrimFunc(name, func(r rune) bool { return r == '.' || r == ' ' || r < ' ' })
	const room = len(" (99)")
	for len(name) > maxLabel-room {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	name = strings.TrimRight(name, ". ")
	if name == "" {
		name = "Nightfall"
	}
	return name
}

// freeName returns base, or the first of "base (2)" … "base (99)" not in taken (lower case).
func freeName(base string, taken map[string]bool) string {
	if !taken[strings.ToLower(base)] {
		return base
	}
	for i := 2; i < 100; i++ {
		name := base + " (" + strconv.Itoa(i) + ")"
		if !taken[strings.ToLower(name)] {
			return name
		}
	}
	return base + " (" + strconv.FormatInt(time.Now().UnixNano()%1e4, 10) + ")"
}

// browseNames browses the service types on iface until ctx ends and returns the instance
// names seen, unescaped and in lower case (DNS names compare case-insensitively).
func browseNames(ctx context.Context, iface *net.Interface, services []string) (map[string]bool, error) {
	var (
		mu    sync.Mutex
		taken = map[string]bool{}
		errs  []error
		wg    sync.WaitGroup
	)
	for _, svc := range services {
		r, err := zeroconf.NewResolver(zeroconf.SelectIfaces([]net.Interface{*iface}),
			zeroconf.SelectIPTraffic(zeroconf.IPv4))
		if err != nil {
			return nil, err
		}
		entries := make(chan *zeroconf.ServiceEntry)
		if err := r.Browse(ctx, svc, "local.", entries); err != nil {
			errs = append(errs, err)
		}
		// The resolver closes entries when ctx ends; read until then so it never blocks.
		wg.Add(1)
		go func() {
			defer wg.Done()
			for e := range entries {
				mu.Lock()
				taken[strings.ToLower(Unescape(e.Instance))] = true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(errs) == len(services) {
		return nil, errors.Join(errs...)
	}
	return taken, nil
}

// escapeLabel returns the presentation form of a raw DNS label ("Nightfall (2)" →
// `Nightfall\ \(2\)`, non-ASCII bytes as \DDD): the form miekg/dns, which zeroconf is built
// on, prints the names it unpacks in. zeroconf compares names in that form, so the instance
// name must be registered in it for lookups of the instance (SRV/TXT questions) to be
// answered. The rules are miekg/dns's UnpackDomainName's: . ( ) ; space @ " and \ get a
// backslash, bytes outside printable ASCII become \DDD (three decimal digits). A label longer
// than a DNS label (63 bytes) has no such form and is returned as it is. TestMDNSEscape holds
// escapeLabel and Unescape to a round trip; TestMDNSNamespaces looks a name up by it.
func escapeLabel(label string) string {
	if len(label) > maxLabel {
		return label
	}
	var b strings.Builder
	for i := 0; i < len(label); i++ {
		c := label[i]
		switch {
		case strings.IndexByte(`.();@ "\`, c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c > '~':
			fmt.Fprintf(&b, "\\%03d", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Unescape undoes the presentation escapes (\X and \DDD) in an instance name or a TXT string
// as zeroconf's resolver reports them (ServiceEntry.Instance, ServiceEntry.Text).
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b = append(b, s[i])
			continue
		}
		if i+3 < len(s) && isDigits(s[i+1:i+4]) {
			if v, err := strconv.Atoi(s[i+1 : i+4]); err == nil && v < 256 {
				b = append(b, byte(v))
				i += 3
				continue
			}
		}
		b = append(b, s[i+1])
		i++
	}
	return string(b)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
