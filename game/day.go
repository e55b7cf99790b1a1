package game

import "slices"

// The day (rules/README.md G9–G15), shared by every variant: last words,
// speeches, ballots, tie procedures, self-reveal, win checks.

func (g *Game) dayCommand(cmd *Command) error {
	s := &g.s
	d := s.Day
	switch cmd.Do {
	case ActTimeout:
		return g.dayTimeout()
	case ActPass:
		if d.Speaker == 0 {
			return refuse(RefuseNoFloor)
		}
		if cmd.Seat != d.Speaker {
			return refuseSeat(RefuseNotYourTurn, d.Speaker)
		}
		g.endTurn("pass")
		return nil
	case ActVote, ActAbstain:
		return g.vote(cmd)
	case ActExplode:
		return g.explode(cmd)
	case ActNominate:
		return g.nominate(cmd)
	case ActSkip:
		if b := d.Ballot; d.Stage == StageVote && b != nil && !b.Closed && b.Mode == "sequential-open" {
			return g.letCallGo(cmd)
		}
		return refuseAction(RefuseNightAction, cmd.Do)
	case ActSleep, ActSuspect:
		return refuseAction(RefuseNightAction, cmd.Do)
	}
	for _, a := range s.variant.Info().Actions {
		if a == cmd.Do {
			return refuseAction(RefuseNightAction, cmd.Do)
		}
	}
	return &Rejection{Code: RefuseUnknownAction, Text: cmd.Do}
}

func (g *Game) dayTimeout() error {
	d := g.s.Day
	switch {
	case d.Speaker != 0:
		g.endTurn("timeout")
	case d.Stage == StageDiscussion:
		g.stageDone()
	case d.Stage == StageVote && d.Ballot != nil && !d.Ballot.Closed:
		b := d.Ballot
		if b.Mode == "sequential-open" && b.Call < len(b.Candidates)-1 {
			g.emit(g.mem.call.put(CallBody{Target: b.Candidates[b.Call+1]}), nil)
			return nil
		}
		g.closeBallot()
	default:
		return refuse(RefuseNoTimer)
	}
	return nil
}

// afterAnnouncement runs the win check (G15) and then whatever follows the
// announcement: last words, the rest of the day, or the night.
func (g *Game) afterAnnouncement() {
	s := &g.s
	if w, r := s.variant.Win(s); w != "" {
		g.gameOver(w, r)
		return
	}
	d := s.Day
	if d.Stage == StageExploded {
		g.startNight()
		return
	}
	if len(d.LastWords) > 0 {
		g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: StageLastWords, Order: g.mem.ints.clone(d.LastWords)}), nil)
		g.nextTurn()
		return
	}
	g.stageDone()
}

// stageDone moves on when a stage has nobody left to speak.
func (g *Game) stageDone() {
	s := &g.s
	d := s.Day
	switch d.Stage {
	case "", StageLastWords:
		if d.Executed {
			g.startNight()
			return
		}
		g.beginSpeeches()
	case StageExecuted:
		g.startNight()
	case StageNomination:
		g.beginDefence()
	case StageSpeech, StagePKSpeech, StageDiscussion, StageDefence:
		g.openBallot()
	default:
		g.startNight()
	}
}

// balloter is the variant's Balloter, or nil.
func (g *Game) balloter() Balloter {
	return g.s.caps.balloter
}

// nominations reports whether the day's speeches are nomination turns.
func (g *Game) nominations() bool {
	bl := g.balloter()
	return bl != nil && bl.Nominations()
}

// SpeakingOrder is today's order (G9): from the nearest living seat on the
// variant's side of the anchor, then in the variant's direction.
func (g *Game) SpeakingOrder() []int { return g.appendSpeakingOrder(nil) }

// appendSpeakingOrder appends today's order to out.
func (g *Game) appendSpeakingOrder(out []int) []int {
	s := &g.s
	n := s.Players
	dir := -1
	if s.Opts.SpeechDirection == "cw" {
		dir = 1
	}
	side := -1
	if s.Opts.SpeechStart == "left" {
		side = 1
	}
	wrap := func(x int) int { return (x-1+n)%n + 1 }
	alive := func(x int) bool { return s.Seat(x).Alive() }
	if s.CountLiving() == 0 {
		return out
	}
	var first int
	if s.Anchor == 0 {
		first = 1
		for !alive(first) {
			first = wrap(first + dir)
		}
	} else {
		first = wrap(s.Anchor + side)
		for !alive(first) {
			first = wrap(first + side)
		}
	}
	for x, i := first, 0; i < n; x, i = wrap(x+dir), i+1 {
		if alive(x) {
			out = append(out, x)
		}
	}
	return out
}

