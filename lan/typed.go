package lan

// The typed join (PROTOCOL.md "Typed join"): beside the QR code the big
// screen shows the host's address and a short code; a phone that types the
// address gets the page, asks for the code, fetches the typed key (GET
// /key) and seals to it, proving the code inside the channel
// (sealed.OpenTypedHello). The room's key (the QR code's) is never served;
// the typed key is a second key pair of the room, served to anyone, whose
// sockets must prove the code.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"nightfall/lan/sealed"
)

// TypedJoin is what the big screen shows for a typed join: the address to
// type (host:port, no scheme, no path), the short code, and the
// fingerprint of the typed key that the phone shows too.
type TypedJoin struct {
	Addr        string
	Code        string
	Fingerprint string
}

// typedFile is the room's typed key and short code, beside its room key:
// <data dir>/keys/<ROOM>.typed, "CODE KEY" (mode 0600), so a resumed room
// keeps both and phones that typed the code reconnect.
func typedFile(dataDir, room string) string {
	return filepath.Join(dataDir, KeysDir, room+".typed")
}

// typedKey reads the room's typed key and code, or makes them afresh (a new
// room) and writes them.
func typedKey(dataDir, room string, fresh bool) (sealed.Key, string, error) {
	path := typedFile(dataDir, room)
	if !fresh {
		b, err := os.ReadFile(path)
		if err == nil {
			code, key, ok := strings.Cut(strings.TrimSpace(string(b)), " ")
			k, kerr := sealed.ParseKey(key)
			if ok && kerr == nil && len(code) == sealed.CodeLen {
				return k, code, nil
			}
			err = fmt.Errorf("%s is not a code and a key: a new code", path)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			priv, code, werr := newTyped(path)
			return priv, code, errors.Join(err, werr)
		}
	}
	return newTyped(path)
}

// newTyped makes a typed key and code and writes them to path.
func newTyped(path string) (sealed.Key, string, error) {
	_, priv := sealed.GenerateKey()
	code := sealed.NewCode()
	if err := writeSecret(path, code+" "+priv.String()); err != nil {
		return priv, code, fmt.Errorf("cannot save the typed join's key: %v", err)
	}
	return priv, code, nil
}

// codeGuard bounds the wrong codes the host takes: codeBurst at once, then
// one per codeRefill. While it is empty every typed socket is refused
// before its proof is checked, so an attacker cannot try codes faster than
// that (a wait for the players too: PROTOCOL.md).
type codeGuard struct {
	mu     sync.Mutex
	tokens float64
	last   time.Time
}

const (
	codeBurst  = 5
	codeRefill = 10 * time.Second
)

// open reports whether a typed socket may be checked now.
func (g *codeGuard) open(now time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.last.IsZero() {
		g.tokens, g.last = codeBurst, now
	}
	g.tokens = min(codeBurst, g.tokens+float64(now.Sub(g.last))/float64(codeRefill))
	g.last = now
	return g.tokens >= 1
}

// wrong counts a wrong code.
func (g *codeGuard) wrong() {
	g.mu.Lock()
	g.tokens = max(0, g.tokens-1)
	g.mu.Unlock()
}

// serveKey answers GET /key with the typed key (never the room's key nor
// the code): whoever asks may seal to it, but a socket sealed to it must
// prove the code.
func (s *Server) serveKey(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(sealed.KeyAnswer{K: s.typedPub.String()})
}

// Typed is the typed join of the table (an empty Addr before Start).
func (s *Server) Typed() TypedJoin {
	return TypedJoin{Addr: typedAddr(s.JoinURL()), Code: s.code, Fingerprint: sealed.Fingerprint(s.typedPub)}
}

// TypedPublicKey is the typed key's public half (what GET /key answers).
func (s *Server) TypedPublicKey() sealed.Key { return s.typedPub }

// typedAddr is the host:port of a join URL, what a player types.
func typedAddr(joinURL string) string {
	if joinURL == "" {
		return ""
	}
	u, err := url.Parse(joinURL)
	if err != nil {
		return ""
	}
	if host, port, err := net.SplitHostPort(u.Host); err == nil && port == "80" {
		return host
	}
	return u.Host
}
