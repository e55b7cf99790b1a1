package game

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

// v4Deal16 is the deal of rules/v4.0.md §14: butterfly 1, sniper 2, police 3,
// doctor 4, elder 5, killers 6–9, civilians 10–16.
var v4Deal16 = []string{"butterfly", "sniper", "police", "doctor", "elder",
	"killer", "killer", "killer", "killer",
	"civilian", "civilian", "civilian", "civilian", "civilian", "civilian", "civilian"}

func v4Game(t *testing.T, opts string) *Game {
	t.Helper()
	d := make([][]string, len(v4Deal16))
	for i, r := range v4Deal16 {
		d[i] = []string{r}
	}
	setup := Setup{Variant: "v4.0", Players: 16, Seed: 11, Deal: d}
	if opts != "" {
		setup.Options = json.RawMessage(opts)
	}
	g, err := New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// v4Do applies a command that must be accepted (target 0: none).
func v4Do(t *testing.T, g *Game, seat int, do string, target int) []Event {
	t.Helper()
	c := Command{Seat: seat, Do: do}
	if target != 0 {
		x := SeatTarget(target)
		c.Target = &x
	}
	es, err := g.Apply(c)
	if err != nil {
		t.Fatalf("seat %d %s %d rejected: %v", seat, do, target, err)
	}
	return es
}

// v4Reject applies a command that must be refused, and returns the reason.
func v4Reject(t *testing.T, g *Game, seat int, do string, target int) string {
	t.Helper()
	c := Command{Seat: seat, Do: do}
	if target != 0 {
		x := SeatTarget(target)
		c.Target = &x
	}
	if _, err := g.Apply(c); err == nil {
		t.Fatalf("seat %d %s %d was accepted; want a rejection", seat, do, target)
	} else {
		return err.Error()
	}
	return ""
}

// v4PlayNight plays one night of the §14 deal: acts maps an action to its target
// (0 = skip); the killers all select acts["kill"]; a missing optional action
// is skipped, a missing check is left to the timeout. It returns the dawn.
func v4PlayNight(t *testing.T, g *Game, acts map[string]int) DawnBody {
	t.Helper()
	seats := map[string]int{"hug": 1, "shoot": 2, "check": 3, "save": 4, "silence": 5}
	for _, a := range []string{"hug", "shoot", "kill", "check", "save", "silence"} {
		if a == "kill" {
			for _, k := range g.s.LivingWith("killer") {
				v4Do(t, g, k, "kill", acts["kill"])
			}
			continue
		}
		seat := seats[a]
		if !g.s.Seat(seat).Alive() {
			continue
		}
		x, ok := acts[a]
		switch {
		case ok && x != 0:
			v4Do(t, g, seat, a, x)
		case a != "check":
			v4Do(t, g, seat, "skip", 0)
		}
	}
	return v4Timeout(t, g)
}

func v4Timeout(t *testing.T, g *Game) DawnBody {
	t.Helper()
	es, err := g.Apply(Command{Do: "timeout"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if d, ok := e.Body.(*DawnBody); ok {
			return *d
		}
	}
	t.Fatal("no dawn after the night's timeout")
	return DawnBody{}
}

// v4EndDay lets every timer run out (nobody votes) until the next night.
func v4EndDay(t *testing.T, g *Game) {
	t.Helper()
	for g.s.Phase == PhaseDay {
		if _, err := g.Apply(Command{Do: "timeout"}); err != nil {
			t.Fatal(err)
		}
	}
}

func seatsOf(ts []Target) []int {
	out := []int{}
	for _, x := range ts {
		out = append(out, x.Seat)
	}
	return out
}

// TestV4ResolutionTable runs §6 on its own: every row of the hug table, the
// butterfly table (R3), void actions (R4), one save for all attacks (R5),
// needles (R6), the hugged killer (R7), one death per player (R16), the
// silence, and butterflyProtectsHugged (R2).
func TestV4ResolutionTable(t *testing.T) {
	type row struct {
		name              string
		H, Sn, K, D, E    int
		needles           map[int]int
		protect, noButter bool
		dead              []int
		newNeedles        map[int]int
		silenced          int
	}
	rows := []row{
		// Step 3 — the butterfly table.
		{name: "B attacked, not saved, no hug: B dies alone", K: 1, dead: []int{1}},
		{name: "B shot, not saved: B dies and takes H (Example 1)", H: 12, Sn: 1, K: 14, D: 10, dead: []int{1, 12, 14}, newNeedles: map[int]int{10: 1}},
		{name: "B killed, not saved: the attack passes to H", H: 12, K: 1, dead: []int{1, 12}},
		{name: "B attacked and saved: survives, no needle; H gets a needle", H: 11, K: 1, D: 1, newNeedles: map[int]int{11: 1}},
		{name: "B attacked and saved, H at one needle: H dies (Example 4)", H: 11, K: 1, D: 1, needles: map[int]int{11: 1}, dead: []int{11}, newNeedles: map[int]int{11: 2}},
		{name: "B saved, not attacked: B and H each get a needle", H: 12, D: 1, K: 14, newNeedles: map[int]int{1: 1, 12: 1}, dead: []int{14}},
		{name: "B saved, not attacked, both at one needle: both die", H: 12, D: 1, K: 14, needles: map[int]int{1: 1, 12: 1}, dead: []int{1, 12, 14}, newNeedles: map[int]int{1: 2, 12: 2}},
		{name: "B saved without a hug: only B gets a needle", D: 1, K: 14, newNeedles: map[int]int{1: 1}, dead: []int{14}},
		{name: "B neither attacked nor saved: nothing passes", H: 12, K: 13, dead: []int{13}},
		{name: "R3: H attacked directly while B is saved: H survives", H: 12, K: 12, D: 1, newNeedles: map[int]int{1: 1}},
		{name: "B falls, H saved directly: H survives without needle (Example 4 variant)", H: 11, K: 1, D: 11, needles: map[int]int{11: 1}, dead: []int{1}},
		{name: "R2: no protection for H from a direct attack", H: 12, K: 12, dead: []int{12}},
		{name: "R16: B falls and H is also killed directly: H dies once", H: 12, Sn: 1, K: 12, dead: []int{1, 12}},
		{name: "four deaths (Example 2)", H: 15, Sn: 1, K: 16, D: 10, needles: map[int]int{10: 1}, dead: []int{1, 10, 15, 16}, newNeedles: map[int]int{10: 2}},
		// Step 1 — the hug voids H's own power.
		{name: "H = sniper: the shot is void", H: 2, Sn: 13, K: 14, dead: []int{14}},
		{name: "H = sniper shooting the butterfly: void, nothing passes", H: 2, Sn: 1, K: 14, dead: []int{14}},
		{name: "H = doctor: no save (R4)", H: 4, K: 10, D: 10, dead: []int{10}},
		{name: "H = doctor: no needle either (R4)", H: 4, K: 14, D: 10, dead: []int{14}},
		{name: "H = police: nothing changes in the resolution", H: 3, K: 14, dead: []int{14}},
		{name: "H = elder: the silence is void", H: 5, K: 14, E: 10, dead: []int{14}},
		{name: "H = killer: the kill is void", H: 7, K: 14},
		{name: "R7: H = killer, the killers target the butterfly: still void", H: 7, K: 1},
		{name: "R7: H = killer, the target dies of another cause", H: 7, K: 14, Sn: 14, dead: []int{14}},
		{name: "H = civilian: nothing", H: 12, K: 14, E: 10, dead: []int{14}, silenced: 10},
		// R4 — a void attack is no attack.
		{name: "R4: void kill, self-save is a needle (Example 3)", H: 7, K: 4, D: 4, Sn: 16, dead: []int{16}, newNeedles: map[int]int{4: 1}},
		{name: "R4: void shot, a save on its target is a needle", H: 2, Sn: 10, K: 14, D: 10, dead: []int{14}, newNeedles: map[int]int{10: 1}},
		// R5 — one save covers all attacks.
		{name: "R5: the killers and the sniper on one player, saved", K: 10, Sn: 10, D: 10},
		{name: "R5: passed attack plus a direct shot on H, H saved", H: 12, K: 1, Sn: 12, D: 12, dead: []int{1}},
		{name: "R5: attacked and saved with one needle: no second needle", K: 10, D: 10, needles: map[int]int{10: 1}},
		// R16.
		{name: "R16: the killers and the sniper on one player: dies once", K: 10, Sn: 10, dead: []int{10}},
		// R6.
		{name: "R6: the second needle kills", K: 14, D: 10, needles: map[int]int{10: 1}, dead: []int{10, 14}, newNeedles: map[int]int{10: 2}},
		// Step 6 — the silence.
		{name: "silence on the butterfly: only B, never H", H: 12, K: 14, E: 1, dead: []int{14}, silenced: 1},
		{name: "silence on H works (R2)", H: 12, K: 14, E: 12, dead: []int{14}, silenced: 12},
		{name: "a silenced player who dies is still named", K: 10, E: 10, dead: []int{10}, silenced: 10},
		// R2's option.
		{name: "protect: a kill aimed at H is void", protect: true, H: 12, K: 12},
		{name: "protect: a shot aimed at H is void", protect: true, H: 12, Sn: 12, K: 14, dead: []int{14}},
		{name: "protect: a save on H is void, no needle", protect: true, H: 12, D: 12, K: 14, dead: []int{14}},
		{name: "protect: a silence on H is void", protect: true, H: 12, E: 12, K: 14, dead: []int{14}},
		{name: "protect: H still falls with the butterfly", protect: true, H: 12, K: 1, dead: []int{1, 12}},
		{name: "protect: a passed save still needles H", protect: true, H: 12, K: 1, D: 1, newNeedles: map[int]int{12: 1}},
		// No butterfly at the start of the night.
		{name: "no butterfly: plain attacks and saves", noButter: true, K: 10, Sn: 11, D: 11, dead: []int{10}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			n := v4Night{B: 1, H: r.H, Sn: r.Sn, K: r.K, D: r.D, E: r.E, Protect: r.protect,
				Role:    func(p int) string { return v4Deal16[p-1] },
				Needles: func(p int) int { return r.needles[p] },
			}
			if r.noButter {
				n.B = 0
			}
			out := v4ResolveNight(n)
			if r.dead == nil {
				r.dead = []int{}
			}
			if out.Dead == nil {
				out.Dead = []int{}
			}
			if !slices.Equal(out.Dead, r.dead) {
				t.Errorf("dead %v, want %v", out.Dead, r.dead)
			}
			if r.newNeedles == nil {
				r.newNeedles = map[int]int{}
			}
			if !maps.Equal(out.Needles, r.newNeedles) {
				t.Errorf("needles %v, want %v", out.Needles, r.newNeedles)
			}
			if out.Silenced != r.silenced {
				t.Errorf("silenced %d, want %d", out.Silenced, r.silenced)
			}
		})
	}
}

// TestV4NeedlesAcrossNights: needles are kept for the whole game, from a
// direct save and from a save passed through the butterfly, as secret marks.
func TestV4NeedlesAcrossNights(t *testing.T) {
	g := v4Game(t, "")
	d := v4PlayNight(t, g, map[string]int{"kill": 13, "check": 9, "save": 10})
	if !slices.Equal(seatsOf(d.Dead), []int{13}) {
		t.Fatalf("night 1 dead %v", d.Dead)
	}
	if n := g.s.Mark(SeatTarget(10), "needles"); n != 1 {
		t.Fatalf("needles(10) = %d after night 1, want 1", n)
	}
	v4EndDay(t, g)
	// Night 2: the butterfly hugs 10, the doctor saves the unattacked
	// butterfly: B and H each get a needle; 10 reaches 2.
	d = v4PlayNight(t, g, map[string]int{"hug": 10, "kill": 14, "check": 8, "save": 1})
	if !slices.Equal(seatsOf(d.Dead), []int{10, 14}) {
		t.Fatalf("night 2 dead %v, want [10 14]", d.Dead)
	}
	if n := g.s.Mark(SeatTarget(1), "needles"); n != 1 {
		t.Errorf("needles(1) = %d, want 1", n)
	}
	v4EndDay(t, g)
	// Night 3: a second direct save on the butterfly kills it.
	d = v4PlayNight(t, g, map[string]int{"kill": 15, "check": 7, "save": 1})
	if !slices.Equal(seatsOf(d.Dead), []int{1, 15}) {
		t.Fatalf("night 3 dead %v, want [1 15]", d.Dead)
	}
	marks := 0
	for _, e := range g.Events() {
		if _, ok := e.Body.(*MarkBody); ok {
			marks++
			for seat := 1; seat <= 16; seat++ {
				if e.VisibleTo(seat) {
					t.Errorf("needle mark %+v is visible to seat %d", e.Body, seat)
				}
			}
		}
	}
	if marks != 4 {
		t.Errorf("%d needle marks, want 4 (10, 1, 10, 1)", marks)
	}
}

// v4Results picks the check answers out of es; each must go to the police
// (seat 3) only.
func v4Results(t *testing.T, es []Event) []ResultBody {
	t.Helper()
	var out []ResultBody
	for _, e := range es {
		if r, ok := e.Body.(*ResultBody); ok {
			if !slices.Equal(e.Audience, []int{3}) {
				t.Errorf("answer %+v sent to %v, want [3]", r, e.Audience)
			}
			out = append(out, *r)
		}
	}
	return out
}

// TestV4AnswerTiming: the police answer is delivered once both the check and
// the hug are final (G3.5, NightStep.After), "none" when the police were
// hugged (R14).
func TestV4AnswerTiming(t *testing.T) {
	t.Run("police first: the answer waits for the hug", func(t *testing.T) {
		g := v4Game(t, "")
		if rs := v4Results(t, v4Do(t, g, 3, "check", 6)); len(rs) != 0 {
			t.Fatalf("answer before the hug: %+v", rs)
		}
		if pv := g.PlayerView(3); len(pv.Results) != 0 {
			t.Fatalf("police view shows %+v before the hug", pv.Results)
		}
		v4Do(t, g, 2, "skip", 0)
		rs := v4Results(t, v4Do(t, g, 1, "hug", 12))
		if len(rs) != 1 || rs[0].Answer != "killer" || rs[0].Target != SeatTarget(6) {
			t.Fatalf("at the hug: %+v, want one 'killer' for 6", rs)
		}
	})
	t.Run("the butterfly never submits: the answer comes at night end, before the dawn", func(t *testing.T) {
		g := v4Game(t, "")
		v4Do(t, g, 3, "check", 10)
		es, err := g.Apply(Command{Do: "timeout"})
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		for _, e := range es {
			types = append(types, e.Type())
		}
		i, j := slices.Index(types, "result"), slices.Index(types, "dawn")
		if i < 0 || j < i {
			t.Fatalf("events at timeout %v: want a result before the dawn", types)
		}
		if rs := v4Results(t, es); rs[0].Answer != "not-killer" {
			t.Errorf("answer %q, want not-killer", rs[0].Answer)
		}
	})
	t.Run("the butterfly skips: the answer comes at the skip", func(t *testing.T) {
		g := v4Game(t, "")
		v4Do(t, g, 3, "check", 10)
		if rs := v4Results(t, v4Do(t, g, 1, "skip", 0)); len(rs) != 1 {
			t.Fatalf("at the skip: %+v", rs)
		}
	})
	// The butterfly (1) hugs the police (3), who checks 6: 'none', in
	// either order, at the second of the two actions.
	type act struct {
		seat   int
		do     string
		target int
	}
	hug, check := act{1, "hug", 3}, act{3, "check", 6}
	for _, c := range []struct {
		name          string
		first, second act
	}{
		{"hug first, on the police: 'none' at the check", hug, check},
		{"police first, then hugged: 'none' at the hug", check, hug},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := v4Game(t, "")
			v4Do(t, g, c.first.seat, c.first.do, c.first.target)
			rs := v4Results(t, v4Do(t, g, c.second.seat, c.second.do, c.second.target))
			if len(rs) != 1 || rs[0].Answer != "none" {
				t.Fatalf("got %+v, want 'none'", rs)
			}
		})
	}
	t.Run("butterfly dead: the answer comes at the check", func(t *testing.T) {
		g := v4Game(t, "")
		v4PlayNight(t, g, map[string]int{"kill": 1, "check": 10})
		v4EndDay(t, g)
		rs := v4Results(t, v4Do(t, g, 3, "check", 7))
		if len(rs) != 1 || rs[0].Answer != "killer" {
			t.Fatalf("got %+v, want 'killer' at once", rs)
		}
	})
}

