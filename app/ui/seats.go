package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// SeatInfo is how one seat is drawn.
type SeatInfo struct {
	Seat    int
	Name    string
	Empty   bool // lobby: nobody sits here yet
	Offline bool
	Dead    bool
	Cards   []bool // alive flags of a seat's cards or hands, where it has several
	Speaker bool   // has the floor
	Next    bool   // speaks next
	Calling bool   // the candidate being voted on, a PK candidate, the replay's target
	Marked  bool   // a secondary highlight (the replay's actors)
	Badge   string // beside the seat, towards the table: a vote "→9"
	Note    string // under the name: a role at the end, "silenced"
	NoteCol color.Color
}

// SeatRing draws the seats around a table seen from above, numbered
// clockwise (rules/README.md "Table geometry"): seat 1 at the bottom, seat 2
// to its left on the screen, and so on round the clock's way. An optional
// object sits in the middle of the table.
type SeatRing struct {
	widget.BaseWidget
	seats  []SeatInfo
	center fyne.CanvasObject
	// OnTapped is called with the seat number when a seat is tapped.
	OnTapped func(seat int)

	pos []fyne.Position // seat centres, as last laid out
	rad float32
	// MinText is the smallest size of the names, notes and badges (0:
	// none): what a player reads from across the room (readableSize).
	MinText float32
	// WholeNotes: no note is clipped; a list of cards (a seat's five
	// cards at the game's end) is broken only between its cards, onto as
	// few lines as fit (wholeNoteLines).
	WholeNotes bool
}

// NewSeatRing makes a ring with center in the middle of the table (may be nil).
func NewSeatRing(center fyne.CanvasObject) *SeatRing {
	r := &SeatRing{center: center}
	r.ExtendBaseWidget(r)
	return r
}

// SetSeats replaces the seats and redraws.
func (r *SeatRing) SetSeats(seats []SeatInfo) {
	r.seats = seats
	r.Refresh()
}

// Seats returns the seats as drawn.
func (r *SeatRing) Seats() []SeatInfo { return r.seats }

// Tapped implements fyne.Tappable: the seat under the pointer, if any.
func (r *SeatRing) Tapped(ev *fyne.PointEvent) {
	if r.OnTapped == nil {
		return
	}
	for i, p := range r.pos {
		dx, dy := ev.Position.X-p.X, ev.Position.Y-p.Y
		if dx*dx+dy*dy <= r.rad*r.rad*1.2 && i < len(r.seats) {
			r.OnTapped(r.seats[i].Seat)
			return
		}
	}
}

// SeatCenter is where seat number seat is drawn (for tests and taps).
func (r *SeatRing) SeatCenter(seat int) (fyne.Position, bool) {
	for i, s := range r.seats {
		if s.Seat == seat && i < len(r.pos) {
			return r.pos[i], true
		}
	}
	return fyne.Position{}, false
}

// CreateRenderer implements fyne.Widget.
func (r *SeatRing) CreateRenderer() fyne.WidgetRenderer {
	rr := &ringRenderer{ring: r, tableImg: &ellipseImage{fill: colTable, edge: colTableEdge, stroke: 2}}
	rr.table = canvas.NewRaster(rr.tableImg.generate)
	rr.Refresh()
	return rr
}

func (r *SeatRing) MinSize() fyne.Size { return fyne.NewSize(300, 240) }

type seatObjs struct {
	disc           *canvas.Circle
	num            *canvas.Text
	name           *canvas.Text
	notes          []*canvas.Text // the note's lines (noteRoom of them)
	badge          *canvas.Text
	badgeBg        *canvas.Rectangle
	cross1, cross2 *canvas.Line
	pips           []*canvas.Circle
}

type ringRenderer struct {
	ring      *SeatRing
	table     *canvas.Raster
	tableImg  *ellipseImage
	tableSize fyne.Size // the table's size when last drawn
	seats     []*seatObjs
	objs      []fyne.CanvasObject
	size      fyne.Size
}

func (rr *ringRenderer) Destroy() {}

func (rr *ringRenderer) Objects() []fyne.CanvasObject { return rr.objs }

func (rr *ringRenderer) MinSize() fyne.Size { return rr.ring.MinSize() }

