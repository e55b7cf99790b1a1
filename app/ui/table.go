package ui

import (
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
)

// TableState is what the table screen draws: the public table view, the
// players' names, and the clock.
type TableState struct {
	View      *game.TableView
	Names     map[int]string
	Paused    bool
	Remaining time.Duration // left on the running timer
	// Announce is the result the table holds now (announce.go): the
	// headline while it lasts.
	Announce *Shown
}

// TableScreen is the game in progress as projected: the seats round the
// table, the phase, one narration line in big letters, the current speaker
// and who is next, a large countdown, the vote tally and the PK state. Every
// size is a share of the screen's height, so it reads the same on a laptop
// and on a projector.
type TableScreen struct {
	widget.BaseWidget
	st   TableState
	ring *SeatRing
	face *clockFace // the clock, on the table

	bg                       *canvas.Rectangle
	phase, narr              *canvas.Text
	clock, clockLabel        *canvas.Text
	dawn, spTitle, speaker   *canvas.Text
	next, queue, pk          *canvas.Text
	ballot, call             *canvas.Text
	outcome, lastWords, hint *canvas.Text
	rows                     []*tallyRow
	nrows                    int // rows in use
	// cat-lives-7: the dawn's manifestos and their wrapped lines, the
	// dusk's totals after curses and blessings
	manifestos []string
	mlines     []*canvas.Text
	nml        int
	catTotals  *canvas.Text
	// the held announcement's detail lines (announce.go)
	annLines []*canvas.Text
	nann     int
	// floor is the smallest size of a text players read (readableSize);
	// full holds the whole text of the column's texts, which the layout
	// wraps onto the extra lines wraps when one does not fit across at
	// floor.
	floor  float32
	full   map[*canvas.Text]string
	wraps  []*canvas.Text
	nwraps int
}

func (t *TableScreen) stBallot() *game.BallotView {
	if t.st.View == nil {
		return nil
	}
	return t.st.View.Ballot
}

// readableSize is the smallest text a player needs during play may have
// on a screen h high with n seats: 32 px at 1080 for up to 12 seats, 26 px
// for more (up to 20: the ring and its names take more of the room), in
// proportion at other heights: readable from about 3 m on a projector.
func readableSize(h float32, n int) float32 {
	px := float32(32)
	if n > 12 {
		px = 26
	}
	return h / 1080 * px
}

type tallyRow struct {
	seat, count, voters *canvas.Text
	bar                 *canvas.Rectangle
	n                   int
}

// NewTableScreen makes an empty table screen.
func NewTableScreen() *TableScreen {
	t := &TableScreen{bg: canvas.NewRectangle(colBackground)}
	mk := func(c color.Color) *canvas.Text { return canvas.NewText("", c) }
	t.phase, t.narr = mk(colDim), mk(colText)
	t.narr.Alignment = fyne.TextAlignCenter
	t.narr.TextStyle.Bold = true
	t.clock, t.clockLabel = mk(colText), mk(colDim)
	t.clock.TextStyle.Bold = true
	t.dawn, t.spTitle, t.speaker = mk(colDim), mk(colDim), mk(colAccent)
	t.speaker.TextStyle.Bold = true
	t.next, t.queue, t.pk, t.ballot, t.call = mk(colNext), mk(colDim), mk(colCall), mk(colDim), mk(colCall)
	t.outcome, t.lastWords, t.hint = mk(colText), mk(colDim), mk(colNightText)
	t.outcome.TextStyle.Bold = true
	t.catTotals = mk(colText)
	cf := &clockFace{clock: t.clock, label: t.clockLabel}
	cf.ExtendBaseWidget(cf)
	t.face = cf
	t.ring = NewSeatRing(nil)
	t.ExtendBaseWidget(t)
	return t
}

// Set shows a new state.
func (t *TableScreen) Set(st TableState) {
	t.st = st
	t.update()
	t.Refresh()
}

// SetRemaining updates only the clock (called by the ticker).
func (t *TableScreen) SetRemaining(d time.Duration) {
	t.st.Remaining = d
	old := t.clock.Text
	t.clock.Text = t.clockText()
	if old != t.clock.Text {
		t.clock.Refresh()
	}
}

