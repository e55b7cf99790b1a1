package ui

import (
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/lan"
	"nightfall/lan/netaddr"
)

// Lobby is the screen before the start: the QR code with the URL and room
// code under it, the seats filling in around the table, and the host's setup
// (variant, player count, deal, options, Start).
type Lobby struct {
	host func(lan.HostCommand)

	qr                    *QRView
	scan, url, room, name *canvas.Text
	wechat, fp            *canvas.Text // the in-app scanners' way out; the typed key's fingerprint
	hint                  *wrapLabel
	addr                  *widget.Select      // the laptop's address the code uses (HostSetAddress)
	addrs                 []netaddr.IfaceAddr // its choices
	help                  *widget.Button      // "Phones can't connect?"
	helpOffered           bool                // the button stands out: no phone came in (OfferHelp)
	helpRow               *fyne.Container     // the address and the button
	setup                 *fyne.Container     // the setup column
	OnHelp                func()              // shows the checklist (set by the shell)
	ring                  *SeatRing
	seated, watching      *canvas.Text

	rulesTitle, playersTitle, dealTitle, optsTitle *widget.Label
	briefing                                       *widget.Check  // the table's briefing before the first night
	rulesBtn                                       *widget.Button // the rules sheet (RulesSheet)
	variant                                        *widget.Select
	players                                        *widget.Select
	summary, deal, reason                          *wrapLabel
	balanceLine                                    *wrapLabel // the estimate with sensible bots
	bal                                            *balance
	shown                                          *lan.HostView // the last view Set (nil: none yet)
	start                                          *widget.Button
	opts                                           *fyne.Container
	optKeys                                        string
	optWidgets                                     map[string]fyne.CanvasObject

	lv      lan.LobbyView
	syncing bool
	content fyne.CanvasObject
	popup   func(seat int) // shows the seat menu (set by the shell)
}

// NewLobby builds the lobby; host runs a host command.
func NewLobby(host func(lan.HostCommand)) *Lobby {
	l := &Lobby{host: host, qr: NewQRView(), optWidgets: map[string]fyne.CanvasObject{}}
	big := func(size float32) *canvas.Text {
		t := canvas.NewText("", colText)
		t.TextSize = size * textScale
		t.Alignment = fyne.TextAlignCenter
		return t
	}
	l.scan, l.url, l.room, l.name = big(34), big(26), big(40), big(22)
	l.wechat, l.fp = big(22), big(18)
	l.wechat.Color = colAccent
	l.fp.Color = colDim
	l.scan.TextStyle.Bold = true
	l.room.TextStyle.Bold = true
	l.room.Color = colAccent
	l.url.TextStyle.Monospace = true
	l.name.Color = colDim
	l.hint = newWrapLabel()
	l.hint.Alignment = fyne.TextAlignCenter
	l.seated, l.watching = big(40), big(22)
	l.watching.Color = colDim
	center := &clockFace{clock: l.seated, label: l.watching}
	center.ExtendBaseWidget(center)
	l.ring = NewSeatRing(center)
	l.ring.OnTapped = func(seat int) {
		if l.popup != nil {
			l.popup(seat)
		}
	}

	l.rulesTitle, l.playersTitle = widget.NewLabel(""), widget.NewLabel("")
	l.dealTitle, l.optsTitle = widget.NewLabel(""), widget.NewLabel("")
	for _, t := range []*widget.Label{l.rulesTitle, l.playersTitle, l.dealTitle, l.optsTitle} {
		t.TextStyle.Bold = true
	}
	l.variant = widget.NewSelect(nil, func(string) {
		if l.syncing {
			return
		}
		if id := l.variantID(); id != "" && id != l.lv.Variant {
			l.host(lan.HostCommand{Do: lan.HostSetVariant, Variant: id})
		}
	})
	l.players = widget.NewSelect(nil, func(s string) {
		if l.syncing {
			return
		}
		if n, err := strconv.Atoi(s); err == nil && n != l.lv.Players {
			l.host(lan.HostCommand{Do: lan.HostSetPlayers, Players: n})
		}
	})
	l.summary, l.deal, l.reason = newWrapLabel(), newWrapLabel(), newWrapLabel()
	l.balanceLine = newWrapLabel()
	l.balanceLine.Hide()                  // shown with an estimate
	l.bal = &balance{show: l.showBalance} // no estimate until SetEstimator
	l.reason.Importance = widget.WarningImportance
	l.start = widget.NewButton("", func() { l.host(lan.HostCommand{Do: lan.HostStart}) })
	l.start.Importance = widget.HighImportance
	l.opts = container.New(&optionsLayout{})
	// the table's briefing before the first night: on unless the host
	// switched it off (remembered in the preferences, PrefBriefing)
	l.briefing = widget.NewCheck("", func(on bool) {
		if l.syncing {
			return
		}
		fyne.CurrentApp().Preferences().SetBool(PrefBriefing, on)
		l.host(lan.HostCommand{Do: lan.HostSetBriefing, Value: json.RawMessage(strconv.FormatBool(on))})
	})
	l.rulesBtn = widget.NewButton("", func() { l.showRules() })

	l.addr = widget.NewSelect(nil, func(string) {
		if l.syncing {
			return
		}
		if i := l.addr.SelectedIndex(); i >= 0 && i < len(l.addrs) {
			l.host(lan.HostCommand{Do: lan.HostSetAddress, Addr: l.addrs[i].IP.String()})
		}
	})
	l.help = widget.NewButton("", func() {
		if l.OnHelp != nil {
			l.OnHelp()
		}
	})
	row := container.NewBorder(nil, nil, nil, l.help, l.addr)
	l.helpRow = row
	left := container.New(&qrColumn{}, l.qr, l.scan, l.wechat, l.url, l.room, l.fp, l.name, l.hint, row)
	l.setup = container.NewBorder(
		container.NewVBox(l.rulesTitle, l.variant, l.summary,
			container.NewHBox(l.playersTitle, l.players), l.dealTitle, l.deal, l.balanceLine, l.optsTitle),
		container.NewVBox(l.reason, l.briefing, container.NewGridWithColumns(2, l.rulesBtn, l.start)), nil, nil,
		container.NewVScroll(l.opts))
	l.content = container.New(&lobbyLayout{}, left, l.ring, l.setup)
	return l
}

