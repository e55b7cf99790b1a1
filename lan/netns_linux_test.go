// Tests where the source address matters: the server listens inside one
// network namespace, phones dial from another, joined by a veth pair on
// 10.x.y.0/24 (netnstest.Pair). Nothing touches the machine's own
// interfaces. The test process enters a namespace on one locked thread for
// the moment it creates a socket (a socket stays in the namespace it was
// made in), so no helper process is needed.

package lan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/lan/internal/netnstest"
	"nightfall/lan/sealed"
)

// netnsDial is a DialContext that dials from namespace ns, from the local
// address from ("" any).
func netnsDial(ns, from string) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := &net.Dialer{Timeout: 5 * time.Second}
		if from != "" {
			d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
		}
		var (
			c   net.Conn
			err error
		)
		if nerr := netnstest.Do(ns, func() { c, err = d.DialContext(ctx, network, addr) }); nerr != nil {
			return nil, nerr
		}
		return c, err
	}
}

// netnsWSDialer is a WebSocket dialer whose connections come from
// namespace ns (local address from, "" any).
func netnsWSDialer(ns, from string) *websocket.Dialer {
	return &websocket.Dialer{NetDialContext: netnsDial(ns, from), HandshakeTimeout: 5 * time.Second}
}

// netnsGet fetches url from namespace ns (local address from, "" any) on a
// connection of its own and returns the status and body.
func netnsGet(t *testing.T, ns, from, url string) (int, []byte) {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: netnsDial(ns, from), DisableKeepAlives: true}}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatalf("GET %s from %s (%s): %v", url, ns, from, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// netnsServer starts srv inside namespace ns, listening on addr (the join
// URL names host).
func netnsServer(t *testing.T, ns string, cfg Config) *Server {
	t.Helper()
	cfg.NoMDNS = true
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	if cfg.Logf == nil {
		cfg.Logf = t.Logf
	}
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	var serr error
	if err := netnstest.Do(ns, func() { serr = srv.Start(context.Background()) }); err != nil {
		t.Fatal(err)
	}
	if serr != nil {
		t.Fatal(serr)
	}
	return srv
}

// TestQROnlyToTheHostMachine: the server listens in namespace A on all its
// addresses; another machine (namespace B, on the veth) that knows the room
// code (it travels in clear) gets nothing that reveals the room's key: not
// the QR code, nor anything else it may fetch. The host's own machine gets
// the QR code over loopback and over its own LAN address.
func TestQROnlyToTheHostMachine(t *testing.T) {
	a, b, subnet := netnstest.Pair(t)
	hostIP, otherIP := subnet+".1", subnet+".2"
	srv := netnsServer(t, a, Config{Addr: ":18231", Host: hostIP})
	key := srv.PublicKey().String()
	lanBase := "http://" + hostIP + ":18231"
	room := srv.Room()
	if !strings.Contains(srv.JoinURL(), key) {
		t.Fatalf("the join URL %q lacks the key", srv.JoinURL())
	}

	// Another machine, with the room code.
	for _, path := range []string{"/qr.png", "/qr.png?room=" + room, "/qr.png?room=" + room + "&px=256", "/?room=" + room,
		"/", "/healthz", "/static/app.js", "/static/net.js", "/static/i18n/en.json", "/ws?room=" + room} {
		code, body := netnsGet(t, b, "", lanBase+path)
		if bytes.Contains(body, []byte(key)) || bytes.HasPrefix(body, []byte("\x89PNG")) {
			t.Errorf("%s from %s (%d) reveals the key or a QR code", path, otherIP, code)
		}
		if strings.HasPrefix(path, "/qr.png") && code != http.StatusForbidden {
			t.Errorf("%s from %s: %d, want 403", path, otherIP, code)
		}
	}
	// The socket's frames before the channel is sealed hold no key either.
	ws, _, err := netnsWSDialer(b, "").Dial("ws://"+hostIP+":18231/ws?room="+room, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, data, err := ws.ReadMessage(); err == nil && bytes.Contains(data, []byte(key)) {
		t.Errorf("the challenge holds the key")
	}
	ws.Close()

	// The host's own machine: loopback and its LAN address.
	for _, tc := range []struct{ base, from string }{{"http://127.0.0.1:18231", ""}, {lanBase, hostIP}, {lanBase, ""}} {
		code, body := netnsGet(t, a, tc.from, tc.base+"/qr.png?px=256")
		if code != http.StatusOK || !bytes.HasPrefix(body, []byte("\x89PNG")) {
			t.Errorf("/qr.png from the host's own machine (%s, from %q): %d", tc.base, tc.from, code)
		}
	}
	// A second address of the other machine's: still another machine.
	if _, err := netnstest.Run("ip", "-n", b, "addr", "add", subnet+".77/24", "dev", netnstest.VethB); err != nil {
		t.Fatal(err)
	}
	if code, _ := netnsGet(t, b, subnet+".77", lanBase+"/qr.png?room="+room); code != http.StatusForbidden {
		t.Errorf("/qr.png from %s.77: %d, want 403", subnet, code)
	}
}

// TestHelloFloodKeepsSeatedPhones: the server listens in namespace A; six
// phones sit down from their own addresses in namespace B, then 400
// visitors from 50 other addresses of B (8 each: the per-address limit)
// dial, say hello, stay half a second and leave, again and again, 5,000
// dials in all. Every hello and leave changes the lobby, sent to every
// lobby phone; the lobby frames coalesce in each phone's queue (a newer one
// replaces one not yet written), so no seated phone is ever dropped as too
// slow: all six keep their first socket to the end and see the last lobby.
func TestHelloFloodKeepsSeatedPhones(t *testing.T) {
	if testing.Short() {
		t.Skip("the flood takes about 20 s")
	}
	a, b, subnet := netnstest.Pair(t)
	hostIP := subnet + ".1"
	var (
		mu    sync.Mutex
		slow  int
		drops []string
	)
	logf := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if strings.Contains(msg, "dropping a slow phone") {
			mu.Lock()
			slow++
			drops = append(drops, msg)
			mu.Unlock()
		}
	}
	srv := netnsServer(t, a, Config{Addr: ":18232", Host: hostIP, Variant: "classic-2.0", Players: 8, Logf: logf})
	wsURL := "ws://" + hostIP + ":18232/ws?room=" + srv.Room()
	key := srv.PublicKey()
	var addrs []string
	for i := 10; i < 60; i++ {
		addrs = append(addrs, fmt.Sprintf("%s.%d/24", subnet, i))
	}
	for i := 100; i < 106; i++ {
		addrs = append(addrs, fmt.Sprintf("%s.%d/24", subnet, i))
	}
	for _, ad := range addrs {
		if _, err := netnstest.Run("ip", "-n", b, "addr", "add", ad, "dev", netnstest.VethB); err != nil {
			t.Fatal(err)
		}
	}

	// Six seated phones, each reading everything, counting lobby frames.
	type seated struct {
		ws     *sealed.Conn
		lobbys atomic.Int64
		last   atomic.Pointer[LobbyView]
		closed chan error
	}
	phones := make([]*seated, 6)
	for i := range phones {
		ws, _, err := sealed.Dial(wsURL, key, netnsWSDialer(b, fmt.Sprintf("%s.%d", subnet, 100+i)), nil)
		if err != nil {
			t.Fatal(err)
		}
		p := &seated{ws: ws, closed: make(chan error, 1)}
		phones[i] = p
		ws.WriteMessage(websocket.TextMessage, mustJSON(map[string]any{"t": "hello"}))
		ws.WriteMessage(websocket.TextMessage, mustJSON(map[string]any{"t": "join", "name": fmt.Sprintf("座%d", i+1), "seat": i + 1}))
		go func() {
			for {
				_, data, err := ws.ReadMessage()
				if err != nil {
					p.closed <- err
					return
				}
				var f frame
				if json.Unmarshal(data, &f) == nil && f.T == "lobby" {
					p.lobbys.Add(1)
					p.last.Store(f.Lobby)
				}
			}
		}()
	}
	seatedAll := func() bool {
		hv := hostViewOf(srv)
		for _, st := range hv.Lobby.Seats[:6] {
			if !st.Taken || !st.Online {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(10 * time.Second); !seatedAll(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the six phones did not sit down: %+v", hostViewOf(srv).Lobby.Seats)
		}
	}

	// The flood: 400 visitors from 50 addresses, 5,000 dials, 500 ms each.
	const visitors, dialsTotal = 400, 5000
	var dials, hellos, busy, failed atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	floodEnd := start.Add(90 * time.Second) // a bound, not the expected length
	for v := range visitors {
		wg.Add(1)
		go func() {
			defer wg.Done()
			from := fmt.Sprintf("%s.%d", subnet, 10+v%50)
			d := netnsWSDialer(b, from)
			for dials.Add(1) <= dialsTotal && time.Now().Before(floodEnd) {
				ws, _, err := sealed.Dial(wsURL, key, d, nil)
				if err != nil {
					failed.Add(1)
					time.Sleep(500 * time.Millisecond)
					continue
				}
				ws.WriteMessage(websocket.TextMessage, mustJSON(map[string]any{"t": "hello"}))
				ws.SetReadDeadline(time.Now().Add(5 * time.Second))
				for {
					_, data, err := ws.ReadMessage()
					if err != nil {
						failed.Add(1)
						break
					}
					var f frame
					json.Unmarshal(data, &f)
					if f.T == "welcome" {
						hellos.Add(1)
						break
					}
					if f.Code == codeBusy {
						busy.Add(1)
						break
					}
				}
				time.Sleep(500 * time.Millisecond)
				ws.Close()
			}
		}()
	}
	wg.Wait()
	flood := time.Since(start)

	// Every seated phone still holds its first socket, online, and its last
	// lobby frame is the lobby of now.
	for i, p := range phones {
		select {
		case err := <-p.closed:
			t.Errorf("seat %d's phone lost its socket during the flood: %v", i+1, err)
		default:
		}
	}
	if !seatedAll() {
		t.Errorf("after the flood the six seats are not all taken and online: %+v", hostViewOf(srv).Lobby.Seats)
	}
	var lobbyFrames []int64
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ok := true
		now := hostViewOf(srv).Lobby
		for _, p := range phones {
			l := p.last.Load()
			ok = ok && l != nil && len(l.Seats) == len(now.Seats) && l.Seats[5].Taken && l.Spectators == now.Spectators
		}
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("the seated phones did not get the lobby of after the flood")
			break
		}
	}
	for i, p := range phones {
		n := p.lobbys.Load()
		lobbyFrames = append(lobbyFrames, n)
		if n < 100 { // each hello and leave changes the lobby: hundreds of changes reach every seated phone
			t.Errorf("seat %d's phone got %d lobby frames: the flood did not reach the lobby", i+1, n)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	seatedDrops := 0
	for _, d := range drops {
		for i := range phones {
			if strings.Contains(d, fmt.Sprintf("%s.%d:", subnet, 100+i)) {
				seatedDrops++
			}
		}
	}
	if seatedDrops > 0 {
		t.Errorf("%d drops of seated phones as too slow", seatedDrops)
	}
	t.Logf("hello flood: %d visitors from 50 addresses, %d dials in %.1f s (%d welcomed, %d busy, %d failed); "+
		"seated phones dropped: %d (slow drops of any phone: %d); lobby frames each seated phone got: %v",
		visitors, min(dials.Load(), dialsTotal), flood.Seconds(), hellos.Load(), busy.Load(), failed.Load(), seatedDrops, slow, lobbyFrames)
}

// hostViewOf is the server's host view now.
func hostViewOf(srv *Server) (hv HostView) {
	srv.call(func() { hv = srv.sess.hostView() })
	return hv
}

// typedTry is one typed join to addr (host:port) by dialer, with code and
// the hello's token: the socket when the host let it in (its welcome read),
// else the error code it was refused with.
func typedTry(addr, room, code, token string, dialer *websocket.Dialer) (*sealed.Conn, frame, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := sealed.DialTyped(ctx, addr, room, code, dialer)
	if err != nil {
		return nil, frame{}, "", err
	}
	if err := ws.WriteJSON(map[string]any{"t": "hello", "token": token, "lang": "zh"}); err != nil {
		ws.Close()
		return nil, frame{}, "", err
	}
	for {
		ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, data, err := ws.ReadMessage()
		if err != nil {
			ws.Close()
			return nil, frame{}, "", err
		}
		var f frame
		json.Unmarshal(data, &f)
		f.raw = data
		switch f.T {
		case "welcome":
			return ws, f, "", nil
		case "error":
			ws.Close()
			return nil, f, f.Code, nil
		}
	}
}

// TestTypedGuesserFromAnotherMachine: the server listens in namespace A;
// from namespace B a guesser that never saw the big screen tries codes as
// fast as 4 workers can from its address, while honest phones of B, each
// from an address of its own, type the right code: the host checks
// codeBurst of the guesser's codes (its clock stands still), every honest
// typed join gets in, and every phone seated by a typed join comes back with
// its token, from its own address and from the guesser's.
func TestTypedGuesserFromAnotherMachine(t *testing.T) {
	a, b, subnet := netnstest.Pair(t)
	hostIP, guesserIP := subnet+".1", subnet+".2"
	srv := netnsServer(t, a, Config{Addr: ":18233", Host: hostIP, Players: 8, Clock: newFakeClock(), Cadence: -1})
	addr := hostIP + ":18233"
	code := srv.Typed().Code
	wrong := "2222"
	if wrong == code {
		wrong = "3333"
	}
	const honest, seated = 15, 6
	for i := range honest {
		if _, err := netnstest.Run("ip", "-n", b, "addr", "add", fmt.Sprintf("%s.%d/24", subnet, 10+i), "dev", netnstest.VethB); err != nil {
			t.Fatal(err)
		}
	}
	var (
		mu              sync.Mutex
		checked, waited int
		other           []string
	)
	stop, locked := make(chan struct{}), make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2000 { // bounded: the honest phones are done long before
				select {
				case <-stop:
					return
				default:
				}
				_, _, got, err := typedTry(addr, "", wrong, "", netnsWSDialer(b, guesserIP))
				mu.Lock()
				switch {
				case err != nil:
					other = append(other, err.Error())
				case got == codeCode:
					checked++
				case got == codeCodeWait:
					if waited++; waited >= 20 {
						once.Do(func() { close(locked) })
					}
				default:
					other = append(other, got)
				}
				mu.Unlock()
			}
		}()
	}
	select {
	case <-locked:
	case <-time.After(60 * time.Second):
		close(stop)
		wg.Wait()
		t.Fatalf("the guesser was never held back: %d checked, %d waited, %q", checked, waited, other)
	}
	admitted, back := 0, 0
	tokens := map[int]string{}
	for i := range honest {
		from := fmt.Sprintf("%s.%d", subnet, 10+i)
		ws, w, got, err := typedTry(addr, "", code, "", netnsWSDialer(b, from))
		if err != nil || got != "" {
			t.Errorf("honest typed join %d from %s: %q %v", i+1, from, got, err)
			continue
		}
		admitted++
		if i < seated {
			ws.WriteJSON(map[string]any{"t": "join", "name": fmt.Sprintf("打字%d", i+1), "seat": i + 1})
			for {
				ws.SetReadDeadline(time.Now().Add(10 * time.Second))
				_, data, err := ws.ReadMessage()
				if err != nil {
					t.Fatalf("seat %d: %v", i+1, err)
				}
				var f frame
				json.Unmarshal(data, &f)
				if f.T == "welcome" && f.Seat == i+1 {
					break
				}
				if f.T == "error" {
					t.Fatalf("seat %d: %s", i+1, data)
				}
			}
			tokens[i+1] = w.Token
		}
		ws.Close()
	}
	for seat := 1; seat <= seated; seat++ {
		from := fmt.Sprintf("%s.%d", subnet, 10+seat-1)
		if seat == seated {
			from = guesserIP
		}
		ws, w, got, err := typedTry(addr, srv.Room(), code, tokens[seat], netnsWSDialer(b, from))
		if err != nil || got != "" || w.Seat != seat {
			t.Errorf("seat %d coming back from %s: %q %v, seat %d", seat, from, got, err, w.Seat)
			continue
		}
		back++
		ws.Close()
	}
	close(stop)
	wg.Wait()
	t.Logf("from another machine: a guesser tried %d codes from %s (%d checked, %d held back); %d of %d honest typed joins admitted, %d of %d seated phones back by their token",
		checked+waited, guesserIP, checked, waited, admitted, honest, back, seated)
	if checked != codeBurst {
		t.Errorf("the host checked %d of the guesser's codes, want %d", checked, codeBurst)
	}
	if len(other) > 0 {
		t.Errorf("the guesser's other answers: %q", other[:min(len(other), 5)])
	}
}
