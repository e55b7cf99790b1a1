package game

import (
	"math/rand/v2"
	"slices"
)

// State is the game state: the fold of the events (apply). Variants read it;
// only apply writes it.
type State struct {
	variant Variant
	applier eventApplier // the variant, when it has events of its own (asserted once)
	caps    caps         // the variant's optional interfaces, asserted once
	// knows counts the events Variant.Knows may depend on (a deal, a
	// redeal, a mark, a nightfall, and any event a variant applies itself):
	// the shared views keep each seat's Known until it changes.
	knows int

	VariantID string
	Players   int
	Seed      uint64
	Opts      Options
	// ownOpts are the values of the variant's own options (OptBool,
	// OptInt, OptChoice).
	ownOpts ownOptions
	Seats   []SeatState // index seat-1
	RNG     *rand.PCG   // G17: the one seeded generator; advanced only in apply

	Version int // number of events applied
	Round   int // current round (night n + day n); 0 before night 1
	Phase   Phase
	Night   *NightState
	Day     *DayState

	Announced     []Target // every death, in announcement order (G14)
	LastWordsUsed int
	Anchor        int // seat of the first death of the most recent announcement with a death (G9)
	QuietRounds   int // consecutive ended rounds in which no card died (v5.0-dual R19)
	RoundDead     int // cards (or seats) announced dead in the current round
	Winner        string
	Winners       []int  // the winning seats the end lists (GameOverBody.Winners), nil where it lists none
	Reason        string // Why in one English sentence
	Why           Why    // why the game ended (a code of Reasons)

	// ext is the variant's own state, written only by its eventApplier
	// (cat-lives-7's *catState, catlives_events.go); nil in most variants.
	ext any
	mem *store // the game's storage (store.go); not part of the game's facts
}

// caps are the optional interfaces a variant implements (variant.go,
// hooks.go), nil where it does not: asserted once per game rather than at
// every command.
type caps struct {
	runner       phaseRunner
	balloter     Balloter
	immunizer    Immunizer
	camper       Camper
	roundEnder   RoundEnder
	setupNighter SetupNighter
	viewer       viewer
	commander    commander
	cards        int          // Info().CardsPerSeat
	own          []OptionSpec // the variant's own options (ownOptions' order)
}

// setVariant makes v the state's variant.
func (s *State) setVariant(v Variant) {
	s.variant = v
	s.applier, _ = v.(eventApplier)
	c := &s.caps
	c.runner, _ = v.(phaseRunner)
	c.balloter, _ = v.(Balloter)
	c.immunizer, _ = v.(Immunizer)
	c.camper, _ = v.(Camper)
	c.roundEnder, _ = v.(RoundEnder)
	c.setupNighter, _ = v.(SetupNighter)
	c.viewer, _ = v.(viewer)
	c.commander, _ = v.(commander)
	c.cards = v.Info().CardsPerSeat
	c.own = ownOf[v.Info().ID]
}

// SeatState is one seat's cards.
type SeatState struct {
	Cards []CardState
}

// CardState is one card, hand or single role.
type CardState struct {
	Role  string
	Alive bool
	Marks map[string]int
}

// Alive reports whether the seat has a living card.
func (s SeatState) Alive() bool {
	for _, c := range s.Cards {
		if c.Alive {
			return true
		}
	}
	return false
}

// Seat returns seat n (1-based).
func (s *State) Seat(n int) *SeatState { return &s.Seats[n-1] }

// Card returns the card t names (for a seat target: its only or first card).
func (s *State) Card(t Target) *CardState {
	i := t.Card - 1
	if i < 0 {
		i = 0
	}
	return &s.Seats[t.Seat-1].Cards[i]
}

// Role is the role of a single-role seat (or of the first card).
func (s *State) Role(seat int) string { return s.Seats[seat-1].Cards[0].Role }

// Alive reports whether target t is alive (a seat: any living card).
func (s *State) Alive(t Target) bool {
	if t.Seat < 1 || t.Seat > s.Players {
		return false
	}
	if t.Card == 0 {
		return s.Seats[t.Seat-1].Alive()
	}
	if t.Card > len(s.Seats[t.Seat-1].Cards) {
		return false
	}
	return s.Seats[t.Seat-1].Cards[t.Card-1].Alive
}

// Living lists the living seats in ascending order.
func (s *State) Living() []int { return s.appendLiving(make([]int, 0, s.Players)) }

// appendLiving appends the living seats to out.
func (s *State) appendLiving(out []int) []int {
	for i := range s.Seats {
		if s.Seats[i].Alive() {
			out = append(out, i+1)
		}
	}
	return out
}

