package ui

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
)

// sampleBodies holds one public body of every announced event type. A type
// the engine announces (game.AnnouncedTypes) without a sample here fails
// TestEveryAnnouncedTypeHasText: give it a sample and a text.
func sampleBodies() map[string][]game.Body {
	six, seven := game.SeatTarget(6), game.SeatTarget(7)
	hand := game.Target{Seat: 3, Card: 1}
	return map[string][]game.Body{
		"dawn": {
			&game.DawnBody{Round: 2, Dead: []game.Target{six}},
			&game.DawnBody{Round: 2, Dead: []game.Target{six, seven}, Silenced: []int{3}},
			&game.DawnBody{Round: 2, Dead: []game.Target{}},
		},
		"tally": {
			&game.TallyBody{Index: 1, Counts: []game.Count{{Target: six, Votes: 7}, {Target: seven, Votes: 2}}, Top: []game.Target{six}, Outcome: "out",
				Votes: []game.VoteBody{{Seat: 3, Target: six}, {Seat: 4, Target: six}, {Seat: 2, Target: seven}}},
			&game.TallyBody{Index: 2, Counts: []game.Count{{Target: six, Votes: 3}, {Target: seven, Votes: 3}}, Top: []game.Target{six, seven}, Outcome: "tie"},
			&game.TallyBody{Index: 1, Outcome: "none", Top: []game.Target{}},
		},
		"executed": {
			&game.ExecutedBody{Round: 2, Seat: 6, By: "vote"},
			&game.ExecutedBody{Round: 2, Seat: 7, By: "lot", Options: []game.Target{six, seven}},
			&game.ExecutedBody{Round: 2, Seat: 3, Hand: &hand, By: "vote"},
		},
		"exploded": {&game.ExplodedBody{Round: 2, Seat: 5, Role: "killer"}},
		"immune":   {&game.ImmuneBody{Round: 2, Hand: hand}, &game.ImmuneBody{Round: 2, Hand: hand, By: "lot", Options: []game.Target{hand, six}}},
		"redeal":   {&game.RedealBody{Reason: "a player asked for a new deal"}, &game.RedealBody{Reason: "seat 4 was dealt killer + police, a forbidden pair (forbiddenPairs x)"}, &game.RedealBody{Reason: "something new"}},
		"announce": {
			&game.AnnounceBody{Round: 2, When: "dawn", Manifestos: []string{"喵"}, Losses: []game.CardLoss{{Seat: 2, Cause: "attack", Commoner: 1}}, Dead: []int{}, Cards: []int{5, 4, 5, 5, 5, 5, 5}, Lost: 1},
			&game.AnnounceBody{Round: 2, When: "dawn", Dead: []int{4}, Cards: []int{5, 4, 5, 0, 5, 5, 5}, Lost: 6},
			&game.AnnounceBody{Round: 2, When: "dusk", Executed: []int{3}, Totals: []game.Count{{Target: game.SeatTarget(3), Votes: 9}}, Pending: []int{3}, Camps: []game.SeatCamp{{Seat: 3, Camp: "killers"}}, Dead: []int{}, Cards: []int{5, 4, 5, 5, 5, 5, 5}},
			&game.AnnounceBody{Round: 2, When: "dusk", Dead: []int{}, Cards: []int{5, 4, 5, 5, 5, 5, 5}},
		},
		"game_over": {
			&game.GameOverBody{Winner: "good", Reason: "all killers are dead"},
			&game.GameOverBody{Winner: "3", Reason: "the free-choice player is the last survivor", Winners: []int{3}},
			&game.GameOverBody{Winner: "none", Reason: "the host ended the game"},
			&game.GameOverBody{Winner: "draw", Reason: "no card died for 3 rounds in a row"},
		},
	}
}

