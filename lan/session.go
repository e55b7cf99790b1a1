package lan

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nightfall/game"
)

// Limits of a session.
const (
	maxMembers   = 300 // tokens known to a session (players, spectators, lobby visitors)
	maxClients   = 400 // open WebSockets
	maxAcks      = 256 // command ids remembered per phone
	maxAddTime   = 3600
	maxTablePlay = 30 // the largest player count the lobby accepts
)

// member is a phone, known by its token: seated, a spectator, or neither
// yet (the lobby). Only the token's hash is kept.
type member struct {
	hash      string
	name      string
	seat      int
	spectator bool
	conn      *client
	acks      map[string]ack
	ackOrder  []string
}

// ack is the answer to a command id, kept so that a resent id is answered
// again instead of applied twice.
type ack struct {
	cmd   string // the command's fingerprint: a different command under a reused id is new
	frame []byte
}

func (m *member) mode() string {
	switch {
	case m.seat > 0:
		return "player"
	case m.spectator:
		return "spectator"
	}
	return "lobby"
}

func (m *member) remember(id, fp string, frame []byte) {
	if m.acks == nil {
		m.acks = map[string]ack{}
	}
	if _, ok := m.acks[id]; !ok {
		m.ackOrder = append(m.ackOrder, id)
	}
	m.acks[id] = ack{cmd: fp, frame: frame}
	if len(m.ackOrder) > maxAcks {
		delete(m.acks, m.ackOrder[0])
		m.ackOrder = m.ackOrder[1:]
	}
}

// session is the state the session loop owns. Every method runs on the
// loop's goroutine.
type session struct {
	srv   *Server
	clock Clock
	logf  func(string, ...any)

	table   string
	room    string
	dataDir string
	addr    string // the listen address, recorded in the log for a resume

	members map[string]*member // by token hash
	clients map[*client]bool
	seats   []*member // seat-1 → member (nil: free)
	names   []string  // seat-1 → name (kept for a released seat during a game)

	// lobby setup
	variant string // the number of players is len(seats)
	seed    uint64
	options map[string]json.RawMessage
	// recomputed by checkSetup on every change of the setup
	optErr   string // why the options do not make a game ("" fine)
	optViews []OptionView
	deal     []game.RoleCount

	// game
	g             *game.Game
	log           *gameLog
	failed        error
	timer         timerState
	paused        bool
	restore       *clockRecord // a resumed game's last logged clock, until the clock takes it
	lastClock     []byte       // the last clock record written
	clockTick     func() bool  // stops the periodic clock record
	lastLobby     []byte       // the lobby as last saved (nil: none saved)
	lobbyErr      string       // the lobby cannot be saved
	lastView      [][]byte     // seat-1 → last view sent (unpadded JSON)
	bucket        int          // size of the last broadcast's view frames
	lastTab       []byte
	lastTabNames  []byte
	lastViewNames []byte

	subs   map[int]chan HostView
	nextID int
}

func newToken() string {
	var b [32]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// roomAlphabet leaves out letters and digits that look alike (0/O, 1/I/L).
const roomAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

func newRoom() string {
	var b [6]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = roomAlphabet[int(b[i])%len(roomAlphabet)]
	}
	return string(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// ---- lobby ----------------------------------------------------------------

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
	return game.Setup{Variant: s.variant, Players: len(s.seats), Seed: s.seed, Options: s.setupOptions()}
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
		if m.spectator {
			lv.Spectators++
		}
	}
	if s.g == nil {
		lv.Deal = s.deal
	}
	return lv
}

// ---- connections ----------------------------------------------------------

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

// ---- game commands --------------------------------------------------------

