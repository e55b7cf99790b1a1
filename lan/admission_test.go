package lan

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// rawFrom opens a WebSocket from ip without saying hello.
func (h *harness) rawFrom(ip string) *phone {
	h.t.Helper()
	h.from = ip
	defer func() { h.from = "" }()
	return h.dialRaw(h.srv.Room())
}

// dialFrom is dial (hello with token) from ip.
func (h *harness) dialFrom(ip, token string) *phone {
	h.t.Helper()
	h.from = ip
	defer func() { h.from = "" }()
	return h.dial(token)
}

// closedBusy waits for p's socket to end with busy (4008).
func closedBusy(t *testing.T, p *phone) {
	t.Helper()
	for {
		p.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, _, err := p.ws.ReadMessage()
		if err == nil {
			continue
		}
		if !websocket.IsCloseError(err, closeBusy) {
			t.Fatalf("the socket ended with %v, not busy", err)
		}
		return
	}
}

func setLimits(h *harness, f func(l *limits)) {
	h.do(func(s *session) { f(&s.adm.limits) })
}

// TestHelloDeadline: a socket that does not say hello is closed after
// helloWait, even while it answers pings and sends frames: it is closed
// while it still sends them (were they to keep it, it would stay open as
// long as they come); a socket that said hello stays past it.
func TestHelloDeadline(t *testing.T) {
	h := newHarness(t, Config{Players: 8})
	setLimits(h, func(l *limits) { l.helloWait = 300 * time.Millisecond })
	p := h.dialRaw(h.srv.Room())
	closed := func(p *phone) <-chan error {
		done := make(chan error, 1)
		go func() {
			for {
				if _, _, err := p.ws.ReadMessage(); err != nil {
					done <- err
					return
				}
			}
		}()
		return done
	}
	done := closed(p)
	const frames = 400 // 20 s of frames at the least: 60 times helloWait
	sent := 0
	for open := true; open; sent++ {
		if sent == frames {
			t.Fatalf("the socket without hello is still open after %d frames", frames)
		}
		p.ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"ping"}`))
		select {
		case <-done:
			open = false
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Logf("closed after %d frames", sent)
	// A socket that said hello stays past helloWait: measured by the
	// closing of one that did not, opened after it.
	q := h.dial("")
	r := h.dialRaw(h.srv.Room())
	<-closed(r)
	q.sync()
}

// TestPerAddress: an address holds perAddr sockets; a newer one that has
// not said hello pushes out the oldest that has not either; past perAddr
// sockets that said hello, one more may connect, to replace its own stale
// socket (a phone coming back) but not to add a phone.
func TestPerAddress(t *testing.T) {
	h := newHarness(t, Config{Variant: "classic-2.0", Players: 8})
	setLimits(h, func(l *limits) { l.loopbackFree, l.perAddr = false, 3 })
	const a = "127.0.3.1"
	var idle []*phone
	for range 3 {
		p := h.rawFrom(a)
		p.sync() // in the session, in this order: "oldest" is well defined
		idle = append(idle, p)
	}
	h.rawFrom(a).sync() // a fourth: the oldest idle one gives way (sync: it is in)
	closedBusy(t, idle[0])
	// The others said hello now.
	player := h.dialFrom(a, "")
	if f := player.join("甲", 1); f.T != "welcome" {
		t.Fatalf("join: %s", f.raw)
	}
	closedBusy(t, idle[1])
	h.dialFrom(a, "")
	closedBusy(t, idle[2])
	h.dialFrom(a, "")
	// Three sockets said hello: a new phone from there is refused at hello.
	extra := h.rawFrom(a)
	extra.send(map[string]any{"t": "hello", "token": ""})
	if f := extra.until(func(f frame) bool { return f.T == "error" }); f.Code != codeBusy {
		t.Fatalf("a fourth phone: %s", f.raw)
	}
	closedBusy(t, extra)
	// The seated phone comes back (its old socket is stale) and gets in.
	back := h.dialFrom(a, player.token)
	if back.seat != 1 {
		t.Fatalf("the player came back as seat %d", back.seat)
	}
	player.until(func(f frame) bool { return f.T == "error" && f.Code == "replaced" })
	// Another address is not concerned.
	h.dialFrom("127.0.3.2", "").sync()
}

// TestSeatedFirst: when the table's sockets are full of phones without a
// seat, a seated phone coming back still gets in (one of them gives way),
// and a new phone does not.
func TestSeatedFirst(t *testing.T) {
	h := newHarness(t, Config{Variant: "classic-2.0", Players: 8})
	tb := newTable(t, h, 8, 5)
	tb.start()
	setLimits(h, func(l *limits) { l.clients, l.spare = 12, 2 })
	var guests []*phone
	for i := 0; i < 4; i++ { // 8 players + 4 visitors: full
		guests = append(guests, h.dial(""))
	}
	late := h.dialRaw(h.srv.Room())
	late.send(map[string]any{"t": "hello", "token": ""})
	if f := late.until(func(f frame) bool { return f.T == "error" }); f.Code != codeBusy {
		t.Fatalf("a new phone at a full table: %s", f.raw)
	}
	// Seat 3's phone drops and comes back: its old socket is gone.
	old := tb.phones[3]
	before := h.hostView().Phones
	old.ws.Close()
	for end := time.Now().Add(5 * time.Second); h.hostView().Phones >= before && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond) // until the server has seen it go
	}
	h.dial("") // a visitor fills the place it left
	back := h.dial(old.token)
	if back.seat != 3 {
		t.Fatalf("the player came back as seat %d (%s)", back.seat, back.mode)
	}
	back.until(func(f frame) bool { return f.T == "view" })
	closedBusy(t, guests[0]) // the oldest visitor gave way
	if hv := h.hostView(); hv.Phones > 12 {
		t.Errorf("%d phones at a table of 12 sockets", hv.Phones)
	}
}

// TestSpectatorsEphemeral: spectators who come and go leave nothing in the
// game log or the member table; the host sees them and sends them away.
func TestSpectatorsEphemeral(t *testing.T) {
	h, tb := startedTable(t, 8, 11)
	setLimits(h, func(l *limits) { l.members = 30 })
	var path string
	h.do(func(s *session) { path = s.log.path })
	before, _ := os.ReadFile(path)
	for i := 0; i < 60; i++ {
		p := h.dial("")
		p.send(map[string]any{"t": "spectate", "name": fmt.Sprintf("看客%d", i)})
		p.until(func(f frame) bool { return f.T == "table" })
		p.ws.Close()
	}
	// The table is not locked: a new phone gets in and watches.
	w := h.dial("")
	w.send(map[string]any{"t": "spectate", "name": "还能看"})
	w.until(func(f frame) bool { return f.T == "welcome" && f.Mode == "spectator" })
	after, _ := os.ReadFile(path)
	if bytes.Contains(after, []byte(`"spectator"`)) || bytes.Count(after, []byte("\n")) != bytes.Count(before, []byte("\n")) {
		t.Errorf("the log grew with spectators: %d → %d lines", bytes.Count(before, []byte("\n")), bytes.Count(after, []byte("\n")))
	}
	w.sync()
	var members int
	h.do(func(s *session) { members = len(s.adm.members) })
	if members > 30 {
		t.Errorf("%d members kept (limit 30)", members)
	}
	hv := h.hostView()
	if hv.Lobby.Spectators != 1 {
		t.Errorf("the host sees %d spectators, 1 watches", hv.Lobby.Spectators)
	}
	h.host(HostCommand{Do: HostRemoveSpectators})
	w.until(func(f frame) bool { return f.T == "welcome" && f.Mode == "lobby" })
	if hv := h.hostView(); hv.Lobby.Spectators != 0 {
		t.Errorf("after the removal the host sees %d spectators", hv.Lobby.Spectators)
	}
	_ = tb
}

// TestContentSecurityPolicy: the page is served with a policy that allows
// its own files and connections only, and holds no inline handler and one
// inline script (it opens the socket before the files are read), which the
// policy allows by its hash and nothing else: a byte changed, the hash is
// another.
func TestContentSecurityPolicy(t *testing.T) {
	h := newHarness(t, Config{Players: 8})
	resp, err := http.Get(h.ts.URL + "/?room=" + h.srv.Room())
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	host := strings.TrimPrefix(h.ts.URL, "http://")
	m := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllSubmatch(body, -1)
	if len(m) != 1 {
		t.Fatalf("index.html holds %d inline scripts, want 1", len(m))
	}
	sum := sha256.Sum256(m[0][1])
	script := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, want := range []string{"default-src 'none'", "script-src 'self' " + script + ";", "style-src 'self';",
		"connect-src 'self' ws://" + host + ";", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe") || strings.Contains(csp, "*") {
		t.Errorf("Content-Security-Policy %q allows too much", csp)
	}
	low := strings.ToLower(string(body))
	for _, bad := range []string{" onclick=", " onload=", " style=", "<style"} {
		if strings.Contains(low, bad) {
			t.Errorf("index.html holds %q, which the policy blocks", bad)
		}
	}
	if p := contentPolicy("evil.com; script-src *"); strings.Contains(p, "evil") {
		t.Errorf("a Host header made it into the policy: %s", p)
	}
	// the page's other answers allow no inline script
	resp, err = http.Get(h.ts.URL + "/" + versionDir(h.pageVersion()) + "app.js")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self';") {
		t.Errorf("app.js's Content-Security-Policy %q", csp)
	}
	// an index whose script changed is allowed another hash
	_, other, err := inlineScript(bytes.Replace(body, []byte("early"), []byte("early2"), 1))
	if err != nil || other == script || other == "" {
		t.Errorf("a changed script: %q, %v (was %q)", other, err, script)
	}
}

// fakeAdmissionHost is the session as admission sees it: a set of open
// sockets, and the refused ones closed and noted.
type fakeAdmissionHost struct {
	a       *admission
	open    map[*client]bool
	refused []*client
}

func (h *fakeAdmissionHost) sockets() map[*client]bool { return h.open }
func (h *fakeAdmissionHost) refuse(c *client, reason string) {
	h.refused = append(h.refused, c)
	if h.open[c] {
		delete(h.open, c)
		h.a.closed(c)
	}
}

func newTestAdmission(lim limits) (*admission, *fakeAdmissionHost) {
	h := &fakeAdmissionHost{open: map[*client]bool{}}
	h.a = newAdmission(h, lim)
	return h.a, h
}

// connectFrom opens a socket from addr as the session does; nil when it
// was refused.
func (h *fakeAdmissionHost) connectFrom(addr string) *client {
	c := &client{addr: addr}
	if _, ok := h.a.admit(c); !ok {
		return nil
	}
	h.open[c] = true
	return c
}

// TestAdmissionPerAddress: an address with perAddr sockets gives way
// oldest-first among those that have not said hello, then takes one more
// waiting for its hello, then refuses; the host's own machine is not
// capped unless the limits say so.
func TestAdmissionPerAddress(t *testing.T) {
	a, h := newTestAdmission(limits{clients: 100, spare: 10, perAddr: 2, members: 10, helloWait: time.Second})
	first, second := h.connectFrom("10.0.0.5"), h.connectFrom("10.0.0.5")
	if first == nil || second == nil {
		t.Fatal("refused within the limit")
	}
	third := h.connectFrom("10.0.0.5")
	if third == nil || len(h.refused) != 1 || h.refused[0] != first {
		t.Fatalf("the third socket: refused %v, want the oldest silent one", h.refused)
	}
	second.m, third.m = &member{}, &member{} // both said hello
	fourth := h.connectFrom("10.0.0.5")
	if fourth == nil {
		t.Fatal("one more socket may wait for its hello")
	}
	fourth.m = &member{}
	if h.connectFrom("10.0.0.5") != nil {
		t.Fatal("a fifth socket from one address was admitted")
	}
	if a.byAddr["10.0.0.5"] != 3 {
		t.Errorf("%d sockets counted, want 3", a.byAddr["10.0.0.5"])
	}
	a.limits.loopbackFree = true
	for range 5 {
		if h.connectFrom("127.0.0.1") == nil {
			t.Fatal("the host's own machine was capped")
		}
	}
}

// TestAdmissionSeatedFirst: when the table's sockets are full, a seated
// phone's hello makes room (silent sockets first, then lobby visitors
// before spectators); a phone without a seat only gets the room of
// silent sockets.
func TestAdmissionSeatedFirst(t *testing.T) {
	a, h := newTestAdmission(limits{clients: 3, spare: 2, perAddr: 10, members: 10, helloWait: time.Second})
	spectator, visitor, silent := h.connectFrom("10.0.0.1"), h.connectFrom("10.0.0.2"), h.connectFrom("10.0.0.3")
	spectator.m, visitor.m = &member{spectator: true}, &member{}
	guest := h.connectFrom("10.0.0.4")
	guest.m = &member{}
	if a.makeRoom(guest, nil, false) != true || len(h.refused) != 1 || h.refused[0] != silent {
		t.Fatalf("a visitor's hello: refused %v, want the silent socket", h.refused)
	}
	extra := h.connectFrom("10.0.0.5")
	extra.m = &member{}
	if a.makeRoom(extra, nil, false) {
		t.Fatal("a visitor took a place beyond the limit")
	}
	seated := h.connectFrom("10.0.0.6")
	seated.m = &member{seat: 2}
	if !a.makeRoom(seated, nil, true) {
		t.Fatal("a seated phone stayed out")
	}
	if len(h.refused) != 3 || h.refused[1] != visitor || h.refused[2] != guest {
		t.Errorf("refused %v, want the visitors oldest first, the spectator kept", h.refused)
	}
}

// TestAdmissionMembers: a full member table forgets the phone without a
// seat offline longest (and its request for a seat); when every phone is
// online or seated there is no room; phone codes are unique.
func TestAdmissionMembers(t *testing.T) {
	a, _ := newTestAdmission(limits{clients: 10, members: 3, helloWait: time.Second})
	seated, _ := a.newMember()
	seated.seat = 1
	early, _ := a.newMember()
	late, _ := a.newMember()
	a.conns = 5
	a.left(early) // a visitor without a seat is forgotten at once
	if a.members[early.hash] != nil {
		t.Fatal("a visitor who left was kept")
	}
	early, _ = a.newMember()
	early.spectator = true
	a.left(early)
	a.conns = 9
	late.spectator = true
	a.left(late)
	a.ask(late, 1, "Lee")
	if _, ok := a.members[early.hash]; !ok {
		t.Fatal("a spectator's place was forgotten while room was left")
	}
	m, token := a.newMember()
	if m == nil || token == "" || a.members[early.hash] != nil || a.members[late.hash] == nil {
		t.Fatalf("new member %v: want the spectator offline longest forgotten", m)
	}
	m.conn = &client{}
	m, _ = a.newMember()
	if m == nil || a.members[late.hash] != nil || len(a.requests) != 0 {
		t.Fatalf("want the last offline spectator and its request forgotten (requests %d)", len(a.requests))
	}
	m.conn = &client{}
	if m, _ := a.newMember(); m != nil {
		t.Error("a member admitted with every phone online or seated")
	}
	codes := map[string]bool{}
	for _, m := range a.members {
		codes[a.phoneCode(m)] = true
	}
	if len(codes) != len(a.members) {
		t.Errorf("%d codes for %d phones", len(codes), len(a.members))
	}
}

// TestAdmissionSeatRequests: requests queue per seat, the big screen sees
// the oldest of each seat with how many wait behind it; a phone's new
// request replaces its old one; a seat given answers the others for it.
func TestAdmissionSeatRequests(t *testing.T) {
	a, _ := newTestAdmission(defaultLimits)
	p := make([]*member, 4)
	for i := range p {
		p[i], _ = a.newMember()
	}
	r0 := a.ask(p[0], 2, "A")
	a.ask(p[1], 2, "B")
	a.ask(p[2], 3, "C")
	a.ask(p[3], 3, "D")
	a.ask(p[3], 2, "D") // replaces its request for seat 3
	got := a.seatRequests()
	if len(got) != 2 || got[0].Seat != 2 || got[0].Name != "A" || got[0].Waiting != 2 || got[1].Name != "C" || got[1].Waiting != 0 {
		t.Fatalf("%+v", got)
	}
	if a.request(r0.id) != r0 || a.request(r0.id+100) != nil {
		t.Fatal("request by id")
	}
	others := a.granted(r0)
	if len(others) != 2 || others[0].m != p[1] || others[1].m != p[3] {
		t.Fatalf("the others for seat 2: %v", others)
	}
	if got := a.seatRequests(); len(got) != 1 || got[0].Name != "C" {
		t.Errorf("left: %+v", got)
	}
}
