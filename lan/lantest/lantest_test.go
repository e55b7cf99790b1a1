package lantest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/lan"
)

// The clock runs due timers in deadline order (equal deadlines in the order
// they were made), not before, and never a stopped one; Skip jumps to the
// next deadline.
func TestClockOrder(t *testing.T) {
	c := NewClock(time.Time{})
	if !c.Now().Equal(Epoch) {
		t.Fatalf("starts at %v", c.Now())
	}
	var got []string
	at := func(name string, d time.Duration) func() bool {
		return c.AfterFunc(d, func() { got = append(got, fmt.Sprintf("%s@%v", name, c.Now().Sub(Epoch))) })
	}
	at("c", 3*time.Second)
	at("a", time.Second)
	stop := at("x", 2*time.Second)
	at("b", time.Second)
	at("d", 10*time.Second)
	if !stop() || stop() {
		t.Error("stop reports cancelling once")
	}
	c.Advance(999 * time.Millisecond)
	if len(got) != 0 {
		t.Fatalf("ran early: %v", got)
	}
	c.Advance(5 * time.Second)
	if want := "[a@5.999s b@5.999s c@5.999s]"; fmt.Sprint(got) != want {
		t.Errorf("ran %v, want %s", got, want)
	}
	if next, ok := c.Next(); !ok || next.Sub(Epoch) != 10*time.Second || c.Pending() != 1 {
		t.Errorf("next %v %v, %d pending", next, ok, c.Pending())
	}
	if !c.Skip() || c.Now().Sub(Epoch) != 10*time.Second || len(got) != 4 {
		t.Errorf("Skip: now %v, ran %v", c.Now().Sub(Epoch), got)
	}
	if c.Skip() {
		t.Error("Skip with no timer")
	}
	c.Set(Epoch) // never backwards
	if c.Now().Sub(Epoch) != 10*time.Second {
		t.Errorf("went back to %v", c.Now())
	}
}

// Timers made and stopped from many goroutines while another moves the
// clock: each runs once at most (run with -race).
func TestClockConcurrent(t *testing.T) {
	c := NewClock(time.Time{})
	var mu sync.Mutex
	ran := map[int]int{}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				id := g*1000 + i
				stop := c.AfterFunc(time.Duration(i%7)*time.Millisecond, func() {
					mu.Lock()
					ran[id]++
					mu.Unlock()
				})
				if i%3 == 0 {
					stop()
				}
				_ = c.Now()
			}
		}()
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
				c.Advance(time.Millisecond)
			}
		}
	}()
	wg.Wait()
	close(done)
	c.Advance(time.Second)
	for id, n := range ran {
		if n != 1 {
			t.Errorf("timer %d ran %d times", id, n)
		}
	}
	if len(ran) < 8*133 || c.Pending() != 0 {
		t.Errorf("%d timers ran, %d pending", len(ran), c.Pending())
	}
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("玩家%d", i+1)
	}
	return out
}

// playSteps plays srv's game with bots by steps, moving the manual clock to
// its next deadline whenever nobody acts; it returns the final host view.
func playSteps(t *testing.T, srv *Server, b *Bots) lan.HostView {
	t.Helper()
	for steps := 0; ; steps++ {
		if steps > 3000 {
			t.Fatalf("the game does not end: %+v", srv.View().Table)
		}
		acted, err := b.Step()
		if err != nil {
			t.Fatal(err)
		}
		if hv := srv.View(); hv.Table != nil && hv.Table.Phase == "over" {
			return hv
		}
		if !acted {
			next(t, srv)
		}
	}
}

// next moves the clock to the end of the hold or the running timer (or,
// with neither, to the next timer).
func next(t *testing.T, srv *Server) {
	t.Helper()
	hv := srv.View()
	switch now := srv.Clock.Now(); {
	case hv.HoldUntil.After(now):
		srv.Clock.Set(hv.HoldUntil)
	case hv.Deadline.After(now):
		srv.Clock.Set(hv.Deadline)
	case !srv.Clock.Skip():
		t.Fatal("nobody acts and no timer runs")
	}
}

