package game

import (
	"fmt"
	"slices"
	"sort"
)

// Variant is one rule set. A variant is stateless: everything it needs is in
// the *State it is given, and everything it decides leaves through the
// events the engine emits. The engine core (night protocol, day, ballots,
// ties, last words, views) is written once in night.go, day.go and view.go;
// a variant supplies tables and the few decisions that differ.
//
// To add a variant: write a file that declares a type implementing Variant
// (usually by embedding killerFamily, which supplies the single-role
// defaults) and register it in its init, its VariantInfo completed by
// declare (doc.go "Adding a variant").
type Variant interface {
	// Info describes the variant for the lobby and validation.
	Info() VariantInfo
	// Deck is the list of role ids dealt for n players (n within the range).
	// Its length is n × Info().CardsPerSeat.
	Deck(n int) []string
	// Defaults are the shared options' defaults for this deal (some
	// depend on it); its own options' defaults are in their OptionSpecs.
	Defaults(s *State) Options
	// DealOK reports whether a dealt hand set is acceptable (an error → the
	// engine shuffles again, G17): nil means fine, a *VoidDeal says why.
	DealOK(s *State) error
	// Knows appends what seat learns at the deal (its teammates) to known
	// (an empty list the engine provides, nil or with room: a view costs
	// no allocation) and returns it. It may depend on the cards, the round
	// and the marks only: the shared views (Game.SharedPlayerView) keep a
	// seat's list until a deal, a redeal, a mark or a nightfall (State.knows),
	// and the randomized tests compare them with fresh views.
	Knows(s *State, seat int, known []Known) []Known
	// NightSteps appends tonight's steps, in resolution order, to steps (an
	// empty list the engine provides, with room for a night's steps, so a
	// night costs no allocation) and returns it. Called once at nightfall,
	// from the state at the start of the night.
	NightSteps(s *State, steps []NightStep) []NightStep
	// Legal says why actor may not choose t in step st tonight: a
	// Rejection whose Code is empty when it may. A value, not a pointer:
	// the views ask it of every target of every step, and a pointer would
	// allocate for each target refused (the caller that reports the
	// refusal adds the target).
	Legal(s *State, st *Step, actor, t Target) Rejection
	// Answer computes a step's private result (for steps with Answers).
	Answer(s *State, st *Step) string
	// Resolve turns tonight's locked steps into marks and deaths. It may call
	// e.Mark for internal bookkeeping; it returns the dawn announcement.
	Resolve(s *State, e Emitter) DawnBody
	// Win reports the outcome if the game is over now ("" if it goes on):
	// the winner and why (a code of Reasons).
	Win(s *State) (winner string, why Why)
	// RunoffSpeakers says who speaks before run-off ballot k (k ≥ 2):
	// "tied" or "others" (living players outside the tie).
	RunoffSpeakers(k int) string
}

// Optional capabilities. A variant implements one of these interfaces only
// where its rules file departs from seed 000's shape; the engine core checks
// for them with a type assertion, so the single-role variants need none.

// SetupNighter is a variant whose game opens with a setup night (round 0)
// before action night 1: v5.0-dual §3 (the groups identify their cards) and
// two-hands §2 step 3 (a double police or double killer may ask for a new
// deal). Every living seat has a task in it (its steps, or sleep); it ends
// like any night (timeout, G3.6) and is followed at once by night 1, with
// no dawn and no day in between (v5.0-dual R5).
type SetupNighter interface {
	// SetupSteps lists the setup night's steps (none: everybody sleeps);
	// ok false means this game has no setup night (an option turned it off).
	SetupSteps(s *State) (steps []NightStep, ok bool)
	// SetupRedeal reports, once the setup night's steps are final, whether
	// everybody's cards are dealt again (two-hands R1); a new setup night
	// follows the new deal.
	SetupRedeal(s *State) bool
}

// RoundEnder is a variant with a condition checked when a round ends (after
// its day, before the next night falls): v5.0-dual R19's stallRounds.
type RoundEnder interface {
	RoundEnd(s *State) (winner string, why Why)
}

