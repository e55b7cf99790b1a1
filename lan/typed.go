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

	"golang.org/x/time/rate"

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

// codeGuard bounds the wrong codes the host takes from each source
// address: codeBurst at once, then one per codeRefill (a rate.Limiter per
// address). While an address has none left its typed sockets are refused
// before their proof is checked, so nobody tries codes faster than that
// from one address; other addresses are not held back by it, and a phone
// that comes back with a token the host knows is let in by its token
// without the code being looked at (Server.typedHello). It remembers at
// most maxCodeSources addresses: past that, addresses whose guesses have
// refilled are forgotten, and while every one it remembers is still
// holding back, a new address waits too (an attacker who claims thousands
// of addresses on the party's Wi-Fi holds up new typed joins, never the
// phones already in).
type codeGuard struct {
	mu      sync.Mutex
	sources map[string]*codeSource
}

// codeSource is one address's guesses, and when the host last said it
// holds them back (said once per codeRefill, not once per socket).
type codeSource struct {
	lim  *rate.Limiter
	said time.Time
}

const (
	codeBurst      = 5
	codeRefill     = 10 * time.Second
	maxCodeSources = 4096
)

// try takes one guess of addr's at now: ok false when addr has none left
// (the socket waits; say: the host should say so, which it does once per
// codeRefill and address). The guess is given back with the returned func
// when the code turns out right, so only wrong codes count.
func (g *codeGuard) try(addr string, now time.Time) (giveBack func(), ok, say bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	src := g.sources[addr]
	if src == nil {
		if len(g.sources) >= maxCodeSources {
			for a, s := range g.sources {
				if s.lim.TokensAt(now) >= codeBurst {
					delete(g.sources, a)
				}
			}
		}
		if len(g.sources) >= maxCodeSources {
			return nil, false, false
		}
		if g.sources == nil {
			g.sources = map[string]*codeSource{}
		}
		src = &codeSource{lim: rate.NewLimiter(rate.Every(codeRefill), codeBurst)}
		g.sources[addr] = src
	}
	r := src.lim.ReserveN(now, 1)
	if !r.OK() || r.DelayFrom(now) > 0 {
		r.CancelAt(now)
		say = now.Sub(src.said) >= codeRefill
		if say {
			src.said = now
		}
		return nil, false, say
	}
	return func() { r.CancelAt(now) }, true, false
}

// typedHello decides a typed socket's first frame (sealed to the typed key:
// proof(32) | frame), the phone's key being phone: admitted when its frame
// is a hello with a token the host knows (a phone that got in before, by
// either key, coming back: its proof is not looked at and counts nothing),
// else when addr may guess now and the proof is of the room's code. It
// returns the frame, or why the socket is refused (logged: each wrong
// code, and at most once per codeRefill that an address is held back).
func (s *Server) typedHello(addr string, challenge []byte, phone sealed.Key, plain []byte) ([]byte, refusal, bool) {
	if len(plain) < sealed.ProofSize {
		return nil, refuseWrongCode, false
	}
	proof, rest := plain[:sealed.ProofSize], plain[sealed.ProofSize:]
	if f, err := decodeFrame(rest); err == nil && f.T == "hello" && f.Token != "" {
		reply := make(chan bool, 1)
		hash := hashToken(f.Token)
		posted := s.post(msgInspect{func(ss *session) { reply <- ss.adm.members[hash] != nil }, make(chan struct{}, 1)})
		if known, ok := await(s, posted, reply); ok && known {
			return rest, 0, true
		}
	}
	giveBack, ok, say := s.codes.try(addr, s.cfg.Clock.Now())
	if !ok {
		if say {
			s.cfg.Logf("lan: refused typed joins from %s: too many wrong codes from there lately (said once every %v)", addr, codeRefill)
		}
		return nil, refuseCodeWait, false
	}
	if !sealed.ProofOK(proof, challenge, phone, s.typedPub, s.code) {
		s.cfg.Logf("lan: refused a typed join from %s: a wrong code", addr)
		return nil, refuseWrongCode, false
	}
	giveBack()
	return rest, 0, true
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
