package ui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/game/evening"
	"nightfall/lan"
)

// fakeAmbience records what the shell tells the night's sound.
type fakeAmbience struct {
	night   []bool
	enabled []bool
	volume  []float64
}

func (f *fakeAmbience) SetNight(n bool)     { f.night = append(f.night, n) }
func (f *fakeAmbience) SetEnabled(e bool)   { f.enabled = append(f.enabled, e) }
func (f *fakeAmbience) SetVolume(v float64) { f.volume = append(f.volume, v) }

// The night's sound plays at night only: not in the lobby, not by day,
// not on the end screen; the host's remembered settings are applied.
func TestAmbienceFollowsThePhases(t *testing.T) {
	a := newTestApp(t, "zh")
	a.Preferences().SetBool(PrefAmbience, false)
	a.Preferences().SetFloat(PrefAmbienceVolume, 0.2)
	s := NewShell(nil, nil, nil)
	if s.sound.Visible() {
		t.Error("a Sound button without sound")
	}
	amb := &fakeAmbience{}
	s.SetSound(amb, nil)
	if !s.sound.Visible() {
		t.Error("no Sound button in the bar")
	}
	if !slices.Equal(amb.enabled, []bool{false}) || !slices.Equal(amb.volume, []float64{0.2}) {
		t.Errorf("the remembered settings: enabled %v, volume %v", amb.enabled, amb.volume)
	}
	amb.night = nil
	lobby := lan.HostView{}
	over := overView(t, 12)
	briefing := nightView(12)
	briefing.Round, briefing.Stage = 1, "briefing"
	for _, hv := range []lan.HostView{lobby, hostView(briefing, nil), hostView(nightView(12), nil), hostView(speechView(12), nil),
		hostView(nightView(12), nil), hostView(over, nil), lobby} {
		s.Show(hv)
	}
	if want := []bool{false, false, true, false, true, false, false}; !slices.Equal(amb.night, want) {
		t.Errorf("night said %v, want %v (lobby, briefing, night, day, night, over, lobby)", amb.night, want)
	}
}

// eveningOf is a board of three games for the names given, in a fixed
// pattern of roles and wins (game/evening folds it as lan would).
func eveningOf(names []string) *lan.Evening {
	roles := [][]string{{"killer", "police", "civilian", "civilian"}, {"civilian", "killer", "police", "doctor"}, {"police", "civilian", "killer", "civilian"}}
	var games []evening.Game
	var played []lan.PlayedGame
	for g, variant := range []string{"classic-2.0", "standard-003", "classic-2.0"} {
		o := game.Outcome{Variant: variant, Players: len(names), Winner: []string{"killers", "good", "killers"}[g], Rounds: 3 + g}
		var ps []evening.Player
		for i, n := range names {
			role := roles[g][i%4]
			side := "good"
			if role == "killer" {
				side = "killers"
			}
			so := game.SeatOutcome{Seat: i + 1, Roles: []string{role}, Side: side, Won: side == o.Winner, Alive: i%3 == 0, Killer: side == "killers"}
			if !so.Alive {
				so.Died = 1 + (i+g)%3
			}
			if role == "police" {
				so.Checks, so.Found = 3, (i+g)%4
			}
			if side == "killers" && i%5 != 0 {
				so.VotesAgainst = 2
			}
			o.Seats = append(o.Seats, so)
			ps = append(ps, evening.Player{Key: fmt.Sprint("k", i), Name: n})
		}
		games = append(games, evening.Game{Outcome: o, Players: ps})
		played = append(played, lan.PlayedGame{ID: fmt.Sprint("g", g), Variant: variant, Winner: o.Winner, Players: len(names)})
	}
	return &lan.Evening{Board: evening.Fold(games), Played: played}
}

func namesOf(lang string, n int) []string {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, longNames[lang][i-1])
	}
	return out
}

// Between games the host shows the evening's scoreboard: it comes first
// when the lobby opens after a game, the bar's button goes back and forth,
// and during a game neither the board nor its button shows.
func TestScoreboardBetweenGames(t *testing.T) {
	s, _ := shellAt(t, "en", screenSizes[0])
	ev := eveningOf(namesOf("en", 8))
	over := hostView(overView(t, 8), testSeatNames("en", 8))
	over.Evening = ev
	s.Show(over)
	if s.boardShown() || !s.boardBtn.Visible() {
		t.Fatalf("at the end: board shown %v, button %v", s.boardShown(), s.boardBtn.Visible())
	}
	s.ToggleBoard()
	if s.body.Objects[0] != s.board.Content() {
		t.Fatal("the button does not show the board")
	}
	text := strings.Join(s.Board().Text(), "\n")
	for _, want := range []string{"Tonight's scoreboard", "3 games played", "Alexandra", "Longest survivor"} {
		if !strings.Contains(text, want) {
			t.Errorf("the board lacks %q:\n%s", want, text)
		}
	}
	s.ToggleBoard()
	if s.body.Objects[0] != s.over.Content() {
		t.Error("the button does not go back to the end screen")
	}
	lobby := lan.HostView{Evening: ev}
	s.Show(lobby) // new game: the lobby, the board first
	if s.body.Objects[0] != s.board.Content() {
		t.Error("the lobby after a game does not show the board first")
	}
	s.ToggleBoard()
	if s.body.Objects[0] != s.lobby.Content() {
		t.Error("the button does not go back to the lobby")
	}
	s.ToggleBoard()
	night := hostView(nightView(8), nil) // the next game (no board in the view)
	s.Show(night)
	if s.boardShown() || s.boardBtn.Visible() || s.body.Objects[0] == s.board.Content() {
		t.Error("the board shows during a game")
	}
	night.Evening = ev // even were one sent
	s.Show(night)
	if s.body.Objects[0] == s.board.Content() || s.boardBtn.Visible() {
		t.Error("the board shows during a game")
	}
}

