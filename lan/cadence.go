// The cadence: while a game runs, what the phones are sent goes out on a
// tick, the same for every phone, so the timing of frames says nothing
// about who acted (PROTOCOL.md "Cadence").

package lan

import (
	"bytes"
	"encoding/json"
	"time"

	"nightfall/lan/sealed"
)

// defaultCadence is how often, during a game, each phone sends one frame
// (a command or an empty "pad") and the host sends what it has. It is one
// rate for the whole game, the same for every phone: nothing a seat knows
// moves it. A tap waits on average half a tick for its phone's frame to
// leave, then the phone's lead (net.js cadenceLead: 40 % of a tick) for the
// tick: about 180 ms, 280 ms at most on a quiet network. Each phone pays
// about 2.8 KB/s each way for it (PROTOCOL.md "Cadence").
const defaultCadence = 200 * time.Millisecond

// replyLimit is the size every reply fits in: one sealed.DownUnit, so
// that an ack, an error, a pong and a pad are one size on the air.
const replyLimit = sealed.DownUnit

// cadenceState is the outbox's tick.
type cadenceState struct {
	every    time.Duration // 0: no cadence (Config.Cadence < 0)
	running  bool          // a game runs: the tick is on
	stop     func() bool   // the next tick (nil: none armed)
	gen      int
	dirty    bool // the views may have changed since the last tick
	flushing bool // the tick is sending: frames go out at once
	ticks    int  // ticks so far (tests)
}

// disarm stops the next tick.
func (c *cadenceState) disarm() {
	if c.stop != nil {
		c.stop()
		c.stop = nil
	}
}

// cadenced reports whether frames to phones wait for the tick: while a
// game runs.
func (o *outbox) cadenced() bool {
	return o.cadence.every > 0 && o.cadence.running && !o.cadence.flushing
}

// cadenceMs is the cadence the phones are told (welcome.cadence).
func (o *outbox) cadenceMs() int { return int(o.cadence.every.Milliseconds()) }

// begin starts a game's cadence: from now on frames wait for the tick
// (arm starts it). The last broadcast is forgotten: the game's first one
// sends every seat its view.
func (o *outbox) begin(seats int) {
	o.cadence.running = true
	o.lastView = make([][]byte, seats)
	o.lastTab, o.lastTabNames, o.lastViewNames, o.bucket = nil, nil, nil, 0
}

// end ends a game's cadence, sending what waits for the tick first (with
// the game's views: the session forgets the game after).
func (o *outbox) end() {
	o.flush()
	o.cadence.running = false
	o.arm()
}

// arm keeps the tick running while a game runs, and stops it otherwise.
func (o *outbox) arm() {
	c := &o.cadence
	if c.every <= 0 || !c.running {
		c.disarm()
		return
	}
	if c.stop != nil {
		return
	}
	c.gen++
	c.stop = o.host.afterTick(c.every, c.gen)
}

// tick is the cadence's tick of generation gen, on the session loop: a
// stale one (disarmed or re-armed since) does nothing.
func (o *outbox) tick(gen int) {
	if o.cadence.gen != gen || o.cadence.stop == nil {
		return
	}
	o.cadence.stop = nil
	o.flush()
	o.arm()
}

// update sends the views of now, or, during a game's cadence, marks them
// for the tick, which sends the views of then.
func (o *outbox) update() {
	if o.cadenced() {
		o.cadence.dirty = true
		return
	}
	if v, ok := o.host.render(); ok {
		o.broadcast(v)
	}
}

