package game

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// newTestGame deals a fixed deal (one role id per seat) and kills the given
// seats directly (test-only shortcut to reach a position).
func newTestGame(t *testing.T, variant string, deal []string, opts string, dead ...int) *Game {
	t.Helper()
	d := make([][]string, len(deal))
	for i, r := range deal {
		d[i] = []string{r}
	}
	setup := Setup{Variant: variant, Players: len(deal), Seed: 7, Deal: d}
	if opts != "" {
		setup.Options = json.RawMessage(opts)
	}
	g, err := New(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range dead {
		for i := range g.s.Seat(x).Cards {
			g.s.Seat(x).Cards[i].Alive = false
		}
	}
	return g
}

var deal12 = []string{"civilian", "police", "civilian", "killer", "civilian", "civilian", "police", "civilian", "killer", "civilian", "police", "killer"}

func TestSpeakingOrder(t *testing.T) {
	cases := []struct {
		name   string
		opts   string
		anchor int
		dead   []int
		want   []int
	}{
		{"right of the dead, counterclockwise", "", 6, []int{6}, []int{5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7}},
		{"wraps below seat 1", "", 1, []int{1}, []int{12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2}},
		{"skips dead neighbours", "", 6, []int{6, 5, 4, 10}, []int{3, 2, 1, 12, 11, 9, 8, 7}},
		{"no death yet: seat 1 first", "", 0, nil, []int{1, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2}},
		{"no anchor, seat 1 dead: next living in the direction", "", 0, []int{1, 12}, []int{11, 10, 9, 8, 7, 6, 5, 4, 3, 2}},
		{"left and clockwise (standard-003)", `{"speechStart":"left","speechDirection":"cw"}`, 5, []int{5}, []int{6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4}},
		{"a living anchor speaks last", "", 6, []int{3}, []int{5, 4, 2, 1, 12, 11, 10, 9, 8, 7, 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, "classic-2.0", deal12, c.opts, c.dead...)
			g.s.Anchor = c.anchor
			if got := g.SpeakingOrder(); !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

// TestGroupConsensus covers G4: agreement locks at once; otherwise the
// plurality at night end; a tie is a seeded pick among the tied in canonical
// order; no selection gives a mandatory action a random legal target.
func TestGroupConsensus(t *testing.T) {
	cases := []struct {
		name    string
		picks   map[int]int // killer seat → target
		by      string
		target  int   // expected lock (0: random)
		options []int // expected options of a random pick
	}{
		{"all agree: locked at once", map[int]int{4: 6, 9: 6, 12: 6}, "agreement", 6, nil},
		{"two against one", map[int]int{4: 6, 9: 6, 12: 3}, "plurality", 6, nil},
		{"one selects, the rest silent", map[int]int{9: 2}, "plurality", 2, nil},
		{"three-way split", map[int]int{4: 8, 9: 1, 12: 5}, "random", 0, []int{1, 5, 8}},
		{"nobody selects", nil, "random", 0, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, "classic-2.0", deal12, "")
			for _, seat := range []int{4, 9, 12} {
				if x, ok := c.picks[seat]; ok {
					tg := SeatTarget(x)
					mustApply(g, Command{Seat: seat, Do: "kill", Target: &tg})
				}
			}
			if c.by != "agreement" {
				mustApply(g, Command{Do: "timeout"})
			}
			var lock *LockBody
			for _, e := range g.Events() {
				if l, ok := e.Body.(*LockBody); ok && l.Action == "kill" {
					lock = l
				}
			}
			if lock == nil || lock.By != c.by {
				t.Fatalf("lock %+v, want by %s", lock, c.by)
			}
			if c.target != 0 && (lock.Target == nil || lock.Target.Seat != c.target) {
				t.Fatalf("locked on %v, want %d", lock.Target, c.target)
			}
			if c.options != nil {
				if !slices.Equal(lock.Options, seatList(c.options...)) {
					t.Fatalf("options %v, want %v", lock.Options, c.options)
				}
				if lock.Target == nil || !slices.Contains(c.options, lock.Target.Seat) {
					t.Fatalf("random pick %v outside %v", lock.Target, c.options)
				}
			}
		})
	}
	// The seeded pick is the same for the same seed, and varies with it.
	picks := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		pick := func() int {
			d := make([][]string, 12)
			for i, r := range deal12 {
				d[i] = []string{r}
			}
			g, _ := New(Setup{Variant: "classic-2.0", Players: 12, Seed: seed, Deal: d})
			a, b := SeatTarget(1), SeatTarget(8)
			mustApply(g, Command{Seat: 4, Do: "kill", Target: &a})
			mustApply(g, Command{Seat: 9, Do: "kill", Target: &b})
			mustApply(g, Command{Do: "timeout"})
			return g.s.Night.Steps[0].Final.Seat
		}
		p := pick()
		if p != pick() {
			t.Fatalf("seed %d: the tie-break is not deterministic", seed)
		}
		picks[p] = true
	}
	if !picks[1] || !picks[8] || len(picks) != 2 {
		t.Errorf("seeded picks over 40 seeds: %v, want both 1 and 8 and nothing else", picks)
	}
}

// dayGame plays night 1 of the 12-seat deal (killers kill victim) and all
// speeches, leaving ballot 1 open.
func dayGame(t *testing.T, variant, opts string, victim int) *Game {
	t.Helper()
	g := newTestGame(t, variant, deal12, opts)
	v := SeatTarget(victim)
	for _, k := range []int{4, 9, 12} {
		mustApply(g, Command{Seat: k, Do: "kill", Target: &v})
	}
	mustApply(g, Command{Do: "timeout"})
	for g.s.Day.Speaker != 0 {
		mustApply(g, Command{Seat: g.s.Day.Speaker, Do: "pass"})
	}
	return g
}

func castVotes(t *testing.T, g *Game, votes map[int]int) {
	t.Helper()
	seats := make([]int, 0, len(votes))
	for s := range votes {
		seats = append(seats, s)
	}
	slices.Sort(seats)
	for _, s := range seats {
		if votes[s] == 0 {
			mustApply(g, Command{Seat: s, Do: "abstain"})
			continue
		}
		x := SeatTarget(votes[s])
		mustApply(g, Command{Seat: s, Do: "vote", Target: &x})
	}
}

// lastOf returns a copy of the latest event body of type T.
func lastOf[T any, PT interface {
	*T
	Body
}](g *Game) (T, bool) {
	var zero T
	for i := len(g.log) - 1; i >= 0; i-- {
		if b, ok := g.log[i].Body.(PT); ok {
			return *b, true
		}
	}
	return zero, false
}

func TestTies(t *testing.T) {
	t.Run("everyone abstains: nobody out, no tie procedure (G12)", func(t *testing.T) {
		g := dayGame(t, "classic-2.0", "", 6)
		votes := map[int]int{}
		for _, s := range g.s.Living() {
			votes[s] = 0
		}
		castVotes(t, g, votes)
		tally, _ := lastOf[TallyBody](g)
		if tally.Outcome != VerdictNone || g.s.Phase != PhaseNight || g.s.Round != 2 {
			t.Fatalf("tally %+v, phase %s round %d", tally, g.s.Phase, g.s.Round)
		}
	})
	t.Run("classic: run-off with no votes at all is a tie on the same players", func(t *testing.T) {
		g := dayGame(t, "classic-2.0", "", 6)
		castVotes(t, g, map[int]int{1: 2, 3: 2, 5: 9, 7: 9, 2: 0, 4: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0})
		for g.s.Day.Speaker != 0 {
			mustApply(g, Command{Seat: g.s.Day.Speaker, Do: "pass"})
		}
		b := g.s.Day.Ballot
		if b.Index != 2 || !slices.Equal(b.Voters, []int{1, 3, 4, 5, 7, 8, 10, 11, 12}) {
			t.Fatalf("run-off %d voters %v", b.Index, b.Voters)
		}
		castVotes(t, g, map[int]int{1: 0, 3: 0, 4: 0, 5: 0, 7: 0, 8: 0, 10: 0, 11: 0, 12: 0})
		tally, _ := lastOf[TallyBody](g)
		if tally.Outcome != VerdictTie || !slices.Equal(tally.Top, seatList(2, 9)) {
			t.Fatalf("tally %+v", tally)
		}
		sp, _ := lastOf[SpeechesBody](g)
		if sp.Kind != "speech" || slices.Contains(sp.Order, 2) || slices.Contains(sp.Order, 9) {
			t.Fatalf("round 3 speakers %+v: the others speak", sp)
		}
	})
	t.Run("standard-003: PK until decided, everyone votes, capped by lots", func(t *testing.T) {
		if _, ok := Lookup("standard-003"); !ok {
			t.Skip("standard-003 not registered yet")
		}
		g := dayGame(t, "standard-003", `{"tieRounds":2}`, 6)
		castVotes(t, g, map[int]int{1: 2, 3: 2, 5: 9, 7: 9, 2: 0, 4: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0})
		sp, _ := lastOf[SpeechesBody](g)
		if sp.Kind != "pk-speech" {
			t.Fatalf("speeches %+v, want the tied's PK speeches", sp)
		}
		for g.s.Day.Speaker != 0 {
			mustApply(g, Command{Seat: g.s.Day.Speaker, Do: "pass"})
		}
		if b := g.s.Day.Ballot; len(b.Voters) != 11 {
			t.Fatalf("PK voters %v: all living vote", b.Voters)
		}
		castVotes(t, g, map[int]int{1: 2, 2: 9, 3: 2, 9: 2, 5: 9, 7: 9, 4: 0, 8: 0, 10: 0, 11: 0, 12: 0})
		ex, ok := lastOf[ExecutedBody](g)
		if !ok || ex.By != "lot" || (ex.Seat != 2 && ex.Seat != 9) {
			t.Fatalf("after the capped PK: %+v", ex)
		}
	})
	t.Run("tieVoters non-tied with nobody outside the tie: everyone votes (G13)", func(t *testing.T) {
		deal8 := []string{"killer", "civilian", "police", "civilian", "killer", "police", "civilian", "civilian"}
		g := newTestGame(t, "classic-2.0", deal8, `{"lastWords":0}`, 2, 6, 8)
		v := SeatTarget(7)
		for _, k := range []int{1, 5} {
			mustApply(g, Command{Seat: k, Do: "kill", Target: &v})
		}
		mustApply(g, Command{Do: "timeout"})
		for g.s.Day.Speaker != 0 {
			mustApply(g, Command{Seat: g.s.Day.Speaker, Do: "pass"})
		}
		castVotes(t, g, map[int]int{1: 3, 3: 1, 4: 5, 5: 4})
		for g.s.Day.Speaker != 0 {
			mustApply(g, Command{Seat: g.s.Day.Speaker, Do: "pass"})
		}
		b := g.s.Day.Ballot
		if b.Index != 2 || !slices.Equal(b.Voters, []int{1, 3, 4, 5}) || len(b.Candidates) != 4 {
			t.Fatalf("run-off %d candidates %v voters %v", b.Index, b.Candidates, b.Voters)
		}
	})
}

func TestLastWordsQuota(t *testing.T) {
	for _, q := range []int{0, 1, 3} {
		g := dayGame(t, "classic-2.0", `{"lastWords":`+string(rune('0'+q))+`}`, 6)
		got := 0
		for _, e := range g.Events() {
			if sp, ok := e.Body.(*SpeechesBody); ok && sp.Kind == "last-words" {
				got += len(sp.Order)
			}
		}
		want := min(q, 1)
		if got != want || g.s.LastWordsUsed != want {
			t.Errorf("quota %d: %d last words, %d slots used; want %d", q, got, g.s.LastWordsUsed, want)
		}
	}
}

// TestWinConditions states each variant's conditions from its rules file.
func TestWinConditions(t *testing.T) {
	deal8 := []string{"killer", "civilian", "police", "civilian", "killer", "police", "civilian", "civilian"}
	cases := []struct {
		variant string
		opts    string
		dead    []int
		want    string
	}{
		{"classic-2.0", "", []int{1, 5}, "good"},
		{"classic-2.0", "", []int{3, 6}, "killers"},
		{"classic-2.0", "", []int{2, 4, 7, 8}, "draw"},
		{"classic-2.0", `{"civiliansWipedOut":"killers-win"}`, []int{2, 4, 7, 8}, "killers"},
		{"classic-2.0", "", []int{1, 3, 2}, ""},
		{"standard-003", "", []int{1, 5}, "good"},
		{"standard-003", "", []int{3, 6}, "killers"},
		{"standard-003", "", []int{2, 4, 7, 8}, "killers"},
		{"standard-003", "", []int{2, 3, 4}, ""},
	}
	for _, c := range cases {
		if _, ok := Lookup(c.variant); !ok {
			continue
		}
		g := newTestGame(t, c.variant, deal8, c.opts, c.dead...)
		if got, _ := g.s.variant.Win(&g.s); got != c.want {
			t.Errorf("%s %s dead %v: winner %q, want %q", c.variant, c.opts, c.dead, got, c.want)
		}
	}
}

// TestDeadSpeakerPasses: whoever holds the floor may end it, alive or
// not: a dead player's view offers pass during their last words, and
// their pass ends them.
func TestDeadSpeakerPasses(t *testing.T) {
	g := newTestGame(t, "classic-2.0", []string{"killer", "police", "civilian", "civilian", "killer", "police", "civilian", "civilian"}, "")
	for _, c := range []Command{{Seat: 1, Do: "kill", Target: &Target{Seat: 3}}, {Seat: 5, Do: "kill", Target: &Target{Seat: 3}}, {Do: "timeout"}} {
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	if tv := g.TableView(); tv.Stage != "last-words" || tv.Speaker != 3 {
		t.Fatalf("stage %q speaker %d, want seat 3's last words", tv.Stage, tv.Speaker)
	}
	pv := g.PlayerView(3)
	if pv.Alive || len(pv.Tasks) != 1 || pv.Tasks[0].Action != "pass" {
		t.Fatalf("dead speaker's view: alive %v tasks %+v, want one pass", pv.Alive, pv.Tasks)
	}
	if _, err := g.Apply(Command{Seat: 3, Do: "pass"}); err != nil {
		t.Fatalf("dead speaker's pass refused: %v", err)
	}
	if tv := g.TableView(); tv.Speaker == 3 {
		t.Fatal("seat 3 still has the floor after passing")
	}
	if pv := g.PlayerView(3); len(pv.Tasks) != 0 {
		t.Fatalf("dead seat keeps tasks after its turn: %+v", pv.Tasks)
	}
}

// TestLetCallGo: in sequential-open a voter lets the called candidate go
// ("skip"); the call closes as soon as every voter has voted or let it go,
// and the deadline is not waited for.
func TestLetCallGo(t *testing.T) {
	g := newTestGame(t, "classic-2.0", []string{"killer", "police", "civilian", "civilian", "killer", "police", "civilian", "civilian"}, `{"lastWords":0}`)
	for _, c := range []Command{{Seat: 1, Do: "kill", Target: &Target{Seat: 3}}, {Seat: 5, Do: "kill", Target: &Target{Seat: 3}}, {Do: "timeout"}} {
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	for i := 0; g.TableView().Stage != "vote"; i++ {
		if i > 20 {
			t.Fatal("no vote after 20 host skips")
		}
		if _, err := g.Apply(Command{Do: "skip"}); err != nil {
			t.Fatalf("host skip: %v", err)
		}
	}
	b := g.TableView().Ballot
	if b == nil || b.Mode != "sequential-open" || b.Calling == nil {
		t.Fatalf("ballot %+v, want a sequential-open call", b)
	}
	first := *b.Calling
	voter := b.Voters[0]
	task := g.PlayerView(voter).Tasks[0]
	if task.Action != "vote" || !task.Optional || task.Passed {
		t.Fatalf("voter's task %+v, want a vote that may let the call go", task)
	}
	if _, err := g.Apply(Command{Seat: voter, Do: "skip"}); err != nil {
		t.Fatalf("let go: %v", err)
	}
	if task := g.PlayerView(voter).Tasks[0]; task.Optional || !task.Passed {
		t.Fatalf("after letting go: %+v, want passed and no second skip", task)
	}
	if _, err := g.Apply(Command{Seat: voter, Do: "skip"}); err == nil {
		t.Fatal("a second let-go of the same call was accepted")
	}
	if _, err := g.Apply(Command{Seat: 3, Do: "skip"}); err == nil {
		t.Fatal("a dead seat let a call go")
	}
	// Everyone else: one votes for the called candidate, the rest let go.
	for i, v := range b.Voters[1:] {
		if *g.TableView().Ballot.Calling != first {
			t.Fatalf("the call moved on before voter %d acted", v)
		}
		c := Command{Seat: v, Do: "skip"}
		if i == 0 && v != first.Seat {
			c = Command{Seat: v, Do: "vote", Target: &first}
		}
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	nb := g.TableView().Ballot
	if nb.Calling == nil || *nb.Calling == first || nb.Calling.Seat != b.Candidates[1].Seat {
		t.Fatalf("after everyone acted the call is %+v, want the next candidate %v", nb.Calling, b.Candidates[1])
	}
	if task := g.PlayerView(voter).Tasks[0]; !task.Optional || task.Passed {
		t.Fatalf("on the next call: %+v, want letting go offered again", task)
	}
}

// TestAnnouncements: every public result is held on the table before the
// next stage: the dawn before the last words, the tally and the
// execution before the night; the hold is announceSeconds each; a stage
// that follows a player's act opens with none.
func TestAnnouncements(t *testing.T) {
	g := newTestGame(t, "classic-2.0", []string{"killer", "police", "civilian", "civilian", "killer", "police", "civilian", "civilian"}, `{"lastWords":0,"announceSeconds":4}`)
	types := func() []string {
		var out []string
		for _, a := range g.TableView().Announce {
			out = append(out, a.Type)
		}
		return out
	}
	if got := types(); got != nil {
		t.Fatalf("first night opens with %v", got)
	}
	for _, c := range []Command{{Seat: 1, Do: "kill", Target: &Target{Seat: 3}}, {Seat: 5, Do: "kill", Target: &Target{Seat: 3}}, {Do: "timeout"}} {
		if _, err := g.Apply(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	tv := g.TableView()
	if got := types(); !slices.Equal(got, []string{"dawn"}) || tv.Hold != 4 || tv.Timer == nil || tv.Stage != "speech" {
		t.Fatalf("after the night: announce %v hold %d stage %q, want the dawn held 4 s before the speeches", got, tv.Hold, tv.Stage)
	}
	if d := tv.Announce[0].Body.(*DawnBody); !slices.Equal(d.Dead, []Target{{Seat: 3}}) {
		t.Fatalf("dawn announces %v, want seat 3", d.Dead)
	}
	if _, err := g.Apply(Command{Seat: tv.Speaker, Do: "pass"}); err != nil {
		t.Fatal(err)
	}
	if got := types(); got != nil || g.TableView().Hold != 0 {
		t.Fatalf("the next speaker opens with %v", got)
	}
	for g.TableView().Stage != "vote" {
		if _, err := g.Apply(Command{Do: "skip"}); err != nil {
			t.Fatal(err)
		}
	}
	// Everyone votes for seat 1 (seat 1 for seat 2) as soon as they can.
	for g.TableView().Phase == "day" {
		b := g.TableView().Ballot
		for _, v := range b.Voters {
			pv := g.PlayerView(v)
			if len(pv.Tasks) == 0 || pv.Tasks[0].Done || pv.Tasks[0].Passed {
				continue
			}
			c := Command{Seat: v, Do: "skip"}
			if b.Calling.Seat == 1 && v != 1 || b.Calling.Seat == 2 && v == 1 {
				c = Command{Seat: v, Do: "vote", Target: b.Calling}
			}
			if _, err := g.Apply(c); err != nil {
				t.Fatalf("%+v: %v", c, err)
			}
			break
		}
	}
	tv = g.TableView()
	if got := types(); !slices.Equal(got, []string{"tally", "executed"}) || tv.Hold != 8 || tv.Stage != "night" {
		t.Fatalf("after the vote: announce %v hold %d stage %q, want tally and execution held 8 s into the night", got, tv.Hold, tv.Stage)
	}
	if x := tv.Announce[1].Body.(*ExecutedBody); x.Seat != 1 {
		t.Fatalf("executed %d, want seat 1", x.Seat)
	}
	if js, _ := json.Marshal(tv); !json.Valid(js) {
		t.Fatal("table view does not marshal")
	} else {
		var back TableView
		if err := json.Unmarshal(js, &back); err != nil || len(back.Announce) != 2 || back.Announce[0].Body.(*TallyBody).Outcome != VerdictOut {
			t.Fatalf("announcements do not read back: %v %+v", err, back.Announce)
		}
	}
}

// TestEveryPublicEventHasATableRole: a new event type that reaches the table
// must be classified (announce, stage or live), so the screens know what to
// do with it; and every announced type is seen public in random games.
func TestEveryPublicEventHasATableRole(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}
	// The variants' games share nothing but seen: side by side, each in its
	// own parallel subtest, they take half the time on two cores.
	t.Run("games", func(t *testing.T) {
		for _, in := range Variants() {
			t.Run(in.ID, func(t *testing.T) {
				t.Parallel()
				r := rand.New(rand.NewPCG(5, uint64(len(in.ID))))
				for i := 0; i < 8; i++ {
					g, err := New(randomSetup(in, r))
					if err != nil {
						t.Fatal(err)
					}
					for steps := 0; steps < 5000 && !g.Over(); steps++ {
						var cmds []Command
						for seat := 1; seat <= g.s.Players; seat++ {
							for _, c := range legalCommands(g.PlayerView(seat)) {
								// a self-reveal ends the day: a quarter as often,
								// or werewolf-12's four werewolves seldom let an
								// election reach its candidates
								if c.Do != ActExplode || r.IntN(4) == 0 {
									cmds = append(cmds, c)
								}
							}
						}
						if len(cmds) == 0 || r.IntN(6) == 0 {
							cmds = append(cmds, Command{Do: "timeout"})
						}
						g.Apply(cmds[r.IntN(len(cmds))])
					}
					for _, e := range g.Events() {
						if e.Audience == nil {
							mu.Lock()
							seen[e.Type()] = true
							mu.Unlock()
							if RoleOf(e.Type()) == TablePrivate {
								t.Fatalf("%s: public event type %q has no table role (event.go tableRoleOf)", in.ID, e.Type())
							}
						}
					}
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	for _, typ := range AnnouncedTypes() {
		if !seen[typ] && typ != "redeal" && typ != "immune" {
			t.Errorf("announced type %q never seen public in random games", typ)
		}
	}
}

// TestConfigure: the lobby's one call gives what a dealt game would play
// with (defaults and values for every option), the proposed deal, and the
// problem with its figures.
func TestConfigure(t *testing.T) {
	for _, in := range Variants() {
		for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
			c := Configure(Setup{Variant: in.ID, Players: n, Seed: 1})
			if c.Problem != nil {
				t.Fatalf("%s/%d: %+v", in.ID, n, c.Problem)
			}
			g, err := New(Setup{Variant: in.ID, Players: n, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			want := g.State().OptionValues(in.OptionNames)
			for _, o := range c.Options {
				if o.Default != want[o.Name] || o.Value != want[o.Name] || o.Set {
					t.Errorf("%s/%d %s: default %v value %v set %v, a dealt game plays %v", in.ID, n, o.Name, o.Default, o.Value, o.Set, want[o.Name])
				}
			}
			if len(c.Options) != len(in.OptionNames) || len(c.Deal) == 0 {
				t.Errorf("%s/%d: %d options, deal %v", in.ID, n, len(c.Options), c.Deal)
			}
		}
	}
	c := Configure(Setup{Variant: "classic-2.0", Players: 5, Options: json.RawMessage(`{"lastWords":1}`)})
	if p := c.Problem; p == nil || p.Key != "players" || p.Min != 8 || p.Max != 17 || p.N != 5 || c.Deal != nil {
		t.Errorf("5 players: %+v deal %v", p, c.Deal)
	}
	for _, o := range c.Options {
		if o.Name == "lastWords" && (o.Value != 1.0 || !o.Set) {
			t.Errorf("lastWords with too few players: %+v, want 1 and set", o)
		}
	}
	c = Configure(Setup{Variant: "classic-2.0", Players: 9, Options: json.RawMessage(`{"tieFinal":"coin"}`)})
	if p := c.Problem; p == nil || p.Key != "options" || p.Option != "tieFinal" {
		t.Errorf("bad option: %+v", p)
	}
	if c := Configure(Setup{Variant: "nope", Players: 9}); c.Problem == nil || c.Problem.Key != "variant" {
		t.Errorf("unknown variant: %+v", c.Problem)
	}
}

// TestHostActions: what the host's buttons may do now.
func TestHostActions(t *testing.T) {
	g := newTestGame(t, "classic-2.0", []string{"killer", "police", "civilian", "civilian", "killer", "police", "civilian", "civilian"}, "")
	if got := g.HostActions(); !slices.Equal(got, []string{"end"}) {
		t.Errorf("at night: %v", got)
	}
	if _, err := g.Apply(Command{Do: "skip"}); err == nil {
		t.Error("the host skipped a night")
	}
	g.Apply(Command{Do: "timeout"})
	if got := g.HostActions(); !slices.Equal(got, []string{"skip", "end"}) {
		t.Errorf("with a speaker: %v", got)
	}
	for _, do := range []string{"timeout", "end"} {
		if !IsHostAction(do) {
			t.Errorf("%s is not a host action", do)
		}
		if _, err := g.Apply(Command{Seat: 2, Do: do}); err == nil {
			t.Errorf("seat 2's %q was accepted", do)
		}
	}
	g.Apply(Command{Do: "end"})
	if got := g.HostActions(); got != nil {
		t.Errorf("after the end: %v", got)
	}
}

// TestFreeTextLimits: the engine bounds free text itself (the network
// layer knows no rule about manifestos).
func TestFreeTextLimits(t *testing.T) {
	g := newTestGame(t, "classic-2.0", []string{"killer", "police", "civilian", "civilian", "killer", "police", "civilian", "civilian"}, "")
	for _, c := range []Command{
		{Seat: 1, Do: "kill", Target: &Target{Seat: 3}, Args: CatArgs{Text: strings.Repeat("猫", MaxTextRunes+1)}},
		{Seat: 1, Do: "kill", Target: &Target{Seat: 3}, Args: CatArgs{Text: "a\u202eb"}},
		{Seat: 1, Do: "kill", Target: &Target{Seat: 3}, Args: CatArgs{Order: make([]string, MaxOrderCards+1)}},
	} {
		if _, err := g.Apply(c); err == nil {
			t.Errorf("accepted %+v", c.Args)
		}
	}
	if _, err := g.Apply(Command{Seat: 1, Do: "kill", Target: &Target{Seat: 3}, Args: CatArgs{Text: strings.Repeat("猫", MaxTextRunes)}}); err != nil {
		t.Errorf("a manifesto of the maximum length: %v", err)
	}
}
