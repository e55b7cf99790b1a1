package ui

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"nightfall/game"
)

// The tally when every seat holds votes: a 16- or 20-seat v4.0 call in
// progress (a vote for each seat, the called seat's row in the call's
// colour), and a 20-seat two-hands ballot (a nominated hand of every seat,
// two votes each, from the 40 hands). Its rows must not run into each
// other, at either size.

// fullTallyView is an n-seat v4.0 sequential-open ballot in which seat s
// voted for seat s+1 (every seat holds a vote), seat 8 being called.
func fullTallyView(n int) *game.TableView {
	tv := voteView(n)
	tv.Variant = "v4.0"
	for i := range tv.Seats {
		tv.Seats[i].Alive = true
	}
	tv.Dawn = nil
	b := &game.BallotView{Index: 1, Mode: "sequential-open", Open: true, Calling: &game.Target{Seat: 8}}
	for s := 1; s <= n; s++ {
		b.Voters = append(b.Voters, s)
		b.Candidates = append(b.Candidates, game.Target{Seat: s})
		b.Votes = append(b.Votes, game.VoteBody{Seat: s, Target: game.Target{Seat: s%n + 1}})
		b.Counts = append(b.Counts, game.Count{Target: game.Target{Seat: s}, Votes: 1})
	}
	b.Cast = n
	tv.Ballot = b
	tv.Narration = game.Narration{Key: "vote-call", Round: 1, Seat: 8, Seats: []game.Target{{Seat: 8}}}
	tv.Timer = &game.Timer{Key: 30, Kind: "vote-call", Seconds: 10}
	return tv
}

// handsTallyView is a 20-seat two-hands ballot at its close: every seat
// had one hand nominated (left for odd seats, right for even), and every
// hand voted, two votes for each nominated hand.
func handsTallyView(n int) *game.TableView {
	tv := voteView(n)
	tv.Variant = "two-hands"
	tv.Dawn = nil
	hand := func(s int) game.Target {
		return game.Target{Seat: s, Card: 1 + (s+1)%2}
	}
	b := &game.BallotView{Index: 1, Mode: "simultaneous-open", Closed: false}
	for i := range tv.Seats {
		s := &tv.Seats[i]
		s.Alive = true
		s.Cards = []game.CardView{{Card: game.Target{Seat: s.Seat, Card: 1}, Alive: true}, {Card: game.Target{Seat: s.Seat, Card: 2}, Alive: true}}
		b.Voters = append(b.Voters, s.Seat)
		b.Weights = append(b.Weights, 2)
		b.Candidates = append(b.Candidates, hand(s.Seat))
		b.Counts = append(b.Counts, game.Count{Target: hand(s.Seat), Votes: 2})
	}
	for s := 1; s <= n; s++ {
		l, r := game.Target{Seat: s, Card: 1}, game.Target{Seat: s, Card: 2}
		b.Votes = append(b.Votes, game.VoteBody{Seat: s, Hand: &l, Target: hand(s%n + 1)},
			game.VoteBody{Seat: s, Hand: &r, Target: hand((s+2)%n + 1)})
	}
	b.Cast = n
	tv.Ballot = b
	return tv
}

func TestTallyEverySeatHoldsVotes(t *testing.T) {
	for _, c := range []struct {
		name string
		view *game.TableView
	}{
		{"v4-16", fullTallyView(16)},
		{"v4-20", fullTallyView(20)},
		{"hands-20", handsTallyView(20)},
	} {
		for _, lang := range []string{"zh", "en"} {
			for _, size := range screenSizes {
				name := fmt.Sprintf("%s/%s/%s", c.name, lang, sizeName(size))
				t.Run(name, func(t *testing.T) {
					s, w := shellAt(t, lang, size)
					names := testSeatNames(lang, c.view.Players)
					s.Show(hostView(c.view, names))
					ts := s.Table()
					rows := ts.visibleRows()
					if want := len(c.view.Ballot.Counts); rows != want {
						t.Errorf("%d rows of tally, want %d", rows, want)
					}
					checkTallyRows(t, ts)
					checkTable(t, ts, names, size)
					if dir := os.Getenv("SHOTS"); dir != "" {
						f, err := os.Create(filepath.Join(dir, fmt.Sprintf("tally_%s_%s_%s.png", c.name, lang, sizeName(size))))
						if err != nil {
							t.Fatal(err)
						}
						_ = png.Encode(f, w.Canvas().Capture())
						f.Close()
					}
				})
			}
		}
	}
}

// checkTallyRows: no two rows of the tally intersect (each row's box holds
// its seat, bar, count and voters), and each text is at least the
// readable floor.
func checkTallyRows(t *testing.T, ts *TableScreen) {
	t.Helper()
	var boxes []Rect
	for i, r := range ts.rows[:ts.visibleRows()] {
		box := textRect(r.seat, fyne.Position{})
		for _, x := range []Rect{textRect(r.count, fyne.Position{}), textRect(r.voters, fyne.Position{}), {Pos: r.bar.Position(), Size: r.bar.Size()}} {
			if x.Size.Width > 0 {
				box = union(box, x)
			}
		}
		for j, b := range boxes {
			if box.Overlaps(b) {
				t.Errorf("tally row %d (%q %v) overlaps row %d (%v)", i, r.seat.Text, box, j, b)
			}
		}
		boxes = append(boxes, box)
		for _, x := range []struct {
			what string
			sz   float32
		}{{"seat", r.seat.TextSize}, {"count", r.count.TextSize}, {"voters", r.voters.TextSize}} {
			if x.sz < ts.floor*0.99 {
				t.Errorf("tally row %d: %s at %.1f px, under the floor %.1f", i, x.what, x.sz, ts.floor)
			}
		}
	}
}