func (t *TableScreen) clockText() string {
	// while results are held, the next stage's timer waits (and its label
	// would name the stage before the headlines said what comes)
	if t.st.View == nil || t.st.View.Timer == nil || t.st.Announce != nil {
		return ""
	}
	return Countdown(t.st.Remaining)
}

// Narration, Phase, Clock, Speaker, Next, PK and Tally return what the screen
// shows (for tests and the scripted-game check).
func (t *TableScreen) Narration() string { return t.narr.Text }
func (t *TableScreen) Phase() string     { return t.phase.Text }
func (t *TableScreen) Clock() string     { return t.clock.Text }
func (t *TableScreen) Speaker() string   { return t.speaker.Text }
func (t *TableScreen) Next() string      { return t.next.Text }
func (t *TableScreen) PK() string        { return t.pk.Text }
func (t *TableScreen) Outcome() string   { return t.outcome.Text }

// Tally is one line per row of the tally: "9号 4票 ← 2 3 7 11".
func (t *TableScreen) Tally() []string {
	var out []string
	for _, r := range t.rows[:t.visibleRows()] {
		out = append(out, strings.TrimSpace(r.seat.Text+" "+r.count.Text+" "+r.voters.Text))
	}
	return out
}

// Ring is the seat ring (for tests).
func (t *TableScreen) Ring() *SeatRing { return t.ring }

func (t *TableScreen) name(seat int) string {
	if t.st.Names == nil {
		return ""
	}
	return t.st.Names[seat]
}

func (t *TableScreen) seatWithName(seat int) string {
	s := seatName(seat)
	if n := t.name(seat); n != "" {
		s += "  " + n
	}
	return s
}

// update recomputes every text and the seats from the state.
func (t *TableScreen) update() {
	tv := t.st.View
	for _, x := range []*canvas.Text{t.phase, t.narr, t.clock, t.clockLabel, t.dawn, t.spTitle, t.speaker, t.next, t.queue, t.pk, t.ballot, t.call, t.outcome, t.lastWords, t.hint} {
		x.Text = ""
	}
	t.nrows = 0
	if tv == nil {
		t.ring.SetSeats(nil)
		return
	}
	night := tv.Phase == game.PhaseNight
	t.bg.FillColor = colBackground
	t.narr.Color = colText
	if night {
		t.bg.FillColor = colNight
		t.narr.Color = colNightText
		t.hint.Text = tr("table.night.hint")
	}
	t.phase.Text = PhaseText(tv)
	t.narr.Text = StageHeadline(tv)
	if tv.Timer != nil {
		t.clock.Text = t.clockText()
		kind := timerStage(tv.Timer.Kind)
		if tv.Stage == game.StageOthersSpeech {
			kind = string(tv.Stage) // the timer of "speech", named for what it is
		}
		t.clockLabel.Text = tr("stage." + kind)
	}
	t.clock.Color = colText
	if t.st.Paused {
		t.clockLabel.Text = tr("table.paused")
		t.clock.Color = colCall
	}
	if d := tv.Dawn; d != nil && d.Round == tv.Round && !night {
		if len(d.Dead) == 0 {
			t.dawn.Text = tr("table.dawn.peaceful")
		} else {
			t.dawn.Text = tr("table.dawn.dead", "Seats", seatList(d.Dead))
		}
	}
	if tv.Speaker != 0 {
		t.spTitle.Text = tr("stage." + string(tv.Stage))
		t.speaker.Text = t.seatWithName(tv.Speaker)
		if tv.Next != 0 {
			t.next.Text = tr("table.next", "Who", t.seatWithName(tv.Next))
		}
		if len(tv.Queue) > 2 {
			t.queue.Text = tr("table.queue", "Seats", intList(tv.Queue[2:]))
		}
	}
	if len(tv.Tied) > 0 && tv.Phase == game.PhaseDay {
		t.pk.Text = tr("table.pk", "Seats", seatList(tv.Tied))
	}
	if tv.Phase == game.PhaseDay && tv.Stage == game.StageLastWords {
		t.lastWords.Text = tr("table.lastWordsLeft", "N", tv.LastWordsLeft)
	}
	t.updateBallot(tv)
	t.catUpdate(tv)
	t.wolfUpdate(tv)
	t.announceUpdate()
	t.wolfRows(tv)
	t.ring.SetSeats(t.announceSeats(t.seats(tv)))
	t.keepFull()
}

