package ui

import (
	"fmt"
	"net"
	"testing"

	"nightfall/lan"
	"nightfall/lan/lantest"
	"nightfall/lan/netaddr"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The app's tests run the real LAN server (lantest: loopback only, no
// mDNS, a manual clock starting at fixed) with phones made of code.

// newTable starts a server with a lobby of variant for players, dealing
// with seed.
func newTable(t *testing.T, variant string, players int, seed uint64) *lantest.Server {
	t.Helper()
	return lantest.StartT(t, lan.Config{Variant: variant, Players: players, Seed: seed, Clock: lantest.NewClock(fixed)})
}

// join seats a phone at seat under name.
func join(t *testing.T, srv *lantest.Server, seat int, name string) *lantest.Phone {
	t.Helper()
	p, err := srv.Join(seat, name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// seatAll fills every seat (testNames, then P13, P14, …); phones[seat] is
// the seat's phone.
func seatAll(t *testing.T, srv *lantest.Server) []*lantest.Phone {
	t.Helper()
	n := srv.View().Lobby.Players
	phones := make([]*lantest.Phone, n+1)
	for seat := 1; seat <= n; seat++ {
		name := testNames[seat]
		if name == "" {
			name = fmt.Sprintf("P%d", seat)
		}
		phones[seat] = join(t, srv, seat, name)
	}
	return phones
}

// hostDo runs a host command that must be taken.
func hostDo(t *testing.T, srv *lantest.Server, cmd lan.HostCommand) {
	t.Helper()
	if err := srv.Host(cmd); err != nil {
		t.Fatalf("%+v: %v", cmd, err)
	}
}

// runOut lets the running timer run out: the clock moves to its deadline
// (an early end on the way, such as a night whose inputs are all in, comes
// first).
func runOut(t *testing.T, srv *lantest.Server) {
	t.Helper()
	hv := srv.View()
	if hv.Deadline.IsZero() {
		t.Fatalf("no timer runs (stage %s)", hv.Table.Stage)
	}
	srv.Clock.Set(hv.Deadline)
}

// The table's address as the golden images show it: the test server's
// port is a free one and it advertises nothing, so a lobby drawn for a
// golden image shows this address instead.
const (
	goldenURL  = "http://192.168.1.23:8080/?room=K7QX2M"
	goldenRoom = "K7QX2M"
	goldenMDNS = "Nightfall-test"
)

// pinned is hv with the golden images' address, typed join and the
// laptop's addresses (a Wi-Fi and a VM bridge).
func pinned(hv lan.HostView) lan.HostView {
	hv.JoinURL, hv.Room, hv.MDNSName = goldenURL, goldenRoom, goldenMDNS
	hv.Typed = lan.TypedJoin{Addr: "192.168.1.23:8080", Code: "K7QX", Fingerprint: "4729 1836"}
	hv.Addresses = []netaddr.IfaceAddr{
		{Name: "wlan0", IP: net.IPv4(192, 168, 1, 23).To4()},
		{Name: "vboxnet0", IP: net.IPv4(192, 168, 56, 1).To4(), Virtual: true},
	}
	return hv
}

// shellOn is a shell in a new test window showing srv's table, its clock
// the server's; the window closes when the test ends.
func shellOn(t *testing.T, srv *lantest.Server, v Voice) (*Shell, fyne.Window) {
	t.Helper()
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	s := NewShell(w, srv.Server, v)
	s.Now = srv.Clock.Now
	w.SetContent(s.Content())
	return s, w
}
