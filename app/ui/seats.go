package ui

import (
	"image/color"
	"math"
	"strconv"

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
	rr := &ringRenderer{ring: r, table: canvas.NewRectangle(colTable)}
	rr.table.StrokeColor = colTableEdge
	rr.Refresh()
	return rr
}

func (r *SeatRing) MinSize() fyne.Size { return fyne.NewSize(300, 240) }

type seatObjs struct {
	disc           *canvas.Circle
	num            *canvas.Text
	name, note     *canvas.Text
	badge          *canvas.Text
	badgeBg        *canvas.Rectangle
	cross1, cross2 *canvas.Line
	pips           []*canvas.Circle
}

type ringRenderer struct {
	ring  *SeatRing
	table *canvas.Rectangle
	seats []*seatObjs
	objs  []fyne.CanvasObject
	size  fyne.Size
}

func (rr *ringRenderer) Destroy() {}

func (rr *ringRenderer) Objects() []fyne.CanvasObject { return rr.objs }

func (rr *ringRenderer) MinSize() fyne.Size { return rr.ring.MinSize() }

func (rr *ringRenderer) Refresh() {
	seats := rr.ring.seats
	for len(rr.seats) < len(seats) {
		o := &seatObjs{
			disc: canvas.NewCircle(colSeat), num: canvas.NewText("", colText),
			name: canvas.NewText("", colDim), note: canvas.NewText("", colDim),
			badge: canvas.NewText("", color.Black), badgeBg: canvas.NewRectangle(colAccent),
			cross1: canvas.NewLine(colDeadMark), cross2: canvas.NewLine(colDeadMark),
		}
		o.num.Alignment = fyne.TextAlignCenter
		o.num.TextStyle.Bold = true
		o.name.Alignment = fyne.TextAlignCenter
		o.note.Alignment = fyne.TextAlignCenter
		o.badge.Alignment = fyne.TextAlignCenter
		rr.seats = append(rr.seats, o)
	}
	rr.seats = rr.seats[:len(seats)]
	for i, s := range seats {
		o := rr.seats[i]
		o.num.Text = strconv.Itoa(s.Seat)
		o.name.Text = clip(s.Name, 8)
		o.note.Text = s.Note
		o.note.Color = colDim
		if s.NoteCol != nil {
			o.note.Color = s.NoteCol
		}
		o.badge.Text = s.Badge
		o.disc.FillColor, o.disc.StrokeColor, o.disc.StrokeWidth = colSeat, colText, 0
		o.num.Color, o.name.Color = colText, colDim
		switch {
		case s.Empty:
			o.disc.FillColor, o.disc.StrokeColor = colSeatEmpty, colDeadText
			o.num.Color = colDeadText
		case s.Dead:
			o.disc.FillColor = colSeatDead
			o.num.Color, o.name.Color = colDeadText, colDeadText
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
		rr.objs = append(rr.objs, o.disc, o.num, o.name, o.note)
		if seats[i].Dead {
			rr.objs = append(rr.objs, o.cross1, o.cross2)
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
		o.Refresh()
	}
}

func clip(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n-1]) + "…"
}

func (rr *ringRenderer) Layout(size fyne.Size) {
	rr.size = size
	n := len(rr.seats)
	if n == 0 || size.Width <= 0 || size.Height <= 0 {
		rr.table.Resize(size)
		if c := rr.ring.center; c != nil {
			c.Move(fyne.NewPos(size.Width/4, size.Height/4))
			c.Resize(fyne.NewSize(size.Width/2, size.Height/2))
		}
		return
	}
	w, h := size.Width, size.Height
	// Seat radius: a share of the ring's circumference, capped by the size.
	r := float32(math.Min(float64(min(w, h))*0.085, 90))
	var a, b float32
	for range 2 {
		nameH := r * 0.9
		a = w/2 - r - 4
		b = h/2 - r - nameH
		p := ellipsePerimeter(a, b)
		r = min(r, p/float32(n)*0.29)
	}
	rr.ring.rad = r
	cx, cy := w/2, h/2-r*0.35
	// A stadium (rounded rectangle) reaches further into its corners than
	// the ellipse of seats: shrink its long side more.
	long := float32(0.86)
	if a > 1.3*b {
		long = 0.8
	}
	tableA, tableB := max((a-r*1.3)*long, 10), max((b-r*1.3)*0.96, 10)
	rr.table.Move(fyne.NewPos(cx-tableA, cy-tableB))
	rr.table.Resize(fyne.NewSize(2*tableA, 2*tableB))
	rr.table.StrokeWidth = max(2, r*0.06)
	rr.table.CornerRadius = min(tableA, tableB)
	if c := rr.ring.center; c != nil {
		cw, ch := tableA*2*0.74, tableB*2*0.74
		c.Move(fyne.NewPos(cx-cw/2, cy-ch/2))
		c.Resize(fyne.NewSize(cw, ch))
	}
	rr.ring.pos = rr.ring.pos[:0]
	for i, o := range rr.seats {
		s := rr.ring.seats[i]
		phi := math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		x := cx + a*float32(math.Cos(phi))
		y := cy + b*float32(math.Sin(phi))
		rr.ring.pos = append(rr.ring.pos, fyne.NewPos(x, y))
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
		o.name.TextSize = max(11, r*0.42)
		ms := o.name.MinSize()
		o.name.Move(fyne.NewPos(x-ms.Width/2, y+rad+1))
		o.name.Resize(ms)
		o.note.TextSize = max(11, r*0.4)
		ts := o.note.MinSize()
		o.note.Move(fyne.NewPos(x-ts.Width/2, y+rad+ms.Height))
		o.note.Resize(ts)
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
		o.badge.TextSize = max(12, r*0.55)
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
