package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
)

// catView is a 7-seat cat-lives-7 day: seat 4 died in the night, seats 2
// and 6 lost cards, two manifestos were read.
func catView(t *testing.T) *game.TableView {
	tv := loadView(t, "speech")
	tv.Variant, tv.Players = "cat-lives-7", 7
	tv.Seats = tv.Seats[:7]
	for i := range tv.Seats {
		tv.Seats[i].Alive = i != 3
	}
	tv.Speaker, tv.Next, tv.Queue, tv.Order, tv.Dawn = 0, 0, nil, nil, nil
	tv.Stage = "discussion"
	tv.Narration = game.Narration{Key: "discussion", Round: 1}
	tv.Timer = &game.Timer{Key: 9, Kind: "discussion", Seconds: 300}
	cards := []int{5, 3, 5, 0, 5, 4, 5}
	ct := &game.CatTableView{Lost: 7}
	for i, n := range cards {
		ct.Seats = append(ct.Seats, game.CatSeatView{Seat: i + 1, Cards: n})
	}
	ct.Dawn = &game.AnnounceBody{Round: 1, When: "dawn", Dead: []int{4}, Cards: cards, Lost: 7,
		Manifestos: []string{
			strings.Repeat("月亮很圆，猫在屋顶上看着你。", 8),
			"The moon was full and the cat on the roof saw everything you did last winter; tonight the roof is yours no longer, and the garden will be quiet again by morning.",
		},
		Losses: []game.CardLoss{{Seat: 2, Cause: "attack", Privilege: 1, Commoner: 1}, {Seat: 4, Cause: "attack", Privilege: 2, Commoner: 3}, {Seat: 6, Cause: "snipe", Commoner: 1}}}
	tv.Ext = ct
	return tv
}

func TestGoldenCatLives(t *testing.T) {
	for _, c := range []struct{ name, lang string }{{"dawn", "zh"}, {"dawn", "en"}, {"vote", "zh"}} {
		name := "table_cat-" + c.name + "_" + c.lang
		t.Run(name, func(t *testing.T) {
			newTestApp(t, c.lang)
			tv := catView(t)
			if c.name == "vote" {
				tv.Stage = "vote"
				tv.Narration = game.Narration{Key: "vote", Round: 1}
				tv.Timer = nil
				ct := game.CatTable(tv)
				ct.Votes = []game.CatVote{{Seat: 1, Target: 2, Weight: 5}, {Seat: 3, Target: 2, Weight: 5}, {Seat: 2, Target: 6, Weight: 3}, {Seat: 6, Target: 2, Weight: 4}, {Seat: 5, Target: 6, Weight: 5}}
				ct.Counts = []game.Count{{Target: game.SeatTarget(2), Votes: 14}, {Target: game.SeatTarget(6), Votes: 8}}
				tv.Ballot = &game.BallotView{Index: 1, Mode: "live-weighted", Candidates: []game.Target{game.SeatTarget(1), game.SeatTarget(2), game.SeatTarget(3), game.SeatTarget(5), game.SeatTarget(6), game.SeatTarget(7)},
					Voters: []int{1, 2, 3, 5, 6, 7}, Cast: 5, Counts: ct.Counts, Closed: true, Outcome: "out", Top: []game.Target{game.SeatTarget(2)}}
				ct.Dusk = &game.AnnounceBody{Round: 1, When: "dusk", Executed: []int{2},
					Votes:  []game.Count{{Target: game.SeatTarget(2), Votes: 14}, {Target: game.SeatTarget(6), Votes: 8}},
					Totals: []game.Count{{Target: game.SeatTarget(2), Votes: 16}, {Target: game.SeatTarget(6), Votes: 7}}}
			}
			ts := NewTableScreen()
			w := test.NewWindow(ts)
			defer w.Close()
			w.Resize(fyne.NewSize(goldenW, goldenH))
			ts.Set(TableState{View: tv, Names: testNames, Remaining: 75 * time.Second})
			golden(t, name+".png", w.Canvas().Capture())
		})
	}
}

// The seven seats beside the dawn's manifestos, at both sizes of the big
// screen: the table stays a wide oval like every other variant's (not a
// tall sliver squeezed by the seats' loss notes), everything fits, and
// no text overlaps another; the English one at 1920 is a golden.
func TestCatLivesTableWide(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		for _, size := range screenSizes {
			t.Run(lang+"/"+sizeName(size), func(t *testing.T) {
				s, w := shellAt(t, lang, size)
				names := testSeatNames(lang, 7)
				s.Show(hostView(catView(t), names))
				if s.Table().nml == 0 {
					t.Fatal("no manifesto shown")
				}
				g := s.Table().Ring().Geometry()
				if !g.Fits {
					t.Errorf("the ring does not fit (radius %.1f)", g.Radius)
				}
				if g.TableA < 1.6*g.TableB {
					t.Errorf("the table is %.0f×%.0f: not a wide oval", 2*g.TableA, 2*g.TableB)
				}
				if lang == "en" && size == screenSizes[1] {
					golden(t, "screen_1920_cat7_en.png", w.Canvas().Capture())
				}
			})
		}
	}
}

// A seat's note keeps each fact on a line of its own, so that no line
// wraps inside its words: the count, the cards lost at dawn (until the
// first ballot), the card it loses at the coming dawn.
func TestCatSeatNoteLines(t *testing.T) {
	newTestApp(t, "en")
	tv := catView(t)
	if got := catSeatNote(tv, 2); got != "3 cards\n−1 privilege\n−1 commoner" {
		t.Errorf("seat 2 at dawn: %q", got)
	}
	tv.Ballot = &game.BallotView{Index: 1}
	if got := catSeatNote(tv, 2); got != "3 cards" {
		t.Errorf("seat 2 at the ballot: %q", got)
	}
	game.CatTable(tv).Seats[5].Pending = true
	if got := catSeatNote(tv, 6); got != "4 cards\nloses one at dawn" {
		t.Errorf("seat 6, pending: %q", got)
	}
}
