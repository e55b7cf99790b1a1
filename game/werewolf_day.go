package game

import "slices"

// werewolf-12's day (§7–§12): the election, the dawn, the death steps, the
// order turn, speeches, the exile ballot, the idiot, 自爆 and the win.

// wwDay is a day command.
func wwDay(g *Game, cmd Command) error {
	s := &g.s
	d := s.Day
	if cmd.Do == ActTimeout {
		return wwTimeout(g)
	}
	switch cmd.Do {
	case ActSleep, "kill", "protect", "save", "poison", "check":
		return refuseAction(RefuseNightAction, cmd.Do)
	case ActExplode:
		return wwExplode(g, cmd)
	}
	// The dead act in the turns their death gives them: skill, badge, last
	// words.
	if !s.Seat(cmd.Seat).Alive() && cmd.Seat != d.Speaker {
		return refuseSeat(RefuseSeatDead, cmd.Seat)
	}
	switch cmd.Do {
	case "stand":
		return wwStand(g, cmd, true)
	case ActSkip:
		if d.Stage == StageStand {
			return wwStand(g, cmd, false)
		}
		if d.Kind == StageSkill && d.Speaker != 0 {
			if cmd.Seat != d.Speaker {
				return refuse(RefuseNoSkillTurn)
			}
			wwEndTurn(g, "skip")
			return nil
		}
		return refuse(RefuseNothingNow)
	case ActPass:
		if d.Speaker == 0 || d.Kind == StageBadge || d.Kind == StageOrder {
			return refuse(RefuseNoFloor)
		}
		if cmd.Seat != d.Speaker {
			return refuseSeat(RefuseNotYourTurn, d.Speaker)
		}
		wwEndTurn(g, "pass") // a skill turn's pass is its skip: one button ends a turn
		return nil
	case "withdraw":
		return wwWithdraw(g, cmd)
	case ActVote, ActAbstain:
		return wwVote(g, cmd)
	case "shoot":
		return wwShoot(g, cmd)
	case "badge", "tear":
		return wwBadge(g, cmd)
	case "order":
		return wwOrder(g, cmd)
	}
	return refuseAction(RefuseNoSuchAction, cmd.Do)
}

// wwEndTurn ends the current turn and goes on.
func wwEndTurn(g *Game, by string) {
	d := g.s.Day
	g.emit(&TurnEndBody{Kind: d.Kind, Seat: d.Speaker, By: by}, nil)
	wwAdvance(g)
}

// wwTimeout is the deadline of what is open: the stand window, a turn, a
// ballot.
func wwTimeout(g *Game) error {
	s := &g.s
	d := s.Day
	switch {
	case d.Stage == StageStand:
		wwCloseStand(g)
	case d.Speaker != 0:
		kind, seat := d.Kind, d.Speaker
		g.emit(&TurnEndBody{Kind: kind, Seat: seat, By: "timeout"}, nil)
		switch kind {
		case StageBadge: // R19: silence tears the badge
			g.emit(&BadgeLostBody{Round: s.Round, Why: "torn"}, nil)
		case StageOrder: // §10.1: a seeded pick of the side
			g.emit(&OrderBody{Seat: seat, By: "random"}, nil)
			wwSpeeches(g)
			return nil
		}
		wwAdvance(g)
	case d.Ballot != nil && !d.Ballot.Closed:
		wwCloseBallot(g)
	default:
		return refuse(RefuseNoTimer)
	}
	return nil
}

// wwStand is a stand choice (§9.1), final when sent. The window closes
// with a timeout, which the host's clock sends at standSeconds or as soon
// as every living player has chosen (werewolf.clock): in a script, as at
// night (G3.6), only a timeout closes it (§17 Example 1).
func wwStand(g *Game, cmd Command, stand bool) error {
	s := &g.s
	w := wwOf(s)
	if s.Day.Stage != StageStand {
		return refuse(RefuseNoStand)
	}
	if slices.Contains(w.chose, cmd.Seat) {
		return refuse(RefuseStoodAlready)
	}
	g.emit(&StandBody{Seat: cmd.Seat, Stand: stand}, g.only(cmd.Seat))
	return nil // the window closes at its timeout: the host's clock sends it as soon as all have chosen (clock)
}

