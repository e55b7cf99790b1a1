// Package lan is the host's network side: an HTTP server that serves the
// phone page, a WebSocket endpoint carrying the JSON protocol of
// PROTOCOL.md, player sessions with secret tokens, the session loop that
// owns the game, the on-disk game log, the QR code and the mDNS
// advertisement.
//
// The Fyne app uses it like this:
//
//	srv, err := lan.NewServer(lan.Config{Addr: ":8080", TableName: "客厅"})
//	err = srv.Start(ctx)              // listen, advertise
//	views, cancel := srv.Subscribe()  // HostView on every change (latest wins)
//	err = srv.Host(lan.HostCommand{Do: lan.HostStart})
//	srv.Close()
package lan

import (
	"encoding/json"
	"time"

	"nightfall/game"
	"nightfall/lan/netaddr"
)

// Config configures a Server. The zero value is usable: port 8080, the
// default data directory, a random room code, the first variant, 12 players.
type Config struct {
	// Addr is the listen address (":8080" when empty; ":0" picks a free port).
	Addr string
	// DataDir is where game logs go (DataDir/games/<id>.jsonl). Empty means
	// DefaultDataDir().
	DataDir string
	// TableName is shown in the lobby and advertised over mDNS ("Nightfall"
	// when empty).
	TableName string
	// Variant, Players, Seed and Options are the lobby's initial setup. An
	// empty Variant is the first of game.Variants(); Players 0 is 12 (clamped
	// to the variant's range); Seed 0 draws a random seed at start. Options
	// maps an option name to its JSON value.
	Variant string
	Players int
	Seed    uint64
	Options map[string]json.RawMessage
	// Briefing starts each game with the table's briefing on the big screen
	// (game.Setup.Briefing) until the host's HostSkip or its time is up; the
	// host changes it in the lobby (HostSetBriefing). The host app keeps the
	// host's choice (on unless switched off); false is a game without it.
	Briefing bool
	// Room is the room code; empty draws a random one (6 characters).
	Room string
	// Resume is the path of a game log to resume instead of opening a lobby.
	// The room code, the seats and the tokens come from the log.
	Resume string
	// Host is the address written in the join URL. Empty means the IPv4
	// address of the interface with the default route (netaddr.LAN).
	Host string
	// NoMDNS turns the mDNS advertisement off.
	NoMDNS bool
	// Clock drives deadlines; nil is the real clock. Tests replace it.
	Clock Clock
	// Cadence is how often, during a game, every phone sends one sealed
	// frame and the host sends what it has (PROTOCOL.md "Cadence"): 0 is
	// the default (200 ms); negative turns the cadence off (every frame answered at
	// once: the timing of frames then shows who acted; for tests).
	Cadence time.Duration
	// Logf receives diagnostics (a torn log line, a dropped slow phone, an
	// mDNS failure). Nil means log.Printf.
	Logf func(format string, args ...any)
}

// Clock is the time source of the session loop.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine after d; stop cancels it and
	// reports whether it did so before f ran.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// HostCommand is something the host does. Do says what; the other fields
// are its arguments. Server.Host returns a readable error when the command
// cannot be done now; nothing changes then.
type HostCommand struct {
	Do      HostDo          `json:"do"`
	Variant string          `json:"variant,omitempty"` // HostSetVariant
	Players int             `json:"players,omitempty"` // HostSetPlayers
	Name    string          `json:"name,omitempty"`    // HostSetOption: the option name
	Value   json.RawMessage `json:"value,omitempty"`   // HostSetOption: JSON value; empty or null restores the default
	From    int             `json:"from,omitempty"`    // HostMove
	To      int             `json:"to,omitempty"`      // HostMove
	Seat    int             `json:"seat,omitempty"`    // HostRemove
	Seconds int             `json:"seconds,omitempty"` // HostAddTime
	Request int             `json:"request,omitempty"` // HostAllow, HostRefuse: SeatRequest.ID
	Addr    string          `json:"addr,omitempty"`    // HostSetAddress: one of HostView.Addresses' IPs
}

// HostDo is what a host command does (HostCommand.Do).
type HostDo string

// The host commands.
const (
	// Lobby (before the start).
	HostSetVariant HostDo = "variant" // Variant
	HostSetPlayers HostDo = "players" // Players; refused if it would drop a seated player
	HostSetOption  HostDo = "option"  // Name, Value
	HostMove       HostDo = "move"    // From, To: move a player; swaps if To is taken
	HostRemove     HostDo = "remove"  // Seat: unseat a player (lobby); during a game, forget
	// the seat's phone so another phone can take the seat (a flat battery)
	HostStart HostDo = "start" // every seat taken, players within the variant's range, options valid
	// HostSetBriefing: Value true or false: the table's briefing before the
	// first night (Config.Briefing), from the next start on.
	HostSetBriefing HostDo = "briefing"

	// Phones, at any time.
	HostRemoveSpectators HostDo = "remove-spectators" // send every spectator back to the lobby
	HostSetAddress       HostDo = "address"           // Addr: the laptop's address for the QR code, the typed address and mDNS (remembered per network)
	HostAllow            HostDo = "allow"             // Request: give the released seat to the phone that asked
	HostRefuse           HostDo = "refuse"            // Request: tell that phone no

	// Game.
	HostPause   HostDo = "pause"    // stop the clock
	HostResume  HostDo = "resume"   // restart it
	HostAddTime HostDo = "add-time" // Seconds more on the running timer
	HostSkip    HostDo = "skip"     // end the announcements' hold, or the briefing (begin), or the current speech (or the free discussion), now
	HostEnd     HostDo = "end"      // end the game: no winner, every role revealed
	HostNewGame HostDo = "new-game" // after the end: back to the lobby with the same seating

	// Between games (no game running, or the end screen).
	HostNewEvening HostDo = "new-evening" // a new evening: the scoreboard starts again from the next game
)