func (rr *ringRenderer) Refresh() {
	seats := rr.ring.seats
	for len(rr.seats) < len(seats) {
		o := &seatObjs{
			disc: canvas.NewCircle(colSeat), num: canvas.NewText("", colText),
			name:  canvas.NewText("", colDim),
			badge: canvas.NewText("", color.Black), badgeBg: canvas.NewRectangle(colAccent),
			cross1: canvas.NewLine(colDeadMark), cross2: canvas.NewLine(colDeadMark),
		}
		o.num.Alignment = fyne.TextAlignCenter
		o.num.TextStyle.Bold = true
		o.name.Alignment = fyne.TextAlignCenter
		o.badge.Alignment = fyne.TextAlignCenter
		rr.seats = append(rr.seats, o)
	}
	rr.seats = rr.seats[:len(seats)]
	for i, s := range seats {
		o := rr.seats[i]
		o.num.Text = strconv.Itoa(s.Seat)
		o.name.Text, _ = seatLabel(s)
		for len(o.notes) < rr.ring.noteRoom(s) {
			l := canvas.NewText("", colDim)
			l.Alignment = fyne.TextAlignCenter
			o.notes = append(o.notes, l)
		}
		o.notes = o.notes[:rr.ring.noteRoom(s)]
		for _, l := range o.notes {
			l.Color = colDim
			if s.NoteCol != nil {
				l.Color = s.NoteCol
			}
		}
		o.badge.Text = s.Badge
		o.disc.FillColor, o.disc.StrokeColor, o.disc.StrokeWidth = colSeat, colText, 0
		o.num.Color, o.name.Color = colText, colDim
		switch {
		case s.Empty:
			o.disc.FillColor, o.disc.StrokeColor = colSeatEmpty, colDeadText
			o.num.Color = colDeadText
		case s.Dead:
			// The ✕ is under the number, a little see-through, and the
			// number stays white: who died is read from across the room.
			o.disc.FillColor = colSeatDead
			o.name.Color = colDeadText
			mark := colDeadMark
			mark.A = 0xd0
			o.cross1.StrokeColor, o.cross2.StrokeColor = mark, mark
		case s.Offline:
			o.name.Color = colDeadText
		}
		for len(o.pips) < len(s.Cards) {
			o.pips = append(o.pips, canvas.NewCircle(colGood))
		}
		o.pips = o.pips[:len(s.Cards)]
		for j, alive := range s.Cards {
			o.pips[j].FillColor = colGood
			if !alive {
				o.pips[j].FillColor = colDeadMark
			}
		}
	}
	rr.objs = rr.objs[:0]
	rr.objs = append(rr.objs, rr.table)
	if rr.ring.center != nil {
		rr.objs = append(rr.objs, rr.ring.center)
	}
	for i, o := range rr.seats {
		rr.objs = append(rr.objs, o.disc)
		if seats[i].Dead {
			rr.objs = append(rr.objs, o.cross1, o.cross2)
		}
		rr.objs = append(rr.objs, o.num, o.name)
		for _, l := range o.notes {
			rr.objs = append(rr.objs, l)
		}
		for _, p := range o.pips {
			rr.objs = append(rr.objs, p)
		}
		if seats[i].Badge != "" {
			rr.objs = append(rr.objs, o.badgeBg, o.badge)
		}
	}
	rr.Layout(rr.size)
	for _, o := range rr.objs {
		if o != rr.table { // redrawn by Layout when its shape changes
			o.Refresh()
		}
	}
}

func clip(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}

// maxNameRunes is where a player's name is cut (with an ellipsis) on the
// ring; the font shrinks first so that names of this length fit.
const maxNameRunes = 12

// Rect is an axis-aligned rectangle in a widget's coordinates.
type Rect struct {
	Pos  fyne.Position
	Size fyne.Size
}

// Overlaps reports whether r and o share more than a border.
func (r Rect) Overlaps(o Rect) bool {
	return r.Pos.X < o.Pos.X+o.Size.Width && o.Pos.X < r.Pos.X+r.Size.Width &&
		r.Pos.Y < o.Pos.Y+o.Size.Height && o.Pos.Y < r.Pos.Y+r.Size.Height
}

// Inside reports whether r lies within o.
func (r Rect) Inside(o Rect) bool {
	return r.Pos.X >= o.Pos.X-0.5 && r.Pos.Y >= o.Pos.Y-0.5 &&
		r.Pos.X+r.Size.Width <= o.Pos.X+o.Size.Width+0.5 && r.Pos.Y+r.Size.Height <= o.Pos.Y+o.Size.Height+0.5
}

