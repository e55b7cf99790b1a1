package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/app/internal/fakelan"
	"nightfall/game"
	"nightfall/lan"
)

// A scripted game played through the (fake) LAN API with the real engine:
// bots act on the players' behalf, the clock is fixed, and after every step
// the test records what the big screen shows (phase, narration, speaker,
// next, clock, tally, PK) and what the judge says. The transcript is compared
// with testdata/game_<lang>.txt; a few facts are also asserted directly.
func TestScriptedGame(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		t.Run(lang, func(t *testing.T) { playScripted(t, lang) })
	}
}

func playScripted(t *testing.T, lang string) {
	newTestApp(t, lang)
	b := fakelan.New("classic-2.0", 12, 42)
	clock := fixed // moves only through the announcements' holds
	b.SetClock(func() time.Time { return clock })
	for s, n := range testNames {
		b.Join(s, n)
	}
	w := test.NewWindow(nil)
	defer w.Close()
	v := &recVoice{}
	s := NewShell(w, b, v)
	s.Now = func() time.Time { return clock }
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1280, 720))

	var tr strings.Builder
	step := 0
	var dump func(what string)
	show := func(what string) {
		step++
		s.Show(b.View())
		dump(fmt.Sprintf("#%d %s", step, what))
		// The announcements' hold: each result in turn is the headline,
		// then the stage's own line comes back.
		for hv := b.View(); hv.Table != nil && hv.HoldUntil.After(clock); hv = b.View() {
			per := time.Duration(hv.Table.Hold) * time.Second / time.Duration(len(hv.Table.Announce))
			clock = clock.Add(per)
			s.Tick(clock)
			s.Show(b.View())
			dump(fmt.Sprintf("  +%v", clock.Sub(fixed)))
		}
	}
	dump = func(what string) {
		ts := s.Table()
		fmt.Fprintf(&tr, "%s\n", what)
		if b.View().Table != nil && b.View().Table.Phase == "over" && s.Held() == nil {
			fmt.Fprintf(&tr, "  winner: %s | replay: %s\n", s.Over().Winner(), s.Over().Current())
		} else {
			fmt.Fprintf(&tr, "  phase: %s | narration: %s | clock: %s\n", ts.Phase(), ts.Narration(), ts.Clock())
			if d := s.Detail(); d != "" {
				fmt.Fprintf(&tr, "  detail: %s\n", strings.ReplaceAll(d, "\n", " / "))
			}
			if ts.Speaker() != "" {
				fmt.Fprintf(&tr, "  speaker: %s | %s\n", ts.Speaker(), ts.Next())
			}
			if ts.PK() != "" {
				fmt.Fprintf(&tr, "  pk: %s\n", ts.PK())
			}
			for _, l := range ts.Tally() {
				fmt.Fprintf(&tr, "  tally: %s\n", l)
			}
			if ts.Outcome() != "" {
				fmt.Fprintf(&tr, "  outcome: %s\n", ts.Outcome())
			}
		}
		for _, l := range v.take() {
			fmt.Fprintf(&tr, "  say: %s\n", l)
		}
	}
	apply := func(c game.Command) {
		t.Helper()
		if err := b.Apply(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}

	show("lobby")
	if err := b.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
		t.Fatal(err)
	}
	show("start")
	if got, want := s.Table().Narration(), Tr("narr.night"); got != want {
		t.Errorf("night narration = %q, want %q", got, want)
	}
	if got := s.Table().Clock(); got != "1:30" {
		t.Errorf("night clock = %q, want 1:30", got)
	}

	// Host controls: pause freezes the clock, add time adds to it.
	s.Tick(fixed.Add(20 * time.Second))
	if got := s.Table().Clock(); got != "1:10" {
		t.Errorf("clock 20 s into the night = %q, want 1:10", got)
	}
	test.Tap(s.Buttons().AddTime)
	s.Show(b.View())
	s.Tick(fixed.Add(20 * time.Second))
	if got := s.Table().Clock(); got != "1:40" {
		t.Errorf("after +30 s: clock = %q, want 1:40", got)
	}

	for round := 1; round <= 3 && !b.Game().Over(); round++ {
		night(t, b)
		apply(game.Command{Do: "timeout"})
		show(fmt.Sprintf("night %d ends", round))
		dayLoop(t, b, show, apply)
	}
	if !b.Game().Over() {
		if err := b.Host(lan.HostCommand{Do: lan.HostEnd}); err != nil {
			t.Fatal(err)
		}
		show("host ends the game")
		s.Over().Step(100)
		show("replay to the end")
	}
	if s.Over().Winner() == "" {
		t.Error("no winner shown at the end")
	}
	goldenText(t, "game_"+lang+".txt", tr.String())
}

// night makes every living player act: killers kill and police check the
// first legal seat outside their team, the others tap sleep.
func night(t *testing.T, b *fakelan.Backend) {
	t.Helper()
	g := b.Game()
	for changed := true; changed; {
		changed = false
		for seat := 1; seat <= g.TableView().Players; seat++ {
			pv := g.PlayerView(seat)
			var team []int
			for _, k := range pv.Known {
				team = append(team, k.Target.Seat)
			}
			for _, task := range pv.Tasks {
				if task.Done || task.Waiting != "" {
					continue
				}
				c := game.Command{Seat: seat, Do: task.Action}
				if task.Action != "sleep" {
					for _, x := range task.Targets {
						if !slices.Contains(team, x.Seat) {
							x := x
							c.Target = &x
							break
						}
					}
				}
				if _, err := g.Apply(c); err == nil {
					changed = true
				}
			}
		}
	}
}

// dayLoop plays the day: every speaker passes; in a ballot, voters split
// between the first two candidates (odd seats, even seats), so the first
// ballot of day 1 ties and a PK follows.
func dayLoop(t *testing.T, b *fakelan.Backend, show func(string), apply func(game.Command)) {
	t.Helper()
	for i := 0; i < 200; i++ {
		tv := b.Game().TableView()
		if tv.Phase != "day" {
			return
		}
		switch {
		case tv.Speaker != 0:
			apply(game.Command{Seat: tv.Speaker, Do: "pass"})
			show(fmt.Sprintf("seat %d passes", tv.Speaker))
		case tv.Ballot != nil && !tv.Ballot.Closed && tv.Stage == "vote":
			bal := tv.Ballot
			voted := false
			for _, voter := range bal.Voters {
				pv := b.Game().PlayerView(voter)
				for _, task := range pv.Tasks {
					if task.Action != "vote" || task.Done || len(task.Targets) == 0 {
						continue
					}
					pick := task.Targets[0]
					if voter%2 == 0 && len(task.Targets) > 1 {
						pick = task.Targets[1]
					}
					if tv.Round > 1 || bal.Index > 1 {
						pick = task.Targets[0]
					}
					apply(game.Command{Seat: voter, Do: "vote", Target: &pick})
					voted = true
				}
			}
			if voted {
				show("votes cast")
			}
			if nb := b.Game().TableView().Ballot; nb != nil && !nb.Closed && b.Game().TableView().Stage == "vote" {
				apply(game.Command{Do: "timeout"})
				show("call closes")
			}
		default:
			apply(game.Command{Do: "timeout"})
			show("timeout")
		}
	}
	t.Fatal("the day did not end")
}