func (g *Game) beginSpeeches() {
	s := &g.s
	if s.Opts.NoDeathSkipsDay && len(s.Day.DawnDead) == 0 {
		g.startNight() // v3.0 R9 option: a night without deaths skips the day
		return
	}
	order := g.appendSpeakingOrder(g.mem.ints.buf(s.CountLiving()))
	if g.nominations() {
		g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: StageNomination, Order: order}), nil)
		g.nextTurn()
		return
	}
	if s.Opts.SpeechMode == "free" {
		g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: StageDiscussion, Order: order}), nil)
		return
	}
	g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: StageSpeech, Order: order}), nil)
	g.nextTurn()
}

// nextTurn gives the floor to the next speaker in the queue; a silenced
// speaker's turn is shown and skipped at once (v4.0 R10).
func (g *Game) nextTurn() {
	s := &g.s
	d := s.Day
	for len(d.Queue) > 0 {
		seat := d.Queue[0]
		g.emit(g.mem.turn.put(TurnBody{Kind: d.Kind, Seat: seat}), nil)
		if !slices.Contains(d.Silenced, seat) {
			return
		}
		g.emit(g.mem.turnEnd.put(TurnEndBody{Kind: d.Kind, Seat: seat, By: "silenced"}), nil)
	}
	g.stageDone()
}

func (g *Game) endTurn(by string) {
	d := g.s.Day
	g.emit(g.mem.turnEnd.put(TurnEndBody{Kind: d.Kind, Seat: d.Speaker, By: by}), nil)
	g.nextTurn()
}

// nominate names a suspect during the speaker's nomination turn (two-hands
// §9.3, R16): a living hand not yet a suspect, at most as many as the
// nominator has living hands.
func (g *Game) nominate(cmd *Command) error {
	s := &g.s
	d := s.Day
	if !g.nominations() {
		return refuse(RefuseNoNominations)
	}
	if d.Kind != StageNomination || d.Speaker == 0 {
		return refuse(RefuseNotNominating)
	}
	if cmd.Seat != d.Speaker {
		return refuseSeat(RefuseNotYourNominee, d.Speaker)
	}
	if cmd.Target == nil || cmd.Target.Card == 0 {
		return refuse(RefuseNominateHand)
	}
	t := *cmd.Target
	if !s.Alive(t) {
		return refuseTarget(RefuseDeadNominee, t)
	}
	if slices.Contains(d.Suspects, t) {
		return refuseTarget(RefuseAlreadySuspect, t)
	}
	if s.NominationsLeft(cmd.Seat) == 0 {
		return refuse(RefuseNominationsUsed)
	}
	g.emit(&NominateBody{Round: s.Round, Seat: cmd.Seat, Target: t}, nil)
	return nil
}

// NominationsLeft is how many more suspects seat may nominate today: one
// per living hand (two-hands §9.3). The engine refuses a nomination past it
// and the seat's view and the table view show it; bots read it here.
func (s *State) NominationsLeft(seat int) int {
	n := 0
	for _, c := range s.Seat(seat).Cards {
		if c.Alive {
			n++
		}
	}
	for _, nb := range s.Day.Nominations {
		if nb.Seat == seat {
			n--
		}
	}
	return max(n, 0)
}

// beginDefence gives every living owner of a suspect hand one turn, in
// today's order (two-hands §9.4); without suspects there is no ballot and
// the night falls (R16).
func (g *Game) beginDefence() {
	s := &g.s
	d := s.Day
	if len(d.Suspects) == 0 {
		g.startNight()
		return
	}
	var order []int
	for _, x := range d.Order {
		if s.Seat(x).Alive() && ownsTarget(d.Suspects, x) {
			order = append(order, x)
		}
	}
	g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: StageDefence, Order: order}), nil)
	g.nextTurn()
}

// ownsTarget reports whether one of ts is seat x or a card or hand of it.
func ownsTarget(ts []Target, x int) bool {
	for _, t := range ts {
		if t.Seat == x {
			return true
		}
	}
	return false
}

