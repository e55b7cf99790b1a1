package voice

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"nightfall/assets/sounds"
	"nightfall/game"
)

func TestClips(t *testing.T) {
	for _, c := range []struct {
		line Line
		lang string
		want []string
	}{
		{Line{Kind: "night"}, "zh", []string{"night"}},
		{Line{Kind: "died", Seats: []int{6, 9}}, "zh", []string{"n6", "died", "n9", "died"}},
		{Line{Kind: "died", Seats: []int{6}}, "en", []string{"seat", "n6", "died"}},
		{Line{Kind: "speak", Seats: []int{3}}, "zh", []string{"please", "n3", "speak"}},
		{Line{Kind: "speak", Seats: []int{3}}, "en", []string{"seat", "n3", "speak"}},
		{Line{Kind: "votefor", Seats: []int{7}}, "zh", []string{"votefor", "n7", "hao"}},
		{Line{Kind: "over", Text: "killers"}, "en", []string{"over", "win-killers"}},
		{Line{Kind: "over", Text: "4"}, "zh", []string{"over", "n4", "wins"}},
		{Line{Kind: "speak", Seats: []int{21}}, "zh", []string{"please", "chime", "speak"}},
		{Line{Kind: "something-new"}, "zh", []string{"chime"}},
	} {
		if got := c.line.Clips(c.lang); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v in %s: got %v, want %v", c.line, c.lang, got, c.want)
		}
	}
}

// What is said at night never depends on roles or actions: two different
// games (other deals, other actions, one where nobody acts) say exactly the
// same from nightfall to dawn: one "night" line.
func TestNightSaysOnlyNightfall(t *testing.T) {
	run := func(seed uint64, act bool) [][]Line {
		g, err := game.New(game.Setup{Variant: "classic-2.0", Players: 12, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var n Narrator
		var said [][]Line
		observe := func() {
			tv := g.TableView()
			if tv.Phase == "night" {
				said = append(said, n.Observe(&tv, false))
				said = append(said, n.Tick(&tv, 5*time.Second, false))
			}
		}
		observe()
		if act {
			for seat := 1; seat <= 12; seat++ {
				pv := g.PlayerView(seat)
				for _, task := range pv.Tasks {
					c := game.Command{Seat: seat, Do: task.Action}
					if len(task.Targets) > 0 {
						x := task.Targets[len(task.Targets)-1]
						c.Target = &x
					}
					if _, err := g.Apply(c); err == nil {
						observe()
					}
				}
			}
		}
		return said
	}
	a, b := run(1, true), run(99, false)
	flat := func(x [][]Line) []Line {
		var out []Line
		for _, l := range x {
			out = append(out, l...)
		}
		return out
	}
	want := []Line{{Kind: "night"}}
	if got := flat(a); !reflect.DeepEqual(got, want) {
		t.Errorf("acting game said %v at night, want %v", got, want)
	}
	if got := flat(b); !reflect.DeepEqual(got, want) {
		t.Errorf("idle game said %v at night, want %v", got, want)
	}
}

// Each turn is said once; the dawn on the table is not the narrator's (the
// host app says it as its announcement comes up).
func TestTurnsOnce(t *testing.T) {
	tv := &game.TableView{Round: 1, Phase: "day", Stage: "last-words", Speaker: 6,
		Dawn: &game.DawnBody{Round: 1, Dead: []game.Target{{Seat: 6}}}, Timer: &game.Timer{Key: 4, Kind: "last-words", Seconds: 60}}
	var n Narrator
	got := n.Observe(tv, false)
	want := []Line{{Kind: "lastwords", Seats: []int{6}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if again := n.Observe(tv, false); len(again) != 0 {
		t.Errorf("the same view again said %v", again)
	}
	if l := n.Observe(tv, true); !reflect.DeepEqual(l, []Line{{Kind: "paused"}}) {
		t.Errorf("pause said %v", l)
	}
	if l := n.Tick(tv, 9*time.Second, false); !reflect.DeepEqual(l, []Line{{Kind: "chime"}}) {
		t.Errorf("ten-second warning: %v", l)
	}
	if l := n.Tick(tv, 8*time.Second, false); len(l) != 0 {
		t.Errorf("second warning for the same timer: %v", l)
	}
}

// Every kind of line has a caption in both languages (the chime excepted:
// it has no words), and the caption is the words of its clips, every clip
// with words, in order: what is shown is what is heard.
func TestCaptions(t *testing.T) {
	lines := []Line{{Kind: "over", Text: "good"}, {Kind: "over", Text: "killers"}, {Kind: "over", Text: "werewolves"},
		{Kind: "over", Text: "draw"}, {Kind: "over", Text: "7"}, {Kind: "died", Seats: []int{6, 9}}}
	for _, k := range Kinds {
		if k != "over" {
			lines = append(lines, Line{Kind: k, Seats: []int{3}})
		}
	}
	strip := strings.NewReplacer(" ", "", "，", "")
	for _, lang := range []string{"zh", "en"} {
		for _, l := range lines {
			c := l.Caption(lang)
			if l.Kind == "chime" {
				if c != "" {
					t.Errorf("the chime has a caption %q", c)
				}
				continue
			}
			if c == "" {
				t.Errorf("%+v has no caption in %s", l, lang)
				continue
			}
			var words []string
			for _, clip := range l.Clips(lang) {
				w, ok := sounds.Words(lang, clip)
				if !ok {
					t.Errorf("%+v in %s: clip %s has no words", l, lang, clip)
				}
				words = append(words, w)
			}
			if strip.Replace(c) != strip.Replace(strings.Join(words, "")) {
				t.Errorf("%+v in %s: caption %q, the clips say %q", l, lang, c, words)
			}
		}
	}
	for _, c := range []struct {
		line       Line
		lang, want string
	}{
		{Line{Kind: "died", Seats: []int{6, 9}}, "zh", "6号死亡，9号死亡"},
		{Line{Kind: "died", Seats: []int{6, 9}}, "en", "Seat 6 died. Seat 9 died."},
		{Line{Kind: "speak", Seats: []int{3}}, "zh", "请3号发言"},
		{Line{Kind: "votefor", Seats: []int{7}}, "en", "Vote for seat 7"},
		{Line{Kind: "over", Text: "4"}, "zh", "游戏结束，4号获胜"},
		{Line{Kind: "over", Text: "good"}, "en", "Game over. The good side wins."},
	} {
		if got := c.line.Caption(c.lang); got != c.want {
			t.Errorf("%+v in %s: %q, want %q", c.line, c.lang, got, c.want)
		}
	}
}
