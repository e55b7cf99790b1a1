package lan

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"nightfall/game"
)

// snapshot copies the log as it is on disk now: what a crash would leave,
// into a data folder of its own (games/), with the room's keys (keys/:
// the log's seals are checked with its log key).
func snapshot(t *testing.T, h *harness) string {
	t.Helper()
	var path string
	h.do(func(s *session) { path = s.log.path })
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := copyKeys(t, h.dir, ownDataDir(path))
	cp := filepath.Join(dir, "games", filepath.Base(path))
	os.MkdirAll(filepath.Dir(cp), 0o700)
	if err := os.WriteFile(cp, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return cp
}

// copyKeys is a new data folder holding a copy of the keys of dataDirs.
func copyKeys(t *testing.T, dataDirs ...string) string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for _, d := range dataDirs {
		f, _ := filepath.Glob(filepath.Join(d, KeysDir, "*"))
		files = append(files, f...)
	}
	os.MkdirAll(filepath.Join(dir, KeysDir), 0o700)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, KeysDir, filepath.Base(f)), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// allViews is every seat's view and the table, as the engine makes them.
func allViews(h *harness) [][]byte {
	var out [][]byte
	h.do(func(s *session) {
		out = append(out, mustJSON(s.g.TableView()))
		for seat := 1; seat <= s.g.State().Players; seat++ {
			out = append(out, mustJSON(s.g.PlayerView(seat)))
		}
	})
	return out
}

func TestResume(t *testing.T) {
	h, tb := startedTable(t, 9, 23)
	spec := h.dial("")
	spec.send(map[string]any{"t": "spectate", "name": "晚来"})
	spec.until(func(f frame) bool { return f.T == "table" })
	tb.specs = append(tb.specs, spec)
	spec.check = tb.checkFrame
	// Play into the second day's vote.
	tb.playUntil(2000, func(tv game.TableView) bool { return tv.Round == 2 && tv.Stage == "vote" })
	if tv := tb.tableView(); tv.Phase == "over" {
		t.Skip("the game ended before day 2")
	}
	tb.checkHeld()
	path := snapshot(t, h) // the host dies here
	views := make([][]byte, len(tb.phones))
	for _, p := range tb.phones[1:] {
		views[p.seat] = p.view
	}
	specTable := spec.table
	h.close()

	h2 := newHarness(t, Config{Resume: path})
	if h2.srv.Room() != h.srv.Room() {
		t.Errorf("the room code changed: %s → %s", h.srv.Room(), h2.srv.Room())
	}
	tb2 := &table{t: t, h: h2, rng: tb.rng, roles: tb.roles, known: tb.known, idle: map[string]bool{}}
	tb2.phones = make([]*phone, len(tb.phones))
	for _, old := range tb.phones[1:] {
		p := h2.dial(old.token)
		if p.seat != old.seat || p.mode != "player" {
			t.Fatalf("seat %d came back as seat %d (%s)", old.seat, p.seat, p.mode)
		}
		p.until(func(f frame) bool { return f.T == "view" })
		if !bytes.Equal(p.view, views[old.seat]) {
			t.Errorf("seat %d's view after the resume:\n got %s\nwant %s", old.seat, p.view, views[old.seat])
		}
		p.check = tb2.checkFrame
		p.nextID = old.nextID
		tb2.phones[old.seat] = p
	}
	// Spectators are not kept: the phone comes back to the lobby (with the
	// game started) and watches again.
	s2 := h2.dial(spec.token)
	if s2.mode != "lobby" {
		t.Errorf("the spectator came back as %q", s2.mode)
	}
	s2.send(map[string]any{"t": "spectate", "name": "晚来"})
	s2.until(func(f frame) bool { return f.T == "table" })
	if !bytes.Equal(s2.table, specTable) {
		t.Errorf("the spectator's table after the resume differs")
	}
	tb2.specs = []*phone{s2}
	// A command sent before the crash and resent after it is not applied twice.
	for _, old := range tb.phones[1:] {
		if old.last.id == "" {
			continue
		}
		n := h2.eventCount()
		c := old.last
		if f := tb2.phones[old.seat].cmdFull(c.id, c.do, c.target, c.card, c.text); f.T != "ack" {
			t.Errorf("seat %d resent %s after the resume: %s", old.seat, c.id, f.raw)
		}
		if h2.eventCount() != n {
			t.Errorf("seat %d's resent command was applied again", old.seat)
		}
	}
	tb2.play(2000)
	tb2.checkHeld()
}

