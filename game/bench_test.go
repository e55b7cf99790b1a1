package game

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// botMove plays one random legal move for a table of random bots, reading
// the state directly (cheap enough to measure the engine, not the bots). Its
// night loop looks like game/bots' Random.Move, which reads views: this
// package cannot import game/bots, and the benchmark must not allocate.
// Targets are seats, or cards and hands where the variant has two per seat;
// a seat acting for two cards names the card (Command.Card). In the day the
// bots sometimes nominate (two-hands), and cast all their votes (tokens,
// hands) or abstain. It returns false when the game is over.
func botMove(g *Game, r *rand.Rand) bool {
	tgt := botScratch // the engine copies the target; bots never run in parallel
	s := &g.s
	if catOf(s) != nil {
		return catBotMove(g, r) // cat-lives-7 runs its own phases
	}
	if wwOf(s) != nil {
		return wwBotMove(g, r) // werewolf-12 too
	}
	switch s.Phase {
	case "over":
		return false
	case "night":
		n := s.Night
		targets := botTargets(s)
		for _, st := range n.Steps {
			if st.Done() {
				continue
			}
			for i, a := range st.Actors {
				if st.Sel[i].Has || st.Locked {
					continue
				}
				var card *Target
				if a.Card != 0 {
					c := a
					card = &c
				}
				if !st.Mandatory && r.IntN(4) == 0 {
					mustApply(g, Command{Seat: a.Seat, Do: "skip", Card: card})
					continue
				}
				if st.NoTarget {
					if r.IntN(8) == 0 {
						mustApply(g, Command{Seat: a.Seat, Do: st.Action, Card: card})
					} else {
						mustApply(g, Command{Seat: a.Seat, Do: "skip", Card: card})
					}
					continue
				}
				done := false
				for try := 0; try < 4 && !done; try++ {
					t := targets[r.IntN(len(targets))]
					if s.variant.Legal(s, st, a, t).Code == "" {
						mustApply(g, Command{Seat: a.Seat, Do: st.Action, Target: at(tgt, t), Card: card})
						done = true
					}
				}
				if !done && len(s.tasksOf(a.Seat)) > 1 {
					// A later task of this seat waits for this one (G3.4).
					if ts := g.LegalTargets(st, a); len(ts) > 0 {
						t := ts[r.IntN(len(ts))]
						mustApply(g, Command{Seat: a.Seat, Do: st.Action, Target: at(tgt, t), Card: card})
					} else if !st.Mandatory {
						mustApply(g, Command{Seat: a.Seat, Do: "skip", Card: card})
					}
				}
			}
		}
		for _, seat := range n.Sleep {
			if !slices.Contains(n.Slept, seat) {
				mustApply(g, Command{Seat: seat, Do: "sleep"})
			}
		}
		mustApply(g, Command{Do: "timeout"})
	case "day":
		d := s.Day
		switch {
		case d.Speaker != 0:
			if d.Kind == StageNomination && r.IntN(2) == 0 && g.s.NominationsLeft(d.Speaker) > 0 {
				ts := botTargets(s)
				t := ts[r.IntN(len(ts))]
				if !slices.Contains(d.Suspects, t) {
					mustApply(g, Command{Seat: d.Speaker, Do: "nominate", Target: at(tgt, t)})
					return true
				}
			}
			mustApply(g, Command{Seat: d.Speaker, Do: "pass"})
		case d.Ballot != nil && !d.Ballot.Closed && d.Stage == StageVote:
			b := d.Ballot
			for _, v := range b.Voters {
				for !b.Voted(v) && s.Phase == PhaseDay && s.Day.Ballot == b && !b.Closed {
					from := max(b.Call, 0)
					c := b.Candidates[from+r.IntN(len(b.Candidates)-from)]
					if s.Opts.Abstain && (r.IntN(5) == 0 || (!s.Opts.SelfVote && c.Seat == v)) {
						mustApply(g, Command{Seat: v, Do: "abstain"})
						break
					}
					if !s.Opts.SelfVote && c.Seat == v {
						break // no abstention: the deadline casts it (or drops it)
					}
					mustApply(g, Command{Seat: v, Do: "vote", Target: at(tgt, c)})
				}
			}
			if s.Phase == PhaseDay && s.Day.Ballot == b && !b.Closed {
				mustApply(g, Command{Do: "timeout"})
			}
		default:
			mustApply(g, Command{Do: "timeout"})
		}
	}
	return s.Phase != PhaseOver
}

// botTargets lists the living targets: seats, or living cards (hands) where
// the variant has two per seat.
func botTargets(s *State) []Target {
	out := botTargetBuf[:0] // the bots' scratch, like botScratch
	defer func() { botTargetBuf = out[:0] }()
	if s.variant.Info().CardsPerSeat != 2 {
		for i := range s.Seats {
			if s.Seats[i].Alive() {
				out = append(out, SeatTarget(i+1))
			}
		}
		return out
	}
	for i := range s.Seats {
		for j, c := range s.Seats[i].Cards {
			if c.Alive {
				out = append(out, Target{Seat: i + 1, Card: j + 1})
			}
		}
	}
	return out
}

