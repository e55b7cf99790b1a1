// The mDNS tests that need Linux: network namespaces (ip netns) and the test binary
// re-run inside them. The portable ones are in mdns_test.go.

package mdns

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grandcat/zeroconf"
	"golang.org/x/net/dns/dnsmessage"

	"nightfall/lan/internal/netnstest"
	"nightfall/lan/netaddr"
)

// ---- the real thing, inside two network namespaces ----------------------------------------

// mdnsHelperEnv selects helper mode of the test binary: "A" (advertiser side) or "B" (browser).
const mdnsHelperEnv = "NIGHTFALL_MDNS_HELPER"

// mdnsHelperMark starts every protocol line a helper prints on stdout.
const mdnsHelperMark = "NFMDNS "

type mdnsHelperReq struct {
	Op        string   `json:"op"` // A: lan, adv, stop; B: browse, lookup, watch
	ID        int      `json:"id,omitempty"`
	Name      string   `json:"name,omitempty"`
	Port      int      `json:"port,omitempty"`
	TXT       []string `json:"txt,omitempty"`
	Service   string   `json:"service,omitempty"`
	Want      []string `json:"want,omitempty"` // browse: stop once all seen; watch: goodbyes awaited
	TimeoutMS int      `json:"timeout_ms,omitempty"`
}

type mdnsHelperResp struct {
	Op       string            `json:"op"`
	Err      string            `json:"err,omitempty"`
	IP       string            `json:"ip,omitempty"`
	Iface    string            `json:"iface,omitempty"`
	List     []string          `json:"list,omitempty"`
	ID       int               `json:"id,omitempty"`
	Name     string            `json:"name,omitempty"`
	Entries  []mdnsHelperEntry `json:"entries,omitempty"`
	Goodbyes []string          `json:"goodbyes,omitempty"`
	MS       int64             `json:"ms,omitempty"`
}

type mdnsHelperEntry struct {
	Instance string   `json:"instance"` // unescaped
	Host     string   `json:"host"`
	Port     int      `json:"port"`
	IPv4     []string `json:"ipv4"`
	TXT      []string `json:"txt"` // unescaped
}

