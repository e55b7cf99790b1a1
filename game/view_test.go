package game

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestTimelineNamesActors: the end-of-game timeline says who did what each
// night, the first night included.
func TestTimelineNamesActors(t *testing.T) {
	sc := readScript(t, "testdata/classic-2.0/ex3-killers-win-at-dawn.json")
	g, _ := New(sc.Setup)
	for _, c := range sc.Steps {
		_, _ = g.Apply(c)
	}
	tv := g.TableView()
	if tv.Winner != "killers" || len(tv.Timeline) == 0 {
		t.Fatalf("winner %q, %d moments", tv.Winner, len(tv.Timeline))
	}
	nights := map[int]bool{}
	for _, m := range tv.Timeline {
		if m.Kind != "action" {
			continue
		}
		if m.Role == "" || len(m.Actors) == 0 {
			t.Errorf("round %d %s: no role or actors: %+v", m.Round, m.Action, m)
		}
		if m.Action == "kill" && (m.Role != "killer" || m.Actors[0] != 1) {
			t.Errorf("round %d kill by %v (%s), want the killers 1, 5", m.Round, m.Actors, m.Role)
		}
		nights[m.Round] = true
	}
	if !nights[1] || !nights[3] {
		t.Errorf("timeline nights %v, want 1..3", nights)
	}
}

// TestHostSkipAndClockOnly: the host skips an absent speaker (logged as
// by "host"); a seat cannot send the clock's timeout.
func TestHostSkipAndClockOnly(t *testing.T) {
	g2 := newTestGame(t, "classic-2.0", deal12, `{"lastWords":0}`)
	if _, err := g2.Apply(Command{Seat: 3, Do: "timeout"}); err == nil {
		t.Fatal("a seat's timeout was accepted")
	}
	if _, err := g2.Apply(Command{Do: "skip"}); err == nil {
		t.Fatal("host skip accepted at night")
	}
	v := SeatTarget(6)
	for _, k := range []int{4, 9, 12} {
		mustApply(g2, Command{Seat: k, Do: "kill", Target: &v})
	}
	mustApply(g2, Command{Do: "timeout"})
	speaker := g2.s.Day.Speaker
	events, err := g2.Apply(Command{Do: "skip"})
	if err != nil {
		t.Fatal(err)
	}
	end, ok := events[0].Body.(*TurnEndBody)
	if !ok || end.Seat != speaker || end.By != "host" {
		t.Fatalf("skip gave %s, want turn_end of seat %d by host", mustJSON(events[0]), speaker)
	}
}

// TestDeadSeeAll: with the option, a dead player's phone shows every role;
// without it, nothing more than the table.
func TestDeadSeeAll(t *testing.T) {
	for _, on := range []bool{false, true} {
		opts := `{"deadSeeAll":false}`
		if on {
			opts = `{"deadSeeAll":true}`
		}
		g := newTestGame(t, "classic-2.0", deal12, opts)
		v := SeatTarget(6)
		for _, k := range []int{4, 9, 12} {
			mustApply(g, Command{Seat: k, Do: "kill", Target: &v})
		}
		mustApply(g, Command{Do: "timeout"})
		pv := g.PlayerView(6)
		if on != (len(pv.Reveal) == 12) || pv.Spectator == on {
			t.Errorf("deadSeeAll %v: reveal %d seats, spectator %v", on, len(pv.Reveal), pv.Spectator)
		}
		if len(g.PlayerView(5).Reveal) != 0 {
			t.Errorf("a living player sees the reveal")
		}
	}
}

// TestReset: a game started again in the same storage plays exactly like a
// fresh one (simulations reuse games).
func TestReset(t *testing.T) {
	g := new(Game)
	for seed := uint64(0); seed < 20; seed++ {
		setup := Setup{Variant: "classic-2.0", Players: 8 + int(seed%10), Seed: seed}
		if err := g.Reset(setup); err != nil {
			t.Fatal(err)
		}
		fresh, _ := New(setup)
		r1 := rand.New(rand.NewPCG(seed, 1))
		r2 := rand.New(rand.NewPCG(seed, 1))
		for botMove(g, r1) {
		}
		for botMove(fresh, r2) {
		}
		if !sameState(&g.s, &fresh.s) || !reflect.DeepEqual(g.log, fresh.log) {
			t.Fatalf("seed %d: a reset game differs from a fresh one", seed)
		}
	}
	if err := g.Reset(Setup{Variant: "nope"}); err == nil || len(g.Events()) != 0 {
		t.Fatalf("a failed reset: error %v, %d events left", err, len(g.Events()))
	}
	if err := g.Reset(Setup{Variant: "classic-2.0", Players: 9}); err != nil || g.Over() || len(g.Events()) == 0 {
		t.Fatalf("a reset after a failed one: %v", err)
	}
}

// sameState compares two states' facts (not where they are stored).
func sameState(a, b *State) bool {
	x, y := *a, *b
	x.mem, y.mem = nil, nil
	return reflect.DeepEqual(x, y)
}

