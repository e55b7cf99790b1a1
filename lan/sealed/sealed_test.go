package sealed

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func pair(t *testing.T) (phone, host *Box, phonePub, hostPriv Key) {
	t.Helper()
	hostPub, hostPriv := GenerateKey()
	phonePub, phonePriv := GenerateKey()
	phone, err := NewBox(PhoneSide, hostPub, phonePriv)
	if err != nil {
		t.Fatal(err)
	}
	host, err = NewBox(HostSide, phonePub, hostPriv)
	if err != nil {
		t.Fatal(err)
	}
	return phone, host, phonePub, hostPriv
}

func TestBox(t *testing.T) {
	phone, host, _, _ := pair(t)
	a := phone.Seal(nil, []byte(`{"t":"pad"}`))
	b := phone.Seal(nil, []byte(`{"t":"pad"}`))
	if len(a) != Overhead+11 || bytes.Equal(a, b) {
		t.Fatalf("two seals of one plaintext: %x %x", a, b)
	}
	// Out of order: b (counter 2) opens, then a (counter 1) is a replay.
	if got, err := host.Open(b); err != nil || string(got) != `{"t":"pad"}` {
		t.Fatalf("open: %q %v", got, err)
	}
	if _, err := host.Open(a); !errors.Is(err, ErrReplay) {
		t.Errorf("an older frame: %v", err)
	}
	if _, err := host.Open(b); !errors.Is(err, ErrReplay) {
		t.Errorf("the same frame again: %v", err)
	}
	// An altered frame does not open, and does not move the counter on.
	c := phone.Seal(nil, []byte("hello"))
	c[len(c)-1] ^= 1
	if _, err := host.Open(c); !errors.Is(err, ErrForged) {
		t.Errorf("an altered frame: %v", err)
	}
	c[len(c)-1] ^= 1
	if got, err := host.Open(c); err != nil || string(got) != "hello" {
		t.Errorf("the genuine frame after an altered copy: %q %v", got, err)
	}
	// A frame bounced back to its sender (its own nonce side) is refused.
	d := host.Seal(nil, []byte("down"))
	if _, err := host.Open(d); !errors.Is(err, ErrNonce) {
		t.Errorf("the host's own frame: %v", err)
	}
	if got, err := phone.Open(d); err != nil || string(got) != "down" {
		t.Errorf("down: %q %v", got, err)
	}
	// Sealed for another phone: does not open.
	other, _, _, _ := pair(t)
	other.sent = 100 // a counter the host has not seen yet
	if _, err := host.Open(other.Seal(nil, []byte("x"))); !errors.Is(err, ErrForged) {
		t.Errorf("another phone's frame: %v", err)
	}
	if _, err := host.Open(d[:Overhead-1]); !errors.Is(err, ErrShort) {
		t.Errorf("a short frame: %v", err)
	}
}

func TestHello(t *testing.T) {
	hostPub, hostPriv := GenerateKey()
	if Public(hostPriv) != hostPub {
		t.Fatal("Public does not give the generated public key")
	}
	pub, priv := GenerateKey()
	b, _ := NewBox(PhoneSide, hostPub, priv)
	challenge := bytes.Repeat([]byte{7}, ChallengeSize)
	msg := Hello(b, pub, challenge, Pad([]byte(`{"t":"hello"}`), UpUnit))
	if len(msg) != KeySize+Overhead+ChallengeSize+UpUnit {
		t.Errorf("hello of %d bytes", len(msg))
	}
	if _, _, err := OpenHello(hostPriv, bytes.Repeat([]byte{8}, ChallengeSize), msg); !errors.Is(err, ErrNoHello) {
		t.Errorf("another socket's challenge: %v", err)
	}
	hb, plain, err := OpenHello(hostPriv, challenge, msg)
	if err != nil || string(Trim(plain)) != `{"t":"hello"}` {
		t.Fatalf("hello: %q %v", plain, err)
	}
	if got, err := b.Open(hb.Seal(nil, []byte("welcome"))); err != nil || string(got) != "welcome" {
		t.Errorf("welcome: %q %v", got, err)
	}
	_, otherPriv := GenerateKey()
	if _, _, err := OpenHello(otherPriv, challenge, msg); !errors.Is(err, ErrForged) {
		t.Errorf("sealed to another room's key: %v", err)
	}
	// A phone key of low order would make the shared key known to all.
	var zero Key
	bad := append(append([]byte{}, zero[:]...), msg[KeySize:]...)
	if _, _, err := OpenHello(hostPriv, challenge, bad); !errors.Is(err, ErrBadKey) {
		t.Errorf("a low-order key: %v", err)
	}
}