// The app started again in an evening (lan continued the room: a lobby
// with games on the board) shows the board first, as "new game" would
// have; a first lobby of no evening shows the lobby.
func TestScoreboardFirstAfterARestart(t *testing.T) {
	s, _ := shellAt(t, "en", screenSizes[0])
	s.Show(lan.HostView{Evening: eveningOf(namesOf("en", 8))})
	if s.body.Objects[0] != s.board.Content() {
		t.Error("a restart into the evening's lobby does not show the board first")
	}
	s, _ = shellAt(t, "en", screenSizes[0])
	s.Show(lan.HostView{Evening: &lan.Evening{}})
	if s.body.Objects[0] != s.lobby.Content() {
		t.Error("a start with no evening does not show the lobby")
	}
}

// The scoreboard with 8 and 20 players, in both languages, at both sizes.
func TestGoldenScoreboardSizes(t *testing.T) {
	for _, size := range screenSizes {
		for _, lang := range []string{"zh", "en"} {
			for _, n := range []int{8, 20} {
				name := fmt.Sprintf("screen_%s_board%d_%s.png", sizeName(size), n, lang)
				t.Run(name, func(t *testing.T) {
					s, w := shellAt(t, lang, size)
					s.Show(lan.HostView{Evening: eveningOf(namesOf(lang, n))}) // the board comes first
					if !s.boardShown() {
						t.Fatal("no board")
					}
					checkBoardFits(t, s, size)
					golden(t, name, w.Canvas().Capture())
				})
			}
		}
	}
}

// checkBoardFits: every line of the board is inside the screen's area
// and no two overlap.
func checkBoardFits(t *testing.T, s *Shell, size fyne.Size) {
	t.Helper()
	area := s.board.Content().Size()
	if area.Width < size.Width*0.9 || area.Height < size.Height*0.7 {
		t.Fatalf("the board has %v of %v", area, size)
	}
	var texts []*canvas.Text
	for _, o := range s.board.texts.Objects {
		c := o.(*canvas.Text)
		p, m := c.Position(), c.MinSize()
		texts = append(texts, c)
		if p.X < 0 || p.Y < 0 || p.X+m.Width > area.Width+1 || p.Y+m.Height > area.Height+1 {
			t.Errorf("%q at %v size %v is outside %v", c.Text, p, m, area)
		}
	}
	bp := s.board.buttons.Position()
	for i, a := range texts {
		ap, am := a.Position(), a.MinSize()
		if ap.Y+am.Height > bp.Y && ap.X+am.Width > bp.X {
			t.Errorf("%q runs into the buttons", a.Text)
		}
		for _, b := range texts[i+1:] {
			bq, bm := b.Position(), b.MinSize()
			if ap.X < bq.X+bm.Width-1 && bq.X < ap.X+am.Width-1 && ap.Y < bq.Y+bm.Height-1 && bq.Y < ap.Y+am.Height-1 {
				t.Errorf("%q and %q overlap", a.Text, b.Text)
			}
		}
	}
}

// wwEveningOf is an evening of three werewolf-12 games played by the
// engine (the rules file's Examples 13 and 11 and 11's hunter variant),
// the players moving one seat each game: in game g seat s is held by
// names[(s-1+g)%12].
func wwEveningOf(t *testing.T, names []string) *lan.Evening {
	t.Helper()
	var games []evening.Game
	var played []lan.PlayedGame
	for g, script := range []string{"ex13-simultaneous-good", "ex11-good-side-wins", "ex11-variant-hunter-exiled-shoots"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "game", "testdata", "werewolf-12", script+".json"))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := game.ParseScript(data)
		if err != nil {
			t.Fatal(err)
		}
		gm, err := game.New(sc.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for i, cmd := range sc.Steps {
			if _, err := gm.Apply(cmd); err != nil {
				t.Fatalf("%s step %d: %v", script, i, err)
			}
		}
		o, ok := gm.Outcome()
		if !ok {
			t.Fatalf("%s: the game is not over", script)
		}
		var ps []evening.Player
		for s := 1; s <= 12; s++ {
			k := (s - 1 + g) % 12
			ps = append(ps, evening.Player{Key: fmt.Sprint("k", k), Name: names[k]})
		}
		games = append(games, evening.Game{Outcome: o, Players: ps})
		played = append(played, lan.PlayedGame{ID: fmt.Sprint("g", g), Variant: o.Variant, Winner: o.Winner, Players: 12})
	}
	return &lan.Evening{Board: evening.Fold(games), Played: played}
}

