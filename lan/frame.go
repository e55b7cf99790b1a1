package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"nightfall/game"
)

// maxNameRunes is the longest name a phone may choose, in characters.
const maxNameRunes = 24

// maxIDLen is the longest command id.
const maxIDLen = 64

// maxWordLen bounds a cmd's do (the variant bounds its own arguments:
// game.Args.Bound).
const maxWordLen = game.MaxWordBytes

// inFrame is a frame from a phone (PROTOCOL.md "Client → server"). Fields a
// type does not use are ignored. A "cmd" carries the fields of game.Command
// (do, target, card, and whatever a variant adds: its game.Args, read from
// raw once the game is known), all but the seat: Seat here is the seat a
// "join" takes, and a "cmd" that names one must name the phone's own.
type inFrame struct {
	T     string `json:"t"`
	Token string `json:"token"`
	Lang  string `json:"lang"`
	Name  string `json:"name"`
	Seat  *int   `json:"seat"`
	ID    string `json:"id"`
	Game  string `json:"game"` // "replay": the game's id (empty: the latest)
	game.Command
	raw []byte // the frame as received, for the variant's arguments
}

// decodeFrame reads a phone's frame. The error is a sentence for the phone;
// with it comes the frame's type and id when they can be read (a JSON
// object whose other fields are of the wrong kind, a target of 1.5 or an
// object), so that the refusal names the id it refuses.
func decodeFrame(data []byte) (inFrame, error) {
	var f inFrame
	if !utf8.Valid(data) {
		return f, fmt.Errorf("the frame is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		if _, ok := err.(*json.SyntaxError); ok {
			return inFrame{}, fmt.Errorf("the frame is not valid JSON")
		}
		return frameHead(data), fmt.Errorf("the frame has a field of the wrong kind: %v", err)
	}
	if dec.More() {
		return inFrame{T: f.T, ID: f.ID}, fmt.Errorf("the frame has data after its JSON object")
	}
	if f.T == "" {
		return inFrame{ID: f.ID}, fmt.Errorf(`the frame has no "t" (type)`)
	}
	if f.T == "cmd" {
		f.raw = bytes.Clone(data) // data may be the reader's buffer
	}
	return f, nil
}

// frameHead is the type and id of a frame that does not decode as a
// whole, each when it is a string (nothing else of it is kept).
func frameHead(data []byte) inFrame {
	var head struct {
		T  json.RawMessage `json:"t"`
		ID json.RawMessage `json:"id"`
	}
	var f inFrame
	if json.Unmarshal(data, &head) == nil {
		json.Unmarshal(head.T, &f.T)
		json.Unmarshal(head.ID, &f.ID)
	}
	return f
}

// checkCommand bounds the action of a phone's command (a frame no game
// could take); the engine checks what it means. The error is a sentence
// for the phone.
func checkCommand(c game.Command) error {
	if len(c.Do) > maxWordLen {
		return fmt.Errorf("a command field has at most %d bytes (%.20q… is longer)", maxWordLen, c.Do)
	}
	return nil
}

