package ui

import (
	"image/color"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

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
		"Phase", tr("resume.phase."+g.Phase), "When", when)
}

// ShowResume shows the choice; resume gets the chosen entry's path, fresh
// starts a new game. Both run on the UI goroutine.
func (s *Shell) ShowResume(list []lan.SavedGame, resume func(path string), fresh func()) {
	title := canvas.NewText(tr("resume.title"), colAccent)
	title.TextSize = 48
	title.TextStyle.Bold = true
	title.Alignment = fyne.TextAlignCenter
	box := container.NewVBox(layout.NewSpacer(), title)
	text := func(s string, size float32, c color.Color) *canvas.Text {
		t := canvas.NewText(s, c)
		t.TextSize = size
		t.Alignment = fyne.TextAlignCenter
		return t
	}
	// big is a button sized for a projector and a host standing back.
	big := func(label string, high bool, tapped func()) fyne.CanvasObject {
		b := widget.NewButton(label, tapped)
		if high {
			b.Importance = widget.HighImportance
		}
		return container.NewGridWrap(fyne.NewSize(240, 64), b)
	}
	centred := func(objs ...fyne.CanvasObject) fyne.CanvasObject {
		return container.NewHBox(append(append([]fyne.CanvasObject{layout.NewSpacer()}, objs...), layout.NewSpacer())...)
	}
	first := true
	var others, problems []fyne.CanvasObject
	for _, g := range list {
		path := g.Path
		switch {
		case g.Problem != "":
			problems = append(problems, text(ResumeLine(g), 18, colCall))
		case first:
			first = false
			box.Add(text(ResumeLine(g), 30, colText))
			box.Add(centred(big(tr("resume.go"), true, func() { resume(path) }), big(tr("resume.new"), false, fresh)))
		default:
			b := widget.NewButton(tr("resume.other"), func() { resume(path) })
			line := text(ResumeLine(g), 20, colDim)
			line.Alignment = fyne.TextAlignLeading
			others = append(others, centred(line, b))
		}
	}
	if first { // nothing resumable: only problems to tell
		box.Add(centred(big(tr("resume.new"), true, fresh)))
	}
	if len(others) > 0 {
		box.Add(layout.NewSpacer())
		for _, o := range others {
			box.Add(o)
		}
	}
	for _, p := range problems {
		box.Add(p)
	}
	box.Add(layout.NewSpacer())
	s.body.Objects = []fyne.CanvasObject{container.NewPadded(container.NewVScroll(box))}
	s.body.Refresh()
}

// GameRunning reports whether a game is under way (started, not over).
func (s *Shell) GameRunning() bool {
	return s.has && s.hv.Table != nil && s.hv.Table.Phase != "over"
}

// ConfirmClose asks before closing the window while a game runs; close
// runs when the host confirms (at once when no game runs).
func (s *Shell) ConfirmClose(close func()) {
	if !s.GameRunning() || s.win == nil {
		close()
		return
	}
	d := dialog.NewConfirm(tr("quit.title"), tr("quit.confirm"), func(ok bool) {
		if ok {
			close()
		}
	}, s.win)
	d.SetConfirmText(tr("ctl.yes"))
	d.SetDismissText(tr("ctl.no"))
	d.Show()
}
