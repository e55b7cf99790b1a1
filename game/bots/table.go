package bots

import (
	"fmt"
	"slices"

	"nightfall/game"
)

// Table runs a game with one Bot per seat, the way the host app runs a
// real table: it plays the clock (it sends "timeout" when everybody asked
// has answered) and relays speech (the claims a speaker makes). It reads
// the public state only to know whom to ask (the night's actors, the
// speaker, the voters), and hands each bot nothing but that seat's
// PlayerView and the claims. Seats whose only task tonight is "sleep" sleep
// without being asked (it is the one button their phone shows). A Table
// is reused from game to game; one per goroutine.
type Table struct {
	g      *game.Game
	bots   []Bot
	claims []Claim
	// Rejected counts the commands the engine refused this game (a bot's
	// mistake; the tests want none from Sensible).
	Rejected int
	// Views counts the views handed to bots this game.
	Views int
	// Spy, when set, sees every view and claim list just before a bot does
	// (tests).
	Spy func(v *game.PlayerView, claims []Claim)

	moves []pending // the decisions of a night's actors or a ballot's voters, applied together
	// where a pending command's targets are put back for Apply (it copies them)
	target, card game.Target
}

// pending is one command of a seat's decision: the bot's own (its Move
// stays the table's until the bot is asked again), kept with the targets it
// points to, which may be in a view that is gone by the time it is applied
// (Game.SharedPlayerView).
type pending struct {
	seat         int
	cmd          *game.Command
	target, card game.Target
}

// Claims are the claims made so far in this game (do not modify).
func (t *Table) Claims() []Claim { return t.claims }

// Play plays g (freshly Reset or New) to its end; bots[i] plays seat i+1.
func (t *Table) Play(g *game.Game, bots []Bot) {
	t.g, t.bots, t.claims, t.Rejected, t.Views = g, bots, t.claims[:0], 0, 0
	for _, b := range bots {
		if s, ok := b.(GameStarter); ok {
			s.NewGame()
		}
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			s := g.State()
			panic(fmt.Sprintf("bots: %s game %d does not end (phase %s, round %d)", s.VariantID, s.Seed, s.Phase, s.Round))
		}
		t.step()
	}
}

// ask hands seat its view and the claims, and applies what its bot does.
// Only the current speaker's claims are heard.
func (t *Table) ask(seat int) {
	mv, ok := t.decide(seat)
	if !ok {
		return
	}
	s := t.g.State()
	speaking := s.Phase == "day" && s.Day.Speaker == seat
	round := s.Round
	t.moves = t.moves[:0]
	t.keep(seat, mv.Commands) // a bot acts for its own seat only
	t.applyMoves(func() bool { return true })
	if speaking {
		for _, c := range mv.Claims {
			c.Seat, c.Round = seat, round
			t.claims = append(t.claims, c)
		}
	}
}

// decide asks seat's bot for its move now; false: the seat has no task.
// The view lives until the next one is built: a move's commands may point
// into it only until then (keep copies them).
func (t *Table) decide(seat int) (Move, bool) {
	v := t.g.SharedPlayerView(seat)
	if len(v.Tasks) == 0 {
		return Move{}, false
	}
	t.Views++
	if t.Spy != nil {
		t.Spy(v, t.claims)
	}
	return t.bots[seat-1].Act(v, t.claims), true
}

// keep adds seat's commands to t.moves, with the targets they point to.
func (t *Table) keep(seat int, cmds []game.Command) {
	for i := range cmds {
		c := &cmds[i]
		p := pending{seat: seat, cmd: c}
		if c.Target != nil {
			p.target = *c.Target
		}
		if c.Card != nil {
			p.card = *c.Card
		}
		t.moves = append(t.moves, p)
	}
}

// applyMoves applies the decisions collected in t.moves while open holds.
func (t *Table) applyMoves(open func() bool) {
	for i := range t.moves {
		if !open() {
			return
		}
		p := &t.moves[i]
		c := *p.cmd
		c.Seat = p.seat
		if c.Target != nil {
			t.target = p.target
			c.Target = &t.target
		}
		if c.Card != nil {
			t.card = p.card
			c.Card = &t.card
		}
		if _, err := t.g.Apply(c); err != nil {
			t.Rejected++
		}
	}
}

func (t *Table) timeout() { _, _ = t.g.Apply(game.Command{Do: "timeout"}) }

func (t *Table) step() {
	g := t.g
	s := g.State()
	cat := s.VariantID == "cat-lives-7"
	switch s.Phase {
	case "night":
		if cat {
			for seat := 1; seat <= s.Players && s.Phase == "night"; seat++ {
				if s.Seats[seat-1].Alive() {
					t.ask(seat)
				}
			}
		} else {
			// The actors decide from the same moment (they act at once,
			// eyes closed; a group converges at the deadline, G4), then
			// their commands are applied; a second pass serves a seat's
			// later task that waited for its first (G3.4).
			for pass := 0; pass < 3 && s.Phase == "night"; pass++ {
				before := s.Version
				t.moves = t.moves[:0]
				for seat := 1; seat <= s.Players; seat++ {
					if nightWork(s, seat) {
						if mv, ok := t.decide(seat); ok {
							t.keep(seat, mv.Commands)
						}
					}
				}
				t.applyMoves(func() bool { return s.Phase == "night" })
				if s.Version == before {
					break
				}
			}
			if s.Phase == "night" {
				n := s.Night
				for _, seat := range n.Sleep {
					if !slices.Contains(n.Slept, seat) {
						_, _ = g.Apply(game.Command{Seat: seat, Do: "sleep"})
					}
				}
			}
		}
		if s.Phase == "night" {
			t.timeout()
		}
	case "day":
		d := s.Day
		switch {
		case d.Speaker != 0:
			sp := d.Speaker
			t.ask(sp)
			if s.Phase == "day" && s.Day == d && d.Speaker == sp {
				t.timeout() // the bot kept the floor: its time is up
			}
		case cat || d.Stage == "stand": // werewolf-12's stand window: everybody at once
			for seat := 1; seat <= s.Players && s.Phase == "day" && s.Day == d && d.Speaker == 0; seat++ {
				if s.Seats[seat-1].Alive() {
					t.ask(seat)
				}
			}
			if s.Phase == "day" && s.Day == d && d.Speaker == 0 {
				t.timeout()
			}
		case d.Ballot != nil && !d.Ballot.Closed && d.Stage == "vote":
			// The voters decide from the same moment (a show of hands:
			// nobody's vote depends on another's), then the votes are cast.
			b := d.Ballot
			t.moves = t.moves[:0]
			for _, v := range b.Voters {
				if !b.Voted(v) {
					if mv, ok := t.decide(v); ok {
						t.keep(v, mv.Commands)
					}
				}
			}
			t.applyMoves(func() bool { return s.Phase == "day" && s.Day.Ballot == b && !b.Closed })
			if s.Phase == "day" && s.Day.Ballot == b && !b.Closed {
				t.timeout()
			}
		default:
			t.timeout()
		}
	}
}

// nightWork reports whether seat has a night step it has not answered yet.
func nightWork(s *game.State, seat int) bool {
	for _, st := range s.Night.Steps {
		if st.Done() {
			continue
		}
		for i, a := range st.Actors {
			if a.Seat == seat && !st.Sel[i].Has {
				return true
			}
		}
	}
	return false
}
