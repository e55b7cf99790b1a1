package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// werewolf-12: rules/werewolf-12.md, 狼人杀 12 人标准局 (预女猎白, or 预女猎守 with
// option board). Twelve seats, four werewolves, four villagers and four
// gods; a sheriff elected before the first dawn; 屠边.
//
// The variant runs its own phases (phaseRunner, hooks.go), on the shared
// night protocol: its night steps (protect, kill, save, poison, check) are
// ordinary NightSteps, so the core takes the inputs, locks the knife by
// agreement and settles what is missing (G4, G5); the variant adds what the
// core does not know (werewolf_night.go): the knife's deadline (the first
// timeout of an open knife closes only the knife), the witch told the knife
// when it closes, the antidote's and the poison's conditions, the hunter's
// status, and the resolution into pending deaths. The day
// (werewolf_day.go) is its own: the election before the dawn, the death
// steps after every removal (skill turns, the badge turn, last words), the
// sheriff's order turn, speeches, the exile ballot with the sheriff's 1.5
// vote, the idiot, 自爆. Core events are used wherever they fit (night, act,
// lock, result, dawn, speeches, turn, turn_end, ballot, vote, abstain,
// tally, executed, immune, exploded, game_over); the variant's own events
// are below. Its state is State.ww, written only by applyEvent; its options
// are its own (wwOpts), outside the shared Options.
//
// Readings of the rules file where it leaves room (each also noted where it
// is implemented):
//
//   - A skill turn accepts `pass` as `skip` ("no skill"): a phone has one
//     button for ending a turn.
//   - The exploded werewolf's turn: if he was speaking, his turn ends with
//     turn_end by "exploded"; if another player was speaking, that turn
//     ends the same way. A ballot in progress is void: no tally.
//   - A poisoned hunter's `shoot` is refused with the same sentence as any
//     other seat's ("seat 8 cannot shoot"), so the refusal tells nothing
//     beyond what the dawn told.
//   - The hunter's status is told to a hunter alive at nightfall; the knifed
//     and saved hunter is told `can-shoot`.
//   - A tie settled by tieFinal `lots` whose lot picks the unrevealed idiot
//     reveals him (immune, by "lot"), as two-hands does.
//   - The `order` event of a timed-out order turn has the side drawn by the
//     event (G17); the turn_end says "timeout".
//   - 空刀's witch result has target 0 ("nobody").
type werewolf struct{ info VariantInfo }

// wwActions are werewolf-12's action ids (§14).
var wwActions = []string{
	"sleep", "kill", "protect", "save", "poison", "check", "skip", "stand", "withdraw", "vote", "abstain",
	"pass", "explode", "shoot", "badge", "tear", "order",
}

// wwOwnOptions are the options of §13 werewolf-12 keeps in wwOpts.
var wwOwnOptions = []string{
	"board", "sheriff", "emptyKnife", "witchSelfSave", "witchTwoPotions", "guardAndSave", "nightLastWords",
	"shotLastWords", "explodeLastWords", "electionExplode", "sheriffVote", "revealedIdiotGod",
	"revealedIdiotBadge", "simultaneousWin", "wolfWin", "knifeSeconds", "witchWindowSeconds", "standSeconds",
	"campaignSeconds", "skillSeconds", "badgeSeconds", "orderSeconds",
}

func init() {
	register(werewolf{VariantInfo{
		ID:           "werewolf-12",
		MinPlayers:   12,
		MaxPlayers:   12,
		CardsPerSeat: 1,
		Roles: []RoleInfo{
			{ID: "werewolf", Camp: "werewolves"},
			{ID: "villager", Camp: "good"},
			{ID: "seer", Camp: "good"},
			{ID: "witch", Camp: "good"},
			{ID: "hunter", Camp: "good"},
			{ID: "idiot", Camp: "good"},
			{ID: "guard", Camp: "good"},
		},
		Actions: wwActions,
		OptionNames: append([]string{
			"voteMode", "selfVote", "abstain", "tieRounds", "tieVoters", "tieFinal", "selfReveal",
			"speechStart", "speechDirection", "deadSeeAll", "nightMaxSeconds", "nightMinSeconds",
			"speechSeconds", "pkSpeechSeconds", "lastWordsSeconds", "voteSeconds", "announceSeconds",
		}, wwOwnOptions...),
	}})
	for t, mk := range map[string]func() Body{
		"election":           func() Body { return &ElectionBody{} },
		"stand":              func() Body { return &StandBody{} },
		"candidates":         func() Body { return &CandidatesBody{} },
		"sheriff":            func() Body { return &SheriffBody{} },
		"badge_lost":         func() Body { return &BadgeLostBody{} },
		"election_postponed": func() Body { return &ElectionPostponedBody{} },
		"shot":               func() Body { return &ShotBody{} },
		"deaths":             func() Body { return &DeathsBody{} },
	} {
		bodyTypes[t] = mk
	}
}

