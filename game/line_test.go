package game

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// A line goes to the phones as JSON and comes back the same (numbers as
// float64, arguments by name), in the form the phone's lineText reads.
func TestLineJSON(t *testing.T) {
	six := Target{Seat: 6, Card: 1}
	m := Moment{Kind: MomentTally, Outcome: VerdictTie,
		Counts: []Count{{Target: six, Votes: 2}, {Target: Target{Seat: 7}, Votes: 1.5}},
		Votes:  []VoteBody{{Seat: 3, Target: six}, {Seat: 3, Target: six}, {Seat: 4, Target: Target{Seat: 7}}}, Abstained: []int{5}}
	l := MomentLine("classic-2.0", m)
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":{"Counts":{"list":[{"a":{"N":2,"Seat":"6L"},"k":"tl.count"},{"a":{"N":1.5,"Seat":{"a":{"Seat":7},"k":"tl.seat"}},"k":"tl.count"}]},` +
		`"Tie":{"k":"tl.tie"},"Votes":{"list":[{"a":{"Target":"6L","Voters":{"a":{"Seat":{"list":["3×2"]}},"k":"tl.seat"}},"k":"tally.arrow"},` +
		`{"a":{"Target":{"a":{"Seat":7},"k":"tl.seat"},"Voters":{"a":{"Seat":{"list":["4"]}},"k":"tl.seat"}},"k":"tally.arrow"},{"a":{"Seats":{"list":[5]}},"k":"tally.abstained"}],"sep":"tally.sep"}},` +
		`"k":"tl.tally.votes"}`
	if string(data) != want {
		t.Errorf("JSON\n got %s\nwant %s", data, want)
	}
	var back Line
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(data) {
		t.Errorf("read back\n got %s\nwant %s", again, data)
	}
	if back.Key != l.Key || len(back.Args) != len(l.Args) {
		t.Errorf("read back %+v, want %+v", back, l)
	}
	if n, ok := back.Args[1].Value.(Line); !ok || !reflect.DeepEqual(n, Line{Key: "tl.tie"}) {
		t.Errorf("Tie read back as %#v", back.Args[1].Value)
	}
	if r := MomentLine("werewolf-12", Moment{Kind: MomentImmune, Seat: 10, Role: "idiot"}); r.Key != "tl.ww.idiot" {
		t.Errorf("werewolf-12's idiot: %s", r.Key)
	}
	if r := MomentLine("two-hands", Moment{Kind: MomentImmune, Seat: 10, Role: "idiot"}); r.Key != "narr.immune" {
		t.Errorf("another variant's immunity: %s", r.Key)
	}
}

// A cat-lives-7 execution costs a card, not the game: the timeline says
// the seat executed (tl.cat.executed), not voted out, and an executed seat
// votes again the next day.
func TestCatExecutionLine(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "cat-lives-7", "ex6c-independent-last-survivor.json"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScript(data)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(sc.Setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range sc.Steps {
		g.Apply(st)
	}
	executed, again := map[int]int{}, 0
	for _, m := range g.TableView().Timeline {
		switch m.Kind {
		case MomentExecuted:
			if m.Line.Key != "tl.cat.executed" || len(m.Line.Args) != 1 || m.Line.Args[0].Value != m.Seat {
				t.Errorf("day %d: seat %d's execution says %+v", m.Round, m.Seat, m.Line)
			}
			executed[m.Seat] = m.Round
		case MomentTally:
			for _, v := range m.Votes {
				if r, ok := executed[v.Seat]; ok && r < m.Round {
					again++
				}
			}
		}
	}
	if len(executed) == 0 || again == 0 {
		t.Errorf("%d seats executed, %d votes by a seat executed before: the script no longer shows a seat living on", len(executed), again)
	}
	if l := MomentLine("classic-2.0", Moment{Kind: MomentExecuted, Seat: 3}); l.Key != "tl.executed" {
		t.Errorf("classic-2.0's execution says %+v", l)
	}
}

// The timeline goes night 1, day 1, night 2…, never back: werewolf-12 says
// the night's dead after the day's election, and its dawn is then a line
// of that day (a 复盘 read "night 1, day 1, night 1, day 1").
func TestTimelineNeverGoesBack(t *testing.T) {
	for _, script := range []string{"werewolf-12/ex13-simultaneous-good", "werewolf-12/ex11-good-side-wins", "classic-2.0/ex3-killers-win-at-dawn"} {
		data, err := os.ReadFile(filepath.Join("testdata", script+".json"))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := ParseScript(data)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(sc.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range sc.Steps {
			g.Apply(st)
		}
		at := func(m Moment) int {
			if m.Phase == PhaseDay {
				return 2*m.Round + 1
			}
			return 2 * m.Round
		}
		tl := g.TableView().Timeline
		dawns := 0
		for i, m := range tl {
			if m.Kind == MomentDawn {
				dawns++
			}
			if i > 0 && at(m) < at(tl[i-1]) {
				t.Errorf("%s: moment %d (%s, round %d %s) after round %d %s", script, i, m.Kind, m.Round, m.Phase, tl[i-1].Round, tl[i-1].Phase)
			}
		}
		if dawns == 0 {
			t.Errorf("%s: no dawn in the timeline", script)
		}
	}
}
