package lan

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/lan/sealed"
)

// fakeOutboxHost is the session as the outbox sees it: views set by the
// test, ticks armed by hand, slow phones noted.
type fakeOutboxHost struct {
	v       views
	shown   bool // render has views
	armed   []int
	stopped int
	slowed  []*client
}

func (h *fakeOutboxHost) render() (views, bool) { return h.v, h.shown }
func (h *fakeOutboxHost) afterTick(d time.Duration, gen int) func() bool {
	h.armed = append(h.armed, gen)
	return func() bool { h.stopped++; return true }
}
func (h *fakeOutboxHost) slow(c *client) { h.slowed = append(h.slowed, c) }

func testClient(spectator bool) *client {
	c := &client{send: make(chan outMsg, sendBuffer)}
	c.m = &member{spectator: spectator}
	return c
}

// sentFrames takes the frames queued to c so far.
func sentFrames(c *client) []string {
	var out []string
	for {
		select {
		case m := <-c.send:
			if m.lobby != nil {
				if p := m.lobby.Swap(nil); p != nil {
					out = append(out, string(*p))
				}
				continue
			}
			out = append(out, string(m.data))
		default:
			return out
		}
	}
}

// TestOutboxSendsAtOnceOutsideAGame: without a game (or without a
// cadence), a frame and a reply are queued at once, in order, and a
// socket that is not open gets nothing.
func TestOutboxSendsAtOnceOutsideAGame(t *testing.T) {
	for _, every := range []time.Duration{0, time.Second} {
		h := &fakeOutboxHost{}
		o := newOutbox(every, h)
		c, gone := testClient(false), testClient(false)
		o.open(c)
		o.send(c, []byte(`{"t":"a"}`))
		o.answer(c, []byte(`{"t":"b"}`))
		o.send(gone, []byte(`{"t":"c"}`))
		if got := sentFrames(c); fmt.Sprint(got) != `[{"t":"a"} {"t":"b"}]` {
			t.Errorf("cadence %v: %q", every, got)
		}
		if got := sentFrames(gone); len(got) != 0 {
			t.Errorf("a socket not open got %q", got)
		}
		if len(h.armed) != 0 {
			t.Errorf("cadence %v: a tick armed without a game", every)
		}
	}
}

// TestOutboxTickOrder: while a game runs, frames wait for the tick; the
// tick sends each phone's held frames, then one broadcast of the views of
// then (however many changes came), then its replies. A stale tick does
// nothing; the tick re-arms itself; the game's end sends what waits and
// stops the tick.
func TestOutboxTickOrder(t *testing.T) {
	h := &fakeOutboxHost{shown: true}
	o := newOutbox(200*time.Millisecond, h)
	seat, watcher := testClient(false), testClient(true)
	o.open(seat)
	o.open(watcher)
	h.v = views{seats: []*client{seat}, views: [][]byte{[]byte(`{"v":1}`)}, table: []byte(`{"n":1}`), names: []byte(`{}`)}
	o.begin(1)
	o.send(seat, []byte(`{"t":"clock"}`)) // a game's frames wait from its start
	o.arm()
	if len(h.armed) != 1 {
		t.Fatalf("armed %v, want one tick", h.armed)
	}
	o.answer(seat, []byte(`{"t":"ack","id":"x"}`))
	o.update()
	h.v.views = [][]byte{[]byte(`{"v":2}`)} // changed again before the tick
	o.update()
	if got := sentFrames(seat); len(got) != 0 {
		t.Fatalf("sent before the tick: %q", got)
	}
	o.tick(h.armed[0] + 1) // not the armed one
	if got := sentFrames(seat); len(got) != 0 {
		t.Fatalf("a stale tick sent %q", got)
	}
	o.tick(h.armed[0])
	got := sentFrames(seat)
	if len(got) != 3 || got[0] != `{"t":"clock"}` || !bytes.HasPrefix([]byte(got[1]), []byte(`{"t":"view","view":{"v":2}`)) || got[2] != `{"t":"ack","id":"x"}` {
		t.Errorf("the tick sent %q, want the clock, the views of then, the ack", got)
	}
	if w := sentFrames(watcher); len(w) != 1 || w[0] != `{"t":"table","table":{"n":1},"names":{}}` {
		t.Errorf("the spectator got %q", w)
	}
	if len(h.armed) != 2 || o.cadence.ticks != 1 {
		t.Errorf("armed %v, ticks %d: want re-armed after one tick", h.armed, o.cadence.ticks)
	}
	o.tick(h.armed[1])
	if got := sentFrames(seat); len(got) != 0 {
		t.Errorf("a tick with nothing new sent %q", got)
	}
	o.send(seat, []byte(`{"t":"last"}`))
	o.end()
	if got := sentFrames(seat); fmt.Sprint(got) != `[{"t":"last"}]` {
		t.Errorf("the end of the game sent %q, want what waited", got)
	}
	if h.stopped != 1 || o.cadence.stop != nil {
		t.Errorf("the tick was not stopped (%d stops)", h.stopped)
	}
	o.send(seat, []byte(`{"t":"after"}`))
	if got := sentFrames(seat); fmt.Sprint(got) != `[{"t":"after"}]` {
		t.Errorf("after the game: %q, want at once", got)
	}
}

