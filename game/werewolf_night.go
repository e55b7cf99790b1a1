package game

import "slices"

// werewolf-12's state, its fold of the events, and its night (§5, §6).

// wwState is werewolf-12's own state (State.ww), written only by
// applyEvent (and, for its options, at setup).
type wwState struct {
	o wwOpts

	antidoteUsed, poisonUsed bool
	lastGuarded              int // the seat protected on the previous night (0: none)
	sheriff                  int // the badge holder (0: none)
	badgeGone                bool
	electionDue              bool // an election opens the next day, before its dawn
	interrupted              int  // elections interrupted by an explosion
	revealed                 int  // the revealed idiot (0: none)

	// the night and its pending deaths
	witchTold bool
	pending   []int // resolved, not yet announced (§4: alive until then)
	poisoned  []int // every poisoned seat (a poisoned hunter cannot shoot)

	// the day
	electing     bool // an election is in progress
	stood        []int
	chose        []int // who sent a stand choice
	cands        []int // the candidates still in the race
	campaign     []int // the campaign order
	withdrawn    []int
	electPK      bool // the election's PK has begun
	dawnDone     bool // today's dawn has been announced
	dayOver      bool // an explosion: no more debate today
	orderDone    bool
	spoke        bool // the day's speeches have begun
	exileDone    bool // the exile (or the idiot's reveal) happened today
	side         string
	first        int // today's first speaker in the sheriff's order (0: none yet, or no sheriff)
	exileBallots int // exile ballots opened today (the first, then the PK)

	// the death steps of the current announcement (§8)
	ds        int // 1 skill turns next, 2 badge turn next, 3 last words next, 4 done
	skills    []int
	badgeTurn int // the removed sheriff owed a badge turn
	words     []int
}

// deathsOwed reports whether death steps of the last announcement are
// still owed (§8).
func (w *wwState) deathsOwed() bool {
	return (w.ds <= 1 && len(w.skills) > 0) || (w.ds <= 2 && w.badgeTurn != 0) || (w.ds <= 3 && len(w.words) > 0)
}

// newDeaths starts the death steps of an announcement: skill turns for
// skills, last words for words, the badge turn if the sheriff is among
// skills.
func (w *wwState) newDeaths(skills, words []int) {
	w.ds = 1
	w.skills = slices.Clone(skills)
	w.words = slices.Clone(words)
	w.badgeTurn = 0
	for _, x := range skills {
		if x == w.sheriff {
			w.badgeTurn = x
		}
	}
}