// TestClearMine: PlayerView.clearMine (the shared view's reset between
// seats) zeroes every field but the table part, which it keeps: a field
// added to PlayerView must be added there too.
func TestClearMine(t *testing.T) {
	var pv PlayerView
	v := reflect.ValueOf(&pv).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Int:
			f.SetInt(1)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Struct:
			f.FieldByName("Round").SetInt(3) // the table
		case reflect.Interface: // the variant's part
			f.Set(reflect.ValueOf(new(CatPlayerView)))
		default:
			t.Fatalf("PlayerView.%s: a %v, which this test cannot fill", v.Type().Field(i).Name, f.Kind())
		}
		if f.IsZero() {
			t.Fatalf("PlayerView.%s not filled", v.Type().Field(i).Name)
		}
	}
	pv.clearMine()
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Name
		if zero := v.Field(i).IsZero(); zero != (name != "Table") {
			t.Errorf("after clearMine, PlayerView.%s zero: %v", name, zero)
		}
	}
}

// TestDigestFollowsTableRoles: the public digest's type switch (record)
// treats every event type as tableRoleOf classifies it: a stage starter
// takes the pending announcements and keys the stage, an announcement is
// held, anything else only ends the run of stage starters.
func TestDigestFollowsTableRoles(t *testing.T) {
	for typ, mk := range bodyTypes {
		var p public
		p.digest(&TallyBody{}, 1) // one announcement pending
		p.digest(&VoteBody{}, 2)
		b := mk()
		p.digest(b, 3)
		switch role := tableRoleOf(b); role {
		case TableStage:
			if !p.afterStage || p.nshown != 1 || p.npending != 0 || p.stageKey != 3 {
				t.Errorf("%s (a stage starter): afterStage %v, shown %d, pending %d, stage key %d", typ, p.afterStage, p.nshown, p.npending, p.stageKey)
			}
		case TableAnnounce:
			if p.afterStage || p.npending != 2 || p.pending[1] != (held{3, 3}) || p.stageKey != 0 {
				t.Errorf("%s (an announcement): afterStage %v, pending %d (%v), stage key %d", typ, p.afterStage, p.npending, p.pending[1], p.stageKey)
			}
		default:
			if p.afterStage || p.npending != 1 || p.nshown != 0 || p.stageKey != 0 {
				t.Errorf("%s (%v): afterStage %v, pending %d, shown %d, stage key %d", typ, role, p.afterStage, p.npending, p.nshown, p.stageKey)
			}
		}
		if p.count != 3 {
			t.Errorf("%s: counted %d public events, want 3", typ, p.count)
		}
	}
}

// TestCardShapeFitsEverySeat: the held card's layout the table view gives
// fits the longest teammate list of any seat (and no more), has a line per
// card a seat holds, a camp line exactly where seats are told their camp,
// and lists the variant's roles, for every variant at both ends of its
// player range.
func TestCardShapeFitsEverySeat(t *testing.T) {
	for _, in := range Variants() {
		for _, n := range []int{in.MinPlayers, in.MaxPlayers} {
			g, err := New(Setup{Variant: in.ID, Players: n, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			tv := g.TableView()
			most, camps := 0, 0
			for seat := 1; seat <= n; seat++ {
				pv := g.PlayerView(seat)
				k := 0
				for _, x := range pv.Known {
					if x.Target.Seat != seat {
						k++
					}
				}
				most = max(most, k)
				if pv.Camp != "" {
					camps++
				}
			}
			c := tv.Card
			if c.Team != most || c.Cards != in.CardsPerSeat || c.Camp != (camps > 0) || (c.Camp && camps != n) {
				t.Errorf("%s, %d players: card %+v; want team %d, cards %d, camp line %v (%d of %d seats told a camp)",
					in.ID, n, c, most, in.CardsPerSeat, camps > 0, camps, n)
			}
			if len(tv.Roles) != len(in.Roles) || tv.Roles[0] != in.Roles[0].ID {
				t.Errorf("%s: table view's roles %v, variant's %v", in.ID, tv.Roles, in.Roles)
			}
		}
	}
}

// TestRunoffStagesNamed: the table names each stage of classic-2.0's tie
// procedure for what happens in it (worked example 2): the tied players'
// run-off speeches ("pk-speech"), then, after the second tie, the speeches
// of the players outside the tie ("others-speech", not "speech"), each
// before its ballot.
func TestRunoffStagesNamed(t *testing.T) {
	sc := readScript(t, "testdata/classic-2.0/ex1-2-plurality-tie-procedure.json")
	g, _ := New(sc.Setup)
	var stages []Stage
	for _, c := range sc.Steps {
		_, _ = g.Apply(c)
		tv := g.TableView()
		if tv.Phase == "day" && (len(stages) == 0 || stages[len(stages)-1] != tv.Stage) {
			stages = append(stages, tv.Stage)
		}
	}
	want := []Stage{"speech", "vote", "pk-speech", "vote", "others-speech", "vote"}
	i := 0 // want is in stages, in order
	for _, st := range stages {
		if i < len(want) && st == want[i] {
			i++
		}
	}
	if i < len(want) {
		t.Errorf("day stages %v: want %v among them, in order", stages, want)
	}
}
