package lan

// The address switch for real, inside network namespaces: a host namespace
// with two interfaces (two addresses on two subnets), each joined by a veth
// pair to a phones' namespace that reaches both. The test binary re-runs
// itself in them (as the mDNS test does): the host runs a Server there and
// switches its address; a phone dials the new QR code's URL and the new
// typed address, and browses for the advertisement. Nothing is sent on the
// machine's own interfaces.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grandcat/zeroconf"

	"nightfall/lan/internal/netnstest"
	"nightfall/lan/mdns"
	"nightfall/lan/sealed"
)

const addrHelperEnv = "NIGHTFALL_ADDR_HELPER" // "host" or "phone"

// addrHelperIfaces are the only interfaces a helper may see.
var addrHelperIfaces = []string{"lo", "nfh0", "nfh1", "nfp0", "nfp1"}

type addrHostState struct {
	URL, Typed, Code, MDNS, Err string
	Addresses                   []string
}

// TestAddressSwitchNamespaces: the host starts on the default route's
// address; one HostSetAddress moves the QR code's URL, the typed address and
// the mDNS advertisement to the other address; a phone joins by the new URL
// and by the new typed address (and not by the old address's URL only: the
// server listens on both, so it still works there too); the choice is
// remembered: a new server in the same data directory starts on it.
func TestAddressSwitchNamespaces(t *testing.T) {
	if os.Getenv(addrHelperEnv) != "" {
		t.Skip("helper process")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to create network namespaces")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skipf("needs ip (iproute2): %v", err)
	}
	id := fmt.Sprintf("%d-%04x", os.Getpid(), rand.IntN(1<<16))
	hostNS, phoneNS := "nf-h-"+id, "nf-p-"+id
	s0 := fmt.Sprintf("10.%d.%d", 150+rand.IntN(50), rand.IntN(256))
	s1 := fmt.Sprintf("10.%d.%d", 150+rand.IntN(50), rand.IntN(256))
	for s1 == s0 {
		s1 = fmt.Sprintf("10.%d.%d", 150+rand.IntN(50), rand.IntN(256))
	}
	if _, err := netnstest.Run("ip", "netns", "add", hostNS); err != nil {
		t.Skipf("cannot create a network namespace: %v", err)
	}
	t.Cleanup(func() {
		for _, ns := range []string{hostNS, phoneNS} {
			netnstest.Run("ip", "netns", "delete", ns)
		}
	})
	steps := [][]string{{"netns", "add", phoneNS}}
	for i, sub := range []string{s0, s1} {
		h, p := fmt.Sprintf("nfh%d", i), fmt.Sprintf("nfp%d", i)
		steps = append(steps,
			[]string{"-n", hostNS, "link", "add", h, "type", "veth", "peer", "name", p, "netns", phoneNS},
			[]string{"-n", hostNS, "addr", "add", sub + ".1/24", "dev", h},
			[]string{"-n", phoneNS, "addr", "add", sub + ".2/24", "dev", p},
			[]string{"-n", hostNS, "link", "set", h, "multicast", "on"},
			[]string{"-n", phoneNS, "link", "set", p, "multicast", "on"},
			[]string{"-n", hostNS, "link", "set", h, "up"},
			[]string{"-n", phoneNS, "link", "set", p, "up"},
		)
	}
	steps = append(steps,
		[]string{"-n", hostNS, "link", "set", "lo", "up"},
		[]string{"-n", phoneNS, "link", "set", "lo", "up"},
		[]string{"-n", hostNS, "route", "add", "default", "via", s0 + ".2", "dev", "nfh0"},
		[]string{"-n", hostNS, "route", "add", "224.0.0.0/4", "dev", "nfh1"},
		[]string{"-n", phoneNS, "route", "add", "224.0.0.0/4", "dev", "nfp1"},
	)
	for _, s := range steps {
		if _, err := netnstest.Run("ip", s...); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}

	host := func() (*exec.Cmd, *bufio.Scanner, func(string)) {
		cmd := exec.Command("ip", "netns", "exec", hostNS, exe, "-test.run=^TestHelperAddress$", "-test.count=1", "-test.timeout=2m")
		cmd.Env = append(os.Environ(), addrHelperEnv+"=host", "NF_DATA="+data)
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { in.Close(); cmd.Wait() })
		sc := bufio.NewScanner(out)
		return cmd, sc, func(line string) { fmt.Fprintln(in, line) }
	}
	read := func(sc *bufio.Scanner) addrHostState {
		t.Helper()
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), "NFADDR "); ok {
				var st addrHostState
				json.Unmarshal([]byte(line), &st)
				if st.Err != "" {
					t.Fatalf("host: %s", st.Err)
				}
				return st
			}
		}
		t.Fatal("the host helper stopped")
		return addrHostState{}
	}
	phone := func(st addrHostState, want string) {
		t.Helper()
		cmd := exec.Command("ip", "netns", "exec", phoneNS, exe, "-test.run=^TestHelperAddress$", "-test.count=1", "-test.timeout=1m")
		cmd.Env = append(os.Environ(), addrHelperEnv+"=phone", "NF_URL="+st.URL, "NF_TYPED="+st.Typed, "NF_CODE="+st.Code, "NF_MDNS="+st.MDNS, "NF_WANT="+want)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "NFADDR phone ok") {
			t.Fatalf("the phone in its namespace: %v\n%s", err, out)
		}
	}

	_, sc, send := host()
	st := read(sc)
	a0, a1 := s0+".1", s1+".1"
	if !strings.Contains(st.URL, "//"+a0+":") || !strings.HasPrefix(st.Typed, a0+":") {
		t.Fatalf("at the start: %+v, want the default route's %s", st, a0)
	}
	if !slices.Contains(st.Addresses, "nfh0 ("+a0+")") || !slices.Contains(st.Addresses, "nfh1 ("+a1+")") {
		t.Fatalf("addresses %q", st.Addresses)
	}
	before := st
	before.MDNS = "" // the phones' namespace routes multicast to the second interface only
	phone(before, a0)
	send("switch " + a1)
	st1 := read(sc)
	if !strings.Contains(st1.URL, "//"+a1+":") || st1.Typed != strings.Replace(st.Typed, a0, a1, 1) || st1.Code != st.Code {
		t.Fatalf("after the switch: %+v (before %+v)", st1, st)
	}
	if st1.MDNS == "" {
		t.Fatalf("no mDNS name after the switch: %+v", st1)
	}
	phone(st1, a1)
	send("quit")

	// Remembered for this network: a new server starts on a1.
	_, sc2, send2 := host()
	st2 := read(sc2)
	if !strings.Contains(st2.URL, "//"+a1+":") {
		t.Errorf("a new server on the same network starts at %s, want %s (remembered)", st2.URL, a1)
	}
	send2("quit")
	t.Logf("switched %s → %s; typed %s → %s; mDNS %q", a0, a1, st.Typed, st1.Typed, st1.MDNS)
}

