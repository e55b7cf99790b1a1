package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"nightfall/lan"
	"nightfall/lan/replay"
)

// Scoreboard is the evening's scoreboard on the big screen, between games:
// the games played per variant, each side's wins, each player's games,
// wins and roles dealt, and under the roles what a variant counts besides
// (werewolf-12's badge, potions and shots), in two columns past ten
// players, and the
// evening's notable lines, in letters a room can read. Its words are the
// phones' (the shared dictionary, through lan/replay); the host's buttons
// begin a new evening or export it.
type Scoreboard struct {
	ev *lan.Evening

	title, count, variants, sides, notesTitle *canvas.Text
	cols                                      [2][4]*canvas.Text // the column heads, per column block
	rows                                      [][5]*canvas.Text  // name, games, wins, roles, stats
	notes                                     []*canvas.Text
	empty                                     *canvas.Text
	newEvening, export                        *widget.Button
	buttons                                   *fyne.Container
	texts                                     *fyne.Container
	content                                   *fyne.Container
}

// maxNotes is how many notable lines the screen shows.
const maxNotes = 4

// NewScoreboard builds the screen; newEvening and export are the host's
// buttons.
func NewScoreboard(newEvening, export func()) *Scoreboard {
	b := &Scoreboard{}
	text := func() *canvas.Text { return canvas.NewText("", colText) }
	b.title, b.count, b.variants, b.sides = text(), text(), text(), text()
	b.title.TextStyle.Bold, b.title.Color = true, colAccent
	b.count.Color = colDim
	b.notesTitle = text()
	b.notesTitle.TextStyle.Bold = true
	b.empty = text()
	b.empty.Color = colDim
	for k := range b.cols {
		for i := range b.cols[k] {
			b.cols[k][i] = text()
			b.cols[k][i].Color = colDim
		}
	}
	for range maxNotes {
		b.notes = append(b.notes, text())
	}
	b.newEvening = widget.NewButton("", newEvening)
	b.export = widget.NewButton("", export)
	b.buttons = container.NewHBox(b.export, b.newEvening)
	b.texts = container.NewWithoutLayout()
	b.content = container.New(&boardLayout{b: b}, b.texts, b.buttons)
	return b
}

// Content is the screen's root object.
func (b *Scoreboard) Content() fyne.CanvasObject { return b.content }

// Set shows an evening (nil or no game: the empty board).
func (b *Scoreboard) Set(ev *lan.Evening) {
	b.ev = ev
	b.refresh()
}

// Text is every line shown, top to bottom (for tests).
func (b *Scoreboard) Text() []string {
	var out []string
	for _, t := range b.texts.Objects {
		if c, ok := t.(*canvas.Text); ok && c.Text != "" {
			out = append(out, c.Text)
		}
	}
	return out
}

func (b *Scoreboard) refresh() {
	b.newEvening.SetText(tr("board.new"))
	b.export.SetText(tr("board.export"))
	var bt replay.BoardText
	games := 0
	if b.ev != nil {
		bt = replay.Board(Language(), b.ev.Board)
		games = b.ev.Games
	} else {
		bt = replay.Board(Language(), lan.Evening{}.Board)
	}
	b.title.Text = bt.Title
	objs := []fyne.CanvasObject{b.title}
	if games == 0 {
		b.empty.Text = bt.Empty
		b.texts.Objects = append(objs, b.empty)
		b.export.Disable()
		b.content.Refresh()
		return
	}
	b.export.Enable()
	b.count.Text, b.variants.Text, b.sides.Text = bt.Games, bt.Variants, bt.Sides
	objs = append(objs, b.count, b.variants, b.sides)
	for len(b.rows) < len(bt.Players) {
		var r [5]*canvas.Text
		for i := range r {
			r[i] = canvas.NewText("", colText)
		}
		r[1].Alignment, r[2].Alignment = fyne.TextAlignTrailing, fyne.TextAlignTrailing
		r[2].TextStyle.Bold, r[2].Color = true, colAccent
		r[3].Color, r[4].Color = colDim, colNext
		b.rows = append(b.rows, r)
	}
	blocks := 1
	if len(bt.Players) > 10 {
		blocks = 2
	}
	for k := range blocks {
		for i, c := range bt.Cols {
			b.cols[k][i].Text = c
			b.cols[k][i].Alignment = b.rows[0][i].Alignment
			objs = append(objs, b.cols[k][i])
		}
	}
	for i, p := range bt.Players {
		r := b.rows[i]
		r[0].Text, r[1].Text, r[2].Text, r[3].Text, r[4].Text = p.Name, p.Games, p.Wins, p.Roles, p.Stats
		objs = append(objs, r[0], r[1], r[2], r[3], r[4])
	}
	if len(bt.Notes) > 0 {
		b.notesTitle.Text = bt.NotesTitle
		objs = append(objs, b.notesTitle)
	}
	for i, n := range bt.Notes {
		if i < maxNotes {
			b.notes[i].Text = "· " + n
			objs = append(objs, b.notes[i])
		}
	}
	b.texts.Objects = objs
	b.content.Refresh()
}

