package game

import "slices"

// werewolf-12's public part of the table view: what the big screen needs
// beyond the shared fields to run the day (the badge, the election, the
// revealed idiot) and the house rules the
// briefing states (§13: the options tables argue about). Nothing in it
// depends on a secret: the stand choices stay private until the window
// closes (only that it is open is shown), the night's pending deaths are
// not in it.

// WWScreen is the part of WWTableView the big screen needs besides the
// badge and the election: the sheriff's weight, what the latest ballot
// decides, the election's campaign order, the house rules.
type WWScreen struct {
	// SheriffVote is the weight of the sheriff's vote in exile ballots.
	SheriffVote float64 `json:"sheriffVote"`
	// Campaign is the election's campaign order (the candidates in it,
	// withdrawn ones included), while an election runs.
	Campaign []int `json:"campaign,omitempty"`
	// Ballot is what the day's latest ballot (the one open, or the last
	// one tallied; at night, the last day's) decides: "election", "election-pk", "exile" or
	// "exile-pk"; BallotIndex its index (BallotView.Index,
	// TallyBody.Index). "" before today's first ballot.
	Ballot      string `json:"ballot,omitempty"`
	BallotIndex int    `json:"ballotIndex,omitempty"`
	// Hunter is the hunter who shot (his role is public from the shot on,
	// §3); 0: no shot yet.
	Hunter int `json:"hunter,omitempty"`
	// Rules are the house rules the briefing states (§13), with their
	// values, in the rules file's order: witchSelfSave, guardAndSave (the
	// guard board only), emptyKnife, electionExplode, shotLastWords,
	// revealedIdiotGod (the idiot board only), simultaneousWin; and
	// board and sheriffVote, which the table needs as much. Only during
	// the briefing.
	Rules []WolfRule `json:"rules,omitempty"`
}

// WolfRule is one house rule and its value in this game.
type WolfRule struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// wwScreen is the screen's part of the table view. It also names the
// day's speeches for what they are: the shared day view takes speeches
// after a ballot for "the others' speeches" before a re-vote, but the
// ballot before werewolf-12's day speeches is the sheriff election's.
func wwScreen(g *Game, tv *TableView) WWScreen {
	s := &g.s
	w := wwOf(s)
	if tv.Stage == StageOthersSpeech {
		tv.Stage = StageSpeech
	}
	x := WWScreen{SheriffVote: w.o.SheriffVote}
	if w.electing {
		x.Campaign = slices.Clone(w.campaign)
	}
	x.Ballot, x.BallotIndex = wwLastBallot(g.log)
	if tv.Stage == "briefing" {
		x.Rules = wwRules(w.o)
	}
	for _, e := range g.log {
		if b, ok := e.Body.(*ShotBody); ok {
			x.Hunter = b.Hunter
		}
	}
	return x
}

// wwLastBallot is what the latest ballot decides and its index: its
// purpose, "-pk" when the ballot before it on the same day had the same
// purpose (the election's PK, the exile's PK). It reads the log back to the
// last two ballots of that day: at night, the tally held at nightfall is
// the last day's.
func wwLastBallot(log []Event) (string, int) {
	var last *BallotBody
	for i := len(log) - 1; i >= 0; i-- {
		switch b := log[i].Body.(type) {
		case *BallotBody:
			if last != nil {
				if b.Purpose == last.Purpose {
					return last.Purpose + "-pk", last.Index
				}
				return last.Purpose, last.Index
			}
			last = b
		case *NightBody:
			if last != nil {
				return last.Purpose, last.Index
			}
		}
	}
	if last != nil {
		return last.Purpose, last.Index
	}
	return "", 0
}

// wwRules are the house rules the briefing states (§13's list).
func wwRules(o wwOpts) []WolfRule {
	r := []WolfRule{{"board", o.Board}, {"witchSelfSave", o.WitchSelfSave}}
	if o.Board == wwBoardGuard {
		r = append(r, WolfRule{"guardAndSave", o.GuardAndSave})
	}
	r = append(r, WolfRule{"emptyKnife", o.EmptyKnife}, WolfRule{"electionExplode", o.ElectionExplode},
		WolfRule{"shotLastWords", o.ShotLastWords})
	if o.Board == wwBoardIdiot {
		r = append(r, WolfRule{"revealedIdiotGod", o.RevealedIdiotGod})
	}
	return append(r, WolfRule{"simultaneousWin", o.SimultaneousWin}, WolfRule{"sheriffVote", o.SheriffVote})
}

// The variant's events in the timeline (复盘): the election, the badge, the
// hunter's shot, and the night's resolution (the antidote, the poison),
// public once the game is over. The election's moments belong to the day
// (it comes before the dawn, which the timeline counts as the night's).

// werewolf-12's own moments of the timeline.
const (
	MomentCandidates MomentKind = "candidates"         // who stood (Actors)
	MomentSheriff    MomentKind = "sheriff"            // Seat holds the badge (By; Target: the dying sheriff who handed it)
	MomentBadgeLost  MomentKind = "badge_lost"         // no sheriff for the rest of the game (By: why)
	MomentPostponed  MomentKind = "election_postponed" // an explosion postponed the election
	MomentShot       MomentKind = "shot"               // the hunter Seat shot Target
	MomentPotions    MomentKind = "potions"            // the antidote saved Seat (Answer "saved"), the poison killed Target
)

