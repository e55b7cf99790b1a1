package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
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
// are below (order and withdraw share their bodies with cat-lives-7's
// events of those names: one body per event type). Its state is State.ext
// (wwOf), written only by applyEvent; its options are its own
// OptionSpecs, read once into wwOpts; the side of an order is its Args
// (wwArgs); its public view part is WWTableView (werewolf_view.go).
//
// Readings of the rules file where it leaves room (each also noted where it
// is implemented):
//
//   - The stand window closes with a timeout (§17 Example 1: everybody
//     chose, then timeout): as at night (G3.6) a script has no clock, and
//     the host's clock sends the timeout as soon as every living player
//     has chosen (§9.1 "closes when all have chosen or at timeout"), so the
//     table waits no longer than the last tap.
//   - A step after the game's end is not played (SCRIPT.md: game_over is
//     the last line), so Example 10's "seat 8's shoot → rejected (the game
//     is over)" prints nothing; a phone sending it is refused with
//     game-over.
//   - The witch's antidote question, and her skip of it, are refused while
//     the knife is open (knife-open); after a save without witchTwoPotions
//     her poison question closes at once (a lock by "none", to her only).
//     A question left unanswered at the night's end does not happen (G5).
//   - 空刀's result to the witch has target 0 ("nobody") and answer none.
//   - The hunter's status goes to a hunter alive at nightfall, poisoned or
//     not; a knifed (or guarded and saved, 同守同救) hunter is told
//     can-shoot. A poisoned hunter's shoot is refused with the sentence any
//     seat gets ("seat 8 cannot shoot").
//   - A skill turn accepts pass as skip: a phone has one button that ends
//     a turn. Its turn_end says which ("skip", "pass", "shoot", "timeout").
//   - An explosion ends the turn being spoken, whoever speaks, with
//     turn_end by "exploded"; a ballot in progress closes without a tally.
//   - A timed-out order turn: the order event's side is drawn by the event
//     (by "random"); a peaceful night without a sheriff: the speeches' first
//     speaker likewise (speeches by "random").
//   - A revealed idiot has no vote in an election either (a postponed one).
//   - An election PK in which nobody votes is a tie: the badge is lost
//     (tie). tieRounds above 2 gives more exile PKs, each among the last
//     tie; tieFinal lots whose lot picks the unrevealed idiot reveals him
//     (immune by "lot").
//   - The night's resolution is a hidden event, deaths (audience none):
//     who dies at the dawn, the knife, the guard, the save and the poison,
//     for the 复盘 at the end.
type werewolf struct{ info VariantInfo }

// wwActions are werewolf-12's action ids (§14).
var wwActions = []string{
	"sleep", "kill", "protect", "save", "poison", "check", "skip", "stand", "withdraw", "vote", "abstain",
	"pass", "explode", "shoot", "badge", "tear", "order",
}