func (s *session) command(c *client, f inFrame) {
	m := c.m
	if f.ID == "" || len(f.ID) > maxIDLen {
		s.sendErr(c, "", codeBadFrame, fmt.Sprintf(`a command needs an "id" of 1 to %d characters`, maxIDLen))
		return
	}
	if err := checkCommand(f.Command); err != nil {
		s.sendErr(c, f.ID, codeBadFrame, err.Error())
		return
	}
	fp := fingerprint(f.Command)
	if a, ok := m.acks[f.ID]; ok && a.cmd == fp {
		s.send(c, a.frame)
		return
	}
	answer := func(code, reason string) { s.sendErr(c, f.ID, code, reason) }
	switch {
	case s.g == nil:
		answer(codeNotStart, "the game has not started")
		return
	case m.seat == 0:
		answer(codeNoSeat, "you have no seat in this game; spectators cannot act")
		return
	case f.Seat != nil && *f.Seat != m.seat:
		answer(codeNotYours, fmt.Sprintf("you play seat %d; a phone acts only for its own seat", m.seat))
		return
	case game.IsHostAction(f.Do):
		answer(codeRejected, fmt.Sprintf("%q is not a player's action", f.Do))
		return
	case s.failed != nil:
		answer(codeSaving, s.failedReason())
		return
	case s.paused:
		// Nothing moves while the host pauses: no deadline passes and no
		// phone acts (it may send the command again once the host goes on).
		answer(codePaused, "the host paused the game; wait until it goes on")
		return
	}
	cmd := f.Command
	cmd.Seat = m.seat
	err := s.apply(cmd, "phone", f.ID)
	var rej *game.Rejection
	switch {
	case errors.As(err, &rej):
		code := codeRejected
		if rej.Code == "stale" {
			code = codeStale
		}
		fr := errFrame(f.ID, code, rej.Reason)
		m.remember(f.ID, fp, fr)
		s.send(c, fr)
		return
	case err != nil:
		answer(codeSaving, s.failedReason())
		return
	}
	fr := mustJSON(ackFrame{T: "ack", ID: f.ID})
	m.remember(f.ID, fp, fr)
	s.changed()
	s.send(m.conn, fr) // after the views: the phone holds its new view when the ack arrives
}

// fingerprint identifies a command apart from its seat: a resent id with
// the same fingerprint is the same command.
func fingerprint(c game.Command) string {
	c.Seat = 0
	return string(mustJSON(c))
}

// apply runs a command on the game and saves it with its events. A
// *game.Rejection changes nothing; any other error is a log failure, and
// then nothing changed either: what is not stored is never seen, so the
// game is rebuilt from the events the log holds before anyone is told.
func (s *session) apply(cmd game.Command, by, id string) error {
	before := len(s.g.Events())
	evs, err := s.g.Apply(cmd)
	if err != nil {
		return err
	}
	rec := logCmd{Cmd: cmdRecord{By: by, ID: id, Command: cmd}, N: len(evs)}
	if err := s.log.append(rec, evs); err != nil {
		s.rollback(before)
		s.fail(err)
		return err
	}
	return nil
}

// rollback rebuilds the game from its first n events (those the log holds).
func (s *session) rollback(n int) {
	stored := slices.Clone(s.g.Events()[:n])
	g, err := game.Replay(s.g.Setup(), stored)
	if err != nil { // cannot happen: these events came from this game
		panic("lan: the stored events do not replay: " + err.Error())
	}
	s.g = g
}

// save appends a record to the log. On failure the session stops taking
// commands: views that depend on unsaved events are never sent.
func (s *session) save(rec any, evs []game.Event) bool {
	if s.failed != nil {
		return false
	}
	if err := s.log.append(rec, evs); err != nil {
		s.fail(err)
		return false
	}
	return true
}

// fail stops the session taking commands: the log cannot be written. The
// big screen says so (HostView.Err).
func (s *session) fail(err error) {
	s.failed = err
	s.logf("lan: %v", err)
	s.stopTimer()
	s.publish()
}

func (s *session) failedReason() string {
	return "the host cannot save the game (" + s.failed.Error() + "); ask the host"
}

// changed runs after the game changed: the clock follows the new timer
// (which may end the night at once), then every phone gets its view.
func (s *session) changed() {
	s.settle()
	s.broadcast()
	s.publish()
}

// ---- views ----------------------------------------------------------------

func (s *session) namesJSON() []byte {
	m := map[string]string{}
	for i, n := range s.names {
		if n != "" {
			m[strconv.Itoa(i+1)] = n
		}
	}
	return mustJSON(m)
}

// zeroTableField is how an empty TableView field marshals inside a PlayerView.
var zeroTableField = append([]byte(`"table":`), mustJSON(game.TableView{})...)

// viewJSON is the JSON of seat's PlayerView, given the table's JSON: the
// same bytes as marshalling the view whole, but the table, the same for
// every seat, is marshalled once per broadcast.
func (s *session) viewJSON(seat int, table []byte) []byte {
	pv := s.g.PlayerView(seat)
	pv.Table = game.TableView{}
	b := mustJSON(pv)
	i := bytes.LastIndex(b, zeroTableField)
	if i < 0 {
		panic("lan: the table is missing from a marshalled PlayerView")
	}
	out := make([]byte, 0, len(b)+len(table))
	out = append(out, b[:i+len(`"table":`)]...)
	out = append(out, table...)
	return append(out, b[i+len(zeroTableField):]...)
}

