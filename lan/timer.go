package lan

import (
	"errors"
	"fmt"
	"time"

	"nightfall/game"
)

// timerState follows the engine's current timer (TableView.Timer) on the
// host's clock.
type timerState struct {
	key     int
	kind    string
	seconds int
	total   time.Duration // seconds plus time the host added
	min     time.Duration
	elapsed time.Duration // run before since
	since   time.Time     // zero while paused or without a timer
	wake    time.Duration // run time at which the armed wake-up fires
	stop    func() bool
	gen     int
}

func (t *timerState) run(now time.Time) time.Duration {
	if t.since.IsZero() {
		return t.elapsed
	}
	return t.elapsed + now.Sub(t.since)
}

// realClock is the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}

// The engine says which timer runs (TableView.Timer: Key changes when a new
// one starts); the session measures it on its clock and sends the engine a
// timeout when it runs out. A night ends early once MinSeconds have passed
// and every night input is in (game.NightComplete), never sooner, so its
// length tells nothing. A timer of 0 seconds never runs out: the host ends
// that stage (HostSkip) or, at night, the last input does.

// settle brings the clock up to date with the game: it follows a new timer,
// sends the engine the timeouts that are due, and arms the next wake-up.
func (s *session) settle() {
	for s.g != nil && !s.g.Over() && s.failed == nil {
		tv := s.g.TableView()
		s.track(tv.Timer)
		if !s.due() {
			break
		}
		if err := s.apply(game.Command{Do: "timeout"}, "clock", ""); err != nil {
			break // a rejection cannot happen with a timer running; a log failure stops the game
		}
	}
	s.arm()
}

// track follows the engine's timer; a new key starts a new measurement.
func (s *session) track(t *game.Timer) {
	if t == nil {
		if s.timer.key != 0 {
			s.stopTimer()
			s.timer = timerState{}
			s.sendClock()
		}
		return
	}
	if t.Key == s.timer.key {
		return
	}
	s.stopTimer()
	s.timer = timerState{key: t.Key, kind: t.Kind, seconds: t.Seconds,
		total: time.Duration(t.Seconds) * time.Second, min: time.Duration(t.MinSeconds) * time.Second}
	if !s.paused {
		s.timer.since = s.clock.Now()
	}
	s.sendClock()
}

// due reports whether the engine should get a timeout now.
func (s *session) due() bool {
	t := &s.timer
	if t.key == 0 || s.paused {
		return false
	}
	run := t.run(s.clock.Now())
	if t.total > 0 && run >= t.total {
		return true
	}
	least := t.min
	if t.total > 0 {
		least = min(least, t.total)
	}
	return t.kind == "night" && run >= least && s.g.NightComplete()
}

// arm schedules the next wake-up: the deadline, or at night, when every
// input is in, the end of the minimum length.
func (s *session) arm() {
	s.stopTimer()
	t := &s.timer
	if s.g == nil || s.g.Over() || t.key == 0 || s.paused || s.failed != nil {
		return
	}
	wake := time.Duration(-1)
	if t.total > 0 {
		wake = t.total
	}
	if t.kind == "night" && s.g.NightComplete() && (wake < 0 || t.min < wake) {
		wake = t.min
	}
	if wake < 0 {
		return
	}
	t.gen++
	gen := t.gen
	t.wake = wake
	d := max(0, wake-t.run(s.clock.Now()))
	t.stop = s.clock.AfterFunc(d, func() {
		s.srv.post(func() {
			if s.timer.gen == gen && s.timer.stop != nil {
				s.timer.stop = nil
				s.changed()
			}
		})
	})
}

func (s *session) stopTimer() {
	if s.timer.stop != nil {
		s.timer.stop()
		s.timer.stop = nil
	}
	s.timer.gen++
}

func (s *session) pause() error {
	if s.paused {
		return errors.New("the game is already paused")
	}
	now := s.clock.Now()
	s.timer.elapsed = s.timer.run(now)
	s.timer.since = time.Time{}
	s.paused = true
	s.stopTimer()
	s.sendClock()
	return nil
}

func (s *session) resume() error {
	if !s.paused {
		return errors.New("the game is not paused")
	}
	s.paused = false
	if s.timer.key != 0 {
		s.timer.since = s.clock.Now()
	}
	s.sendClock()
	s.changed() // a night may be due at once
	return nil
}

func (s *session) addTime(secs int) error {
	if secs < 1 || secs > maxAddTime {
		return fmt.Errorf("add 1 to %d seconds, not %d", maxAddTime, secs)
	}
	if s.timer.key == 0 || s.timer.total == 0 {
		return errors.New("no timer is running")
	}
	s.timer.total += time.Duration(secs) * time.Second
	s.arm()
	s.sendClock()
	return nil
}

// clockFrame is the running timer for the phones: public, the same for all.
func (s *session) clockFrame() []byte {
	t := &s.timer
	f := clockFrame{T: "clock", Key: t.key, Kind: t.kind, Seconds: t.seconds, Paused: s.paused}
	if t.key != 0 && t.total > 0 {
		f.Remaining = max(0, t.total-t.run(s.clock.Now())).Milliseconds()
	}
	return mustJSON(f)
}

// sendClock tells every phone in the game about the timer.
func (s *session) sendClock() {
	if s.g == nil {
		return
	}
	frame := s.clockFrame()
	for c := range s.clients {
		if c.m != nil && (c.m.seat > 0 || c.m.spectator) {
			s.send(c, frame)
		}
	}
}
