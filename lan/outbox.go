// The outbox: every frame the host sends a phone goes through it. It knows
// the open sockets, queues each one's frames (a lobby frame replacing the
// one still waiting), holds them for the cadence's tick while a game runs,
// and sends the views and the table on a broadcast, all of one size.

package lan

import (
	"bytes"
	"time"
)

// outbox is the phones' side of the session: the sockets that are open and
// what they are sent. It decides when a frame leaves (now, or at the tick)
// and how a broadcast looks on the air; the session decides what is said.
// It runs on the session loop.
type outbox struct {
	clients map[*client]bool // the open sockets

	host outboxHost

	cadence cadenceState // cadence.go

	// The last broadcast: seat-1 → view sent (unpadded JSON), the size of
	// its view frames, the table and names the spectators were sent.
	lastView      [][]byte
	bucket        int
	lastTab       []byte
	lastTabNames  []byte
	lastViewNames []byte
}

// outboxHost is what the outbox needs from the session.
type outboxHost interface {
	// render is the views of now (false: no game to show, or none that
	// may be sent).
	render() (views, bool)
	// afterTick calls the outbox's tick(gen) on the session loop after d;
	// stop cancels it.
	afterTick(d time.Duration, gen int) (stop func() bool)
	// slow is what becomes of a phone whose queue is full: the session
	// drops it (it reconnects to a fresh view).
	slow(c *client)
}

func newOutbox(every time.Duration, host outboxHost) *outbox {
	return &outbox{clients: map[*client]bool{}, host: host, cadence: cadenceState{every: every}}
}

// open adds a socket; close removes it (reporting whether it was open).
func (o *outbox) open(c *client)        { o.clients[c] = true }
func (o *outbox) isOpen(c *client) bool { return c != nil && o.clients[c] }
func (o *outbox) close(c *client) bool {
	if !o.clients[c] {
		return false
	}
	delete(o.clients, c)
	return true
}

// send queues a frame to a client; a client whose queue is full is too slow
// (slow). During a game's cadence the frame waits for the next tick.
func (o *outbox) send(c *client, frame []byte) { o.put(c, frame, false) }

// answer queues the reply to a frame the phone sent: during a game's
// cadence, replies go out at the tick after everything else.
func (o *outbox) answer(c *client, frame []byte) { o.put(c, frame, true) }

func (o *outbox) put(c *client, frame []byte, reply bool) {
	if !o.isOpen(c) {
		return
	}
	var ok bool
	if o.cadenced() {
		ok = o.hold(c, frame, reply)
	} else {
		ok = c.queue(frame)
	}
	if !ok {
		o.host.slow(c)
	}
}

// sendLobby queues a lobby frame to a client: a lobby frame still waiting
// in its queue (or held for the tick) right before it is replaced, so a
// stream of lobby changes (visitors saying hello and leaving) never fills a
// phone's queue.
func (o *outbox) sendLobby(c *client, frame []byte) {
	if !o.isOpen(c) {
		return
	}
	var ok bool
	if o.cadenced() {
		if n := len(c.held); n > 0 && bytes.HasPrefix(c.held[n-1], lobbyPrefix) {
			c.held[n-1] = frame
			return
		}
		ok = o.hold(c, frame, false)
	} else {
		ok = c.queueLobby(frame)
	}
	if !ok {
		o.host.slow(c)
	}
}

// lobbyPrefix starts every lobby frame.
var lobbyPrefix = []byte(`{"t":"lobby",`)

// views is what a broadcast says: each seat's view (unpadded JSON) and the
// socket it goes to (nil: nobody there), the table and the names.
type views struct {
	seats []*client
	views [][]byte
	table []byte
	names []byte
}

// broadcast sends the views. When any seat's view changed, every seat gets
// a view frame, all of the same size: which phones receive a frame, and how
// large, tells nothing about roles (a killers' pick changes only the
// killers' views, yet every phone hears from the host). Spectators get the
// table when it changed (it is public, and so is its size).
func (o *outbox) broadcast(v views) {
	changed := !bytes.Equal(v.names, o.lastViewNames)
	size := 0
	for i, view := range v.views {
		if i >= len(o.lastView) || !bytes.Equal(view, o.lastView[i]) {
			changed = true
		}
		size = max(size, viewFrameSize(view, v.names))
	}
	if changed {
		o.lastView, o.lastViewNames, o.bucket = v.views, v.names, size
		for i, c := range v.seats {
			if c != nil {
				o.send(c, viewFrame(v.views[i], v.names, size))
			}
		}
	}
	if !bytes.Equal(v.table, o.lastTab) || !bytes.Equal(v.names, o.lastTabNames) {
		o.lastTab, o.lastTabNames = v.table, v.names
		frame := tableFrame(v.table, v.names)
		for c := range o.clients {
			if c.m != nil && c.m.spectator {
				o.send(c, frame)
			}
		}
	}
}

// viewFrame is seat's view frame for one phone (after a reconnect): at
// least the size of the last broadcast's, so it is one of them on the air.
func (o *outbox) viewFrame(view, names []byte) []byte {
	return viewFrame(view, names, max(o.bucket, viewFrameSize(view, names)))
}

// shutdown closes every socket and stops the tick.
func (o *outbox) shutdown() {
	for c := range o.clients {
		c.closeWith(closeGoingAway, "the host stopped")
	}
	o.clients = map[*client]bool{}
	o.cadence.disarm()
}
