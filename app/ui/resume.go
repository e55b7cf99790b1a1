package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/lan"
)

// The resume screen: on start, when the data folder holds an
// unfinished game or a lobby with seated players (lan.Resumable), the big
// screen offers "继续上一局 / Resume the last game" first, with what it was,
// and "New game" beside it. Logs that cannot be resumed are named, so that
// an older game is never taken silently.

// ResumeLine is one line about a resumable game or lobby, in the current
// language.
func ResumeLine(g lan.SavedGame) string {
	when := g.Updated.Local().Format("2006-01-02 15:04")
	switch {
	case g.Problem != "":
		return tr("resume.problem", "File", filepath.Base(g.Path), "Problem", g.Problem)
	case g.Lobby:
		return tr("resume.lobby", "Variant", VariantName(lookupVariant(g.Variant)), "Seated", g.Seated, "Players", g.Players, "When", when)
	}
	return tr("resume.game", "Variant", VariantName(lookupVariant(g.Variant)), "Players", g.Players, "Round", g.Round,
		"Phase", tr("resume.phase."+string(g.Phase)), "When", when)
}

// ShowResume shows the choice; resume gets the chosen entry's path, fresh
// starts a new game. Both run on the UI goroutine. Everything on it is
// sized from the screen's height (projectorColumn), so it reads from across
// the room on a projector as the table does.
func (s *Shell) ShowResume(list []lan.SavedGame, resume func(path string), fresh func()) {
	col := &projectorColumn{}
	title := canvas.NewText(tr("resume.title"), colAccent)
	title.TextStyle.Bold = true
	col.text(title, 8)
	first := true
	var others, problems []projRow
	for _, g := range list {
		path := g.Path
		switch {
		case g.Problem != "":
			problems = append(problems, projRow{texts: []*canvas.Text{canvas.NewText(ResumeLine(g), colCall)}, k: 3})
		case first:
			first = false
			col.text(canvas.NewText(ResumeLine(g), colText), 4.4)
			col.rows = append(col.rows, projRow{buttons: []*BigButton{
				NewBigButton(tr("resume.go"), true, func() { resume(path) }),
				NewBigButton(tr("resume.new"), false, fresh)}, k: 10, gap: 3})
		default:
			others = append(others, projRow{texts: []*canvas.Text{canvas.NewText(ResumeLine(g), colDim)},
				buttons: []*BigButton{NewBigButton(tr("resume.other"), false, func() { resume(path) })}, k: 3.4})
		}
	}
	if first { // nothing resumable: only problems to tell
		col.rows = append(col.rows, projRow{buttons: []*BigButton{NewBigButton(tr("resume.new"), true, fresh)}, k: 10, gap: 3})
	}
	if len(others) > 0 {
		others[0].gap = 4
	}
	col.rows = append(col.rows, others...)
	col.rows = append(col.rows, problems...)
	s.body.Objects = []fyne.CanvasObject{col.build()}
	s.body.Refresh()
}

// projRow is one row of a projectorColumn: texts (k·u high) and buttons
// (k·u high) side by side, centred; gap·u above it.
type projRow struct {
	texts   []*canvas.Text
	buttons []*BigButton
	k, gap  float32
}

// projectorColumn lays rows out down the middle of the screen, every size a
// share of its height (u = a hundredth, smaller when the width is short),
// shrunk together when they do not fit.
type projectorColumn struct {
	rows []projRow
}

func (c *projectorColumn) text(t *canvas.Text, k float32) {
	c.rows = append(c.rows, projRow{texts: []*canvas.Text{t}, k: k, gap: 2})
}

func (c *projectorColumn) build() fyne.CanvasObject {
	var objs []fyne.CanvasObject
	for _, r := range c.rows {
		for _, t := range r.texts {
			objs = append(objs, t)
		}
		for _, b := range r.buttons {
			objs = append(objs, b)
		}
	}
	return container.New(c, objs...)
}

func (c *projectorColumn) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(320, 240) }

func (c *projectorColumn) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	u := min(size.Height/100, size.Width/160)
	for range 8 {
		if c.place(size, u, false) <= size.Height*0.94 {
			break
		}
		u *= 0.9
	}
	c.place(size, u, true)
}

