package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
)

// cat-lives-7: rules/cat-lives-7.md (seed 004, 猫命7人规则, "a cat has n
// lives"): seven players, five cards each, action points, privileges.
//
// The variant runs its own phases (phaseRunner, hooks.go): a night is one
// phase in which every living player submits any number of privileges, each
// paid with action points (AP) when submitted and withdrawable until the
// night ends (G3.2's exception, §6, §7); the night is resolved by §10
// (catlives_night.go) into a dawn announcement. The day (catlives_day.go) is
// last words, rotating speeches, discussion and a closing window, with a
// live weighted vote open the whole day and day privileges; it ends with
// §12's two executions, the saint and day ultimate kills. Core events are
// used where they fit (night, sleep for `done` at night, dawn, speeches,
// turns, ballot, vote, tally, executed, game_over); the variant's own events
// (camps, points, privilege, withdraw, order, orders, stance, notice,
// resolve, announce, done) are in catlives_events.go. Its state is
// State.ext, written only by applyEvent.
//
// Cards are the five entries of SeatState.Cards in dealt order; a card is
// lost when its Alive flag falls. Which card is where in the discard order
// is the private catSeat.Order (card indexes, front first). Targets are
// seats; a card position (aimed snipe) and the other inputs are Command
// fields named as in the rules file: text, position, into, camp, cowin,
// order, action.
//
// Readings of the rules file where it leaves room (each also noted at the
// code that implements it):
//
//   - Two held cards offering one action: only the killer (an amoeba in
//     werewolf form) or the werewolf (an amoeba in killer form) can hold two
//     cards with `attack` / `onehit`. The real card acts unless the command
//     says `via: "amoeba"` (an extra step field; the rules file names none
//     for this case, and the kind of the attack matters for vests and
//     bodyguards).
//   - A pending execution card (§12.4) is not part of the order a player
//     submits: it stays the front card until dawn. The order lists the
//     other held cards (five on night 1); an order that lists the pending
//     card too is accepted, that card staying first. A pending bodyguard
//     card neither protects nor costs upkeep (it cannot be used, R13).
//   - Manifestos belong to attacks: each attack carries its `text` (possibly
//     empty while the night's total suffices, "一篇或多篇"). A withdrawal that
//     would leave the player's remaining attacks short of
//     manifestoMinChars × attacks is refused with the counts (withdraw the
//     text-less attack instead). The dawn shows the non-empty texts of the
//     launched attacks, sorted and then shuffled by the seeded generator.
//   - Withdrawals undo everything a submission reserved (AP and the amoeba's
//     budget); an amoeba transformation is withdrawable like any privilege
//     until its phase ends. One transformation may be under way at a time.
//   - "Once per night" privileges (vest, wolfsbane, anti-snipe, saint) are
//     refused the second time in a night; ultimate kill is refused on a card
//     whose ultimate kill is spent or pending; a pardon card already used on
//     that player is refused.
//   - A free-choice player may not switch to co-win while a privilege that
//     co-win forbids is pending (withdraw it first): the restriction is then
//     checked at one place, the submission.
//   - Cause of each lost card at dawn (for §11's separate listing): aimed
//     hits remove their own cards; a bodyguard broken by an ultimate kill is
//     that kill's loss; the remaining cards go in discard order to the
//     remaining hits, attacks first, then failed bindings and healings, then
//     ultimate kills.
//   - Binding streaks (R11) are per binder seat, kind (bind or heal) and
//     bound player; a night in which that binder made no valid binding of
//     that player breaks the pair.
//   - The day's `done`: when every living player has sent it, the table
//     view says so (catLives.ready) and the host may end the day's timed
//     segments. At night `done` is the shared `sleep` (NightComplete).
//   - Timers: the rules file's seconds options (nightSeconds 300 etc.). The
//     night's timer carries a warning a minute before its end (a fifth of
//     the night when shorter, Timer.Warn); the day's warning is the closing
//     window, in which vote changes are closed (R1, R23). Privileges may be
//     changed until the phase ends (R1).
//   - Stalemate (R26): a round is quiet when no card loss was announced at
//     its dawn nor at the end of its day; the draw is declared when the
//     stalemateRounds-th quiet round ends (after its day).
//   - A reorder window (§5) opened by the end-of-day announcement runs in
//     the following night; opened at a dawn, in that day. Its orders take
//     effect at the end of that phase, before its resolution.
type catLives struct{ info VariantInfo }

