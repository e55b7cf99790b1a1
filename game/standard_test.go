package game

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// dealStd12 is standard-003 §15 Example 1's deal: police 1, 5, 10; killers
// 3, 8, 12; civilians 2, 4, 6, 7, 9, 11.
var dealStd12 = []string{"police", "civilian", "killer", "civilian", "police", "civilian", "civilian", "killer", "civilian", "police", "civilian", "killer"}

// tdo applies a command that the rules must accept.
func tdo(t *testing.T, g *Game, seat int, do string, target ...int) []Event {
	t.Helper()
	c := Command{Seat: seat, Do: do}
	if len(target) > 0 {
		x := SeatTarget(target[0])
		c.Target = &x
	}
	es, err := g.Apply(c)
	if err != nil {
		t.Fatalf("seat %d %s %v: refused: %v", seat, do, target, err)
	}
	return es
}

// treject applies a command that the rules must refuse; it returns the
// reason.
func treject(t *testing.T, g *Game, seat int, do string, target ...int) string {
	t.Helper()
	c := Command{Seat: seat, Do: do}
	if len(target) > 0 {
		x := SeatTarget(target[0])
		c.Target = &x
	}
	n := len(g.Events())
	_, err := g.Apply(c)
	if err == nil {
		t.Fatalf("seat %d %s %v: accepted, want a refusal", seat, do, target)
	}
	if len(g.Events()) != n {
		t.Fatalf("a refused command emitted events")
	}
	return err.Error()
}

// tnight plays a night of a single-role game: every living killer kills
// kill, every living police checks check, then the deadline.
func tnight(t *testing.T, g *Game, kill, check int) {
	t.Helper()
	for _, k := range g.s.LivingWith("killer") {
		tdo(t, g, k, "kill", kill)
	}
	for _, p := range g.s.LivingWith("police") {
		tdo(t, g, p, "check", check)
	}
	tdo(t, g, 0, "timeout")
}

// tpassTo passes the floor until seat has it (seat 0: until nobody has it).
func tpassTo(t *testing.T, g *Game, seat int) {
	t.Helper()
	for g.s.Phase == PhaseDay && g.s.Day.Speaker != 0 && g.s.Day.Speaker != seat {
		tdo(t, g, g.s.Day.Speaker, "pass")
	}
	if seat != 0 && (g.s.Phase != PhaseDay || g.s.Day.Speaker != seat) {
		t.Fatalf("seat %d never got the floor", seat)
	}
}

// eventTypes lists the events' types.
func eventTypes(es []Event) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.Type())
	}
	return out
}