// place lays the rows out at unit u (when do) and returns the height used.
func (c *projectorColumn) place(size fyne.Size, u float32, do bool) float32 {
	total := float32(0)
	var widths []float32
	for _, r := range c.rows {
		total += r.gap * u
		w := float32(0)
		for _, t := range r.texts {
			t.TextSize = r.k * u
			w += t.MinSize().Width
		}
		for _, b := range r.buttons {
			b.textSize = r.k * u * 0.42 // a button row: the label within the button's height
			if len(r.texts) > 0 {
				b.textSize = r.k * u * 0.8 // beside a line: as large as the line
			}
			w += b.naturalWidth() + 2*u
		}
		if n := len(r.texts) + len(r.buttons); n > 1 {
			w += float32(n-1) * 2 * u
		}
		widths = append(widths, w)
		total += r.height(u)
	}
	if !do {
		return total
	}
	y := max(0, (size.Height-total)/2)
	for i, r := range c.rows {
		y += r.gap * u
		h := r.height(u)
		x := max(0, (size.Width-widths[i])/2)
		for _, t := range r.texts {
			ts := t.MinSize()
			if ts.Width > size.Width { // too long a line: shrunk to fit
				t.TextSize *= size.Width / ts.Width
				ts = t.MinSize()
				x = 0
			}
			t.Move(fyne.NewPos(x, y+(h-ts.Height)/2))
			t.Resize(ts)
			x += ts.Width + 2*u
		}
		for _, b := range r.buttons {
			bw := b.naturalWidth() + 2*u
			bh := r.k * u
			if len(r.texts) > 0 {
				bh = h
			}
			b.Move(fyne.NewPos(x, y+(h-bh)/2))
			b.Resize(fyne.NewSize(bw, bh))
			x += bw + 2*u
		}
		y += h
	}
	return total
}

func (r projRow) height(u float32) float32 {
	h := float32(0)
	for _, t := range r.texts {
		h = max(h, t.MinSize().Height)
	}
	if len(r.buttons) > 0 {
		if len(r.texts) > 0 {
			h = max(h*1.5, r.k*u*1.6)
		} else {
			h = max(h, r.k*u)
		}
	}
	return h
}

// BigButton is a button whose label is sized by the layout that places it
// (a share of the screen's height), not by the theme: the big screen's own
// choices read from across the room.
type BigButton struct {
	widget.BaseWidget
	Text     string
	OnTapped func()
	high     bool
	textSize float32
	bg       *canvas.Rectangle
	label    *canvas.Text
}

// NewBigButton makes a button; high: the main choice (the accent colour).
func NewBigButton(text string, high bool, tapped func()) *BigButton {
	b := &BigButton{Text: text, OnTapped: tapped, high: high, textSize: 24}
	b.ExtendBaseWidget(b)
	return b
}

// Tapped implements fyne.Tappable.
func (b *BigButton) Tapped(*fyne.PointEvent) {
	if b.OnTapped != nil {
		b.OnTapped()
	}
}

// Cursor shows the hand over the button (desktop.Cursorable).
func (b *BigButton) Cursor() desktop.Cursor { return desktop.PointerCursor }

func (b *BigButton) naturalWidth() float32 {
	return fyne.MeasureText(b.Text, b.textSize, fyne.TextStyle{Bold: true}).Width + b.textSize*2
}

func (b *BigButton) CreateRenderer() fyne.WidgetRenderer {
	b.bg = canvas.NewRectangle(colSeat)
	b.label = canvas.NewText(b.Text, colText)
	b.label.TextStyle.Bold = true
	b.label.Alignment = fyne.TextAlignCenter
	r := &bigButtonRenderer{b: b}
	r.colour()
	return r
}

type bigButtonRenderer struct{ b *BigButton }

func (r *bigButtonRenderer) Destroy() {}
func (r *bigButtonRenderer) MinSize() fyne.Size {
	return fyne.NewSize(r.b.naturalWidth(), r.b.textSize*1.8)
}
func (r *bigButtonRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.b.bg, r.b.label}
}
func (r *bigButtonRenderer) Layout(size fyne.Size) {
	b := r.b
	b.bg.Resize(size)
	b.bg.CornerRadius = size.Height * 0.18
	b.label.TextSize = b.textSize
	ls := b.label.MinSize()
	b.label.Move(fyne.NewPos(0, (size.Height-ls.Height)/2))
	b.label.Resize(fyne.NewSize(size.Width, ls.Height))
}
func (r *bigButtonRenderer) colour() {
	b := r.b
	b.label.Text = b.Text
	b.bg.FillColor, b.label.Color = colSeat, colText
	if b.high {
		b.bg.FillColor, b.label.Color = colAccent, colBackground
	}
}
func (r *bigButtonRenderer) Refresh() {
	b := r.b
	r.colour()
	r.Layout(b.Size())
	b.bg.Refresh()
	b.label.Refresh()
}

// GameRunning reports whether a game is under way (started, not over).
func (s *Shell) GameRunning() bool {
	return s.has && s.hv.Table != nil && s.hv.Table.Phase != game.PhaseOver
}

// ConfirmClose asks before closing the window while a game runs; close
// runs when the host confirms (at once when no game runs).
func (s *Shell) ConfirmClose(close func()) {
	if !s.GameRunning() || s.win == nil {
		close()
		return
	}
	confirm(tr("quit.title"), tr("quit.confirm"), close, s.win)
}
