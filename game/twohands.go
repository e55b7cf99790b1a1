package game

import (
	"slices"
)

// two-hands: rules/two-hands.md (seed 001, 双手杀人游戏): each hand is a role.
//
// Hands are Target{Seat, Card: 1|2} ("3L" left hand, "3R" right hand).
// Kills, protections, treatments, checks, nominations and votes are per
// hand; a player is dead when both hands are. A player's camp is the sign of
// the sum of the two hands' justice weights (§1); a zero sum voids the deal
// (DealOK). The game opens with a setup night (SetupNighter) in which a
// player dealt two police or two killers answers "redeal" or "keep" (R1,
// option doubleRoleRedeal "ask"); everybody else taps sleep.
//
// Night steps (§5): the assassin's one strike, the bodyguard's protection,
// the killers' group kill and the police's group check (G4, members are
// hands: a seat with two member hands makes one selection counting twice,
// R3), the doctor's treatment, the traitor's and the dark police's checks.
// Resolution is §6 (Resolve), with secret per-hand marks for misdiagnoses,
// protections and the assassin's state. The day: last words per player and
// announcement (R14, state.announce), nominations and defence (Balloter:
// the shared day's nomination stage), a simultaneous-open ballot by living
// hand (R17; missing votes at the deadline go to a seeded random suspect),
// the bodyguard's immunity (Immunizer, R18), three ballots then the killer
// camp wins (tieFinal killers-win).
//
// Readings of the rules file where it leaves room (each also noted at the
// code that implements it):
//
//   - The redeal question (R1, §2 step 3) is asked on a setup night held
//     in every game with doubleRoleRedeal "ask", whether or not somebody
//     holds a double, so that only an actual redraw tells the table that a
//     double existed; everybody else taps sleep. A redraw deals new cards to
//     every seat and holds a new setup night. With "always" a double voids
//     the deal like a zero sum (DealOK; a scripted deal with a double is
//     then refused).
//   - "Double killer" is two killer hands; "double police" two police hands
//     (the dark police is another role). killer + assassin is no double.
//   - A converted assassin (acted on an earlier night) is a member of the
//     killer group and counts as one of "the killers" for §6 step 3a (R6);
//     its role id stays "assassin" (the camp never changes, §1).
//   - The bodyguard's ban (R11) is a mark "banned" on the hand; "protected"
//     holds the last round the hand was protected, which also gives the next
//     day's immunity (R18), whatever happened to the bodyguard since.
//   - Police answers wait for the assassin's step (G3.5) as the rules say;
//     traitor and dark-police answers come on submission.
//   - thinkSeconds (§9.5) is shown as a countdown before every ballot of
//     the day (Timer.Think, included in the ballot's deadline); votes are
//     accepted during it, since they stay secret until all are in.
//   - With timeoutVote "random" and selfVote false, a hand's random vote is
//     drawn among the suspects that are not its own player's hands.
type twoHands struct{ info VariantInfo }

// Each variant registers its own card list (v5.go, catlives.go alike):
// data, not a copy.
func init() {
	register(twoHands{declare(VariantInfo{
		ID:           "two-hands",
		MinPlayers:   10,
		MaxPlayers:   20,
		CardsPerSeat: 2,
		Roles: []RoleInfo{
			{ID: "villager", Camp: "good"},
			{ID: "killer", Camp: "killers"},
			{ID: "police", Camp: "good"},
			{ID: "bodyguard", Camp: "good"},
			{ID: "doctor", Camp: "good"},
			{ID: "traitor", Camp: "killers"},
			{ID: "assassin", Camp: "killers"},
			{ID: "dark-police", Camp: "good"},
		},
		Actions: []string{"assassinate", "protect", "kill", "check", "save", "traitor-check", "dark-check",
			"redeal", "keep", "nominate", "sleep", "pass", "vote", "abstain"},
		// §12: R1's doubleRoleRedeal is its own; voteMode and tieFinal
		// are narrowed.
		Options: narrow(append([]OptionSpec{
			{ID: "doubleRoleRedeal", Kind: OptChoice, Values: []string{"ask", "always", "never"}, Default: "ask"}},
			shared("lastWords", "speechStart", "speechDirection", "voteMode",
				"selfVote", "abstain", "timeoutVote", "tieRounds", "tieVoters", "tieFinal",
				"deadSeeAll", "nightMaxSeconds", "nightMinSeconds", "speechSeconds",
				"lastWordsSeconds", "pkSpeechSeconds", "thinkSeconds", "voteSeconds", "announceSeconds")...),
			map[string][]string{
				"voteMode": {"simultaneous-open", "secret"},
				"tieFinal": {"killers-win", "lots"},
			}),
	})})
}

