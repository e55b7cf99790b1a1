package game

import (
	"fmt"
	"slices"
	"strings"
)

// Rejection is why a command was refused: a code of Refusals with its
// typed arguments. A rejected command changes nothing. The screens
// translate the code ("refuse.<code>" in the dictionary) and fill in the
// arguments; Error says it in one English sentence (`nightfall script`'s
// "reason", the logs). Only the arguments a code's sentence names are set.
type Rejection struct {
	Code   string   `json:"code"`
	Seat   int      `json:"seat,omitempty"`   // the seat it names
	Target *Target  `json:"target,omitempty"` // the seat, hand or card it names
	Action string   `json:"action,omitempty"` // the action or privilege it names
	Role   string   `json:"role,omitempty"`   // the role or card type it names
	Roles  []string `json:"roles,omitempty"`  // the card types it lists
	Text   string   `json:"text,omitempty"`   // what the command said, quoted back (an unknown action, an unknown form)
	N      int      `json:"n,omitempty"`      // a count: seats at the table, cards held, attacks, the most allowed
	Have   int      `json:"have,omitempty"`   // what the player has: AP, manifesto characters, a text's length
	Need   int      `json:"need,omitempty"`   // what it needs: AP, manifesto characters
	Each   int      `json:"each,omitempty"`   // manifesto characters per attack
	// Position is the card position an aimed snipe names; Round and Ballot
	// the round and ballot a stale command was made in, Now the round now,
	// Open the ballot open now.
	Position int `json:"position,omitempty"`
	Round    int `json:"round,omitempty"`
	Ballot   int `json:"ballot,omitempty"`
	Now      int `json:"now,omitempty"`
	Open     int `json:"open,omitempty"`
}

// Error is the refusal in one English sentence.
func (r *Rejection) Error() string { return r.Sentence() }

// Stale reports whether the command was made from a view that is gone
// (Command.Round, Command.Ballot): not a rule's refusal, the phone's view
// was old.
func (r *Rejection) Stale() bool { return strings.HasPrefix(r.Code, "stale-") }

// refuse is a refusal with no argument.
func refuse(code string) *Rejection { return &Rejection{Code: code} }

// refuseSeat is a refusal naming a seat.
func refuseSeat(code string, seat int) *Rejection { return &Rejection{Code: code, Seat: seat} }

// refuseAction is a refusal naming an action.
func refuseAction(code, action string) *Rejection { return &Rejection{Code: code, Action: action} }

// refuseTarget is a refusal naming a target.
func refuseTarget(code string, t Target) *Rejection { return &Rejection{Code: code, Target: &t} }

