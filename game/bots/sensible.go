package bots

import (
	"math/rand/v2"
	"slices"

	"nightfall/game"
)

// Sensible is a simple table-like player, one strategy per role family,
// written from the rules files. It knows what its phone shows (its roles,
// its camp where the variant has one, the teammates the deal reveals, its
// private answers, its tasks with their legal targets) and what was said
// aloud (the claims); nothing else.
//
// Night (single- and two-card variants, by action):
//
//   - kill, assassinate (the killer camp): follow a teammate's pick if one
//     is made (G4: a group converges); else a living claimed police, else a
//     known enemy (v5.0-dual's undercover knows the police group), else a
//     random target outside the team.
//   - check, dark-check, traitor-check (police and their kin): follow a
//     teammate's pick; else a random seat not checked before, outside the
//     team, not cleared by a claim.
//   - save, protect, hug (doctor, bodyguard, butterfly): a living claimed
//     police (the first claimer), else oneself where legal, else skip.
//   - shoot (special police, sniper), silence (elder): a seat claimed to be
//     a killer; else skip (when the step allows it).
//   - redeal (two-hands' question to a double): keep. suspect
//     (standard-003's huddle markers): none. sleep: sleep.
//
// Day:
//
//   - Speech: a good-camp player whose checks the engine answers (its
//     view's results of "killer" or "not-killer": police, secret-police,
//     dark-police; werewolf-12's seer, whose "werewolf" and "good" it
//     shares as "killer" and "not-killer") keeps quiet until one of
//     its checks finds a killer; then it says it is police and shares
//     every check answer it has not shared yet (Claim{Role: "police",
//     Target, Answer: "killer"/"not-killer"}), and goes on sharing in
//     later speeches; a police whose known teammate has spoken keeps
//     quiet. A dead police shares all its answers in its last words. Then every living speaker names the seat it will vote for
//     (Answer "accuse"; a police that found a killer names it): the
//     good camp names the seat it suspects most (below), so a table
//     without information follows the first accusation (a bandwagon);
//     the killer camp names a claimed police, else joins the bandwagon
//     when it is not on a teammate. Killers never
//     self-reveal.
//   - Nomination (two-hands): the most accused hand, else (every other
//     speaker) a random hand outside the team; the killer camp nominates a
//     claimed police.
//   - Vote: the good camp votes for the candidate with the highest
//     suspicion (+3 per "killer" claim, −3 per "not-killer" claim, +1 per
//     accusation today, −4 for a claimed police), ties broken at random; the killer camp votes for a claimed police or a known enemy,
//     else for the most suspected candidate outside the team. Every vote
//     (token, hand) of a voter goes to the same candidate. No candidate →
//     abstain where allowed.
//
// cat-lives-7 (nobody knows anybody's camp; five cards, action points and
// privileges): the free-choice player takes the killers' side as a
// co-winner. At night a killer or werewolf attacks (cost 1, with the
// manifesto) the most accused seat or, half the time or when nobody is
// accused, a random other seat; then every player spends what its points
// allow on one protective privilege for itself (heal, vest, wolfsbane,
// anti-snipe, bless, saint, the first usable), and a player outside the
// killer and werewolf camps on one offensive privilege against the most
// accused seat (snipe, imprison, curse, deathblow, the first usable). In
// a speech every player accuses the seat it will vote for (Answer
// "accuse"): the most accused seat, else a random other one; everybody
// votes that way (a bandwagon, as a table does).
//
// A Sensible remembers what it heard: it reads each claim once, as it is
// made. Between games it must be told (NewGame; Table.Play does).
type Sensible struct {
	R *rand.Rand

	heard  heard         // the claims read so far this game
	mine   []game.Target // scratch
	prefer []int         // scratch: seats in order of preference
	most   []int         // scratch: mostSuspected's list
	zero   []int         // zeros by seat: no accusation today
	k      knowledge     // scratch, rebuilt at every Act
	// werewolf-12's scratch (wwTrust): suspicion and trust by seat
	wwSus     []int
	wwTrusted []bool
	// The move's storage, reused by the next Act (the table applies a move
	// before asking the same bot again).
	cmds   []game.Command
	said   []Claim
	others []game.Target
	tgts   [16]game.Target
	ntgt   int
}