// applyEvent folds the variant's events, and its reading of core events,
// into State.ww (before the core applies the core ones).
func (werewolf) applyEvent(s *State, b Body) (Body, bool) {
	w := wwOf(s)
	if w == nil { // the game's first event (a deal): the state begins
		o := wwReadOpts(s)
		w = &wwState{o: o, electionDue: o.Sheriff}
		s.ext = w
	}
	switch e := b.(type) {
	case *NightBody:
		w.witchTold = false
		w.electing, w.stood, w.chose, w.cands, w.campaign, w.withdrawn, w.electPK = false, nil, nil, nil, nil, nil, false
		w.dawnDone, w.dayOver, w.orderDone, w.spoke, w.exileDone, w.side, w.first = false, false, false, false, false, "", 0
		w.exileBallots = 0
		w.ds, w.skills, w.words, w.badgeTurn = 4, nil, nil, 0
	case *ResultBody:
		switch e.Action {
		case "shoot": // the hunter's status: no step of its own
			return b, true
		case "kill":
			w.witchTold = true
		}
	case *DeathsBody:
		w.pending = slices.Clone(e.Dead)
		if e.Saved {
			w.antidoteUsed = true
		}
		if e.Poison != 0 {
			w.poisonUsed = true
			w.poisoned = append(w.poisoned, e.Poison)
		}
		w.lastGuarded = e.Guard
		return b, true
	case *ElectionBody:
		s.Phase = PhaseDay
		if s.Day == nil || s.Day.Round != e.Round {
			s.Day = s.mem.days.put(DayState{Round: e.Round})
		}
		s.Day.Stage = StageStand
		s.Day.Ballot = nil
		s.Day.Tied = nil
		w.electing, w.stood, w.chose, w.cands, w.campaign, w.withdrawn, w.electPK = true, nil, nil, nil, nil, nil, false
		return b, true
	case *StandBody:
		w.chose = append(w.chose, e.Seat)
		if e.Stand {
			w.stood = append(w.stood, e.Seat)
		}
		return b, true
	case *CandidatesBody:
		if len(e.Candidates) > 1 {
			c := *e // the draw is written into a copy (G17)
			first := int(s.RNG.Uint64() % uint64(len(c.Candidates)))
			c.Order = append(slices.Clone(c.Candidates[first:]), c.Candidates[:first]...)
			e = &c
		} else {
			c := *e
			c.Order = slices.Clone(c.Candidates)
			e = &c
		}
		w.cands = slices.Clone(e.Candidates)
		w.campaign = slices.Clone(e.Order)
		s.Day.Stage = StageCampaign
		return e, true
	case *WithdrawBody:
		w.cands = slices.DeleteFunc(w.cands, func(x int) bool { return x == e.Seat })
		w.withdrawn = append(w.withdrawn, e.Seat)
		d := s.Day
		q := slices.Clone(d.Queue)
		d.Queue = slices.DeleteFunc(q, func(x int) bool { return x == e.Seat && x != d.Speaker })
		return b, true
	case *SheriffBody:
		w.sheriff = e.Seat
		if e.By != "handed" {
			w.electing, w.electionDue = false, false
		} else {
			w.badgeTurn = 0
		}
		return b, true
	case *BadgeLostBody:
		w.sheriff, w.badgeGone, w.badgeTurn = 0, true, 0
		w.electing, w.electionDue = false, false
		return b, true
	case *ElectionPostponedBody:
		w.electing, w.electionDue = false, true
		w.interrupted++
		return b, true
	case *SpeechesBody:
		switch e.Kind {
		case StageSkill:
			w.ds = 2
		case StageBadge:
			w.ds = 3
		case StageLastWords:
			w.ds = 4
		case StageCampaignPK:
			w.electPK = true
		case StageSpeech:
			w.spoke = true
			if w.side != "" && len(e.Order) > 0 {
				w.first = e.Order[0]
			}
		}
		if e.Kind == StageSpeech && e.By == "random" {
			// A peaceful night without a sheriff: a seeded random living
			// player speaks first (§10.1), drawn here (G17).
			c := *e
			living := s.Living()
			first := living[int(s.RNG.Uint64()%uint64(len(living)))]
			c.Order = wwRound(s, first, s.Opts.SpeechDirection == "cw", 0)
			s.applySpeeches(&c)
			return &c, true
		}
	case *BallotBody:
		if e.Purpose == "exile" {
			w.exileBallots++
		}
	case *OrderBody:
		c := *e
		if c.By == "random" {
			c.Side = "left"
			if s.RNG.Uint64()%2 == 1 {
				c.Side = "right"
			}
		}
		w.orderDone, w.side = true, c.Side
		return &c, true
	case *DawnBody:
		w.dawnDone = true
		w.pending = nil
		var words []int
		if e.Round == 1 || w.o.NightLastWords == "every-night" {
			for _, t := range e.Dead {
				words = append(words, t.Seat)
			}
		}
		var dead []int
		for _, t := range e.Dead {
			dead = append(dead, t.Seat)
		}
		w.newDeaths(dead, words)
		if s.Day != nil && s.Day.Round == e.Round { // after an election: the same day goes on
			s.Phase = PhaseDay
			s.Day.DawnDead = e.Dead
			s.Day.Stage = ""
			s.announce(e.Dead, false)
			return b, true
		}
	case *ExecutedBody:
		seat := e.Seat
		if e.By == "lot" && len(e.Options) > 0 { // the core draws the lot (applyExecuted): the same number
			peek := *s.RNG
			seat = e.Options[peek.Uint64()%uint64(len(e.Options))].Seat
		}
		w.exileDone = true
		w.newDeaths([]int{seat}, []int{seat})
	case *ImmuneBody:
		c := *e
		if c.By == "lot" && len(c.Options) > 0 {
			c.Hand = c.Options[s.RNG.Uint64()%uint64(len(c.Options))]
			c.Seat, c.Role = c.Hand.Seat, "idiot"
		}
		w.revealed = c.Seat
		w.exileDone = true
		w.newDeaths(nil, nil)
		if c.Seat == w.sheriff && w.o.RevealedIdiotBadge == "pass" {
			w.badgeTurn = c.Seat
		}
		s.Day.Stage = StageImmune
		return &c, true
	case *ExplodedBody:
		w.dayOver = true
		var words []int
		if w.o.ExplodeLastWords {
			words = []int{e.Seat}
		}
		w.newDeaths(nil, words)
		if e.Seat == w.sheriff {
			w.badgeTurn = e.Seat
		}
		if bs := s.Day.Ballot; bs != nil && !bs.Closed {
			bs.Closed = true // void: no tally
		}
		s.Day.Queue = nil
		w.cands = slices.DeleteFunc(w.cands, func(x int) bool { return x == e.Seat })
	case *ShotBody:
		s.announce([]Target{SeatTarget(e.Seat)}, true)
		if e.Seat == w.sheriff {
			w.badgeTurn = e.Seat
		}
		if w.o.ShotLastWords {
			w.words = append(w.words, e.Seat)
		}
		return b, true
	}
	return b, false
}

