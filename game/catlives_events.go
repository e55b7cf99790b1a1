package game

import (
	"math/rand/v2"
	"slices"
)

// cat-lives-7's state (State.ext) and events. Every change to catState is
// made by applyEvent, from an event in the log (state = fold of events).

// catState is cat-lives-7's part of the game state.
type catState struct {
	Camps    []string // per seat index: "killers", "werewolves", "good" (civilians), "free-choice"
	Free     int      // the free-choice seat
	SetAside string   // the card left out of the deal (R2)
	Stance   string   // the free-choice player's camp: "killers", "werewolves", "" (independent)
	Cowin    bool
	Seats    []catSeat

	Acts   []PrivilegeBody // privileges submitted in the current phase, not withdrawn, in order
	NextID int

	Curses   []PrivilegeBody // curses and blessings for today's vote (night ones included)
	Arsons   []catArson      // declared, waiting for the next nightfall
	Streaks  []catStreak     // empty bindings and healings in a row (R11)
	Saved    []int           // saved at the last dawn: no vote today
	Executed []int           // executed on the last day (pardonable tonight if pending)

	Lost      int // cards lost in the game, counted at announcements
	Window    int // phase key of the phase a reorder window runs in (0: none yet)
	Quiet     int // rounds in a row without a card lost (R26), before the current one
	RoundLost int // cards lost in the current round

	LostKinds [][2]int // per seat: privilege and commoner cards lost (public)
	Revealed  []SeatCamp
	Dawn      *AnnounceBody // the latest dawn announcement
	Dusk      *AnnounceBody // the latest end-of-day announcement
	DayDone   []int         // seats that sent `done` today
	DayOver   bool          // the day's vote is counted (its last words run)
	Notice    int           // the partner told of the co-win (0: none)
	History   []PrivilegeBody
	Voided    []int // ids of privileges that were void (for the end-of-game log)
}

// catSeat is one player's private state.
type catSeat struct {
	Order      []int // held cards (indexes into SeatState.Cards), front first; a pending card first
	Proposed   []int // an order submitted for the current window (nil: none)
	OrderSet   bool  // the night-1 order was submitted (or scripted)
	AP         int   // AP free to spend now (pending privileges reserved)
	Pending    int   // card index pending from yesterday's execution, -1: none
	Pardoned   bool  // successfully pardoned once (R13)
	Saint      int   // the round whose day the saint covers, 0: none
	SaintSpent bool  // the saint took effect once
	Guard      int   // card index of tonight's working bodyguard (paid at nightfall), -1: none
	Amoeba     int   // card index of the amoeba card, -1: none
	Form       string
	Spent      int         // AP spent through the current form, reservations included (R20)
	Been       []string    // forms this amoeba has had
	Into       string      // a declared transformation under way
	Due        int         // the phase key at whose end it completes
	Transforms int         // transformations declared
	Blows      []int       // card indexes whose ultimate kill is spent
	Pardons    []catUse    // pardon card uses: the card and the player
	Points     *PointsBody // the last nightfall's AP
}

type catUse struct{ Card, Seat int }

// catArson is a declared arson: it takes effect at nightfall of Night.
type catArson struct {
	ID, Seat, Target, Night int
	Amoeba                  bool // declared through an amoeba in arson form
}

// catStreak: Binder's binding (Kind "bind") or healing ("heal") of Target
// was empty on Night, the Count-th empty night in a row.
type catStreak struct {
	Kind   string `json:"kind"`
	Binder int    `json:"binder"`
	Target int    `json:"target"`
	Count  int    `json:"count"`
	Night  int    `json:"night"`
}

// catPhase is the key of the current phase: night n → 2n−1, day n → 2n.
func catPhase(s *State) int {
	if s.Phase == PhaseDay {
		return 2 * s.Round
	}
	return 2*s.Round - 1
}

// CampsBody: the camps (§4 step 1), the free-choice seat and the card set
// aside. Hidden (each phone shows its own camp through the view).
type CampsBody struct {
	Camps    []string `json:"camps"`
	Free     int      `json:"free"`
	SetAside string   `json:"setAside"`
	Scripted bool     `json:"scripted,omitempty"` // the deal was scripted: it is everybody's first order
}

// PointsBody: a player's AP at nightfall (§7): the gain, the bodyguard's
// upkeep, own arsons paid and AP burnt by others' arsons, the balance;
// Guard is the working bodyguard card tonight (1..5, 0: none). Private.
type PointsBody struct {
	Round  int   `json:"round"`
	Seat   int   `json:"seat"`
	Gain   int   `json:"gain"`
	Upkeep int   `json:"upkeep,omitempty"`
	Arson  []int `json:"arson,omitempty"`  // paid for each own arson taking effect
	Burned []int `json:"burned,omitempty"` // lost to each arson against the player
	AP     int   `json:"ap"`
	Guard  int   `json:"guard,omitempty"`
}

