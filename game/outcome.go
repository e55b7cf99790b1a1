package game

import "slices"

// Outcome is how a finished game ended for each seat: the facts a
// scoreboard across games counts (game/evening). The engine decides them
// (who was on which side, who won), so that nobody downstream re-derives a
// rule from role names.
type Outcome struct {
	Variant string `json:"variant"`
	Players int    `json:"players"`
	// Winner is the game's winner code (GameOverBody.Winner): "good",
	// "killers", "werewolves", "draw", "none" (ended by the host) or a seat.
	Winner string        `json:"winner"`
	Rounds int           `json:"rounds"` // the round the game ended in
	Seats  []SeatOutcome `json:"seats"`
}

// SeatOutcome is one seat's game.
type SeatOutcome struct {
	Seat  int      `json:"seat"`
	Roles []string `json:"roles"` // dealt (after any redeal), as revealed at the end
	// Side is the seat's camp: its role's camp, or the camp its cards
	// decide (Camper). "" where the variant names none.
	Side string `json:"side,omitempty"`
	Won  bool   `json:"won"`
	// Alive is whether the seat lived to the end; Died is the round in which
	// its last card died (0 when alive).
	Alive bool `json:"alive"`
	Died  int  `json:"died,omitempty"`
	// Killer is whether one of the seat's cards is a killer-camp card (the
	// camp the checks look for: werewolf-12's werewolves too).
	Killer bool `json:"killer,omitempty"`
	// Checks counts the night answers (a police check, v5.0-dual's secret
	// police check, werewolf-12's seer) of the steps the seat acted in;
	// Found those that found what they looked for ("killer",
	// "secret-police", "werewolf").
	Checks int `json:"checks,omitempty"`
	Found  int `json:"found,omitempty"`
	// VotesAgainst counts the votes cast for the seat (or one of its
	// cards) in the day's ballots; Executed whether a vote or a lot put it
	// (or one of its hands) out.
	VotesAgainst int  `json:"votesAgainst,omitempty"`
	Executed     bool `json:"executed,omitempty"`
	// Stats are the variant's own counts of what the seat did in the game
	// (VariantInfo.Stats, in that order; a kind it never did is left out):
	// werewolf-12's badge, potions and shots.
	Stats []Stat `json:"stats,omitempty"`
}

// StatKind is a count a variant keeps per seat for the evening's
// scoreboard (Stat, VariantInfo.Stats); its words are evening.stat.<kind>.
type StatKind string

// Stat is how many times a seat did what its Kind counts in one game (an
// evening's board: over the evening).
type Stat struct {
	Kind StatKind `json:"kind"`
	N    int      `json:"n"`
}

