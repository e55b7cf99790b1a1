package lan

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/lan/sealed"
)

// dialTyped joins as a phone that typed the host's address and code.
func (h *harness) dialTyped(room, code string) (*phone, sealed.Key) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, key, err := sealed.DialTyped(ctx, strings.TrimPrefix(h.ts.URL, "http://"), room, code, dialerFrom(h.from))
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
// the right one is refused (4007) until the guard refills; the room key and
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
	h.srv.codes.mu.Lock()
	h.srv.codes.last = h.srv.codes.last.Add(-codeRefill)
	h.srv.codes.mu.Unlock()
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