// target stores x in the move's storage and returns a pointer to it.
func (b *Sensible) target(x game.Target) *game.Target {
	if b.ntgt == len(b.tgts) {
		p := new(game.Target) // (not &x: x would move to the heap on every call)
		*p = x
		return p
	}
	p := &b.tgts[b.ntgt]
	b.ntgt++
	*p = x
	return p
}

// checkAnswer is a check's answer as a bot shares it: werewolf-12's seer
// finds a "werewolf" or a "good" player, which the table hears as the
// police's "killer" or "not-killer"; any other answer as it is.
func checkAnswer(r game.ResultBody) string {
	if r.Action == "check" {
		switch r.Answer {
		case "werewolf":
			return "killer"
		case "good":
			return "not-killer"
		}
	}
	return r.Answer
}

// hostile reports whether role plays for the killers (werewolf-12: the
// werewolves) in a game of roles (the variant's VariantInfo.Roles): its
// camp, as the engine says it (RoleInfo.Camp).
func hostile(roles []game.RoleInfo, role string) bool {
	for i := range roles {
		if roles[i].ID == role {
			return hostileCamp(roles[i].Camp)
		}
	}
	return false
}

// hostileCamp reports whether camp plays against the good camp: the
// killers or the werewolves.
func hostileCamp(camp string) bool { return camp == game.CampKillers || camp == game.CampWerewolves }

// rolesOf are variant's roles (none for an unknown variant).
func rolesOf(variant string) []game.RoleInfo {
	v, ok := game.Lookup(variant)
	if !ok {
		return nil
	}
	return v.Info().Roles
}

// Act implements Bot.
func (b *Sensible) Act(v *game.PlayerView, claims []Claim) Move {
	if game.CatPlayer(v) != nil {
		return b.cat(v, claims)
	}
	k := b.know(v, claims)
	b.ntgt = 0
	mv := Move{Commands: b.cmds[:0], Claims: b.said[:0]}
	ww := wwView(v) != nil
	for i := range v.Tasks {
		t := &v.Tasks[i]
		if !t.Open || t.Place == game.PlaceCard || t.Place == game.PlaceMark {
			continue // (a Sensible never self-reveals nor marks a suspect)
		}
		base := game.Command{Seat: v.Seat, Do: t.Action, Card: t.Card}
		if ww { // werewolf-12's own tasks (werewolf.go)
			if c, do, handled := b.wwTask(v, t, k, base); handled {
				if do {
					mv.Commands = append(mv.Commands, c)
				}
				continue
			}
		}
		switch t.Action {
		case "sleep":
			mv.Commands = append(mv.Commands, base)
		case "pass":
			if t.Done {
				continue
			}
			mv.Claims = b.speech(v, k, mv.Claims)
			mv.Commands = append(mv.Commands, base)
		case "redeal":
			if t.Decline != "" {
				base.Do = t.Decline
			} else {
				base.Do = "skip"
			}
			mv.Commands = append(mv.Commands, base)
		case "nominate":
			if x, ok := b.nominee(t, k); ok {
				base.Target = b.target(x)
				// the pass that follows ends the turn
				mv.Commands = append(mv.Commands, base)
				copy(mv.Commands[1:], mv.Commands)
				mv.Commands[0] = base
			}
		case "vote":
			if t.Done || len(t.Targets) == 0 {
				if !t.Done && t.Abstain {
					base.Do = "abstain"
					mv.Commands = append(mv.Commands, base)
				}
				continue
			}
			x := b.voteFor(t.Targets, k)
			n := max(t.Count, 1)
			for range n {
				c := base
				c.Target = b.target(x)
				mv.Commands = append(mv.Commands, c)
			}
		default:
			if t.Done && (!t.Group || hasPick(t, v.Seat)) {
				continue
			}
			if x, ok := b.night(t, k); ok {
				base.Target = b.target(x)
				mv.Commands = append(mv.Commands, base)
			} else if t.Optional {
				base.Do = "skip"
				mv.Commands = append(mv.Commands, base)
			} else if len(t.Targets) > 0 {
				x := t.Targets[b.R.IntN(len(t.Targets))]
				base.Target = b.target(x)
				mv.Commands = append(mv.Commands, base)
			}
		}
	}
	b.cmds, b.said = mv.Commands[:0], mv.Claims[:0] // (grown: kept for the next move)
	return mv
}

