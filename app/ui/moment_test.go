package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nightfall/assets"
	"nightfall/game"
	"nightfall/game/bots"
	"nightfall/lan/replay"
)

// finishedGames are games of every variant played to their end: every
// golden script of game/testdata that ends, and a few games of random bots
// at the smallest, a middling and the largest table.
func finishedGames(t *testing.T) []*game.Game {
	t.Helper()
	var out []*game.Game
	scripts, _ := filepath.Glob("../../game/testdata/*/*.json")
	for _, path := range scripts {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := game.ParseScript(data)
		if err != nil {
			continue // not a script (a golden's own data)
		}
		g, err := game.New(sc.Setup)
		if err != nil {
			continue // a script of a deal the engine refuses
		}
		for _, cmd := range sc.Steps {
			g.Apply(cmd)
		}
		if g.Over() {
			out = append(out, g)
		}
	}
	var random bots.Random
	for _, in := range game.Variants() {
		for i, n := range []int{in.MinPlayers, (in.MinPlayers + in.MaxPlayers) / 2, in.MaxPlayers} {
			for seed := uint64(1); seed <= 3; seed++ {
				g, err := game.New(game.Setup{Variant: in.ID, Players: n, Seed: seed*10 + uint64(i)})
				if err != nil {
					t.Fatalf("%s, %d players: %v", in.ID, n, err)
				}
				random.Play(g, rand.New(rand.NewPCG(seed, uint64(n))))
				out = append(out, g)
			}
		}
	}
	return out
}

// timelineLI is a line of the saved file's timeline (a vote under a tally
// is an <li class="vote">, not matched).
var timelineLI = regexp.MustCompile(`<li>([^<\n]*)`)

// Every line of the 复盘 reads the same on the big screen (MomentText),
// in the saved file (lan/replay) and on the phones (view.js lineText, run
// under node on the view the phones get, with the dictionary the phones
// are served), in both languages, in games of every variant; and every
// line is in words (each key and name of it is in the dictionary).
func TestMomentRenderingsAgree(t *testing.T) {
	games := finishedGames(t)
	variants := map[string]int{}
	kinds := map[game.MomentKind]bool{}
	var views []json.RawMessage
	for _, g := range games {
		tv := g.TableView()
		variants[tv.Variant]++
		for _, m := range tv.Timeline {
			kinds[m.Kind] = true
		}
		data, err := json.Marshal(tv)
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, data)
	}
	for _, in := range game.Variants() {
		if variants[in.ID] == 0 {
			t.Errorf("no finished game of %s", in.ID)
		}
	}
	for _, k := range game.MomentKinds() {
		if !kinds[k] && k != game.MomentPostponed { // an explosion in the election: none in the games above (TestEveryMomentKindHasWords)
			t.Errorf("no line of kind %q in the games played", k)
		}
	}
	phone := phoneLines(t, views)
	for _, lang := range assets.Languages {
		newTestApp(t, lang)
		dict, err := assets.Dictionary(lang)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for gi, g := range games {
			tv := g.TableView()
			info := lookupVariant(tv.Variant)
			var b bytes.Buffer
			if err := replay.Write(&b, replay.Game{Table: tv}, lang); err != nil {
				t.Fatal(err)
			}
			file := timelineLI.FindAllStringSubmatch(b.String(), -1)
			if len(file) != len(tv.Timeline) {
				t.Fatalf("%s game %d: the file has %d lines, the timeline %d", tv.Variant, gi, len(file), len(tv.Timeline))
			}
			for i, m := range tv.Timeline {
				lines++
				screen := MomentText(m, info)
				saved := html.UnescapeString(file[i][1])
				ph := screen // without node: the screen's and the file's only
				if phone != nil {
					ph = phone[lang][gi][i]
				}
				if screen != saved || screen != ph {
					t.Errorf("%s %s game %d, %s line:\nscreen %q\nfile   %q\nphone  %q", lang, tv.Variant, gi, m.Kind, screen, saved, ph)
				}
				if screen == "" && m.Kind != game.MomentShot {
					t.Errorf("%s %s: a %s line without words: %+v", lang, tv.Variant, m.Kind, m)
				}
				if missing := missingWords(dict, m.Line); missing != "" {
					t.Errorf("%s %s: %s line %q: %s has no words", lang, tv.Variant, m.Kind, screen, missing)
				}
				// a night's act is said with a verb of the timeline's own
				// ("killed", "chose not to poison"), not a button's name
				// ("Kill", "skip Poison")
				// a team's act names its role in the plural ("Werewolves
				// (2, 5, 9) killed 4"): the plural's key, not the fallback
				if m.Kind == game.MomentAction && len(m.Actors) > 1 {
					if r, ok := lineArg(m.Line, "Role").(game.Name); !ok || len(r) == 0 || !strings.HasPrefix(r[0], "tl.roles.") || dict[r[0]] == "" {
						t.Errorf("%s %s: %q: the role of %d actors is not named in the plural (%v)", lang, tv.Variant, screen, len(m.Actors), r)
					}
				}
				if m.Kind == game.MomentAction && m.Line.Key != "tl.ww.save" {
					verb := "tl.did." + m.Action
					if m.Skip || m.Target == nil {
						verb = "tl.do." + m.Action
					}
					if _, ok := dict[verb]; !ok {
						t.Errorf("%s %s: %q: no %s", lang, tv.Variant, screen, verb)
					}
				}
			}
		}
		t.Logf("%s: %d lines of %d games compared", lang, lines, len(games))
		if lines < 1000 {
			t.Errorf("%s: only %d lines compared", lang, lines)
		}
	}
}