// wwCloseStand closes the stand window (§9.1).
func wwCloseStand(g *Game) {
	s := &g.s
	w := wwOf(s)
	cands := slices.Clone(w.stood)
	slices.Sort(cands)
	if cands == nil {
		cands = []int{}
	}
	g.emit(&CandidatesBody{Round: s.Round, Candidates: cands}, nil)
	switch len(cands) {
	case 0:
		g.emit(&BadgeLostBody{Round: s.Round, Why: "no-candidates"}, nil)
	case 1:
		g.emit(&SheriffBody{Round: s.Round, Seat: cands[0], By: "unopposed"}, nil)
	default:
		g.emit(&SpeechesBody{Round: s.Round, Kind: StageCampaign, Order: slices.Clone(w.campaign)}, nil)
	}
	wwAdvance(g)
}

// wwWithdraw is 退水 (§9.2): from the close of the stand window until the
// first election ballot opens.
func wwWithdraw(g *Game, cmd Command) error {
	s := &g.s
	w := wwOf(s)
	if !w.electing || !slices.Contains(w.cands, cmd.Seat) || s.Day.Stage == StageStand {
		if w.electing && slices.Contains(w.cands, cmd.Seat) {
			return refuse(RefuseWithdrawClosed)
		}
		return refuse(RefuseNotCandidateWW)
	}
	if w.electPK || s.Day.Ballot != nil {
		return refuse(RefuseWithdrawClosed)
	}
	g.emit(&WithdrawBody{Seat: cmd.Seat}, nil)
	wwAdvance(g)
	return nil
}

// wwVoters are the voters of the ballot about to open, with their weights.
func wwVoters(s *State, purpose string, tied []int) (voters []int, weights []float64) {
	w := wwOf(s)
	for _, x := range s.Living() {
		switch {
		case purpose == "election" && (slices.Contains(w.stood, x)):
			continue
		case x == w.revealed: // §10.4: no vote in any ballot
			continue
		case purpose == "exile" && slices.Contains(tied, x) && s.Opts.TieVoters == "non-tied":
			continue
		}
		voters = append(voters, x)
	}
	if purpose == "exile" && len(voters) == 0 && len(tied) > 0 { // G13: nobody outside the tie
		for _, x := range s.Living() {
			if x != w.revealed {
				voters = append(voters, x)
			}
		}
	}
	weighted := false
	weights = make([]float64, len(voters))
	for i, x := range voters {
		weights[i] = 1
		if purpose == "exile" && x == w.sheriff && x != w.revealed {
			weights[i] = w.o.SheriffVote
			weighted = true
		}
	}
	if !weighted {
		weights = nil
	}
	return voters, weights
}

// wwBallot opens a ballot.
func wwBallot(g *Game, purpose string, cands []int, tied []int) {
	s := &g.s
	voters, weights := wwVoters(s, purpose, tied)
	ts := make([]Target, len(cands))
	for i, c := range cands {
		ts[i] = SeatTarget(c)
	}
	if voters == nil {
		voters = []int{}
	}
	g.emit(&BallotBody{Round: s.Round, Index: s.Day.Ballots + 1, Mode: s.Opts.VoteMode, Candidates: ts, Voters: voters, Weights: weights, OneVote: weights != nil, Purpose: purpose}, nil)
}

// wwVote is a vote or an abstention (§9.3, §10.2).
func wwVote(g *Game, cmd Command) error {
	s := &g.s
	w := wwOf(s)
	b := s.Day.Ballot
	if b == nil || b.Closed {
		return refuse(RefuseNoVote)
	}
	if !slices.Contains(b.Voters, cmd.Seat) {
		switch {
		case b.Purpose == "election" && slices.Contains(w.withdrawn, cmd.Seat):
			return refuse(RefuseWithdrewNoVote)
		case b.Purpose == "election" && slices.Contains(w.stood, cmd.Seat):
			return refuse(RefuseCandidateVote)
		case cmd.Seat == w.revealed:
			return refuseSeat(RefuseNoVoteIdiot, cmd.Seat)
		}
		return refuse(RefuseNotVoting)
	}
	if b.Voted(cmd.Seat) {
		return refuse(RefuseVoted)
	}
	audience := g.only(cmd.Seat) // simultaneous-open and secret: private until the tally
	if cmd.Do == ActAbstain {
		if !s.Opts.Abstain {
			return refuse(RefuseNoAbstain)
		}
		g.emit(&AbstainBody{Seat: cmd.Seat}, audience)
	} else {
		if cmd.Target == nil {
			return refuse(RefuseVoteNeedsTarget)
		}
		t := *cmd.Target
		if !slices.Contains(b.Candidates, t) {
			return refuseTarget(RefuseNotCandidate, t)
		}
		if b.Purpose == "exile" && !s.Opts.SelfVote && t.Seat == cmd.Seat {
			return refuse(RefuseVoteSelf)
		}
		g.emit(&VoteBody{Seat: cmd.Seat, Target: t}, audience)
	}
	if b.AllVoted() {
		wwCloseBallot(g)
	}
	return nil
}

