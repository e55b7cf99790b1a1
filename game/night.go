package game

import (
	"fmt"
	"slices"
)

// The night protocol (rules/README.md G3–G6), shared by every variant.

func (g *Game) startNight() {
	s := &g.s
	if s.Phase == PhaseDay {
		// A round ends with its day (v5.0-dual R19's stall rule).
		if re := s.caps.roundEnder; re != nil {
			if w, r := re.RoundEnd(s); w != "" {
				g.gameOver(w, r)
				return
			}
		}
	}
	g.emit(g.mem.night.put(NightBody{Round: s.Round + 1}), nil)
	if pr := s.caps.runner; pr != nil {
		pr.nightFell(g)
	}
}

func (g *Game) nightCommand(cmd *Command) error {
	s := &g.s
	n := s.Night
	switch cmd.Do {
	case ActTimeout:
		g.endNight()
		return nil
	case ActPass, ActVote, ActAbstain, ActExplode, ActNominate:
		return refuseAction(RefuseDayAction, cmd.Do)
	}
	if !s.Seat(cmd.Seat).Alive() {
		return refuseSeat(RefuseDeadAtNight, cmd.Seat)
	}
	switch cmd.Do {
	case ActSleep:
		if !slices.Contains(n.Sleep, cmd.Seat) {
			return refuse(RefuseSleepHasAction)
		}
		if slices.Contains(n.Slept, cmd.Seat) {
			return refuse(RefuseReadyAlready)
		}
		g.emit(g.mem.sleep.put(SleepBody{Seat: cmd.Seat}), g.only(cmd.Seat))
		return nil
	case ActSuspect:
		return g.suspect(cmd)
	}
	st, actor, err := g.findStep(cmd)
	if err != nil {
		return err
	}
	members := st.Seats()
	sel := Selection{Has: true}
	if cmd.Do == ActSkip || (st.Decline != "" && cmd.Do == st.Decline) {
		if st.Mandatory {
			return refuseAction(RefuseMandatory, st.Action)
		}
		sel.Skip = true
	} else if st.NoTarget {
		if cmd.Target != nil && *cmd.Target != actor {
			return refuseAction(RefuseNoTarget, st.Action)
		}
		sel.Target = actor
	} else {
		if cmd.Target == nil {
			return refuseAction(RefuseNeedsTarget, st.Action)
		}
		t := *cmd.Target
		if why := g.targetProblem(st, actor, t); why != nil {
			return why
		}
		sel.Target = t
	}
	body := ActBody{Seat: cmd.Seat, Step: st.Index, Action: st.Action, Skip: sel.Skip}
	if actor.Card != 0 && !st.Group { // a seat's one selection counts for all its member cards (G4)
		body.Card = g.mem.target.put(actor)
	}
	if !sel.Skip {
		body.Target = g.mem.target.put(sel.Target)
	}
	if st.Group {
		g.emit(g.mem.act.put(body), members)
		g.maybeLock(st)
	} else {
		audience := g.only(cmd.Seat)
		if st.Share != "" {
			audience = g.shareSeats(st.Share) // v5.0-dual §5: the killer cards' live display
		}
		g.emit(g.mem.act.put(body), audience)
		g.emit(g.mem.lock.put(LockBody{Step: st.Index, Action: st.Action, Skip: sel.Skip, Target: body.Target, By: "submitted"}), audience)
	}
	g.deliverResults()
	return nil
}

