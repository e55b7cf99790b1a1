package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/app/voice"
	"nightfall/game"
	"nightfall/lan"
	"nightfall/lan/lantest"
)

// A scripted game played through the real LAN server: phones act on the
// players' behalf, the clock moves only through the announcements' holds
// and when a timer is let run out, and after every step
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
	srv := newTable(t, "classic-2.0", 12, 42)
	clock := srv.Clock
	phones := seatAll(t, srv)
	v := &recVoice{}
	s, w := shellOn(t, srv, v)
	w.Resize(fyne.NewSize(1280, 720))

	var tr strings.Builder
	step := 0
	held := time.Duration(0) // the time the holds took (the transcript's +marks)
	var dump func(what string)
	show := func(what string) {
		step++
		s.Show(srv.View())
		dump(fmt.Sprintf("#%d %s", step, what))
		// The announcements' hold: each result in turn is the headline,
		// then the stage's own line comes back.
		for hv := srv.View(); hv.Table != nil && hv.HoldUntil.After(clock.Now()); hv = srv.View() {
			per := time.Duration(hv.Table.Hold) * time.Second / time.Duration(len(hv.Table.Announce))
			clock.Advance(per)
			held += per
			s.Tick(clock.Now())
			s.Show(srv.View())
			dump(fmt.Sprintf("  +%v", held))
		}
	}
	dump = func(what string) {
		ts := s.Table()
		fmt.Fprintf(&tr, "%s\n", what)
		if hv := srv.View(); hv.Table != nil && hv.Table.Phase == "over" && s.Held() == nil {
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
		if err := phones[c.Seat].Do(c); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	over := func() bool { return srv.View().Table.Phase == "over" }

	show("lobby")
	hostDo(t, srv, lan.HostCommand{Do: lan.HostStart})
	show("start")
	if got, want := s.Table().Narration(), (voice.Line{Kind: "night"}).Caption(Language()); got != want { // what the judge says
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
	s.Show(srv.View())
	s.Tick(fixed.Add(20 * time.Second))
	if got := s.Table().Clock(); got != "1:40" {
		t.Errorf("after +30 s: clock = %q, want 1:40", got)
	}

	for round := 1; round <= 3 && !over(); round++ {
		night(t, phones)
		runOut(t, srv)
		show(fmt.Sprintf("night %d ends", round))
		dayLoop(t, srv, phones, show, apply)
	}
	if !over() {
		hostDo(t, srv, lan.HostCommand{Do: lan.HostEnd})
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
// first legal seat outside their team, the others tap sleep; each phone
// acts on the view it holds once the seats before it have acted.
func night(t *testing.T, phones []*lantest.Phone) {
	t.Helper()
	for changed := true; changed; {
		changed = false
		for seat := 1; seat < len(phones); seat++ {
			pv := view(t, phones[seat])
			var team []int
			for _, k := range pv.Known {
				team = append(team, k.Target.Seat)
			}
			for _, task := range pv.Tasks {
				if task.Done || task.Waiting != "" {
					continue
				}
				c := game.Command{Do: task.Action}
				if task.Action != "sleep" {
					for _, x := range task.Targets {
						if !slices.Contains(team, x.Seat) {
							c.Target = &x
							break
						}
					}
				}
				if err := phones[seat].Do(c); err == nil {
					changed = true
				}
			}
		}
	}
}

// view is the phone's view once it has every frame the server sent it.
func view(t *testing.T, p *lantest.Phone) game.PlayerView {
	t.Helper()
	if err := p.Sync(); err != nil {
		t.Fatal(err)
	}
	pv, ok := p.View()
	if !ok {
		t.Fatalf("seat %d has no view", p.Seat())
	}
	return pv
}

// dayLoop plays the day: every speaker passes; in a ballot, voters split
// between the first two candidates (odd seats, even seats), so the first
// ballot of day 1 ties and a PK follows. The clock runs out what the
// players leave open.
func dayLoop(t *testing.T, srv *lantest.Server, phones []*lantest.Phone, show func(string), apply func(game.Command)) {
	t.Helper()
	for i := 0; i < 200; i++ {
		tv := srv.View().Table
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
				pv := view(t, phones[voter])
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
			if ntv := srv.View().Table; ntv.Ballot != nil && !ntv.Ballot.Closed && ntv.Stage == "vote" {
				runOut(t, srv)
				show("call closes")
			}
		default:
			runOut(t, srv)
			show("timeout")
		}
	}
	t.Fatal("the day did not end")
}
