package lan

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/game/evening"
	"nightfall/lan/proctest"
	"nightfall/lan/sealed"
)

// lobbyPhone is a bare sealed phone for the lobby: hello, join, read until
// a frame of a type.
type lobbyPhone struct {
	t  *testing.T
	ws *sealed.Conn
}

func dialLobbyPhone(t *testing.T, url string, key sealed.Key, token string) (*lobbyPhone, frame) {
	t.Helper()
	ws, _, err := sealed.Dial(url, key, nil, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	p := &lobbyPhone{t: t, ws: ws}
	p.send(map[string]any{"t": "hello", "token": token})
	return p, p.until("welcome")
}

func (p *lobbyPhone) send(v any) {
	p.t.Helper()
	if err := p.ws.WriteMessage(websocket.TextMessage, mustJSON(v)); err != nil {
		p.t.Fatalf("write: %v", err)
	}
}

// until reads frames until one of type typ (or an error frame) arrives.
func (p *lobbyPhone) until(typ string) frame {
	p.t.Helper()
	p.ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		_, data, err := p.ws.ReadMessage()
		if err != nil {
			p.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var f frame
		if err := json.Unmarshal(data, &f); err != nil {
			p.t.Fatalf("bad frame %s: %v", data, err)
		}
		f.raw = data
		if f.T == typ || f.T == "error" {
			return f
		}
	}
}

// TestCrashAtWelcome kills the real `serve` with SIGKILL the moment a
// phone hears "welcome" to a lobby seat, and starts it again on the saved
// lobby, for each of 11 seats, 20 times over: every seat a phone was told
// it has must still be its own (a hello with its token), because the
// welcome leaves only after lobby.json and its directory are synced.
func TestCrashAtWelcome(t *testing.T) {
	bin := crashBinary(t)
	const runs, seats, room = 20, 11, "SEATS2"
	lost, kills := 0, 0
	var restartMax time.Duration
	for run := 1; run <= runs; run++ {
		dir := t.TempDir()
		port := proctest.FreePort(t)
		outPath := filepath.Join(dir, "host.out")
		common := []string{"--data", dir, "--host", "127.0.0.1", "--no-mdns", "--autostart", "-1s"}
		h := startHost(t, bin, outPath, append(common, "--room", room, "--variant", "classic-2.0",
			"--players", "12", "--port", strconv.Itoa(port))...)
		waitListening(t, port, outPath)
		url := fmt.Sprintf("ws://127.0.0.1:%d/ws?room=%s", port, room)
		key := roomPublicKey(t, dir, room)
		tokens := map[int]string{}
		for seat := 1; seat <= seats; seat++ {
			p, w := dialLobbyPhone(t, url, key, "")
			tokens[seat] = w.Token
			p.send(map[string]any{"t": "join", "name": fmt.Sprintf("p%d", seat), "seat": seat})
			f := p.until("welcome")
			if f.T != "welcome" || f.Seat != seat {
				t.Fatalf("run %d: joining seat %d: %s", run, seat, f.raw)
			}
			h.kill() // as the welcome arrives
			kills++
			p.ws.Close()
			t0 := time.Now()
			lobby := filepath.Join(dir, LobbyFile)
			if _, err := os.Stat(lobby); err == nil {
				h = startHost(t, bin, outPath, append(common, "--resume", lobby)...)
			} else { // nothing saved: a fresh lobby in the same room
				h = startHost(t, bin, outPath, append(common, "--room", room, "--variant", "classic-2.0",
					"--players", "12", "--port", strconv.Itoa(port))...)
			}
			waitListening(t, port, outPath)
			restartMax = max(restartMax, time.Since(t0))
		}
		for seat := 1; seat <= seats; seat++ {
			p, w := dialLobbyPhone(t, url, key, tokens[seat])
			if w.Seat != seat {
				lost++
				t.Errorf("run %d: seat %d was welcomed, then lost in a crash (back as seat %d, %s)", run, seat, w.Seat, w.Mode)
			}
			p.ws.Close()
		}
		h.kill()
	}
	t.Logf("SIGKILL at welcome: seats lost %d of %d (%d runs of %d seats, a kill at each welcome); a restart listened within %v",
		lost, kills, runs, seats, restartMax.Round(time.Millisecond))
}

// TestFirstLobbyPlainRestart: a host stopped in the evening's first lobby,
// before any game, and started again without a resume (the app, or
// `serve` without --resume) comes back to the same room with the same key,
// and every seated phone comes back to its seat with its token, 20 times
// over; 12 hours later a start draws a new room. TestCrashFirstLobby kills
// the real binary instead.
func TestFirstLobbyPlainRestart(t *testing.T) {
	dir := t.TempDir()
	clock := newFakeClock()
	start := func() (*Server, *httptest.Server) {
		t.Helper()
		srv, err := NewServer(Config{DataDir: dir, NoMDNS: true, Clock: clock, Cadence: -1, Players: 8, Logf: t.Logf})
		if err != nil {
			t.Fatal(err)
		}
		return srv, httptest.NewServer(srv.Handler())
	}
	srv, ts := start()
	room, key := srv.Room(), srv.PublicKey()
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws?room=" + room
	const seats, restarts = 6, 20
	tokens := seatLobbyPhones(t, url, key, seats)
	kept, tried := 0, 0
	for run := 1; run <= restarts; run++ {
		ts.Close()
		srv.Close()
		clock.Advance(5 * time.Minute)
		srv, ts = start()
		if srv.Room() != room || srv.PublicKey() != key {
			t.Fatalf("restart %d: room %s (key kept %v), want room %s and its key", run, srv.Room(), srv.PublicKey() == key, room)
		}
		url = "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws?room=" + room
		for seat := 1; seat <= seats; seat++ {
			tried++
			p, w := dialLobbyPhone(t, url, key, tokens[seat])
			if w.Seat == seat {
				kept++
			} else {
				t.Errorf("restart %d: seat %d's phone came back as seat %d (%s)", run, seat, w.Seat, w.Mode)
			}
			p.ws.Close()
		}
	}
	t.Logf("plain restarts in the first lobby: room %s kept %d times, seats kept %d of %d", room, restarts, kept, tried)
	ts.Close()
	srv.Close()
	clock.Advance(evening.Gap)
	srv, ts = start()
	defer srv.Close()
	defer ts.Close()
	if srv.Room() == room {
		t.Errorf("12 hours after the lobby was last saved a start came back to room %s", room)
	}
}

// TestCrashFirstLobby kills the real `serve` (SIGKILL) in the evening's
// first lobby, before any game, 20 times, and starts it again each time
// the plain way (no --resume, no --room): the room, its key and every seat
// come back.
func TestCrashFirstLobby(t *testing.T) {
	bin := crashBinary(t)
	dir := t.TempDir()
	port := proctest.FreePort(t)
	outPath := filepath.Join(dir, "host.out")
	args := []string{"--data", dir, "--host", "127.0.0.1", "--no-mdns", "--autostart", "-1s", "--port", strconv.Itoa(port)}
	h := startHost(t, bin, outPath, args...)
	waitListening(t, port, outPath)
	keys, _ := filepath.Glob(filepath.Join(dir, KeysDir, "*.key"))
	if len(keys) != 1 {
		t.Fatalf("keys after the first start: %q", keys)
	}
	room := strings.TrimSuffix(filepath.Base(keys[0]), ".key")
	key := roomPublicKey(t, dir, room)
	url := fmt.Sprintf("ws://127.0.0.1:%d/ws?room=%s", port, room)
	const seats, restarts = 6, 20
	tokens := seatLobbyPhones(t, url, key, seats)
	kept, tried := 0, 0
	for run := 1; run <= restarts; run++ {
		h.kill()
		h = startHost(t, bin, outPath, args...)
		waitListening(t, port, outPath)
		if got, _ := filepath.Glob(filepath.Join(dir, KeysDir, "*.key")); len(got) != 1 {
			t.Fatalf("restart %d drew a new room: keys %q", run, got)
		}
		if roomPublicKey(t, dir, room) != key {
			t.Fatalf("restart %d: the room's key changed", run)
		}
		for seat := 1; seat <= seats; seat++ {
			tried++
			p, w := dialLobbyPhone(t, url, key, tokens[seat])
			if w.Seat == seat {
				kept++
			} else {
				t.Errorf("restart %d: seat %d's phone came back as seat %d (%s)", run, seat, w.Seat, w.Mode)
			}
			p.ws.Close()
		}
	}
	h.kill()
	t.Logf("SIGKILL in the first lobby, plain restarts: room %s kept %d times, seats kept %d of %d", room, restarts, kept, tried)
}

// seatLobbyPhones seats a phone in each of seats 1..n of the lobby at url
// (sealed to key) and closes it, returning each seat's token.
func seatLobbyPhones(t *testing.T, url string, key sealed.Key, n int) map[int]string {
	t.Helper()
	tokens := map[int]string{}
	for seat := 1; seat <= n; seat++ {
		p, w := dialLobbyPhone(t, url, key, "")
		p.send(map[string]any{"t": "join", "name": fmt.Sprintf("p%d", seat), "seat": seat})
		if f := p.until("welcome"); f.Seat != seat {
			t.Fatalf("joining seat %d: %s", seat, f.raw)
		}
		tokens[seat] = w.Token
		p.ws.Close()
	}
	return tokens
}
