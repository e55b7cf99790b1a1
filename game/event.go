package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Event is a fact the engine has decided. The game state is the fold of its
// events (see apply in state.go). Audience says who may learn the event:
// nil means everybody ("all"); an empty non-nil list means nobody outside the
// engine (internal bookkeeping such as a doctor's empty needles); otherwise
// the seats listed. The network layer delivers an event only to its audience;
// phones never receive raw events anyway, only views.
type Event struct {
	Seq      int
	Audience []int
	Body     Body
}

// nobody is the audience of internal bookkeeping (shared; never modified).
var nobody = []int{}

// Type is the event's type name, as printed by `nightfall script`.
func (e Event) Type() string { return e.Body.Type() }

// Public reports whether every seat may see the event.
func (e Event) Public() bool { return e.Audience == nil }

// VisibleTo reports whether seat may see the event.
func (e Event) VisibleTo(seat int) bool {
	return e.Audience == nil || slices.Contains(e.Audience, seat)
}

// Body is an event's payload: a pointer to one of the body types below (a
// variant's own types live in its files). A body is never modified once it
// is logged; apply writes a random draw into a copy.
type Body interface{ Type() string }

// DealBody: a seat's roles (cards, hands), in seat order, private to the seat.
type DealBody struct {
	Seat  int      `json:"seat"`
	Roles []string `json:"roles"`
	Camp  string   `json:"camp,omitempty"` // where the cards decide the camp (Camper)
}

// NightBody: night falls. Setup marks v5.0-dual's identification night.
type NightBody struct {
	Round int  `json:"round"`
	Setup bool `json:"setup,omitempty"`
}

// SleepBody: a player with no night action tapped "ready".
type SleepBody struct {
	Seat int `json:"seat"`
}

// ActBody: a night input. For a group action it is the member's current
// selection (changeable until the group locks); for an individual action it
// is final. Skip declines an optional action.
type ActBody struct {
	Seat   int     `json:"seat"`
	Card   *Target `json:"card,omitempty"`
	Step   int     `json:"step"`
	Action string  `json:"action"`
	Target *Target `json:"target,omitempty"`
	Skip   bool    `json:"skip,omitempty"`
}

// LockBody: a night step's final choice. By is "agreement" (the group agreed),
// "submitted" (an individual submitted), "plurality" (G4 at night end),
// "random" (a seeded pick among Options: a plurality tie, or a mandatory
// action nobody chose) or "none" (an optional action that did not happen).
type LockBody struct {
	Step    int      `json:"step"`
	Action  string   `json:"action"`
	Target  *Target  `json:"target,omitempty"`
	Skip    bool     `json:"skip,omitempty"`
	By      string   `json:"by"`
	Options []Target `json:"options,omitempty"`
}

// ResultBody: a private night answer (a check's thumb), for the acting group.
// Answer is "killer", "not-killer", "secret-police", "not-secret-police" or
// "none" (the checker was hugged: no answer tonight).
type ResultBody struct {
	Round  int    `json:"round"`
	Step   int    `json:"step"`
	Action string `json:"action"`
	Target Target `json:"target"`
	Answer string `json:"answer"`
}

// SuspectBody: a police huddle marker (standard-003 R7), police only.
type SuspectBody struct {
	Seat   int    `json:"seat"`
	Target Target `json:"target"`
}

// MarkBody: internal per-card bookkeeping of a variant (needles, a spent
// one-shot power). Never delivered to anyone before the game ends.
type MarkBody struct {
	Target Target `json:"target"`
	Key    string `json:"key"`
	Value  int    `json:"value"`
}

// DawnBody: the night's results. Dead is never nil (empty = peaceful night).
type DawnBody struct {
	Round    int      `json:"round"`
	Dead     []Target `json:"dead"`
	Silenced []int    `json:"silenced,omitempty"`
}

// SpeechesBody: a speaking stage begins, with its order. Kind is
// "last-words", "speech", "pk-speech" or "discussion" (free talk, no order).
type SpeechesBody struct {
	Round int   `json:"round"`
	Kind  Stage `json:"kind"`
	Order []int `json:"order"`
	// By is "random" when the first speaker is a seeded pick among the
	// living, drawn by the event (werewolf-12 §10.1 after a peaceful
	// night without a sheriff).
	By string `json:"by,omitempty"`
}

