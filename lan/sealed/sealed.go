// Package sealed is the phones' sealed channel (lan/PROTOCOL.md "Sealed
// channel"): NaCl box (X25519 + XSalsa20-Poly1305, golang.org/x/crypto's
// nacl/box; tweetnacl on the phone page) between the room's key, whose
// public half the QR code carries in the join URL's fragment, and a key the
// phone makes for each connection. Nonces count up per direction, so a
// replayed, reordered or altered frame does not open; plaintexts are padded
// so that a frame's size says nothing about what it holds.
//
// It holds what both ends use (Box, Pad, keys) and Dial, a Go phone: tests,
// bots and tools speak the protocol through it exactly as the page does.
package sealed

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/crypto/curve25519"
	"golang.org/x/crypto/nacl/box"
)

const (
	// KeySize is the size of a key, public or private.
	KeySize = 32
	// NonceSize is the size of the nonce that starts every sealed frame.
	NonceSize = 24
	// Overhead is what sealing adds to a plaintext: the nonce and the
	// Poly1305 tag.
	Overhead = NonceSize + box.Overhead
	// ChallengeSize is the size of the server's per-connection challenge,
	// the first message on every socket; the phone's first sealed frame
	// starts with it.
	ChallengeSize = 32
	// UpUnit is the unit the phone's plaintexts are padded to (a multiple
	// of it: a command, an empty cadence frame and a hello all fill one).
	UpUnit = 512
	// DownUnit is the unit the host's plaintexts are padded to. View
	// frames are already a multiple of 4096 (lan's view bucket); the
	// replies of the cadence (ack, error, pong, pad) all fit one, so each
	// costs 552 bytes on the air, four times a second.
	DownUnit = 512
)

// Key is a Curve25519 key, public or private.
type Key [KeySize]byte

// GenerateKey makes a fresh key pair from crypto/rand.
func GenerateKey() (pub, priv Key) {
	p, s, err := box.GenerateKey(rand.Reader)
	if err != nil {
		panic("sealed: no randomness: " + err.Error()) // crypto/rand does not fail
	}
	return *p, *s
}

// Public is the public key of a private key.
func Public(priv Key) Key {
	var pub Key
	p, err := curve25519.X25519(priv[:], curve25519.Basepoint)
	if err != nil {
		panic("sealed: " + err.Error()) // the base point is not of low order
	}
	copy(pub[:], p)
	return pub
}

// String is the key in unpadded base64url, as the join URL carries it.
func (k Key) String() string { return base64.RawURLEncoding.EncodeToString(k[:]) }

// ParseKey reads a key written by Key.String.
func ParseKey(s string) (Key, error) {
	var k Key
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	if err != nil || len(b) != KeySize {
		return k, fmt.Errorf("sealed: %q is not a key (%d bytes of base64url)", s, KeySize)
	}
	copy(k[:], b)
	return k, nil
}

// KeyFromURL is the host's public key in a join URL's fragment
// (…/?room=ABC123#k=…).
func KeyFromURL(joinURL string) (Key, error) {
	u, err := url.Parse(joinURL)
	if err != nil {
		return Key{}, err
	}
	q, err := url.ParseQuery(u.Fragment)
	if err != nil || q.Get("k") == "" {
		return Key{}, fmt.Errorf("sealed: the URL %q has no key (#k=)", joinURL)
	}
	return ParseKey(q.Get("k"))
}

// Side is an end of the channel; it is the first byte of the nonces that
// end seals, so the two directions never share a nonce.
type Side byte

const (
	PhoneSide Side = 0
	HostSide  Side = 1
)

// Errors of Open.
var (
	ErrShort   = errors.New("sealed: the frame is too short")
	ErrNonce   = errors.New("sealed: the frame's nonce is not the peer's")
	ErrReplay  = errors.New("sealed: the frame's counter is not past the last one (replayed or reordered)")
	ErrForged  = errors.New("sealed: the frame does not open (altered, or sealed with another key)")
	ErrBadKey  = errors.New("sealed: the peer's key is not usable")
	ErrNoHello = errors.New("sealed: the first frame does not carry this connection's challenge")
)

// Box is one connection's channel: the shared key, and a counter for each
// direction. Seal and Open may run on two goroutines at once (one writer,
// one reader), but each by one goroutine at a time.
type Box struct {
	shared Key
	side   Side
	sent   uint64 // the counter of the last frame sealed
	got    uint64 // the counter of the last frame opened
}

