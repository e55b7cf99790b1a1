package game

import (
	"slices"
	"sort"
)

// cat-lives-7's day (§12): dawn, last words of the dawn's dead, one speech
// each from a rotating start, discussion, the closing window; the live
// weighted vote runs the whole day; day privileges (ultimate kill, curses
// and blessings, arson, transformation) until it ends; then §12's end.

// startDay opens the day's vote and its first speaking stage.
func (v catLives) startDay(g *Game) {
	s := &g.s
	c := catOf(s)
	living := s.Living()
	var cands []Target
	var voters []int
	for _, x := range living {
		cands = append(cands, SeatTarget(x))
		if !slices.Contains(c.Saved, x) { // §8.2: a saved player does not vote today
			voters = append(voters, x)
		}
	}
	if voters == nil {
		voters = []int{}
	}
	g.emit(&BallotBody{Round: s.Round, Index: 1, Mode: "live-weighted", Candidates: cands, Voters: voters}, nil)
	if dead := s.Day.DawnDead; len(dead) > 0 {
		var order []int
		for _, t := range dead {
			order = append(order, t.Seat)
		}
		g.emit(&SpeechesBody{Round: s.Round, Kind: StageLastWords, Order: order}, nil)
		v.nextTurn(g)
		return
	}
	v.speeches(g)
}

// speeches: one turn each, clockwise, starting with seat ((d − 1) mod 7) + 1
// on day d or the next living seat clockwise (R22).
func (v catLives) speeches(g *Game) {
	s := &g.s
	n := s.Players
	start := (s.Round-1)%n + 1
	var order []int
	for i := 0; i < n; i++ {
		x := (start-1+i)%n + 1
		if s.Seat(x).Alive() {
			order = append(order, x)
		}
	}
	g.emit(&SpeechesBody{Round: s.Round, Kind: StageSpeech, Order: order}, nil)
	v.nextTurn(g)
}

// nextTurn gives the floor to the next speaker, or moves to the next stage.
func (v catLives) nextTurn(g *Game) {
	s := &g.s
	d := s.Day
	if len(d.Queue) > 0 {
		g.emit(&TurnBody{Kind: d.Kind, Seat: d.Queue[0]}, nil)
		return
	}
	switch {
	case catOf(s).DayOver:
		g.startNight()
	case d.Kind == StageLastWords:
		v.speeches(g)
	default:
		g.emit(&SpeechesBody{Round: s.Round, Kind: StageDiscussion, Order: s.Living()}, nil)
	}
}

func (v catLives) dayCommand(g *Game, cmd Command) error {
	s := &g.s
	c := catOf(s)
	d := s.Day
	switch cmd.Do {
	case ActTimeout:
		switch {
		case d.Speaker != 0:
			g.emit(&TurnEndBody{Kind: d.Kind, Seat: d.Speaker, By: "timeout"}, nil)
			v.nextTurn(g)
		case d.Stage == StageDiscussion:
			g.emit(&SpeechesBody{Round: s.Round, Kind: StageClosing, Order: s.Living()}, nil)
		case d.Stage == StageClosing:
			v.endDay(g)
		default:
			return refuse(RefuseNoTimer)
		}
		return nil
	case ActPass:
		if d.Speaker == 0 {
			return refuse(RefuseNoFloor)
		}
		if cmd.Seat != d.Speaker {
			return refuseSeat(RefuseNotYourTurn, d.Speaker)
		}
		g.emit(&TurnEndBody{Kind: d.Kind, Seat: d.Speaker, By: "pass"}, nil)
		v.nextTurn(g)
		return nil
	case ActSleep, "stance":
		return refuseAction(RefuseNightAction, cmd.Do)
	}
	if !s.Seat(cmd.Seat).Alive() {
		return refuseSeat(RefuseDeadNoInput, cmd.Seat)
	}
	if c.DayOver {
		return refuse(RefuseVoteCounted)
	}
	switch cmd.Do {
	case ActVote:
		return v.vote(g, cmd)
	case "done":
		if slices.Contains(c.DayDone, cmd.Seat) {
			return refuse(RefuseDoneToday)
		}
		g.emit(&DoneBody{Seat: cmd.Seat}, g.only(cmd.Seat))
		return nil
	case "order":
		return v.order(g, cmd)
	case "withdraw":
		return v.withdraw(g, cmd)
	}
	return v.privilege(g, cmd)
}