// WWMomentKinds lists werewolf-12's own moment kinds.
func WWMomentKinds() []MomentKind {
	return []MomentKind{MomentCandidates, MomentSheriff, MomentBadgeLost, MomentPostponed, MomentShot, MomentPotions}
}

func (b *CandidatesBody) moment() (Moment, bool) {
	return Moment{Phase: "day", Kind: MomentCandidates, Actors: b.Candidates}, true
}

func (b *SheriffBody) moment() (Moment, bool) {
	m := Moment{Phase: "day", Kind: MomentSheriff, Seat: b.Seat, By: b.By}
	if b.From != 0 {
		m.Target = &Target{Seat: b.From}
	}
	return m, true
}

func (b *BadgeLostBody) moment() (Moment, bool) {
	return Moment{Phase: "day", Kind: MomentBadgeLost, By: b.Why}, true
}

func (b *ElectionPostponedBody) moment() (Moment, bool) {
	return Moment{Phase: "day", Kind: MomentPostponed}, true
}

func (b *ShotBody) moment() (Moment, bool) {
	return Moment{Kind: MomentShot, Seat: b.Hunter, Target: &Target{Seat: b.Seat}}, true
}

// moment of the night's resolution: the potions (Answer "saved", Target
// the poisoned) and the guard's protection; Actors the knifed seat.
func (b *DeathsBody) moment() (Moment, bool) {
	if !b.Saved && b.Poison == 0 {
		return Moment{}, false
	}
	m := Moment{Kind: MomentPotions, Seat: b.Knife}
	if b.Saved {
		m.Answer = "saved"
	}
	if b.Poison != 0 {
		m.Target = &Target{Seat: b.Poison}
	}
	return m, true
}

// momentLine words werewolf-12's own moments, and two of the core's it
// plays otherwise: the antidote, used, has no target (whom it saved is the
// potions' line), and the top of a vote who stays is the idiot revealed.
func (werewolf) momentLine(m Moment) (Line, bool) {
	switch m.Kind {
	case MomentAction:
		if m.Action == "save" && !m.Skip {
			return line("tl.ww.save", "Role", actorsRole(m), "Actors", momentActors(m)), true
		}
	case MomentImmune:
		if m.Role == "idiot" {
			return line("tl.ww.idiot", "Seat", m.Seat), true
		}
	case MomentCandidates:
		if len(m.Actors) == 0 {
			return line("tl.ww.candidates.none"), true
		}
		return line("tl.ww.candidates", "Seats", ints(m.Actors)), true
	case MomentSheriff:
		if m.By == "handed" && m.Target != nil {
			return line("tl.ww.handed", "From", m.Target.Seat, "Seat", m.Seat), true
		}
		return line("tl.ww.sheriff", "Seat", m.Seat), true
	case MomentBadgeLost:
		return line("tl.ww.badgelost", "Why", Name{"tl.ww.badgelost." + m.By}), true
	case MomentPostponed:
		return line("tl.ww.postponed"), true
	case MomentShot:
		if m.Target == nil {
			return Line{}, true
		}
		return line("tl.ww.shot", "Seat", m.Seat, "Target", m.Target.Seat), true
	case MomentPotions:
		var parts List
		if m.Answer == "saved" {
			parts.Items = append(parts.Items, line("tl.ww.saved", "Seat", m.Seat))
		}
		if m.Target != nil {
			parts.Items = append(parts.Items, line("tl.ww.poison", "Seat", m.Target.Seat))
		}
		return line("tl.ww.potions", "Parts", parts), true
	}
	return Line{}, false
}

// werewolf-12's counts for the evening's scoreboard (SeatOutcome.Stats):
// the badge, the potions and the shots.
const (
	StatSheriff StatKind = "sheriff" // the seat got the badge (elected, unopposed or handed)
	StatSave    StatKind = "save"    // the witch used her antidote (whatever the guard did)
	StatPoison  StatKind = "poison"  // the witch used her poison
	StatShot    StatKind = "shot"    // the hunter shot
)

// WWStatKinds lists werewolf-12's own stat kinds, in the order a
// scoreboard lists them.
func WWStatKinds() []StatKind { return []StatKind{StatSheriff, StatSave, StatPoison, StatShot} }

// stat counts the badge for the seat that gets it, the night's potions for
// the witch who used them (the night's resolution names them: DeathsBody)
// and the shot for the hunter.
func (werewolf) stat(s *State, b Body, add func(seat int, kind StatKind)) {
	switch b := b.(type) {
	case *SheriffBody:
		add(b.Seat, StatSheriff)
	case *ShotBody:
		add(b.Hunter, StatShot)
	case *DeathsBody:
		if !b.Saved && b.Poison == 0 {
			return
		}
		witch := 0
		for n := 1; n <= s.Players; n++ {
			if s.Role(n) == "witch" {
				witch = n
			}
		}
		if b.Saved {
			add(witch, StatSave)
		}
		if b.Poison != 0 {
			add(witch, StatPoison)
		}
	}
}

// checkedCamp: the seer's checks look for the werewolves (checkReader).
func (werewolf) checkedCamp(camp string) bool {
	return camp == CampWerewolves
}

// check: the seer's answers are the checks, "werewolf" finds; the witch
// told the knife ("knifed", or "none" for 空刀) and the hunter told his gun
// ("can-shoot", "cannot-shoot") are no checks.
func (werewolf) check(answer string) (isCheck, found bool) {
	switch answer {
	case "none", "knifed", "can-shoot", "cannot-shoot":
		return false, false
	}
	return true, answer == "werewolf"
}
