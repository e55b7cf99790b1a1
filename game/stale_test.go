package game

import (
	"errors"
	"fmt"
	"testing"
)

// TestStaleCommand: a command stamped with the view it was made from is
// refused as stale when that view is gone; unstamped commands are not
// checked.
func TestStaleCommand(t *testing.T) {
	g, err := New(Setup{Variant: "classic-2.0", Players: 8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var rej *Rejection
	_, err = g.Apply(Command{Seat: 1, Do: "sleep", Round: g.State().Round + 1})
	if !errors.As(err, &rej) || !rej.Stale() || rej.Code != RefuseStaleRound || rej.Round != g.State().Round+1 || rej.Now != g.State().Round ||
		err.Error() != fmt.Sprintf("this command was for round %d; it is round %d now", rej.Round, rej.Now) {
		t.Fatalf("a command of another round: %v", err)
	}
	_, err = g.Apply(Command{Seat: 1, Do: "vote", Target: &Target{Seat: 2}, Round: g.State().Round, Ballot: 1})
	if !errors.As(err, &rej) || !rej.Stale() || rej.Code != RefuseStaleClosed || rej.Ballot != 1 || err.Error() != "this vote was for ballot 1, which is closed" {
		t.Fatalf("a vote for a ballot that is not open: %v", err)
	}
	n := len(g.Events())
	if _, err := g.Apply(Command{Seat: 1, Do: "vote", Target: &Target{Seat: 2}}); !errors.As(err, &rej) || rej.Stale() || len(g.Events()) != n {
		t.Fatalf("an unstamped vote at night: %v", err)
	}
}