// The scoreboard of a werewolf-12 evening shows, after each player's
// roles, the badges, potions and shots the engine counted: the witch of
// game 1 saved and poisoned, the witch of game 2 poisoned, the player who
// shot in game 1 and poisoned in game 3 has both, in the kinds' order, the
// hunter of game 3 his shot; the sheriff of game 2 has his badge; the
// others' rows show their roles only. The lines fit at both sizes, in both languages (with
// NIGHTFALL_SHOTS=dir the screens are written there to look at).
func TestScoreboardWerewolfStats(t *testing.T) {
	want := map[string]map[int]string{
		"zh": {5: "解药×1、毒药×1", 6: "毒药×1", 7: "毒药×1、开枪×1", 9: "开枪×1", 3: "警长×1"},
		"en": {5: "antidote×1, poison×1", 6: "poison×1", 7: "poison×1, shot×1", 9: "shot×1", 3: "sheriff×1"},
	}
	for _, size := range screenSizes {
		for _, lang := range []string{"zh", "en"} {
			t.Run(lang+"_"+sizeName(size), func(t *testing.T) {
				s, w := shellAt(t, lang, size)
				names := namesOf(lang, 12)
				s.Show(lan.HostView{Evening: wwEveningOf(t, names)})
				if !s.boardShown() {
					t.Fatal("no board")
				}
				checkBoardFits(t, s, size)
				got := map[int]string{}
				for _, r := range s.board.rows[:12] {
					if r[4].Text != "" {
						got[slices.Index(names, r[0].Text)] = r[4].Text
					}
				}
				if !reflect.DeepEqual(got, want[lang]) {
					t.Errorf("the counts under the roles, by player:\n got %v\nwant %v", got, want[lang])
				}
				if dir := os.Getenv("NIGHTFALL_SHOTS"); dir != "" {
					f, err := os.Create(filepath.Join(dir, fmt.Sprintf("board_ww_%s_%s.png", sizeName(size), lang)))
					if err != nil {
						t.Fatal(err)
					}
					defer f.Close()
					if err := png.Encode(f, w.Canvas().Capture()); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

// fakePacks answers every pack with the same check.
type fakePacks struct{ c PackCheck }

func (f fakePacks) Use(string) (PackCheck, error) { return f.c, nil }

// The Sound dialog says, per language, how many whole sentences a voice
// pack says in one clip, beside its lines and those the built-in voice
// says instead, in both languages' words.
func TestSoundDialogCountsWholeSentences(t *testing.T) {
	check := PackCheck{Found: map[string]int{"zh": 50, "en": 3}, Lines: map[string]int{"zh": 52, "en": 52},
		Whole: map[string]int{"zh": 12}, Missing: map[string][]string{"zh": {"n7", "n8"}}}
	for _, c := range []struct{ lang, zh, en string }{
		{"zh", "中文：50/52 句，另有整句录音 12 句 （以下用内置语音：n7, n8）", "英文：3/52 句"},
		{"en", "Chinese: 50 of 52 lines, and 12 whole sentences (the built-in voice says: n7, n8)", "English: 3 of 52 lines"},
	} {
		a := newTestApp(t, c.lang)
		a.Preferences().SetString(PrefVoicePack, "/packs/judge")
		w := test.NewWindow(nil)
		w.Resize(fyne.NewSize(1280, 720))
		s := NewShell(w, nil, nil)
		w.SetContent(s.Content())
		s.SetSound(nil, fakePacks{check})
		s.soundMenu()
		var texts []string
		for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
			if l, ok := o.(*widget.Label); ok {
				texts = append(texts, l.Text)
			}
		}
		all := strings.Join(texts, "\n")
		if !strings.Contains(all, c.zh+"\n"+c.en) {
			t.Errorf("%s: the pack's check says\n%s\nwant the lines\n%s\n%s", c.lang, all, c.zh, c.en)
		}
		if dir := os.Getenv("NIGHTFALL_SHOTS"); dir != "" {
			f, err := os.Create(filepath.Join(dir, "sound-"+c.lang+".png"))
			if err != nil {
				t.Fatal(err)
			}
			png.Encode(f, w.Canvas().Capture())
			f.Close()
		}
	}
}
