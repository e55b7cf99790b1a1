package game

import "slices"

// werewolf-12's part of the views (viewer, hooks.go): the tasks of its
// night (the witch's antidote question waits for the knife) and of its day
// (the stand window, withdrawal, skill, badge and order turns, the
// ballots, 自爆).

func init() {
	registerView(wwViewKey, func() ViewExt { return new(WWTableView) }, func() ViewExt { return new(WWTableView) }) // no player part yet
}

// wwViewKey is the JSON key of werewolf-12's part of the table view.
const wwViewKey = "werewolf"

// WWTableView is werewolf-12's public part of the table view
// (TableView.Ext): the badge and the election, the revealed idiot.
type WWTableView struct {
	Sheriff    int    `json:"sheriff,omitempty"`    // the badge holder (0: none)
	BadgeGone  bool   `json:"badgeGone,omitempty"`  // the badge is lost for the game
	Electing   bool   `json:"electing,omitempty"`   // an election is in progress
	Candidates []int  `json:"candidates,omitempty"` // its candidates still in the race (警上)
	Withdrawn  []int  `json:"withdrawn,omitempty"`  // who withdrew (退水)
	Revealed   int    `json:"revealed,omitempty"`   // the revealed idiot (no vote)
	Side       string `json:"side,omitempty"`       // the sheriff's order today
	// Starts, during the sheriff's order turn, is who speaks first on
	// each side he may choose (§10.1), so that his phone and the big
	// screen say it as the engine decides it.
	Starts *WWStarts `json:"starts,omitempty"`
	// First is who speaks first today in the order the sheriff chose (or
	// the deadline drew), from the day's speeches on (0: none).
	First    int `json:"first,omitempty"`
	WWScreen     // what the big screen needs besides (werewolf_table.go)
}

// WWStarts are the first speakers of the sheriff's two choices of side.
type WWStarts struct {
	Left  int `json:"left"`
	Right int `json:"right"`
}

// ViewKey implements ViewExt.
func (*WWTableView) ViewKey() string { return wwViewKey }

// tableView fills TableView.Ext and sets the timers of the variant's own
// stages (§13).
func (werewolf) tableView(g *Game, tv *TableView) {
	s := &g.s
	d := s.Day
	w := wwOf(s)
	if w == nil {
		return
	}
	o := w.o
	tv.Ext = &WWTableView{Sheriff: w.sheriff, BadgeGone: w.badgeGone, Electing: w.electing,
		Candidates: slices.Clone(w.cands), Withdrawn: slices.Clone(w.withdrawn), Revealed: w.revealed, Side: w.side,
		First: w.first, WWScreen: wwScreen(g, tv)}
	if s.Phase == PhaseDay && d != nil && d.Kind == StageOrder && d.Speaker != 0 {
		tv.Ext.(*WWTableView).Starts = &WWStarts{Left: wwFirstSpeaker(s, d.Speaker, "left"), Right: wwFirstSpeaker(s, d.Speaker, "right")}
	}
	if s.Phase != PhaseDay || d == nil {
		return
	}
	if d.Stage == StageStand {
		tv.Timer = &Timer{Key: g.stageKey(), Kind: string(StageStand), Seconds: o.StandSeconds}
		return
	}
	if d.Speaker == 0 || tv.Timer == nil {
		return
	}
	t := *tv.Timer // a copy: the view's storage is shared
	switch d.Kind {
	case StageCampaign:
		t.Seconds = o.CampaignSeconds
	case StageCampaignPK:
		t.Seconds = s.Opts.PKSpeechSeconds
	case StageSkill:
		t.Seconds = o.SkillSeconds
		tv.Decision = true
	case StageBadge:
		t.Seconds = o.BadgeSeconds
		tv.Decision = true
	case StageOrder:
		t.Seconds = o.OrderSeconds
		tv.Decision = true
	default:
		return
	}
	tv.Timer = &t
}

// clock: while the knife is open the night is due at the knife's deadline
// (knifeSeconds after nightfall: the timeout closes the knife only); once
// it has closed, a night whose inputs are all in ends early only when both
// nightMinSeconds have passed since nightfall and witchWindowSeconds since
// the knife closed, whether a witch lives or not (§5, R2).
//
// The stand window is due as soon as every living player has chosen
// (§9.1).
func (werewolf) clock(g *Game, p *ClockPlan) {
	s := &g.s
	if w := wwOf(s); s.Phase == PhaseDay && s.Day.Stage == StageStand && p.Key != 0 && len(w.chose) >= s.CountLiving() {
		p.Early = []Wait{{Seconds: 0}}
		return
	}
	if s.Phase != PhaseNight || p.Key == 0 {
		return
	}
	kill := s.Night.StepByAction("kill")
	if kill == nil {
		return
	}
	if !kill.Locked {
		p.Seconds = min(p.Seconds, wwOf(s).o.KnifeSeconds)
		p.Early = nil
		return
	}
	for i := len(g.log) - 1; i >= 0; i-- {
		if l, ok := g.log[i].Body.(*LockBody); ok && l.Step == kill.Index {
			w := Wait{Seq: g.log[i].Seq, Seconds: wwOf(s).o.WitchWindowSeconds}
			switch {
			case p.Early != nil:
				p.Early = append(p.Early, w)
			case p.Seconds > 0:
				// Inputs are missing: no early end, but the window is in
				// the plan from the knife's lock on, so the clock measures
				// it from then (it starts a Seq's stopwatch when it first
				// sees it), not from the last input; the wait for the
				// night's own deadline keeps the night to that deadline.
				p.Early = []Wait{{Seconds: p.Seconds}, w}
			}
			break
		}
	}
}