// StatKinds lists every variant's StatKinds, in the order the variants
// declare them: the order a scoreboard lists a player's.
func StatKinds() []StatKind {
	var out []StatKind
	for _, in := range Variants() {
		for _, k := range in.Stats {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// AddStat adds n of kind to stats, in StatKinds' order, and returns them.
func AddStat(stats []Stat, kind StatKind, n int) []Stat {
	if i := slices.IndexFunc(stats, func(x Stat) bool { return x.Kind == kind }); i >= 0 {
		stats[i].N += n
		return stats
	}
	kinds := StatKinds()
	rank := func(k StatKind) int { return slices.Index(kinds, k) }
	i := slices.IndexFunc(stats, func(x Stat) bool { return rank(x.Kind) > rank(kind) })
	if i < 0 {
		i = len(stats)
	}
	return slices.Insert(stats, i, Stat{Kind: kind, N: n})
}

// Outcome reports how the finished game ended for every seat; ok is false
// while the game goes on (nothing of a game in progress is counted).
func (g *Game) Outcome() (out Outcome, ok bool) {
	if !g.Over() {
		return Outcome{}, false
	}
	s := &g.s
	out = Outcome{Variant: s.VariantID, Players: s.Players, Winner: s.Winner, Rounds: s.Round}
	for _, r := range revealAll(s) {
		so := SeatOutcome{Seat: r.Seat, Roles: r.Roles, Side: s.seatSide(r.Seat), Alive: s.Alive(SeatTarget(r.Seat))}
		for _, role := range r.Roles {
			if checkedCamp(s, roleCamp(s, role)) {
				so.Killer = true
			}
		}
		so.Won = s.seatWon(r.Seat)
		out.Seats = append(out.Seats, so)
	}
	g.foldOutcome(&out)
	return out, true
}

// checkReader is a variant whose checks the scoreboard reads otherwise
// than the core's, which look for the killers' camp and find an answer
// "killer" or "secret-police": werewolf-12's seer looks for the werewolves
// and finds "werewolf", and its witch told the knife and its hunter told
// his gun get private answers that are no checks.
type checkReader interface {
	// checkedCamp reports whether camp is the one the checks look for.
	checkedCamp(camp string) bool
	// check reports whether a private answer is a check's, and whether
	// it found what the check looked for.
	check(answer string) (isCheck, found bool)
}

// checkedCamp reports whether camp is the one the game's checks look for
// (SeatOutcome.Killer): the killers', or the variant's (checkReader).
// (cat-lives-7's werewolves are not what its checks look for.)
func checkedCamp(s *State, camp string) bool {
	if c, ok := s.variant.(checkReader); ok {
		return c.checkedCamp(camp)
	}
	return camp == CampKillers
}

// checkAnswer reports whether a private answer is a check's, and whether
// it found what the check looked for (SeatOutcome.Checks, Found): any
// answer but "none", finding with "killer" or "secret-police"; or as the
// variant says (checkReader).
func checkAnswer(s *State, answer string) (isCheck, found bool) {
	if c, ok := s.variant.(checkReader); ok {
		return c.check(answer)
	}
	return answer != "none", answer == "killer" || answer == "secret-police"
}

// roleCamp is role's camp in the game's variant (VariantInfo.Roles).
func roleCamp(s *State, role string) string {
	for _, r := range s.variant.Info().Roles {
		if r.ID == role {
			return r.Camp
		}
	}
	return ""
}

// seatSide is seat's camp: the camp its cards decide (Camper), else its
// first card's role's camp.
func (s *State) seatSide(seat int) string {
	if c := s.caps.camper; c != nil {
		if side := c.Camp(s, seat); side != "" {
			return side
		}
	}
	if cards := s.Seat(seat).Cards; len(cards) > 0 {
		return roleCamp(s, cards[0].Role)
	}
	return ""
}

// seatWon reports whether seat is among the winners of the finished game:
// the seats the end lists where it lists them (the cards decide the camps:
// Camper, cat-lives-7's stances), else the seats whose side won. Outcome
// and the player's view (PlayerView.Outcome) both read it.
func (s *State) seatWon(seat int) bool {
	if s.Phase != PhaseOver {
		return false
	}
	if s.Winners != nil {
		return slices.Contains(s.Winners, seat)
	}
	side := s.seatSide(seat)
	return side != "" && side == s.Winner
}

// foldOutcome replays the log to learn when each seat died and who acted
// in each step that brought an answer, and reads the ballots' votes.
func (g *Game) foldOutcome(out *Outcome) {
	r, err := New(g.setup)
	if err != nil {
		return
	}
	seat := func(n int) *SeatOutcome {
		if n < 1 || n > len(out.Seats) {
			return nil
		}
		return &out.Seats[n-1]
	}
	alive := make([]bool, r.s.Players+1)
	for n := 1; n <= r.s.Players; n++ {
		alive[n] = r.s.Alive(SeatTarget(n))
	}
	for _, e := range g.log[len(r.log):] {
		b := r.s.apply(e.Body)
		r.log = append(r.log, Event{Seq: e.Seq, Audience: e.Audience, Body: b})
		switch b := b.(type) {
		case *ResultBody:
			isCheck, found := checkAnswer(&r.s, b.Answer)
			if n := r.s.Night; n != nil && b.Step < len(n.Steps) && isCheck {
				var seen []int
				for _, a := range n.Steps[b.Step].Actors {
					if so := seat(a.Seat); so != nil && !slices.Contains(seen, a.Seat) {
						seen = append(seen, a.Seat)
						so.Checks++
						if found {
							so.Found++
						}
					}
				}
			}
		case *VoteBody:
			if so := seat(b.Target.Seat); so != nil {
				so.VotesAgainst++
			}
		case *ExecutedBody:
			if so := seat(b.Seat); so != nil {
				so.Executed = true
			}
		}
		if k, ok := r.s.variant.(statKeeper); ok {
			k.stat(&r.s, b, func(n int, kind StatKind) {
				if so := seat(n); so != nil {
					so.Stats = AddStat(so.Stats, kind, 1)
				}
			})
		}
		for n := 1; n <= r.s.Players; n++ {
			if alive[n] && !r.s.Alive(SeatTarget(n)) {
				alive[n] = false
				if so := seat(n); so != nil {
					so.Died = max(r.s.Round, 1)
				}
			}
		}
	}
}
