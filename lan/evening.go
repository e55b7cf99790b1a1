// The evening: the scoreboard of the room's finished games (game/evening),
// read from the game logs on disk, so that it survives restarts and
// crashes, and the replays (复盘) of those games.

package lan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"nightfall/game"
	"nightfall/game/evening"
	"nightfall/lan/replay"
)

// EveningFile is where the data directory keeps, per room, when the host
// last began a new evening (HostNewEvening).
const EveningFile = "evening.json"

// Evening is the scoreboard the big screen and the phones show between
// games: the board of the room's current evening, and its games in order.
// Empty (Games 0) before the evening's first game ends.
type Evening struct {
	evening.Board
	// Played lists the evening's games, the first first: each can be
	// replayed (Replay, the phones' "replay" frame).
	Played []PlayedGame `json:"played"`
}

// PlayedGame is one finished game of the evening.
type PlayedGame struct {
	ID      string    `json:"id"`
	Variant string    `json:"variant"`
	Winner  string    `json:"winner"`
	Players int       `json:"players"`
	Started time.Time `json:"started"`
}

// FinishedGame is a finished game read from its log: its final state, who
// held each seat at the end, and where the log is.
type FinishedGame struct {
	Path    string
	ID      string
	Room    string
	Table   string
	Started time.Time
	Game    *game.Game
	Players []evening.Player // by seat
	Names   map[int]string   // by seat, the names the table saw
}

// ErrNotOver is a game log whose game has not ended.
var ErrNotOver = errors.New("the game is not over")

// ReadFinished reads a game log and replays it; ErrNotOver when the game
// goes on (nothing of a game in progress is shown). The file is not
// changed. The room's log key (logseal.go) is looked for in the log's own
// data folder and in dataDirs.
func ReadFinished(path string, dataDirs ...string) (*FinishedGame, error) {
	sg, err := readLogCut(path, func(string) {}, false, dataDirs...)
	if err != nil {
		return nil, err
	}
	h := sg.header
	events, err := sg.events()
	if err != nil {
		return nil, &LogError{Path: path, Line: 1, Msg: err.Error()}
	}
	g, err := replayGame(h.Setup, events)
	if err != nil {
		return nil, &LogError{Path: path, Msg: "the events do not replay: " + err.Error()}
	}
	if !g.Over() {
		return nil, ErrNotOver
	}
	fg := &FinishedGame{Path: path, ID: h.ID, Room: h.Room, Table: h.Table, Started: h.Created, Game: g,
		Players: make([]evening.Player, h.Setup.Players), Names: map[int]string{}}
	hold := func(ls logSeat) {
		if ls.Spectator || ls.Seat < 1 || ls.Seat > len(fg.Players) {
			return
		}
		fg.Players[ls.Seat-1] = evening.Player{Key: ls.Token, Name: ls.Name}
		if ls.Name != "" {
			fg.Names[ls.Seat] = ls.Name
		}
	}
	for _, ls := range h.Seats {
		hold(ls)
	}
	for _, r := range sg.records {
		if r.member != nil {
			hold(*r.member)
		}
	}
	return fg, nil
}

// eveningState is the session's scoreboard and what it was made from.
type eveningState struct {
	board  Evening
	paths  map[string]string // game id → log path, for the replays
	cache  map[string]*FinishedGame
	counts string          // the log path whose end was last counted
	aside  map[string]bool // logs that cannot be read, said once (setAside)
}

// eveningSince is when the host last began a new evening in room (zero:
// never).
func eveningSince(dataDir, room string) time.Time {
	data, err := os.ReadFile(filepath.Join(dataDir, EveningFile))
	if err != nil {
		return time.Time{}
	}
	var m map[string]time.Time
	if json.Unmarshal(data, &m) != nil {
		return time.Time{}
	}
	return m[room]
}