// wwCloseBallot counts a ballot, the weights included, and goes on (§9.3,
// §9.4, §10.2).
func wwCloseBallot(g *Game) {
	s := &g.s
	w := wwOf(s)
	b := s.Day.Ballot
	counts := make([]Count, len(b.Candidates))
	for i, c := range b.Candidates {
		counts[i].Target = c
	}
	for _, v := range b.Votes {
		for i := range counts {
			if counts[i].Target == v.Target {
				counts[i].Votes += b.Value(v.Seat)
			}
		}
	}
	best := 0.0
	for _, c := range counts {
		best = max(best, c.Votes)
	}
	var top []Target
	for _, c := range counts {
		if c.Votes == best {
			top = append(top, c.Target)
		}
	}
	sortTargets(top)
	pk := b.Purpose == "election" && w.electPK || b.Purpose == "exile" && w.exileBallots > 1
	t := TallyBody{Index: b.Index, Counts: counts, Top: top}
	switch {
	case best == 0 && !pk:
		t.Outcome, t.Top = "none", []Target{}
	case len(top) == 1 && best > 0:
		t.Outcome = "out"
	default:
		t.Outcome = "tie"
	}
	if b.Mode == "simultaneous-open" {
		t.Votes = slices.Clone(b.Votes)
	}
	g.emit(&t, nil)
	if b.Purpose == "election" {
		switch {
		case t.Outcome == "out":
			g.emit(&SheriffBody{Round: s.Round, Seat: top[0].Seat, By: "elected"}, nil)
		case t.Outcome == "none":
			g.emit(&BadgeLostBody{Round: s.Round, Why: "no-votes"}, nil)
		case pk:
			g.emit(&BadgeLostBody{Round: s.Round, Why: "tie"}, nil)
		default:
			var order []int
			for _, x := range w.campaign {
				if slices.Contains(top, SeatTarget(x)) {
					order = append(order, x)
				}
			}
			g.emit(&SpeechesBody{Round: s.Round, Kind: StageCampaignPK, Order: order}, nil)
		}
		wwAdvance(g)
		return
	}
	switch {
	case t.Outcome == "out":
		wwExile(g, top[0].Seat, "vote", nil)
	case t.Outcome == "none":
		g.startNight()
	case w.exileBallots < s.Opts.TieRounds:
		var order []int
		for _, x := range s.Day.Order {
			if s.Seat(x).Alive() && slices.Contains(top, SeatTarget(x)) {
				order = append(order, x)
			}
		}
		g.emit(&SpeechesBody{Round: s.Round, Kind: StagePKSpeech, Order: order}, nil)
		wwAdvance(g)
	case s.Opts.TieFinal == "lots":
		peek := *s.RNG
		if pick := top[peek.Uint64()%uint64(len(top))]; pick.Seat != w.revealed && s.Role(pick.Seat) == "idiot" {
			g.emit(&ImmuneBody{Round: s.Round, By: "lot", Options: top}, nil)
			wwAfterRemoval(g)
			return
		}
		g.emit(&ExecutedBody{Round: s.Round, By: "lot", Options: top}, nil)
		wwAfterRemoval(g)
	default: // tieFinal none: nobody is exiled (R17)
		g.startNight()
	}
}

// wwExile puts the top of an exile ballot out, or reveals the idiot
// (§10.3, §10.4).
func wwExile(g *Game, seat int, by string, options []Target) {
	s := &g.s
	if s.Role(seat) == "idiot" && wwOf(s).revealed == 0 {
		g.emit(&ImmuneBody{Round: s.Round, Hand: SeatTarget(seat), Seat: seat, Role: "idiot"}, nil)
	} else {
		g.emit(&ExecutedBody{Round: s.Round, Seat: seat, By: by, Options: options}, nil)
	}
	wwAfterRemoval(g)
}

// wwAfterRemoval checks the win after an announcement and goes on with
// its death steps.
func wwAfterRemoval(g *Game) {
	if wwCheckWin(g) {
		return
	}
	wwAdvance(g)
}

