package game

import (
	"fmt"
	"slices"
)

// v5.0-dual: rules/v5.0-dual.md (seed 000, "杀人游戏规则5.0"): two cards per
// player; everything at night targets cards.
//
// Cards are Target{Seat, Card: 1|2} ("3L" = card position 5, "3R" = 6).
// The game opens with the setup night (§3, R5; SetupNighter): nobody acts,
// everybody taps sleep, and each group learns its cards (Knows); action
// night 1 follows at once. Every living card with an action is one night
// step of its own (§5 "each card acts separately"), in the resolution
// order hug → kill → save → check → shoot, cards of one kind in canonical
// order; a seat holding two acting cards enters them in that order (G3.4),
// naming the card with Command.Card when both are of the same kind. The
// night is resolved by v5Resolve (§6). The day is free talk, then the token
// ballot (Balloter: every living card is a candidate, one token per living
// card, placed live, split or withheld), a re-vote among the tied after a
// pkDiscussionSeconds discussion, then all tied cards die (tieFinal
// all-die). Wins are on cards (§11), with the stall draw at the end of a
// round (RoundEnder, R19).
//
// Readings of the rules file where it leaves room (each also noted at the
// code that implements it):
//
//   - Killer cards (§5, R7, G4's parenthesis): each killer card's kill is an
//     individual action, final when submitted (G3.2), like every other
//     card's; the "live display" is that each submission is shown at once to
//     the holders of the other killer cards (NightStep.Share). The
//     undercover is not part of it from action night 1 on (§3).
//   - Setup-night knowledge (§3, R6) is given as Known entries, labelled
//     with the group's numbers in card-position order: the secret police
//     ("secret-police", "secret police #1"…), the doctors ("doctor",
//     "doctor #1"…), the police group (role "police-group", "police #1"…:
//     police and undercover alike, so that the police cannot tell which one
//     is the undercover), and for killer and undercover holders the killer
//     cards ("killer") and the undercover card ("undercover"). The
//     butterfly and the civilians learn nothing beyond their own cards.
//   - Answers (§5, R13): "killer" / "not-killer" for police cards,
//     "secret-police" / "not-secret-police" for the undercover, "none" for a
//     hugged checker. They wait for the hug (G3.5).
//   - A secret police whose shot is void because it was hugged spends its
//     power (R12) only if it actually shot that night; a hugged secret
//     police that skipped keeps it.
//   - The stall rule (R19) counts a round as quiet when neither its night
//     nor its day killed a card; the draw is declared when the
//     stallRounds-th quiet round ends (after its day), since a round's day
//     can still kill.
//   - With speechMode "turns" (§9.2's option), the owners of the tied cards
//     speak before the re-vote (pk-speech turns, pkSpeechSeconds), in
//     place of the free discussion.
//   - Ties settled by tieFinal "lots" (§12's alternative) put out one of the
//     tied cards by a seeded lot.
type v5 struct{ info VariantInfo }

func init() {
	register(v5{declare(VariantInfo{
		ID:           "v5.0-dual",
		MinPlayers:   6,
		MaxPlayers:   16,
		CardsPerSeat: 2,
		Roles: []RoleInfo{
			{ID: "butterfly", Camp: "good"},
			{ID: "killer", Camp: "killers"},
			{ID: "undercover", Camp: "killers"},
			{ID: "police", Camp: "good"},
			{ID: "secret-police", Camp: "good"},
			{ID: "doctor", Camp: "good"},
			{ID: "civilian", Camp: "good"},
		},
		Actions: []string{"hug", "kill", "save", "check", "shoot", "sleep", "pass", "vote", "abstain"},
		// §12: R3's forbidden pairs and R19's stall rounds are its own;
		// voteMode and tieFinal are narrowed.
		Options: narrow([]OptionSpec{
			{ID: "forbiddenPairs", Kind: OptChoice, Values: []string{"extended", "seed"}, Default: "extended"},
			sharedOpt("speechMode"), sharedOpt("discussionSeconds"), sharedOpt("pkDiscussionSeconds"),
			sharedOpt("voteMode"), sharedOpt("selfVote"), sharedOpt("abstain"), sharedOpt("tieFinal"),
			{ID: "stallRounds", Kind: OptInt, Default: 3},
			sharedOpt("lastWords"), sharedOpt("deadSeeAll"), sharedOpt("nightMaxSeconds"), sharedOpt("nightMinSeconds"),
			sharedOpt("voteSeconds"), sharedOpt("speechSeconds"), sharedOpt("pkSpeechSeconds"),
			sharedOpt("lastWordsSeconds"), sharedOpt("announceSeconds"),
		}, map[string][]string{
			"voteMode": {"tokens"},
			"tieFinal": {"all-die", "lots"},
		}),
	})})
}

