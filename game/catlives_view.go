package game

import (
	"slices"
	"strconv"
)

// catViewKey is the JSON key of cat-lives-7's parts of the views, where
// the phone page reads them.
const catViewKey = "catLives"

func init() {
	registerView(catViewKey, func() ViewExt { return new(CatTableView) }, func() ViewExt { return new(CatPlayerView) })
}

// ViewKey implements ViewExt.
func (*CatTableView) ViewKey() string { return catViewKey }

// ViewKey implements ViewExt.
func (*CatPlayerView) ViewKey() string { return catViewKey }

// CatTable is cat-lives-7's part of the table view tv (nil in another
// variant's view).
func CatTable(tv *TableView) *CatTableView {
	ct, _ := tv.Ext.(*CatTableView)
	return ct
}

// CatPlayer is cat-lives-7's part of the player view pv (nil in another
// variant's view).
func CatPlayer(pv *PlayerView) *CatPlayerView {
	cp, _ := pv.Ext.(*CatPlayerView)
	return cp
}

// CatTableView is cat-lives-7's public part of the table view
// (TableView.Ext): only what R27 makes public.
type CatTableView struct {
	Seats []CatSeatView `json:"seats"`
	// Lost counts the cards lost in the game; Reorder says that a reorder
	// window runs in the current phase (§5).
	Lost    int  `json:"lost"`
	Reorder bool `json:"reorder,omitempty"`
	// Dawn is the latest dawn announcement (manifestos, saved players,
	// losses by kind and cause, pardons, deaths); Dusk the latest end of a
	// day (executions, totals, losses, pending execution losses, day deaths
	// with their camps).
	Dawn *AnnounceBody `json:"dawn,omitempty"`
	Dusk *AnnounceBody `json:"dusk,omitempty"`
	// Votes are the day's current votes, live, each with its weight (the
	// voter's cards); Counts the weighted totals as they stand (curses and
	// blessings are applied only at the end: Dusk.Totals).
	Votes  []CatVote `json:"votes,omitempty"`
	Counts []Count   `json:"counts,omitempty"`
	// Closing: the closing window runs (vote changes are closed, R23).
	Closing bool `json:"closing,omitempty"`
	// Ready: every living player has sent done today (the host may end the
	// day's timed segments, §6).
	Ready bool `json:"ready,omitempty"`
	// At the end of the game (G7): the free-choice player's stance, the card
	// set aside, every privilege used with the void ones marked.
	Stance   *SeatCamp       `json:"stance,omitempty"`
	SetAside string          `json:"setAside,omitempty"`
	History  []PrivilegeBody `json:"history,omitempty"`
	Voided   []int           `json:"voided,omitempty"`
}

// CatSeatView is one seat as the table sees it.
type CatSeatView struct {
	Seat  int `json:"seat"`
	Cards int `json:"cards"` // cards held (a pending execution card included)
	// Pending: executed yesterday, the loss is announced at dawn.
	Pending       bool   `json:"pending,omitempty"`
	LostPrivilege int    `json:"lostPrivilege,omitempty"`
	LostCommoner  int    `json:"lostCommoner,omitempty"`
	Camp          string `json:"camp,omitempty"` // revealed by a day death (R25), or at the end
	Stance        string `json:"stance,omitempty"`
	Cowin         bool   `json:"cowin,omitempty"`
	Saved         bool   `json:"saved,omitempty"` // saved at dawn: no vote today
}

// CatVote is a voter's current vote.
type CatVote struct {
	Seat    int  `json:"seat"`
	Target  int  `json:"target"`
	Weight  int  `json:"weight"`
	Changed bool `json:"changed,omitempty"`
	Default bool `json:"default,omitempty"` // cast for oneself at the end of the day (§12)
}

