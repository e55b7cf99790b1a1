package ui

import (
	"fmt"
	"strconv"
	"strings"

	"nightfall/app/voice"
	"nightfall/game"
)

// werewolf-12 (狼人杀) on the big screen: the election (the stand window,
// the candidates in their campaign order, who withdrew, the ballot of the
// voters off the stage with who voted whom), the badge on the sheriff's
// seat and his weight in the tally ("3.5" beside "3", his vote marked
// "×1.5"), every death's skill turn ("N号：是否发动技能", the same words for
// every role), the hunter's shot, the idiot's reveal, the lost badge and
// why, the house rules in the briefing, and the variant's moments in the
// 复盘. It translates the engine's codes (game.WWTableView, the
// variant's events) and decides no rule.

// wolf is tv's werewolf-12 part (nil for other variants).
func wolf(tv *game.TableView) *game.WWTableView {
	if tv == nil {
		return nil
	}
	w, _ := tv.Ext.(*game.WWTableView)
	return w
}

// wolfCandidates are the candidates still in the race, in the campaign
// order.
func wolfCandidates(w *game.WWTableView) []int {
	var out []int
	for _, c := range w.Campaign {
		if containsInt(w.Candidates, c) {
			out = append(out, c)
		}
	}
	return out
}

// wolfUpdate sets the texts of werewolf-12's day: the election line, the
// stand window's instruction, the sheriff line, the ballot's purpose and
// the sheriff's weight beside his vote in the tally.
func (t *TableScreen) wolfUpdate(tv *game.TableView) {
	w := wolf(tv)
	if w == nil || tv.Phase != game.PhaseDay {
		return
	}
	t.lastWords.Text = "" // no last-words quota in this variant (§8.4)
	if w.Electing {
		if tv.Stage == game.StageStand {
			t.hint.Text = tr("table.ww.standing")
		} else if len(tv.Tied) == 0 {
			var parts []string
			if c := wolfCandidates(w); len(c) > 0 {
				parts = append(parts, tr("table.ww.candidates", "Seats", intList(c)))
			}
			if len(w.Withdrawn) > 0 {
				parts = append(parts, tr("table.ww.withdrawn", "Seats", intList(w.Withdrawn)))
			}
			t.pk.Text = strings.Join(parts, " · ")
		}
	}
	// the speaking order (§10.1): while the sheriff chooses, who starts
	// each way; once he chose, who starts and which way round, for the
	// whole of the day's speeches (the engine's seats: WWTableView.Starts,
	// First)
	switch {
	case tv.Stage == game.StageOrder && w.Starts != nil:
		t.hint.Text = tr("table.ww.starts", "Left", w.Starts.Left, "Right", w.Starts.Right)
	case tv.Stage == game.StageSpeech && w.First != 0 && (w.Side == "left" || w.Side == "right"):
		t.hint.Text = tr("table.ww.first."+w.Side, "Seat", w.First)
	}
	switch {
	case w.Sheriff != 0:
		t.lastWords.Text = tr("table.ww.sheriff", "Who", t.seatWithName(w.Sheriff), "N", w.SheriffVote)
	case w.BadgeGone:
		t.lastWords.Text = tr("table.ww.nobadge")
	}
	if b := tv.Ballot; b != nil {
		if p := wolfBallot(tv, b.Index); p != "" {
			t.ballot.Text = tr("table.ww.ballot."+p) + " · " + tr("table.cast", "Cast", b.Cast, "Voters", len(b.Voters))
		}
	}
}

// wolfBallot is what ballot index of today decides ("election",
// "election-pk", "exile", "exile-pk"; "" when unknown).
func wolfBallot(tv *game.TableView, index int) string {
	w := wolf(tv)
	if w == nil || w.BallotIndex != index {
		return ""
	}
	return w.Ballot
}

// wolfRows draws the tally's bars in half votes and marks the sheriff's
// vote with its weight in its rows ("5号 3.5票 ← 3×1.5、6、7"), whether the
// ballot is on the table or its tally is held (the badge changes hands
// only after the tally).
func (t *TableScreen) wolfRows(tv *game.TableView) {
	w := wolf(tv)
	if w == nil {
		return
	}
	if sh := t.st.Announce; sh != nil && sh.Tally != nil {
		if p := wolfBallot(tv, sh.Tally.Index); p != "" {
			t.ballot.Text = tr("table.ww.ballot." + p)
		}
	}
	sep := tr("list.sep")
	// the bars in half votes: 3.5 is drawn longer than 3
	var counts []game.Count
	if sh := t.st.Announce; sh != nil && sh.Tally != nil {
		counts = sh.Tally.Counts
	} else if tv.Ballot != nil {
		counts = tv.Ballot.Counts
	}
	for _, r := range t.rows[:t.nrows] {
		for _, c := range counts {
			if r.seat.Text == tr("seat.n", "Seat", c.Target.String()) {
				r.n = int(2 * c.Votes)
			}
		}
	}
	if w.Sheriff == 0 || w.SheriffVote == 1 {
		return
	}
	me := strconv.Itoa(w.Sheriff)
	for _, r := range t.rows[:t.nrows] {
		vs, ok := strings.CutPrefix(r.voters.Text, "← ")
		if !ok {
			continue
		}
		parts := strings.Split(vs, sep)
		for i, p := range parts {
			if p == me {
				parts[i] = me + "×" + fmt.Sprint(w.SheriffVote)
			}
		}
		r.voters.Text = "← " + strings.Join(parts, sep)
	}
}

