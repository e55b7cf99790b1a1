package lan

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"nightfall/game"
)

// The game log (PROTOCOL.md "Game log") is JSON Lines, written as records:
// a record is one line, followed by as many event lines as its "n" says.
// Each record is written with one write and fsync'd before anything that
// depends on it is sent, so after a crash only the last record can be
// incomplete: it is dropped on resume.

// logVersion is the format version written in the header.
const logVersion = 1

// logHeader is the first line: the setup and the seating.
type logHeader struct {
	Nightfall int        `json:"nightfall"`
	ID        string     `json:"id"`
	Created   time.Time  `json:"created"`
	Table     string     `json:"table"`
	Room      string     `json:"room"`
	Addr      string     `json:"addr,omitempty"`
	Setup     game.Setup `json:"setup"`
	Seats     []logSeat  `json:"seats"`
	N         int        `json:"n"` // the deal's events follow
	// Seal is how the lines are sealed (logseal.go): sealHMAC, or empty
	// in a log an older program wrote.
	Seal string `json:"seal,omitempty"`
}

// logSeat is a seat's player, or (Seat 0, Spectator) a spectator. Token is
// the SHA-256 of the phone's secret token, hex; empty for a seat the host
// released.
type logSeat struct {
	Seat      int    `json:"seat,omitempty"`
	Name      string `json:"name,omitempty"`
	Token     string `json:"token,omitempty"`
	Spectator bool   `json:"spectator,omitempty"`
}

// cmdRecord is a command the game accepted. By is "phone", "clock" or
// "host"; ID is the phone's command id.
type cmdRecord struct {
	By string `json:"by"`
	ID string `json:"id,omitempty"`
	game.Command
	raw []byte // the record as read from the log, for the variant's arguments (game.DecodeArgs)
}

// MarshalJSON writes the command's variant arguments flat beside its
// shared fields, as a phone sends them.
func (r cmdRecord) MarshalJSON() ([]byte, error) {
	type plain cmdRecord
	b, err := json.Marshal(plain(r))
	if err != nil {
		return nil, err
	}
	return game.AppendArgs(b, r.Args)
}

// UnmarshalJSON reads the shared fields and keeps the record for the
// variant's arguments, which only the game's variant can read.
func (r *cmdRecord) UnmarshalJSON(b []byte) error {
	type plain cmdRecord
	if err := json.Unmarshal(b, (*plain)(r)); err != nil {
		return err
	}
	r.raw = bytes.Clone(b)
	return nil
}

type logCmd struct {
	Cmd cmdRecord `json:"cmd"`
	N   int       `json:"n"`
}

type logMember struct {
	Member logSeat `json:"member"`
}

// hashToken is how a token is kept: in memory and in the log.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// DefaultDataDir is where Nightfall keeps its games: $XDG_DATA_HOME/nightfall
// (~/.local/share/nightfall) on Linux and the BSDs, the user configuration
// directory elsewhere.
func DefaultDataDir() (string, error) {
	switch runtime.GOOS {
	case "windows", "darwin", "ios", "plan9", "android":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "nightfall"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "nightfall"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: %v", err)
	}
	return filepath.Join(home, ".local", "share", "nightfall"), nil
}

// gameLog is an open log, appended to by the session loop only.
type gameLog struct {
	f    logFile
	path string
	size int64  // the bytes known to be stored: a failed append is cut back to it
	seal sealer // the seals of the lines (logseal.go)
}

// logFile is the open file (tests replace it with one whose disk is full).
type logFile interface {
	Write([]byte) (int, error)
	Sync() error
	Truncate(int64) error
	Close() error
}

// createLog creates dir/games/<id>.jsonl (mode 0600) holding the header and
// the deal's events, synced, its lines sealed with the room's log key
// (made with the room's first log). When the key cannot be had (it cannot
// be written), the lines carry checksums, as an older program's: the room
// then has no log key, and its logs are read as such.
func createLog(dataDir string, h logHeader, events []game.Event) (*gameLog, error) {
	dir := filepath.Join(dataDir, "games")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the game directory: %v", err)
	}
	key, err := logKey(dataDir, h.Room)
	if err == nil {
		h.Seal = sealHMAC
	}
	path := filepath.Join(dir, h.ID+".jsonl")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("cannot create the game log: %v", err)
	}
	l := &gameLog{f: f, path: path, seal: sealer{key: key}}
	h.N = len(events)
	if err := l.append(h, events); err != nil {
		f.Close()
		return nil, err
	}
	if d, err := os.Open(dir); err == nil { // make the new name durable too
		d.Sync()
		d.Close()
	}
	return l, nil
}

