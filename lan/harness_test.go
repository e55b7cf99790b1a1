package lan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/game"
	"nightfall/lan/sealed"
)

// fakeClock is a Clock the test moves by hand. lantest.Clock is its twin
// for the other packages' tests: lan's own tests cannot import lantest,
// which imports lan.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

type fakeTimer struct {
	at   time.Time
	f    func()
	done bool
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) func() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.done
		t.done = true
		return was
	}
}

// Advance moves the clock and runs the timers that came due, in order.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*fakeTimer
	keep := c.timers[:0]
	for _, t := range c.timers {
		switch {
		case t.done:
		case !t.at.After(c.now):
			t.done = true
			due = append(due, t)
		default:
			keep = append(keep, t)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *fakeTimer) int { return a.at.Compare(b.at) })
	for _, t := range due {
		t.f()
	}
}

// harness is a server on an httptest listener with a fake clock.
type harness struct {
	t     testing.TB
	srv   *Server
	ts    *httptest.Server
	clock *fakeClock
	dir   string
	mu    sync.Mutex
	warns []string
	from  string // the local address the next dials come from ("": any)
}

func newHarness(t testing.TB, cfg Config) *harness {
	t.Helper()
	h := &harness{t: t, clock: newFakeClock()}
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	h.dir = cfg.DataDir
	cfg.NoMDNS = true
	cfg.Clock = h.clock
	if cfg.Cadence == 0 {
		cfg.Cadence = -1 // every frame answered at once; the cadence's tests set it
	}
	cfg.Logf = func(format string, args ...any) {
		h.mu.Lock()
		h.warns = append(h.warns, fmt.Sprintf(format, args...))
		h.mu.Unlock()
	}
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatalf("NewServer: %v", err)
	}
	h.srv = srv
	srv.rateBurst, srv.ratePerSec = 1e6, 1e6 // the bots sync with pings, fast; TestRateLimit uses the real limit
	h.ts = httptest.NewServer(srv.Handler())
	t.Cleanup(h.close)
	return h
}

func (h *harness) close() {
	h.srv.Close()
	h.ts.Close()
}

// do runs f on the session loop.
func (h *harness) do(f func(s *session)) {
	h.t.Helper()
	if !h.srv.call(func() { f(h.srv.sess) }) {
		h.t.Fatal("the server is closed")
	}
}

func (h *harness) host(cmd HostCommand) {
	h.t.Helper()
	if err := h.srv.Host(cmd); err != nil {
		h.t.Fatalf("Host(%+v): %v", cmd, err)
	}
}

func (h *harness) wsURL(room string) string {
	return "ws" + strings.TrimPrefix(h.ts.URL, "http") + "/ws?room=" + room
}

