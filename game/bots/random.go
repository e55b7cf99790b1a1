package bots

import (
	"math/rand/v2"
	"slices"
	"strings"

	"nightfall/game"
)

// Random is the fast random table: a copy of the engine benchmark's botMove
// (game/bench_test.go) through exported APIs. The copy is kept (as are
// LegalCommands and catCommands beside game/random_test.go's legalCommands
// and game/catlives_test.go's catCommands): the engine's own tests are in
// package game and cannot import game/bots, which imports game. It keeps its scratch here, so
// one Random per goroutine; the zero value is ready. Its moves allocate
// nothing in classic-2.0 (TestRandomNoAllocs).
type Random struct {
	tgt     game.Target
	targets []game.Target
	cat     Table // cat-lives-7 and werewolf-12: played through the views by RandomBots
	bots    []Bot
}

// Play plays g to its end with random players (g must be freshly Reset).
func (m *Random) Play(g *game.Game, r *rand.Rand) {
	if id := g.State().VariantID; id == "cat-lives-7" || id == "werewolf-12" {
		m.bots = m.bots[:0]
		for range g.State().Players {
			m.bots = append(m.bots, &RandomBot{R: r})
		}
		m.cat.Play(g, m.bots)
		return
	}
	for m.Move(g, r) {
	}
}

// Move (not for cat-lives-7, see Play) plays one random legal move for the whole table of random players,
// as botMove does: at night every actor picks a random living target (a
// legal one after up to four tries; optional steps are skipped a quarter of
// the time), sleepers sleep, then the night times out; by day speakers
// pass (two-hands: half of them nominate a random hand first), voters vote
// for a random candidate or sometimes abstain, then the stage times out.
// It returns false when the game is over.
func (m *Random) Move(g *game.Game, r *rand.Rand) bool {
	s := g.State()
	switch s.Phase {
	case "over":
		return false
	case "night":
		n := s.Night
		targets := m.livingTargets(s)
		for _, st := range n.Steps {
			if st.Done() {
				continue
			}
			for i, a := range st.Actors {
				if st.Sel[i].Has || st.Locked {
					continue
				}
				var card *game.Target
				if a.Card != 0 {
					c := a
					card = &c
				}
				if !st.Mandatory && r.IntN(4) == 0 {
					mustApply(g, game.Command{Seat: a.Seat, Do: "skip", Card: card})
					continue
				}
				if st.NoTarget {
					if r.IntN(8) == 0 {
						mustApply(g, game.Command{Seat: a.Seat, Do: st.Action, Card: card})
					} else {
						mustApply(g, game.Command{Seat: a.Seat, Do: "skip", Card: card})
					}
					continue
				}
				done := false
				v := g.Variant()
				for try := 0; try < 4 && !done; try++ {
					t := targets[r.IntN(len(targets))]
					if v.Legal(s, st, a, t).Code == "" {
						mustApply(g, game.Command{Seat: a.Seat, Do: st.Action, Target: m.at(t), Card: card})
						done = true
					}
				}
				if !done && tasksOf(s, a.Seat) > 1 {
					// A later task of this seat waits for this one (G3.4).
					if ts := g.LegalTargets(st, a); len(ts) > 0 {
						t := ts[r.IntN(len(ts))]
						mustApply(g, game.Command{Seat: a.Seat, Do: st.Action, Target: m.at(t), Card: card})
					} else if !st.Mandatory {
						mustApply(g, game.Command{Seat: a.Seat, Do: "skip", Card: card})
					}
				}
			}
		}
		for _, seat := range n.Sleep {
			if !slices.Contains(n.Slept, seat) {
				mustApply(g, game.Command{Seat: seat, Do: "sleep"})
			}
		}
		mustApply(g, game.Command{Do: "timeout"})
	case "day":
		d := s.Day
		switch {
		case d.Speaker != 0:
			if d.Kind == "nomination" && r.IntN(2) == 0 && s.NominationsLeft(d.Speaker) > 0 {
				ts := m.livingTargets(s)
				t := ts[r.IntN(len(ts))]
				if !slices.Contains(d.Suspects, t) {
					mustApply(g, game.Command{Seat: d.Speaker, Do: "nominate", Target: m.at(t)})
					return true
				}
			}
			mustApply(g, game.Command{Seat: d.Speaker, Do: "pass"})
		case d.Ballot != nil && !d.Ballot.Closed && d.Stage == "vote":
			b := d.Ballot
			for _, v := range b.Voters {
				for !b.Voted(v) && s.Phase == "day" && s.Day.Ballot == b && !b.Closed {
					from := max(b.Call, 0)
					c := b.Candidates[from+r.IntN(len(b.Candidates)-from)]
					if s.Opts.Abstain && (r.IntN(5) == 0 || (!s.Opts.SelfVote && c.Seat == v)) {
						mustApply(g, game.Command{Seat: v, Do: "abstain"})
						break
					}
					if !s.Opts.SelfVote && c.Seat == v {
						break // no abstention: the deadline casts it (or drops it)
					}
					mustApply(g, game.Command{Seat: v, Do: "vote", Target: m.at(c)})
				}
			}
			if s.Phase == "day" && s.Day.Ballot == b && !b.Closed {
				mustApply(g, game.Command{Do: "timeout"})
			}
		default:
			mustApply(g, game.Command{Do: "timeout"})
		}
	}
	return s.Phase != "over"
}

