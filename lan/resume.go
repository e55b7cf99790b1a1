package lan

import (
	"fmt"

	"nightfall/game"
)

// load loads a game log: the game as it was, the seats and tokens (so
// the phones come back to their seats) and the answered
// command ids.
func (s *session) load(path string) error {
	sg, err := readLog(path, func(msg string) { s.logf("lan: %s", msg) }, s.dataDir)
	if err != nil {
		return err
	}
	h := sg.header
	initial := sg.initial
	if initial == nil { // the deal was torn off: deal again (the same, from the seed)
		g, err := newGame(h.Setup)
		if err != nil {
			return &LogError{Path: path, Line: 1, Msg: err.Error()}
		}
		initial = g.Events()
	}
	events := append([]game.Event(nil), initial...)
	for _, r := range sg.records {
		events = append(events, r.events...)
	}
	g, err := replayGame(h.Setup, events)
	if err != nil {
		return &LogError{Path: path, Msg: "the events do not replay: " + err.Error()}
	}
	l, err := openLog(path, sg.seal)
	if err != nil {
		return &LogError{Path: path, Msg: err.Error()}
	}
	if sg.initial == nil {
		if err := l.append(nil, initial); err != nil {
			l.close()
			return err
		}
	}
	s.room, s.table, s.addr = h.Room, h.Table, h.Addr
	s.lobby.variant, s.lobby.seed = h.Setup.Variant, 0
	s.lobby.resizeSeats(h.Setup.Players)
	for _, ls := range h.Seats {
		if err := s.restoreMember(ls); err != nil {
			l.close()
			return &LogError{Path: path, Line: 1, Msg: err.Error()}
		}
	}
	for _, r := range sg.records {
		switch {
		case r.member != nil:
			if err := s.restoreMember(*r.member); err != nil {
				l.close()
				return &LogError{Path: path, Msg: err.Error()}
			}
		case r.clock != nil:
			c := *r.clock
			s.clk.restore = &c
		case r.cmd != nil && r.cmd.By == "phone" && r.cmd.Seat > 0 && r.cmd.Seat <= len(s.lobby.seats) && r.cmd.ID != "":
			if m := s.lobby.seats[r.cmd.Seat-1]; m != nil {
				cmd := r.cmd.Command // with the variant's arguments, as the phone sent them
				cmd.Args, _ = game.DecodeArgs(h.Setup.Variant, r.cmd.raw)
				m.remember(r.cmd.ID, fingerprint(cmd), mustJSON(ackFrame{T: "ack", ID: r.cmd.ID}))
			}
		}
	}
	s.g, s.log = g, l
	return nil
}

// restoreMember applies a seat or spectator line of the log.
func (s *session) restoreMember(ls logSeat) error {
	if ls.Spectator {
		return nil // spectators are not kept (older logs hold them): they come back to the lobby
	}
	if ls.Seat < 1 || ls.Seat > len(s.lobby.seats) {
		return fmt.Errorf("seat %d is not at this table", ls.Seat)
	}
	if old := s.lobby.seats[ls.Seat-1]; old != nil {
		old.seat = 0 // released: the old phone keeps its token but no seat
	}
	s.lobby.seats[ls.Seat-1], s.lobby.names[ls.Seat-1] = nil, ls.Name
	if ls.Token != "" {
		m := &member{hash: ls.Token, name: ls.Name, seat: ls.Seat}
		s.adm.members[ls.Token] = m
		s.lobby.seats[ls.Seat-1] = m
	}
	return nil
}