// flush is a tick: every phone gets the frames held for it (its own: a
// welcome, the state after a reconnect, the clock), then, if any view
// changed, the views and tables of now (one broadcast, however many
// commands came since the last tick), then exactly one reply: the oldest
// answer it is owed (an ack or error for a command, a pad echoing a step's
// id, a pong), or an empty pad. One a tick to every sealed socket, whether
// its phone's frame came in time or not: the reply is the host's tick, and
// the phone answers each one with exactly one frame (net.js Conn.onReply).
// So a phone whose page fell behind (a busy CPU, a late timer) still sends
// one frame a tick, catching up, and its count of frames says nothing
// about it; and every seat gets the same frames at the same moment, so
// none of them tells whose command changed the views.
func (o *outbox) flush() {
	o.cadence.flushing = true
	o.cadence.ticks++
	defer func() { o.cadence.flushing = false }()
	for c := range o.clients {
		held := c.held
		c.held = nil
		for _, f := range held {
			o.send(c, f)
		}
	}
	if o.cadence.dirty {
		o.cadence.dirty = false
		o.update()
	}
	for c := range o.clients {
		c.tickIn = 0
		if r, ok := c.nextReply(); ok {
			o.send(c, r)
		}
	}
}

// first is a socket's first tick, at its hello (during a game's cadence):
// the frames held for it (its welcome, its state) and its one reply go out
// at once, not at the next tick of the others. A socket's ticks begin when
// its phone says hello, which is the same for every role; from then on it
// has the others' ticks. So a phone that wakes (a reload, a new socket) is
// not kept waiting up to a tick for what it should show.
func (o *outbox) first(c *client) {
	if !o.cadenced() {
		return
	}
	o.cadence.flushing = true
	defer func() { o.cadence.flushing = false }()
	held := c.held
	c.held = nil
	for _, f := range held {
		o.send(c, f)
	}
	if r, ok := c.nextReply(); ok {
		o.send(c, r)
	}
}

// nextReply is a sealed socket's reply at a tick: the oldest answer owed,
// or an empty pad (ok false: the socket has no sealed channel yet, and is
// sent nothing but what it is owed).
func (c *client) nextReply() (reply []byte, ok bool) {
	if len(c.replies) > 0 {
		reply = c.replies[0]
		c.replies = c.replies[1:]
		if len(c.replies) == 0 {
			c.replies = nil
		}
		return reply, true
	}
	if c.box.Load() == nil {
		return nil, false
	}
	return padFrame, true
}

// hold keeps a frame for the next tick (replies apart); false when the
// phone has too many waiting (it is too slow).
func (o *outbox) hold(c *client, frame []byte, reply bool) bool {
	if len(c.held)+len(c.replies) >= sendBuffer {
		return false
	}
	if reply {
		if bytes.Equal(frame, padFrame) {
			return true // the tick's own reply answers it
		}
		c.replies = append(c.replies, fitReply(frame))
	} else {
		c.held = append(c.held, frame)
	}
	return true
}

// fitReply makes a reply fit replyLimit: an error whose reason is longer
// (an engine's rejection quoting a long text) keeps its id, code and
// refusal and a shortened reason (the page shows the code's words; the
// reason is a fallback); if it still does not fit, the text a refusal
// quotes back is shortened too. A larger reply would stand out on the air.
// (Only a frame the page never sends gets a larger one: an id over 32
// bytes, echoed in its bad-frame error.)
func fitReply(frame []byte) []byte {
	if len(frame) <= replyLimit {
		return frame
	}
	var e errorFrame
	if err := json.Unmarshal(frame, &e); err != nil || e.T != "error" {
		return frame
	}
	fits := func() bool { return len(mustJSON(e)) <= replyLimit }
	shorten(&e.Reason, fits)
	if e.Refusal != nil && !fits() {
		shorten(&e.Refusal.Text, fits)
	}
	return mustJSON(e)
}

// shorten cuts *s to its longest prefix (in runes) with which fits holds,
// "" if none.
func shorten(s *string, fits func() bool) {
	runes := []rune(*s)
	lo, hi := 0, len(runes) // runes[:lo] fits (or is empty); runes[:hi+1] does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		*s = string(runes[:mid])
		if fits() {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	*s = string(runes[:lo])
}