// openLog opens an existing log for appending, its lines sealed as the
// log read back says (savedGame.seal).
func openLog(path string, seal sealer) (*gameLog, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &gameLog{f: f, path: path, size: st.Size(), seal: seal}, nil
}

// append writes one record and its events with one write, then syncs.
// Every line carries its seal (logseal.go); the chain moves on only once
// the write is stored.
func (l *gameLog) append(record any, events []game.Event) error {
	var b bytes.Buffer
	seal := l.seal
	put := func(v any) error {
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(seal.seal(raw))
		return nil
	}
	if record != nil {
		if err := put(record); err != nil {
			return err
		}
	}
	for _, e := range events {
		if err := put(e); err != nil {
			return err
		}
	}
	if _, err := l.f.Write(b.Bytes()); err != nil {
		l.f.Truncate(l.size) // best effort: no torn record in the middle of the log
		return fmt.Errorf("cannot write the game log %s: %v", l.path, err)
	}
	if err := l.f.Sync(); err != nil {
		l.f.Truncate(l.size)
		return fmt.Errorf("cannot save the game log %s: %v", l.path, err)
	}
	l.size += int64(b.Len())
	l.seal = seal
	return nil
}

func (l *gameLog) close() error {
	if l == nil {
		return nil
	}
	return l.f.Close()
}

// Checksums: before lines were sealed (logseal.go), each line of a log
// carried a checksum: its last field "crc", the CRC-32C (Castagnoli) of the
// line without that field, as 8 hex digits ({"seq":1,…,"crc":"1a2b3c4d"}).
// Such logs (of a room without a log key) are still read, and a resumed one
// goes on with checksums: a line that is whole JSON but whose checksum does
// not match (or that has none) was changed after it was written, and the
// log is refused naming the line, wherever it is, since a crash tears a
// line (no newline, or bytes that are not JSON) but never rewrites one.
// Logs older still (their header has no checksum) are read unchecked.

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// crcField is the checksum field: `"crc":"` + 8 hex digits + `"`.
const (
	crcField = `"crc":"`
	crcLen   = len(crcField) + 8 + 1
)

// sealLine adds the checksum of raw (one JSON object) as its last field and
// ends the line.
func sealLine(raw []byte) []byte {
	sum := fmt.Sprintf(`%s%08x"}`, crcField, crc32.Checksum(raw, crcTable))
	out := make([]byte, 0, len(raw)+crcLen+2)
	out = append(out, raw[:len(raw)-1]...)
	if len(raw) > 2 {
		out = append(out, ',')
	}
	return append(append(out, sum...), '\n')
}

// hasCRC reports whether a line ends with a checksum field.
func hasCRC(text []byte) bool {
	n := len(text)
	return n > crcLen+1 && bytes.HasPrefix(text[n-crcLen-1:], []byte(crcField)) && text[n-1] == '}'
}

// openLine checks a line's checksum and returns the line without it, or
// why it does not match.
func openLine(text []byte) ([]byte, string) {
	if !hasCRC(text) {
		return nil, "the line has no checksum: it was changed after it was written"
	}
	n := len(text)
	head := text[:n-crcLen-1] // up to the field, with its ',' or '{'
	raw := make([]byte, 0, len(head)+1)
	if len(head) == 1 { // "{" alone: an empty object
		raw = append(raw, "{}"...)
	} else {
		raw = append(append(raw, head[:len(head)-1]...), '}')
	}
	want := string(text[n-crcLen-1+len(crcField) : n-2])
	if got := fmt.Sprintf("%08x", crc32.Checksum(raw, crcTable)); got != want {
		return nil, "the line was changed after it was written (its checksum does not match)"
	}
	return raw, ""
}