// hasPick reports whether seat already chose in group task t.
func hasPick(t *game.Task, seat int) bool { return t.Choice != nil || t.Skipped }

// knowledge is what the bot makes of its view and the claims (know sets
// every field).
type knowledge struct {
	seat    int
	hostile bool
	police  bool // holds a police-family card (and is not hostile)
	friends []int
	enemies []int           // known to be of the other camp
	claimed []int           // seats that claimed police, in claim order (alive or not)
	seats   []game.SeatView // the table's seats, seat s at s-1: who lives
	suspect []int           // by seat: suspicion from check claims
	accused []int           // by seat: accusations in today's speeches
	checked []int           // seats this bot checked
	said    []Claim
	// by seat, for lookups in O(1): friends (and oneself), the claimers
	isFriend, isClaimed []bool
	lead                int // werewolf-12: the seat the sheriff accused today (0: none)
	idiot               int // werewolf-12: the revealed idiot (0: none)
}

// heard is what a bot has made of the claims so far in a game, read once
// each as they come (claims only grow during a game).
type heard struct {
	n         int    // claims read
	seat      int    // the bot's seat this game
	claimed   []int  // seats that claimed a role, in claim order
	isClaimed []bool // by seat: claimed a role
	suspect   []int  // by seat: +1 per "killer", −1 per "not-killer" claim
	accused   []int  // by seat: accusations made in round `round`
	round     int
	said      []Claim // the answers this seat has claimed
}

// NewGame tells the bot a new game starts: it forgets what it heard.
func (b *Sensible) NewGame() { b.heard.forget(0) }

func (h *heard) forget(seat int) {
	clear(h.isClaimed)
	*h = heard{seat: seat, claimed: h.claimed[:0], isClaimed: h.isClaimed, suspect: h.suspect[:0], accused: h.accused[:0], said: h.said[:0]}
}

// hear reads the claims not read yet (all of them after a new game).
func (h *heard) hear(seat int, claims []Claim) {
	if len(claims) < h.n || seat != h.seat {
		h.forget(seat) // another game (NewGame was not called)
	}
	for i := h.n; i < len(claims); i++ {
		c := &claims[i]
		if c.Role != "" && !slices.Contains(h.claimed, c.Seat) {
			h.claimed = append(h.claimed, c.Seat)
			if c.Seat >= 0 {
				h.isClaimed = grow(h.isClaimed, c.Seat+1)
				h.isClaimed[c.Seat] = true
			}
		}
		if c.Seat == seat && (c.Answer == "killer" || c.Answer == "not-killer") {
			h.said = append(h.said, *c)
		}
		t := c.Target.Seat
		if t < 0 {
			continue
		}
		switch c.Answer {
		case "accuse":
			if c.Round != h.round {
				h.round = c.Round
				clear(h.accused)
			}
			h.accused = grow(h.accused, t+1)
			h.accused[t]++
		case "killer":
			h.suspect = grow(h.suspect, t+1)
			h.suspect[t]++
		case "not-killer":
			h.suspect = grow(h.suspect, t+1)
			h.suspect[t]--
		}
	}
	h.n = len(claims)
}

