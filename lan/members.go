// The phones: connections, hello, joining a seat, watching.

package lan

import (
	"fmt"
	"slices"
	"time"
)

// connect admits a socket (admission.admit) and returns how long it may
// take to say hello.
func (s *session) connect(c *client) time.Duration {
	wait, ok := s.adm.admit(c)
	if ok {
		s.out.open(c)
	}
	return wait
}

// sockets is the open sockets (admissionHost).
func (s *session) sockets() map[*client]bool { return s.out.clients }

// refuse closes a socket with busy.
func (s *session) refuse(c *client, reason string) {
	c.queue(errFrame("", codeBusy, reason))
	c.closeWith(closeBusy, "busy")
	if s.out.isOpen(c) {
		s.drop(c)
	}
}

// forget removes a socket from the tables.
func (s *session) forget(c *client) {
	if s.out.close(c) {
		s.adm.closed(c)
	}
}

func (s *session) disconnect(c *client) {
	if s.out.isOpen(c) {
		s.drop(c)
	}
}

// drop forgets a connection. A visitor without a seat or a spectator's
// place leaves no trace; a spectator's place is kept while room is left
// (a phone whose Wi-Fi blinked comes back watching), and forgotten first.
func (s *session) drop(c *client) {
	s.forget(c)
	if !c.closed {
		c.ws.Close()
	}
	c.shut()
	m := c.m
	if m == nil || m.conn != c {
		return
	}
	s.adm.left(m)
	s.lobbyChanged()
}

// send queues a frame to a client (outbox.send).
func (s *session) send(c *client, frame []byte) { s.out.send(c, frame) }

// answer queues the reply to a frame the phone sent (outbox.answer).
func (s *session) answer(c *client, frame []byte) { s.out.answer(c, frame) }

// sendLobby queues a lobby frame to a client (outbox.sendLobby).
func (s *session) sendLobby(c *client, frame []byte) { s.out.sendLobby(c, frame) }

func (s *session) sendErr(c *client, id, code, reason string) {
	s.send(c, errFrame(id, code, reason))
}

// answerErr answers a phone's frame with an error naming its id (an id
// longer than a command's may be is not echoed).
func (s *session) answerErr(c *client, id, code, reason string) {
	if len(id) > maxIDLen {
		id = ""
	}
	s.answer(c, errFrame(id, code, reason))
}

// refuseUnsealed closes a socket whose first frame is not sealed to the
// room's key, in clear (it has no channel): error "sealed", close 4004.
func (s *session) refuseUnsealed(c *client) {
	if !s.out.isOpen(c) {
		return
	}
	c.queue(errFrame("", codeSealed, "this connection is not sealed with the key of the QR code: scan the QR code on the big screen again"))
	c.closeWith(closeSealed, "sealed")
	s.drop(c)
}

// refuseTyped closes a typed join's socket whose proof is of another code
// (wrong: error "code", close 4006) or that came while the host takes no
// more codes for a while (error "code-wait", close 4007), in clear.
func (s *session) refuseTyped(c *client, wrong bool) {
	if !s.out.isOpen(c) {
		return
	}
	if wrong {
		c.queue(errFrame("", codeCode, "wrong code: type the code shown on the big screen"))
		c.closeWith(closeCode, "code")
	} else {
		c.queue(errFrame("", codeCodeWait, "too many wrong codes: wait a minute, then type the code again"))
		c.closeWith(closeCodeWait, "code-wait")
	}
	s.drop(c)
}

func (s *session) frame(c *client, f inFrame, err error) {
	if !s.out.isOpen(c) {
		return
	}
	c.in++
	if s.out.cadence.running {
		c.inGame++
		c.tickIn++
	}
	if f.T == "pad" {
		c.pads++
	}
	if err != nil {
		s.answerErr(c, f.ID, codeBadFrame, err.Error())
		return
	}
	switch f.T {
	case "ping":
		s.answer(c, pongFrame)
		return
	case "pad": // the cadence's empty frame
		s.answer(c, padReply(f.ID))
		return
	case "hello":
		s.hello(c, f)
		return
	}
	if c.m == nil {
		s.answerErr(c, f.ID, codeHello, `send "hello" first`)
		return
	}
	switch f.T {
	case "join":
		s.join(c, f)
	case "spectate":
		s.spectate(c, f)
	case "cmd":
		s.command(c, f)
	case "replay":
		s.sendReplay(c, f)
	default:
		s.answerErr(c, f.ID, codeBadFrame, fmt.Sprintf("unknown frame type %q", f.T))
	}
}