func TestKeyText(t *testing.T) {
	pub, _ := GenerateKey()
	k, err := KeyFromURL("http://10.0.0.5:8080/?room=K7QX2M#k=" + pub.String())
	if err != nil || k != pub {
		t.Errorf("KeyFromURL: %v", err)
	}
	for _, u := range []string{"http://10.0.0.5:8080/?room=K7QX2M", "http://h/#k=abc", "http://h/#k=" + pub.String() + "AA"} {
		if _, err := KeyFromURL(u); err == nil {
			t.Errorf("KeyFromURL(%q) took it", u)
		}
	}
	if u, _ := WSURL("http://10.0.0.5:8080/?room=K7QX2M#k=x"); u != "ws://10.0.0.5:8080/ws?room=K7QX2M" {
		t.Errorf("WSURL: %s", u)
	}
}

func TestPad(t *testing.T) {
	for _, tc := range []struct{ in, want int }{{0, 512}, {1, 512}, {512, 512}, {513, 1024}} {
		got := Pad(bytes.Repeat([]byte{'x'}, tc.in), 512)
		if len(got) != tc.want || len(Trim(got)) != tc.in {
			t.Errorf("Pad(%d) = %d bytes", tc.in, len(got))
		}
	}
}

// TestTypedProof: the proof opens with the code it was made for (any case,
// spaces and dashes between), and not with another code, another
// challenge or another host key; the fingerprint is 8 digits in two groups
// and differs between keys.
func TestTypedProof(t *testing.T) {
	hostPub, hostPriv := GenerateKey()
	phonePub, phonePriv := GenerateKey()
	challenge := bytes.Repeat([]byte{7}, ChallengeSize)
	hello := func(code string, ch []byte, host Key) []byte {
		b, err := NewBox(PhoneSide, host, phonePriv)
		if err != nil {
			t.Fatal(err)
		}
		proof := TypedProof(ch, phonePub, host, code)
		return Hello(b, phonePub, append(append([]byte(nil), ch...), proof[:]...), []byte(`{"t":"hello"}`))
	}
	if _, plain, err := OpenTypedHello(hostPriv, challenge, "K7QX", hello("k7-qx", challenge, hostPub)); err != nil || string(plain) != `{"t":"hello"}` {
		t.Fatalf("the right code: %v %q", err, plain)
	}
	if _, _, err := OpenTypedHello(hostPriv, challenge, "K7QX", hello("K7QY", challenge, hostPub)); !errors.Is(err, ErrCode) {
		t.Errorf("another code: %v", err)
	}
	other := bytes.Repeat([]byte{8}, ChallengeSize)
	otherProof := TypedProof(other, phonePub, hostPub, "K7QX")
	b, _ := NewBox(PhoneSide, hostPub, phonePriv)
	msg := Hello(b, phonePub, append(append([]byte(nil), challenge...), otherProof[:]...), []byte(`{}`))
	if _, _, err := OpenTypedHello(hostPriv, challenge, "K7QX", msg); !errors.Is(err, ErrCode) {
		t.Errorf("a proof for another socket's challenge: %v", err)
	}
	otherPub, _ := GenerateKey()
	p1, p2 := TypedProof(challenge, phonePub, hostPub, "K7QX"), TypedProof(challenge, phonePub, otherPub, "K7QX")
	if p1 == p2 {
		t.Error("the proof does not depend on the host key")
	}
	fp := Fingerprint(hostPub)
	if len(fp) != 9 || fp[4] != ' ' || strings.Trim(fp, "0123456789 ") != "" || fp == Fingerprint(otherPub) {
		t.Errorf("fingerprints %q %q", fp, Fingerprint(otherPub))
	}
	seen := map[string]bool{}
	for range 200 {
		c := NewCode()
		if len(c) != CodeLen || strings.Trim(c, CodeAlphabet) != "" {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 190 {
		t.Errorf("200 codes, %d different", len(seen))
	}
}