// openBallot opens the day's next ballot: all living players on ballot 1;
// the tied players in a run-off (G11, G13). The candidates of ballot 1 are
// the living players in call order, or the variant's (Balloter: every
// living card, or today's suspects); a run-off's are the tied. Voters are
// players; a Balloter gives each a weight.
func (g *Game) openBallot() {
	s := &g.s
	d := s.Day
	index := d.Ballots + 1
	calls := g.mem.ints.clone(d.Order)
	if s.Opts.VoteCallOrder == "reverse-speech" {
		slices.Reverse(calls)
	}
	bl := g.balloter()
	living := s.appendLiving(g.mem.ints.buf(s.Players))
	cands := g.mem.target.buf(len(living))
	voters := g.mem.ints.buf(len(living))
	if index == 1 {
		var own []Target
		switch {
		case bl != nil && bl.Nominations():
			own = slices.Clone(d.Suspects)
			sortTargets(own)
		case bl != nil:
			own = bl.Candidates(s)
		}
		if own != nil {
			cands = own
		} else {
			for _, x := range calls {
				cands = append(cands, SeatTarget(x))
			}
		}
		voters = living
	} else {
		if len(d.Tied) > 0 && d.Tied[0].Card != 0 {
			cands = slices.Clone(d.Tied) // cards or hands: canonical order (G8)
			sortTargets(cands)
		} else {
			for _, x := range calls {
				if slices.Contains(d.Tied, SeatTarget(x)) {
					cands = append(cands, SeatTarget(x))
				}
			}
		}
		if s.Opts.TieVoters == "non-tied" {
			for _, x := range living {
				if !ownsTarget(d.Tied, x) {
					voters = append(voters, x)
				}
			}
		}
		if len(voters) == 0 {
			voters = living
		}
	}
	var weights []float64
	if bl != nil {
		weights = make([]float64, len(voters))
		for i, v := range voters {
			weights[i] = float64(bl.VoteWeight(s, v))
		}
	}
	g.emit(g.mem.ballot.put(BallotBody{Round: s.Round, Index: index, Mode: s.Opts.VoteMode, Candidates: cands, Voters: voters, Weights: weights}), nil)
	if s.Opts.VoteMode == "sequential-open" && len(cands) > 0 {
		g.emit(g.mem.call.put(CallBody{Target: cands[0]}), nil)
		g.settleCall()
	}
}

func (g *Game) vote(cmd *Command) error {
	s := &g.s
	d := s.Day
	b := d.Ballot
	if d.Stage != StageVote || b == nil || b.Closed {
		return refuse(RefuseNoVote)
	}
	if !slices.Contains(b.Voters, cmd.Seat) {
		if !s.Seat(cmd.Seat).Alive() {
			return refuseSeat(RefuseDeadVoter, cmd.Seat)
		}
		return refuse(RefuseNotVoting)
	}
	if b.Voted(cmd.Seat) {
		if b.Weights != nil && !b.OneVote && !slices.Contains(b.Abstained, cmd.Seat) {
			return refuse(RefuseVotesCast)
		}
		return refuse(RefuseVoted)
	}
	audience := []int(nil)
	if !openMode(b.Mode) {
		audience = g.only(cmd.Seat)
	}
	if cmd.Do == ActAbstain {
		if !s.Opts.Abstain {
			return refuse(RefuseNoAbstain)
		}
		g.emit(g.mem.abstain.put(AbstainBody{Seat: cmd.Seat}), audience)
	} else {
		if cmd.Target == nil {
			return refuse(RefuseVoteNeedsTarget)
		}
		t := *cmd.Target
		i := slices.Index(b.Candidates, t)
		if i < 0 {
			return refuseTarget(RefuseNotCandidate, t)
		}
		if b.Mode == "sequential-open" && i < b.Call {
			return refuseTarget(RefuseCallClosed, t)
		}
		if !s.Opts.SelfVote && t.Seat == cmd.Seat {
			return refuse(RefuseVoteSelf)
		}
		vb := VoteBody{Seat: cmd.Seat, Target: t}
		if bl := g.balloter(); bl != nil && bl.VotesByHand() {
			h, err := g.votingHand(cmd)
			if err != nil {
				return err
			}
			vb.Hand = g.mem.target.put(h)
		}
		g.emit(g.mem.vote.put(vb), audience)
	}
	if b.AllVoted() {
		g.closeBallot()
		return nil
	}
	g.settleCall()
	return nil
}

// letCallGo is a voter's "not this one" in sequential-open: they let the
// called candidate go without raising a hand (CallPassBody).
func (g *Game) letCallGo(cmd *Command) error {
	b := g.s.Day.Ballot
	switch {
	case !slices.Contains(b.Voters, cmd.Seat):
		if !g.s.Seat(cmd.Seat).Alive() {
			return refuseSeat(RefuseDeadVoter, cmd.Seat)
		}
		return refuse(RefuseNotVoting)
	case b.Voted(cmd.Seat):
		return refuse(RefuseVoted)
	case b.Call < 0:
		return refuse(RefuseNoCall)
	case slices.Contains(b.Passed, cmd.Seat):
		return refuseTarget(RefuseLetGo, b.Candidates[b.Call])
	}
	g.emit(&CallPassBody{Seat: cmd.Seat, Target: b.Candidates[b.Call]}, nil)
	g.settleCall()
	return nil
}

