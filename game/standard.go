package game

// standard-003: rules/standard-003.md (seed 003, "杀人游戏 - 规则与术语").
//
// The night is classic-2.0's (a group kill and a group check, both
// mandatory, R8) plus the police huddle (内推, R7: suspect markers, see
// night.go suspect and Game.HuddleHold). The day differs from seed 000's in
// its defaults (§12): speeches and calls start on the left of the anchor and
// go clockwise (R2, R3); the PK repeats with every living player voting
// until one player has the most votes, capped at tieRounds ballots with a
// seeded lot at the end (§9 "PK", R5); killers may self-reveal (爆, §10,
// implemented once for every variant in day.go explode).
//
// Readings of the rules file where it leaves room (each also noted at the
// code that implements it):
//
//   - PK speakers (§9 PK step 2): before every run-off ballot the tied speak
//     again, never "the others" (RunoffSpeakers).
//   - tieFinal (§12): only lots, draw and none are this variant's values;
//     killers-win and all-die belong to other variants and are refused.
//   - Self-reveal (§10, R6): "from the end of the dawn announcement until the
//     day ends" is the whole day phase: after the dawn, during last words,
//     speeches, PK speeches and ballots. A ballot or PK not yet decided is
//     void; an execution already announced stands and only its last words
//     are cut; the exploded killer takes a last-words slot if one is left
//     (R9) but never speaks. No explosion is possible at night.
//   - Win (§11): only one player leaves per announcement, so "good" and
//     "killers" never start to hold together; the check order is therefore
//     immaterial. There is no draw (R12) except through tieFinal: draw.
type standard struct{ killerFamily }

func init() {
	register(standard{killerFamily{declare(VariantInfo{
		ID:           "standard-003",
		MinPlayers:   6,
		MaxPlayers:   18,
		CardsPerSeat: 1,
		Roles:        roles("killer", "police", "civilian"),
		Actions:      []string{"kill", "check", "suspect", "sleep", "pass", "vote", "abstain", "explode"},
		// §12 narrows tieFinal and voteMode.
		Options: narrow(shared(append(commonOptions, "huddle", "huddleSeconds")...), map[string][]string{
			"voteMode": {"sequential-open", "simultaneous-open", "secret"},
			"tieFinal": {"lots", "draw", "none"},
		}),
	})}})
}

// standardTeams is the police (= killers) count of §2 and R1: that of the
// nearest standard game (8, 12 or 16 players), the smaller one when two are
// equally near.
func standardTeams(n int) int {
	best, dist := 0, -1
	for _, g := range []struct{ players, teams int }{{8, 2}, {12, 3}, {16, 4}} {
		d := max(n-g.players, g.players-n)
		if dist < 0 || d < dist { // strictly nearer: a tie keeps the smaller game
			best, dist = g.teams, d
		}
	}
	return best
}

func (standard) Deck(n int) []string {
	p := standardTeams(n)
	d := append(repeat("police", p), repeat("killer", p)...)
	return append(d, repeat("civilian", n-2*p)...)
}

// Defaults are §12's.
func (standard) Defaults(s *State) Options {
	o := seedDefaults(s.CountRole("police", false)) // §8: the starting number of police
	o.SpeechStart, o.SpeechDirection = "left", "cw" // R2
	o.VoteCallOrder = "speech"                      // R3
	o.TieRounds, o.TieVoters, o.TieFinal = 4, "all", "lots"
	o.SelfReveal = true
	o.Huddle, o.HuddleSeconds = true, 5
	return o
}

// Knows: killers see the killers, police see the police (§3); civilians
// learn nothing but their own role.
func (standard) Knows(s *State, seat int, known []Known) []Known {
	if r := s.Role(seat); r == "killer" || r == "police" {
		return teamKnowledge(s, seat, known, r)
	}
	return known
}

// NightSteps are §5's: the killers' kill, then the police check, both group
// actions and mandatory (R8). The huddle is not a step: it opens when the
// check answer is delivered (state.go, ResultBody).
func (standard) NightSteps(s *State, steps []NightStep) []NightStep {
	return append(steps,
		groupStep(s, "kill", "killer", true, false),
		groupStep(s, "check", "police", true, true),
	)
}

// Legal: the killers may kill anyone alive, a killer or themselves included
// (§5.3 匪自杀); the police may not check a police (§5.3 警不能查验警).
func (standard) Legal(s *State, st *Step, actor, t Target) Rejection {
	if st.Action == "check" && s.Role(t.Seat) == "police" {
		return Rejection{Code: RefusePoliceCheckPolice}
	}
	return Rejection{}
}

// Answer is §4.3.2's thumb: killer or not a killer.
func (standard) Answer(s *State, st *Step) string { return killerAnswer(s, st.Final) }

// Resolve is §6: the killers' target dies; nothing prevents a kill.
func (standard) Resolve(s *State, e Emitter) DawnBody {
	if kill := s.Night.StepByAction("kill"); kill != nil && kill.Happened() {
		return DawnBody{Dead: []Target{kill.Final}}
	}
	return DawnBody{Dead: []Target{}}
}

// Win is §11: the good side when every killer is dead; the killers when every
// civilian (屠城) or every police is dead.
func (standard) Win(s *State) (string, Why) {
	switch {
	case allDead(s, "killer"):
		return "good", Why{Code: ReasonKillersDead}
	case allDead(s, "civilian"):
		return "killers", Why{Code: ReasonCiviliansDead}
	case allDead(s, "police"):
		return "killers", Why{Code: ReasonPoliceDead}
	}
	return "", Why{}
}

// RunoffSpeakers: in every PK round the tied players speak once more (§9 PK
// step 2, seed 003 §5.6 "得票最多的两名或多名玩家继续发言一次").
func (standard) RunoffSpeakers(int) string { return "tied" }