// TestV4Silence: R10 — the dawn names the silenced player; their speech, PK
// speech and last words are skipped; a last-words slot is still used; they
// vote and can be voted for; the silence lasts one day.
func TestV4Silence(t *testing.T) {
	t.Run("alive: speech skipped, votes and is voted for", func(t *testing.T) {
		g := v4Game(t, "")
		d := v4PlayNight(t, g, map[string]int{"kill": 14, "check": 6, "silence": 12})
		if !slices.Equal(d.Silenced, []int{12}) {
			t.Fatalf("silenced %v, want [12]", d.Silenced)
		}
		if tv := g.TableView(); !tv.Seats[11].Silenced || tv.Seats[10].Silenced {
			t.Errorf("table view: seat 12 silenced %v, seat 11 %v", tv.Seats[11].Silenced, tv.Seats[10].Silenced)
		}
		v4Do(t, g, 14, "pass", 0) // last words
		v4Do(t, g, 13, "pass", 0)
		// 12's turn is skipped: 11 has the floor.
		if g.s.Day.Speaker != 11 {
			t.Fatalf("speaker %d after 13, want 11 (12 silenced)", g.s.Day.Speaker)
		}
		v4Reject(t, g, 12, "pass", 0)
		for g.s.Day.Stage != StageVote {
			v4Do(t, g, g.s.Day.Speaker, "pass", 0)
		}
		v4Do(t, g, 12, "vote", 6)
		v4Do(t, g, 11, "vote", 12)
	})
	t.Run("dead: last words skipped, the slot used", func(t *testing.T) {
		g := v4Game(t, "")
		d := v4PlayNight(t, g, map[string]int{"kill": 14, "check": 6, "silence": 14})
		if !slices.Equal(d.Silenced, []int{14}) || !slices.Equal(seatsOf(d.Dead), []int{14}) {
			t.Fatalf("dawn %+v", d)
		}
		if g.s.LastWordsUsed != 1 {
			t.Errorf("last-words slots used %d, want 1", g.s.LastWordsUsed)
		}
		if g.s.Day.Stage != StageSpeech || g.s.Day.Speaker != 13 {
			t.Errorf("stage %q speaker %d: want the speeches, 13 first", g.s.Day.Stage, g.s.Day.Speaker)
		}
		var skipped bool
		for _, e := range g.Events() {
			if te, ok := e.Body.(*TurnEndBody); ok && te.Kind == "last-words" && te.Seat == 14 && te.By == "silenced" {
				skipped = true
			}
		}
		if !skipped {
			t.Error("14's last words were not shown as skipped")
		}
	})
	t.Run("executed the same day: no last words although a slot is left", func(t *testing.T) {
		g := v4Game(t, "")
		v4PlayNight(t, g, map[string]int{"kill": 14, "check": 6, "silence": 12})
		for g.s.Day.Stage != StageVote {
			if g.s.Day.Speaker == 0 {
				t.Fatal("nobody speaking before the vote")
			}
			v4Do(t, g, g.s.Day.Speaker, "pass", 0)
		}
		for _, s := range g.s.Living() {
			if s != 12 {
				v4Do(t, g, s, "vote", 12)
			} else {
				v4Do(t, g, s, "abstain", 0)
			}
		}
		if g.s.Phase != PhaseNight || g.s.LastWordsUsed != 2 {
			t.Fatalf("phase %q, slots used %d: want night 2 with 2 slots used", g.s.Phase, g.s.LastWordsUsed)
		}
	})
	t.Run("the silence lasts one day", func(t *testing.T) {
		g := v4Game(t, "")
		v4PlayNight(t, g, map[string]int{"kill": 14, "check": 6, "silence": 12})
		v4EndDay(t, g)
		d := v4PlayNight(t, g, map[string]int{"kill": 15, "check": 7})
		if len(d.Silenced) != 0 || slices.Contains(g.s.Day.Silenced, 12) {
			t.Fatalf("day 2 silenced %v", d.Silenced)
		}
		if tv := g.TableView(); tv.Seats[11].Silenced {
			t.Error("seat 12 still shown silenced on day 2")
		}
	})
	t.Run("hugged elder: nobody silenced", func(t *testing.T) {
		g := v4Game(t, "")
		d := v4PlayNight(t, g, map[string]int{"hug": 5, "kill": 14, "check": 6, "silence": 12})
		if len(d.Silenced) != 0 {
			t.Fatalf("silenced %v, want none", d.Silenced)
		}
	})
}

