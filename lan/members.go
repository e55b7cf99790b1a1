// The phones: connections, hello, joining a seat, watching.

package lan

import (
	"fmt"
	"slices"
)

func (s *session) connect(c *client) {
	if len(s.clients) >= maxClients {
		c.queue(errFrame("", codeBusy, "the table has too many connections; try again later"))
		c.closeWith(closeBusy, "busy")
		return
	}
	s.clients[c] = true
}

func (s *session) disconnect(c *client) {
	if s.clients[c] {
		s.drop(c)
	}
}

// drop forgets a connection. A visitor without a seat or a spectator's
// place leaves no trace.
func (s *session) drop(c *client) {
	delete(s.clients, c)
	c.ws.Close()
	c.shut()
	m := c.m
	if m == nil || m.conn != c {
		return
	}
	m.conn = nil
	if m.seat == 0 && !m.spectator {
		delete(s.members, m.hash)
	}
	s.lobbyChanged()
}

// send queues a frame to a client; a client whose queue is full is too slow
// and is dropped (it reconnects to a fresh view).
func (s *session) send(c *client, frame []byte) {
	if c == nil || !s.clients[c] {
		return
	}
	if !c.queue(frame) {
		s.logf("lan: dropping a slow phone (%s)", c.remote)
		s.drop(c)
	}
}

func (s *session) sendErr(c *client, id, code, reason string) {
	s.send(c, errFrame(id, code, reason))
}

func (s *session) frame(c *client, f inFrame, err error) {
	if !s.clients[c] {
		return
	}
	if err != nil {
		s.sendErr(c, f.ID, codeBadFrame, err.Error())
		return
	}
	if f.T == "ping" {
		s.send(c, []byte(`{"t":"pong"}`))
		return
	}
	if f.T == "hello" {
		s.hello(c, f)
		return
	}
	if c.m == nil {
		s.sendErr(c, f.ID, codeHello, `send "hello" first`)
		return
	}
	switch f.T {
	case "join":
		s.join(c, f)
	case "spectate":
		s.spectate(c, f)
	case "cmd":
		s.command(c, f)
	default:
		s.sendErr(c, f.ID, codeBadFrame, fmt.Sprintf("unknown frame type %q", f.T))
	}
}

func (s *session) hello(c *client, f inFrame) {
	if c.m != nil {
		s.sendErr(c, "", codeHello, "this connection already said hello")
		return
	}
	token := f.Token
	var m *member
	if token != "" {
		m = s.members[hashToken(token)]
	}
	if m == nil {
		if len(s.members) >= maxMembers {
			s.sendErr(c, "", codeBusy, "the table has too many phones")
			c.closeWith(closeBusy, "busy")
			return
		}
		token = newToken()
		m = &member{hash: hashToken(token)}
		s.members[m.hash] = m
	}
	if old := m.conn; old != nil && old != c {
		s.sendErr(old, "", "replaced", "this phone opened the game in another window")
		old.closeWith(closeReplaced, "replaced")
		old.m = nil
		delete(s.clients, old)
	}
	m.conn, c.m = c, m
	s.send(c, mustJSON(welcomeFrame{T: "welcome", Token: token, Seat: m.seat, Mode: m.mode(), Name: m.name, Room: s.room}))
	s.sendState(c)
	s.lobbyChanged()
}

// welcome re-sends a member's seat and mode after a change.
func (s *session) welcome(m *member) {
	if m.conn == nil {
		return
	}
	// The token is not kept; the phone already has it, so it is left empty.
	s.send(m.conn, mustJSON(welcomeFrame{T: "welcome", Seat: m.seat, Mode: m.mode(), Name: m.name, Room: s.room}))
}

// sendState gives a (re)connected phone everything it should show now.
func (s *session) sendState(c *client) {
	m := c.m
	if s.g == nil || (m.seat == 0 && !m.spectator) {
		s.send(c, mustJSON(lobbyFrame{T: "lobby", Lobby: s.phoneLobby()}))
		return
	}
	s.send(c, s.clockFrame())
	if m.seat > 0 {
		v := s.viewJSON(m.seat, mustJSON(s.g.TableView()))
		names := s.namesJSON()
		s.send(c, viewFrame(v, names, max(s.bucket, viewFrameSize(v, names))))
		return
	}
	s.send(c, tableFrame(mustJSON(s.g.TableView()), s.namesJSON()))
}