func (v twoHands) Info() VariantInfo { return v.info }

// thWeights are the justice weights of §1.
var thWeights = map[string]int{
	"villager": 1, "killer": -3, "police": 3, "bodyguard": 1, "doctor": 1,
	"traitor": -2, "assassin": -3, "dark-police": 3,
}

// Marks kept on hands (audience: nobody).
const (
	thMisdiagnoses = "misdiagnoses" // §6 step 4e
	thProtected    = "protected"    // round of the last protection (R11, R18)
	thBanned       = "banned"       // R11
	thActed        = "acted"        // round the assassin acted (R4)
)

// Deck (§2, R2): the recommended configuration; villagers fill the rest.
func (twoHands) Deck(n int) []string {
	d := []string{"bodyguard", "killer", "killer", "police", "police", "doctor", "traitor"}
	if n >= 17 {
		d = append(d, "assassin", "dark-police")
	}
	return append(d, repeat("villager", 2*n-len(d))...)
}

// Defaults are §12's; lastWords = killers + assassins at the start (§8).
func (twoHands) Defaults(s *State) Options {
	return Options{
		LastWords:        s.CountRole("killer", false) + s.CountRole("assassin", false),
		SpeechMode:       "turns",
		SpeechStart:      "right",
		SpeechDirection:  "ccw",
		VoteMode:         "simultaneous-open",
		VoteCallOrder:    "speech",
		SelfVote:         true,
		Abstain:          false,
		TieRounds:        3,
		TieVoters:        "all",
		TieFinal:         "killers-win",
		NightMaxSeconds:  120,
		NightMinSeconds:  45,
		SpeechSeconds:    90,
		LastWordsSeconds: 60,
		PKSpeechSeconds:  90, // the tied defend again: a speech like the first (§9.7)
		VoteCallSeconds:  10,
		VoteSeconds:      30,
		TimeoutVote:      "random",
		ThinkSeconds:     5,
	}
}

// thSum is seat's justice weight sum (§1).
func thSum(s *State, seat int) int {
	n := 0
	for _, c := range s.Seat(seat).Cards {
		n += thWeights[c.Role]
	}
	return n
}

// thDouble reports a double police or double killer (§2 step 3).
func thDouble(s *State, seat int) bool {
	c := s.Seat(seat).Cards
	return c[0].Role == c[1].Role && (c[0].Role == "police" || c[0].Role == "killer")
}

// DealOK (§2 steps 2–3): a zero sum voids the deal; with doubleRoleRedeal
// "always" so does a double.
func (twoHands) DealOK(s *State) error {
	for i := range s.Seats {
		c := s.Seats[i].Cards
		if thSum(s, i+1) == 0 {
			return &VoidDeal{Why{Code: RedealZeroSum, Seat: i + 1, Roles: []string{c[0].Role, c[1].Role}}}
		}
	}
	if s.OptChoice("doubleRoleRedeal") == "always" {
		for i := range s.Seats {
			if thDouble(s, i+1) {
				return &VoidDeal{Why{Code: RedealDoubleRole, Seat: i + 1, Roles: []string{s.Seats[i].Cards[0].Role}}}
			}
		}
	}
	return nil
}

// Camp (§1): the sign of the weights' sum.
func (twoHands) Camp(s *State, seat int) string {
	if thSum(s, seat) < 0 {
		return "killers"
	}
	return "good"
}

// SetupSteps: with "ask", a setup night in every game, with the question to
// every double (R1); the others sleep. With "always" or "never" there is no
// setup night.
func (twoHands) SetupSteps(s *State) ([]NightStep, bool) {
	if s.OptChoice("doubleRoleRedeal") != "ask" {
		return nil, false
	}
	var out []NightStep
	for seat := 1; seat <= s.Players; seat++ {
		if thDouble(s, seat) {
			out = append(out, NightStep{Action: "redeal", Role: s.Role(seat), Actors: []Target{SeatTarget(seat)}, NoTarget: true, Decline: "keep"})
		}
	}
	return out, true
}