// v4State builds a state of the §14 deal with the given seats dead.
func v4State(t *testing.T, dead ...int) *State {
	g := v4Game(t, "")
	for _, x := range dead {
		g.s.Seat(x).Cards[0].Alive = false
	}
	return &g.s
}

// TestV4Win: §11 in order, R13.
func TestV4Win(t *testing.T) {
	all := make([]int, 16)
	for i := range all {
		all[i] = i + 1
	}
	cases := []struct {
		name   string
		dead   []int
		winner string
	}{
		{"start: nobody wins", nil, ""},
		{"nobody alive: draw", all, "draw"},
		{"all killers dead: good", []int{6, 7, 8, 9}, "good"},
		{"all killers dead, specials partly dead: good", []int{1, 2, 3, 6, 7, 8, 9}, "good"},
		{"the last killer and the last special at once: draw", []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, "draw"},
		{"five specials dead: killers", []int{1, 2, 3, 4, 5}, "killers"},
		{"four specials dead, one killer alive: goes on", []int{1, 2, 3, 4, 7, 8, 9}, ""},
		{"3 killers against 3 (Example 6): killers", []int{1, 3, 5, 9, 10, 11, 12, 13, 14, 16}, "killers"},
		{"4 killers against 2: killers", []int{1, 3, 5, 10, 11, 12, 13, 14, 15, 16}, "killers"},
		{"3 killers against 4: goes on", []int{1, 3, 5, 9, 10, 11, 12, 14, 16}, ""},
		{"civilians all dead: no condition of its own in v4.0", []int{10, 11, 12, 13, 14, 15, 16}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := v4State(t, c.dead...)
			w, r := s.variant.Win(s)
			if w != c.winner {
				t.Errorf("winner %q (%s), want %q; living %v", w, r.Sentence(), c.winner, s.Living())
			}
		})
	}
}

