package replay

import (
	"strconv"

	"nightfall/game"
)

// wwLine is a werewolf-12 moment of the timeline (the election, the badge,
// the hunter's shot, the witch's potions, the idiot's reveal) in the big
// screen's words for it (moment.ww.*); ok false for any other kind.
func wwLine(d *words, m game.Moment) (string, bool) {
	switch m.Kind {
	case game.MomentAction:
		if m.Action == "save" && !m.Skip { // the antidote has no target: whom it saved is the potions' line
			return d.t("moment.ww.save", "Role", d.id("role", m.Role), "Actors", ""), true
		}
	case game.MomentCandidates:
		if len(m.Actors) == 0 {
			return d.t("moment.ww.candidates.none"), true
		}
		var ss []string
		for _, a := range m.Actors {
			ss = append(ss, strconv.Itoa(a))
		}
		return d.t("moment.ww.candidates", "Seats", d.list(ss)), true
	case game.MomentSheriff:
		if m.By == "handed" && m.Target != nil {
			return d.t("moment.ww.handed", "From", m.Target.Seat, "Seat", m.Seat), true
		}
		return d.t("moment.ww.sheriff", "Seat", m.Seat), true
	case game.MomentBadgeLost:
		return d.t("moment.ww.badgelost", "Why", d.t("ann.ww.badgelost."+m.By)), true
	case game.MomentPostponed:
		return d.t("ann.ww.postponed"), true
	case game.MomentShot:
		if m.Target != nil {
			return d.t("moment.ww.shot", "Seat", m.Seat, "Target", m.Target.Seat), true
		}
	case game.MomentPotions:
		var out []string
		if m.Answer == "saved" {
			out = append(out, d.t("moment.ww.saved", "Seat", m.Seat))
		}
		if m.Target != nil {
			out = append(out, d.t("moment.ww.poison", "Seat", m.Target.Seat))
		}
		return d.list(out), true
	case game.MomentImmune:
		if m.Seat != 0 && m.Target != nil && m.Target.Card == 0 && m.Role == "idiot" {
			return d.t("moment.ww.idiot", "Seat", m.Seat), true
		}
	}
	return "", false
}