func TestStandardDeck(t *testing.T) {
	// §2's table: players → police = killers, civilians, lastWords.
	table := map[int][2]int{
		6: {2, 2}, 7: {2, 3}, 8: {2, 4}, 9: {2, 5}, 10: {2, 6},
		11: {3, 5}, 12: {3, 6}, 13: {3, 7}, 14: {3, 8},
		15: {4, 7}, 16: {4, 8}, 17: {4, 9}, 18: {4, 10},
	}
	for n := 6; n <= 18; n++ {
		want := table[n]
		got, err := ProposedDeal("standard-003", n)
		if err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		counts := map[string]int{}
		for _, rc := range got {
			counts[rc.Role] = rc.Count
		}
		if counts["police"] != want[0] || counts["killer"] != want[0] || counts["civilian"] != want[1] || len(counts) != 3 {
			t.Errorf("%d players: deck %v, want %d police, %d killers, %d civilians", n, got, want[0], want[0], want[1])
		}
		// A random deal from the seed deals exactly that deck, and the
		// last-words quota is the starting number of police (§8).
		g, err := New(Setup{Variant: "standard-003", Players: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		if p, k := g.s.CountRole("police", false), g.s.CountRole("killer", false); p != want[0] || k != want[0] {
			t.Errorf("%d players: dealt %d police, %d killers", n, p, k)
		}
		if g.s.Opts.LastWords != want[0] {
			t.Errorf("%d players: lastWords %d, want %d", n, g.s.Opts.LastWords, want[0])
		}
	}
	for _, n := range []int{5, 19} {
		if _, err := ProposedDeal("standard-003", n); err == nil {
			t.Errorf("%d players accepted; standard-003 is for 6 to 18", n)
		}
	}
}

func TestStandardOptions(t *testing.T) {
	g := newTestGame(t, "standard-003", dealStd12, "")
	o := g.s.Opts
	want := Options{
		LastWords: 3, SpeechMode: "turns", SpeechStart: "left", SpeechDirection: "cw",
		VoteMode: "sequential-open", VoteCallOrder: "speech", SelfVote: false, Abstain: true,
		TieRounds: 4, TieVoters: "all", TieFinal: "lots", SelfReveal: true,
		Huddle: true, HuddleSeconds: 5,
		NightMaxSeconds: 90, NightMinSeconds: 30, SpeechSeconds: 90, LastWordsSeconds: 60,
		PKSpeechSeconds: 60, VoteCallSeconds: 10, // 10, not §12's 5: a real hand needs the time
	}
	// Compare the options §12 names; the rest are other variants' or
	// shared timers not listed there.
	names := []string{"lastWords", "speechMode", "speechStart", "speechDirection", "voteMode", "voteCallOrder",
		"selfVote", "abstain", "tieRounds", "tieVoters", "tieFinal", "selfReveal", "huddle", "huddleSeconds",
		"nightMaxSeconds", "nightMinSeconds", "speechSeconds", "lastWordsSeconds", "pkSpeechSeconds", "voteCallSeconds"}
	gotV, wantV := o.OptionValues(names), want.OptionValues(names)
	for _, n := range names {
		if gotV[n] != wantV[n] {
			t.Errorf("default %s = %v, want %v", n, gotV[n], wantV[n])
		}
	}

	cases := []struct {
		opts string
		ok   bool
	}{
		{`{"huddle":false,"huddleSeconds":10}`, true},
		{`{"tieRounds":1,"tieVoters":"non-tied","tieFinal":"draw"}`, true},
		{`{"tieFinal":"none"}`, true},
		{`{"speechStart":"right","speechDirection":"ccw","voteCallOrder":"reverse-speech"}`, true},
		{`{"selfReveal":false,"lastWords":0}`, true},
		{`{"voteMode":"secret"}`, true},
		{`{"tieFinal":"killers-win"}`, false}, // not in §12
		{`{"tieFinal":"all-die"}`, false},
		{`{"voteMode":"tokens"}`, false},
		{`{"tieRounds":0}`, false},
		{`{"civiliansWipedOut":"draw"}`, false}, // classic-2.0's, not this variant's
		{`{"doctorVsShot":true}`, false},
	}
	for _, c := range cases {
		d := make([][]string, len(dealStd12))
		for i, r := range dealStd12 {
			d[i] = []string{r}
		}
		_, err := New(Setup{Variant: "standard-003", Players: 12, Deal: d, Options: json.RawMessage(c.opts)})
		if (err == nil) != c.ok {
			t.Errorf("options %s: err %v, want ok=%v", c.opts, err, c.ok)
		}
	}
}

func TestStandardKnowledgeAndTargets(t *testing.T) {
	g := newTestGame(t, "standard-003", dealStd12, "")
	knows := func(seat int) []int {
		var out []int
		for _, k := range g.s.variant.Knows(&g.s, seat, nil) {
			out = append(out, k.Target.Seat)
		}
		return out
	}
	for seat, want := range map[int][]int{1: {1, 5, 10}, 3: {3, 8, 12}, 2: nil, 11: nil} {
		if got := knows(seat); !slices.Equal(got, want) {
			t.Errorf("seat %d knows %v, want %v (§3)", seat, got, want)
		}
	}
	// §5: the killers may kill anyone alive, themselves included (匪自杀);
	// the police may check anyone alive but a police.
	kill, check := g.s.Night.Steps[0], g.s.Night.Steps[1]
	if got := g.LegalTargets(kill, SeatTarget(3)); len(got) != 12 {
		t.Errorf("kill targets %v, want all 12", got)
	}
	if got := g.LegalTargets(check, SeatTarget(1)); !slices.Equal(got, seatList(2, 3, 4, 6, 7, 8, 9, 11, 12)) {
		t.Errorf("check targets %v", got)
	}
	if why := treject(t, g, 1, "check", 5); !strings.Contains(why, "police") {
		t.Errorf("check on a police refused with %q", why)
	}
	if why := treject(t, g, 2, "kill", 4); !strings.Contains(why, "no kill action") {
		t.Errorf("a civilian's kill refused with %q", why)
	}
	if why := treject(t, g, 3, "skip"); !strings.Contains(why, "mandatory") {
		t.Errorf("skipping the kill refused with %q (R8)", why)
	}
}

// TestStandardHuddle checks R7: the police-only suspect board opens with the
// check answer, takes changeable markers, answers nothing, and holds the
// night's early end for huddleSeconds.
func TestStandardHuddle(t *testing.T) {
	g := newTestGame(t, "standard-003", dealStd12, "")
	if _, _, ok := g.HuddleHold(); ok {
		t.Fatal("huddle hold before any check answer")
	}
	if why := treject(t, g, 1, "suspect", 8); !strings.Contains(why, "opens once") {
		t.Errorf("marker before the answer refused with %q", why)
	}
	for _, p := range []int{1, 5} {
		tdo(t, g, p, "check", 8)
	}
	treject(t, g, 1, "suspect", 8) // not locked yet: no answer yet
	es := tdo(t, g, 10, "check", 8)
	if got := eventTypes(es); !slices.Equal(got, []string{"act", "lock", "result"}) {
		t.Fatalf("the last police's check gave %v", got)
	}
	key, secs, ok := g.HuddleHold()
	if !ok || secs != 5 || key != es[2].Seq {
		t.Fatalf("HuddleHold = %d, %d, %v; want the result's seq %d, 5 s", key, secs, ok, es[2].Seq)
	}
	es = tdo(t, g, 5, "suspect", 3)
	if len(es) != 1 || !slices.Equal(es[0].Audience, []int{1, 5, 10}) {
		t.Fatalf("marker events %+v: police only", es)
	}
	tdo(t, g, 5, "suspect", 12) // changeable
	tdo(t, g, 1, "suspect", 12)
	for seat, want := range map[int]int{1: 2, 10: 2, 3: 0, 2: 0} {
		pv := g.PlayerView(seat)
		if len(pv.Huddle) != want {
			t.Errorf("seat %d sees %d markers, want %d", seat, len(pv.Huddle), want)
		}
	}
	if pv := g.PlayerView(10); pv.Huddle[1].Seat != 5 || pv.Huddle[1].Target.Seat != 12 {
		t.Errorf("police board %+v: seat 5's marker moved to 12", pv.Huddle)
	}
	for _, why := range []string{treject(t, g, 2, "suspect", 3), treject(t, g, 3, "suspect", 1)} {
		if !strings.Contains(why, "only the police") {
			t.Errorf("a non-police marker refused with %q", why)
		}
	}
	key2, _, _ := g.HuddleHold()
	if key2 != key {
		t.Errorf("the hold's key moved with the markers")
	}
	for _, k := range []int{3, 8, 12} {
		tdo(t, g, k, "kill", 6)
	}
	tdo(t, g, 0, "timeout")
	if _, _, ok := g.HuddleHold(); ok {
		t.Error("huddle hold in the day")
	}
	if _, ok := lastOf[SuspectBody](g); !ok {
		t.Fatal("no marker logged")
	}
	for _, e := range g.Events() {
		if e.Public() && e.Type() == "suspect" {
			t.Error("a marker reached the table")
		}
	}

	off := newTestGame(t, "standard-003", dealStd12, `{"huddle":false}`)
	for _, p := range []int{1, 5, 10} {
		tdo(t, off, p, "check", 8)
	}
	if why := treject(t, off, 1, "suspect", 8); !strings.Contains(why, "no police huddle") {
		t.Errorf("huddle off: marker refused with %q", why)
	}
	if _, _, ok := off.HuddleHold(); ok {
		t.Error("huddle off: a hold")
	}
}

// stdDay1 plays Example 1's night (the killers kill 5, the police check 8)
// and passes day 1's floor up to speaker (0: to the ballot).
func stdDay1(t *testing.T, opts string, speaker int) *Game {
	t.Helper()
	g := newTestGame(t, "standard-003", dealStd12, opts)
	tnight(t, g, 5, 8)
	tpassTo(t, g, speaker)
	return g
}

// stdDay1Tie plays Example 1's night and day 1 up to ballot 1 of Example 2
// (§15): {3, 8} tie at 4 votes each.
func stdDay1Tie(t *testing.T, opts string) *Game {
	t.Helper()
	g := stdDay1(t, opts, 0)
	castVotes(t, g, map[int]int{1: 3, 6: 3, 9: 3, 10: 3, 2: 8, 4: 8, 7: 8, 11: 8, 3: 11, 8: 11, 12: 11})
	return g
}

// TestStandardPK covers §9 "PK" and R5: the tied speak again before every
// run-off, everyone alive votes, the tie narrows to the top of each run-off
// (all-zero keeps it), and after tieRounds ballots tieFinal decides.
func TestStandardPK(t *testing.T) {
	tie := map[int]int{1: 3, 6: 3, 8: 3, 9: 3, 10: 3, 2: 8, 3: 8, 4: 8, 7: 8, 11: 8, 12: 0}
	out8 := map[int]int{2: 8, 3: 8, 4: 8, 6: 8, 7: 8, 11: 8, 1: 3, 8: 3, 9: 3, 10: 3, 12: 3}
	zero := map[int]int{1: 0, 2: 0, 3: 0, 4: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0}
	cases := []struct {
		name     string
		opts     string
		runoffs  []map[int]int // PK ballots after ballot 1's tie
		executed int           // -1: by lot among {3, 8}; 0: nobody
		over     string
		ballots  int
	}{
		{"PK 1 decides", "", []map[int]int{out8}, 8, "", 2},
		{"PK repeated until decided (Example 2)", "", []map[int]int{tie, out8}, 8, "", 3},
		{"an all-zero PK keeps the tie", "", []map[int]int{zero, tie, out8}, 8, "", 4},
		{"cap: the 4th ballot ties → lot", "", []map[int]int{tie, tie, tie}, -1, "", 4},
		{"tieRounds 2: the first PK's tie → lot", `{"tieRounds":2}`, []map[int]int{zero}, -1, "", 2},
		{"tieRounds 1: ballot 1's tie → lot at once", `{"tieRounds":1}`, nil, -1, "", 1},
		{"tieFinal none: nobody out", `{"tieRounds":2,"tieFinal":"none"}`, []map[int]int{tie}, 0, "", 2},
		{"tieFinal draw", `{"tieRounds":2,"tieFinal":"draw"}`, []map[int]int{tie}, 0, "draw", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := stdDay1Tie(t, c.opts)
			for i, votes := range c.runoffs {
				sp, _ := lastOf[SpeechesBody](g)
				if sp.Kind != "pk-speech" || !slices.Equal(sp.Order, []int{8, 3}) {
					t.Fatalf("before run-off %d: speeches %+v, want the tied in today's order", i+2, sp)
				}
				tpassTo(t, g, 0)
				b := g.s.Day.Ballot
				if b.Index != i+2 || !slices.Equal(b.Candidates, seatList(8, 3)) || len(b.Voters) != 11 {
					t.Fatalf("run-off %d: candidates %v voters %v", b.Index, b.Candidates, b.Voters)
				}
				castVotes(t, g, votes)
			}
			ballots := 0
			for _, e := range g.Events() {
				if b, ok := e.Body.(*BallotBody); ok && b.Round == 1 {
					ballots++
				}
			}
			if ballots != c.ballots {
				t.Errorf("%d ballots, want %d", ballots, c.ballots)
			}
			ex, ok := lastOf[ExecutedBody](g)
			switch {
			case c.executed == 0 && ok:
				t.Errorf("executed %+v, want nobody", ex)
			case c.executed > 0 && (!ok || ex.Seat != c.executed || ex.By != "vote"):
				t.Errorf("executed %+v, want seat %d by vote", ex, c.executed)
			case c.executed < 0 && (!ok || ex.By != "lot" || !slices.Equal(ex.Options, seatList(3, 8)) || (ex.Seat != 3 && ex.Seat != 8)):
				t.Errorf("executed %+v, want a lot among 3 and 8", ex)
			}
			if g.s.Winner != c.over {
				t.Errorf("winner %q, want %q", g.s.Winner, c.over)
			}
		})
	}

	t.Run("the tie narrows to the run-off's top", func(t *testing.T) {
		g := stdDay1(t, "", 0)
		castVotes(t, g, map[int]int{1: 3, 2: 3, 4: 6, 7: 6, 9: 8, 11: 8, 3: 0, 6: 0, 8: 0, 10: 0, 12: 0})
		tpassTo(t, g, 0)
		if b := g.s.Day.Ballot; !slices.Equal(b.Candidates, seatList(6, 8, 3)) {
			t.Fatalf("PK 1 candidates %v, want 6, 8, 3 in today's order", b.Candidates)
		}
		castVotes(t, g, map[int]int{1: 3, 2: 3, 4: 6, 7: 6, 9: 8, 3: 0, 6: 0, 8: 0, 10: 0, 11: 0, 12: 0})
		sp, _ := lastOf[SpeechesBody](g)
		if !slices.Equal(sp.Order, []int{6, 3}) {
			t.Fatalf("PK 2 speakers %v, want 6, 3", sp.Order)
		}
		tpassTo(t, g, 0)
		if b := g.s.Day.Ballot; !slices.Equal(b.Candidates, seatList(6, 3)) {
			t.Fatalf("PK 2 candidates %v", b.Candidates)
		}
	})
}

// TestStandardExplode checks §10 and R6: a living killer may explode at any
// moment of the day; the killer dies at once, shown as a killer, never
// speaks, takes a last-words slot if one is left; a ballot in progress is
// void; an elimination already announced stands and only its last words are
// cut; then the win check, and if the game goes on the next night.
func TestStandardExplode(t *testing.T) {
	// execute6: day 1's ballot votes seat 6 out.
	execute6 := func(t *testing.T) *Game {
		g := stdDay1(t, "", 0)
		castVotes(t, g, map[int]int{1: 6, 2: 6, 3: 6, 4: 6, 7: 6, 8: 6, 9: 6, 6: 3, 10: 0, 11: 0, 12: 0})
		return g
	}
	cases := []struct {
		name      string
		reach     func(t *testing.T) *Game
		killer    int
		executed  int // the day's elimination that stands (0: none)
		slotsUsed int
		winner    string
	}{
		{"during the dawn's last words", func(t *testing.T) *Game {
			return stdDay1(t, "", 5)
		}, 12, 0, 2, ""},
		{"during speeches", func(t *testing.T) *Game {
			return stdDay1(t, "", 9)
		}, 12, 0, 2, ""},
		{"during the killer's own speech", func(t *testing.T) *Game {
			return stdDay1(t, "", 12)
		}, 12, 0, 2, ""},
		{"during a ballot: void", func(t *testing.T) *Game {
			g := stdDay1(t, "", 0)
			castVotes(t, g, map[int]int{1: 3, 6: 3, 9: 3, 2: 8})
			return g
		}, 12, 0, 2, ""},
		{"during a PK speech: the PK is void", func(t *testing.T) *Game {
			g := stdDay1Tie(t, "")
			tpassTo(t, g, 3)
			return g
		}, 12, 0, 2, ""},
		{"during a PK ballot: void", func(t *testing.T) *Game {
			g := stdDay1Tie(t, "")
			tpassTo(t, g, 0)
			castVotes(t, g, map[int]int{1: 3, 2: 8})
			return g
		}, 8, 0, 2, ""},
		{"after an execution: it stands, its last words are cut", func(t *testing.T) *Game {
			g := execute6(t)
			tpassTo(t, g, 6)
			return g
		}, 12, 6, 3, ""},
		{"no slot left: the explosion takes none", func(t *testing.T) *Game {
			g := execute6(t)
			tpassTo(t, g, 0)
			tnight(t, g, 2, 4)
			tpassTo(t, g, 9)
			return g
		}, 8, 0, 3, ""},
		{"the last killer: the good side wins at once", func(t *testing.T) *Game {
			g := newTestGame(t, "standard-003", dealStd12, "")
			tnight(t, g, 3, 8) // 匪自杀
			tpassTo(t, g, 0)
			castVotes(t, g, map[int]int{1: 8, 2: 8, 4: 8, 5: 8, 6: 8, 7: 8, 9: 8, 10: 8, 11: 8, 8: 1, 12: 1})
			tpassTo(t, g, 0)
			tnight(t, g, 2, 4)
			tpassTo(t, g, 6)
			return g
		}, 12, 0, 3, "good"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.reach(t)
			round := g.s.Round
			es := tdo(t, g, c.killer, "explode")
			ex, ok := es[0].Body.(*ExplodedBody)
			if !ok || ex.Seat != c.killer || ex.Role != "killer" || !es[0].Public() {
				t.Fatalf("first event %+v, want the public explosion of seat %d as killer", es[0], c.killer)
			}
			if g.s.Alive(SeatTarget(c.killer)) {
				t.Error("the exploded killer lives")
			}
			for _, e := range es[1:] {
				switch e.Body.(type) {
				case *TallyBody, *ExecutedBody, *SpeechesBody, *TurnBody, *TurnEndBody, *BallotBody, *CallBody:
					t.Errorf("after the explosion: %s", e.Type())
				}
			}
			if g.s.LastWordsUsed != c.slotsUsed {
				t.Errorf("%d last-words slots used, want %d", g.s.LastWordsUsed, c.slotsUsed)
			}
			executed := 0
			for _, e := range g.Events() {
				if x, ok := e.Body.(*ExecutedBody); ok && x.Round == round {
					executed = x.Seat
				}
			}
			if executed != c.executed {
				t.Errorf("executed today: %d, want %d", executed, c.executed)
			}
			if c.executed != 0 && g.s.Alive(SeatTarget(c.executed)) {
				t.Error("the elimination did not stand")
			}
			if c.winner != "" {
				if g.s.Phase != PhaseOver || g.s.Winner != c.winner {
					t.Fatalf("phase %s winner %q, want over %q", g.s.Phase, g.s.Winner, c.winner)
				}
				return
			}
			if g.s.Phase != PhaseNight || g.s.Round != round+1 {
				t.Fatalf("phase %s round %d, want night %d", g.s.Phase, g.s.Round, round+1)
			}
			if tv := g.TableView(); tv.Seats[c.killer-1].Role != "killer" {
				t.Error("the table does not show the exploded killer's role")
			}
		})
	}
	t.Run("with its quota slot gone, the next death has no last words", func(t *testing.T) {
		g := stdDay1(t, `{"lastWords":2}`, 9)
		tdo(t, g, 12, "explode") // slot 2 of 2, although seat 12 says nothing
		tnight(t, g, 2, 4)
		if sp, _ := lastOf[SpeechesBody](g); sp.Kind != "speech" {
			t.Fatalf("after night 2's dawn: %+v, want speeches at once", sp)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		g := newTestGame(t, "standard-003", dealStd12, "")
		if why := treject(t, g, 3, "explode"); !strings.Contains(why, "day action") {
			t.Errorf("at night: %q", why)
		}
		tnight(t, g, 8, 2) // the killers kill killer 8
		for seat, want := range map[int]string{2: "only a killer", 1: "only a killer", 8: "dead"} {
			if why := treject(t, g, seat, "explode"); !strings.Contains(why, want) {
				t.Errorf("seat %d: %q, want %q", seat, why, want)
			}
		}
		off := newTestGame(t, "standard-003", dealStd12, `{"selfReveal":false}`)
		tnight(t, off, 5, 8)
		if why := treject(t, off, 3, "explode"); !strings.Contains(why, "not part of this game") {
			t.Errorf("selfReveal false: %q", why)
		}
	})
}

// TestStandardWin adds §11's cases the shared win table does not cover.
func TestStandardWin(t *testing.T) {
	cases := []struct {
		name string
		dead []int
		want string
	}{
		{"all killers dead", []int{3, 8, 12}, "good"},
		{"all police dead, civilians alive", []int{1, 5, 10}, "killers"},
		{"all civilians dead (屠城), police alive", []int{2, 4, 6, 7, 9, 11}, "killers"},
		{"one of each left", []int{1, 5, 3, 8, 2, 4, 6, 7, 9}, ""},
	}
	for _, c := range cases {
		g := newTestGame(t, "standard-003", dealStd12, "", c.dead...)
		if got, _ := g.s.variant.Win(&g.s); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
