package evening

import (
	"reflect"
	"testing"
	"time"

	"nightfall/game"
)

var t0 = time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)

func at(h float64) time.Time { return t0.Add(time.Duration(h * float64(time.Hour))) }

func TestSelect(t *testing.T) {
	g := func(id string, h float64) Game { return Game{ID: id, Started: at(h)} }
	ids := func(gs []Game) []string {
		var out []string
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	week := []Game{g("old", -200), g("b", 1), g("a", 0), g("c", 2.5)}
	for _, c := range []struct {
		name  string
		games []Game
		now   time.Time
		since time.Time
		want  []string
	}{
		{"the evening's games, oldest first; last week's left out", week, at(3), time.Time{}, []string{"a", "b", "c"}},
		{"a game 11 hours after the one before is the same evening", []Game{g("a", 0), g("b", 11)}, at(12), time.Time{}, []string{"a", "b"}},
		{"12 hours between two games start a new evening", []Game{g("a", 0), g("b", 12)}, at(13), time.Time{}, []string{"b"}},
		{"12 hours without a game: nothing yet", week, at(14.5), time.Time{}, nil},
		{"the host's new evening leaves the earlier games out", week, at(3), at(0.5), []string{"b", "c"}},
		{"a new evening with no game since: nothing", week, at(3), at(2.7), nil},
		{"no games", nil, at(1), time.Time{}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ids(Select(c.games, c.now, c.since)); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func seat(n int, side string, won bool, died int, roles ...string) game.SeatOutcome {
	return game.SeatOutcome{Seat: n, Roles: roles, Side: side, Won: won, Alive: died == 0, Died: died, Killer: side == "killers"}
}

// Three games: Ann renames to Anna and moves seat, and keeps her record;
// a seat nobody held at the end counts for nobody.
func TestFold(t *testing.T) {
	ann, bob, cy := Player{"k-ann", "Ann"}, Player{"k-bob", "Bob"}, Player{"k-cy", "Cy"}
	g1 := Game{Outcome: game.Outcome{Variant: "classic-2.0", Winner: "killers", Rounds: 3, Seats: []game.SeatOutcome{
		seat(1, "killers", true, 0, "killer"), seat(2, "good", false, 2, "police"), seat(3, "good", false, 1, "civilian")}},
		Players: []Player{ann, bob, cy}}
	g1.Outcome.Seats[1].Checks, g1.Outcome.Seats[1].Found = 2, 1
	g1.Outcome.Seats[0].VotesAgainst = 0
	g2 := Game{Outcome: game.Outcome{Variant: "standard-003", Winner: "good", Rounds: 2, Seats: []game.SeatOutcome{
		seat(1, "killers", false, 2, "killer"), seat(2, "good", true, 0, "police"), seat(3, "good", true, 0, "civilian")}},
		Players: []Player{bob, cy, {"k-ann", "Anna"}}}
	g2.Outcome.Seats[0].VotesAgainst = 3
	g2.Outcome.Seats[1].Checks, g2.Outcome.Seats[1].Found = 1, 1
	g3 := Game{Outcome: game.Outcome{Variant: "classic-2.0", Winner: "draw", Rounds: 4, Seats: []game.SeatOutcome{
		seat(1, "good", false, 0, "civilian"), seat(2, "killers", false, 4, "killer"), seat(3, "good", false, 1, "police")}},
		Players: []Player{{"k-ann", "Anna"}, cy, {}}}
	b := Fold([]Game{g1, g2, g3})
	if b.Games != 3 {
		t.Errorf("games %d", b.Games)
	}
	if want := []VariantGames{{"classic-2.0", 2}, {"standard-003", 1}}; !reflect.DeepEqual(b.Variants, want) {
		t.Errorf("variants %+v", b.Variants)
	}
	if want := []SideWins{{"killers", 1}, {"good", 1}, {"draw", 1}}; !reflect.DeepEqual(b.Sides, want) {
		t.Errorf("sides %+v", b.Sides)
	}
	want := []PlayerLine{
		{Key: "k-ann", Name: "Anna", Games: 3, Wins: 2, Roles: []RoleCount{{"killer", 1}, {"civilian", 2}}, Rounds: 3 + 2 + 4, Survived: 3},
		{Key: "k-cy", Name: "Cy", Games: 3, Wins: 1, Roles: []RoleCount{{"civilian", 1}, {"police", 1}, {"killer", 1}}, Rounds: 0 + 2 + 3, Survived: 1, Checks: 1, Found: 1},
		{Key: "k-bob", Name: "Bob", Games: 2, Wins: 0, Roles: []RoleCount{{"police", 1}, {"killer", 1}}, Rounds: 1 + 1, Checks: 2, Found: 1},
	}
	if !reflect.DeepEqual(b.Players, want) {
		t.Errorf("players\n got %+v\nwant %+v", b.Players, want)
	}
	wantNotes := []Note{
		{Kind: "survivor", Name: "Anna", N: 9},
		{Kind: "police", Name: "Cy", N: 1, Of: 1},
		{Kind: "unvoted-killer", Name: "Anna", Games: []int{1}},
		{Kind: "unvoted-killer", Name: "Cy", Games: []int{3}},
	}
	if !reflect.DeepEqual(b.Notes, wantNotes) {
		t.Errorf("notes\n got %+v\nwant %+v", b.Notes, wantNotes)
	}
}

func TestFoldLoneWinnerAndNothing(t *testing.T) {
	b := Fold([]Game{{Outcome: game.Outcome{Variant: "cat-lives-7", Winner: "7", Rounds: 5}}})
	if want := []SideWins{{"alone", 1}}; !reflect.DeepEqual(b.Sides, want) {
		t.Errorf("sides %+v", b.Sides)
	}
	if e := Fold(nil); e.Games != 0 || e.Players != nil || e.Notes != nil {
		t.Errorf("empty board %+v", e)
	}
}

// A variant's own counts (werewolf-12's badge, potions, shots) are summed
// per player over the evening, in the kinds' declared order; a game of a
// variant without them adds none.
func TestFoldStats(t *testing.T) {
	ann, bob := Player{"k-ann", "Ann"}, Player{"k-bob", "Bob"}
	ww := func(annStats, bobStats []game.Stat) Game {
		a, b := seat(1, "good", true, 0, "witch"), seat(2, "good", true, 0, "hunter")
		a.Stats, b.Stats = annStats, bobStats
		return Game{Outcome: game.Outcome{Variant: "werewolf-12", Winner: "good", Rounds: 3, Seats: []game.SeatOutcome{a, b}},
			Players: []Player{ann, bob}}
	}
	g1 := ww([]game.Stat{{Kind: game.StatPoison, N: 1}}, []game.Stat{{Kind: game.StatSheriff, N: 1}, {Kind: game.StatShot, N: 1}})
	g2 := ww([]game.Stat{{Kind: game.StatSheriff, N: 1}, {Kind: game.StatSave, N: 1}, {Kind: game.StatPoison, N: 1}}, nil)
	g3 := Game{Outcome: game.Outcome{Variant: "classic-2.0", Winner: "good", Rounds: 2, Seats: []game.SeatOutcome{
		seat(1, "good", true, 0, "police"), seat(2, "killers", false, 1, "killer")}}, Players: []Player{bob, ann}}
	b := Fold([]Game{g1, g2, g3})
	got := map[string][]game.Stat{}
	for _, p := range b.Players {
		got[p.Name] = p.Stats
	}
	want := map[string][]game.Stat{
		"Ann": {{Kind: game.StatSheriff, N: 1}, {Kind: game.StatSave, N: 1}, {Kind: game.StatPoison, N: 2}},
		"Bob": {{Kind: game.StatSheriff, N: 1}, {Kind: game.StatShot, N: 1}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("stats\n got %+v\nwant %+v", got, want)
	}
}