// frame is a decoded server frame plus its bytes.
type frame struct {
	raw    []byte
	T      string `json:"t"`
	Token  string `json:"token"`
	Seat   int    `json:"seat"`
	Mode   string `json:"mode"`
	Phone  string `json:"phone"`
	ID     string `json:"id"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
	// Refusal: the engine's refusal of a command (codes rejected, stale)
	Refusal *game.Rejection `json:"refusal"`
	Lobby   *LobbyView      `json:"lobby"`
	View    json.RawMessage `json:"view"`
	Table   json.RawMessage `json:"table"`
	Names   map[string]string
	Key     int   `json:"key"`
	Remain  int64 `json:"remaining"`
	Paused  bool  `json:"paused"`
}

// viewOf cuts the view out of a view frame.
func viewOf(data []byte) (json.RawMessage, bool) {
	const head, mid = `{"t":"view","view":`, `,"names":`
	if !bytes.HasPrefix(data, []byte(head)) {
		return nil, false
	}
	i := bytes.LastIndex(data, []byte(mid))
	if i < len(head) {
		return nil, false
	}
	return data[len(head):i], true
}

// phone is a WebSocket client playing one phone.
type phone struct {
	t      testing.TB
	h      *harness
	ws     *sealed.Conn
	token  string
	seat   int
	mode   string
	frames []frame // every frame received
	view   []byte  // latest view JSON
	table  []byte  // latest table JSON (spectators)
	lobby  *LobbyView
	clock  *frame
	nextID int
	check  func(p *phone, f frame) // called on every frame (secrecy checks)

	decoded   *game.PlayerView // playerView's cache
	decodedOf []byte
	checked   []byte // the last view checkFrame checked
	last      sentCmd
}

func (h *harness) dial(token string) *phone {
	h.t.Helper()
	p := h.dialRaw(h.srv.Room())
	p.send(map[string]any{"t": "hello", "token": token, "lang": "zh"})
	w := p.until(func(f frame) bool { return f.T == "welcome" })
	p.token = w.Token
	return p
}

func (h *harness) dialRaw(room string) *phone {
	h.t.Helper()
	ws, resp, err := sealed.Dial(h.wsURL(room), h.srv.PublicKey(), dialerFrom(h.from), nil)
	if err != nil {
		h.t.Fatalf("dial: %v (%v)", err, resp)
	}
	p := &phone{t: h.t, h: h, ws: ws}
	h.t.Cleanup(func() { ws.Close() })
	return p
}

func (p *phone) send(v any) {
	p.t.Helper()
	var data []byte
	switch x := v.(type) {
	case string:
		data = []byte(x)
	case []byte:
		data = x
	default:
		data = mustJSON(v)
	}
	p.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if err := p.ws.WriteMessage(websocket.TextMessage, data); err != nil {
		p.t.Fatalf("seat %d: write: %v", p.seat, err)
	}
}

// next reads one frame (failing the test after 10 s).
func (p *phone) next() (frame, error) {
	p.ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, data, err := p.ws.ReadMessage()
	if err != nil {
		return frame{}, err
	}
	var f frame
	if string(data) == `{"t":"pong"}` || string(data) == `{"t":"pad"}` {
		f.T = string(data[6 : len(data)-2])
	} else if v, ok := viewOf(data); ok {
		// Fast path for the bulk of the traffic (the race detector makes
		// JSON decoding slow): a view frame's layout is fixed by viewFrame.
		f.T, f.View = "view", v
	} else if err := json.Unmarshal(data, &f); err != nil {
		p.t.Fatalf("seat %d: bad frame from the server: %v: %s", p.seat, err, data)
	}
	f.raw = data
	p.frames = append(p.frames, f)
	switch f.T {
	case "welcome":
		p.seat, p.mode = f.Seat, f.Mode
		if f.Token != "" {
			p.token = f.Token
		}
	case "view":
		p.view = f.View
	case "table":
		p.table = f.Table
	case "lobby":
		p.lobby = f.Lobby
	case "clock":
		c := f
		p.clock = &c
	}
	if p.check != nil {
		p.check(p, f)
	}
	return f, nil
}

func (p *phone) until(pred func(frame) bool) frame {
	p.t.Helper()
	for {
		f, err := p.next()
		if err != nil {
			p.t.Fatalf("seat %d: waiting for a frame: %v", p.seat, err)
		}
		if pred(f) {
			return f
		}
	}
}

// sync waits until every frame the server queued before now has arrived.
func (p *phone) sync() {
	p.t.Helper()
	p.send(`{"t":"ping"}`)
	p.until(func(f frame) bool { return f.T == "pong" })
}

func (p *phone) join(name string, seat int) frame {
	p.t.Helper()
	p.send(map[string]any{"t": "join", "name": name, "seat": seat})
	return p.until(func(f frame) bool { return f.T == "welcome" || f.T == "error" })
}

// cmd sends a command and returns its ack or error.
func (p *phone) cmd(do string, target, card *game.Target) frame {
	p.t.Helper()
	p.nextID++
	id := fmt.Sprintf("t%d-%d", p.seat, p.nextID)
	return p.cmdID(id, do, target, card)
}

// cmdText is cmd with a text (cat-lives-7's manifesto).
func (p *phone) cmdText(do string, target, card *game.Target, text string) frame {
	p.t.Helper()
	p.nextID++
	return p.cmdFull(fmt.Sprintf("t%d-%d", p.seat, p.nextID), do, target, card, text)
}

func (p *phone) cmdID(id, do string, target, card *game.Target) frame {
	p.t.Helper()
	return p.cmdFull(id, do, target, card, "")
}

func (p *phone) cmdFull(id, do string, target, card *game.Target, text string) frame {
	p.t.Helper()
	p.last = sentCmd{id, do, target, card, text}
	p.send(cmdMap(id, do, target, card, text))
	return p.until(func(f frame) bool { return (f.T == "ack" || f.T == "error") && f.ID == id })
}

func (p *phone) playerView() game.PlayerView {
	p.t.Helper()
	if p.decoded == nil || !bytes.Equal(p.decodedOf, p.view) {
		var v game.PlayerView
		if err := json.Unmarshal(p.view, &v); err != nil {
			p.t.Fatalf("seat %d: view: %v", p.seat, err)
		}
		p.decoded, p.decodedOf = &v, p.view
	}
	return *p.decoded
}

// sentCmd is a command a phone sent.
type sentCmd struct {
	id, do       string
	target, card *game.Target
	text         string
}

// seatAll dials n phones and seats them.
func (h *harness) seatAll(n int) []*phone {
	h.t.Helper()
	phones := make([]*phone, n+1)
	for seat := 1; seat <= n; seat++ {
		p := h.dial("")
		if f := p.join(fmt.Sprintf("玩家%d 🌙", seat), seat); f.T != "welcome" {
			h.t.Fatalf("join seat %d: %s", seat, f.raw)
		}
		phones[seat] = p
	}
	return phones
}

// warnings are the diagnostics logged so far that contain sub.
func (h *harness) warnings(sub string) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for _, w := range h.warns {
		if strings.Contains(w, sub) {
			out = append(out, w)
		}
	}
	return out
}

// eventCount is how many events the game has logged.
func (h *harness) eventCount() int {
	n := 0
	h.do(func(s *session) {
		if s.g != nil {
			n = len(s.g.Events())
		}
	})
	return n
}

// hostView is the big screen's view now.
func (h *harness) hostView() (hv HostView) {
	h.do(func(s *session) { hv = s.hostView() })
	return hv
}

// dialerFrom is a WebSocket dialer whose connections come from the local
// address ip (any 127.x.y.z on Linux: phones of their own on loopback);
// "" is the default dialer.
func dialerFrom(ip string) *websocket.Dialer {
	if ip == "" {
		return websocket.DefaultDialer
	}
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &websocket.Dialer{NetDialContext: d.DialContext, HandshakeTimeout: 5 * time.Second}
}

// call runs f on the session loop and waits for it; false if the server
// is closed.
func (s *Server) call(f func()) bool {
	reply := make(chan struct{}, 1)
	_, ok := await(s, s.post(msgInspect{func(*session) { f() }, reply}), reply)
	return ok
}

// pageVersion is the version of the phone page the harness serves.
func (h *harness) pageVersion() string {
	_, v := h.srv.servedPage()
	return v
}
