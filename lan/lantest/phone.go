package lantest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"nightfall/game"
	"nightfall/lan"
)

// Wait is how long a phone waits for an answer of the server (a welcome,
// an ack, a pong) before giving up with an error.
var Wait = 10 * time.Second

// Frame is a server frame (lan/PROTOCOL.md "Server → client"): the fields
// of every frame type; T says which are set.
type Frame struct {
	T string `json:"t"`
	// welcome
	Token string `json:"token"`
	Seat  int    `json:"seat"`
	Mode  string `json:"mode"`
	Name  string `json:"name"`
	Room  string `json:"room"`
	// ack, error
	ID      string          `json:"id"`
	Code    string          `json:"code"`
	Reason  string          `json:"reason"`
	Refusal *game.Rejection `json:"refusal"`
	// lobby, view, table
	Lobby *lan.LobbyView    `json:"lobby"`
	View  json.RawMessage   `json:"view"`
	Table json.RawMessage   `json:"table"`
	Names map[string]string `json:"names"`
	// clock
	Key       int    `json:"key"`
	Kind      string `json:"kind"`
	Seconds   int    `json:"seconds"`
	Remaining int64  `json:"remaining"` // milliseconds
	Paused    bool   `json:"paused"`
	// evening
	Evening *lan.Evening `json:"evening"`
	// replay
	Game string `json:"game"`
	HTML string `json:"html"`
}

// Refusal is the server's error frame answering a phone's frame.
type Refusal struct {
	Code   string // PROTOCOL.md's error codes: "rejected", "stale", "seat-taken", …
	Reason string
	// Rule is the engine's refusal (codes rejected and stale): a code of
	// game.Refusals and its arguments.
	Rule *game.Rejection
}

func (r *Refusal) Error() string { return r.Code + ": " + r.Reason }

// ErrClosed is returned once a phone's socket has closed.
var ErrClosed = errors.New("lantest: the phone's socket is closed")

// Client frames (lan/PROTOCOL.md "Client → server").
type (
	helloFrame struct {
		T     string `json:"t"`
		Token string `json:"token"`
		Lang  string `json:"lang"`
	}
	joinFrame struct {
		T    string `json:"t"`
		Name string `json:"name"`
		Seat int    `json:"seat,omitempty"`
	}
	cmdFrame struct {
		T  string `json:"t"`
		ID string `json:"id"`
		game.Command
	}
	pingFrame struct {
		T string `json:"t"`
	}
	replayAsk struct {
		T    string `json:"t"`
		ID   string `json:"id"`
		Game string `json:"game,omitempty"`
		Lang string `json:"lang"`
	}
)

// MarshalJSON writes the command's variant arguments flat beside its
// shared fields, as the phone page does.
func (f cmdFrame) MarshalJSON() ([]byte, error) {
	type plain cmdFrame
	b, err := json.Marshal(plain(f))
	if err != nil {
		return nil, err
	}
	return game.AppendArgs(b, f.Args)
}

// Phone is one phone on the table: a socket to the server's /ws and a
// goroutine reading it, which keeps the latest view, table, lobby and
// clock frames and the answers (welcome, ack, error, pong) until a call
// takes them. Its methods may be called from any goroutine; the calls that
// wait for an answer (Hello, Join, Spectate, Do, Sync) are made one at a
// time. It sends no more than the server's rate limit allows (it waits
// instead), so it never meets the "rate" error.
type Phone struct {
	c      conn
	prefix string

	wmu   sync.Mutex    // one writer
	limit *rate.Limiter // below the server's: it waits instead of being refused
	n     int           // commands sent

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every frame
	closed   error
	token    string
	seat     int
	mode     string
	name     string
	view     json.RawMessage
	decoded  *game.PlayerView
	table    json.RawMessage
	names    map[string]string
	lobby    *lan.LobbyView
	evening  *lan.Evening
	clock    *Frame
	views    int     // view frames received
	clocks   int     // clock frames received
	answers  []Frame // welcome, ack, error, pong not yet taken
	refusals []Frame // error frames without an id (rate, removed, replaced, …)
}

// The client's rate limit: below the server's (burst 40, then 20 a second).
const (
	rateBurst  = 30
	ratePerSec = 15
)

var prefixes struct {
	sync.Mutex
	n int
}

// Dial connects a phone to the server of joinURL, the QR code's URL
// (http://…/?room=CODE#k=KEY), over the sealed channel. It says nothing
// yet: Hello comes next.
func Dial(joinURL string) (*Phone, error) {
	c, err := dial(joinURL)
	if err != nil {
		return nil, err
	}
	prefixes.Lock()
	prefixes.n++
	prefix := fmt.Sprintf("bot%d", prefixes.n)
	prefixes.Unlock()
	p := &Phone{c: c, prefix: prefix, limit: rate.NewLimiter(ratePerSec, rateBurst), changed: make(chan struct{})}
	go p.read()
	return p, nil
}

