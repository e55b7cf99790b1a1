package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Seats go clockwise as seen from above (rules/README.md, G2): seat 1 at the
// bottom, seat 2 to its left on the screen, the seats of the left half going
// up, the top seat in the middle, and the right half coming down again.
func TestSeatsClockwise(t *testing.T) {
	newTestApp(t, "zh")
	for _, n := range []int{6, 7, 12, 20} {
		r := NewSeatRing(nil)
		w := test.NewWindow(r)
		w.Resize(fyne.NewSize(1000, 600))
		var seats []SeatInfo
		for i := 1; i <= n; i++ {
			seats = append(seats, SeatInfo{Seat: i})
		}
		r.SetSeats(seats)
		pos := func(s int) fyne.Position {
			p, ok := r.SeatCenter(s)
			if !ok {
				t.Fatalf("%d seats: no seat %d", n, s)
			}
			return p
		}
		p1 := pos(1)
		for s := 2; s <= n; s++ {
			if pos(s).Y > p1.Y+0.5 {
				t.Errorf("%d seats: seat %d is below seat 1", n, s)
			}
		}
		if pos(2).X >= p1.X {
			t.Errorf("%d seats: seat 2 (x %.0f) is not left of seat 1 (x %.0f) seen from above", n, pos(2).X, p1.X)
		}
		if pos(n).X <= p1.X {
			t.Errorf("%d seats: seat %d (the right-hand neighbour of 1) is not right of seat 1", n, n)
		}
		// Left half rises, right half falls: a clockwise walk.
		for s := 2; s <= n/2; s++ {
			if pos(s).Y > pos(s-1).Y+0.5 {
				t.Errorf("%d seats: going up the left side, seat %d is lower than seat %d", n, s, s-1)
			}
		}
		for s := n/2 + 2; s <= n; s++ {
			if pos(s).Y < pos(s-1).Y-0.5 {
				t.Errorf("%d seats: going down the right side, seat %d is higher than seat %d", n, s, s-1)
			}
		}
		w.Close()
	}
}

// A seat's note keeps two lines, or three where the ring wraps its notes
// narrow or the note is three short lines of its own; the rest is clipped
// into the last line.
func TestNoteLines(t *testing.T) {
	newTestApp(t, "en")
	long := "Commoner · Commoner · Bodyguard · Imprison / anti-snipe · Killer"
	w := fyne.MeasureText("Commoner · Soul", 20, fyne.TextStyle{}).Width
	for _, c := range []struct {
		note       string
		most, want int
	}{{long, 2, 2}, {long, 3, 3}, {"3 cards\n−1 privilege\n−1 commoner", 2, 3}, {"5 cards", 3, 1}} {
		ls := noteLines(c.note, 20, w, c.most)
		if len(ls) != c.want {
			t.Errorf("%q, at most %d: %q", c.note, c.most, ls)
		}
		for _, l := range ls {
			if fyne.MeasureText(l, 20, fyne.TextStyle{}).Width > w+1 {
				t.Errorf("%q: line %q wider than %.0f", c.note, l, w)
			}
		}
	}
}