// TestOutboxOneReplyATick: during a game's cadence a sealed socket gets
// exactly one reply at every tick, whatever its phone sent since the last:
// the oldest answer owed (two acks owed go out one a tick, in order), or an
// empty pad when nothing is owed (its phone's frame came late, or was an
// empty pad itself, or two came at once). So the host's replies are its
// ticks, and a phone that answers each with one frame sends one a tick
// even when it falls behind. A socket without a sealed channel yet gets no
// pads.
func TestOutboxOneReplyATick(t *testing.T) {
	h := &fakeOutboxHost{}
	o := newOutbox(200*time.Millisecond, h)
	seat, bare := testClient(false), testClient(false)
	seat.box.Store(&sealed.Box{})
	o.open(seat)
	o.open(bare)
	o.begin(0)
	o.arm()
	tick := func() []string {
		t.Helper()
		o.tick(h.armed[len(h.armed)-1])
		return sentFrames(seat)
	}
	if got := tick(); fmt.Sprint(got) != `[{"t":"pad"}]` {
		t.Errorf("a tick after no frame sent %q, want one pad", got)
	}
	o.answer(seat, padFrame)
	o.answer(seat, padFrame)
	if got := tick(); fmt.Sprint(got) != `[{"t":"pad"}]` {
		t.Errorf("a tick after two pads sent %q, want one pad", got)
	}
	o.answer(seat, []byte(`{"t":"ack","id":"a"}`))
	o.answer(seat, padFrame)
	o.answer(seat, []byte(`{"t":"ack","id":"b"}`))
	for i, want := range []string{`[{"t":"ack","id":"a"}]`, `[{"t":"ack","id":"b"}]`, `[{"t":"pad"}]`} {
		if got := tick(); fmt.Sprint(got) != want {
			t.Errorf("tick %d after two acks sent %q, want %s", i+1, got, want)
		}
	}
	if got := sentFrames(bare); len(got) != 0 {
		t.Errorf("a socket without a channel got %q", got)
	}
}

// TestOutboxFirstTickAtHello: a socket that says hello while a game runs
// has its first tick then: what is held for it (its welcome, its state) and
// its one reply go out at once, and nothing to the others; from then on it
// has the others' ticks, one reply each. Outside a game it changes nothing.
func TestOutboxFirstTickAtHello(t *testing.T) {
	h := &fakeOutboxHost{}
	o := newOutbox(200*time.Millisecond, h)
	other, woke := testClient(false), testClient(false)
	for _, c := range []*client{other, woke} {
		c.box.Store(&sealed.Box{})
		o.open(c)
	}
	o.begin(0)
	o.arm()
	o.send(other, []byte(`{"t":"clock"}`))
	o.send(woke, []byte(`{"t":"welcome"}`))
	o.send(woke, []byte(`{"t":"view"}`))
	o.first(woke)
	if got := sentFrames(woke); fmt.Sprint(got) != `[{"t":"welcome"} {"t":"view"} {"t":"pad"}]` {
		t.Errorf("the first tick sent %q, want the welcome, the view, one pad", got)
	}
	if got := sentFrames(other); len(got) != 0 {
		t.Errorf("another socket got %q at a socket's first tick", got)
	}
	if o.cadence.ticks != 0 || len(h.armed) != 1 {
		t.Errorf("the first tick moved the others' (%d ticks, armed %v)", o.cadence.ticks, h.armed)
	}
	o.tick(h.armed[0])
	if got := sentFrames(woke); fmt.Sprint(got) != `[{"t":"pad"}]` {
		t.Errorf("the next tick sent %q, want one pad", got)
	}
	if got := sentFrames(other); fmt.Sprint(got) != `[{"t":"clock"} {"t":"pad"}]` {
		t.Errorf("the other socket's tick sent %q", got)
	}
	o.end()
	sentFrames(woke) // the end's tick
	o.send(woke, []byte(`{"t":"lobby"}`))
	o.first(woke)
	if got := sentFrames(woke); fmt.Sprint(got) != `[{"t":"lobby"}]` {
		t.Errorf("outside a game: %q, want the frame sent at once and nothing more", got)
	}
}

