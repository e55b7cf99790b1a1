package game

import "slices"

// The day (rules/README.md G9–G15), shared by every variant: last words,
// speeches, ballots, tie procedures, self-reveal, win checks.

func (g *Game) dayCommand(cmd Command) error {
	s := &g.s
	d := s.Day
	switch cmd.Do {
	case "timeout":
		return g.dayTimeout()
	case "pass":
		if d.Speaker == 0 {
			return reject("nobody has the floor now")
		}
		if cmd.Seat != d.Speaker {
			return reject("it is seat %d's turn to speak, not yours", d.Speaker)
		}
		g.endTurn("pass")
		return nil
	case "vote", "abstain":
		return g.vote(cmd)
	case "explode":
		return g.explode(cmd)
	case "sleep", "skip", "suspect":
		return reject("%s is a night action; it is day now", cmd.Do)
	}
	for _, a := range s.variant.Info().Actions {
		if a == cmd.Do {
			return reject("%s is a night action; it is day now", cmd.Do)
		}
	}
	return reject("%q is not an action of this game", cmd.Do)
}

func (g *Game) dayTimeout() error {
	d := g.s.Day
	switch {
	case d.Speaker != 0:
		g.endTurn("timeout")
	case d.Stage == "discussion":
		g.stageDone()
	case d.Stage == "vote" && d.Ballot != nil && !d.Ballot.Closed:
		b := d.Ballot
		if b.Mode == "sequential-open" && b.Call < len(b.Candidates)-1 {
			g.emit(CallBody{Target: b.Candidates[b.Call+1]}, nil)
			return nil
		}
		g.closeBallot()
	default:
		return reject("no timer is running")
	}
	return nil
}

// afterAnnouncement runs the win check (G15) and then whatever follows the
// announcement: last words, the rest of the day, or the night.
func (g *Game) afterAnnouncement() {
	s := &g.s
	if w, r := s.variant.Win(s); w != "" {
		g.emit(GameOverBody{Winner: w, Reason: r}, nil)
		return
	}
	d := s.Day
	if d.Stage == "exploded" {
		g.startNight()
		return
	}
	if len(d.LastWords) > 0 {
		g.emit(SpeechesBody{Round: s.Round, Kind: "last-words", Order: slices.Clone(d.LastWords)}, nil)
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
	case "", "last-words":
		if d.Executed {
			g.startNight()
			return
		}
		g.beginSpeeches()
	case "executed":
		g.startNight()
	case "speech", "pk-speech", "discussion":
		g.openBallot()
	default:
		g.startNight()
	}
}

