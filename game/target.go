package game

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Target names a seat, or one card (or hand) of a seat.
//
// Card is 0 when the target is the seat as a whole (single-role variants and
// cat-lives-7), 1 for the left hand / first card ("3L") and 2 for the right
// hand / second card ("3R").
type Target struct {
	Seat int
	Card int
}

// SeatTarget is the target naming seat s as a whole.
func SeatTarget(s int) Target { return Target{Seat: s} }

// IsZero reports whether t names nothing.
func (t Target) IsZero() bool { return t.Seat == 0 }

// String gives the script form: "3", "3L" or "3R".
func (t Target) String() string {
	switch t.Card {
	case 0:
		return strconv.Itoa(t.Seat)
	case 1:
		return strconv.Itoa(t.Seat) + "L"
	case 2:
		return strconv.Itoa(t.Seat) + "R"
	}
	return fmt.Sprintf("%d#%d", t.Seat, t.Card)
}

// Less is the canonical order (rules/README.md G8): ascending seat, then L
// before R.
func (t Target) Less(u Target) bool {
	if t.Seat != u.Seat {
		return t.Seat < u.Seat
	}
	return t.Card < u.Card
}

// MarshalJSON writes a seat target as a number and a card as a string.
func (t Target) MarshalJSON() ([]byte, error) {
	if t.Card == 0 {
		return strconv.AppendInt(nil, int64(t.Seat), 10), nil
	}
	// The string form is digits, "-", "L", "R" or "#": nothing JSON escapes.
	// Quoted by hand, not by json.Marshal: every view holds many targets.
	b := make([]byte, 0, 8)
	b = append(b, '"')
	b = append(b, t.String()...)
	return append(b, '"'), nil
}

// UnmarshalJSON reads 3, "3", "3L" or "3R".
func (t *Target) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil {
		*t = Target{Seat: n}
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a target is a seat number or a string like \"3L\"")
	}
	p, err := ParseTarget(s)
	if err != nil {
		return err
	}
	*t = p
	return nil
}

// ParseTarget reads "3", "3L", "3R" (case-insensitive L/R).
func ParseTarget(s string) (Target, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Target{}, fmt.Errorf("empty target")
	}
	card := 0
	switch s[len(s)-1] {
	case 'L', 'l':
		card, s = 1, s[:len(s)-1]
	case 'R', 'r':
		card, s = 2, s[:len(s)-1]
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return Target{}, fmt.Errorf("%q is not a seat number or a hand/card name like \"3L\"", s)
	}
	return Target{Seat: n, Card: card}, nil
}

func sortTargets(ts []Target) {
	// insertion sort: lists are short (at most a few dozen entries)
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j].Less(ts[j-1]); j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}
