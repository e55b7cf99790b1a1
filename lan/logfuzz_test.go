package lan

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/lan/replay"
)

// fuzzKey is the log key of room fuzzRoom in the fuzz target's data folder.
var fuzzKey = bytes.Repeat([]byte{0x5a}, 32)

const fuzzRoom = "FUZZKY"

// logOf is a game log holding a finished game (a script played to its
// end) as its deal, in room, its lines as key says: sealed with key, with
// checksums (crc), or bare.
func logOf(t testing.TB, script, room string, key []byte, crc bool) []byte {
	t.Helper()
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := game.ParseScript(data)
	if err != nil {
		t.Fatal(err)
	}
	events, err := sc.Run()
	if err != nil {
		t.Fatal(err)
	}
	h := logHeader{Nightfall: logVersion, ID: "20260102-200000-f00d00", Created: time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC),
		Table: "fuzz", Room: room, Setup: sc.Setup, N: len(events)}
	for seat := 1; seat <= sc.Players; seat++ {
		h.Seats = append(h.Seats, logSeat{Seat: seat, Name: fmt.Sprintf("P%d", seat), Token: hashToken(fmt.Sprint(seat))})
	}
	if key != nil {
		h.Seal = sealHMAC
	}
	sl := sealer{key: key}
	var b bytes.Buffer
	for _, v := range append([]any{h}, anySlice(events)...) {
		raw, _ := json.Marshal(v)
		switch {
		case key != nil || crc:
			b.Write(sl.seal(raw))
		default:
			b.Write(append(raw, '\n'))
		}
	}
	return b.Bytes()
}

func anySlice[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// FuzzGameLog: whatever a file in the data folder holds, nothing that reads
// it panics: the resume's reader (with and without cutting a torn tail), the
// scoreboard's and `nightfall replay`'s (ReadFinished, then the 复盘 page
// drawn), the lists a start offers (SavedGames, Resumable), and a plain
// start, which continues the evening from the newest log. A log that is
// refused is refused with a *LogError. Seeded with finished games as this
// program writes them (sealed), as older programs did (checksums, bare),
// and the headers that crashed a start ("n": -5, a negative table).
func FuzzGameLog(f *testing.F) {
	script := filepath.Join("..", "game", "testdata", "classic-2.0", "ex3-killers-win-at-dawn.json")
	sealed := logOf(f, script, fuzzRoom, fuzzKey, false)
	old := logOf(f, script, "OLDLOG", nil, false)
	f.Add(sealed)
	f.Add(logOf(f, script, "OLDLOG", nil, true))
	f.Add(old)
	first, rest, _ := bytes.Cut(old, []byte("\n"))
	f.Add(append(bytes.Replace(first, []byte(`"n":`), []byte(`"n":-5,"x":`), 1), append([]byte("\n"), rest...)...))
	f.Add(append(bytes.Replace(first, []byte(`"players":8`), []byte(`"players":-3`), 1), append([]byte("\n"), rest...)...))
	f.Add(append(append([]byte(nil), old...), `{"cmd":{"by":"host","do":"end"},"n":-2}`+"\n"+`{"seq":1}`+"\n"...))
	f.Add([]byte(`{"nightfall":1,"id":"x","room":"OLDLOG","setup":{"variant":"classic-2.0","players":8,"seed":1},"seats":[],"n":0}` + "\n" +
		`{"cmd":{"by":"phone","seat":99,"id":"x-1","do":"sleep"},"n":0}` + "\n"))
	f.Add([]byte(`{"nightfall":1,"setup":{"variant":"classic-2.0","players":1000000000000},"n":0}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "games", "20260102-200000-f00d00.jsonl")
		os.MkdirAll(filepath.Dir(path), 0o700)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := writeSecret(logKeyPath(dir, fuzzRoom), base64.RawURLEncoding.EncodeToString(fuzzKey)); err != nil {
			t.Fatal(err)
		}
		isLogError := func(what string, err error) {
			if _, ok := err.(*LogError); err != nil && !ok && err != ErrNotOver {
				t.Errorf("%s: %T %v, want a *LogError", what, err, err)
			}
		}
		_, err := readLogCut(path, func(string) {}, false)
		isLogError("readLogCut", err)
		fg, err := ReadFinished(path)
		isLogError("ReadFinished", err)
		if err == nil {
			if err := replay.Write(io.Discard, fg.Replay(), "en"); err != nil {
				t.Errorf("the replay of a finished game: %v", err)
			}
		}
		SavedGames(dir)
		Resumable(dir)
		newestLogLobby(dir, func(string, error) {})
		// The resume (it may cut a torn tail off the file), then a plain
		// start on the folder: what NewServer does with them, on sessions
		// of their own (a whole server per input would make the fuzzing
		// crawl).
		cfg := Config{DataDir: dir, NoMDNS: true, Clock: newFakeClock(), Logf: func(string, ...any) {}, Resume: path}
		sess := newSession(&Server{cfg: cfg}, cfg)
		if err := sess.load(path); err == nil {
			sess.log.close()
		} else {
			isLogError("the resume", err)
		}
		os.WriteFile(path, data, 0o600)
		cfg.Resume = ""
		start := newSession(&Server{cfg: cfg}, cfg)
		if _, err := start.newTable(cfg); err != nil {
			t.Errorf("a plain start: %v", err)
		}
		start.refreshEvening()
	})
}
