package ui

import (
	"os"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
	"nightfall/lan"
)

// The projected screens, rendered headless and compared with golden PNGs
// (go test ./app/ui -update rewrites them; look at them before committing).

const goldenW, goldenH = 640, 360

func TestGoldenTable(t *testing.T) {
	for _, c := range []struct {
		view, lang string
		paused     bool
	}{
		{"night", "zh", false},
		{"dawn-lastwords", "zh", false},
		{"speech", "en", true},
		{"vote", "zh", false},
		{"pk", "zh", false},
	} {
		name := "table_" + c.view + "_" + c.lang
		if c.paused {
			name += "_paused"
		}
		t.Run(name, func(t *testing.T) {
			newTestApp(t, c.lang)
			ts := NewTableScreen()
			w := test.NewWindow(ts)
			defer w.Close()
			w.Resize(fyne.NewSize(goldenW, goldenH))
			ts.Set(TableState{View: loadView(t, c.view), Names: testNames, Paused: c.paused, Remaining: 75 * time.Second})
			golden(t, name+".png", w.Canvas().Capture())
		})
	}
}

// Seats with several cards or hands (v5.0-dual, two-hands), a silenced seat
// and a self-revealed killer.
func TestGoldenTableCards(t *testing.T) {
	newTestApp(t, "zh")
	tv := loadView(t, "speech")
	for i := range tv.Seats {
		s := &tv.Seats[i]
		s.Cards = []game.CardView{{Card: game.Target{Seat: s.Seat, Card: 1}, Alive: s.Alive}, {Card: game.Target{Seat: s.Seat, Card: 2}, Alive: s.Alive && s.Seat%3 != 0}}
	}
	tv.Seats[7].Silenced = true
	tv.Seats[10].Role = "killer"
	ts := NewTableScreen()
	w := test.NewWindow(ts)
	defer w.Close()
	w.Resize(fyne.NewSize(goldenW, goldenH))
	ts.Set(TableState{View: tv, Names: testNames, Remaining: 42 * time.Second})
	golden(t, "table_cards_zh.png", w.Canvas().Capture())
}

func TestGoldenLobby(t *testing.T) {
	for _, lang := range []string{"zh"} {
		t.Run(lang, func(t *testing.T) {
			newTestApp(t, lang)
			srv := newTable(t, "classic-2.0", 12, 1)
			for s := 1; s <= 12; s++ {
				if s%4 != 0 { // a few seats still empty
					join(t, srv, s, testNames[s])
				}
			}
			l := NewLobby(func(lan.HostCommand) {})
			w := test.NewWindow(l.Content())
			defer w.Close()
			w.Resize(fyne.NewSize(960, 540))
			l.Set(pinned(srv.View()))
			golden(t, "lobby_"+lang+".png", w.Canvas().Capture())
		})
	}
}

func TestGoldenGameOver(t *testing.T) {
	newTestApp(t, "zh")
	g := NewGameOver()
	w := test.NewWindow(g.Content())
	defer w.Close()
	w.Resize(fyne.NewSize(goldenW, goldenH))
	g.Set(loadView(t, "over"), testNames)
	g.Step(3)
	golden(t, "over_zh.png", w.Canvas().Capture())
}

// A two-hands seat's hands are named apart on the game-over ring
// ("Killer · Villager", 杀手、村民), not behind a "/" that a card's own
// name may hold ("Imprison / anti-snipe").
func TestGameOverHandsNamedApart(t *testing.T) {
	tv := handsOver(t)
	for lang, want := range map[string]string{"en": "Killer · Villager", "zh": "杀手、村民"} {
		newTestApp(t, lang)
		o := NewGameOver()
		o.Set(tv, testNames)
		found := false
		for _, s := range o.ring.Seats() {
			found = found || s.Note == want
		}
		if !found {
			t.Errorf("%s: no seat noted %q: %+v", lang, want, o.ring.Seats())
		}
	}
}

// The game-over ring of a two-hands table, its notes naming two hands
// each, stays wider than tall at both sizes (the notes wrap shorter rather
// than squeeze the table into a tall egg), and fits.
func TestGameOverHandsTableWide(t *testing.T) {
	tv := handsOver(t)
	for _, lang := range []string{"en", "zh"} {
		for _, size := range screenSizes {
			s, _ := shellAt(t, lang, size)
			s.Show(hostView(tv, testSeatNames(lang, tv.Players)))
			s.Over().Step(100)
			g := s.Over().ring.Geometry()
			if !g.Fits || g.TableA < g.TableB {
				t.Errorf("%s at %s: the table is %.0f×%.0f (fits %v)", lang, sizeName(size), 2*g.TableA, 2*g.TableB, g.Fits)
			}
		}
	}
}

// handsOver is a two-hands game played to its end (the killers win).
func handsOver(t *testing.T) *game.TableView {
	t.Helper()
	data, err := os.ReadFile("../../game/testdata/two-hands/ex6-three-ties-killers-win.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := game.ParseScript(data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(sc.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range sc.Steps {
		g.Apply(cmd)
	}
	tv := g.TableView()
	return &tv
}
