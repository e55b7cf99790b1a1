package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
)

// GameOver is the end of the game: the winner, every seat's roles
// (TableView.Reveal) round the table, and the replay (复盘) of the timeline,
// one step at a time, with Previous/Next and auto play.
type GameOver struct {
	tv    *game.TableView
	names map[int]string
	info  game.VariantInfo
	step  int // moments shown: 1..len(Timeline)
	auto  bool

	winner           *canvas.Text
	ring             *SeatRing
	title, stepLabel *canvas.Text
	lines            []string // the earlier moments, oldest first
	current          *canvas.Text
	shown            []*canvas.Text // the replay's wrapped lines as drawn
	nshown           int
	prev, next, play *widget.Button
	content          fyne.CanvasObject
}

const (
	overLines = 9  // earlier moments listed above the current one, at most
	overPool  = 40 // wrapped lines drawn, at most
)

// NewGameOver builds an empty game-over screen.
func NewGameOver() *GameOver {
	g := &GameOver{}
	g.winner = canvas.NewText("", colAccent)
	g.winner.TextStyle.Bold = true
	g.winner.TextSize = 56
	g.winner.Alignment = fyne.TextAlignCenter
	g.ring = NewSeatRing(nil)
	g.ring.WholeNotes = true // every card of every seat (cat-lives-7's five)
	g.title = canvas.NewText("", colDim)
	g.stepLabel = canvas.NewText("", colDim)
	g.current = canvas.NewText("", colAccent)
	g.current.TextStyle.Bold = true
	objs := []fyne.CanvasObject{g.winner, g.ring, g.title}
	for range overPool {
		t := canvas.NewText("", colDim)
		g.shown = append(g.shown, t)
		objs = append(objs, t)
	}
	g.prev = widget.NewButton("", func() { g.Step(-1) })
	g.next = widget.NewButton("", func() { g.Step(1) })
	g.play = widget.NewButton("", func() { g.auto = !g.auto; g.refresh() })
	controls := container.NewHBox(g.prev, g.next, g.play, g.stepLabel)
	objs = append(objs, controls)
	g.content = container.New(&overLayout{g: g}, objs...)
	return g
}

// Content is the screen's root object.
func (g *GameOver) Content() fyne.CanvasObject { return g.content }

// Set shows a finished game's table view.
func (g *GameOver) Set(tv *game.TableView, names map[int]string) {
	if g.tv == nil || tv == nil || g.tv.Version != tv.Version {
		g.step = 1
		if tv != nil && len(tv.Timeline) == 0 {
			g.step = 0
		}
	}
	g.tv, g.names = tv, names
	if tv != nil {
		g.info = lookupVariant(tv.Variant)
	}
	g.refresh()
}

// Step moves the replay by d steps (clamped).
func (g *GameOver) Step(d int) {
	if g.tv == nil {
		return
	}
	g.step = max(min(g.step+d, len(g.tv.Timeline)), min(1, len(g.tv.Timeline)))
	g.refresh()
}

// Auto advances one step when auto play is on (called by the shell's timer).
func (g *GameOver) Auto() {
	if !g.auto || g.tv == nil {
		return
	}
	if g.step >= len(g.tv.Timeline) {
		g.auto = false
	} else {
		g.step++
	}
	g.refresh()
}

// Current is the replay step on screen.
func (g *GameOver) Current() string { return g.current.Text }

// Winner is the winner line.
func (g *GameOver) Winner() string { return g.winner.Text }

func (g *GameOver) refresh() {
	tv := g.tv
	g.prev.SetText(tr("replay.prev"))
	g.next.SetText(tr("replay.next"))
	if g.auto {
		g.play.SetText(tr("replay.stop"))
	} else {
		g.play.SetText(tr("replay.auto"))
	}
	g.title.Text = tr("over.timeline")
	if tv == nil {
		return
	}
	g.winner.Text = tr("narr.over") + " · " + WinnerText(tv.Winner)
	n := len(tv.Timeline)
	g.stepLabel.Text = tr("replay.step", "I", g.step, "N", n)
	var cur *game.Moment
	if g.step >= 1 && g.step <= n {
		cur = &tv.Timeline[g.step-1]
	}
	g.lines = g.lines[:0]
	for k := max(0, g.step-1-overLines); k < g.step-1; k++ {
		m := tv.Timeline[k]
		g.lines = append(g.lines, MomentHeader(m)+"  "+MomentText(m, g.info))
	}
	g.current.Text = ""
	if cur != nil {
		g.current.Text = MomentHeader(*cur) + "  " + MomentText(*cur, g.info)
	}
	g.prev.Disable()
	if g.step > 1 {
		g.prev.Enable()
	}
	g.next.Disable()
	if g.step < n {
		g.next.Enable()
	}
	g.ring.SetSeats(g.seats(cur))
	for _, t := range []*canvas.Text{g.winner, g.title, g.stepLabel} {
		t.Refresh()
	}
	g.content.Refresh()
}