// TestV4WinAtDawn: the good side's and the killers' conditions become true at
// the same dawn (the sniper shoots the last killer while the killers kill the
// last special role) → draw (R13).
func TestV4WinAtDawn(t *testing.T) {
	g := v4Game(t, "")
	// Reach: living sniper 2, killer 6, civilians 10–16 (test shortcut: kill
	// seats directly, then let a fresh night fall).
	for _, x := range []int{1, 3, 4, 5, 7, 8, 9} {
		g.s.Seat(x).Cards[0].Alive = false
	}
	g.startNight()
	v4Do(t, g, 6, "kill", 2)
	v4Do(t, g, 2, "shoot", 6)
	v4Timeout(t, g)
	if g.s.Phase != PhaseOver || g.s.Winner != "draw" {
		t.Fatalf("phase %q winner %q (%s), want a draw", g.s.Phase, g.s.Winner, g.s.Reason)
	}
}

// TestV4Targets: §5 and R9, with readable reasons.
func TestV4Targets(t *testing.T) {
	g := v4Game(t, "")
	for _, c := range []struct {
		seat int
		do   string
		want string
	}{
		{1, "hug", "butterfly cannot hug themself"},
		{2, "shoot", "sniper cannot shoot themself"},
		{3, "check", "police cannot check themself"},
		{5, "silence", "elder cannot silence themself"},
	} {
		if why := v4Reject(t, g, c.seat, c.do, c.seat); !strings.Contains(why, c.want) {
			t.Errorf("%s on self: %q, want %q", c.do, why, c.want)
		}
	}
	if why := v4Reject(t, g, 6, "skip", 0); !strings.Contains(why, "mandatory") {
		t.Errorf("killer skip: %q", why)
	}
	if why := v4Reject(t, g, 3, "skip", 0); !strings.Contains(why, "mandatory") {
		t.Errorf("police skip: %q", why)
	}
	v4Reject(t, g, 10, "kill", 11) // a civilian has no kill
	v4Do(t, g, 4, "save", 4)       // the doctor may save themself
	v4Reject(t, g, 4, "save", 5)   // a submission is final
	v4Do(t, g, 6, "kill", 6)       // the killers may choose a killer, the chooser included
	v4Do(t, g, 7, "kill", 6)
	for _, st := range g.s.Night.Steps {
		if len(st.Actors) == 0 {
			continue
		}
		targets := seatsOf(g.LegalTargets(st, st.Actors[0]))
		self := slices.Contains(targets, st.Actors[0].Seat)
		want := st.Action == "save" || st.Action == "kill"
		if self != want || len(targets) < 15 {
			t.Errorf("%s: legal targets %v", st.Action, targets)
		}
	}
}

