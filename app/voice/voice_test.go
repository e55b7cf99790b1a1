package voice

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"nightfall/app/audio"
	"nightfall/assets"
	"nightfall/assets/sounds"
	"nightfall/game"
	"nightfall/game/bots"
)

func TestClips(t *testing.T) {
	for _, c := range []struct {
		line Line
		lang string
		want []string
	}{
		{Line{Kind: "night"}, "zh", []string{"night"}},
		{Line{Kind: "died", Seats: []int{6, 9}}, "zh", []string{"n6+died", "n9+died"}},
		{Line{Kind: "died", Seats: []int{6}}, "en", []string{"seat+n6+died"}},
		{Line{Kind: "died", Seats: []int{20}}, "zh", []string{"n20+died"}},
		{Line{Kind: "speak", Seats: []int{3}}, "zh", []string{"please+n3+speak"}},
		{Line{Kind: "speak", Seats: []int{3}}, "en", []string{"seat+n3+speak"}},
		{Line{Kind: "votefor", Seats: []int{7}}, "zh", []string{"votefor+n7+hao+handsup"}},
		{Line{Kind: "over", Text: "killers"}, "en", []string{"over", "win-killers"}},
		{Line{Kind: "over", Text: "4"}, "zh", []string{"over", "n4+wins"}},
		{Line{Kind: "shot", Seats: []int{3, 9}}, "zh", []string{"n3+shot+n9+hao"}},
		{Line{Kind: "idiot", Seats: []int{5}}, "en", []string{"seat+n5+idiot", "nobodyout"}},
		{Line{Kind: "election"}, "zh", []string{"election", "stand"}},
		// outside the closed set: said as its pieces
		{Line{Kind: "speak", Seats: []int{41}}, "zh", []string{"please", "chime", "speak"}},
		{Line{Kind: "died", Seats: []int{21}}, "zh", []string{"n21", "died"}},
		{Line{Kind: "campaign", Seats: []int{13}}, "zh", []string{"n13", "campaign"}}, // werewolf-12 seats 12
		{Line{Kind: "something-new"}, "zh", []string{"chime"}},
	} {
		if got := c.line.Clips(c.lang); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v in %s: got %v, want %v", c.line, c.lang, got, c.want)
		}
	}
	if got, want := (Line{Kind: "died", Seats: []int{6, 9}}).Pieces("zh"), []string{"n6", "died", "n9", "died"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pieces of 6号死亡，9号死亡: %v, want %v", got, want)
	}
}