// shareSeats lists the seats acting tonight in the steps of display group
// share, ascending.
func (g *Game) shareSeats(share string) []int {
	var out []int
	for _, st := range g.s.Night.Steps {
		if st.Share != share {
			continue
		}
		for _, x := range st.Seats() {
			if !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	slices.Sort(out)
	return out
}

// findStep picks the step a command is for and checks the order of a seat's
// tasks (G3.4). When a seat has several steps with the same action (two
// cards of one kind, v5.0-dual §5) and the command names no card, it is for
// the first of them the seat has not submitted yet.
func (g *Game) findStep(cmd *Command) (*Step, Target, error) {
	s := &g.s
	var buf [8]*Step
	tasks := s.appendTasks(buf[:0], cmd.Seat)
	if len(tasks) == 0 {
		if cmd.Do == ActSkip {
			return nil, Target{}, refuse(RefuseNothingToSkip)
		}
		return nil, Target{}, refuseAction(RefuseNoSuchAction, cmd.Do)
	}
	matches := func(st *Step) bool {
		return cmd.Do == ActSkip || st.Action == cmd.Do || (st.Decline != "" && st.Decline == cmd.Do)
	}
	for i, st := range tasks {
		if !matches(st) {
			continue
		}
		actor, ok := actorOf(st, cmd.Seat, cmd.Card)
		if !ok {
			continue
		}
		if cmd.Do == ActSkip && g.seatDone(st, cmd.Seat) {
			continue
		}
		if cmd.Card == nil && !st.Group && g.seatDone(st, cmd.Seat) && slices.ContainsFunc(tasks[i+1:], matches) {
			continue
		}
		for _, prev := range tasks[:i] {
			if !g.seatDone(prev, cmd.Seat) {
				if a, ok := actorOf(prev, cmd.Seat, nil); ok && a.Card != 0 && prev.Action == st.Action {
					return nil, Target{}, &Rejection{Code: RefuseFirstFinishHand, Action: prev.Action, Target: &a}
				}
				return nil, Target{}, refuseAction(RefuseFirstFinish, prev.Action)
			}
		}
		if st.Locked {
			if st.Group {
				return nil, Target{}, refuseAction(RefuseTeamFinal, st.Action)
			}
			return nil, Target{}, refuseAction(RefuseSubmitted, st.Action)
		}
		return st, actor, nil
	}
	if cmd.Do == ActSkip {
		return nil, Target{}, refuse(RefuseNothingLeft)
	}
	return nil, Target{}, refuseAction(RefuseNoSuchAction, cmd.Do)
}

func actorOf(st *Step, seat int, card *Target) (Target, bool) {
	for _, a := range st.Actors {
		if a.Seat == seat && (card == nil || *card == a) {
			return a, true
		}
	}
	return Target{}, false
}

// seatDone reports whether seat has given its input for st (G3.4: for a group
// action, once it has made a selection).
func (g *Game) seatDone(st *Step, seat int) bool {
	if st.Locked {
		return true
	}
	for i, a := range st.Actors {
		if a.Seat == seat && !st.Sel[i].Has {
			return false
		}
	}
	return st.Group
}

// targetProblem says why actor may not choose t, or nil if it may. The
// refusal names the target (the variant's Legal leaves it out).
func (g *Game) targetProblem(st *Step, actor, t Target) *Rejection {
	s := &g.s
	if !s.Alive(t) {
		return refuseTarget(RefuseDeadTarget, t)
	}
	if r := s.variant.Legal(s, st, actor, t); r.Code != "" {
		// Copied inside the branch: only a refusal is allocated.
		rej, target := r, t
		rej.Target = &target
		return &rej
	}
	return nil
}

func targetName(t Target) string {
	if t.Card == 0 {
		return fmt.Sprintf("seat %d", t.Seat)
	}
	return t.String()
}

// LegalTargets lists actor's legal targets in step st, in canonical order.
func (g *Game) LegalTargets(st *Step, actor Target) []Target {
	return g.appendLegalTargets(nil, st, actor)
}

// appendLegalTargets appends LegalTargets(st, actor) to out.
func (g *Game) appendLegalTargets(out []Target, st *Step, actor Target) []Target {
	s := &g.s
	cards := s.caps.cards
	for seat := 1; seat <= s.Players; seat++ {
		if cards <= 1 || cards > 2 {
			t := SeatTarget(seat)
			if s.Alive(t) && s.variant.Legal(s, st, actor, t).Code == "" {
				out = append(out, t)
			}
			continue
		}
		for c := 1; c <= cards; c++ {
			t := Target{Seat: seat, Card: c}
			if s.Alive(t) && s.variant.Legal(s, st, actor, t).Code == "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// maybeLock locks a group step once every member selected the same (G4).
func (g *Game) maybeLock(st *Step) {
	var first Selection
	for i, sel := range st.Sel {
		if !sel.Has {
			return
		}
		if i == 0 {
			first = sel
		} else if sel != first {
			return
		}
	}
	lb := LockBody{Step: st.Index, Action: st.Action, Skip: first.Skip, By: "agreement"}
	if !first.Skip {
		lb.Target = g.mem.target.put(first.Target)
	}
	g.emit(g.mem.lock.put(lb), st.Seats())
}

// deliverResults sends every answer that can no longer change (G3.5).
func (g *Game) deliverResults() {
	s := &g.s
	for _, st := range s.Night.Steps {
		if !st.Answers || !st.Locked || st.Answer != "" || !st.Happened() {
			continue
		}
		ready := true
		for _, other := range s.Night.Steps[:st.Index] {
			if slices.Contains(st.After, other.Action) && !other.Done() {
				ready = false
			}
		}
		if !ready {
			continue
		}
		ans := s.variant.Answer(s, st)
		g.emit(g.mem.result.put(ResultBody{Round: s.Round, Step: st.Index, Action: st.Action, Target: st.Final, Answer: ans}), st.Seats())
	}
}

func (g *Game) suspect(cmd *Command) error {
	s := &g.s
	n := s.Night
	check := n.StepByAction("check")
	if check == nil || !slices.Contains(check.Seats(), cmd.Seat) {
		return refuse(RefuseMarkerPoliceOnly)
	}
	if !s.Opts.Huddle {
		return refuse(RefuseNoHuddle)
	}
	if !n.HuddleOpen {
		return refuse(RefuseHuddleClosed)
	}
	if cmd.Target == nil || !s.Alive(*cmd.Target) {
		return refuse(RefuseMarkerLiving)
	}
	g.emit(&SuspectBody{Seat: cmd.Seat, Target: *cmd.Target}, check.Seats())
	return nil
}

// NightComplete reports whether every required night input is final, so the
// host may end the night once its minimum length has passed (G3.6; and, while
// a police huddle is open, its HuddleHold).
func (g *Game) NightComplete() bool {
	s := &g.s
	if s.Phase != PhaseNight {
		return false
	}
	for _, st := range s.Night.Steps {
		if !st.Done() {
			return false
		}
	}
	return len(s.Night.Slept) >= len(s.Night.Sleep)
}

// HuddleHold is standard-003 R7's extra minimum for an early night end: once
// the police huddle has opened, the host's clock must not end the night
// early (G3.6 b) before seconds have passed since it opened, so the huddle
// always lasts at least that long. key identifies the opening (the seq of
// the check answer that opened it): like Timer.Key, the clock measures from
// the moment it first sees a new key. ok is false when no huddle is open.
// The deadline (nightMaxSeconds) still ends the night. This is for the
// host's clock only: the table view must never show it, since it tells when
// the police locked.
func (g *Game) HuddleHold() (key, seconds int, ok bool) {
	s := &g.s
	if s.Phase != PhaseNight || !s.Night.HuddleOpen {
		return 0, 0, false
	}
	for i := len(g.log) - 1; i >= 0; i-- {
		if r, isResult := g.log[i].Body.(*ResultBody); isResult && r.Action == "check" {
			return g.log[i].Seq, s.Opts.HuddleSeconds, true
		}
	}
	return 0, 0, false
}

// endNight settles missing inputs (G4, G5), delivers the remaining answers,
// resolves the night and announces the dawn.
func (g *Game) endNight() {
	s := &g.s
	for _, st := range s.Night.Steps {
		if st.Done() {
			continue
		}
		g.settle(st)
	}
	g.deliverResults()
	if s.Night.Setup {
		g.endSetupNight()
		return
	}
	dawn := s.variant.Resolve(s, g)
	if dawn.Dead == nil {
		dawn.Dead = []Target{}
	}
	sortTargets(dawn.Dead)
	dawn.Round = s.Round
	g.emit(g.mem.dawn.put(dawn), nil)
	g.afterAnnouncement()
}

// settle locks a step that did not lock by itself: plurality of the current
// selections, a seeded pick among tied options, a seeded legal target for a
// mandatory action nobody chose, or nothing for an optional one.
func (g *Game) settle(st *Step) {
	type option struct {
		sel   Selection
		votes int
	}
	var buf [16]option
	opts := buf[:0]
	// A seat's selection counts once per member card it holds (two-hands: two
	// member hands make one selection that counts twice), since Sel is per card.
	for _, sel := range st.Sel {
		if !sel.Has {
			continue
		}
		if j := slices.IndexFunc(opts, func(o option) bool { return o.sel == sel }); j >= 0 {
			opts[j].votes++
		} else {
			opts = append(opts, option{sel: sel, votes: 1})
		}
	}
	lb := LockBody{Step: st.Index, Action: st.Action}
	members := st.Seats()
	if len(opts) == 0 {
		if !st.Mandatory {
			lb.Skip, lb.By = true, "none"
			g.emit(g.mem.lock.put(lb), members)
			return
		}
		lb.By = "random"
		lb.Options = g.LegalTargets(st, st.Actors[0])
		if len(lb.Options) == 0 {
			lb.Skip, lb.By, lb.Options = true, "none", nil
		}
		g.emit(g.mem.lock.put(lb), members)
		return
	}
	best := 0
	for _, o := range opts {
		best = max(best, o.votes)
	}
	top := g.mem.target.buf(len(opts) + 1)
	var skipTop bool
	for _, o := range opts {
		if o.votes == best {
			if o.sel.Skip {
				skipTop = true
			} else {
				top = append(top, o.sel.Target)
			}
		}
	}
	sortTargets(top)
	switch {
	case len(top) == 1 && !skipTop:
		lb.Target, lb.By = g.mem.target.put(top[0]), "plurality"
	case len(top) == 0 && skipTop:
		lb.Skip, lb.By = true, "plurality"
	default:
		if skipTop {
			top = slices.Insert(top, 0, Target{}) // the zero target stands for skip
		}
		lb.By, lb.Options = "random", top
	}
	g.emit(g.mem.lock.put(lb), members)
}

// endSetupNight ends the setup night (SetupNighter): either everybody's cards
// are dealt again (two-hands R1), re-shuffled until the variant accepts the
// deal (G17), and a new setup night follows; or action night 1 falls at once
// (v5.0-dual R5: no dawn, no day).
func (g *Game) endSetupNight() {
	s := &g.s
	sn := s.variant.(SetupNighter)
	if !sn.SetupRedeal(s) {
		g.startNight()
		return
	}
	asked := Why{Code: RedealAsked}
	g.emit(&RedealBody{Reason: asked.Sentence(), Why: asked, Shuffle: true}, nil)
	for try := 0; ; try++ {
		err := s.variant.DealOK(s)
		if err == nil {
			break
		}
		if try > 100000 {
			panic("game: no valid deal found")
		}
		why := voidWhy(err)
		g.emit(&RedealBody{Reason: why.Sentence(), Why: why, Shuffle: true}, nil)
	}
	for i := range s.Seats {
		roles := make([]string, len(s.Seats[i].Cards))
		for j, c := range s.Seats[i].Cards {
			roles[j] = c.Role
		}
		d := DealBody{Seat: i + 1, Roles: roles}
		if c := s.caps.camper; c != nil {
			d.Camp = c.Camp(s, i+1)
		}
		g.emit(&d, g.only(i+1))
	}
	g.emit(&NightBody{Round: 0, Setup: true}, nil)
}
