package bots

import (
	"slices"

	"nightfall/game"
)

// werewolf-12 (狼人杀) for the Sensible bot, on top of its shared
// strategy (sensible.go: the werewolves are its hostile camp, the seer its
// police, the claims its vocabulary: "killer" for a 查杀, "not-killer" for
// a 金水):
//
//   - The seer claims at once (跳预言家: it runs for sheriff and says it is
//     the seer in its first speech) and reports every check, a 查杀 named
//     as the seat it will vote for. The werewolves' lowest living seat
//     counters on day 1 half the time (悍跳): it claims seer with a 查杀 on
//     a random good-looking seat.
//   - Standing: the seer stands; a werewolf stands when a teammate has
//     not; others stand one time in four.
//   - The election ballot: the good camp votes for the candidate it
//     trusts most (a claimed seer first, the least suspected otherwise);
//     the werewolves for a teammate, else for a candidate nobody claimed
//     for.
//   - Whom the good camp believes (站边): the first seat that claimed seer
//     (the seer itself); another claimer is suspected (wwTrust).
//   - The witch keeps her antidote for the seer she believes (on night 1
//     she saves only herself); she poisons a seat that seer called a
//     werewolf, never the seer. The guard protects that seer, else himself.
//   - The hunter shoots the most suspected seat, never the seer he
//     believes nor a revealed idiot.
//   - The sheriff sums up (归票): he speaks last and names the seat he
//     votes for; the good camp follows his accusation (+2 on the seat he
//     named today, on top of the speeches' accusations). He orders the
//     speeches from a random side, hands the badge on to a claimed seer
//     (a teammate for a werewolf), else to the least suspected living
//     seat, and never tears it.
//   - Nobody withdraws, and no werewolf explodes.

// wwView is the werewolf-12 part of v's table (nil: another variant).
func wwView(v *game.PlayerView) *game.WWTableView {
	w, _ := v.Table.Ext.(*game.WWTableView)
	return w
}

// wwSide is an order's argument: the side the speeches start from.
var wwSide = [2]game.Args{}

func init() {
	for i, s := range []string{`{"side":"left"}`, `{"side":"right"}`} {
		a, err := game.DecodeArgs("werewolf-12", []byte(s))
		if err != nil {
			panic("bots: werewolf-12's order: " + err.Error())
		}
		wwSide[i] = a
	}
}

// wwTask is the command for werewolf-12's own tasks (ok false: not one of
// them, or nothing to do).
func (b *Sensible) wwTask(v *game.PlayerView, t *game.Task, k *knowledge, base game.Command) (game.Command, bool, bool) {
	w := wwView(v)
	switch t.Action {
	case "stand":
		if t.Done {
			return base, false, true
		}
		stand := slices.Contains(v.Roles, "seer") || b.R.IntN(4) == 0
		if k.hostile {
			stand = b.wolfStands(v, k)
		}
		if !stand {
			base.Do = "skip"
		}
		return base, true, true
	case "withdraw", "tear":
		return base, false, true
	case "order":
		base.Args = wwSide[b.R.IntN(2)]
		return base, true, true
	case "badge":
		prefer := b.prefer[:0]
		if k.hostile {
			prefer = append(prefer, k.friends...)
		} else {
			for _, r := range v.Results { // the seer's 警徽流: a seat it checked good
				if r.Action == "check" && r.Answer == "good" && k.alive(r.Target.Seat) {
					prefer = append(prefer, r.Target.Seat)
				}
			}
			prefer = append(prefer, b.livingClaimed(k)...)
			prefer = append(prefer, b.leastSuspected(k, t.Targets)...)
		}
		b.prefer = prefer
		if x, ok := b.pick(t.Targets, prefer, func(game.Target) bool { return true }); ok {
			base.Target = b.target(x)
			return base, true, true
		}
		return base, false, true
	case "save":
		if t.Done {
			return base, false, true
		}
		knifed := 0
		for _, r := range v.Results {
			if r.Action == "kill" && r.Round == v.Table.Round && r.Answer == "knifed" {
				knifed = r.Target.Seat
			}
		}
		// night 1: nobody has claimed yet; the antidote waits for a claimed
		// seer unless the witch herself is knifed (she may save herself
		// tonight only, by default)
		save := knifed != 0 && (v.Table.Round == 1 && knifed == v.Seat || knifed != v.Seat && k.claimer(knifed))
		if !save {
			base.Do = "skip"
		}
		return base, true, true
	case "poison":
		if t.Done {
			return base, false, true
		}
		for _, x := range b.mostSuspected(k, t.Targets) {
			if k.suspect[x] > 0 && !k.claimer(x) {
				base.Target = b.target(game.SeatTarget(x))
				return base, true, true
			}
		}
		base.Do = "skip"
		return base, true, true
	case "shoot":
		if t.Done {
			return base, false, true
		}
		for _, x := range b.mostSuspected(k, t.Targets) {
			if !k.claimer(x) && x != k.idiot {
				base.Target = b.target(game.SeatTarget(x))
				return base, true, true
			}
		}
		base.Do = "skip"
		return base, true, true
	case "vote":
		if w == nil || len(w.Ballot) < 8 || w.Ballot[:8] != "election" || t.Done || len(t.Targets) == 0 {
			return base, false, false // an exile ballot: the shared strategy
		}
		base.Target = b.target(b.electionVote(t.Targets, k))
		return base, true, true
	}
	return base, false, false
}

