package game

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// wwBotMove is botMove for werewolf-12, which runs its own phases: a random
// seat sends one random command its view offers and has not done yet (a
// werewolf's re-pick of an agreed-on knife excluded), with a side for the
// sheriff's order; a self-explosion now and then; when nobody has anything
// to do, the deadline passes.
func wwBotMove(g *Game, r *rand.Rand) bool {
	if g.Over() {
		return false
	}
	for _, i := range r.Perm(g.s.Players) {
		var cmds []Command
		for _, c := range legalCommands(g.PlayerView(i + 1)) {
			switch c.Do {
			case ActExplode:
				if r.IntN(40) != 0 {
					continue
				}
			case "order":
				c.Args = wwArgs{Side: []string{"left", "right"}[r.IntN(2)]}
			}
			cmds = append(cmds, c)
		}
		pv := g.PlayerView(i + 1)
		for _, t := range pv.Tasks {
			if t.Group && t.Done { // the knife: one pick each, then the deadline
				cmds = nil
			}
		}
		if len(cmds) > 0 {
			_, _ = g.Apply(cmds[r.IntN(len(cmds))])
			return !g.Over()
		}
	}
	_, _ = g.Apply(Command{Do: ActTimeout})
	return !g.Over()
}

// TestWerewolfOptions: every option of §13 is accepted with its values and
// refused with a value outside them.
func TestWerewolfOptions(t *testing.T) {
	for _, tc := range []struct {
		opts string
		ok   bool
	}{
		{`{"board":"seer-witch-hunter-guard","sheriff":false,"emptyKnife":false,"witchSelfSave":"never","witchTwoPotions":true,"guardAndSave":"survives","nightLastWords":"every-night","shotLastWords":true,"explodeLastWords":true,"electionExplode":"lost","sheriffVote":2,"revealedIdiotGod":false,"revealedIdiotBadge":"keep","simultaneousWin":"draw","wolfWin":"all","voteMode":"secret","selfVote":true,"abstain":false,"tieRounds":1,"tieVoters":"all","tieFinal":"lots","selfReveal":false,"speechStart":"right","speechDirection":"ccw","deadSeeAll":true,"knifeSeconds":30,"witchWindowSeconds":10,"standSeconds":10,"campaignSeconds":60,"skillSeconds":5,"badgeSeconds":20,"orderSeconds":10}`, true},
		{`{"board":"seer-witch-hunter"}`, false},
		{`{"sheriffVote":3}`, false},
		{`{"witchSelfSave":"sometimes"}`, false},
		{`{"lastWords":3}`, false},
		{`{"voteMode":"sequential-open"}`, false},
		{`{"emptyKnife":"yes"}`, false},
	} {
		_, err := New(Setup{Variant: "werewolf-12", Players: 12, Seed: 1, Options: []byte(tc.opts)})
		if (err == nil) != tc.ok {
			t.Errorf("%s: got %v, want ok %v", tc.opts, err, tc.ok)
		}
	}
}