// TurnBody: Seat now has the floor.
type TurnBody struct {
	Kind Stage `json:"kind"`
	Seat int   `json:"seat"`
}

// TurnEndBody: Seat's turn ended: "pass", "timeout", "silenced" (skipped,
// v4.0 R10), "host" (skipped by the host).
type TurnEndBody struct {
	Kind Stage  `json:"kind"`
	Seat int    `json:"seat"`
	By   string `json:"by"`
}

// BallotBody: a ballot opens. Index counts the day's ballots from 1.
// Weights, parallel to Voters, is each voter's number of votes where it is
// not 1 for everybody (v5.0-dual: tokens per living card; two-hands: votes
// per living hand), or with OneVote the weight of each voter's one vote
// (werewolf-12's sheriff: 1.5).
type BallotBody struct {
	Round      int       `json:"round"`
	Index      int       `json:"index"`
	Mode       string    `json:"mode"`
	Candidates []Target  `json:"candidates"`
	Voters     []int     `json:"voters"`
	Weights    []float64 `json:"weights,omitempty"`
	// OneVote: every voter casts one vote, worth its weight in Weights
	// (werewolf-12's sheriff: 1.5 or 2), instead of Weights votes.
	OneVote bool `json:"oneVote,omitempty"`
	// Purpose names what the ballot decides where a day has ballots of
	// different kinds (werewolf-12: "election" of the sheriff, "exile").
	Purpose string `json:"purpose,omitempty"`
}

// CallBody: sequential-open calls a candidate (hands up for Target).
type CallBody struct {
	Target Target `json:"target"`
}

// CallPassBody: in sequential-open, Seat lets the called candidate Target go
// without raising a hand ("not this one"). Public, as a raised hand is. A
// call closes early once every voter who could still vote for its candidate
// has voted or let it go.
type CallPassBody struct {
	Seat   int    `json:"seat"`
	Target Target `json:"target"`
}

// VoteBody: a vote (one token in the tokens mode). Public at once in open
// modes; private to the voter in simultaneous and secret modes until the
// tally. Hand is the voting hand where votes are cast per hand (two-hands).
// By is "random" for a vote the deadline cast for a hand that had not voted
// (two-hands R17): the target is a seeded pick among Options.
type VoteBody struct {
	Seat    int      `json:"seat"`
	Hand    *Target  `json:"hand,omitempty"`
	Target  Target   `json:"target"`
	By      string   `json:"by,omitempty"`
	Options []Target `json:"options,omitempty"`
}

// AbstainBody: a voter casts no vote.
type AbstainBody struct {
	Seat int `json:"seat"`
}

// Count is one candidate's total.
type Count struct {
	Target Target  `json:"target"`
	Votes  float64 `json:"votes"` // a whole number but where a vote weighs 1.5
}

// TallyBody: a ballot's result. Outcome is "out" (Top has one entry), "tie"
// or "none" (nobody voted, G12). Votes lists every vote where the mode
// reveals voters at the close (simultaneous-open).
type TallyBody struct {
	Index   int        `json:"index"`
	Counts  []Count    `json:"counts"`
	Top     []Target   `json:"top"`
	Outcome Verdict    `json:"outcome"`
	Votes   []VoteBody `json:"votes,omitempty"`
}

// ExecutedBody: someone is put out in the day. By is "vote" or "lot" (a tie
// settled by seeded lot, Options listing the tied).
type ExecutedBody struct {
	Round   int      `json:"round"`
	Seat    int      `json:"seat"`
	Hand    *Target  `json:"hand,omitempty"`
	By      string   `json:"by"`
	Options []Target `json:"options,omitempty"`
}

// NominateBody: during their nomination turn, Seat names Target a suspect
// (two-hands §9.3).
type NominateBody struct {
	Round  int    `json:"round"`
	Seat   int    `json:"seat"`
	Target Target `json:"target"`
}

// ImmuneBody: the hand on top of the day's vote is immune (two-hands R18);
// nobody is put out today. By is "lot" when a seeded lot among Options (a
// tie settled by tieFinal lots) picked it.
type ImmuneBody struct {
	Round int    `json:"round"`
	Hand  Target `json:"hand"`
	// Seat and Role name a single-role seat revealed as immune
	// (werewolf-12 §10.4: the idiot).
	Seat    int      `json:"seat,omitempty"`
	Role    string   `json:"role,omitempty"`
	By      string   `json:"by,omitempty"`
	Options []Target `json:"options,omitempty"`
}