// Every event type the table is told of as a result has an announcement of
// its own, with a headline in both languages, and something to say.
func TestEveryAnnouncedTypeHasText(t *testing.T) {
	samples := sampleBodies()
	for _, lang := range []string{"zh", "en"} {
		newTestApp(t, lang)
		for _, typ := range game.AnnouncedTypes() {
			bodies := samples[typ]
			if len(bodies) == 0 {
				t.Errorf("announced type %q has no sample (and maybe no announcement): add one to sampleBodies and its text to announce.go", typ)
				continue
			}
			for _, b := range bodies {
				if b.Type() != typ {
					t.Fatalf("sample for %q is a %q", typ, b.Type())
				}
				a := game.Announcement{Key: 1, Type: typ, Body: b}
				h, d := announcementText(a, testNames, "standard-003")
				t.Logf("%s %s: %s | %s", lang, typ, h, strings.ReplaceAll(d, "\n", " / "))
				for _, s := range []string{h, d} {
					if strings.Contains(s, "ann.") || strings.Contains(s, "{{") || strings.Contains(s, "no value") || strings.Contains(s, "reason.") {
						t.Errorf("%s %s: untranslated text %q", lang, typ, s)
					}
				}
				if strings.TrimSpace(h) == "" {
					t.Errorf("%s %s %+v: no headline", lang, typ, b)
				}
				if v := announcementVoice(a, nil); len(v) == 0 {
					t.Errorf("%s: nothing said", typ)
				}
			}
		}
	}
}

// The tally's headline says where a tie leads: a run-off by day, nobody out
// when night follows.
func TestTallyTieWording(t *testing.T) {
	newTestApp(t, "zh")
	tie := game.Announcement{Key: 3, Type: "tally", Body: sampleBodies()["tally"][1]}
	tv := &game.TableView{Phase: "day", Stage: "pk-speech", Announce: []game.Announcement{tie}, Hold: 5}
	if sh, _ := AnnouncementAt(tv, 0, nil); sh.Headline != "第2轮投票结果：6、7号平票，下一轮PK" {
		t.Errorf("tie by day, the tied speak next: %q", sh.Headline)
	}
	// what follows is named: the players outside the tie speak (classic-2.0's round 3), or all talk
	tv.Stage = "others-speech"
	if sh, _ := AnnouncementAt(tv, 0, nil); sh.Headline != "第2轮投票结果：6、7号平票，平票外的玩家发言后再投票" {
		t.Errorf("tie by day, the others speak next: %q", sh.Headline)
	}
	tv.Stage = "discussion"
	if sh, _ := AnnouncementAt(tv, 0, nil); sh.Headline != "第2轮投票结果：6、7号平票，自由讨论后再投票" {
		t.Errorf("tie by day, a discussion next: %q", sh.Headline)
	}
	tv.Phase, tv.Stage = "night", "night"
	if sh, _ := AnnouncementAt(tv, 0, nil); sh.Headline != "第2轮投票结果：6、7号平票，无人出局" {
		t.Errorf("tie, then night: %q", sh.Headline)
	}
}

// The hold is shared equally: announcement i is on screen from i·per to
// (i+1)·per.
func TestHeldIndex(t *testing.T) {
	tv := &game.TableView{Announce: make([]game.Announcement, 3), Hold: 15}
	for _, c := range []struct {
		left time.Duration
		i    int
		ok   bool
	}{{15 * time.Second, 0, true}, {10*time.Second + 1, 0, true}, {10 * time.Second, 1, true}, {1, 2, true}, {0, 0, false}} {
		i, ok := heldIndex(tv, c.left)
		if i != c.i || ok != c.ok {
			t.Errorf("left %v: %d %v, want %d %v", c.left, i, ok, c.i, c.ok)
		}
	}
}