// RingGeometry is where a ring draws everything, in the ring's coordinates.
type RingGeometry struct {
	Center         fyne.Position // of the table and of the ellipse of seats
	A, B           float32       // semi-axes of the ellipse the seat centres are on
	TableA, TableB float32       // semi-axes of the table (an ellipse)
	Radius         float32       // of a seat's disc (the speaker's is larger)
	Rim            float32       // the largest disc with its outline
	NameSize       float32
	NoteSize       float32
	Seats          []fyne.Position // disc centres, in seat order
	Labels         []Rect          // each seat's name and note (empty size when it has none)
	Notes          [][]string      // each seat's note, in its lines
	Fits           bool            // no disc or label overlaps another or leaves the ring, the table not a sliver
}

// Inner is a rectangle inside the table's ellipse, its corners on the
// ellipse (where the ring's centre object goes).
func (g RingGeometry) Inner() Rect {
	const c, s = 0.74, 0.67 // a point on the ellipse at ~42°
	w, h := 2*g.TableA*c, 2*g.TableB*s
	return Rect{fyne.NewPos(g.Center.X-w/2, g.Center.Y-h/2), fyne.NewSize(w, h)}
}

// InTable reports whether the point p is inside the table's ellipse.
func (g RingGeometry) InTable(p fyne.Position) bool {
	dx, dy := (p.X-g.Center.X)/g.TableA, (p.Y-g.Center.Y)/g.TableB
	return dx*dx+dy*dy < 1
}

// Geometry is where the ring draws its seats at its current size.
func (r *SeatRing) Geometry() RingGeometry { return r.geometry(r.Size()) }

// InnerRect is the rectangle in the middle of the table (in the ring's
// coordinates) where the centre object goes; the table screen puts its
// board there.
func (r *SeatRing) InnerRect() Rect { return r.Geometry().Inner() }

// noteLines is a seat's note in lines at most w wide at size: one, or up
// to most when it is long (the last clipped if need be), or three when
// the note is three lines of its own ("3 cards\n−1 privilege\n−1
// commoner": short lines keep the seat's label narrow).
func noteLines(note string, size, w float32, most int) []string {
	if note == "" {
		return nil
	}
	if strings.Count(note, "\n") >= 2 {
		most = max(most, 3)
	}
	ls := wrapText(note, size, w)
	if len(ls) > most {
		rest := strings.Join(ls[most-1:], " ")
		for len([]rune(rest)) > 2 && fyne.MeasureText(rest, size, fyne.TextStyle{}).Width > w {
			rest = clip(rest, len([]rune(rest))-1)
		}
		ls = append(ls[:most-1:most-1], rest)
	}
	return ls
}

// noteRoom is how many lines seat s's note may take: three, or with
// WholeNotes one a card (wholeNoteLines breaks a list only between its
// cards).
func (r *SeatRing) noteRoom(s SeatInfo) int {
	if !r.WholeNotes {
		return 3
	}
	return max(3, strings.Count(s.Note, tr("list.cards"))+1)
}

// wholeNoteLines is a seat's note in at most most lines, whole: a list of
// cards ("Commoner · Sniper · Curse / blessing", list.cards between them)
// is broken only between its cards, onto as few lines as fit across w, or
// when they take more than most lines, onto most lines made as narrow as
// they can be (a line may then be wider than w: the ring makes room for
// it); any other note as noteLines wraps it.
func wholeNoteLines(note string, size, w float32, most int) []string {
	sep := tr("list.cards")
	if note == "" || strings.Contains(note, "\n") || !strings.Contains(note, sep) {
		return noteLines(note, size, w, most)
	}
	cards := strings.SplitAfter(note, sep)
	width := func(s string) float32 { return fyne.MeasureText(s, size, fyne.TextStyle{}).Width }
	line := func(cs []string) string { return strings.TrimRightFunc(strings.Join(cs, ""), unicode.IsSpace) }
	// the cards of lines from i on split at most k times: the lines and
	// their widest
	var best func(i, k int) ([]string, float32)
	best = func(i, k int) ([]string, float32) {
		if whole := line(cards[i:]); k == 0 || width(whole) <= w {
			return []string{whole}, width(whole)
		}
		var out []string
		var wide float32 = -1
		for j := i + 1; j < len(cards); j++ {
			first := line(cards[i:j])
			rest, rw := best(j, k-1)
			if m := max(width(first), rw); wide < 0 || m < wide {
				out, wide = append([]string{first}, rest...), m
			}
		}
		return out, wide
	}
	// the fewest lines, each across w where it can be
	for k := 0; k < most; k++ {
		if ls, wide := best(0, k); wide <= w || k == most-1 {
			return ls
		}
	}
	return nil
}