// HostView is everything the big screen may show. It never holds a private
// view or a role before the game is over.
type HostView struct {
	Lobby LobbyView
	// Table is nil before the start.
	Table *game.TableView
	// Paused reports whether the host paused the clock.
	Paused bool
	// Deadline is when the running timer ends (zero when none runs or the
	// clock is paused); Remaining is the time left when this view was made.
	Deadline  time.Time
	Remaining time.Duration
	// HoldUntil is when the table stops holding its announcements
	// (Table.Announce; zero when none is held or the clock is paused);
	// HoldLeft is the hold left when this view was made. The timer's
	// countdown starts after the hold (Deadline includes it).
	HoldUntil time.Time
	HoldLeft  time.Duration
	// HostActions are the host's commands the engine takes now
	// (game.Game.HostActions: "skip" while someone holds the floor or a
	// discussion runs, "end"); the big screen's buttons follow them.
	HostActions []string
	// Valid reports whether HostStart would succeed now; Invalid says why
	// not, in one sentence.
	Valid   bool
	Invalid string
	// Problem is the same reason with its figures, for the host's language
	// (nil when Valid).
	Problem *StartProblem
	// JoinURL, Room and MDNSName identify the table (JoinURL is empty until
	// Start has listened; MDNSName is empty without an advertisement).
	JoinURL  string
	Room     string
	MDNSName string
	// Typed is the typed join: the address and short code to show beside
	// the QR code, and the typed key's fingerprint (PROTOCOL.md "Typed
	// join"). The code is for the big screen only: it is never sent to a
	// phone nor served over HTTP.
	Typed TypedJoin
	// Addresses are the laptop's addresses phones might reach, best first
	// (virtual adapters last), for HostSetAddress; only in the lobby.
	Addresses []netaddr.IfaceAddr
	// LogPath is the game log being written (empty in the lobby).
	LogPath string
	// Requests are the phones asking for a seat the host released during
	// the game (HostRemove), oldest first: HostAllow or HostRefuse each.
	Requests []SeatRequest
	// Phones is the number of open sockets of phones that said hello;
	// Lobby.Spectators counts the spectators online.
	Phones int
	// Evening is the scoreboard of the room's finished games this evening,
	// between games only (nil while a game runs): it holds nothing of a
	// game in progress.
	Evening *Evening
	// Err is a failure the host must see: the log cannot be written (the
	// game stops accepting commands until the host ends it), or the lobby
	// cannot be saved. Failure is the same as a code and its figures, for
	// the screen's language (nil when Err is "").
	Err     string
	Failure *HostError
}

// LobbyView is the lobby as the big screen sees it. Phones get it in "lobby"
// frames (PROTOCOL.md) without Variants and Options. It holds no token.
type LobbyView struct {
	Table      string             `json:"table"`
	Variant    string             `json:"variant"`
	Players    int                `json:"players"`
	Started    bool               `json:"started"`
	Briefing   bool               `json:"briefing,omitempty"` // the games start with the table's briefing (HostSetBriefing)
	Seats      []LobbySeat        `json:"seats"`
	Spectators int                `json:"spectators"`
	Variants   []game.VariantInfo `json:"variants,omitempty"` // host only
	// Deal is the deck the variant deals for Players (empty when Players is
	// out of the variant's range).
	Deal []game.RoleCount `json:"deal,omitempty"`
	// Options are the variant's options, in the variant's order (host only).
	Options []OptionView `json:"options,omitempty"`
}

// LobbySeat is one seat of the lobby.
type LobbySeat struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name,omitempty"`
	Taken  bool   `json:"taken"`
	Online bool   `json:"online"`
}

// OptionView is one option of the chosen variant: its value for this game
// (the default unless the host set it), its default for this deal, and the
// legal values of an enumerated option.
type OptionView struct {
	Name    string          `json:"name"`
	Value   json.RawMessage `json:"value"`
	Default json.RawMessage `json:"default"`
	Set     bool            `json:"set"`
	Choices []string        `json:"choices,omitempty"`
	// Kind, Min, Max and Words are the option's spec (game.OptionSpec):
	// what it takes, its range (Max 0: none) and the dictionary key of
	// its name.
	Kind  game.OptionKind `json:"kind"`
	Min   int             `json:"min,omitempty"`
	Max   int             `json:"max,omitempty"`
	Words string          `json:"words"`
}

// StartProblem is why the game cannot start yet. Key is "free" (Seats are
// still free: the usual wait while the players sit down), "players" (the
// variant is for Min to Max players, the table has N), "options" (Text is
// the engine's message about an option), "variant" or "started". Text is
// the reason as one English sentence.
type StartProblem struct {
	Key   string `json:"key"`
	Seats []int  `json:"seats,omitempty"`
	Min   int    `json:"min,omitempty"`
	Max   int    `json:"max,omitempty"`
	N     int    `json:"n,omitempty"`
	Text  string `json:"text"`
}

// SeatRequest is a phone asking for a seat the host released during the
// game. Name is the name it gave (show it as text); Online is false while
// its phone is away. Device and Code are what the host checks at a glance
// before he gives a seat away: the phone's device label from its browser
// ("iPhone · Safari"; "" when it says nothing known) and its phone code,
// four digits the phone shows (in its menu, and while it asks). Waiting is
// how many more phones ask for the same seat: the host sees the oldest of
// each seat; refusing it brings the next.
type SeatRequest struct {
	ID      int    `json:"id"`
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Online  bool   `json:"online"`
	Device  string `json:"device"`
	Code    string `json:"code"`
	Waiting int    `json:"waiting,omitempty"`
}
