package game

import "slices"

// werewolf-12's part of the views (viewer, hooks.go): the tasks of its
// night (the witch's antidote question waits for the knife) and of its day
// (the stand window, withdrawal, skill, badge and order turns, the
// ballots, 自爆).

func (werewolf) tableView(g *Game, tv *TableView) { g.wwTable(tv) }

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
		for i := range pv.Tasks {
			if t := &pv.Tasks[i]; t.Action == "save" && !t.Done && (kill == nil || !kill.Locked) {
				t.Waiting = "kill" // §5: the antidote question opens when the knife closes
			}
		}
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