// livingTargets lists the living targets: seats, or living cards (hands)
// where the variant has two per seat.
func (m *Random) livingTargets(s *game.State) []game.Target {
	out := m.targets[:0]
	two := len(s.Seats) > 0 && len(s.Seats[0].Cards) == 2
	for i := range s.Seats {
		if !two {
			if s.Seats[i].Alive() {
				out = append(out, game.SeatTarget(i+1))
			}
			continue
		}
		for j, c := range s.Seats[i].Cards {
			if c.Alive {
				out = append(out, game.Target{Seat: i + 1, Card: j + 1})
			}
		}
	}
	m.targets = out
	return out
}

// at stores t in the scratch target and returns it (the engine copies it).
func (m *Random) at(t game.Target) *game.Target {
	m.tgt = t
	return &m.tgt
}

// tasksOf counts seat's steps tonight.
func tasksOf(s *game.State, seat int) int {
	n := 0
	for _, st := range s.Night.Steps {
		for _, a := range st.Actors {
			if a.Seat == seat {
				n++
				break
			}
		}
	}
	return n
}

func mustApply(g *game.Game, c game.Command) {
	if _, err := g.Apply(c); err != nil {
		panic(err)
	}
}

// RandomBot is a random legal player through its view: each time it is
// asked it sends one random command its tasks offer (sometimes two in
// cat-lives-7, where privileges, the vote and the discard order are all
// open at once), never "done" nor the self-reveal.
type RandomBot struct {
	R *rand.Rand
}

// Act implements Bot.
func (b *RandomBot) Act(v *game.PlayerView, _ []Claim) Move {
	cmds := LegalCommands(v)
	if len(cmds) == 0 {
		return Move{}
	}
	n := 1
	if game.CatPlayer(v) != nil {
		n = 2
	}
	var out []game.Command
	for range n {
		out = append(out, cmds[b.R.IntN(len(cmds))])
	}
	return Move{Commands: out}
}

// LegalCommands lists the commands a view offers now (as the engine's
// random tests do, game/random_test.go legalCommands), leaving out the
// held card's (the self-reveal) and the huddle's marks, as their places
// say, and "done" and "withdraw" (a random player neither ends a phase
// early nor takes a use back).
func LegalCommands(pv *game.PlayerView) []game.Command {
	var out []game.Command
	for _, t := range pv.Tasks {
		if !t.Open { // waiting, locked, or done and not a group's pick
			continue
		}
		base := game.Command{Seat: pv.Seat, Do: t.Action, Card: t.Card}
		if t.Place == game.PlaceCard || t.Place == game.PlaceMark {
			continue
		}
		switch t.Action {
		case "sleep", "pass":
			if !t.Done {
				out = append(out, base)
			}
			continue
		case "done", "withdraw":
			continue
		}
		if game.CatPlayer(pv) != nil {
			continue // below, from the privileges
		}
		if t.Optional && !t.Done && (t.Action != "vote") {
			c := base
			c.Do = "skip"
			out = append(out, c)
			if t.Decline != "" {
				c.Do = t.Decline
				out = append(out, c)
			}
		}
		if t.NoTarget && !t.Done {
			out = append(out, base)
		}
		if t.Abstain && !t.Done {
			c := base
			c.Do = "abstain"
			out = append(out, c)
		}
		for _, x := range t.Targets {
			c := base
			c.Target = &x
			out = append(out, c)
		}
	}
	return append(out, catCommands(pv)...)
}

// catCommands lists cat-lives-7's commands from the privileges (with the
// manifesto, position or form they need), the vote, the discard order and
// the free-choice stance.
func catCommands(pv *game.PlayerView) []game.Command {
	cp := game.CatPlayer(pv)
	if cp == nil || len(pv.Tasks) == 0 {
		return nil
	}
	var out []game.Command
	for _, p := range cp.Privileges {
		if !p.Usable {
			continue
		}
		base := catBase(pv, p)
		if p.Target == "none" {
			for _, into := range p.Into {
				c, a := base, catArgs(base)
				a.Into = into
				c.Args = a
				out = append(out, c)
			}
			if p.Into == nil {
				out = append(out, base)
			}
			continue
		}
		for _, t := range p.Targets {
			c := base
			c.Target = &t
			if ks := p.Positions[t.String()]; len(ks) > 0 {
				a := catArgs(base)
				a.Position = ks[len(ks)-1]
				c.Args = a
			}
			out = append(out, c)
		}
	}
	for _, t := range pv.Tasks {
		if t.Action == "vote" && !t.Done {
			for _, x := range t.Targets {
				out = append(out, game.Command{Seat: pv.Seat, Do: "vote", Target: &x})
			}
		}
		if t.Action == "stance" && !t.Done {
			out = append(out, game.Command{Seat: pv.Seat, Do: "stance", Args: game.CatArgs{Camp: "killers", Cowin: true}})
		}
	}
	return out
}

// catBase is the command for privilege p with the manifesto its attacks
// need (§8.1) and the card it acts through.
func catBase(pv *game.PlayerView, p game.CatPrivilegeView) game.Command {
	cp := game.CatPlayer(pv)
	c := game.Command{Seat: pv.Seat, Do: p.Action}
	var a game.CatArgs
	if p.Form {
		a.Via = "amoeba"
	}
	if slices.Contains(p.Needs, "text") {
		need := cp.Manifesto.Min*(cp.Manifesto.Attacks+1) - cp.Manifesto.Chars
		a.Text = strings.Repeat("猫", max(need, 0)) + " 命"
	}
	c.Args = a
	return c
}

// catArgs are c's cat-lives-7 arguments (none: the zero value).
func catArgs(c game.Command) game.CatArgs {
	a, _ := c.Args.(game.CatArgs)
	return a
}
