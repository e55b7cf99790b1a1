package lan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/lan/sealed"
)

// dialTyped joins as a phone that typed the host's address and code.
func (h *harness) dialTyped(room, code string) (*phone, sealed.Key) {
	h.t.Helper()
	return h.dialTypedFrom(h.from, room, code)
}

// dialTypedFrom is dialTyped from the local address from ("": any).
func (h *harness) dialTypedFrom(from, room, code string) (*phone, sealed.Key) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, key, err := sealed.DialTyped(ctx, strings.TrimPrefix(h.ts.URL, "http://"), room, code, dialerFrom(from))
	if err != nil {
		h.t.Fatalf("dial typed: %v", err)
	}
	p := &phone{t: h.t, h: h, ws: ws}
	h.t.Cleanup(func() { ws.Close() })
	return p, key
}

// closeOf reads until the socket closes: the error frame's code before it,
// and the close code.
func closeOf(p *phone) (errCode string, closeCode int) {
	p.t.Helper()
	for range 20 {
		p.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, data, err := p.ws.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return errCode, ce.Code
		}
		if err != nil {
			p.t.Fatalf("no close: %v", err)
		}
		if strings.Contains(string(data), `"t":"error"`) {
			_, rest, _ := strings.Cut(string(data), `"code":"`)
			errCode, _, _ = strings.Cut(rest, `"`)
		}
	}
	p.t.Fatal("no close after 20 frames")
	return "", 0
}

// TestTypedJoin: a phone that typed the address and the short code joins
// the room without its code or the QR code's key (the room code comes in
// the welcome), takes a seat, and comes back with the room code on a new
// socket; the key it sealed to is the typed key, whose fingerprint the big
// screen shows; lower case and spaces in the code are fine.
func TestTypedJoin(t *testing.T) {
	h := newHarness(t, Config{Players: 6})
	ty := h.srv.Typed()
	if len(ty.Code) != sealed.CodeLen || strings.Trim(ty.Code, sealed.CodeAlphabet) != "" {
		t.Fatalf("code %q", ty.Code)
	}
	p, key := h.dialTyped("", strings.ToLower(ty.Code[:2])+" "+ty.Code[2:])
	if key == h.srv.PublicKey() || key != h.srv.TypedPublicKey() {
		t.Fatal("the typed join did not seal to the typed key")
	}
	if fp := sealed.Fingerprint(key); fp != ty.Fingerprint || len(fp) != 9 {
		t.Fatalf("fingerprint %q, big screen %q", fp, ty.Fingerprint)
	}
	p.send(map[string]any{"t": "hello", "token": "", "lang": "zh"})
	var room string
	w := p.until(func(f frame) bool {
		if f.T == "welcome" {
			_, rest, _ := strings.Cut(string(f.raw), `"room":"`)
			room, _, _ = strings.Cut(rest, `"`)
		}
		return f.T == "welcome"
	})
	if room != h.srv.Room() {
		t.Fatalf("welcome room %q, want %q", room, h.srv.Room())
	}
	p.token = w.Token
	p.join("打字的人", 2)
	p.ws.Close()

	// Back on a new socket, with the room code learnt, and the token.
	q, _ := h.dialTyped(room, ty.Code)
	q.send(map[string]any{"t": "hello", "token": p.token, "lang": "zh"})
	if w := q.until(func(f frame) bool { return f.T == "welcome" }); w.Seat != 2 {
		t.Fatalf("back in seat %d, want 2", w.Seat)
	}
	if hv := h.srv.sess; hv == nil {
		t.Fatal("no session")
	}
	var hv HostView
	h.do(func(s *session) { hv = s.hostView() })
	if hv.Typed.Code != ty.Code || hv.Typed.Fingerprint != ty.Fingerprint {
		t.Errorf("host view typed join %+v, want %+v", hv.Typed, ty)
	}
}

