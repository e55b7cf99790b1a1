package game

import (
	"os"
	"testing"
)

// TestTimelineNamesActors: the end-of-game timeline says who did what each
// night, the first night included.
func TestTimelineNamesActors(t *testing.T) {
	data, err := os.ReadFile("testdata/classic-2.0/ex3-killers-win-at-dawn.json")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScript(data)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := New(sc.Setup)
	for _, c := range sc.Steps {
		_, _ = g.Apply(c)
	}
	tv := g.TableView()
	if tv.Winner != "killers" || len(tv.Timeline) == 0 {
		t.Fatalf("winner %q, %d moments", tv.Winner, len(tv.Timeline))
	}
	nights := map[int]bool{}
	for _, m := range tv.Timeline {
		if m.Kind != "action" {
			continue
		}
		if m.Role == "" || len(m.Actors) == 0 {
			t.Errorf("round %d %s: no role or actors: %+v", m.Round, m.Action, m)
		}
		if m.Action == "kill" && (m.Role != "killer" || m.Actors[0] != 1) {
			t.Errorf("round %d kill by %v (%s), want the killers 1, 5", m.Round, m.Actors, m.Role)
		}
		nights[m.Round] = true
	}
	if !nights[1] || !nights[3] {
		t.Errorf("timeline nights %v, want 1..3", nights)
	}
}
