package lan

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"nightfall/game"
)

// The clock follows the engine's plan (game.ClockPlan) and decides nothing
// itself: it measures the hold, the countdown and the early-end waits the
// plan names, on a clock that stops while the host pauses, and sends the
// engine a timeout when the plan says the stage is due. A timer of 0
// seconds never runs out: the host ends that stage (HostSkip) or, at night,
// the last input does.

// stopwatch measures run time that stops while the game is paused.
type stopwatch struct {
	elapsed time.Duration // run before since
	since   time.Time     // zero while stopped
}

func (w *stopwatch) run(now time.Time) time.Duration {
	if w.since.IsZero() {
		return w.elapsed
	}
	return w.elapsed + now.Sub(w.since)
}

func (w *stopwatch) stop(now time.Time) {
	w.elapsed = w.run(now)
	w.since = time.Time{}
}

func (w *stopwatch) start(now time.Time) {
	if w.since.IsZero() {
		w.since = now
	}
}

// timerState is the clock's measurement of the current plan.
type timerState struct {
	plan game.ClockPlan

	holdKey  int
	hold     stopwatch     // since the hold's key was first seen
	holdLen  time.Duration // the plan's hold (shortened by a host skip)
	key      int           // the countdown's timer key
	count    stopwatch     // the countdown: runs once the hold is over
	counting bool          // the countdown has started
	extra    time.Duration // time the host added
	seen     map[int]*stopwatch

	wake time.Duration // countdown run time (or hold run time while holding) of the armed wake-up
	stop func() bool
	gen  int
}

// holding reports whether the table is holding its announcements.
func (t *timerState) holding(now time.Time) bool {
	return t.holdKey != 0 && t.hold.run(now) < t.holdLen
}

// total is the countdown's length with the host's extra time (0: none).
func (t *timerState) total() time.Duration {
	if t.plan.Seconds == 0 {
		return 0
	}
	return time.Duration(t.plan.Seconds)*time.Second + t.extra
}

// run is the countdown's run time.
func (t *timerState) run(now time.Time) time.Duration { return t.count.run(now) }

