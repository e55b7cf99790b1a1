package sealed

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha512"
	"crypto/subtle"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"

	"github.com/gorilla/websocket"
)

// The typed join (lan/PROTOCOL.md "Typed join"): a phone whose camera
// cannot read the QR code types the host's address and a short code. It
// fetches the host's typed key over plain HTTP (GET /key), seals to it as a
// QR phone seals to the room's key, and proves inside the sealed channel
// that it knows the short code: its first plaintext is challenge | proof |
// frame, proof = SHA-512(typedLabel | challenge | phone key | host key |
// code)[:32]. The code never leaves the phone in clear; a passive sniffer
// sees sealed frames only. An active attacker who answers /key with a key of
// its own gets a proof it can guess the code from offline (the code is
// short), which is why both screens show the key's Fingerprint.

// ProofSize is the size of a typed join's proof.
const ProofSize = 32

// CodeAlphabet is the short code's alphabet (the room code's: no 0/O, 1/I/L).
const CodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// CodeLen is the short code's length: 4 characters of CodeAlphabet, about
// 19.8 bits; the host refuses more than a few wrong codes a minute (lan), so
// guessing it online takes weeks.
const CodeLen = 4

// typedLabel separates the proof's hash from any other use of SHA-512.
const typedLabel = "nightfall typed join v1\x00"

// ErrCode is OpenTypedHello's error for a proof of another code.
var ErrCode = errors.New("sealed: the typed join's proof is not of this room's short code")

// NewCode makes a fresh short code from crypto/rand.
func NewCode() string {
	var b [CodeLen]byte
	out := make([]byte, CodeLen)
	for i := range out {
		for {
			if _, err := rand.Read(b[:1]); err != nil {
				panic("sealed: no randomness: " + err.Error())
			}
			// 248 = 8 × 31: no bias
			if b[0] < 248 {
				out[i] = CodeAlphabet[int(b[0])%len(CodeAlphabet)]
				break
			}
		}
	}
	return string(out)
}

// NormalizeCode is a typed code as both ends hash it: capitals, without the
// spaces and dashes a player may type between its characters.
func NormalizeCode(s string) string {
	s = strings.ToUpper(s)
	var b strings.Builder
	for _, r := range s {
		if r == '-' || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TypedProof is the proof a typed phone seals with its first frame.
func TypedProof(challenge []byte, phone, host Key, code string) [ProofSize]byte {
	h := sha512.New()
	h.Write([]byte(typedLabel))
	h.Write(challenge)
	h.Write(phone[:])
	h.Write(host[:])
	h.Write([]byte(NormalizeCode(code)))
	var p [ProofSize]byte
	copy(p[:], h.Sum(nil))
	return p
}

// OpenTypedHello opens a typed phone's first frame for the host whose typed
// private key is priv and whose short code is code: the channel and the
// plaintext after the challenge and the proof. A frame that opens but
// proves another code fails with ErrCode.
func OpenTypedHello(priv Key, challenge []byte, code string, msg []byte) (*Box, []byte, error) {
	b, plain, err := OpenHello(priv, challenge, msg)
	if err != nil {
		return nil, nil, err
	}
	if len(plain) < ProofSize {
		return nil, nil, ErrCode
	}
	var phone Key
	copy(phone[:], msg)
	if !ProofOK(plain[:ProofSize], challenge, phone, Public(priv), code) {
		return nil, nil, ErrCode
	}
	return b, plain[ProofSize:], nil
}

// ProofOK reports, in constant time, whether proof is a typed phone's
// proof of code (TypedProof) for this challenge and these keys. A host
// that opens a typed first frame with OpenHello (the proof is then the
// plaintext's first ProofSize bytes, the phone's key the frame's first
// KeySize bytes) decides itself when to check it.
func ProofOK(proof, challenge []byte, phone, host Key, code string) bool {
	want := TypedProof(challenge, phone, host, code)
	return subtle.ConstantTimeCompare(proof, want[:]) == 1
}

// Fingerprint is a short fingerprint of a key that a person compares by eye:
// 8 digits in two groups ("4729 1836"), from SHA-512 of the key. The phone
// of a typed join and the big screen both show it; a key an attacker put in
// the way shows other digits unless the attacker made about 10⁸ keys to
// find one that matches (a matter of hours on one core, which is why it is
// a check for the table, not a proof).
func Fingerprint(k Key) string {
	sum := sha512.Sum512(k[:])
	n := binary.BigEndian.Uint64(sum[:8]) % 100_000_000
	s := fmt.Sprintf("%08d", n)
	return s[:4] + " " + s[4:]
}

// KeyAnswer is the JSON of GET /key: the host's typed key, base64url.
type KeyAnswer struct {
	K string `json:"k"`
}

// DialTyped joins as a phone that typed addr (host:port, or an http URL)
// and the short code: it fetches the typed key from addr's /key (through
// d's NetDialContext when it has one), dials
// /ws (with room, when known: a reconnect; empty for a first join) and
// seals its first frame with the proof of code. It returns the key it
// sealed to, for its Fingerprint.
func DialTyped(ctx context.Context, addr, room, code string, d *websocket.Dialer) (*Conn, Key, error) {
	base := addr
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	u, err := url.Parse(base)
	if err != nil {
		return nil, Key{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/key"}).String(), nil)
	if err != nil {
		return nil, Key{}, err
	}
	hc := &http.Client{Timeout: 10 * time.Second}
	if d != nil && d.NetDialContext != nil { // /key by the same way as the socket
		hc.Transport = &http.Transport{DialContext: d.NetDialContext, DisableKeepAlives: true}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, Key{}, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4096))
	resp.Body.Close()
	if err != nil {
		return nil, Key{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, Key{}, fmt.Errorf("sealed: GET /key: %s", resp.Status)
	}
	var ka KeyAnswer
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(&ka); err != nil {
		return nil, Key{}, fmt.Errorf("sealed: GET /key: %v", err)
	}
	host, err := ParseKey(ka.K)
	if err != nil {
		return nil, Key{}, err
	}
	scheme := "ws"
	if u.Scheme == "https" {
		scheme = "wss"
	}
	wsURL := (&url.URL{Scheme: scheme, Host: u.Host, Path: "/ws", RawQuery: "room=" + url.QueryEscape(room)}).String()
	c, _, err := DialContext(ctx, wsURL, host, d, nil)
	if err != nil {
		return nil, host, err
	}
	c.code, c.host = code, host
	return c, host, nil
}
