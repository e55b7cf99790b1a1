package lan

import (
	"fmt"
	"strings"
)

// The codes of HostError: why the server refused a host command (or a
// setting of the server), by what went wrong; each has words
// "host.<code>" in the dictionary for the big screen.
const (
	HostErrStarted        = "started"        // a lobby command once the game has started
	HostErrNoGame         = "noGame"         // a game command with no game running
	HostErrOver           = "over"           // a game command once the game is over
	HostErrNotOver        = "notOver"        // a new game before the game is over
	HostErrGameRunning    = "gameRunning"    // a new evening while a game runs
	HostErrEveningSave    = "eveningSave"    // the new evening cannot be saved: Err
	HostErrUnknownVariant = "unknownVariant" // Name: the variant asked for; Known: the variants
	HostErrPlayers        = "players"        // N players asked for, Max the most a table has
	HostErrShrinkTaken    = "shrinkTaken"    // fewer seats, but Seat (beyond them) is taken
	HostErrNoVariant      = "noVariant"      // an option before a variant is chosen
	HostErrNoOption       = "noOption"       // Name: no such option; Known: the variant's options
	HostErrOptionJSON     = "optionJSON"     // Name: the option's value is not JSON
	HostErrOptions        = "options"        // the options make no game: Text, the engine's reason
	HostErrSeatRange      = "seatRange"      // a seat number out of 1..Max
	HostErrSeatFree       = "seatFree"       // Seat has nobody to move or remove
	HostErrCannotStart    = "cannotStart"    // start refused: Problem says why
	HostErrLog            = "log"            // the game log cannot be written: Err
	HostErrLobbySave      = "lobbySave"      // the lobby cannot be saved: Text, why
	HostErrPaused         = "paused"         // pause while paused
	HostErrNotPaused      = "notPaused"      // resume while not paused
	HostErrAddTime        = "addTime"        // add N seconds, not 1..Max
	HostErrNoTimer        = "noTimer"        // add time with no countdown running
	HostErrNoRequest      = "noRequest"      // N: no phone asks for a seat under that number
	HostErrSeatTaken      = "seatTaken"      // Seat is taken (a phone asked for it)
	HostErrPhoneSeated    = "phoneSeated"    // the asking phone already plays Seat
	HostErrNotIPv4        = "notIPv4"        // Name is not an IPv4 address
	HostErrNotOurAddress  = "notOurAddress"  // Name is not an address of this computer now
	HostErrNotListening   = "notListening"   // the server does not listen yet
	HostErrListensOnly    = "listensOnly"    // the server listens on Name only
	HostErrUnknownCommand = "unknownCommand" // Name: no such host command
)

// HostErrors are every code a HostError can have.
func HostErrors() []string {
	return []string{HostErrStarted, HostErrNoGame, HostErrOver, HostErrNotOver,
		HostErrGameRunning, HostErrEveningSave,
		HostErrUnknownVariant, HostErrPlayers, HostErrShrinkTaken, HostErrNoVariant,
		HostErrNoOption, HostErrOptionJSON, HostErrOptions, HostErrSeatRange,
		HostErrSeatFree, HostErrCannotStart, HostErrLog, HostErrLobbySave, HostErrPaused,
		HostErrNotPaused, HostErrAddTime, HostErrNoTimer, HostErrNoRequest,
		HostErrSeatTaken, HostErrPhoneSeated, HostErrNotIPv4, HostErrNotOurAddress,
		HostErrNotListening, HostErrListensOnly, HostErrUnknownCommand}
}

// HostError is the server's own refusal of a host command (the engine's
// are *game.Rejection): a code of HostErrors and its figures, for the big
// screen to say in its language; Error is the English sentence for the
// logs and serve's terminal.
type HostError struct {
	Code    string
	Seat    int           // a seat number
	N       int           // a number asked for
	Max     int           // the largest allowed
	Name    string        // a variant, option, address or command asked for
	Known   []string      // what could have been asked for (variants, options)
	Text    string        // the engine's English reason (HostErrOptions)
	Problem *StartProblem // why the game cannot start (HostErrCannotStart)
	Err     error         // the log's failure (HostErrLog)
}

func (e *HostError) Unwrap() error { return e.Err }

func (e *HostError) Error() string {
	switch e.Code {
	case HostErrStarted:
		return "the game has started"
	case HostErrNoGame:
		return "no game is running"
	case HostErrOver:
		return "the game is over"
	case HostErrNotOver:
		return "the game is not over"
	case HostErrGameRunning:
		return "a game is running"
	case HostErrEveningSave:
		return fmt.Sprintf("cannot save the new evening: %v", e.Err)
	case HostErrUnknownVariant:
		return fmt.Sprintf("unknown variant %q (known: %s)", e.Name, strings.Join(e.Known, ", "))
	case HostErrPlayers:
		return fmt.Sprintf("a table has 1 to %d players, not %d", e.Max, e.N)
	case HostErrShrinkTaken:
		return fmt.Sprintf("seat %d is taken: move or remove that player first", e.Seat)
	case HostErrNoVariant:
		return "choose a variant first"
	case HostErrNoOption:
		return fmt.Sprintf("%s has no option %q (options: %s)", e.Text, e.Name, strings.Join(e.Known, ", "))
	case HostErrOptionJSON:
		return fmt.Sprintf("option %q: the value is not JSON", e.Name)
	case HostErrOptions:
		return e.Text
	case HostErrSeatRange:
		return fmt.Sprintf("seats are numbered 1 to %d", e.Max)
	case HostErrSeatFree:
		return fmt.Sprintf("seat %d is free", e.Seat)
	case HostErrCannotStart:
		if e.Problem != nil {
			return e.Problem.Text
		}
		return "the game cannot start"
	case HostErrLog:
		if e.Err != nil {
			return e.Err.Error()
		}
		return "cannot write the game log"
	case HostErrLobbySave:
		return "cannot save the lobby: " + e.Text
	case HostErrPaused:
		return "the game is already paused"
	case HostErrNotPaused:
		return "the game is not paused"
	case HostErrAddTime:
		return fmt.Sprintf("add 1 to %d seconds, not %d", e.Max, e.N)
	case HostErrNoTimer:
		return "no timer is running"
	case HostErrNoRequest:
		return fmt.Sprintf("no phone is asking for a seat under number %d (any more)", e.N)
	case HostErrSeatTaken:
		return fmt.Sprintf("seat %d is taken", e.Seat)
	case HostErrPhoneSeated:
		return fmt.Sprintf("this phone plays seat %d", e.Seat)
	case HostErrNotIPv4:
		return fmt.Sprintf("%q is not an IPv4 address", e.Name)
	case HostErrNotOurAddress:
		return fmt.Sprintf("%s is not an address of this computer now", e.Name)
	case HostErrNotListening:
		return "the server is not listening yet"
	case HostErrListensOnly:
		return fmt.Sprintf("the server listens on %s only", e.Name)
	case HostErrUnknownCommand:
		return fmt.Sprintf("unknown host command %q", e.Name)
	}
	return "host error " + e.Code
}