// The werewolf-12 boards (§2).
const (
	wwBoardIdiot = "seer-witch-hunter-idiot"
	wwBoardGuard = "seer-witch-hunter-guard"
)

// wwDeck is the deck of a board, in the rules file's order.
func wwDeck(board string) []string {
	d := append(repeat("werewolf", 4), repeat("villager", 4)...)
	d = append(d, "seer", "witch", "hunter")
	if board == wwBoardGuard {
		return append(d, "guard")
	}
	return append(d, "idiot")
}

func (v werewolf) Info() VariantInfo { return v.info }

// Deck is the default board's (预女猎白); option board changes it (dealHands).
func (werewolf) Deck(int) []string { return wwDeck(wwBoardIdiot) }

// Defaults: §13's shared options (the variant's own are wwOpts).
func (werewolf) Defaults(*State) Options {
	return Options{
		SpeechMode:       "turns",
		SpeechStart:      "left",
		SpeechDirection:  "cw",
		VoteMode:         "simultaneous-open",
		VoteCallOrder:    "speech",
		Abstain:          true,
		TieRounds:        2,
		TieVoters:        "non-tied",
		TieFinal:         "none",
		SelfReveal:       true,
		NightMinSeconds:  60,
		NightMaxSeconds:  120,
		SpeechSeconds:    120,
		LastWordsSeconds: 60,
		PKSpeechSeconds:  60,
		VoteSeconds:      15,
	}
}

// OptionChoices: §13's values of the shared options.
func (werewolf) OptionChoices() map[string][]string {
	return map[string][]string{"voteMode": {"simultaneous-open", "secret"}, "tieFinal": {"none", "lots"}}
}

func (werewolf) DealOK(*State) error { return nil }

// Knows: the werewolves see each other (§3).
func (werewolf) Knows(s *State, seat int, known []Known) []Known {
	return teamKnowledge(s, seat, known, "werewolf")
}

func (werewolf) RunoffSpeakers(int) string { return "tied" }
func (werewolf) Resolve(*State, Emitter) DawnBody {
	return DawnBody{Dead: []Target{}} // never called: the variant resolves its nights (wwEndNight)
}

// Camp is the seat's camp.
func (werewolf) Camp(s *State, seat int) string {
	if s.Role(seat) == "werewolf" {
		return "werewolves"
	}
	return "good"
}

// wwOpts are werewolf-12's own options (§13), by their names in the rules
// file.
type wwOpts struct {
	Board              string  `json:"board"`
	Sheriff            bool    `json:"sheriff"`
	EmptyKnife         bool    `json:"emptyKnife"`
	WitchSelfSave      string  `json:"witchSelfSave"`
	WitchTwoPotions    bool    `json:"witchTwoPotions"`
	GuardAndSave       string  `json:"guardAndSave"`
	NightLastWords     string  `json:"nightLastWords"`
	ShotLastWords      bool    `json:"shotLastWords"`
	ExplodeLastWords   bool    `json:"explodeLastWords"`
	ElectionExplode    string  `json:"electionExplode"`
	SheriffVote        float64 `json:"sheriffVote"`
	RevealedIdiotGod   bool    `json:"revealedIdiotGod"`
	RevealedIdiotBadge string  `json:"revealedIdiotBadge"`
	SimultaneousWin    string  `json:"simultaneousWin"`
	WolfWin            string  `json:"wolfWin"`
	KnifeSeconds       int     `json:"knifeSeconds"`
	WitchWindowSeconds int     `json:"witchWindowSeconds"`
	StandSeconds       int     `json:"standSeconds"`
	CampaignSeconds    int     `json:"campaignSeconds"`
	SkillSeconds       int     `json:"skillSeconds"`
	BadgeSeconds       int     `json:"badgeSeconds"`
	OrderSeconds       int     `json:"orderSeconds"`
}