// keepFull notes the whole text of every text the layout may wrap.
func (t *TableScreen) keepFull() {
	t.full = map[*canvas.Text]string{}
	for _, x := range []*canvas.Text{t.hint, t.dawn, t.spTitle, t.speaker, t.next, t.queue, t.pk, t.ballot, t.call, t.outcome, t.catTotals, t.lastWords} {
		t.full[x] = x.Text
	}
	for _, r := range t.rows[:t.nrows] {
		t.full[r.voters] = r.voters.Text
	}
}

// wrapLine is the i-th extra line for wrapped texts.
func (t *TableScreen) wrapLine(i int) *canvas.Text {
	for len(t.wraps) <= i {
		l := canvas.NewText("", colText)
		t.wraps = append(t.wraps, l)
	}
	return t.wraps[i]
}

func timerStage(kind string) string {
	switch kind {
	case "vote-call":
		return "vote"
	}
	return kind
}

func (t *TableScreen) updateBallot(tv *game.TableView) {
	b := tv.Ballot
	if b == nil {
		return
	}
	t.ballot.Text = tr("table.ballot", "Index", b.Index) + " · " + tr("table.cast", "Cast", b.Cast, "Voters", len(b.Voters))
	if b.Calling != nil && !b.Closed {
		t.call.Text = tr("table.calling", "Seat", b.Calling.String())
	}
	var calling *game.Target
	if !b.Closed {
		calling = b.Calling
	}
	t.tallyRows(b.Counts, b.Votes, calling, tv)
	if b.Closed {
		switch b.Outcome {
		case game.VerdictOut:
			if len(b.Top) > 0 {
				t.outcome.Text = tr("table.outcome.out", "Seat", b.Top[0].String())
			}
		case game.VerdictTie:
			t.outcome.Text = tr("table.outcome.tie", "Seats", seatList(b.Top))
		case game.VerdictNone:
			t.outcome.Text = tr("table.outcome.none")
		}
	}
}

// tallyRows sets a row per candidate with votes (or being called): the
// seat, its votes and who gave them ("9号 4票 ← 2、3、7、11").
func (t *TableScreen) tallyRows(counts []game.Count, votes []game.VoteBody, callingT *game.Target, tv *game.TableView) {
	voters := map[game.Target][]int{}
	for _, v := range votes {
		voters[v.Target] = append(voters[v.Target], v.Seat)
	}
	i := 0
	for _, c := range counts {
		calling := callingT != nil && *callingT == c.Target
		if c.Votes == 0 && !calling {
			continue
		}
		r := t.row(i)
		r.n = int(c.Votes) // werewolf-12's x.5 totals: the row's bar rounds down; its text says the total
		r.seat.Text = tr("seat.n", "Seat", c.Target.String())
		r.count.Text = tr("votes.n", "N", c.Votes)
		r.voters.Text = ""
		if vs := voters[c.Target]; len(vs) > 0 {
			r.voters.Text = "← " + intList(vs)
		}
		if w := catVoters(tv, c.Target); w != "" {
			r.voters.Text = "← " + w // cat-lives-7: voter×weight
		}
		r.bar.FillColor = colAccent
		if calling {
			r.bar.FillColor = colCall
		}
		i++
	}
	t.nrows = i
}

func (t *TableScreen) row(i int) *tallyRow {
	for len(t.rows) <= i {
		r := &tallyRow{seat: canvas.NewText("", colText), count: canvas.NewText("", colText),
			voters: canvas.NewText("", colDim), bar: canvas.NewRectangle(colAccent)}
		r.seat.TextStyle.Bold = true
		r.count.TextStyle.Bold = true
		t.rows = append(t.rows, r)
	}
	return t.rows[i]
}

func (t *TableScreen) visibleRows() int { return t.nrows }