func (s *session) hello(c *client, f inFrame) {
	if c.m != nil {
		s.answerErr(c, f.ID, codeHello, "this connection already said hello")
		return
	}
	token := f.Token
	var m *member
	if token != "" {
		m = s.adm.members[hashToken(token)]
	}
	old := (*client)(nil)
	if m != nil && m.conn != nil && m.conn != c {
		old = m.conn
	}
	// A seated phone always gets in (a phone without a seat gives way); a
	// phone replacing its own socket too.
	if !s.adm.makeRoom(c, old, m != nil && m.seat > 0) && old == nil {
		s.refuse(c, "the table has too many connections; try again later")
		return
	}
	if m == nil {
		if m, token = s.adm.newMember(); m == nil {
			s.refuse(c, "the table has too many phones")
			return
		}
	}
	if old != nil {
		s.sendErr(old, "", "replaced", "this phone opened the game in another window")
		old.closeWith(closeReplaced, "replaced")
		old.m = nil
		s.forget(old)
	}
	m.conn, c.m = c, m
	s.send(c, mustJSON(welcomeFrame{T: "welcome", Token: token, Seat: m.seat, Mode: m.mode(), Name: m.name, Room: s.room,
		Phone: s.adm.phoneCode(m), Cadence: s.out.cadenceMs()}))
	s.sendState(c)
	s.out.first(c)
	s.lobbyChanged()
}

// welcome re-sends a member's seat and mode after a change. In the lobby
// the seating is saved first (lobby.json and its directory synced), so no
// phone hears "you sit here" before a crash would keep it there, as a game
// command is acknowledged only once logged. A lobby that cannot be saved
// (a read-only folder) still seats the phone: the host sees the error.
func (s *session) welcome(m *member) {
	if m.conn == nil {
		return
	}
	s.saveLobby()
	// The token is not kept; the phone already has it, so it is left empty.
	s.send(m.conn, mustJSON(welcomeFrame{T: "welcome", Seat: m.seat, Mode: m.mode(), Name: m.name, Room: s.room,
		Phone: s.adm.phoneCode(m), Cadence: s.out.cadenceMs()}))
}

// sendState gives a (re)connected phone everything it should show now.
func (s *session) sendState(c *client) {
	m := c.m
	if s.between() {
		s.send(c, mustJSON(eveningFrame{T: "evening", Evening: s.eveningView()}))
	}
	if s.g == nil || (m.seat == 0 && !m.spectator) {
		s.sendLobby(c, mustJSON(lobbyFrame{T: "lobby", Lobby: s.phoneLobby()}))
		return
	}
	s.send(c, s.clk.frame())
	if m.seat > 0 {
		v := s.viewJSON(m.seat, mustJSON(s.g.TableView()))
		names := s.lobby.namesJSON()
		s.send(c, s.out.viewFrame(v, names))
		return
	}
	s.send(c, tableFrame(mustJSON(s.g.TableView()), s.lobby.namesJSON()))
}

func (s *session) join(c *client, f inFrame) {
	m := c.m
	if f.Seat == nil {
		s.answerErr(c, f.ID, codeSeat, "choose a seat")
		return
	}
	seat := *f.Seat
	if seat < 1 || seat > len(s.lobby.seats) {
		s.answerErr(c, f.ID, codeSeat, fmt.Sprintf("there is no seat %d at this table (seats 1 to %d)", seat, len(s.lobby.seats)))
		return
	}
	name, err := s.checkName(m, seat, f.Name)
	if err != nil {
		s.answerErr(c, f.ID, nameCode(err), err.Error())
		return
	}
	if m.seat == seat && s.g == nil {
		m.name = name
		s.lobby.names[seat-1] = name
		s.welcome(m)
		s.lobbyChanged()
		return
	}
	if s.g != nil {
		switch {
		case m.seat > 0:
			s.answerErr(c, f.ID, codeStarted, fmt.Sprintf("the game has started; you play seat %d", m.seat))
		case s.lobby.seats[seat-1] != nil:
			s.answerErr(c, f.ID, codeStarted, "the game has started; you can watch as a spectator")
		case s.g.Over():
			s.answerErr(c, f.ID, codeStarted, "the game is over")
		default:
			s.askSeat(m, seat, name)
		}
		return
	}
	if other := s.lobby.seats[seat-1]; other != nil && other != m {
		if slices.Contains(s.lobby.seats, nil) {
			s.answerErr(c, f.ID, codeSeatTaken, fmt.Sprintf("seat %d is taken; tap the seat you are sitting in", seat))
		} else {
			s.answerErr(c, f.ID, codeTableFull, "every seat is taken")
		}
		return
	}
	if m.seat > 0 {
		s.lobby.seats[m.seat-1], s.lobby.names[m.seat-1] = nil, ""
	}
	m.spectator = false
	m.name, m.seat = name, seat
	s.lobby.seats[seat-1], s.lobby.names[seat-1] = m, name
	s.welcome(m)
	s.lobbyChanged()
}