// wwDefaults are §13's defaults.
var wwDefaults = wwOpts{
	Board: wwBoardIdiot, Sheriff: true, EmptyKnife: true, WitchSelfSave: "first-night", GuardAndSave: "dies",
	NightLastWords: "first-night", ElectionExplode: "postpone", SheriffVote: 1.5, RevealedIdiotGod: true,
	RevealedIdiotBadge: "pass", SimultaneousWin: "good", WolfWin: "side", KnifeSeconds: 60,
	WitchWindowSeconds: 15, StandSeconds: 15, CampaignSeconds: 90, SkillSeconds: 10, BadgeSeconds: 30,
	OrderSeconds: 15,
}

// wwChoices are the legal values of the enumerated own options.
var wwChoices = map[string][]string{
	"board":              {wwBoardIdiot, wwBoardGuard},
	"witchSelfSave":      {"first-night", "never", "always"},
	"guardAndSave":       {"dies", "survives"},
	"nightLastWords":     {"first-night", "every-night"},
	"electionExplode":    {"postpone", "lost"},
	"revealedIdiotBadge": {"pass", "keep"},
	"simultaneousWin":    {"good", "werewolves", "draw"},
	"wolfWin":            {"side", "all"},
}

func (werewolf) ownOptions() []string { return wwOwnOptions }

// OwnOptionValues are the variant's own options with their values in s, for
// the lobby and the briefing.
func OwnOptionValues(s *State) map[string]any {
	if s.ww == nil {
		return nil
	}
	b, _ := json.Marshal(s.ww.o)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return m
}

// setOptions starts the variant's state with its options: the defaults
// and the overrides in raw.
func (werewolf) setOptions(s *State, raw map[string]json.RawMessage) error {
	o := wwDefaults
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		one, _ := json.Marshal(map[string]json.RawMessage{k: raw[k]})
		if err := json.Unmarshal(one, &o); err != nil {
			return &OptionError{Name: k, Msg: "has the wrong kind of value"}
		}
	}
	b, _ := json.Marshal(o)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for k, cs := range wwChoices {
		if v, _ := m[k].(string); !slices.Contains(cs, v) {
			return &OptionError{Name: k, Msg: fmt.Sprintf("%q is not one of %s", v, strings.Join(cs, ", "))}
		}
	}
	if o.SheriffVote != 1.5 && o.SheriffVote != 2 {
		return &OptionError{Name: "sheriffVote", Msg: "must be 1.5 or 2"}
	}
	for _, n := range []int{o.KnifeSeconds, o.WitchWindowSeconds, o.StandSeconds, o.CampaignSeconds, o.SkillSeconds, o.BadgeSeconds, o.OrderSeconds} {
		if n < 0 {
			return &OptionError{Name: "options", Msg: "durations must not be negative"}
		}
	}
	if o.KnifeSeconds >= s.Opts.NightMaxSeconds-o.WitchWindowSeconds {
		return &OptionError{Name: "knifeSeconds", Msg: fmt.Sprintf("must be smaller than nightMaxSeconds − witchWindowSeconds (%d)", s.Opts.NightMaxSeconds-o.WitchWindowSeconds)}
	}
	s.ww = &wwState{o: o, electionDue: o.Sheriff}
	return nil
}

// dealHands deals the board's deck (§2): the script's deal, checked against
// it, or a seeded shuffle dealt in seat order (G17).
func (werewolf) dealHands(s *State, setup Setup, r *rand.Rand) ([][]string, []Body, error) {
	deck := wwDeck(s.ww.o.Board)
	if setup.Deal != nil {
		if len(setup.Deal) != setup.Players {
			return nil, nil, &SetupError{"deal", fmt.Sprintf("has %d seats, the game has %d players", len(setup.Deal), setup.Players)}
		}
		var got []string
		hands := make([][]string, len(setup.Deal))
		for i, h := range setup.Deal {
			if len(h) != 1 {
				return nil, nil, &SetupError{fmt.Sprintf("deal[%d]", i), fmt.Sprintf("seat %d needs 1 role id(s), got %d", i+1, len(h))}
			}
			if !slices.ContainsFunc(variants["werewolf-12"].Info().Roles, func(ri RoleInfo) bool { return ri.ID == h[0] }) {
				return nil, nil, &SetupError{fmt.Sprintf("deal[%d]", i), fmt.Sprintf("unknown role %q for werewolf-12", h[0])}
			}
			got = append(got, h[0])
			hands[i] = []string{h[0]}
		}
		want := slices.Clone(deck)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return nil, nil, &SetupError{"deal", fmt.Sprintf("does not fit werewolf-12 (board %s): the deck is %s", s.ww.o.Board, deckString(deck))}
		}
		return hands, nil, nil
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	hands := make([][]string, len(deck))
	for i := range deck {
		hands[i] = deck[i : i+1 : i+1]
	}
	return hands, nil, nil
}