func (s *session) join(c *client, f inFrame) {
	m := c.m
	name, err := cleanName(f.Name)
	if err != nil {
		s.sendErr(c, "", nameCode(err), err.Error())
		return
	}
	if f.Seat == nil {
		s.sendErr(c, "", codeSeat, "choose a seat")
		return
	}
	seat := *f.Seat
	if seat < 1 || seat > len(s.seats) {
		s.sendErr(c, "", codeSeat, fmt.Sprintf("there is no seat %d at this table (seats 1 to %d)", seat, len(s.seats)))
		return
	}
	if m.seat == seat && s.g == nil {
		m.name = name
		s.names[seat-1] = name
		s.welcome(m)
		s.lobbyChanged()
		return
	}
	if s.g != nil {
		switch {
		case m.seat > 0:
			s.sendErr(c, "", codeStarted, fmt.Sprintf("the game has started; you play seat %d", m.seat))
		case s.seats[seat-1] != nil:
			s.sendErr(c, "", codeStarted, "the game has started; you can watch as a spectator")
		default:
			if err := s.nameTaken(m, seat, name); err != nil {
				s.sendErr(c, "", nameCode(err), err.Error())
				return
			}
			s.bindReleased(m, seat, name)
		}
		return
	}
	if other := s.seats[seat-1]; other != nil && other != m {
		if slices.Contains(s.seats, nil) {
			s.sendErr(c, "", codeSeatTaken, fmt.Sprintf("seat %d is taken; tap the seat you are sitting in", seat))
		} else {
			s.sendErr(c, "", codeTableFull, "every seat is taken")
		}
		return
	}
	if err := s.nameTaken(m, seat, name); err != nil {
		s.sendErr(c, "", nameCode(err), err.Error())
		return
	}
	if m.seat > 0 {
		s.seats[m.seat-1], s.names[m.seat-1] = nil, ""
	}
	m.spectator = false
	m.name, m.seat = name, seat
	s.seats[seat-1], s.names[seat-1] = m, name
	s.welcome(m)
	s.lobbyChanged()
}

// bindReleased gives a seat the host released during the game to a new
// phone (the old one's battery died).
// nameTaken refuses a name for seat that looks like another seated
// player's.
func (s *session) nameTaken(m *member, seat int, name string) error {
	key := nameKey(name)
	for i, o := range s.seats {
		if o != nil && o != m && i+1 != seat && nameKey(s.names[i]) == key {
			return alike(i + 1)
		}
	}
	return nil
}

func (s *session) bindReleased(m *member, seat int, name string) {
	if m.spectator {
		s.sendErr(m.conn, "", codeStarted, "spectators cannot take a seat during the game")
		return
	}
	rec := logMember{Member: logSeat{Seat: seat, Name: name, Token: m.hash}}
	if !s.save(rec, nil) {
		s.sendErr(m.conn, "", codeSaving, s.failedReason())
		return
	}
	m.name, m.seat, m.acks, m.ackOrder = name, seat, nil, nil
	s.seats[seat-1], s.names[seat-1] = m, name
	s.welcome(m)
	s.sendState(m.conn)
	s.lobbyChanged()
	s.broadcast()
}

func (s *session) spectate(c *client, f inFrame) {
	m := c.m
	name, err := cleanName(f.Name)
	if err != nil {
		s.sendErr(c, "", nameCode(err), err.Error())
		return
	}
	if m.seat > 0 {
		if s.g != nil {
			s.sendErr(c, "", codeStarted, fmt.Sprintf("you play seat %d in this game", m.seat))
			return
		}
		s.seats[m.seat-1], s.names[m.seat-1] = nil, ""
		m.seat = 0
	}
	if s.g != nil && !m.spectator {
		if !s.save(logMember{Member: logSeat{Name: name, Token: m.hash, Spectator: true}}, nil) {
			s.sendErr(c, "", codeSaving, s.failedReason())
			return
		}
	}
	m.spectator, m.name = true, name
	s.welcome(m)
	s.sendState(c)
	s.lobbyChanged()
}

// lobbyChanged tells the lobby phones and the host, and saves the lobby.
func (s *session) lobbyChanged() {
	s.saveLobby()
	frame := mustJSON(lobbyFrame{T: "lobby", Lobby: s.phoneLobby()})
	for c := range s.clients {
		if c.m != nil && (s.g == nil || c.m.mode() == "lobby") {
			s.send(c, frame)
		}
	}
	s.publish()
}
