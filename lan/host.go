// The host's side: the big screen's view and the host's commands.

package lan

import (
	"encoding/json"
	"errors"

	"nightfall/game"
)

// hostView builds the big screen's view.
func (s *session) hostView() HostView {
	hv := HostView{Lobby: s.lobbyView(), Paused: s.clk.paused, Room: s.room, Evening: s.eveningView()}
	for c := range s.out.clients {
		if c.m != nil {
			hv.Phones++
		}
	}
	if s.g != nil && !s.g.Over() {
		hv.Requests = s.adm.seatRequests()
	}
	s.srv.mu.Lock()
	hv.JoinURL, hv.MDNSName = s.srv.joinURL, s.srv.mdnsName
	s.srv.mu.Unlock()
	hv.Typed = s.srv.Typed()
	if s.g == nil {
		hv.Addresses = s.srv.listAddrs()
	}
	if p := s.problem(); p != nil {
		hv.Invalid, hv.Problem = p.Text, p
	} else {
		hv.Valid = true
	}
	if s.g != nil {
		tv := s.g.TableView()
		hv.Table = &tv
		hv.HostActions = s.g.HostActions()
		hv.LogPath = s.log.path
		now := s.clock.Now()
		count, hold := s.clk.timer.remaining(now)
		if s.clk.timer.key != 0 && s.clk.timer.total() > 0 {
			hv.Remaining = count
			if !s.clk.paused {
				hv.Deadline = now.Add(hold + count)
			}
		}
		if hold > 0 {
			hv.HoldLeft = hold
			if !s.clk.paused {
				hv.HoldUntil = now.Add(hold)
			}
		}
	}
	if s.failed != nil {
		hv.Failure = &HostError{Code: HostErrLog, Err: s.failed}
		errors.As(s.failed, &hv.Failure)
	} else if s.g == nil && s.lobbyErr != "" {
		hv.Failure = &HostError{Code: HostErrLobbySave, Text: s.lobbyErr}
	}
	if hv.Failure != nil {
		hv.Err = hv.Failure.Error()
	}
	return hv
}

func (s *session) publish() {
	if len(s.subs) == 0 {
		return
	}
	hv := s.hostView()
	for _, ch := range s.subs {
		select { // latest wins
		case <-ch:
		default:
		}
		ch <- hv
	}
}

func (s *session) subscribe() (int, chan HostView) {
	s.nextID++
	ch := make(chan HostView, 1)
	s.subs[s.nextID] = ch
	ch <- s.hostView()
	return s.nextID, ch
}

func (s *session) unsubscribe(id int) {
	if ch, ok := s.subs[id]; ok {
		delete(s.subs, id)
		close(ch)
	}
}

func (s *session) host(cmd HostCommand) error {
	switch cmd.Do {
	case HostSetVariant, HostSetPlayers, HostSetOption, HostMove, HostStart, HostSetBriefing:
		if s.g != nil {
			return &HostError{Code: HostErrStarted}
		}
	case HostPause, HostResume, HostAddTime, HostSkip, HostEnd:
		if s.g == nil {
			return &HostError{Code: HostErrNoGame}
		}
		if s.g.Over() {
			return &HostError{Code: HostErrOver}
		}
		if s.failed != nil && cmd.Do != HostEnd {
			return s.failed
		}
	}
	var err error
	switch cmd.Do {
	case HostSetVariant:
		if _, ok := game.Lookup(cmd.Variant); !ok {
			return &HostError{Code: HostErrUnknownVariant, Name: cmd.Variant, Known: game.VariantIDs()}
		}
		s.lobby.setVariant(cmd.Variant)
	case HostSetPlayers:
		err = s.lobby.setPlayers(cmd.Players)
	case HostSetOption:
		err = s.lobby.setOption(cmd.Name, cmd.Value)
	case HostSetBriefing:
		err = json.Unmarshal(cmd.Value, &s.lobby.briefing)
	case HostMove:
		err = s.move(cmd.From, cmd.To)
	case HostRemove:
		err = s.remove(cmd.Seat)
	case HostStart:
		err = s.start()
	case HostPause:
		err = s.pause()
	case HostResume:
		err = s.resume()
	case HostAddTime:
		err = s.addTime(cmd.Seconds)
	case HostSkip:
		// During the announcements' hold, skip ends the hold; otherwise
		// the engine decides what there is to skip (the briefing: the game
		// begins; a turn: it logs the turn as ended by the host).
		if !s.skipHold() {
			err = s.hostApply(game.Command{Do: "skip"})
		}
	case HostEnd:
		err = s.endGame()
	case HostNewGame:
		err = s.newGame()
	case HostNewEvening:
		err = s.newEvening()
	case HostRemoveSpectators:
		s.removeSpectators()
	case HostSetAddress:
		err = s.srv.setAddress(cmd.Addr)
	case HostAllow, HostRefuse:
		err = s.answerSeat(cmd.Request, cmd.Do == HostAllow)
	default:
		return &HostError{Code: HostErrUnknownCommand, Name: string(cmd.Do)}
	}
	if err != nil {
		return err
	}
	if s.g == nil {
		s.lobbyChanged()
	} else {
		s.publish()
	}
	return nil
}

func (s *session) hostApply(cmd game.Command) error {
	if err := s.apply(cmd, "host", ""); err != nil {
		return err
	}
	s.changed()
	return nil
}

func (s *session) endGame() error {
	if s.failed == nil {
		return s.hostApply(game.Command{Do: "end"})
	}
	// The log cannot be written: end in memory, so that the table sees the
	// reveal; nothing more depends on the log.
	if _, err := s.g.Apply(game.Command{Do: "end"}); err != nil {
		return err
	}
	failed := s.failed
	s.failed = nil
	s.clk.stopTimer()
	s.broadcast()
	s.failed = failed
	return nil
}