// savedGame is a log read back.
type savedGame struct {
	header  logHeader
	initial []game.Event  // the deal's events (nil: the deal must be written again)
	records []savedRecord // what followed the header, in order
	seal    sealer        // how lines appended to it are sealed (the chain at the last line kept)
}

// events is the game's whole event stream as the log holds it: the deal's
// events (dealt again from the setup when the log does not hold them), then
// every record's. The error is the setup's, when it cannot be dealt; the
// records' events are returned all the same.
func (sg *savedGame) events() ([]game.Event, error) {
	events := sg.initial
	var err error
	if events == nil {
		var g0 *game.Game
		if g0, err = newGame(sg.header.Setup); err == nil {
			events = g0.Events()
		}
	}
	events = slices.Clone(events)
	for _, r := range sg.records {
		events = append(events, r.events...)
	}
	return events, err
}

// savedRecord is a command with its events, a member line, or the clock.
type savedRecord struct {
	cmd    *cmdRecord
	member *logSeat
	clock  *clockRecord
	events []game.Event
}

// LogError is a game log that cannot be resumed; Line is 1-based (0: the
// file as a whole).
type LogError struct {
	Path string
	Line int
	Msg  string
}

func (e *LogError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("game log %s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("game log %s, line %d: %s", e.Path, e.Line, e.Msg)
}

type logLine struct {
	text     []byte
	off      int64
	complete bool   // ends with a newline
	mac      []byte // its seal (sealed logs)
}

// readLog reads a log. An incomplete last record (a torn last line, or a
// command whose events were not all written) is cut off the file, saved
// beside it in <path>.torn, and reported through warn; damage anywhere else
// is an error naming the line. The room's log key is looked for in the
// log's own data folder (the folder above its games folder) and in
// dataDirs.
func readLog(path string, warn func(string), dataDirs ...string) (*savedGame, error) {
	return readLogCut(path, warn, true, dataDirs...)
}

// ownDataDir is the data folder a log lives in: <data dir>/games/<id>.jsonl.
func ownDataDir(path string) string {
	return filepath.Dir(filepath.Dir(path))
}

// readLogCut is readLog; with cut false it only reads (an incomplete last
// record is left out, the file is not touched).
func readLogCut(path string, warn func(string), cut bool, dataDirs ...string) (*savedGame, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, &LogError{Path: path, Msg: "the file is empty"}
	}
	sg := &savedGame{}
	if err := checkLines(path, lines, append([]string{ownDataDir(path)}, dataDirs...), sg); err != nil {
		return nil, err
	}
	for i := 0; i < len(lines); {
		start := i
		var (
			n, bad int
			why    string
			rec    savedRecord
		)
		n, why = parseRecord(lines[i], i == 0, sg, &rec)
		bad = i
		for k := 0; why == "" && k < n; k++ {
			j := i + 1 + k
			if j >= len(lines) {
				why, bad = fmt.Sprintf("the record on line %d lacks %d event line(s)", start+1, n-k), j-1
				break
			}
			var e game.Event
			if why = lineProblem(lines[j]); why == "" {
				if err := json.Unmarshal(lines[j].text, &e); err != nil {
					why = "bad event: " + err.Error()
				}
			}
			bad = j
			rec.events = append(rec.events, e)
		}
		if why == "" {
			if start == 0 {
				sg.initial = rec.events
			} else {
				sg.records = append(sg.records, rec)
			}
			i += 1 + n
			continue
		}
		if bad < len(lines)-1 {
			return nil, &LogError{Path: path, Line: bad + 1, Msg: why}
		}
		// The last record is incomplete: the program stopped while writing it.
		if start == 0 && bad == 0 {
			return nil, &LogError{Path: path, Line: 1, Msg: "the header is incomplete (" + why + "); there is no game to resume"}
		}
		if start == 0 {
			sg.initial = nil
		}
		keep := start
		if start == 0 { // keep the header; the resume deals again
			keep = 1
		}
		if sg.seal.key != nil {
			sg.seal.prev = lines[keep-1].mac
		}
		if !cut {
			break
		}
		var tail []byte
		for _, l := range lines[keep:] {
			tail = append(tail, l.text...)
			if l.complete {
				tail = append(tail, '\n')
			}
		}
		if err := os.WriteFile(path+".torn", tail, 0o600); err != nil {
			return nil, &LogError{Path: path, Msg: "cannot save the torn tail: " + err.Error()}
		}
		if err := os.Truncate(path, lines[keep].off); err != nil {
			return nil, &LogError{Path: path, Msg: "cannot cut the torn tail: " + err.Error()}
		}
		warn(fmt.Sprintf("game log %s: line %d: %s. The program must have stopped while writing it: "+
			"the incomplete record from line %d was cut off (saved in %s.torn); the game resumes from the record before.",
			path, bad+1, why, start+1, path))
		break
	}
	return sg, nil
}

