package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// Script is the input of `nightfall script` (../shared/SCRIPT.md): a setup
// and the steps to play.
type Script struct {
	Setup
	Steps []Command
}

// ScriptError is a script that cannot be played: Where names the field and,
// for a step, its index from 0.
type ScriptError struct {
	Where string
	Msg   string
}

func (e *ScriptError) Error() string { return e.Where + ": " + e.Msg }

// commonActions are action ids every variant understands.
var commonActions = []string{"timeout", "skip", "sleep", "pass", "vote", "abstain"}

// What one script may cost: a whole game takes some hundreds of steps and
// a few kilobytes; a file past these bounds is refused before it is played.
const (
	MaxScriptBytes = 8 << 20
	MaxScriptSteps = 100_000
)

// ParseScript reads and checks a script. Every error names where it is.
func ParseScript(data []byte) (*Script, error) {
	if len(data) > MaxScriptBytes {
		return nil, &ScriptError{"script", fmt.Sprintf("the file is larger than %d MiB, which no game's script is", MaxScriptBytes>>20)}
	}
	var raw struct {
		Variant *string           `json:"variant"`
		Players *int              `json:"players"`
		Seed    *uint64           `json:"seed"`
		Options json.RawMessage   `json:"options"`
		Deal    json.RawMessage   `json:"deal"`
		Steps   []json.RawMessage `json:"steps"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&raw); err != nil {
		return nil, &ScriptError{"script", "not valid JSON: " + jsonErr(data, err)}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &ScriptError{"script", "unexpected data after the JSON object"}
	}
	if raw.Variant == nil {
		return nil, &ScriptError{"variant", "missing"}
	}
	v, ok := Lookup(*raw.Variant)
	if !ok {
		return nil, &ScriptError{"variant", fmt.Sprintf("unknown variant %q (known: %v)", *raw.Variant, VariantIDs())}
	}
	in := v.Info()
	if raw.Players == nil {
		return nil, &ScriptError{"players", "missing"}
	}
	sc := &Script{Setup: Setup{Variant: *raw.Variant, Players: *raw.Players, Options: raw.Options}}
	if raw.Seed != nil {
		sc.Seed = *raw.Seed
	}
	if len(raw.Deal) > 0 && string(raw.Deal) != "null" {
		if err := json.Unmarshal(raw.Deal, &sc.Deal); err != nil {
			return nil, &ScriptError{"deal", "must be a list with one list of role ids per seat"}
		}
	}
	if len(raw.Steps) > MaxScriptSteps {
		return nil, &ScriptError{"steps", fmt.Sprintf("a script has at most %d steps (this one has %d)", MaxScriptSteps, len(raw.Steps))}
	}
	for i, rs := range raw.Steps {
		cmd, err := parseStep(i, rs, in, sc.Players)
		if err != nil {
			return nil, err
		}
		sc.Steps = append(sc.Steps, cmd)
	}
	return sc, nil
}

// parseStep reads step i of a script for variant in with n seats.
func parseStep(i int, rs json.RawMessage, in VariantInfo, n int) (Command, error) {
	var st struct {
		Seat   *int            `json:"seat"`
		Do     *string         `json:"do"`
		Target json.RawMessage `json:"target"`
		Card   json.RawMessage `json:"card"`
		Hand   json.RawMessage `json:"hand"` // two-hands §9.5: the voting hand (same as card)
	}
	if err := json.Unmarshal(rs, &st); err != nil {
		return Command{}, &ScriptError{fmt.Sprintf("steps[%d]", i), "a step must be an object with \"seat\", \"do\" and an optional \"target\""}
	}
	if st.Do == nil || *st.Do == "" {
		return Command{}, &ScriptError{fmt.Sprintf("steps[%d].do", i), "missing"}
	}
	cmd := Command{Do: *st.Do}
	// The variant's own step fields (SCRIPT.md "any further fields an
	// action needs"; Arguer).
	args, err := DecodeArgs(in.ID, rs)
	if err != nil {
		return Command{}, &ScriptError{fmt.Sprintf("steps[%d]", i), err.Error()}
	}
	cmd.Args = args
	if !slices.Contains(in.Actions, cmd.Do) && !slices.Contains(commonActions, cmd.Do) {
		return Command{}, &ScriptError{fmt.Sprintf("steps[%d].do", i), fmt.Sprintf("unknown action %q for %s (known: %v)", cmd.Do, in.ID, append(append([]string{}, in.Actions...), "timeout", "skip"))}
	}
	if st.Seat == nil {
		if cmd.Do != "timeout" {
			return Command{}, &ScriptError{fmt.Sprintf("steps[%d].seat", i), "missing (only timeout has no seat)"}
		}
	} else {
		cmd.Seat = *st.Seat
		if cmd.Seat < 1 || cmd.Seat > n {
			return Command{}, &ScriptError{fmt.Sprintf("steps[%d].seat", i), fmt.Sprintf("seat %d is out of range 1..%d", cmd.Seat, n)}
		}
	}
	if len(st.Hand) > 0 && string(st.Hand) != "null" && len(st.Card) > 0 && string(st.Card) != "null" {
		return Command{}, &ScriptError{fmt.Sprintf("steps[%d].hand", i), "give either \"card\" or \"hand\", not both"}
	}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		dst  **Target
	}{{"target", st.Target, &cmd.Target}, {"card", st.Card, &cmd.Card}, {"hand", st.Hand, &cmd.Card}} {
		if len(f.raw) == 0 || string(f.raw) == "null" {
			continue
		}
		var t Target
		if err := json.Unmarshal(f.raw, &t); err != nil {
			return Command{}, &ScriptError{fmt.Sprintf("steps[%d].%s", i, f.name), err.Error()}
		}
		if t.Seat < 1 || t.Seat > n {
			return Command{}, &ScriptError{fmt.Sprintf("steps[%d].%s", i, f.name), fmt.Sprintf("seat %d is out of range 1..%d", t.Seat, n)}
		}
		if t.Card != 0 && in.CardsPerSeat != 2 {
			return Command{}, &ScriptError{fmt.Sprintf("steps[%d].%s", i, f.name), fmt.Sprintf("%s has one role per seat; name the seat, not %q", in.ID, t.String())}
		}
		*f.dst = &t
	}
	return cmd, nil
}

func jsonErr(data []byte, err error) string {
	if se, ok := err.(*json.SyntaxError); ok {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Sprintf("%v (line %d)", err, line)
	}
	return err.Error()
}

// Run plays a script and returns every event, the refused steps included as
// "rejected" events, numbered from 1 in the order they happened. Steps after
// the game has ended are not played: game_over stays the last line.
func (sc *Script) Run() ([]Event, error) {
	g, err := New(sc.Setup)
	if err != nil {
		if se, ok := err.(*SetupError); ok {
			return nil, &ScriptError{se.Field, se.Msg}
		}
		return nil, err
	}
	var out []Event
	add := func(es []Event) {
		for _, e := range es {
			e.Seq = len(out) + 1
			out = append(out, e)
		}
	}
	add(g.Events())
	for i, cmd := range sc.Steps {
		if g.Over() {
			break // game_over is the last line (SCRIPT.md); later steps are moot
		}
		es, err := g.Apply(cmd)
		if err != nil {
			var aud []int
			if cmd.Seat != 0 {
				aud = []int{cmd.Seat}
			}
			add([]Event{{Audience: aud, Body: &RejectedBody{Step: i, Seat: cmd.Seat, Do: cmd.Do, Reason: err.Error()}}})
			continue
		}
		add(es)
	}
	return out, nil
}

// RunScript parses and plays a script.
func RunScript(data []byte) ([]Event, error) {
	sc, err := ParseScript(data)
	if err != nil {
		return nil, err
	}
	return sc.Run()
}