// The replay names every vote, who for whom, at a glance.
func TestReplayNamesVotes(t *testing.T) {
	six, seven := game.SeatTarget(6), game.SeatTarget(7)
	m := game.Moment{Round: 2, Phase: "day", Kind: "tally", Outcome: "out",
		Counts:    []game.Count{{Target: six, Votes: 3}, {Target: seven, Votes: 1}},
		Votes:     []game.VoteBody{{Seat: 3, Target: six}, {Seat: 4, Target: six}, {Seat: 2, Target: seven}, {Seat: 7, Target: six}},
		Abstained: []int{5}}
	for lang, want := range map[string]string{
		"zh": "第 2 天  投票：3、4、7号→6号；2号→7号；5号弃权",
		"en": "Day 2  Vote: 3, 4, 7 → 6; 2 → 7; 5 abstained",
	} {
		newTestApp(t, lang)
		if got := MomentHeader(m) + "  " + MomentText(m, lookupVariant("standard-003")); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	// weighted votes (tokens, cards) keep the totals
	m.Counts[0].Votes = 5
	newTestApp(t, "zh")
	if got, want := MomentText(m, lookupVariant("v5.0-dual")), "投票：3、4、7号→6号；2号→7号；5号弃权（6号5票、7号1票）"; got != want {
		t.Errorf("weighted: %q, want %q", got, want)
	}
}

// announceShot renders the table screen holding announcement a of a view.
func announceShot(t *testing.T, view string, as []game.Announcement, i int, w, h float32) image.Image {
	t.Helper()
	var tv *game.TableView
	if view == "cat" {
		tv = catView(t)
		as = []game.Announcement{{Key: 10, Type: "announce", Body: game.CatTable(tv).Dawn}}
	} else {
		tv = loadView(t, view)
	}
	tv.Announce, tv.Hold = as, 5*len(as)
	sh, _ := AnnouncementAt(tv, i, testNames)
	ts := NewTableScreen()
	win := test.NewWindow(ts)
	defer win.Close()
	win.Resize(fyne.NewSize(w, h))
	ts.Set(TableState{View: tv, Names: testNames, Remaining: 90 * time.Second, Announce: &sh})
	return win.Canvas().Capture()
}

func announceCases() []struct {
	name, view string
	as         []game.Announcement
	i          int
} {
	s := sampleBodies()
	ann := func(typ string, k int) game.Announcement {
		return game.Announcement{Key: 10 + k, Type: typ, Body: s[typ][k]}
	}
	return []struct {
		name, view string
		as         []game.Announcement
		i          int
	}{
		{"dawn", "dawn-lastwords", []game.Announcement{ann("dawn", 1)}, 0},
		{"tally", "night", []game.Announcement{ann("tally", 0), ann("executed", 0)}, 0},
		{"executed", "night", []game.Announcement{ann("tally", 0), ann("executed", 0)}, 1},
		{"exploded", "night", []game.Announcement{ann("exploded", 0)}, 0},
		{"over", "over", []game.Announcement{ann("executed", 0), ann("game_over", 0)}, 1},
		{"cat", "cat", nil, 0},
	}
}

// The held result as the projector shows it (golden, 640×360).
func TestGoldenAnnounce(t *testing.T) {
	c := announceCases()[1]
	newTestApp(t, "zh")
	golden(t, "table_announce-tally_zh.png", announceShot(t, c.view, c.as, c.i, goldenW, goldenH))
}

// shotsDir is the folder SHOTS names for screenshots to look at; the test
// is skipped when it names none.
func shotsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SHOTS")
	if dir == "" {
		t.Skip("SHOTS=dir writes the screenshots")
	}
	return dir
}

// SHOTS=dir writes every announcement screen at 1280×720 and 1920×1080 in
// both languages, to look at.
func TestAnnounceShots(t *testing.T) {
	dir := shotsDir(t)
	for _, lang := range []string{"zh", "en"} {
		newTestApp(t, lang)
		for _, c := range announceCases() {
			for _, sz := range [][2]float32{{1280, 720}, {1920, 1080}} {
				img := announceShot(t, c.view, c.as, c.i, sz[0], sz[1])
				f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s_%s_%.0f.png", c.name, lang, sz[0])))
				if err != nil {
					t.Fatal(err)
				}
				_ = png.Encode(f, img)
				f.Close()
			}
		}
	}
}