func init() {
	register(werewolf{declare(VariantInfo{
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
		Stages:  []Stage{StageStand, StageCampaign, StageCampaignPK, StageSkill, StageBadge, StageOrder},
		Moments: WWMomentKinds(),
		Stats:   WWStatKinds(),
		// §13, the shared ones first (their defaults are Defaults').
		Options: append(narrow(shared("voteMode", "selfVote", "abstain", "tieRounds", "tieVoters", "tieFinal", "selfReveal",
			"speechStart", "speechDirection", "deadSeeAll", "nightMaxSeconds", "nightMinSeconds",
			"speechSeconds", "pkSpeechSeconds", "lastWordsSeconds", "voteSeconds", "announceSeconds"),
			map[string][]string{"voteMode": {"simultaneous-open", "secret"}, "tieFinal": {"none", "lots"}}),
			OptionSpec{ID: "board", Kind: OptChoice, Values: []string{wwBoardIdiot, wwBoardGuard}, Default: wwBoardIdiot},
			OptionSpec{ID: "sheriff", Kind: OptBool, Default: true},
			OptionSpec{ID: "emptyKnife", Kind: OptBool, Default: true},
			OptionSpec{ID: "witchSelfSave", Kind: OptChoice, Values: []string{"first-night", "never", "always"}, Default: "first-night"},
			OptionSpec{ID: "witchTwoPotions", Kind: OptBool, Default: false},
			OptionSpec{ID: "guardAndSave", Kind: OptChoice, Values: []string{"dies", "survives"}, Default: "dies"},
			OptionSpec{ID: "nightLastWords", Kind: OptChoice, Values: []string{"first-night", "every-night"}, Default: "first-night"},
			OptionSpec{ID: "shotLastWords", Kind: OptBool, Default: false},
			OptionSpec{ID: "explodeLastWords", Kind: OptBool, Default: false},
			OptionSpec{ID: "electionExplode", Kind: OptChoice, Values: []string{"postpone", "lost"}, Default: "postpone"},
			OptionSpec{ID: "sheriffVote", Kind: OptChoice, Values: []string{"1.5", "2"}, Default: "1.5"},
			OptionSpec{ID: "revealedIdiotGod", Kind: OptBool, Default: true},
			OptionSpec{ID: "revealedIdiotBadge", Kind: OptChoice, Values: []string{"pass", "keep"}, Default: "pass"},
			OptionSpec{ID: "simultaneousWin", Kind: OptChoice, Values: []string{"good", "werewolves", "draw"}, Default: "good"},
			OptionSpec{ID: "wolfWin", Kind: OptChoice, Values: []string{"side", "all"}, Default: "side"},
			OptionSpec{ID: "knifeSeconds", Kind: OptSeconds, Default: 60},
			OptionSpec{ID: "witchWindowSeconds", Kind: OptSeconds, Default: 15},
			OptionSpec{ID: "standSeconds", Kind: OptSeconds, Default: 15},
			OptionSpec{ID: "campaignSeconds", Kind: OptSeconds, Default: 90},
			OptionSpec{ID: "skillSeconds", Kind: OptSeconds, Default: 10},
			OptionSpec{ID: "badgeSeconds", Kind: OptSeconds, Default: 30},
			OptionSpec{ID: "orderSeconds", Kind: OptSeconds, Default: 15},
		),
	})})
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

// wwOpts are werewolf-12's own options (§13), read once from the game's
// options when its state is made (wwOf).
type wwOpts struct {
	Board              string
	Sheriff            bool
	EmptyKnife         bool
	WitchSelfSave      string
	WitchTwoPotions    bool
	GuardAndSave       string
	NightLastWords     string
	ShotLastWords      bool
	ExplodeLastWords   bool
	ElectionExplode    string
	SheriffVote        float64
	RevealedIdiotGod   bool
	RevealedIdiotBadge string
	SimultaneousWin    string
	WolfWin            string
	KnifeSeconds       int
	WitchWindowSeconds int
	StandSeconds       int
	CampaignSeconds    int
	SkillSeconds       int
	BadgeSeconds       int
	OrderSeconds       int
}

// wwReadOpts reads the variant's own options from s.
func wwReadOpts(s *State) wwOpts {
	o := wwOpts{
		Board: s.OptChoice("board"), Sheriff: s.OptBool("sheriff"), EmptyKnife: s.OptBool("emptyKnife"),
		WitchSelfSave: s.OptChoice("witchSelfSave"), WitchTwoPotions: s.OptBool("witchTwoPotions"),
		GuardAndSave: s.OptChoice("guardAndSave"), NightLastWords: s.OptChoice("nightLastWords"),
		ShotLastWords: s.OptBool("shotLastWords"), ExplodeLastWords: s.OptBool("explodeLastWords"),
		ElectionExplode: s.OptChoice("electionExplode"), SheriffVote: 1.5,
		RevealedIdiotGod: s.OptBool("revealedIdiotGod"), RevealedIdiotBadge: s.OptChoice("revealedIdiotBadge"),
		SimultaneousWin: s.OptChoice("simultaneousWin"), WolfWin: s.OptChoice("wolfWin"),
		KnifeSeconds: s.OptInt("knifeSeconds"), WitchWindowSeconds: s.OptInt("witchWindowSeconds"),
		StandSeconds: s.OptInt("standSeconds"), CampaignSeconds: s.OptInt("campaignSeconds"),
		SkillSeconds: s.OptInt("skillSeconds"), BadgeSeconds: s.OptInt("badgeSeconds"), OrderSeconds: s.OptInt("orderSeconds"),
	}
	if s.OptChoice("sheriffVote") == "2" {
		o.SheriffVote = 2
	}
	return o
}

// wwOf is werewolf-12's state in s (State.ext), made with the game's first
// event; nil in another variant's game.
func wwOf(s *State) *wwState {
	w, _ := s.ext.(*wwState)
	return w
}

// wwArgs are werewolf-12's command arguments: the side of the sheriff's
// order (§10.1, action "order").
type wwArgs struct {
	Side string `json:"side,omitempty"` // "left" or "right"
}

func (wwArgs) Refuse() *Rejection { return nil }
func (a wwArgs) Bound() error     { return boundWord(a.Side) }

// DecodeArgs reads the side of an order.
func (werewolf) DecodeArgs(obj []byte) (Args, error) {
	a, err := decodeArgs[wwArgs](obj)
	if err != nil {
		return nil, fmt.Errorf("side is a string, \"left\" or \"right\": %w", err)
	}
	if a.(wwArgs).Side == "" {
		return nil, nil
	}
	return a, nil
}

// dealHands deals the board's deck (§2): the script's deal, checked against
// it, or a seeded shuffle dealt in seat order (G17).
func (werewolf) dealHands(s *State, setup Setup, r *rand.Rand) ([][]string, []Body, error) {
	o := wwReadOpts(s)
	if o.KnifeSeconds >= s.Opts.NightMaxSeconds-o.WitchWindowSeconds {
		return nil, nil, &SetupError{"options", fmt.Sprintf("knifeSeconds must be smaller than nightMaxSeconds − witchWindowSeconds (%d)", s.Opts.NightMaxSeconds-o.WitchWindowSeconds)}
	}
	deck := wwDeck(o.Board)
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
			return nil, nil, &SetupError{"deal", fmt.Sprintf("does not fit werewolf-12 (board %s): the deck is %s", o.Board, deckString(deck))}
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
func (*ElectionBody) cue() CueKind                  { return CueElection }
func (*CandidatesBody) tableRole() TableRole        { return TableAnnounce }
func (*SheriffBody) tableRole() TableRole           { return TableAnnounce }
func (*BadgeLostBody) tableRole() TableRole         { return TableAnnounce }
func (*ElectionPostponedBody) tableRole() TableRole { return TableAnnounce }
func (*ShotBody) tableRole() TableRole              { return TableAnnounce }

// CueElection: the sheriff election's stand window opens (ElectionBody).
const CueElection CueKind = "election"

// Stages of werewolf-12's day (SpeechesBody.Kind, DayState.Stage).
const (
	StageStand      Stage = "stand"
	StageCampaign   Stage = "campaign"
	StageCampaignPK Stage = "campaign-pk"
	StageSkill      Stage = "skill"
	StageBadge      Stage = "badge"
	StageOrder      Stage = "order"
)