// Sensible bots play a game of every variant through their phones on the
// manual clock, to the end, and the server refuses almost none of their
// commands.
func TestBotsPlayEveryVariant(t *testing.T) {
	for i, in := range game.Variants() {
		t.Run(in.ID, func(t *testing.T) {
			srv := StartT(t, lan.Config{Variant: in.ID, Players: in.MinPlayers, Seed: uint64(i + 1)})
			b, err := srv.Seat(names(in.MinPlayers)...)
			if err != nil {
				t.Fatal(err)
			}
			b.Use("sensible", uint64(i))
			if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
				t.Fatal(err)
			}
			hv := playSteps(t, srv, b)
			if hv.Table.Winner == "" {
				t.Errorf("no winner: %+v", hv.Table)
			}
			t.Logf("%s: %s won, %d commands refused, %v on the clock", in.ID, hv.Table.Winner, b.Refused, srv.Clock.Now().Sub(Epoch))
		})
	}
}

// The same seed and moves give the same game: the bots' steps and the
// manual clock are deterministic.
func TestBotsDeterministic(t *testing.T) {
	play := func() string {
		srv := StartT(t, lan.Config{Variant: "classic-2.0", Players: 9, Seed: 5})
		b, err := srv.Seat(names(9)...)
		if err != nil {
			t.Fatal(err)
		}
		b.Use("random", 3)
		if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
			t.Fatal(err)
		}
		hv := playSteps(t, srv, b)
		return fmt.Sprintf("%s %d events %v", hv.Table.Winner, hv.Table.Version, srv.Clock.Now().Sub(Epoch))
	}
	if a, b := play(), play(); a != b {
		t.Errorf("two runs: %s / %s", a, b)
	}
}

// A phone's command is stamped with the round and ballot it was made from:
// a vote held back until the next ballot opens is refused as stale. The
// server's refusals come back as *Refusal.
func TestPhoneStampsAndRefusals(t *testing.T) {
	srv := StartT(t, lan.Config{Variant: "classic-2.0", Players: 8, Seed: 1})
	b, err := srv.Seat(names(8)...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Join(3, "晚到的"); !isRefusal(err, "table-full") {
		t.Errorf("joining a taken seat: %v", err)
	}
	p := b.Phones[1]
	if err := p.Do(game.Command{Do: "sleep"}); !isRefusal(err, "not-started") {
		t.Errorf("a command before the start: %v", err)
	}
	if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
		t.Fatal(err)
	}
	if err := b.Sync(); err != nil {
		t.Fatal(err)
	}
	v, ok := p.View()
	if !ok || v.Seat != 1 || v.Table.Round != 1 {
		t.Fatalf("seat 1's view: %v %+v", ok, v.Table)
	}
	var r *Refusal
	if err := p.Do(game.Command{Do: "vote", Target: &game.Target{Seat: 2}}); !isRefusal(err, "rejected") ||
		!errors.As(err, &r) || r.Rule == nil || r.Rule.Code != game.RefuseDayAction || r.Rule.Action != "vote" {
		t.Errorf("a vote at night: %v", err)
	}
	if err := p.Do(game.Command{Do: "sleep", Round: 7}); !isRefusal(err, "stale") ||
		!errors.As(err, &r) || r.Rule == nil || r.Rule.Code != game.RefuseStaleRound || r.Rule.Round != 7 || r.Rule.Now != 1 {
		t.Errorf("a command from round 7: %v", err)
	}
	if p.Token() == "" || p.Mode() != "player" || p.Seat() != 1 || p.Names()["1"] != "玩家1" {
		t.Errorf("token %q, mode %q, seat %d, names %v", p.Token(), p.Mode(), p.Seat(), p.Names())
	}
	if c := p.Clock(); c == nil || c.Key == 0 || c.Remaining <= 0 {
		t.Errorf("clock frame %+v", c)
	}
}

func isRefusal(err error, code string) bool {
	var r *Refusal
	return errors.As(err, &r) && r.Code == code
}

// Play: bots act by themselves as views come, the test only moving the
// clock; the game ends.
func TestBotsPlayByThemselves(t *testing.T) {
	srv := StartT(t, lan.Config{Variant: "classic-2.0", Players: 10, Seed: 9})
	b, err := srv.Seat(names(10)...)
	if err != nil {
		t.Fatal(err)
	}
	b.Use("sensible", 9)
	ctx, cancel := context.WithCancel(context.Background())
	played := make(chan struct{})
	go func() { b.Play(ctx, nil); close(played) }()
	defer func() { cancel(); <-played }()
	if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		hv := srv.View()
		if hv.Table.Phase == "over" {
			t.Logf("%s won at %v on the clock (%d refused)", hv.Table.Winner, srv.Clock.Now().Sub(Epoch), b.Refused)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end: %+v", hv.Table)
		}
		time.Sleep(2 * time.Millisecond)
		srv.Clock.Advance(time.Second)
	}
}