// seatLabel is the text under a seat's number: the name (clipped) and the note.
func seatLabel(s SeatInfo) (name, note string) { return clip(s.Name, maxNameRunes), s.Note }

// geometry places the seats for size: their centres on an ellipse centred
// in the ring, spaced evenly along it (not by angle, which would crowd the
// ends of a wide ellipse), each name outside its seat (away from the
// table), the table an ellipse inside the seats. The discs start as large as
// the size allows and shrink, with the names' font, until nothing overlaps.
func (r *SeatRing) geometry(size fyne.Size) RingGeometry {
	w, h := size.Width, size.Height
	n := len(r.seats)
	g := RingGeometry{Center: fyne.NewPos(w/2, h/2)}
	if n == 0 || w <= 0 || h <= 0 {
		g.TableA, g.TableB = max(w/2-8, 4), max(h/2-8, 4)
		return g
	}
	short := min(w, h)
	rad := min(short*0.07, 80)
	// The arc each seat gets on an ellipse that ignores the names: a first
	// cap on the discs.
	est := ellipsePerimeter(max(w/2-short*0.2, 10), max(h/2-short*0.2, 10))
	rad = min(rad, est/float32(n)*0.3)
	// The larger text of the high-contrast look, as much of it as fits.
	// Notes wrap at 10.5 ems in up to two lines, or at 6 in up to three
	// when that leaves the table taller than wide (a narrow ring of long
	// notes beside the seats at its ends: two-hands' "Bodyguard ·
	// Villager" at the game's end).
	for scale := textScale; ; scale = max(1, scale-0.1) {
		for _, noteEms := range []float32{10.5, 6} {
			r0 := rad
			for range 24 {
				g = r.tryGeometry(size, r0, scale, noteEms)
				if g.Fits || r0 < 9 {
					break
				}
				r0 *= 0.94
			}
			if g.TableA >= g.TableB {
				break
			}
		}
		if g.Fits || scale <= 1 {
			return g
		}
	}
}

func (r *SeatRing) tryGeometry(size fyne.Size, rad, scale, noteEms float32) RingGeometry {
	w, h := size.Width, size.Height
	n := len(r.seats)
	margin := max(4, min(w, h)*0.012)
	g := RingGeometry{Center: fyne.NewPos(w/2, h/2), Radius: rad, Rim: rad * 1.24,
		NameSize: max(12, rad*0.55, r.MinText/scale) * scale}
	g.NoteSize = max(11*scale, g.NameSize*0.92, r.MinText)
	gap := max(2, rad*0.08)

	// The labels' sizes.
	sizes := make([]fyne.Size, n)
	var lw, lh float32
	for i, s := range r.seats {
		name, note := seatLabel(s)
		var sz fyne.Size
		if name != "" {
			sz = fyne.MeasureText(name, g.NameSize, fyne.TextStyle{})
		}
		most := 2
		if noteEms < 10.5 { // wrapped narrow: a third line keeps as much of the note
			most = 3
		}
		var lines []string
		if r.WholeNotes {
			lines = wholeNoteLines(note, g.NoteSize, max(sz.Width, g.NoteSize*noteEms), r.noteRoom(s))
		} else {
			lines = noteLines(note, g.NoteSize, max(sz.Width, g.NoteSize*noteEms), most)
		}
		g.Notes = append(g.Notes, lines)
		for _, l := range lines {
			m := fyne.MeasureText(l, g.NoteSize, fyne.TextStyle{})
			sz.Width = max(sz.Width, m.Width)
			sz.Height += m.Height
		}
		sizes[i] = sz
		lw, lh = max(lw, sz.Width), max(lh, sz.Height)
	}
	// Room for a label beside the seats at the ends, above and below those
	// at the top and bottom.
	g.A = w/2 - margin - g.Rim - gap - lw
	g.B = h/2 - margin - g.Rim - gap - lh
	bounds := Rect{Size: size}
	for range 4 {
		if g.A < g.Rim || g.B < g.Rim { // too small: draw it anyway
			g.A, g.B = max(g.A, g.Rim), max(g.B, g.Rim)
			g.place(sizes, gap)
			break
		}
		g.place(sizes, gap)
		// Labels of the diagonal seats may still stick out: pull the
		// ellipse in by as much.
		var dx, dy float32
		for i, p := range g.Seats {
			box := discRect(p, g.Rim)
			if sizes[i].Width > 0 {
				box = union(box, g.Labels[i])
			}
			dx = max(dx, margin-box.Pos.X, box.Pos.X+box.Size.Width-(w-margin))
			dy = max(dy, margin-box.Pos.Y, box.Pos.Y+box.Size.Height-(h-margin))
		}
		if dx <= 0.01 && dy <= 0.01 {
			break
		}
		g.A -= max(dx, 0)
		g.B -= max(dy, 0)
	}
	edge := max(2, rad*0.06)
	g.TableA = max(g.A-g.Rim-edge, 4)
	g.TableB = max(g.B-g.Rim-edge, 4)
	// A table squeezed to a sliver by the names beside it (a narrow
	// ring) counts as not fitting: smaller seats and names leave it room.
	g.Fits = g.fits(bounds) && min(g.TableA, g.TableB) >= 0.25*max(g.TableA, g.TableB)
	return g
}