// checkName is the one check of a name a phone gives, however it sets it
// (taking a seat, renaming itself in its seat, moving, asking for a freed
// seat, watching): cleanName, then nameTaken for seat (0: no seat). It
// returns the name as it will be shown.
func (s *session) checkName(m *member, seat int, raw string) (string, error) {
	name, err := cleanName(raw)
	if err != nil {
		return "", err
	}
	if err := s.lobby.nameTaken(m, seat, name); err != nil {
		return "", err
	}
	return name, nil
}

// askSeat puts a phone's request for a seat the host released during the
// game before the host (HostView.Requests), who allows or refuses it. A
// phone has one request at a time; a new one replaces it (and goes to the
// back). Requests for one seat queue: the big screen shows the oldest of
// each seat, with its device label and phone code, and how many wait
// behind it; a refusal brings the next. No request waits on another
// seat's, and none is turned away for the number waiting (each is a phone
// of the member table, which is bounded).
func (s *session) askSeat(m *member, seat int, name string) {
	r := s.adm.ask(m, seat, name)
	s.sendErr(m.conn, "", codePending, fmt.Sprintf("waiting for the host to give you seat %d: show the host your phone code %s", seat, r.code))
	s.publish()
}

// answerSeat is the host's answer to request id.
func (s *session) answerSeat(id int, allow bool) error {
	r := s.adm.request(id)
	if r == nil {
		return &HostError{Code: HostErrNoRequest, N: id}
	}
	if !allow {
		s.adm.refused(r)
		s.sendErr(r.m.conn, "", codeRefused, fmt.Sprintf("the host did not give you seat %d", r.seat))
		return nil
	}
	if s.g == nil || s.g.Over() {
		return &HostError{Code: HostErrNoGame}
	}
	if s.failed != nil {
		return s.failed
	}
	if s.lobby.seats[r.seat-1] != nil {
		return &HostError{Code: HostErrSeatTaken, Seat: r.seat}
	}
	if r.m.seat > 0 {
		return &HostError{Code: HostErrPhoneSeated, Seat: r.m.seat}
	}
	if err := s.lobby.nameTaken(r.m, r.seat, r.name); err != nil {
		return err
	}
	if err := s.bindReleased(r.m, r.seat, r.name); err != nil {
		return err
	}
	// The others who asked for this seat, or were this phone, are told.
	for _, o := range s.adm.granted(r) {
		s.sendErr(o.m.conn, "", codeRefused, fmt.Sprintf("the host gave seat %d to another phone", o.seat))
	}
	return nil
}

// bindReleased gives a seat the host released during the game to a new
// phone (the old one's battery died), once the host allowed it.
func (s *session) bindReleased(m *member, seat int, name string) error {
	rec := logMember{Member: logSeat{Seat: seat, Name: name, Token: m.hash}}
	if !s.save(rec, nil) {
		return s.failed
	}
	m.name, m.seat, m.spectator, m.acks, m.ackOrder = name, seat, false, nil, nil
	s.lobby.seats[seat-1], s.lobby.names[seat-1] = m, name
	s.welcome(m)
	if m.conn != nil {
		s.sendState(m.conn)
	}
	s.lobbyChanged()
	s.broadcast()
	return nil
}

// removeSpectators sends every spectator back to the lobby (they may watch
// again; the host sees how many do).
func (s *session) removeSpectators() int {
	n := 0
	for _, m := range s.adm.members {
		if !m.spectator {
			continue
		}
		n++
		m.spectator = false
		if m.conn == nil {
			s.adm.forget(m)
			continue
		}
		s.sendErr(m.conn, "", codeRemoved, "the host sent the spectators away")
		s.welcome(m)
		s.sendState(m.conn)
	}
	return n
}

func (s *session) spectate(c *client, f inFrame) {
	m := c.m
	name, err := s.checkName(m, 0, f.Name)
	if err != nil {
		s.answerErr(c, f.ID, nameCode(err), err.Error())
		return
	}
	if m.seat > 0 {
		if s.g != nil {
			s.answerErr(c, f.ID, codeStarted, fmt.Sprintf("you play seat %d in this game", m.seat))
			return
		}
		s.lobby.seats[m.seat-1], s.lobby.names[m.seat-1] = nil, ""
		m.seat = 0
	}
	// Spectators are not written in the game log: a place to watch is
	// kept in memory only (a resumed game starts without spectators).
	s.adm.withdraw(m)
	m.spectator, m.name = true, name
	s.welcome(m)
	s.sendState(c)
	s.out.first(c)
	s.lobbyChanged()
}

// lobbyChanged tells the lobby phones and the host, and saves the lobby.
func (s *session) lobbyChanged() {
	s.saveLobby()
	frame := mustJSON(lobbyFrame{T: "lobby", Lobby: s.phoneLobby()})
	for c := range s.out.clients {
		if c.m != nil && (s.g == nil || c.m.mode() == "lobby") {
			s.sendLobby(c, frame)
		}
	}
	s.publish()
}