// seats turns the table view into the ring's seats.
func (t *TableScreen) seats(tv *game.TableView) []SeatInfo {
	info := lookupVariant(tv.Variant)
	out := make([]SeatInfo, 0, len(tv.Seats))
	votes := map[int]string{}
	if b := tv.Ballot; b != nil && tv.Stage == game.StageVote {
		for _, v := range b.Votes {
			votes[v.Seat] = "→" + v.Target.String()
		}
		for _, s := range b.Abstained {
			votes[s] = tr("table.abstained")
		}
	}
	tied := map[int]bool{}
	for _, x := range tv.Tied {
		tied[x.Seat] = true
	}
	for _, s := range tv.Seats {
		si := SeatInfo{Seat: s.Seat, Name: t.name(s.Seat), Dead: !s.Alive,
			Speaker: s.Seat == tv.Speaker, Next: s.Seat == tv.Next && tv.Next != 0,
			Badge: votes[s.Seat]}
		if b := catBadge(tv, s.Seat); b != "" && tv.Stage == game.StageVote {
			si.Badge = b
		}
		if b := tv.Ballot; b != nil && b.Calling != nil && !b.Closed && b.Calling.Seat == s.Seat {
			si.Calling = true
		}
		if tied[s.Seat] && tv.Stage != game.StageVote {
			si.Calling = true
		}
		for _, c := range s.Cards {
			si.Cards = append(si.Cards, c.Alive)
		}
		if n := catSeatNote(tv, s.Seat); n != "" {
			si.Note, si.NoteCol = n, colDim
		}
		if s.Silenced {
			si.Note = tr("table.silenced")
			si.NoteCol = colCall
		}
		if s.Role != "" {
			si.Note = RoleName(info, s.Role)
			si.NoteCol = colEvil
		}
		wolfSeat(tv, &si)
		out = append(out, si)
	}
	return out
}

// CreateRenderer implements fyne.Widget. This renderer, clockRenderer and
// captionRenderer (captions.go) have the shape every Fyne renderer has.
func (t *TableScreen) CreateRenderer() fyne.WidgetRenderer {
	return &tableRenderer{t: t}
}

type tableRenderer struct {
	t    *TableScreen
	size fyne.Size
}

func (r *tableRenderer) Destroy() {}

func (r *tableRenderer) MinSize() fyne.Size { return fyne.NewSize(640, 360) }

func (r *tableRenderer) Objects() []fyne.CanvasObject {
	t := r.t
	objs := []fyne.CanvasObject{t.bg, t.phase, t.narr, t.ring, t.face, t.hint, t.dawn, t.spTitle, t.speaker, t.next, t.queue, t.pk, t.ballot, t.call}
	for _, row := range t.rows[:t.visibleRows()] {
		objs = append(objs, row.bar, row.seat, row.count, row.voters)
	}
	for _, l := range t.mlines[:t.nml] {
		objs = append(objs, l)
	}
	for _, l := range t.annLines[:t.nann] {
		objs = append(objs, l)
	}
	for _, l := range t.wraps[:t.nwraps] {
		objs = append(objs, l)
	}
	return append(objs, t.outcome, t.catTotals, t.lastWords)
}

func (r *tableRenderer) Refresh() {
	r.Layout(r.size)
	for _, o := range r.Objects() {
		o.Refresh()
	}
}

// fit sets t's size to size, shrunk so that it is at most maxW wide. (A
// text's width is not quite proportional to its size, each letter's
// advance being rounded: a second step or two makes up the difference.)
func fit(t *canvas.Text, size, maxW float32) fyne.Size {
	t.TextSize = size
	s := t.MinSize()
	for range 4 {
		if s.Width <= maxW || s.Width <= 0 {
			break
		}
		t.TextSize *= maxW / s.Width
		s = t.MinSize()
	}
	return s
}