// catPrivilegeCards are the privilege card ids with their counts (§3), in
// the rules file's order (the canonical order of random picks).
var catPrivilegeCards = []struct {
	ID    string
	Count int
}{
	{"killer", 1}, {"werewolf", 1}, {"sniper", 2}, {"soulbind", 2}, {"witchdoctor", 2}, {"vest", 2},
	{"jail", 2}, {"deathblow", 2}, {"curse", 2}, {"arson", 2}, {"bodyguard", 3}, {"amoeba", 3},
}

// catForms are the card types an amoeba can become (§8.13).
var catForms = []string{"killer", "werewolf", "sniper", "soulbind", "witchdoctor", "vest", "jail", "deathblow", "curse", "arson", "bodyguard"}

// catActions are the action ids of cat-lives-7, the privileges' modes first.
var catActions = []string{
	"attack", "onehit", "snipe", "aimed-snipe", "bind", "heal", "vest", "wolfsbane", "imprison", "anti-snipe",
	"deathblow", "pardon", "curse", "vicious-curse", "bless", "devout-bless", "saint", "arson", "transform",
	"withdraw", "order", "stance", "done", "sleep", "pass", "vote",
}

func init() {
	register(catLives{declare(VariantInfo{
		ID:           "cat-lives-7",
		MinPlayers:   7,
		MaxPlayers:   7,
		CardsPerSeat: 5,
		Roles: []RoleInfo{
			{ID: "killer", Camp: "killers"},
			{ID: "werewolf", Camp: "werewolves"},
			{ID: "sniper"},
			{ID: "soulbind"},
			{ID: "witchdoctor"},
			{ID: "vest"},
			{ID: "jail"},
			{ID: "deathblow"},
			{ID: "curse"},
			{ID: "arson"},
			{ID: "bodyguard"},
			{ID: "amoeba"},
			{ID: "commoner"},
		},
		Actions: catActions,
		// §15 (freeChoiceSeat 0: a random seat).
		Options: []OptionSpec{
			{ID: "extraCard", Kind: OptChoice, Values: []string{"set-aside-commoner", "set-aside-privilege"}, Default: "set-aside-commoner"},
			{ID: "freeChoiceSeat", Kind: OptInt, Default: 0},
			{ID: "manifestoMinChars", Kind: OptInt, Default: 100},
			{ID: "nightSeconds", Kind: OptSeconds, Default: 300},
			sharedOpt("speechSeconds"), sharedOpt("lastWordsSeconds"), sharedOpt("discussionSeconds"),
			{ID: "closingSeconds", Kind: OptSeconds, Default: 60},
			{ID: "stalemateRounds", Kind: OptInt, Default: 3},
			sharedOpt("deadSeeAll"), sharedOpt("announceSeconds"),
		},
	})})
}

func (v catLives) Info() VariantInfo { return v.info }

// Deck is the 35 cards dealt with the default extraCard (one commoner set
// aside, R2): the 24 privilege cards and 11 commoners.
func (catLives) Deck(int) []string {
	var d []string
	for _, c := range catPrivilegeCards {
		d = append(d, repeat(c.ID, c.Count)...)
	}
	return append(d, repeat("commoner", 11)...)
}