// TestHelperAddress is the helper of TestAddressSwitchNamespaces, inside a
// namespace: "host" runs a server and switches its address on "switch IP";
// "phone" joins by NF_URL and by NF_TYPED with NF_CODE, and finds the
// advertisement NF_MDNS at NF_WANT.
func TestHelperAddress(t *testing.T) {
	role := os.Getenv(addrHelperEnv)
	if role == "" {
		t.Skip("helper process for TestAddressSwitchNamespaces")
	}
	netnstest.OnlyInterfaces(t, addrHelperIfaces...)
	if role == "phone" {
		c, err := sealed.DialJoin(os.Getenv("NF_URL"), nil)
		if err != nil {
			t.Fatalf("dial %s: %v", os.Getenv("NF_URL"), err)
		}
		helloWelcome(t, c)
		ctx := t.Context()
		tc, _, err := sealed.DialTyped(ctx, os.Getenv("NF_TYPED"), "", os.Getenv("NF_CODE"), nil)
		if err != nil {
			t.Fatalf("typed %s: %v", os.Getenv("NF_TYPED"), err)
		}
		helloWelcome(t, tc)
		if name := os.Getenv("NF_MDNS"); name != "" {
			ips, err := browseOn("nfp1", name, 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(ips, os.Getenv("NF_WANT")) {
				t.Fatalf("the advertisement %q is at %v, want %s", name, ips, os.Getenv("NF_WANT"))
			}
		}
		fmt.Println("NFADDR phone ok")
		return
	}
	srv, err := NewServer(Config{DataDir: os.Getenv("NF_DATA"), TableName: "换地址", Addr: ":0", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if err := srv.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	report := func(waitMDNS bool) {
		var st addrHostState
		deadline := time.Now().Add(10 * time.Second)
		for {
			hv, stop := srv.Subscribe()
			v := <-hv
			stop()
			st = addrHostState{URL: v.JoinURL, Typed: v.Typed.Addr, Code: v.Typed.Code, MDNS: v.MDNSName}
			for _, a := range v.Addresses {
				st.Addresses = append(st.Addresses, a.String())
			}
			if !waitMDNS || st.MDNS != "" || time.Now().After(deadline) {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		b, _ := json.Marshal(st)
		fmt.Printf("NFADDR %s\n", b)
	}
	report(true)
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "switch":
			if err := srv.Host(HostCommand{Do: HostSetAddress, Addr: f[1]}); err != nil {
				b, _ := json.Marshal(addrHostState{Err: err.Error()})
				fmt.Printf("NFADDR %s\n", b)
				continue
			}
			time.Sleep(50 * time.Millisecond) // the old advertisement's goodbye
			report(true)
		case len(f) == 1 && f[0] == "quit":
			return
		}
	}
}

// helloWelcome says hello on a phone's socket and waits for the welcome.
func helloWelcome(t *testing.T, c *sealed.Conn) {
	t.Helper()
	defer c.Close()
	if err := c.WriteJSON(map[string]any{"t": "hello", "token": "", "lang": "zh"}); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, b, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("no welcome: %v", err)
		}
		if strings.Contains(string(b), `"t":"welcome"`) {
			return
		}
		if strings.Contains(string(b), `"t":"error"`) {
			t.Fatalf("refused: %s", b)
		}
	}
}

// browseOn browses for the table's service on one interface and returns
// the IPv4 addresses of the instance name (nil if not seen in time).
func browseOn(iface, name string, timeout time.Duration) ([]string, error) {
	var ips []string
	err := netnstest.Browse(iface, mdns.Service, "", timeout, func(e *zeroconf.ServiceEntry) bool {
		if mdns.Unescape(e.Instance) != name {
			return false
		}
		for _, ip := range e.AddrIPv4 {
			ips = append(ips, ip.String())
		}
		return true
	})
	return ips, err
}
