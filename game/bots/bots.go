// Package bots plays Nightfall's games for the balance lab (nightfall sim):
// bots that stand in for the players, and the table that runs a game with
// them.
//
// Strategy code lives here, beside the engine and never inside it. A Bot
// sees exactly what a player's phone shows — that seat's game.PlayerView —
// plus the public claims made in the day's speeches (Claim: what a player
// says aloud, modelled as data because the engine never hears speech). It
// never reads another seat's secrets: Bot.Act receives nothing else, and
// TestBotsSeeOnlyViews checks both the interface and what Table hands over.
//
// Two kinds of bots:
//
//   - "random" is the engine benchmark's random legal bot (game/bench_test.go
//     botMove): a table of dice rather than players. For speed it is not a
//     Bot but a driver, RandomMove, that reads the public state through
//     game.Game.State like botMove does (the moves it makes are legal
//     moves; nothing about a seat's secrets steers them). cat-lives-7,
//     whose state is the engine's own, is played by RandomBot through the
//     views.
//   - "sensible" (Sensible) is one simple, documented strategy per role
//     family, written from the rules files (see sensible.go).
package bots

import (
	"math/rand/v2"

	"nightfall/game"
)

// Claim is one public statement made in a day speech, which every bot
// hears: "I am police; last night I checked seat 4: killer". The engine
// never sees claims (speech is free, rules/README "claim police"); the
// table records what the bots say and hands the list to every bot.
type Claim struct {
	Round int    // the day it was said in
	Seat  int    // who said it
	Role  string // the role claimed ("police", …), "" for none
	// Target is the seat or hand the statement names (zero: none);
	// Answer says what about it: a check's answer ("killer",
	// "not-killer"), or "accuse" (I vote for this one).
	Target game.Target
	Answer string
}

// Move is what a bot does now: commands for the engine, in order, and the
// claims it says aloud (in a speech).
type Move struct {
	Commands []game.Command
	Claims   []Claim
}

// Bot is one seat's player. Act gets the seat's view and every public claim
// so far, and returns the seat's commands now (none: wait). The view and
// the claims belong to the table: a bot must not keep or modify them. The
// move belongs to the table until the bot is asked again (the table may
// apply it after asking other seats), so a bot may reuse its storage then.
type Bot interface {
	Act(view *game.PlayerView, claims []Claim) Move
}

// GameStarter is a Bot that remembers from one view to the next within a
// game (Sensible: the claims it has read). Table.Play calls NewGame on it
// before the game's first view. It learns nothing else from it.
type GameStarter interface {
	NewGame()
}

// Kinds lists the bot kinds by name, for the command line.
var Kinds = []string{"random", "sensible"}

// NewBot makes a bot of the given kind playing with r ("random" is
// RandomBot here: the view-based random player).
func NewBot(kind string, r *rand.Rand) Bot {
	if kind == "sensible" {
		return &Sensible{R: r}
	}
	return &RandomBot{R: r}
}