// CatPlayerView is what one player privately knows in cat-lives-7
// (PlayerView.Ext).
type CatPlayerView struct {
	// Stance: the free-choice player's current choice (camp "" =
	// independent so far); Notice "cowin": the free-choice player co-wins
	// with you (§2, nobody named).
	Stance *CatStance `json:"stance,omitempty"`
	Notice string     `json:"notice,omitempty"`
	// Points: AP free to spend now (pending privileges reserved).
	Points int `json:"points"`
	// Cards: the held cards in discard order, front first (a pending card
	// first); Lost the cards lost, in dealt order.
	Cards []CatCardView `json:"cards"`
	Lost  []string      `json:"lost,omitempty"`
	// OrderOpen: a discard order may be submitted now (night 1, a reorder
	// window); Proposed the order submitted for it; BottomFixed whether the
	// bottom card may no longer change.
	OrderOpen   bool     `json:"orderOpen,omitempty"`
	Proposed    []string `json:"proposed,omitempty"`
	BottomFixed bool     `json:"bottomFixed,omitempty"`
	// Privileges: every mode of the held cards, usable now or not (Why).
	Privileges []CatPrivilegeView `json:"privileges"`
	// Pending: this phase's privileges, withdrawable until it ends.
	Pending []PrivilegeBody `json:"pending,omitempty"`
	// Manifesto: tonight's characters against what the attacks need.
	Manifesto CatManifesto `json:"manifesto"`
	// Arsons declared and waiting; Saint: the saint covers today.
	Arsons []int `json:"arsons,omitempty"`
	Saint  bool  `json:"saint,omitempty"`
	Saved  bool  `json:"saved,omitempty"`
	// Vote: the player's current vote and whether the one change is left.
	Vote      int  `json:"vote,omitempty"`
	CanChange bool `json:"canChange,omitempty"`
	// Nightfall is how the last nightfall's AP came about (§7): the gain,
	// the bodyguard's upkeep, arsons paid and suffered.
	Nightfall *PointsBody `json:"nightfall,omitempty"`
}

// CatStance is the free-choice player's stance (§2): camp "killers" or
// "werewolves", or "" (independent, the default); Fixed once night 1 ended.
type CatStance struct {
	Camp  string `json:"camp"`
	Cowin bool   `json:"cowin,omitempty"`
	Fixed bool   `json:"fixed,omitempty"`
	// Camps are the camps the player may join (§2).
	Camps []string `json:"camps"`
}

// CatCardView is one held card.
type CatCardView struct {
	Card    string `json:"card"`
	Index   int    `json:"index"` // 1..5, dealt order
	Pending bool   `json:"pending,omitempty"`
	Bottom  bool   `json:"bottom,omitempty"`
	// An amoeba: its form, the AP left of the form's 4, a transformation
	// under way and the phase it completes in ("night n" / "day n").
	Form   string `json:"form,omitempty"`
	Budget int    `json:"budget,omitempty"`
	Into   string `json:"into,omitempty"`
	Ready  string `json:"ready,omitempty"`
	Guard  bool   `json:"guard,omitempty"` // the bodyguard working tonight
}

// CatPrivilegeView is one privilege mode of the player's cards.
type CatPrivilegeView struct {
	Action string `json:"action"`
	Card   string `json:"card"`           // the card offering it
	Form   bool   `json:"form,omitempty"` // through the amoeba's form
	// Via is the command's via that uses it (CatArgs.Via): the card
	// offering it, or "amoeba" through its form.
	Via  string `json:"via"`
	Cost int    `json:"cost"`
	Note string `json:"note,omitempty"`
	// Target: "other", "any", "none", "executed"; Targets the legal ones.
	Target  string   `json:"target"`
	Targets []Target `json:"targets,omitempty"`
	// Needs names the extra fields: "text" (manifesto), "position" (with
	// Positions per target seat: the legal positions), "into" (with Into).
	Needs     []string         `json:"needs,omitempty"`
	Positions map[string][]int `json:"positions,omitempty"`
	Into      []string         `json:"into,omitempty"`
	Usable    bool             `json:"usable"`
	// Why says why it is not usable now (a code of Refusals and its
	// arguments; nil when usable).
	Why *Rejection `json:"why,omitempty"`
}

// CatManifesto is the night's manifesto count (§8.1).
type CatManifesto struct {
	Attacks int `json:"attacks"`
	Chars   int `json:"chars"`
	Min     int `json:"min"` // characters per attack
	// Need is what tonight's manifestos need together now (Min × Attacks);
	// Next what they need with one more attack (Min × (Attacks+1)).
	Need int `json:"need"`
	Next int `json:"next"`
	// Blank are the characters the count leaves out (CatBlank), so that a
	// phone counts a draft as the engine will.
	Blank string `json:"blank"`
}