// CountLiving counts the living seats.
func (s *State) CountLiving() int {
	return s.countSeats(func(i int) bool { return s.Seats[i].Alive() })
}

// countSeats counts the seats i (from 0) for which ok holds.
func (s *State) countSeats(ok func(i int) bool) int {
	n := 0
	for i := range s.Seats {
		if ok(i) {
			n++
		}
	}
	return n
}

// LivingWith lists living seats whose (first) card has one of the roles.
func (s *State) LivingWith(roles ...string) []int {
	var out []int
	for i := range s.Seats {
		for _, c := range s.Seats[i].Cards {
			if c.Alive && slices.Contains(roles, c.Role) {
				out = append(out, i+1)
				break
			}
		}
	}
	return out
}

// holdsLiving reports whether seat i+1 has a living card of role.
func (s *State) holdsLiving(i int, role string) bool {
	for _, c := range s.Seats[i].Cards {
		if c.Alive && c.Role == role {
			return true
		}
	}
	return false
}

// countLivingWith counts what LivingWith lists, for one role.
func (s *State) countLivingWith(role string) int {
	return s.countSeats(func(i int) bool { return s.holdsLiving(i, role) })
}

// SeatsWith lists every seat (alive or not) holding one of the roles.
func (s *State) SeatsWith(roles ...string) []int {
	var out []int
	for i := range s.Seats {
		for _, c := range s.Seats[i].Cards {
			if slices.Contains(roles, c.Role) {
				out = append(out, i+1)
				break
			}
		}
	}
	return out
}

// CountRole counts the cards with role (alive only if alive is true).
func (s *State) CountRole(role string, alive bool) int {
	n := 0
	for i := range s.Seats {
		for _, c := range s.Seats[i].Cards {
			if c.Role == role && (c.Alive || !alive) {
				n++
			}
		}
	}
	return n
}

// Mark reads a card's secret counter.
func (s *State) Mark(t Target, key string) int { return s.Card(t).Marks[key] }

// NightState is the current night.
type NightState struct {
	Round int
	Setup bool
	Steps []*Step
	Sleep []int // seats whose task is `sleep`
	Slept []int
	// Huddle (standard-003 R7): police markers, seat → target; open once the
	// check answer is out.
	HuddleOpen bool
	Suspects   map[int]Target
}

// Step is one night step in progress.
type Step struct {
	NightStep
	Index  int
	Sel    []Selection // parallel to Actors
	Locked bool
	Final  Target // zero when skipped or nothing happened
	Skip   bool
	By     string
	Answer string // set when the result has been delivered

	members []int // distinct actor seats, derived from Actors
}

// Selection is one actor's current input.
type Selection struct {
	Has    bool
	Target Target
	Skip   bool
}

// Seats lists the distinct seats of the step's actors (do not modify).
func (st *Step) Seats() []int { return st.members }

func (st *Step) initMembers(m *store) {
	st.members = m.ints.buf(len(st.Actors))
	for _, a := range st.Actors {
		if !slices.Contains(st.members, a.Seat) {
			st.members = append(st.members, a.Seat)
		}
	}
}

// Done reports whether the step can no longer change: locked, or without
// actors.
func (st *Step) Done() bool { return st.Locked || len(st.Actors) == 0 }

// Happened reports whether the step's action takes effect (locked on a
// target).
func (st *Step) Happened() bool { return st.Locked && !st.Skip && !st.Final.IsZero() }

// StepByAction finds tonight's first step with the action.
func (n *NightState) StepByAction(action string) *Step {
	for _, st := range n.Steps {
		if st.Action == action {
			return st
		}
	}
	return nil
}

// DayState is the current day.
type DayState struct {
	Round    int
	DawnDead []Target
	Silenced []int
	Order    []int // today's speaking order (G9)
	Stage    Stage
	Kind     Stage // the current speaking stage's kind
	Queue    []int // speakers still to come, current first
	Speaker  int
	Ballots  int // ballots opened today
	Ballot   *BallotState
	Tied     []Target
	Executed bool
	// Suspects are the hands nominated today, in nomination order
	// (two-hands §9.3); Nominations every nomination made.
	Suspects    []Target
	Nominations []NominateBody
	// LastWords lists who gets last words after the current announcement.
	LastWords []int
}

// BallotState is a ballot in progress or just closed.
type BallotState struct {
	Index      int
	Mode       string
	Candidates []Target // in call order
	Voters     []int
	Weights    []float64 // parallel to Voters; nil: one vote each
	OneVote    bool      // BallotBody.OneVote: one vote each, worth its weight
	Purpose    string    // BallotBody.Purpose
	Call       int       // sequential-open: the candidate being called
	Passed     []int     // sequential-open: voters who let the current call go
	Votes      []VoteBody
	Abstained  []int
	Closed     bool
	Tally      *TallyBody
}