// TestWholes: every line that names a seat, at every seat of the largest
// table that says it (20, werewolf-12's own lines 12), and every deal of
// every variant at every table size, is said as one clip per phrase in
// both languages: a clip of its own, with sound, whose words are the
// phrase's pieces' (what the caption shows). The set is exactly that: no
// clip is made for a phrase no table says.
func TestWholes(t *testing.T) {
	for _, lang := range assets.Languages {
		used := map[string]bool{}
		check := func(l Line, phrases int) {
			t.Helper()
			clips := l.Clips(lang)
			if len(clips) != phrases {
				t.Errorf("%+v in %s: said as %v, want %d clips (one per phrase)", l, lang, clips, phrases)
			}
			var words []string
			for _, c := range clips {
				used[c] = true
				w, ok := sounds.Words(lang, c)
				if !ok || audio.Duration(sounds.FS, lang, c) == 0 {
					t.Errorf("%+v in %s: clip %s has no words or no sound", l, lang, c)
				}
				words = append(words, w)
			}
			var pieces []string
			for _, c := range l.Pieces(lang) {
				w, _ := sounds.Words(lang, c)
				pieces = append(pieces, w)
			}
			if strip := strings.NewReplacer(" ", ""); strip.Replace(strings.Join(words, "")) != strip.Replace(strings.Join(pieces, "")) {
				t.Errorf("%+v in %s: the clips say %q, the pieces %q", l, lang, words, pieces)
			}
		}
		for _, k := range []string{"died", "speak", "lastwords", "votefor", "out", "exploded"} {
			for s := 1; s <= 20; s++ {
				check(Line{Kind: k, Seats: []int{s}}, 1)
			}
		}
		for s := 1; s <= 20; s++ {
			check(Line{Kind: "over", Text: strconv.Itoa(s)}, 2)
		}
		for s := 1; s <= 12; s++ {
			for _, k := range []string{"campaign", "skill", "sheriff", "wolfexploded"} {
				check(Line{Kind: k, Seats: []int{s}}, 1)
			}
			check(Line{Kind: "idiot", Seats: []int{s}}, 2)
			for h := 1; h <= 12; h++ {
				if h != s {
					check(Line{Kind: "shot", Seats: []int{h, s}}, 1)
				}
			}
		}
		for _, in := range game.Variants() {
			for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
				d := Line{Kind: "deal", Deal: Deal(in.ID, n)}
				check(d, len(d.phrases(lang)))
			}
		}
		for _, w := range Wholes(lang) {
			if !used[w.ID] {
				t.Errorf("%s: %s (%s) is said by no line", lang, w.ID, w.Words)
			}
		}
		t.Logf("%s: %d phrases said whole", lang, len(Wholes(lang)))
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
		Cues: []game.Cue{{Key: 9, Kind: game.CueTurn, Stage: game.StageLastWords, Seat: 6}},
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
		switch k {
		case "over":
		case "deal":
			lines = append(lines, Line{Kind: k, Deal: []game.RoleCount{{Role: "killer", Count: 2}, {Role: "police", Count: 1}, {Role: "civilian", Count: 31}}})
		case "wins":
			lines = append(lines, Line{Kind: k, Text: "v4.0"})
		case "shot": // the hunter, then whom he shoots
			lines = append(lines, Line{Kind: k, Seats: []int{3, 9}})
		default:
			lines = append(lines, Line{Kind: k, Seats: []int{3}})
		}
	}
	strip := strings.NewReplacer(" ", "", "，", "", ",", "")
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
		{Line{Kind: "votefor", Seats: []int{7}}, "en", "Hands up for seat 7"},
		{Line{Kind: "votefor", Seats: []int{8}}, "zh", "投8号的请举手"},
		{Line{Kind: "over", Text: "4"}, "zh", "游戏结束，4号获胜"},
		{Line{Kind: "over", Text: "good"}, "en", "Game over. The good side wins."},
		{Line{Kind: "deal", Deal: []game.RoleCount{{Role: "killer", Count: 2}, {Role: "sniper", Count: 1}, {Role: "civilian", Count: 10}}}, "zh", "两个杀手，1个狙击手，10个平民"},
		{Line{Kind: "deal", Deal: []game.RoleCount{{Role: "killer", Count: 2}, {Role: "sniper", Count: 1}, {Role: "civilian", Count: 10}}}, "en", "2 killers, 1 Sniper, 10 civilians"},
		{Line{Kind: "deal", Deal: []game.RoleCount{{Role: "killer", Count: 5}, {Role: "police", Count: 1}, {Role: "doctor", Count: 1}, {Role: "elder", Count: 1}, {Role: "civilian", Count: 7}}}, "zh", "5个杀手，警察，医生，森林老人，各1个，7个平民"},
		{Line{Kind: "deal", Deal: []game.RoleCount{{Role: "sniper", Count: 2}, {Role: "vest", Count: 2}, {Role: "arson", Count: 2}, {Role: "commoner", Count: 11}}}, "en", "2 each, Sniper, Vest / wolfsbane, Arson / saint, 11 commoners"},
	} {
		if got := c.line.Caption(c.lang); got != c.want {
			t.Errorf("%+v in %s: %q, want %q", c.line, c.lang, got, c.want)
		}
	}
}

