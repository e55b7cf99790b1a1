package ui

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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
//
// It is read from the sofa: the widget draws its own lines, reading down
// the left column and on down the right, at the largest size at which they
// fit the screen (up to briefMax of the screen's height, never under
// briefMin), wrapped so that no line starts with a comma or a full stop.
type Briefing struct {
	widget.BaseWidget
	title                       *canvas.Text
	dealTitle, roundTitle       *canvas.Text
	winTitle, optsTitle, rTitle *canvas.Text
	deal, round, win, opts      string
	roles                       string
	foot                        string
	// what the last layout drew, and how far each column is scrolled
	lines     []*canvas.Text
	nlines    int
	off, most [2]float32
	frac      float32
	size      fyne.Size
	bodySize  float32 // the paragraphs' text size the last layout chose
	sizedFor  string  // for what size and words
}

// The briefing's paragraph text, as shares of the screen's height: at most
// 4.4 % (48 px at 1080), at least 2.4 % (26 px at 1080, the table's floor).
const briefMax, briefMin = 0.044, 0.024

// briefParaGap is the room between a block's paragraphs (the roles), in
// lines of text.
const briefParaGap = 0.3

// NewBriefing builds an empty briefing screen.
func NewBriefing() *Briefing {
	b := &Briefing{}
	b.title = canvas.NewText("", colAccent)
	b.title.TextStyle.Bold = true
	b.title.Alignment = fyne.TextAlignCenter
	head := func() *canvas.Text {
		t := canvas.NewText("", colAccent)
		t.TextStyle.Bold = true
		return t
	}
	b.dealTitle, b.roundTitle, b.winTitle, b.optsTitle, b.rTitle = head(), head(), head(), head(), head()
	b.ExtendBaseWidget(b)
	return b
}

// Content is the screen's widget tree.
func (b *Briefing) Content() fyne.CanvasObject { return b }

// BodySize is the paragraphs' text size on screen (for tests).
func (b *Briefing) BodySize() float32 { return b.bodySize }

// ScrollTo shows each column from frac (0: its top, 1: its end) of what
// does not fit: nobody in the room can scroll the big screen, so a column
// longer than the window even at the smallest size (English, the longest
// deals, at 1280×720) moves down by itself as the briefing goes on.
func (b *Briefing) ScrollTo(frac float32) {
	frac = min(max(frac, 0), 1)
	if frac == b.frac {
		return
	}
	b.frac = frac
	b.Refresh()
}

// Offsets are the columns' scroll offsets and how far each can scroll (for
// tests).
func (b *Briefing) Offsets() (off, most [2]float32) { return b.off, b.most }

// briefPara is a block of the briefing: a heading and its paragraph.
type briefPara struct {
	head *canvas.Text
	text string
	bold bool
}

func (b *Briefing) columns() [2][]briefPara {
	return [2][]briefPara{
		{{b.dealTitle, b.deal, true}, {b.roundTitle, b.round, false}, {b.winTitle, b.win, false}, {b.optsTitle, b.opts, false}},
		{{b.rTitle, b.roles, false}},
	}
}

// CreateRenderer implements fyne.Widget.
func (b *Briefing) CreateRenderer() fyne.WidgetRenderer { return &briefRenderer{b: b} }

type briefRenderer struct{ b *Briefing }

func (r *briefRenderer) Destroy()           {}
func (r *briefRenderer) MinSize() fyne.Size { return fyne.NewSize(320, 180) }
func (r *briefRenderer) Refresh() {
	r.Layout(r.b.size)
	for _, o := range r.Objects() {
		o.Refresh()
	}
}

func (r *briefRenderer) Objects() []fyne.CanvasObject {
	b := r.b
	objs := []fyne.CanvasObject{b.title}
	for _, l := range b.lines[:b.nlines] {
		objs = append(objs, l)
	}
	return objs
}

// line is the i-th line of the last layout.
func (b *Briefing) line(i int) *canvas.Text {
	for len(b.lines) <= i {
		b.lines = append(b.lines, canvas.NewText("", colText))
	}
	return b.lines[i]
}

// briefItem is one line of the briefing as laid out: its text, size,
// style and colour, its height, the room after it, and whether it is a
// heading (which never ends a column).
type briefItem struct {
	text     string
	size     float32
	style    fyne.TextStyle
	col      color.Color
	h, after float32
	head     bool
}

// items are the briefing's blocks as lines at body size s across w, in
// reading order: the deal, the round, the wins, the options, the roles.
func (b *Briefing) items(s, w float32) []briefItem {
	var out []briefItem
	for _, c := range b.columns() {
		for _, p := range c {
			if p.head.Text != "" {
				p.head.TextSize = s * 1.25
				out = append(out, briefItem{text: p.head.Text, size: s * 1.25, style: p.head.TextStyle, col: colAccent,
					h: fyne.MeasureText(p.head.Text, s*1.25, p.head.TextStyle).Height, after: s * 0.2, head: true})
			}
			st := fyne.TextStyle{Bold: p.bold}
			lh := fyne.MeasureText("国", s, st).Height
			for i, para := range strings.Split(p.text, "\n") {
				if i > 0 && len(out) > 0 {
					out[len(out)-1].after += s * briefParaGap // a role from the next
				}
				for _, l := range wrapStyled(para, s, w, st) {
					out = append(out, briefItem{text: l, size: s, style: st, col: colText, h: lh})
				}
			}
			if len(out) > 0 {
				out[len(out)-1].after += s * 0.8
			}
		}
	}
	return out
}