// Close closes the socket.
func (p *Phone) Close() error { return p.c.Close() }

func (p *Phone) read() {
	for {
		var f Frame
		if err := p.c.ReadJSON(&f); err != nil {
			p.mu.Lock()
			p.closed = fmt.Errorf("%w: %v", ErrClosed, err)
			p.wake()
			p.mu.Unlock()
			return
		}
		p.mu.Lock()
		switch f.T {
		case "welcome":
			if f.Token != "" {
				p.token = f.Token
			}
			p.seat, p.mode, p.name = f.Seat, f.Mode, f.Name
			if f.Mode == "lobby" {
				p.view, p.decoded, p.table = nil, nil, nil
			}
			p.answer(f)
		case "view":
			p.view, p.decoded, p.names = f.View, nil, f.Names
			p.views++
		case "table":
			p.table, p.names = f.Table, f.Names
		case "lobby":
			p.lobby = f.Lobby
		case "evening":
			p.evening = f.Evening
		case "clock":
			c := f
			p.clock = &c
			p.clocks++
		case "error":
			if f.ID == "" && news(f.Code) {
				p.refusals = append(p.refusals, f)
				if len(p.refusals) > 64 {
					p.refusals = p.refusals[1:]
				}
				break
			}
			p.answer(f)
		default: // ack, pong, and anything newer
			p.answer(f)
		}
		p.wake()
		p.mu.Unlock()
	}
}

// news tells the error frames that answer no frame of the phone (too
// fast, the host took the seat, another socket took over) from those
// answering a hello, join or spectate (they carry no id either).
func news(code string) bool {
	return code == "rate" || code == "removed" || code == "replaced"
}

// forget drops the answers a hello, join or spectate waits for (a welcome
// the host's move sent, say), so that the next one is this frame's.
func (p *Phone) forget() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.answers = slices.DeleteFunc(p.answers, func(f Frame) bool { return f.T == "welcome" || f.T == "error" && f.ID == "" })
}

// answer keeps f for a waiting call (the oldest are dropped past 256: acks
// and pongs nobody waited for).
func (p *Phone) answer(f Frame) {
	p.answers = append(p.answers, f)
	if len(p.answers) > 256 {
		p.answers = p.answers[1:]
	}
}

func (p *Phone) wake() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// Changed is closed at the phone's next frame (or when its socket closes).
func (p *Phone) Changed() <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.changed
}

// send writes a client frame, waiting when the rate limit asks for it.
func (p *Phone) send(v any) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if err := p.limit.Wait(context.Background()); err != nil {
		return err
	}
	return p.c.WriteJSON(v)
}

// await takes the first answer ok accepts, waiting up to Wait.
func (p *Phone) await(what string, ok func(Frame) bool) (Frame, error) {
	deadline := time.NewTimer(Wait)
	defer deadline.Stop()
	for {
		p.mu.Lock()
		for i, f := range p.answers {
			if ok(f) {
				p.answers = append(p.answers[:i], p.answers[i+1:]...)
				p.mu.Unlock()
				return f, nil
			}
		}
		changed, closed := p.changed, p.closed
		p.mu.Unlock()
		if closed != nil {
			return Frame{}, closed
		}
		select {
		case <-changed:
		case <-deadline.C:
			return Frame{}, fmt.Errorf("lantest: seat %d: no %s from the server within %v", p.Seat(), what, Wait)
		}
	}
}

// waitFor waits up to d until cond (called with p.mu held) holds.
func (p *Phone) waitFor(cond func() bool, d time.Duration) bool {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		p.mu.Lock()
		ok, changed, closed := cond(), p.changed, p.closed
		p.mu.Unlock()
		if ok {
			return true
		}
		if closed != nil {
			return false
		}
		select {
		case <-changed:
		case <-deadline.C:
			return false
		}
	}
}

// Send writes any client frame as it is (tests of the protocol itself).
func (p *Phone) Send(v any) error { return p.send(v) }

// Hello says hello with token ("" for a new phone) and the page's language,
// and waits for the welcome.
func (p *Phone) Hello(token, lang string) error {
	p.forget()
	if err := p.send(helloFrame{T: "hello", Token: token, Lang: lang}); err != nil {
		return err
	}
	f, err := p.await("welcome", func(f Frame) bool { return f.T == "welcome" || f.T == "error" })
	if err != nil {
		return err
	}
	if f.T == "error" {
		return &Refusal{f.Code, f.Reason, f.Refusal}
	}
	return nil
}

// Join takes seat (or asks for it) under name and waits for the welcome; a
// refusal is a *Refusal.
func (p *Phone) Join(name string, seat int) error {
	return p.place(joinFrame{T: "join", Name: name, Seat: seat})
}

// Spectate watches the table under name.
func (p *Phone) Spectate(name string) error {
	return p.place(joinFrame{T: "spectate", Name: name})
}