// RedealBody: a deal was void and the cards are shuffled and dealt again
// (G17; v5.0-dual §2 forbidden pairs, two-hands R1 zero sums and requests).
// Why says why (a code of RedealReasons and its arguments), Reason the same
// in one English sentence; neither names a card of the new deal. Shuffle is
// set when this event itself shuffles and deals (a redeal during the game's
// setup night); without it the new shuffle was made with the game's setup.
type RedealBody struct {
	Reason string `json:"reason"`
	Why
	Shuffle bool `json:"shuffle,omitempty"`
}

// ExplodedBody: a killer self-revealed (爆, standard-003 §10).
type ExplodedBody struct {
	Round int    `json:"round"`
	Seat  int    `json:"seat"`
	Role  string `json:"role"`
}

// HostBody: a host control that changes the game (skip a speaker, end).
type HostBody struct {
	Action string `json:"action"`
}

// GameOverBody: the end. Winner: "good", "killers", "werewolves", "draw",
// "none" (the host ended it) or a seat id. Why is why (a code of Reasons
// and its arguments), Reason the same in one English sentence.
type GameOverBody struct {
	Winner string `json:"winner"`
	Reason string `json:"reason"`
	Why
	Winners []int `json:"winners,omitempty"` // the winning seats, where the cards decide the camps (Camper)
}

// RejectedBody: a script step the rules refused (printed by `nightfall
// script`; the engine itself returns a *Rejection and logs nothing).
type RejectedBody struct {
	Step   int    `json:"step"`
	Seat   int    `json:"seat,omitempty"`
	Do     string `json:"do"`
	Reason string `json:"reason"`
}

func (*RejectedBody) Type() string { return "rejected" }
func (*DealBody) Type() string     { return "deal" }
func (*NightBody) Type() string    { return "night" }
func (*SleepBody) Type() string    { return "sleep" }
func (*ActBody) Type() string      { return "act" }
func (*LockBody) Type() string     { return "lock" }
func (*ResultBody) Type() string   { return "result" }
func (*SuspectBody) Type() string  { return "suspect" }
func (*MarkBody) Type() string     { return "mark" }
func (*DawnBody) Type() string     { return "dawn" }
func (*SpeechesBody) Type() string { return "speeches" }
func (*TurnBody) Type() string     { return "turn" }
func (*TurnEndBody) Type() string  { return "turn_end" }
func (*BallotBody) Type() string   { return "ballot" }
func (*CallBody) Type() string     { return "call" }
func (*CallPassBody) Type() string { return "call_pass" }
func (*VoteBody) Type() string     { return "vote" }
func (*AbstainBody) Type() string  { return "abstain" }
func (*TallyBody) Type() string    { return "tally" }
func (*ExecutedBody) Type() string { return "executed" }
func (*ExplodedBody) Type() string { return "exploded" }
func (*NominateBody) Type() string { return "nominate" }
func (*ImmuneBody) Type() string   { return "immune" }
func (*RedealBody) Type() string   { return "redeal" }
func (*HostBody) Type() string     { return "host" }
func (*GameOverBody) Type() string { return "game_over" }

var bodyTypes = map[string]func() Body{
	"deal":      func() Body { return &DealBody{} },
	"night":     func() Body { return &NightBody{} },
	"sleep":     func() Body { return &SleepBody{} },
	"act":       func() Body { return &ActBody{} },
	"lock":      func() Body { return &LockBody{} },
	"result":    func() Body { return &ResultBody{} },
	"suspect":   func() Body { return &SuspectBody{} },
	"mark":      func() Body { return &MarkBody{} },
	"dawn":      func() Body { return &DawnBody{} },
	"speeches":  func() Body { return &SpeechesBody{} },
	"turn":      func() Body { return &TurnBody{} },
	"turn_end":  func() Body { return &TurnEndBody{} },
	"ballot":    func() Body { return &BallotBody{} },
	"call":      func() Body { return &CallBody{} },
	"call_pass": func() Body { return &CallPassBody{} },
	"vote":      func() Body { return &VoteBody{} },
	"abstain":   func() Body { return &AbstainBody{} },
	"tally":     func() Body { return &TallyBody{} },
	"executed":  func() Body { return &ExecutedBody{} },
	"exploded":  func() Body { return &ExplodedBody{} },
	"nominate":  func() Body { return &NominateBody{} },
	"immune":    func() Body { return &ImmuneBody{} },
	"redeal":    func() Body { return &RedealBody{} },
	"host":      func() Body { return &HostBody{} },
	"game_over": func() Body { return &GameOverBody{} },
	"rejected":  func() Body { return &RejectedBody{} },
}

