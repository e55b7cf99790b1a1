// The lobby: the setup the host chooses (variant, players, options), who sits
// where, and the start of a game.

package lan

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nightfall/game"
)

func (s *session) variantInfo() (game.VariantInfo, bool) {
	v, ok := game.Lookup(s.variant)
	if !ok {
		return game.VariantInfo{}, false
	}
	return v.Info(), true
}

// setupOptions is the JSON object of the host's option choices that the
// variant accepts.
func (s *session) setupOptions() json.RawMessage {
	in, _ := s.variantInfo()
	m := map[string]json.RawMessage{}
	for k, v := range s.options {
		if slices.Contains(in.OptionNames, k) {
			m[k] = v
		}
	}
	if len(m) == 0 {
		return nil
	}
	return mustJSON(m)
}

func (s *session) setup() game.Setup {
	return game.Setup{Variant: s.variant, Players: len(s.seats), Seed: s.seed, Options: s.setupOptions(), Briefing: s.briefing}
}

// checkSetup asks the engine what follows from the lobby's setup
// (game.Configure): whether the options make a game (optErr), the options
// as the lobby shows them, and the proposed deal. A player count out of
// range is reported by problem alone.
func (s *session) checkSetup() {
	s.optErr, s.optViews, s.deal = "", nil, nil
	c := game.Configure(s.setup())
	if c.Variant.ID == "" {
		return
	}
	s.deal = c.Deal
	if p := c.Problem; p != nil && p.Key == "options" {
		s.optErr = p.Text
	}
	for _, o := range c.Options {
		ov := OptionView{Name: o.Name, Default: mustJSON(o.Default), Value: mustJSON(o.Value), Choices: o.Choices, Set: o.Set}
		if v, ok := s.options[o.Name]; ok && s.optErr != "" {
			ov.Value = v
		}
		s.optViews = append(s.optViews, ov)
	}
}

// startProblem says why the game cannot start now ("" if it can).
func (s *session) startProblem() string {
	if p := s.problem(); p != nil {
		return p.Text
	}
	return ""
}

// problem says why the game cannot start now (nil if it can), with the
// figures the host's screen needs to say it in its language.
func (s *session) problem() *StartProblem {
	if s.g != nil {
		return &StartProblem{Key: "started", Text: "the game has started"}
	}
	in, ok := s.variantInfo()
	if !ok {
		return &StartProblem{Key: "variant", Text: fmt.Sprintf("unknown variant %q", s.variant)}
	}
	if n := len(s.seats); n < in.MinPlayers || n > in.MaxPlayers {
		return &StartProblem{Key: "players", Min: in.MinPlayers, Max: in.MaxPlayers, N: n,
			Text: fmt.Sprintf("%s is for %d to %d players, not %d", in.ID, in.MinPlayers, in.MaxPlayers, n)}
	}
	if s.optErr != "" {
		return &StartProblem{Key: "options", Text: s.optErr}
	}
	var free []int
	var names []string
	for i, m := range s.seats {
		if m == nil {
			free = append(free, i+1)
			names = append(names, strconv.Itoa(i+1))
		}
	}
	switch {
	case len(free) == 1:
		return &StartProblem{Key: "free", Seats: free, Text: "seat " + names[0] + " is free"}
	case len(free) > 1:
		return &StartProblem{Key: "free", Seats: free, Text: "seats " + strings.Join(names, ", ") + " are free"}
	}
	return nil
}

// lobbyView is the lobby for the host; phones get phoneLobby.
func (s *session) lobbyView() LobbyView {
	lv := s.phoneLobby()
	lv.Variants = game.Variants()
	lv.Briefing = s.briefing
	if s.g == nil {
		lv.Options = s.optViews
	}
	return lv
}

// phoneLobby is the lobby without the variants' descriptions and the
// options, which only the host's screen shows.
func (s *session) phoneLobby() LobbyView {
	lv := LobbyView{Table: s.table, Variant: s.variant, Players: len(s.seats), Started: s.g != nil}
	for i, m := range s.seats {
		ls := LobbySeat{Seat: i + 1, Name: s.names[i]}
		if m != nil {
			ls.Taken, ls.Online = true, m.conn != nil
		}
		lv.Seats = append(lv.Seats, ls)
	}
	for _, m := range s.members {
		if m.spectator && m.conn != nil {
			lv.Spectators++
		}
	}
	if s.g == nil {
		lv.Deal = s.deal
	}
	return lv
}

func (s *session) setPlayers(n int) error {
	if n < 1 || n > maxTablePlay {
		return fmt.Errorf("a table has 1 to %d players, not %d", maxTablePlay, n)
	}
	for i := n; i < len(s.seats); i++ {
		if s.seats[i] != nil {
			return fmt.Errorf("seat %d is taken: move or remove that player first", i+1)
		}
	}
	s.resizeSeats(n)
	s.checkSetup()
	return nil
}

func (s *session) resizeSeats(n int) {
	for len(s.seats) < n {
		s.seats = append(s.seats, nil)
		s.names = append(s.names, "")
	}
	s.seats, s.names = s.seats[:n], s.names[:n]
}