// SetupRedeal: one "redeal" answer redraws everybody (R1).
func (twoHands) SetupRedeal(s *State) bool {
	for _, st := range s.Night.Steps {
		if st.Action == "redeal" && st.Happened() {
			return true
		}
	}
	return false
}

// Knows (§3): the holders of killer hands see the killer hands, the holders
// of police hands the police hands; an assassin that has acted sees the
// killer hands and they see it, from the next night on (the night after the
// one it acted in).
func (twoHands) Knows(s *State, seat int, known []Known) []Known {
	out := known
	joined := func(t Target) bool {
		r := s.Mark(t, thActed)
		return r != 0 && s.Round > r
	}
	killerSide := holds(s, seat, "killer")
	for j, c := range s.Seat(seat).Cards {
		if c.Role == "assassin" && joined(Target{Seat: seat, Card: j + 1}) {
			killerSide = true
		}
	}
	if killerSide {
		for _, t := range cardsWith(s, "killer", "assassin") {
			if s.Card(t).Role == "killer" || joined(t) {
				out = append(out, Known{Target: t, Role: s.Card(t).Role})
			}
		}
	}
	if holds(s, seat, "police") {
		for _, t := range cardsWith(s, "police") {
			out = append(out, Known{Target: t, Role: "police"})
		}
	}
	return out
}

// livingHands lists the living hands with one of the roles.
func livingHands(s *State, roles ...string) []Target {
	var out []Target
	for _, t := range cardsWith(s, roles...) {
		if s.Card(t).Alive {
			out = append(out, t)
		}
	}
	return out
}

// NightSteps are §5's, in the seed's calling order.
func (twoHands) NightSteps(s *State, steps []NightStep) []NightStep {
	var assassin, killers []Target
	for _, t := range livingHands(s, "assassin") {
		if s.Mark(t, thActed) == 0 {
			assassin = append(assassin, t)
		} else {
			killers = append(killers, t) // R4, R6: a member from the next night on
		}
	}
	killers = append(livingHands(s, "killer"), killers...)
	sortTargets(killers)
	return append(steps,
		NightStep{Action: "assassinate", Role: "assassin", Actors: assassin},
		NightStep{Action: "protect", Role: "bodyguard", Actors: livingHands(s, "bodyguard"), Mandatory: true},
		NightStep{Action: "kill", Role: "killer", Group: true, Actors: killers, Mandatory: true},
		NightStep{Action: "check", Role: "police", Group: true, Actors: livingHands(s, "police"), Mandatory: true, Answers: true, After: []string{"assassinate"}},
		NightStep{Action: "save", Role: "doctor", Actors: livingHands(s, "doctor"), Mandatory: true},
		NightStep{Action: "traitor-check", Role: "traitor", Actors: livingHands(s, "traitor"), Mandatory: true, Answers: true},
		NightStep{Action: "dark-check", Role: "dark-police", Actors: livingHands(s, "dark-police"), Mandatory: true, Answers: true},
	)
}

// Legal (§5, R11, R12): any living hand, own hands included; the bodyguard
// may not protect a banned hand.
func (twoHands) Legal(s *State, st *Step, actor, t Target) Rejection {
	if t.Card == 0 {
		return Rejection{Code: RefuseChooseHand}
	}
	if st.Action == "protect" && s.Mark(t, thBanned) != 0 {
		return Rejection{Code: RefuseProtectBanned} // the target: added by targetProblem
	}
	return Rejection{}
}

// thAssassinActed reports whether the assassin hand t has acted, tonight
// included (R4).
func thAssassinActed(s *State, t Target) bool {
	if s.Mark(t, thActed) != 0 {
		return true
	}
	if st := s.Night.StepByAction("assassinate"); st != nil && st.Happened() && slices.Contains(st.Actors, t) {
		return true
	}
	return false
}

