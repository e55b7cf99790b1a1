package lan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/game"
	"nightfall/lan/sealed"
)

// loadConn is a phone or spectator whose frames a goroutine reads and
// timestamps, as a real phone would, independently of the driver.
type loadConn struct {
	ws   *sealed.Conn
	seat int

	mu      sync.Mutex
	view    []byte    // latest view (players)
	last    time.Time // arrival of the latest view/table frame
	frames  int       // view/table frames received
	total   int       // every frame received
	token   string
	bytes   int64
	pong    chan struct{}
	ack     chan frame
	welcome chan frame
}

func (h *harness) loadDial(tb testing.TB) *loadConn {
	d := websocket.Dialer{ReadBufferSize: 32 << 10}
	c := &loadConn{ws: h.loadSocket(tb, &d), pong: make(chan struct{}, 1), ack: make(chan frame, 1), welcome: make(chan frame, 4)}
	go readStamped(c.ws, c.got)
	c.send(tb, `{"t":"hello"}`)
	c.token = (<-c.welcome).Token
	return c
}

// loadSocket dials the harness's room through d (a load client's dialer).
func (h *harness) loadSocket(tb testing.TB, d *websocket.Dialer) *sealed.Conn {
	ws, _, err := sealed.Dial(h.wsURL(h.srv.Room()), h.srv.PublicKey(), d, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return ws
}

// readStamped hands got each frame ws receives with the moment it arrived,
// until the socket closes.
func readStamped(ws *sealed.Conn, got func(data []byte, now time.Time)) {
	for {
		_, data, err := ws.ReadMessage()
		now := time.Now()
		if err != nil {
			return
		}
		got(data, now)
	}
}

func (c *loadConn) got(data []byte, now time.Time) {
	c.mu.Lock()
	c.total++
	c.mu.Unlock()
	if v, ok := viewOf(data); ok {
		c.mu.Lock()
		c.view, c.last = v, now
		c.frames++
		c.bytes += int64(len(data))
		c.mu.Unlock()
		return
	}
	if bytes.HasPrefix(data, []byte(`{"t":"table"`)) {
		c.mu.Lock()
		c.last = now
		c.frames++
		c.bytes += int64(len(data))
		c.mu.Unlock()
		return
	}
	var f frame
	json.Unmarshal(data, &f)
	f.raw = data
	switch f.T {
	case "pong":
		c.pong <- struct{}{}
	case "ack", "error":
		if f.ID != "" {
			c.ack <- f
		} else if f.Code != codeRate {
			panic(fmt.Sprintf("load: error %s", data))
		}
	case "welcome":
		c.welcome <- f
	}
}

func (c *loadConn) send(tb testing.TB, s string) {
	if err := c.ws.WriteMessage(websocket.TextMessage, []byte(s)); err != nil {
		tb.Fatal(err)
	}
}

func (c *loadConn) welcomed() { <-c.welcome }

// loadClient is what seatLoad needs of a load test's connection (loadConn,
// pacedPhone).
type loadClient interface {
	send(tb testing.TB, s string)
	welcomed() // waits for the host's welcome
}

// seatLoad dials (dial; seat 0: a spectator) a connection that joins each
// seat from..players as 玩家N, then spectators that watch as 观众N, each
// after the host has welcomed the one before.
func seatLoad[C loadClient](tb testing.TB, from, players, spectators int, dial func(seat int) C) []C {
	var out []C
	for seat := from; seat <= players; seat++ {
		c := dial(seat)
		c.send(tb, fmt.Sprintf(`{"t":"join","name":"玩家%d","seat":%d}`, seat, seat))
		c.welcomed()
		out = append(out, c)
	}
	for i := range spectators {
		c := dial(0)
		c.send(tb, fmt.Sprintf(`{"t":"spectate","name":"观众%d"}`, i))
		c.welcomed()
		out = append(out, c)
	}
	return out
}

// msAt is the q-quantile of ds in milliseconds (q 1: the largest; 0 when
// ds is empty).
func msAt(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))].Microseconds()) / 1000
}

func (c *loadConn) state() (view []byte, last time.Time, frames int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.view, c.last, c.frames
}

// queued is, for each of n connections (token(i): its member's token), how
// many frames the host has queued for it so far (0: not connected).
func (h *harness) queued(n int, token func(i int) string) []int {
	want := make([]int, n)
	h.do(func(s *session) {
		for i := range want {
			if m := s.adm.members[hashToken(token(i))]; m != nil && m.conn != nil {
				want[i] = m.conn.sent
			}
		}
	})
	return want
}

// newGame has the host deal the next game, runs start (the benchmark's
// start and barrier) and lets the bots act afresh.
func (tb *table) newGame(start func()) {
	tb.h.host(HostCommand{Do: HostNewGame})
	start()
	tb.idle = map[string]bool{}
}

