package game

import "slices"

// werewolf-12's part of the views (viewer, hooks.go): the tasks of its
// night (the witch's antidote question waits for the knife) and of its day
// (the stand window, withdrawal, skill, badge and order turns, the
// ballots, 自爆).

func (werewolf) tableView(*Game, *TableView) {}

// wwNightScreens is how many night screens every living phone shows: the
// witch's antidote and poison questions.
const wwNightScreens = 2

// wwMaySave reports whether the witch at seat may save the knifed seat k
// tonight (§5, R4: herself only as witchSelfSave allows).
func (g *Game) wwMaySave(seat, k int) bool {
	o := g.s.ww.o
	return k != seat || o.WitchSelfSave == "always" || o.WitchSelfSave == "first-night" && g.s.Round == 1
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
			if k := wwKnifed(s); k != 0 && g.wwMaySave(pv.Seat, k) {
				t.Targets = []Target{SeatTarget(k)}
			}
		}
		// Every living phone goes through as many night screens as the
		// witch's two questions (antidote, then poison): the others get
		// private guesses after their own task (PlayerView.Pads), so a
		// neighbour cannot tell the witch by a second screen.
		pv.Pads = max(0, wwNightScreens-acts)
	case PhaseDay:
		g.wwDayTasks(pv)
	}
}

// wwDayTasks lists what pv's seat can do in the day now.
func (g *Game) wwDayTasks(pv *PlayerView) {
	s := &g.s
	w := s.ww
	d := s.Day
	seat := pv.Seat
	if d.Stage == StageStand && pv.Alive {
		t := Task{Action: "stand", NoTarget: true, Optional: true, Done: slices.Contains(w.chose, seat)}
		t.Skipped = t.Done && !slices.Contains(w.stood, seat)
		pv.Tasks = append(pv.Tasks, t)
	}
	if d.Speaker == seat {
		switch d.Kind {
		case StageSkill:
			t := Task{Action: "shoot", Optional: true}
			if s.Role(seat) == "hunter" && !slices.Contains(w.poisoned, seat) {
				for _, x := range s.Living() {
					if x != seat {
						t.Targets = append(t.Targets, SeatTarget(x))
					}
				}
			}
			pv.Tasks = append(pv.Tasks, t)
		case StageBadge:
			t := Task{Action: "badge"}
			for _, x := range s.Living() {
				if x != seat && (x != w.revealed || w.o.RevealedIdiotBadge == "keep") {
					t.Targets = append(t.Targets, SeatTarget(x))
				}
			}
			pv.Tasks = append(pv.Tasks, t, Task{Action: "tear", NoTarget: true})
		case StageOrder:
			pv.Tasks = append(pv.Tasks, Task{Action: "order", NoTarget: true})
		default:
			pv.Tasks = append(pv.Tasks, Task{Action: ActPass})
		}
	}
	if w.electing && slices.Contains(w.cands, seat) && d.Stage != StageStand && !w.electPK && d.Ballot == nil {
		pv.Tasks = append(pv.Tasks, Task{Action: "withdraw", NoTarget: true})
	}
	if b := d.Ballot; b != nil && !b.Closed && d.Stage == StageVote && slices.Contains(b.Voters, seat) {
		pv.Tasks = g.appendVoteTasks(pv.Tasks, b, seat, nil)
	}
	if g.wwMayExplode(seat) {
		pv.Tasks = append(pv.Tasks, Task{Action: ActExplode})
	}
}
