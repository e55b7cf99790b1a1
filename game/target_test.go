package game

import (
	"encoding/json"
	"testing"
)

// TestTargetJSON: a seat target is a JSON number, a card a JSON string of
// its script form, exactly as json.Marshal writes that string, and both read
// back as the same target.
func TestTargetJSON(t *testing.T) {
	for seat := -1; seat <= 20; seat++ {
		for card := 0; card <= 3; card++ {
			x := Target{Seat: seat, Card: card}
			got, err := json.Marshal(x)
			if err != nil {
				t.Fatalf("%v: %v", x, err)
			}
			want, _ := json.Marshal(seat)
			if card != 0 {
				want, _ = json.Marshal(x.String())
			}
			if string(got) != string(want) {
				t.Fatalf("%#v marshals to %s, want %s", x, got, want)
			}
			if card > 2 || seat < 1 {
				continue // no script form reads these back
			}
			var back Target
			if err := json.Unmarshal(got, &back); err != nil || back != x {
				t.Fatalf("%s reads back as %#v (%v), want %#v", got, back, err, x)
			}
		}
	}
}