// callSettled reports whether sequential-open's current call can close
// before its deadline: every voter has voted or let this call go. A
// candidate who may not vote for themself lets their own call go like anyone
// else (their phone offers only "not this one"): not skipping them keeps a
// game without passes exactly as it was.
func (g *Game) callSettled(b *BallotState) bool {
	if b.Weights == nil && len(b.Votes)+len(b.Abstained)+len(b.Passed) < len(b.Voters) {
		return false // someone has neither voted nor let the call go (the usual case: no walk)
	}
	for _, v := range b.Voters {
		if !b.Voted(v) && !slices.Contains(b.Passed, v) {
			return false
		}
	}
	return true
}

// settleCall closes sequential-open calls that nobody is waited for on:
// the next candidate is called, or after the last one the ballot closes.
func (g *Game) settleCall() {
	b := g.s.Day.Ballot
	for b != nil && !b.Closed && b.Mode == "sequential-open" && b.Call >= 0 && g.callSettled(b) {
		if b.Call == len(b.Candidates)-1 {
			g.closeBallot()
			return
		}
		g.emit(g.mem.call.put(CallBody{Target: b.Candidates[b.Call+1]}), nil)
	}
}

// openMode reports whether a ballot mode shows every vote with its voter as
// soon as it is cast (G11 sequential-open; v5.0-dual R15 tokens).
func openMode(mode string) bool { return mode == "sequential-open" || mode == "tokens" }

// votingHand is the hand a per-hand vote is cast with (two-hands §9.5): the
// command's card, or the voter's first living hand that has not voted.
func (g *Game) votingHand(cmd *Command) (Target, error) {
	s := &g.s
	b := s.Day.Ballot
	voted := func(h Target) bool {
		for _, v := range b.Votes {
			if v.Hand != nil && *v.Hand == h {
				return true
			}
		}
		return false
	}
	if cmd.Card != nil {
		h := *cmd.Card
		switch {
		case h.Seat != cmd.Seat || h.Card == 0:
			return Target{}, refuseTarget(RefuseNotYourHand, h)
		case !s.Alive(h):
			return Target{}, refuseTarget(RefuseHandDead, h)
		case voted(h):
			return Target{}, refuseTarget(RefuseHandVoted, h)
		}
		return h, nil
	}
	for i, c := range s.Seat(cmd.Seat).Cards {
		h := Target{Seat: cmd.Seat, Card: i + 1}
		if c.Alive && !voted(h) {
			return h, nil
		}
	}
	return Target{}, refuse(RefuseHandsVoted)
}

// timeoutVotes casts, at the deadline, a seeded random vote for every vote
// still missing (option timeoutVote "random", two-hands R17): for each hand
// that has not voted, or each missing vote of a weighted voter.
func (g *Game) timeoutVotes() {
	s := &g.s
	b := s.Day.Ballot
	if s.Opts.TimeoutVote != "random" || b.Mode == "tokens" || b.AllVoted() {
		return // (all voted: the usual close, when the last vote came in)
	}
	audience := func(seat int) []int {
		if openMode(b.Mode) {
			return nil
		}
		return g.only(seat)
	}
	byHand := false
	if bl := g.balloter(); bl != nil {
		byHand = bl.VotesByHand()
	}
	for _, v := range b.Voters {
		if b.Voted(v) {
			continue
		}
		var opts []Target
		for _, c := range b.Candidates {
			if s.Opts.SelfVote || c.Seat != v {
				opts = append(opts, c)
			}
		}
		if len(opts) == 0 {
			continue
		}
		sortTargets(opts)
		for !b.Voted(v) {
			vb := VoteBody{Seat: v, By: "random", Options: opts}
			if byHand {
				h, err := g.votingHand(&Command{Seat: v})
				if err != nil {
					break
				}
				vb.Hand = &h
			}
			g.emit(g.mem.vote.put(vb), audience(v))
		}
	}
}