// catVotes is the day's vote as it stands: each voter's current target
// (seat, 0: none) and how many votes (1 or 2) they have cast.
func catVotes(b *BallotState, seat int) (target, cast int) {
	for _, vb := range b.Votes {
		if vb.Seat == seat {
			target = vb.Target.Seat
			cast++
		}
	}
	return target, cast
}

// vote is §12's live vote (R23): a first vote until the day ends, one
// change, none in the closing window.
func (v catLives) vote(g *Game, cmd Command) error {
	s := &g.s
	d := s.Day
	b := d.Ballot
	if b == nil || b.Closed {
		return refuse(RefuseNoVote)
	}
	if !slices.Contains(b.Voters, cmd.Seat) {
		return refuseSeat(RefuseSavedNoVote, cmd.Seat)
	}
	if cmd.Target == nil {
		return refuse(RefuseVoteNeedsLiving)
	}
	t := SeatTarget(cmd.Target.Seat)
	if !slices.Contains(b.Candidates, t) {
		return refuseSeat(RefuseDeadVoteTarget, t.Seat)
	}
	cur, cast := catVotes(b, cmd.Seat)
	switch {
	case cast >= 2:
		return refuse(RefuseVoteChanged)
	case cast == 1 && d.Stage == StageClosing:
		return refuse(RefuseVoteClosing)
	case cast == 1 && cur == t.Seat:
		return refuseSeat(RefuseVoteSame, t.Seat)
	}
	g.emit(&VoteBody{Seat: cmd.Seat, Target: t}, nil)
	return nil
}

// catCards is seat's card count (pending included).
func catCards(s *State, seat int) int { return catPublicCards(s, seat) }

// catTotals are the day's totals (§12 steps 1–2): raw weighted votes, then
// the curses and blessings (R17: doublings, halvings, +1s, −1s, floor 0).
func catTotals(s *State) (raw, final []Count) {
	b := s.Day.Ballot
	c := catOf(s)
	for _, t := range b.Candidates {
		n := 0
		for _, x := range b.Voters {
			if cur, _ := catVotes(b, x); cur == t.Seat {
				n += catCards(s, x)
			}
		}
		raw = append(raw, Count{Target: t, Votes: float64(n)})
		var mods []string
		for _, a := range append(slices.Clone(c.Curses), c.Acts...) {
			if a.Target != nil && a.Target.Seat == t.Seat {
				mods = append(mods, a.Action)
			}
		}
		final = append(final, Count{Target: t, Votes: float64(catModify(n, mods))})
	}
	return raw, final
}

// catModify applies curses and blessings to a total (§8.9, R17).
func catModify(n int, mods []string) int {
	count := func(m string) int {
		k := 0
		for _, x := range mods {
			if x == m {
				k++
			}
		}
		return k
	}
	for range count("vicious-curse") {
		n *= 2
	}
	for range count("devout-bless") {
		n /= 2
	}
	n += count("curse")
	n -= count("bless")
	return max(n, 0)
}

// catExecuted is §12 step 3: with three or more living players, every
// player of rank 1 or 2 with a total above 0; with two, a unique top
// player with a total above 0 (R24).
func catExecuted(totals []Count, living int) []int {
	var out []int
	for _, t := range totals {
		if t.Votes <= 0 {
			continue
		}
		rank := 1
		for _, u := range totals {
			if u.Votes > t.Votes {
				rank++
			}
		}
		if (living >= 3 && rank <= 2) || (living < 3 && rank == 1) {
			out = append(out, t.Target.Seat)
		}
	}
	if living < 3 && len(out) > 1 {
		return nil
	}
	sort.Ints(out)
	return out
}