// PrivilegeBody: a privilege submitted (its cost reserved, §7). Card is the
// acting card (1..5, dealt order); Form the amoeba's form it acts through.
// Private to the player until the game ends.
type PrivilegeBody struct {
	ID       int     `json:"id"`
	Round    int     `json:"round"`
	Day      bool    `json:"day,omitempty"`
	Seat     int     `json:"seat"`
	Action   string  `json:"action"`
	Card     int     `json:"card"`
	Form     string  `json:"form,omitempty"`
	Target   *Target `json:"target,omitempty"`
	Position int     `json:"position,omitempty"`
	Into     string  `json:"into,omitempty"`
	Text     string  `json:"text,omitempty"`
	Cost     int     `json:"cost"`
}

// WithdrawBody: a pending privilege withdrawn, its AP freed.
type WithdrawBody struct {
	Seat   int    `json:"seat"`
	ID     int    `json:"id,omitempty"`     // cat-lives-7: the privilege withdrawn (ids start at 1)
	Action string `json:"action,omitempty"` // cat-lives-7: its action
}

// OrderBody: a discard order submitted (§5): card ids, first lost first,
// without a card pending from an execution. Private.
type OrderBody struct {
	Seat  int      `json:"seat"`
	Order []string `json:"order,omitempty"` // cat-lives-7's discard order (never empty there)
	// Side is werewolf-12's speaking order (§10.1): "left" or "right",
	// drawn by the event when By is "random" (the turn timed out).
	Side string `json:"side,omitempty"`
	By   string `json:"by,omitempty"`
}

// OrdersBody: the submitted orders take effect (end of night 1, end of a
// reorder window's phase); on night 1 the seats in Random, who submitted
// none, get a seeded random order with a random privilege card at the
// bottom (drawn here, in ascending seat order, and written into Orders).
// Hidden.
type OrdersBody struct {
	Round  int        `json:"round"`
	Random []int      `json:"random,omitempty"`
	Orders [][]string `json:"orders,omitempty"` // the random orders drawn, parallel to Random
}

// StanceBody: the free-choice player's choice on night 1 (§2). Private.
type StanceBody struct {
	Seat  int    `json:"seat"`
	Camp  string `json:"camp"`
	Cowin bool   `json:"cowin"`
}

// NoticeBody: a private message from the judge: "cowin" = the free-choice
// player has chosen to co-win with you (§2, R6; nobody is named).
type NoticeBody struct {
	Round int    `json:"round"`
	Seat  int    `json:"seat"`
	Note  string `json:"note"`
}

// DoneBody: a player has nothing more to do today (§6 early end). Private.
type DoneBody struct {
	Seat int `json:"seat"`
}

// CatLoss is one card lost (or, for a pending execution, set aside).
type CatLoss struct {
	Seat  int    `json:"seat"`
	Card  int    `json:"card"`  // 1..5, dealt order
	Cause string `json:"cause"` // "attack", "binding", "deathblow", "execution", "saint"
}

// ResolveBody: the secret outcome of a phase's end (§10 at night, §12 at
// the end of the day): void privileges, saved players, the new binding
// streaks, cards lost, execution losses left pending, pardons. The records
// (saints, arsons, curses, transformations, spent cards) follow from the
// phase's privileges that are not void. Hidden until the end.
type ResolveBody struct {
	Round    int         `json:"round"`
	When     string      `json:"when"` // "night" or "day"
	Void     []int       `json:"void,omitempty"`
	Jailed   []int       `json:"jailed,omitempty"`
	Saved    []int       `json:"saved,omitempty"`
	Streaks  []catStreak `json:"streaks,omitempty"`
	Losses   []CatLoss   `json:"losses,omitempty"`
	Pending  []CatLoss   `json:"pending,omitempty"`
	Pardoned []int       `json:"pardoned,omitempty"`
	Executed []int       `json:"executed,omitempty"`
}

// CardLoss is a public line of an announcement: how many cards of each
// kind a seat lost to one cause (§11: kinds, never the cards).
type CardLoss struct {
	Seat      int    `json:"seat"`
	Cause     string `json:"cause"`
	Privilege int    `json:"privilege,omitempty"`
	Commoner  int    `json:"commoner,omitempty"`
}