// NewBox is the channel between priv (this end, on side) and peer's
// public key. A peer key of low order (which would make the shared key
// known to all) is refused with ErrBadKey.
func NewBox(side Side, peer, priv Key) (*Box, error) {
	if _, err := curve25519.X25519(priv[:], peer[:]); err != nil {
		return nil, ErrBadKey
	}
	b := &Box{side: side}
	box.Precompute((*[32]byte)(&b.shared), (*[32]byte)(&peer), (*[32]byte)(&priv))
	return b, nil
}

// nonce is side(1) | zeros(15) | counter(8, big-endian).
func nonce(side Side, n uint64) *[NonceSize]byte {
	var b [NonceSize]byte
	b[0] = byte(side)
	binary.BigEndian.PutUint64(b[16:], n)
	return &b
}

// Seal appends nonce | box(plain) to dst, with the next counter.
func (b *Box) Seal(dst, plain []byte) []byte {
	b.sent++
	nc := nonce(b.side, b.sent)
	dst = append(dst, nc[:]...)
	return box.SealAfterPrecomputation(dst, plain, nc, (*[32]byte)(&b.shared))
}

// Open opens a frame sealed by the other side: its nonce must be the
// peer's and its counter past the last one opened. A frame that does not
// open changes nothing (the next genuine frame still opens).
func (b *Box) Open(msg []byte) ([]byte, error) {
	if len(msg) < Overhead {
		return nil, ErrShort
	}
	var nc [NonceSize]byte
	copy(nc[:], msg[:NonceSize])
	peer := HostSide
	if b.side == HostSide {
		peer = PhoneSide
	}
	if nc[0] != byte(peer) || !allZero(nc[1:16]) {
		return nil, ErrNonce
	}
	n := binary.BigEndian.Uint64(nc[16:])
	if n <= b.got {
		return nil, ErrReplay
	}
	out, ok := box.OpenAfterPrecomputation(nil, msg[NonceSize:], &nc, (*[32]byte)(&b.shared))
	if !ok {
		return nil, ErrForged
	}
	b.got = n
	return out, nil
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// Hello is the phone's first frame on a connection: its fresh public key,
// then the sealed challenge and plain (already padded).
func Hello(b *Box, pub Key, challenge, plain []byte) []byte {
	msg := make([]byte, 0, KeySize+Overhead+len(challenge)+len(plain))
	msg = append(msg, pub[:]...)
	return b.Seal(msg, append(append(make([]byte, 0, len(challenge)+len(plain)), challenge...), plain...))
}

// OpenHello opens a phone's first frame for the host whose private key is
// priv: the channel, and the plaintext after the challenge. The challenge
// must be this connection's (a first frame captured on another connection
// does not open a new one).
func OpenHello(priv Key, challenge, msg []byte) (*Box, []byte, error) {
	if len(msg) < KeySize+Overhead+len(challenge) {
		return nil, nil, ErrShort
	}
	var peer Key
	copy(peer[:], msg)
	b, err := NewBox(HostSide, peer, priv)
	if err != nil {
		return nil, nil, err
	}
	plain, err := b.Open(msg[KeySize:])
	if err != nil {
		return nil, nil, err
	}
	if len(plain) < len(challenge) || !bytes.Equal(plain[:len(challenge)], challenge) {
		return nil, nil, ErrNoHello
	}
	return b, plain[len(challenge):], nil
}

// Pad fills b with spaces up to a multiple of unit (JSON ignores trailing
// white space), so that sealed frames come in a few sizes only. It returns
// b itself when it is already a multiple.
func Pad(b []byte, unit int) []byte {
	if len(b) > 0 && len(b)%unit == 0 {
		return b
	}
	return PadInto(nil, b, unit)
}

// PadInto appends b, padded as Pad does, to dst.
func PadInto(dst, b []byte, unit int) []byte {
	n := max(unit, (len(b)+unit-1)/unit*unit)
	dst = append(dst, b...)
	for range n - len(b) {
		dst = append(dst, ' ')
	}
	return dst
}

// Trim takes the padding off a plaintext.
func Trim(b []byte) []byte { return bytes.TrimRight(b, " ") }
