package lan

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
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
	h.do(func(s *session) { f(&s.limits) })
}

// TestHelloDeadline: a socket that does not say hello is closed after
// helloWait, even while it answers pings and sends frames.
func TestHelloDeadline(t *testing.T) {
	h := newHarness(t, Config{Players: 8})
	setLimits(h, func(l *limits) { l.helloWait = 300 * time.Millisecond })
	p := h.dialRaw(h.srv.Room())
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		for {
			p.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
			if _, _, err := p.ws.ReadMessage(); err != nil {
				done <- err
				return
			}
		}
	}()
	for i := 0; i < 20; i++ { // frames that are not hello do not keep it
		p.ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"ping"}`))
		time.Sleep(50 * time.Millisecond)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the socket without hello is still open after 5 s")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("closed after %v", d)
	}
	// A socket that said hello stays.
	q := h.dial("")
	time.Sleep(600 * time.Millisecond)
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
	h.do(func(s *session) { members = len(s.members) })
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
// its own files and connections only, and holds no inline script or handler.
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
	for _, want := range []string{"default-src 'none'", "script-src 'self';", "style-src 'self';",
		"connect-src 'self' ws://" + host + ";", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe") || strings.Contains(csp, "*") {
		t.Errorf("Content-Security-Policy %q allows too much", csp)
	}
	low := strings.ToLower(string(body))
	for _, bad := range []string{"<script>", " onclick=", " onload=", " style=", "<style"} {
		if strings.Contains(low, bad) {
			t.Errorf("index.html holds %q, which the policy blocks", bad)
		}
	}
	if p := contentPolicy("evil.com; script-src *"); strings.Contains(p, "evil") {
		t.Errorf("a Host header made it into the policy: %s", p)
	}
}
