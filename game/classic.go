package game

// classic-2.0: rules/classic-2.0.md.
type classic struct{ killerFamily }

func init() {
	register(classic{killerFamily{declare(VariantInfo{
		ID:           "classic-2.0",
		MinPlayers:   8,
		MaxPlayers:   17,
		CardsPerSeat: 1,
		Roles:        roles("killer", "police", "civilian"),
		Actions:      []string{"kill", "check", "sleep", "pass", "vote", "abstain", "explode"},
		Options:      append(shared(commonOptions...), civiliansWipedOut),
	})}})
}

// civiliansWipedOut is R14's option (v3.0 takes it too): whether the
// killers win or the game is drawn when the last civilian dies.
var civiliansWipedOut = OptionSpec{ID: "civiliansWipedOut", Kind: OptChoice, Values: []string{"draw", "killers-win"}, Default: "draw"}

// classicTeams is the police (= killers) count of classic-2.0 §2.
func classicTeams(n int) int {
	switch {
	case n <= 10:
		return 2
	case n <= 14:
		return 3
	}
	return 4
}

func (classic) Deck(n int) []string {
	p := classicTeams(n)
	d := append(repeat("police", p), repeat("killer", p)...)
	return append(d, repeat("civilian", n-2*p)...)
}

func (classic) Defaults(s *State) Options { return seedDefaults(s.CountRole("police", false)) }

// Knows: killers see the killers, police see the police (§3); civilians
// learn nothing but their own role.
func (classic) Knows(s *State, seat int, known []Known) []Known {
	if r := s.Role(seat); r == "killer" || r == "police" {
		return teamKnowledge(s, seat, known, r)
	}
	return known
}

func (classic) NightSteps(s *State, steps []NightStep) []NightStep {
	return append(steps,
		groupStep(s, "kill", "killer", true, false),
		groupStep(s, "check", "police", true, true),
	)
}

func (classic) Legal(s *State, st *Step, actor, t Target) Rejection {
	if st.Action == "check" && s.Role(t.Seat) == "police" {
		return Rejection{Code: RefusePoliceKnow}
	}
	return Rejection{}
}

func (classic) Answer(s *State, st *Step) string { return killerAnswer(s, st.Final) }

func (classic) Resolve(s *State, e Emitter) DawnBody {
	kill := s.Night.StepByAction("kill")
	if kill.Happened() {
		return DawnBody{Dead: append(targetBuf(s, 1), kill.Final)}
	}
	return DawnBody{Dead: []Target{}}
}

func (classic) Win(s *State) (string, Why) {
	switch {
	case allDead(s, "killer"):
		return "good", Why{Code: ReasonKillersDead}
	case allDead(s, "police"):
		return "killers", Why{Code: ReasonPoliceDead}
	case allDead(s, "civilian"):
		if s.OptChoice(civiliansWipedOut.ID) == "killers-win" {
			return "killers", Why{Code: ReasonCiviliansDead}
		}
		return "draw", Why{Code: ReasonCiviliansDead}
	}
	return "", Why{}
}
