package game

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The 复盘's tallies account for every voter: who voted is in Votes, and
// everybody else of the ballot's voters (an abstention, a pass through every
// call, the time running out) is in Abstained, in seat order.
func TestTimelineTallyNamesNonVoters(t *testing.T) {
	paths, _ := filepath.Glob("testdata/classic-2.0/*.json")
	more, _ := filepath.Glob("testdata/v4.0/*.json")
	paths = append(paths, more...)
	checked, silent := 0, 0
	const ex3 = "testdata/classic-2.0/ex3-killers-win-at-dawn.json"
	// ex3 again, seat 6 letting the first ballot's time run out instead of
	// voting (the others' votes still put seat 3 out)
	paths = append(paths, ex3+"#6-silent")
	for _, path := range paths {
		file, silentSix := path, false
		if f, ok := strings.CutSuffix(path, "#6-silent"); ok {
			file, silentSix = f, true
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := ParseScript(data)
		if err != nil {
			continue // a golden file beside the scripts
		}
		skip := -1
		if silentSix {
			skip = slices.IndexFunc(sc.Steps, func(c Command) bool { return c.Do == "vote" && c.Seat == 6 })
		}
		g, err := New(sc.Setup)
		if err != nil {
			continue
		}
		for i, cmd := range sc.Steps {
			if i != skip {
				g.Apply(cmd)
				continue
			}
			for k := 0; k < 10 && g.TableView().Stage == StageVote; k++ {
				g.Apply(Command{Do: "timeout"}) // each call's time runs out
			}
		}
		if !g.Over() {
			if silentSix {
				t.Fatalf("%s does not end", path)
			}
			continue
		}
		if silentSix {
			i := slices.IndexFunc(g.TableView().Timeline, func(m Moment) bool { return m.Kind == "tally" })
			if m := g.TableView().Timeline[i]; !slices.Contains(m.Abstained, 6) {
				t.Errorf("%s: seat 6 let the time run out; the first tally lists %v as not voting", path, m.Abstained)
			}
		}
		var ballots [][]int // each tally's ballot's voters, in order
		var voters []int
		for _, e := range g.Events() {
			switch b := e.Body.(type) {
			case *BallotBody:
				voters = b.Voters
			case *TallyBody:
				ballots = append(ballots, voters)
			}
		}
		i := 0
		for _, m := range g.TableView().Timeline {
			if m.Kind != "tally" {
				continue
			}
			want := ballots[i]
			i++
			var got []int
			for _, v := range m.Votes {
				if !slices.Contains(got, v.Seat) {
					got = append(got, v.Seat)
				}
			}
			if !slices.IsSorted(m.Abstained) {
				t.Errorf("%s: abstained %v not in seat order", path, m.Abstained)
			}
			for _, a := range m.Abstained {
				if slices.Contains(got, a) {
					t.Errorf("%s: seat %d both voted and abstained", path, a)
				}
			}
			silent += len(m.Abstained)
			got = append(got, m.Abstained...)
			slices.Sort(got)
			w := slices.Sorted(slices.Values(want))
			if !slices.Equal(got, w) {
				t.Errorf("%s: tally %d accounts for %v, the ballot's voters are %v", path, i, got, w)
			}
			checked++
		}
	}
	if checked == 0 || silent == 0 {
		t.Fatalf("%d tallies checked, %d non-voters: the case tests nothing", checked, silent)
	}
}
