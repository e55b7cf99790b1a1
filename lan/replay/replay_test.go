package replay

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"nightfall/game"
)

// scripted plays a script of game/testdata to its end and returns the game
// and every vote cast in it, in order, as "voter>target".
func scripted(t testing.TB, path string) (*game.Game, []string) {
	t.Helper()
	data, err := os.ReadFile(path)
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
	if !g.Over() {
		t.Fatalf("%s does not end", path)
	}
	var votes []string
	for _, e := range g.Events() {
		if v, ok := e.Body.(*game.VoteBody); ok {
			votes = append(votes, fmt.Sprintf("%d>%s", v.Seat, v.Target))
		}
	}
	return g, votes
}

const ex3 = "../../game/testdata/classic-2.0/ex3-killers-win-at-dawn.json"

var voteRE = regexp.MustCompile(`<li class="vote" data-voter="(\d+)" data-target="([0-9LR]+)">([^<]*)</li>`)

// The replay lists every vote of the game, in order, who → whom with the
// names; every seat's role; every night's actions; the winner. Names are
// text, never markup; nothing in the file is fetched from elsewhere.
func TestWriteScriptedGame(t *testing.T) {
	g, votes := scripted(t, ex3)
	names := map[int]string{1: "小明", 3: "<b>Bob</b>", 8: "Dave & Eve"}
	for _, lang := range Langs {
		var b bytes.Buffer
		if err := Write(&b, Game{Table: g.TableView(), Names: names, Where: "客厅"}, lang); err != nil {
			t.Fatal(err)
		}
		html := b.String()
		var got []string
		for _, m := range voteRE.FindAllStringSubmatch(html, -1) {
			got = append(got, m[1]+">"+m[2])
			if !strings.Contains(m[3], "→") {
				t.Errorf("%s: a vote without its arrow: %q", lang, m[3])
			}
		}
		if strings.Join(got, " ") != strings.Join(votes, " ") {
			t.Errorf("%s: votes\n got %v\nwant %v", lang, got, votes)
		}
		d, _ := load(lang)
		for _, want := range []string{
			d.t("winner.killers"), d.id("role", "killer"), d.id("role", "police"),
			d.t("over.night", "Round", 3), d.t("over.day", "Round", 2),
			"小明", "&lt;b&gt;Bob&lt;/b&gt;", "Dave &amp; Eve", "客厅",
			d.t("seat.n", "Seat", 1) + " 小明 → " + d.t("seat.n", "Seat", 3) + " &lt;b&gt;Bob&lt;/b&gt;",
		} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: the replay lacks %q", lang, want)
			}
		}
		for _, bad := range []string{"<b>", "<script", "<link", "src=", "http://", "https://", "@import", "url("} {
			if strings.Contains(html, bad) {
				t.Errorf("%s: the replay holds %q", lang, bad)
			}
		}
	}
}

