package lantest

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"nightfall/game"
	"nightfall/game/bots"
)

// Bots are seated phones whose players are game/bots bots: each looks at
// its phone's view (and the claims said aloud in the day's speeches, which
// the bots share as a table hears them) and its commands go through the
// phone. Bots never read the game: only what their phone shows.
type Bots struct {
	// Phones[seat] is the seat's phone (Phones[0] is nil).
	Phones []*Phone
	// Refused counts the commands the server refused (a stale view, a
	// rule the bot got wrong): the game goes on without them.
	Refused int

	mu      sync.Mutex
	players []bots.Bot // by seat
	claims  []bots.Claim
	pinger  int // the seat whose phone pinged last (Sync)
}

// Use gives every seat a bot of kind ("random" or "sensible",
// bots.Kinds), seat s drawing from rand.NewPCG(seed, s).
func (b *Bots) Use(kind string, seed uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.players = make([]bots.Bot, len(b.Phones))
	for seat := 1; seat < len(b.Phones); seat++ {
		b.players[seat] = bots.NewBot(kind, rand.New(rand.NewPCG(seed, uint64(seat))))
	}
}

// Close closes every phone.
func (b *Bots) Close() {
	for _, p := range b.Phones[1:] {
		p.Close()
	}
}

// Sync waits until every phone holds every frame the server queued for it
// before the call. One phone pings (its pong comes after everything queued
// before; the phones take turns, as each may send only so many frames a
// second); the others are in step once they have as many view and clock
// frames as it has, since every seated phone gets the same ones
// (PROTOCOL.md: every view change goes to every seat, and so does the
// clock). A phone that does not get there soon (it joined late or came
// back) pings too.
func (b *Bots) Sync() error {
	b.mu.Lock()
	b.pinger = b.pinger%(len(b.Phones)-1) + 1
	first := b.Phones[b.pinger]
	b.mu.Unlock()
	if err := first.Sync(); err != nil {
		return err
	}
	n := first.Broadcasts()
	for _, p := range b.Phones[1:] {
		if p != first && !p.waitFor(func() bool { return p.views+p.clocks >= n }, time.Second) {
			if err := p.Sync(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Claims are the claims said aloud so far.
func (b *Bots) Claims() []bots.Claim {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.claims)
}

// decide asks seat's bot what to do with view v; the claims a speaker
// makes are heard by all.
func (b *Bots) decide(seat int, v *game.PlayerView) []game.Command {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.players == nil {
		panic("lantest: Bots.Use was not called")
	}
	if len(v.Tasks) == 0 {
		return nil
	}
	mv := b.players[seat].Act(v, b.claims)
	if v.Table.Phase == game.PhaseDay && v.Table.Speaker == seat {
		for _, c := range mv.Claims {
			c.Seat, c.Round = seat, v.Table.Round
			b.claims = append(b.claims, c)
		}
	}
	return slices.Clone(mv.Commands) // the bot reuses its storage
}

// send sends seat's commands; false when none was taken.
func (b *Bots) send(seat int, cmds []game.Command) (took bool, err error) {
	p := b.Phones[seat]
	for _, c := range cmds {
		err := p.Do(c)
		var r *Refusal
		switch {
		case err == nil:
			took = true
		case errors.As(err, &r):
			b.mu.Lock()
			b.Refused++
			b.mu.Unlock()
		default:
			return took, err
		}
	}
	return took, nil
}

// Step syncs the phones, then lets every seat whose view has tasks act on
// what it sees now, in seat order (as the table acts from one moment: a
// command another made stale is refused and counted). It reports whether
// the server took any command: when not, the game waits for the clock.
// Step is deterministic for a given seed and server clock.
func (b *Bots) Step() (bool, error) {
	if err := b.Sync(); err != nil {
		return false, err
	}
	moves := make([][]game.Command, len(b.Phones))
	for seat := 1; seat < len(b.Phones); seat++ {
		if v, ok := b.Phones[seat].View(); ok {
			moves[seat] = b.decide(seat, &v)
		}
	}
	acted := false
	for seat, cmds := range moves {
		took, err := b.send(seat, cmds)
		if err != nil {
			return acted, err
		}
		acted = acted || took
	}
	return acted, nil
}

// Play lets every seat act by itself until ctx ends: each time its phone's
// view changes, the seat waits think(view) (nil: no wait), then acts on the
// view it holds then. With the real clock this is a table playing on its
// own (the demo mode). Play returns when ctx ends or every phone's socket
// has closed.
func (b *Bots) Play(ctx context.Context, think func(v *game.PlayerView) time.Duration) {
	var wg sync.WaitGroup
	for seat := 1; seat < len(b.Phones); seat++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.play(ctx, seat, think)
		}()
	}
	wg.Wait()
}

func (b *Bots) play(ctx context.Context, seat int, think func(v *game.PlayerView) time.Duration) {
	p := b.Phones[seat]
	var asked []byte
	for {
		changed := p.Changed()
		raw := p.RawView()
		if raw != nil && string(raw) != string(asked) {
			v, _ := p.View()
			if think != nil {
				if d := think(&v); d > 0 {
					select {
					case <-time.After(d):
					case <-ctx.Done():
						return
					}
					raw = p.RawView()
					v, _ = p.View()
				}
			}
			asked = raw
			cmds := b.decide(seat, &v)
			paused := false
			for _, c := range cmds {
				err := p.Do(c)
				var r *Refusal
				if errors.As(err, &r) {
					b.mu.Lock()
					b.Refused++
					b.mu.Unlock()
					paused = paused || r.Code == "paused"
				} else if err != nil {
					return // the socket closed
				}
			}
			if !paused {
				continue
			}
			// The host paused: try again at the next frame (the clock
			// frame of the resume).
			asked = nil
			changed = p.Changed()
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return
		}
		p.mu.Lock()
		closed := p.closed
		p.mu.Unlock()
		if closed != nil {
			return
		}
	}
}