// setEveningSince records that a new evening began in room at t.
func setEveningSince(dataDir, room string, t time.Time) error {
	path := filepath.Join(dataDir, EveningFile)
	m := map[string]time.Time{}
	if data, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(data, &m) // a damaged file is replaced
	}
	m[room] = t
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, mustJSON(m), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// refreshEvening counts the room's finished games again from the logs on
// disk. A finished log never changes, so each is replayed once.
func (s *session) refreshEvening() {
	ev := &s.evening
	if ev.cache == nil {
		ev.cache = map[string]*FinishedGame{}
	}
	paths, err := gameLogs(s.dataDir)
	if err != nil {
		s.logf("lan: the evening's games: %v", err)
	}
	var games []evening.Game
	byID := map[string]*FinishedGame{}
	for _, p := range paths {
		fg, ok := ev.cache[p]
		if !ok {
			fg, err = ReadFinished(p, s.dataDir)
			if err != nil {
				if !errors.Is(err, ErrNotOver) {
					s.setAside(p, err)
				}
				continue
			}
			ev.cache[p] = fg
		}
		if fg.Room != s.room || byID[fg.ID] != nil {
			continue // another room's, or a copy of a game counted already
		}
		out, _ := fg.Game.Outcome()
		games = append(games, evening.Game{ID: fg.ID, Started: fg.Started, Outcome: out, Players: fg.Players})
		byID[fg.ID] = fg
	}
	sel := evening.Select(games, s.clock.Now(), eveningSince(s.dataDir, s.room))
	ev.board = Evening{Board: evening.Fold(sel)}
	ev.paths = map[string]string{}
	for _, g := range sel {
		ev.board.Played = append(ev.board.Played, PlayedGame{ID: g.ID, Variant: g.Outcome.Variant,
			Winner: g.Outcome.Winner, Players: g.Outcome.Players, Started: g.Started})
		ev.paths[g.ID] = byID[g.ID].Path
	}
}

// countEnd counts the running game once it is over (its log holds the end)
// and saves the lobby "new game" will open (lobbyfile.go), so that a crash
// on the end screen continues the evening (continueEvening).
func (s *session) countEnd() bool {
	if s.g == nil || !s.g.Over() || s.log == nil || s.evening.counts == s.log.path {
		return false
	}
	s.evening.counts = s.log.path
	s.refreshEvening()
	s.saveLobby()
	return true
}

// continueEvening is what a start without a resume and without a room
// named does first: it continues the data folder's evening when there is
// one. The evening is a room's (the same room, the same data folder): its
// finished games started less than 12 hours apart (evening.Gap), the
// latest less than 12 hours ago, none before the host's last "new evening"
// (evening.Select); or, before its first game, the evening the host began
// there less than 12 hours ago, or the evening's first lobby (saved, or
// the table of a game that never ended, less than 12 hours ago: a host
// killed before the first game ends comes back to it too). A restart of
// the app or of `serve`, after a crash or not, whether the host resumes a
// game or not, comes back to that
// room: its code and key, its seated phones' tokens (so the phones come
// back to their seats and each player's record goes on) and its setup. The
// room comes from the saved lobby (lobby.json: the end screen's lobby that
// "new game" opens, or a lobby between games) or, without one, from the
// newest game log (a game the host chose not to resume: it never ended, so
// it is not counted). A new evening the host begins keeps the room and
// empties the board; only when the room's evening is over (12 hours after
// its last game, or its last new evening) does a start draw a new room.
// The board is read from the game logs each time, one count per game id,
// so a game read again after a restart counts once. continueEvening
// reports whether the evening goes on; if not, the session is as before.
func (s *session) continueEvening() bool {
	type cand struct {
		r    *lobbyRecord
		path string
	}
	var cands []cand
	if r, err := readLobby(s.lobbyPath()); err == nil {
		cands = append(cands, cand{r, s.lobbyPath()})
	} else if !errors.Is(err, os.ErrNotExist) {
		s.logf("lan: the evening: %v", err)
	}
	if r, path := newestLogLobby(s.dataDir, s.setAside); r != nil {
		cands = append(cands, cand{r, path})
	}
	for _, c := range cands {
		r := c.r
		if r.Room == "" {
			continue
		}
		s.room = r.Room
		s.refreshEvening()
		since := eveningSince(s.dataDir, r.Room)
		now := s.clock.Now()
		began := !since.IsZero() && now.Sub(since) < evening.Gap // the host began a new evening here
		recent := !r.Saved.IsZero() && now.Sub(r.Saved) < evening.Gap
		if s.evening.board.Games == 0 && !began && !recent {
			continue
		}
		if err := s.applyLobby(r, c.path); err != nil {
			s.logf("lan: the evening of room %s does not go on: %v", r.Room, err)
			s.adm.members = map[string]*member{}
			s.lobby.seats, s.lobby.names, s.lobby.options = nil, nil, map[string]json.RawMessage{}
			continue
		}
		if _, ok := s.lobby.variantInfo(); !ok {
			s.lobby.variant = "" // a variant this build does not know: the default
			clear(s.lobby.options)
		}
		return true
	}
	s.room, s.evening.board = "", Evening{}
	return false
}