// logAfterNightOne plays night one of an 8-seat table (a civilian killed)
// and stops its host: the log a crash would leave and every view at that
// moment.
func logAfterNightOne(t *testing.T) (log []byte, views [][]byte, dataDir string) {
	t.Helper()
	h, tb := startedTable(t, 8, 29)
	tb.nightOne(tb.seatsWithRole("civilian")[0])
	path := snapshot(t, h)
	views = allViews(h)
	h.close()
	log, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return log, views, ownDataDir(path)
}

// macRE is a sealed line's seal; sealDecl the header's declaration.
var (
	macRE    = regexp.MustCompile(`,"mac":"[0-9a-f]{64}"`)
	sealDecl = `,"seal":"hmac-sha256"`
)

// sealedAfter seals raw as the line after log's last, with the log key of
// log's room in dataDir: a record the program wrote.
func sealedAfter(t *testing.T, log []byte, dataDir, raw string) string {
	t.Helper()
	var h logHeader
	first, _, _ := bytes.Cut(log, []byte("\n"))
	json.Unmarshal(first, &h)
	key, _, err := findLogKey(h.Room, dataDir)
	if err != nil || key == nil {
		t.Fatalf("no log key for room %s: %v", h.Room, err)
	}
	lines := bytes.Split(bytes.TrimSuffix(log, []byte("\n")), []byte("\n"))
	_, last, _ := cutField(lines[len(lines)-1], macField, 64)
	prev, _ := hex.DecodeString(last)
	sl := sealer{key: key, prev: prev}
	return string(sl.seal([]byte(raw)))
}

// unsealedLine is a sealed line without its seal and newline.
func unsealedLine(line string) string {
	return macRE.ReplaceAllString(strings.TrimSuffix(line, "\n"), "")
}

// withoutSeals is a sealed log as an older program wrote it: no seals, no
// declaration; with crc, each line with its CRC-32C checksum.
func withoutSeals(log []byte, crc bool) []byte {
	var out []byte
	for _, l := range bytes.SplitAfter(log, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		l = bytes.Replace(macRE.ReplaceAll(bytes.TrimSuffix(l, []byte("\n")), nil), []byte(sealDecl), nil, 1)
		if crc {
			out = append(out, sealLine(l)...)
		} else {
			out = append(append(out, l...), '\n')
		}
	}
	return out
}