// TestMDNSNamespaces advertises for real, but only between two network namespaces joined by a
// veth pair: nothing is sent on the machine's own interfaces. The test binary re-runs itself
// inside each namespace (`ip netns exec NS <test binary> -test.run '^TestHelperMDNS$'`) as a
// helper driven by JSON lines on stdin/stdout: A runs netaddr.LAN and Advertise, B browses with
// zeroconf and listens for goodbyes.
func TestMDNSNamespaces(t *testing.T) {
	if os.Getenv(mdnsHelperEnv) != "" {
		t.Skip("helper process")
	}
	start := time.Now()
	a, b, subnet := netnstest.Pair(t)
	t.Logf("namespaces %s and %s up in %v", a, b, time.Since(start).Round(time.Millisecond))
	ipA := subnet + ".1"

	hA := mdnsStartHelper(t, a, "A")
	hB := mdnsStartHelper(t, b, "B")

	// netaddr.LAN inside A: the veth carries A's default route.
	r := hA.call(mdnsHelperReq{Op: "lan"}, 10*time.Second)
	if r.IP != ipA || r.Iface != netnstest.VethA {
		t.Fatalf("netaddr.LAN in namespace A = %s on %s, want %s on %s", r.IP, r.Iface, ipA, netnstest.VethA)
	}
	if want := []string{netnstest.VethA + " (" + ipA + ")"}; !slices.Equal(r.List, want) {
		t.Errorf("netaddr.List in namespace A = %q, want %q", r.List, want)
	}

	const base = "Nightfall 客厅"
	txt := []string{"version=0.1.0", "path=/?room=K7QX2M", `odd=a\b"c`}
	t0 := time.Now()
	r = hA.call(mdnsHelperReq{Op: "adv", Name: base, Port: 18080, TXT: txt}, 15*time.Second)
	if r.Name != base {
		t.Fatalf("first advertiser got name %q, want %q", r.Name, base)
	}
	first := r.ID
	t.Logf("Advertise took %v (includes the 1 s probe)", time.Since(t0).Round(time.Millisecond))

	check := func(e mdnsHelperEntry, name string, port int) {
		t.Helper()
		if e.Instance != name || e.Port != port || !slices.Contains(e.IPv4, ipA) || !slices.Equal(e.TXT, txt) {
			t.Errorf("found %+v, want instance %q port %d address %s TXT %q", e, name, port, ipA, txt)
		}
		if wantHost := "nightfall-" + strings.ReplaceAll(ipA, ".", "-") + ".local."; e.Host != wantHost {
			t.Errorf("host %q, want %q", e.Host, wantHost)
		}
	}
	find := func(entries []mdnsHelperEntry, name string) (mdnsHelperEntry, bool) {
		for _, e := range entries {
			if e.Instance == name {
				return e, true
			}
		}
		return mdnsHelperEntry{}, false
	}

	// Browse both types, and look the instance up by name (SRV/TXT questions for the escaped name).
	for _, svc := range []string{Service, HTTPService} {
		t0 := time.Now()
		r = hB.call(mdnsHelperReq{Op: "browse", Service: svc, Want: []string{base}, TimeoutMS: 5000}, 10*time.Second)
		e, ok := find(r.Entries, base)
		if !ok {
			t.Fatalf("browse %s from namespace B found %+v, want %q", svc, r.Entries, base)
		}
		check(e, base, 18080)
		t.Logf("browse %s found it in %v", svc, time.Since(t0).Round(time.Millisecond))
	}
	// A second table with the same name on the LAN gets a suffix.
	r = hA.call(mdnsHelperReq{Op: "adv", Name: base, Port: 18081, TXT: txt}, 15*time.Second)
	if want := base + " (2)"; r.Name != want {
		t.Fatalf("second advertiser got name %q, want %q", r.Name, want)
	}
	second, secondName, secondAt := r.ID, r.Name, time.Now()
	r = hB.call(mdnsHelperReq{Op: "browse", Service: Service, Want: []string{base, secondName}, TimeoutMS: 5000}, 10*time.Second)
	e1, ok1 := find(r.Entries, base)
	e2, ok2 := find(r.Entries, secondName)
	if !ok1 || !ok2 {
		t.Fatalf("browse after the second advertiser found %+v, want %q and %q", r.Entries, base, secondName)
	}
	check(e1, base, 18080)
	check(e2, secondName, 18081)

	// Shutdown sends goodbyes (TTL 0) for both types, and the name is gone from a fresh browse.
	wantBye := []string{base + "/" + Service, base + "/" + HTTPService}
	hB.call(mdnsHelperReq{Op: "watch", Want: wantBye, TimeoutMS: 5000}, 10*time.Second) // "ready"
	r = hA.call(mdnsHelperReq{Op: "stop", ID: first}, 10*time.Second)
	t.Logf("Shutdown took %d ms", r.MS)
	r = hB.next(10 * time.Second)
	for _, w := range wantBye {
		if !slices.Contains(r.Goodbyes, w) {
			t.Errorf("goodbyes seen in B: %q, want %q among them", r.Goodbyes, w)
		}
	}
	r = hB.call(mdnsHelperReq{Op: "browse", Service: Service, TimeoutMS: 1500}, 10*time.Second)
	if _, ok := find(r.Entries, base); ok {
		t.Errorf("after Shutdown a fresh browse still finds %q: %+v", base, r.Entries)
	}
	if _, ok := find(r.Entries, secondName); !ok {
		t.Errorf("after the first Shutdown a fresh browse lost %q: %+v", secondName, r.Entries)
	}

	// Look the second up by name: SRV and TXT questions for the escaped instance name
	// (`Nightfall\ \229…\ \(2\)`). zeroconf's unsolicited announcements end about 1.5 s
	// after registering, so past 2 s only an answer to the question can satisfy the lookup.
	time.Sleep(time.Until(secondAt.Add(2 * time.Second)))
	r = hB.call(mdnsHelperReq{Op: "lookup", Service: Service, Name: secondName, TimeoutMS: 1500}, 10*time.Second)
	if len(r.Entries) == 0 {
		t.Fatalf("lookup of %q found nothing", secondName)
	}
	check(r.Entries[0], secondName, 18081)

	hA.call(mdnsHelperReq{Op: "stop", ID: second}, 10*time.Second)
	hA.close()
	hB.close()
	t.Logf("namespace test took %v", time.Since(start).Round(time.Millisecond))
}

// mdnsHelper is a helper process running inside a namespace.
type mdnsHelper struct {
	t      *testing.T
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *mdnsLockedBuffer
	done   chan struct{}
}

type mdnsLockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *mdnsLockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *mdnsLockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func mdnsStartHelper(t *testing.T, ns, role string) *mdnsHelper {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("ip", "netns", "exec", ns, exe, "-test.run=^TestHelperMDNS$", "-test.count=1", "-test.timeout=2m")
	cmd.Env = append(os.Environ(), mdnsHelperEnv+"="+role)
	h := &mdnsHelper{t: t, name: role, cmd: cmd, lines: make(chan string, 16), stderr: &mdnsLockedBuffer{}, done: make(chan struct{})}
	cmd.Stderr = h.stderr
	h.stdin, err = cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(h.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), mdnsHelperMark); ok {
				h.lines <- line
			} else if strings.TrimSpace(sc.Text()) != "" {
				h.stderr.Write([]byte("stdout: " + sc.Text() + "\n"))
			}
		}
	}()
	go func() {
		cmd.Wait()
		close(h.done)
	}()
	t.Cleanup(func() {
		h.close()
		if t.Failed() {
			t.Logf("helper %s output:\n%s", role, h.stderr.String())
		}
	})
	return h
}

// call sends one request and waits, bounded, for its answer.
func (h *mdnsHelper) call(req mdnsHelperReq, timeout time.Duration) mdnsHelperResp {
	h.t.Helper()
	data, _ := json.Marshal(req)
	if _, err := h.stdin.Write(append(data, '\n')); err != nil {
		h.t.Fatalf("helper %s: write %s: %v\n%s", h.name, req.Op, err, h.stderr.String())
	}
	r := h.next(timeout)
	if r.Op != req.Op {
		h.t.Fatalf("helper %s: asked %s, got answer to %s", h.name, req.Op, r.Op)
	}
	return r
}

// next waits, bounded, for the helper's next line.
func (h *mdnsHelper) next(timeout time.Duration) mdnsHelperResp {
	h.t.Helper()
	select {
	case line, ok := <-h.lines:
		if !ok {
			h.t.Fatalf("helper %s exited:\n%s", h.name, h.stderr.String())
		}
		var r mdnsHelperResp
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			h.t.Fatalf("helper %s: bad line %q: %v", h.name, line, err)
		}
		if r.Err != "" {
			h.t.Fatalf("helper %s: %s: %s\n%s", h.name, r.Op, r.Err, h.stderr.String())
		}
		return r
	case <-time.After(timeout):
		h.t.Fatalf("helper %s: no answer in %v\n%s", h.name, timeout, h.stderr.String())
	}
	return mdnsHelperResp{}
}

// close ends the helper: EOF on stdin makes it withdraw everything and exit; a helper still
// running 10 s later is killed.
func (h *mdnsHelper) close() {
	h.stdin.Close()
	select {
	case <-h.done:
	case <-time.After(10 * time.Second):
		h.cmd.Process.Kill()
		<-h.done
		h.t.Errorf("helper %s did not exit in 10 s; killed", h.name)
	}
}

// TestHelperMDNS is not a test: it is the helper process TestMDNSNamespaces runs inside a
// namespace. It refuses to run anywhere but in such a namespace.
func TestHelperMDNS(t *testing.T) {
	role := os.Getenv(mdnsHelperEnv)
	if role == "" {
		t.Skip("helper process for TestMDNSNamespaces")
	}
	netnstest.OnlyInterfaces(t, "lo", netnstest.VethA, netnstest.VethB)
	var outMu sync.Mutex
	reply := func(r mdnsHelperResp) {
		data, _ := json.Marshal(r)
		outMu.Lock()
		defer outMu.Unlock()
		fmt.Printf("%s%s\n", mdnsHelperMark, data)
	}
	advertisers, lastID := map[int]*Advertiser{}, 0
	defer func() {
		for _, a := range advertisers {
			a.Shutdown()
		}
	}()
	var watchers sync.WaitGroup
	defer watchers.Wait()

	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		var req mdnsHelperReq
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			reply(mdnsHelperResp{Op: "?", Err: err.Error()})
			continue
		}
		timeout := time.Duration(req.TimeoutMS) * time.Millisecond
		resp := mdnsHelperResp{Op: req.Op}
		switch req.Op {
		case "lan":
			ip, ifi, err := netaddr.LAN()
			if err != nil {
				resp.Err = err.Error()
				break
			}
			resp.IP, resp.Iface = ip.String(), ifi.Name
			for _, a := range netaddr.List() {
				resp.List = append(resp.List, a.String())
			}
		case "adv":
			ip, ifi, err := netaddr.LAN()
			if err != nil {
				resp.Err = err.Error()
				break
			}
			a, name, err := Advertise(req.Name, req.Port, ifi, ip, req.TXT)
			if err != nil {
				resp.Err = err.Error()
				break
			}
			lastID++
			resp.ID, resp.Name = lastID, name
			advertisers[resp.ID] = a
		case "stop":
			t0 := time.Now()
			advertisers[req.ID].Shutdown()
			delete(advertisers, req.ID)
			resp.MS = time.Since(t0).Milliseconds()
		case "browse", "lookup":
			var err error
			if resp.Entries, err = mdnsHelperBrowse(req, timeout); err != nil {
				resp.Err = err.Error()
			}
		case "watch":
			conn, err := mdnsHelperListen()
			if err != nil {
				resp.Err = err.Error()
				break
			}
			reply(resp) // "ready": listening before the parent stops an advertiser
			watchers.Add(1)
			go func() {
				defer watchers.Done()
				reply(mdnsHelperResp{Op: "goodbye", Goodbyes: mdnsHelperWatch(conn, req.Want, timeout)})
			}()
			continue
		default:
			resp.Err = "unknown op " + req.Op
		}
		reply(resp)
	}
}