// A game that goes on has no replay; an unknown language is refused.
func TestWriteRefuses(t *testing.T) {
	g, err := game.New(game.Setup{Variant: "classic-2.0", Players: 8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, Game{Table: g.TableView()}, "zh"); !errors.Is(err, ErrNotOver) || b.Len() != 0 {
		t.Errorf("a game in progress: %v, %d bytes", err, b.Len())
	}
	done, _ := scripted(t, ex3)
	if err := Write(&b, Game{Table: done.TableView()}, "fr"); err == nil {
		t.Error("a replay in French")
	}
}

// A hand or a card is named as the table names it ("6L"), a seat with its
// 号: no 复盘 line says "6L号", and a seat's lines read as they did
// ("3、4号→6号", "6号2票"), in the words of both languages.
func TestLinesNameHandsAndSeats(t *testing.T) {
	g, _ := scripted(t, "../../game/testdata/two-hands/ex6-three-ties-killers-win.json")
	handRE := regexp.MustCompile(`[0-9][LR]号`)
	var zh []string
	for _, m := range g.TableView().Timeline {
		for _, lang := range []string{"zh", "en"} {
			s := LineText(lang, m.Line)
			if handRE.MatchString(s) || strings.Contains(s, "tl.") || s == "" {
				t.Errorf("%s: %q", lang, s)
			}
			if lang == "zh" {
				zh = append(zh, s)
			}
		}
	}
	if all := strings.Join(zh, "\n"); !regexp.MustCompile(`[0-9][LR]、`).MatchString(all) || !strings.Contains(all, "L →") {
		t.Errorf("no hand named in the lines:\n%s", all)
	}
	six := game.Target{Seat: 6}
	m := game.Moment{Kind: game.MomentTally, Counts: []game.Count{{Target: six, Votes: 2}, {Target: game.Target{Seat: 7}, Votes: 1}},
		Votes: []game.VoteBody{{Seat: 3, Target: six}, {Seat: 4, Target: six}, {Seat: 5, Target: game.Target{Seat: 7}}}}
	for lang, want := range map[string]string{"zh": "投票：3、4号→6号；5号→7号", "en": "Vote: 3, 4 → 6; 5 → 7"} {
		if got := LineText(lang, game.MomentLine("classic-2.0", m)); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	d := game.Moment{Kind: game.MomentDawn, Dead: []game.Target{{Seat: 3}, six}}
	if got := LineText("zh", game.MomentLine("classic-2.0", d)); got != "天亮：3、6号死亡" {
		t.Errorf("dawn: %q", got)
	}
}

// A seat's label stays on one line in the roles table ("Seat 10" took two
// at 360 px): its cell does not wrap.
func TestWriteSeatLabelsWhole(t *testing.T) {
	g, _ := scripted(t, "../../game/testdata/werewolf-12/ex13-simultaneous-good.json")
	var b bytes.Buffer
	if err := Write(&b, Game{Table: g.TableView()}, "en"); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `<td class="nb">Seat `); n != 12 {
		t.Errorf("%d of 12 seat labels kept on one line:\n%s", n, b.String())
	}
}

// A seat's two hands are named apart in the roles table, as the phone and
// the big screen name them ("Killer · Villager", 杀手、村民), not run together
// nor behind a "/" that a card's own name may hold ("Imprison / anti-snipe").
func TestWriteHandsNamedApart(t *testing.T) {
	g, _ := scripted(t, "../../game/testdata/two-hands/ex6-three-ties-killers-win.json")
	for lang, sep := range map[string]string{"en": " · ", "zh": "、"} {
		var b bytes.Buffer
		if err := Write(&b, Game{Table: g.TableView()}, lang); err != nil {
			t.Fatal(err)
		}
		villager := map[string]string{"en": "Villager", "zh": "村民"}[lang]
		if n := strings.Count(b.String(), sep+villager); n == 0 {
			t.Errorf("%s: no seat's hands named apart by %q:\n%s", lang, sep, b.String())
		}
	}
}

// A lost card is marked "✕" beside its name (not wrapped away from it), as
// the phones and the big screen mark it, and nothing else is.
func TestWriteLostCardsMarked(t *testing.T) {
	g, _ := scripted(t, "../../game/testdata/two-hands/ex6-three-ties-killers-win.json")
	tv := g.TableView()
	lost := 0
	for _, r := range tv.Reveal {
		for i := range r.Roles {
			if len(r.Roles) > 1 && i < len(r.Alive) && !r.Alive[i] {
				lost++
			}
		}
	}
	if lost == 0 {
		t.Fatal("no card lost in the game: the test checks nothing")
	}
	for _, lang := range Langs {
		var b bytes.Buffer
		if err := Write(&b, Game{Table: tv}, lang); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(b.String(), "\u00a0✕"); n != lost || strings.Count(b.String(), "✕") != lost {
			t.Errorf("%s: %d cards marked \"\u00a0✕\" (%d ✕ in all), want %d:\n%s", lang, n, strings.Count(b.String(), "✕"), lost, b.String())
		}
		if strings.Contains(b.String(), "✝") {
			t.Errorf("%s: a card marked ✝", lang)
		}
	}
}

// The line under the heading says the players once: not again after a
// variant's name that says them ("Werewolf, 12 players · 12 players").
func TestWritePlayersSaidOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want bool
	}{{"Werewolf, 12 players", 12, true}, {"狼人杀12人", 12, true}, {"A cat has n lives (7 players)", 7, true},
		{"Classic 2.0", 2, false}, {"Classic 2.0", 12, false}, {"Killer 5.0 (two cards)", 5, false}, {"Two hands", 10, false}} {
		if got := namesCount(c.name, c.n); got != c.want {
			t.Errorf("namesCount(%q, %d) = %v", c.name, c.n, got)
		}
	}
	g, _ := scripted(t, "../../game/testdata/werewolf-12/ex13-simultaneous-good.json")
	var b bytes.Buffer
	if err := Write(&b, Game{Table: g.TableView()}, "en"); err != nil {
		t.Fatal(err)
	}
	_, meta, _ := strings.Cut(b.String(), `<p class="meta">`)
	if meta, _, _ = strings.Cut(meta, "</p>"); strings.Count(meta, "12 players") != 1 {
		t.Errorf("the players said %d times: %s", strings.Count(meta, "12 players"), meta)
	}
}