// broadcast pushes the views. When any seat's view changed, every seat gets
// a view frame, all of the same size: which phones receive a frame, and how
// large, tells nothing about roles (a killers' pick changes only the
// killers' views, yet every phone hears from the host). Spectators get the
// table when it changed.
func (s *session) broadcast() {
	if s.g == nil || s.failed != nil {
		return
	}
	names := s.namesJSON()
	changed := !bytes.Equal(names, s.lastViewNames)
	tab := mustJSON(s.g.TableView())
	views := make([][]byte, len(s.seats))
	size := 0
	for i := range s.seats {
		views[i] = s.viewJSON(i+1, tab)
		if !bytes.Equal(views[i], s.lastView[i]) {
			changed = true
		}
		size = max(size, viewFrameSize(views[i], names))
	}
	if changed {
		s.lastView, s.lastViewNames, s.bucket = views, names, size
		for i, m := range s.seats {
			if m != nil && m.conn != nil {
				s.send(m.conn, viewFrame(views[i], names, size))
			}
		}
	}
	if !bytes.Equal(tab, s.lastTab) || !bytes.Equal(names, s.lastTabNames) {
		s.lastTab, s.lastTabNames = tab, names
		frame := tableFrame(tab, names)
		for c := range s.clients {
			if c.m != nil && c.m.spectator {
				s.send(c, frame)
			}
		}
	}
}

// ---- host -------------------------------------------------------------------

// hostView builds the big screen's view.
func (s *session) hostView() HostView {
	hv := HostView{Lobby: s.lobbyView(), Paused: s.paused, Room: s.room}
	s.srv.mu.Lock()
	hv.JoinURL, hv.MDNSName = s.srv.joinURL, s.srv.mdnsName
	s.srv.mu.Unlock()
	if p := s.problem(); p != nil {
		hv.Invalid, hv.Problem = p.Text, p
	} else {
		hv.Valid = true
	}
	if s.g != nil {
		tv := s.g.TableView()
		hv.Table = &tv
		hv.LogPath = s.log.path
		now := s.clock.Now()
		count, hold := s.timer.remaining(now)
		if s.timer.key != 0 && s.timer.total() > 0 {
			hv.Remaining = count
			if !s.paused {
				hv.Deadline = now.Add(hold + count)
			}
		}
		if hold > 0 {
			hv.HoldLeft = hold
			if !s.paused {
				hv.HoldUntil = now.Add(hold)
			}
		}
	}
	if s.failed != nil {
		hv.Err = s.failed.Error()
	} else if s.g == nil && s.lobbyErr != "" {
		hv.Err = "cannot save the lobby: " + s.lobbyErr
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
	case HostSetVariant, HostSetPlayers, HostSetOption, HostMove, HostStart:
		if s.g != nil {
			return errors.New("the game has started")
		}
	case HostPause, HostResume, HostAddTime, HostSkip, HostEnd:
		if s.g == nil {
			return errors.New("no game is running")
		}
		if s.g.Over() {
			return errors.New("the game is over")
		}
		if s.failed != nil && cmd.Do != HostEnd {
			return s.failed
		}
	}
	var err error
	switch cmd.Do {
	case HostSetVariant:
		if _, ok := game.Lookup(cmd.Variant); !ok {
			return fmt.Errorf("unknown variant %q (known: %s)", cmd.Variant, strings.Join(game.VariantIDs(), ", "))
		}
		s.variant = cmd.Variant
		s.checkSetup()
	case HostSetPlayers:
		err = s.setPlayers(cmd.Players)
	case HostSetOption:
		err = s.setOption(cmd.Name, cmd.Value)
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
		// the engine decides what there is to skip (it logs the turn as
		// ended by the host).
		if !s.skipHold() {
			err = s.hostApply(game.Command{Do: "skip"})
		}
	case HostEnd:
		err = s.endGame()
	case HostNewGame:
		err = s.newGame()
	default:
		return fmt.Errorf("unknown host command %q", cmd.Do)
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
	s.stopTimer()
	s.broadcast()
	s.failed = failed
	return nil
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
	if m.conn != nil {
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
	for _, m := range s.members {
		if m.spectator {
			h.Seats = append(h.Seats, logSeat{Name: m.name, Token: m.hash, Spectator: true})
		}
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
}

func (s *session) newGame() error {
	if s.g == nil || !s.g.Over() {
		return errors.New("the game is not over")
	}
	s.stopTimer()
	s.log.close()
	s.g, s.log, s.failed = nil, nil, nil
	s.tickClock()
	s.timer, s.paused = timerState{}, false
	s.seed = 0
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
	return nil
}
