package lan

import (
	"encoding/json"
	"strings"
	"testing"
)

func testLobby(t *testing.T, variant string, players int) *lobby {
	t.Helper()
	l := newLobby()
	l.variant = variant
	if err := l.setPlayers(players); err != nil {
		t.Fatal(err)
	}
	return l
}

// sit seats a new member in seat as the session's join does.
func (l *lobby) sit(seat int, name string) *member {
	m := &member{hash: name, name: name, seat: seat}
	l.seats[seat-1], l.names[seat-1] = m, name
	return m
}

// TestLobbyProblem: the lobby says why its setup makes no game, the free
// seats by number, and nothing once every seat is taken.
func TestLobbyProblem(t *testing.T) {
	l := testLobby(t, "classic-2.0", 8)
	for seat := 1; seat <= 8; seat++ {
		if seat != 3 && seat != 7 {
			l.sit(seat, string(rune('A'+seat)))
		}
	}
	p := l.problem()
	if p == nil || p.Key != "free" || len(p.Seats) != 2 || p.Seats[0] != 3 || p.Seats[1] != 7 || p.Text != "seats 3, 7 are free" {
		t.Fatalf("%+v", p)
	}
	l.sit(3, "C")
	l.sit(7, "G")
	if p := l.problem(); p != nil {
		t.Fatalf("every seat taken: %+v", p)
	}
	if err := l.setPlayers(20); err != nil {
		t.Fatal(err)
	}
	if p := l.problem(); p == nil || p.Key != "players" || p.Min != 8 || p.Max != 17 || p.N != 20 {
		t.Errorf("20 players of classic-2.0: %+v", p)
	}
	l.variant = "no-such-variant"
	if p := l.problem(); p == nil || p.Key != "variant" {
		t.Errorf("%+v", p)
	}
}

// TestLobbySetPlayers: the table shrinks only past free seats, and keeps
// the names of the seats it keeps.
func TestLobbySetPlayers(t *testing.T) {
	l := testLobby(t, "classic-2.0", 10)
	l.sit(2, "B")
	l.sit(9, "I")
	if err := l.setPlayers(8); err == nil || !strings.Contains(err.Error(), "seat 9 is taken") {
		t.Fatalf("shrinking past seat 9: %v", err)
	}
	if len(l.seats) != 10 {
		t.Fatalf("a refused change changed the table: %d seats", len(l.seats))
	}
	l.seats[8], l.names[8] = nil, ""
	if err := l.setPlayers(8); err != nil || len(l.seats) != 8 || len(l.names) != 8 || l.names[1] != "B" {
		t.Fatalf("%v: %d seats, names %q", err, len(l.seats), l.names)
	}
	for _, n := range []int{0, maxTablePlay + 1} {
		if err := l.setPlayers(n); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
	if len(l.deal) == 0 {
		t.Error("no deal proposed for 8 players of classic-2.0")
	}
}

// TestLobbySetVariantProposesCount: a variant whose range leaves out the
// table's count takes a count it can deal: the seated players if they fit,
// else the nearest end of its range, never unseating anybody; a count in
// range stays as the host set it.
func TestLobbySetVariantProposesCount(t *testing.T) {
	for _, c := range []struct {
		name          string
		from          string
		n             int
		seated        []int
		to            string
		want          int
		problemNobody bool // the new count deals (no "players" problem)
	}{
		{"an empty 12 to v4.0: its smallest", "classic-2.0", 12, nil, "v4.0", 16, true},
		{"12 seated to v4.0: its smallest", "classic-2.0", 12, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, "v4.0", 16, true},
		{"18 seated of 20 to classic: the 17 it can take do not hold seat 18", "v4.0", 20, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}, "classic-2.0", 20, false},
		{"14 seated of 20 to classic: the seated", "v4.0", 20, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, "classic-2.0", 14, true},
		{"9 seated of 20, one at seat 15, to classic: up to seat 15", "v4.0", 20, []int{1, 2, 3, 4, 5, 6, 7, 8, 15}, "classic-2.0", 15, true},
		{"a count in range stays", "classic-2.0", 10, []int{1, 2}, "two-hands", 10, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := testLobby(t, c.from, c.n)
			for _, s := range c.seated {
				l.sit(s, string(rune('A'+s)))
			}
			l.setVariant(c.to)
			if len(l.seats) != c.want {
				t.Errorf("%d seats, want %d", len(l.seats), c.want)
			}
			for _, s := range c.seated {
				if s <= len(l.seats) && l.seats[s-1] == nil {
					t.Errorf("seat %d was unseated", s)
				}
			}
			p := l.problem()
			if dealt := p == nil || p.Key != "players"; dealt != c.problemNobody {
				t.Errorf("problem %+v", p)
			}
			if c.problemNobody && len(l.deal) == 0 {
				t.Error("no deal proposed")
			}
		})
	}
}