// newestLogLobby is the lobby of the newest game log in dataDir (by its
// header's time) that can be read, and its path: its room, setup and the
// players seated at its end. Logs that cannot be read are set aside
// (aside is told which and why) and the next one is taken.
func newestLogLobby(dataDir string, aside func(path string, err error)) (*lobbyRecord, string) {
	paths, err := gameLogs(dataDir)
	if err != nil {
		return nil, ""
	}
	var (
		sg   *savedGame
		path string
	)
	for _, p := range paths {
		g, err := readLogCut(p, func(string) {}, false, dataDir)
		if err != nil {
			aside(p, err)
			continue
		}
		if sg == nil || g.header.Created.After(sg.header.Created) {
			sg, path = g, p
		}
	}
	if sg == nil {
		return nil, ""
	}
	h := sg.header
	r := &lobbyRecord{Nightfall: logVersion, Lobby: true, Saved: h.Created, Table: h.Table, Room: h.Room,
		Addr: h.Addr, Variant: h.Setup.Variant, Players: h.Setup.Players}
	if len(h.Setup.Options) > 0 && json.Unmarshal(h.Setup.Options, &r.Options) != nil {
		r.Options = nil
	}
	held := map[int]logSeat{}
	hold := func(ls logSeat) {
		if !ls.Spectator && ls.Seat >= 1 && ls.Seat <= h.Setup.Players {
			held[ls.Seat] = ls
		}
	}
	for _, ls := range h.Seats {
		hold(ls)
	}
	for _, rec := range sg.records {
		if rec.member != nil {
			hold(*rec.member)
		}
	}
	for seat := 1; seat <= h.Setup.Players; seat++ {
		if ls, ok := held[seat]; ok && ls.Token != "" {
			r.Seats = append(r.Seats, ls)
		}
	}
	return r, path
}

// setAside says, once a session and in one line, that the log at path
// cannot be read (err says why) and is left out: a start goes on without
// it, whatever the data folder holds.
func (s *session) setAside(path string, err error) {
	if s.evening.aside[path] {
		return
	}
	if s.evening.aside == nil {
		s.evening.aside = map[string]bool{}
	}
	s.evening.aside[path] = true
	s.logf("lan: set aside %s, which cannot be read (%v); the evening goes on without it", path, err)
}

// between reports whether no game is running: the scoreboard is shown
// only then.
func (s *session) between() bool { return s.g == nil || s.g.Over() }

// eveningView is the scoreboard between games (nil during a game).
func (s *session) eveningView() *Evening {
	if !s.between() {
		return nil
	}
	e := s.evening.board
	return &e
}

// newEvening begins a new evening: the games so far leave the board.
func (s *session) newEvening() error {
	if !s.between() {
		return &HostError{Code: HostErrGameRunning}
	}
	if err := setEveningSince(s.dataDir, s.room, s.clock.Now()); err != nil {
		return &HostError{Code: HostErrEveningSave, Err: err}
	}
	s.refreshEvening()
	s.sendEvening()
	return nil
}

// sendEvening sends the scoreboard to every phone (between games only).
func (s *session) sendEvening() {
	if !s.between() {
		return
	}
	frame := mustJSON(eveningFrame{T: "evening", Evening: s.eveningView()})
	for c := range s.out.clients {
		if c.m != nil {
			s.send(c, frame)
		}
	}
}

// eveningFrame carries the scoreboard to the phones (PROTOCOL.md).
type eveningFrame struct {
	T       string   `json:"t"`
	Evening *Evening `json:"evening"`
}

// Replay is the finished game as package replay draws it.
func (fg *FinishedGame) Replay() replay.Game {
	return replay.Game{Table: fg.Game.TableView(), Names: fg.Names, Started: fg.Started, Where: fg.Table}
}

// IsGameLogFile reports whether the file at path starts like a game log
// (IsGameLog of its first line, of which no more than maxLogLine bytes are
// read).
func IsGameLogFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	first, _ := bufio.NewReader(io.LimitReader(f, maxLogLine)).ReadBytes('\n')
	return IsGameLog(first)
}

