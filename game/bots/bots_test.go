package bots

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"nightfall/game"
)

func newGame(t testing.TB, id string, players int, seed uint64) *game.Game {
	t.Helper()
	g, err := game.New(game.Setup{Variant: id, Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func sensibleTable(n int, r *rand.Rand) []Bot {
	var out []Bot
	for range n {
		out = append(out, &Sensible{R: r})
	}
	return out
}

// TestGamesEnd: both kinds finish every variant's games, at every player
// count, and the sensible bots' commands are legal (a few refusals at most:
// a teammate's pick that changed, a call that closed).
func TestGamesEnd(t *testing.T) {
	for _, in := range game.Variants() {
		r := rand.New(rand.NewPCG(1, 2))
		wins := map[string]map[string]int{"random": {}, "sensible": {}}
		rejected, views, played := 0, 0, 0
		games := 120
		if raceEnabled {
			games = 15 // the race detector slows games about tenfold
		}
		for i := 0; i < games; i++ {
			n := in.MinPlayers + i%(in.MaxPlayers-in.MinPlayers+1)
			g := newGame(t, in.ID, n, uint64(i))
			var m Random
			m.Play(g, r)
			wins["random"][g.State().Winner]++

			g = newGame(t, in.ID, n, uint64(i))
			var tb Table
			tb.Play(g, sensibleTable(n, r))
			wins["sensible"][g.State().Winner]++
			rejected += tb.Rejected
			views += tb.Views
			played++
		}
		t.Logf("%s: %v; sensible: %d views/game, %d refused", in.ID, wins, views/played, rejected)
		if rejected*100 > views {
			t.Errorf("%s: the engine refused %d of the sensible bots' moves (%d views)", in.ID, rejected, views)
		}
	}
}

// TestBotsSeeOnlyViews: a Bot receives a seat's PlayerView and the public
// claims, nothing else: the interface says so, and every view the table
// hands over is exactly the engine's view of the asked seat at that moment
// (not another seat's, not extended), with the claims made in speeches.
func TestBotsSeeOnlyViews(t *testing.T) {
	bt := reflect.TypeOf((*Bot)(nil)).Elem()
	if bt.NumMethod() != 1 {
		t.Fatalf("Bot has %d methods, want 1 (Act)", bt.NumMethod())
	}
	act := bt.Method(0).Type
	want := []reflect.Type{reflect.TypeOf(&game.PlayerView{}), reflect.TypeOf([]Claim{})}
	if act.NumIn() != len(want) {
		t.Fatalf("Act takes %d arguments, want %v", act.NumIn(), want)
	}
	for i, w := range want {
		if act.In(i) != w {
			t.Fatalf("Act's argument %d is %v, want %v", i, act.In(i), w)
		}
	}
	// Claim carries public words only: no view, state or game inside.
	ct := reflect.TypeOf(Claim{})
	for i := 0; i < ct.NumField(); i++ {
		switch f := ct.Field(i); f.Type.Kind() {
		case reflect.Int, reflect.String:
		default:
			if f.Type != reflect.TypeOf(game.Target{}) {
				t.Errorf("Claim.%s is a %v", f.Name, f.Type)
			}
		}
	}
	for _, in := range game.Variants() {
		r := rand.New(rand.NewPCG(7, 8))
		for i := 0; i < 6; i++ {
			n := in.MinPlayers + i%(in.MaxPlayers-in.MinPlayers+1)
			g := newGame(t, in.ID, n, uint64(i))
			var tb Table
			tb.Spy = func(v *game.PlayerView, claims []Claim) {
				got, _ := json.Marshal(v)
				engine := g.PlayerView(v.Seat)
				want, _ := json.Marshal(&engine)
				if string(got) != string(want) {
					t.Fatalf("%s: seat %d was handed a view that is not its own:\n%s\n%s", in.ID, v.Seat, got, want)
				}
				for _, c := range claims {
					if c.Seat < 1 || c.Seat > n {
						t.Fatalf("claim from seat %d", c.Seat)
					}
				}
			}
			tb.Play(g, sensibleTable(n, r))
		}
	}
}

// TestRandomNoAllocs: the random table plays a classic-2.0 game without
// allocating, once its game's storage has grown (the engine's
// TestNoAllocsPerGame, through this package).
func TestRandomNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	r := rand.New(rand.NewPCG(5, 6))
	g := new(game.Game)
	var m Random
	seed := uint64(0)
	play := func() {
		seed++
		if err := g.Reset(game.Setup{Variant: "classic-2.0", Players: 12, Seed: seed}); err != nil {
			t.Fatal(err)
		}
		m.Play(g, r)
	}
	for range 50 {
		play()
	}
	if n := testing.AllocsPerRun(200, play); n > 0.05 {
		t.Errorf("a random classic-2.0 game allocates %.2f times; want none", n)
	}
}

// TestPoliceClaims: sensible police share their answers, so claims exist
// and killers go for claimed police.
func TestPoliceClaims(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	claims := 0
	for i := 0; i < 50; i++ {
		g := newGame(t, "classic-2.0", 12, uint64(i))
		var tb Table
		tb.Play(g, sensibleTable(12, r))
		for _, c := range tb.Claims() {
			if c.Role == "police" {
				claims++
				if g.State().Role(c.Seat) != "police" {
					t.Fatalf("seat %d (%s) claimed police", c.Seat, g.State().Role(c.Seat))
				}
			}
		}
	}
	if claims == 0 {
		t.Fatal("no police claim in 50 games")
	}
}
