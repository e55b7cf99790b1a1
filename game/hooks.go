package game

import "math/rand/v2"

// Hooks for a variant whose phases do not follow the shared protocol at all
// (cat-lives-7: withdrawable privileges paid with action points, several
// actions per player and phase, day privileges, a vote open all day, two
// executions). Each is an optional interface the engine core checks with a
// type assertion at one place; the other variants implement none of them
// and the core behaves exactly as before for them.

// phaseRunner is a variant that runs its nights and days itself: every
// player command and every timeout of a night or a day goes to command
// (after the core's checks of seat and target ranges), and nightFell is
// called once each night has fallen (after the night event; AP gains and
// other nightfall bookkeeping). The variant emits core events where they
// fit (night, dawn, speeches, turns, ballot, vote, tally, executed,
// game_over) so that the shared views and scripts keep working.
type phaseRunner interface {
	command(g *Game, cmd Command) error
	nightFell(g *Game)
}

// commander is a variant with a player's command of its own in phases the
// core runs (werewolf-style: a day action such as the sheriff's "order",
// whose side is in the variant's Args): the core offers it every player
// command of a night or a day, after its checks of the seat and target
// ranges and before its own handling; handled false lets the core go on
// as without it. It emits the events the command makes (its own, applied
// by its eventApplier, or core ones) and returns a *Rejection to refuse.
type commander interface {
	command(g *Game, cmd Command) (handled bool, err error)
}

// eventApplier is a variant with events of its own, or with its own reading
// of a core event (cat-lives-7's "executed" takes one card, not the seat).
// State.apply offers it every event first: handled true means the variant
// applied it (and returns the body as stored: random draws written in);
// false lets the core apply it (the variant may update its own state first).
type eventApplier interface {
	applyEvent(s *State, b Body) (stored Body, handled bool)
}

// dealer is a variant whose deal is not "shuffle the deck, deal in seat
// order" (cat-lives-7 §4: camps first, commoners by count, no duplicate
// privilege cards). It checks a scripted deal or deals one from r (the
// game's generator, G17), and returns events to emit right after the deal
// events (hidden bookkeeping such as the camps).
type dealer interface {
	dealHands(s *State, setup Setup, r *rand.Rand) (hands [][]string, after []Body, err error)
}

// viewer is a variant that adds to the views: it is called at the end of
// TableView and PlayerView and may fill its own optional fields and
// replace the shared ones it runs differently (tasks, timer, ballot).
type viewer interface {
	tableView(g *Game, tv *TableView)
	playerView(g *Game, pv *PlayerView)
}

// statKeeper is a variant that counts what seats did for the evening's
// scoreboard (VariantInfo.Stats, SeatOutcome.Stats): Outcome replays the
// log and offers it every event, once applied to s; it calls add for each
// seat the event counts one of a kind for (werewolf-12: the badge handed
// or won, a potion used, a shot).
type statKeeper interface {
	stat(s *State, b Body, add func(seat int, kind StatKind))
}