// grow returns xs with at least n entries (new ones zero).
func grow[T any](xs []T, n int) []T {
	var zero T
	for len(xs) < n {
		xs = append(xs, zero)
	}
	return xs
}

// zeroed returns xs with n zero entries, reusing its storage when it has
// room.
func zeroed[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}

func (b *Sensible) know(v *game.PlayerView, claims []Claim) *knowledge {
	k := &b.k
	n := len(v.Table.Seats) + 1
	h := &b.heard
	h.hear(v.Seat, claims)
	h.suspect, h.accused, h.isClaimed = grow(h.suspect, n), grow(h.accused, n), grow(h.isClaimed, n)
	accused := h.accused
	if h.round != v.Table.Round { // nobody accused anybody today yet
		b.zero = zeroed(b.zero, n)
		accused = b.zero
	}
	// (field by field: a struct literal would be built aside and copied)
	k.seat, k.hostile, k.police = v.Seat, false, false
	k.friends, k.enemies, k.checked = k.friends[:0], k.enemies[:0], k.checked[:0]
	k.claimed, k.isClaimed, k.suspect, k.accused, k.said = h.claimed, h.isClaimed, h.suspect, accused, h.said
	k.isFriend = zeroed(k.isFriend, n)
	if v.Seat >= 0 && v.Seat < n {
		k.isFriend[v.Seat] = true
	}
	roles := rolesOf(v.Table.Variant)
	for _, r := range v.Roles {
		if hostile(roles, r) {
			k.hostile = true
		}
	}
	if v.Camp != "" {
		k.hostile = hostileCamp(v.Camp)
	}
	k.lead, k.idiot = wwLead(v, claims), 0
	if w := wwView(v); w != nil {
		k.idiot = w.Revealed
		b.wwTrust(v, k, claims)
	}
	if !k.hostile {
		// a police: the engine answers its checks (a seat that checked
		// nothing yet has nothing to share either)
		for _, r := range v.Results {
			if a := checkAnswer(r); a == "killer" || a == "not-killer" {
				k.police = true
			}
		}
	}
	for i := range v.Known {
		x := &v.Known[i]
		if x.Target.Seat == v.Seat {
			continue
		}
		if hostile(roles, x.Role) == k.hostile {
			k.friends = append(k.friends, x.Target.Seat)
			if s := x.Target.Seat; s >= 0 && s < n {
				k.isFriend[s] = true
			}
			continue
		}
		if k.hostile {
			k.enemies = append(k.enemies, x.Target.Seat)
		}
	}
	k.seats = v.Table.Seats
	for _, r := range v.Results {
		k.checked = append(k.checked, r.Target.Seat)
	}
	return k
}

// friend: oneself or a known teammate.
func (k *knowledge) friend(seat int) bool {
	return seat == k.seat || (seat >= 0 && seat < len(k.isFriend) && k.isFriend[seat])
}

// alive: the table view lists seat s at index s-1.
func (k *knowledge) alive(seat int) bool {
	return seat >= 1 && seat <= len(k.seats) && k.seats[seat-1].Alive
}

// claimer: seat claimed a role.
func (k *knowledge) claimer(seat int) bool {
	return seat >= 0 && seat < len(k.isClaimed) && k.isClaimed[seat]
}

// score is the good camp's suspicion of seat: claims against it, and a
// claimed police is trusted.
func (k *knowledge) score(seat int) int {
	s := k.suspect[seat]*3 + k.accused[seat]
	if k.claimer(seat) {
		s -= 4
	}
	if seat == k.lead && seat != 0 { // werewolf-12: the sheriff's 归票
		s += 2
	}
	if seat == k.idiot && seat != 0 { // werewolf-12: a revealed idiot is good
		s -= 10
	}
	return s
}