func (s *session) setOption(name string, value json.RawMessage) error {
	in, ok := s.variantInfo()
	if !ok {
		return fmt.Errorf("choose a variant first")
	}
	if !slices.Contains(in.OptionNames, name) {
		return fmt.Errorf("%s has no option %q (options: %s)", in.ID, name, strings.Join(in.OptionNames, ", "))
	}
	v := bytes.TrimSpace(value)
	if len(v) == 0 || string(v) == "null" {
		delete(s.options, name)
		s.checkSetup()
		return nil
	}
	if !json.Valid(v) {
		return fmt.Errorf("option %q: the value is not JSON", name)
	}
	old, had := s.options[name]
	s.options[name] = json.RawMessage(slices.Clone(v))
	s.checkSetup()
	if s.optErr != "" {
		err := errors.New(s.optErr)
		if had {
			s.options[name] = old
		} else {
			delete(s.options, name)
		}
		s.checkSetup()
		return err
	}
	return nil
}

func (s *session) move(from, to int) error {
	if from < 1 || from > len(s.seats) || to < 1 || to > len(s.seats) {
		return fmt.Errorf("seats are numbered 1 to %d", len(s.seats))
	}
	a, b := s.seats[from-1], s.seats[to-1]
	if a == nil {
		return fmt.Errorf("seat %d is free", from)
	}
	s.seats[from-1], s.seats[to-1] = b, a
	s.names[from-1], s.names[to-1] = s.names[to-1], s.names[from-1]
	a.seat = to
	s.welcome(a)
	if b != nil {
		b.seat = from
		s.welcome(b)
	}
	return nil
}

// remove unseats a player in the lobby; during a game it forgets the seat's
// phone so that another phone can take the seat.
func (s *session) remove(seat int) error {
	if seat < 1 || seat > len(s.seats) {
		return fmt.Errorf("seats are numbered 1 to %d", len(s.seats))
	}
	m := s.seats[seat-1]
	if m == nil {
		return fmt.Errorf("seat %d is free", seat)
	}
	if s.g != nil {
		if s.g.Over() {
			return errors.New("the game is over")
		}
		if !s.save(logMember{Member: logSeat{Seat: seat, Name: s.names[seat-1]}}, nil) {
			return s.failed
		}
	} else {
		s.names[seat-1] = ""
	}
	s.seats[seat-1] = nil
	m.seat = 0
	if m.conn == nil {
		s.forgetMember(m) // its phone comes back to the lobby, as a new one
	} else {
		s.sendErr(m.conn, "", codeRemoved, fmt.Sprintf("the host took seat %d from this phone", seat))
		s.welcome(m)
		s.sendState(m.conn)
	}
	return nil
}

func (s *session) start() error {
	if p := s.startProblem(); p != "" {
		return errors.New(p)
	}
	st := s.setup()
	if st.Seed == 0 {
		st.Seed = randomSeed()
	}
	g, err := game.New(st)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	var id [3]byte
	rand.Read(id[:])
	h := logHeader{Nightfall: logVersion, ID: now.Format("20060102-150405") + "-" + hex.EncodeToString(id[:]),
		Created: now, Table: s.table, Room: s.room, Addr: s.addr, Setup: st}
	for i, m := range s.seats {
		h.Seats = append(h.Seats, logSeat{Seat: i + 1, Name: s.names[i], Token: m.hash})
	}
	l, err := createLog(s.dataDir, h, g.Events())
	if err != nil {
		return err
	}
	s.dropLobby()
	s.beginGame(g, l)
	for c := range s.clients {
		if c.m != nil && c.m.mode() == "lobby" {
			s.sendState(c)
		}
	}
	return nil
}

// beginGame installs a game (new or resumed) and sends everyone its state.
func (s *session) beginGame(g *game.Game, l *gameLog) {
	s.g, s.log, s.failed = g, l, nil
	s.lastView = make([][]byte, len(s.seats))
	s.lastTab, s.lastTabNames, s.lastViewNames, s.bucket = nil, nil, nil, 0
	s.timer = timerState{}
	s.paused = s.restore != nil && s.restore.Paused
	s.lastClock = nil
	s.changed()
	s.sendClock()
	s.tickClock()
	s.armCadence()
}

func (s *session) newGame() error {
	if s.g == nil || !s.g.Over() {
		return errors.New("the game is not over")
	}
	s.stopTimer()
	s.log.close()
	s.flush() // what waits for the tick goes first
	s.g, s.log, s.failed = nil, nil, nil
	s.armCadence()
	s.tickClock()
	s.timer, s.paused = timerState{}, false
	s.seed = 0
	s.requests = nil
	s.refreshEvening() // twelve hours may have passed since the last game
	for i, m := range s.seats {
		if m == nil {
			s.names[i] = ""
		}
	}
	for c := range s.clients {
		if c.m != nil {
			s.sendState(c)
		}
	}
	s.checkSetup()
	s.saveLobby() // a lobby between games now, no longer the end screen's
	return nil
}
