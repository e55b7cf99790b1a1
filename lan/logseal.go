package lan

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Seals: each line of a game log this program writes ends with a field
// "mac", the HMAC-SHA256 (crypto/hmac) of the line without that field,
// keyed with the room's log key and chained: the first line's is taken
// over sealLabel and the line, every later one's over the MAC of the line
// before and the line. An edit of any line, a line removed, added or moved,
// or a line taken from another log, no longer matches, and cannot be
// sealed again without the key. The key is a secret of the room, beside
// its other keys: <data dir>/keys/<ROOM>.logkey (32 random bytes,
// base64url, mode 0600), made with the room's first log and kept for every
// later log of the room. The header says it is sealed ("seal":
// "hmac-sha256"), so a sealed log whose seals were taken off is refused;
// and a log of a room that has a log key but carries no seals (its
// declaration taken off too, or seals replaced by checksums) is refused
// as well. Logs of a room without a log key (an older program's, with
// CRC-32C checksums or with none) are read as before (gamelog.go).
//
// What a seal does not catch: cutting whole records off the end of a log,
// which looks like a crash before they were written.

// sealHMAC is the header's "seal" for lines sealed with HMAC-SHA256.
const sealHMAC = "hmac-sha256"

// sealLabel is what the first line's seal is chained to.
const sealLabel = "nightfall game log seal v1\x00"

// macField is the seal's field: `"mac":"` + 64 hex digits + `"`.
const (
	macField = `"mac":"`
	macLen   = len(macField) + 2*sha256.Size + 1
)

// Bounds on what reading one file may cost: no line of a game log (a
// header, a record, an event) comes near maxLogLine, no evening's game
// near maxLogSize, and no saved lobby near maxLobbySize.
const (
	maxLogLine   = 1 << 20
	maxLogSize   = 64 << 20
	maxLobbySize = 1 << 20
)

// logKeyPath is where room's log key is kept under dataDir.
func logKeyPath(dataDir, room string) string {
	return filepath.Join(dataDir, KeysDir, room+".logkey")
}

// roomName reports whether room can name a key file (a room code: letters
// and digits); a log's header that names anything else has no key.
func roomName(room string) bool {
	if room == "" || len(room) > 16 {
		return false
	}
	for _, r := range room {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// findLogKey reads room's log key from the first of dirs that holds one
// (nil, "" when none does).
func findLogKey(room string, dirs ...string) ([]byte, string, error) {
	if !roomName(room) {
		return nil, "", nil
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		path := logKeyPath(d, room)
		b, err := readBounded(path, 256)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, path, err
		}
		key, err := base64.RawURLEncoding.DecodeString(strings.TrimSpace(string(b)))
		if err != nil || len(key) != sha256.Size {
			return nil, path, fmt.Errorf("%s is not a log key", path)
		}
		return key, path, nil
	}
	return nil, "", nil
}

// logKey is room's log key in dataDir, made (and written) if it has none.
func logKey(dataDir, room string) ([]byte, error) {
	if !roomName(room) {
		return nil, fmt.Errorf("room %q has no log key", room)
	}
	key, _, err := findLogKey(room, dataDir)
	if key != nil || err != nil {
		return key, err
	}
	key = make([]byte, sha256.Size)
	rand.Read(key)
	if err := writeSecret(logKeyPath(dataDir, room), base64.RawURLEncoding.EncodeToString(key)); err != nil {
		return nil, fmt.Errorf("cannot save the key of the room's logs: %v", err)
	}
	return key, nil
}

// lineSeal is the seal of one line: the chain so far and the key.
func lineSeal(key, prev, raw []byte) []byte {
	m := hmac.New(sha256.New, key)
	if prev == nil {
		m.Write([]byte(sealLabel))
	} else {
		m.Write(prev)
	}
	m.Write(raw)
	return m.Sum(nil)
}

// sealer seals the lines a log appends: with a key, chained seals (prev is
// the last line's); without one, CRC-32C checksums (a log an older program
// began, which goes on as it began).
type sealer struct {
	key, prev []byte
}

// seal ends raw (one JSON object) with its seal or checksum and a newline.
func (s *sealer) seal(raw []byte) []byte {
	if s.key == nil {
		return sealLine(raw)
	}
	mac := lineSeal(s.key, s.prev, raw)
	s.prev = mac
	return addField(raw, macField, hex.EncodeToString(mac))
}

// addField adds `field value"` as raw's last field and ends the line.
func addField(raw []byte, field, value string) []byte {
	out := make([]byte, 0, len(raw)+len(field)+len(value)+4)
	out = append(out, raw[:len(raw)-1]...)
	if len(raw) > 2 {
		out = append(out, ',')
	}
	out = append(out, field...)
	out = append(out, value...)
	return append(out, '"', '}', '\n')
}

// cutField splits a line that ends with field and a value of n characters
// into the line without it and the value; ok false when it does not end
// so.
func cutField(text []byte, field string, n int) (raw []byte, value string, ok bool) {
	size := len(field) + n + 1
	l := len(text)
	if l <= size+1 || !bytes.HasPrefix(text[l-size-1:], []byte(field)) || text[l-1] != '}' || text[l-2] != '"' {
		return nil, "", false
	}
	head := text[:l-size-1] // up to the field, with its ',' or '{'
	raw = make([]byte, 0, len(head)+1)
	if len(head) == 1 { // "{" alone: an empty object
		raw = append(raw, "{}"...)
	} else {
		raw = append(append(raw, head[:len(head)-1]...), '}')
	}
	return raw, string(text[l-size-1+len(field) : l-2]), true
}

// openSealed checks a sealed line against the chain (prev: the seal of
// the line before, nil for the first) and returns the line without its
// seal and the seal, or why it does not match.
func openSealed(text, key, prev []byte) (raw, mac []byte, why string) {
	raw, value, ok := cutField(text, macField, 2*sha256.Size)
	if !ok {
		return nil, nil, "the line has no seal, in a log whose lines are sealed: it was changed after it was written"
	}
	got, err := hex.DecodeString(value)
	if err != nil || !hmac.Equal(got, lineSeal(key, prev, raw)) {
		return nil, nil, "the line was changed, moved or taken from another log after it was written (its seal does not match)"
	}
	return raw, got, ""
}

// readBounded reads a file of at most limit bytes; a larger one is an
// error (nothing beyond limit+1 bytes is read).
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, limit)
	}
	return b, nil
}

// readLines reads a log's lines: at most maxLogSize bytes in all and
// maxLogLine in a line (a longer one is not read on: the log is refused
// naming it).
func readLines(path string) ([]logLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &LogError{Path: path, Msg: err.Error()}
	}
	defer f.Close()
	r := bufio.NewReaderSize(io.LimitReader(f, maxLogSize+1), 64<<10)
	var (
		lines []logLine
		off   int64
		line  []byte
	)
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxLogLine+1 {
			return nil, &LogError{Path: path, Line: len(lines) + 1,
				Msg: fmt.Sprintf("the line is longer than %d MiB, which no line of a game log is", maxLogLine>>20)}
		}
		line = append(line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(line) > 0 {
			complete := line[len(line)-1] == '\n'
			text := line
			if complete {
				text = line[:len(line)-1]
			}
			lines = append(lines, logLine{text: text, off: off, complete: complete})
			off += int64(len(line))
			line = nil
		}
		if off > maxLogSize {
			return nil, &LogError{Path: path, Msg: fmt.Sprintf("the file is larger than %d MiB, which no game log is", maxLogSize>>20)}
		}
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return nil, &LogError{Path: path, Msg: err.Error()}
		}
	}
}