var botScratch = new(Target)

var botTargetBuf []Target

// at stores t in the scratch target p and returns p.
func at(p *Target, t Target) *Target {
	*p = t
	return p
}

func mustApply(g *Game, c Command) {
	if _, err := g.Apply(c); err != nil {
		panic(err)
	}
}

func benchGames(b *testing.B, variant string, players int) {
	r := rand.New(rand.NewPCG(1, 2))
	rounds := 0
	b.ReportAllocs()
	g := new(Game)
	for i := 0; i < b.N; i++ {
		if err := g.Reset(Setup{Variant: variant, Players: players, Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
		for botMove(g, r) {
		}
		rounds += g.s.Round
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
}

// BenchmarkClassic12 measures the engine's throughput: whole classic-2.0
// games per second with 12 random bots, on one core (-cpu 1); the balance
// lab and the tests that play thousands of games rely on it staying high.
func BenchmarkClassic12(b *testing.B) { benchGames(b, "classic-2.0", 12) }

// BenchmarkV4_18 plays v4.0 with 18 random bots.
func BenchmarkV4_18(b *testing.B) {
	if _, ok := Lookup("v4.0"); !ok {
		b.Skip("v4.0 not registered")
	}
	benchGames(b, "v4.0", 18)
}

// BenchmarkDual plays v5.0-dual with 12 random bots (two cards each,
// token ballots).
func BenchmarkDual(b *testing.B) {
	if _, ok := Lookup("v5.0-dual"); !ok {
		b.Skip("v5.0-dual not registered")
	}
	benchGames(b, "v5.0-dual", 12)
}

// BenchmarkTwoHands plays two-hands with 14 random bots (two hands each,
// nominations, votes per hand).
func BenchmarkTwoHands(b *testing.B) {
	if _, ok := Lookup("two-hands"); !ok {
		b.Skip("two-hands not registered")
	}
	benchGames(b, "two-hands", 14)
}

// BenchmarkCatLives7 plays cat-lives-7 with 7 random bots.
func BenchmarkCatLives7(b *testing.B) { benchGames(b, "cat-lives-7", 7) }

// TestBotGamesEnd makes sure the benchmark's bots finish games (so the
// benchmark measures whole games).
func TestBotGamesEnd(t *testing.T) {
	for _, in := range Variants() {
		r := rand.New(rand.NewPCG(3, 4))
		winners := map[string]int{}
		for i := 0; i < 200; i++ {
			g, err := New(Setup{Variant: in.ID, Players: in.MinPlayers + i%(in.MaxPlayers-in.MinPlayers+1), Seed: uint64(i)})
			if err != nil {
				t.Fatal(err)
			}
			for steps := 0; botMove(g, r); steps++ {
				if steps > 10000 {
					t.Fatalf("%s: bot game does not end", in.ID)
				}
			}
			winners[g.s.Winner]++
		}
		t.Logf("%s winners over 200 bot games: %v", in.ID, winners)
		if len(winners) < 2 {
			t.Errorf("%s: bot games always end the same way: %v", in.ID, winners)
		}
	}
}

// TestNoAllocsPerGame guards what makes BenchmarkClassic12 fast: once a Game
// has played a game, a whole classic-2.0 game in it (Reset, deal, every
// night and day to game over) allocates nothing. An allocation count, not a
// time: it holds on any machine.
func TestNoAllocsPerGame(t *testing.T) {
	if n := allocsPerGame(t, nil); n > 0.05 {
		t.Errorf("a classic-2.0 game allocates %.2f times; want none", n)
	}
}

// allocsPerGame plays 12-seat classic-2.0 games with the bots in one Game
// until its storage has grown to a game's size, then counts what a whole
// game (Reset, deal, every move to game over) allocates on average;
// beforeMove, when not nil, runs before every move. Skipped under the race
// detector, which allocates.
func allocsPerGame(t *testing.T, beforeMove func(g *Game)) float64 {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	r := rand.New(rand.NewPCG(5, 6))
	g := new(Game)
	seed := uint64(0)
	play := func() {
		seed++
		if err := g.Reset(Setup{Variant: "classic-2.0", Players: 12, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		for {
			if beforeMove != nil {
				beforeMove(g)
			}
			if !botMove(g, r) {
				break
			}
		}
	}
	for range 50 { // the store's chunks grow to a game's size
		play()
	}
	return testing.AllocsPerRun(200, play)
}

// TestSharedViewNoAllocs: reading every seat's shared view before every
// move of a classic-2.0 game allocates nothing once the game's storage has
// grown (what lets the sensible bots of game/bots decide from a view each
// without allocating; checkViews asserts that it is the seat's view).
func TestSharedViewNoAllocs(t *testing.T) {
	tasks := 0
	n := allocsPerGame(t, func(g *Game) {
		for seat := 1; seat <= 12; seat++ {
			tasks += len(g.SharedPlayerView(seat).Tasks)
		}
	})
	if n > 0.05 {
		t.Errorf("a classic-2.0 game with every seat's shared view at every move allocates %.2f times; want none", n)
	}
	if tasks == 0 {
		t.Fatal("no view had a task")
	}
}