// pick chooses among targets: the first for which pref holds (in pref's
// order over seats), else a random one passing ok; ok false: none.
func (b *Sensible) pick(targets []game.Target, prefer []int, ok func(game.Target) bool) (game.Target, bool) {
	for _, p := range prefer {
		for _, t := range targets {
			if t.Seat == p && ok(t) {
				return t, true
			}
		}
	}
	b.mine = b.mine[:0]
	for _, t := range targets {
		if ok(t) {
			b.mine = append(b.mine, t)
		}
	}
	if len(b.mine) == 0 {
		return game.Target{}, false
	}
	return b.mine[b.R.IntN(len(b.mine))], true
}

// night chooses a night action's target; false: none (skip).
func (b *Sensible) night(t *game.Task, k *knowledge) (game.Target, bool) {
	if t.Group || t.Shared {
		for _, p := range t.Team { // follow a teammate (G4)
			if p.Target != nil && slices.Contains(t.Targets, *p.Target) {
				return *p.Target, true
			}
		}
	}
	if t.NoTarget {
		return game.Target{}, false
	}
	notFriend := func(x game.Target) bool { return !k.friend(x.Seat) }
	switch t.Action {
	case "kill", "assassinate":
		prefer := append(b.livingClaimed(k), k.enemies...)
		b.prefer = prefer
		return b.pick(t.Targets, prefer, notFriend)
	case "check", "dark-check", "traitor-check":
		if x, ok := b.pick(t.Targets, nil, func(x game.Target) bool {
			return notFriend(x) && !slices.Contains(k.checked, x.Seat) && k.suspect[x.Seat] >= 0 && !k.claimer(x.Seat)
		}); ok {
			return x, true
		}
		return b.pick(t.Targets, nil, notFriend)
	case "save", "protect", "hug":
		prefer := b.prefer[:0]
		if k.hostile {
			prefer = append(prefer, k.friends...)
		} else {
			for _, s := range k.claimed {
				if k.alive(s) && !slices.Contains(k.enemies, s) {
					prefer = append(prefer, s)
				}
			}
		}
		prefer = append(prefer, k.seat)
		b.prefer = prefer
		return b.pick(t.Targets, prefer, func(game.Target) bool { return false })
	case "shoot", "silence":
		var prefer []int
		if k.hostile {
			prefer = b.livingClaimed(k)
		} else {
			prefer = b.mostSuspected(k, t.Targets)
		}
		return b.pick(t.Targets, prefer, func(game.Target) bool { return false })
	}
	return b.pick(t.Targets, nil, notFriend)
}

// livingClaimed lists the living seats that claimed a role, in claim order
// (in b.prefer: the list is the caller's until the next call).
func (b *Sensible) livingClaimed(k *knowledge) []int {
	out := b.prefer[:0]
	for _, s := range k.claimed {
		if k.alive(s) {
			out = append(out, s)
		}
	}
	b.prefer = out
	return out
}

// mostSuspected lists the seats among targets with a positive suspicion,
// most suspected first (in b.most, until the next call).
func (b *Sensible) mostSuspected(k *knowledge, targets []game.Target) []int {
	out := b.most[:0]
	for _, t := range targets {
		if k.score(t.Seat) > 0 && !slices.Contains(out, t.Seat) && !k.friend(t.Seat) {
			out = append(out, t.Seat)
		}
	}
	// a stable sort by decreasing score (insertion: the lists are short)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && k.score(out[j]) > k.score(out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	b.most = out
	return out
}

