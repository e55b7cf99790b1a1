package lan

import (
	"testing"
	"time"

	"nightfall/game"
)

// TestMatchClockPlan: a hold runs first, then the countdown, to the
// second; a pause stops both; the host's extra time moves the deadline; a
// skip ends the hold at once.
func TestMatchClockPlan(t *testing.T) {
	fc := newFakeClock()
	c := &matchClock{clock: fc}
	c.reset()
	if !c.track(game.ClockPlan{HoldKey: 1, Hold: 5, Key: 7, Kind: "speech", Seconds: 30}) {
		t.Fatal("a new plan is a change")
	}
	if d, ok := c.left(); !ok || d != 5*time.Second {
		t.Fatalf("during the hold: %v %v, want the hold's 5 s", d, ok)
	}
	fc.Advance(5 * time.Second)
	c.track(game.ClockPlan{HoldKey: 1, Hold: 5, Key: 7, Kind: "speech", Seconds: 30}) // the countdown starts
	if d, ok := c.left(); !ok || d != 30*time.Second || c.due() {
		t.Fatalf("the countdown's start: %v %v (due %v)", d, ok, c.due())
	}
	fc.Advance(10 * time.Second)
	if err := c.pause(); err != nil {
		t.Fatal(err)
	}
	if c.pause() == nil {
		t.Error("paused twice")
	}
	fc.Advance(time.Hour)
	if err := c.resume(); err != nil {
		t.Fatal(err)
	}
	if d, _ := c.left(); d != 20*time.Second {
		t.Fatalf("after an hour's pause: %v left, want 20 s", d)
	}
	if err := c.addTime(15); err != nil {
		t.Fatal(err)
	}
	if c.addTime(0) == nil || c.addTime(maxAddTime+1) == nil {
		t.Error("extra time out of range accepted")
	}
	fc.Advance(34 * time.Second)
	if c.due() {
		t.Fatal("due a second early")
	}
	fc.Advance(time.Second)
	if !c.due() {
		t.Fatal("not due at the deadline")
	}
	if c.skipHold() {
		t.Error("a skip without a hold")
	}
	c.track(game.ClockPlan{HoldKey: 2, Hold: 8, Key: 8, Seconds: 60})
	fc.Advance(3 * time.Second)
	if !c.skipHold() {
		t.Fatal("the hold was not skipped")
	}
	c.track(game.ClockPlan{HoldKey: 2, Hold: 8, Key: 8, Seconds: 60})
	if d, _ := c.left(); d != 60*time.Second {
		t.Errorf("after the skip: %v left, want the whole 60 s", d)
	}
}

// TestMatchClockRecord: a clock restored from its record goes on with the
// time it had left, its early-end waits and its pause.
func TestMatchClockRecord(t *testing.T) {
	fc := newFakeClock()
	plan := game.ClockPlan{Key: 3, Seconds: 90, Early: []game.Wait{{Seq: 12, Seconds: 40}}}
	c := &matchClock{clock: fc}
	c.reset()
	c.track(plan)
	fc.Advance(25 * time.Second)
	c.addTime(10)
	c.pause()
	r := c.record()

	fc2 := newFakeClock()
	c2 := &matchClock{clock: fc2, restore: &r}
	c2.reset()
	if !c2.paused {
		t.Fatal("a paused clock came back running")
	}
	c2.track(plan)
	fc2.Advance(time.Hour)
	if err := c2.resume(); err != nil {
		t.Fatal(err)
	}
	if d, _ := c2.left(); d != 15*time.Second {
		t.Errorf("restored: %v left, want the early end's 40 − 25 = 15 s", d)
	}
	if c2.timer.extra != 10*time.Second {
		t.Errorf("extra %v", c2.timer.extra)
	}
	if len(c2.timer.seen) != 1 {
		t.Errorf("%d early-end waits restored, want 1", len(c2.timer.seen))
	}
}