// checkLines checks the lines' seals or checksums as the header says and
// takes them off (sg.seal: how the log goes on). A line that is whole JSON
// but does not match is refused wherever it is, since a crash tears a line
// (no newline, or bytes that are not JSON) but never rewrites one; the
// first line that is not whole ends the check (it is torn, at the end, or
// damage that reading the records refuses).
func checkLines(path string, lines []logLine, dirs []string, sg *savedGame) error {
	head := lines[0]
	if !head.complete || !json.Valid(head.text) {
		return nil // reading the header says why
	}
	var probe struct {
		Room string `json:"room"`
		Seal string `json:"seal"`
	}
	json.Unmarshal(head.text, &probe) // a header that is not an object: reading it says why
	_, _, macked := cutField(head.text, macField, 2*sha256.Size)
	key, keyPath, err := findLogKey(probe.Room, dirs...)
	if err != nil {
		return &LogError{Path: path, Line: 1, Msg: "the key of the room's logs: " + err.Error()}
	}
	switch {
	case probe.Seal != "" || macked:
		if probe.Seal != sealHMAC {
			return &LogError{Path: path, Line: 1, Msg: fmt.Sprintf("the lines are sealed with %q, which this program does not know", probe.Seal)}
		}
		if key == nil {
			return &LogError{Path: path, Line: 1, Msg: fmt.Sprintf("the lines are sealed with the key of room %s's logs, which is not in %s here: the log cannot be checked",
				probe.Room, filepath.Join(KeysDir, probe.Room+".logkey"))}
		}
		var prev []byte
		for i := range lines {
			if !lines[i].complete || !json.Valid(lines[i].text) {
				break
			}
			raw, mac, why := openSealed(lines[i].text, key, prev)
			if why != "" {
				return &LogError{Path: path, Line: i + 1, Msg: why}
			}
			lines[i].text, lines[i].mac, prev = raw, mac, mac
		}
		sg.seal = sealer{key: key, prev: prev}
		return nil
	case key != nil:
		return &LogError{Path: path, Line: 1, Msg: fmt.Sprintf("the logs of room %s are sealed (%s), and this one is not: its seals were taken off", probe.Room, keyPath)}
	case hasCRC(head.text):
		for i := range lines {
			if !lines[i].complete || !json.Valid(lines[i].text) {
				continue
			}
			raw, why := openLine(lines[i].text)
			if why != "" {
				return &LogError{Path: path, Line: i + 1, Msg: why}
			}
			lines[i].text = raw
		}
	}
	return nil
}

// lineProblem says why a line cannot be read ("" if it is whole).
func lineProblem(l logLine) string {
	if !l.complete {
		return "the line is incomplete (no end of line)"
	}
	if !json.Valid(l.text) {
		return "the line is not valid JSON"
	}
	return ""
}

