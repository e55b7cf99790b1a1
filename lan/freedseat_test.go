package lan

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/lan/sealed"
)

// User-Agents of two phones.
const (
	uaIPhone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
	uaAndroid = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
)

// dialUA is h.dial from a browser that says ua.
func (h *harness) dialUA(ua string) *phone {
	h.t.Helper()
	ws, resp, err := sealed.Dial(h.wsURL(h.srv.Room()), h.srv.PublicKey(), dialerFrom(h.from), http.Header{"User-Agent": {ua}})
	if err != nil {
		h.t.Fatalf("dial: %v (%v)", err, resp)
	}
	p := &phone{t: h.t, h: h, ws: ws}
	h.t.Cleanup(func() { ws.Close() })
	p.send(map[string]any{"t": "hello", "lang": "en"})
	w := p.until(func(f frame) bool { return f.T == "welcome" })
	p.token = w.Token
	return p
}

// phoneCode is the phone code the phone was told in its first welcome.
func (p *phone) phoneCode() string {
	for _, f := range p.frames {
		if f.T == "welcome" && f.Phone != "" {
			return f.Phone
		}
	}
	return ""
}

func TestDeviceLabel(t *testing.T) {
	for ua, want := range map[string]string{
		uaIPhone:  "iPhone · Safari",
		uaAndroid: "Android · Chrome",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47": "iPhone · WeChat",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0":                                                    "Windows · Firefox",
		"": "", "curl/8.5.0": "",
	} {
		if got := deviceLabel(ua); got != want {
			t.Errorf("deviceLabel(%q) = %q, want %q", ua, got, want)
		}
	}
}

// TestFreedSeatQueue: the host frees seats 6 and 7. Eight squatting phones
// ask for seat 6 before its owner's new phone does, and ask again each
// time they are refused; a phone asks for seat 7. Nobody gets busy; the
// big screen shows the oldest request of each seat with the phone's device
// label and phone code (the code its phone was told) and how many wait;
// the host refuses seat 6's requests whose code is not the owner's phone's
// until the owner's comes up, and allows it. Seat 7's request waits
// untouched all along and is allowed too. No seat is given without the
// host's allow.
func TestFreedSeatQueue(t *testing.T) {
	h, tb := startedTable(t, 8, 17)
	for _, seat := range []int{6, 7} {
		h.host(HostCommand{Do: HostRemove, Seat: seat})
		tb.phones[seat].ws.Close()
	}
	var squatters []*phone
	for i := range 8 {
		p := h.dialUA(uaAndroid)
		if f := p.join(fmt.Sprintf("Squat%d", i), 6); f.Code != codePending {
			t.Fatalf("squatter %d asking for seat 6: %s", i, f.raw)
		}
		squatters = append(squatters, p)
	}
	owner := h.dialUA(uaIPhone)
	if f := owner.join("Owner", 6); f.Code != codePending {
		t.Fatalf("the owner's new phone asking for seat 6 behind eight squatters: %s", f.raw)
	}
	seven := h.dialUA(uaIPhone)
	if f := seven.join("Seven", 7); f.Code != codePending {
		t.Fatalf("asking for seat 7: %s", f.raw)
	}
	codes := map[string]*phone{}
	for _, p := range append(append([]*phone{owner, seven}, squatters...), tb.phones[1:6]...) {
		c := p.phoneCode()
		if len(c) != 4 || codes[c] != nil {
			t.Fatalf("phone codes: %q is not four digits or not unique", c)
		}
		codes[c] = p
	}
	hv := h.hostView()
	if len(hv.Requests) != 2 {
		t.Fatalf("the big screen shows %d requests, want the first of seat 6 and of seat 7: %+v", len(hv.Requests), hv.Requests)
	}
	if r := hv.Requests[0]; r.Seat != 6 || r.Waiting != 8 || r.Device != "Android · Chrome" || r.Code != squatters[0].phoneCode() || r.Name != "Squat0" {
		t.Errorf("seat 6's request: %+v", r)
	}
	if r := hv.Requests[1]; r.Seat != 7 || r.Waiting != 0 || r.Device != "iPhone · Safari" || r.Code != seven.phoneCode() {
		t.Errorf("seat 7's request: %+v", r)
	}
	sevenID := hv.Requests[1].ID
	refusals := 0
	for {
		hv = h.hostView()
		r := hv.Requests[0]
		if r.Seat != 6 {
			t.Fatalf("seat 6's request is gone: %+v", hv.Requests)
		}
		if len(hv.Requests) != 2 || hv.Requests[1].ID != sevenID {
			t.Fatalf("seat 7's request moved: %+v", hv.Requests)
		}
		if r.Code == owner.phoneCode() {
			if r.Device != "iPhone · Safari" || r.Name != "Owner" {
				t.Errorf("the owner's request: %+v", r)
			}
			break
		}
		if refusals++; refusals > 20 {
			t.Fatalf("the owner's request never came up")
		}
		h.host(HostCommand{Do: HostRefuse, Request: r.ID})
		p := codes[r.Code]
		p.until(func(f frame) bool { return f.T == "error" && f.Code == codeRefused })
		if f := p.join(r.Name, 6); f.Code != codePending { // it asks again: to the back
			t.Fatalf("a squatter asking again: %s", f.raw)
		}
	}
	if refusals != 8 {
		t.Errorf("the owner came up after %d refusals, want 8 (the squatters ahead of it)", refusals)
	}
	if hv := h.hostView(); hv.Lobby.Seats[5].Taken || hv.Lobby.Seats[6].Taken {
		t.Fatalf("a freed seat was taken without the host's allow")
	}
	h.host(HostCommand{Do: HostAllow, Request: hv.Requests[0].ID})
	owner.until(func(f frame) bool { return f.T == "welcome" && f.Seat == 6 })
	owner.until(func(f frame) bool { return f.T == "view" })
	for _, p := range squatters {
		p.until(func(f frame) bool { return f.T == "error" && f.Code == codeRefused })
	}
	h.host(HostCommand{Do: HostAllow, Request: sevenID})
	seven.until(func(f frame) bool { return f.T == "welcome" && f.Seat == 7 })
	if hv := h.hostView(); len(hv.Requests) != 0 {
		t.Errorf("requests left: %+v", hv.Requests)
	}
}

