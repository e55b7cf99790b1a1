package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// PrefBriefing is the host's choice of the table's briefing before the
// first night (on unless switched off in the lobby).
const PrefBriefing = "briefing"

// RulesText is the rules sheet of variant with roles, the phones' ☰ →
// Rules in the same words (view.js rulesModel): the summary, a round, the
// wins and every role's card of the variant.
func RulesText(variant string, roles []string) string {
	var b strings.Builder
	b.WriteString(tr("rules.title", "Variant", VariantName(lookupVariant(variant))) + "\n\n")
	b.WriteString(VariantSummary(lookupVariant(variant)) + "\n\n")
	b.WriteString(tr("rules.roundTitle") + "\n" + tr("rules.round."+variant) + "\n\n")
	b.WriteString(tr("rules.winTitle") + "\n" + tr("rules.win."+variant) + "\n")
	for _, c := range []string{"good", "killers", "werewolves", "free-choice"} {
		if s, ok := trIf("roleinfo." + variant + ".camp." + c); ok {
			b.WriteString(s + "\n")
		}
	}
	b.WriteString("\n" + tr("rules.rolesTitle") + "\n")
	for _, r := range roles {
		b.WriteString("\n" + RoleName(lookupVariant(variant), r) + "\n" + roleCard(variant, r) + "\n")
	}
	return b.String()
}

// showRules opens the rules sheet of the lobby's variant over the lobby.
func (l *Lobby) showRules() {
	c := fyne.CurrentApp().Driver().CanvasForObject(l.content)
	if c == nil || l.lv.Variant == "" {
		return
	}
	var roles []string
	for _, v := range l.lv.Variants {
		if v.ID == l.lv.Variant {
			for _, r := range v.Roles {
				roles = append(roles, r.ID)
			}
		}
	}
	text := widget.NewLabel(RulesText(l.lv.Variant, roles))
	text.Wrapping = fyne.TextWrapWord
	var pop *widget.PopUp
	back := widget.NewButton(tr("rules.back"), func() { pop.Hide() })
	sz := c.Size()
	body := container.NewBorder(nil, back, nil, nil, container.NewVScroll(text))
	pop = widget.NewModalPopUp(body, c)
	pop.Resize(fyne.NewSize(sz.Width*0.8, sz.Height*0.85))
	pop.Show()
}
