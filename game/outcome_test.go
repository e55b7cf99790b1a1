package game

import (
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"testing"
)

// readScript reads and parses a script of testdata.
func readScript(t *testing.T, path string) *Script {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScript(data)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// classic-2.0 §14 Example 3, counted: the killers (1, 5) win at dawn of
// round 3; 2 and 4 die at dawn, 3 and 8 are voted out, 6 dies last; the
// police group (3, 6) found killer 1 on night 1, seat 6 alone then checked
// 7 twice; every vote is counted against its target.
func TestOutcomeOfAScriptedGame(t *testing.T) {
	sc := readScript(t, "testdata/classic-2.0/ex3-killers-win-at-dawn.json")
	g, err := New(sc.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for i, cmd := range sc.Steps {
		if _, ok := g.Outcome(); ok {
			t.Fatalf("an outcome before the end, at step %d", i)
		}
		if _, err := g.Apply(cmd); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	out, ok := g.Outcome()
	if !ok {
		t.Fatal("no outcome at the end")
	}
	if out.Winner != "killers" || out.Rounds != 3 || out.Variant != "classic-2.0" || out.Players != 8 {
		t.Errorf("winner %q rounds %d variant %q players %d", out.Winner, out.Rounds, out.Variant, out.Players)
	}
	want := []SeatOutcome{
		{Seat: 1, Roles: []string{"killer"}, Side: "killers", Won: true, Alive: true, Killer: true, VotesAgainst: 1},
		{Seat: 2, Roles: []string{"civilian"}, Side: "good", Died: 1},
		{Seat: 3, Roles: []string{"police"}, Side: "good", Died: 1, Checks: 1, Found: 1, VotesAgainst: 5, Executed: true},
		{Seat: 4, Roles: []string{"civilian"}, Side: "good", Died: 2, VotesAgainst: 2},
		{Seat: 5, Roles: []string{"killer"}, Side: "killers", Won: true, Alive: true, Killer: true},
		{Seat: 6, Roles: []string{"police"}, Side: "good", Died: 3, Checks: 3, Found: 1},
		{Seat: 7, Roles: []string{"civilian"}, Side: "good", Alive: true},
		{Seat: 8, Roles: []string{"civilian"}, Side: "good", Died: 2, VotesAgainst: 4, Executed: true},
	}
	for i := range want {
		if i >= len(out.Seats) || !reflect.DeepEqual(out.Seats[i], want[i]) {
			var got SeatOutcome
			if i < len(out.Seats) {
				got = out.Seats[i]
			}
			t.Errorf("seat %d:\n got %+v\nwant %+v", i+1, got, want[i])
		}
	}
}

// In random games of every variant, the outcome agrees with the end: a seat
// won exactly when the game-over event names it (or its side), the dead
// have a round of death, the living none, and votes add up to the ballots'.
func TestOutcomeAgreesWithTheEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, in := range Variants() {
		for range 5 {
			setup := randomSetup(in, r)
			g, err := New(setup)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; !g.Over(); n++ {
				if n == 50000 {
					t.Fatalf("%s: no end", in.ID)
				}
				g.Apply(randomCommand(g, r))
			}
			out, ok := g.Outcome()
			if !ok || len(out.Seats) != setup.Players {
				t.Fatalf("%s: ok %v, %d seats", in.ID, ok, len(out.Seats))
			}
			var over *GameOverBody
			votes := 0
			for _, e := range g.Events() {
				switch b := e.Body.(type) {
				case *GameOverBody:
					over = b
				case *VoteBody:
					votes++
				}
			}
			// Every ending's code is one the screens know: listed in
			// Reasons (TestEveryCodeHasWords walks that list), with a sentence.
			if !slices.Contains(Reasons(), over.Code) || sentences[over.Code] == "" {
				t.Errorf("%s ended with code %q, not listed in Reasons() or without a sentence", in.ID, over.Code)
			}
			against := 0
			for _, so := range out.Seats {
				against += so.VotesAgainst
				wantWon := false
				switch {
				case over.Winners != nil:
					for _, w := range over.Winners {
						wantWon = wantWon || w == so.Seat
					}
				default:
					wantWon = so.Side == over.Winner
				}
				if so.Won != wantWon {
					t.Errorf("%s seat %d (%v, side %q): won %v, the end says %v (%+v)", in.ID, so.Seat, so.Roles, so.Side, so.Won, wantWon, over)
				}
				// the player's own view says the same at the end
				wantView := "lost"
				if so.Won {
					wantView = "won"
				}
				if over.Winner == "draw" || over.Winner == "none" {
					wantView = ""
				}
				if got := g.PlayerView(so.Seat).Outcome; got != wantView {
					t.Errorf("%s seat %d: the view says %q, the outcome %q (winner %q)", in.ID, so.Seat, got, wantView, over.Winner)
				}
				if so.Alive != (so.Died == 0) || so.Died > out.Rounds {
					t.Errorf("%s seat %d: alive %v, died in round %d of %d", in.ID, so.Seat, so.Alive, so.Died, out.Rounds)
				}
				if so.Found > so.Checks {
					t.Errorf("%s seat %d: found %d in %d checks", in.ID, so.Seat, so.Found, so.Checks)
				}
			}
			if against != votes {
				t.Errorf("%s: %d votes against seats, %d votes cast", in.ID, against, votes)
			}
		}
	}
}