// TestOutboxBroadcastOneSize: when any view changes every seat gets a view
// frame, all of one size whatever each view's length; when none changed,
// nobody does; a spectator gets the table only when it changed.
func TestOutboxBroadcastOneSize(t *testing.T) {
	o := newOutbox(0, &fakeOutboxHost{})
	a, b, w := testClient(false), testClient(false), testClient(true)
	for _, c := range []*client{a, b, w} {
		o.open(c)
	}
	o.begin(2)
	o.end()
	v := views{seats: []*client{a, b}, views: [][]byte{[]byte(`{"role":"killer","pick":3}`), []byte(`{}`)},
		table: []byte(`{"day":1}`), names: []byte(`{"1":"A"}`)}
	o.broadcast(v)
	fa, fb := sentFrames(a), sentFrames(b)
	if len(fa) != 1 || len(fb) != 1 || len(fa[0]) != len(fb[0]) {
		t.Fatalf("view frames %q and %q: want one each, of one size", fa, fb)
	}
	if o.bucket != len(fa[0]) || len(fa[0])%viewBucket != 0 {
		t.Errorf("bucket %d, frame %d bytes", o.bucket, len(fa[0]))
	}
	if got := sentFrames(w); len(got) != 1 {
		t.Errorf("the spectator got %q, want the table", got)
	}
	o.broadcast(v)
	if n := len(sentFrames(a)) + len(sentFrames(b)) + len(sentFrames(w)); n != 0 {
		t.Errorf("%d frames for a broadcast that changed nothing", n)
	}
	v.views = [][]byte{[]byte(`{"role":"killer","pick":4}`), []byte(`{}`)} // only seat 1's view
	o.broadcast(v)
	if len(sentFrames(a)) != 1 || len(sentFrames(b)) != 1 {
		t.Error("a change of one seat's view must reach every seat")
	}
	if got := sentFrames(w); len(got) != 0 {
		t.Errorf("the table did not change, yet the spectator got %q", got)
	}
	if f := o.viewFrame([]byte(`{}`), v.names); len(f) != o.bucket {
		t.Errorf("a reconnect's view frame is %d bytes, the broadcast's %d", len(f), o.bucket)
	}
}

// TestOutboxSlowPhone: a phone whose queue is full, or with a tick's worth
// of frames waiting, is handed to the session as too slow.
func TestOutboxSlowPhone(t *testing.T) {
	h := &fakeOutboxHost{}
	o := newOutbox(time.Second, h)
	c := testClient(false)
	o.open(c)
	for range sendBuffer + 1 {
		o.send(c, []byte(`{}`))
	}
	if len(h.slowed) != 1 || h.slowed[0] != c {
		t.Fatalf("slow %v after %d frames", h.slowed, sendBuffer+1)
	}
	sentFrames(c)
	h.slowed = nil
	o.begin(0)
	for range sendBuffer {
		o.answer(c, []byte(`{"t":"ack","id":"x"}`))
	}
	if len(h.slowed) != 0 {
		t.Fatal("slow before the held frames filled a queue")
	}
	o.send(c, []byte(`{}`))
	if len(h.slowed) != 1 {
		t.Errorf("%d frames held: not slow", sendBuffer+1)
	}
}

// TestOutboxLobbyReplaces: a lobby frame replaces the lobby frame still
// waiting for the phone, held for the tick or queued, so a stream of lobby
// changes never fills a queue; other frames keep their place.
func TestOutboxLobbyReplaces(t *testing.T) {
	lobby := func(n int) []byte { return []byte(fmt.Sprintf(`{"t":"lobby","n":%d}`, n)) }
	for _, game := range []bool{false, true} {
		h := &fakeOutboxHost{}
		o := newOutbox(time.Second, h)
		c := testClient(false)
		o.open(c)
		if game {
			o.begin(0)
			o.arm()
		}
		o.send(c, []byte(`{"t":"x"}`))
		for i := range 3 * sendBuffer {
			o.sendLobby(c, lobby(i))
		}
		if game {
			o.tick(h.armed[0])
		}
		got := sentFrames(c)
		if fmt.Sprint(got) != fmt.Sprintf(`[{"t":"x"} %s]`, lobby(3*sendBuffer-1)) || len(h.slowed) != 0 {
			t.Errorf("game %v: %q (slow %d)", game, got, len(h.slowed))
		}
	}
}

// TestHelloFirstTick: a phone back during a game with the cadence on (a
// reload, a new socket) gets its welcome, its clock, its view and one reply
// at its hello, not at the next tick: the test's clock never moves, so no
// tick comes, and the others' ticks are not moved by it.
func TestHelloFirstTick(t *testing.T) {
	in := game.Variants()[0]
	h := newHarness(t, Config{Variant: in.ID, Players: in.MinPlayers, Seed: 5, Cadence: time.Second})
	tb := newTable(t, h, in.MinPlayers, 5)
	for _, p := range tb.phones[1:] {
		p.sync()
	}
	h.host(HostCommand{Do: HostStart})
	ticks := func() (n int) {
		h.do(func(s *session) { n = s.out.cadence.ticks })
		return n
	}
	before := ticks()
	p := tb.phones[2]
	p.ws.Close()
	back := h.dial(p.token) // its welcome
	if back.seat != 2 || back.mode != "player" {
		t.Fatalf("back as seat %d, %s", back.seat, back.mode)
	}
	var got []string
	back.until(func(f frame) bool { got = append(got, f.T); return f.T == "pad" })
	if fmt.Sprint(got) != "[clock view pad]" {
		t.Errorf("after its welcome, the first tick sent %v, want the clock, the view, one pad", got)
	}
	if n := ticks(); n != before {
		t.Errorf("the cadence ticked %d times: the first tick is the socket's own", n-before)
	}
}