// Weight is how many votes seat casts in this ballot (0: not a voter), or
// with OneVote what its one vote is worth.
func (b *BallotState) Weight(seat int) float64 {
	for i, v := range b.Voters {
		if v == seat {
			if b.Weights == nil {
				return 1
			}
			return b.Weights[i]
		}
	}
	return 0
}

// Cast counts the votes seat has cast in this ballot.
func (b *BallotState) Cast(seat int) int {
	n := 0
	for _, v := range b.Votes {
		if v.Seat == seat {
			n++
		}
	}
	return n
}

// Voted reports whether seat has cast all its votes or abstained (withheld
// the rest).
func (b *BallotState) Voted(seat int) bool {
	if slices.Contains(b.Abstained, seat) {
		return true
	}
	if b.Weights == nil || b.OneVote {
		for _, v := range b.Votes {
			if v.Seat == seat {
				return true
			}
		}
		return false
	}
	return float64(b.Cast(seat)) >= b.Weight(seat)
}

// Value is what one vote of seat counts in the tally: its weight where
// every voter casts one vote worth its weight (OneVote), else 1.
func (b *BallotState) Value(seat int) float64 {
	if !b.OneVote {
		return 1
	}
	return b.Weight(seat)
}

// AllVoted reports whether every voter has voted or abstained.
func (b *BallotState) AllVoted() bool {
	if b.Weights == nil || b.OneVote {
		return len(b.Votes)+len(b.Abstained) >= len(b.Voters)
	}
	for _, v := range b.Voters {
		if !b.Voted(v) {
			return false
		}
	}
	return true
}

// apply folds one event into the state. It is the only code that changes the
// state. It returns the body as stored: random picks (G17) are drawn here,
// from the state's generator, and written into the body, so replaying a log
// draws the same numbers and reaches the same state. One type switch
// dispatches every event (a game applies some two hundred); the longer folds
// are methods of their own (applyNight, applyLock, applyVote, …).
func (s *State) apply(b Body) Body {
	s.Version++
	if ea := s.applier; ea != nil {
		if stored, done := ea.applyEvent(s, b); done {
			s.knows++
			return stored
		}
	}
	switch e := b.(type) {
	// the deal and the night
	case *DealBody:
		s.knows++
		s.Seat(e.Seat).Cards = s.mem.cardsOf(e.Roles)
	case *NightBody:
		s.knows++
		s.applyNight(e)
	case *SleepBody:
		s.Night.Slept = append(s.Night.Slept, e.Seat)
	case *ActBody:
		s.applyAct(e)
	case *LockBody:
		return s.applyLock(e)
	case *ResultBody:
		st := s.Night.Steps[e.Step]
		st.Answer = e.Answer
		if st.Action == "check" && s.Opts.Huddle {
			s.Night.HuddleOpen = true
		}
	case *SuspectBody:
		if s.Night.Suspects == nil {
			s.Night.Suspects = map[int]Target{}
		}
		s.Night.Suspects[e.Seat] = e.Target
	case *MarkBody:
		s.knows++
		c := s.Card(e.Target)
		if c.Marks == nil {
			c.Marks = map[string]int{}
		}
		c.Marks[e.Key] = e.Value
	case *RedealBody:
		s.knows++
		if e.Shuffle {
			s.shuffleDeal()
		}

	// ballots
	case *BallotBody:
		s.applyBallot(e)
	case *CallBody:
		bs := s.Day.Ballot
		for i, c := range bs.Candidates {
			if c == e.Target {
				bs.Call = i
			}
		}
		bs.Passed = bs.Passed[:0]
	case *CallPassBody:
		bs := s.Day.Ballot
		if bs.Passed == nil {
			bs.Passed = s.mem.ints.buf(len(bs.Voters))
		}
		bs.Passed = append(bs.Passed, e.Seat)
	case *VoteBody:
		return s.applyVote(e)
	case *AbstainBody:
		bs := s.Day.Ballot
		bs.Abstained = append(bs.Abstained, e.Seat)
	case *TallyBody:
		bs := s.Day.Ballot
		bs.Closed = true
		bs.Tally = e
		if e.Outcome == VerdictTie {
			s.Day.Tied = s.mem.target.clone(e.Top)
		}

	// the day's announcements and turns, and the end
	case *DawnBody:
		s.Phase = PhaseDay
		s.Day = s.mem.days.put(DayState{Round: e.Round, Silenced: e.Silenced, DawnDead: e.Dead})
		s.announce(e.Dead, false)
	case *SpeechesBody:
		s.applySpeeches(e)
	case *TurnBody:
		s.Day.Speaker = e.Seat
	case *TurnEndBody:
		d := s.Day
		d.Speaker = 0
		if len(d.Queue) > 0 && d.Queue[0] == e.Seat {
			d.Queue = d.Queue[1:]
		}
	case *ExecutedBody:
		return s.applyExecuted(e)
	case *NominateBody:
		d := s.Day
		d.Nominations = append(d.Nominations, *e)
		d.Suspects = append(d.Suspects, e.Target)
	case *ImmuneBody:
		if e.By == "lot" && len(e.Options) > 0 {
			e = new(*e) // as for LockBody
			e.Hand = e.Options[s.RNG.Uint64()%uint64(len(e.Options))]
		}
		s.Day.Stage = StageImmune
		return e
	case *ExplodedBody:
		s.Day.Stage = StageExploded
		s.announce([]Target{SeatTarget(e.Seat)}, false)
		s.Day.LastWords = nil // a self-revealed killer never speaks (standard-003 §10)
	case *HostBody:
	case *GameOverBody:
		s.Phase = PhaseOver
		s.Winner, s.Winners = e.Winner, e.Winners
		s.Reason, s.Why = e.Reason, e.Why
		if s.Day != nil {
			s.Day.Speaker = 0
		}
	}
	return b
}

