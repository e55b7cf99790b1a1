// A phone's game commands: applied to the engine, logged, acknowledged.

package lan

import (
	"errors"
	"fmt"

	"nightfall/game"
)

func (s *session) command(c *client, f inFrame) {
	m := c.m
	if f.ID == "" || len(f.ID) > maxIDLen {
		s.answerErr(c, "", codeBadFrame, fmt.Sprintf(`a command needs an "id" of 1 to %d characters`, maxIDLen))
		return
	}
	if err := checkCommand(f.Command); err != nil {
		s.answerErr(c, f.ID, codeBadFrame, err.Error())
		return
	}
	if s.g != nil {
		args, err := commandArgs(s.g.Setup().Variant, f)
		if err != nil {
			s.answerErr(c, f.ID, codeBadFrame, err.Error())
			return
		}
		f.Args = args
	}
	fp := fingerprint(f.Command)
	if a, ok := m.acks[f.ID]; ok && a.cmd == fp {
		s.answer(c, a.frame)
		return
	}
	reply := func(code, reason string) { s.answerErr(c, f.ID, code, reason) }
	switch {
	case s.g == nil:
		reply(codeNotStart, "the game has not started")
		return
	case m.seat == 0:
		reply(codeNoSeat, "you have no seat in this game; spectators cannot act")
		return
	case f.Seat != nil && *f.Seat != m.seat:
		reply(codeNotYours, fmt.Sprintf("you play seat %d; a phone acts only for its own seat", m.seat))
		return
	case game.IsHostAction(f.Do):
		s.answer(c, refusalFrame(f.ID, &game.Rejection{Code: game.RefuseHostAction, Text: f.Do}))
		return
	case s.failed != nil:
		reply(codeSaving, s.failedReason())
		return
	case s.clk.paused:
		// Nothing moves while the host pauses: no deadline passes and no
		// phone acts (it may send the command again once the host goes on).
		reply(codePaused, "the host paused the game; wait until it goes on")
		return
	}
	cmd := f.Command
	cmd.Seat = m.seat
	err := s.apply(cmd, "phone", f.ID)
	var rej *game.Rejection
	switch {
	case errors.As(err, &rej):
		fr := refusalFrame(f.ID, rej)
		m.remember(f.ID, fp, fr)
		s.answer(c, fr)
		return
	case err != nil:
		reply(codeSaving, s.failedReason())
		return
	}
	fr := mustJSON(ackFrame{T: "ack", ID: f.ID})
	m.remember(f.ID, fp, fr)
	s.changed()
	s.answer(c, fr) // after the views: the phone holds its new view when the ack arrives
}

// fingerprint identifies a command apart from its seat: a resent id with
// the same fingerprint is the same command.
func fingerprint(c game.Command) string {
	c.Seat = 0
	b, err := game.MarshalCommand(c)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// apply runs a command on the game and saves it with its events. A
// *game.Rejection changes nothing; any other error is a log failure, and
// then nothing changed either: what is not stored is never seen, so the
// game is rebuilt from the events the log holds before anyone is told.
func (s *session) apply(cmd game.Command, by, id string) error {
	refused, err := s.match.play(cmd, by, id)
	if err != nil && !refused {
		s.fail(err)
	}
	return err
}

// save appends a record to the log. On failure the session stops taking
// commands: views that depend on unsaved events are never sent.
func (s *session) save(rec any, evs []game.Event) bool {
	stored, err := s.match.record(rec, evs)
	if err != nil {
		s.fail(err)
	}
	return stored
}

// fail stops the session taking commands: the log cannot be written. The
// big screen says so (HostView.Err).
func (s *session) fail(err error) {
	s.failed = &HostError{Code: HostErrLog, Err: err}
	s.logf("lan: %v", err)
	s.clk.stopTimer()
	s.publish()
}

func (s *session) failedReason() string {
	return "the host cannot save the game (" + s.failed.Error() + "); ask the host"
}

// changed runs after the game changed: the clock follows the new timer
// (which may end the night at once), then every phone gets its view.
func (s *session) changed() {
	s.settle()
	ended := s.countEnd()
	s.broadcast()
	if ended {
		s.sendEvening()
	}
	s.publish()
}
