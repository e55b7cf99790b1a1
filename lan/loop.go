package lan

import (
	"time"

	"nightfall/game"
	"nightfall/lan/replay"
)

// The session loop: one goroutine owns the session, and everything else
// (the sockets' pumps, the host's calls, the timers) reaches it by sending
// one of the messages below to Server.inbox. handle is the one place that
// says what each message does. A message that waits for an answer carries
// a reply channel of room 1, so the loop never blocks on it.

// msg is a message to the session loop: one of the msg… types.
type msg interface{ isMsg() }

// From a phone's socket (conn.go).
type (
	// msgConnect: a socket opened; reply carries how long it may wait
	// for its hello.
	msgConnect struct {
		c     *client
		reply chan<- time.Duration
	}
	// msgDisconnect: a socket's reader ended.
	msgDisconnect struct{ c *client }
	// msgFrame: a phone's frame (err if it did not decode).
	msgFrame struct {
		c   *client
		f   inFrame
		err error
	}
	// msgSlowDown: a phone sends faster than its rate limit.
	msgSlowDown struct{ c *client }
	// msgRefuse: a socket whose first frame did not open, refused in clear.
	msgRefuse struct {
		c   *client
		why refusal
	}
)

// refusal is why a socket's first frame is refused (msgRefuse).
type refusal int

const (
	refuseUnsealed  refusal = iota // not sealed to the room's key
	refuseWrongCode                // a typed join's proof of another code
	refuseCodeWait                 // a typed join while wrong codes are held back
)

// From the host (server.go, evening.go, hostaddr.go).
type (
	// msgHost: a host command; reply carries its error.
	msgHost struct {
		cmd   HostCommand
		reply chan<- error
	}
	// msgSubscribe: a new HostView subscription.
	msgSubscribe struct{ reply chan<- subscription }
	// msgUnsubscribe ends subscription id.
	msgUnsubscribe struct{ id int }
	// msgPublish: what the HostView shows outside the session changed
	// (listening, the mDNS name).
	msgPublish struct{}
	// msgResume: begin the game the server was resumed with.
	msgResume struct{}
	// msgEvening: the evening as ExportEvening writes it.
	msgEvening struct{ reply chan<- eveningCopy }
	// msgInspect runs f on the loop (tests look into the session with it).
	msgInspect struct {
		f     func(*session)
		reply chan<- struct{}
	}
)

// From the clock (broadcast.go, timer.go). Each carries the generation of
// what armed it: a stale one does nothing.
type (
	// msgCadence: the outbox's cadence tick.
	msgCadence struct{ gen int }
	// msgDeadline: the game's timer (a hold's end, a deadline) is up.
	msgDeadline struct{ gen int }
	// msgTick: time to write game g's running clock to its log.
	msgTick struct{ g *game.Game }
)

// subscription is a HostView subscription (msgSubscribe).
type subscription struct {
	id int
	ch chan HostView
}

// eveningCopy is the evening read on the loop (msgEvening).
type eveningCopy struct {
	during bool // a game is running
	board  Evening
	where  string
	games  []*replay.Game // nil where a game's log is gone
}

func (msgConnect) isMsg()     {}
func (msgDisconnect) isMsg()  {}
func (msgFrame) isMsg()       {}
func (msgSlowDown) isMsg()    {}
func (msgRefuse) isMsg()      {}
func (msgHost) isMsg()        {}
func (msgSubscribe) isMsg()   {}
func (msgUnsubscribe) isMsg() {}
func (msgPublish) isMsg()     {}
func (msgResume) isMsg()      {}
func (msgEvening) isMsg()     {}
func (msgInspect) isMsg()     {}
func (msgCadence) isMsg()     {}
func (msgDeadline) isMsg()    {}
func (msgTick) isMsg()        {}

// loop is the session loop: it handles the inbox's messages one at a time
// until the server closes, then shuts the session down.
func (s *Server) loop() {
	defer close(s.ended)
	defer s.sess.shutdown()
	for {
		select {
		case m := <-s.inbox:
			s.sess.handle(m)
		case <-s.done:
			return
		}
	}
}

// handle does what a message asks, on the loop.
func (s *session) handle(m msg) {
	switch m := m.(type) {
	case msgConnect:
		m.reply <- s.connect(m.c)
	case msgDisconnect:
		s.disconnect(m.c)
	case msgFrame:
		s.frame(m.c, m.f, m.err)
	case msgSlowDown:
		s.sendErr(m.c, "", codeRate, "too many messages; slow down")
	case msgRefuse:
		switch m.why {
		case refuseUnsealed:
			s.refuseUnsealed(m.c)
		case refuseWrongCode:
			s.refuseTyped(m.c, true)
		case refuseCodeWait:
			s.refuseTyped(m.c, false)
		}
	case msgHost:
		m.reply <- s.host(m.cmd)
	case msgSubscribe:
		id, ch := s.subscribe()
		m.reply <- subscription{id, ch}
	case msgUnsubscribe:
		s.unsubscribe(m.id)
	case msgPublish:
		s.publish()
	case msgResume:
		s.beginGame(s.g, s.log)
	case msgEvening:
		m.reply <- s.eveningCopy()
	case msgInspect:
		m.f(s)
		m.reply <- struct{}{}
	case msgCadence:
		s.out.tick(m.gen)
	case msgDeadline:
		s.timeUp(m.gen)
	case msgTick:
		s.clockTick(m.g)
	default:
		panic("lan: the session loop got an unknown message")
	}
}

// post sends m to the session loop; false if the server is closed.
func (s *Server) post(m msg) bool {
	select {
	case <-s.done:
		return false
	default:
	}
	select {
	case s.inbox <- m:
		return true
	case <-s.done:
		return false
	}
}

// await waits for the loop's reply to a message posted (ok), or for the
// loop to end.
func await[T any](s *Server, posted bool, reply <-chan T) (v T, ok bool) {
	if !posted {
		return v, false
	}
	select {
	case v = <-reply:
		return v, true
	case <-s.ended:
		return v, false
	}
}