// place puts the seat centres and their labels on the ellipse (A, B).
func (g *RingGeometry) place(sizes []fyne.Size, gap float32) {
	n := len(sizes)
	g.Seats = g.Seats[:0]
	g.Labels = g.Labels[:0]
	for i, phi := range evenAngles(g.A, g.B, n) {
		cos, sin := float32(math.Cos(phi)), float32(math.Sin(phi))
		p := fyne.NewPos(g.Center.X+g.A*cos, g.Center.Y+g.B*sin)
		g.Seats = append(g.Seats, p)
		sz := sizes[i]
		if sz.Width == 0 {
			g.Labels = append(g.Labels, Rect{Pos: p})
			continue
		}
		// Outwards along the ellipse's normal, just far enough that the
		// label's box clears the disc and its outline by gap.
		nx, ny := cos/g.A, sin/g.B
		l := float32(math.Hypot(float64(nx), float64(ny)))
		nx, ny = nx/l, ny/l
		box := func(k float32) Rect {
			c := fyne.NewPos(p.X+nx*k, p.Y+ny*k)
			return Rect{fyne.NewPos(c.X-sz.Width/2, c.Y-sz.Height/2), sz}
		}
		lo, hi := float32(0), g.Rim+gap+sz.Width+sz.Height
		for range 24 {
			mid := (lo + hi) / 2
			if discHits(p, g.Rim+gap, box(mid)) {
				lo = mid
			} else {
				hi = mid
			}
		}
		g.Labels = append(g.Labels, box(hi))
	}
}

// fits: every disc and label inside bounds, no two of them overlapping.
func (g *RingGeometry) fits(bounds Rect) bool {
	n := len(g.Seats)
	for i := range n {
		if !discRect(g.Seats[i], g.Rim).Inside(bounds) {
			return false
		}
		li := g.Labels[i]
		if li.Size.Width > 0 && !li.Inside(bounds) {
			return false
		}
		for j := i + 1; j < n; j++ {
			pi, pj := g.Seats[i], g.Seats[j]
			if math.Hypot(float64(pi.X-pj.X), float64(pi.Y-pj.Y)) < float64(2*g.Rim) {
				return false
			}
			lj := g.Labels[j]
			if li.Size.Width > 0 && lj.Size.Width > 0 && li.Overlaps(lj) {
				return false
			}
		}
		for j := range n {
			if li.Size.Width > 0 && discHits(g.Seats[j], g.Rim, li) {
				return false
			}
		}
	}
	return true
}

