package game

import (
	"slices"
	"testing"
)

// TestWerewolfNightClock: the host's clock plan of a werewolf-12 night
// (§5 "Night length", R2): due at knifeSeconds while the knife is open; from
// the knife's lock on the plan holds the witch's window measured from that
// lock (the clock starts a Seq's stopwatch when it first sees it), and once
// every input is in an early end waits for it as well as nightMinSeconds;
// the same on a night whose witch is dead.
func TestWerewolfNightClock(t *testing.T) {
	g, err := New(Setup{Variant: "werewolf-12", Players: 12, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	role := func(r string) (seats []int) {
		for i, s := range g.State().Seats {
			if s.Cards[0].Role == r {
				seats = append(seats, i+1)
			}
		}
		return seats
	}
	witch := role("witch")[0]
	lockSeq := func() int {
		for i := len(g.log) - 1; i >= 0; i-- {
			if l, ok := g.log[i].Body.(*LockBody); ok && l.Action == "kill" {
				return g.log[i].Seq
			}
		}
		return 0
	}
	// night checks one night: the plan before the knife, after it, and
	// once every input is in; knife is the seat the werewolves knife
	night := func(name string, knife int) {
		t.Helper()
		p := g.Clock()
		if p.Early != nil || p.Seconds != 60 {
			t.Fatalf("%s, the knife open: plan %+v, want due at the knife deadline (60 s)", name, p)
		}
		for _, w := range role("werewolf") {
			if g.State().Seat(w).Alive() {
				if _, err := g.Apply(Command{Seat: w, Do: "kill", Target: seatPtr(knife)}); err != nil {
					t.Fatal(err)
				}
			}
		}
		seq := lockSeq()
		if p := g.Clock(); !slices.Equal(p.Early, []Wait{{Seconds: 120}, {Seq: seq, Seconds: 15}}) {
			t.Fatalf("%s, the knife closed, inputs missing: plan %+v, want the night's deadline and the witch's window from seq %d", name, p, seq)
		}
		for seat := 1; seat <= 12; seat++ {
			for _, task := range g.PlayerView(seat).Tasks {
				c := Command{Seat: seat, Do: ActSkip}
				switch {
				case task.Done || task.Waiting != "" && task.Action != "poison":
					continue
				case task.Action == ActSleep:
					c.Do = ActSleep
				case task.Action == "check":
					c.Do, c.Target = "check", &task.Targets[0]
				}
				if _, err := g.Apply(c); err != nil {
					t.Fatalf("seat %d %s: %v", seat, c.Do, err)
				}
			}
		}
		if !g.NightComplete() {
			t.Fatalf("%s: inputs missing: %+v", name, g.State().Night)
		}
		if p := g.Clock(); !slices.Equal(p.Early, []Wait{{Seconds: 60}, {Seq: seq, Seconds: 15}}) {
			t.Fatalf("%s, every input in: plan %+v, want the night's minimum and the witch's window", name, p)
		}
	}
	night("night 1", witch)
	for g.TableView().Phase != "night" || g.TableView().Round < 2 {
		if g.Over() {
			t.Fatal("over before night 2")
		}
		if _, err := g.Apply(Command{Do: ActTimeout}); err != nil {
			t.Fatal(err)
		}
	}
	if g.State().Seat(witch).Alive() {
		t.Fatalf("the witch (seat %d) lives on night 2; dawn %+v", witch, g.TableView().Dawn)
	}
	others := slices.DeleteFunc(g.State().Living(), func(s int) bool { return slices.Contains(role("werewolf"), s) })
	night("night 2, the witch dead", others[0])
}

func seatPtr(s int) *Target { t := SeatTarget(s); return &t }