// TestServeAsksBeforeGivingAFreedSeat: headless serve frees a seat on
// "free N", prints a phone's request with its device label and the phone
// code that phone was told, gives nothing by itself, and gives the seat on
// y.
func TestServeAsksBeforeGivingAFreedSeat(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdinR, stdinW := io.Pipe()
	defer stdinW.Close()
	var out, errs syncBuffer
	args := []string{"--port", "0", "--host", "127.0.0.1", "--no-mdns", "--data", t.TempDir(), "--variant", "classic-2.0",
		"--players", "8", "--autostart", "0", "--seed", "5", "--option", "nightMinSeconds=600", "--option", "nightMaxSeconds=600"}
	done := make(chan int)
	go func() { done <- serve(ctx, args, stdinR, &out, &errs) }()
	m := out.waitFor(t, regexp.MustCompile(`Join: (http://127\.0\.0\.1:\d+/\?room=\w+#k=\S+)`))
	for seat := 1; seat <= 8; seat++ {
		ws, err := sealed.DialJoin(m[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`))
		ws.WriteMessage(websocket.TextMessage, fmt.Appendf(nil, `{"t":"join","name":"p%d","seat":%d}`, seat, seat))
	}
	out.waitFor(t, regexp.MustCompile(`Game started`))
	fmt.Fprintln(stdinW, "free 3")
	out.waitFor(t, regexp.MustCompile(`Seat 3 is free`))

	u, err := url.Parse(m[1])
	if err != nil {
		t.Fatal(err)
	}
	key, err := sealed.ParseKey(strings.TrimPrefix(u.Fragment, "k="))
	if err != nil {
		t.Fatal(err)
	}
	ws, _, err := sealed.Dial("ws://"+u.Host+"/ws?"+u.RawQuery, key, nil, http.Header{"User-Agent": {uaIPhone}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	frames := make(chan frame, 64)
	go func() { // a read that times out breaks the socket: one reader, a channel
		defer close(frames)
		for {
			_, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			var f frame
			json.Unmarshal(data, &f)
			f.raw = data
			frames <- f
		}
	}()
	read := func(d time.Duration, pred func(frame) bool) (frame, bool) {
		timeout := time.After(d)
		for {
			select {
			case f, ok := <-frames:
				if !ok {
					return frame{}, false
				}
				if pred(f) {
					return f, true
				}
			case <-timeout:
				return frame{}, false
			}
		}
	}
	ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`))
	w, ok := read(5*time.Second, func(f frame) bool { return f.T == "welcome" })
	if !ok || len(w.Phone) != 4 {
		t.Fatalf("welcome without a phone code: %s", w.raw)
	}
	ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"join","name":"新人","seat":3}`))
	if f, ok := read(5*time.Second, func(f frame) bool { return f.T == "error" }); !ok || f.Code != codePending {
		t.Fatalf("asking for seat 3: %s", f.raw)
	}
	out.waitFor(t, regexp.MustCompile(`Seat 3 is asked for by "新人" on iPhone · Safari, phone code `+w.Phone+`\. .*type y`))
	if f, ok := read(1500*time.Millisecond, func(f frame) bool { return f.T == "welcome" }); ok {
		t.Fatalf("the seat was given without the host's y: %s", f.raw)
	}
	fmt.Fprintln(stdinW, "y")
	if f, ok := read(5*time.Second, func(f frame) bool { return f.T == "welcome" }); !ok || f.Seat != 3 {
		t.Fatalf("after y: %s", f.raw)
	}
	out.waitFor(t, regexp.MustCompile(`Seat 3 given to "新人" \(code `+w.Phone+`\)`))
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d; stderr %s", code, errs.String())
	}
}