// tableView fills TableView.Ext and runs the shared fields the variant
// runs differently: the timer, the narration, the ballot (viewer).
func (v catLives) tableView(g *Game, tv *TableView) {
	s := &g.s
	c := catOf(s)
	if c == nil {
		return
	}
	// Privileges bring no answers, and the hand, not the card, holds the
	// night.
	tv.Card.Results, tv.Card.Tonight = 0, 0
	ct := &CatTableView{Lost: c.Lost, Dawn: c.Dawn, Dusk: c.Dusk}
	over := s.Phase == PhaseOver
	for seat := 1; seat <= s.Players; seat++ {
		st := &c.Seats[seat-1]
		sv := CatSeatView{Seat: seat, Cards: catPublicCards(s, seat), Pending: st.Pending >= 0,
			LostPrivilege: c.LostKinds[seat-1][0], LostCommoner: c.LostKinds[seat-1][1]}
		if s.Phase == PhaseDay && slices.Contains(c.Saved, seat) {
			sv.Saved = true
		}
		for _, r := range c.Revealed {
			if r.Seat == seat {
				sv.Camp, sv.Stance, sv.Cowin = r.Camp, r.Stance, r.Cowin
			}
		}
		if over {
			sv.Camp = c.Camps[seat-1]
			if seat == c.Free {
				sv.Stance, sv.Cowin = c.Stance, c.Cowin
			}
		}
		ct.Seats = append(ct.Seats, sv)
	}
	ct.Reorder = !over && c.Window != 0 && c.Window == catPhase(s) && !c.DayOver
	if over {
		ct.Stance = &SeatCamp{Seat: c.Free, Camp: "free-choice", Stance: c.Stance, Cowin: c.Cowin}
		ct.SetAside = c.SetAside
		ct.History = c.History
		ct.Voided = c.Voided
	}
	warn := min(60, s.OptInt("nightSeconds")/5)
	switch s.Phase {
	case PhaseNight:
		tv.Timer = &Timer{Key: g.stageKey(), Kind: "night", Seconds: s.OptInt("nightSeconds"), Warn: warn}
	case PhaseDay:
		d := s.Day
		tv.Timer = nil
		tv.Narration = Narration{Key: "day", Round: s.Round}
		switch {
		case d.Speaker != 0:
			secs := s.Opts.SpeechSeconds
			if d.Kind == StageLastWords {
				secs = s.Opts.LastWordsSeconds
			}
			tv.Timer = &Timer{Key: g.stageKey(), Kind: string(d.Kind), Seconds: secs}
			tv.Narration = Narration{Key: string(d.Kind), Round: s.Round, Seat: d.Speaker}
		case d.Stage == StageDiscussion:
			tv.Timer = &Timer{Key: g.stageKey(), Kind: "discussion", Seconds: s.Opts.DiscussionSeconds}
			tv.Narration = Narration{Key: "discussion", Round: s.Round}
		case d.Stage == StageClosing:
			tv.Timer = &Timer{Key: g.stageKey(), Kind: "closing", Seconds: s.OptInt("closingSeconds")}
			tv.Narration = Narration{Key: "closing", Round: s.Round}
			ct.Closing = true
		}
		if b := d.Ballot; b != nil {
			bv := &BallotView{Index: b.Index, Mode: b.Mode, Candidates: b.Candidates, Voters: b.Voters, Closed: b.Closed, Open: true}
			for _, x := range b.Voters {
				w := catCards(s, x)
				bv.Weights = append(bv.Weights, float64(w))
				cur, cast := catVotes(b, x)
				if cast == 0 {
					continue
				}
				bv.Cast++
				cv := CatVote{Seat: x, Target: cur, Weight: w, Changed: cast > 1}
				for _, vb := range b.Votes {
					if vb.Seat == x && vb.By == "default" {
						cv.Default = true
					}
				}
				ct.Votes = append(ct.Votes, cv)
			}
			bv.Votes = b.Votes
			for _, t := range b.Candidates {
				n := 0
				for _, cv := range ct.Votes {
					if cv.Target == t.Seat {
						n += cv.Weight
					}
				}
				ct.Counts = append(ct.Counts, Count{Target: t, Votes: float64(n)})
			}
			bv.Counts = ct.Counts
			if b.Closed && b.Tally != nil {
				bv.Counts = b.Tally.Counts
				bv.Outcome = b.Tally.Outcome
				bv.Top = b.Tally.Top
			}
			tv.Ballot = bv
		}
		if !c.DayOver && len(c.DayDone) > 0 {
			ready := true
			for _, x := range s.Living() {
				if !slices.Contains(c.DayDone, x) {
					ready = false
				}
			}
			ct.Ready = ready
		}
	}
	tv.Ext = ct
}