// Answer (§5, R4, R5): thumbs up ("killer") or down ("not-killer").
func (twoHands) Answer(s *State, st *Step) string {
	t := st.Final
	switch r := s.Card(t).Role; {
	case r == "killer":
		return "killer"
	case r == "assassin" && (st.Action != "check" || thAssassinActed(s, t)):
		return "killer"
	}
	return "not-killer"
}

// Resolve is §6.
func (twoHands) Resolve(s *State, e Emitter) DawnBody {
	n := s.Night
	final := func(action string) (*Step, Target, bool) {
		st := n.StepByAction(action)
		if st == nil || !st.Happened() {
			return st, Target{}, false
		}
		return st, st.Final, true
	}
	ast, a, assassinated := final("assassinate")
	pst, g, protected := final("protect")
	kst, k, killed := final("kill")
	dst, d, treated := final("save")
	var bg Target
	if protected {
		bg = pst.Actors[0]
	}
	dead := map[Target]bool{}
	// Step 1: the assassination.
	if assassinated {
		e.Mark(ast.Actors[0], thActed, s.Round)
		dead[a] = true
	}
	// Step 3: the killers' kill.
	attacked := Target{}
	if killed {
		switch {
		case protected && slices.Contains(kst.Actors, g) && k != bg: // a. void
		case s.Card(k).Role == "assassin" && !thAssassinActed(s, k): // b. void
		case protected && k == g: // c. blocked
		default: // d.
			attacked = k
		}
	}
	// Step 4: the treatment.
	saved := false
	if treated {
		switch {
		case protected && dst.Actors[0] == g: // a. void
		case protected && d == g: // b. no effect (R8)
		case assassinated && d == a: // c. no effect
		case !attacked.IsZero() && d == attacked: // d.
			saved = true
		default: // e. a misdiagnosis (R10)
			c := s.Mark(d, thMisdiagnoses) + 1
			e.Mark(d, thMisdiagnoses, c)
			if c >= 2 {
				dead[d] = true
			}
		}
	}
	// Step 5: the deaths and the bodyguard's chain (R9).
	if !attacked.IsZero() && !saved {
		dead[attacked] = true
	}
	if protected && g != bg && ((assassinated && a == bg) || (!attacked.IsZero() && !saved && attacked == bg)) {
		dead[g] = true
	}
	// Steps 2 and 6: the protection lasts the coming day (R18); a second
	// night in a row bans the hand for the rest of the game (R11).
	if protected {
		if s.Mark(g, thProtected) == s.Round-1 && s.Round > 1 {
			e.Mark(g, thBanned, 1)
		}
		e.Mark(g, thProtected, s.Round)
	}
	out := make([]Target, 0, len(dead))
	for t := range dead {
		out = append(out, t)
	}
	sortTargets(out)
	return DawnBody{Dead: out}
}

// Win is §11 (R20).
func (twoHands) Win(s *State) (string, Why) {
	good := allDead(s, "killer", "assassin")
	police := allDead(s, "police")
	others := allDead(s, "villager", "bodyguard", "doctor", "dark-police")
	switch {
	case good && (police || others):
		return "killers", Why{Code: ReasonBoth}
	case good:
		return "good", Why{Code: ReasonKillerHandsDead}
	case police:
		return "killers", Why{Code: ReasonPoliceHandsDead}
	case others:
		return "killers", Why{Code: ReasonGoodHandsDead}
	}
	return "", Why{}
}

// RunoffSpeakers (§9.7): before ballot 2 the tied hands' owners defend
// again; before ballot 3 the players owning no tied hand speak.
func (twoHands) RunoffSpeakers(k int) string {
	if k == 2 {
		return "tied"
	}
	return "others"
}

// Nominations (§9.3): yes.
func (twoHands) Nominations() bool { return true }

// Candidates: the suspects (the day engine uses them, Nominations).
func (twoHands) Candidates(*State) []Target { return nil }

// VoteWeight (§9.5): one vote per living hand.
func (twoHands) VoteWeight(s *State, seat int) int { return livingCards(s, seat) }

// VotesByHand (§9.5): each living hand votes.
func (twoHands) VotesByHand() bool { return true }

// Immune (R18): the hand protected on the night that opened this day.
func (twoHands) Immune(s *State, t Target) bool {
	return t.Card != 0 && s.Mark(t, thProtected) == s.Round
}