func (p *Phone) place(fr joinFrame) error {
	p.forget()
	if err := p.send(fr); err != nil {
		return err
	}
	f, err := p.await("welcome", func(f Frame) bool { return f.T == "welcome" || f.T == "error" && f.ID == "" })
	if err != nil {
		return err
	}
	if f.T == "error" {
		return &Refusal{f.Code, f.Reason, f.Refusal}
	}
	return nil
}

// Do sends a game command as the phone page does: stamped with the round
// and (for a ballot's commands while a ballot is open) the ballot of the
// view the phone holds, unless c has them already; c.Seat is left out (the
// server knows the phone's seat). It waits for the answer: nil for an ack,
// a *Refusal for an error frame. When the ack arrives the phone holds the
// views the command changed.
func (p *Phone) Do(c game.Command) error {
	c.Seat = 0
	if v, ok := p.View(); ok && v.Table.Round > 0 {
		if c.Round == 0 {
			c.Round = v.Table.Round
		}
		if b := v.Table.Ballot; c.Ballot == 0 && b != nil && !b.Closed && v.Table.Stage == game.StageVote &&
			(c.Do == "vote" || c.Do == "abstain" || c.Do == "skip") {
			c.Ballot = b.Index
		}
	}
	p.wmu.Lock()
	p.n++
	id := fmt.Sprintf("%s-%d", p.prefix, p.n)
	p.wmu.Unlock()
	if err := p.send(cmdFrame{T: "cmd", ID: id, Command: c}); err != nil {
		return err
	}
	f, err := p.await("answer to "+c.Do, func(f Frame) bool { return (f.T == "ack" || f.T == "error") && f.ID == id })
	if err != nil {
		return err
	}
	if f.T == "error" {
		return &Refusal{f.Code, f.Reason, f.Refusal}
	}
	return nil
}

// Replay asks for the replay of game (its id; "" the evening's latest)
// in lang and waits for it: the HTML file, or a *Refusal.
func (p *Phone) Replay(game, lang string) (string, error) {
	p.wmu.Lock()
	p.n++
	id := fmt.Sprintf("%s-%d", p.prefix, p.n)
	p.wmu.Unlock()
	if err := p.send(replayAsk{T: "replay", ID: id, Game: game, Lang: lang}); err != nil {
		return "", err
	}
	f, err := p.await("replay", func(f Frame) bool { return (f.T == "replay" || f.T == "error") && f.ID == id })
	if err != nil {
		return "", err
	}
	if f.T == "error" {
		return "", &Refusal{f.Code, f.Reason, f.Refusal}
	}
	return f.HTML, nil
}

// Evening is the latest scoreboard frame's (nil before the first).
func (p *Phone) Evening() *lan.Evening {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.evening
}

// Sync waits until every frame the server queued for this phone before now
// has arrived (a ping and its pong).
func (p *Phone) Sync() error {
	if err := p.send(pingFrame{T: "ping"}); err != nil {
		return err
	}
	_, err := p.await("pong", func(f Frame) bool { return f.T == "pong" })
	return err
}

// Token is the phone's secret token (empty before the welcome).
func (p *Phone) Token() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.token
}

// Seat is the phone's seat (0: none).
func (p *Phone) Seat() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.seat
}

// Mode is the phone's mode: "lobby", "player" or "spectator".
func (p *Phone) Mode() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mode
}

// View is the phone's latest game view; false before the first.
func (p *Phone) View() (game.PlayerView, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.view == nil {
		return game.PlayerView{}, false
	}
	if p.decoded == nil {
		var v game.PlayerView
		if err := json.Unmarshal(p.view, &v); err != nil {
			return game.PlayerView{}, false
		}
		p.decoded = &v
	}
	return *p.decoded, true
}

// RawView is the latest view's JSON as the server sent it (nil before the
// first); it changes exactly when the view does.
func (p *Phone) RawView() json.RawMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.view
}

// Table is a spectator's latest table view; false before the first.
func (p *Phone) Table() (game.TableView, bool) {
	p.mu.Lock()
	raw := p.table
	p.mu.Unlock()
	var tv game.TableView
	if raw == nil || json.Unmarshal(raw, &tv) != nil {
		return tv, false
	}
	return tv, true
}

// Names are the seats' names of the latest view or table frame.
func (p *Phone) Names() map[string]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.names
}

// Lobby is the latest lobby frame's view (nil before the first).
func (p *Phone) Lobby() *lan.LobbyView {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lobby
}

// Clock is the latest clock frame (nil before the first).
func (p *Phone) Clock() *Frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.clock
}

// Broadcasts counts the view and clock frames received: every seated phone
// gets the same ones once the game runs (PROTOCOL.md), so two phones that
// joined before the start are in step when their counts since then agree.
func (p *Phone) Broadcasts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.views + p.clocks
}

// Refusals takes the error frames that answered nothing (rate, removed,
// replaced), oldest first.
func (p *Phone) Refusals() []Frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.refusals
	p.refusals = nil
	return r
}