func (v v5) Info() VariantInfo { return v.info }

// v5Teams is m of §2 (R1): the police, killer and doctor count that makes
// civilians : special cards closest to 4 : 5 (ties: the smaller m).
func v5Teams(n int) int {
	best, bm := -1.0, 1
	for m := 1; 2*n-4-3*m >= 0; m++ {
		specials := 4 + 3*m
		civ := 2*n - specials
		d := float64(civ)/float64(specials) - 0.8
		if d < 0 {
			d = -d
		}
		if best < 0 || d < best-1e-12 {
			best, bm = d, m
		}
	}
	return bm
}

// Deck (§2): 1 butterfly, 1 undercover, 2 secret police, m police, m
// killers, m doctors, civilians for the rest of the 2N cards.
func (v5) Deck(n int) []string {
	m := v5Teams(n)
	d := []string{"butterfly", "undercover", "secret-police", "secret-police"}
	d = append(d, repeat("police", m)...)
	d = append(d, repeat("killer", m)...)
	d = append(d, repeat("doctor", m)...)
	return append(d, repeat("civilian", 2*n-len(d))...)
}

// Defaults are §12's.
func (v5) Defaults(*State) Options {
	return Options{
		LastWords:           0, // R17
		SpeechMode:          "free",
		SpeechStart:         "right",
		SpeechDirection:     "ccw",
		VoteMode:            "tokens",
		VoteCallOrder:       "speech",
		SelfVote:            true,
		Abstain:             true,
		TieRounds:           2, // a ballot and one re-vote (R16)
		TieVoters:           "all",
		TieFinal:            "all-die",
		NightMaxSeconds:     120,
		NightMinSeconds:     45,
		SpeechSeconds:       90,
		LastWordsSeconds:    60,
		PKSpeechSeconds:     60,
		VoteCallSeconds:     10,
		VoteSeconds:         60,
		DiscussionSeconds:   300,
		PKDiscussionSeconds: 60,
	}
}

// v5Forbidden lists the forbidden pairs of §2 (R2, R3).
var v5Forbidden = map[string][][2]string{
	"seed": {{"killer", "police"}},
	"extended": {{"killer", "police"}, {"killer", "secret-police"}, {"undercover", "police"},
		{"undercover", "secret-police"}, {"killer", "undercover"}},
}

// DealOK refuses a deal where a seat holds a forbidden pair (§2).
func (v5) DealOK(s *State) error {
	pairs := v5Forbidden[s.OptChoice("forbiddenPairs")]
	if pairs == nil {
		pairs = v5Forbidden["extended"]
	}
	for i := range s.Seats {
		c := s.Seats[i].Cards
		a, b := c[0].Role, c[1].Role
		for _, p := range pairs {
			if (a == p[0] && b == p[1]) || (a == p[1] && b == p[0]) {
				return &VoidDeal{Why{Code: RedealForbiddenPair, Seat: i + 1, Roles: []string{a, b}, Value: s.OptChoice("forbiddenPairs")}}
			}
		}
	}
	return nil
}

// holds reports whether seat holds a card with one of the roles (alive or
// not).
func holds(s *State, seat int, roles ...string) bool {
	for _, c := range s.Seat(seat).Cards {
		if slices.Contains(roles, c.Role) {
			return true
		}
	}
	return false
}