// seats: every role revealed; the current step's actors and targets lit.
func (g *GameOver) seats(cur *game.Moment) []SeatInfo {
	tv := g.tv
	lit := map[int]bool{}
	acts := map[int]bool{}
	if cur != nil {
		for _, a := range cur.Actors {
			acts[a] = true
		}
		if cur.Target != nil {
			lit[cur.Target.Seat] = true
		}
		for _, d := range cur.Dead {
			lit[d.Seat] = true
		}
		if cur.Seat != 0 {
			lit[cur.Seat] = true
		}
	}
	var out []SeatInfo
	for _, r := range tv.Reveal {
		si := SeatInfo{Seat: r.Seat, Name: g.names[r.Seat], Calling: lit[r.Seat], Marked: acts[r.Seat]}
		dead := len(r.Alive) > 0
		evil := false
		note := ""
		for i, role := range r.Roles {
			if i > 0 {
				note += tr("list.cards") // a card's own name may hold a "/"
			}
			note += RoleName(g.info, role)
			if i < len(r.Alive) && r.Alive[i] {
				dead = false
			}
			if c := roleCamp(g.info, role); c != "" && c != "good" {
				evil = true
			}
		}
		if len(r.Roles) > 1 {
			si.Cards = r.Alive
		}
		si.Dead = dead
		si.Note = note
		si.NoteCol = colGood
		if evil {
			si.NoteCol = colEvil
		}
		out = append(out, si)
	}
	return out
}

// overLayout: the winner across the top, the table on the left, the replay on
// the right; sizes are shares of the height, like the table screen. The
// replay's lines wrap; when they do not all fit, the oldest go.
type overLayout struct{ g *GameOver }

func (o *overLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(640, 360) }

func (o *overLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	g := o.g
	w, h := size.Width, size.Height
	u := h / 100
	pad := 2 * u
	ws := fit(g.winner, 8*u, w-2*pad)
	g.winner.Move(fyne.NewPos(pad, u))
	g.winner.Resize(fyne.NewSize(w-2*pad, ws.Height))
	top := ws.Height + 2*u
	ringW := w * 0.6
	g.ring.Move(fyne.NewPos(pad, top))
	g.ring.Resize(fyne.NewSize(ringW-pad, h-top-u))
	x := ringW + 2*pad
	pw := w - x - pad
	y := top
	k := u * textScale // the replay's text, larger in the high-contrast look
	ts := fit(g.title, 4.4*k, pw)
	g.title.Move(fyne.NewPos(x, y))
	g.title.Resize(ts)
	y += ts.Height + u

	ctl := objs[len(objs)-1]
	g.stepLabel.TextSize = 3.2 * k
	ms := ctl.MinSize()
	ctl.Move(fyne.NewPos(x, h-ms.Height-u))
	ctl.Resize(fyne.NewSize(pw, ms.Height))
	bottom := h - ms.Height - 3*u

	// The current moment (large, wrapped), and above it as many earlier
	// ones as fit, the newest last.
	bold := fyne.TextStyle{Bold: true}
	cur := wrapStyled(g.current.Text, 5.2*k, pw, bold)
	if g.current.Text == "" {
		cur = nil
	}
	lineH := func(size float32, st fyne.TextStyle) float32 { return fyne.MeasureText("M", size, st).Height }
	curH := float32(len(cur)) * lineH(5.2*k, bold)
	var earlier [][]string
	room := bottom - y - curH - u
	for i := len(g.lines) - 1; i >= 0; i-- {
		ls := wrapText(g.lines[i], 3.4*k, pw)
		hh := float32(len(ls))*lineH(3.4*k, fyne.TextStyle{}) + u*0.6
		if hh > room {
			break
		}
		room -= hh
		earlier = append([][]string{ls}, earlier...)
	}
	g.nshown = 0
	put := func(s string, size float32, col fyne.TextStyle, c color.Color) {
		if g.nshown == len(g.shown) {
			return
		}
		t := g.shown[g.nshown]
		g.nshown++
		t.Text, t.TextSize, t.TextStyle, t.Color = s, size, col, c
		t.Move(fyne.NewPos(x, y))
		t.Resize(t.MinSize())
		y += lineH(size, col)
	}
	for _, ls := range earlier {
		for _, l := range ls {
			put(l, 3.4*k, fyne.TextStyle{}, colDim)
		}
		y += u * 0.6
	}
	y += u
	for _, l := range cur {
		put(l, 5.2*k, bold, colAccent)
	}
	for _, t := range g.shown[g.nshown:] {
		t.Text = ""
		t.Resize(fyne.Size{})
	}
	for _, t := range g.shown {
		t.Refresh()
	}
}