// Balloter is a variant whose ballots differ from seed 000's "one player,
// one vote on a player": cards or hands as candidates, a vote weight per
// voter, votes cast per hand, nominations.
type Balloter interface {
	// Nominations: the day's speeches are nomination turns (two-hands §9.3,
	// action "nominate"), followed by the suspects' defence; the first
	// ballot's candidates are the suspects, and no suspect means no ballot.
	Nominations() bool
	// Candidates lists the first ballot's candidates when there are no
	// nominations (v5.0-dual: every living card); nil means every living
	// seat, in call order.
	Candidates(s *State) []Target
	// VoteWeight is how many votes seat casts in a ballot (v5.0-dual: one
	// token per living card; two-hands: one vote per living hand).
	VoteWeight(s *State, seat int) int
	// VotesByHand: each vote is cast by one of the voter's living hands,
	// named by Command.Card (two-hands §9.5).
	VotesByHand() bool
}

// Immunizer is a variant where the hand that comes out on top of the day's
// vote may be immune (two-hands R18): then nobody is put out today.
type Immunizer interface {
	Immune(s *State, t Target) bool
}

// Camper is a variant whose players learn their camp from their cards
// (two-hands §2 step 4, v5.0-dual R4); the camp is shown on the player's own
// phone and in the reveal at the end.
type Camper interface {
	Camp(s *State, seat int) string
}

// Emitter is the narrow interface a variant's resolution writes through.
type Emitter interface {
	// Mark records a secret per-card counter (a needle, a spent power).
	Mark(t Target, key string, value int)
}

// VariantInfo describes a variant for the lobby and for validation. Its
// names, its roles', actions' and options' names are not here: they are in
// the one translation file the host app and the phones read,
// assets/i18n/<lang>.json (variant.<id>, summary.<id>, role.<id>,
// action.<id>, opt.<name>, val.<value>).
type VariantInfo struct {
	ID           string     `json:"id"`
	MinPlayers   int        `json:"minPlayers"`
	MaxPlayers   int        `json:"maxPlayers"`
	CardsPerSeat int        `json:"cardsPerSeat"`
	Roles        []RoleInfo `json:"roles"`
	Actions      []string   `json:"actions"`
	// Options are the variant's options, shared ones (the fields of
	// Options it accepts, shared(…), perhaps narrowed) and its own, in the
	// order a lobby shows them; OptionNames are their ids (declare fills
	// them in).
	Options     []OptionSpec `json:"-"`
	OptionNames []string     `json:"options"`
	// Stages are the day's stages the variant adds to the core's (its own
	// turns: werewolf-12's stand window, campaign, skill, badge and order
	// turns); TableStages lists them with the core's.
	Stages []Stage `json:"-"`
	// Moments are the kinds of timeline lines the variant adds to the
	// core's; MomentKinds lists them with the core's.
	Moments []MomentKind `json:"-"`
	// Stats are the kinds of per-seat counts the variant adds to a game's
	// outcome (SeatOutcome.Stats) for the evening's scoreboard; StatKinds
	// lists every variant's.
	Stats []StatKind `json:"-"`
}

// declare completes a variant's info for registration: its option names
// from its option specs.
func declare(in VariantInfo) VariantInfo {
	in.OptionNames = make([]string, len(in.Options))
	for i, sp := range in.Options {
		in.OptionNames[i] = sp.ID
	}
	own := ownSpecs(in.Options)
	if len(own) > maxOwnOptions {
		panic("game: " + in.ID + " has more than maxOwnOptions options of its own")
	}
	for _, sp := range own {
		if err := sp.check(); err != nil {
			panic("game: " + in.ID + ": " + err.Error())
		}
	}
	return in
}

// RoleInfo is a role of a variant and its camp (its name: role.<id> in
// assets/i18n).
type RoleInfo struct {
	ID   string `json:"id"`
	Camp string `json:"camp"`
}

