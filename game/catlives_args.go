package game

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// CatArgs are cat-lives-7's arguments of a command (Command.Args), named as
// in its rules file: a kill manifesto, an aimed snipe's position, an
// amoeba's new form, the free-choice stance (camp, cowin), a discard order
// (card ids, first lost first), the action a withdrawal cancels, and via,
// the card id (or "amoeba") acting when two held cards offer the action.
type CatArgs struct {
	Text     string   `json:"text,omitempty"`
	Position int      `json:"position,omitempty"`
	Into     string   `json:"into,omitempty"`
	Camp     string   `json:"camp,omitempty"`
	Cowin    bool     `json:"cowin,omitempty"`
	Order    []string `json:"order,omitempty"`
	Action   string   `json:"action,omitempty"`
	Via      string   `json:"via,omitempty"`
}

// MaxTextRunes bounds a command's free text (a kill manifesto) and
// MaxOrderCards a discard order: the engine refuses longer ones, so the
// network layer needs no rule of its own about them. MaxWordBytes bounds
// each short word (into, camp, action, via, an order's card ids) and
// MaxPosition an aimed snipe's position in a phone's frame.
const (
	MaxTextRunes  = 2000
	MaxOrderCards = 8
	MaxWordBytes  = 32
	MaxPosition   = 99
)

// DecodeArgs implements Arguer.
func (catLives) DecodeArgs(obj []byte) (Args, error) {
	a, err := decodeArgs[CatArgs](obj)
	if err != nil {
		return nil, fmt.Errorf("text, into, camp, action and via are strings, position a number, cowin true or false, order a list of card ids: %w", err)
	}
	return a, nil
}

// catArgs are cmd's cat-lives-7 arguments (none: the zero value).
func catArgs(cmd *Command) CatArgs {
	a, _ := cmd.Args.(CatArgs)
	return a
}

// Refuse refuses free text and lists no rule could accept: too long, or
// text with an invisible control character.
func (a CatArgs) Refuse() *Rejection {
	if a.Text == "" && len(a.Order) <= MaxOrderCards {
		return nil
	}
	if n := utf8.RuneCountInString(a.Text); n > MaxTextRunes {
		return &Rejection{Code: RefuseTextLong, N: MaxTextRunes, Have: n}
	}
	for _, r := range a.Text {
		if (unicode.IsControl(r) && r != '\n' && r != '\t') || unicode.Is(unicode.Bidi_Control, r) {
			return refuse(RefuseTextControl)
		}
	}
	if len(a.Order) > MaxOrderCards {
		return &Rejection{Code: RefuseOrderLong, N: MaxOrderCards}
	}
	return nil
}

// Bound bounds the short words and the position (a frame no game could
// take); the engine bounds the free text and the order itself (Refuse).
func (a CatArgs) Bound() error {
	for _, w := range [4]string{a.Into, a.Camp, a.Action, a.Via} {
		if err := boundWord(w); err != nil {
			return err
		}
	}
	for _, w := range a.Order {
		if err := boundWord(w); err != nil {
			return err
		}
	}
	if a.Position < 0 || a.Position > MaxPosition {
		return fmt.Errorf("position %d is out of range", a.Position)
	}
	return nil
}

// boundWord is the network layer's bound on a command's short word.
func boundWord(w string) error {
	if len(w) > MaxWordBytes {
		return fmt.Errorf("a command field has at most %d bytes (%.20q… is longer)", MaxWordBytes, w)
	}
	return nil
}
