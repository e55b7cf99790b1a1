package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
)

// Briefing is the table's briefing before the first night (stage
// "briefing"): the deal, a line per role in play, the order of a round,
// how each side wins and the options that differ from the variant's
// defaults, until the host begins (the bar's Skip, labelled Begin) or its
// time is up. Every word comes from the one dictionary the phones read
// (rules.*, roleinfo.*, brief.*); the engine's view says what was dealt and
// set.
type Briefing struct {
	title                       *canvas.Text
	dealTitle, roundTitle       *canvas.Text
	winTitle, optsTitle, rTitle *canvas.Text
	deal, round, win, opts      *widget.Label
	roles                       *widget.Label
	foot                        *widget.Label
	cols                        [2]*container.Scroll
	content                     fyne.CanvasObject
}

// NewBriefing builds an empty briefing screen.
func NewBriefing() *Briefing {
	b := &Briefing{}
	b.title = canvas.NewText("", colAccent)
	b.title.TextStyle.Bold = true
	b.title.TextSize = 40 * textScale
	b.title.Alignment = fyne.TextAlignCenter
	head := func() *canvas.Text {
		t := canvas.NewText("", colAccent)
		t.TextStyle.Bold = true
		t.TextSize = 28 * textScale
		return t
	}
	b.dealTitle, b.roundTitle, b.winTitle, b.optsTitle, b.rTitle = head(), head(), head(), head(), head()
	para := func() *widget.Label {
		l := widget.NewLabel("")
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	b.deal, b.round, b.win, b.opts, b.roles, b.foot = para(), para(), para(), para(), para(), para()
	b.deal.TextStyle.Bold = true
	b.foot.Alignment = fyne.TextAlignCenter
	left := container.NewVBox(b.dealTitle, b.deal, b.roundTitle, b.round, b.winTitle, b.win, b.optsTitle, b.opts)
	right := container.NewVBox(b.rTitle, b.roles)
	// (each column scrolls rather than run into the footer on a small
	// window, and scrolls by itself while the briefing lasts: ScrollTo)
	b.cols = [2]*container.Scroll{container.NewVScroll(left), container.NewVScroll(right)}
	body := container.NewBorder(b.title, b.foot, nil, nil, container.NewGridWithColumns(2, b.cols[0], b.cols[1]))
	b.content = container.NewThemeOverride(body, briefTheme{fyne.CurrentApp().Settings().Theme()})
	return b
}

// briefTheme is the app's theme with its body text a fifth larger: the
// briefing is read from across the room.
type briefTheme struct{ fyne.Theme }

func (t briefTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameText {
		return t.Theme.Size(n) * 1.2
	}
	return t.Theme.Size(n)
}

// Content is the screen's widget tree.
func (b *Briefing) Content() fyne.CanvasObject { return b.content }

// ScrollTo shows each column from frac (0: its top, 1: its end) of what
// does not fit: nobody in the room can scroll the big screen, so a column
// longer than the window (English, the longest deals, at 1280×720) moves
// down by itself as the briefing goes on.
func (b *Briefing) ScrollTo(frac float32) {
	frac = min(max(frac, 0), 1)
	for _, sc := range b.cols {
		over := sc.Content.MinSize().Height - sc.Size().Height
		off := float32(0)
		if over > 0 {
			off = frac * over
		}
		if d := sc.Offset.Y - off; d >= 1 || d <= -1 {
			sc.Offset.Y = off
			sc.Refresh()
		}
	}
}

// Offsets are the columns' scroll offsets and how far each can scroll (for
// tests).
func (b *Briefing) Offsets() (off, most [2]float32) {
	for i, sc := range b.cols {
		off[i] = sc.Offset.Y
		most[i] = max(sc.Content.MinSize().Height-sc.Size().Height, 0)
	}
	return off, most
}

// briefScroll is how far down the briefing's columns are elapsed into a
// briefing of total: at the top for its first quarter, at the end for its
// last quarter, moving evenly between.
func briefScroll(elapsed, total time.Duration) float32 {
	if total <= 0 {
		return 0
	}
	q := total / 4
	return float32(elapsed-q) / float32(total-2*q)
}

// Text is everything the screen says, in order, for tests.
func (b *Briefing) Text() string {
	var out []string
	for _, t := range []*canvas.Text{b.title} {
		out = append(out, t.Text)
	}
	for _, p := range []struct {
		h *canvas.Text
		l *widget.Label
	}{{b.dealTitle, b.deal}, {b.roundTitle, b.round}, {b.winTitle, b.win}, {b.optsTitle, b.opts}, {b.rTitle, b.roles}} {
		out = append(out, p.h.Text, p.l.Text)
	}
	out = append(out, b.foot.Text)
	return strings.Join(out, "\n")
}

// Set shows the briefing of tv (its stage is "briefing").
func (b *Briefing) Set(tv *game.TableView) {
	if tv == nil || tv.Briefing == nil {
		return
	}
	m := BriefingText(tv)
	b.title.Text = m.Title
	b.dealTitle.Text, b.deal.Text = tr("brief.deal"), m.Deal
	b.roundTitle.Text, b.round.Text = tr("rules.roundTitle"), m.Round
	b.winTitle.Text, b.win.Text = tr("rules.winTitle"), m.Win
	b.optsTitle.Text, b.opts.Text = tr("brief.options"), m.Options
	b.rTitle.Text, b.roles.Text = tr("brief.roles"), strings.Join(m.Roles, "\n")
	b.foot.Text = tr("brief.foot", "N", game.BriefingSeconds)
	for _, t := range []*canvas.Text{b.title, b.dealTitle, b.roundTitle, b.winTitle, b.optsTitle, b.rTitle} {
		t.Refresh()
	}
	for _, l := range []*widget.Label{b.deal, b.round, b.win, b.opts, b.roles, b.foot} {
		l.Refresh()
	}
}

// BriefingModel is what the briefing says.
type BriefingModel struct {
	Title, Deal, Round, Win, Options string
	Roles                            []string // a line per role in play
}

// BriefingText is the briefing of tv in the current language.
func BriefingText(tv *game.TableView) BriefingModel {
	v := tv.Variant
	m := BriefingModel{Title: tr("brief.title", "Variant", VariantName(lookupVariant(v)), "N", tv.Players)}
	var deal []string
	for _, d := range tv.Briefing.Deal {
		deal = append(deal, tr("brief.count", "N", d.Count, "Role", RoleName(game.VariantInfo{}, d.Role)))
		m.Roles = append(m.Roles, tr("brief.role", "Role", RoleName(game.VariantInfo{}, d.Role), "Line", roleLine(roleCard(v, d.Role))))
	}
	m.Deal = strings.Join(deal, tr("list.sep"))
	m.Round = tr("rules.round." + v)
	m.Win = tr("rules.win." + v) // (the camps' own lines are on the phones' cards and Rules)
	var opts []string
	for _, o := range tv.Briefing.Options {
		opts = append(opts, tr("brief.option", "Option", tr(o.WordsKey()), "Value", optionValue(o.Name, o.Value), "Default", optionValue(o.Name, o.Default)))
	}
	m.Options = tr("brief.defaults")
	if len(opts) > 0 {
		m.Options = strings.Join(opts, "\n")
	}
	if r := wolfRules(tv); r != "" { // the house rules tables argue about, stated whatever their values
		m.Options = r + "\n" + m.Options
	}
	return m
}

// roleCard is role's card in variant (assets.RoleCard's keys).
func roleCard(variant, role string) string {
	if s, ok := trIf("roleinfo." + variant + "." + role); ok {
		return s
	}
	s, _ := trIf("roleinfo." + role)
	return s
}

// roleLine is the line of a card the briefing says for its role: what the
// role does at night (the card's line that starts with brief.night,
// "Night:"), else the card's first line.
func roleLine(card string) string {
	night := tr("brief.night")
	for _, l := range strings.Split(card, "\n") {
		if i := strings.Index(l, night); i >= 0 {
			return strings.TrimSpace(l[i+len(night):])
		}
	}
	first, _, _ := strings.Cut(card, "\n")
	return first
}

func optionValue(name string, v any) string {
	switch x := v.(type) {
	case string:
		return valueName(name, x)
	case bool:
		return valueName(name, fmt.Sprint(x))
	}
	return fmt.Sprint(v)
}