// Known is one fact a seat learns at the deal: a teammate's card and role (or
// a label such as "police #2" where the rules number a group).
type Known struct {
	Target Target `json:"target"`
	Role   string `json:"role"`
	Label  string `json:"label,omitempty"`
}

// NightStep is one entry of a night's resolution order.
type NightStep struct {
	Action    string   // "kill", "check", …
	Role      string   // the acting role, for display
	Group     bool     // G4 group action (members converge on one choice)
	Actors    []Target // acting cards, alive at the start of the night
	Mandatory bool     // G4/G5: a seeded random target when nobody chose
	Answers   bool     // produces a private result (Variant.Answer)
	After     []string // G3.5: actions earlier in the order that can change the answer
	// Share names a display group of individual steps (v5.0-dual's killer
	// cards, §5): the holders of steps with the same Share see each other's
	// submissions live, as in a group action, but every step keeps its own
	// choice. Empty: no sharing.
	Share string
	// NoTarget: the action takes no target (two-hands' "redeal" question);
	// choosing it selects the actor itself.
	NoTarget bool
	// Decline is the action id that declines an optional step in place of
	// "skip" (two-hands' "keep"); "skip" is accepted too.
	Decline string
}

var variants = map[string]Variant{}

func register(v Variant) {
	in := v.Info()
	if len(in.OptionNames) != len(in.Options) {
		panic("game: " + in.ID + "'s info is not declared: register(…declare(VariantInfo{…})…)")
	}
	variants[in.ID] = v
	ids := make([]string, len(in.Roles))
	for i, r := range in.Roles {
		ids[i] = r.ID
	}
	roleIDs[in.ID] = ids
	ownOf[in.ID] = ownSpecs(in.Options)
}

// ownOf are each variant's own options (OptionSpec not shared), made once
// at registration.
var ownOf = map[string][]OptionSpec{}

// roleIDs are each variant's role ids in VariantInfo.Roles order, made once
// at registration (the table view lists them; shared, never modified).
var roleIDs = map[string][]string{}

// Lookup finds a variant by id.
func Lookup(id string) (Variant, bool) {
	v, ok := variants[id]
	return v, ok
}

// Variants lists every variant, in the order of rules/README.md.
func Variants() []VariantInfo {
	order := []string{"classic-2.0", "standard-003", "v3.0", "v4.0", "v5.0-dual", "two-hands", "cat-lives-7"}
	var out []VariantInfo
	for _, id := range order {
		if v, ok := variants[id]; ok {
			out = append(out, v.Info())
		}
	}
	var rest []string
	for id := range variants {
		if !slices.Contains(order, id) {
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	for _, id := range rest {
		out = append(out, variants[id].Info())
	}
	return out
}

// VariantIDs lists the ids for messages.
func VariantIDs() []string {
	var ids []string
	for _, v := range Variants() {
		ids = append(ids, v.ID)
	}
	return ids
}

// RoleCounts summarizes a deck as role → count in deck order.
func RoleCounts(deck []string) []RoleCount {
	var out []RoleCount
	for _, r := range deck {
		if i := slices.IndexFunc(out, func(c RoleCount) bool { return c.Role == r }); i >= 0 {
			out[i].Count++
		} else {
			out = append(out, RoleCount{Role: r, Count: 1})
		}
	}
	return out
}

// RoleCount is one line of a proposed deal.
type RoleCount struct {
	Role  string `json:"role"`
	Count int    `json:"count"`
}

// ProposedDeal is the deck a variant deals for n players, for the lobby.
func ProposedDeal(id string, n int) ([]RoleCount, error) {
	v, ok := Lookup(id)
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", id)
	}
	in := v.Info()
	if n < in.MinPlayers || n > in.MaxPlayers {
		return nil, fmt.Errorf("%s is for %d to %d players, not %d", in.ID, in.MinPlayers, in.MaxPlayers, n)
	}
	return RoleCounts(v.Deck(n)), nil
}
