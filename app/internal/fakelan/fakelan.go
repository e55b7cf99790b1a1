// Package fakelan is a stand-in for the LAN server in the app's tests (and
// its demo mode): it runs the real engine (game.New + Apply) and publishes
// lan.HostView exactly as the app receives them, with the table view only.
// Players "join" and act through methods instead of phones; time is a
// settable clock.
package fakelan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"nightfall/game"
	"nightfall/lan"
)

// Backend is the fake server.
type Backend struct {
	mu       sync.Mutex
	lobby    lan.LobbyView
	opts     map[string]json.RawMessage
	seed     uint64
	g        *game.Game
	paused   bool
	timerKey int
	deadline time.Time
	left     time.Duration // while paused
	// the announcements' hold (TableView.Announce), as lan's clock holds
	// it: the timer's countdown starts when it ends
	holdKey   int
	holdUntil time.Time
	holdLeft  time.Duration // while paused
	now       func() time.Time
	subs      []chan lan.HostView
	url       string
	room      string
	hostErr   string
	Commands  []lan.HostCommand // every host command received, in order
}

// New makes a lobby for variant with players seats.
func New(variant string, players int, seed uint64) *Backend {
	b := &Backend{seed: seed, now: time.Now, room: "K7QX2M",
		url: "http://192.168.1.23:8080/?room=K7QX2M", opts: map[string]json.RawMessage{}}
	b.lobby = lan.LobbyView{Table: "Nightfall", Variants: game.Variants()}
	b.setup(variant, players)
	return b
}

// SetClock replaces the clock.
func (b *Backend) SetClock(now func() time.Time) {
	b.mu.Lock()
	b.now = now
	b.mu.Unlock()
}

func (b *Backend) setup(variant string, players int) {
	b.lobby.Variant, b.lobby.Players = variant, players
	seats := make([]lan.LobbySeat, players)
	for i := range seats {
		seats[i] = lan.LobbySeat{Seat: i + 1}
		if i < len(b.lobby.Seats) {
			seats[i] = b.lobby.Seats[i]
		}
	}
	b.lobby.Seats = seats
	b.lobby.Deal, _ = game.ProposedDeal(variant, players)
	b.lobby.Options = nil
	g, err := game.New(game.Setup{Variant: variant, Players: players, Seed: 1})
	if err != nil {
		return
	}
	info := g.Variant().Info()
	defaults := g.State().Opts.OptionValues(info.OptionNames)
	for _, name := range info.OptionNames {
		d, _ := json.Marshal(defaults[name])
		ov := lan.OptionView{Name: name, Value: d, Default: d}
		if v, ok := b.opts[name]; ok {
			ov.Value, ov.Set = v, true
		}
		ov.Choices = game.OptionChoices(name)
		b.lobby.Options = append(b.lobby.Options, ov)
	}
}

// Join seats a player.
func (b *Backend) Join(seat int, name string) {
	b.mu.Lock()
	b.lobby.Seats[seat-1] = lan.LobbySeat{Seat: seat, Name: name, Taken: true, Online: true}
	b.mu.Unlock()
	b.publish()
}

// JoinAll fills every empty seat with a name.
func (b *Backend) JoinAll(names ...string) {
	b.mu.Lock()
	for i := range b.lobby.Seats {
		if !b.lobby.Seats[i].Taken {
			n := fmt.Sprintf("P%d", i+1)
			if i < len(names) {
				n = names[i]
			}
			b.lobby.Seats[i] = lan.LobbySeat{Seat: i + 1, Name: n, Taken: true, Online: true}
		}
	}
	b.mu.Unlock()
	b.publish()
}

// Apply runs a player's (or the clock's) command through the engine.
func (b *Backend) Apply(cmd game.Command) error {
	b.mu.Lock()
	if b.g == nil {
		b.mu.Unlock()
		return errors.New("no game")
	}
	_, err := b.g.Apply(cmd)
	b.mu.Unlock()
	if err == nil {
		b.publish()
	}
	return err
}

// Game is the engine (tests use it to pick legal moves).
func (b *Backend) Game() *game.Game { return b.g }