// wwRound lists the living seats once each, starting with first and
// stepping clockwise (ascending seats) or not, leaving out skip (0: none).
func wwRound(s *State, first int, cw bool, skip int) []int {
	var out []int
	n := s.Players
	for i := 0; i < n; i++ {
		x := first
		if cw {
			x = (first-1+i)%n + 1
		} else {
			x = (first-1-i+n*2)%n + 1
		}
		if x != skip && s.Seat(x).Alive() {
			out = append(out, x)
		}
	}
	return out
}

// NightSteps (§5): the guard's protect, the knife, the witch's two
// questions (each while its potion lasts), the seer's check.
func (werewolf) NightSteps(s *State, steps []NightStep) []NightStep {
	w := wwOf(s)
	if a := livingActors(s, "guard"); a != nil {
		steps = append(steps, NightStep{Action: "protect", Role: "guard", Actors: a})
	}
	steps = append(steps, NightStep{Action: "kill", Role: "werewolf", Group: true, Mandatory: !w.o.EmptyKnife, Actors: livingActors(s, "werewolf")})
	if a := livingActors(s, "witch"); a != nil {
		if !w.antidoteUsed {
			steps = append(steps, NightStep{Action: "save", Role: "witch", NoTarget: true, Actors: a})
		}
		if !w.poisonUsed {
			steps = append(steps, NightStep{Action: "poison", Role: "witch", Actors: a})
		}
	}
	if a := livingActors(s, "seer"); a != nil {
		steps = append(steps, NightStep{Action: "check", Role: "seer", Mandatory: true, Answers: true, Actors: a})
	}
	return steps
}

// Legal: the guard not on last night's player, the witch not poisoning
// herself (nor, with both potions, the player she saved), the seer not
// checking himself; the knife takes any living player.
func (werewolf) Legal(s *State, st *Step, actor, t Target) Rejection {
	w := wwOf(s)
	switch st.Action {
	case "protect":
		if t.Seat == w.lastGuarded {
			return Rejection{Code: RefuseProtectedLast}
		}
	case "poison":
		if t.Seat == actor.Seat {
			return Rejection{Code: RefuseSelfTarget, Role: "witch", Action: "poison"}
		}
		if sv := s.Night.StepByAction("save"); sv != nil && sv.Locked && !sv.Skip && wwKnifed(s) == t.Seat {
			return Rejection{Code: RefuseSavedNoPoison}
		}
	case "check":
		if t.Seat == actor.Seat {
			return Rejection{Code: RefuseSelfTarget, Role: "seer", Action: "check"}
		}
	}
	return Rejection{}
}

// Answer: the seer's check, from the target's role at nightfall.
func (werewolf) Answer(s *State, st *Step) string {
	if s.Role(st.Final.Seat) == "werewolf" {
		return "werewolf"
	}
	return "good"
}

// wwKnifed is tonight's knifed seat once the knife has closed (0: none, or
// still open).
func wwKnifed(s *State) int {
	k := s.Night.StepByAction("kill")
	if k == nil || !k.Locked || k.Skip {
		return 0
	}
	return k.Final.Seat
}

// wwSaved reports whether the witch used the antidote tonight.
func wwSaved(s *State) bool {
	sv := s.Night.StepByAction("save")
	return sv != nil && sv.Locked && !sv.Skip && sv.By == "submitted"
}

// command runs every player command and timeout of a night or a day.
func (werewolf) command(g *Game, cmd Command) error {
	if g.s.Phase == PhaseNight {
		return wwNight(g, cmd)
	}
	return wwDay(g, cmd)
}

func (werewolf) nightFell(*Game) {}

// wwNight is a night command (§5).
func wwNight(g *Game, cmd Command) error {
	s := &g.s
	w := wwOf(s)
	kill := s.Night.StepByAction("kill")
	if cmd.Do == ActTimeout {
		if kill != nil && !kill.Locked {
			g.settle(kill) // the knife deadline (R2): closes the knife only
			wwTellWitch(g)
			return nil
		}
		wwEndNight(g)
		return nil
	}
	if cmd.Seat >= 1 && cmd.Seat <= s.Players && s.Seat(cmd.Seat).Alive() {
		sv := s.Night.StepByAction("save")
		witch := sv != nil && slices.ContainsFunc(sv.Actors, func(a Target) bool { return a.Seat == cmd.Seat })
		switch {
		case cmd.Do == "save" && sv == nil && s.Role(cmd.Seat) == "witch" && w.antidoteUsed:
			return refuse(RefuseAntidoteUsed)
		case cmd.Do == "save" && witch:
			return wwSave(g, cmd, sv, kill)
		case cmd.Do == ActSkip && witch && !sv.Locked && (kill == nil || !kill.Locked):
			return refuse(RefuseKnifeOpen)
		case cmd.Do == "poison" && wwSaved(s) && !w.o.WitchTwoPotions:
			return refuse(RefuseOnePotion)
		case cmd.Do == ActSkip && kill != nil && !kill.Locked && kill.Mandatory &&
			slices.ContainsFunc(kill.Actors, func(a Target) bool { return a.Seat == cmd.Seat }):
			return refuse(RefuseMustKill)
		}
	}
	if err := g.nightCommand(&cmd); err != nil {
		return err
	}
	wwTellWitch(g)
	return nil
}