// parseRecord reads a record line into rec (the header into sg) and returns
// how many event lines follow it, or why it cannot be read.
func parseRecord(l logLine, first bool, sg *savedGame, rec *savedRecord) (int, string) {
	if why := lineProblem(l); why != "" {
		return 0, why
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(l.text, &keys); err != nil {
		return 0, "not a JSON object"
	}
	switch {
	case first:
		if keys["nightfall"] == nil {
			return 0, "the first line is not a Nightfall game header"
		}
		if err := json.Unmarshal(l.text, &sg.header); err != nil {
			return 0, "bad header: " + err.Error()
		}
		if sg.header.Nightfall != logVersion {
			return 0, fmt.Sprintf("log format %d is not supported (this program reads %d)", sg.header.Nightfall, logVersion)
		}
		if why := sg.header.problem(); why != "" {
			return 0, why
		}
		return sg.header.N, ""
	case keys["cmd"] != nil:
		var c logCmd
		if err := json.Unmarshal(l.text, &c); err != nil {
			return 0, "bad command record: " + err.Error()
		}
		if c.N < 0 {
			return 0, fmt.Sprintf("the command record says %d events follow", c.N)
		}
		rec.cmd = &c.Cmd
		return c.N, ""
	case keys["member"] != nil:
		var m logMember
		if err := json.Unmarshal(l.text, &m); err != nil {
			return 0, "bad member record: " + err.Error()
		}
		rec.member = &m.Member
		return 0, ""
	case keys["clock"] != nil:
		var c logClock
		if err := json.Unmarshal(l.text, &c); err != nil {
			return 0, "bad clock record: " + err.Error()
		}
		rec.clock = &c.Clock
		return 0, ""
	case keys["seq"] != nil:
		return 0, "an event line where a record was expected"
	}
	return 0, "unknown record"
}

// SavedGame describes a game log in the data directory, for a "resume"
// choice in the host's UI.
type SavedGame struct {
	Path    string
	ID      string
	Created time.Time
	Table   string
	Variant string
	Players int
	Names   []string // by seat
	Over    bool     // the log holds the end of the game

	// Filled by Resumable:
	Updated time.Time  // when the file was last written
	Lobby   bool       // a saved lobby (LobbyFile), not a game
	Round   int        // the game's round (0: before night 1)
	Phase   game.Phase // PhaseNight, PhaseDay
	Seated  int        // seats with a player
	Problem string     // why it cannot be resumed ("" if it can)
}

// problem says why a header read from a file cannot be a game's ("" if
// it can).
func (h *logHeader) problem() string {
	switch {
	case h.N < 0:
		return fmt.Sprintf("the header says %d events follow", h.N)
	case h.Setup.Players < 1 || h.Setup.Players > maxTablePlay:
		return fmt.Sprintf("a table has 1 to %d players, not %d", maxTablePlay, h.Setup.Players)
	}
	return ""
}

// seatNames is the name of each seat (by seat-1) the header lists.
func (h *logHeader) seatNames() []string {
	names := make([]string, min(max(h.Setup.Players, 0), maxTablePlay))
	for _, s := range h.Seats {
		if s.Seat >= 1 && s.Seat <= len(names) {
			names[s.Seat-1] = s.Name
		}
	}
	return names
}

// holdsEnd reports whether a log's lines hold the end of its game.
func holdsEnd(lines []logLine) bool {
	for _, l := range lines {
		if bytes.Contains(l.text, []byte(`"type":"game_over"`)) {
			return true
		}
	}
	return false
}

// newGame is game.New of a setup read from a file, and replayGame
// game.Replay of events read from one: whatever the file holds, a start
// does not crash on it. A panic of the engine on such a setup or such
// events (which the engine never made) is the file's fault and is
// returned as an error.
func newGame(st game.Setup) (g *game.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("the setup cannot be dealt (%v)", r)
		}
	}()
	return game.New(st)
}

func replayGame(st game.Setup, events []game.Event) (g *game.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("the engine cannot replay them (%v)", r)
		}
	}()
	return game.Replay(st, events)
}

// gameLogs lists the game log files of dataDir (empty: DefaultDataDir).
func gameLogs(dataDir string) ([]string, error) {
	if dataDir == "" {
		d, err := DefaultDataDir()
		if err != nil {
			return nil, err
		}
		dataDir = d
	}
	return filepath.Glob(filepath.Join(dataDir, "games", "*.jsonl"))
}