func (r *tableRenderer) Layout(size fyne.Size) {
	r.size = size
	t := r.t
	w, h := size.Width, size.Height
	if w <= 0 || h <= 0 {
		return
	}
	u := h / 100 // one hundredth of the height
	n := 0
	if t.st.View != nil {
		n = len(t.st.View.Seats)
	}
	// the floor is of the whole screen's height (the host's bar and the
	// captions take some of it from the table)
	sh := h
	if c := fyne.CurrentApp().Driver().CanvasForObject(t); c != nil && c.Size().Height > h {
		sh = c.Size().Height
	}
	t.floor = readableSize(sh, n)
	t.ring.MinText = t.floor
	t.bg.Resize(size)
	pad := 2 * u
	ps := fit(t.phase, 3.6*u*textScale, w/2)
	t.phase.Move(fyne.NewPos(pad, u))
	t.phase.Resize(ps)
	ns := fit(t.narr, 9*u, w-2*pad)
	t.narr.Move(fyne.NewPos(pad, 5.5*u+(11*u-ns.Height)/2))
	t.narr.Resize(fyne.NewSize(w-2*pad, ns.Height))

	// The table fills the rest, centred; the clock and what is going on
	// (speaker, tally…) are on the table. When that does not fit there
	// (cat-lives-7's manifestos, a long tally), the table moves left and
	// the texts take a column on the right.
	top := 17 * u
	t.ring.Move(fyne.NewPos(pad, top))
	t.ring.Resize(fyne.NewSize(w-2*pad, h-top-u))
	if r.layoutBoard(t.ringInner(), u) {
		return
	}
	// A closed ballot's tally, after its result was held (a run-off's
	// speeches: the PK line names the tied): history that gives way before
	// the table moves aside and its names would have to shrink.
	if b := t.stBallot(); b != nil && b.Closed && t.st.Announce == nil && (t.nrows > 0 || t.ballot.Text != "") {
		t.nrows = 0
		t.ballot.Text, t.outcome.Text = "", ""
		t.full[t.ballot], t.full[t.outcome] = "", "" // (keepFull now would keep the lines the last layout cut)
		if r.layoutBoard(t.ringInner(), u) {
			return
		}
	}
	// Then the morning's news (the dawn's line: the headline said it).
	if t.dawn.Text != "" && t.st.Announce == nil {
		t.dawn.Text = ""
		t.full[t.dawn] = ""
		if r.layoutBoard(t.ringInner(), u) {
			return
		}
	}
	ringW := w * 0.55
	if len(t.manifestos) > 0 {
		// cat-lives-7's seven seats carry their losses under their
		// names: the table keeps a little more of the width, so that it
		// stays a wide oval like every other table
		ringW = w * 0.6
	}
	t.ring.Resize(fyne.NewSize(ringW-pad, h-top-u))
	in := t.ringInner()
	t.face.Move(in.Pos)
	t.face.Resize(in.Size)
	x := ringW + 2*pad
	r.fitColumn(Rect{fyne.NewPos(x, top), fyne.NewSize(w-x-pad, h-top-2*u)}, u, false)
}

// ringInner is the middle of the table, in the screen's coordinates.
func (t *TableScreen) ringInner() Rect {
	in := t.ring.InnerRect()
	in.Pos = in.Pos.Add(t.ring.Position())
	return in
}

// layoutBoard places the clock and the texts in the middle of the table:
// the clock on the left, the texts in a column on its right (the clock alone
// in the middle when there is nothing else), everything scaled down
// together until the column fits the board's height. It reports false when
// they would have to shrink too much.
func (r *tableRenderer) layoutBoard(in Rect, u float32) bool {
	t := r.t
	cf := t.face
	if len(t.column()) == 0 && len(t.manifestos) == 0 && t.visibleRows() == 0 && t.announceLines() == "" {
		t.layoutManifestos(0, 0, 0, 0, u)
		cf.Move(in.Pos)
		cf.Resize(in.Size)
		return true
	}
	if len(t.manifestos) > 0 {
		return false
	}
	gap := 2 * u
	cw := in.Size.Width * 0.3
	if t.visibleRows() > 6 {
		cw = in.Size.Width * 0.2 // a long tally takes some of the clock's room
	}
	if t.clock.Text == "" && t.clockLabel.Text == "" {
		cw = 0
	}
	cf.Move(in.Pos)
	cf.Resize(fyne.NewSize(cw, in.Size.Height))
	x := in.Pos.X + cw
	if cw > 0 {
		x += gap
	}
	return r.fitColumn(Rect{fyne.NewPos(x, in.Pos.Y), fyne.NewSize(in.Pos.X+in.Size.Width-x, in.Size.Height)}, u, true)
}

