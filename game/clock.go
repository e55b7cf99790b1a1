package game

// ClockPlan is what the host's clock must do now: the one place where the
// rules about time are decided (G3.6, standard-003 R7, the announcements' holds).
// The engine has no clock; the host's session loop measures what the plan
// names on its own clock and sends Command{Do: ActTimeout} when the plan
// says the stage is due. It knows no rule of its own.
//
// Everything is measured from the moment the clock first sees a key, on a
// clock that stops while the host pauses:
//
//   - Hold: first the table holds the announcements the stage opened with
//     (TableView.Announce, Hold seconds in all, keyed by HoldKey). Nothing is
//     due during a hold; the host may cut it short.
//   - Then the countdown of the stage's timer (Key, Kind) runs: at Seconds
//     the stage is due (0: no deadline; the host or the last input ends it).
//   - Early: the stage is also due once every wait has passed (nil: it does
//     not end early now). Seq 0 measures from the countdown's start; another
//     Seq from when the clock first saw the event of that seq.
//
// The plan may tell what the table must not know (that every night input is
// in, when the police huddle opened): it is for the host's clock only and
// never leaves the host. The table's own part is TableView.Timer and Hold.
type ClockPlan struct {
	HoldKey int // the key of the last announcement held (0: none)
	Hold    int // seconds

	Key     int    // the timer's key (Timer.Key; 0: no timer)
	Kind    string // the timer's kind (Timer.Kind)
	Seconds int    // the deadline after the hold (0: none)
	Early   []Wait
}

// Wait is one condition for an early end: Seconds have passed since the
// countdown started (Seq 0) or since the clock first saw event Seq.
type Wait struct {
	Seq     int
	Seconds int
}

// Clock returns the clock plan for the game as it stands.
func (g *Game) Clock() ClockPlan {
	tv := g.TableView()
	var p ClockPlan
	if n := len(tv.Announce); n > 0 && tv.Hold > 0 {
		p.HoldKey, p.Hold = tv.Announce[n-1].Key, tv.Hold
	}
	t := tv.Timer
	if t == nil || g.Over() {
		return p
	}
	p.Key, p.Kind, p.Seconds = t.Key, t.Kind, t.Seconds
	// G3.6: a night whose every input is in ends once its minimum length
	// has passed (never later than its deadline), and while a police huddle
	// is open (standard-003 R7) not before the huddle has lasted its time.
	if t.Kind == timerNight && g.NightComplete() {
		least := t.MinSeconds
		if t.Seconds > 0 {
			least = min(least, t.Seconds)
		}
		p.Early = []Wait{{Seconds: least}}
		if seq, secs, ok := g.HuddleHold(); ok {
			p.Early = append(p.Early, Wait{Seq: seq, Seconds: secs})
		}
	}
	if c, ok := g.s.variant.(clocker); ok {
		c.clock(g, &p)
	}
	return p
}

// clocker is a variant whose rules time more than the shared stages
// (werewolf-12: the knife's deadline inside the night, the witch's window
// after it): it amends the plan, which never leaves the host.
type clocker interface {
	clock(g *Game, p *ClockPlan)
}