// SeatCamp is a camp revealed by a day death (R25).
type SeatCamp struct {
	Seat   int    `json:"seat"`
	Camp   string `json:"camp"`
	Stance string `json:"stance,omitempty"` // the free-choice player's camp
	Cowin  bool   `json:"cowin,omitempty"`
}

// AnnounceBody: the judge's announcement at dawn (§11) or at the end of the
// day (§12.8). Manifestos are the night's launched attacks' texts, shuffled
// (R19); Votes and Totals are the day's weighted totals before and after
// curses and blessings; Pending lists executions whose loss is announced at
// the next dawn; Cards every seat's card count after the announcement; Lost
// the cards lost in the game; Reorder opens a reorder window in the next
// phase (§5).
type AnnounceBody struct {
	Round      int        `json:"round"`
	When       string     `json:"when"` // "dawn" or "dusk"
	Manifestos []string   `json:"manifestos,omitempty"`
	Saved      []int      `json:"saved,omitempty"`
	Executed   []int      `json:"executed,omitempty"`
	Votes      []Count    `json:"votes,omitempty"`
	Totals     []Count    `json:"totals,omitempty"`
	Losses     []CardLoss `json:"losses,omitempty"`
	Pending    []int      `json:"pending,omitempty"`
	Pardoned   []int      `json:"pardoned,omitempty"`
	Dead       []int      `json:"dead"`
	Camps      []SeatCamp `json:"camps,omitempty"`
	Cards      []int      `json:"cards"`
	Lost       int        `json:"lost"`
	Reorder    bool       `json:"reorder,omitempty"`
}

func (*CampsBody) Type() string     { return "camps" }
func (*PointsBody) Type() string    { return "points" }
func (*PrivilegeBody) Type() string { return "privilege" }
func (*WithdrawBody) Type() string  { return "withdraw" }

// werewolf-12's withdraw (退水) and order (the sheriff's side) are public:
// live parts of the running stage. cat-lives-7's are private.
func (*WithdrawBody) tableRole() TableRole { return TableLive }
func (*OrderBody) tableRole() TableRole    { return TableLive }
func (*OrderBody) Type() string            { return "order" }
func (*OrdersBody) Type() string           { return "orders" }
func (*StanceBody) Type() string           { return "stance" }
func (*NoticeBody) Type() string           { return "notice" }
func (*DoneBody) Type() string             { return "done" }
func (*ResolveBody) Type() string          { return "resolve" }
func (*AnnounceBody) Type() string         { return "announce" }

func init() {
	bodyTypes["camps"] = func() Body { return &CampsBody{} }
	bodyTypes["points"] = func() Body { return &PointsBody{} }
	bodyTypes["privilege"] = func() Body { return &PrivilegeBody{} }
	bodyTypes["withdraw"] = func() Body { return &WithdrawBody{} }
	bodyTypes["order"] = func() Body { return &OrderBody{} }
	bodyTypes["orders"] = func() Body { return &OrdersBody{} }
	bodyTypes["stance"] = func() Body { return &StanceBody{} }
	bodyTypes["notice"] = func() Body { return &NoticeBody{} }
	bodyTypes["done"] = func() Body { return &DoneBody{} }
	bodyTypes["resolve"] = func() Body { return &ResolveBody{} }
	bodyTypes["announce"] = func() Body { return &AnnounceBody{} }
}

// catOf is cat-lives-7's state in s (State.ext): nil before its first
// event and in another variant's game.
func catOf(s *State) *catState {
	c, _ := s.ext.(*catState)
	return c
}