// wwGod reports whether role is a god (神, §1).
func wwGod(role string) bool {
	return role == "seer" || role == "witch" || role == "hunter" || role == "idiot" || role == "guard"
}

// The variant's own events (§14).

// ElectionBody: the sheriff election opens (the stand window, §9.1).
type ElectionBody struct {
	Round int `json:"round"`
}

// StandBody: Seat's stand choice (上警 or not), private to the seat until
// the window closes.
type StandBody struct {
	Seat  int  `json:"seat"`
	Stand bool `json:"stand"`
}

// CandidatesBody: the stand window closed: who stood, and the campaign
// order (a seeded random candidate first, then ascending seats, wrapping),
// drawn by the event (Order empty when emitted).
type CandidatesBody struct {
	Round      int   `json:"round"`
	Candidates []int `json:"candidates"`
	Order      []int `json:"order"`
}

// SheriffBody: Seat holds the badge: "elected", "unopposed" or "handed"
// (From: the dying sheriff).
type SheriffBody struct {
	Round int    `json:"round"`
	Seat  int    `json:"seat"`
	By    string `json:"by"`
	From  int    `json:"from,omitempty"`
}

// BadgeLostBody: nobody holds the badge for the rest of the game; Why is
// no-candidates, all-withdrew, no-voters, no-votes, tie, explosion,
// explosions or torn.
type BadgeLostBody struct {
	Round int    `json:"round"`
	Why   string `json:"why"`
}

// ElectionPostponedBody: an explosion interrupted the election; it is held
// again at the start of the next day (§9.6).
type ElectionPostponedBody struct {
	Round int `json:"round"`
}

// ShotBody: the hunter shoots Seat, who dies at once (§8.2).
type ShotBody struct {
	Round  int `json:"round"`
	Hunter int `json:"hunter"`
	Seat   int `json:"seat"`
}

// DeathsBody: the night's resolution (§6), hidden until the end: who dies
// at the dawn and why. Knife, Guard and Poison are seats (0: none).
type DeathsBody struct {
	Round  int   `json:"round"`
	Dead   []int `json:"dead"`
	Knife  int   `json:"knife,omitempty"`
	Guard  int   `json:"guard,omitempty"`
	Saved  bool  `json:"saved,omitempty"`
	Poison int   `json:"poison,omitempty"`
}

func (*ElectionBody) Type() string          { return "election" }
func (*StandBody) Type() string             { return "stand" }
func (*CandidatesBody) Type() string        { return "candidates" }
func (*SheriffBody) Type() string           { return "sheriff" }
func (*BadgeLostBody) Type() string         { return "badge_lost" }
func (*ElectionPostponedBody) Type() string { return "election_postponed" }
func (*ShotBody) Type() string              { return "shot" }
func (*DeathsBody) Type() string            { return "deaths" }

func (*ElectionBody) tableRole() TableRole          { return TableStage }
func (*CandidatesBody) tableRole() TableRole        { return TableAnnounce }
func (*SheriffBody) tableRole() TableRole           { return TableAnnounce }
func (*BadgeLostBody) tableRole() TableRole         { return TableAnnounce }
func (*ElectionPostponedBody) tableRole() TableRole { return TableAnnounce }
func (*ShotBody) tableRole() TableRole              { return TableAnnounce }

// Stages of werewolf-12's day (SpeechesBody.Kind, DayState.Stage).
const (
	StageStand      Stage = "stand"
	StageCampaign   Stage = "campaign"
	StageCampaignPK Stage = "campaign-pk"
	StageSkill      Stage = "skill"
	StageBadge      Stage = "badge"
	StageOrder      Stage = "order"
)
