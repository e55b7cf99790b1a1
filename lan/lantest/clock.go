package lantest

import (
	"slices"
	"sync"
	"time"
)

// Clock is a lan.Clock that moves only when told (Advance, Set, Skip). It
// is safe for concurrent use and deterministic: a move first sets the time,
// then runs the timers that came due, in deadline order (the order they
// were made in for equal deadlines), on the goroutine that moved the clock
// and without holding the clock's lock (a timer may read the clock or make
// new timers; those run at a later move). The server's timers only post
// work to its session loop, which therefore sees the time the move ended
// at, however far the clock jumped.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	seq    int
	timers []*timer
}

type timer struct {
	at   time.Time
	seq  int
	f    func()
	done bool
}

// Epoch is the time a NewClock(time.Time{}) starts at: an evening in 2026,
// in UTC.
var Epoch = time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)

// NewClock makes a clock showing start (Epoch when zero).
func NewClock(start time.Time) *Clock {
	if start.IsZero() {
		start = Epoch
	}
	return &Clock{now: start}
}

// Now implements lan.Clock.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc implements lan.Clock: f runs when the clock is moved to now+d
// or later. The returned stop reports whether it cancelled f before it ran.
func (c *Clock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &timer{at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		was := !t.done
		t.done = true
		return was
	}
}

// Advance moves the clock d forward and runs the timers that came due.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	to := c.now.Add(d)
	c.mu.Unlock()
	c.Set(to)
}

// Set moves the clock to t (never backwards) and runs the timers that came
// due, in deadline order.
func (c *Clock) Set(to time.Time) {
	c.mu.Lock()
	if to.After(c.now) {
		c.now = to
	}
	var due []*timer
	keep := c.timers[:0]
	for _, t := range c.timers {
		switch {
		case t.done:
		case !t.at.After(c.now):
			t.done = true
			due = append(due, t)
		default:
			keep = append(keep, t)
		}
	}
	clear(c.timers[len(keep):])
	c.timers = keep
	c.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *timer) int {
		if x := a.at.Compare(b.at); x != 0 {
			return x
		}
		return a.seq - b.seq
	})
	for _, t := range due {
		t.f()
	}
}

// Next is the deadline of the earliest pending timer; false when none is.
func (c *Clock) Next() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var at time.Time
	found := false
	for _, t := range c.timers {
		if !t.done && (!found || t.at.Before(at)) {
			at, found = t.at, true
		}
	}
	return at, found
}

// Skip moves the clock to the earliest pending timer's deadline and runs
// what is due then; false when no timer is pending.
func (c *Clock) Skip() bool {
	at, ok := c.Next()
	if ok {
		c.Set(at)
	}
	return ok
}

// Pending is the number of timers not yet run or stopped.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(slices.DeleteFunc(slices.Clone(c.timers), func(t *timer) bool { return t.done }))
}