// boardLayout: sizes are shares of the height, as on the other screens
// (overLayout in over.go opens alike: the shared part is Fyne's layout shape);
// the players' table fills what the lines above and below leave, in one or
// two column blocks.
type boardLayout struct{ b *Scoreboard }

func (l *boardLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(640, 360) }

func (l *boardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	b := l.b
	w, h := size.Width, size.Height
	u := h / 100
	pad := 3 * u
	k := textScale
	b.texts.Resize(size)
	bs := b.buttons.MinSize()
	b.buttons.Move(fyne.NewPos(w-pad-bs.Width, h-bs.Height-u))
	b.buttons.Resize(bs)
	put := func(t *canvas.Text, x, y, size, maxW float32) float32 {
		s := fit(t, size, maxW)
		t.Move(fyne.NewPos(x, y))
		t.Resize(fyne.NewSize(maxW, s.Height))
		return s.Height
	}
	y := u * 2
	th := put(b.title, pad, y, 7*u*k, w/2)
	if b.ev == nil || b.ev.Games == 0 {
		put(b.empty, pad, y+th+2*u, 4*u*k, w-2*pad)
		return
	}
	cs := fit(b.count, 3.6*u*k, w/2-pad)
	b.count.Move(fyne.NewPos(w-pad-cs.Width, y+th-cs.Height))
	b.count.Resize(cs)
	y += th + u
	y += put(b.variants, pad, y, 3.4*u*k, w-2*pad) + 0.5*u
	y += put(b.sides, pad, y, 3.4*u*k, w-2*pad) + 2*u

	// the notes from the bottom up, above the buttons
	bottom := h - bs.Height - 2*u
	var notes []*canvas.Text
	for _, n := range b.notes {
		if n.Text != "" && slices.Contains(b.texts.Objects, fyne.CanvasObject(n)) {
			notes = append(notes, n)
		}
	}
	noteSize := 3.2 * u * k
	lineH := fyne.MeasureText("M", noteSize, fyne.TextStyle{}).Height
	if len(notes) > 0 {
		top := bottom - float32(len(notes))*lineH - lineH*1.2
		put(b.notesTitle, pad, top, noteSize, w-2*pad)
		for i, n := range notes {
			put(n, pad+2*u, top+lineH*1.2+float32(i)*lineH, noteSize, w-2*pad-bs.Width-2*u)
		}
		bottom = top - u
	}

	// the players' table
	n := 0
	for _, r := range b.rows {
		if slices.Contains(b.texts.Objects, fyne.CanvasObject(r[0])) {
			n++
		}
	}
	blocks := 1
	if n > 10 {
		blocks = 2
	}
	perBlock := (n + blocks - 1) / blocks
	gap := 4 * u
	bw := (w - 2*pad - float32(blocks-1)*gap) / float32(blocks)
	if blocks == 1 {
		bw = min(bw, 110*u) // a few players: the columns stay close together
	}
	rowH := (bottom - y) / float32(perBlock+1)
	ts := min(rowH*0.62, 4.4*u*k)
	colW := [4]float32{bw * 0.32, bw * 0.12, bw * 0.12, bw * 0.44}
	// the last cell: the roles, smaller, centred on the row; with a
	// variant's counts on the board, all of them small enough for two
	// lines in the row's height, a row's counts under its roles
	stats := false
	for _, r := range b.rows[:n] {
		stats = stats || r[4].Text != ""
	}
	lh := func(sz float32) float32 { return fyne.MeasureText("M", sz, fyne.TextStyle{}).Height }
	small := ts * 0.8
	if stats {
		small = min(small, ts*0.8*rowH*0.96/(2*lh(ts*0.8)))
	}
	for blk := range blocks {
		x0 := pad + float32(blk)*(bw+gap)
		x := x0
		for i, c := range b.cols[blk] {
			if i == 3 {
				x += 2 * u
			}
			put(c, x, y, ts*0.8, colW[i]-2*u)
			x += colW[i]
		}
		for j := range perBlock {
			i := blk*perBlock + j
			if i >= n {
				break
			}
			r := b.rows[i]
			x := x0
			ry := y + rowH*float32(j+1)
			for c, t := range r[:4] {
				if c == 3 {
					x += 2 * u
				}
				if c < 3 {
					put(t, x, ry, ts, colW[c]-2*u)
					x += colW[c]
					continue
				}
				top := ry + (lh(ts)-lh(small))/2
				if r[4].Text != "" {
					top = ry + (lh(ts)-2*lh(small))/2
					put(r[4], x, top+lh(small), small, colW[c]-2*u)
				}
				put(t, x, top, small, colW[c]-2*u)
			}
		}
	}
}