// Defaults are §15's (the shared day options are fixed: rotating speeches,
// the live weighted vote, self-vote by default, no abstention, every dead
// player's last words, R21–R23).
func (catLives) Defaults(*State) Options {
	return Options{
		LastWords:         7,
		SpeechMode:        "turns",
		SpeechStart:       "left",
		SpeechDirection:   "cw",
		VoteMode:          "live-weighted",
		VoteCallOrder:     "speech",
		SelfVote:          true,
		Abstain:           false,
		TieRounds:         1,
		TieVoters:         "all",
		TieFinal:          "none",
		NightMaxSeconds:   300,
		SpeechSeconds:     60,
		LastWordsSeconds:  60,
		DiscussionSeconds: 180,
		VoteSeconds:       60,
	}
}

// DealOK is unused: dealHands deals under §4's constraints directly.
func (catLives) DealOK(*State) error { return nil }

// Knows: nobody learns anybody's cards or camp (§2: not even co-winners).
func (catLives) Knows(_ *State, _ int, known []Known) []Known { return known }

// NightSteps: none; the night is run by the variant (phaseRunner).
func (catLives) NightSteps(_ *State, steps []NightStep) []NightStep { return steps }

func (catLives) Legal(*State, *Step, Target, Target) Rejection { return Rejection{} }
func (catLives) Answer(*State, *Step) string                   { return "" }
func (catLives) Resolve(*State, Emitter) DawnBody              { return DawnBody{Dead: []Target{}} }
func (catLives) RunoffSpeakers(int) string                     { return "tied" }

// Camp is the seat's camp: "killers", "werewolves", "good" (the civilian
// camp, whose win is "good") or "free-choice" (the stance is in the
// cat-lives views).
func (catLives) Camp(s *State, seat int) string {
	if catOf(s) == nil {
		return ""
	}
	return catOf(s).Camps[seat-1]
}

// dealHands is §4 (R2, R3). A scripted deal: five known card ids per seat,
// the deck with one commoner (or, with extraCard set-aside-privilege, one
// privilege card other than killer and werewolf) left out, at most one of
// each privilege card and one or two commoners per seat, the option
// freeChoiceSeat naming a seat that holds neither the killer nor the
// werewolf card. A random deal: the camps are shuffled onto the seats (the
// free-choice seat fixed first when freeChoiceSeat names one), a card is
// set aside, the killer and werewolf cards go to their players, the
// commoners are spread (four seats get two, or five with 12 commoners), and
// the other privilege cards are shuffled until they fill the seats without a
// duplicate. A hand lists the cards in dealt order: the commoners, the
// privilege cards, the killer or werewolf card (a valid discard order the
// phone can propose as it is).
func (v catLives) dealHands(s *State, setup Setup, r *rand.Rand) ([][]string, []Body, error) {
	n := setup.Players
	free := s.OptInt("freeChoiceSeat")
	if free > n {
		return nil, nil, &SetupError{"options", fmt.Sprintf("option \"freeChoiceSeat\": there is no seat %d (seats 1 to %d)", free, n)}
	}
	if setup.Deal != nil {
		return v.checkDeal(s, setup)
	}
	camps := []string{"killers", "werewolves", "good", "good", "good", "good", "free-choice"}
	if free == 0 {
		r.Shuffle(len(camps), func(i, j int) { camps[i], camps[j] = camps[j], camps[i] })
	} else {
		rest := camps[:6]
		r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		camps = append(append(slices.Clone(rest[:free-1]), "free-choice"), rest[free-1:]...)
	}
	var pool []string // privilege cards other than killer and werewolf, canonical order
	for _, c := range catPrivilegeCards[2:] {
		pool = append(pool, repeat(c.ID, c.Count)...)
	}
	twos := 4 // seats with two of the 11 commoners
	setAside := "commoner"
	if s.OptChoice("extraCard") == "set-aside-privilege" {
		i := r.IntN(len(pool))
		setAside = pool[i]
		pool = slices.Delete(pool, i, i+1)
		twos = 5 // 12 commoners
	}
	special := make([]string, n) // the killer and werewolf cards (§4.1, 4.2)
	for i, c := range camps {
		switch c {
		case "killers":
			special[i] = "killer"
		case "werewolves":
			special[i] = "werewolf"
		}
	}
	counts := make([]int, n) // commoners per seat (§4.4)
	for k, seat := range r.Perm(n) {
		counts[seat] = 1
		if k < twos {
			counts[seat] = 2
		}
	}
	for {
		cards := slices.Clone(pool)
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		ok := true
		filled := make([][]string, n)
		k := 0
		for i := 0; i < n && ok; i++ {
			filled[i] = repeat("commoner", counts[i])
			want := 5
			if special[i] != "" {
				want = 4
			}
			for len(filled[i]) < want {
				c := cards[k]
				k++
				if slices.Contains(filled[i], c) {
					ok = false // §4.3: shuffle the privilege cards again
					break
				}
				filled[i] = append(filled[i], c)
			}
			if special[i] != "" {
				filled[i] = append(filled[i], special[i])
			}
		}
		if !ok {
			continue
		}
		free = slices.Index(camps, "free-choice") + 1
		return filled, []Body{&CampsBody{Camps: camps, Free: free, SetAside: setAside}}, nil
	}
}