// TestBriefingPlan: over the table's briefing of every variant, at every
// table size, in both languages, the judge says the briefing's opening,
// the engine's deal (its roles in its order, each as its count then its
// name: "五个杀手", "两个警察", "5 killers", "1 Sniper", each phrase one
// clip said whole), how the variant's sides win, and that the host begins;
// every clip of it is a line of the
// voice with its words and its sound, and all but the closing line end
// before the briefing's time runs out (game.BriefingSeconds: the night
// would cut them short).
func TestBriefingPlan(t *testing.T) {
	longest := map[string]time.Duration{}
	for _, in := range game.Variants() {
		for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
			g, err := game.New(game.Setup{Variant: in.ID, Players: n, Seed: uint64(n), Briefing: true})
			if err != nil {
				t.Fatal(err)
			}
			tv := g.TableView()
			if tv.Briefing == nil || len(tv.Briefing.Deal) == 0 {
				t.Fatalf("%s at %d: no briefing in the view", in.ID, n)
			}
			for _, lang := range assets.Languages {
				plan := Briefing(&tv)
				var got [][]string
				for _, l := range plan {
					got = append(got, l.Pieces(lang))
				}
				var deal []string
				zhN := func(c int) string {
					if c == 2 {
						return "liang"
					}
					return "n" + strconv.Itoa(c)
				}
				ds := tv.Briefing.Deal
				for i, d := range ds {
					same := func(j int) bool { return j >= 0 && j < len(ds) && ds[j].Count == d.Count }
					run := 0 // the length of the run of equal counts d is in
					for j := i; same(j); j-- {
						run++
					}
					first := run == 1
					for j := i + 1; same(j); j++ {
						run++
					}
					switch {
					case run >= 3 && lang == "en" && first:
						deal = append(deal, "n"+strconv.Itoa(d.Count), "each", "role."+d.Role)
					case run >= 3 && lang == "en":
						deal = append(deal, "role."+d.Role)
					case run >= 3 && !same(i+1): // zh: the names, then the count once
						deal = append(deal, "role."+d.Role, "each", zhN(d.Count), "ge")
					case run >= 3:
						deal = append(deal, "role."+d.Role)
					case lang == "zh":
						deal = append(deal, zhN(d.Count), "ge", "role."+d.Role)
					case d.Count == 1:
						deal = append(deal, "n1", "role."+d.Role)
					default:
						deal = append(deal, "n"+strconv.Itoa(d.Count), "roles."+d.Role)
					}
				}
				want := [][]string{{"brief.narr"}, deal, {"wins." + in.ID}, {"begin"}}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s at %d in %s: the judge says %v, want %v", in.ID, n, lang, got, want)
				}
				// the deal's phrases are said whole, one clip each
				if d := plan[1]; len(d.Clips(lang)) != len(d.phrases(lang)) {
					t.Errorf("%s at %d in %s: the deal is said as %v, want a clip per phrase", in.ID, n, lang, d.Clips(lang))
				}
				var total, needed time.Duration
				for i, l := range plan {
					for _, c := range l.Clips(lang) {
						if w, ok := sounds.Words(lang, c); !ok || w == "" || audio.Duration(sounds.FS, lang, c) == 0 {
							t.Errorf("%s at %d in %s: clip %s has no words or no sound", in.ID, n, lang, c)
						}
					}
					total += audio.LineDuration(sounds.FS, lang, l.Clips(lang))
					if i < len(plan)-1 {
						needed = total
					}
				}
				// what a newcomer needs (all but the closing, which the big screen skips
				// when the night would cut it: TestBriefingSpoken) is said before the night
				if needed > game.BriefingSeconds*time.Second {
					t.Errorf("%s at %d in %s: the briefing's deal and wins are said in %v, longer than the briefing lasts (%d s)", in.ID, n, lang, needed.Round(time.Millisecond), game.BriefingSeconds)
				}
				if k := in.ID + " " + lang; total > longest[k] {
					longest[k] = total
				}
			}
		}
	}
	for _, in := range game.Variants() {
		t.Logf("%s: said in %v (zh), %v (en) at the longest deal, the closing included", in.ID, longest[in.ID+" zh"].Round(100*time.Millisecond), longest[in.ID+" en"].Round(100*time.Millisecond))
	}
}

// oldNarrator is how the judge worked out the stages' lines before the
// engine cued them: by comparing each table view with what it had said.
// TestNarratorSaysWhatItSaid holds the Narrator to it.
type oldNarrator struct {
	night             int
	turn, stage, call string
}

