package game

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Args are a variant's own arguments of a command (Command.Args): the
// fields of a script's step or a phone's "cmd" frame beyond seat, do,
// target, card, round and ballot (SCRIPT.md: "any further fields an action
// needs"). A variant declares its type in its own file, a struct whose JSON
// names are the step's field names (cat-lives-7's CatArgs: text, position,
// into, …), and implements Arguer to read it; on the wire and in a script
// the fields stand flat beside the shared ones (AppendArgs, DecodeArgs).
type Args interface {
	// Refuse says why no rule of the game could accept these arguments
	// (a text too long or with an invisible control character, a list too
	// long): the engine refuses the command before it looks further. nil:
	// nothing wrong.
	Refuse() *Rejection
	// Bound says why a phone's frame with these arguments is malformed (a
	// word longer than a command's words can be, a number out of any
	// range): the network layer refuses such a frame before the game sees
	// it. The error is a sentence for the phone; nil: fine.
	Bound() error
}

// Arguer is a variant whose commands carry arguments of their own. Its
// DecodeArgs reads them from a JSON object (a script's step, a phone's
// frame: the shared fields and any others are there too and ignored); the
// error says which field has the wrong kind. decodeArgs does it for a
// plain struct.
type Arguer interface {
	DecodeArgs(obj []byte) (Args, error)
}

// decodeArgs reads a variant's arguments of type T from obj.
func decodeArgs[T Args](obj []byte) (Args, error) {
	var a T
	if err := json.Unmarshal(obj, &a); err != nil {
		return nil, err
	}
	return a, nil
}

// DecodeArgs reads variant's own arguments from the JSON object obj (a
// script's step, a phone's frame): nil when the variant takes none, or when
// obj holds none of its fields' values.
func DecodeArgs(variant string, obj []byte) (Args, error) {
	v, ok := Lookup(variant)
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", variant)
	}
	ar, ok := v.(Arguer)
	if !ok {
		return nil, nil
	}
	a, err := ar.DecodeArgs(obj)
	if err != nil {
		return nil, err
	}
	return a, nil
}

// AppendArgs returns the JSON object obj with the fields of a added at its
// end (a nil a, or one whose fields are all empty, adds nothing): how a
// command's arguments travel flat beside its shared fields. obj is
// modified in place when it has room.
func AppendArgs(obj []byte, a Args) ([]byte, error) {
	if a == nil {
		return obj, nil
	}
	b, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSpace(b)
	obj = bytes.TrimSpace(obj)
	if len(b) < 2 || b[0] != '{' || len(obj) < 2 || obj[len(obj)-1] != '}' {
		return nil, fmt.Errorf("game: arguments %T or the command are not JSON objects", a)
	}
	inner := bytes.TrimSpace(b[1 : len(b)-1])
	if len(inner) == 0 {
		return obj, nil
	}
	out := obj[:len(obj)-1]
	if len(bytes.TrimSpace(out)) > 1 { // the object has fields already
		out = append(out, ',')
	}
	out = append(out, inner...)
	return append(out, '}'), nil
}

// MarshalCommand is a command as one flat JSON object: its shared fields
// and its variant's arguments beside them (as a script's step has them).
func MarshalCommand(c Command) ([]byte, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	return AppendArgs(b, c.Args)
}

// argsCheck runs the arguments' own refusal (Args.Refuse) for the engine.
func argsCheck(cmd *Command) error {
	if cmd.Args == nil {
		return nil // nearly every command
	}
	if r := cmd.Args.Refuse(); r != nil {
		return r
	}
	return nil
}