// wwShoot is the hunter's shot in his skill turn (§8.1, §8.2).
func wwShoot(g *Game, cmd Command) error {
	s := &g.s
	d := s.Day
	if d.Kind != StageSkill || d.Speaker != cmd.Seat {
		return refuse(RefuseNoSkillTurn)
	}
	if s.Role(cmd.Seat) != "hunter" || slices.Contains(wwOf(s).poisoned, cmd.Seat) {
		return refuseSeat(RefuseCannotShoot, cmd.Seat)
	}
	if cmd.Target == nil {
		return refuseAction(RefuseNeedsTarget, "shoot")
	}
	t := *cmd.Target
	if t.Seat == cmd.Seat {
		return refuse(RefuseShootSelf)
	}
	if !s.Alive(t) {
		return refuseTarget(RefuseDeadTarget, t)
	}
	g.emit(&ShotBody{Round: s.Round, Hunter: cmd.Seat, Seat: t.Seat}, nil)
	g.emit(&TurnEndBody{Kind: StageSkill, Seat: cmd.Seat, By: "shoot"}, nil)
	wwAfterRemoval(g)
	return nil
}

// wwBadge hands the badge on or tears it in the badge turn (§8.3).
func wwBadge(g *Game, cmd Command) error {
	s := &g.s
	d := s.Day
	if d.Kind != StageBadge || d.Speaker != cmd.Seat {
		return refuse(RefuseNoBadgeTurn)
	}
	if cmd.Do == "tear" {
		g.emit(&TurnEndBody{Kind: StageBadge, Seat: cmd.Seat, By: "tear"}, nil)
		g.emit(&BadgeLostBody{Round: s.Round, Why: "torn"}, nil)
		wwAdvance(g)
		return nil
	}
	if cmd.Target == nil {
		return refuseAction(RefuseNeedsTarget, "badge")
	}
	t := *cmd.Target
	switch {
	case !s.Alive(t):
		return refuseTarget(RefuseDeadTarget, t)
	case t.Seat == wwOf(s).revealed && wwOf(s).o.RevealedIdiotBadge == "pass":
		return refuseSeat(RefuseBadgeIdiot, t.Seat)
	case t.Seat == cmd.Seat:
		return refuseAction(RefuseOtherNotSelf, "badge")
	}
	g.emit(&TurnEndBody{Kind: StageBadge, Seat: cmd.Seat, By: "badge"}, nil)
	g.emit(&SheriffBody{Round: s.Round, Seat: t.Seat, By: "handed", From: cmd.Seat}, nil)
	wwAdvance(g)
	return nil
}

// wwOrder is the sheriff's choice of the speaking order (§10.1).
func wwOrder(g *Game, cmd Command) error {
	s := &g.s
	d := s.Day
	if d.Kind != StageOrder || d.Speaker != cmd.Seat {
		return refuse(RefuseNoOrderTurn)
	}
	side, _ := cmd.Args.(wwArgs)
	if side.Side != "left" && side.Side != "right" {
		return refuse(RefuseOrderSide)
	}
	g.emit(&TurnEndBody{Kind: StageOrder, Seat: cmd.Seat, By: "order"}, nil)
	g.emit(&OrderBody{Seat: cmd.Seat, Side: side.Side}, nil)
	wwSpeeches(g)
	return nil
}

// wwSpeeches opens the day's speeches in the order of §10.1.
func wwSpeeches(g *Game) {
	s := &g.s
	w := wwOf(s)
	dead := s.Day.DawnDead
	var order []int
	if sh := w.sheriff; sh != 0 && s.Seat(sh).Alive() {
		order = append(wwRound(s, wwSheriffStart(s, sh, w.side), w.side == "left", sh), sh)
	} else if len(dead) > 0 {
		a := dead[0].Seat
		first := a + 1
		if s.Opts.SpeechStart == "right" {
			first = a - 1 + s.Players
		}
		first = (first-1)%s.Players + 1
		for !s.Seat(first).Alive() {
			if s.Opts.SpeechStart == "right" {
				first = (first-2+s.Players)%s.Players + 1
			} else {
				first = first%s.Players + 1
			}
		}
		order = wwRound(s, first, s.Opts.SpeechDirection == "cw", 0)
	}
	b := SpeechesBody{Round: s.Round, Kind: StageSpeech, Order: order}
	if order == nil {
		b.By = "random" // a seeded random first speaker, drawn by the event
	}
	g.emit(&b, nil)
	wwAdvance(g)
}