func (g *Game) closeBallot() {
	s := &g.s
	d := s.Day
	g.timeoutVotes()
	b := d.Ballot
	counts := g.mem.counts.take(len(b.Candidates))
	for i, c := range b.Candidates {
		counts[i].Target = c
	}
	for _, v := range b.Votes {
		for i := range counts {
			if counts[i].Target == v.Target {
				counts[i].Votes += b.Value(v.Seat)
				break // (the candidates are distinct)
			}
		}
	}
	best := 0.0
	for _, c := range counts {
		best = max(best, c.Votes)
	}
	top := g.mem.target.buf(len(counts))
	for _, c := range counts {
		if c.Votes == best {
			top = append(top, c.Target)
		}
	}
	sortTargets(top)
	t := TallyBody{Index: b.Index, Counts: counts, Top: top}
	switch {
	case best == 0 && b.Index == 1:
		t.Outcome, t.Top = "none", []Target{}
	case len(top) == 1:
		t.Outcome = VerdictOut
	default:
		t.Outcome = VerdictTie
	}
	if b.Mode == "simultaneous-open" {
		t.Votes = g.mem.vote.clone(b.Votes)
	}
	g.emit(g.mem.tally.put(t), nil)
	switch t.Outcome {
	case "none":
		g.startNight()
	case "out":
		if im := s.caps.immunizer; im != nil && im.Immune(s, t.Top[0]) {
			g.emit(&ImmuneBody{Round: s.Round, Hand: t.Top[0]}, nil)
			g.startNight()
			return
		}
		g.execute(t.Top[0], "vote", nil)
		g.afterAnnouncement()
	case "tie":
		if b.Index < s.Opts.TieRounds {
			g.runoff(b.Index + 1)
			return
		}
		g.tieFinal()
	}
}

func (g *Game) execute(t Target, by string, options []Target) {
	s := &g.s
	e := ExecutedBody{Round: s.Round, Seat: t.Seat, By: by, Options: options}
	if t.Card != 0 {
		e.Hand = g.mem.target.put(t)
	}
	g.emit(g.mem.executed.put(e), nil)
}

// runoff starts the speeches before run-off ballot k (G13): the owners of
// the tied candidates (a tied card or hand counts for its seat), or the
// living players outside the tie. With free talk (speechMode free) it is a
// discussion of pkDiscussionSeconds instead (v5.0-dual §9.4).
func (g *Game) runoff(k int) {
	s := &g.s
	d := s.Day
	if s.Opts.SpeechMode == "free" {
		order := g.mem.ints.buf(len(d.Order))
		for _, x := range d.Order {
			if s.Seat(x).Alive() {
				order = append(order, x)
			}
		}
		g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: StageDiscussion, Order: order}), nil)
		return
	}
	speakers := g.mem.ints.buf(len(d.Order))
	kind := StagePKSpeech
	if s.variant.RunoffSpeakers(k) == "others" {
		kind = StageSpeech
		for _, x := range d.Order {
			if s.Seat(x).Alive() && !ownsTarget(d.Tied, x) {
				speakers = append(speakers, x)
			}
		}
	} else {
		for _, x := range d.Order {
			if s.Seat(x).Alive() && ownsTarget(d.Tied, x) {
				speakers = append(speakers, x)
			}
		}
	}
	g.emit(g.mem.speeches.put(SpeechesBody{Round: s.Round, Kind: kind, Order: speakers}), nil)
	g.nextTurn()
}

func (g *Game) tieFinal() {
	s := &g.s
	tied := slices.Clone(s.Day.Tied)
	switch s.Opts.TieFinal {
	case "draw":
		g.gameOver("draw", Why{Code: ReasonLastTie})
	case "killers-win":
		g.gameOver("killers", Why{Code: ReasonLastTie})
	case "lots":
		if im := s.caps.immunizer; im != nil && len(tied) > 0 {
			// The lot's pick is what comes out on top (two-hands R18): look at
			// the draw the event will make (a copy of the generator) to know
			// whether it is immune.
			peek := *s.RNG
			if pick := tied[peek.Uint64()%uint64(len(tied))]; im.Immune(s, pick) {
				g.emit(&ImmuneBody{Round: s.Round, By: "lot", Options: tied}, nil)
				g.startNight()
				return
			}
		}
		g.execute(Target{}, "lot", tied)
		g.afterAnnouncement()
	case "all-die":
		for _, t := range tied {
			g.execute(t, "vote", nil)
		}
		g.afterAnnouncement()
	default: // "none"
		g.startNight()
	}
}

func (g *Game) explode(cmd *Command) error {
	s := &g.s
	if !s.Opts.SelfReveal {
		return refuse(RefuseNoReveal)
	}
	if !s.Seat(cmd.Seat).Alive() {
		return refuseSeat(RefuseSeatDead, cmd.Seat)
	}
	if s.Role(cmd.Seat) != "killer" {
		return refuse(RefuseRevealKillerOnly)
	}
	g.emit(&ExplodedBody{Round: s.Round, Seat: cmd.Seat, Role: "killer"}, nil)
	g.afterAnnouncement()
	return nil
}
