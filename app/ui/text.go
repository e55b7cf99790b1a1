package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"nightfall/app/voice"
	"nightfall/game"
	"nightfall/lan"
)

// StageHeadline is the big screen's headline for the stage of tv: what the
// judge says as it begins (voice.StageLine: the headline is its caption,
// word for word), else the narration.
func StageHeadline(tv *game.TableView) string {
	if l, ok := voice.StageLine(tv); ok {
		if said := l.Caption(Language()); said != "" {
			return said
		}
	}
	return NarrationText(tv)
}

// NarrationText is the judge's line for a table view, in the current
// language: what the big screen shows in its largest letters.
func NarrationText(tv *game.TableView) string {
	if tv == nil {
		return ""
	}
	n := tv.Narration
	switch n.Key {
	case "night":
		return tr("narr.night")
	case "day":
		if d := tv.Dawn; d != nil && d.Round == tv.Round {
			if len(d.Dead) == 0 {
				return tr("dawn.peaceful")
			}
			return tr("dawn.dead", "Seats", seatLabels(d.Dead))
		}
		return tr("narr.day", "Round", tv.Round)
	case "last-words", "speech", "pk-speech", "nomination":
		return tr("narr."+n.Key, "Seat", n.Seat)
	case "immune":
		s := fmt.Sprint(n.Seat)
		if len(n.Seats) == 1 {
			s = n.Seats[0].String()
		}
		return tr("narr.immune", "Target", tr("seat.n", "Seat", s))
	case "setup-night", "exploded":
		return tr("narr." + n.Key)
	case "vote-call":
		s := fmt.Sprint(n.Seat)
		if len(n.Seats) == 1 {
			s = n.Seats[0].String()
		}
		return tr("narr.vote-call", "Target", tr("seat.n", "Seat", s))
	case "discussion", "vote", "closing":
		return tr("narr." + n.Key)
	case "over":
		return WinnerText(tv.Winner)
	case "briefing":
		return tr("brief.narr")
	}
	if s, ok := trIf("narr."+n.Key, "Seat", n.Seat); ok { // werewolf-12's turns
		return s
	}
	return n.Key
}

// WinnerText names the winner of a finished game.
func WinnerText(w string) string {
	switch {
	case slices.Contains(game.Winners(), w):
		return tr("winner." + w)
	case w == "":
		return tr("narr.over")
	}
	return tr("winner.seat", "Seat", w)
}

// PhaseText is the short label of where the game is: "第1天 · 发言".
func PhaseText(tv *game.TableView) string {
	if tv == nil {
		return ""
	}
	if tv.Stage == game.StageBriefing {
		return tr("brief.phase")
	}
	switch tv.Phase {
	case game.PhaseNight:
		return tr("phase.night", "Round", tv.Round)
	case game.PhaseOver:
		return tr("stage.over")
	}
	stage := tv.Stage
	if stage == "" {
		stage = "day"
	}
	return tr("phase.day", "Round", tv.Round) + " · " + tr("stage."+string(stage))
}

// Countdown formats a remaining time for the big clock: "1:30", "0:07".
// Partial seconds round up, so the clock shows 0:00 only when time is out.
func Countdown(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// RoleName is a role's name in the current language (the shared names,
// assets/i18n); its id when it has none.
func RoleName(_ game.VariantInfo, id string) string { return named("role.", id) }

// named is the shared name of id of a kind ("role.", …), or id itself.
func named(kind, id string) string {
	if s, ok := trIf(kind + id); ok {
		return s
	}
	return id
}

// roleCamp is a role's camp ("" when unknown).
func roleCamp(info game.VariantInfo, id string) string {
	for _, r := range info.Roles {
		if r.ID == id {
			return r.Camp
		}
	}
	return ""
}

// VariantName is a variant's name in the current language.
func VariantName(v game.VariantInfo) string { return named("variant.", v.ID) }

// VariantSummary is a variant's one-line description in the current language.
func VariantSummary(v game.VariantInfo) string { return named("summary.", v.ID) }

// lookupVariant returns the variant's description (the static rules data,
// never the game's state).
func lookupVariant(id string) game.VariantInfo {
	for _, v := range game.Variants() {
		if v.ID == id {
			return v
		}
	}
	return game.VariantInfo{ID: id}
}

// RefusalText is why the engine refused a command (a code of
// game.Refusals and its arguments) in the current language: the
// dictionary's "refuse.<code>" with seats, targets, actions and roles named
// as the screens name them.
func RefusalText(r *game.Rejection) string {
	target := ""
	if t := r.Target; t != nil {
		target = t.String()
		if t.Card == 0 {
			target = seatName(t.Seat)
		}
	}
	roles := make([]string, len(r.Roles))
	for i, id := range r.Roles {
		roles[i] = named("role.", id)
	}
	if s, ok := trIf("refuse."+r.Code, "Seat", r.Seat, "Target", target, "Action", actionName(r.Action),
		"Role", named("role.", r.Role), "Roles", strings.Join(roles, tr("list.sep")), "Text", r.Text,
		"N", r.N, "Have", r.Have, "Need", r.Need, "Each", r.Each, "Position", r.Position,
		"Round", r.Round, "Ballot", r.Ballot, "Now", r.Now, "Open", r.Open); ok {
		return s
	}
	return r.Error() // a code without words: TestEveryCodeHasWords fails
}

// HostErrorText is why the server refused a host command (a code of
// lan.HostErrors and its figures) in the current language: the
// dictionary's "host.<code>", seats named as the screens name them.
func HostErrorText(e *lan.HostError) string {
	why, err := "", ""
	if e.Problem != nil {
		why = problemText(e.Problem)
	}
	if e.Err != nil {
		err = e.Err.Error()
	}
	if s, ok := trIf("host."+e.Code, "Seat", seatName(e.Seat), "N", e.N, "Max", e.Max, "Name", e.Name,
		"Text", e.Text, "Why", why, "Err", err); ok {
		return s
	}
	return e.Error() // a code without words: TestEveryCodeHasWords fails
}

func actionName(a string) string {
	if s, ok := trIf("action." + a); ok {
		return s
	}
	return a
}

// MomentHeader is the round and phase a moment belongs to: "第1夜", "第2天".
func MomentHeader(m game.Moment) string {
	if m.Phase == game.PhaseNight {
		return tr("phase.night", "Round", m.Round)
	}
	return tr("phase.day", "Round", m.Round)
}
