package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Options are the configurable rules the shared engine core reads
// (rules/README.md "Shared option names": the day, the ballots, the
// timers). The JSON names are the option names a script's "options" object
// uses. A variant fills in its defaults (Variant.Defaults); only the
// options the variant lists in VariantInfo.Options may be overridden. A
// variant's own options (cat-lives-7's extraCard, v5.0-dual's
// forbiddenPairs, …) are not here: the variant declares them as
// OptionSpecs and reads them with State.OptBool, OptInt and OptChoice.
type Options struct {
	LastWords       int    `json:"lastWords"`
	SpeechMode      string `json:"speechMode"`
	SpeechStart     string `json:"speechStart"`
	SpeechDirection string `json:"speechDirection"`
	VoteMode        string `json:"voteMode"`
	VoteCallOrder   string `json:"voteCallOrder"`
	SelfVote        bool   `json:"selfVote"`
	Abstain         bool   `json:"abstain"`
	TieRounds       int    `json:"tieRounds"`
	TieVoters       string `json:"tieVoters"`
	TieFinal        string `json:"tieFinal"`
	SelfReveal      bool   `json:"selfReveal"`
	DeadSeeAll      bool   `json:"deadSeeAll"`

	NightMinSeconds     int `json:"nightMinSeconds"`
	NightMaxSeconds     int `json:"nightMaxSeconds"`
	SpeechSeconds       int `json:"speechSeconds"`
	LastWordsSeconds    int `json:"lastWordsSeconds"`
	PKSpeechSeconds     int `json:"pkSpeechSeconds"`
	VoteCallSeconds     int `json:"voteCallSeconds"`
	VoteSeconds         int `json:"voteSeconds"`
	DiscussionSeconds   int `json:"discussionSeconds"`
	PKDiscussionSeconds int `json:"pkDiscussionSeconds"`
	// AnnounceSeconds is how long the screens hold each public result (a
	// dawn, a tally, an execution, …) before the next stage's headline and
	// timer (TableView.Hold). 0: no hold. Every variant accepts
	// it; its default is DefaultAnnounceSeconds.
	AnnounceSeconds int `json:"announceSeconds"`

	// Features of one variant's rules that the shared core runs:
	// standard-003 R7's huddle (night.go), v3.0 R9 (day.go), two-hands
	// §9.5's vote at the deadline and thinking time (day.go, view.go).
	Huddle          bool   `json:"huddle"`
	HuddleSeconds   int    `json:"huddleSeconds"`
	NoDeathSkipsDay bool   `json:"noDeathSkipsDay"`
	TimeoutVote     string `json:"timeoutVote"`
	ThinkSeconds    int    `json:"thinkSeconds"`
}

// commonOptions are the option names every variant with a judge-run day
// accepts.
var commonOptions = []string{
	"lastWords", "speechMode", "speechStart", "speechDirection", "voteMode",
	"voteCallOrder", "selfVote", "abstain", "tieRounds", "tieVoters", "tieFinal",
	"selfReveal", "deadSeeAll", "nightMinSeconds", "nightMaxSeconds",
	"speechSeconds", "lastWordsSeconds", "pkSpeechSeconds", "voteCallSeconds",
	"voteSeconds", "discussionSeconds", "announceSeconds",
}

// DefaultAnnounceSeconds is announceSeconds' default: long enough to read a
// result off the big screen and hear it said, short enough not to drag.
const DefaultAnnounceSeconds = 5

// sharedChoices lists the legal values of the shared enumerated options.
var sharedChoices = map[string][]string{
	"speechMode":      {"turns", "free"},
	"speechStart":     {"right", "left"},
	"speechDirection": {"ccw", "cw"},
	"voteMode":        {"sequential-open", "simultaneous-open", "secret", "tokens", "live-weighted"},
	"voteCallOrder":   {"reverse-speech", "speech"},
	"tieVoters":       {"non-tied", "all"},
	"tieFinal":        {"draw", "lots", "none", "killers-win", "all-die"},
	"timeoutVote":     {"random", "none"},
}

// OptionKind is what an option's value is.
type OptionKind string

// The kinds of options.
const (
	OptBool    OptionKind = "bool"    // true or false
	OptInt     OptionKind = "int"     // a whole number within Min..Max
	OptSeconds OptionKind = "seconds" // a duration in seconds within Min..Max
	OptChoice  OptionKind = "choice"  // one of Values
)

// OptionSpec declares one option of a variant: what the lobby offers, what
// a script's "options" object and `sim --option` may set, what the briefing
// lists when it differs from its default.
type OptionSpec struct {
	ID     string     // the option's name in a script's "options" object
	Kind   OptionKind // what its value is
	Values []string   // a choice's legal values, in the order a lobby offers them
	// Min and Max bound an int's or seconds' value (Max 0: no upper
	// bound; a negative value is never legal).
	Min, Max int
	// Default is a variant's own option's value when the setup does not
	// set it: a bool, an int or a string of Values. A shared option's
	// default depends on the deal: it is the variant's Defaults'.
	Default any
	// Words is the dictionary key of the option's name (assets/i18n);
	// empty: "opt.<ID>". A choice's values are "val.<value>".
	Words string

	shared bool // a field of Options (the core reads it), not the variant's own
}