func TestTornLog(t *testing.T) {
	data, want, keys := logAfterNightOne(t)
	lines := strings.SplitAfter(string(data), "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	n := len(lines)
	var lastEvent string
	for _, l := range lines {
		if strings.HasPrefix(l, `{"seq"`) {
			lastEvent = l
		}
	}
	// afterCmd is the index of the line after the first command's events.
	afterCmd := 0
	for i, l := range lines {
		var c logCmd
		if strings.HasPrefix(l, `{"cmd"`) && json.Unmarshal([]byte(l), &c) == nil {
			afterCmd = i + 1 + c.N
			break
		}
	}
	// A record's line changed after it was written, still JSON: a digit of
	// the last event of the first command (a dead seat, a target, a seq).
	changedAt := afterCmd - 1
	changed := []byte(lines[changedAt])
	if i := bytes.IndexAny(changed[bytes.IndexByte(changed, ':'):], "0123456789"); i < 0 {
		t.Fatalf("no digit to change in %s", changed)
	} else {
		i += bytes.IndexByte(changed, ':')
		changed[i] = '0' + (changed[i]-'0'+1)%10
	}
	cmdLine := sealedAfter(t, data, keys, `{"cmd":{"by":"clock","do":"timeout"},"n":3}`)
	var changedLog strings.Builder
	for i, l := range lines {
		if i == changedAt {
			l = string(changed)
		}
		changedLog.WriteString(l)
	}
	for _, tc := range []struct {
		name    string
		content string
		line    int  // the line the warning or error names
		ok      bool // resumes
		dealt   bool // resumes at the deal (the rest was torn off)
	}{
		{"torn last line", string(data) + lastEvent[:len(lastEvent)/2], n + 1, true, false},
		{"damaged last line", string(data) + "\x00\x00\x00\n", n + 1, true, false},
		{"command without all its events", string(data) + cmdLine + sealedAfter(t, []byte(string(data)+cmdLine), keys, unsealedLine(lastEvent)), n + 2, true, false},
		{"changed record", changedLog.String(), changedAt + 1, false, false},
		{"changed last record", strings.Join(lines[:n-1], "") + strings.Replace(lines[n-1], `"seq":`, `"seq":1`, 1), n, false, false},
		{"a line without its seal", strings.Join(lines[:n-1], "") + macRE.ReplaceAllString(lines[n-1], ""), n, false, false},
		{"every seal taken off", string(macRE.ReplaceAll(data, nil)), 1, false, false},
		{"seals and their declaration taken off", string(withoutSeals(data, false)), 1, false, false},
		{"seals replaced by checksums", string(withoutSeals(data, true)), 1, false, false},
		{"an edit sealed again with another key", strings.Join(lines[:changedAt], "") + resealed(t, lines[changedAt-1], string(changed)) + strings.Join(lines[changedAt+1:], ""), changedAt + 1, false, false},
		{"a record left out", strings.Join(lines[:afterCmd], "") + strings.Join(lines[afterCmd+1:], ""), afterCmd + 1, false, false},
		{"a line moved", strings.Join(lines[:2], "") + lines[3] + lines[2] + strings.Join(lines[4:], ""), 3, false, false},
		{"oversized line", strings.Join(lines[:n-1], "") + `{"cmd":{"by":"host","do":"` + strings.Repeat("x", maxLogLine) + `"},"n":0}` + "\n", n, false, false},
		{"damaged middle line", strings.Join(lines[:3], "") + "garbage\n" + strings.Join(lines[4:], ""), 4, false, false},
		{"unknown record", strings.Join(lines[:n-1], "") + `{"what":1}` + "\n" + lines[n-1], n, false, false},
		{"event where a record belongs", strings.Join(lines[:afterCmd], "") + lastEvent + strings.Join(lines[afterCmd:], ""), afterCmd + 1, false, false},
		{"torn header", lines[0][:40], 1, false, false},
		{"torn deal", lines[0] + lines[1] + lines[2][:10], 3, true, true},
		{"not a log", "hello\nworld\n", 1, false, false},
		{"empty", "", 0, false, false},
		{"other version", strings.Replace(lines[0], `"nightfall":1`, `"nightfall":9`, 1) + strings.Join(lines[1:], ""), 1, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.jsonl")
			if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			var warns []string
			cfg := Config{Resume: path, DataDir: copyKeys(t, keys), NoMDNS: true, Clock: newFakeClock(),
				Logf: func(format string, a ...any) { warns = append(warns, sprintf(format, a...)) }}
			srv, err := NewServer(cfg)
			if !tc.ok {
				var le *LogError
				if err == nil {
					srv.Close()
					t.Fatalf("the damaged log resumed")
				}
				if !errors.As(err, &le) || le.Line != tc.line {
					t.Fatalf("got %v, want an error on line %d", err, tc.line)
				}
				if after, _ := os.ReadFile(path); string(after) != tc.content {
					t.Errorf("the refused log was changed")
				}
				return
			}
			if err != nil {
				t.Fatalf("resume: %v", err)
			}
			defer srv.Close()
			if len(warns) != 1 || !strings.Contains(warns[0], "line "+itoa(tc.line)) || !strings.Contains(warns[0], ".torn") {
				t.Errorf("warnings %q, want one naming line %d", warns, tc.line)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.dealt && !bytes.Equal(got, data) {
				t.Errorf("the log was not cut back to its last whole record (%d bytes, want %d)", len(got), len(data))
			}
			if _, err := os.Stat(path + ".torn"); err != nil {
				t.Errorf("the torn tail was not kept: %v", err)
			}
			h2 := &harness{t: t, srv: srv}
			views := allViews(h2)
			if tc.dealt {
				if g, err := readLog(path, func(string) {}, cfg.DataDir); err != nil || len(g.initial) == 0 {
					t.Errorf("the deal was not written again: %v", err)
				}
				var tv game.TableView
				h2.do(func(s *session) { tv = s.g.TableView() })
				if tv.Round != 1 || tv.Phase != "night" {
					t.Errorf("after a torn deal the game is at %s %d", tv.Phase, tv.Round)
				}
				return
			}
			for i := range want {
				if !bytes.Equal(views[i], want[i]) {
					t.Errorf("view %d differs after the resume", i)
				}
			}
		})
	}
}

// crcRE is a log line's checksum field.
var crcRE = regexp.MustCompile(`,"crc":"[0-9a-f]{8}"`)

// TestLogWithoutChecksums: every line of a log this program writes is
// sealed. A log an older program wrote, in a room that has no log key
// (with CRC-32C checksums, or before them with none), resumes as before,
// its checksums checked; the same log in a room whose logs are sealed is
// refused (its seals were taken off: TestTornLog).
func TestLogWithoutChecksums(t *testing.T) {
	data, want, keys := logAfterNightOne(t)
	if n, lines := len(macRE.FindAll(data, -1)), bytes.Count(data, []byte("\n")); n != lines {
		t.Fatalf("%d seals on %d lines", n, lines)
	}
	for _, crc := range []bool{true, false} {
		old := withoutSeals(data, crc)
		if n := len(crcRE.FindAll(old, -1)); crc != (n > 0) {
			t.Fatalf("%d checksums", n)
		}
		path := filepath.Join(t.TempDir(), "old.jsonl")
		if err := os.WriteFile(path, old, 0o600); err != nil {
			t.Fatal(err)
		}
		srv, err := NewServer(Config{Resume: path, DataDir: t.TempDir(), NoMDNS: true, Clock: newFakeClock(), Logf: t.Logf})
		if err != nil {
			t.Fatalf("an old log (checksums %v): %v", crc, err)
		}
		views := allViews(&harness{t: t, srv: srv})
		for i := range want {
			if !bytes.Equal(views[i], want[i]) {
				t.Errorf("view %d differs after resuming the old log (checksums %v)", i, crc)
			}
		}
		srv.Close()
		// The resumed old log goes on as it began: checksums (or none on its
		// old lines), and it still resumes.
		if srv, err := NewServer(Config{Resume: path, DataDir: t.TempDir(), NoMDNS: true, Clock: newFakeClock(), Logf: t.Logf}); err != nil {
			t.Errorf("the old log after a resume (checksums %v): %v", crc, err)
		} else {
			srv.Close()
		}
		var le *LogError
		if _, err := NewServer(Config{Resume: path, DataDir: copyKeys(t, keys), NoMDNS: true, Clock: newFakeClock(), Logf: t.Logf}); !errors.As(err, &le) || le.Line != 1 {
			t.Errorf("an unsealed log of a room whose logs are sealed (checksums %v): %v, want refused on line 1", crc, err)
		}
	}
}

// resealed is line sealed again after prev with a key that is not the
// room's: what an editor without the key can do.
func resealed(t *testing.T, prev, line string) string {
	t.Helper()
	_, p, _ := cutField([]byte(strings.TrimSuffix(prev, "\n")), macField, 64)
	pb, _ := hex.DecodeString(p)
	raw, _, ok := cutField([]byte(strings.TrimSuffix(line, "\n")), macField, 64)
	if !ok {
		t.Fatalf("no seal on %s", line)
	}
	sl := sealer{key: bytes.Repeat([]byte{7}, 32), prev: pb}
	return string(sl.seal(raw))
}

func TestSealLine(t *testing.T) {
	for _, raw := range []string{`{"a":1}`, `{}`, `{"s":"x,\"crc\":\"00000000\"}"}`} {
		line := sealLine([]byte(raw))
		if !json.Valid(line) || line[len(line)-1] != '\n' {
			t.Errorf("sealLine(%s) = %q", raw, line)
		}
		got, why := openLine(line[:len(line)-1])
		if why != "" || string(got) != raw {
			t.Errorf("openLine(sealLine(%s)) = %s, %q", raw, got, why)
		}
	}
}

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

func itoa(n int) string { return strconv.Itoa(n) }

func TestSavedGames(t *testing.T) {
	h, _ := startedTable(t, 8, 31)
	games, err := SavedGames(h.dir)
	if err != nil || len(games) != 1 {
		t.Fatalf("SavedGames: %v %v", games, err)
	}
	g := games[0]
	if g.Over || g.Variant != "classic-2.0" || g.Players != 8 || g.Names[0] != "玩家1 🌙" || g.Path == "" {
		t.Errorf("saved game: %+v", g)
	}
	var out, errs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		done <- serve(ctx, []string{"--resume", "last", "--data", h.dir, "--port", "0", "--host", "127.0.0.1", "--no-mdns"},
			strings.NewReader(""), &out, &errs)
	}()
	out.waitFor(t, regexp.MustCompile(`Resumed `+regexp.QuoteMeta(g.Path)))
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve --resume last: %d %s", code, errs.String())
	}
	h.host(HostCommand{Do: HostEnd})
	if games, _ := SavedGames(h.dir); len(games) != 1 || !games[0].Over {
		t.Errorf("after the end: %+v", games)
	}
	if code := serve(context.Background(), []string{"--resume", "last", "--data", h.dir}, strings.NewReader(""), &out, &errs); code != 1 ||
		!strings.Contains(errs.String(), "no unfinished game") {
		t.Errorf("serve --resume last with only finished games: %d %s", code, errs.String())
	}
}

