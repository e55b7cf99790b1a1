package lan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/game"
	"nightfall/lan/sealed"
)

// pacedPhone is a Go phone that sends as the page's Conn does (net.js):
// with the cadence on, exactly one frame for every reply of the host's (its
// tick), a queued command or an empty pad, cadence − cadenceLead after the
// reply (at once for a reply that came while the previous one was still
// unanswered); with the cadence off, a command at once. Its reader stamps what arrives; a counting socket
// measures the bytes both ways.
type pacedPhone struct {
	ws    *sealed.Conn
	seat  int           // 0: a spectator
	every time.Duration // 0: no cadence
	up    atomic.Int64  // bytes on the socket, phone → host
	down  atomic.Int64  // host → phone

	wmu     sync.Mutex // one writer
	mu      sync.Mutex
	queue   []string
	view    []byte    // the latest view
	views   []stamped // view frames (players) or tables (spectators) since mark
	total   int       // every frame received
	token   string
	replied chan struct{} // a reply came: owed was added to
	owed    atomic.Int32  // the host's ticks not answered yet
	acks    chan frame
	welcome chan frame
	stop    chan struct{}
}

type stamped struct {
	at  time.Time
	raw []byte
}

// countingConn counts a socket's bytes.
type countingConn struct {
	net.Conn
	read, written *atomic.Int64
}

func (c countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.read.Add(int64(n))
	return n, err
}

func (c countingConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.written.Add(int64(n))
	return n, err
}

// cadenceLead is net.js's cadenceLead: how long before the host's next
// tick the page sends its frame.
func cadenceLead(every time.Duration) time.Duration {
	return min(200*time.Millisecond, (every * 2 / 5).Truncate(time.Millisecond))
}

func (h *harness) pacedDial(tb testing.TB, every time.Duration) *pacedPhone {
	p := &pacedPhone{every: every, replied: make(chan struct{}, 1), acks: make(chan frame, 4), welcome: make(chan frame, 4), stop: make(chan struct{})}
	nd := &net.Dialer{}
	d := websocket.Dialer{ReadBufferSize: 32 << 10, NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := nd.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return countingConn{Conn: c, read: &p.down, written: &p.up}, nil
	}}
	ws := h.loadSocket(tb, &d)
	p.ws = ws
	tb.Cleanup(func() { close(p.stop); ws.Close() })
	go readStamped(ws, p.got)
	p.send(tb, `{"t":"hello"}`)
	p.token = (<-p.welcome).Token
	return p
}

// pacedPhones dials paced phones (every: their pace) that take seats from
// to players, then spectators that watch, and starts their pacing.
func (h *harness) pacedPhones(tb testing.TB, every time.Duration, from, players, spectators int) []*pacedPhone {
	phones := seatLoad(tb, from, players, spectators, func(seat int) *pacedPhone {
		p := h.pacedDial(tb, every)
		p.seat = seat
		return p
	})
	for _, p := range phones {
		p.pace(tb)
	}
	return phones
}

func (p *pacedPhone) welcomed() { <-p.welcome }

func (p *pacedPhone) send(tb testing.TB, s string) {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if err := p.ws.WriteMessage(websocket.TextMessage, []byte(s)); err != nil {
		select {
		case <-p.stop: // closed at the end of the benchmark
		default:
			tb.Error(err)
		}
	}
}

func (p *pacedPhone) got(data []byte, now time.Time) {
	p.mu.Lock()
	p.total++
	if v, ok := viewOf(data); ok {
		p.view = v
		p.views = append(p.views, stamped{now, v})
	} else if bytes.HasPrefix(data, []byte(`{"t":"table"`)) {
		p.views = append(p.views, stamped{now, data})
	}
	p.mu.Unlock()
	var f frame
	json.Unmarshal(data, &f)
	f.raw = data
	switch f.T {
	case "welcome":
		p.welcome <- f
	case "ack", "error", "pad", "pong":
		if f.T == "ack" || (f.T == "error" && f.ID != "") {
			p.acks <- f
		}
		p.owed.Add(1)
		select {
		case p.replied <- struct{}{}:
		default:
		}
	}
}

// pace sends the cadence's frames until the phone is closed.
func (p *pacedPhone) pace(tb testing.TB) {
	if p.every <= 0 {
		return
	}
	go func() {
		t := time.NewTimer(0)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-p.replied:
				if p.owed.Load() > 1 {
					p.answer(tb)
				} else {
					t.Reset(p.every - cadenceLead(p.every))
				}
			case <-t.C:
				p.answer(tb)
			}
		}
	}()
}