// IsGameLog reports whether data starts like a game log (its header line).
func IsGameLog(data []byte) bool {
	first, _, _ := bytes.Cut(data, []byte("\n"))
	var h struct {
		Nightfall *int `json:"nightfall"`
	}
	return json.Unmarshal(first, &h) == nil && h.Nightfall != nil
}

// replayFrame carries a finished game's replay, a self-contained HTML file
// in the phone's language, to the phone that asked (PROTOCOL.md).
type replayFrame struct {
	T    string `json:"t"`
	ID   string `json:"id"`
	Game string `json:"game"`
	HTML string `json:"html"`
}

// sendReplay answers a phone's "replay" frame: the replay of a finished
// game of this room's evening (f.Game; empty: the latest), between games
// only. The phone said hello over the channel sealed to the room's key, so
// it is one of this room's phones; a game of another room, or any replay
// while a game runs, is refused and nothing of it is sent.
func (s *session) sendReplay(c *client, f inFrame) {
	if !s.between() {
		s.answerErr(c, f.ID, codeNotOver, "the game is not over: its replay comes at the end")
		return
	}
	played := s.evening.board.Played
	id := f.Game
	if id == "" && len(played) > 0 {
		id = played[len(played)-1].ID
	}
	n := slices.IndexFunc(played, func(p PlayedGame) bool { return p.ID == id })
	path, ok := s.evening.paths[id]
	fg := s.evening.cache[path]
	if n < 0 || !ok || fg == nil {
		s.answerErr(c, f.ID, codeNoReplay, "this room's evening has no finished game with that id")
		return
	}
	lang := f.Lang
	if !slices.Contains(replay.Langs, lang) {
		lang = replay.Langs[0]
	}
	rg := fg.Replay()
	rg.Number = n + 1
	var b bytes.Buffer
	if err := replay.Write(&b, rg, lang); err != nil {
		s.answerErr(c, f.ID, codeNoReplay, err.Error())
		return
	}
	s.answer(c, mustJSON(replayFrame{T: "replay", ID: f.ID, Game: id, HTML: b.String()}))
}

// eveningCopy is the evening as ExportEvening writes it, with each game's
// replay built here, on the loop, which owns the games.
func (s *session) eveningCopy() eveningCopy {
	ev := eveningCopy{during: !s.between(), board: s.evening.board, where: s.table}
	for _, p := range ev.board.Played {
		var rg *replay.Game
		if fg := s.evening.cache[s.evening.paths[p.ID]]; fg != nil {
			g := fg.Replay()
			rg = &g
		}
		ev.games = append(ev.games, rg)
	}
	return ev
}

// ExportEvening writes the room's evening to dir, in lang: evening.html
// (the scoreboard, linking each game) and game-1.html, game-2.html … (each
// game's replay). It returns the files written. Between games only.
func (s *Server) ExportEvening(dir, lang string) ([]string, error) {
	if !slices.Contains(replay.Langs, lang) {
		return nil, fmt.Errorf("no language %q", lang)
	}
	reply := make(chan eveningCopy, 1)
	ev, ok := await(s, s.post(msgEvening{reply}), reply)
	if !ok {
		return nil, ErrClosed
	}
	board, where, games, during := ev.board, ev.where, ev.games, ev.during
	if during {
		return nil, errors.New("a game is running: export the evening between games")
	}
	if board.Games == 0 {
		return nil, errors.New("no game has finished this evening")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var files []string
	var played []replay.Played
	write := func(name string, f func(*bytes.Buffer) error) error {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			return err
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			return err
		}
		files = append(files, p)
		return nil
	}
	for i, rg := range games {
		if rg == nil {
			return files, fmt.Errorf("game %d's log is gone", i+1)
		}
		name := fmt.Sprintf("game-%d.html", i+1)
		rg.Number = i + 1
		if err := write(name, func(b *bytes.Buffer) error { return replay.Write(b, *rg, lang) }); err != nil {
			return files, err
		}
		played = append(played, replay.Played{File: name, Variant: board.Played[i].Variant, Winner: board.Played[i].Winner})
	}
	err := write("evening.html", func(b *bytes.Buffer) error {
		return replay.WriteEvening(b, board.Board, played, where, lang)
	})
	return files, err
}
