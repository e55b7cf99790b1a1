package bots

import (
	"fmt"
	"math/rand/v2"

	"nightfall/game"
)

// Tasker plays a seat from its view's tasks alone, as a careless player on
// a phone would: it takes the first open task, lets the clock run out on
// some (12%), skips some optional ones (30%), abstains now and then
// (10%) and otherwise picks a target at random. It is the bot of lan's
// game tests and benchmarks and of app/ui's transcripts; what it draws from
// Rng, and in which order, is what their recorded games rest on.
type Tasker struct {
	Rng *rand.Rand
	// Idle holds the tasks (by seat, round, version, action and step)
	// the bot has chosen to leave alone; the caller clears it for a new
	// game.
	Idle map[string]bool
	// Explode is the chance to self-reveal when an explode task is open
	// (a draw each time); NoExplode passes explode tasks over without a
	// draw.
	Explode   float64
	NoExplode bool
	// Text is the manifesto sent with an optional targeted task.
	Text string
}

// Pick is a Tasker's command. Strict: the host should accept it (a vote
// or a task that is not optional).
type Pick struct {
	Do           string
	Target, Card *game.Target
	Text         string
	Strict       bool
}

// Decide picks the seat's next command from v's tasks, or ok false when it
// leaves every task alone for now.
func (b *Tasker) Decide(v game.PlayerView) (c Pick, ok bool) {
	r := b.Rng
	for _, task := range v.Tasks {
		card := task.Place == game.PlaceCard // the self-reveal
		if task.Done || task.Waiting != "" || task.Locked || task.Place == game.PlaceMark || (b.NoExplode && card) {
			continue
		}
		key := fmt.Sprintf("%d/%d/%d/%s/%d", v.Seat, v.Table.Round, v.Table.Version, task.Action, task.Step)
		if b.Idle[key] {
			continue
		}
		if card {
			if r.Float64() < b.Explode {
				return Pick{Do: task.Action}, true
			}
			b.Idle[key] = true
			continue
		}
		if r.Float64() < 0.12 { // this one lets the clock run out
			b.Idle[key] = true
			continue
		}
		pick := func() *game.Target {
			if len(task.Targets) == 0 {
				return nil
			}
			x := task.Targets[r.IntN(len(task.Targets))]
			return &x
		}
		c = Pick{Do: task.Action, Card: task.Card, Strict: !task.Optional}
		switch {
		case task.Action == "vote":
			c.Strict = true
			if task.Abstain && (r.Float64() < 0.1 || len(task.Targets) == 0) {
				c.Do, c.Card = "abstain", nil
				return c, true
			}
			if c.Target = pick(); c.Target == nil {
				b.Idle[key] = true
				continue
			}
			return c, true
		case task.Action == "stand":
			// a show of hands (werewolf-12's stand window): a bot stands
			// now and then, so that elections happen, and says no
			// otherwise
			if r.Float64() >= 0.35 {
				c.Do = "skip"
				if task.Decline != "" {
					c.Do = task.Decline
				}
			}
			return c, true
		case task.NoTarget || len(task.Targets) == 0:
			if task.Optional {
				b.Idle[key] = true // a bot leaves the target-less privileges alone
				continue
			}
			return c, true
		case task.Optional && r.Float64() < 0.3:
			c.Do, c.Target = "skip", nil
			if task.Decline != "" {
				c.Do = task.Decline
			}
			return c, true
		}
		c.Target = pick()
		if task.Optional {
			c.Text = b.Text
		}
		return c, true
	}
	return Pick{}, false
}