// A host restarted on a game's end screen without a resume comes back to
// the evening's room, whose seats are taken by phones not back yet: serve
// says the evening goes on and starts no game by itself (its autostart
// waits until every seated phone is connected); once they are all back
// with their tokens, in their seats, it starts as on any full table.
func TestServeContinuedEveningWaitsForPhones(t *testing.T) {
	h, tb := startedTable(t, 8, 31)
	h.host(HostCommand{Do: HostEnd})
	var room string
	h.do(func(s *session) { room = s.room })
	h.close() // the host is gone (the end screen saved the lobby)
	srv, err := NewServer(Config{DataDir: h.dir, Clock: h.clock, Addr: "127.0.0.1:0", NoMDNS: true, Cadence: -1, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if srv.Room() != room {
		t.Fatalf("the restart opened room %s, not the evening's %s", srv.Room(), room)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	done := make(chan int)
	go func() { done <- runTerminal(ctx, srv, make(chan string), 0, &out) }()
	out.waitFor(t, regexp.MustCompile(`Seat 8: "`))
	// The start a view arms is printed with the view (one write): with
	// seat 8 printed, it would be there.
	if strings.Contains(out.String(), "Every seat is taken") {
		t.Fatalf("serve starts a game before the phones are back:\n%s", out.String())
	}
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/ws?room=" + room
	key := roomPublicKey(t, h.dir, room)
	for seat := 1; seat <= 8; seat++ {
		p, w := dialLobbyPhone(t, url, key, tb.phones[seat].token)
		defer p.ws.Close()
		if w.Seat != seat {
			t.Fatalf("seat %d's phone came back to seat %d", seat, w.Seat)
		}
	}
	out.waitFor(t, regexp.MustCompile(`Game started: classic-2.0, 8 players`))
	cancel()
	<-done
}

// TestUnreadableLogSetAside: a log whose header says "n": -5 (or holds
// anything else that cannot be read) crashes nothing. A plain start, which
// reads the newest log, sets it aside with one line naming it and why, and
// the evening goes on in its room; `serve --resume` with it fails with one
// line.
func TestUnreadableLogSetAside(t *testing.T) {
	h, _ := startedTable(t, 8, 41)
	h.host(HostCommand{Do: HostEnd})
	var path, room string
	h.do(func(s *session) { path, room = s.log.path, s.room })
	h.close()
	data, _ := os.ReadFile(path)
	// As the program would have sealed it: the file holds what it says.
	key, _, _ := findLogKey(room, h.dir)
	sl := sealer{key: key}
	var content []byte
	for i, l := range bytes.Split(bytes.TrimSuffix(macRE.ReplaceAll(data, nil), []byte("\n")), []byte("\n")) {
		if i == 0 {
			l = bytes.Replace(l, []byte(`"n":`), []byte(`"n":-5,"was":`), 1)
		}
		content = append(content, sl.seal(l)...)
	}
	bad := filepath.Join(h.dir, "games", "20990101-000000-badbad.jsonl")
	os.WriteFile(bad, content, 0o600)

	var warns []string
	srv, err := NewServer(Config{DataDir: h.dir, NoMDNS: true, Clock: h.clock, Cadence: -1,
		Logf: func(format string, a ...any) { warns = append(warns, sprintf(format, a...)) }})
	if err != nil {
		t.Fatalf("a plain start beside the unreadable log: %v", err)
	}
	if srv.Room() != room {
		t.Errorf("the evening did not go on: room %s, want %s", srv.Room(), room)
	}
	srv.Close()
	var named []string
	for _, w := range warns {
		if strings.Contains(w, bad) {
			named = append(named, w)
		}
	}
	if len(named) != 1 || !strings.Contains(named[0], "set aside") || !strings.Contains(named[0], "-5") {
		t.Errorf("the start's lines about %s: %q, want one saying it is set aside and why", bad, named)
	}
	var le *LogError
	if _, err := NewServer(Config{Resume: bad, DataDir: h.dir, NoMDNS: true, Clock: h.clock}); !errors.As(err, &le) || le.Line != 1 {
		t.Errorf("resuming the unreadable log: %v, want an error on line 1", err)
	}
	for _, resume := range []string{bad} {
		var out, errs syncBuffer
		code := serve(context.Background(), []string{"--resume", resume, "--data", h.dir, "--port", "0", "--host", "127.0.0.1", "--no-mdns"},
			strings.NewReader(""), &out, &errs)
		if code == 0 || !strings.Contains(errs.String(), bad) {
			t.Errorf("serve --resume %s: status %d, %q", resume, code, errs.String())
		}
	}
}