// SetEstimator sets the balance estimate (the app: SensibleEstimate with
// fyne.Do; tests: a fake, and do running the result at once); nil shows no
// balance line.
func (l *Lobby) SetEstimator(e Estimator, do func(func())) {
	l.bal.stop()
	l.bal = &balance{estimate: e, do: do, show: l.bal.show}
	if l.shown != nil { // the setting on screen now: estimated at once
		l.bal.set(*l.shown)
	}
}

// showBalance shows the balance line (hidden while there is none).
func (l *Lobby) showBalance(text string) {
	// A line never shown has no width yet (the column skips hidden
	// objects), so its text would be measured unbroken and the options
	// laid out for fewer lines than it shows once placed: it is given the
	// column's width (the deal line's) before its text.
	if w := l.deal.Size().Width; l.balanceLine.Size().Width != w && w > 0 {
		l.balanceLine.Resize(fyne.NewSize(w, l.balanceLine.Size().Height))
	}
	l.balanceLine.SetText(text)
	if text == "" {
		l.balanceLine.Hide()
	} else {
		l.balanceLine.Show()
	}
	if l.setup != nil {
		l.setup.Refresh() // the options below move with the line's height
	}
}

// Balance is the balance line shown ("" while none).
func (l *Lobby) Balance() string { return l.balanceLine.full }

// Content is the lobby's root object.
func (l *Lobby) Content() fyne.CanvasObject { return l.content }

// Ring is the seat ring (for tests).
func (l *Lobby) Ring() *SeatRing { return l.ring }

// QR is the QR view (for tests).
func (l *Lobby) QR() *QRView { return l.qr }

// StartButton is the Start button (for tests).
func (l *Lobby) StartButton() *widget.Button { return l.start }

// Reason is why Start is disabled ("" when it is enabled).
func (l *Lobby) Reason() string { return l.reason.full }

func (l *Lobby) variantID() string {
	i := l.variant.SelectedIndex()
	if i < 0 || i >= len(l.lv.Variants) {
		return ""
	}
	return l.lv.Variants[i].ID
}

