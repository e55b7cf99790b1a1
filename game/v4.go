package game

import (
	"slices"
)

// v4.0: rules/v4.0.md (seed 000, "杀人游戏规则4.0").
//
// Night steps, in the seed's calling order (§5): the butterfly's hug, the
// sniper's shot, the killers' group kill (mandatory), the police check
// (mandatory; its answer waits for the hug, G3.5), the doctor's save, the
// elder's silence. Resolution is §6, implemented by v4ResolveNight; the day
// is classic-2.0's (R11), with the elder's silence enforced by the shared
// day engine (day.go nextTurn skips a silenced speaker's turns, last words
// included; they still vote and can be voted for, R10).
//
// Readings of the rules file where it leaves room (each also noted at the
// code that implements it):
//
//   - Killer targets (§5, R9): the table gives the killers "any living player,
//     killers included" without the "except themself" of every individual
//     action. The group is the actor, so a killer member may also select their
//     own seat (the group targeting one of its killers), and an agreement on
//     any killer can lock (G4).
//   - butterflyProtectsHugged (R2, §12 "actions aimed directly at H are
//     void"): with the option on, the kill, shot, save and silence aimed
//     directly at H are void (R4: no attack, no save, no needle, no silence);
//     what passes to H through the butterfly (§6 step 3) still applies, and a
//     check on H is answered normally (R2 lists kill, shot, save and silence).
//   - Options: classic-2.0 §12's names minus civiliansWipedOut: v4.0's win
//     conditions (§11) have no "all civilians dead" case, so that option
//     would have nothing to configure and is refused rather than ignored.
//   - The dawn lists the silenced seat even when that player died this night:
//     their last words are skipped (R10, §8), and the table sees why.
//   - Needles are a mark "needles" on the seat (audience: nobody), written
//     only when a player gets one; R6's "even if they were also saved from
//     an attack that same night" cannot arise under §6's tables (an attacked
//     and saved player gets no needle, and one save reaches at most B and H,
//     of whom only one can end up both attacked and saved).
type v4 struct{ killerFamily }

func init() {
	register(v4{killerFamily{declare(VariantInfo{
		ID:           "v4.0",
		MinPlayers:   16,
		MaxPlayers:   20,
		CardsPerSeat: 1,
		Roles:        roles("butterfly", "sniper", "killer", "police", "doctor", "elder", "civilian"),
		Actions:      []string{"hug", "shoot", "kill", "check", "save", "silence", "sleep", "pass", "vote", "abstain", "explode"},
		Options:      append(shared(commonOptions...), OptionSpec{ID: "butterflyProtectsHugged", Kind: OptBool, Default: false}), // R2
	})}})
}

// v4Specials are the five roles "with an identity" (有身份的人, §1, R13).
var v4Specials = []string{"butterfly", "sniper", "police", "doctor", "elder"}

// Deck (§2, R1): one of each special role, ⌊N/4⌋ killers, civilians the rest.
func (v4) Deck(n int) []string {
	d := append([]string{}, v4Specials...)
	d = append(d, repeat("killer", n/4)...)
	return append(d, repeat("civilian", n-len(d))...)
}

// Defaults: classic-2.0 §12 with lastWords = the number of killers (R12).
func (v4) Defaults(s *State) Options { return seedDefaults(s.CountRole("killer", false)) }

// Knows: only the killers know each other (§3).
func (v4) Knows(s *State, seat int, known []Known) []Known {
	return teamKnowledge(s, seat, known, "killer")
}

// NightSteps: §5's order. The check's answer can be changed by the hug only
// (R14), so it is delivered once the hug step is final too (G3.5).
func (v4) NightSteps(s *State, steps []NightStep) []NightStep {
	return append(steps,
		soloStep(s, "hug", "butterfly", false, false),
		soloStep(s, "shoot", "sniper", false, false),
		groupStep(s, "kill", "killer", true, false),
		soloStep(s, "check", "police", true, true, v4CheckAfter...),
		soloStep(s, "save", "doctor", false, false),
		soloStep(s, "silence", "elder", false, false),
	)
}

// v4CheckAfter: the check's answer waits for the hug (R14; shared, never modified).
var v4CheckAfter = []string{"hug"}

// Legal (§5, R9): nobody targets themself except the doctor; the killers may
// choose any living player, a killer (the choosing member included) too.
// v4SelfTargets are the night actions a role may not aim at its own seat,
// with the role that takes them.
var v4SelfTargets = map[string]string{"hug": "butterfly", "shoot": "sniper", "check": "police", "silence": "elder"}

func (v4) Legal(s *State, st *Step, actor, t Target) Rejection {
	if t.Seat != actor.Seat {
		return Rejection{}
	}
	if role, ok := v4SelfTargets[st.Action]; ok {
		return Rejection{Code: RefuseSelfTarget, Role: role, Action: st.Action}
	}
	return Rejection{}
}

// Answer (§5, R14): "none" when the butterfly hugged the police tonight,
// else killer / not a killer.
func (v4) Answer(s *State, st *Step) string {
	if hug := s.Night.StepByAction("hug"); hug != nil && hug.Happened() && slices.Contains(st.Seats(), hug.Final.Seat) {
		return "none"
	}
	return killerAnswer(s, st.Final)
}

// v4Night is one night's input to §6: the seats involved (0 = none), the
// roles and needle counts at the start of the night, and the option R2.
type v4Night struct {
	B, H, Sn, K, D, E int
	Role              func(seat int) string
	Needles           func(seat int) int
	Protect           bool // butterflyProtectsHugged
}