// variantFor is the first variant (game.Variants' order) that takes
// players, or "".
func variantFor(players int) string {
	for _, in := range game.Variants() {
		if in.MinPlayers <= players && players <= in.MaxPlayers {
			return in.ID
		}
	}
	return ""
}

// BenchmarkBroadcast: 20 players and 100 spectators on loopback play whole
// games (bots, as in TestFullGames). Each iteration is one command; its
// latency runs from sending it to the moment the last connection that gets
// a frame for it has that frame. Reported: p50/p99 of that latency (ms),
// frames per command, and the heap in use with every connection open (the
// test process holds both the host and the 120 clients).
func BenchmarkBroadcast(b *testing.B) {
	const players, spectators = 20, 100
	variant := variantFor(players)
	if variant == "" {
		b.Skip("no variant takes 20 players")
	}
	h := newHarness(b, Config{Variant: variant, Players: players, Seed: 42})
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	conns := seatLoad(b, 1, players, spectators, func(seat int) *loadConn {
		c := h.loadDial(b)
		c.seat = seat
		return c
	})
	// barrier waits until every connection holds every frame the host has
	// queued for it so far (no traffic of its own, so it does not slow what
	// it measures).
	barrier := func() {
		want := h.queued(len(conns), func(i int) string { return conns[i].token })
		for i, c := range conns {
			for {
				c.mu.Lock()
				n := c.total
				c.mu.Unlock()
				if n >= want[i] {
					break
				}
				time.Sleep(50 * time.Microsecond)
			}
		}
	}
	start := func() {
		h.host(HostCommand{Do: HostStart})
		barrier()
	}
	start()
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)

	tb := &table{t: b, h: h, rng: rand.New(rand.NewPCG(1, 2)), idle: map[string]bool{}}
	var lat, acks []time.Duration
	var frames, games, ids int
	b.ResetTimer()
	for len(lat) < b.N {
		acted := false
		for _, i := range tb.rng.Perm(players) {
			c := conns[i]
			raw, _, _ := c.state()
			var v game.PlayerView
			if err := json.Unmarshal(raw, &v); err != nil {
				b.Fatal(err)
			}
			if v.Table.Phase == "over" {
				break
			}
			bc, ok := tb.decide(v)
			if !ok {
				continue
			}
			do := bc.do
			m := cmdMap(fmt.Sprintf("b%d", ids), do, bc.target, bc.card, bc.text)
			ids++
			before := make([]int, len(conns))
			for k, o := range conns {
				_, _, before[k] = o.state()
			}
			t0 := time.Now()
			c.send(b, string(mustJSON(m)))
			if f := <-c.ack; f.T != "ack" {
				if bc.strict {
					b.Fatalf("seat %d: %s", c.seat, f.raw)
				}
				tb.refuse(v, bc)
				continue
			}
			acks = append(acks, time.Since(t0))
			barrier()
			var worst time.Duration
			for k, o := range conns {
				_, last, n := o.state()
				if n > before[k] {
					frames += n - before[k]
					worst = max(worst, last.Sub(t0))
				}
			}
			lat = append(lat, worst)
			if testing.Verbose() && worst > 10*time.Millisecond {
				got := 0
				for k, o := range conns {
					_, _, n := o.state()
					got += n - before[k]
				}
				b.Logf("slow: %v for %s (%s %s), %d frames", worst, do, v.Table.Phase, v.Table.Stage, got)
			}
			acted = true
			break // re-read the views: they changed
		}
		if acted {
			continue
		}
		raw, _, _ := conns[0].state()
		var v game.PlayerView
		json.Unmarshal(raw, &v)
		if v.Table.Phase == "over" {
			games++
			tb.newGame(start)
			continue
		}
		browserAdvance(b, h)
		barrier()
	}
	b.StopTimer()
	pct := func(p float64) float64 { return msAt(lat, p) }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(msAt(acks, 0.99), "ack-p99-ms")
	b.ReportMetric(float64(frames)/float64(len(lat)), "frames/cmd")
	b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heap-MB")
	b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/(1<<20), "conns-heap-MB")
	b.ReportMetric(0, "ns/op")
	b.Logf("%s, %d players + %d spectators: %d commands over %d finished games; every connection holds the result: p50 %.2f ms, p99 %.2f ms, max %.2f ms; "+
		"the ack (sent after the last frame is queued): p50 %.2f ms, p99 %.2f ms; heap %.1f MB (%.1f MB for the connections), %d goroutines",
		variant, players, spectators, len(lat), games, pct(0.5), pct(0.99), pct(1),
		msAt(acks, 0.5), msAt(acks, 0.99),
		float64(after.HeapInuse)/(1<<20), float64(after.HeapInuse-before.HeapInuse)/(1<<20), runtime.NumGoroutine())
}