// answer sends one frame for every tick not answered yet: the queued
// commands first, then empty pads.
func (p *pacedPhone) answer(tb testing.TB) {
	for ; p.owed.Load() > 0; p.owed.Add(-1) {
		p.mu.Lock()
		f := `{"t":"pad"}`
		if len(p.queue) > 0 {
			f, p.queue = p.queue[0], p.queue[1:]
		}
		p.mu.Unlock()
		p.send(tb, f)
	}
}

// tap is a player's tap: the command leaves at once without the cadence,
// at the phone's next frame with it.
func (p *pacedPhone) tap(tb testing.TB, cmd string) {
	if p.every <= 0 {
		p.send(tb, cmd)
		return
	}
	p.mu.Lock()
	p.queue = append(p.queue, cmd)
	p.mu.Unlock()
}

// mark forgets the frames stamped so far.
func (p *pacedPhone) mark() {
	p.mu.Lock()
	p.views = p.views[:0]
	p.mu.Unlock()
}

// first is the arrival of the first frame since mark that ok accepts.
func (p *pacedPhone) first(ok func(raw []byte) bool) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.views {
		if ok(s.raw) {
			return s.at, true
		}
	}
	return time.Time{}, false
}

// BenchmarkTapLatency: twelve players and two spectators on loopback play
// whole games (the tests' bots, one tap at a time, each at a random moment
// of the tick), the phones sending as the page does, with the cadence on
// (the default tick) and off, in one run. Each iteration is one tap;
// reported, median and p99 in ms: tap → the tapping phone's result (its
// ack, which follows its view in the same tick), → a teammate's view
// showing the pick (the night's group tasks), → the spectators' table
// showing the change (a public command); and the bytes a second each way
// of a seated phone while the games run (a tap every few hundred ms: a
// busier table than a real one).
func BenchmarkTapLatency(b *testing.B) {
	const players, spectators = 12, 2
	variant := variantFor(players)
	for _, c := range []struct {
		name  string
		every time.Duration
	}{{"cadence=on", defaultCadence}, {"cadence=off", -1}} {
		b.Run(c.name, func(b *testing.B) { benchTaps(b, variant, players, spectators, c.every) })
	}
}

// realTime runs the harness's manual clock with real time (every 2 ms)
// until the function it returns is called; that call waits for it to stop.
func (h *harness) realTime() (stop func()) {
	stopClock := make(chan struct{})
	clockDone := make(chan struct{})
	go func() {
		defer close(clockDone)
		last := time.Now()
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stopClock:
				return
			case now := <-t.C:
				h.clock.Advance(now.Sub(last))
				last = now
			}
		}
	}()
	return func() { close(stopClock); <-clockDone }
}