// v4Outcome is §6's result: the dead (ascending), the needle counts that
// changed tonight, and the silenced seat (0 = none).
type v4Outcome struct {
	Dead     []int
	Needles  map[int]int
	Silenced int
}

// v4ResolveNight is the resolution algorithm of §6, steps 1–7.
func v4ResolveNight(n v4Night) v4Outcome {
	hugged := ""
	if n.H != 0 {
		hugged = n.Role(n.H)
	}
	// aimedAtH: with butterflyProtectsHugged an action aimed directly at H is
	// void (R2's option).
	aimedAtH := func(x int) bool { return n.Protect && n.H != 0 && x == n.H }

	// Step 1: the hug voids H's own power; R4: a void action did not happen.
	shot, kill, save, silence := n.Sn, n.K, n.D, n.E
	if hugged == "sniper" || aimedAtH(shot) {
		shot = 0
	}
	if hugged == "killer" || aimedAtH(kill) { // R7: whoever the target is
		kill = 0
	}
	if hugged == "doctor" || aimedAtH(save) {
		save = 0
	}
	if hugged == "elder" || aimedAtH(silence) {
		silence = 0
	}

	// Step 2: direct attacks (only emptiness matters, so a flag per seat).
	attacked := func(p int) bool { return p != 0 && (p == shot || p == kill) }

	// At most the five targets die: a small set, in the order they fall.
	var deadBuf [8]int
	dead := deadBuf[:0]
	isDead := func(p int) bool { return slices.Contains(dead, p) }
	die := func(p int) {
		if !isDead(p) {
			dead = append(dead, p)
		}
	}
	out := v4Outcome{Needles: map[int]int{}}
	needle := func(p int) {
		c := n.Needles(p) + 1
		out.Needles[p] = c
		if c >= 2 { // step 5
			die(p)
		}
	}

	// Step 3: the butterfly (R3).
	passAttack, passSave := false, false
	if n.B != 0 {
		savedB := save == n.B
		switch {
		case attacked(n.B) && !savedB:
			die(n.B)
			passAttack = true
		case attacked(n.B) && savedB:
			passSave = true
		case savedB:
			needle(n.B)
			passSave = true
		}
		if n.H == 0 {
			passAttack, passSave = false, false
		}
	}

	// Step 4: everyone else; R5: one save covers every attack.
	for _, p := range [...]int{shot, kill, save, n.H} {
		if p == 0 || p == n.B || isDead(p) {
			continue
		}
		if _, done := out.Needles[p]; done {
			continue
		}
		att := attacked(p) || (p == n.H && passAttack)
		sav := p == save || (p == n.H && passSave)
		switch {
		case att && !sav:
			die(p)
		case !att && sav:
			needle(p)
		}
	}

	// Step 6: the silence; only E, never the butterfly's H.
	out.Silenced = silence

	// Step 7: each dead player once (R16), ascending.
	if len(dead) > 0 {
		out.Dead = slices.Clone(dead)
		slices.Sort(out.Dead)
	}
	return out
}

// Resolve reads tonight's steps into §6 and writes the needles as secret
// marks (R6).
func (v4) Resolve(s *State, e Emitter) DawnBody {
	n := v4Night{
		Role:    s.Role,
		Needles: func(p int) int { return s.Mark(SeatTarget(p), "needles") },
		Protect: s.OptBool("butterflyProtectsHugged"),
	}
	final := func(action string) int {
		if st := s.Night.StepByAction(action); st != nil && st.Happened() {
			return st.Final.Seat
		}
		return 0
	}
	if hug := s.Night.StepByAction("hug"); hug != nil && len(hug.Actors) > 0 {
		n.B = hug.Actors[0].Seat
	}
	n.H, n.Sn, n.K, n.D, n.E = final("hug"), final("shoot"), final("kill"), final("save"), final("silence")
	out := v4ResolveNight(n)
	var needled []int
	for p := range out.Needles {
		needled = append(needled, p)
	}
	slices.Sort(needled)
	for _, p := range needled {
		e.Mark(SeatTarget(p), "needles", out.Needles[p])
	}
	dawn := DawnBody{Dead: targetBuf(s, len(out.Dead))}
	for _, p := range out.Dead {
		dawn.Dead = append(dawn.Dead, SeatTarget(p))
	}
	if out.Silenced != 0 {
		dawn.Silenced = append(intBuf(s, 1), out.Silenced)
	}
	return dawn
}

// Win (§11, R13), in order: nobody alive → draw; both sides' conditions at
// once → draw; else the side whose condition holds. (A third tied ballot is
// the day engine's tieFinal.)
func (v4) Win(s *State) (string, Why) {
	living := s.CountLiving()
	if living == 0 {
		return "draw", Why{Code: ReasonNobodyAlive}
	}
	killers := s.countLivingWith("killer")
	good := killers == 0
	specials := allDead(s, v4Specials...)
	numbers := killers >= 1 && killers >= living-killers
	switch {
	case good && specials:
		return "draw", Why{Code: ReasonTogetherSpecial}
	case good:
		return "good", Why{Code: ReasonKillersDead}
	case specials:
		return "killers", Why{Code: ReasonV4SpecialsDead}
	case numbers:
		return "killers", Why{Code: ReasonOutnumbered, N: killers, Others: living - killers}
	}
	return "", Why{}
}