// mdnsHelperBrowse browses (or looks up req.Name) on the veth, until every name of req.Want is
// seen or the time is up.
func mdnsHelperBrowse(req mdnsHelperReq, timeout time.Duration) ([]mdnsHelperEntry, error) {
	instance := ""
	if req.Op == "lookup" {
		instance = escapeLabel(req.Name)
	}
	var entries []mdnsHelperEntry
	err := netnstest.Browse(netnstest.VethB, req.Service, instance, timeout, func(e *zeroconf.ServiceEntry) bool {
		me := mdnsHelperEntry{Instance: Unescape(e.Instance), Host: e.HostName, Port: e.Port}
		for _, ip := range e.AddrIPv4 {
			me.IPv4 = append(me.IPv4, ip.String())
		}
		for _, s := range e.Text {
			me.TXT = append(me.TXT, Unescape(s))
		}
		entries = append(entries, me)
		all := len(req.Want) > 0 || req.Op == "lookup"
		for _, w := range req.Want {
			all = all && slices.ContainsFunc(entries, func(e mdnsHelperEntry) bool { return e.Instance == w })
		}
		return all
	})
	return entries, err
}

// mdnsHelperListen joins the mDNS group on the veth to hear every mDNS packet.
func mdnsHelperListen() (*net.UDPConn, error) {
	ifi, err := net.InterfaceByName(netnstest.VethB)
	if err != nil {
		return nil, err
	}
	return net.ListenMulticastUDP("udp4", ifi, &net.UDPAddr{IP: net.IPv4(224, 0, 0, 251), Port: 5353})
}

// mdnsHelperWatch collects goodbyes (PTR records with TTL 0) as "instance/service" until all of
// want are seen or the time is up.
func mdnsHelperWatch(conn *net.UDPConn, want []string, timeout time.Duration) []string {
	defer conn.Close()
	deadline := time.Now().Add(timeout)
	conn.SetReadDeadline(deadline)
	var seen []string
	buf := make([]byte, 65536)
	for time.Now().Before(deadline) {
		n, _, err := conn.ReadFromUDP(buf)
		if err != nil {
			break
		}
		var p dnsmessage.Parser
		h, err := p.Start(buf[:n])
		if err != nil || !h.Response || p.SkipAllQuestions() != nil {
			continue
		}
		for {
			ah, err := p.AnswerHeader()
			if err != nil { // dnsmessage.ErrSectionDone, or a malformed record
				break
			}
			if ah.Type != dnsmessage.TypePTR || ah.TTL != 0 {
				if p.SkipAnswer() != nil {
					break
				}
				continue
			}
			ptr, err := p.PTRResource()
			if err != nil {
				break
			}
			// dnsmessage gives names as their raw bytes, unescaped.
			svc := strings.TrimSuffix(ah.Name.String(), ".local.")
			inst, found := strings.CutSuffix(ptr.PTR.String(), "."+ah.Name.String())
			if !found {
				continue
			}
			if s := inst + "/" + svc; !slices.Contains(seen, s) {
				seen = append(seen, s)
			}
		}
		all := true
		for _, w := range want {
			all = all && slices.Contains(seen, w)
		}
		if all {
			break
		}
	}
	return seen
}