// TestTypedJoinRefused: a wrong code is refused (error "code", close 4006)
// before anything else; a socket without a room code sealed to the QR
// code's key is refused as unsealed (4004); after codeBurst wrong codes even
// the right one is refused (4007) from that address until the guard
// refills; the room key and
// the code are in no HTTP answer, and /key holds only the typed key.
func TestTypedJoinRefused(t *testing.T) {
	h := newHarness(t, Config{Players: 6})
	ty := h.srv.Typed()
	wrong := "2222"
	if wrong == ty.Code {
		wrong = "3333"
	}
	p, _ := h.dialTyped("", wrong)
	p.send(map[string]any{"t": "hello", "token": "", "lang": "zh"})
	if e, c := closeOf(p); e != codeCode || c != closeCode {
		t.Errorf("wrong code: error %q close %d, want %q %d", e, c, codeCode, closeCode)
	}
	// The QR code's key on a socket without the room code.
	ws, _, err := sealed.Dial(h.wsURL(""), h.srv.PublicKey(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	qr := &phone{t: t, h: h, ws: ws}
	qr.send(map[string]any{"t": "hello", "token": "", "lang": "zh"})
	if e, c := closeOf(qr); e != codeSealed || c != closeSealed {
		t.Errorf("room key without room: error %q close %d, want %q %d", e, c, codeSealed, closeSealed)
	}
	for range codeBurst - 1 {
		p, _ := h.dialTyped("", wrong)
		p.send(map[string]any{"t": "hello"})
		closeOf(p)
	}
	p, _ = h.dialTyped("", ty.Code)
	p.send(map[string]any{"t": "hello", "token": "", "lang": "zh"})
	if e, c := closeOf(p); e != codeCodeWait || c != closeCodeWait {
		t.Errorf("after %d wrong codes: error %q close %d, want %q %d", codeBurst, e, c, codeCodeWait, closeCodeWait)
	}
	// The guard refills: one code per codeRefill.
	h.clock.Advance(codeRefill)
	p, _ = h.dialTyped("", ty.Code)
	p.send(map[string]any{"t": "hello", "token": "", "lang": "zh"})
	if w := p.until(func(f frame) bool { return f.T == "welcome" || f.T == "error" }); w.T != "welcome" {
		t.Errorf("after a refill the right code got %s %s", w.T, w.Code)
	}

	for _, path := range []string{"/", "/?room=" + h.srv.Room(), "/key", "/healthz", "/static/app.js", "/static/net.js"} {
		resp, err := http.Get(h.ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		for what, secret := range map[string]string{"the room key": h.srv.PublicKey().String(), "the code": `"` + ty.Code + `"`} {
			if strings.Contains(string(b), secret) {
				t.Errorf("GET %s holds %s", path, what)
			}
		}
		if path == "/key" && !strings.Contains(string(b), h.srv.TypedPublicKey().String()) {
			t.Errorf("GET /key: %s", b)
		}
	}
}

// TestTypedKeyKept: a resumed room keeps its typed key and code (phones
// that typed them come back); a new room gets new ones.
func TestTypedKeyKept(t *testing.T) {
	dir := t.TempDir()
	k1, c1, err := typedKey(dir, "ABCDEF", true)
	if err != nil {
		t.Fatal(err)
	}
	k2, c2, err := typedKey(dir, "ABCDEF", false)
	if err != nil || k1 != k2 || c1 != c2 {
		t.Fatalf("resumed: %v %v %q %q", err, k1 == k2, c1, c2)
	}
	k3, c3, err := typedKey(dir, "ABCDEF", true)
	if err != nil || k3 == k1 {
		t.Fatalf("fresh: %v, same key %v (codes %q %q)", err, k3 == k1, c1, c3)
	}
}

// guess is one typed join with code from the local address from, as a
// guesser makes it: the error code the host refuses it with ("" when it
// was let in).
func (h *harness) guess(from, code string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := sealed.DialTyped(ctx, strings.TrimPrefix(h.ts.URL, "http://"), "", code, dialerFrom(from))
	if err != nil {
		return "", err
	}
	defer ws.Close()
	if err := ws.WriteJSON(map[string]any{"t": "hello", "token": "", "lang": "zh"}); err != nil {
		return "", err
	}
	for {
		ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, data, err := ws.ReadMessage()
		if err != nil {
			return "", err
		}
		var f frame
		json.Unmarshal(data, &f)
		switch f.T {
		case "welcome":
			return "", nil
		case "error":
			return f.Code, nil
		}
	}
}

// TestTypedGuesserLocksOutNobody: while a guest who never saw the big
// screen tries codes as fast as it can from its own address (4 workers),
// the host checks codeBurst of them (the clock stands still), and every
// honest typed join from other addresses gets in, as does every phone
// seated by a typed join coming back with its token, even from the
// guesser's own address (a token is not a guess).
func TestTypedGuesserLocksOutNobody(t *testing.T) {
	h := newHarness(t, Config{Players: 8})
	code := h.srv.Typed().Code
	wrong := "2222"
	if wrong == code {
		wrong = "3333"
	}
	const guesser = "127.0.0.2"
	var (
		mu              sync.Mutex
		checked, waited int
		other           []string
	)
	stop := make(chan struct{})
	locked := make(chan struct{}) // the guesser has used its guesses
	var once sync.Once
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 2000 { // bounded: the honest phones below are done long before
				select {
				case <-stop:
					return
				default:
				}
				got, err := h.guess(guesser, wrong)
				mu.Lock()
				switch {
				case err != nil:
					other = append(other, err.Error())
				case got == codeCode:
					checked++
				case got == codeCodeWait:
					waited++
					if waited >= 20 {
						once.Do(func() { close(locked) })
					}
				default:
					other = append(other, got)
				}
				mu.Unlock()
			}
		}()
	}
	select {
	case <-locked:
	case <-time.After(30 * time.Second):
		close(stop)
		wg.Wait()
		t.Fatalf("the guesser was never held back: %d checked, %d waited, %q", checked, waited, other)
	}

	// 15 honest typed joins, each phone from its own address; the first 6
	// take seats.
	const honest, seated = 15, 6
	admitted, back := 0, 0
	tokens := map[int]string{}
	for i := range honest {
		from := fmt.Sprintf("127.0.0.%d", 10+i)
		p, _ := h.dialTypedFrom(from, "", code)
		p.send(map[string]any{"t": "hello", "token": "", "lang": "zh"})
		if f := p.until(func(f frame) bool { return f.T == "welcome" || f.T == "error" }); f.T != "welcome" {
			t.Errorf("honest typed join %d from %s: %s", i+1, from, f.raw)
			continue
		}
		admitted++
		if i < seated {
			if f := p.join(fmt.Sprintf("打字%d", i+1), i+1); f.T != "welcome" {
				t.Fatalf("seat %d: %s", i+1, f.raw)
			}
			tokens[i+1] = p.token
		}
		p.ws.Close()
	}
	// The seated phones come back, each from its own address, and one from
	// the guesser's.
	room := h.srv.Room()
	for seat := 1; seat <= seated; seat++ {
		from := fmt.Sprintf("127.0.0.%d", 10+seat-1)
		if seat == seated {
			from = guesser
		}
		q, _ := h.dialTypedFrom(from, room, code)
		q.send(map[string]any{"t": "hello", "token": tokens[seat], "lang": "zh"})
		if f := q.until(func(f frame) bool { return f.T == "welcome" || f.T == "error" }); f.T != "welcome" || f.Seat != seat {
			t.Errorf("seat %d coming back from %s: %s", seat, from, f.raw)
			continue
		}
		back++
	}
	close(stop)
	wg.Wait()
	t.Logf("while a guesser tried %d codes from %s (%d checked, %d held back): %d of %d honest typed joins admitted, %d of %d seated phones back by their token",
		checked+waited, guesser, checked, waited, admitted, honest, back, seated)
	if checked != codeBurst {
		t.Errorf("the host checked %d of the guesser's codes, want %d (the clock stood still)", checked, codeBurst)
	}
	if len(other) > 0 {
		t.Errorf("the guesser's other answers: %q", other[:min(len(other), 5)])
	}
	// The guesser's own address, without a token, still waits.
	if got, err := h.guess(guesser, code); err != nil || got != codeCodeWait {
		t.Errorf("the right code from the guesser's address: %q, %v; want %s", got, err, codeCodeWait)
	}
}