// voteFor chooses a candidate among targets (never empty).
func (b *Sensible) voteFor(targets []game.Target, k *knowledge) game.Target {
	notFriend := func(x game.Target) bool { return !k.friend(x.Seat) }
	if k.hostile {
		prefer := append(b.livingClaimed(k), k.enemies...)
		prefer = append(prefer, b.mostSuspected(k, targets)...)
		b.prefer = prefer
		if x, ok := b.pick(targets, prefer, notFriend); ok {
			return x
		}
		return targets[b.R.IntN(len(targets))]
	}
	// The good camp: the highest score, ties at random.
	best := -1 << 30
	b.mine = b.mine[:0]
	for _, t := range targets {
		if k.friend(t.Seat) {
			continue
		}
		switch s := k.score(t.Seat); {
		case s > best:
			best = s
			b.mine = append(b.mine[:0], t)
		case s == best:
			b.mine = append(b.mine, t)
		}
	}
	if len(b.mine) == 0 {
		return targets[b.R.IntN(len(targets))]
	}
	return b.mine[b.R.IntN(len(b.mine))]
}

// nominee chooses a hand to nominate (two-hands); false: none.
func (b *Sensible) nominee(t *game.Task, k *knowledge) (game.Target, bool) {
	notFriend := func(x game.Target) bool { return !k.friend(x.Seat) }
	if len(t.Targets) == 0 {
		return game.Target{}, false
	}
	if k.hostile {
		prefer := b.livingClaimed(k)
		if len(prefer) == 0 && b.R.IntN(2) == 0 {
			return game.Target{}, false
		}
		return b.pick(t.Targets, prefer, notFriend)
	}
	if ms := b.mostSuspected(k, t.Targets); len(ms) > 0 {
		return b.pick(t.Targets, ms, notFriend)
	}
	if b.R.IntN(2) == 0 {
		return game.Target{}, false
	}
	return b.pick(t.Targets, nil, func(x game.Target) bool { return notFriend(x) && k.score(x.Seat) >= 0 })
}

// speech is what the bot says: a police that found a killer shares its
// answers; then the speaker names the seat it will vote for.
func (b *Sensible) speech(v *game.PlayerView, k *knowledge, out []Claim) []Claim {
	ww := wwView(v) != nil
	if ww {
		others := b.others[:0]
		for i := range k.seats {
			if s := k.seats[i].Seat; k.seats[i].Alive && s != v.Seat {
				others = append(others, game.SeatTarget(s))
			}
		}
		b.others = others
	}
	if !v.Alive {
		// Last words: a police tells everything it checked.
		if ww {
			return b.wwClaims(v, k, out)
		}
		return b.policeClaims(v, k, out, true)
	}
	if ww {
		out = b.wwClaims(v, k, out)
	} else {
		out = b.policeClaims(v, k, out, false)
	}
	for _, c := range out {
		if c.Answer == "killer" {
			return append(out, Claim{Target: game.SeatTarget(c.Target.Seat), Answer: "accuse"})
		}
	}
	others := b.others[:0]
	for i := range k.seats {
		if s := k.seats[i].Seat; k.seats[i].Alive && s != v.Seat {
			others = append(others, game.SeatTarget(s))
		}
	}
	b.others = others
	if len(others) > 0 {
		out = append(out, Claim{Target: b.voteFor(others, k), Answer: "accuse"})
	}
	return out
}

// policeClaims are a police's claims (Sensible's doc).
func (b *Sensible) policeClaims(v *game.PlayerView, k *knowledge, out []Claim, last bool) []Claim {
	if !k.police {
		return out
	}
	// A police speaks up once it has found a killer (or in its last
	// words); from then on it shares every answer.
	found := last || k.claimer(v.Seat)
	for _, r := range v.Results {
		found = found || checkAnswer(r) == "killer"
	}
	for _, f := range k.friends {
		if !last && k.claimer(f) && !k.claimer(v.Seat) {
			return out // a teammate speaks for the police
		}
	}
	if !found {
		return out
	}
	for _, r := range v.Results {
		ans := checkAnswer(r)
		if ans != "killer" && ans != "not-killer" {
			continue
		}
		said := false
		for _, c := range k.said {
			if c.Target == r.Target && c.Answer == ans {
				said = true
				break
			}
		}
		if !said {
			out = append(out, Claim{Role: "police", Target: r.Target, Answer: ans})
		}
	}
	return out
}
