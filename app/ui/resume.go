package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"nightfall/lan"
)

// The resume screen (issue 11): on start, when the data folder holds an
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
		return tr("resume.lobby", "Variant", g.Variant, "Seated", g.Seated, "Players", g.Players, "When", when)
	}
	return tr("resume.game", "Variant", g.Variant, "Players", g.Players, "Round", g.Round,
		"Phase", tr("resume.phase."+g.Phase), "When", when)
}

// ShowResume shows the choice; resume gets the chosen entry's path, fresh
// starts a new game. Both run on the UI goroutine.
func (s *Shell) ShowResume(list []lan.SavedGame, resume func(path string), fresh func()) {
	title := canvas.NewText(tr("resume.title"), colAccent)
	title.TextSize = 44
	title.TextStyle.Bold = true
	title.Alignment = fyne.TextAlignCenter
	box := container.NewVBox(layout.NewSpacer(), title)
	first := true
	for _, g := range list {
		line := widget.NewLabel(ResumeLine(g))
		line.Wrapping = fyne.TextWrapWord
		line.Alignment = fyne.TextAlignCenter
		if g.Problem != "" {
			line.Importance = widget.WarningImportance
			box.Add(line)
			continue
		}
		path := g.Path
		if first {
			first = false
			line.TextStyle.Bold = true
			box.Add(line)
			go1 := widget.NewButton(tr("resume.go"), func() { resume(path) })
			go1.Importance = widget.HighImportance
			fresh1 := widget.NewButton(tr("resume.new"), fresh)
			box.Add(container.NewHBox(layout.NewSpacer(), go1, fresh1, layout.NewSpacer()))
			continue
		}
		b := widget.NewButton(tr("resume.other"), func() { resume(path) })
		box.Add(container.NewHBox(layout.NewSpacer(), line, b, layout.NewSpacer()))
	}
	if first { // nothing resumable: only problems to tell
		fresh1 := widget.NewButton(tr("resume.new"), fresh)
		fresh1.Importance = widget.HighImportance
		box.Add(container.NewHBox(layout.NewSpacer(), fresh1, layout.NewSpacer()))
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
