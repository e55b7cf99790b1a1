//go:build linux

package netnstest

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grandcat/zeroconf"
	"golang.org/x/sys/unix"
)

// Namespace and interface names of Pair. Names carry the creating test
// process's pid, so leftovers of a test that died can be told from
// namespaces a concurrent run is using.
const (
	prefixA = "nf-a-"
	prefixB = "nf-b-"
	// VethA and VethB are the two ends of Pair's veth: VethA in namespace
	// a (the host), VethB in namespace b (the other machines).
	VethA = "nfv0"
	VethB = "nfv1"
)

// Run runs a command with a time limit and returns its combined output.
func Run(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return string(out), nil
}

// Pair makes namespaces a (the host) and b (the other machines) joined by
// a veth pair (VethA, VethB) on subnet 10.x.y.0/24: a is subnet.1 with a
// default route via b, subnet.2; multicast is on and routed to the veth on
// both sides. They are deleted at cleanup. Pair first deletes the
// namespaces of test processes that are gone. It skips the test where
// namespaces cannot be made (not root, no ip command), and fails it there
// under CI=true.
func Pair(t testing.TB) (a, b, subnet string) {
	t.Helper()
	skipOrFail := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true: "+format, args...)
		}
		t.Skipf(format, args...)
	}
	if os.Geteuid() != 0 {
		skipOrFail("needs root to create network namespaces")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		skipOrFail("needs ip (iproute2): %v", err)
	}
	cleanLeftovers(t)

	id := fmt.Sprintf("%d-%04x", os.Getpid(), rand.IntN(1<<16))
	a, b = prefixA+id, prefixB+id
	subnet = fmt.Sprintf("10.%d.%d", 200+rand.IntN(50), rand.IntN(256))
	if _, err := Run("ip", "netns", "add", a); err != nil {
		skipOrFail("cannot create a network namespace: %v", err)
	}
	t.Cleanup(func() {
		for _, ns := range []string{a, b} {
			if _, err := Run("ip", "netns", "delete", ns); err != nil {
				t.Logf("cleanup: %v", err)
			}
		}
	})
	steps := [][]string{
		{"netns", "add", b},
		// Created inside A with its peer put straight into B: the root namespace never sees them.
		{"-n", a, "link", "add", VethA, "type", "veth", "peer", "name", VethB, "netns", b},
		{"-n", a, "addr", "add", subnet + ".1/24", "dev", VethA},
		{"-n", b, "addr", "add", subnet + ".2/24", "dev", VethB},
	}
	for _, side := range []struct{ ns, dev string }{{a, VethA}, {b, VethB}} {
		steps = append(steps,
			[]string{"-n", side.ns, "link", "set", "lo", "up"},
			[]string{"-n", side.ns, "link", "set", side.dev, "multicast", "on"},
			[]string{"-n", side.ns, "link", "set", side.dev, "up"},
			[]string{"-n", side.ns, "route", "add", "224.0.0.0/4", "dev", side.dev},
		)
	}
	steps = append(steps, []string{"-n", a, "route", "add", "default", "via", subnet + ".2", "dev", VethA})
	for _, s := range steps {
		if _, err := Run("ip", s...); err != nil {
			t.Fatal(err)
		}
	}
	return a, b, subnet
}

// cleanLeftovers deletes namespaces of Pair left by test processes that are gone.
func cleanLeftovers(t testing.TB) {
	out, err := Run("ip", "netns", "list")
	if err != nil {
		return
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !(strings.HasPrefix(f[0], prefixA) || strings.HasPrefix(f[0], prefixB)) {
			continue
		}
		parts := strings.Split(f[0], "-") // nf-a-<pid>-<hex>
		if len(parts) == 4 {
			if pid, err := strconv.Atoi(parts[2]); err == nil && syscall.Kill(pid, 0) != syscall.ESRCH {
				continue // its test is still running
			}
		}
		if _, err := Run("ip", "netns", "delete", f[0]); err == nil {
			t.Logf("deleted leftover namespace %s", f[0])
		}
	}
}

// OnlyInterfaces fails t unless every network interface in sight is one
// of names: a helper process started with `ip netns exec` checks it is
// really inside its test namespace before it sends anything.
func OnlyInterfaces(t testing.TB, names ...string) {
	t.Helper()
	ifs, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, ifi := range ifs {
		if !slices.Contains(names, ifi.Name) {
			t.Fatalf("interface %s: not inside a test namespace; refusing to go on", ifi.Name)
		}
	}
}

// Do runs f on a thread that has entered namespace ns (an `ip netns`
// name); the sockets f creates belong to ns (a socket stays in the
// namespace it was made in), so no helper process is needed.
func Do(ns string, f func()) error {
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // unlocked only once back home: else the thread ends with the goroutine
		home, err := os.Open("/proc/thread-self/ns/net")
		if err != nil {
			errc <- err
			return
		}
		defer home.Close()
		target, err := os.Open("/var/run/netns/" + ns)
		if err != nil {
			errc <- err
			return
		}
		defer target.Close()
		if err := setns(target); err != nil {
			errc <- fmt.Errorf("setns %s: %v", ns, err)
			return
		}
		f()
		if setns(home) == nil {
			runtime.UnlockOSThread()
		}
		errc <- nil
	}()
	return <-errc
}

func setns(f *os.File) error {
	return unix.Setns(int(f.Fd()), unix.CLONE_NEWNET)
}

// Browse browses service (e.g. "_nightfall._tcp") over mDNS on the
// interface named iface, IPv4 only, or with instance != "" looks that
// instance up (its escaped name: SRV and TXT questions), and hands each
// entry to seen until seen returns true or timeout passes. Run it inside a
// namespace only (a helper process started with `ip netns exec`).
func Browse(iface, service, instance string, timeout time.Duration, seen func(*zeroconf.ServiceEntry) (done bool)) error {
	ifi, err := net.InterfaceByName(iface)
	if err != nil {
		return err
	}
	res, err := zeroconf.NewResolver(zeroconf.SelectIfaces([]net.Interface{*ifi}), zeroconf.SelectIPTraffic(zeroconf.IPv4))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	ch := make(chan *zeroconf.ServiceEntry)
	if instance != "" {
		err = res.Lookup(ctx, instance, service, "local.", ch)
	} else {
		err = res.Browse(ctx, service, "local.", ch)
	}
	if err != nil {
		return err
	}
	for e := range ch { // closed by the resolver when ctx ends
		if seen(e) {
			cancel() // and keep reading until the resolver closes ch
		}
	}
	return nil
}
