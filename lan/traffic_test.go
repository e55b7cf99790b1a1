package lan

// What a Wi-Fi sniffer sees: a tap on the server's sockets
// records every byte both ways, with the cadence tick it belongs to, while
// bots play a whole game of every variant through the sealed channel.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/assets"
	"nightfall/game"
	"nightfall/lan/sealed"
)

// tap is a listener whose connections record what they read and write,
// each chunk with the tick (slot) the test was in.
type tap struct {
	net.Listener
	slot  atomic.Int64
	mu    sync.Mutex
	conns []*tapConn
}

type tapChunk struct {
	slot int64
	data []byte
}

type tapConn struct {
	net.Conn
	tap      *tap
	mu       sync.Mutex
	up, down []tapChunk // phone → host (read), host → phone (written)
}

func (t *tap) Accept() (net.Conn, error) {
	c, err := t.Listener.Accept()
	if err != nil {
		return c, err
	}
	tc := &tapConn{Conn: c, tap: t}
	t.mu.Lock()
	t.conns = append(t.conns, tc)
	t.mu.Unlock()
	return tc, nil
}

func (c *tapConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 {
		c.mu.Lock()
		c.up = append(c.up, tapChunk{c.tap.slot.Load(), slices.Clone(b[:n])})
		c.mu.Unlock()
	}
	return n, err
}

func (c *tapConn) Write(b []byte) (int, error) {
	c.mu.Lock()
	c.down = append(c.down, tapChunk{c.tap.slot.Load(), slices.Clone(b)})
	c.mu.Unlock()
	return c.Conn.Write(b)
}

// wsMsg is one WebSocket message on the air: its tick, direction and
// payload size (control frames left out: the library's pings, empty).
type wsMsg struct {
	Slot int64
	Up   bool
	Size int
}

// messages cuts a direction's bytes into WebSocket messages, after the
// HTTP upgrade. Each message has the slot of the chunk it starts in.
func messages(t *testing.T, chunks []tapChunk, up bool) (msgs []wsMsg, raw []byte) {
	t.Helper()
	var slots []int64 // slot of every byte
	for _, c := range chunks {
		raw = append(raw, c.data...)
		for range c.data {
			slots = append(slots, c.slot)
		}
	}
	i := bytes.Index(raw, []byte("\r\n\r\n"))
	if i < 0 {
		return nil, raw
	}
	p := i + 4
	size, start := 0, -1
	for p+2 <= len(raw) {
		b0, b1 := raw[p], raw[p+1]
		fin, op := b0&0x80 != 0, b0&0x0f
		masked := b1&0x80 != 0
		n := int(b1 & 0x7f)
		h := 2
		switch n {
		case 126:
			n = int(binary.BigEndian.Uint16(raw[p+2:]))
			h += 2
		case 127:
			n = int(binary.BigEndian.Uint64(raw[p+2:]))
			h += 8
		}
		if masked {
			h += 4
		}
		if p+h+n > len(raw) {
			t.Fatalf("a WebSocket frame runs past the captured bytes")
		}
		if op < 8 { // data (text, binary, continuation)
			if start < 0 {
				start = p
			}
			size += n
			if fin {
				msgs = append(msgs, wsMsg{Slot: slots[start], Up: up, Size: size})
				size, start = 0, -1
			}
		}
		p += h + n
	}
	return msgs, raw
}

// newTappedHarness is newHarness whose HTTP server listens through a tap.
func newTappedHarness(t *testing.T, cfg Config) (*harness, *tap) {
	h := newHarness(t, cfg)
	h.ts.Close()
	ts := httptest.NewUnstartedServer(h.srv.Handler())
	tp := &tap{Listener: ts.Listener}
	ts.Listener = tp
	ts.Start()
	h.ts = ts
	return h, tp
}

