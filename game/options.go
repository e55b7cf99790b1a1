package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Options are a game's configurable rules (rules/README.md "Shared option
// names" plus each variant's own). The JSON names are the option names a
// script's "options" object uses. A variant fills in its defaults; only the
// names the variant lists in OptionNames may be overridden.
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

	// classic-2.0 R14
	CiviliansWipedOut string `json:"civiliansWipedOut"`
	// standard-003 R7
	Huddle        bool `json:"huddle"`
	HuddleSeconds int  `json:"huddleSeconds"`
	// v3.0 R9, R3
	NoDeathSkipsDay bool `json:"noDeathSkipsDay"`
	DoctorVsShot    bool `json:"doctorVsShot"`
	// v4.0 R2
	ButterflyProtectsHugged bool `json:"butterflyProtectsHugged"`
	// v5.0-dual R3, R19
	ForbiddenPairs string `json:"forbiddenPairs"`
	StallRounds    int    `json:"stallRounds"`
	// two-hands R1, R17, §9.5
	DoubleRoleRedeal string `json:"doubleRoleRedeal"`
	TimeoutVote      string `json:"timeoutVote"`
	ThinkSeconds     int    `json:"thinkSeconds"`
	// cat-lives-7 §15
	ExtraCard         string `json:"extraCard"`
	FreeChoiceSeat    int    `json:"freeChoiceSeat"` // 0: random
	ManifestoMinChars int    `json:"manifestoMinChars"`
	NightSeconds      int    `json:"nightSeconds"`
	ClosingSeconds    int    `json:"closingSeconds"`
	StalemateRounds   int    `json:"stalemateRounds"`
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

// optionChoices lists the legal values of the enumerated options.
var optionChoices = map[string][]string{
	"speechMode":        {"turns", "free"},
	"speechStart":       {"right", "left"},
	"speechDirection":   {"ccw", "cw"},
	"voteMode":          {"sequential-open", "simultaneous-open", "secret", "tokens", "live-weighted"},
	"voteCallOrder":     {"reverse-speech", "speech"},
	"tieVoters":         {"non-tied", "all"},
	"tieFinal":          {"draw", "lots", "none", "killers-win", "all-die"},
	"civiliansWipedOut": {"draw", "killers-win"},
	"forbiddenPairs":    {"extended", "seed"},
	"doubleRoleRedeal":  {"ask", "always", "never"},
	"timeoutVote":       {"random", "none"},
}

// optionChooser is implemented by a variant whose rules file allows only some
// of an enumerated option's values (for example standard-003 §12: tieFinal
// lots, draw or none). Its map replaces optionChoices' list for the options it
// names.
type optionChooser interface {
	OptionChoices() map[string][]string
}

// choicesFor is the table of legal enumerated values for variant v.
func choicesFor(v Variant) map[string][]string {
	oc, ok := v.(optionChooser)
	if !ok {
		return optionChoices
	}
	out := maps.Clone(optionChoices)
	maps.Copy(out, oc.OptionChoices())
	return out
}

// OptionError names the option that is wrong.
type OptionError struct {
	Name string
	Msg  string
}

func (e *OptionError) Error() string { return fmt.Sprintf("option %q: %s", e.Name, e.Msg) }

// applyOverrides merges a JSON object of option overrides into o, accepting
// only the names in allowed. It validates every enumerated value and that
// counts and durations are not negative.
func (o *Options) applyOverrides(raw json.RawMessage, allowed []string, choices map[string][]string) error {
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
		if !slices.Contains(allowed, k) {
			return &OptionError{Name: k, Msg: "is not an option of this variant (known: " + strings.Join(allowed, ", ") + ")"}
		}
		f, ok := fields[k]
		if !ok {
			return &OptionError{Name: k, Msg: "unknown option"}
		}
		fv := reflect.ValueOf(o).Elem().FieldByIndex(f.Index)
		ptr := reflect.New(fv.Type())
		if err := json.Unmarshal(m[k], ptr.Interface()); err != nil {
			return &OptionError{Name: k, Msg: "must be a " + kindName(fv.Kind())}
		}
		v := ptr.Elem()
		switch v.Kind() {
		case reflect.Int:
			if v.Int() < 0 {
				return &OptionError{Name: k, Msg: "must not be negative"}
			}
			if k == "tieRounds" && v.Int() < 1 {
				return &OptionError{Name: k, Msg: "must be at least 1"}
			}
		case reflect.String:
			if cs := choices[k]; cs != nil && !slices.Contains(cs, v.String()) {
				return &OptionError{Name: k, Msg: fmt.Sprintf("%q is not one of %s", v.String(), strings.Join(cs, ", "))}
			}
		}
		fv.Set(v)
	}
	return nil
}

func kindName(k reflect.Kind) string {
	switch k {
	case reflect.Int:
		return "whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "string"
	}
	return k.String()
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

// OptionValues returns the options as a name → value map restricted to
// names, for display in the lobby.
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

// ownOptioner is a variant with options of its own, kept outside Options
// (werewolf-12's board, witch and sheriff rules): it names them, and reads
// a script's or the lobby's overrides of them (by name, raw JSON) into its
// own state, with its defaults for the others.
type ownOptioner interface {
	ownOptions() []string
	setOptions(s *State, raw map[string]json.RawMessage) error
}

// splitOptions splits a setup's option overrides into the shared ones (a
// JSON object for Options.applyOverrides) and those v owns (ownOptioner).
func splitOptions(v Variant, raw json.RawMessage) (shared json.RawMessage, own map[string]json.RawMessage, err error) {
	oo, ok := v.(ownOptioner)
	if !ok {
		return raw, nil, nil
	}
	own = map[string]json.RawMessage{}
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return raw, own, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, nil, &OptionError{Name: "options", Msg: "must be a JSON object"}
	}
	names := oo.ownOptions()
	for k, val := range m {
		if slices.Contains(names, k) {
			own[k] = val
			delete(m, k)
		}
	}
	shared, _ = json.Marshal(m)
	return shared, own, nil
}