// Why a command was refused (Rejection.Code). One code, one sentence
// shape: refusals worded alike share a code and differ in arguments.
// (The groups below look alike to a duplicate finder: a list of codes.)
const (
	// any game
	RefuseGameOver      = "game-over"
	RefuseNoAction      = "no-action"
	RefuseHostAction    = "host-action" // Text: a host's action sent by a phone
	RefuseDeadline      = "deadline"
	RefuseBriefing      = "briefing"
	RefuseNoSeat        = "no-seat" // Seat, N: the seats at the table
	RefuseNoCard        = "no-card" // Seat, Target
	RefuseNothingNow    = "nothing-now"
	RefuseNobodySpeaks  = "nobody-speaks"
	RefuseUnknownAction = "unknown-action" // Text
	RefuseTextLong      = "text-long"      // N: the most characters, Have: this text's
	RefuseTextControl   = "text-control"
	RefuseOrderLong     = "order-long" // N: the most cards
	// a command made from an older view
	RefuseStaleRound     = "stale-round"      // Round, Now
	RefuseStaleVoteRound = "stale-vote-round" // Ballot, Round, Now
	RefuseStaleClosed    = "stale-closed"     // Ballot
	RefuseStaleBallot    = "stale-ballot"     // Ballot, Open
	// the day
	RefuseNoFloor          = "no-floor"
	RefuseNotYourTurn      = "not-your-turn" // Seat: who speaks
	RefuseNightAction      = "night-action"  // Action
	RefuseNoTimer          = "no-timer"
	RefuseNoNominations    = "no-nominations"
	RefuseNotNominating    = "not-nominating"
	RefuseNotYourNominee   = "not-your-nomination" // Seat: who nominates
	RefuseNominateHand     = "nominate-hand"
	RefuseDeadNominee      = "dead-nominee"    // Target
	RefuseAlreadySuspect   = "already-suspect" // Target
	RefuseNominationsUsed  = "nominations-used"
	RefuseNoVote           = "no-vote"
	RefuseDeadVoter        = "dead-voter" // Seat
	RefuseNotVoting        = "not-voting"
	RefuseVotesCast        = "votes-cast"
	RefuseVoted            = "voted"
	RefuseNoAbstain        = "no-abstain"
	RefuseVoteNeedsTarget  = "vote-needs-candidate"
	RefuseNotCandidate     = "not-candidate" // Target
	RefuseCallClosed       = "call-closed"   // Target
	RefuseVoteSelf         = "vote-self"
	RefuseNoCall           = "no-call"
	RefuseLetGo            = "let-go"        // Target
	RefuseNotYourHand      = "not-your-hand" // Target
	RefuseHandDead         = "hand-dead"     // Target
	RefuseHandVoted        = "hand-voted"    // Target
	RefuseHandsVoted       = "hands-voted"
	RefuseNoReveal         = "no-reveal"
	RefuseSeatDead         = "seat-dead" // Seat
	RefuseRevealKillerOnly = "reveal-killer-only"
	// the night
	RefuseDayAction        = "day-action"    // Action
	RefuseDeadAtNight      = "dead-at-night" // Seat
	RefuseSleepHasAction   = "sleep-has-action"
	RefuseReadyAlready     = "ready-already"
	RefuseMandatory        = "mandatory"    // Action
	RefuseNoTarget         = "no-target"    // Action
	RefuseNeedsTarget      = "needs-target" // Action
	RefuseNothingToSkip    = "nothing-to-skip"
	RefuseNoSuchAction     = "no-such-action"    // Action
	RefuseFirstFinishHand  = "first-finish-hand" // Action, Target: the hand that has it
	RefuseFirstFinish      = "first-finish"      // Action
	RefuseTeamFinal        = "team-final"        // Action
	RefuseSubmitted        = "submitted"         // Action
	RefuseNothingLeft      = "nothing-left"
	RefuseMarkerPoliceOnly = "marker-police-only"
	RefuseNoHuddle         = "no-huddle"
	RefuseHuddleClosed     = "huddle-closed"
	RefuseMarkerLiving     = "marker-living"
	RefuseDeadTarget       = "dead-target" // Target
	// the variants' targets
	RefusePoliceKnow        = "police-know"         // classic, v3.0
	RefusePoliceCheckPolice = "police-check-police" // standard
	RefuseChooseHand        = "choose-hand"         // two-hands
	RefuseProtectBanned     = "protect-banned"      // two-hands: Target
	RefuseSpecialShootSelf  = "special-shoot-self"  // v3.0
	RefuseSelfTarget        = "self-target"         // v4.0: Role, Action
	RefuseHugOwnCard        = "hug-own-card"        // v5.0-dual
	RefuseCheckOwnCards     = "check-own-cards"     // v5.0-dual
	RefuseShootOwnCards     = "shoot-own-cards"     // v5.0-dual
	// cat-lives-7
	RefuseNoCardWith           = "no-card-with"    // Action
	RefuseViaCannot            = "via-cannot"      // Role: the card named, Action
	RefuseDayOnly              = "day-only"        // Action
	RefuseNightPrivilege       = "night-privilege" // Action
	RefuseCowinForbids         = "cowin-forbids"   // Action
	RefuseUsedTonight          = "used-tonight"    // Action
	RefuseSaintSpent           = "saint-spent"
	RefuseDeathblowSpent       = "deathblow-spent"
	RefuseDeathblowPending     = "deathblow-pending"
	RefuseTransformPending     = "transform-pending"
	RefuseTransformBottom      = "transform-bottom"
	RefuseTransformNone        = "transform-none"
	RefuseAmoebaAP             = "amoeba-ap"           // Role: the form, Have: its AP left, Action, Need
	RefuseAP                   = "ap"                  // Action, Need: its cost, Have: the AP held
	RefuseOtherNotSelf         = "other-not-self"      // Action
	RefusePardonNotExecuted    = "pardon-not-executed" // Seat
	RefusePardonedOnce         = "pardoned-once"       // Seat
	RefusePardonSaint          = "pardon-saint"        // Seat
	RefusePardonCardUsed       = "pardon-card-used"    // Seat
	RefusePardonCardTonight    = "pardon-card-tonight" // Seat
	RefusePositionNeeded       = "position-needed"
	RefusePositionNone         = "position-none"   // Seat, N: its cards, Position
	RefusePositionBottom       = "position-bottom" // Seat, N: its cards
	RefuseIntoNeeded           = "into-needed"     // Roles: the forms it can take
	RefuseIntoUnknown          = "into-unknown"    // Roles: every form, Text: the one asked
	RefuseIntoForbidden        = "into-forbidden"  // Role: the form asked, Roles: the forms it can take
	RefuseManifestoShort       = "manifesto-short" // Have: characters, N: attacks, Need, Each
	RefuseWithdrawNeedsAction  = "withdraw-needs-action"
	RefuseWithdrawManifesto    = "withdraw-manifesto" // N: the other attacks, Have: their characters, Need
	RefuseNoPendingOn          = "no-pending-on"      // Action, Seat
	RefuseNoPending            = "no-pending"         // Action
	RefuseStanceFreeOnly       = "stance-free-only"
	RefuseStanceNight1         = "stance-night-1"
	RefuseStanceNoCivilians    = "stance-no-civilians"
	RefuseStanceNeedsCamp      = "stance-needs-camp"
	RefuseCowinPending         = "cowin-pending" // Action
	RefuseOrderClosed          = "order-closed"
	RefuseOrderAll             = "order-all" // Roles: the cards held
	RefuseOrderBottomPrivilege = "order-bottom-privilege"
	RefuseOrderBottomFixed     = "order-bottom-fixed" // Role: the bottom card
	RefuseDeadNoInput          = "dead-no-input"      // Seat
	RefuseDoneTonight          = "done-tonight"
	RefuseDoneToday            = "done-today"
	RefuseVoteCounted          = "vote-counted"
	RefuseSavedNoVote          = "saved-no-vote" // Seat
	RefuseVoteNeedsLiving      = "vote-needs-living"
	RefuseDeadVoteTarget       = "dead-vote-target" // Seat
	RefuseVoteChanged          = "vote-changed"
	RefuseVoteClosing          = "vote-closing"
	RefuseVoteSame             = "vote-same" // Seat
)