// wwNightScreens is how many night screens every living phone shows: the
// witch's antidote and poison questions.
const wwNightScreens = 2

// wwMaySave reports whether the witch at seat may save the knifed seat k
// tonight (§5, R4: herself only as witchSelfSave allows).
func wwMaySave(s *State, seat, k int) bool {
	o := wwOf(s).o
	return k != seat || o.WitchSelfSave == "always" || o.WitchSelfSave == "first-night" && s.Round == 1
}

// playerView fills in pv's tasks.
func (werewolf) playerView(g *Game, pv *PlayerView) {
	s := &g.s
	switch s.Phase {
	case PhaseNight:
		if !pv.Alive {
			return
		}
		g.nightTasks(pv, nil)
		kill := s.Night.StepByAction("kill")
		acts := 0
		for i := range pv.Tasks {
			t := &pv.Tasks[i]
			if t.Action != ActExplode {
				acts++
			}
			if t.Action != "save" || t.Done {
				continue
			}
			if kill == nil || !kill.Locked {
				t.Waiting = "kill" // §5: the antidote question opens when the knife closes
				continue
			}
			// The antidote's one legal target is the knifed seat, when the
			// witch may save it (a knife on herself she may not save, 空刀:
			// none): the phone offers it as it offers any target.
			t.NoTarget = false
			if k := wwKnifed(s); k != 0 && wwMaySave(s, pv.Seat, k) {
				t.Targets = []Target{SeatTarget(k)}
			}
		}
		// Every living phone goes through as many night screens as the
		// witch's two questions (antidote, then poison): the others get
		// private guesses after their own task (PlayerView.Pads), so a
		// neighbour cannot tell the witch by a second screen.
		pv.Pads = max(0, wwNightScreens-acts)
	case PhaseDay:
		wwDayTasks(g, pv)
	}
}

// wwDayTasks lists what pv's seat can do in the day now.
func wwDayTasks(g *Game, pv *PlayerView) {
	s := &g.s
	w := wwOf(s)
	d := s.Day
	seat := pv.Seat
	if d.Stage == StageStand && pv.Alive {
		t := Task{Action: "stand", NoTarget: true, Optional: true, Done: slices.Contains(w.chose, seat), Place: PlaceTurn}
		t.Skipped = t.Done && !slices.Contains(w.stood, seat)
		pv.Tasks = append(pv.Tasks, t)
	}
	if d.Speaker == seat {
		switch d.Kind {
		case StageSkill:
			t := Task{Action: "shoot", Optional: true, Place: PlaceTurn}
			if s.Role(seat) == "hunter" && !slices.Contains(w.poisoned, seat) {
				for _, x := range s.Living() {
					if x != seat {
						t.Targets = append(t.Targets, SeatTarget(x))
					}
				}
			}
			pv.Tasks = append(pv.Tasks, t)
		case StageBadge:
			t := Task{Action: "badge", Place: PlaceTurn}
			for _, x := range s.Living() {
				if x != seat && (x != w.revealed || w.o.RevealedIdiotBadge == "keep") {
					t.Targets = append(t.Targets, SeatTarget(x))
				}
			}
			pv.Tasks = append(pv.Tasks, t, Task{Action: "tear", NoTarget: true, Place: PlaceTurn})
		case StageOrder:
			pv.Tasks = append(pv.Tasks, Task{Action: "order", NoTarget: true, Place: PlaceTurn})
		default:
			pv.Tasks = append(pv.Tasks, Task{Action: ActPass})
		}
	}
	if w.electing && slices.Contains(w.cands, seat) && d.Stage != StageStand && !w.electPK && d.Ballot == nil {
		pv.Tasks = append(pv.Tasks, Task{Action: "withdraw", NoTarget: true, Place: PlaceConfirm})
	}
	if b := d.Ballot; b != nil && !b.Closed && d.Stage == StageVote && slices.Contains(b.Voters, seat) {
		pv.Tasks = g.appendVoteTasks(pv.Tasks, b, seat, nil)
	}
	if wwMayExplode(s, seat) {
		pv.Tasks = append(pv.Tasks, Task{Action: ActExplode})
	}
}