// remaining is the time left on the countdown (the whole of it during a
// hold), and the time left of the hold.
func (t *timerState) remaining(now time.Time) (count, hold time.Duration) {
	if t.holding(now) {
		hold = t.holdLen - t.hold.run(now)
	}
	if t.key != 0 && t.total() > 0 {
		count = max(0, t.total()-t.run(now))
	}
	return count, hold
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// settle brings the clock up to date with the game: it follows the plan,
// sends the engine the timeouts that are due, and arms the next wake-up.
func (s *session) settle() {
	for s.g != nil && s.failed == nil {
		s.track(s.g.Clock())
		if s.g.Over() || !s.due() {
			break
		}
		if err := s.apply(game.Command{Do: "timeout"}, "clock", ""); err != nil {
			break // a rejection cannot happen with a timer running; a log failure stops the game
		}
	}
	s.arm()
}

// track follows the plan: a new hold key starts a hold, a new timer key a
// countdown (after the hold), a new wait key its own measurement.
func (s *session) track(p game.ClockPlan) {
	now := s.clock.Now()
	t := &s.timer
	changed := false
	if p.HoldKey != t.holdKey {
		t.holdKey, t.hold, t.holdLen = p.HoldKey, stopwatch{}, time.Duration(p.Hold)*time.Second
		if p.HoldKey != 0 && !s.paused {
			t.hold.start(now)
		}
		changed = true
	}
	if p.Key != t.key {
		t.key, t.count, t.counting, t.extra = p.Key, stopwatch{}, false, 0
		changed = true
	}
	if r := s.restore; r != nil { // a resumed game: the clock goes on where the log left it
		s.restore = nil
		s.restoreClock(r, now)
	}
	if t.key != 0 && !t.counting && !t.holding(now) {
		// The countdown starts when the hold ends (exactly then, if the
		// clock woke late).
		t.counting = true
		if t.holdKey != 0 && t.holdLen > 0 {
			t.count.elapsed = max(0, t.hold.run(now)-t.holdLen)
		}
		if !s.paused {
			t.count.start(now)
		}
		changed = true
	}
	for _, w := range p.Early {
		if w.Seq != 0 && t.seen[w.Seq] == nil {
			if t.seen == nil {
				t.seen = map[int]*stopwatch{}
			}
			sw := &stopwatch{}
			if !s.paused {
				sw.start(now)
			}
			t.seen[w.Seq] = sw
		}
	}
	t.plan = p
	if changed {
		s.stopTimer()
		s.sendClock()
	}
}

// clockRecord is the clock's measurement as the log keeps it (PROTOCOL.md
// "Game log"), so that a resumed game's timer goes on with the time it had
// left. Durations are in milliseconds of run time (paused time excluded).
type clockRecord struct {
	HoldKey  int           `json:"holdKey,omitempty"`
	Hold     int64         `json:"hold,omitempty"`    // the hold's run time
	HoldLen  int64         `json:"holdLen,omitempty"` // the hold's length (a host skip shortens it)
	Key      int           `json:"key,omitempty"`
	Counting bool          `json:"counting,omitempty"`
	Run      int64         `json:"run,omitempty"`   // the countdown's run time
	Extra    int64         `json:"extra,omitempty"` // time the host added
	Seen     map[int]int64 `json:"seen,omitempty"`  // the early-end waits' run times, by event seq
	Paused   bool          `json:"paused,omitempty"`
}

type logClock struct {
	Clock clockRecord `json:"clock"`
}

// clockEvery is how often a running clock is written to the log.
const clockEvery = 5 * time.Second

// clockRecord measures the clock now.
func (s *session) clockRecord() clockRecord {
	now := s.clock.Now()
	t := &s.timer
	r := clockRecord{HoldKey: t.holdKey, Key: t.key, Counting: t.counting, Paused: s.paused,
		Extra: t.extra.Milliseconds()}
	if t.holdKey != 0 {
		r.Hold, r.HoldLen = t.hold.run(now).Milliseconds(), t.holdLen.Milliseconds()
	}
	if t.counting {
		r.Run = t.count.run(now).Milliseconds()
	}
	for seq, w := range t.seen {
		if r.Seen == nil {
			r.Seen = map[int]int64{}
		}
		r.Seen[seq] = w.run(now).Milliseconds()
	}
	return r
}

// restoreClock takes over a logged measurement for the keys it names that
// the clock runs now.
func (s *session) restoreClock(r *clockRecord, now time.Time) {
	t := &s.timer
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	if r.HoldKey != 0 && r.HoldKey == t.holdKey {
		t.hold = stopwatch{elapsed: ms(r.Hold)}
		t.holdLen = min(t.holdLen, ms(r.HoldLen))
		if !s.paused {
			t.hold.start(now)
		}
	}
	if r.Key != 0 && r.Key == t.key {
		t.extra = ms(r.Extra)
		if r.Counting {
			t.counting, t.count = true, stopwatch{elapsed: ms(r.Run)}
			if !s.paused {
				t.count.start(now)
			}
		}
		for seq, run := range r.Seen {
			if t.seen == nil {
				t.seen = map[int]*stopwatch{}
			}
			w := &stopwatch{elapsed: ms(run)}
			if !s.paused {
				w.start(now)
			}
			t.seen[seq] = w
		}
	}
}

// saveClock writes the clock to the log when it changed since the last
// time (a log failure stops the game as any other).
func (s *session) saveClock() {
	if s.g == nil || s.log == nil || s.failed != nil || s.g.Over() {
		return
	}
	r := s.clockRecord()
	b := mustJSON(r)
	if bytes.Equal(b, s.lastClock) {
		return
	}
	if s.save(logClock{Clock: r}, nil) {
		s.lastClock = b
	}
}

// tickClock writes the running clock every clockEvery, so that a crash
// loses at most that much of the current timer.
func (s *session) tickClock() {
	if s.clockTick != nil {
		s.clockTick()
		s.clockTick = nil
	}
	if s.g == nil || s.g.Over() || s.failed != nil {
		return
	}
	g := s.g
	s.clockTick = s.clock.AfterFunc(clockEvery, func() {
		s.srv.post(func() {
			if s.g != g {
				return
			}
			s.clockTick = nil
			if !s.paused {
				s.saveClock()
			}
			s.tickClock()
		})
	})
}

// left is the time until the plan's stage is due (ok false: never, by the
// clock), measured now.
func (s *session) left() (d time.Duration, ok bool) {
	t := &s.timer
	now := s.clock.Now()
	if t.holding(now) {
		return t.holdLen - t.hold.run(now), true // the countdown starts then: wake to start it
	}
	if t.key == 0 || !t.counting {
		return 0, false
	}
	run := t.run(now)
	if tot := t.total(); tot > 0 {
		d, ok = tot-run, true
	}
	if len(t.plan.Early) > 0 {
		early := time.Duration(0)
		for _, w := range t.plan.Early {
			since := run
			if w.Seq != 0 {
				since = t.seen[w.Seq].run(now)
			}
			early = max(early, time.Duration(w.Seconds)*time.Second-since)
		}
		if !ok || early < d {
			d, ok = early, true
		}
	}
	return max(0, d), ok
}

// due reports whether the engine should get a timeout now.
func (s *session) due() bool {
	if s.paused || s.timer.holding(s.clock.Now()) || !s.timer.counting {
		return false
	}
	d, ok := s.left()
	return ok && d <= 0
}

// arm schedules the next wake-up: the end of the hold, the deadline, or the
// plan's early end.
func (s *session) arm() {
	s.stopTimer()
	if s.g == nil || s.paused || s.failed != nil {
		return
	}
	d, ok := s.left()
	if !ok {
		return
	}
	t := &s.timer
	t.gen++
	gen := t.gen
	t.wake = d
	t.stop = s.clock.AfterFunc(d, func() {
		s.srv.post(func() {
			if s.timer.gen == gen && s.timer.stop != nil {
				s.timer.stop = nil
				s.changed()
			}
		})
	})
}

// untilWake is the time until the armed wake-up (tests drive the fake clock
// with it); ok is false when nothing is armed.
func (s *session) untilWake() (time.Duration, bool) {
	if s.timer.stop == nil {
		return 0, false
	}
	d, _ := s.left()
	return d, true
}

func (s *session) stopTimer() {
	if s.timer.stop != nil {
		s.timer.stop()
		s.timer.stop = nil
	}
	s.timer.gen++
}

// watches are every stopwatch the clock runs.
func (s *session) watches() []*stopwatch {
	t := &s.timer
	out := []*stopwatch{&t.hold}
	if t.counting {
		out = append(out, &t.count)
	}
	for _, w := range t.seen {
		out = append(out, w)
	}
	return out
}

func (s *session) pause() error {
	if s.paused {
		return errors.New("the game is already paused")
	}
	now := s.clock.Now()
	for _, w := range s.watches() {
		w.stop(now)
	}
	s.paused = true
	s.stopTimer()
	s.saveClock()
	s.sendClock()
	return nil
}

func (s *session) resume() error {
	if !s.paused {
		return errors.New("the game is not paused")
	}
	s.paused = false
	now := s.clock.Now()
	t := &s.timer
	if t.holdKey != 0 {
		t.hold.start(now)
	}
	for _, w := range s.watches()[1:] {
		w.start(now)
	}
	s.saveClock()
	s.sendClock()
	s.changed() // a stage may be due at once
	return nil
}

// skipHold ends the announcements' hold now (the host's skip during a
// hold); false when no hold runs.
func (s *session) skipHold() bool {
	now := s.clock.Now()
	if !s.timer.holding(now) {
		return false
	}
	s.timer.holdLen = s.timer.hold.run(now)
	s.saveClock()
	s.changed()
	return true
}

func (s *session) addTime(secs int) error {
	if secs < 1 || secs > maxAddTime {
		return fmt.Errorf("add 1 to %d seconds, not %d", maxAddTime, secs)
	}
	if s.timer.key == 0 || s.timer.total() == 0 {
		return errors.New("no timer is running")
	}
	s.timer.extra += time.Duration(secs) * time.Second
	s.saveClock()
	s.arm()
	s.sendClock()
	return nil
}

// clockFrame is the running timer for the phones: public, the same for all.
func (s *session) clockFrame() []byte {
	t := &s.timer
	f := clockFrame{T: "clock", Key: t.key, Kind: t.plan.Kind, Seconds: t.plan.Seconds, Paused: s.paused}
	count, hold := t.remaining(s.clock.Now())
	if t.key != 0 && t.total() > 0 {
		f.Remaining = count.Milliseconds()
	}
	f.Hold = hold.Milliseconds()
	return mustJSON(f)
}

// sendClock tells every phone in the game about the timer.
func (s *session) sendClock() {
	if s.g == nil {
		return
	}
	frame := s.clockFrame()
	for c := range s.out.clients {
		if c.m != nil && (c.m.seat > 0 || c.m.spectator) {
			s.send(c, frame)
		}
	}
}