// SavedGames lists the game logs of dataDir (empty: DefaultDataDir), the
// newest first. Files that are not readable game logs are left out.
func SavedGames(dataDir string) ([]SavedGame, error) {
	paths, err := gameLogs(dataDir)
	if err != nil {
		return nil, err
	}
	var out []SavedGame
	for _, p := range paths {
		lines, err := readLines(p)
		if err != nil || len(lines) == 0 {
			continue
		}
		var h logHeader
		if json.Unmarshal(lines[0].text, &h) != nil || h.Nightfall != logVersion || h.problem() != "" {
			continue
		}
		sg := SavedGame{Path: p, ID: h.ID, Created: h.Created, Table: h.Table, Variant: h.Setup.Variant,
			Players: h.Setup.Players, Over: holdsEnd(lines)}
		sg.Names = h.seatNames()
		out = append(out, sg)
	}
	slices.SortFunc(out, func(a, b SavedGame) int { return b.Created.Compare(a.Created) })
	return out, nil
}

// Resumable lists what the host may resume from dataDir (empty:
// DefaultDataDir), the newest first (by Updated): the unfinished games, the
// saved lobby when a seat is taken (Lobby), and the game logs that cannot be
// resumed (Problem says why; a log whose header was cut, for one), so that
// the host is told about them rather than given an older game silently.
// Finished games are left out, and so is the lobby saved on a finished
// game's end screen (lobbyRecord.After): a start without a resume continues
// that evening by itself. Nothing is changed on disk.
func Resumable(dataDir string) ([]SavedGame, error) {
	if dataDir == "" {
		d, err := DefaultDataDir()
		if err != nil {
			return nil, err
		}
		dataDir = d
	}
	paths, err := gameLogs(dataDir)
	if err != nil {
		return nil, err
	}
	var out []SavedGame
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		sg := SavedGame{Path: p, Updated: st.ModTime()}
		if lines, err := readLines(p); err == nil && holdsEnd(lines) {
			continue // finished
		}
		g, err := readLogCut(p, func(string) {}, false, dataDir)
		if err == nil {
			h := g.header
			sg.ID, sg.Created, sg.Table, sg.Variant, sg.Players = h.ID, h.Created, h.Table, h.Setup.Variant, h.Setup.Players
			sg.Names = h.seatNames()
			for _, r := range g.records {
				if r.member != nil && r.member.Seat >= 1 && r.member.Seat <= len(sg.Names) {
					sg.Names[r.member.Seat-1] = r.member.Name
				}
			}
			sg.Seated = len(sg.Names)
			events, _ := g.events() // a setup New refuses does not replay either
			gm, err := replayGame(h.Setup, events)
			if err != nil {
				sg.Problem = "the events do not replay: " + err.Error()
			} else {
				tv := gm.TableView()
				sg.Round, sg.Phase, sg.Over = tv.Round, tv.Phase, gm.Over()
			}
		} else {
			var le *LogError
			if errors.As(err, &le) {
				sg.Problem = le.Msg
				if le.Line > 0 {
					sg.Problem = fmt.Sprintf("line %d: %s", le.Line, le.Msg)
				}
			} else {
				sg.Problem = err.Error()
			}
		}
		if sg.Over {
			continue
		}
		out = append(out, sg)
	}
	lp := filepath.Join(dataDir, LobbyFile)
	r, err := readLobby(lp)
	switch {
	case err == nil && r.After != "":
		// the end screen's lobby: nothing unfinished (a start continues it)
	case err == nil:
		sg := SavedGame{Path: lp, Lobby: true, Created: r.Saved, Updated: r.Saved, Table: r.Table,
			Variant: r.Variant, Players: r.Players, Names: make([]string, r.Players)}
		if st, err := os.Stat(lp); err == nil {
			sg.Updated = st.ModTime()
		}
		for _, s := range r.Seats {
			if s.Seat >= 1 && s.Seat <= r.Players {
				sg.Names[s.Seat-1] = s.Name
				sg.Seated++
			}
		}
		if sg.Seated > 0 {
			out = append(out, sg)
		}
	case !errors.Is(err, os.ErrNotExist):
		out = append(out, SavedGame{Path: lp, Lobby: true, Problem: err.Error()})
	}
	slices.SortStableFunc(out, func(a, b SavedGame) int { return b.Updated.Compare(a.Updated) })
	return out, nil
}