// evenAngles are the parameters of n points evenly spaced along the
// ellipse's perimeter, the first at the bottom, going clockwise on the
// screen's left first (seat 2 left of seat 1).
func evenAngles(a, b float32, n int) []float64 {
	const steps = 720
	var cum [steps + 1]float64
	px, py := 0.0, float64(b)
	for k := 1; k <= steps; k++ {
		phi := 2 * math.Pi * float64(k) / steps
		x, y := float64(a)*math.Cos(math.Pi/2+phi), float64(b)*math.Sin(math.Pi/2+phi)
		cum[k] = cum[k-1] + math.Hypot(x-px, y-py)
		px, py = x, y
	}
	total := cum[steps]
	out := make([]float64, n)
	k := 0
	for i := range n {
		target := total * float64(i) / float64(n)
		for k < steps && cum[k+1] < target {
			k++
		}
		f := 0.0
		if seg := cum[k+1] - cum[k]; seg > 0 && k < steps {
			f = (target - cum[k]) / seg
		}
		out[i] = math.Pi/2 + 2*math.Pi*(float64(k)+f)/steps
	}
	return out
}

func discRect(p fyne.Position, r float32) Rect {
	return Rect{fyne.NewPos(p.X-r, p.Y-r), fyne.NewSize(2*r, 2*r)}
}

func union(a, b Rect) Rect {
	x0, y0 := min(a.Pos.X, b.Pos.X), min(a.Pos.Y, b.Pos.Y)
	x1 := max(a.Pos.X+a.Size.Width, b.Pos.X+b.Size.Width)
	y1 := max(a.Pos.Y+a.Size.Height, b.Pos.Y+b.Size.Height)
	return Rect{fyne.NewPos(x0, y0), fyne.NewSize(x1-x0, y1-y0)}
}

// discHits reports whether the disc (p, r) reaches into the rectangle.
func discHits(p fyne.Position, r float32, b Rect) bool {
	x := max(b.Pos.X, min(p.X, b.Pos.X+b.Size.Width))
	y := max(b.Pos.Y, min(p.Y, b.Pos.Y+b.Size.Height))
	dx, dy := p.X-x, p.Y-y
	return dx*dx+dy*dy < r*r
}

func (rr *ringRenderer) Layout(size fyne.Size) {
	rr.size = size
	g := rr.ring.geometry(size)
	rr.ring.pos = append(rr.ring.pos[:0], g.Seats...)
	rr.ring.rad = g.Radius
	cx, cy := g.Center.X, g.Center.Y
	rr.table.Move(fyne.NewPos(cx-g.TableA-1, cy-g.TableB-1))
	rr.table.Resize(fyne.NewSize(2*g.TableA+2, 2*g.TableB+2))
	stroke, width := max(2, g.Radius*0.06), 2*g.TableA+2
	if stroke != rr.tableImg.stroke || width != rr.tableImg.width || rr.table.Size() != rr.tableSize {
		rr.tableImg.stroke, rr.tableImg.width, rr.tableSize = stroke, width, rr.table.Size()
		rr.table.Refresh()
	}
	if c := rr.ring.center; c != nil {
		in := g.Inner()
		c.Move(in.Pos)
		c.Resize(in.Size)
	}
	r := g.Radius
	for i, o := range rr.seats {
		if i >= len(g.Seats) {
			break
		}
		s := rr.ring.seats[i]
		x, y := g.Seats[i].X, g.Seats[i].Y
		rad := r
		o.disc.StrokeWidth = 0
		switch {
		case s.Speaker:
			rad = r * 1.12
			o.disc.StrokeColor, o.disc.StrokeWidth = colAccent, r*0.2
		case s.Calling:
			o.disc.StrokeColor, o.disc.StrokeWidth = colCall, r*0.16
		case s.Next:
			o.disc.StrokeColor, o.disc.StrokeWidth = colNext, r*0.12
		case s.Marked:
			o.disc.StrokeColor, o.disc.StrokeWidth = colNext, r*0.12
		case s.Empty:
			o.disc.StrokeColor, o.disc.StrokeWidth = colDeadText, max(1, r*0.04)
		}
		o.disc.Move(fyne.NewPos(x-rad, y-rad))
		o.disc.Resize(fyne.NewSize(2*rad, 2*rad))
		o.num.TextSize = r * 0.95
		ns := o.num.MinSize()
		o.num.Move(fyne.NewPos(x-ns.Width/2, y-ns.Height/2))
		o.num.Resize(ns)
		lb := g.Labels[i]
		for j, l := range o.notes {
			l.Text, l.TextSize = "", g.NoteSize
			if j < len(g.Notes[i]) {
				l.Text = g.Notes[i][j]
			}
		}
		o.name.TextSize = g.NameSize
		ms := fyne.Size{}
		if o.name.Text != "" {
			ms = o.name.MinSize()
		}
		o.name.Move(fyne.NewPos(lb.Pos.X, lb.Pos.Y))
		o.name.Resize(fyne.NewSize(lb.Size.Width, ms.Height))
		ly := lb.Pos.Y + ms.Height
		for _, l := range o.notes {
			var lh float32
			if l.Text != "" {
				lh = l.MinSize().Height
			}
			l.Move(fyne.NewPos(lb.Pos.X, ly))
			l.Resize(fyne.NewSize(lb.Size.Width, lh))
			ly += lh
		}
		d := r * 0.62
		o.cross1.Position1, o.cross1.Position2 = fyne.NewPos(x-d, y-d), fyne.NewPos(x+d, y+d)
		o.cross2.Position1, o.cross2.Position2 = fyne.NewPos(x-d, y+d), fyne.NewPos(x+d, y-d)
		o.cross1.StrokeWidth, o.cross2.StrokeWidth = max(2, r*0.12), max(2, r*0.12)
		pr := r * 0.16
		for j, p := range o.pips {
			px := x + (float32(j)-float32(len(o.pips)-1)/2)*pr*2.6
			p.Move(fyne.NewPos(px-pr, y+r*0.62-pr))
			p.Resize(fyne.NewSize(2*pr, 2*pr))
		}
		// The badge sits between the seat and the table's centre.
		o.badge.TextSize = max(12, r*0.55, rr.ring.MinText/textScale) * textScale
		bs := o.badge.MinSize()
		k := r * 1.55 / float32(math.Hypot(float64(x-cx), float64(y-cy))+1)
		bx, by := x+(cx-x)*k, y+(cy-y)*k
		o.badge.Move(fyne.NewPos(bx-bs.Width/2, by-bs.Height/2))
		o.badge.Resize(bs)
		o.badgeBg.CornerRadius = bs.Height / 3
		o.badgeBg.Move(fyne.NewPos(bx-bs.Width/2-4, by-bs.Height/2))
		o.badgeBg.Resize(fyne.NewSize(bs.Width+8, bs.Height))
	}
}