// applyEvent folds cat-lives-7's events into State.ext (eventApplier).
func (catLives) applyEvent(s *State, b Body) (Body, bool) {
	c := catOf(s)
	switch e := b.(type) {
	case *CampsBody:
		c = &catState{Camps: slices.Clone(e.Camps), Free: e.Free, SetAside: e.SetAside}
		c.Seats = make([]catSeat, s.Players)
		c.LostKinds = make([][2]int, s.Players)
		for i := range c.Seats {
			st := &c.Seats[i]
			st.Order = []int{0, 1, 2, 3, 4}
			st.OrderSet = e.Scripted
			st.Pending, st.Guard, st.Amoeba = -1, -1, -1
			for j, card := range s.Seats[i].Cards {
				if card.Role == "amoeba" {
					st.Amoeba = j
				}
			}
		}
		s.ext = c
		return e, true
	case *NightBody:
		if c != nil && s.Phase == PhaseDay { // a round ended (R26)
			if c.RoundLost == 0 {
				c.Quiet++
			} else {
				c.Quiet = 0
			}
			c.RoundLost = 0
			c.Saved, c.DayDone, c.DayOver = nil, nil, false
		}
		return nil, false
	case *ExecutedBody:
		if c == nil {
			return nil, false
		}
		// One card, not the seat (§12.4): the resolve event takes it.
		s.Day.Executed = true
		s.Day.Stage = StageExecuted
		return e, true
	case *PointsBody:
		st := &c.Seats[e.Seat-1]
		st.AP = e.AP
		st.Guard = e.Guard - 1
		st.Points = e
		if st.Guard >= 0 && st.Guard == st.Amoeba {
			st.Spent += e.Upkeep // R20: the upkeep is spent through the form
		}
		var keep []catArson
		k := 0
		for _, a := range c.Arsons {
			if a.Seat == e.Seat && a.Night == e.Round {
				if a.Amoeba && st.Form == "arson" && k < len(e.Arson) {
					st.Spent = min(4, st.Spent+e.Arson[k]) // R20: an arson can empty the budget
				}
				k++
				continue
			}
			keep = append(keep, a)
		}
		c.Arsons = keep
		return e, true
	case *PrivilegeBody:
		c.NextID = e.ID
		c.Acts = append(c.Acts, *e)
		st := &c.Seats[e.Seat-1]
		st.AP -= e.Cost
		if e.Form != "" {
			st.Spent += e.Cost
		}
		return e, true
	case *WithdrawBody:
		for i, a := range c.Acts {
			if a.ID == e.ID {
				st := &c.Seats[a.Seat-1]
				st.AP += a.Cost
				if a.Form != "" {
					st.Spent -= a.Cost
				}
				c.Acts = slices.Delete(c.Acts, i, i+1)
				break
			}
		}
		return e, true
	case *OrderBody:
		st := &c.Seats[e.Seat-1]
		st.Proposed = catIndexes(s, e.Seat, e.Order)
		return e, true
	case *OrdersBody:
		e = new(*e) // the draws below are written into a copy: the caller's body stays as it was
		for i := range c.Seats {
			st := &c.Seats[i]
			if st.Proposed == nil {
				continue
			}
			if st.Pending >= 0 {
				st.Order = append([]int{st.Pending}, st.Proposed...)
			} else {
				st.Order = st.Proposed
			}
			st.Proposed = nil
			st.OrderSet = true
		}
		e.Orders = nil
		for _, seat := range e.Random {
			st := &c.Seats[seat-1]
			st.Order = catRandomOrder(s, seat)
			st.OrderSet = true
			e.Orders = append(e.Orders, catNames(s, seat, st.Order))
		}
		return e, true
	case *StanceBody:
		c.Stance, c.Cowin = e.Camp, e.Cowin
		return e, true
	case *NoticeBody:
		c.Notice = e.Seat
		return e, true
	case *DoneBody:
		c.DayDone = append(c.DayDone, e.Seat)
		return e, true
	case *ResolveBody:
		catApplyResolve(s, *e)
		return e, true
	case *AnnounceBody:
		e = new(*e) // as for OrdersBody
		if len(e.Manifestos) > 0 {
			// R19: anonymous and in a seeded random order; sorted first so
			// that the order of submission never shows, and so that the
			// draw is the same when a log is replayed.
			m := slices.Clone(e.Manifestos)
			slices.Sort(m)
			rand.New(s.RNG).Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
			e.Manifestos = m
		}
		c.RoundLost += e.Lost - c.Lost
		c.Lost = e.Lost
		for _, l := range e.Losses {
			c.LostKinds[l.Seat-1][0] += l.Privilege
			c.LostKinds[l.Seat-1][1] += l.Commoner
		}
		c.Revealed = append(c.Revealed, e.Camps...)
		if e.Reorder {
			// The phase after this announcement (the dawn's is emitted
			// while it is still night).
			c.Window = catPhase(s) + 1
		}
		if e.When == "dawn" {
			c.Dawn = e
		} else {
			c.Dusk = e
		}
		return e, true
	}
	return nil, false
}