// wwSheriffStart is where the walk round the table begins when the sheriff
// sh chooses side (§10.1): the seat next to the anchor on that side, the
// anchor being the single dead of today's dawn, else the sheriff ("left"
// steps clockwise, up the seat numbers; "right" down them).
func wwSheriffStart(s *State, sh int, side string) int {
	anchor := sh
	if dead := s.Day.DawnDead; len(dead) == 1 {
		anchor = dead[0].Seat
	}
	first := anchor + 1
	if side == "right" {
		first = anchor - 1 + s.Players
	}
	return (first-1)%s.Players + 1
}

// wwFirstSpeaker is who speaks first today if the sheriff sh chooses side:
// the first living seat but his from wwSheriffStart on that side (he
// speaks last), as wwSpeeches orders them.
func wwFirstSpeaker(s *State, sh int, side string) int {
	first, n := wwSheriffStart(s, sh, side), s.Players
	for i := range n {
		x := (first-1+i)%n + 1
		if side == "right" {
			x = (first-1-i+2*n)%n + 1
		}
		if x != sh && s.Seat(x).Alive() {
			return x
		}
	}
	return sh
}

// wwMayExplode reports whether seat may explode now (§11): a living
// werewolf, during the debate parts of the day.
func wwMayExplode(s *State, seat int) bool {
	w := wwOf(s)
	d := s.Day
	if !s.Opts.SelfReveal || s.Phase != PhaseDay || !s.Seat(seat).Alive() || s.Role(seat) != "werewolf" || w.dayOver {
		return false
	}
	if d.Speaker != 0 && (d.Kind == StageSkill || d.Kind == StageBadge || d.Kind == StageOrder || d.Kind == StageLastWords) {
		return false
	}
	// the election, or the day speeches, the exile ballot and its PK
	return w.electing || w.dawnDone && !w.deathsOwed() && !w.exileDone && w.spoke
}

// wwExplode is 自爆 (§11).
func wwExplode(g *Game, cmd Command) error {
	s := &g.s
	w := wwOf(s)
	d := s.Day
	if !s.Opts.SelfReveal {
		return refuse(RefuseNoReveal)
	}
	if !wwMayExplode(s, cmd.Seat) {
		return refuse(RefuseExplodeWhen)
	}
	electing := w.electing
	speaker, kind := d.Speaker, d.Kind
	g.emit(&ExplodedBody{Round: s.Round, Seat: cmd.Seat, Role: "werewolf"}, nil)
	if speaker != 0 {
		g.emit(&TurnEndBody{Kind: kind, Seat: speaker, By: "exploded"}, nil)
	}
	if wwCheckWin(g) {
		return nil
	}
	if electing {
		switch {
		case w.o.ElectionExplode == "lost":
			g.emit(&BadgeLostBody{Round: s.Round, Why: "explosion"}, nil)
		case w.interrupted > 0:
			g.emit(&BadgeLostBody{Round: s.Round, Why: "explosions"}, nil)
		default:
			g.emit(&ElectionPostponedBody{Round: s.Round}, nil)
		}
	}
	wwAdvance(g)
	return nil
}

// wwDawn announces the pending deaths (§7): ascending seats, a player
// already dead not again.
func wwDawn(g *Game) {
	s := &g.s
	dead := []Target{}
	for _, x := range wwOf(s).pending {
		if s.Seat(x).Alive() {
			dead = append(dead, SeatTarget(x))
		}
	}
	g.emit(&DawnBody{Round: s.Round, Dead: dead}, nil)
	wwCheckWin(g)
}

