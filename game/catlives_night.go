package game

import (
	"slices"
	"strings"
	"unicode"
)

// catMode is one privilege mode of a card (§3, §8).
type catMode struct {
	ID     string
	Cards  []string // card types offering it (real cards or an amoeba's form)
	Cost   int      // AP (arson: paid when it takes effect, §8.11)
	Night  bool
	Day    bool
	Target string // "other", "any", "none", "executed" (R15)
	Jail   bool   // imprisonable: void if the user is imprisoned that night (§8.5)
	Once   bool   // once per night (§7)
	Attack bool   // needs a manifesto (§8.1)
	Normal bool   // a normal attack (attack, snipe)
}

var catModes = []catMode{
	{ID: "attack", Cards: []string{"killer", "werewolf"}, Cost: 1, Night: true, Target: "other", Jail: true, Attack: true, Normal: true},
	{ID: "onehit", Cards: []string{"killer", "werewolf"}, Cost: 3, Night: true, Target: "other", Attack: true},
	{ID: "snipe", Cards: []string{"sniper"}, Cost: 1, Night: true, Target: "other", Jail: true, Attack: true, Normal: true},
	{ID: "aimed-snipe", Cards: []string{"sniper"}, Cost: 4, Night: true, Target: "other", Attack: true},
	{ID: "bind", Cards: []string{"soulbind"}, Cost: 2, Night: true, Target: "any", Jail: true},
	{ID: "heal", Cards: []string{"witchdoctor"}, Cost: 2, Night: true, Target: "any", Jail: true},
	{ID: "vest", Cards: []string{"vest"}, Cost: 1, Night: true, Target: "none", Jail: true, Once: true},
	{ID: "wolfsbane", Cards: []string{"vest"}, Cost: 1, Night: true, Target: "none", Jail: true, Once: true},
	{ID: "imprison", Cards: []string{"jail"}, Cost: 2, Night: true, Target: "other"},
	{ID: "anti-snipe", Cards: []string{"jail"}, Cost: 2, Night: true, Target: "none", Jail: true, Once: true},
	{ID: "deathblow", Cards: []string{"deathblow"}, Cost: 2, Night: true, Day: true, Target: "other"},
	{ID: "pardon", Cards: []string{"deathblow"}, Cost: 2, Night: true, Target: "executed", Jail: true},
	{ID: "curse", Cards: []string{"curse"}, Cost: 1, Night: true, Day: true, Target: "any", Jail: true},
	{ID: "vicious-curse", Cards: []string{"curse"}, Cost: 2, Night: true, Day: true, Target: "any", Jail: true},
	{ID: "bless", Cards: []string{"curse"}, Cost: 1, Night: true, Day: true, Target: "any", Jail: true},
	{ID: "devout-bless", Cards: []string{"curse"}, Cost: 2, Night: true, Day: true, Target: "any", Jail: true},
	{ID: "saint", Cards: []string{"arson"}, Cost: 3, Night: true, Target: "none", Once: true},
	{ID: "arson", Cards: []string{"arson"}, Cost: 0, Night: true, Day: true, Target: "other", Jail: true},
	{ID: "transform", Cards: []string{"amoeba"}, Cost: 2, Night: true, Day: true, Target: "none"},
}

func catModeOf(id string) (catMode, bool) {
	for _, m := range catModes {
		if m.ID == id {
			return m, true
		}
	}
	return catMode{}, false
}

// catMinCost is the least a mode can cost (an arson costs at least 2 when it
// takes effect), for the amoeba's budget (R20).
func catMinCost(m catMode) int {
	if m.ID == "arson" {
		return 2
	}
	return m.Cost
}

// catKind is an attack's kind (R7) by the acting card's type.
func catKind(form string) string {
	switch form {
	case "killer":
		return "KILLER"
	case "werewolf":
		return "WEREWOLF"
	}
	return "SNIPER"
}

// CatBlank lists the code points a manifesto's count leaves out: Unicode's
// white space, exactly the runes unicode.IsSpace reports
// (TestCatBlankIsSpace). The phone counts a draft with the list its view
// carries (CatManifesto.Blank) instead of a rule of its own.
const CatBlank = "\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"

