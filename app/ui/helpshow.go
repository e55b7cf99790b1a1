package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"nightfall/app/netinfo"
)

// helpState is the shell's checklist: shown over the lobby when the host
// asks ("Phones can't connect?"). When no phone has joined helpAfter after
// the code appeared, the lobby's button offers it (Lobby.OfferHelp): the
// checklist never opens by itself over the code and the settings.
type helpState struct {
	help    *Help
	popup   *widget.PopUp
	codeURL string    // the join URL whose wait is being timed
	codeAt  time.Time // when it appeared
	taken   bool      // the host opened the checklist: no more offers for this URL
	// ReadInfo asks the system about the network (netinfo.Read; tests
	// replace it). It runs off the UI goroutine.
	ReadInfo func() netinfo.Info
}

// helpBackground starts the checklist's network read off the UI goroutine.
// The package's tests run it inline: Fyne's test driver runs fyne.Do at once
// on the calling goroutine, so a read on its own goroutine would touch the
// checklist's widgets beside the test's own layout (a concurrent map write in
// Fyne's text cache).
var helpBackground = func(f func()) { go f() }

// ShowHelp shows the checklist over the screen.
func (s *Shell) ShowHelp() {
	if s.win == nil {
		return
	}
	h := &s.helpSt
	h.taken = true
	if s.lobby != nil {
		s.lobby.OfferHelp(false) // taken up
	}
	if h.help == nil {
		h.help = NewHelp(s.prefs, s.HideHelp)
	}
	h.help.SetInfo(h.help.info)
	read := h.ReadInfo
	if read == nil {
		read = netinfo.Read
	}
	help := h.help
	helpBackground(func() {
		info := read()
		fyne.Do(func() { help.SetInfo(info) })
	})
	if h.popup == nil {
		h.popup = widget.NewModalPopUp(help.Content(), s.win.Canvas())
	}
	size := s.win.Canvas().Size()
	h.popup.Resize(fyne.NewSize(size.Width*0.92, size.Height*0.9))
	h.popup.Show()
}

// HideHelp closes the checklist.
func (s *Shell) HideHelp() {
	if s.helpSt.popup != nil {
		s.helpSt.popup.Hide()
	}
}

// HelpShown reports whether the checklist is up (for tests).
func (s *Shell) HelpShown() bool { return s.helpSt.popup != nil && s.helpSt.popup.Visible() }

// helpTick offers the checklist (the lobby's button stands out) when the
// code has been up for helpAfter in the lobby and no phone got in; a phone
// in, or another address, takes the offer back.
func (s *Shell) helpTick(now time.Time) {
	h := &s.helpSt
	if !s.has || s.hv.Table != nil || s.hv.JoinURL == "" || s.lobby == nil {
		return
	}
	if s.hv.JoinURL != h.codeURL {
		h.codeURL, h.codeAt, h.taken = s.hv.JoinURL, now, false
		s.lobby.OfferHelp(false)
		return
	}
	if s.hv.Phones > 0 {
		s.lobby.OfferHelp(false)
		return
	}
	if !h.taken && now.Sub(h.codeAt) >= helpAfter {
		s.lobby.OfferHelp(true)
	}
}