// flow splits items into two columns: the first takes lines while they
// fit in avail (a heading goes down with the line under it), the second
// the rest. It returns where the second begins and the columns' heights.
func flow(items []briefItem, avail float32) (split int, h1, h2 float32) {
	for split < len(items) && h1+items[split].h <= avail {
		h1 += items[split].h + items[split].after
		split++
	}
	for split > 0 && items[split-1].head {
		split--
		h1 -= items[split].h + items[split].after
	}
	for _, it := range items[split:] {
		h2 += it.h + it.after
	}
	return split, h1, h2
}

func (r *briefRenderer) Layout(size fyne.Size) {
	b := r.b
	b.size = size
	w, h := size.Width, size.Height
	b.nlines = 0
	if w <= 0 || h <= 0 {
		return
	}
	u := h / 100
	pad := 2 * u
	ts := fit(b.title, 5.5*u*textScale, w-2*pad)
	b.title.Move(fyne.NewPos(pad, u*0.5))
	b.title.Resize(fyne.NewSize(w-2*pad, ts.Height))
	top := u*0.5 + ts.Height + u
	// the footer: what happens next, across the bottom
	fs := briefMin * h * textScale
	fl := wrapStyled(b.foot, fs, w-2*pad, fyne.TextStyle{})
	flh := fyne.MeasureText("国", fs, fyne.TextStyle{}).Height
	bottom := h - u - float32(len(fl))*flh
	avail := bottom - u - top
	cw := (w - 3*pad) / 2
	fitsAt := func(s float32) bool {
		_, _, h2 := flow(b.items(s, cw), avail)
		return h2 <= avail
	}
	lo, hi := briefMin*h*textScale, max(briefMax*h, briefMin*h*textScale)
	s := lo
	key := fmt.Sprint(size, textScale, b.Text())
	if key == b.sizedFor {
		s = b.bodySize // (scrolling lays out again every second)
	} else if fitsAt(hi) {
		s = hi
	} else if fitsAt(lo) {
		for range 12 { // the largest size that fits, to a fraction of a pixel
			mid := (lo + hi) / 2
			if fitsAt(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		s = lo
	}
	b.bodySize, b.sizedFor = s, key
	// The blocks read down the left column and on down the right; what
	// the right cannot hold even at the smallest size scrolls by itself.
	items := b.items(s, cw)
	split, h1, h2 := flow(items, avail)
	for i, part := range [2][]briefItem{items[:split], items[split:]} {
		b.most[i] = max(0, []float32{h1, h2}[i]-avail)
		b.off[i] = b.frac * b.most[i]
		x := pad + float32(i)*(cw+pad)
		y := top - b.off[i]
		for _, it := range part {
			l := b.line(b.nlines)
			b.nlines++
			l.Text, l.TextSize, l.TextStyle, l.Color = it.text, it.size, it.style, it.col
			m := l.MinSize()
			l.Move(fyne.NewPos(x, y))
			l.Resize(m)
			// a line scrolled out of the column's room is not drawn
			l.Hidden = y < top-0.5 || y+m.Height > bottom+u+0.5
			y += it.h + it.after
		}
	}
	x, y := pad, bottom
	for _, l := range fl {
		t := b.line(b.nlines)
		b.nlines++
		t.Text, t.TextSize, t.TextStyle, t.Color, t.Hidden = l, fs, fyne.TextStyle{}, colDim, false
		m := t.MinSize()
		t.Move(fyne.NewPos(x+(w-2*pad-m.Width)/2, y))
		t.Resize(m)
		y += m.Height
	}
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
	for _, c := range b.columns() {
		for _, p := range c {
			out = append(out, p.head.Text, p.text)
		}
	}
	out = append(out, b.foot)
	return strings.Join(out, "\n")
}

// Set shows the briefing of tv (its stage is "briefing").
func (b *Briefing) Set(tv *game.TableView) {
	if tv == nil || tv.Briefing == nil {
		return
	}
	m := BriefingText(tv)
	b.title.Text = m.Title
	b.dealTitle.Text, b.deal = tr("brief.deal"), m.Deal
	b.roundTitle.Text, b.round = tr("rules.roundTitle"), m.Round
	b.winTitle.Text, b.win = tr("rules.winTitle"), m.Win
	b.optsTitle.Text, b.opts = tr("brief.options"), m.Options
	b.rTitle.Text, b.roles = tr("brief.roles"), strings.Join(m.Roles, "\n")
	b.foot = tr("brief.foot", "N", game.BriefingSeconds)
	b.Refresh()
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