// Set shows a host view's lobby.
func (l *Lobby) Set(hv lan.HostView) {
	l.syncing = true
	defer func() { l.syncing = false }()
	lv := hv.Lobby
	l.lv = lv
	l.qr.SetURL(hv.JoinURL)
	l.scan.Text = tr("lobby.scan")
	l.wechat.Text = tr("lobby.wechat")
	// Typed by hand: the address, then the short code on the page (the
	// key comes from the host, its fingerprint shown on both screens).
	l.url.Text, l.room.Text, l.fp.Text = "", "", ""
	if hv.Typed.Addr != "" {
		l.url.Text = tr("lobby.typed", "Addr", hv.Typed.Addr)
		l.room.Text = tr("lobby.code", "Code", hv.Typed.Code)
		l.fp.Text = tr("lobby.fp", "FP", hv.Typed.Fingerprint)
	}
	l.setAddresses(hv)
	l.setHelpText()
	name := hv.MDNSName
	if name == "" {
		name = lv.Table
	}
	l.name.Text = ""
	if name != "" {
		l.name.Text = tr("lobby.table", "Name", name)
	}
	l.hint.SetText(tr("lobby.hint"))

	taken := 0
	var seats []SeatInfo
	for _, s := range lv.Seats {
		if s.Taken {
			taken++
		}
		seats = append(seats, SeatInfo{Seat: s.Seat, Name: s.Name, Empty: !s.Taken, Offline: s.Taken && !s.Online})
	}
	l.ring.SetSeats(seats)
	l.seated.Text = tr("lobby.seated", "N", taken, "Total", len(lv.Seats))
	l.watching.Text = ""
	if lv.Spectators > 0 {
		l.watching.Text = tr("lobby.spectators", "N", lv.Spectators)
	}

	l.shown = &hv
	l.bal.set(hv)
	l.rulesTitle.SetText(tr("lobby.rules"))
	l.playersTitle.SetText(tr("lobby.players"))
	l.dealTitle.SetText(tr("lobby.deal"))
	l.optsTitle.SetText(tr("lobby.options"))
	l.briefing.SetText(tr("brief.switch"))
	l.briefing.SetChecked(lv.Briefing)
	l.rulesBtn.SetText(tr("rules.button"))
	var names []string
	var info game.VariantInfo
	for _, v := range lv.Variants {
		names = append(names, variantLabel(v))
		if v.ID == lv.Variant {
			info = v
		}
	}
	l.variant.Options = names
	for i, v := range lv.Variants {
		if v.ID == lv.Variant {
			l.variant.SetSelectedIndex(i)
		}
	}
	l.variant.Refresh()
	l.summary.SetText(VariantSummary(info))
	var counts []string
	for n := info.MinPlayers; n <= info.MaxPlayers && n > 0; n++ {
		counts = append(counts, strconv.Itoa(n))
	}
	l.players.Options = counts
	l.players.SetSelected(strconv.Itoa(lv.Players))
	l.players.Refresh()
	if len(lv.Deal) == 0 {
		l.deal.SetText(tr("lobby.deal.none"))
	} else {
		var parts []string
		for _, rc := range lv.Deal {
			parts = append(parts, fmt.Sprintf("%s × %d", RoleName(info, rc.Role), rc.Count))
		}
		l.deal.SetText(strings.Join(parts, tr("list.sep")))
	}
	l.setOptions(lv.Options)

	l.start.SetText(tr("lobby.start"))
	if hv.Valid {
		l.start.Enable()
		l.reason.SetText("")
	} else {
		l.start.Disable()
		l.reason.SetText(tr("lobby.notready", "Reason", whyNot(hv)))
	}
	for _, t := range []*canvas.Text{l.scan, l.wechat, l.url, l.room, l.fp, l.name, l.seated, l.watching} {
		t.Refresh()
	}
	l.content.Refresh()
}

// setAddresses offers the laptop's addresses (virtual adapters marked, and
// last), the one the code uses selected.
func (l *Lobby) setAddresses(hv lan.HostView) {
	cur := hostOf(hv.JoinURL)
	l.addrs = hv.Addresses
	var labels []string
	sel := -1
	for i, a := range hv.Addresses {
		key := "lobby.addr"
		if a.Virtual {
			key = "lobby.addr.virtual"
		}
		labels = append(labels, tr(key, "Name", a.Name, "IP", a.IP.String()))
		if a.IP.String() == cur {
			sel = i
		}
	}
	if sel < 0 && cur != "" { // the address given on the command line, not one of the list
		l.addrs = append(l.addrs, netaddr.IfaceAddr{Name: "", IP: net.ParseIP(cur)})
		labels = append(labels, cur)
		sel = len(labels) - 1
	}
	l.addr.Options = labels
	if sel >= 0 && l.addr.SelectedIndex() != sel {
		l.addr.SetSelectedIndex(sel)
	}
	if len(labels) < 2 {
		l.addr.Disable()
	} else {
		l.addr.Enable()
	}
	l.addr.Refresh()
}