// The host's Skip during a hold ends it: the stage's line comes back and
// the results not yet shown stay unsaid; a pause freezes the hold.
func TestHoldSkipAndPause(t *testing.T) {
	newTestApp(t, "en")
	srv, phones := startedGame(t, 8, 1)
	clock := srv.Clock
	v := &recVoice{}
	s, _ := shellOn(t, srv, v)
	s.Show(srv.View())
	night(t, phones)
	runOut(t, srv)
	s.Show(srv.View())
	tv := srv.View().Table
	if len(tv.Announce) != 1 || tv.Announce[0].Type != "dawn" || s.Held() == nil {
		t.Fatalf("dawn: announce %v, held %v", tv.Announce, s.Held())
	}
	dawn := s.Headline()
	if !strings.HasPrefix(dawn, "Dawn.") || s.Buttons().Skip.Disabled() { // what the judge says
		t.Errorf("the dawn's headline %q (skip disabled %v)", dawn, s.Buttons().Skip.Disabled())
	}
	said := strings.Join(v.take(), " ")
	if !strings.Contains(said, "en:dawn") || strings.Contains(said, "lastwords") || strings.Contains(said, "speak") {
		t.Errorf("during the hold the judge says %q", said)
	}
	// paused: the hold does not run out
	test.Tap(s.Buttons().Pause)
	s.Show(srv.View())
	clock.Advance(time.Minute)
	s.Tick(clock.Now())
	if s.Headline() != dawn {
		t.Errorf("paused a minute into the hold: %q", s.Headline())
	}
	test.Tap(s.Buttons().Pause)
	s.Show(srv.View())
	test.Tap(s.Buttons().Skip)
	s.Show(srv.View())
	if s.Held() != nil || s.Headline() != StageHeadline(srv.View().Table) {
		t.Errorf("after Skip: held %v, headline %q", s.Held(), s.Headline())
	}
	said = strings.Join(v.take(), " ")
	if strings.Contains(said, "dawn") || !strings.Contains(said, "lastwords") && !strings.Contains(said, "speak") {
		t.Errorf("after Skip the judge says %q", said)
	}
}

// The dawn after a silenced day says whose silence is over.
func TestDawnLiftsSilence(t *testing.T) {
	newTestApp(t, "zh")
	mem := &announcer{}
	mem.remember(&game.TableView{Phase: "day", Round: 1, Seats: []game.SeatView{{Seat: 3, Alive: true, Silenced: true}, {Seat: 4, Alive: true}}})
	tv := &game.TableView{Phase: "day", Round: 2, Hold: 5, Announce: []game.Announcement{{Key: 9, Type: "dawn", Body: &game.DawnBody{Round: 2, Dead: []game.Target{}, Silenced: []int{4}}}}}
	sh, _ := announcementAt(tv, 0, nil, mem)
	if want := "禁言：4号\n3号禁言结束，可以发言"; sh.Detail != want {
		t.Errorf("detail %q, want %q", sh.Detail, want)
	}
}

// SHOTS=dir: the replay at a tally that names its votes, 1280×720.
func TestReplayShot(t *testing.T) {
	dir := shotsDir(t)
	for _, lang := range []string{"zh", "en"} {
		newTestApp(t, lang)
		tv := loadView(t, "over")
		m := &tv.Timeline[4]
		for _, v := range []struct{ seat, target int }{{1, 9}, {3, 9}, {4, 9}, {6, 9}, {5, 2}, {7, 2}, {8, 2}, {10, 2}, {11, 12}, {12, 5}} {
			m.Votes = append(m.Votes, game.VoteBody{Seat: v.seat, Target: game.SeatTarget(v.target)})
		}
		m.Abstained = []int{2, 9}
		g := NewGameOver()
		w := test.NewWindow(g.Content())
		w.Resize(fyne.NewSize(1280, 720))
		g.Set(tv, testNames)
		g.Step(4)
		f, err := os.Create(filepath.Join(dir, "replay_"+lang+".png"))
		if err != nil {
			t.Fatal(err)
		}
		_ = png.Encode(f, w.Canvas().Capture())
		f.Close()
		w.Close()
	}
}