// commandArgs reads the arguments of variant's own from a phone's cmd frame
// and bounds them (game.Args.Bound: ids and positions no game could take;
// the engine bounds the free text and lists itself). The error is a
// sentence for the phone.
func commandArgs(variant string, f inFrame) (game.Args, error) {
	a, err := game.DecodeArgs(variant, f.raw)
	if err != nil {
		return nil, fmt.Errorf("the frame has a field of the wrong kind: %v", err)
	}
	if a != nil {
		if err := a.Bound(); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// Error codes of "error" frames (PROTOCOL.md).
const (
	codeRoom      = "room"
	codeSeatTaken = "seat-taken"
	codeTableFull = "table-full"
	codeStarted   = "started"
	codeName      = "name"
	codeSeat      = "seat"
	codeRate      = "rate"
	codeBadFrame  = "bad-frame"
	codeHello     = "hello"
	codeNoSeat    = "no-seat"
	codeNotYours  = "not-yours"
	codeRejected  = "rejected"
	codeNotStart  = "not-started"
	codeRemoved   = "removed"
	codeSaving    = "saving"
	codePaused    = "paused"
	codeStale     = "stale"
	codeBusy      = "busy"
	codePending   = "pending"
	codeRefused   = "refused"
	codeSealed    = "sealed"
	codeNotOver   = "not-over"  // a replay asked for while a game runs
	codeNoReplay  = "no-replay" // a replay of a game that is not this room's evening
	codeCode      = "code"
	codeCodeWait  = "code-wait"
)

// Close codes of the WebSocket (PROTOCOL.md).
const (
	closeReplaced  = 4000
	closeRoom      = 4003
	closeBusy      = 4008
	closeSealed    = 4004
	closeCode      = 4006
	closeCodeWait  = 4007
	closeGoingAway = 1001
)

var errPlain = errors.New("the frame is not sealed")

type welcomeFrame struct {
	T     string `json:"t"`
	Token string `json:"token"`
	Seat  int    `json:"seat"`
	Mode  string `json:"mode"`
	Name  string `json:"name,omitempty"`
	Room  string `json:"room"`
	// Phone is the phone's code: four digits it shows in its menu, the
	// same way for every role, and beside a request for a freed seat, so
	// that the host can tell whose phone asks (SeatRequest.Code).
	Phone string `json:"phone,omitempty"`
	// Cadence is how often (ms) the phone sends one frame during a game
	// (0: no cadence; cadence.go).
	Cadence int `json:"cadence,omitempty"`
}

type lobbyFrame struct {
	T     string    `json:"t"`
	Lobby LobbyView `json:"lobby"`
}

type ackFrame struct {
	T  string `json:"t"`
	ID string `json:"id"`
}

type errorFrame struct {
	T      string `json:"t"`
	ID     string `json:"id,omitempty"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
	// Refusal is the engine's refusal of a command (codes rejected and
	// stale): its code and typed arguments, which the page translates;
	// Reason is the same in English.
	Refusal *game.Rejection `json:"refusal,omitempty"`
}

type clockFrame struct {
	T         string `json:"t"`
	Key       int    `json:"key"`
	Kind      string `json:"kind,omitempty"`
	Seconds   int    `json:"seconds,omitempty"`
	Remaining int64  `json:"remaining"` // milliseconds
	// Hold is how long the table still holds its announcements (ms; 0:
	// none); the countdown starts after it.
	Hold   int64 `json:"hold,omitempty"`
	Paused bool  `json:"paused"`
}

// mustJSON marshals a value the server builds itself (it cannot fail).
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("lan: marshal %T: %v", v, err))
	}
	return b
}

// pongFrame answers a ping, padFrame the cadence's empty frame.
var (
	pongFrame = []byte(`{"t":"pong"}`)
	padFrame  = []byte(`{"t":"pad"}`)
)

// padReply answers a pad. A pad that carries an id (a step of the phone's
// screen that sends no command, taking the place of the cadence's empty
// frame) gets it back, so the phone settles that step when its frame is
// answered, as a command's is by its ack; both replies are one size on the
// air. An id over maxIDLen is not echoed.
func padReply(id string) []byte {
	if id == "" || len(id) > maxIDLen {
		return padFrame
	}
	return mustJSON(ackFrame{T: "pad", ID: id})
}

func errFrame(id, code, reason string) []byte {
	return mustJSON(errorFrame{T: "error", ID: id, Code: code, Reason: reason})
}

// refusalFrame is the error for a command the engine refused: code
// rejected, or stale for a command made from a view that is gone, with
// the refusal's code and arguments and its English sentence.
func refusalFrame(id string, rej *game.Rejection) []byte {
	code := codeRejected
	if rej.Stale() {
		code = codeStale
	}
	return mustJSON(errorFrame{T: "error", ID: id, Code: code, Reason: rej.Error(), Refusal: rej})
}

// viewBucket is the size unit private view frames are padded to.
const viewBucket = 4096

// viewFrame builds {"t":"view","view":V,"names":N,"pad":"   "} exactly size
// bytes long (size 0: no padding beyond what the frame needs).
func viewFrame(view, names []byte, size int) []byte {
	const head, mid, tail, end = `{"t":"view","view":`, `,"names":`, `,"pad":"`, `"}`
	n := len(head) + len(view) + len(mid) + len(names) + len(tail) + len(end)
	pad := max(0, size-n)
	b := make([]byte, 0, n+pad)
	b = append(b, head...)
	b = append(b, view...)
	b = append(b, mid...)
	b = append(b, names...)
	b = append(b, tail...)
	b = append(b, bytes.Repeat([]byte{' '}, pad)...)
	return append(b, end...)
}

// viewFrameSize is the padded size of the frame for view: a whole number of
// viewBucket.
func viewFrameSize(view, names []byte) int {
	n := len(viewFrame(view, names, 0))
	return (n + viewBucket - 1) / viewBucket * viewBucket
}

func tableFrame(table, names []byte) []byte {
	var b bytes.Buffer
	b.WriteString(`{"t":"table","table":`)
	b.Write(table)
	b.WriteString(`,"names":`)
	b.Write(names)
	b.WriteString(`}`)
	return b.Bytes()
}