// hostOf is the host (IP) of a join URL.
func hostOf(joinURL string) string {
	u, err := url.Parse(joinURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// Address is the address selector (for tests).
func (l *Lobby) Address() *widget.Select { return l.addr }

// setOptions shows the options; the form is rebuilt only when the set of
// options changes (so an entry being typed in keeps its focus).
func (l *Lobby) setOptions(opts []lan.OptionView) {
	var keys []string
	for _, o := range opts {
		keys = append(keys, o.Name)
	}
	sig := strings.Join(keys, ",") + "/" + Language()
	if sig != l.optKeys {
		l.optKeys = sig
		l.opts.Objects = nil
		l.optWidgets = map[string]fyne.CanvasObject{}
		for _, o := range opts {
			w := l.optionWidget(o)
			l.optWidgets[o.Name] = w
			label := widget.NewLabel(tr(o.Words))
			label.Wrapping = fyne.TextWrapWord
			l.opts.Objects = append(l.opts.Objects, label, w)
		}
		l.opts.Refresh()
	}
	for _, o := range opts {
		switch w := l.optWidgets[o.Name].(type) {
		case *widget.Select:
			var s string
			_ = json.Unmarshal(o.Value, &s)
			if i := slices.Index(o.Choices, s); i >= 0 && w.SelectedIndex() != i {
				w.SetSelectedIndex(i)
			}
		case *widget.Check:
			var b bool
			_ = json.Unmarshal(o.Value, &b)
			if w.Checked != b {
				w.SetChecked(b)
			}
		case *widget.Entry:
			if strings.TrimSpace(w.Text) != strings.TrimSpace(string(o.Value)) {
				w.SetText(string(o.Value))
			}
		}
	}
}

func (l *Lobby) optionWidget(o lan.OptionView) fyne.CanvasObject {
	name := o.Name
	set := func(v any) {
		if l.syncing {
			return
		}
		b, _ := json.Marshal(v)
		l.host(lan.HostCommand{Do: lan.HostSetOption, Name: name, Value: b})
	}
	switch o.Kind {
	case game.OptChoice:
		labels := make([]string, len(o.Choices))
		for i, c := range o.Choices {
			labels[i] = valueName(o.Name, c)
		}
		choices := o.Choices
		var sel *widget.Select
		sel = widget.NewSelect(labels, func(string) {
			if i := sel.SelectedIndex(); i >= 0 {
				set(choices[i])
			}
		})
		return sel
	case game.OptBool:
		return widget.NewCheck("", func(b bool) { set(b) })
	}
	e := widget.NewEntry() // an int or seconds
	e.OnChanged = func(s string) {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
			set(n)
		}
	}
	return e
}

// valueName is an option's value as the lobby lists it: its name for that
// option (timeoutVote "none": not counted, not "nobody out"), else its
// name for any option, else the value itself.
func valueName(option, value string) string {
	if s, ok := trIf("val." + option + "." + value); ok {
		return s
	}
	if s, ok := trIf("val." + value); ok {
		return s
	}
	return value
}

// OfferHelp makes the checklist's button stand out (on) or plain again:
// when no phone has come in a while after the code appeared, the lobby
// offers the checklist beside the address without covering the code or
// the settings the host is busy with, and without taking a click.
func (l *Lobby) OfferHelp(on bool) {
	if l.helpOffered == on {
		return
	}
	l.helpOffered = on
	l.setHelpText()
}

// HelpOffered reports whether the checklist's button stands out (for
// tests).
func (l *Lobby) HelpOffered() bool { return l.helpOffered }

func (l *Lobby) setHelpText() {
	l.help.Text, l.help.Importance = tr("lobby.help"), widget.MediumImportance
	if l.helpOffered {
		l.help.Text, l.help.Importance = tr("lobby.help.offer"), widget.HighImportance
	}
	l.help.Refresh()
	if l.helpRow != nil {
		l.helpRow.Refresh() // the button's width follows its words
	}
}

// variantLabel is a variant's name with its player count, once: "Classic
// 2.0  (8–17 players)"; a variant for one count whose name already says it
// ("A cat has n lives (7 players)") gets nothing more.
func variantLabel(v game.VariantInfo) string {
	name := VariantName(v)
	if v.MinPlayers == v.MaxPlayers {
		if strings.Contains(name, strconv.Itoa(v.MinPlayers)) {
			return name
		}
		return name + "  (" + tr("lobby.range1", "N", v.MinPlayers) + ")"
	}
	return name + "  (" + tr("lobby.range", "Min", v.MinPlayers, "Max", v.MaxPlayers) + ")"
}

// optionsLayout lays the options out as rows of a label (wrapped at word
// boundaries) and its widget, the widgets in a column as wide as the widest
// choice needs (so that "counterclockwise" is whole), up to 62% of the
// width; a row whose widget needs more puts its label above it.
type optionsLayout struct{ width float32 }

func (o *optionsLayout) rows(objs []fyne.CanvasObject, w float32) (wcol float32, heights []float32, stacked []bool) {
	pad := theme.Padding()
	capW := w * 0.62
	for i := 1; i < len(objs); i += 2 {
		if need := optionWidth(objs[i]); need <= capW {
			wcol = max(wcol, need)
		}
	}
	wcol = max(wcol, w*0.38)
	lw := w - wcol - pad
	for i := 0; i+1 < len(objs); i += 2 {
		label, wid := objs[i], objs[i+1]
		st := optionWidth(wid) > wcol
		stacked = append(stacked, st)
		if st {
			label.Resize(fyne.NewSize(w, label.MinSize().Height))
			h := label.MinSize().Height
			heights = append(heights, h+wid.MinSize().Height)
			continue
		}
		label.Resize(fyne.NewSize(lw, label.Size().Height))
		heights = append(heights, max(label.MinSize().Height, wid.MinSize().Height))
	}
	return wcol, heights, stacked
}

// optionWidth is the width a widget needs to show its longest value whole.
func optionWidth(o fyne.CanvasObject) float32 {
	sel, ok := o.(*widget.Select)
	if !ok {
		return o.MinSize().Width
	}
	th := fyne.CurrentApp().Settings().Theme()
	ip := th.Size(theme.SizeNameInnerPadding)
	var wmax float32
	for _, c := range sel.Options {
		wmax = max(wmax, fyne.MeasureText(c, th.Size(theme.SizeNameText), fyne.TextStyle{}).Width)
	}
	return wmax + 4*ip + th.Size(theme.SizeNameInlineIcon) + 2
}

func (o *optionsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := o.width
	if w <= 0 {
		w = 300
	}
	_, heights, _ := o.rows(objs, w)
	var h float32
	for i, x := range heights {
		if i > 0 {
			h += theme.Padding()
		}
		h += x
	}
	return fyne.NewSize(120, h)
}

func (o *optionsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := size.Width
	o.width = w
	wcol, heights, stacked := o.rows(objs, w)
	pad := theme.Padding()
	var y float32
	for i, h := range heights {
		label, wid := objs[2*i], objs[2*i+1]
		if stacked[i] {
			lh := label.MinSize().Height
			label.Move(fyne.NewPos(0, y))
			label.Resize(fyne.NewSize(w, lh))
			wid.Move(fyne.NewPos(0, y+lh))
			wid.Resize(fyne.NewSize(w, h-lh))
		} else {
			lh := label.MinSize().Height
			label.Move(fyne.NewPos(0, y+(h-lh)/2))
			label.Resize(fyne.NewSize(w-wcol-pad, lh))
			wh := wid.MinSize().Height
			wid.Move(fyne.NewPos(w-wcol, y+(h-wh)/2))
			wid.Resize(fyne.NewSize(wcol, wh))
		}
		y += h + pad
	}
}

// lobbyLayout: QR column, seat ring, setup column.
type lobbyLayout struct{}

func (lobbyLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(900, 500) }

func (lobbyLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w, h := size.Width, size.Height
	leftW := min(w*0.3, h*0.62)
	setupW := max(w*0.3, 320)
	if textScale > 1 { // the option lists' larger text
		setupW = max(w*0.35, 320*textScale)
	}
	ringW := w - leftW - setupW
	objs[0].Move(fyne.NewPos(8, 8))
	objs[0].Resize(fyne.NewSize(leftW-16, h-16))
	objs[1].Move(fyne.NewPos(leftW, 0))
	objs[1].Resize(fyne.NewSize(ringW, h))
	objs[2].Move(fyne.NewPos(leftW+ringW+8, 8))
	objs[2].Resize(fyne.NewSize(setupW-16, h-16))
}

// qrColumn stacks the QR code (as large as fits) over the texts under it,
// each text shrunk to the column's width.
type qrColumn struct{}

func (qrColumn) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(200, 300) }

