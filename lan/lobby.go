// The lobby: the setup the host chooses (variant, players, options), who sits
// where, and the start of a game.

package lan

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nightfall/game"
)

// lobby is the table the host sets: the variant, the seats and who sits
// in them, the options, and what the engine makes of them. It knows
// nothing of sockets or the game; the session tells the phones.
type lobby struct {
	seats []*member // seat-1 → member (nil: free)
	names []string  // seat-1 → name (kept for a released seat during a game)

	variant string // the number of players is len(seats)
	// briefing: games start with the table's briefing (Config.Briefing)
	briefing bool
	seed     uint64
	options  map[string]json.RawMessage
	// recomputed by checkSetup on every change of the setup
	optErr   string // why the options do not make a game ("" fine)
	optViews []OptionView
	deal     []game.RoleCount
}

func newLobby() *lobby { return &lobby{options: map[string]json.RawMessage{}} }

// configure sets the table up as cfg says: a new one, or (continued) the
// evening's table come back with its seats and setup, changed as the host
// would change it in the lobby. The variant is cfg's (a new one clears
// the options; none named: the table's, else the first one); the players
// cfg's, else the continued table's, else 12 if the variant allows, else
// the nearest count it does (a table that cannot shrink past its taken
// seats keeps them); the seed cfg's (a continued table keeps its own
// unless cfg names one); the briefing and the options cfg's.
func (l *lobby) configure(cfg Config, continued bool) error {
	if cfg.Variant != "" && cfg.Variant != l.variant {
		l.variant = cfg.Variant
		clear(l.options)
	}
	if l.variant == "" {
		l.variant = game.Variants()[0].ID
	}
	in, ok := l.variantInfo()
	if !ok {
		return &HostError{Code: HostErrUnknownVariant, Name: l.variant, Known: game.VariantIDs()}
	}
	players := cfg.Players
	if players == 0 && continued {
		players = len(l.seats)
	} else if players == 0 {
		players = min(max(12, in.MinPlayers), in.MaxPlayers)
	}
	if players < 1 || players > maxTablePlay {
		return &HostError{Code: HostErrPlayers, N: players, Max: maxTablePlay}
	}
	if err := l.setPlayers(players); err != nil {
		cfg.Logf("lan: %v (the table keeps %d seats)", err, len(l.seats))
	}
	if cfg.Seed != 0 || !continued {
		l.seed = cfg.Seed
	}
	l.briefing = cfg.Briefing
	for k, v := range cfg.Options {
		if err := l.setOption(k, v); err != nil {
			return err
		}
	}
	l.checkSetup()
	return nil
}

func (l *lobby) variantInfo() (game.VariantInfo, bool) {
	v, ok := game.Lookup(l.variant)
	if !ok {
		return game.VariantInfo{}, false
	}
	return v.Info(), true
}

// setupOptions is the JSON object of the host's option choices that the
// variant accepts.
func (l *lobby) setupOptions() json.RawMessage {
	in, _ := l.variantInfo()
	m := map[string]json.RawMessage{}
	for k, v := range l.options {
		if slices.Contains(in.OptionNames, k) {
			m[k] = v
		}
	}
	if len(m) == 0 {
		return nil
	}
	return mustJSON(m)
}

func (l *lobby) setup() game.Setup {
	return game.Setup{Variant: l.variant, Players: len(l.seats), Seed: l.seed, Options: l.setupOptions(), Briefing: l.briefing}
}

// checkSetup asks the engine what follows from the lobby's setup
// (game.Configure): whether the options make a game (optErr), the options
// as the lobby shows them, and the proposed deal. A player count out of
// range is reported by problem alone.
func (l *lobby) checkSetup() {
	l.optErr, l.optViews, l.deal = "", nil, nil
	c := game.Configure(l.setup())
	if c.Variant.ID == "" {
		return
	}
	l.deal = c.Deal
	if p := c.Problem; p != nil && p.Key == "options" {
		l.optErr = p.Text
	}
	for _, o := range c.Options {
		ov := OptionView{Name: o.Name, Default: mustJSON(o.Default), Value: mustJSON(o.Value), Choices: o.Choices, Set: o.Set,
			Kind: o.Kind, Min: o.Min, Max: o.Max, Words: o.Words}
		if v, ok := l.options[o.Name]; ok && l.optErr != "" {
			ov.Value = v
		}
		l.optViews = append(l.optViews, ov)
	}
}

// problem says why the game cannot start now (nil if it can), with the
// figures the host's screen needs to say it in its language.
func (s *session) problem() *StartProblem {
	if s.g != nil {
		return &StartProblem{Key: "started", Text: "the game has started"}
	}
	return s.lobby.problem()
}