// wwAdvance opens what comes next when nothing is open: the next turn of
// the current speaking stage, the next death step, the dawn, the order
// turn, the speeches, the ballot, the night.
func wwAdvance(g *Game) {
	s := &g.s
	w := wwOf(s)
	for s.Phase == PhaseDay {
		d := s.Day
		if d.Speaker != 0 || d.Stage == StageStand || (d.Ballot != nil && !d.Ballot.Closed) {
			return
		}
		if len(d.Queue) > 0 {
			g.emit(&TurnBody{Kind: d.Kind, Seat: d.Queue[0]}, nil)
			return
		}
		// the death steps of the last announcement (§8)
		if w.deathsOwed() {
			switch {
			case w.ds <= 1 && len(w.skills) > 0:
				g.emit(&SpeechesBody{Round: s.Round, Kind: StageSkill, Order: slices.Clone(w.skills)}, nil)
			case w.ds <= 2 && w.badgeTurn != 0:
				g.emit(&SpeechesBody{Round: s.Round, Kind: StageBadge, Order: []int{w.badgeTurn}}, nil)
			default:
				g.emit(&SpeechesBody{Round: s.Round, Kind: StageLastWords, Order: slices.Clone(w.words)}, nil)
			}
			continue
		}
		// the election (§9)
		if w.electing {
			switch d.Kind {
			case StageCampaign:
				wwAfterCampaign(g)
			case StageCampaignPK:
				var tied []int
				for _, t := range d.Tied {
					tied = append(tied, t.Seat)
				}
				wwBallot(g, "election", tied, nil)
			}
			continue
		}
		switch {
		case !w.dawnDone:
			wwDawn(g)
		case w.dayOver || w.exileDone:
			g.startNight()
			return
		case !w.orderDone && !w.spoke && w.sheriff != 0 && s.Seat(w.sheriff).Alive():
			g.emit(&SpeechesBody{Round: s.Round, Kind: StageOrder, Order: []int{w.sheriff}}, nil)
		case !w.spoke:
			wwSpeeches(g)
			return
		case d.Kind == StageSpeech:
			wwBallot(g, "exile", s.Living(), nil)
		case d.Kind == StagePKSpeech:
			var tied []int
			for _, t := range d.Tied {
				tied = append(tied, t.Seat)
			}
			wwBallot(g, "exile", tied, tied)
		default:
			g.startNight()
			return
		}
	}
}

// wwAfterCampaign: after the campaign speeches, the election ballot, or
// its result without one (§9.2, §9.3).
func wwAfterCampaign(g *Game) {
	s := &g.s
	w := wwOf(s)
	switch len(w.cands) {
	case 0:
		g.emit(&BadgeLostBody{Round: s.Round, Why: "all-withdrew"}, nil)
		return
	case 1:
		g.emit(&SheriffBody{Round: s.Round, Seat: w.cands[0], By: "unopposed"}, nil)
		return
	}
	if voters, _ := wwVoters(s, "election", nil); len(voters) == 0 {
		g.emit(&BadgeLostBody{Round: s.Round, Why: "no-voters"}, nil)
		return
	}
	cands := slices.Clone(w.cands)
	slices.Sort(cands)
	wwBallot(g, "election", cands, nil)
}

// wwWinner is §12's outcome if the seats for which gone holds were dead
// too ("" while the game goes on).
func wwWinner(s *State, gone func(int) bool) (string, Why) {
	w := wwOf(s)
	var wolves, gods, villagers int
	for i := range s.Seats {
		x := i + 1
		if !s.Seats[i].Alive() || gone != nil && gone(x) {
			continue
		}
		switch r := s.Role(x); {
		case r == "werewolf":
			wolves++
		case r == "villager":
			villagers++
		case wwGod(r) && (x != w.revealed || w.o.RevealedIdiotGod):
			gods++
		}
	}
	good := wolves == 0
	var bad bool
	var badWhy string
	if w.o.WolfWin == "all" {
		// the revealed idiot is a good player whatever revealedIdiotGod says
		living := 0
		for i := range s.Seats {
			if s.Seats[i].Alive() && (gone == nil || !gone(i+1)) && s.Role(i+1) != "werewolf" {
				living++
			}
		}
		bad, badWhy = living == 0, ReasonAllGoodDead
	} else if gods == 0 {
		bad, badWhy = true, ReasonAllGodsDead
	} else if villagers == 0 {
		bad, badWhy = true, ReasonAllVillagersDead
	}
	switch {
	case good && bad:
		return w.o.SimultaneousWin, Why{Code: ReasonSimultaneous}
	case good:
		return "good", Why{Code: ReasonAllWerewolvesDead}
	case bad:
		return "werewolves", Why{Code: badWhy}
	}
	return "", Why{}
}

// Win is §12's outcome now.
func (werewolf) Win(s *State) (string, Why) { return wwWinner(s, nil) }

// wwCheckWin ends the game when §12 says so.
func wwCheckWin(g *Game) bool {
	if w, why := wwWinner(&g.s, nil); w != "" {
		g.gameOver(w, why)
		return true
	}
	return false
}
