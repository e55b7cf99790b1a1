package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/lan"
)

// Admission is the host's strip for the phones (lan PROTOCOL.md
// "Admission"): how many watch, with a button that sends the spectators
// back to the lobby; during a game a seat to free (its phone died: another
// phone may then ask for it), and the phones asking for a freed seat (the
// oldest of each seat, with its device, its phone code and how many wait
// behind it), each with Allow and Refuse. Names are shown as plain text.
//
// It is the host's tool on the players' screen: it shows by itself only
// when a phone asks for a freed seat (the host must answer it); otherwise
// only while the host opens it (the bar's Phones button, SetOpen).
type Admission struct {
	host func(lan.HostCommand)
	hv   lan.HostView
	open bool // the host opened it

	count   *widget.Label
	away    *widget.Button
	free    *widget.Select
	freeBtn *widget.Button
	reqs    *fyne.Container
	rows    []RequestRow
	box     *fyne.Container
}

// RequestRow is the line of one phone asking for a freed seat.
type RequestRow struct {
	Label         *widget.Label
	Allow, Refuse *widget.Button
}

// NewAdmission builds the strip; host runs the host's commands.
func NewAdmission(host func(lan.HostCommand)) *Admission {
	a := &Admission{host: host, count: widget.NewLabel(""), reqs: container.NewVBox()}
	a.away = widget.NewButton("", func() { a.host(lan.HostCommand{Do: lan.HostRemoveSpectators}) })
	a.free = widget.NewSelect(nil, nil)
	a.freeBtn = widget.NewButton("", func() {
		if seat := a.selectedSeat(); seat > 0 {
			a.host(lan.HostCommand{Do: lan.HostRemove, Seat: seat})
			a.free.ClearSelected()
		}
	})
	a.freeBtn.Importance = widget.WarningImportance
	a.box = container.NewVBox(container.NewHBox(a.count, a.away, widget.NewSeparator(), a.free, a.freeBtn), a.reqs)
	a.box.Hide() // until there is something to do
	return a
}

// Content is the strip.
func (a *Admission) Content() fyne.CanvasObject { return a.box }

// Set shows a host view.
func (a *Admission) Set(hv lan.HostView) {
	a.hv = hv
	a.count.SetText(tr("adm.spectators", "N", hv.Lobby.Spectators))
	a.away.SetText(tr("adm.away"))
	enable(a.away, hv.Lobby.Spectators > 0)

	playing := hv.Table != nil && hv.Table.Phase != game.PhaseOver
	var opts []string
	for _, st := range hv.Lobby.Seats {
		if st.Taken {
			opts = append(opts, seatName(st.Seat)+" "+st.Name)
		}
	}
	a.free.PlaceHolder = tr("adm.pick")
	a.free.SetOptions(opts)
	a.freeBtn.SetText(tr("adm.free"))
	if playing {
		a.free.Show()
		a.freeBtn.Show()
	} else {
		a.free.Hide()
		a.freeBtn.Hide()
	}

	var rows []fyne.CanvasObject
	a.rows = nil
	for _, r := range hv.Requests {
		id := r.ID
		// What the host checks at a glance against the phone in front of
		// him: its device and the phone code it shows.
		device := r.Device
		if device == "" {
			device = tr("adm.unknownDevice")
		}
		text := tr("adm.asks", "Seat", seatName(r.Seat), "Name", r.Name) + tr("adm.check", "Device", device, "Code", r.Code)
		if r.Waiting > 0 {
			text += tr("adm.waiting", "N", r.Waiting)
		}
		if !r.Online {
			text += tr("adm.offline")
		}
		label := widget.NewLabel(text)
		label.TextStyle.Bold = true
		allow := widget.NewButton(tr("adm.allow"), func() { a.host(lan.HostCommand{Do: lan.HostAllow, Request: id}) })
		allow.Importance = widget.HighImportance
		refuse := widget.NewButton(tr("adm.refuse"), func() { a.host(lan.HostCommand{Do: lan.HostRefuse, Request: id}) })
		rows = append(rows, container.NewHBox(label, allow, refuse))
		a.rows = append(a.rows, RequestRow{Label: label, Allow: allow, Refuse: refuse})
	}
	a.reqs.Objects = rows
	a.reqs.Refresh()

	if a.open || len(hv.Requests) > 0 {
		a.box.Show()
	} else {
		a.box.Hide()
	}
}

// SetOpen opens or closes the strip for the host (it shows by itself while a
// phone asks for a seat).
func (a *Admission) SetOpen(on bool) {
	a.open = on
	a.Set(a.hv)
}

// Open reports whether the host opened the strip.
func (a *Admission) Open() bool { return a.open }

// Attention reports whether the strip has something the host may want to
// do: someone watches, or a seated phone is offline during the game (its
// battery may have died: free its seat). The bar's Phones button says so.
func (a *Admission) Attention() bool {
	if a.hv.Lobby.Spectators > 0 {
		return true
	}
	playing := a.hv.Table != nil && a.hv.Table.Phase != game.PhaseOver
	for _, st := range a.hv.Lobby.Seats {
		if playing && st.Taken && !st.Online {
			return true
		}
	}
	return false
}

// Visible reports whether the strip is shown (for tests).
func (a *Admission) Visible() bool { return a.box.Visible() }

// selectedSeat is the seat chosen to free (0: none).
func (a *Admission) selectedSeat() int {
	i := a.free.SelectedIndex()
	if i < 0 {
		return 0
	}
	n := 0
	for _, st := range a.hv.Lobby.Seats {
		if st.Taken {
			if n == i {
				return st.Seat
			}
			n++
		}
	}
	return 0
}

// Requests are the rows of the requests shown (for tests).
func (a *Admission) Requests() []RequestRow { return a.rows }

// Buttons are the strip's controls (for tests).
func (a *Admission) Buttons() (away *widget.Button, free *widget.Select, freeBtn *widget.Button) {
	return a.away, a.free, a.freeBtn
}

// SpectatorText is the spectator count shown (for tests).
func (a *Admission) SpectatorText() string { return a.count.Text }