// WordsKey is the dictionary key of the option's name.
func (o OptionSpec) WordsKey() string {
	if o.Words != "" {
		return o.Words
	}
	return "opt." + o.ID
}

// sharedSpecs are the shared options (the fields of Options) as specs,
// in the order of the fields: a bool is OptBool, an int OptSeconds when
// its name ends in "Seconds" and OptInt otherwise, a string a choice of
// sharedChoices.
var sharedSpecs = func() map[string]OptionSpec {
	m := map[string]OptionSpec{}
	t := reflect.TypeOf(Options{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		sp := OptionSpec{ID: name, shared: true}
		switch f.Type.Kind() {
		case reflect.Bool:
			sp.Kind = OptBool
		case reflect.Int:
			sp.Kind = OptInt
			if strings.HasSuffix(name, "Seconds") {
				sp.Kind = OptSeconds
			}
		case reflect.String:
			sp.Kind, sp.Values = OptChoice, sharedChoices[name]
		}
		if name == "tieRounds" {
			sp.Min = 1
		}
		m[name] = sp
	}
	return m
}()

// shared returns the specs of the shared options names, in that order.
func shared(names ...string) []OptionSpec {
	out := make([]OptionSpec, len(names))
	for i, n := range names {
		out[i] = sharedOpt(n)
	}
	return out
}

// sharedOpt is the spec of the shared option name.
func sharedOpt(name string) OptionSpec {
	sp, ok := sharedSpecs[name]
	if !ok {
		panic("game: no shared option " + name)
	}
	return sp
}

// narrow lets only some values of enumerated options (a rules file's
// §12): choices maps an option of specs to its legal values.
func narrow(specs []OptionSpec, choices map[string][]string) []OptionSpec {
	for i := range specs {
		if cs, ok := choices[specs[i].ID]; ok {
			specs[i].Values = cs
		}
	}
	return specs
}

// maxOwnOptions bounds a variant's own options (State.own).
const maxOwnOptions = 24

// ownOptions are the values of a variant's own options, in the order of
// its own specs: a bool as 0 or 1, an int as itself, a choice as the index
// of its value. A fixed array: a game's options cost no allocation.
type ownOptions [maxOwnOptions]int

// ownSpecs are v's own options (not shared), in the order it lists them.
func ownSpecs(specs []OptionSpec) []OptionSpec {
	var out []OptionSpec
	for _, sp := range specs {
		if !sp.shared {
			out = append(out, sp)
		}
	}
	return out
}

// check says what is wrong with a variant's own option's spec: a kind it
// does not know, a default of another kind, out of its range or not among
// its values.
func (o OptionSpec) check() error {
	switch o.Kind {
	case OptBool:
		if _, ok := o.Default.(bool); !ok {
			return fmt.Errorf("option %s: its default %#v is not a bool", o.ID, o.Default)
		}
	case OptInt, OptSeconds:
		n, ok := o.Default.(int)
		if !ok || n < o.Min || n < 0 || o.Max > 0 && n > o.Max {
			return fmt.Errorf("option %s: its default %#v is not an int within its range", o.ID, o.Default)
		}
	case OptChoice:
		if s, ok := o.Default.(string); !ok || !slices.Contains(o.Values, s) {
			return fmt.Errorf("option %s: its default %#v is not one of %v", o.ID, o.Default, o.Values)
		}
	default:
		return fmt.Errorf("option %s: unknown kind %q", o.ID, o.Kind)
	}
	return nil
}

// ownDefaults are the defaults of the own options specs.
func ownDefaults(specs []OptionSpec) (o ownOptions) {
	for i, sp := range specs {
		o[i] = sp.encode(sp.Default)
	}
	return o
}

// encode is value v of the option as an ownOptions entry.
func (o OptionSpec) encode(v any) int {
	switch o.Kind {
	case OptBool:
		if b, _ := v.(bool); b {
			return 1
		}
		return 0
	case OptChoice:
		s, _ := v.(string)
		if i := slices.Index(o.Values, s); i >= 0 {
			return i
		}
		panic(fmt.Sprintf("game: option %s: %q is not one of %v", o.ID, s, o.Values))
	default:
		n, _ := v.(int)
		return n
	}
}

// decode is an ownOptions entry of the option as its value.
func (o OptionSpec) decode(n int) any {
	switch o.Kind {
	case OptBool:
		return n == 1
	case OptChoice:
		return o.Values[n]
	default:
		return n
	}
}

// own finds the variant's own option id and its value.
func (s *State) own(id string, kind ...OptionKind) (OptionSpec, int) {
	for i, sp := range s.caps.own {
		if sp.ID == id {
			if !slices.Contains(kind, sp.Kind) {
				panic(fmt.Sprintf("game: option %s is a %s", id, sp.Kind))
			}
			return sp, s.ownOpts[i]
		}
	}
	panic(fmt.Sprintf("game: %s has no option %s of its own", s.VariantID, id))
}

// OptBool is the value of the variant's own true-or-false option id.
func (s *State) OptBool(id string) bool {
	_, n := s.own(id, OptBool)
	return n == 1
}

// OptInt is the value of the variant's own number option id (an int or a
// duration in seconds).
func (s *State) OptInt(id string) int {
	_, n := s.own(id, OptInt, OptSeconds)
	return n
}

// OptChoice is the value of the variant's own enumerated option id.
func (s *State) OptChoice(id string) string {
	sp, n := s.own(id, OptChoice)
	return sp.Values[n]
}

// OptionError names the option that is wrong.
type OptionError struct {
	Name string
	Msg  string
}

func (e *OptionError) Error() string { return fmt.Sprintf("option %q: %s", e.Name, e.Msg) }

// applyOptions merges a JSON object of option overrides into the shared
// options o and the own options own, accepting only the options in specs.
// It validates every value against its spec: its kind, an enumerated
// value among its values, a number within its range.
func applyOptions(o *Options, own *ownOptions, raw json.RawMessage, specs []OptionSpec) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return &OptionError{Name: "options", Msg: "must be a JSON object"}
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	fields := optionFields()
	for _, k := range names {
		i := slices.IndexFunc(specs, func(sp OptionSpec) bool { return sp.ID == k })
		if i < 0 {
			ids := make([]string, len(specs))
			for j, sp := range specs {
				ids[j] = sp.ID
			}
			return &OptionError{Name: k, Msg: "is not an option of this variant (known: " + strings.Join(ids, ", ") + ")"}
		}
		sp := specs[i]
		v, err := sp.parse(m[k])
		if err != nil {
			return &OptionError{Name: k, Msg: err.Error()}
		}
		if !sp.shared {
			j := 0 // its index among the own options
			for _, x := range specs[:i] {
				if !x.shared {
					j++
				}
			}
			own[j] = sp.encode(v)
			continue
		}
		reflect.ValueOf(o).Elem().FieldByIndex(fields[k].Index).Set(reflect.ValueOf(v))
	}
	return nil
}