// cardsWith lists every card (alive or not) with one of the roles, in
// canonical (= card position) order.
func cardsWith(s *State, roles ...string) []Target {
	var out []Target
	for i := range s.Seats {
		for j, c := range s.Seats[i].Cards {
			if slices.Contains(roles, c.Role) {
				out = append(out, Target{Seat: i + 1, Card: j + 1})
			}
		}
	}
	return out
}

// Knows is §3's setup night, card by card (R6); see the type's comment.
func (v5) Knows(s *State, seat int, known []Known) []Known {
	out := known
	numbered := func(role, label string, roles ...string) {
		for i, t := range cardsWith(s, roles...) {
			out = append(out, Known{Target: t, Role: role, Label: fmt.Sprintf("%s #%d", label, i+1)})
		}
	}
	if holds(s, seat, "secret-police") {
		numbered("secret-police", "secret police", "secret-police")
	}
	if holds(s, seat, "police", "undercover") {
		numbered("police-group", "police", "police", "undercover")
	}
	if holds(s, seat, "killer", "undercover") {
		for _, t := range cardsWith(s, "killer", "undercover") {
			out = append(out, Known{Target: t, Role: s.Card(t).Role})
		}
	}
	if holds(s, seat, "doctor") {
		numbered("doctor", "doctor", "doctor")
	}
	return out
}

// Camp (§1, R4): the killer camp holds a killer or the undercover.
func (v5) Camp(s *State, seat int) string {
	if holds(s, seat, "killer", "undercover") {
		return "killers"
	}
	return "good"
}

// SetupSteps: every game has the setup night (§3, R5); nobody acts on it,
// everybody sleeps.
func (v5) SetupSteps(*State) ([]NightStep, bool) { return nil, true }

// SetupRedeal: 5.0 never redeals after the deal.
func (v5) SetupRedeal(*State) bool { return false }

// v5ShotMark is a secret-police card's spent power (§6 step 2).
const v5ShotMark = "shot"

// NightSteps (§5): one step per living acting card, in the resolution order;
// police and undercover checks share rank 4 and go in card order.
func (v5) NightSteps(s *State, steps []NightStep) []NightStep {
	out := steps
	per := func(action string, mandatory, answers bool, share string, roles ...string) {
		for _, t := range cardsWith(s, roles...) {
			c := s.Card(t)
			if !c.Alive || (c.Role == "secret-police" && c.Marks[v5ShotMark] != 0) {
				continue
			}
			st := NightStep{Action: action, Role: c.Role, Actors: []Target{t}, Mandatory: mandatory, Answers: answers, Share: share}
			if answers {
				st.After = []string{"hug"} // G3.5: the hug can void the check
			}
			out = append(out, st)
		}
	}
	per("hug", false, false, "", "butterfly")
	per("kill", false, false, "killers", "killer")
	per("save", false, false, "", "doctor")
	per("check", true, true, "", "police", "undercover")
	per("shoot", false, false, "", "secret-police")
	return out
}

// Legal (§5): the butterfly may not hug its own card; checks and shots may
// not target the actor's player's own cards; kills and saves may target any
// living card.
func (v5) Legal(s *State, st *Step, actor, t Target) Rejection {
	switch st.Action {
	case "hug":
		if t == actor {
			return Rejection{Code: RefuseHugOwnCard}
		}
	case "check":
		if t.Seat == actor.Seat {
			return Rejection{Code: RefuseCheckOwnCards}
		}
	case "shoot":
		if t.Seat == actor.Seat {
			return Rejection{Code: RefuseShootOwnCards}
		}
	}
	return Rejection{}
}

// v5Hugged is tonight's hugged card, if any.
func v5Hugged(s *State) (Target, bool) {
	if hug := s.Night.StepByAction("hug"); hug != nil && hug.Happened() {
		return hug.Final, true
	}
	return Target{}, false
}

// Answer (§5, R13).
func (v5) Answer(s *State, st *Step) string {
	actor := st.Actors[0]
	if h, ok := v5Hugged(s); ok && h == actor {
		return "none"
	}
	target := s.Card(st.Final).Role
	if s.Card(actor).Role == "undercover" {
		if target == "secret-police" {
			return "secret-police"
		}
		return "not-secret-police"
	}
	if target == "killer" || target == "undercover" {
		return "killer"
	}
	return "not-killer"
}