// playerView fills PlayerView.Ext and the player's tasks (viewer).
func (v catLives) playerView(g *Game, pv *PlayerView) {
	s := &g.s
	c := catOf(s)
	seat := pv.Seat
	if c == nil || seat < 1 || seat > s.Players {
		return
	}
	st := &c.Seats[seat-1]
	cp := &CatPlayerView{Points: st.AP, Manifesto: CatManifesto{Min: s.OptInt("manifestoMinChars"), Blank: CatBlank}, Privileges: []CatPrivilegeView{}}
	if seat == c.Free {
		cp.Stance = &CatStance{Camp: c.Stance, Cowin: c.Cowin, Fixed: s.Round > 1 || s.Phase != PhaseNight, Camps: []string{"killers", "werewolves"}}
	}
	if c.Notice == seat {
		cp.Notice = "cowin"
	}
	cards := s.Seats[seat-1].Cards
	for i, x := range st.Order {
		cv := CatCardView{Card: cards[x].Role, Index: x + 1, Pending: x == st.Pending, Bottom: i == len(st.Order)-1,
			Guard: s.Phase == PhaseNight && x == st.Guard}
		if x == st.Amoeba {
			cv.Form, cv.Into = st.Form, st.Into
			if st.Form != "" {
				cv.Budget = 4 - st.Spent
			}
			if st.Into != "" {
				cv.Ready = catPhaseName(st.Due)
			}
		}
		cp.Cards = append(cp.Cards, cv)
	}
	for _, card := range cards {
		if !card.Alive {
			cp.Lost = append(cp.Lost, card.Role)
		}
	}
	cp.BottomFixed = s.Round > 1 || s.Phase != PhaseNight
	if st.Proposed != nil {
		cp.Proposed = catNames(s, seat, st.Proposed)
	}
	for _, a := range c.Arsons {
		if a.Seat == seat {
			cp.Arsons = append(cp.Arsons, a.Target)
		}
	}
	cp.Saint = st.Saint == s.Round && s.Phase == PhaseDay
	cp.Nightfall = st.Points
	cp.Saved = s.Phase == PhaseDay && slices.Contains(c.Saved, seat)
	for _, a := range c.Acts {
		if a.Seat == seat {
			cp.Pending = append(cp.Pending, a)
		}
	}
	cp.Manifesto.Chars, cp.Manifesto.Attacks = catManifesto(c, seat, 0)
	cp.Manifesto.Need = cp.Manifesto.Min * cp.Manifesto.Attacks
	cp.Manifesto.Next = cp.Manifesto.Min * (cp.Manifesto.Attacks + 1)
	alive := s.Seat(seat).Alive()
	active := alive && (s.Phase == PhaseNight || (s.Phase == PhaseDay && !c.DayOver))
	cp.OrderOpen = active && catOrderOpen(s)
	for _, m := range catModes {
		cards := catCardsFor(s, seat, m)
		seen := map[bool]bool{}
		for _, k := range cards {
			if seen[k.Form] {
				continue
			}
			seen[k.Form] = true
			via := ""
			if k.Form {
				via = "amoeba"
			} else if len(cards) > 1 {
				via = k.Type
			}
			pr := CatPrivilegeView{Action: m.ID, Card: k.Type, Form: k.Form, Via: k.Type, Cost: m.Cost, Target: m.Target}
			if k.Form {
				pr.Via = "amoeba"
			}
			if m.ID == "arson" {
				pr.Note = "half your AP (at least 2) at the next nightfall"
			}
			_, why := catModeProblem(s, seat, m, via)
			if !active {
				why = refuse(RefuseNothingNow)
			}
			pr.Usable, pr.Why = why == nil, why
			if m.Target != "none" {
				for _, x := range s.Living() {
					if catTargetProblem(s, seat, m, k, SeatTarget(x)) == nil {
						pr.Targets = append(pr.Targets, SeatTarget(x))
					}
				}
			}
			if m.Attack {
				pr.Needs = append(pr.Needs, "text")
			}
			if m.ID == "aimed-snipe" {
				pr.Needs = append(pr.Needs, "position")
				pr.Positions = map[string][]int{}
				for _, t := range pr.Targets {
					n := catPublicCards(s, t.Seat)
					var ks []int
					for k := 1; k <= n; k++ {
						if k > 1 || n == 1 {
							ks = append(ks, k)
						}
					}
					pr.Positions[t.String()] = ks
				}
			}
			if m.ID == "transform" {
				pr.Needs = append(pr.Needs, "into")
				pr.Into = catIntoChoices(s, seat)
			}
			cp.Privileges = append(cp.Privileges, pr)
		}
	}
	if s.Phase == PhaseDay && s.Day.Ballot != nil {
		cur, cast := catVotes(s.Day.Ballot, seat)
		cp.Vote = cur
		cp.CanChange = cast < 2 && s.Day.Stage != StageClosing && !c.DayOver && slices.Contains(s.Day.Ballot.Voters, seat)
	}
	pv.Ext = cp
	if !alive || s.Phase == PhaseOver {
		pv.Tasks = []Task{}
		if s.Phase == PhaseDay && s.Day != nil && s.Day.Speaker == seat {
			pv.Tasks = append(pv.Tasks, Task{Action: ActPass}) // a dead player's last words
		}
		return
	}
	pv.Tasks = v.tasks(g, seat, cp)
}

