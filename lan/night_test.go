package lan

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/game/bots"
)

// TestNightEndsAtItsMinimum: the first night of a 12-player table through
// the real server, the cadence on at its default tick, phones sending as
// the page does (one frame a tick, cadenceLead before the host's tick) and
// sensible bots behind them, on the manual clock. Every seat with a task
// taps some seconds after its phone showed the night, teammates half a
// second apart (people do not tap at the same instant): each follows a
// teammate's pick it sees on its phone when it taps. Then the killers and
// the police agree, every input is in, and the night ends within a second
// of its minimum instead of running to its deadline. (With the old
// one-second tick a teammate's pick arrived up to 1.2 s after the tap: the
// next teammate had already chosen, and the night ran to its end.)
func TestNightEndsAtItsMinimum(t *testing.T) {
	const players = 12
	every := defaultCadence
	lead := cadenceLead(every)
	for _, variant := range []string{"classic-2.0", "standard-003"} {
		t.Run(variant, func(t *testing.T) {
			h := newHarness(t, Config{Variant: variant, Players: players, Seed: 7, Cadence: every})
			tb := newTable(t, h, players, 7)
			h.host(HostCommand{Do: HostStart})
			start := h.clock.Now()
			bot := make([]bots.Bot, players+1)
			for seat := 1; seat <= players; seat++ {
				bot[seat] = bots.NewBot("sensible", rand.New(rand.NewPCG(7, uint64(seat))))
			}
			type seen struct {
				at   time.Duration
				view game.PlayerView
			}
			history := make([][]seen, players+1) // the views each phone showed, by tick
			tapAt := make([]time.Duration, players+1)
			queued := make([][]game.Command, players+1)
			var nightAt, endAt time.Duration // the night's countdown starts; the day comes
			var timer *game.Timer
			var hold int
			for tick := 1; endAt == 0; tick++ {
				now := h.clock.Now().Sub(start)
				if now > 5*time.Minute {
					t.Fatalf("the first night did not end in %v", now)
				}
				// The send slot: cadenceLead before the tick. A seat whose
				// tap came by then acts on the view its phone showed then.
				slot := time.Duration(tick)*every - lead
				for seat := 1; seat <= players; seat++ {
					if tapAt[seat] > 0 && tapAt[seat] <= slot {
						var v game.PlayerView
						for _, s := range history[seat] {
							if s.at <= tapAt[seat] {
								v = s.view
							}
						}
						queued[seat] = append(queued[seat], bot[seat].Act(&v, nil).Commands...)
						for i := range queued[seat] {
							queued[seat][i].Seat, queued[seat][i].Round = 0, v.Table.Round
						}
						tapAt[seat] = -1 // acted this night
					}
					p := tb.phones[seat]
					if len(queued[seat]) == 0 {
						p.send(`{"t":"pad"}`)
						continue
					}
					c := queued[seat][0]
					queued[seat] = queued[seat][1:]
					p.nextID++
					p.send(cmdFrame(fmt.Sprintf("n%d-%d", seat, p.nextID), c))
				}
				for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Microsecond) {
					got := 0
					h.do(func(s *session) {
						for c := range s.out.clients {
							got += c.tickIn
						}
					})
					if got == players {
						break
					}
					if time.Now().After(deadline) {
						t.Fatalf("tick %d: the host has %d of %d frames", tick, got, players)
					}
				}
				h.clock.Advance(start.Add(time.Duration(tick) * every).Sub(h.clock.Now()))
				now = h.clock.Now().Sub(start)
				for seat := 1; seat <= players; seat++ {
					p := tb.phones[seat]
					f := p.until(func(f frame) bool { return f.T == "pad" || f.T == "ack" || (f.T == "error" && f.ID != "") })
					if f.T == "error" {
						t.Logf("seat %d at %v: %s", seat, now, f.raw)
					}
					v := p.playerView()
					history[seat] = append(history[seat], seen{now, v})
					if v.Table.Phase != "night" {
						if nightAt > 0 && endAt == 0 {
							endAt = now
						}
						continue
					}
					if v.Table.Timer != nil && v.Table.Timer.Kind == "night" && nightAt == 0 {
						nightAt, timer, hold = now, v.Table.Timer, v.Table.Hold
					}
					if tapAt[seat] == 0 {
						for _, task := range v.Tasks {
							if !task.Done && task.Waiting == "" && !task.Locked {
								tapAt[seat] = now + thinkTime(seat, task, v)
								break
							}
						}
					}
				}
			}
			if timer == nil {
				t.Fatal("no night timer")
			}
			least := time.Duration(hold+timer.MinSeconds) * time.Second
			took := endAt - nightAt
			t.Logf("%s: the night (minimum %d s, hold %d s, deadline %d s) took %v", variant, timer.MinSeconds, hold, timer.Seconds, took)
			if took > least+time.Second {
				t.Errorf("the night took %v; its minimum is %v (and its deadline %d s): the teams did not agree in time", took, least, timer.Seconds)
			}
		})
	}
}

// thinkTime is how long a seat looks at its night before it taps: two
// seconds for the first of a team, then half a second more for each
// teammate its phone shows before it (by seat), so a team's taps come half
// a second apart.
func thinkTime(seat int, task game.Task, v game.PlayerView) time.Duration {
	d := 2 * time.Second
	if !task.Group && !task.Shared {
		return d
	}
	for _, k := range v.Known {
		if k.Role == task.Role && k.Target.Seat < seat && k.Target.Seat != 0 {
			d += 500 * time.Millisecond
		}
	}
	return d
}

// cmdFrame is a phone's cmd frame for c.
func cmdFrame(id string, c game.Command) []byte {
	type cmd struct {
		T  string `json:"t"`
		ID string `json:"id"`
		game.Command
	}
	return mustJSON(cmd{T: "cmd", ID: id, Command: c})
}