// wolfStands: a werewolf runs for sheriff when no teammate has (the stand
// choices are private: it reads its teammates' stand from nothing, so the
// lowest living werewolf seat runs).
func (b *Sensible) wolfStands(v *game.PlayerView, k *knowledge) bool {
	for _, f := range k.friends {
		if f < v.Seat && k.alive(f) {
			return false
		}
	}
	return true
}

// electionVote is a vote in the sheriff election (the doc above).
func (b *Sensible) electionVote(targets []game.Target, k *knowledge) game.Target {
	if k.hostile {
		if x, ok := b.pick(targets, k.friends, func(game.Target) bool { return false }); ok {
			return x
		}
		if x, ok := b.pick(targets, nil, func(x game.Target) bool { return !k.claimer(x.Seat) }); ok {
			return x
		}
		return targets[b.R.IntN(len(targets))]
	}
	best := 1 << 30
	b.mine = b.mine[:0]
	for _, t := range targets {
		switch s := k.score(t.Seat); {
		case s < best:
			best = s
			b.mine = append(b.mine[:0], t)
		case s == best:
			b.mine = append(b.mine, t)
		}
	}
	return b.mine[b.R.IntN(len(b.mine))]
}

// leastSuspected lists the living seats among targets that nobody
// suspects, in seat order (in b.most, until the next call).
func (b *Sensible) leastSuspected(k *knowledge, targets []game.Target) []int {
	out := b.most[:0]
	for _, t := range targets {
		if k.score(t.Seat) <= 0 && !slices.Contains(out, t.Seat) {
			out = append(out, t.Seat)
		}
	}
	b.most = out
	return out
}

// wwClaims are a werewolf-12 speaker's claims besides its accusation: the
// seer's reports (all of its checks not said yet, from its first speech),
// a werewolf's counter-claim on day 1.
func (b *Sensible) wwClaims(v *game.PlayerView, k *knowledge, out []Claim) []Claim {
	if slices.Contains(v.Roles, "seer") {
		for _, r := range v.Results {
			if r.Action != "check" {
				continue
			}
			ans := "not-killer"
			if r.Answer == "werewolf" {
				ans = "killer"
			}
			if !slices.ContainsFunc(k.said, func(c Claim) bool { return c.Target == r.Target && c.Answer == ans }) {
				out = append(out, Claim{Role: "seer", Target: r.Target, Answer: ans})
			}
		}
		if !k.claimer(v.Seat) && len(out) == 0 {
			out = append(out, Claim{Role: "seer"}) // no check yet: the claim alone
		}
		return out
	}
	if k.hostile && v.Alive && v.Table.Round == 1 && !k.claimer(v.Seat) && b.wolfStands(v, k) && b.R.IntN(2) == 0 {
		for _, f := range k.friends {
			if k.claimer(f) {
				return out // a teammate already claimed
			}
		}
		if x, ok := b.pick(b.others, nil, func(x game.Target) bool { return !k.friend(x.Seat) && !k.claimer(x.Seat) }); ok {
			out = append(out, Claim{Role: "seer", Target: x, Answer: "killer"})
		}
	}
	return out
}

// wwLead is the seat the sheriff accused in today's speeches (0: none):
// the good camp follows it (归票).
func wwLead(v *game.PlayerView, claims []Claim) int {
	w := wwView(v)
	if w == nil || w.Sheriff == 0 {
		return 0
	}
	for i := len(claims) - 1; i >= 0 && claims[i].Round == v.Table.Round; i-- {
		if c := claims[i]; c.Seat == w.Sheriff && c.Answer == "accuse" {
			return c.Target.Seat
		}
	}
	return 0
}

// wwTrust is whom a werewolf-12 player believes when seers claim (站边): the
// first seat that claimed seer (the seer itself: itself). Only the
// trusted seer's reports make suspicion, and only it is trusted (a claimer
// in k.isClaimed); any other seer claim is a counter-claim, which makes its
// claimer suspected (悍跳). The seer also suspects the seats it checked
// werewolf, said or not. The werewolves' knowledge is left as it is: they
// know who is who.
func (b *Sensible) wwTrust(v *game.PlayerView, k *knowledge, claims []Claim) {
	if k.hostile {
		return
	}
	n := len(k.suspect)
	trusted := 0
	if slices.Contains(v.Roles, "seer") {
		trusted = v.Seat
	} else {
		for _, c := range claims {
			if c.Role == "seer" {
				trusted = c.Seat
				break
			}
		}
	}
	b.wwSus, b.wwTrusted = zeroed(b.wwSus, n), zeroed(b.wwTrusted, n)
	if trusted > 0 && trusted < n {
		b.wwTrusted[trusted] = true
	}
	for _, c := range claims {
		t := c.Target.Seat
		switch {
		case c.Seat == trusted && t > 0 && t < n && c.Answer == "killer":
			b.wwSus[t]++
		case c.Seat == trusted && t > 0 && t < n && c.Answer == "not-killer":
			b.wwSus[t]--
		case c.Seat != trusted && c.Role == "seer" && c.Seat > 0 && c.Seat < n && !slices.Contains(k.said, c):
			b.wwSus[c.Seat]++ // (once per claim: a counter-claimer who keeps reporting is doubted more)
		}
	}
	if trusted == v.Seat {
		for _, r := range v.Results {
			if t := r.Target.Seat; r.Action == "check" && t > 0 && t < n && b.wwSus[t] == 0 {
				if r.Answer == "werewolf" {
					b.wwSus[t] = 1
				} else {
					b.wwSus[t] = -1
				}
			}
		}
	}
	k.suspect, k.isClaimed = b.wwSus, b.wwTrusted
}