// problem says why the setup and the seats make no game (nil if they do).
func (l *lobby) problem() *StartProblem {
	in, ok := l.variantInfo()
	if !ok {
		return &StartProblem{Key: "variant", Text: fmt.Sprintf("unknown variant %q", l.variant)}
	}
	if n := len(l.seats); n < in.MinPlayers || n > in.MaxPlayers {
		return &StartProblem{Key: "players", Min: in.MinPlayers, Max: in.MaxPlayers, N: n,
			Text: fmt.Sprintf("%s is for %d to %d players, not %d", in.ID, in.MinPlayers, in.MaxPlayers, n)}
	}
	if l.optErr != "" {
		return &StartProblem{Key: "options", Text: l.optErr}
	}
	var free []int
	var names []string
	for i, m := range l.seats {
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
	lv.Briefing = s.lobby.briefing
	if s.g == nil {
		lv.Options = s.lobby.optViews
	}
	return lv
}

// phoneLobby is the lobby without the variants' descriptions and the
// options, which only the host's screen shows.
func (s *session) phoneLobby() LobbyView {
	lv := LobbyView{Table: s.table, Variant: s.lobby.variant, Players: len(s.lobby.seats), Started: s.g != nil,
		Seats: s.lobby.seatViews()}
	for _, m := range s.adm.members {
		if m.spectator && m.conn != nil {
			lv.Spectators++
		}
	}
	if s.g == nil {
		lv.Deal = s.lobby.deal
	}
	return lv
}

// nameTaken refuses a name for seat that looks like another seated
// player's.
func (l *lobby) nameTaken(m *member, seat int, name string) error {
	key := nameKey(name)
	for i, o := range l.seats {
		if o != nil && o != m && i+1 != seat && looksAlike(nameKey(l.names[i]), key) {
			return alike(i + 1)
		}
	}
	return nil
}

// namesJSON is the names of the seats, by seat number (JSON).
func (l *lobby) namesJSON() []byte {
	m := map[string]string{}
	for i, n := range l.names {
		if n != "" {
			m[strconv.Itoa(i+1)] = n
		}
	}
	return mustJSON(m)
}

// seatViews is the seats as the lobby shows them.
func (l *lobby) seatViews() []LobbySeat {
	var out []LobbySeat
	for i, m := range l.seats {
		ls := LobbySeat{Seat: i + 1, Name: l.names[i]}
		if m != nil {
			ls.Taken, ls.Online = true, m.conn != nil
		}
		out = append(out, ls)
	}
	return out
}

func (l *lobby) setPlayers(n int) error {
	if n < 1 || n > maxTablePlay {
		return &HostError{Code: HostErrPlayers, N: n, Max: maxTablePlay}
	}
	for i := n; i < len(l.seats); i++ {
		if l.seats[i] != nil {
			return &HostError{Code: HostErrShrinkTaken, Seat: i + 1}
		}
	}
	l.resizeSeats(n)
	l.checkSetup()
	return nil
}

// setVariant switches the table to variant id. When the table's count is
// outside the new variant's range (杀人游戏4.0 is for 16–20, the table has
// 12 seats), the table takes a count the variant can deal: as many seats as
// players are seated if that is in range, else the nearest end of the range
// (its smallest for a small table), and never fewer seats than the highest
// taken one (nobody is unseated; a table that cannot shrink keeps its count,
// and the lobby says why it cannot start).
func (l *lobby) setVariant(id string) {
	l.variant = id
	if in, ok := l.variantInfo(); ok {
		if n := len(l.seats); n < in.MinPlayers || n > in.MaxPlayers {
			seated, last := 0, 0
			for i, m := range l.seats {
				if m != nil {
					seated, last = seated+1, i+1
				}
			}
			want := max(min(max(seated, in.MinPlayers), in.MaxPlayers), last)
			if want <= in.MaxPlayers {
				l.resizeSeats(want)
			}
		}
	}
	l.checkSetup()
}

func (l *lobby) resizeSeats(n int) {
	for len(l.seats) < n {
		l.seats = append(l.seats, nil)
		l.names = append(l.names, "")
	}
	l.seats, l.names = l.seats[:n], l.names[:n]
}

func (l *lobby) setOption(name string, value json.RawMessage) error {
	in, ok := l.variantInfo()
	if !ok {
		return &HostError{Code: HostErrNoVariant}
	}
	if !slices.Contains(in.OptionNames, name) {
		return &HostError{Code: HostErrNoOption, Name: name, Text: in.ID, Known: in.OptionNames}
	}
	v := bytes.TrimSpace(value)
	if len(v) == 0 || string(v) == "null" {
		delete(l.options, name)
		l.checkSetup()
		return nil
	}
	if !json.Valid(v) {
		return &HostError{Code: HostErrOptionJSON, Name: name}
	}
	old, had := l.options[name]
	l.options[name] = json.RawMessage(slices.Clone(v))
	l.checkSetup()
	if l.optErr != "" {
		err := &HostError{Code: HostErrOptions, Text: l.optErr}
		if had {
			l.options[name] = old
		} else {
			delete(l.options, name)
		}
		l.checkSetup()
		return err
	}
	return nil
}

// move moves the player of seat from to seat to (lobby.swap), and tells
// the phones that moved.
func (s *session) move(from, to int) error {
	a, b, err := s.lobby.swap(from, to)
	if err != nil {
		return err
	}
	s.welcome(a)
	if b != nil {
		s.welcome(b)
	}
	return nil
}

// swap moves the player of seat from (a) to seat to, and the player of
// seat to (b, nil if free) to seat from.
func (l *lobby) swap(from, to int) (a, b *member, err error) {
	if from < 1 || from > len(l.seats) || to < 1 || to > len(l.seats) {
		return nil, nil, &HostError{Code: HostErrSeatRange, Max: len(l.seats)}
	}
	a, b = l.seats[from-1], l.seats[to-1]
	if a == nil {
		return nil, nil, &HostError{Code: HostErrSeatFree, Seat: from}
	}
	l.seats[from-1], l.seats[to-1] = b, a
	l.names[from-1], l.names[to-1] = l.names[to-1], l.names[from-1]
	a.seat = to
	if b != nil {
		b.seat = from
	}
	return a, b, nil
}

// remove unseats a player in the lobby; during a game it forgets the seat's
// phone so that another phone can take the seat.
func (s *session) remove(seat int) error {
	if seat < 1 || seat > len(s.lobby.seats) {
		return &HostError{Code: HostErrSeatRange, Max: len(s.lobby.seats)}
	}
	m := s.lobby.seats[seat-1]
	if m == nil {
		return &HostError{Code: HostErrSeatFree, Seat: seat}
	}
	if s.g != nil {
		if s.g.Over() {
			return &HostError{Code: HostErrOver}
		}
		if !s.save(logMember{Member: logSeat{Seat: seat, Name: s.lobby.names[seat-1]}}, nil) {
			return s.failed
		}
	} else {
		s.lobby.names[seat-1] = ""
	}
	s.lobby.seats[seat-1] = nil
	m.seat = 0
	if m.conn == nil {
		s.adm.forget(m) // its phone comes back to the lobby, as a new one
	} else {
		s.sendErr(m.conn, "", codeRemoved, fmt.Sprintf("the host took seat %d from this phone", seat))
		s.welcome(m)
		s.sendState(m.conn)
	}
	return nil
}

func (s *session) start() error {
	if p := s.problem(); p != nil {
		return &HostError{Code: HostErrCannotStart, Problem: p}
	}
	st := s.lobby.setup()
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
	for i, m := range s.lobby.seats {
		h.Seats = append(h.Seats, logSeat{Seat: i + 1, Name: s.lobby.names[i], Token: m.hash})
	}
	l, err := createLog(s.dataDir, h, g.Events())
	if err != nil {
		return &HostError{Code: HostErrLog, Err: err}
	}
	s.dropLobby()
	s.beginGame(g, l)
	for c := range s.out.clients {
		if c.m != nil && c.m.mode() == "lobby" {
			s.sendState(c)
		}
	}
	return nil
}

// beginGame installs a game (new or resumed) and sends everyone its state.
func (s *session) beginGame(g *game.Game, l *gameLog) {
	s.g, s.log, s.failed = g, l, nil
	s.out.begin(len(s.lobby.seats))
	s.clk.reset()
	s.changed()
	s.sendClock()
	s.tickClock()
	s.out.arm()
}

func (s *session) newGame() error {
	if s.g == nil || !s.g.Over() {
		return &HostError{Code: HostErrNotOver}
	}
	s.clk.stopTimer()
	s.log.close()
	s.out.end() // what waits for the tick goes first
	s.g, s.log, s.failed = nil, nil, nil
	s.tickClock()
	s.clk.timer, s.clk.paused = timerState{}, false
	s.lobby.seed = 0
	s.adm.requests = nil
	s.refreshEvening() // twelve hours may have passed since the last game
	for i, m := range s.lobby.seats {
		if m == nil {
			s.lobby.names[i] = ""
		}
	}
	for c := range s.out.clients {
		if c.m != nil {
			s.sendState(c)
		}
	}
	s.lobby.checkSetup()
	s.saveLobby() // a lobby between games now, no longer the end screen's
	return nil
}