// lineArg is l's argument called name (nil without it).
func lineArg(l game.Line, name string) any {
	for _, a := range l.Args {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// missingWords is the first key of l (its own, its lines', its names') the
// dictionary lacks ("" for none).
func missingWords(dict map[string]string, l game.Line) string {
	if l.Key == "" {
		return ""
	}
	if _, ok := dict[l.Key]; !ok {
		return l.Key
	}
	var walk func(v any) string
	walk = func(v any) string {
		switch x := v.(type) {
		case game.Line:
			return missingWords(dict, x)
		case game.Name:
			for _, k := range x {
				if _, ok := dict[k]; ok {
					return ""
				}
			}
			return strings.Join(x, " or ")
		case game.List:
			for _, it := range x.Items {
				if s := walk(it); s != "" {
					return s
				}
			}
			if _, ok := dict[x.Sep]; x.Sep != "" && !ok {
				return x.Sep
			}
		}
		return ""
	}
	for _, a := range l.Args {
		if s := walk(a.Value); s != "" {
			return s
		}
	}
	return ""
}

// phoneLines runs the phone's own translation (view.js lineText) under
// node on the table views, with the dictionaries the phones are served
// (the first file and the late one): language → game → line. Without node
// it returns nil and the phone's words are not compared.
func phoneLines(t *testing.T, views []json.RawMessage) map[string][][]string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("no node: the phone's lines are not compared")
		return nil
	}
	dir := t.TempDir()
	dicts := map[string]map[string]string{}
	for _, lang := range assets.Languages {
		raw, err := Strings(lang)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, late := range []bool{false, true} {
			data, err := assets.PhoneDictionary(raw, late)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
		}
		dicts[lang] = m
	}
	in, _ := json.Marshal(map[string]any{"views": views, "dicts": dicts})
	if err := os.WriteFile(filepath.Join(dir, "in.json"), in, 0o644); err != nil {
		t.Fatal(err)
	}
	view, err := filepath.Abs("../../assets/phone/static/view.js")
	if err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf(`import * as V from %q;
import { readFileSync } from 'node:fs';
const { views, dicts } = JSON.parse(readFileSync(%q, 'utf8'));
const out = {};
for (const [lang, d] of Object.entries(dicts)) {
  const T = V.makeT(d);
  out[lang] = views.map((tv) => (tv.timeline || []).map((mo) => V.lineText(T, mo.line)));
}
process.stdout.write(JSON.stringify(out));
`, "file://"+filepath.ToSlash(view), filepath.Join(dir, "in.json"))
	if err := os.WriteFile(filepath.Join(dir, "lines.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(dir, "lines.mjs"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outData, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var out map[string][][]string
	if err := json.Unmarshal(outData, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A night's act reads as a sentence in both languages: what was done, what
// was skipped when it was offered, what never happened (the night ended
// first, the antidote closed the poison).
func TestNightActionLines(t *testing.T) {
	seven := game.SeatTarget(7)
	for _, c := range []struct {
		m      game.Moment
		en, zh string
	}{
		{game.Moment{Kind: game.MomentAction, Role: "witch", Actors: []int{6}, Action: "poison", Skip: true, By: "none"},
			"Witch (6) did not poison", "女巫（6号）未用毒"},
		{game.Moment{Kind: game.MomentAction, Role: "witch", Actors: []int{6}, Action: "poison", Skip: true, By: "submitted"},
			"Witch (6) chose not to poison", "女巫（6号）放弃用毒"},
		{game.Moment{Kind: game.MomentAction, Role: "witch", Actors: []int{6}, Action: "poison", Target: &seven, By: "submitted"},
			"Witch (6) poisoned 7", "女巫（6号）毒7号"},
		// a team (werewolves, killers) in the plural in English; Chinese has none
		{game.Moment{Kind: game.MomentAction, Role: "werewolf", Actors: []int{3, 5}, Action: "kill", Target: &seven, By: "plurality"},
			"Werewolves (3, 5) killed 7 (majority)", "狼人（3、5号）杀7号（多数）"},
		{game.Moment{Kind: game.MomentAction, Role: "werewolf", Actors: []int{3, 5}, Action: "kill", Skip: true, By: "submitted"},
			"Werewolves (3, 5) chose not to kill", "狼人（3、5号）放弃杀人"},
		{game.Moment{Kind: game.MomentAction, Role: "killer", Actors: []int{2, 5, 9, 12}, Action: "kill", Target: &seven, By: "submitted"},
			"Killers (2, 5, 9, 12) killed 7", "杀手（2、5、9、12号）杀7号"},
		{game.Moment{Kind: game.MomentAction, Role: "killer", Actors: []int{2, 5}, Action: "kill", Skip: true, By: "none"},
			"Killers (2, 5) did not kill", "杀手（2、5号）未杀人"},
		{game.Moment{Kind: game.MomentAction, Role: "killer", Actors: []int{5}, Action: "kill", Target: &seven, By: "submitted"},
			"Killer (5) killed 7", "杀手（5号）杀7号"},
		{game.Moment{Kind: game.MomentAction, Role: "police", Actors: []int{1, 7}, Action: "check", Target: &seven, By: "random"},
			"Police (1, 7) checked 7 (random pick)", "警察（1、7号）验7号（随机）"},
		{game.Moment{Kind: game.MomentAction, Role: "seer", Actors: []int{2}, Action: "check", Skip: true, By: "none"},
			"Seer (2) did not check", "预言家（2号）未验人"},
		// in the past like the others, and an answer with a capital like the others
		{game.Moment{Kind: game.MomentAction, Role: "witch", Actors: []int{6}, Action: "save", Target: &seven, By: "submitted"},
			"Witch (6) used the antidote", "女巫（6号）使用解药"},
		{game.Moment{Kind: game.MomentResult, Action: "kill", Target: &seven, Answer: "knifed"},
			"Kill: 7 → Knifed", "杀人结果：7号 → 被刀"},
	} {
		for _, lang := range assets.Languages {
			newTestApp(t, lang)
			want := map[string]string{"en": c.en, "zh": c.zh}[lang]
			if got := MomentText(c.m, lookupVariant("werewolf-12")); got != want {
				t.Errorf("%s: %q, want %q", lang, got, want)
			}
		}
	}
}

// Every kind of line, the core's and each variant's own, has words in both
// languages, also those the games of TestMomentRenderingsAgree never show.
func TestEveryMomentKindHasWords(t *testing.T) {
	for _, lang := range assets.Languages {
		dict, err := assets.Dictionary(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range game.Variants() {
			for _, k := range game.MomentKinds() {
				m := game.Moment{Round: 1, Phase: game.PhaseDay, Kind: k, Seat: 1, Target: &game.Target{Seat: 2}, Actors: []int{1},
					By: "tie", Answer: "saved", Winner: "good", Dead: []game.Target{{Seat: 2}},
					Counts: []game.Count{{Target: game.Target{Seat: 2}, Votes: 1}}, Votes: []game.VoteBody{{Seat: 1, Target: game.Target{Seat: 2}}}}
				m.Action = "kill"
				if k == game.MomentResult {
					m.Answer = "knifed"
				}
				l := game.MomentLine(in.ID, m)
				if !slices.Contains(in.Moments, k) && slices.ContainsFunc(game.Variants(), func(o game.VariantInfo) bool { return slices.Contains(o.Moments, k) }) {
					continue // another variant's kind
				}
				if l.Key == "" {
					t.Errorf("%s: a %s line has no words", in.ID, k)
				}
				if missing := missingWords(dict, l); missing != "" {
					t.Errorf("%s %s: a %s line: %s has no words", lang, in.ID, k, missing)
				}
			}
		}
	}
}