// tasks are the player's tasks now, for clients that read only Tasks: the
// usable privileges with their targets, and done, order, stance, withdraw
// (offered in the hand panel: PlaceHand), pass and vote (the main
// screen's).
func (v catLives) tasks(g *Game, seat int, cp *CatPlayerView) []Task {
	s := &g.s
	c := catOf(s)
	out := []Task{}
	if s.Phase == PhaseDay {
		d := s.Day
		if d.Speaker == seat {
			out = append(out, Task{Action: ActPass})
		}
		if c.DayOver {
			return out
		}
		if b := d.Ballot; b != nil && slices.Contains(b.Voters, seat) {
			cur, cast := catVotes(b, seat)
			t := Task{Action: ActVote, Done: cast >= 2 || (cast == 1 && d.Stage == StageClosing)}
			if cur != 0 {
				x := SeatTarget(cur)
				t.Choice = &x
			}
			if !t.Done {
				for _, x := range b.Candidates {
					if x.Seat != cur {
						t.Targets = append(t.Targets, x)
					}
				}
			}
			out = append(out, t)
		}
	}
	for _, p := range cp.Privileges {
		if !p.Usable {
			continue
		}
		t := Task{Action: p.Action, Role: p.Card, Optional: true, NoTarget: p.Target == "none", Targets: p.Targets, Place: PlaceHand}
		if p.Target != "none" && len(p.Targets) == 0 {
			continue
		}
		out = append(out, t)
	}
	if cp.OrderOpen {
		out = append(out, Task{Action: "order", NoTarget: true, Optional: true, Done: cp.Proposed != nil, Place: PlaceHand})
	}
	if seat == c.Free && s.Phase == PhaseNight && s.Round == 1 {
		out = append(out, Task{Action: "stance", NoTarget: true, Optional: true, Done: c.Stance != "", Place: PlaceHand})
	}
	if len(cp.Pending) > 0 {
		out = append(out, Task{Action: "withdraw", NoTarget: true, Optional: true, Place: PlaceHand})
	}
	switch s.Phase {
	case PhaseNight:
		out = append(out, Task{Action: "done", NoTarget: true, Done: slices.Contains(s.Night.Slept, seat), Place: PlaceHand})
	case PhaseDay:
		out = append(out, Task{Action: "done", NoTarget: true, Done: slices.Contains(c.DayDone, seat), Place: PlaceHand})
	}
	return out
}

// catPhaseName names a phase key: "night n" or "day n".
func catPhaseName(k int) string {
	if k%2 == 1 {
		return "night " + strconv.Itoa((k+1)/2)
	}
	return "day " + strconv.Itoa(k/2)
}

// momentLine words the one core moment cat-lives-7 plays otherwise: an
// execution costs the executed player a card (§12 step 4), not the game,
// so the timeline says "executed" (处决), not "voted out" (出局).
func (catLives) momentLine(m Moment) (Line, bool) {
	if m.Kind == MomentExecuted {
		return line("tl.cat.executed", "Seat", m.Seat), true
	}
	return Line{}, false
}