func (n *oldNarrator) observe(tv *game.TableView) []Line {
	var out []Line
	switch tv.Phase {
	case game.PhaseNight:
		if n.night != tv.Round {
			n.night = tv.Round
			out = append(out, Line{Kind: "night"})
		}
		return out
	case game.PhaseOver:
		return out
	}
	stageKey := strconv.Itoa(tv.Round) + "/" + string(tv.Stage)
	if b := tv.Ballot; b != nil {
		stageKey += "/" + strconv.Itoa(b.Index)
	}
	switch {
	case tv.Speaker != 0:
		if key := stageKey + "/" + strconv.Itoa(tv.Speaker); n.turn != key {
			n.turn = key
			l, _ := StageLine(tv)
			out = append(out, l)
		}
	case tv.Stage == game.StageStand, tv.Stage == game.StageDiscussion:
		if n.stage != stageKey {
			n.stage = stageKey
			l, _ := StageLine(tv)
			out = append(out, l)
		}
	case tv.Stage == game.StageVote && tv.Ballot != nil && !tv.Ballot.Closed:
		if n.stage != stageKey {
			n.stage = stageKey
			out = append(out, Line{Kind: "vote"})
		}
		if c := tv.Ballot.Calling; c != nil {
			if key := stageKey + "/" + c.String(); n.call != key {
				n.call = key
				out = append(out, Line{Kind: "votefor", Seats: []int{c.Seat}})
			}
		}
	}
	return out
}

// TestNarratorSaysWhatItSaid: over games of every variant played by random
// legal players, the Narrator, following the engine's cues, says at every
// view what the judge said when it compared views, line for line; two
// fixes aside: every nightfall is said, v5.0-dual's and two-hands' setup
// night (round 0) too, which the old judge took for "no night said yet",
// and the night that falls again after a void deal is dealt again. A
// host that comes back to the game (Resume) says nothing until the next
// cue, and a view that comes again says nothing.
func TestNarratorSaysWhatItSaid(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, in := range game.Variants() {
		for i := 0; i < 6; i++ {
			n := in.MinPlayers + r.IntN(in.MaxPlayers-in.MinPlayers+1)
			g, err := game.New(game.Setup{Variant: in.ID, Players: n, Seed: r.Uint64()})
			if err != nil {
				t.Fatal(err)
			}
			var nar, back Narrator
			old := oldNarrator{night: -1}
			for step := 0; ; step++ {
				tv := g.TableView()
				got, want := nar.Observe(&tv, false), old.observe(&tv)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s at %d, step %d (%s %s): says %v, said %v", in.ID, n, step, tv.Phase, tv.Stage, got, want)
				}
				if again := nar.Observe(&tv, false); len(again) != 0 {
					t.Fatalf("%s, step %d: the same view again says %v", in.ID, step, again)
				}
				if step == 40 {
					back.Resume(&tv) // the host comes back here
				} else if step > 40 && !reflect.DeepEqual(back.Observe(&tv, false), got) {
					t.Fatalf("%s, step %d: after a resume, says %v, not %v", in.ID, step, back.Observe(&tv, false), got)
				}
				if g.Over() {
					break
				}
				if step == 100000 {
					t.Fatalf("%s: no end (%s %s round %d)", in.ID, tv.Phase, tv.Stage, tv.Round)
				}
				cmd := game.Command{Do: "timeout"} // now and then, and when nobody can act
				for _, seat := range r.Perm(n) {
					pv := g.PlayerView(seat + 1)
					if cs := bots.LegalCommands(&pv); len(cs) > 0 && r.IntN(20) > 0 {
						cmd = cs[r.IntN(len(cs))]
						break
					}
				}
				if r.IntN(20) == 0 {
					cmd = game.Command{Do: "timeout"}
				}
				events, err := g.Apply(cmd)
				if err != nil {
					continue
				}
				for _, e := range events {
					if _, ok := e.Body.(*game.RedealBody); ok {
						old.night = -1
					}
				}
			}
		}
	}
}

// Every kind of cue the engine gives has a line of the voice's kinds.
func TestEveryCueHasALine(t *testing.T) {
	for _, k := range game.CueKinds() {
		l, ok := CueLine(game.Cue{Key: 1, Kind: k, Stage: game.StageSpeech, Seat: 3})
		if !ok || !slices.Contains(Kinds, l.Kind) {
			t.Errorf("cue %q: line %+v (ok %v)", k, l, ok)
		}
	}
}