// checkDeal validates a scripted deal (§4, §15 freeChoiceSeat).
func (catLives) checkDeal(s *State, setup Setup) ([][]string, []Body, error) {
	if len(setup.Deal) != setup.Players {
		return nil, nil, &SetupError{"deal", fmt.Sprintf("has %d seats, the game has %d players", len(setup.Deal), setup.Players)}
	}
	total := map[string]int{}
	camps := make([]string, setup.Players)
	for i := range camps {
		camps[i] = "good"
	}
	for i, h := range setup.Deal {
		where := fmt.Sprintf("deal[%d]", i)
		if len(h) != 5 {
			return nil, nil, &SetupError{where, fmt.Sprintf("seat %d needs 5 card ids, got %d", i+1, len(h))}
		}
		own := map[string]int{}
		for _, c := range h {
			if c != "commoner" && !slices.Contains(catForms, c) && c != "amoeba" {
				return nil, nil, &SetupError{where, fmt.Sprintf("unknown card %q for cat-lives-7", c)}
			}
			own[c]++
			total[c]++
			if c != "commoner" && own[c] > 1 {
				return nil, nil, &SetupError{where, fmt.Sprintf("seat %d holds two %s cards; no seat gets two identical privilege cards (§4)", i+1, c)}
			}
		}
		if own["commoner"] < 1 || own["commoner"] > 2 {
			return nil, nil, &SetupError{where, fmt.Sprintf("seat %d holds %d commoner cards; every seat holds one or two (§4)", i+1, own["commoner"])}
		}
		if h[4] == "commoner" {
			return nil, nil, &SetupError{where, fmt.Sprintf("seat %d's last card (the bottom card of the initial discard order) is a commoner; it must be a privilege card (§5)", i+1)}
		}
		switch {
		case own["killer"] == 1:
			camps[i] = "killers"
		case own["werewolf"] == 1:
			camps[i] = "werewolves"
		}
	}
	setAside := "commoner"
	missing := 0
	for _, c := range catPrivilegeCards {
		switch d := c.Count - total[c.ID]; {
		case d < 0:
			return nil, nil, &SetupError{"deal", fmt.Sprintf("has %d %s cards, the game has %d", total[c.ID], c.ID, c.Count)}
		case d == 1 && s.OptChoice("extraCard") == "set-aside-privilege" && c.ID != "killer" && c.ID != "werewolf":
			setAside = c.ID
			missing++
		case d > 0:
			return nil, nil, &SetupError{"deal", fmt.Sprintf("has %d %s cards, the game deals all %d", total[c.ID], c.ID, c.Count)}
		}
	}
	wantCommoners := 11
	if s.OptChoice("extraCard") == "set-aside-privilege" {
		wantCommoners = 12
		if missing != 1 {
			return nil, nil, &SetupError{"deal", "with extraCard set-aside-privilege exactly one privilege card other than killer and werewolf is left out"}
		}
	}
	if total["commoner"] != wantCommoners {
		return nil, nil, &SetupError{"deal", fmt.Sprintf("has %d commoner cards, the game deals %d", total["commoner"], wantCommoners)}
	}
	free := s.OptInt("freeChoiceSeat")
	if free == 0 {
		return nil, nil, &SetupError{"options", "option \"freeChoiceSeat\" is required with a fixed deal (§4)"}
	}
	if camps[free-1] != "good" {
		return nil, nil, &SetupError{"options", fmt.Sprintf("option \"freeChoiceSeat\": seat %d holds the %s card", free, map[string]string{"killers": "killer", "werewolves": "werewolf"}[camps[free-1]])}
	}
	camps[free-1] = "free-choice"
	hands := make([][]string, len(setup.Deal))
	for i, h := range setup.Deal {
		hands[i] = slices.Clone(h)
	}
	return hands, []Body{&CampsBody{Camps: camps, Free: free, SetAside: setAside, Scripted: true}}, nil
}