// applyNight lets a night fall: its steps, and who sleeps.
func (s *State) applyNight(e *NightBody) {
	if s.Phase == PhaseDay { // a round ended (v5.0-dual R19)
		if s.RoundDead == 0 {
			s.QuietRounds++
		} else {
			s.QuietRounds = 0
		}
	}
	s.RoundDead = 0
	s.Phase = PhaseNight
	s.Round = e.Round
	s.Day = nil
	n := s.mem.nights.put(NightState{Round: e.Round, Setup: e.Setup})
	s.Night = n
	var defs []NightStep
	if !e.Setup {
		defs = s.variant.NightSteps(s, s.mem.nightSteps.buf(maxNightSteps))
	} else if sn := s.caps.setupNighter; sn != nil {
		defs, _ = sn.SetupSteps(s)
	}
	steps := s.mem.steps.take(len(defs))
	n.Steps = s.mem.stepPtr.take(len(defs))
	for i, def := range defs {
		st := &steps[i]
		*st = Step{NightStep: def, Index: i, Sel: s.mem.sels.take(len(def.Actors))}
		st.initMembers(s.mem)
		n.Steps[i] = st
	}
	for i := range s.Seats {
		if seat := i + 1; s.Seats[i].Alive() && !s.hasTask(seat) {
			if n.Sleep == nil {
				n.Sleep = s.mem.ints.buf(s.Players)
				n.Slept = s.mem.ints.buf(s.Players)
			}
			n.Sleep = append(n.Sleep, seat)
		}
	}
}

// applyAct records an actor's selection.
func (s *State) applyAct(e *ActBody) {
	st := s.Night.Steps[e.Step]
	for i, a := range st.Actors {
		if a.Seat != e.Seat || (e.Card != nil && *e.Card != a) {
			continue
		}
		sel := Selection{Has: true, Skip: e.Skip}
		if e.Target != nil {
			sel.Target = *e.Target
		}
		st.Sel[i] = sel
	}
}

// applyLock locks a step, drawing its target where the lock is random.
func (s *State) applyLock(e *LockBody) Body {
	st := s.Night.Steps[e.Step]
	if e.By == "random" && len(e.Options) > 0 {
		e = s.mem.lock.put(*e) // the draw is written into a copy: the caller's body stays as it was
		e.Target, e.Skip = nil, false
		if t := e.Options[s.RNG.Uint64()%uint64(len(e.Options))]; t.IsZero() {
			e.Skip = true
		} else {
			e.Target = s.mem.target.put(t)
		}
	}
	st.Locked = true
	st.By = e.By
	st.Skip = e.Skip
	if e.Target != nil {
		st.Final = *e.Target
	}
	return e
}

// applyBallot opens a ballot.
func (s *State) applyBallot(e *BallotBody) {
	d := s.Day
	d.Stage = StageVote
	d.Ballots = e.Index
	d.Ballot = s.mem.ballots.put(BallotState{Index: e.Index, Mode: e.Mode, Candidates: e.Candidates, Voters: e.Voters, Call: -1,
		Weights: e.Weights, OneVote: e.OneVote, Purpose: e.Purpose, Votes: s.mem.vote.buf(len(e.Voters)), Abstained: s.mem.ints.buf(len(e.Voters))})
}