// fitColumn lays the column out in box, its sizes scaled down together
// (never under the readable floor) until it fits, centred vertically when
// centre is set. It reports false when it does not fit.
func (r *tableRenderer) fitColumn(box Rect, u float32, centre bool) bool {
	x, y0, pw, bh := box.Pos.X, box.Pos.Y, box.Size.Width, box.Size.Height
	k := textScale // larger in the high-contrast look, and smaller until it fits
	used := r.layoutColumn(x, y0, pw, bh, u, k)
	for range 10 {
		if used <= bh {
			break
		}
		k *= max(0.5, min(0.95, bh/used))
		used = r.layoutColumn(x, y0, pw, bh, u, k)
	}
	if centre && used < bh {
		r.layoutColumn(x, y0+(bh-used)/2, pw, bh-(bh-used)/2, u, k)
	}
	// (however small k gets, no text goes under the readable floor)
	return used <= bh
}

// column is the texts shown in the board's column, in order.
func (t *TableScreen) column() []*canvas.Text {
	var out []*canvas.Text
	for _, x := range []*canvas.Text{t.hint, t.dawn, t.spTitle, t.speaker, t.next, t.queue, t.pk, t.ballot, t.call, t.outcome, t.catTotals, t.lastWords} {
		if x.Text != "" {
			out = append(out, x)
		}
	}
	return out
}

// layoutColumn places the column's texts from y down, in a column pw wide,
// each at k times its size; it returns the height used.
func (r *tableRenderer) layoutColumn(x, y0, pw, bh, u, k float32) float32 {
	t := r.t
	y := y0
	u *= k
	for tx, full := range t.full { // whole again: the last layout may have wrapped them
		tx.Text = full
	}
	for _, l := range t.wraps[:t.nwraps] {
		l.Text = ""
		l.Resize(fyne.Size{})
	}
	t.nwraps = 0
	place := func(tx *canvas.Text, sz float32, gap float32) {
		if tx.Text == "" {
			tx.Resize(fyne.Size{})
			return
		}
		y = t.placeWrapped(tx, x, y, max(sz, t.floor), pw) + gap
	}
	place(t.hint, 4.2*u, u)
	place(t.dawn, 4.2*u, 2*u)
	y = t.layoutAnnounce(x, y, pw, u)
	if len(t.manifestos) > 0 {
		y = t.layoutManifestos(x, y, pw, y0+bh*0.8, u) + u
	} else {
		t.layoutManifestos(x, y, pw, y0+bh, u) // hides the lines of an earlier dawn
	}
	place(t.spTitle, 3.6*u, 0)
	place(t.speaker, 8*u, u)
	place(t.next, 4.6*u, u)
	place(t.queue, 3.6*u, 2*u)
	place(t.pk, 5.2*u, 2*u)
	place(t.ballot, 3.8*u, u)
	place(t.call, 4.6*u, u)
	if rows := t.rows[:t.visibleRows()]; len(rows) > 0 {
		// what comes under the tally keeps its room
		var reserve float32
		for _, x := range []struct {
			tx     *canvas.Text
			sz, gp float32
		}{{t.outcome, 6 * u, u}, {t.catTotals, 3.6 * u, u}, {t.lastWords, 3.4 * u, 0}} {
			if x.tx.Text != "" {
				reserve += fyne.MeasureText(x.tx.Text, max(x.sz, t.floor), x.tx.TextStyle).Height + x.gp
			}
		}
		y = t.layoutTally(rows, x, y, pw, y0+bh-reserve, u) + u
	}
	place(t.outcome, 6*u, u)
	place(t.catTotals, 3.6*u, u)
	place(t.lastWords, 3.4*u, 0)
	return y - y0
}

// placeWrapped places tx at x, y at size sz, shrunk to fit across w but
// not below the readable floor; a text that does not fit at the floor goes
// on as many lines as it takes (the first in tx, the others on the extra
// lines). It returns the y below it.
func (t *TableScreen) placeWrapped(tx *canvas.Text, x, y, sz, w float32) float32 {
	s := fit(tx, sz, w)
	if tx.TextSize >= t.floor*0.999 || t.floor <= 0 {
		tx.Move(fyne.NewPos(x, y))
		tx.Resize(s)
		return y + s.Height
	}
	lines := wrapKeepingTwo(tx.Text, t.floor, w, tx.TextStyle)
	tx.Text, tx.TextSize = lines[0], t.floor
	s = fit(tx, t.floor, w)
	tx.Move(fyne.NewPos(x, y))
	tx.Resize(s)
	y += s.Height
	for _, line := range lines[1:] {
		l := t.wrapLine(t.nwraps)
		t.nwraps++
		l.Text, l.Color, l.TextStyle = line, tx.Color, tx.TextStyle
		ls := fit(l, t.floor, w)
		l.Move(fyne.NewPos(x, y))
		l.Resize(ls)
		y += ls.Height
	}
	return y
}