// catChars counts a manifesto's characters: code points other than white
// space (§8.1).
func catChars(text string) int {
	n := 0
	for _, r := range text {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// catCard is a held card able to act, and the type it acts as.
type catCard struct {
	Index int
	Type  string // the card's id, or the amoeba's form
	Form  bool   // acting through an amoeba's form
}

// catCardsFor lists seat's usable cards offering mode m: held, not pending
// (R13); an amoeba in a form offering it (or the amoeba itself for
// transform). Real cards first.
func catCardsFor(s *State, seat int, m catMode) []catCard {
	st := &catOf(s).Seats[seat-1]
	var out, forms []catCard
	for j, card := range s.Seats[seat-1].Cards {
		if !card.Alive || j == st.Pending {
			continue
		}
		if slices.Contains(m.Cards, card.Role) {
			out = append(out, catCard{Index: j, Type: card.Role})
		}
		if card.Role == "amoeba" && m.ID != "transform" && st.Form != "" && slices.Contains(m.Cards, st.Form) {
			forms = append(forms, catCard{Index: j, Type: st.Form, Form: true})
		}
	}
	return append(out, forms...)
}

// catModeProblem says why seat cannot use mode m now (whatever its target),
// or nil with the acting card. via names the card (its id, or "amoeba") when
// two cards offer the mode.
func catModeProblem(s *State, seat int, m catMode, via string) (catCard, *Rejection) {
	c := catOf(s)
	st := &c.Seats[seat-1]
	cards := catCardsFor(s, seat, m)
	if len(cards) == 0 {
		return catCard{}, refuseAction(RefuseNoCardWith, m.ID)
	}
	card := cards[0]
	if via != "" {
		found := false
		for _, k := range cards {
			if (via == "amoeba" && k.Form) || (!k.Form && k.Type == via) {
				card, found = k, true
				break
			}
		}
		if !found {
			return catCard{}, &Rejection{Code: RefuseViaCannot, Role: via, Action: m.ID}
		}
	}
	night := s.Phase == PhaseNight
	switch {
	case night && !m.Night:
		return card, refuseAction(RefuseDayOnly, m.ID)
	case !night && !m.Day:
		return card, refuseAction(RefuseNightPrivilege, m.ID)
	}
	if seat == c.Free && c.Cowin {
		switch m.ID {
		case "snipe", "aimed-snipe", "deathblow", "saint":
			return card, refuseAction(RefuseCowinForbids, m.ID)
		}
	}
	mine := func(action string) []PrivilegeBody {
		var out []PrivilegeBody
		for _, a := range c.Acts {
			if a.Seat == seat && a.Action == action {
				out = append(out, a)
			}
		}
		return out
	}
	if m.Once && len(mine(m.ID)) > 0 {
		return card, refuseAction(RefuseUsedTonight, m.ID)
	}
	switch m.ID {
	case "saint":
		if st.SaintSpent {
			return card, refuse(RefuseSaintSpent)
		}
	case "deathblow":
		if slices.Contains(st.Blows, card.Index) {
			return card, refuse(RefuseDeathblowSpent)
		}
		for _, a := range mine("deathblow") {
			if a.Card-1 == card.Index {
				return card, refuse(RefuseDeathblowPending)
			}
		}
	case "transform":
		if st.Into != "" || len(mine("transform")) > 0 {
			return card, refuse(RefuseTransformPending)
		}
		if n := len(st.Order); n > 0 && st.Order[n-1] == card.Index && s.Round > 1 && st.Transforms >= 1 {
			return card, refuse(RefuseTransformBottom)
		}
		if len(catIntoChoices(s, seat)) == 0 {
			return card, refuse(RefuseTransformNone)
		}
	}
	if card.Form {
		if left := 4 - st.Spent; left < catMinCost(m) {
			return card, &Rejection{Code: RefuseAmoebaAP, Role: st.Form, Have: left, Action: m.ID, Need: catMinCost(m)}
		}
	}
	if st.AP < m.Cost {
		return card, &Rejection{Code: RefuseAP, Action: m.ID, Need: m.Cost, Have: st.AP}
	}
	return card, nil
}

// catIntoChoices lists the forms seat's amoeba may take next (§8.13): not a
// type dealt to the player, not one it has been, not killer or werewolf for
// a co-winning free-choice player.
func catIntoChoices(s *State, seat int) []string {
	c := catOf(s)
	st := &c.Seats[seat-1]
	var out []string
	for _, f := range catForms {
		dealt := false
		for _, card := range s.Seats[seat-1].Cards {
			if card.Role == f {
				dealt = true
			}
		}
		if dealt || slices.Contains(st.Been, f) {
			continue
		}
		if seat == c.Free && c.Cowin && (f == "killer" || f == "werewolf") {
			continue
		}
		out = append(out, f)
	}
	return out
}

// catTargetProblem says why seat may not aim mode m at t, or nil.
func catTargetProblem(s *State, seat int, m catMode, card catCard, t Target) *Rejection {
	c := catOf(s)
	if !s.Alive(t) {
		return refuseTarget(RefuseDeadTarget, SeatTarget(t.Seat))
	}
	switch m.Target {
	case "other":
		if t.Seat == seat {
			return refuseAction(RefuseOtherNotSelf, m.ID)
		}
	case "executed":
		x := &c.Seats[t.Seat-1]
		switch {
		case !slices.Contains(c.Executed, t.Seat):
			return refuseSeat(RefusePardonNotExecuted, t.Seat)
		case x.Pending < 0 && x.Pardoned:
			return refuseSeat(RefusePardonedOnce, t.Seat)
		case x.Pending < 0:
			return refuseSeat(RefusePardonSaint, t.Seat)
		}
		for _, u := range c.Seats[seat-1].Pardons {
			if u.Card == card.Index && u.Seat == t.Seat {
				return refuseSeat(RefusePardonCardUsed, t.Seat)
			}
		}
		for _, a := range c.Acts {
			if a.Seat == seat && a.Action == "pardon" && a.Card-1 == card.Index && a.Target.Seat == t.Seat {
				return refuseSeat(RefusePardonCardTonight, t.Seat)
			}
		}
	}
	return nil
}

// catPrivilege submits a privilege (§7 spending, §8).
func (v catLives) privilege(g *Game, cmd Command) error {
	arg := catArgs(&cmd)
	s := &g.s
	c := catOf(s)
	m, ok := catModeOf(cmd.Do)
	if !ok {
		return &Rejection{Code: RefuseUnknownAction, Text: cmd.Do}
	}
	card, why := catModeProblem(s, cmd.Seat, m, arg.Via)
	if why != nil {
		return why
	}
	body := PrivilegeBody{ID: c.NextID + 1, Round: s.Round, Day: s.Phase == PhaseDay, Seat: cmd.Seat, Action: m.ID,
		Card: card.Index + 1, Cost: m.Cost}
	if card.Form {
		body.Form = card.Type
	}
	switch m.Target {
	case "none":
		if cmd.Target != nil && cmd.Target.Seat != cmd.Seat {
			return refuseAction(RefuseNoTarget, m.ID)
		}
	default:
		if cmd.Target == nil {
			return refuseAction(RefuseNeedsTarget, m.ID)
		}
		if why := catTargetProblem(s, cmd.Seat, m, card, *cmd.Target); why != nil {
			return why
		}
		t := SeatTarget(cmd.Target.Seat)
		body.Target = &t
	}
	switch m.ID {
	case "aimed-snipe":
		k := arg.Position
		n := catPublicCards(s, cmd.Target.Seat)
		switch {
		case k < 1:
			return refuse(RefusePositionNeeded)
		case k > n:
			return &Rejection{Code: RefusePositionNone, Seat: cmd.Target.Seat, N: n, Position: k}
		case k == 1 && n > 1:
			return &Rejection{Code: RefusePositionBottom, Seat: cmd.Target.Seat, N: n}
		}
		body.Position = k
	case "transform":
		choices := catIntoChoices(s, cmd.Seat)
		switch {
		case arg.Into == "":
			return &Rejection{Code: RefuseIntoNeeded, Roles: choices}
		case !slices.Contains(catForms, arg.Into):
			return &Rejection{Code: RefuseIntoUnknown, Roles: slices.Clone(catForms), Text: arg.Into}
		case !slices.Contains(choices, arg.Into):
			return &Rejection{Code: RefuseIntoForbidden, Role: arg.Into, Roles: choices}
		}
		body.Into = arg.Into
	}
	if m.Attack {
		chars, attacks := catManifesto(c, cmd.Seat, 0)
		chars += catChars(arg.Text)
		attacks++
		if need := s.OptInt("manifestoMinChars") * attacks; chars < need {
			return &Rejection{Code: RefuseManifestoShort, Have: chars, N: attacks, Need: need, Each: s.OptInt("manifestoMinChars")}
		}
		body.Text = arg.Text
	}
	g.emit(&body, g.only(cmd.Seat))
	return nil
}

// catManifesto counts seat's manifesto characters and attacks pending in
// this phase, leaving out the privilege with id skip.
func catManifesto(c *catState, seat, skip int) (chars, attacks int) {
	for _, a := range c.Acts {
		if a.Seat != seat || a.ID == skip {
			continue
		}
		if m, _ := catModeOf(a.Action); m.Attack {
			chars += catChars(a.Text)
			attacks++
		}
	}
	return chars, attacks
}

// catPublicCards is seat's public card count (a pending card included).
func catPublicCards(s *State, seat int) int {
	n := 0
	for _, card := range s.Seats[seat-1].Cards {
		if card.Alive {
			n++
		}
	}
	return n
}

// withdraw cancels the player's most recent pending privilege with the
// action (and target) and frees its AP (§7).
func (v catLives) withdraw(g *Game, cmd Command) error {
	arg := catArgs(&cmd)
	s := &g.s
	c := catOf(s)
	if arg.Action == "" {
		return refuse(RefuseWithdrawNeedsAction)
	}
	for i := len(c.Acts) - 1; i >= 0; i-- {
		a := c.Acts[i]
		if a.Seat != cmd.Seat || a.Action != arg.Action || (cmd.Target != nil && (a.Target == nil || a.Target.Seat != cmd.Target.Seat)) {
			continue
		}
		if m, _ := catModeOf(a.Action); m.Attack {
			chars, attacks := catManifesto(c, cmd.Seat, a.ID)
			if need := s.OptInt("manifestoMinChars") * attacks; chars < need {
				return &Rejection{Code: RefuseWithdrawManifesto, N: attacks, Have: chars, Need: need}
			}
		}
		g.emit(&WithdrawBody{Seat: cmd.Seat, ID: a.ID, Action: a.Action}, g.only(cmd.Seat))
		return nil
	}
	if cmd.Target != nil {
		return &Rejection{Code: RefuseNoPendingOn, Action: arg.Action, Seat: cmd.Target.Seat}
	}
	return refuseAction(RefuseNoPending, arg.Action)
}

// stance is the free-choice player's choice (§2), until night 1 ends.
func (v catLives) stance(g *Game, cmd Command) error {
	arg := catArgs(&cmd)
	s := &g.s
	c := catOf(s)
	switch {
	case cmd.Seat != c.Free:
		return refuse(RefuseStanceFreeOnly)
	case s.Phase != PhaseNight || s.Round != 1:
		return refuse(RefuseStanceNight1)
	case arg.Camp == "civilians" || arg.Camp == "good":
		return refuse(RefuseStanceNoCivilians)
	case arg.Camp != "killers" && arg.Camp != "werewolves":
		return refuse(RefuseStanceNeedsCamp)
	}
	if arg.Cowin {
		for _, a := range c.Acts {
			if a.Seat != cmd.Seat {
				continue
			}
			if a.Action == "snipe" || a.Action == "aimed-snipe" || a.Action == "deathblow" || a.Action == "saint" ||
				(a.Action == "transform" && (a.Into == "killer" || a.Into == "werewolf")) {
				return refuseAction(RefuseCowinPending, a.Action)
			}
		}
	}
	g.emit(&StanceBody{Seat: cmd.Seat, Camp: arg.Camp, Cowin: arg.Cowin}, g.only(cmd.Seat))
	return nil
}

// catOrderOpen reports whether seat may submit a discard order now: night 1
// (§5) or a reorder window's phase.
func catOrderOpen(s *State) bool {
	c := catOf(s)
	return (s.Phase == PhaseNight && s.Round == 1) || (c.Window != 0 && c.Window == catPhase(s) && !c.DayOver)
}

// order submits a discard order (§5).
func (v catLives) order(g *Game, cmd Command) error {
	arg := catArgs(&cmd)
	s := &g.s
	c := catOf(s)
	st := &c.Seats[cmd.Seat-1]
	if !catOrderOpen(s) {
		return refuse(RefuseOrderClosed)
	}
	var held []string
	for _, x := range st.Order {
		if x != st.Pending {
			held = append(held, s.Seats[cmd.Seat-1].Cards[x].Role)
		}
	}
	order := slices.Clone(arg.Order)
	if st.Pending >= 0 && len(order) == len(held)+1 {
		// The pending card may be listed too: it stays the front card.
		if i := slices.Index(order, s.Seats[cmd.Seat-1].Cards[st.Pending].Role); i >= 0 {
			order = slices.Delete(order, i, i+1)
		}
	}
	if len(order) == 0 || len(held) == 0 {
		return &Rejection{Code: RefuseOrderAll, Roles: held}
	}
	got := slices.Clone(order)
	want := slices.Clone(held)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return &Rejection{Code: RefuseOrderAll, Roles: want}
	}
	last := order[len(order)-1]
	if last == "commoner" {
		return refuse(RefuseOrderBottomPrivilege)
	}
	if s.Round > 1 || s.Phase == PhaseDay {
		bottom := held[len(held)-1]
		if last != bottom {
			return &Rejection{Code: RefuseOrderBottomFixed, Role: bottom}
		}
	}
	g.emit(&OrderBody{Seat: cmd.Seat, Order: order}, g.only(cmd.Seat))
	return nil
}

// command runs cat-lives-7's nights and days (phaseRunner).
func (v catLives) command(g *Game, cmd Command) error {
	s := &g.s
	if s.Phase == PhaseDay {
		return v.dayCommand(g, cmd)
	}
	if s.Phase != PhaseNight {
		return refuse(RefuseNothingNow)
	}
	switch cmd.Do {
	case ActTimeout:
		v.endNight(g)
		return nil
	case ActPass, ActVote:
		return refuseAction(RefuseDayAction, cmd.Do)
	}
	if !s.Seat(cmd.Seat).Alive() {
		return refuseSeat(RefuseDeadNoInput, cmd.Seat)
	}
	// The day's "done" (catlives_day.go) has this shape with the day's
	// list and refusal: two rules, kept apart.
	switch cmd.Do {
	case "done", ActSleep:
		if slices.Contains(s.Night.Slept, cmd.Seat) {
			return refuse(RefuseDoneTonight)
		}
		g.emit(&SleepBody{Seat: cmd.Seat}, g.only(cmd.Seat))
		return nil
	case "stance":
		return v.stance(g, cmd)
	case "order":
		return v.order(g, cmd)
	case "withdraw":
		return v.withdraw(g, cmd)
	}
	return v.privilege(g, cmd)
}

// nightFell gives every living player the night's AP (§7): +2 and +1 per
// commoner held (not a pending one), the bodyguard's upkeep, own arsons
// taking effect (pay max(2, ⌈AP/2⌉), never below 0), then arsons against
// the player (halve, rounding down), in declaration order (R14).
func (v catLives) nightFell(g *Game) {
	s := &g.s
	c := catOf(s)
	var out []PointsBody
	for _, seat := range s.Living() {
		st := &c.Seats[seat-1]
		p := PointsBody{Round: s.Round, Seat: seat, Gain: 2}
		guard := -1
		for j, card := range s.Seats[seat-1].Cards {
			if !card.Alive || j == st.Pending {
				continue
			}
			switch {
			case card.Role == "commoner":
				p.Gain++
			case card.Role == "bodyguard":
				guard = j
			case card.Role == "amoeba" && st.Form == "bodyguard" && st.Spent < 4 && guard < 0:
				guard = j
			}
		}
		ap := st.AP + p.Gain
		if guard >= 0 {
			p.Upkeep = 1
			p.Guard = guard + 1
			ap--
		}
		for _, a := range c.Arsons {
			if a.Seat == seat && a.Night == s.Round {
				pay := min(ap, max(2, (ap+1)/2))
				p.Arson = append(p.Arson, pay)
				ap -= pay
			}
		}
		for _, a := range c.Arsons {
			if a.Target == seat && a.Night == s.Round {
				p.Burned = append(p.Burned, ap-ap/2)
				ap /= 2
			}
		}
		p.AP = ap
		out = append(out, p)
	}
	for _, p := range out {
		g.emit(&p, g.only(p.Seat))
	}
}

// catHit is one hit on a player at night (§9): an ordinary hit of a kind,
// or an ultimate kill (Kind "U").
type catHit struct {
	Kind  string
	Cause string
}

// catRemoval is a card removed by §9: its index in Q and the cause.
type catRemoval struct {
	Index int
	Cause string
}

// catLosses is §9's algorithm for one player: q is the number of cards in Q
// (the order without a pending card), guard the bodyguard's index in Q (-1:
// none working), pending whether a pending card precedes Q in the public
// order, aimed the aimed positions (counted from the bottom of the public
// order), hits the ordinary and ultimate-kill hits. It returns the removed
// cards of Q in order, each with the cause of its loss (see the package
// notes for the attribution).
func catLosses(q, guard int, pending bool, aimed []int, hits []catHit) []catRemoval {
	removed := map[int]string{}
	public := q
	if pending {
		public++
	}
	aimedAtGuard := false
	for _, k := range aimed {
		i := public - k
		if pending {
			i--
		}
		if i < 0 || i >= q {
			continue // no card there, or the pending card: a miss
		}
		if i == guard {
			aimedAtGuard = true
		} else if _, done := removed[i]; !done {
			removed[i] = "attack"
		}
	}
	// The hits in the order their causes are listed: attacks, failed
	// bindings, ultimate kills.
	var pool []catHit
	for _, cause := range []string{"attack", "binding", "deathblow"} {
		for _, h := range hits {
			if h.Cause == cause {
				pool = append(pool, h)
			}
		}
	}
	take := func(i int) catHit {
		h := pool[i]
		pool = slices.Delete(pool, i, i+1)
		return h
	}
	var front, back []int // F and R
	for i := 0; i < q; i++ {
		if _, done := removed[i]; done || i == guard {
			continue
		}
		if guard >= 0 && i > guard {
			back = append(back, i)
		} else {
			front = append(front, i)
		}
	}
	n := len(pool)
	f := len(front)
	if guard < 0 || n <= f {
		for _, i := range front[:min(n, f)] {
			removed[i] = take(0).Cause
		}
		return catSorted(removed)
	}
	// 4b: the bodyguard breaks at a cost of one hit (an ultimate kill, or an
	// ordinary hit of another kind than SNIPER when it was aimed at), or of
	// two hits of different kinds.
	var breaker []catHit
	if i := slices.IndexFunc(pool, func(h catHit) bool { return h.Kind == "U" }); i >= 0 {
		breaker = append(breaker, take(i))
	} else if i := slices.IndexFunc(pool, func(h catHit) bool { return h.Kind != "SNIPER" }); aimedAtGuard && i >= 0 {
		breaker = append(breaker, take(i))
	} else if n >= f+2 {
		for i := 1; i < len(pool); i++ {
			if pool[i].Kind != pool[0].Kind && pool[i].Kind != "U" && pool[0].Kind != "U" {
				b := take(i)
				breaker = append(breaker, take(0), b)
				break
			}
		}
	}
	for _, i := range front {
		removed[i] = take(0).Cause
	}
	if breaker == nil {
		return catSorted(removed)
	}
	removed[guard] = breaker[0].Cause
	for _, i := range back[:min(len(pool), len(back))] {
		removed[i] = take(0).Cause
	}
	return catSorted(removed)
}

func catSorted(m map[int]string) []catRemoval {
	out := make([]catRemoval, 0, len(m))
	for i, c := range m {
		out = append(out, catRemoval{Index: i, Cause: c})
	}
	slices.SortFunc(out, func(a, b catRemoval) int { return a.Index - b.Index })
	return out
}

// catNightOutcome is §10's result plus what the dawn shows of it.
type catNightOutcome struct {
	Resolve    ResolveBody
	Manifestos []string
}

// resolveNight is §10 steps 2–10, computed from the state at the end of the
// night (after the orders of step 1 took effect).
func (v catLives) resolveNight(s *State) catNightOutcome {
	n := &catNight{s: s, c: catOf(s), void: map[int]bool{}, kind: map[int]string{}}
	n.out.Resolve = ResolveBody{Round: s.Round, When: "night"}
	n.r = &n.out.Resolve
	n.imprison()
	n.launch()
	n.antiSnipe()
	n.bindAndHeal()
	n.vestsAndWolfsbane()
	n.pardons()
	n.losses()
	for id := range n.void {
		n.r.Void = append(n.r.Void, id)
	}
	slices.Sort(n.r.Void)
	return n.out
}

// catNight is one night's resolution in progress: what is void, the
// launched attacks and their kinds, the extra hits of broken bindings.
type catNight struct {
	s        *State
	c        *catState
	out      catNightOutcome
	r        *ResolveBody
	void     map[int]bool // privilege ids
	launched []PrivilegeBody
	kind     map[int]string // attack id → KILLER, WEREWOLF, SNIPER
	extra    []catExtraHit
}

// catExtraHit is a card loss that no attack caused (a binding's second
// night, R11).
type catExtraHit struct {
	seat int
	hit  catHit
}

// valid lists the uses of action that are not void.
func (n *catNight) valid(action string) []PrivilegeBody {
	var out []PrivilegeBody
	for _, a := range n.c.Acts {
		if a.Action == action && !n.void[a.ID] {
			out = append(out, a)
		}
	}
	return out
}

// normal reports whether a is a normal attack or snipe (not aimed).
func (n *catNight) normal(a PrivilegeBody) bool { return a.Action == "attack" || a.Action == "snipe" }

// imprison is step 2: imprisonment (it cannot itself be imprisoned).
func (n *catNight) imprison() {
	jailed := map[int]bool{}
	for _, a := range n.c.Acts {
		if a.Action == "imprison" {
			jailed[a.Target.Seat] = true
		}
	}
	for _, a := range n.c.Acts {
		if m, _ := catModeOf(a.Action); m.Jail && jailed[a.Seat] {
			n.void[a.ID] = true
		}
	}
	for seat := 1; seat <= n.s.Players; seat++ {
		if jailed[seat] {
			n.r.Jailed = append(n.r.Jailed, seat)
		}
	}
}

// launch is step 3: the launched attacks, their kinds and manifestos.
func (n *catNight) launch() {
	for _, a := range n.c.Acts {
		if m, _ := catModeOf(a.Action); m.Attack && !n.void[a.ID] {
			n.launched = append(n.launched, a)
			form := a.Form
			if form == "" {
				form = n.s.Seats[a.Seat-1].Cards[a.Card-1].Role
			}
			n.kind[a.ID] = catKind(form)
			if t := catChars(a.Text); t > 0 {
				n.out.Manifestos = append(n.out.Manifestos, a.Text)
			}
		}
	}
}

// antiSnipe is step 4: an anti-snipe voids every normal snipe.
func (n *catNight) antiSnipe() {
	if len(n.valid("anti-snipe")) == 0 {
		return
	}
	for _, a := range n.launched {
		if a.Action == "snipe" {
			n.void[a.ID] = true
		}
	}
}

// bindAndHeal is step 5: soul-binding and healing, from the launched
// attacks.
func (n *catNight) bindAndHeal() {
	type key struct {
		kind           string
		binder, target int
	}
	var keys []key
	for _, a := range n.c.Acts {
		if (a.Action == "bind" || a.Action == "heal") && !n.void[a.ID] {
			k := key{a.Action, a.Seat, a.Target.Seat}
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	type cardKey struct{ seat, card int }
	voidCards := map[cardKey]bool{}
	for _, k := range keys {
		kinds := []string{"KILLER", "SNIPER"}
		if k.kind == "heal" {
			kinds = []string{"WEREWOLF", "SNIPER"}
		}
		success, any := false, false
		for _, a := range n.launched {
			if a.Target.Seat != k.target || !slices.Contains(kinds, n.kind[a.ID]) {
				continue
			}
			any = true
			if n.normal(a) {
				success = true
				voidCards[cardKey{a.Seat, a.Card}] = true
			}
		}
		if success && !slices.Contains(n.r.Saved, k.target) {
			n.r.Saved = append(n.r.Saved, k.target)
		}
		if any {
			continue // not empty: the pair is broken
		}
		count := 1
		for _, p := range n.c.Streaks {
			if p.Kind == k.kind && p.Binder == k.binder && p.Target == k.target && p.Night == n.s.Round-1 {
				count = p.Count + 1
			}
		}
		if count >= 2 { // R11: a loss uses up both nights
			n.extra = append(n.extra, catExtraHit{k.target, catHit{Kind: strings.ToUpper(k.kind), Cause: "binding"}})
			continue
		}
		n.r.Streaks = append(n.r.Streaks, catStreak{Kind: k.kind, Binder: k.binder, Target: k.target, Count: count, Night: n.s.Round})
	}
	slices.Sort(n.r.Saved)
	for _, a := range n.launched {
		if n.normal(a) && voidCards[cardKey{a.Seat, a.Card}] {
			n.void[a.ID] = true
		}
	}
}

// vestsAndWolfsbane is step 6: vests and wolfsbane protect their users.
func (n *catNight) vestsAndWolfsbane() {
	vest, bane := map[int]bool{}, map[int]bool{}
	for _, a := range n.valid("vest") {
		vest[a.Seat] = true
	}
	for _, a := range n.valid("wolfsbane") {
		bane[a.Seat] = true
	}
	for _, a := range n.launched {
		t := a.Target.Seat
		switch {
		case a.Action == "snipe" && (vest[t] || bane[t]),
			a.Action == "attack" && n.kind[a.ID] == "KILLER" && vest[t],
			a.Action == "attack" && n.kind[a.ID] == "WEREWOLF" && bane[t]:
			n.void[a.ID] = true
		}
	}
}

// pardons is step 8.
func (n *catNight) pardons() {
	for _, a := range n.valid("pardon") {
		x := &n.c.Seats[a.Target.Seat-1]
		if x.Pending >= 0 && !x.Pardoned && !slices.Contains(n.r.Pardoned, a.Target.Seat) {
			n.r.Pardoned = append(n.r.Pardoned, a.Target.Seat)
		}
	}
	slices.Sort(n.r.Pardoned)
}

// losses is step 9: card losses (§9), with step 7's ultimate kills.
func (n *catNight) losses() {
	for seat := 1; seat <= n.s.Players; seat++ {
		if !n.s.Seat(seat).Alive() {
			continue
		}
		st := &n.c.Seats[seat-1]
		var aimed []int
		var hits []catHit
		for _, a := range n.launched {
			if a.Target.Seat != seat || n.void[a.ID] {
				continue
			}
			if a.Action == "aimed-snipe" {
				aimed = append(aimed, a.Position)
			} else {
				hits = append(hits, catHit{Kind: n.kind[a.ID], Cause: "attack"})
			}
		}
		for _, x := range n.extra {
			if x.seat == seat {
				hits = append(hits, x.hit)
			}
		}
		for _, a := range n.valid("deathblow") {
			if a.Target.Seat == seat {
				hits = append(hits, catHit{Kind: "U", Cause: "deathblow"})
			}
		}
		if len(aimed) == 0 && len(hits) == 0 {
			continue
		}
		q := slices.Clone(st.Order)
		pending := st.Pending >= 0
		if pending {
			q = q[1:]
		}
		guard := -1
		if st.Guard >= 0 {
			guard = slices.Index(q, st.Guard)
		}
		for _, rm := range catLosses(len(q), guard, pending, aimed, hits) {
			n.r.Losses = append(n.r.Losses, CatLoss{Seat: seat, Card: q[rm.Index] + 1, Cause: rm.Cause})
		}
	}
}

// endNight ends the night: orders take effect (step 1), §10's resolution,
// the dawn announcement (§11), the co-win notice on dawn 1, the win check,
// and the day.
func (v catLives) endNight(g *Game) {
	s := &g.s
	c := catOf(s)
	if s.Round == 1 || c.Window == catPhase(s) {
		ob := OrdersBody{Round: s.Round}
		if s.Round == 1 {
			for seat := 1; seat <= s.Players; seat++ {
				if st := &c.Seats[seat-1]; !st.OrderSet && st.Proposed == nil && s.Seat(seat).Alive() {
					ob.Random = append(ob.Random, seat)
				}
			}
		}
		g.emit(&ob, nobody)
	}
	before := s.Living()
	pendingRoles := map[int]string{}
	for i := range c.Seats {
		if p := c.Seats[i].Pending; p >= 0 {
			pendingRoles[i+1] = s.Seats[i].Cards[p].Role
		}
	}
	out := v.resolveNight(s)
	g.emit(&out.Resolve, nobody)
	a := AnnounceBody{Round: s.Round, When: "dawn", Manifestos: out.Manifestos, Saved: out.Resolve.Saved,
		Pardoned: out.Resolve.Pardoned}
	lost := catLossLines(s, out.Resolve.Losses)
	var seats []int
	for seat := range pendingRoles {
		if !slices.Contains(out.Resolve.Pardoned, seat) {
			seats = append(seats, seat)
		}
	}
	slices.Sort(seats)
	for _, seat := range seats {
		l := CardLoss{Seat: seat, Cause: "execution"}
		catCount(&l, pendingRoles[seat])
		lost = append(lost, l)
		lost = catSortLines(lost)
	}
	a.Losses = lost
	a.Dead = catDied(s, before)
	v.finishAnnounce(g, &a, len(out.Resolve.Losses)+len(seats))
	g.emit(&a, nil)
	dead := seatList(a.Dead...)
	if dead == nil {
		dead = []Target{}
	}
	g.emit(&DawnBody{Round: s.Round, Dead: dead}, nil)
	if s.Round == 1 && c.Cowin && c.Stance != "" {
		partner := slices.Index(c.Camps, c.Stance) + 1
		if partner > 0 && s.Seat(partner).Alive() {
			g.emit(&NoticeBody{Round: 1, Seat: partner, Note: "cowin"}, g.only(partner))
		}
	}
	if w, why := v.Win(s); w != "" {
		v.gameOver(g, w, why)
		return
	}
	v.startDay(g)
}

// catLossLines turns card losses into the public lines: per seat and
// cause, how many privilege and commoner cards (§11).
func catLossLines(s *State, losses []CatLoss) []CardLoss {
	var out []CardLoss
	for _, l := range losses {
		i := slices.IndexFunc(out, func(x CardLoss) bool { return x.Seat == l.Seat && x.Cause == l.Cause })
		if i < 0 {
			out = append(out, CardLoss{Seat: l.Seat, Cause: l.Cause})
			i = len(out) - 1
		}
		catCount(&out[i], s.Seats[l.Seat-1].Cards[l.Card-1].Role)
	}
	return catSortLines(out)
}

func catCount(l *CardLoss, role string) {
	if role == "commoner" {
		l.Commoner++
	} else {
		l.Privilege++
	}
}

var catCauses = []string{"attack", "binding", "deathblow", "execution", "saint"}

func catSortLines(ls []CardLoss) []CardLoss {
	slices.SortStableFunc(ls, func(a, b CardLoss) int {
		if a.Seat != b.Seat {
			return a.Seat - b.Seat
		}
		return slices.Index(catCauses, a.Cause) - slices.Index(catCauses, b.Cause)
	})
	return ls
}

// catDied lists the seats of before that are dead now.
func catDied(s *State, before []int) []int {
	var out []int
	for _, x := range before {
		if !s.Seat(x).Alive() {
			out = append(out, x)
		}
	}
	return out
}

// finishAnnounce adds the card counts, the game's lost-card count and the
// reorder window (§5: 11 and 22 lost cards; one window when one
// announcement passes both) to an announcement of n lost cards.
func (v catLives) finishAnnounce(g *Game, a *AnnounceBody, n int) {
	s := &g.s
	c := catOf(s)
	for seat := 1; seat <= s.Players; seat++ {
		a.Cards = append(a.Cards, catPublicCards(s, seat))
	}
	a.Lost = c.Lost + n
	for _, t := range []int{11, 22} {
		if c.Lost < t && a.Lost >= t {
			a.Reorder = true
		}
	}
	if a.Dead == nil {
		a.Dead = []int{}
	}
}
