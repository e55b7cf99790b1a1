package lan

import (
	"bytes"
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

// matchClock is the game's clock: what it measured of the engine's plan,
// whether the host paused it, the wake-up armed, and the record the log
// last got. It decides nothing (the plan does) and sends nothing (the
// session does).
type matchClock struct {
	clock     Clock
	timer     timerState
	paused    bool
	restore   *clockRecord // a resumed game's last logged clock, until the clock takes it
	lastClock []byte       // the last clock record written
	clockTick func() bool  // stops the periodic clock record
}

// reset starts a game's clock: paused if the log's last record says so.
func (c *matchClock) reset() {
	c.timer = timerState{}
	c.paused = c.restore != nil && c.restore.Paused
	c.lastClock = nil
}

// track follows the plan: a new hold key starts a hold, a new timer key a
// countdown (after the hold), a new wait key its own measurement. Changed:
// a hold or a countdown began (the armed wake-up is stopped).
func (c *matchClock) track(p game.ClockPlan) (changed bool) {
	now := c.clock.Now()
	t := &c.timer
	if p.HoldKey != t.holdKey {
		t.holdKey, t.hold, t.holdLen = p.HoldKey, stopwatch{}, time.Duration(p.Hold)*time.Second
		if p.HoldKey != 0 && !c.paused {
			t.hold.start(now)
		}
		changed = true
	}
	if p.Key != t.key {
		t.key, t.count, t.counting, t.extra = p.Key, stopwatch{}, false, 0
		changed = true
	}
	if r := c.restore; r != nil { // a resumed game: the clock goes on where the log left it
		c.restore = nil
		c.restoreClock(r, now)
	}
	if t.key != 0 && !t.counting && !t.holding(now) {
		// The countdown starts when the hold ends (exactly then, if the
		// clock woke late).
		t.counting = true
		if t.holdKey != 0 && t.holdLen > 0 {
			t.count.elapsed = max(0, t.hold.run(now)-t.holdLen)
		}
		if !c.paused {
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
			if !c.paused {
				sw.start(now)
			}
			t.seen[w.Seq] = sw
		}
	}
	t.plan = p
	if changed {
		c.stopTimer()
	}
	return changed
}

// record measures the clock now.
func (c *matchClock) record() clockRecord {
	now := c.clock.Now()
	t := &c.timer
	r := clockRecord{HoldKey: t.holdKey, Key: t.key, Counting: t.counting, Paused: c.paused,
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
func (c *matchClock) restoreClock(r *clockRecord, now time.Time) {
	t := &c.timer
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	if r.HoldKey != 0 && r.HoldKey == t.holdKey {
		t.hold = stopwatch{elapsed: ms(r.Hold)}
		t.holdLen = min(t.holdLen, ms(r.HoldLen))
		if !c.paused {
			t.hold.start(now)
		}
	}
	if r.Key != 0 && r.Key == t.key {
		t.extra = ms(r.Extra)
		if r.Counting {
			t.counting, t.count = true, stopwatch{elapsed: ms(r.Run)}
			if !c.paused {
				t.count.start(now)
			}
		}
		for seq, run := range r.Seen {
			if t.seen == nil {
				t.seen = map[int]*stopwatch{}
			}
			w := &stopwatch{elapsed: ms(run)}
			if !c.paused {
				w.start(now)
			}
			t.seen[seq] = w
		}
	}
}

// left is the time until the plan's stage is due (ok false: never, by the
// clock), measured now.
func (c *matchClock) left() (d time.Duration, ok bool) {
	t := &c.timer
	now := c.clock.Now()
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
func (c *matchClock) due() bool {
	if c.paused || c.timer.holding(c.clock.Now()) || !c.timer.counting {
		return false
	}
	d, ok := c.left()
	return ok && d <= 0
}

// untilWake is the time until the armed wake-up (tests drive the fake clock
// with it); ok is false when nothing is armed.
func (c *matchClock) untilWake() (time.Duration, bool) {
	if c.timer.stop == nil {
		return 0, false
	}
	d, _ := c.left()
	return d, true
}

// stopTimer stops the armed wake-up.
func (c *matchClock) stopTimer() {
	if c.timer.stop != nil {
		c.timer.stop()
		c.timer.stop = nil
	}
	c.timer.gen++
}

// watches are every stopwatch the clock runs.
func (c *matchClock) watches() []*stopwatch {
	t := &c.timer
	out := []*stopwatch{&t.hold}
	if t.counting {
		out = append(out, &t.count)
	}
	for _, w := range t.seen {
		out = append(out, w)
	}
	return out
}

// pause stops every stopwatch and the wake-up.
func (c *matchClock) pause() error {
	if c.paused {
		return &HostError{Code: HostErrPaused}
	}
	now := c.clock.Now()
	for _, w := range c.watches() {
		w.stop(now)
	}
	c.paused = true
	c.stopTimer()
	return nil
}

// resume starts the stopwatches again.
func (c *matchClock) resume() error {
	if !c.paused {
		return &HostError{Code: HostErrNotPaused}
	}
	c.paused = false
	now := c.clock.Now()
	t := &c.timer
	if t.holdKey != 0 {
		t.hold.start(now)
	}
	for _, w := range c.watches()[1:] {
		w.start(now)
	}
	return nil
}

// skipHold ends the announcements' hold now (the host's skip during a
// hold); false when no hold runs.
func (c *matchClock) skipHold() bool {
	now := c.clock.Now()
	if !c.timer.holding(now) {
		return false
	}
	c.timer.holdLen = c.timer.hold.run(now)
	return true
}

// addTime adds secs to the running countdown.
func (c *matchClock) addTime(secs int) error {
	if secs < 1 || secs > maxAddTime {
		return &HostError{Code: HostErrAddTime, N: secs, Max: maxAddTime}
	}
	if c.timer.key == 0 || c.timer.total() == 0 {
		return &HostError{Code: HostErrNoTimer}
	}
	c.timer.extra += time.Duration(secs) * time.Second
	return nil
}

// frame is the running timer for the phones: public, the same for all.
func (c *matchClock) frame() []byte {
	t := &c.timer
	f := clockFrame{T: "clock", Key: t.key, Kind: t.plan.Kind, Seconds: t.plan.Seconds, Paused: c.paused}
	count, hold := t.remaining(c.clock.Now())
	if t.key != 0 && t.total() > 0 {
		f.Remaining = count.Milliseconds()
	}
	f.Hold = hold.Milliseconds()
	return mustJSON(f)
}

// settle brings the clock up to date with the game: it follows the plan,
// sends the engine the timeouts that are due, and arms the next wake-up.
func (s *session) settle() {
	for s.g != nil && s.failed == nil {
		s.track(s.g.Clock())
		if s.g.Over() || !s.clk.due() {
			break
		}
		if err := s.apply(game.Command{Do: "timeout"}, "clock", ""); err != nil {
			break // a rejection cannot happen with a timer running; a log failure stops the game
		}
	}
	s.arm()
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

// saveClock writes the clock to the log when it changed since the last
// time (a log failure stops the game as any other).
func (s *session) saveClock() {
	if s.g == nil || s.log == nil || s.failed != nil || s.g.Over() {
		return
	}
	r := s.clk.record()
	b := mustJSON(r)
	if bytes.Equal(b, s.clk.lastClock) {
		return
	}
	if s.save(logClock{Clock: r}, nil) {
		s.clk.lastClock = b
	}
}

// tickClock writes the running clock every clockEvery, so that a crash
// loses at most that much of the current timer.
func (s *session) tickClock() {
	if s.clk.clockTick != nil {
		s.clk.clockTick()
		s.clk.clockTick = nil
	}
	if s.g == nil || s.g.Over() || s.failed != nil {
		return
	}
	g := s.g
	s.clk.clockTick = s.clock.AfterFunc(clockEvery, func() { s.srv.post(msgTick{g}) })
}

// clockTick writes game g's running clock and arms the next tick (msgTick);
// a tick of another game does nothing.
func (s *session) clockTick(g *game.Game) {
	if s.g != g {
		return
	}
	s.clk.clockTick = nil
	if !s.clk.paused {
		s.saveClock()
	}
	s.tickClock()
}

// arm schedules the next wake-up: the end of the hold, the deadline, or the
// plan's early end.
func (s *session) arm() {
	s.clk.stopTimer()
	if s.g == nil || s.clk.paused || s.failed != nil {
		return
	}
	d, ok := s.clk.left()
	if !ok {
		return
	}
	t := &s.clk.timer
	t.gen++
	gen := t.gen
	t.wake = d
	t.stop = s.clock.AfterFunc(d, func() { s.srv.post(msgDeadline{gen}) })
}

// timeUp is the wake-up of generation gen (msgDeadline): the game moves on
// unless the timer was stopped or re-armed since.
func (s *session) timeUp(gen int) {
	if s.clk.timer.gen == gen && s.clk.timer.stop != nil {
		s.clk.timer.stop = nil
		s.changed()
	}
}

// sendClock tells every phone in the game about the timer.
func (s *session) sendClock() {
	if s.g == nil {
		return
	}
	frame := s.clk.frame()
	for c := range s.out.clients {
		if c.m != nil && (c.m.seat > 0 || c.m.spectator) {
			s.send(c, frame)
		}
	}
}

// track follows the plan (matchClock.track) and tells the phones when a
// hold or a countdown began.
func (s *session) track(p game.ClockPlan) {
	if s.clk.track(p) {
		s.sendClock()
	}
}

func (s *session) pause() error {
	if err := s.clk.pause(); err != nil {
		return err
	}
	s.saveClock()
	s.sendClock()
	return nil
}

func (s *session) resume() error {
	if err := s.clk.resume(); err != nil {
		return err
	}
	s.saveClock()
	s.sendClock()
	s.changed() // a stage may be due at once
	return nil
}

// skipHold ends the announcements' hold now (the host's skip during a
// hold); false when no hold runs.
func (s *session) skipHold() bool {
	if !s.clk.skipHold() {
		return false
	}
	s.saveClock()
	s.changed()
	return true
}

func (s *session) addTime(secs int) error {
	if err := s.clk.addTime(secs); err != nil {
		return err
	}
	s.saveClock()
	s.arm()
	s.sendClock()
	return nil
}
