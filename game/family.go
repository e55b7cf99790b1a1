package game

import "slices"

// killerFamily holds what the single-role variants (classic-2.0,
// standard-003, v3.0, v4.0) share: one card per seat, the killers' group
// kill, binary police checks, and the judge-run day of seed 000.
type killerFamily struct {
	info VariantInfo
}

func (f killerFamily) Info() VariantInfo { return f.info }

// DealOK: single-role decks have no forbidden hands.
func (killerFamily) DealOK(*State) error { return nil }

// RunoffSpeakers follows seed 000's procedure (classic-2.0 §9): before an
// even-numbered ballot the tied speak (PK speeches); before an odd-numbered
// one the others speak. (With tieRounds above 3, which the seeds never
// describe, the two kinds keep alternating.)
func (killerFamily) RunoffSpeakers(k int) string {
	if k%2 == 0 {
		return "tied"
	}
	return "others"
}

// seedDefaults are the day options of seed 000 (classic-2.0 §12).
func seedDefaults(lastWords int) Options {
	return Options{
		LastWords:           lastWords,
		SpeechMode:          "turns",
		SpeechStart:         "right",
		SpeechDirection:     "ccw",
		VoteMode:            "sequential-open",
		VoteCallOrder:       "reverse-speech",
		SelfVote:            false,
		Abstain:             true,
		TieRounds:           3,
		TieVoters:           "non-tied",
		TieFinal:            "draw",
		NightMaxSeconds:     90,
		NightMinSeconds:     30,
		SpeechSeconds:       90,
		LastWordsSeconds:    60,
		PKSpeechSeconds:     60,
		VoteCallSeconds:     10,
		VoteSeconds:         30,
		DiscussionSeconds:   300,
		PKDiscussionSeconds: 60,
	}
}

// teamKnowledge: each seat holding one of roles sees every seat holding one of
// them (killers see killers, police see police).
func teamKnowledge(s *State, seat int, known []Known, roles ...string) []Known {
	if !slices.Contains(roles, s.Role(seat)) {
		return known
	}
	out := known
	for i := range s.Seats {
		if r := s.Seats[i].Cards[0].Role; slices.Contains(roles, r) {
			out = append(out, Known{Target: SeatTarget(i + 1), Role: r})
		}
	}
	return out
}

// groupStep is a group action of the living holders of role.
func groupStep(s *State, action, role string, mandatory, answers bool) NightStep {
	return NightStep{Action: action, Role: role, Group: true, Mandatory: mandatory, Answers: answers, Actors: livingActors(s, role)}
}

// soloStep is an individual action of every living holder of role.
func soloStep(s *State, action, role string, mandatory, answers bool, after ...string) NightStep {
	return NightStep{Action: action, Role: role, Mandatory: mandatory, Answers: answers, After: after, Actors: livingActors(s, role)}
}

// livingActors lists the living seats with a living card of role (as
// LivingWith does), as seat targets; nil if there are none.
func livingActors(s *State, role string) []Target {
	var buf [32]Target
	out := buf[:0]
	for i := range s.Seats {
		if s.holdsLiving(i, role) {
			out = append(out, SeatTarget(i+1))
		}
	}
	if len(out) == 0 {
		return nil
	}
	return s.mem.target.clone(out)
}

// targetBuf and intBuf are empty lists with room for n, kept with the game:
// variant code appends what it hands back (a dawn's dead and silenced) to
// them, so a night allocates nothing. (The store behind them is the core's.)
func targetBuf(s *State, n int) []Target { return s.mem.target.buf(n) }
func intBuf(s *State, n int) []int       { return s.mem.ints.buf(n) }

// maxNightSteps is the room for a night's steps the engine hands
// Variant.NightSteps (more only costs an allocation).
const maxNightSteps = 16

func killerAnswer(s *State, t Target) string {
	if s.Card(t).Role == "killer" {
		return "killer"
	}
	return "not-killer"
}

func seatList(xs ...int) []Target {
	out := make([]Target, len(xs))
	for i, x := range xs {
		out[i] = SeatTarget(x)
	}
	return out
}

// killerRoles etc. are the single-role decks.
func repeat(role string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = role
	}
	return out
}

var baseRoles = map[string]RoleInfo{
	"killer":         {ID: "killer", Camp: "killers"},
	"police":         {ID: "police", Camp: "good"},
	"civilian":       {ID: "civilian", Camp: "good"},
	"doctor":         {ID: "doctor", Camp: "good"},
	"special-police": {ID: "special-police", Camp: "good"},
	"butterfly":      {ID: "butterfly", Camp: "good"},
	"sniper":         {ID: "sniper", Camp: "good"},
	"elder":          {ID: "elder", Camp: "good"},
}

func roles(ids ...string) []RoleInfo {
	out := make([]RoleInfo, len(ids))
	for i, id := range ids {
		out[i] = baseRoles[id]
	}
	return out
}

// allDead reports whether no living card has one of the roles.
func allDead(s *State, roles ...string) bool {
	for i := range s.Seats {
		for _, c := range s.Seats[i].Cards {
			if c.Alive && slices.Contains(roles, c.Role) {
				return false
			}
		}
	}
	return true
}