// TableRole is what a public event is to the table: the screens
// announce a result, start a stage with a headline, or update the running
// stage live. Private events (a night act, a check answer, a deal) never
// reach the table.
type TableRole int

const (
	TablePrivate  TableRole = iota // never public (or public only at the end, with the timeline)
	TableAnnounce                  // a result, held on the big screen for announceSeconds
	TableStage                     // starts what the table does next: its headline and timer
	TableLive                      // part of the running stage: a raised hand, a turn's end
)

// tableRoleOf classifies every event body: the one place that says what
// the table does with an event type. A test fails when a type that reaches
// the table has none (TablePrivate), and the host app's test fails when a
// TableAnnounce type has no announcement of its own. (A type switch: the
// engine records events by the hundred thousand a second.)
func tableRoleOf(b Body) TableRole {
	switch b.(type) {
	case *DawnBody, *AnnounceBody, *TallyBody, *ExecutedBody, *ExplodedBody, *ImmuneBody, *RedealBody, *GameOverBody:
		return TableAnnounce
	case *NightBody, *SpeechesBody, *TurnBody, *BallotBody, *CallBody:
		return TableStage
	case *TurnEndBody, *VoteBody, *AbstainBody, *CallPassBody, *NominateBody, *HostBody:
		return TableLive
	}
	if r, ok := b.(tableRoler); ok { // a variant's own event
		return r.tableRole()
	}
	return TablePrivate
}

// tableRoler is a variant's own event type that reaches the table.
type tableRoler interface{ tableRole() TableRole }

// RoleOf is the table role of an event type (TablePrivate for unknown
// types).
func RoleOf(eventType string) TableRole {
	mk, ok := bodyTypes[eventType]
	if !ok {
		return TablePrivate
	}
	return tableRoleOf(mk())
}

// AnnouncedTypes lists the event types the screens announce, sorted.
func AnnouncedTypes() []string {
	var out []string
	for t, mk := range bodyTypes {
		if tableRoleOf(mk()) == TableAnnounce {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// decodeBody reads the JSON body of an event of type typ.
func decodeBody(typ string, data []byte) (Body, error) {
	mk, ok := bodyTypes[typ]
	if !ok {
		return nil, fmt.Errorf("unknown event type %q", typ)
	}
	body := mk()
	if err := json.Unmarshal(data, body); err != nil {
		return nil, fmt.Errorf("%s: %v", typ, err)
	}
	return body, nil
}

// MarshalJSON writes {"seq":…,"type":…,"audience":…, …body fields}.
func (e Event) MarshalJSON() ([]byte, error) {
	body, err := json.Marshal(e.Body)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"seq":%d,"type":%q`, e.Seq, e.Body.Type())
	if e.Audience == nil {
		b.WriteString(`,"audience":"all"`)
	} else {
		a, _ := json.Marshal(e.Audience)
		b.WriteString(`,"audience":`)
		b.Write(a)
	}
	if len(body) > 2 {
		b.WriteByte(',')
		b.Write(body[1:])
	} else {
		b.WriteByte('}')
	}
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (e *Event) UnmarshalJSON(data []byte) error {
	var env struct {
		Seq      int             `json:"seq"`
		Type     string          `json:"type"`
		Audience json.RawMessage `json:"audience"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return err
	}
	body, err := decodeBody(env.Type, data)
	if err != nil {
		return fmt.Errorf("event %d: %v", env.Seq, err)
	}
	e.Seq = env.Seq
	e.Body = body
	e.Audience = nil
	if len(env.Audience) > 0 && string(env.Audience) != `"all"` {
		var a []int
		if err := json.Unmarshal(env.Audience, &a); err != nil {
			return fmt.Errorf("event %d: bad audience", env.Seq)
		}
		if a == nil {
			a = []int{}
		}
		e.Audience = a
	}
	return nil
}