// applyVote records a vote, drawing it where it is random.
func (s *State) applyVote(e *VoteBody) Body {
	if e.By == "random" && len(e.Options) > 0 {
		e = s.mem.vote.put(*e) // as for LockBody
		e.Target = e.Options[s.RNG.Uint64()%uint64(len(e.Options))]
	}
	bs := s.Day.Ballot
	bs.Votes = append(bs.Votes, *e)
	return e
}

// applySpeeches opens a speaking stage.
func (s *State) applySpeeches(e *SpeechesBody) {
	d := s.Day
	d.Stage = e.Kind
	d.Kind = e.Kind
	d.Queue = s.mem.ints.clone(e.Order)
	d.Speaker = 0
	if (e.Kind == StageSpeech || e.Kind == StageDiscussion || e.Kind == StageNomination) && d.Order == nil {
		d.Order = s.mem.ints.clone(e.Order)
	}
	if e.Kind == StageLastWords {
		d.LastWords = nil
	}
}

// applyExecuted puts a player (or hand) out, drawing it where it is by lot.
func (s *State) applyExecuted(e *ExecutedBody) Body {
	if e.By == "lot" && len(e.Options) > 0 {
		e = s.mem.executed.put(*e) // as for LockBody
		t := e.Options[s.RNG.Uint64()%uint64(len(e.Options))]
		e.Seat = t.Seat
		if t.Card != 0 {
			e.Hand = s.mem.target.put(t)
		}
	}
	s.Day.Executed = true
	t := SeatTarget(e.Seat)
	if e.Hand != nil {
		t = *e.Hand
	}
	// Several executions in a row are one announcement (tieFinal
	// all-die, v5.0-dual R16): one anchor, one list of last words.
	more := s.Day.Stage == StageExecuted
	s.Day.Stage = StageExecuted
	s.announce([]Target{t}, more)
	return e
}

// shuffleDeal shuffles the variant's deck with the game's generator and
// deals it in seat order (G17), as New does: a redeal during the setup night.
func (s *State) shuffleDeal() {
	cards := s.variant.Deck(s.Players)
	k := s.caps.cards
	rand.New(s.RNG).Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i := range s.Seats {
		s.Seats[i].Cards = s.mem.cardsOf(cards[i*k : (i+1)*k])
	}
}

// announce kills the targets, records them in announcement order, moves
// the anchor (G9) and hands out last-words slots (G14): one per player
// named in the announcement (two-hands R14: a player who lost both hands,
// or a hand, gets one turn and uses one opportunity). more continues the
// previous announcement.
func (s *State) announce(dead []Target, more bool) {
	for _, t := range dead {
		if t.Card == 0 {
			for i := range s.Seat(t.Seat).Cards {
				s.Seat(t.Seat).Cards[i].Alive = false
			}
		} else {
			s.Card(t).Alive = false
		}
	}
	if len(dead) == 0 {
		return
	}
	if !more {
		s.Anchor = dead[0].Seat
	}
	if s.Announced == nil {
		s.Announced = s.mem.target.buf(2 * s.Players) // every card of every seat
	}
	s.Announced = append(s.Announced, dead...)
	s.RoundDead += len(dead)
	if s.Day == nil {
		return
	}
	if !more {
		s.Day.LastWords = nil
	}
	for _, t := range dead {
		if s.LastWordsUsed >= s.Opts.LastWords {
			break
		}
		if !slices.Contains(s.Day.LastWords, t.Seat) {
			if s.Day.LastWords == nil {
				s.Day.LastWords = s.mem.ints.buf(len(dead))
			}
			s.LastWordsUsed++
			s.Day.LastWords = append(s.Day.LastWords, t.Seat)
		}
	}
}

// hasTask reports whether seat acts in a step tonight.
func (s *State) hasTask(seat int) bool {
	for _, st := range s.Night.Steps {
		for _, a := range st.Actors {
			if a.Seat == seat {
				return true
			}
		}
	}
	return false
}

// tasksOf lists the steps tonight in which seat acts, in resolution order.
func (s *State) tasksOf(seat int) []*Step { return s.appendTasks(nil, seat) }

// appendTasks appends seat's steps tonight to out (a caller's buffer).
func (s *State) appendTasks(out []*Step, seat int) []*Step {
	if s.Night == nil {
		return out
	}
	for _, st := range s.Night.Steps {
		for _, a := range st.Actors {
			if a.Seat == seat {
				out = append(out, st)
				break
			}
		}
	}
	return out
}