func (qrColumn) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := size.Width
	u := max(size.Height/100, 4)
	k := u * textScale // the larger text of the high-contrast look
	// scan, WeChat's way out, the typed address, its code, the key's
	// fingerprint, the table's name: read from across the room (3 m), the
	// scan line and the code the largest.
	sizes := []float32{4.6 * k, 3.2 * k, 3.6 * k, 5.2 * k, 2.6 * k, 2.8 * k}
	texts := objs[1 : len(objs)-2]
	var th float32
	for i, o := range texts {
		t := o.(*canvas.Text)
		if t.Text == "" {
			continue
		}
		th += fit(t, sizes[i], w).Height + u*0.4
	}
	hint, row := objs[len(objs)-2], objs[len(objs)-1]
	hint.Resize(fyne.NewSize(w, 10))
	hs := hint.MinSize()
	rs := row.MinSize()
	th += hs.Height + rs.Height + u
	side := max(min(w, size.Height-th-u), 80)
	objs[0].Move(fyne.NewPos((w-side)/2, 0))
	objs[0].Resize(fyne.NewSize(side, side))
	y := side + u
	for _, o := range texts {
		t := o.(*canvas.Text)
		if t.Text == "" {
			t.Resize(fyne.Size{})
			continue
		}
		ts := t.MinSize()
		t.Move(fyne.NewPos(0, y))
		t.Resize(fyne.NewSize(w, ts.Height))
		y += ts.Height + u*0.4
	}
	hint.Move(fyne.NewPos(0, y))
	hint.Resize(fyne.NewSize(w, hs.Height))
	row.Move(fyne.NewPos(0, size.Height-rs.Height))
	row.Resize(fyne.NewSize(w, rs.Height))
}