// TestLobbySetOption: an option the engine refuses leaves the option as it
// was; null goes back to the default; the chosen value is what the lobby
// shows and what the game is set up with.
func TestLobbySetOption(t *testing.T) {
	l := testLobby(t, "classic-2.0", 8)
	if err := l.setOption("voteMode", json.RawMessage(`"secret"`)); err != nil {
		t.Fatal(err)
	}
	if err := l.setOption("voteMode", json.RawMessage(`"loud"`)); err == nil {
		t.Fatal("a value not among the choices was accepted")
	}
	if string(l.options["voteMode"]) != `"secret"` || l.optErr != "" {
		t.Fatalf("after a refused value: %s (%q)", l.options["voteMode"], l.optErr)
	}
	if !strings.Contains(string(l.setup().Options), `"voteMode":"secret"`) {
		t.Errorf("the setup's options: %s", l.setup().Options)
	}
	shown := false
	for _, o := range l.optViews {
		if o.Name == "voteMode" {
			shown = string(o.Value) == `"secret"` && o.Set
		}
	}
	if !shown {
		t.Errorf("the lobby does not show the choice: %+v", l.optViews)
	}
	if err := l.setOption("voteMode", json.RawMessage(`null`)); err != nil || l.options["voteMode"] != nil {
		t.Errorf("null: %v, %s", err, l.options["voteMode"])
	}
	if err := l.setOption("noSuchOption", json.RawMessage(`1`)); err == nil {
		t.Error("an unknown option was accepted")
	}
}

// TestLobbySwapAndNames: a swap moves players and names together; a name
// like another seated player's is refused, one's own is not.
func TestLobbySwapAndNames(t *testing.T) {
	l := testLobby(t, "classic-2.0", 8)
	a, b := l.sit(1, "Ann"), l.sit(4, "Bob")
	if _, _, err := l.swap(2, 5); err == nil {
		t.Fatal("a free seat was moved")
	}
	x, y, err := l.swap(1, 4)
	if err != nil || x != a || y != b || a.seat != 4 || b.seat != 1 || l.seats[3] != a || l.names[3] != "Ann" || l.names[0] != "Bob" {
		t.Fatalf("swap: %v; ann %d, bob %d, names %q", err, a.seat, b.seat, l.names)
	}
	if _, _, err := l.swap(4, 6); err != nil || l.seats[3] != nil || a.seat != 6 || l.names[5] != "Ann" || l.names[3] != "" {
		t.Fatalf("to a free seat: %v; names %q", err, l.names)
	}
	if err := l.nameTaken(&member{}, 2, "ann"); err == nil {
		t.Error("a name like a seated player's was accepted")
	}
	if err := l.nameTaken(a, 6, "ANN"); err != nil {
		t.Errorf("a player's own name: %v", err)
	}
	if got := string(l.namesJSON()); got != `{"1":"Bob","6":"Ann"}` {
		t.Errorf("names: %s", got)
	}
}

// TestLobbyConfigure: a new table gets the variant asked for (the first
// one when none is), twelve seats when the variant allows them and the
// nearest count it does otherwise, and the options asked for; an unknown
// variant, a count out of range or an option the engine refuses is an
// error.
func TestLobbyConfigure(t *testing.T) {
	for _, c := range []struct {
		cfg     Config
		players int
		err     string
	}{
		{Config{Variant: "classic-2.0"}, 12, ""},
		{Config{Variant: "cat-lives-7"}, 7, ""},
		{Config{Variant: "v4.0"}, 16, ""},
		{Config{Variant: "classic-2.0", Players: 9, Options: map[string]json.RawMessage{"voteMode": json.RawMessage(`"secret"`)}}, 9, ""},
		{Config{Variant: "nope"}, 0, "unknown variant"},
		{Config{Variant: "classic-2.0", Players: maxTablePlay + 1}, 0, "a table has"},
		{Config{Variant: "classic-2.0", Options: map[string]json.RawMessage{"voteMode": json.RawMessage(`"loud"`)}}, 0, "is not one of"},
	} {
		l := newLobby()
		err := l.configure(c.cfg, false)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: %v, want %q", c.cfg, err, c.err)
			}
			continue
		}
		if err != nil || len(l.seats) != c.players || len(l.deal) == 0 {
			t.Errorf("%+v: %v, %d seats, deal %v", c.cfg, err, len(l.seats), l.deal)
		}
		if c.cfg.Options != nil && string(l.options["voteMode"]) != `"secret"` {
			t.Errorf("the option asked for is not set: %s", l.options["voteMode"])
		}
	}
	if l := newLobby(); l.configure(Config{}, false) != nil || l.variant == "" {
		t.Errorf("no variant asked for: %q", l.variant)
	}
}
