package game

import (
	"encoding/json"
	"testing"
)

// TestBriefingHoldsTheFirstNight: with Setup.Briefing, a game is dealt and
// held in its briefing (public: the deal's counts and the options changed),
// refuses the seats' commands, and once the host begins (or the time is up)
// has exactly the log of the same game without a briefing; a log that stops
// in the briefing replays into it.
func TestBriefingHoldsTheFirstNight(t *testing.T) {
	for _, in := range Variants() {
		for _, begin := range []string{ActSkip, ActTimeout} {
			setup := Setup{Variant: in.ID, Players: in.MaxPlayers, Seed: 3}
			plain, err := New(setup)
			if err != nil {
				t.Fatal(err)
			}
			setup.Briefing = true
			g, err := New(setup)
			if err != nil {
				t.Fatal(err)
			}
			tv := g.TableView()
			if !g.Briefing() || tv.Stage != "briefing" || tv.Timer == nil || tv.Timer.Seconds != BriefingSeconds || tv.Briefing == nil {
				t.Fatalf("%s: not held for the briefing: stage %q timer %+v", in.ID, tv.Stage, tv.Timer)
			}
			cards := 0
			for _, d := range tv.Briefing.Deal {
				cards += d.Count
			}
			if cards != in.MaxPlayers*in.CardsPerSeat {
				t.Errorf("%s: the briefing's deal counts %d cards, want %d: %+v", in.ID, cards, in.MaxPlayers*in.CardsPerSeat, tv.Briefing.Deal)
			}
			held, _ := json.Marshal(g.Events())
			first, _ := json.Marshal(plain.Events()[:len(g.Events())])
			if len(g.Events()) >= len(plain.Events()) || string(held) != string(first) {
				t.Errorf("%s: the briefing's %d events are not the deal of the game without it (%d events)", in.ID, len(g.Events()), len(plain.Events()))
			}
			r, err := Replay(setup, g.Events())
			if err != nil || !r.Briefing() {
				t.Errorf("%s: a log stopped in the briefing replays to %v, %v", in.ID, r != nil && r.Briefing(), err)
			}
			r, err = Replay(Setup{Variant: in.ID, Players: in.MaxPlayers, Seed: 3}, g.Events()) // as a resumed game reads it
			if err != nil || !r.Briefing() {
				t.Errorf("%s: resumed without the flag, a log stopped in the briefing replays to %v, %v", in.ID, r != nil && r.Briefing(), err)
			}
			for seat := 1; seat <= in.MaxPlayers; seat++ {
				if pv := g.PlayerView(seat); len(pv.Tasks) != 0 || len(pv.Roles) != in.CardsPerSeat {
					t.Errorf("%s: seat %d in the briefing: tasks %v, roles %v", in.ID, seat, pv.Tasks, pv.Roles)
				}
			}
			if p := g.Clock(); p.Key != briefingKey || p.Seconds != BriefingSeconds {
				t.Errorf("%s: the briefing's clock plan %+v", in.ID, p)
			}
			if _, err := g.Apply(Command{Seat: 1, Do: ActSleep}); err == nil {
				t.Errorf("%s: a seat's command accepted during the briefing", in.ID)
			}
			if _, err := g.Apply(Command{Do: begin}); err != nil {
				t.Fatalf("%s: the host's %s: %v", in.ID, begin, err)
			}
			a, _ := json.Marshal(g.Events())
			b, _ := json.Marshal(plain.Events())
			if string(a) != string(b) || g.Briefing() || g.TableView().Briefing != nil {
				t.Errorf("%s: after the briefing the log differs from a game without one:\n%s\nvs\n%s", in.ID, a, b)
			}
		}
	}
	g, err := New(Setup{Variant: "classic-2.0", Players: 12, Seed: 1, Briefing: true,
		Options: json.RawMessage(`{"lastWords": 1, "abstain": true, "tieFinal": "lots"}`)})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(g.TableView().Briefing.Options)
	if want := `[{"name":"lastWords","value":1,"default":3},{"name":"tieFinal","value":"lots","default":"draw"}]`; string(got) != want {
		t.Errorf("the options changed: %s, want %s (abstain is set to its default)", got, want)
	}
}