// secretStrings are what no byte on the air may hold: JSON, role ids and
// names (both languages) of every variant, the players' names and tokens.
func secretStrings(t *testing.T, phones []*phone, names []string) []string {
	out := []string{`{"t":`, `"view"`, `"token"`, `"roles"`, `"known"`, `"tasks"`}
	dicts := map[string]map[string]string{}
	for _, lang := range []string{"zh", "en"} {
		b, err := assets.Embedded().ReadFile("i18n/" + lang + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var d map[string]string
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		dicts[lang] = d
	}
	for _, in := range game.Variants() {
		for _, r := range in.Roles {
			out = append(out, `"`+r.ID+`"`)
			for _, d := range dicts {
				if name := d["role."+r.ID]; name != "" {
					out = append(out, `"`+name+`"`)
					if len(name) >= 6 {
						out = append(out, name)
					}
				}
			}
		}
	}
	for _, p := range phones {
		out = append(out, p.token)
	}
	return append(out, names...)
}

// TestSealedTraffic plays a whole game of every variant with the cadence
// on, the phones following it as the page does (one frame a tick: a command
// or an empty one), and checks what the tap saw: no plaintext JSON, role,
// name or token in any byte; from the start on every phone (a spectator
// too) sent one frame a tick, all of one size, and got frames only at the
// host's ticks; and every seat sent and got the same sequence of (tick,
// size) of frames, so the air says nothing about who holds which role or
// who acted.
func TestSealedTraffic(t *testing.T) {
	type tcase struct {
		name string
		in   game.VariantInfo
		opts map[string]json.RawMessage
	}
	var cases []tcase
	for _, in := range game.Variants() {
		cases = append(cases, tcase{in.ID, in, nil})
		if in.ID == "werewolf-12" { // the other board: a guard instead of the idiot
			cases = append(cases, tcase{in.ID + "-guard", in, map[string]json.RawMessage{"board": json.RawMessage(`"seer-witch-hunter-guard"`)}})
		}
	}
	for i, tc := range cases {
		in := tc.in
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			n := in.MinPlayers
			h, tp := newTappedHarness(t, Config{Variant: in.ID, Players: n, Seed: uint64(300 + i), Cadence: time.Second, Options: tc.opts})
			tb := newTable(t, h, n, uint64(i))
			spec := h.dial("")
			spec.send(map[string]any{"t": "spectate", "name": "观众"})
			spec.until(func(f frame) bool { return f.T == "welcome" && f.Mode == "spectator" })
			all := append(slices.Clone(tb.phones[1:]), spec)
			names := []string{"观众"}
			for seat := 1; seat <= n; seat++ {
				names = append(names, fmt.Sprintf("玩家%d 🌙", seat))
			}
			// The lobby's frames go out at once (the cadence runs during a
			// game): every phone has them all before the start, or a writer
			// slowed by a loaded machine puts one of them inside the game's
			// first ticks, where it would count as the game's.
			for _, p := range all {
				p.sync()
			}
			const startSlot = 1
			// The start is measured: from it on, whatever the host sends
			// waits for a tick.
			tp.slot.Store(2 * startSlot)
			tb.h.host(HostCommand{Do: HostStart})
			tb.noteRoles()
			for _, p := range all {
				p.check = tb.checkFrame
			}
			slot := int64(startSlot)
			quiet := 0       // ticks in a row without a command
			skipped := false // the last tick ran the clock on to a deadline: the views come now
			sent := make([]*botCmd, n+1)
			cmds := 0
			for over := 0; over < 3; slot++ {
				if slot > 20000 {
					t.Fatalf("the game did not end in %d ticks", slot)
				}
				tp.slot.Store(2 * slot) // the phones send
				acted := false
				for _, p := range all {
					sent[p.seat] = nil
					if p.mode == "player" && p.view != nil && !skipped {
						if c, ok := tb.decide(p.playerView()); ok {
							p.nextID++
							p.send(c.frame(fmt.Sprintf("t%d-%d", p.seat, p.nextID)))
							sent[p.seat] = &c
							acted = true
							cmds++
							continue
						}
					}
					p.send(`{"t":"pad"}`)
				}
				// The host has every phone's frame of this tick.
				for deadline := time.Now().Add(10 * time.Second); ; {
					got := 0
					h.do(func(s *session) {
						for c := range s.out.clients {
							got += c.tickIn
						}
					})
					if got == len(all) {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("tick %d: the host has %d of %d frames", slot, got, len(all))
					}
					time.Sleep(100 * time.Microsecond)
				}
				if acted {
					quiet = 0
				} else {
					quiet++
				}
				step := time.Second
				skipped = false
				if quiet >= 2 && over == 0 { // nobody has anything to do: on to the next deadline in one tick
					var d time.Duration
					armed := false
					h.do(func(s *session) { d, armed = s.clk.untilWake() })
					if armed {
						step = max(step, d)
						skipped = d > time.Second
						quiet = 0
						tb.timeouts++
					} else {
						h.host(HostCommand{Do: HostSkip})
					}
				}
				tp.slot.Store(2*slot + 1) // the host's tick
				h.clock.Advance(step)
				for _, p := range all {
					v := p.view
					f := p.until(func(f frame) bool { return f.T == "pad" || f.T == "ack" || (f.T == "error" && f.ID != "") })
					if c := sent[p.seat]; c != nil && p.seat > 0 && f.T == "error" {
						// Every phone acts on the view of the last tick, so
						// one may find its task gone (TestFullGames checks
						// the bots' commands one by one).
						var pv game.PlayerView
						json.Unmarshal(v, &pv)
						tb.refuse(pv, *c)
					} else if sent[p.seat] != nil {
						tb.acts++
					}
				}
				if tb.phones[1].playerView().Table.Phase == "over" {
					over++
				}
			}
			if t.Failed() {
				return
			}
			// The air.
			secrets := secretStrings(t, all, names)
			byAddr := map[string]*tapConn{}
			tp.mu.Lock()
			conns := slices.Clone(tp.conns)
			tp.mu.Unlock()
			for _, c := range conns {
				byAddr[c.RemoteAddr().String()] = c
			}
			var ref []wsMsg
			upSizes, downSizes := map[int]int{}, map[int]int{}
			for k, p := range all {
				c := byAddr[p.ws.LocalAddr().String()]
				if c == nil {
					t.Fatalf("no tapped connection for seat %d", p.seat)
				}
				c.mu.Lock()
				up, upRaw := messages(t, c.up, true)
				down, downRaw := messages(t, c.down, false)
				c.mu.Unlock()
				for _, raw := range [][]byte{upRaw, downRaw} {
					for _, s := range secrets {
						if s != "" && bytes.Contains(raw, []byte(s)) {
							t.Errorf("seat %d: %q is on the air", p.seat, s)
						}
					}
				}
				var seq []wsMsg
				for _, m := range append(up, down...) {
					if m.Slot >= 2*startSlot {
						if m.Up != (m.Slot%2 == 0) {
							t.Errorf("seat %d: a frame %s between ticks: %+v", p.seat, map[bool]string{true: "from the phone", false: "to the phone"}[m.Up], m)
						}
						seq = append(seq, m)
						if m.Up {
							upSizes[m.Size]++
						} else {
							downSizes[m.Size]++
						}
					}
				}
				slices.SortStableFunc(seq, func(a, b wsMsg) int {
					if a.Slot != b.Slot {
						return int(a.Slot - b.Slot)
					}
					if a.Up != b.Up {
						if a.Up {
							return -1
						}
						return 1
					}
					return 0
				})
				perSlot := map[int64]int{}
				for _, m := range seq {
					if m.Up {
						perSlot[m.Slot]++
					}
				}
				for s := int64(startSlot); s < slot; s++ {
					if perSlot[2*s] != 1 {
						t.Errorf("seat %d, tick %d: %d frames from the phone, want 1", p.seat, s, perSlot[2*s])
					}
				}
				if p.seat == 0 {
					continue // a spectator gets the table (public) when it changes
				}
				if k == 0 {
					ref = seq
					continue
				}
				if !slices.Equal(seq, ref) {
					for j := range min(len(seq), len(ref)) {
						if seq[j] != ref[j] {
							t.Errorf("seat %d differs from seat 1 at frame %d of %d: %+v, seat 1 %+v", p.seat, j, len(ref), seq[j], ref[j])
							break
						}
					}
					if len(seq) != len(ref) {
						t.Errorf("seat %d: %d frames, seat 1: %d", p.seat, len(seq), len(ref))
					}
				}
			}
			if len(upSizes) != 1 {
				t.Errorf("the phones' frames come in %d sizes: %v", len(upSizes), upSizes)
			}
			tv := tb.phones[1].playerView().Table
			t.Logf("%s: %d players + 1 spectator, %d ticks, %d commands (%d acted, %d refused), %d frames a phone both ways; sizes up %v, down %v; over in round %d: %s",
				tc.name, n, slot-startSlot, cmds, tb.acts, tb.refused, len(ref), upSizes, downSizes, tv.Round, tv.Reason)
		})
	}
}