// whyNot is why Start is disabled, in the screen's language: the server's
// figures where it gives them, its English sentence otherwise.
func whyNot(hv lan.HostView) string {
	if hv.Problem == nil {
		return hv.Invalid
	}
	return problemText(hv.Problem)
}

// problemText is why the game cannot start, in the screen's language.
func problemText(p *lan.StartProblem) string {
	switch p.Key {
	case "free":
		switch n := len(p.Seats); {
		case n == 1:
			return tr("lobby.why.free1", "Seats", intList(p.Seats))
		case n > 6: // a long list while everybody is still sitting down
			return tr("lobby.why.freeN", "N", n)
		default:
			return tr("lobby.why.free", "Seats", intList(p.Seats))
		}
	case "players":
		return tr("lobby.why.players", "Min", p.Min, "Max", p.Max, "N", p.N)
	case "options":
		return tr("lobby.why.options", "Text", p.Text)
	case "variant", "started":
		return tr("lobby.why." + p.Key)
	}
	return p.Text
}

// wrapLabel is a label whose Chinese breaks as a reader expects: the
// label's text is its whole text broken into lines by wrapStyled at the
// label's width (no line starts with a comma or a full stop, none ends
// with an opening bracket), where Fyne's own wrapping cuts a run of
// Chinese anywhere.
type wrapLabel struct {
	widget.Label
	full string // the whole text, unbroken
}

func newWrapLabel() *wrapLabel {
	l := &wrapLabel{}
	l.Wrapping = fyne.TextWrapWord
	l.ExtendBaseWidget(l)
	return l
}

// SetText sets the whole text.
func (l *wrapLabel) SetText(s string) {
	l.full = s
	l.Label.SetText(l.wrapped(l.Size().Width))
}

// Resize breaks the text again for the new width.
func (l *wrapLabel) Resize(size fyne.Size) {
	if t := l.wrapped(size.Width); t != l.Text {
		l.Text = t
		l.Label.Resize(size)
		l.Refresh()
		return
	}
	l.Label.Resize(size)
}

// wrapped is the text broken for a label w wide (whole before the label
// has a width).
func (l *wrapLabel) wrapped(w float32) string {
	inner := w - 2*theme.InnerPadding() - 2 // (a little room: Fyne measures the same lines again)
	if inner < 40 || l.full == "" {
		return l.full
	}
	return strings.Join(wrapStyled(l.full, theme.TextSize(), inner, l.TextStyle), "\n")
}