func ellipsePerimeter(a, b float32) float32 {
	fa, fb := float64(a), float64(b)
	return float32(math.Pi * (3*(fa+fb) - math.Sqrt((3*fa+fb)*(fa+3*fb))))
}

// ellipseImage draws the table: a filled ellipse with an outline, smooth
// edged, filling the raster it is drawn in (a rounded rectangle cannot be
// an ellipse, and canvas.Circle is always round).
type ellipseImage struct {
	fill, edge color.NRGBA
	stroke     float32 // in the canvas's units
	width      float32 // of the raster, in the canvas's units
	last       *image.NRGBA
	lastKey    [3]float32
}

func (e *ellipseImage) generate(w, h int) image.Image {
	key := [3]float32{float32(w), float32(h), e.stroke / max(e.width, 1)}
	if e.last != nil && key == e.lastKey {
		return e.last
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	a, b := float64(w)/2-0.5, float64(h)/2-0.5
	if a <= 1 || b <= 1 {
		return img
	}
	// The stroke in pixels: the raster is drawn at the canvas's scale.
	sw := float64(e.stroke)
	if e.width > 0 {
		sw *= float64(w) / float64(e.width)
	}
	cx, cy := float64(w)/2, float64(h)/2
	for py := range h {
		dy := float64(py) + 0.5 - cy
		for px := range w {
			dx := float64(px) + 0.5 - cx
			f := math.Sqrt(dx*dx/(a*a) + dy*dy/(b*b))
			if f == 0 {
				img.SetNRGBA(px, py, e.fill)
				continue
			}
			gx, gy := dx/(a*a*f), dy/(b*b*f)
			d := (f - 1) / math.Sqrt(gx*gx+gy*gy) // signed distance to the edge, roughly
			cover := clamp01(0.5 - d)
			if cover == 0 {
				continue
			}
			t := clamp01(d + sw + 0.5) // 1 in the outline, 0 inside it
			c := mix(e.fill, e.edge, t)
			c.A = uint8(float64(c.A) * cover)
			img.SetNRGBA(px, py, c)
		}
	}
	e.last, e.lastKey = img, key
	return img
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}