// clockFace is the big countdown in the middle of the table.
type clockFace struct {
	widget.BaseWidget
	clock, label *canvas.Text
}

func (c *clockFace) CreateRenderer() fyne.WidgetRenderer {
	return &clockRenderer{c: c}
}

type clockRenderer struct {
	c    *clockFace
	size fyne.Size
}

func (r *clockRenderer) Destroy()           {}
func (r *clockRenderer) MinSize() fyne.Size { return fyne.NewSize(10, 10) }
func (r *clockRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.c.clock, r.c.label}
}
func (r *clockRenderer) Refresh() {
	r.Layout(r.size)
	r.c.clock.Refresh()
	r.c.label.Refresh()
}

func (r *clockRenderer) Layout(size fyne.Size) {
	r.size = size
	w, h := size.Width, size.Height
	cs := fit(r.c.clock, h*0.55, w)
	ls := fit(r.c.label, h*0.16, w)
	total := cs.Height + ls.Height
	y := (h - total) / 2
	r.c.label.Move(fyne.NewPos((w-ls.Width)/2, y))
	r.c.label.Resize(ls)
	r.c.clock.Move(fyne.NewPos((w-cs.Width)/2, y+ls.Height))
	r.c.clock.Resize(cs)
}

// tallyPlan is how the tally's rows share a width: ncol columns of width
// cw, each row's label, bar and count in fixed places, and each row's
// height (taller when its voters go on lines of their own under the bar).
type tallyPlan struct {
	ncol                      int
	cw, seatW, barMax, countW float32
	ts, vsz, rh               float32
	below                     []bool    // the row's voters are under its bar
	heights                   []float32 // each row's
	height                    float32   // the tallest column's
	fits                      bool      // the columns are wide enough for label, bar and count
	per                       int       // rows per column
}

// planTally plans rows in ncol columns across pw.
func (t *TableScreen) planTally(rows []*tallyRow, pw, gap float32, ncol int, ts, vsz, rh0, u float32) tallyPlan {
	p := tallyPlan{ncol: ncol, ts: ts, vsz: vsz}
	p.cw = (pw - gap*float32(ncol-1)) / float32(ncol)
	var seatW, countW, votersW, lineH float32
	for _, r := range rows {
		ss := fyne.MeasureText(r.seat.Text, ts, r.seat.TextStyle)
		cs := fyne.MeasureText(r.count.Text, ts, r.count.TextStyle)
		seatW, countW, lineH = max(seatW, ss.Width), max(countW, cs.Width), max(lineH, ss.Height, cs.Height)
		votersW = max(votersW, fyne.MeasureText(r.voters.Text, vsz, r.voters.TextStyle).Width)
	}
	sgap := max(u, 0.3*t.floor) // between a row's label, bar and count
	p.seatW, p.countW = seatW+sgap, countW+2*sgap
	p.rh = max(rh0, lineH)
	minBar := max(2*u, p.cw*0.15)
	p.fits = p.seatW+minBar+p.countW <= p.cw
	p.barMax = max(minBar, min(p.cw*0.38, p.cw-p.seatW-p.countW-votersW))
	beside := p.cw - p.seatW - p.barMax - p.countW // room for the voters beside the bar
	p.per = (len(rows) + ncol - 1) / ncol
	col := float32(0)
	for i, r := range rows {
		h := p.rh
		below := false
		if r.voters.Text != "" {
			w := fyne.MeasureText(r.voters.Text, vsz, r.voters.TextStyle).Width
			if w > beside && (vsz*beside/w < vsz*0.8 || vsz*beside/w < t.floor) {
				below = true
				h += t.wrappedHeight(r.voters, vsz, p.cw-p.seatW)
			}
		}
		p.below = append(p.below, below)
		p.heights = append(p.heights, h)
		if i%p.per == 0 {
			col = 0
		}
		col += h
		p.height = max(p.height, col)
	}
	return p
}

