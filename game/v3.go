package game

import "slices"

// v3.0: rules/v3.0.md (seed 000, "杀人游戏规则3.0"): classic-2.0 plus a doctor
// and a special police.
//
// Night steps in the seed's calling order (§5): the killers' group kill and
// the police group check (both mandatory, R15), the doctor's save and the
// special police's one shot (both optional). Resolution is §6 (Resolve). The
// day is classic-2.0's (§9): the shared day engine with seed 000's defaults;
// noDeathSkipsDay (R9) is applied by day.go beginSpeeches.
//
// Readings of the rules file where it leaves room (each also noted at the
// code that implements it):
//
//   - The spent power is a mark "shot" on the special police's seat
//     (audience: nobody), written whenever a shot is given, hit or miss
//     (§6 step 1, R5). From the next night the special police has no shoot
//     step at all: their phone shows the neutral sleep task, and a shoot
//     command is rejected ("you have no shoot action tonight").
//   - Immunity (§6 step 2b, R2) is read from the marks as they stand before
//     this night's mark is written, i.e. the state at the start of the night.
//   - A killer both killed by the killers and shot by the special police dies
//     once; a save on that killer stops only the kill, so they still die
//     (unless doctorVsShot). With doctorVsShot the save stops a shot on the
//     saved player exactly as it stops a kill (R3's option).
//   - R12 names "all killers dead" and "all civilians dead" at the same dawn a
//     draw. It applies whatever civiliansWipedOut says: with killers-win the
//     two conditions would give both sides a win, and neither has priority,
//     so the neutral draw stands. (good and killers by "all of the police
//     side dead" cannot hold together, §11.)
//   - The check answers "not-killer" for the doctor and the special police
//     (R7); the police may check the special police, whom they do not know.
type v3 struct{ killerFamily }

func init() {
	register(v3{killerFamily{declare(VariantInfo{
		ID:           "v3.0",
		MinPlayers:   14,
		MaxPlayers:   16,
		CardsPerSeat: 1,
		Roles:        roles("killer", "police", "special-police", "doctor", "civilian"),
		Actions:      []string{"kill", "check", "save", "shoot", "sleep", "pass", "vote", "abstain", "explode"},
		// classic-2.0 §12's values of voteMode and tieFinal; R9's
		// noDeathSkipsDay (the core runs it) and R3's doctorVsShot.
		Options: narrow(append(shared(commonOptions...), civiliansWipedOut, shared("noDeathSkipsDay")[0],
			OptionSpec{ID: "doctorVsShot", Kind: OptBool, Default: false}), map[string][]string{
			"voteMode": {"sequential-open", "simultaneous-open", "secret"},
			"tieFinal": {"draw", "lots", "none"},
		}),
	})}})
}

// v3ShotMark is the special police's spent power (§6 step 1).
const v3ShotMark = "shot"

// Deck (§2, R1): always 4 killers, 2 police, 1 special police, 1 doctor; the
// rest civilians.
func (v3) Deck(n int) []string {
	d := append(repeat("killer", 4), repeat("police", 2)...)
	d = append(d, "special-police", "doctor")
	return append(d, repeat("civilian", n-8)...)
}

// Defaults are classic-2.0 §12's with lastWords 4 (R10); noDeathSkipsDay and
// doctorVsShot default to false (§12).
func (v3) Defaults(*State) Options { return seedDefaults(4) }

// Knows (§3): the killers see the four killers, the two police see each
// other; the special police, the doctor and the civilians know only
// themselves.
func (v3) Knows(s *State, seat int, known []Known) []Known {
	if r := s.Role(seat); r == "killer" || r == "police" {
		return teamKnowledge(s, seat, known, r)
	}
	return known
}

// NightSteps (§5): kill, check, save, shoot. The special police acts only
// while the power is unused (they must be alive at the start of the night,
// as every actor).
func (v3) NightSteps(s *State, steps []NightStep) []NightStep {
	shoot := soloStep(s, "shoot", "special-police", false, false)
	var unused []Target
	for _, a := range shoot.Actors {
		if s.Mark(a, v3ShotMark) == 0 {
			unused = append(unused, a)
		}
	}
	shoot.Actors = unused
	return append(steps,
		groupStep(s, "kill", "killer", true, false),
		groupStep(s, "check", "police", true, true),
		soloStep(s, "save", "doctor", false, false),
		shoot,
	)
}

// Legal (§5): the killers may kill anyone alive; the police check anyone but
// a police; the doctor may save anyone, themself included (R4); the special
// police may shoot anyone but themself.
func (v3) Legal(s *State, st *Step, actor, t Target) Rejection {
	switch st.Action {
	case "check":
		if s.Role(t.Seat) == "police" {
			return Rejection{Code: RefusePoliceKnow}
		}
	case "shoot":
		if t.Seat == actor.Seat {
			return Rejection{Code: RefuseSpecialShootSelf}
		}
	}
	return Rejection{}
}

// Answer (R7): "killer" or "not-killer".
func (v3) Answer(s *State, st *Step) string { return killerAnswer(s, st.Final) }

// Resolve is §6.
func (v3) Resolve(s *State, e Emitter) DawnBody {
	n := s.Night
	target := func(action string) (Target, bool) {
		st := n.StepByAction(action)
		if st == nil || !st.Happened() {
			return Target{}, false
		}
		return st.Final, true
	}
	k, killed := target("kill")
	d, saved := target("save")
	sh, shot := target("shoot")

	dead := []Target{}
	// Step 2: the kill, unless saved (a) or aimed at a special police whose
	// power was unused at the start of the night (b, R2): the marks are read
	// before step 1 writes tonight's.
	if killed && !(saved && d == k) &&
		!(s.Role(k.Seat) == "special-police" && s.Mark(k, v3ShotMark) == 0) {
		dead = append(dead, k)
	}
	// Step 3: the shot kills a killer; the save stops it only with
	// doctorVsShot (R3).
	if shot && s.Role(sh.Seat) == "killer" && !(s.OptBool("doctorVsShot") && saved && d == sh) &&
		!slices.Contains(dead, sh) {
		dead = append(dead, sh)
	}
	// Step 1: the power is spent, hit or miss (R5); nobody is told.
	if shot {
		e.Mark(n.StepByAction("shoot").Actors[0], v3ShotMark, 1) // one special police (§2)
	}
	return DawnBody{Dead: dead} // step 4: the engine sorts it (canonical order)
}

// Win is §11 with R11 (police side = police + special police; civilians =
// the role civilian) and R12 (good and the civilians' draw together: draw).
func (v3) Win(s *State) (string, Why) {
	good := allDead(s, "killer")
	civilians := allDead(s, "civilian")
	switch {
	case good && civilians:
		return "draw", Why{Code: ReasonTogether}
	case good:
		return "good", Why{Code: ReasonKillersDead}
	case allDead(s, "police", "special-police"):
		return "killers", Why{Code: ReasonPoliceSideDead}
	case civilians:
		if s.OptChoice(civiliansWipedOut.ID) == "killers-win" {
			return "killers", Why{Code: ReasonCiviliansDead}
		}
		return "draw", Why{Code: ReasonCiviliansDead}
	}
	return "", Why{}
}