// TestWerewolfGuardBoard: board seer-witch-hunter-guard deals a guard
// instead of the idiot.
func TestWerewolfGuardBoard(t *testing.T) {
	g, err := New(Setup{Variant: "werewolf-12", Players: 12, Seed: 7, Options: []byte(`{"board":"seer-witch-hunter-guard"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if g.s.CountRole("guard", false) != 1 || g.s.CountRole("idiot", false) != 0 || g.s.CountRole("werewolf", false) != 4 {
		t.Fatalf("the guard board's deal: %+v", g.s.Seats)
	}
	if g.s.Night.StepByAction("protect") == nil {
		t.Fatal("no protect step on night 1")
	}
}

// TestWerewolfNoSheriff: with sheriff false, day 1 opens with its dawn.
func TestWerewolfNoSheriff(t *testing.T) {
	g, err := New(Setup{Variant: "werewolf-12", Players: 12, Seed: 3, Options: []byte(`{"sheriff":false}`)})
	if err != nil {
		t.Fatal(err)
	}
	mustApply(g, Command{Do: ActTimeout})
	mustApply(g, Command{Do: ActTimeout})
	next := ""
	for i, e := range g.Events() {
		if e.Type() == "deaths" {
			next = g.Events()[i+1].Type()
			if next == "result" { // the hunter's status
				next = g.Events()[i+2].Type()
			}
		}
	}
	if next != "dawn" {
		t.Fatalf("day 1 opens with %q, not its dawn", next)
	}
}

// TestWerewolfClock: the host's clock ends an open knife at knifeSeconds,
// and a complete night no sooner than nightMinSeconds after nightfall and
// witchWindowSeconds after the knife closed (§5, R2).
func TestWerewolfClock(t *testing.T) {
	deal := [][]string{{"villager"}, {"werewolf"}, {"seer"}, {"villager"}, {"werewolf"}, {"witch"}, {"villager"}, {"hunter"}, {"werewolf"}, {"idiot"}, {"villager"}, {"werewolf"}}
	g, err := New(Setup{Variant: "werewolf-12", Players: 12, Seed: 1, Deal: deal})
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Clock(); p.Seconds != 60 || p.Early != nil {
		t.Fatalf("open knife: plan %+v, want due at 60 s", p)
	}
	for _, x := range []int{2, 5, 9, 12} {
		mustApply(g, Command{Seat: x, Do: "kill", Target: &Target{Seat: 7}})
	}
	lock := 0
	for _, e := range g.Events() {
		if l, ok := e.Body.(*LockBody); ok && l.Action == "kill" {
			lock = e.Seq
		}
	}
	// no early end yet, but the witch's window is measured from the lock
	if p := g.Clock(); p.Seconds != 120 || !slices.Equal(p.Early, []Wait{{Seconds: 120}, {Seq: lock, Seconds: 15}}) {
		t.Fatalf("closed knife, inputs missing: plan %+v", p)
	}
	mustApply(g, Command{Seat: 3, Do: "check", Target: &Target{Seat: 5}})
	mustApply(g, Command{Seat: 6, Do: "skip"})
	mustApply(g, Command{Seat: 6, Do: "skip"})
	for _, x := range []int{1, 4, 7, 8, 10, 11} {
		mustApply(g, Command{Seat: x, Do: "sleep"})
	}
	p := g.Clock()
	want := []Wait{{Seconds: 60}, {Seq: lock, Seconds: 15}}
	if p.Seconds != 120 || len(p.Early) != 2 || p.Early[0] != want[0] || p.Early[1] != want[1] {
		t.Fatalf("complete night: plan %+v, want early %+v", p, want)
	}
}

// TestWerewolfStandClock: the stand window stays open until its timeout,
// which the host's clock sends as soon as every living player has chosen.
func TestWerewolfStandClock(t *testing.T) {
	g, err := New(Setup{Variant: "werewolf-12", Players: 12, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	mustApply(g, Command{Do: ActTimeout}) // the knife's deadline
	mustApply(g, Command{Do: ActTimeout}) // the night's end
	if g.s.Day == nil || g.s.Day.Stage != StageStand {
		t.Fatalf("no stand window after night 1: %+v", g.s.Day)
	}
	for seat := 1; seat <= 11; seat++ {
		mustApply(g, Command{Seat: seat, Do: ActSkip})
	}
	if p := g.Clock(); p.Early != nil || p.Seconds != 15 {
		t.Fatalf("one choice missing: plan %+v", p)
	}
	mustApply(g, Command{Seat: 12, Do: "stand"})
	if p := g.Clock(); len(p.Early) != 1 || p.Early[0] != (Wait{}) {
		t.Fatalf("every choice in: plan %+v, want due at once", p)
	}
	if g.s.Day.Stage != StageStand {
		t.Fatal("the stand window closed before its timeout")
	}
	mustApply(g, Command{Do: ActTimeout})
	if w := wwOf(&g.s); w.sheriff != 12 {
		t.Fatalf("the only candidate is not the sheriff: %+v", w)
	}
}

// TestWerewolfOutcomeStats: a finished game's outcome counts, per seat,
// the badge won or handed, the witch's potions and the hunter's shot
// (SeatOutcome.Stats), and nothing for the seats that did none of them.
func TestWerewolfOutcomeStats(t *testing.T) {
	for _, c := range []struct {
		script string
		want   map[int][]Stat
	}{
		// §17 Example 13: the antidote on night 1, the hunter's shot, the
		// poison on the last night; nobody stood for the badge
		{"ex13-simultaneous-good", map[int][]Stat{6: {{StatSave, 1}, {StatPoison, 1}}, 8: {{StatShot, 1}}}},
		// Example 11: the poison on night 1, seat 3 sheriff unopposed
		{"ex11-good-side-wins", map[int][]Stat{3: {{StatSheriff, 1}}, 6: {{StatPoison, 1}}}},
	} {
		t.Run(c.script, func(t *testing.T) {
			sc := readScript(t, "testdata/werewolf-12/"+c.script+".json")
			g, err := New(sc.Setup)
			if err != nil {
				t.Fatal(err)
			}
			for i, cmd := range sc.Steps {
				if _, err := g.Apply(cmd); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			out, ok := g.Outcome()
			if !ok {
				t.Fatal("the game is not over")
			}
			for _, so := range out.Seats {
				if !slices.Equal(so.Stats, c.want[so.Seat]) {
					t.Errorf("seat %d (%v): stats %v, want %v", so.Seat, so.Roles, so.Stats, c.want[so.Seat])
				}
			}
		})
	}
}

// TestAddStatKeepsTheDeclaredOrder: counts are summed per kind and listed
// in the order the variants declare them, whatever order they came in.
func TestAddStatKeepsTheDeclaredOrder(t *testing.T) {
	var s []Stat
	for _, k := range []StatKind{StatShot, StatPoison, StatSheriff, StatPoison} {
		s = AddStat(s, k, 1)
	}
	if want := []Stat{{StatSheriff, 1}, {StatPoison, 2}, {StatShot, 1}}; !slices.Equal(s, want) {
		t.Errorf("got %v, want %v", s, want)
	}
}

// TestWerewolfFirstSpeakerInTheView: during the sheriff's order turn the
// table view (and so every phone's, the sheriff's included) carries who
// speaks first on each side (§10.1: from the single dead, else from the
// sheriff, who speaks last); once he chose, the view carries the first
// speaker of the order the engine opened.
func TestWerewolfFirstSpeakerInTheView(t *testing.T) {
	for _, c := range []struct {
		script string
		starts []WWStarts // at each order turn of the script
	}{
		// Example 1: a peaceful night, sheriff 3: the walk starts beside him
		{"ex1-witch-saves-unopposed-sheriff", []WWStarts{{Left: 4, Right: 2}}},
		// Example 3: two deaths (1, 8), sheriff 4: beside him again
		{"ex3-poisoned-hunter-dead-sheriff", []WWStarts{{Left: 5, Right: 3}}},
		// Example 4: day 1 as Example 1; day 2 one death (8), the anchor:
		// left 9 was shot, so 10; right 7
		{"ex4-hunter-shoots-order-left", []WWStarts{{Left: 4, Right: 2}, {Left: 10, Right: 7}}},
		{"ex4-hunter-shoots-order-right", []WWStarts{{Left: 4, Right: 2}, {Left: 10, Right: 7}}},
	} {
		t.Run(c.script, func(t *testing.T) {
			sc := readScript(t, "testdata/werewolf-12/"+c.script+".json")
			g, err := New(sc.Setup)
			if err != nil {
				t.Fatal(err)
			}
			turns := 0
			for i, cmd := range sc.Steps {
				tv := g.TableView()
				w := tv.Ext.(*WWTableView)
				if cmd.Do != "order" {
					if w.Starts != nil && tv.Stage != StageOrder {
						t.Errorf("step %d: starts %+v outside the order turn (%s)", i, *w.Starts, tv.Stage)
					}
					_, _ = g.Apply(cmd) // (the scripts' refused steps change nothing)
					continue
				}
				if turns >= len(c.starts) {
					t.Fatalf("step %d: more order turns than %d", i, len(c.starts))
				}
				want := c.starts[turns]
				turns++
				if w.Starts == nil || *w.Starts != want {
					t.Errorf("step %d: starts %+v, want %+v", i, w.Starts, want)
				}
				if pw := g.PlayerView(cmd.Seat).Table.Ext.(*WWTableView); pw.Starts == nil || *pw.Starts != want {
					t.Errorf("step %d: the sheriff's phone has starts %+v, want %+v", i, pw.Starts, want)
				}
				if w.First != 0 {
					t.Errorf("step %d: a first speaker %d before the sheriff chose", i, w.First)
				}
				n := len(g.log)
				if _, err := g.Apply(cmd); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				side := cmd.Args.(wwArgs).Side
				first := want.Left
				if side == "right" {
					first = want.Right
				}
				after := g.TableView().Ext.(*WWTableView)
				if after.First != first || after.Starts != nil {
					t.Errorf("step %d: after %s, first %d and starts %+v, want %d and none", i, side, after.First, after.Starts, first)
				}
				for _, e := range g.log[n:] {
					if b, ok := e.Body.(*SpeechesBody); ok && b.Kind == StageSpeech && b.Order[0] != first {
						t.Errorf("step %d: the speeches open with %d, the view said %d", i, b.Order[0], first)
					}
				}
			}
			if turns != len(c.starts) {
				t.Errorf("%d order turns, want %d", turns, len(c.starts))
			}
		})
	}
}