func benchTaps(b *testing.B, variant string, players, spectators int, every time.Duration) {
	h := newHarness(b, Config{Variant: variant, Players: players, Seed: 42, Cadence: every})
	paced := max(every, 0)
	// The session's clock runs with real time (the cadence's ticks are
	// real); the driver skips it on to a deadline when nobody acts.
	defer h.realTime()()

	phones := h.pacedPhones(b, paced, 1, players, spectators)
	barrier := func() {
		want := h.queued(len(phones), func(i int) string { return phones[i].token })
		for i, p := range phones {
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Microsecond) {
				p.mu.Lock()
				n := p.total
				p.mu.Unlock()
				if n >= want[i] {
					break
				}
				if time.Now().After(deadline) {
					b.Fatalf("phone %d has %d of %d frames", i, n, want[i])
				}
			}
		}
	}
	// settle waits for the tick (cadence) and every frame queued.
	settle := func() {
		if paced > 0 {
			var t0, t int
			h.do(func(s *session) { t0 = s.out.cadence.ticks })
			for t <= t0 {
				time.Sleep(time.Millisecond)
				h.do(func(s *session) { t = s.out.cadence.ticks })
			}
		}
		barrier()
	}
	start := func() {
		h.host(HostCommand{Do: HostStart})
		settle()
	}
	start()

	tb := &table{t: b, h: h, rng: rand.New(rand.NewPCG(1, 2)), idle: map[string]bool{}}
	tick := max(paced, defaultCadence)
	var own, mate, tab []time.Duration
	var games, taps, quiet int
	var up0, down0 int64
	for _, p := range phones[:players] {
		up0 += p.up.Load()
		down0 += p.down.Load()
	}
	t0all := time.Now()
	b.ResetTimer()
	for taps < b.N {
		var (
			p  *pacedPhone
			v  game.PlayerView
			bc botCmd
			ok bool
		)
		for _, i := range tb.rng.Perm(players) {
			q := phones[i]
			q.mu.Lock()
			raw := q.view
			q.mu.Unlock()
			if err := json.Unmarshal(raw, &v); err != nil {
				b.Fatal(err)
			}
			if v.Table.Phase == "over" {
				break
			}
			if bc, ok = tb.decide(v); ok {
				p = q
				break
			}
		}
		if p == nil {
			if v.Table.Phase == "over" {
				games++
				tb.newGame(start)
				continue
			}
			if quiet++; quiet < 2 {
				settle()
				continue
			}
			quiet = 0
			browserAdvance(b, h)
			settle()
			continue
		}
		quiet = 0
		m := bc.frame(fmt.Sprintf("b%d", taps))
		// The teammates who see this pick: the group task's team.
		var team []int
		for _, task := range v.Tasks {
			if task.Action == bc.do && (task.Group || task.Shared) && bc.target != nil {
				for _, pk := range task.Team {
					team = append(team, pk.Seat)
				}
			}
		}
		var version int
		h.do(func(s *session) { version = s.g.TableView().Version })
		for _, q := range phones {
			q.mark()
		}
		// A tap comes at any moment of the tick.
		time.Sleep(time.Duration(tb.rng.Int64N(int64(tick))))
		t0 := time.Now()
		p.tap(b, string(mustJSON(m)))
		f := <-p.acks
		taps++
		own = append(own, time.Since(t0))
		if f.T != "ack" {
			tb.refuse(v, bc)
			barrier()
			continue
		}
		barrier()
		seat := p.seat
		for _, s := range team {
			at, ok := phones[s-1].first(func(raw []byte) bool {
				var tv game.PlayerView
				json.Unmarshal(raw, &tv)
				for _, task := range tv.Tasks {
					for _, pk := range task.Team {
						if pk.Seat == seat && pk.Target != nil && *pk.Target == *bc.target {
							return true
						}
					}
				}
				return false
			})
			if ok {
				mate = append(mate, at.Sub(t0))
			}
		}
		var after int
		h.do(func(s *session) { after = s.g.TableView().Version })
		if after != version {
			for _, q := range phones[players:] {
				at, ok := q.first(func(raw []byte) bool {
					var tf struct{ Table game.TableView }
					json.Unmarshal(raw, &tf)
					return tf.Table.Version > version
				})
				if ok {
					tab = append(tab, at.Sub(t0))
				}
			}
		}
	}
	b.StopTimer()
	secs := time.Since(t0all).Seconds()
	var up, down int64
	for _, p := range phones[:players] {
		up += p.up.Load()
		down += p.down.Load()
	}
	b.ReportMetric(msAt(own, 0.5), "own-p50-ms")
	b.ReportMetric(msAt(own, 0.99), "own-p99-ms")
	b.ReportMetric(msAt(mate, 0.5), "mate-p50-ms")
	b.ReportMetric(msAt(mate, 0.99), "mate-p99-ms")
	b.ReportMetric(msAt(tab, 0.5), "table-p50-ms")
	b.ReportMetric(msAt(tab, 0.99), "table-p99-ms")
	b.ReportMetric(float64(up-up0)/float64(players)/secs, "up-B/s")
	b.ReportMetric(float64(down-down0)/float64(players)/secs, "down-B/s")
	b.ReportMetric(0, "ns/op")
	b.Logf("%s, %d players + %d spectators, tick %v: %d taps (%d teammate, %d table samples) over %d finished games in %.0f s; "+
		"own p50 %.0f p99 %.0f max %.0f ms; teammate p50 %.0f p99 %.0f ms; table p50 %.0f p99 %.0f ms; a seated phone's socket %.0f B/s up, %.0f B/s down",
		variant, players, spectators, every, len(own), len(mate), len(tab), games, secs,
		msAt(own, 0.5), msAt(own, 0.99), msAt(own, 1), msAt(mate, 0.5), msAt(mate, 0.99), msAt(tab, 0.5), msAt(tab, 0.99),
		float64(up-up0)/float64(players)/secs, float64(down-down0)/float64(players)/secs)
}