// SpeakingOrder is today's order (G9): from the nearest living seat on the
// variant's side of the anchor, then in the variant's direction.
func (g *Game) SpeakingOrder() []int {
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
	living := len(s.Living())
	if living == 0 {
		return nil
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
	order := make([]int, 0, living)
	for x, i := first, 0; i < n; x, i = wrap(x+dir), i+1 {
		if alive(x) {
			order = append(order, x)
		}
	}
	return order
}

func (g *Game) beginSpeeches() {
	s := &g.s
	if s.Opts.NoDeathSkipsDay && len(s.Day.DawnDead) == 0 {
		g.startNight() // v3.0 R9 option: a night without deaths skips the day
		return
	}
	order := g.SpeakingOrder()
	if s.Opts.SpeechMode == "free" {
		g.emit(SpeechesBody{Round: s.Round, Kind: "discussion", Order: order}, nil)
		return
	}
	g.emit(SpeechesBody{Round: s.Round, Kind: "speech", Order: order}, nil)
	g.nextTurn()
}

// nextTurn gives the floor to the next speaker in the queue; a silenced
// speaker's turn is shown and skipped at once (v4.0 R10).
func (g *Game) nextTurn() {
	s := &g.s
	d := s.Day
	for len(d.Queue) > 0 {
		seat := d.Queue[0]
		g.emit(TurnBody{Kind: d.Kind, Seat: seat}, nil)
		if !containsInt(d.Silenced, seat) {
			return
		}
		g.emit(TurnEndBody{Kind: d.Kind, Seat: seat, By: "silenced"}, nil)
	}
	g.stageDone()
}

func (g *Game) endTurn(by string) {
	d := g.s.Day
	g.emit(TurnEndBody{Kind: d.Kind, Seat: d.Speaker, By: by}, nil)
	g.nextTurn()
}

// openBallot opens the day's next ballot: all living players on ballot 1;
// the tied players in a run-off (G11, G13).
func (g *Game) openBallot() {
	s := &g.s
	d := s.Day
	index := d.Ballots + 1
	calls := slices.Clone(d.Order)
	if s.Opts.VoteCallOrder == "reverse-speech" {
		slices.Reverse(calls)
	}
	var cands []Target
	living := s.Living()
	var voters []int
	if index == 1 {
		for _, x := range calls {
			cands = append(cands, SeatTarget(x))
		}
		voters = living
	} else {
		for _, x := range calls {
			if containsTarget(d.Tied, SeatTarget(x)) {
				cands = append(cands, SeatTarget(x))
			}
		}
		if s.Opts.TieVoters == "non-tied" {
			for _, x := range living {
				if !containsTarget(d.Tied, SeatTarget(x)) {
					voters = append(voters, x)
				}
			}
		}
		if len(voters) == 0 {
			voters = living
		}
	}
	g.emit(BallotBody{Round: s.Round, Index: index, Mode: s.Opts.VoteMode, Candidates: cands, Voters: voters}, nil)
	if s.Opts.VoteMode == "sequential-open" && len(cands) > 0 {
		g.emit(CallBody{Target: cands[0]}, nil)
	}
}

func (g *Game) vote(cmd Command) error {
	s := &g.s
	d := s.Day
	b := d.Ballot
	if d.Stage != "vote" || b == nil || b.Closed {
		return reject("there is no vote open now")
	}
	if !containsInt(b.Voters, cmd.Seat) {
		if !s.Seat(cmd.Seat).Alive() {
			return reject("seat %d is dead and cannot vote", cmd.Seat)
		}
		return reject("you do not vote in this ballot (the tied players do not vote in a run-off)")
	}
	if b.Voted(cmd.Seat) {
		return reject("you have already voted in this ballot")
	}
	audience := []int(nil)
	if b.Mode != "sequential-open" {
		audience = g.only(cmd.Seat)
	}
	if cmd.Do == "abstain" {
		if !s.Opts.Abstain {
			return reject("abstaining is not allowed in this game")
		}
		g.emit(AbstainBody{Seat: cmd.Seat}, audience)
	} else {
		if cmd.Target == nil {
			return reject("a vote needs a candidate")
		}
		t := *cmd.Target
		i := slices.Index(b.Candidates, t)
		if i < 0 {
			return reject("%s is not a candidate in this ballot", targetName(t))
		}
		if b.Mode == "sequential-open" && i < b.Call {
			return reject("the call for %s has closed", targetName(t))
		}
		if !s.Opts.SelfVote && t.Seat == cmd.Seat {
			return reject("you cannot vote for yourself")
		}
		g.emit(VoteBody{Seat: cmd.Seat, Target: t}, audience)
	}
	if b.AllVoted() {
		g.closeBallot()
	}
	return nil
}

func (g *Game) closeBallot() {
	s := &g.s
	d := s.Day
	b := d.Ballot
	counts := make([]Count, len(b.Candidates))
	for i, c := range b.Candidates {
		counts[i].Target = c
	}
	for _, v := range b.Votes {
		for i := range counts {
			if counts[i].Target == v.Target {
				counts[i].Votes++
			}
		}
	}
	best := 0
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
	t := TallyBody{Index: b.Index, Counts: counts, Top: top}
	switch {
	case best == 0 && b.Index == 1:
		t.Outcome, t.Top = "none", []Target{}
	case len(top) == 1:
		t.Outcome = "out"
	default:
		t.Outcome = "tie"
	}
	if b.Mode == "simultaneous-open" {
		t.Votes = slices.Clone(b.Votes)
	}
	g.emit(t, nil)
	switch t.Outcome {
	case "none":
		g.startNight()
	case "out":
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
		h := t
		e.Hand = &h
	}
	g.emit(e, nil)
}

// runoff starts the speeches before run-off ballot k (G13).
func (g *Game) runoff(k int) {
	s := &g.s
	d := s.Day
	var speakers []int
	kind := "pk-speech"
	if s.variant.RunoffSpeakers(k) == "others" {
		kind = "speech"
		for _, x := range d.Order {
			if s.Seat(x).Alive() && !containsTarget(d.Tied, SeatTarget(x)) {
				speakers = append(speakers, x)
			}
		}
	} else {
		for _, x := range d.Order {
			if containsTarget(d.Tied, SeatTarget(x)) {
				speakers = append(speakers, x)
			}
		}
	}
	if speakers == nil {
		speakers = []int{}
	}
	g.emit(SpeechesBody{Round: s.Round, Kind: kind, Order: speakers}, nil)
	g.nextTurn()
}

func (g *Game) tieFinal() {
	s := &g.s
	tied := slices.Clone(s.Day.Tied)
	switch s.Opts.TieFinal {
	case "draw":
		g.emit(GameOverBody{Winner: "draw", Reason: "the vote tied on the last ballot of the day"}, nil)
	case "killers-win":
		g.emit(GameOverBody{Winner: "killers", Reason: "the vote tied on the last ballot of the day"}, nil)
	case "lots":
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

func (g *Game) explode(cmd Command) error {
	s := &g.s
	if !s.Opts.SelfReveal {
		return reject("self-reveal (爆) is not part of this game")
	}
	if !s.Seat(cmd.Seat).Alive() {
		return reject("seat %d is dead", cmd.Seat)
	}
	if s.Role(cmd.Seat) != "killer" {
		return reject("only a killer can self-reveal (爆)")
	}
	g.emit(ExplodedBody{Round: s.Round, Seat: cmd.Seat, Role: "killer"}, nil)
	g.afterAnnouncement()
	return nil
}