// TestSealedAttacks: what an attacker on the LAN may send is refused,
// logged once per socket, and changes nothing: a key that is not the
// room's, a plain JSON frame, an altered frame, a replayed frame, a frame
// sealed for another phone, another socket's first frame.
func TestSealedAttacks(t *testing.T) {
	in := game.Variants()[0]
	h := newHarness(t, Config{Variant: in.ID, Players: in.MinPlayers, Seed: 9})
	tb := newTable(t, h, in.MinPlayers, 1)
	tb.start()
	state := func() string {
		var b strings.Builder
		h.do(func(s *session) {
			fmt.Fprintf(&b, "%d events, %d members;", len(s.g.Events()), len(s.adm.members))
			for _, v := range s.out.lastView {
				b.Write(v)
			}
		})
		return b.String()
	}
	refusedInClear := func(what string, ws *websocket.Conn) {
		t.Helper()
		ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		var got []string
		for {
			mt, data, err := ws.ReadMessage()
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				if ce.Code != closeSealed {
					t.Errorf("%s: close %d", what, ce.Code)
				}
				break
			}
			if err != nil {
				t.Errorf("%s: %v", what, err)
				return
			}
			if mt == websocket.BinaryMessage && len(data) == sealed.ChallengeSize {
				continue
			}
			got = append(got, string(data))
		}
		if len(got) != 1 || !strings.Contains(got[0], `"code":"sealed"`) {
			t.Errorf("%s: the host answered %q", what, got)
		}
	}
	logged := func(what, sub string, want int) {
		t.Helper()
		if n := len(h.warnings(sub)); n != want {
			t.Errorf("%s: %d log lines with %q, want %d", what, n, sub, want)
		}
	}
	before := state()

	// A phone with a key that is not the room's (an old QR code).
	other, _ := sealed.GenerateKey()
	bad, _, err := sealed.Dial(h.wsURL(h.srv.Room()), other, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	bad.WriteJSON(map[string]any{"t": "hello", "token": tb.phones[1].token})
	bad.WriteJSON(map[string]any{"t": "ping"})
	refusedInClear("another room's key", bad.WS())
	logged("another room's key", "not sealed to the room's key", 1)

	// A page that speaks plain JSON.
	plain, _, err := websocket.DefaultDialer.Dial(h.wsURL(h.srv.Room()), nil)
	if err != nil {
		t.Fatal(err)
	}
	plain.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello","token":"`+tb.phones[2].token+`"}`))
	refusedInClear("plain JSON", plain)
	logged("plain JSON", "not sealed to the room's key", 2)

	// Another socket's first frame, replayed on a new socket: the challenge
	// is not this socket's.
	c, _, err := sealed.Dial(h.wsURL(h.srv.Room()), h.srv.PublicKey(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := c.Seal([]byte(`{"t":"hello","token":"` + tb.phones[3].token + `"}`))
	replay, _, err := websocket.DefaultDialer.Dial(h.wsURL(h.srv.Room()), nil)
	if err != nil {
		t.Fatal(err)
	}
	replay.WriteMessage(websocket.BinaryMessage, first)
	refusedInClear("a replayed first frame", replay)
	logged("a replayed first frame", "not sealed to the room's key", 3)
	c.Close()
	if got := state(); got != before {
		t.Errorf("the refused sockets changed the session:\n%s\n%s", got, before)
	}

	// In a session: seat 1's frames altered, seat 2's replayed, seat 2's
	// sent on seat 3's socket. The sealed command is one a phone could
	// send now (a sleeper's "sleep", a vote...), so opening it would act.
	p1, p2, p3 := tb.phones[1], tb.phones[2], tb.phones[3]
	cmdOf := func(p *phone) []byte {
		c, ok := tb.decide(p.playerView())
		if !ok {
			c = botCmd{do: "sleep"}
		}
		m := map[string]any{"t": "cmd", "id": fmt.Sprintf("attack-%d", p.seat), "do": c.do}
		if c.target != nil {
			m["target"] = c.target
		}
		return mustJSON(m)
	}
	altered, _ := p1.ws.Seal(cmdOf(p1))
	altered[len(altered)-3] ^= 0x40
	p1.ws.WS().WriteMessage(websocket.BinaryMessage, altered)
	foreign, _ := p2.ws.Seal(cmdOf(p2))
	p3.ws.WS().WriteMessage(websocket.BinaryMessage, foreign)
	for _, p := range []*phone{p1, p3} {
		n := len(p.frames)
		p.sync()
		if len(p.frames) != n+1 {
			t.Errorf("seat %d was answered: %s", p.seat, p.frames[n].raw)
		}
	}
	if got := state(); got != before {
		t.Errorf("an altered or foreign frame changed the game:\n%s\n%s", got, before)
	}
	logged("altered, foreign", "dropped a frame", 2)
	// The same altered frame again: dropped without a word (logged once a socket).
	p1.ws.WS().WriteMessage(websocket.BinaryMessage, altered)
	p1.sync()
	logged("altered again", "dropped a frame", 2)

	// Seat 2's own frame opens (once); replayed, it is dropped.
	p2.ws.WS().WriteMessage(websocket.BinaryMessage, foreign)
	f := p2.until(func(f frame) bool { return f.ID == "attack-2" })
	after := state()
	p2.ws.WS().WriteMessage(websocket.BinaryMessage, foreign)
	n := len(p2.frames)
	p2.sync()
	if len(p2.frames) != n+1 {
		t.Errorf("the replayed frame was answered: %s", p2.frames[n].raw)
	}
	if got := state(); got != after {
		t.Errorf("a replayed frame changed the game")
	}
	logged("replayed", "dropped a frame", 3)
	t.Logf("seat 2's own frame, once: %s", f.raw)
}
