package game

import (
	"errors"
	"fmt"
)

// Why is a code with its typed arguments: why a game ended (Code one of
// Reasons) or why a deal was void (one of RedealReasons). The screens
// translate the code ("reason.<code>", "redeal.<code>" in the dictionary)
// and fill in the arguments; Sentence says it in English for `nightfall
// script` (the event's readable "reason").
type Why struct {
	Code   string   `json:"code"`
	N      int      `json:"n,omitempty"`      // rounds in a row (ReasonStalemate, ReasonStall); killers alive (ReasonOutnumbered)
	Others int      `json:"others,omitempty"` // the other players alive (ReasonOutnumbered)
	Seat   int      `json:"seat,omitempty"`   // the seat a void deal names
	Roles  []string `json:"roles,omitempty"`  // the roles that seat was dealt
	Value  string   `json:"value,omitempty"`  // the option value that forbids them (RedealForbiddenPair)
}

// Why a game ended (GameOverBody.Code). One code, one sentence: where two
// variants word an ending their own way, each has its code.
const (
	ReasonKillersDead     = "killers-dead"
	ReasonPoliceDead      = "police-dead"
	ReasonCiviliansDead   = "civilians-dead"
	ReasonPoliceSideDead  = "police-side-dead"
	ReasonHost            = "host"
	ReasonLastTie         = "last-tie"
	ReasonAllDead         = "all-dead"
	ReasonNobodyAlive     = "nobody-alive"
	ReasonOnlyKillers     = "only-killers"
	ReasonOnlyWerewolves  = "only-werewolves"
	ReasonFreeLast        = "free-last"
	ReasonKillerHandsDead = "killer-hands-dead"
	ReasonPoliceHandsDead = "police-hands-dead"
	ReasonGoodHandsDead   = "good-hands-dead"
	ReasonKillerCardsDead = "killer-cards-dead"
	ReasonPoliceCardsDead = "police-cards-dead"
	ReasonTogether        = "together"         // v3.0: the last killer and the last civilian
	ReasonTogetherSpecial = "together-special" // v4.0: the last killer and the last special role
	ReasonTogetherCards   = "together-cards"   // v5.0-dual: the last killer-camp and police cards
	ReasonCatGood         = "cat-good"         // cat-lives-7: killer, werewolf and free-choice dead
	ReasonV4SpecialsDead  = "v4-specials-dead" // v4.0: every special role dead
	ReasonBoth            = "both"             // two-hands: both camps' conditions at once
	ReasonStalemate       = "stalemate"        // cat-lives-7 R26: N rounds without a card lost
	ReasonStall           = "stall"            // v5.0-dual R19: N rounds without a card dying
	ReasonOutnumbered     = "outnumbered"      // v4.0 R13: N killers alive against Others
	// werewolf-12 §12
	ReasonAllWerewolvesDead = "all-werewolves-dead"
	ReasonAllGodsDead       = "all-gods-dead"
	ReasonAllVillagersDead  = "all-villagers-dead"
	ReasonAllGoodDead       = "all-good-dead"
	ReasonSimultaneous      = "simultaneous" // both sides' conditions at one announcement
)

// Why a deal was void and dealt again (RedealBody.Code).
const (
	RedealAsked         = "asked"          // a player asked for a new deal (two-hands R1)
	RedealZeroSum       = "zero-sum"       // Seat was dealt Roles whose justice weights sum to 0
	RedealDoubleRole    = "double-role"    // Seat was dealt two hands of Roles[0]
	RedealForbiddenPair = "forbidden-pair" // Seat was dealt Roles, a pair Value forbids
)

// sentences are the codes' English sentences (the arguments are filled in
// by Sentence).
var sentences = map[string]string{
	ReasonKillersDead:       "all killers are dead",
	ReasonPoliceDead:        "all police are dead",
	ReasonCiviliansDead:     "all civilians are dead",
	ReasonPoliceSideDead:    "all of the police side are dead",
	ReasonHost:              "the host ended the game",
	ReasonLastTie:           "the vote tied on the last ballot of the day",
	ReasonAllDead:           "every player is dead",
	ReasonNobodyAlive:       "nobody is alive",
	ReasonOnlyKillers:       "only the killer camp is left",
	ReasonOnlyWerewolves:    "only the werewolf camp is left",
	ReasonFreeLast:          "the free-choice player is the last survivor",
	ReasonKillerHandsDead:   "every killer and assassin hand is dead",
	ReasonPoliceHandsDead:   "every police hand is dead",
	ReasonGoodHandsDead:     "every villager, bodyguard, doctor and dark-police hand is dead",
	ReasonKillerCardsDead:   "every killer card and the undercover are dead",
	ReasonPoliceCardsDead:   "every police and secret-police card is dead",
	ReasonTogether:          "the last killer and the last civilian died together",
	ReasonTogetherSpecial:   "the last killer and the last special role died at the same time",
	ReasonTogetherCards:     "the last killer-camp card and the last police card died together",
	ReasonCatGood:           "the killer, the werewolf and the free-choice player are all dead",
	ReasonV4SpecialsDead:    "the butterfly, sniper, police, doctor and elder are all dead",
	ReasonBoth:              "both camps' conditions hold at once: a draw, which is the killer camp's win",
	ReasonStalemate:         "%d rounds in a row without a card lost",
	ReasonStall:             "no card died for %d rounds in a row",
	ReasonOutnumbered:       "%d killers alive against %d other players",
	ReasonAllWerewolvesDead: "all werewolves are dead",
	ReasonAllGodsDead:       "all gods are dead",
	ReasonAllVillagersDead:  "all villagers are dead",
	ReasonAllGoodDead:       "all good players are dead",
	ReasonSimultaneous:      "both sides' conditions hold at once",
	RedealAsked:             "a player asked for a new deal",
	RedealZeroSum:           "seat %d was dealt %s + %s, whose justice weights sum to 0 (a forbidden hand)",
	RedealDoubleRole:        "seat %d was dealt two %s hands (doubleRoleRedeal always)",
	RedealForbiddenPair:     "seat %d was dealt %s + %s, a forbidden pair (forbiddenPairs %s)",
}