// wolfSeat adds werewolf-12's marks to a seat of the ring: the badge
// (警长), a candidate (上警) or one who withdrew (退水) during the election,
// the revealed idiot (no vote).
func wolfSeat(tv *game.TableView, si *SeatInfo) {
	w := wolf(tv)
	if w == nil {
		return
	}
	var notes []string
	if si.Note != "" {
		notes = append(notes, si.Note)
	}
	if w.Sheriff == si.Seat {
		notes = append(notes, tr("table.ww.badge"))
		if si.NoteCol == nil {
			si.NoteCol = colAccent
		}
	}
	if w.Electing && !si.Dead {
		switch {
		case containsInt(w.Candidates, si.Seat):
			notes = append(notes, tr("table.ww.candidate"))
			if si.NoteCol == nil {
				si.NoteCol = colNext
			}
		case containsInt(w.Withdrawn, si.Seat):
			notes = append(notes, tr("table.ww.withdrew"))
			if si.NoteCol == nil {
				si.NoteCol = colDim
			}
		}
	}
	if w.Hunter == si.Seat && si.Note == "" {
		notes = append(notes, RoleName(game.VariantInfo{}, "hunter"))
		si.NoteCol = colCall
	}
	if w.Revealed == si.Seat && !si.Dead {
		notes = append(notes, tr("table.ww.idiot"))
		si.NoteCol = colCall
	}
	si.Note = strings.Join(notes, " · ")
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// wolfAnnounceText is the headline and detail of werewolf-12's own
// announcements (ok false for any other).
func wolfAnnounceText(a game.Announcement, next *game.Announcement, after *game.TableView, names map[int]string) (h, d string, ok bool) {
	switch b := a.Body.(type) {
	case *game.TallyBody:
		if p := wolfBallot(after, b.Index); p != "" {
			pre := tr("ann.ww.tally." + p)
			h, d = tallyTextPre(b, pre, next, after, names)
			if b.Outcome == game.VerdictNone && strings.HasPrefix(p, "election") { // no votes: the badge is lost, nobody is out
				h = tr("ann.ww.tally.novotes", "Pre", pre)
			}
			return h, d, true
		}
	case *game.CandidatesBody:
		if len(b.Candidates) == 0 {
			return tr("ann.ww.candidates.none"), "", true
		}
		h = tr("tl.ww.candidates", "Seats", intList(b.Candidates))
		if len(b.Order) > 1 {
			d = tr("ann.ww.campaign", "Seats", intList(b.Order))
		}
		return h, d, true
	case *game.SheriffBody:
		h = tr("ann.ww.sheriff", "Who", whoSeat(b.Seat, names))
		switch b.By {
		case "handed":
			d = tr("ann.ww.sheriff.handed", "From", whoSeat(b.From, names), "Who", whoSeat(b.Seat, names))
		case "unopposed":
			d = tr("ann.ww.sheriff.unopposed", "Who", whoSeat(b.Seat, names))
		default:
			d = tr("ann.ww.sheriff.elected", "Who", whoSeat(b.Seat, names))
		}
		return h, d, true
	case *game.BadgeLostBody:
		return tr("ann.ww.badgelost"), tr("tl.ww.badgelost." + b.Why), true
	case *game.ElectionPostponedBody:
		return tr("tl.ww.postponed"), tr("ann.ww.postponed.detail"), true
	case *game.ShotBody:
		return tr("ann.ww.shot", "Hunter", whoSeat(b.Hunter, names), "Who", whoSeat(b.Seat, names)),
			tr("ann.ww.shot.detail", "Hunter", whoSeat(b.Hunter, names), "Who", whoSeat(b.Seat, names)), true
	case *game.ImmuneBody:
		if b.Role == "idiot" {
			return tr("ann.ww.idiot", "Who", whoSeat(b.Seat, names)), tr("ann.ww.idiot.detail"), true
		}
	}
	return "", "", false
}

// wolfVoice is what the judge says as werewolf-12's own announcements come
// up (ok false for any other).
func wolfVoice(a game.Announcement) ([]voice.Line, bool) {
	switch b := a.Body.(type) {
	case *game.CandidatesBody:
		return []voice.Line{{Kind: "chime"}}, true // the headline names them
	case *game.SheriffBody:
		return []voice.Line{{Kind: "sheriff", Seats: []int{b.Seat}}}, true
	case *game.BadgeLostBody:
		return []voice.Line{{Kind: "badgelost"}}, true
	case *game.ElectionPostponedBody:
		return []voice.Line{{Kind: "postponed"}}, true
	case *game.ShotBody:
		return []voice.Line{{Kind: "shot", Seats: []int{b.Hunter, b.Seat}}}, true
	case *game.ImmuneBody:
		if b.Role == "idiot" {
			return []voice.Line{{Kind: "idiot", Seats: []int{b.Seat}}}, true
		}
	case *game.ExplodedBody:
		if b.Role == "werewolf" { // 狼人自爆 ("reveals a killer" is the killer games')
			return []voice.Line{{Kind: "wolfexploded", Seats: []int{b.Seat}}}, true
		}
	}
	return nil, false
}

// wolfSeats are the seats a werewolf-12 announcement is about.
func wolfSeats(a game.Announcement) ([]int, bool) {
	switch b := a.Body.(type) {
	case *game.CandidatesBody:
		return b.Candidates, true
	case *game.SheriffBody:
		return []int{b.Seat}, true
	case *game.ShotBody:
		return []int{b.Hunter, b.Seat}, true
	case *game.ImmuneBody:
		if b.Role == "idiot" {
			return []int{b.Seat}, true
		}
	}
	return nil, false
}

// wolfRules are the house rules the briefing states (§13), a line each.
func wolfRules(tv *game.TableView) string {
	w := wolf(tv)
	if w == nil || len(w.Rules) == 0 {
		return ""
	}
	var lines []string
	for _, r := range w.Rules {
		lines = append(lines, tr("brief.ww."+r.Name+"."+fmt.Sprint(r.Value)))
	}
	return strings.Join(lines, "\n")
}
