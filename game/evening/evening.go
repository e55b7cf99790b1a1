// Package evening keeps the score of an evening: the finished games a
// table played one after another, folded into one board (games per
// variant, each player's games, wins and roles, each side's wins, and a few
// notable lines). It is pure: the caller (lan) reads the game logs and
// hands each finished game's outcome (game.Game.Outcome) with who sat in
// which seat; the engine has already decided who won.
//
// A player is a Key, not a seat or a name: lan uses the phone's token (its
// hash), which follows a player who moves seat or renames between games.
// The board shows the name the player had in the latest game.
package evening

import (
	"cmp"
	"slices"
	"strconv"
	"time"

	"nightfall/game"
)

// Gap is how long a table may go without a game before the next game
// starts a new evening.
const Gap = 12 * time.Hour

// Game is one finished game as the board counts it.
type Game struct {
	ID      string
	Started time.Time
	Outcome game.Outcome
	// Players, by seat (index seat-1): who held it at the end.
	Players []Player
}

// Player is who held a seat.
type Player struct {
	Key  string // stable across seats and names (lan: the token's hash)
	Name string
}

// Select returns the games of the evening that is current at now: the run
// of games ending with the latest one, each started less than Gap after the
// one before, none started before since (the host began a new evening
// then), and the latest started less than Gap before now. They come back
// oldest first. With no such game the evening has not begun (nil).
//
// A game's time is when it started (a log's header): a game lasts minutes
// to a few hours, far less than Gap.
func Select(games []Game, now, since time.Time) []Game {
	var gs []Game
	for _, g := range games {
		if !g.Started.Before(since) {
			gs = append(gs, g)
		}
	}
	slices.SortStableFunc(gs, func(a, b Game) int { return a.Started.Compare(b.Started) })
	if len(gs) == 0 || now.Sub(gs[len(gs)-1].Started) >= Gap {
		return nil
	}
	first := len(gs) - 1
	for first > 0 && gs[first].Started.Sub(gs[first-1].Started) < Gap {
		first--
	}
	return gs[first:]
}

// Board is an evening's scoreboard.
type Board struct {
	Games    int            `json:"games"`
	Variants []VariantGames `json:"variants"` // in the order first played
	// Sides are the wins per winner code ("good", "killers",
	// "werewolves", "draw", "none": the host ended it, "alone": a lone
	// winner such as cat-lives-7's free-choice player), most wins first.
	Sides   []SideWins   `json:"sides"`
	Players []PlayerLine `json:"players"` // most wins first, then most games, then name
	Notes   []Note       `json:"notes,omitempty"`
}

// VariantGames counts the games of a variant.
type VariantGames struct {
	Variant string `json:"variant"`
	Games   int    `json:"games"`
}

// SideWins counts a winner code's games.
type SideWins struct {
	Side string `json:"side"`
	Wins int    `json:"wins"`
}

// PlayerLine is one player's evening.
type PlayerLine struct {
	Key   string `json:"-"` // never sent: it is derived from a secret token
	Name  string `json:"name"`
	Games int    `json:"games"`
	Wins  int    `json:"wins"`
	// Roles are the roles dealt over the evening with how often, in the
	// order first dealt (a two-card seat counts each card).
	Roles []RoleCount `json:"roles"`
	// Rounds is how many rounds the player lived through in all (a round
	// they died in does not count), Survived the games they lived to the
	// end of.
	Rounds   int `json:"rounds"`
	Survived int `json:"survived"`
	Checks   int `json:"checks,omitempty"`
	Found    int `json:"found,omitempty"`
	// Stats are the variants' own counts over the evening
	// (game.SeatOutcome.Stats summed per kind, in game.StatKinds' order):
	// werewolf-12's badges, potions and shots.
	Stats []game.Stat `json:"stats,omitempty"`
}

// RoleCount is a role and how many times it was dealt.
type RoleCount struct {
	Role string `json:"role"`
	N    int    `json:"n"`
}

// Note is a notable line of the evening (its words name no variant's cards:
// an evening may mix 杀人游戏 and 狼人杀). Kind "survivor": the player who
// lived through the most rounds (N rounds); "police": the best checker (N
// of Of checks found what they looked for); "unvoted-killer": a player who
// held a killer card and got no vote all game (Games: the game numbers, 1
// = the evening's first).
type Note struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	N     int    `json:"n,omitempty"`
	Of    int    `json:"of,omitempty"`
	Games []int  `json:"games,omitempty"`
}