// refusal is a code's English sentence and the arguments that fill it.
type refusal struct {
	format string
	args   func(r *Rejection) []any
}

func argSeat(r *Rejection) []any   { return []any{r.Seat} }
func argAction(r *Rejection) []any { return []any{r.Action} }
func argTarget(r *Rejection) []any { return []any{r.target()} }
func argText(r *Rejection) []any   { return []any{r.Text} }
func argRoles(r *Rejection) []any  { return []any{strings.Join(r.Roles, ", ")} }

// target names the refusal's target as the sentences do: "seat 3", or a
// hand or card ("3L").
func (r *Rejection) target() string {
	if r.Target == nil {
		return "?"
	}
	return targetName(*r.Target)
}

// refusals are the codes' English sentences.
var refusals = map[string]refusal{
	RefuseGameOver:      {"the game is over", nil},
	RefuseNoAction:      {"the command has no action", nil},
	RefuseHostAction:    {"%q is not a player's action", argText},
	RefuseDeadline:      {"a deadline passes by the host's clock, not by a seat", nil},
	RefuseBriefing:      {"the game begins after the table's briefing", nil},
	RefuseNoSeat:        {"there is no seat %d at this table (seats 1 to %d)", func(r *Rejection) []any { return []any{r.Seat, r.N} }},
	RefuseNoCard:        {"seat %d has no card %s", func(r *Rejection) []any { return []any{r.Seat, r.target()} }},
	RefuseNothingNow:    {"nothing can be done now", nil},
	RefuseNobodySpeaks:  {"nobody is speaking now", nil},
	RefuseUnknownAction: {"%q is not an action of this game", argText},
	RefuseTextLong:      {"a manifesto has at most %d characters (this one has %d)", func(r *Rejection) []any { return []any{r.N, r.Have} }},
	RefuseTextControl:   {"the text holds an invisible control character", nil},
	RefuseOrderLong:     {"a discard order lists at most %d cards", func(r *Rejection) []any { return []any{r.N} }},

	RefuseStaleRound:     {"this command was for round %d; it is round %d now", func(r *Rejection) []any { return []any{r.Round, r.Now} }},
	RefuseStaleVoteRound: {"this vote (ballot %d) was for round %d; it is round %d now", func(r *Rejection) []any { return []any{r.Ballot, r.Round, r.Now} }},
	RefuseStaleClosed:    {"this vote was for ballot %d, which is closed", func(r *Rejection) []any { return []any{r.Ballot} }},
	RefuseStaleBallot:    {"this vote was for ballot %d; ballot %d is open now", func(r *Rejection) []any { return []any{r.Ballot, r.Open} }},

	RefuseNoFloor:          {"nobody has the floor now", nil},
	RefuseNotYourTurn:      {"it is seat %d's turn to speak, not yours", argSeat},
	RefuseNightAction:      {"%s is a night action; it is day now", argAction},
	RefuseNoTimer:          {"no timer is running", nil},
	RefuseNoNominations:    {"there are no nominations in this game", nil},
	RefuseNotNominating:    {"suspects are nominated only during the nomination turns", nil},
	RefuseNotYourNominee:   {"it is seat %d's turn to nominate, not yours", argSeat},
	RefuseNominateHand:     {"nominate a hand, such as \"3L\"", nil},
	RefuseDeadNominee:      {"%s is dead and cannot be nominated", argTarget},
	RefuseAlreadySuspect:   {"%s is already a suspect; nominate another hand", argTarget},
	RefuseNominationsUsed:  {"you have used all your nominations (one per living hand)", nil},
	RefuseNoVote:           {"there is no vote open now", nil},
	RefuseDeadVoter:        {"seat %d is dead and cannot vote", argSeat},
	RefuseNotVoting:        {"you do not vote in this ballot (the tied players do not vote in a run-off)", nil},
	RefuseVotesCast:        {"you have cast all your votes in this ballot", nil},
	RefuseVoted:            {"you have already voted in this ballot", nil},
	RefuseNoAbstain:        {"abstaining is not allowed in this game", nil},
	RefuseVoteNeedsTarget:  {"a vote needs a candidate", nil},
	RefuseNotCandidate:     {"%s is not a candidate in this ballot", argTarget},
	RefuseCallClosed:       {"the call for %s has closed", argTarget},
	RefuseVoteSelf:         {"you cannot vote for yourself", nil},
	RefuseNoCall:           {"no candidate is being called now", nil},
	RefuseLetGo:            {"you have already let %s go", argTarget},
	RefuseNotYourHand:      {"%s is not one of your hands", argTarget},
	RefuseHandDead:         {"your hand %s is dead and cannot vote", argTarget},
	RefuseHandVoted:        {"your hand %s has already voted in this ballot", argTarget},
	RefuseHandsVoted:       {"your hands have all voted in this ballot", nil},
	RefuseNoReveal:         {"self-reveal (爆) is not part of this game", nil},
	RefuseSeatDead:         {"seat %d is dead", argSeat},
	RefuseRevealKillerOnly: {"only a killer can self-reveal (爆)", nil},

	RefuseDayAction:        {"%s is a day action; it is night now", argAction},
	RefuseDeadAtNight:      {"seat %d is dead; dead players give no input at night", argSeat},
	RefuseSleepHasAction:   {"you have a night action to take; sleep is for players without one", nil},
	RefuseReadyAlready:     {"you have already tapped ready tonight", nil},
	RefuseMandatory:        {"your %s is mandatory tonight; choose a target", argAction},
	RefuseNoTarget:         {"%s takes no target", argAction},
	RefuseNeedsTarget:      {"%s needs a target", argAction},
	RefuseNothingToSkip:    {"you have no night action to skip; tap sleep", nil},
	RefuseNoSuchAction:     {"you have no %s action tonight", argAction},
	RefuseFirstFinishHand:  {"first finish your %s with %s; night actions go in the night's order", func(r *Rejection) []any { return []any{r.Action, r.target()} }},
	RefuseFirstFinish:      {"first finish your %s; night actions go in the night's order", argAction},
	RefuseTeamFinal:        {"your team's %s is already agreed on and final", argAction},
	RefuseSubmitted:        {"you already submitted your %s tonight; a submission is final", argAction},
	RefuseNothingLeft:      {"you have nothing left to skip tonight", nil},
	RefuseMarkerPoliceOnly: {"only the police place suspect markers", nil},
	RefuseNoHuddle:         {"there is no police huddle in this game", nil},
	RefuseHuddleClosed:     {"the police huddle opens once your check answer is in", nil},
	RefuseMarkerLiving:     {"a suspect marker goes on a living player", nil},
	RefuseDeadTarget:       {"%s is dead and cannot be a target", argTarget},

	RefusePoliceKnow:        {"the police know each other: check a player who is not police", nil},
	RefusePoliceCheckPolice: {"the police may not check a police (警不能查验警): check a player who is not police", nil},
	RefuseChooseHand:        {"choose a hand, such as \"3L\"", nil},
	RefuseProtectBanned:     {"%s was protected two nights in a row and can never be protected again", argTarget},
	RefuseSpecialShootSelf:  {"the special police cannot shoot themself", nil},
	RefuseSelfTarget:        {"the %s cannot %s themself: choose another living player", func(r *Rejection) []any { return []any{r.Role, r.Action} }},
	RefuseHugOwnCard:        {"the butterfly cannot hug its own card: choose another living card", nil},
	RefuseCheckOwnCards:     {"you cannot check your own cards: choose a card of another player", nil},
	RefuseShootOwnCards:     {"the secret police cannot shoot its own player's cards: choose a card of another player", nil},

	RefuseNoCardWith:       {"you hold no card with %s", argAction},
	RefuseViaCannot:        {"your %s card cannot use %s now", func(r *Rejection) []any { return []any{r.Role, r.Action} }},
	RefuseDayOnly:          {"%s is used by day only", argAction},
	RefuseNightPrivilege:   {"%s is a night privilege; it is day now", argAction},
	RefuseCowinForbids:     {"a free-choice player who co-wins may not use %s (§2)", argAction},
	RefuseUsedTonight:      {"you have already used %s tonight; once covers the whole night", argAction},
	RefuseSaintSpent:       {"your saint privilege has already taken effect once; it works once per game", nil},
	RefuseDeathblowSpent:   {"this card's ultimate kill is spent; it works once per card", nil},
	RefuseDeathblowPending: {"this card's ultimate kill is already on its way; it works once per card", nil},
	RefuseTransformPending: {"a transformation of your amoeba is already under way", nil},
	RefuseTransformBottom:  {"your amoeba is your bottom card: it transforms only once", nil},
	RefuseTransformNone:    {"your amoeba has been every card it can become", nil},
	RefuseAmoebaAP: {"your amoeba's %s form has %d of its 4 AP left; %s needs %d",
		func(r *Rejection) []any { return []any{r.Role, r.Have, r.Action, r.Need} }},
	RefuseAP:                {"%s costs %d AP; you have %d", func(r *Rejection) []any { return []any{r.Action, r.Need, r.Have} }},
	RefuseOtherNotSelf:      {"%s takes another living player, not yourself", argAction},
	RefusePardonNotExecuted: {"seat %d was not executed yesterday; a pardon takes a player executed on the previous day", argSeat},
	RefusePardonedOnce:      {"seat %d has already been pardoned once and cannot be pardoned again", argSeat},
	RefusePardonSaint:       {"seat %d was executed while their saint was in effect and cannot be pardoned", argSeat},
	RefusePardonCardUsed:    {"this pardon card has already been used on seat %d; each card pardons each player once", argSeat},
	RefusePardonCardTonight: {"this pardon card is already used on seat %d tonight", argSeat},
	RefusePositionNeeded:    {"aimed-snipe needs a position, counted from the bottom of the target's order (1 = the bottom card)", nil},
	RefusePositionNone: {"seat %d holds %d cards; position %d does not exist",
		func(r *Rejection) []any { return []any{r.Seat, r.N, r.Position} }},
	RefusePositionBottom: {"the bottom card (position 1) can be aimed at only when the player has a single card; seat %d has %d",
		func(r *Rejection) []any { return []any{r.Seat, r.N} }},
	RefuseIntoNeeded:  {"transform needs \"into\": the card your amoeba becomes (%s)", argRoles},
	RefuseIntoUnknown: {"an amoeba can become %s, not %q", func(r *Rejection) []any { return []any{strings.Join(r.Roles, ", "), r.Text} }},
	RefuseIntoForbidden: {"your amoeba cannot become %s (a card type you were dealt, one it has been, or, co-winning, killer or werewolf); it can become %s",
		func(r *Rejection) []any { return []any{r.Role, strings.Join(r.Roles, ", ")} }},
	RefuseManifestoShort: {"your kill manifestos tonight have %d characters; %d attacks need at least %d (%d per attack, white space not counted)",
		func(r *Rejection) []any { return []any{r.Have, r.N, r.Need, r.Each} }},
	RefuseWithdrawNeedsAction: {"withdraw needs \"action\": the privilege to cancel", nil},
	RefuseWithdrawManifesto: {"withdrawing it would leave your other %d attacks with %d manifesto characters, fewer than %d; withdraw an attack without text first",
		func(r *Rejection) []any { return []any{r.N, r.Have, r.Need} }},
	RefuseNoPendingOn:          {"you have no pending %s on seat %d to withdraw", func(r *Rejection) []any { return []any{r.Action, r.Seat} }},
	RefuseNoPending:            {"you have no pending %s to withdraw", argAction},
	RefuseStanceFreeOnly:       {"only the free-choice player chooses a stance", nil},
	RefuseStanceNight1:         {"the stance is chosen during night 1 and never changes afterwards", nil},
	RefuseStanceNoCivilians:    {"the free-choice player cannot join the civilians: choose \"killers\" or \"werewolves\"", nil},
	RefuseStanceNeedsCamp:      {"a stance needs \"camp\": \"killers\" or \"werewolves\" (and \"cowin\": true or false)", nil},
	RefuseCowinPending:         {"co-win forbids your pending %s; withdraw it first", argAction},
	RefuseOrderClosed:          {"the discard order can be changed only during night 1 and in a reorder window", nil},
	RefuseOrderAll:             {"an order lists every card you hold, first lost first: %s", argRoles},
	RefuseOrderBottomPrivilege: {"the bottom card (the last of the order) must be a privilege card, not a commoner", nil},
	RefuseOrderBottomFixed:     {"your bottom card is %s and never changes: keep it last", func(r *Rejection) []any { return []any{r.Role} }},
	RefuseDeadNoInput:          {"seat %d is dead; dead players give no input", argSeat},
	RefuseDoneTonight:          {"you have already said you are done tonight", nil},
	RefuseDoneToday:            {"you have already said you are done today", nil},
	RefuseVoteCounted:          {"today's vote is counted; the night comes after the last words", nil},
	RefuseSavedNoVote:          {"seat %d was saved last night and may not vote today", argSeat},
	RefuseVoteNeedsLiving:      {"a vote needs a living player", nil},
	RefuseDeadVoteTarget:       {"seat %d is dead and cannot be voted for", argSeat},
	RefuseVoteChanged:          {"you have already changed your vote once today", nil},
	RefuseVoteClosing:          {"votes cannot be changed in the closing window", nil},
	RefuseVoteSame:             {"you already vote for seat %d", argSeat},
}

// declareRefusals adds a variant's own refusal codes and their sentences
// (called from the variant's file, beside its register): the codes a
// variant alone gives live in its own files, not here.
func declareRefusals(m map[string]refusal) {
	for code, r := range m {
		if _, dup := refusals[code]; dup {
			panic("game: refusal code " + code + " declared twice")
		}
		refusals[code] = r
	}
}

// Sentence is r in one English sentence: its code's sentence filled in
// with its arguments (a code without one: the code itself).
func (r *Rejection) Sentence() string {
	f, ok := refusals[r.Code]
	if !ok {
		return r.Code
	}
	if f.args == nil {
		return f.format
	}
	return fmt.Sprintf(f.format, f.args(r)...)
}

// Refusals lists every code of why a command is refused (each needs
// "refuse.<code>" in every language), in a fixed order.
func Refusals() []string {
	out := make([]string, 0, len(refusals))
	for code := range refusals {
		out = append(out, code)
	}
	slices.Sort(out)
	return out
}