// parse reads and checks the option's value from JSON: a bool, an int or
// a string.
func (o OptionSpec) parse(raw json.RawMessage) (any, error) {
	switch o.Kind {
	case OptBool:
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return nil, errors.New("must be a true or false")
		}
		return b, nil
	case OptChoice:
		var s string
		if json.Unmarshal(raw, &s) != nil {
			// a choice among numbers (werewolf-12's sheriffVote 1.5 or 2)
			// may be written as a number: its text is the value
			var f json.Number
			if json.Unmarshal(raw, &f) != nil {
				return nil, errors.New("must be a string")
			}
			s = f.String()
		}
		if o.Values != nil && !slices.Contains(o.Values, s) {
			return nil, fmt.Errorf("%q is not one of %s", s, strings.Join(o.Values, ", "))
		}
		return s, nil
	default:
		var n int
		if json.Unmarshal(raw, &n) != nil {
			return nil, errors.New("must be a whole number")
		}
		switch {
		case n < 0:
			return nil, errors.New("must not be negative")
		case n < o.Min:
			return nil, fmt.Errorf("must be at least %d", o.Min)
		case o.Max > 0 && n > o.Max:
			return nil, fmt.Errorf("must be at most %d", o.Max)
		}
		return n, nil
	}
}

func optionFields() map[string]reflect.StructField {
	t := reflect.TypeOf(Options{})
	m := make(map[string]reflect.StructField, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		m[name] = f
	}
	return m
}

// OptionValues returns the shared options as a name → value map restricted
// to names (JSON's types: a number is a float64).
func (o Options) OptionValues(names []string) map[string]any {
	b, _ := json.Marshal(o)
	var all map[string]any
	_ = json.Unmarshal(b, &all)
	out := make(map[string]any, len(names))
	for _, n := range names {
		out[n] = all[n]
	}
	return out
}

// OptionValues returns the options this game plays with, shared and the
// variant's own, as a name → value map restricted to names (JSON's types:
// a number is a float64), for display.
func (s *State) OptionValues(names []string) map[string]any {
	return optionValues(s.Opts, s.ownOpts, s.caps.own, names)
}

// optionValues is OptionValues of shared options o and own options own.
func optionValues(o Options, own ownOptions, specs []OptionSpec, names []string) map[string]any {
	out := o.OptionValues(names)
	for i, sp := range specs {
		if _, ok := out[sp.ID]; ok {
			b, _ := json.Marshal(sp.decode(own[i]))
			var v any
			_ = json.Unmarshal(b, &v)
			out[sp.ID] = v
		}
	}
	return out
}