// wwSave is the witch's antidote (§5).
func wwSave(g *Game, cmd Command, sv, kill *Step) error {
	s := &g.s
	w := wwOf(s)
	switch {
	case kill == nil || !kill.Locked:
		return refuse(RefuseKnifeOpen)
	case sv.Locked:
		return refuseAction(RefuseSubmitted, "save")
	}
	k := wwKnifed(s)
	switch {
	case k == 0:
		return refuse(RefuseNobodyKnifed)
	case cmd.Target != nil && cmd.Target.Seat != k:
		return refuse(RefuseSaveKnifed)
	case k == cmd.Seat && w.o.WitchSelfSave == "never":
		return refuse(RefuseNoSelfSave)
	case k == cmd.Seat && w.o.WitchSelfSave == "first-night" && s.Round != 1:
		return refuse(RefuseSelfSaveFirst)
	}
	me := g.only(cmd.Seat)
	g.emit(&ActBody{Seat: cmd.Seat, Step: sv.Index, Action: "save"}, me)
	g.emit(&LockBody{Step: sv.Index, Action: "save", By: "submitted"}, me)
	if p := s.Night.StepByAction("poison"); p != nil && !p.Locked && !w.o.WitchTwoPotions {
		g.emit(&LockBody{Step: p.Index, Action: "poison", Skip: true, By: "none"}, me) // one potion a night
	}
	return nil
}

// wwTellWitch tells the witch the knife once it has closed, while her
// antidote lasts (§5: the save step exists only then).
func wwTellWitch(g *Game) {
	s := &g.s
	kill, sv := s.Night.StepByAction("kill"), s.Night.StepByAction("save")
	if wwOf(s).witchTold || kill == nil || !kill.Locked || sv == nil {
		return
	}
	r := ResultBody{Round: s.Round, Step: kill.Index, Action: "kill", Answer: "none"}
	if k := wwKnifed(s); k != 0 {
		r.Target, r.Answer = SeatTarget(k), "knifed"
	}
	g.emit(&r, sv.Seats())
}

// wwEndNight resolves the night (§6) and opens the day: the election when
// one is due, else the dawn.
func wwEndNight(g *Game) {
	s := &g.s
	w := wwOf(s)
	for _, st := range s.Night.Steps {
		if !st.Done() {
			g.settle(st)
		}
	}
	wwTellWitch(g)
	g.deliverResults()
	d := DeathsBody{Round: s.Round, Knife: wwKnifed(s), Saved: wwSaved(s)}
	if p := s.Night.StepByAction("protect"); p != nil && p.Happened() {
		d.Guard = p.Final.Seat
	}
	if p := s.Night.StepByAction("poison"); p != nil && p.Happened() {
		d.Poison = p.Final.Seat
	}
	if k := d.Knife; k != 0 {
		guarded := d.Guard == k
		if guarded == d.Saved && (!guarded || w.o.GuardAndSave == "dies") {
			d.Dead = append(d.Dead, k)
		}
	}
	if d.Poison != 0 && !slices.Contains(d.Dead, d.Poison) {
		d.Dead = append(d.Dead, d.Poison)
	}
	slices.Sort(d.Dead)
	if d.Dead == nil {
		d.Dead = []int{}
	}
	g.emit(&d, nobody)
	for _, h := range livingActors(s, "hunter") {
		ans := "can-shoot"
		if d.Poison == h.Seat {
			ans = "cannot-shoot"
		}
		g.emit(&ResultBody{Round: s.Round, Action: "shoot", Target: h, Answer: ans}, g.only(h.Seat))
	}
	if w.electionDue && !w.badgeGone && w.sheriff == 0 && !wwPendingEnds(s) {
		g.emit(&ElectionBody{Round: s.Round}, nil)
		return
	}
	wwDawn(g)
	wwAdvance(g)
}

// wwPendingEnds reports whether the pending deaths would end the game
// (§9.7: the postponed election is then skipped).
func wwPendingEnds(s *State) bool {
	if s.Round == 1 {
		return false
	}
	dead := func(x int) bool { return slices.Contains(wwOf(s).pending, x) }
	w, _ := wwWinner(s, dead)
	return w != ""
}
