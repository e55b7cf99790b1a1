package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"nightfall/app/netinfo"
)

// The hotspot's name and password as the host entered them: kept in the
// app's preferences on this computer, shown only as the Wi-Fi QR code on
// the big screen, never sent to a phone.
const (
	PrefHotspotName     = "hotspot.name"
	PrefHotspotPassword = "hotspot.password"
)

// helpAfter is how long the lobby waits with the code up and no phone in
// before its button offers the checklist.
const helpAfter = 60 * time.Second

// Help is the checklist for a table nobody gets into: the same Wi-Fi (its
// name where the system tells it), networks that keep devices apart, the
// firewall (Windows' current profile where it can be read), and the
// laptop's own hotspot with the steps for Windows, macOS and Linux; the
// hotspot's name and password, entered once, give a WIFI: QR code that
// phone cameras join.
type Help struct {
	prefs   fyne.Preferences
	info    netinfo.Info
	title   *canvas.Text
	text    *widget.RichText
	ssid    *widget.Entry
	pass    *widget.Entry
	show    *widget.Button
	kept    *widget.Label
	qr      *QRView
	qrLabel *widget.Label
	close   *widget.Button
	content fyne.CanvasObject
}

// NewHelp builds the checklist; onClose runs when the host closes it.
func NewHelp(prefs fyne.Preferences, onClose func()) *Help {
	h := &Help{prefs: prefs, qr: NewQRView()}
	h.title = canvas.NewText("", colText)
	h.title.TextStyle.Bold = true
	h.text = widget.NewRichText()
	h.text.Wrapping = fyne.TextWrapWord
	h.ssid, h.pass = widget.NewEntry(), widget.NewPasswordEntry()
	h.ssid.SetText(prefs.String(PrefHotspotName))
	h.pass.SetText(prefs.String(PrefHotspotPassword))
	h.show = widget.NewButton("", h.showCode)
	h.show.Importance = widget.HighImportance
	h.kept = widget.NewLabel("")
	h.kept.Importance = widget.LowImportance
	h.qrLabel = widget.NewLabel("")
	h.qrLabel.Wrapping = fyne.TextWrapWord
	h.qrLabel.Alignment = fyne.TextAlignCenter
	h.qrLabel.TextStyle.Bold = true
	h.close = widget.NewButton("", func() {
		if onClose != nil {
			onClose()
		}
	})
	form := container.NewVBox(h.ssid, h.pass, h.show, h.kept)
	right := container.NewBorder(form, nil, nil, nil, container.New(&qrWithLabel{}, h.qr, h.qrLabel))
	h.content = container.NewBorder(
		container.NewBorder(nil, nil, nil, h.close, h.title), nil, nil, nil,
		container.New(&helpLayout{}, container.NewVScroll(h.text), right))
	h.refreshCode()
	return h
}

// Content is the checklist's root object.
func (h *Help) Content() fyne.CanvasObject { return h.content }

// WiFiText is the text of the Wi-Fi QR code shown ("" when none).
func (h *Help) WiFiText() string { return h.qr.url }

// SetInfo shows what the system told about the network, in the current
// language (call it again after a change of language).
func (h *Help) SetInfo(info netinfo.Info) {
	h.info = info
	h.title.Text = tr("help.title")
	h.title.TextSize = 28 * textScale
	item := func(text string, bold bool) widget.RichTextSegment {
		return &widget.TextSegment{Text: text, Style: widget.RichTextStyle{SizeName: theme.SizeNameHeadingText, TextStyle: fyne.TextStyle{Bold: bold}}}
	}
	note := func(text string) widget.RichTextSegment {
		return &widget.TextSegment{Text: text, Style: widget.RichTextStyle{SizeName: theme.SizeNameSubHeadingText, ColorName: theme.ColorNameForeground}}
	}
	segs := []widget.RichTextSegment{item(tr("help.wifi"), true)}
	if info.WiFi != "" {
		segs = append(segs, note(tr("help.wifi.name", "Name", info.WiFi)))
	}
	segs = append(segs, item(tr("help.isolate"), true), item(tr("help.firewall"), true))
	switch info.Profile {
	case "public":
		segs = append(segs, &widget.TextSegment{Text: tr("help.firewall.public"),
			Style: widget.RichTextStyle{SizeName: theme.SizeNameHeadingText, ColorName: theme.ColorNameWarning, TextStyle: fyne.TextStyle{Bold: true}}})
	case "private", "domain":
		segs = append(segs, note(tr("help.firewall.private")))
	}
	segs = append(segs, item(tr("help.hotspot"), true),
		note(tr("help.hotspot.windows")), note(tr("help.hotspot.macos")), note(tr("help.hotspot.linux")))
	h.text.Segments = segs
	h.text.Refresh()
	h.ssid.SetPlaceHolder(tr("help.ssid"))
	h.pass.SetPlaceHolder(tr("help.password"))
	h.show.SetText(tr("help.show"))
	h.kept.SetText(tr("help.kept"))
	h.close.SetText(tr("help.close"))
	h.refreshCode()
	h.title.Refresh()
}

// showCode keeps the name and password and shows their QR code.
func (h *Help) showCode() {
	h.prefs.SetString(PrefHotspotName, h.ssid.Text)
	h.prefs.SetString(PrefHotspotPassword, h.pass.Text)
	h.refreshCode()
}

// refreshCode shows the kept hotspot's QR code (none before a name).
func (h *Help) refreshCode() {
	name := h.prefs.String(PrefHotspotName)
	if name == "" {
		h.qr.SetURL("")
		h.qr.Hide()
		h.qrLabel.SetText("")
		return
	}
	h.qr.SetURL(netinfo.WiFiQR(name, h.prefs.String(PrefHotspotPassword)))
	h.qr.Show()
	h.qrLabel.SetText(tr("help.wifiqr", "Name", name))
}

// helpLayout: the checklist on the left (about 60 %), the hotspot's form
// and code on the right.
type helpLayout struct{}

func (helpLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(600, 300) }

func (helpLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding() * 4
	leftW := size.Width*0.6 - pad/2
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(leftW, size.Height))
	objs[1].Move(fyne.NewPos(leftW+pad, 0))
	objs[1].Resize(fyne.NewSize(size.Width-leftW-pad, size.Height))
}

// qrWithLabel: the QR code as large a square as fits above its label.
type qrWithLabel struct{}

func (qrWithLabel) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(120, 160) }

func (qrWithLabel) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	label := objs[1]
	label.Resize(fyne.NewSize(size.Width, 10))
	lh := label.MinSize().Height
	side := max(min(size.Width, size.Height-lh-theme.Padding()), 60)
	objs[0].Move(fyne.NewPos((size.Width-side)/2, theme.Padding()))
	objs[0].Resize(fyne.NewSize(side, side))
	label.Move(fyne.NewPos(0, side+theme.Padding()*2))
	label.Resize(fyne.NewSize(size.Width, lh))
}
