package game

// werewolf-12's own refusal codes (each needs "refuse.<code>" in every
// language) and their English sentences, declared to the core's list
// (declareRefusals) so that refuse.go names no variant's rules.
const (
	RefuseKnifeOpen      = "knife-open"
	RefuseNobodyKnifed   = "nobody-knifed"
	RefuseNoSelfSave     = "no-self-save"
	RefuseSelfSaveFirst  = "self-save-first-night"
	RefuseAntidoteUsed   = "antidote-used"
	RefuseOnePotion      = "one-potion"
	RefuseSaveKnifed     = "save-knifed"
	RefuseMustKill       = "must-kill"
	RefuseProtectedLast  = "protected-last-night" // Target
	RefuseSavedNoPoison  = "saved-no-poison"
	RefuseNoStand        = "no-stand"
	RefuseStoodAlready   = "stood-already"
	RefuseNotCandidateWW = "not-a-candidate"
	RefuseWithdrawClosed = "withdraw-closed"
	RefuseWithdrewNoVote = "withdrew-no-vote"
	RefuseCandidateVote  = "candidate-no-vote"
	RefuseNoVoteIdiot    = "idiot-no-vote" // Seat
	RefuseCannotShoot    = "cannot-shoot"  // Seat
	RefuseNoSkillTurn    = "no-skill-turn"
	RefuseNoBadgeTurn    = "no-badge-turn"
	RefuseNoOrderTurn    = "no-order-turn"
	RefuseOrderSide      = "order-side"
	RefuseBadgeIdiot     = "badge-idiot" // Seat
	RefuseExplodeWhen    = "explode-when"
	RefuseShootSelf      = "shoot-self"
)

func init() {
	declareRefusals(map[string]refusal{
		RefuseKnifeOpen:      {"the antidote question opens when the werewolves' knife has closed", nil},
		RefuseNobodyKnifed:   {"nobody was knifed tonight", nil},
		RefuseNoSelfSave:     {"the witch may not save herself", nil},
		RefuseSelfSaveFirst:  {"the witch may save herself only on the first night", nil},
		RefuseAntidoteUsed:   {"the antidote is used", nil},
		RefuseOnePotion:      {"one potion a night: you used the antidote", nil},
		RefuseSaveKnifed:     {"the antidote saves the knifed player only", nil},
		RefuseMustKill:       {"the werewolves must kill tonight", nil},
		RefuseProtectedLast:  {"you protected %s last night", argTarget},
		RefuseSavedNoPoison:  {"the player you saved tonight cannot be poisoned", nil},
		RefuseNoStand:        {"the stand window is not open", nil},
		RefuseStoodAlready:   {"you have already chosen whether to stand", nil},
		RefuseNotCandidateWW: {"you are not a candidate", nil},
		RefuseWithdrawClosed: {"withdrawal is closed", nil},
		RefuseWithdrewNoVote: {"a candidate who withdrew may not vote", nil},
		RefuseCandidateVote:  {"candidates do not vote in the election", nil},
		RefuseNoVoteIdiot:    {"seat %d has no vote", argSeat},
		RefuseCannotShoot:    {"seat %d cannot shoot", argSeat},
		RefuseNoSkillTurn:    {"it is not your skill turn", nil},
		RefuseNoBadgeTurn:    {"it is not your badge turn", nil},
		RefuseNoOrderTurn:    {"it is not your turn to choose the speaking order", nil},
		RefuseOrderSide:      {"order needs \"side\": \"left\" or \"right\"", nil},
		RefuseBadgeIdiot:     {"seat %d is the revealed idiot and cannot hold the badge", argSeat},
		RefuseExplodeWhen:    {"only a living werewolf may explode, and only during the day's debate", nil},
		RefuseShootSelf:      {"the hunter cannot shoot himself", nil},
	})
}