// Subscribe implements ui.Backend: latest view wins.
func (b *Backend) Subscribe() (<-chan lan.HostView, func()) {
	ch := make(chan lan.HostView, 1)
	b.mu.Lock()
	b.subs = append(b.subs, ch)
	hv := b.viewLocked()
	b.mu.Unlock()
	ch <- hv
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			b.mu.Lock()
			defer b.mu.Unlock()
			if i := slices.Index(b.subs, ch); i >= 0 {
				b.subs = slices.Delete(b.subs, i, i+1)
			}
		})
	}
}

// View is the current host view.
func (b *Backend) View() lan.HostView {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.viewLocked()
}

func (b *Backend) publish() {
	b.mu.Lock()
	hv := b.viewLocked()
	subs := slices.Clone(b.subs)
	b.mu.Unlock()
	for _, ch := range subs {
		select {
		case <-ch:
		default:
		}
		select {
		case ch <- hv:
		default:
		}
	}
}

func (b *Backend) viewLocked() lan.HostView {
	hv := lan.HostView{Lobby: b.lobby, Paused: b.paused, JoinURL: b.url, Room: b.room,
		MDNSName: "Nightfall-test", Err: b.hostErr}
	hv.Lobby.Seats = slices.Clone(b.lobby.Seats)
	hv.Valid, hv.Invalid = b.validLocked()
	hv.Problem = b.problemLocked()
	if b.g != nil {
		tv := b.g.TableView()
		hv.Table = &tv
		hv.HostActions = b.g.HostActions()
		hv.Lobby.Started = true
		if p := b.g.Clock(); p.HoldKey != b.holdKey {
			b.holdKey = p.HoldKey
			b.holdLeft = time.Duration(p.Hold) * time.Second
			b.holdUntil = b.now().Add(b.holdLeft)
		}
		hold := b.holdLeft
		if !b.paused {
			hold = max(b.holdUntil.Sub(b.now()), 0)
		}
		if hold > 0 {
			hv.HoldLeft = hold
			if !b.paused {
				hv.HoldUntil = b.now().Add(hold)
			}
		}
		if tv.Timer != nil && tv.Phase != "over" {
			if tv.Timer.Key != b.timerKey {
				b.timerKey = tv.Timer.Key
				b.deadline = b.now().Add(hold + time.Duration(tv.Timer.Seconds)*time.Second)
				b.left = hold + time.Duration(tv.Timer.Seconds)*time.Second
			}
			if b.paused {
				hv.Remaining = b.left
			} else {
				hv.Deadline = b.deadline
				hv.Remaining = max(b.deadline.Sub(b.now()), 0)
			}
		}
	}
	return hv
}

// problemLocked is validLocked's reason with its figures, as the real
// server gives it for free seats.
func (b *Backend) problemLocked() *lan.StartProblem {
	ok, why := b.validLocked()
	if ok {
		return nil
	}
	p := &lan.StartProblem{Key: "other", Text: why}
	for _, s := range b.lobby.Seats {
		if !s.Taken {
			p.Key, p.Seats = "free", append(p.Seats, s.Seat)
		}
	}
	return p
}

func (b *Backend) validLocked() (bool, string) {
	for _, s := range b.lobby.Seats {
		if !s.Taken {
			return false, fmt.Sprintf("seat %d is empty", s.Seat)
		}
	}
	if len(b.lobby.Deal) == 0 {
		return false, "no deal for this player count"
	}
	return true, ""
}

// Host implements ui.Backend.
func (b *Backend) Host(cmd lan.HostCommand) error {
	b.mu.Lock()
	b.Commands = append(b.Commands, cmd)
	err := b.hostLocked(cmd)
	b.mu.Unlock()
	if err == nil {
		b.publish()
	}
	return err
}