// wrappedHeight is the height placeWrapped gives tx at sz across w.
func (t *TableScreen) wrappedHeight(tx *canvas.Text, sz, w float32) float32 {
	m := fyne.MeasureText(tx.Text, sz, tx.TextStyle)
	if m.Width <= w {
		return m.Height
	}
	if s := sz * w / m.Width; s >= t.floor || t.floor <= 0 {
		return fyne.MeasureText(tx.Text, s, tx.TextStyle).Height
	}
	lines := wrapKeepingTwo(tx.Text, t.floor, w, tx.TextStyle)
	return float32(len(lines)) * fyne.MeasureText("0", t.floor, tx.TextStyle).Height
}

// layoutTally places the tally's rows from y down across pw, in as many
// columns side by side (up to four) as it takes for them to end above
// bottom. A row is never shorter than its letters and a column's rows
// follow each other down, so no row runs into another whatever the count.
// It returns the y under the longest column.
func (t *TableScreen) layoutTally(rows []*tallyRow, x, y, pw, bottom, u float32) float32 {
	rh0 := 6.5 * u
	ts := max(rh0*0.72, t.floor)
	vsz := max(ts*0.62, t.floor)
	gap := max(2*u, t.floor)
	var p tallyPlan
	// one column while it can fit at the smallest size the column's texts
	// shrink to (the caller shrinks them all together until they fit):
	// columns side by side only when the rows are too many for that
	q := t.planTally(rows, pw, gap, 1, t.floor, t.floor, t.floor/0.72, u)
	oneColumn := y+q.height <= bottom
	plan := func() bool {
		for ncol := 2; ncol <= 4 && ncol <= len(rows); ncol++ {
			q := t.planTally(rows, pw, gap, ncol, ts, vsz, rh0, u)
			if !q.fits {
				break
			}
			if p.ncol == 0 || q.height < p.height {
				p = q
			}
			if y+q.height <= bottom {
				p = q
				return true
			}
		}
		return false
	}
	if oneColumn {
		p = t.planTally(rows, pw, gap, 1, ts, vsz, rh0, u)
	} else if !plan() && t.st.View != nil && t.st.View.Stage == game.StageVote {
		// Too many rows to say who gave each vote: during the vote the
		// badges on the ring say it, and the rows keep the counts.
		for _, row := range rows {
			row.voters.Text = ""
		}
		p = tallyPlan{}
		plan()
	}
	if p.ncol == 0 { // columns do not help (one row, or too narrow): one
		p = t.planTally(rows, pw, gap, 1, ts, vsz, rh0, u)
	}
	maxN := 1
	for _, row := range rows {
		maxN = max(maxN, row.n)
	}
	end := y
	cy := y
	for i, row := range rows {
		if i%p.per == 0 {
			cy = y
		}
		cx := x + float32(i/p.per)*(p.cw+gap)
		ss := fit(row.seat, p.ts, p.seatW)
		row.seat.Move(fyne.NewPos(cx, cy+(p.rh-ss.Height)/2))
		row.seat.Resize(ss)
		bh := min(p.rh, rh0) * 0.64
		bw := max(u*0.6, p.barMax*float32(row.n)/float32(maxN))
		row.bar.Move(fyne.NewPos(cx+p.seatW, cy+(p.rh-bh)/2))
		row.bar.Resize(fyne.NewSize(bw, bh))
		cs := fit(row.count, p.ts, p.countW)
		row.count.Move(fyne.NewPos(cx+p.seatW+bw+max(u, 0.3*t.floor), cy+(p.rh-cs.Height)/2))
		row.count.Resize(cs)
		if p.below[i] {
			// on lines of their own under the bar, as many as it takes
			cy = t.placeWrapped(row.voters, cx+p.seatW, cy+p.rh, p.vsz, p.cw-p.seatW)
		} else {
			vx := cx + p.seatW + p.barMax + p.countW
			vs := fit(row.voters, p.vsz, max(10, cx+p.cw-vx))
			row.voters.Move(fyne.NewPos(vx, cy+(p.rh-vs.Height)/2))
			row.voters.Resize(vs)
			cy += p.rh
		}
		end = max(end, cy)
	}
	return end
}