// endDay is §12's end of the day.
func (v catLives) endDay(g *Game) {
	s := &g.s
	c := catOf(s)
	b := s.Day.Ballot
	if c.Window == catPhase(s) {
		g.emit(&OrdersBody{Round: s.Round}, nobody)
	}
	for _, x := range b.Voters { // §12: silence is a vote for oneself
		if _, cast := catVotes(b, x); cast == 0 {
			g.emit(&VoteBody{Seat: x, Target: SeatTarget(x), By: "default"}, nil)
		}
	}
	living := s.Living()
	raw, final := catTotals(s)
	executed := catExecuted(final, len(living))
	tally := TallyBody{Index: 1, Counts: final, Top: seatList(executed...), Outcome: VerdictOut}
	if len(executed) == 0 {
		tally.Outcome, tally.Top = "none", []Target{}
		for _, t := range final {
			if t.Votes > 0 {
				tally.Outcome = VerdictTie // two players left, tied (R24)
			}
		}
	}
	g.emit(&tally, nil)
	for _, x := range executed {
		g.emit(&ExecutedBody{Round: s.Round, Seat: x, By: "vote"}, nil)
	}
	// Steps 4–6: each seat's losses come off the front of its order, in
	// this order: the execution, the saint's penalty, ultimate kills.
	r := ResolveBody{Round: s.Round, When: "day", Executed: executed}
	next := map[int]int{} // seat → index in Order of its next front card
	front := func(seat int) int {
		st := &c.Seats[seat-1]
		i := next[seat]
		if i >= len(st.Order) {
			return -1
		}
		next[seat] = i + 1
		return st.Order[i]
	}
	for _, x := range executed {
		st := &c.Seats[x-1]
		card := front(x)
		saint := st.Saint == s.Round && !st.SaintSpent
		if saint || st.Pardoned {
			r.Losses = append(r.Losses, CatLoss{Seat: x, Card: card + 1, Cause: "execution"})
		} else {
			r.Pending = append(r.Pending, CatLoss{Seat: x, Card: card + 1, Cause: "execution"})
		}
	}
	for _, x := range executed {
		st := &c.Seats[x-1]
		if st.Saint != s.Round || st.SaintSpent {
			continue
		}
		for _, y := range b.Voters { // R18: not the saint's own vote
			if cur, _ := catVotes(b, y); cur == x && y != x {
				if card := front(y); card >= 0 {
					r.Losses = append(r.Losses, CatLoss{Seat: y, Card: card + 1, Cause: "saint"})
				}
			}
		}
	}
	for _, a := range c.Acts {
		if a.Action == "deathblow" {
			if card := front(a.Target.Seat); card >= 0 {
				r.Losses = append(r.Losses, CatLoss{Seat: a.Target.Seat, Card: card + 1, Cause: "deathblow"})
			}
		}
	}
	var pendingSeats []int
	for _, p := range r.Pending {
		pendingSeats = append(pendingSeats, p.Seat)
	}
	g.emit(&r, nobody)
	a := AnnounceBody{Round: s.Round, When: "dusk", Executed: executed, Votes: raw, Totals: final,
		Losses: catLossLines(s, r.Losses), Pending: pendingSeats}
	a.Dead = catDied(s, living)
	for _, x := range a.Dead { // R25: day deaths reveal the camp
		sc := SeatCamp{Seat: x, Camp: c.Camps[x-1]}
		if x == c.Free {
			sc.Stance, sc.Cowin = c.Stance, c.Cowin
		}
		a.Camps = append(a.Camps, sc)
	}
	v.finishAnnounce(g, &a, len(r.Losses))
	g.emit(&a, nil)
	if w, why := v.Win(s); w != "" {
		v.gameOver(g, w, why)
		return
	}
	if len(a.Dead) > 0 {
		g.emit(&SpeechesBody{Round: s.Round, Kind: StageLastWords, Order: slices.Clone(a.Dead)}, nil)
		v.nextTurn(g)
		return
	}
	g.startNight()
}