// Resolve is §6.
func (v5) Resolve(s *State, e Emitter) DawnBody {
	h, hugged := v5Hugged(s)
	dead := map[Target]bool{}
	// Step 2: the secret police's shots. The power is spent by shooting,
	// hugged or not (R12); a shot at the hugged card is wasted (R9).
	var spent []Target
	for _, st := range s.Night.Steps {
		if st.Action != "shoot" || !st.Happened() {
			continue
		}
		a := st.Actors[0]
		spent = append(spent, a)
		if hugged && a == h {
			continue
		}
		if !(hugged && st.Final == h) {
			dead[st.Final] = true
		}
	}
	// Step 3: the killer cards, each on its own (R7, R8), against the saves
	// of doctors that were not hugged (R11).
	saved := map[Target]bool{}
	for _, st := range s.Night.Steps {
		if st.Action == "save" && st.Happened() && !(hugged && st.Actors[0] == h) {
			saved[st.Final] = true
		}
	}
	for _, st := range s.Night.Steps {
		if st.Action != "kill" || !st.Happened() || (hugged && st.Actors[0] == h) {
			continue
		}
		t := st.Final
		switch {
		case hugged && t == h: // a. wasted (白杀)
		case s.Card(t).Role == "secret-police" && s.Mark(t, v5ShotMark) == 0: // b. unused: immune (marks not yet written)
		case saved[t]: // c.
		default:
			dead[t] = true
		}
	}
	// Step 4: the butterfly falls with the card it hugged (R10).
	if hug := s.Night.StepByAction("hug"); hugged && dead[hug.Actors[0]] {
		dead[h] = true
	}
	for _, a := range spent {
		e.Mark(a, v5ShotMark, 1)
	}
	// Step 5: each dead card once; the engine sorts them (G8).
	out := make([]Target, 0, len(dead))
	for t := range dead {
		out = append(out, t)
	}
	sortTargets(out)
	return DawnBody{Dead: out}
}

// Win is §11 on cards (R19: both at once is a draw). It stays its own
// switch, as v4.0's and two-hands' Win do: each variant's rules name their
// own conditions and reasons.
func (v5) Win(s *State) (string, Why) {
	good := allDead(s, "killer", "undercover")
	killers := allDead(s, "police", "secret-police")
	switch {
	case good && killers:
		return "draw", Why{Code: ReasonTogetherCards}
	case good:
		return "good", Why{Code: ReasonKillerCardsDead}
	case killers:
		return "killers", Why{Code: ReasonPoliceCardsDead}
	}
	return "", Why{}
}

// RoundEnd is R19's stall draw: stallRounds consecutive rounds without a
// card dying (the ending round included when nothing died in it).
func (v5) RoundEnd(s *State) (string, Why) {
	n := s.OptInt("stallRounds")
	if n == 0 {
		return "", Why{}
	}
	quiet := s.QuietRounds
	if s.RoundDead == 0 {
		quiet++
	}
	if quiet >= n {
		return "draw", Why{Code: ReasonStall, N: quiet}
	}
	return "", Why{}
}

// RunoffSpeakers: before the re-vote the tied cards' owners speak (used
// only with speechMode "turns"; free talk otherwise, §9.4).
func (v5) RunoffSpeakers(int) string { return "tied" }

// Nominations: none in 5.0.
func (v5) Nominations() bool { return false }

// Candidates (§9.3): every living card, in canonical order.
func (v5) Candidates(s *State) []Target {
	var out []Target
	for i := range s.Seats {
		for j, c := range s.Seats[i].Cards {
			if c.Alive {
				out = append(out, Target{Seat: i + 1, Card: j + 1})
			}
		}
	}
	return out
}

// VoteWeight (§9.3): one token per living card.
func (v5) VoteWeight(s *State, seat int) int { return livingCards(s, seat) }

// VotesByHand: tokens belong to the player, not to a card.
func (v5) VotesByHand() bool { return false }

func livingCards(s *State, seat int) int {
	n := 0
	for _, c := range s.Seat(seat).Cards {
		if c.Alive {
			n++
		}
	}
	return n
}
