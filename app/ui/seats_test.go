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