func (b *Backend) hostLocked(cmd lan.HostCommand) error {
	started := b.g != nil
	lobbyOnly := func() error {
		if started {
			return errors.New("the game has started")
		}
		return nil
	}
	gameOnly := func() error {
		if !started || b.g.Over() {
			return errors.New("no game is running")
		}
		return nil
	}
	switch cmd.Do {
	case lan.HostSetVariant:
		if err := lobbyOnly(); err != nil {
			return err
		}
		if _, ok := game.Lookup(cmd.Variant); !ok {
			return fmt.Errorf("unknown variant %q", cmd.Variant)
		}
		b.opts = map[string]json.RawMessage{}
		b.setup(cmd.Variant, b.lobby.Players)
	case lan.HostSetPlayers:
		if err := lobbyOnly(); err != nil {
			return err
		}
		for _, s := range b.lobby.Seats {
			if s.Seat > cmd.Players && s.Taken {
				return fmt.Errorf("seat %d is taken", s.Seat)
			}
		}
		b.lobby.Seats = b.lobby.Seats[:min(len(b.lobby.Seats), cmd.Players)]
		b.setup(b.lobby.Variant, cmd.Players)
	case lan.HostSetOption:
		if err := lobbyOnly(); err != nil {
			return err
		}
		if len(cmd.Value) == 0 || string(cmd.Value) == "null" {
			delete(b.opts, cmd.Name)
		} else {
			b.opts[cmd.Name] = cmd.Value
		}
		b.setup(b.lobby.Variant, b.lobby.Players)
	case lan.HostMove:
		if err := lobbyOnly(); err != nil {
			return err
		}
		f, t := cmd.From-1, cmd.To-1
		if f < 0 || t < 0 || f >= len(b.lobby.Seats) || t >= len(b.lobby.Seats) {
			return errors.New("no such seat")
		}
		s := b.lobby.Seats
		s[f], s[t] = s[t], s[f]
		s[f].Seat, s[t].Seat = f+1, t+1
	case lan.HostRemove:
		if err := lobbyOnly(); err != nil {
			return err
		}
		b.lobby.Seats[cmd.Seat-1] = lan.LobbySeat{Seat: cmd.Seat}
	case lan.HostStart:
		if err := lobbyOnly(); err != nil {
			return err
		}
		if ok, why := b.validLocked(); !ok {
			return errors.New(why)
		}
		raw, _ := json.Marshal(b.opts)
		g, err := game.New(game.Setup{Variant: b.lobby.Variant, Players: b.lobby.Players, Seed: b.seed, Options: raw})
		if err != nil {
			return err
		}
		b.g = g
	case lan.HostPause:
		if err := gameOnly(); err != nil {
			return err
		}
		if !b.paused {
			b.paused = true
			b.left = max(b.deadline.Sub(b.now()), 0)
			b.holdLeft = max(b.holdUntil.Sub(b.now()), 0)
		}
	case lan.HostResume:
		if err := gameOnly(); err != nil {
			return err
		}
		if b.paused {
			b.paused = false
			b.deadline = b.now().Add(b.left)
			b.holdUntil = b.now().Add(b.holdLeft)
		}
	case lan.HostAddTime:
		if err := gameOnly(); err != nil {
			return err
		}
		d := time.Duration(cmd.Seconds) * time.Second
		b.deadline = b.deadline.Add(d)
		b.left += d
	case lan.HostSkip:
		if err := gameOnly(); err != nil {
			return err
		}
		if !b.paused && b.holdUntil.After(b.now()) { // skip the announcements' hold
			b.deadline = b.deadline.Add(-b.holdUntil.Sub(b.now()))
			b.holdUntil, b.holdLeft = b.now(), 0
			return nil
		}
		// The engine has no host skip yet: a timeout ends the speech the same way.
		tv := b.g.TableView()
		if tv.Speaker == 0 && tv.Stage != "discussion" {
			return errors.New("nobody is speaking")
		}
		_, err := b.g.Apply(game.Command{Do: "timeout"})
		return err
	case lan.HostEnd:
		if err := gameOnly(); err != nil {
			return err
		}
		_, err := b.g.Apply(game.Command{Do: "end"})
		return err
	case lan.HostNewGame:
		if !started || !b.g.Over() {
			return errors.New("the game is not over")
		}
		b.g = nil
		b.paused = false
	default:
		return fmt.Errorf("unknown host command %q", cmd.Do)
	}
	return nil
}

// RunClock plays the clock until ctx ends: when the running timer's deadline
// passes (and the game is not paused), the engine gets a timeout. With nobody
// acting this walks the game forward (mandatory night actions get random
// targets, calls close without votes), which is what the demo mode shows.
func (b *Backend) RunClock(ctx context.Context) {
	t := time.NewTicker(250 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			b.mu.Lock()
			due := b.g != nil && !b.g.Over() && !b.paused && b.timerKey != 0 && !b.now().Before(b.deadline)
			b.mu.Unlock()
			if due {
				_ = b.Apply(game.Command{Do: "timeout"})
			}
		}
	}
}
