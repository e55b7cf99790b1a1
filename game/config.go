package game

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Config is what a lobby needs to know about a setup before the game
// starts, from one call: the variant, every option with its default and
// its value, the proposed deal and what stops the setup from starting (the
// rules' part: whether every seat is taken is the lobby's business).
type Config struct {
	Variant VariantInfo
	Options []OptionInfo
	Deal    []RoleCount // nil when the player count is out of range
	Problem *Problem    // nil: a game can start from this setup
}

// OptionInfo is one option of a setup, from its spec (OptionSpec).
type OptionInfo struct {
	Name    string
	Default any      // the variant's default for this player count
	Value   any      // the value the game would play with
	Set     bool     // the setup overrides it
	Choices []string // the legal values of an enumerated option
	Kind    OptionKind
	Min     int    // an int's or seconds' least value
	Max     int    // and its greatest (0: no bound)
	Words   string // the dictionary key of its name (OptionSpec.WordsKey)
}

// Problem is why a setup cannot start, with the figures a screen needs to
// say it in its own language. Key is "variant", "players" (the variant is
// for Min to Max players, the setup has N) or "options" (Option names the
// option, when one is to blame). Text is the reason in one English
// sentence.
type Problem struct {
	Key    string
	Min    int
	Max    int
	N      int
	Option string
	Text   string
}

// Configure describes setup for a lobby. The options are shown for the
// player count clamped into the variant's range, so that a lobby still
// offers them while the table fills up; a count out of range is the
// problem then. When everything else is right the setup is dealt once (with
// its seed), so that a deal the options make impossible is reported too.
func Configure(setup Setup) Config {
	v, ok := Lookup(setup.Variant)
	if !ok {
		return Config{Problem: &Problem{Key: "variant", Text: fmt.Sprintf("unknown variant %q", setup.Variant)}}
	}
	in := v.Info()
	c := Config{Variant: in}
	n := min(max(setup.Players, in.MinPlayers), in.MaxPlayers)
	if n != setup.Players {
		c.Problem = &Problem{Key: "players", Min: in.MinPlayers, Max: in.MaxPlayers, N: setup.Players,
			Text: fmt.Sprintf("%s is for %d to %d players, not %d", in.ID, in.MinPlayers, in.MaxPlayers, setup.Players)}
	} else {
		c.Deal = RoleCounts(v.Deck(n))
	}

	// The defaults as a game of n players computes them before its deal.
	s := &State{VariantID: in.ID, Players: n}
	s.setVariant(v)
	deck := v.Deck(n)
	s.Seats = make([]SeatState, n)
	for i, k := 0, in.CardsPerSeat; i < n; i++ {
		for _, r := range deck[i*k : (i+1)*k] {
			s.Seats[i].Cards = append(s.Seats[i].Cards, CardState{Role: r, Alive: true})
		}
	}
	def, defOwn := defaults(v, s), ownDefaults(s.caps.own)
	val, valOwn := def, defOwn
	var set map[string]json.RawMessage
	_ = json.Unmarshal(setup.Options, &set)
	err := applyOptions(&val, &valOwn, setup.Options, in.Options)
	if err != nil {
		val, valOwn = def, defOwn
	}
	defs := optionValues(def, defOwn, s.caps.own, in.OptionNames)
	vals := optionValues(val, valOwn, s.caps.own, in.OptionNames)
	for _, sp := range in.Options {
		_, isSet := set[sp.ID]
		c.Options = append(c.Options, OptionInfo{Name: sp.ID, Default: defs[sp.ID], Value: vals[sp.ID], Set: isSet,
			Choices: sp.Values, Kind: sp.Kind, Min: sp.Min, Max: sp.Max, Words: sp.WordsKey()})
	}
	if c.Problem != nil {
		return c
	}
	if err != nil {
		c.Problem = optionProblem(err)
		return c
	}
	if _, err := New(setup); err != nil {
		c.Problem = optionProblem(err)
	}
	return c
}

func optionProblem(err error) *Problem {
	p := &Problem{Key: "options", Text: err.Error()}
	var oe *OptionError
	if errors.As(err, &oe) {
		p.Option = oe.Name
	}
	var se *SetupError
	if errors.As(err, &se) {
		p.Text = se.Msg
	}
	return p
}

// HostActions lists the host's commands the game takes now, for the host's
// buttons: "skip" while someone holds the floor or a discussion runs (an
// absent speaker) and during the briefing (it begins the game), "end" until
// the game is over. (Pausing, adding time and
// the announcements' hold are the clock's: see ClockPlan.)
func (g *Game) HostActions() []string {
	s := &g.s
	if s.Phase == PhaseOver {
		return nil
	}
	if s.Phase == PhaseSetup || s.Phase == PhaseDay && s.Day != nil && (s.Day.Speaker != 0 || s.Day.Stage == StageDiscussion) {
		return []string{ActSkip, ActEnd}
	}
	return []string{ActEnd}
}

// IsHostAction reports whether do is a command only the host or its clock
// gives ("timeout", "end"): a seat that sends it is refused.
func IsHostAction(do string) bool { return do == "timeout" || do == "end" }