// Sentence is w in one English sentence (`nightfall script`'s "reason").
func (w Why) Sentence() string {
	s, ok := sentences[w.Code]
	if !ok {
		return w.Code
	}
	role := func(i int) string {
		if i < len(w.Roles) {
			return w.Roles[i]
		}
		return "?"
	}
	switch w.Code {
	case ReasonStalemate, ReasonStall:
		return fmt.Sprintf(s, w.N)
	case ReasonOutnumbered:
		return fmt.Sprintf(s, w.N, w.Others)
	case RedealZeroSum:
		return fmt.Sprintf(s, w.Seat, role(0), role(1))
	case RedealDoubleRole:
		return fmt.Sprintf(s, w.Seat, role(0))
	case RedealForbiddenPair:
		return fmt.Sprintf(s, w.Seat, role(0), role(1), w.Value)
	}
	return s
}

// VoidDeal is the error DealOK returns for a deal the rules refuse: why,
// as a code.
type VoidDeal struct{ Why Why }

func (v *VoidDeal) Error() string { return v.Why.Sentence() }

// voidWhy is why DealOK refused a deal: its *VoidDeal's code, or the
// error's text where a variant returned a plain error.
func voidWhy(err error) Why {
	var v *VoidDeal
	if errors.As(err, &v) {
		return v.Why
	}
	return Why{Code: err.Error()}
}

// Reasons lists every code of why a game ends (each needs "reason.<code>"
// in every language on every screen that says it).
func Reasons() []string {
	return []string{ReasonKillersDead, ReasonPoliceDead, ReasonCiviliansDead, ReasonPoliceSideDead, ReasonHost,
		ReasonLastTie, ReasonAllDead, ReasonNobodyAlive, ReasonOnlyKillers, ReasonOnlyWerewolves, ReasonFreeLast,
		ReasonKillerHandsDead, ReasonPoliceHandsDead, ReasonGoodHandsDead, ReasonKillerCardsDead,
		ReasonPoliceCardsDead, ReasonTogether, ReasonTogetherSpecial, ReasonTogetherCards, ReasonCatGood,
		ReasonV4SpecialsDead, ReasonBoth, ReasonStalemate, ReasonStall, ReasonOutnumbered,
		ReasonAllWerewolvesDead, ReasonAllGodsDead, ReasonAllVillagersDead, ReasonAllGoodDead, ReasonSimultaneous}
}

// RedealReasons lists every code of why a deal is void ("redeal.<code>").
func RedealReasons() []string {
	return []string{RedealAsked, RedealZeroSum, RedealDoubleRole, RedealForbiddenPair}
}

// The camps a role, a card or a player can be in, which are also the
// winners of a game (but the free choice), and the two other ends.
const (
	CampGood       = "good"
	CampKillers    = "killers"
	CampWerewolves = "werewolves"
	CampFreeChoice = "free-choice" // cat-lives-7's free-choice player
	WinnerDraw     = "draw"
	WinnerNone     = "none" // the host ended the game
)

// Winners lists the winners a game can end with (GameOverBody.Winner), but
// a lone winner's seat id ("winner.seat"): WinnerNone is a game the host
// ended.
func Winners() []string {
	return []string{CampGood, CampKillers, CampWerewolves, WinnerDraw, WinnerNone}
}

// Camps lists the camps a role, a card or a player can be in (RoleInfo.Camp,
// Camper, cat-lives-7's camps).
func Camps() []string { return []string{CampGood, CampKillers, CampWerewolves, CampFreeChoice} }

// Answers lists the private answers a night step can give (Step.Answer).
func Answers() []string {
	return []string{"killer", "not-killer", "secret-police", "not-secret-police", "none",
		"werewolf", "good", "knifed", "can-shoot", "cannot-shoot"}
}