// catApplyResolve applies a phase's outcome (§10 steps 9–12, §12 steps
// 4–7) and records what the phase's privileges leave behind.
func catApplyResolve(s *State, e ResolveBody) {
	c := catOf(s)
	night := e.When == "night"
	lose := func(seat, card int) {
		st := &c.Seats[seat-1]
		s.Seats[seat-1].Cards[card].Alive = false
		st.Order = slices.DeleteFunc(st.Order, func(x int) bool { return x == card })
		if card == st.Pending {
			st.Pending = -1
		}
		if card == st.Amoeba {
			st.Form, st.Into, st.Spent = "", "", 0
		}
		if card == st.Guard {
			st.Guard = -1
		}
	}
	// Orders of the phase first: a pending card is the front card (§9).
	for _, l := range e.Losses {
		lose(l.Seat, l.Card-1)
	}
	if night {
		// §10.10: yesterday's pending losses are final unless pardoned.
		for i := range c.Seats {
			st := &c.Seats[i]
			if st.Pending < 0 {
				continue
			}
			if slices.Contains(e.Pardoned, i+1) {
				st.Pending = -1
				st.Pardoned = true
			} else {
				lose(i+1, st.Pending)
			}
		}
		c.Streaks = slices.Clone(e.Streaks)
		c.Saved = slices.Clone(e.Saved)
		c.Executed = nil
	} else {
		for _, p := range e.Pending {
			st := &c.Seats[p.Seat-1]
			st.Pending = p.Card - 1
		}
		c.Executed = slices.Clone(e.Executed)
		for i := range c.Seats {
			st := &c.Seats[i]
			if st.Saint == s.Round {
				if slices.Contains(e.Executed, i+1) {
					st.SaintSpent = true
				}
				st.Saint = 0
			}
		}
		c.Curses = nil
		c.DayOver = true
	}
	// Records (§10.11, §12.7) of the privileges that were not void.
	phase := catPhase(s)
	for _, a := range c.Acts {
		c.History = append(c.History, a)
		if slices.Contains(e.Void, a.ID) {
			continue
		}
		st := &c.Seats[a.Seat-1]
		switch a.Action {
		case "saint":
			st.Saint = s.Round
		case "arson":
			c.Arsons = append(c.Arsons, catArson{ID: a.ID, Seat: a.Seat, Target: a.Target.Seat, Night: s.Round + 1, Amoeba: a.Form != ""})
		case "curse", "vicious-curse", "bless", "devout-bless":
			if night {
				c.Curses = append(c.Curses, a)
			}
		case "transform":
			st.Into, st.Due = a.Into, phase+2
			st.Transforms++
		case "deathblow":
			st.Blows = append(st.Blows, a.Card-1)
		case "pardon":
			st.Pardons = append(st.Pardons, catUse{Card: a.Card - 1, Seat: a.Target.Seat})
		}
	}
	c.Voided = append(c.Voided, e.Void...)
	c.Acts = nil
	// Transformations completing at the end of this phase (§8.13).
	for i := range c.Seats {
		st := &c.Seats[i]
		if st.Into != "" && st.Due == phase && st.Amoeba >= 0 && s.Seats[i].Cards[st.Amoeba].Alive {
			st.Form, st.Into, st.Spent = st.Into, "", 0
			st.Been = append(st.Been, st.Form)
		}
	}
	// Deaths cancel what was waiting on the dead (§8.11, §10.12).
	alive := func(x int) bool { return s.Seats[x-1].Alive() }
	c.Arsons = slices.DeleteFunc(c.Arsons, func(a catArson) bool { return !alive(a.Seat) || !alive(a.Target) })
	for i := range c.Seats {
		if !alive(i + 1) {
			st := &c.Seats[i]
			st.Saint, st.Into = 0, ""
		}
	}
}

// catIndexes maps an order of card ids to card indexes: held cards other
// than a pending one; identical commoners are taken in dealt order.
func catIndexes(s *State, seat int, ids []string) []int {
	st := &catOf(s).Seats[seat-1]
	used := map[int]bool{}
	out := make([]int, 0, len(ids))
	for _, id := range ids {
		for _, x := range st.Order {
			if x != st.Pending && !used[x] && s.Seats[seat-1].Cards[x].Role == id {
				used[x] = true
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// catNames lists the card ids of card indexes.
func catNames(s *State, seat int, idx []int) []string {
	out := make([]string, len(idx))
	for i, x := range idx {
		out[i] = s.Seats[seat-1].Cards[x].Role
	}
	return out
}

// catRandomOrder is §5's default: a seeded random privilege card at the
// bottom (among the seat's privilege cards in dealt order), the other cards
// shuffled in front of it.
func catRandomOrder(s *State, seat int) []int {
	r := rand.New(s.RNG)
	var priv, rest []int
	for j, card := range s.Seats[seat-1].Cards {
		if card.Alive && card.Role != "commoner" {
			priv = append(priv, j)
		}
	}
	bottom := priv[r.IntN(len(priv))]
	for j, card := range s.Seats[seat-1].Cards {
		if card.Alive && j != bottom {
			rest = append(rest, j)
		}
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(rest, bottom)
}