// TestV4Setup: §2 deck and defaults, §3 knowledge, §12 options.
func TestV4Setup(t *testing.T) {
	for n := 16; n <= 20; n++ {
		rc, err := ProposedDeal("v4.0", n)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, c := range rc {
			got[c.Role] = c.Count
		}
		k := n / 4
		want := map[string]int{"butterfly": 1, "sniper": 1, "police": 1, "doctor": 1, "elder": 1, "killer": k, "civilian": n - 5 - k}
		if !maps.Equal(got, want) {
			t.Errorf("%d players: %v, want %v", n, got, want)
		}
		g, err := New(Setup{Variant: "v4.0", Players: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		if g.s.Opts.LastWords != k {
			t.Errorf("%d players: lastWords %d, want %d", n, g.s.Opts.LastWords, k)
		}
	}
	for _, n := range []int{15, 21} {
		if _, err := New(Setup{Variant: "v4.0", Players: n}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	g := v4Game(t, "")
	if ks := g.PlayerView(7).Known; len(ks) != 4 {
		t.Errorf("killer 7 knows %v, want the 4 killers", ks)
	}
	for _, seat := range []int{1, 2, 3, 4, 5, 10} {
		if ks := g.PlayerView(seat).Known; len(ks) != 0 {
			t.Errorf("seat %d knows %v, want nothing", seat, ks)
		}
	}
	if g := v4Game(t, `{"butterflyProtectsHugged":true,"lastWords":2}`); !g.s.OptBool("butterflyProtectsHugged") || g.s.Opts.LastWords != 2 {
		t.Error("options not applied")
	}
	setup := Setup{Variant: "v4.0", Players: 16, Options: json.RawMessage(`{"civiliansWipedOut":"killers-win"}`)}
	if _, err := New(setup); err == nil {
		t.Error("civiliansWipedOut accepted: v4.0 has no such condition")
	}
}