// Win is §14 without the stalemate (RoundEnd): nobody left → draw; only
// civilians → good; only the killer (and a co-winning free-choice player of
// the killer camp) → killers; likewise werewolves; only a solo or
// independent free-choice player → that seat.
func (catLives) Win(s *State) (string, Why) {
	c := catOf(s)
	if c == nil {
		return "", Why{}
	}
	living := s.Living()
	if len(living) == 0 {
		return "draw", Why{Code: ReasonAllDead}
	}
	only := func(ok func(seat int) bool) bool {
		for _, x := range living {
			if !ok(x) {
				return false
			}
		}
		return true
	}
	side := func(camp string) func(int) bool {
		return func(x int) bool {
			return c.Camps[x-1] == camp || (x == c.Free && c.Stance == camp && c.Cowin)
		}
	}
	switch {
	case only(func(x int) bool { return c.Camps[x-1] == "good" }):
		return "good", Why{Code: ReasonCatGood}
	case only(side("killers")):
		return "killers", Why{Code: ReasonOnlyKillers}
	case only(side("werewolves")):
		return "werewolves", Why{Code: ReasonOnlyWerewolves}
	case len(living) == 1 && living[0] == c.Free:
		return strconv.Itoa(c.Free), Why{Code: ReasonFreeLast}
	}
	return "", Why{}
}

// gameOver ends the game: the winners are every seat of the winning camp,
// dead or alive, with a co-winning free-choice player (§14), or the lone
// free-choice seat.
func (catLives) gameOver(g *Game, w string, why Why) {
	s := &g.s
	c := catOf(s)
	e := GameOverBody{Winner: w, Reason: why.Sentence(), Why: why}
	for seat := 1; seat <= s.Players; seat++ {
		if c.Camps[seat-1] == w || (seat == c.Free && ((c.Cowin && c.Stance == w) || strconv.Itoa(seat) == w)) {
			e.Winners = append(e.Winners, seat)
		}
	}
	g.emit(&e, nil)
}

// RoundEnd is the stalemate (§14, R26): the stalemateRounds-th round in a
// row without a card lost ends in a draw.
func (catLives) RoundEnd(s *State) (string, Why) {
	c := catOf(s)
	if c == nil || s.OptInt("stalemateRounds") == 0 || c.RoundLost > 0 {
		return "", Why{}
	}
	if c.Quiet+1 >= s.OptInt("stalemateRounds") {
		return "draw", Why{Code: ReasonStalemate, N: s.OptInt("stalemateRounds")}
	}
	return "", Why{}
}
