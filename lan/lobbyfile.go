package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// The lobby survives a crash too: while no game runs, who sits where (names
// and token hashes), the setup and the room are kept in <data dir>/lobby.json,
// rewritten (atomically) on every change. It is removed when a game starts
// (the game log holds the seating from then on) and written again as soon as
// the game ends: on the end screen it is the lobby "new game" will open,
// marked After (the finished game's id), and after "new game" a lobby like
// any other. A resume offers a lobby with a seat taken, but not one marked
// After: nothing was left unfinished there, so `serve --resume last` with
// only finished games resumes nothing. A start without a resume continues
// the evening from it instead (continueEvening, evening.go).

// LobbyFile is the name of the saved lobby in the data directory.
const LobbyFile = "lobby.json"

type lobbyRecord struct {
	Nightfall int                        `json:"nightfall"`
	Lobby     bool                       `json:"lobby"`
	Saved     time.Time                  `json:"saved"`
	Table     string                     `json:"table"`
	Room      string                     `json:"room"`
	Addr      string                     `json:"addr,omitempty"`
	Variant   string                     `json:"variant"`
	Players   int                        `json:"players"`
	Seed      uint64                     `json:"seed,omitempty"`
	Options   map[string]json.RawMessage `json:"options,omitempty"`
	Seats     []logSeat                  `json:"seats"` // players (spectators are not saved)
	// After is the id of the finished game whose end screen saved this
	// lobby (empty: a lobby opened before a game or after "new game").
	After string `json:"after,omitempty"`
}

func (s *session) lobbyPath() string { return filepath.Join(s.dataDir, LobbyFile) }

// saveLobby writes the lobby when it changed: while no game runs, and on
// the end screen (the lobby "new game" opens: the same seats, a new deal).
func (s *session) saveLobby() {
	if (s.g != nil && !s.g.Over()) || s.dataDir == "" {
		return
	}
	r := lobbyRecord{Nightfall: logVersion, Lobby: true, Table: s.table, Room: s.room, Addr: s.addr,
		Variant: s.lobby.variant, Players: len(s.lobby.seats), Seed: s.lobby.seed, Options: s.lobby.options}
	if s.g != nil {
		r.Seed = 0 // newGame deals afresh
		if s.log != nil {
			r.After = strings.TrimSuffix(filepath.Base(s.log.path), ".jsonl")
		}
	}
	seated := false
	for i, m := range s.lobby.seats {
		if m != nil {
			r.Seats = append(r.Seats, logSeat{Seat: i + 1, Name: s.lobby.names[i], Token: m.hash})
			seated = true
		}
	}
	if !seated {
		if s.lastLobby != nil {
			os.Remove(s.lobbyPath())
			s.lastLobby = nil
		}
		return
	}
	b := mustJSON(r)
	if bytes.Equal(b, s.lastLobby) {
		return
	}
	r.Saved = s.clock.Now()
	if err := writeFileSync(s.lobbyPath(), mustJSON(r)); err != nil {
		s.logf("lan: cannot save the lobby: %v", err)
		s.lobbyErr = err.Error()
		return
	}
	s.lobbyErr = ""
	s.lastLobby = b
}

// dropLobby removes the saved lobby (a game started).
func (s *session) dropLobby() {
	if s.dataDir != "" {
		os.Remove(s.lobbyPath())
	}
	s.lastLobby = nil
}

// writeFileSync replaces path with data: a temporary file, synced, renamed.
func writeFileSync(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(filepath.Dir(path))
}

// syncDir makes the names in dir durable (a rename, a new file): without
// it a crash may bring back the old file after the new one was synced.
// Windows has no directory sync (NTFS logs its names itself).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// readLobby reads a saved lobby (at most maxLobbySize bytes, 1 to
// maxTablePlay players).
func readLobby(path string) (*lobbyRecord, error) {
	data, err := readBounded(path, maxLobbySize)
	if err != nil {
		return nil, err
	}
	var r lobbyRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if !r.Lobby || r.Nightfall != logVersion {
		return nil, fmt.Errorf("%s is not a saved Nightfall lobby", path)
	}
	if r.Players < 1 || r.Players > maxTablePlay {
		return nil, fmt.Errorf("%s: a table has 1 to %d players, not %d", path, maxTablePlay, r.Players)
	}
	return &r, nil
}

// isLobbyFile reports whether path is a saved lobby (not a game log).
func isLobbyFile(path string) bool {
	data, err := readBounded(path, maxLobbySize)
	if err != nil {
		return false
	}
	var probe struct {
		Lobby bool `json:"lobby"`
	}
	return json.Unmarshal(data, &probe) == nil && probe.Lobby
}

// loadLobby restores a saved lobby: setup, room, seats and tokens.
func (s *session) loadLobby(path string) error {
	r, err := readLobby(path)
	if err != nil {
		return err
	}
	return s.applyLobby(r, path)
}

// applyLobby puts a saved lobby (read from path) in place.
func (s *session) applyLobby(r *lobbyRecord, path string) error {
	if r.Players < 1 || r.Players > maxTablePlay {
		return fmt.Errorf("%s: a table has 1 to %d players, not %d", path, maxTablePlay, r.Players)
	}
	s.room, s.table, s.addr = r.Room, r.Table, r.Addr
	if s.room == "" {
		return errors.New(path + ": no room code")
	}
	s.lobby.variant, s.lobby.seed = r.Variant, r.Seed
	s.lobby.resizeSeats(r.Players)
	for k, v := range r.Options {
		s.lobby.options[k] = v
	}
	for _, ls := range r.Seats {
		if ls.Token == "" {
			continue
		}
		if err := s.restoreMember(ls); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
	s.lobby.checkSetup()
	return nil
}