// Fold counts games (oldest first) into a board.
func Fold(games []Game) Board {
	var b Board
	byKey := map[string]int{}
	unvoted := map[string][]int{}
	var unvotedOrder []string
	for gi, g := range games {
		o := g.Outcome
		b.Games++
		b.Variants = addVariant(b.Variants, o.Variant)
		side := o.Winner
		if _, err := strconv.Atoi(side); err == nil {
			side = "alone"
		}
		b.Sides = addSide(b.Sides, side)
		for _, so := range o.Seats {
			if so.Seat < 1 || so.Seat > len(g.Players) {
				continue
			}
			p := g.Players[so.Seat-1]
			if p.Key == "" {
				continue // nobody held the seat at the end
			}
			i, ok := byKey[p.Key]
			if !ok {
				i = len(b.Players)
				byKey[p.Key] = i
				b.Players = append(b.Players, PlayerLine{Key: p.Key})
			}
			pl := &b.Players[i]
			if p.Name != "" {
				pl.Name = p.Name // the latest name
			}
			pl.Games++
			if so.Won {
				pl.Wins++
			}
			for _, r := range so.Roles {
				pl.Roles = addRole(pl.Roles, r)
			}
			if so.Alive {
				pl.Rounds += o.Rounds
				pl.Survived++
			} else {
				pl.Rounds += max(so.Died-1, 0)
			}
			pl.Checks += so.Checks
			pl.Found += so.Found
			for _, st := range so.Stats {
				pl.Stats = game.AddStat(pl.Stats, st.Kind, st.N)
			}
			if so.Killer && so.VotesAgainst == 0 {
				if unvoted[p.Key] == nil {
					unvotedOrder = append(unvotedOrder, p.Key)
				}
				unvoted[p.Key] = append(unvoted[p.Key], gi+1)
			}
		}
	}
	slices.SortStableFunc(b.Sides, func(x, y SideWins) int { return cmp.Compare(y.Wins, x.Wins) })
	slices.SortStableFunc(b.Players, func(x, y PlayerLine) int {
		return cmp.Or(cmp.Compare(y.Wins, x.Wins), cmp.Compare(y.Games, x.Games), cmp.Compare(x.Name, y.Name))
	})
	b.Notes = notes(b.Players, unvoted, unvotedOrder, byKey)
	return b
}

func notes(players []PlayerLine, unvoted map[string][]int, order []string, byKey map[string]int) []Note {
	var out []Note
	var best *PlayerLine
	for i := range players {
		p := &players[i]
		if p.Rounds > 0 && (best == nil || p.Rounds > best.Rounds || p.Rounds == best.Rounds && p.Survived > best.Survived) {
			best = p
		}
	}
	if best != nil {
		out = append(out, Note{Kind: "survivor", Name: best.Name, N: best.Rounds})
	}
	best = nil
	for i := range players {
		p := &players[i]
		if p.Checks == 0 {
			continue
		}
		// found/checks larger, then more found: p.Found·b.Checks vs b.Found·p.Checks
		if best == nil || p.Found*best.Checks > best.Found*p.Checks ||
			p.Found*best.Checks == best.Found*p.Checks && p.Found > best.Found {
			best = p
		}
	}
	if best != nil && best.Found > 0 {
		out = append(out, Note{Kind: "police", Name: best.Name, N: best.Found, Of: best.Checks})
	}
	// the names as the board shows them (the latest)
	name := map[string]string{}
	for _, p := range players {
		name[p.Key] = p.Name
	}
	for _, k := range order {
		if _, ok := byKey[k]; ok {
			out = append(out, Note{Kind: "unvoted-killer", Name: name[k], Games: unvoted[k]})
		}
	}
	return out
}

func addVariant(vs []VariantGames, v string) []VariantGames {
	return tally(vs, func(x *VariantGames) *int { return &x.Games }, func(x VariantGames) bool { return x.Variant == v }, VariantGames{Variant: v})
}

func addSide(ss []SideWins, s string) []SideWins {
	return tally(ss, func(x *SideWins) *int { return &x.Wins }, func(x SideWins) bool { return x.Side == s }, SideWins{Side: s})
}

func addRole(rs []RoleCount, r string) []RoleCount {
	return tally(rs, func(x *RoleCount) *int { return &x.N }, func(x RoleCount) bool { return x.Role == r }, RoleCount{Role: r})
}

// tally counts one more in the entry of xs that is (n points at an entry's
// count), or appends first with a count of 1: entries stay in the order
// they were first seen.
func tally[T any](xs []T, n func(*T) *int, is func(T) bool, first T) []T {
	i := slices.IndexFunc(xs, is)
	if i < 0 {
		xs = append(xs, first)
		i = len(xs) - 1
	}
	*n(&xs[i])++
	return xs
}
