package ui

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/lan"
)

// The evening on the big screen (the scoreboard between games, its export)
// and the host's sound settings (the night's ambience, a voice pack).

// Preference keys of the sound settings.
const (
	PrefAmbience       = "ambience.on"
	PrefAmbienceVolume = "ambience.volume"
	PrefVoicePack      = "voice.pack" // the voice pack's path ("": the built-in voice)
)

// Ambience is the night's background sound (audio.Ambience implements it):
// the shell says when it is night, and passes on the host's settings.
type Ambience interface {
	SetNight(bool)
	SetEnabled(bool)
	SetVolume(float64)
}

// VoicePacks loads voice packs for the narration (the app: audio.LoadPack
// and the player's SetPack). Use loads the pack at path and says what its
// check found; Use("") goes back to the built-in voice.
type VoicePacks interface {
	Use(path string) (PackCheck, error)
}

// PackCheck is what loading a voice pack found, per language ("zh", "en").
type PackCheck struct {
	Found, Lines map[string]int      // lines in the pack, lines the judge says
	Whole        map[string]int      // whole-sentence clips in the pack (n6+died…)
	Missing      map[string][]string // the lines the built-in voice says instead
	Unreadable   []string            // "file: why"
}

// Exporter is a backend that writes the evening to a folder (lan.Server).
type Exporter interface {
	ExportEvening(dir, lang string) ([]string, error)
}

// SetSound gives the shell the night's ambience and the voice packs (either
// may be nil) and applies the host's remembered settings: the ambience on
// or off and its volume, the voice pack last chosen.
func (s *Shell) SetSound(amb Ambience, packs VoicePacks) {
	s.amb, s.packs = amb, packs
	if amb != nil {
		amb.SetEnabled(s.prefs.BoolWithFallback(PrefAmbience, true))
		amb.SetVolume(s.prefs.FloatWithFallback(PrefAmbienceVolume, defaultAmbienceVolume))
		amb.SetNight(s.night())
	}
	if p := s.prefs.String(PrefVoicePack); p != "" && packs != nil {
		if c, err := packs.Use(p); err != nil {
			s.status.SetText(tr("sound.pack.failed", "Err", err.Error()))
		} else {
			s.packCheck = &c
		}
	}
	s.controls()
}

// defaultAmbienceVolume is the ambience's volume until the host sets one
// (audio.DefaultAmbienceVolume).
const defaultAmbienceVolume = 0.5

// night reports whether the table sleeps now (not during the briefing
// before the first night, when the table listens).
func (s *Shell) night() bool {
	tv := s.hv.Table
	return s.has && tv != nil && tv.Phase == game.PhaseNight && tv.Stage != game.StageBriefing
}

// between reports whether no game runs: the scoreboard may show.
func (s *Shell) between() bool {
	return s.has && (s.hv.Table == nil || s.hv.Table.Phase == game.PhaseOver)
}

// boardShown reports whether the body shows the scoreboard now.
func (s *Shell) boardShown() bool {
	return s.showBoard && s.between() && s.hv.Evening != nil && s.hv.Evening.Games > 0
}

// Board is the scoreboard screen (for tests).
func (s *Shell) Board() *Scoreboard { return s.board }

// ToggleBoard shows the scoreboard in place of the lobby or the end screen,
// or goes back.
func (s *Shell) ToggleBoard() {
	s.showBoard = !s.showBoard
	s.render()
}

func (s *Shell) newEvening() {
	if s.win == nil {
		s.host(lan.HostCommand{Do: lan.HostNewEvening})
		return
	}
	d := dialog.NewConfirm(tr("board.new"), tr("board.new.confirm"), func(ok bool) {
		if ok {
			s.host(lan.HostCommand{Do: lan.HostNewEvening})
		}
	}, s.win)
	d.SetConfirmText(tr("ctl.yes"))
	d.SetDismissText(tr("ctl.no"))
	d.Show()
}

// exportEvening asks for a folder and writes the evening there, in the big
// screen's language.
func (s *Shell) exportEvening() {
	ex, ok := s.be.(Exporter)
	if !ok || s.win == nil {
		return
	}
	dialog.ShowFolderOpen(func(dir fyne.ListableURI, err error) {
		if err != nil || dir == nil {
			return
		}
		files, err := ex.ExportEvening(dir.Path(), Language())
		if err != nil {
			s.status.SetText(tr("board.export.failed", "Err", err.Error()))
			return
		}
		s.status.SetText(tr("board.export.done", "N", len(files), "Dir", filepath.Join(dir.Path(), "evening.html")))
	}, s.win)
}

// soundMenu is the host's sound settings: the night's ambience (on/off,
// volume) and the voice pack.
func (s *Shell) soundMenu() {
	if s.win == nil {
		return
	}
	on := widget.NewCheck(tr("sound.ambience"), func(v bool) {
		s.prefs.SetBool(PrefAmbience, v)
		if s.amb != nil {
			s.amb.SetEnabled(v)
		}
	})
	on.SetChecked(s.prefs.BoolWithFallback(PrefAmbience, true))
	vol := widget.NewSlider(0, 100)
	vol.Step = 5
	vol.SetValue(100 * s.prefs.FloatWithFallback(PrefAmbienceVolume, defaultAmbienceVolume))
	vol.OnChangeEnded = func(v float64) {
		s.prefs.SetFloat(PrefAmbienceVolume, v/100)
		if s.amb != nil {
			s.amb.SetVolume(v / 100)
		}
	}
	packLabel := widget.NewLabel("")
	packLabel.Wrapping = fyne.TextWrapWord
	showPack := func() {
		p := s.prefs.String(PrefVoicePack)
		if p == "" {
			packLabel.SetText(tr("sound.pack.builtin"))
			return
		}
		text := tr("sound.pack.using", "Name", filepath.Base(p))
		if s.packCheck != nil {
			text += "\n" + packCheckText(*s.packCheck)
		}
		packLabel.SetText(text)
	}
	showPack()
	use := func(path string) {
		if s.packs == nil {
			return
		}
		c, err := s.packs.Use(path)
		if err != nil {
			packLabel.SetText(tr("sound.pack.failed", "Err", err.Error()))
			return
		}
		s.prefs.SetString(PrefVoicePack, path)
		s.packCheck = &c
		if path == "" {
			s.packCheck = nil
		}
		showPack()
	}
	folder := widget.NewButton(tr("sound.pack.folder"), func() {
		dialog.ShowFolderOpen(func(dir fyne.ListableURI, err error) {
			if err == nil && dir != nil {
				use(dir.Path())
			}
		}, s.win)
	})
	zipBtn := widget.NewButton(tr("sound.pack.zip"), func() {
		d := dialog.NewFileOpen(func(f fyne.URIReadCloser, err error) {
			if err == nil && f != nil {
				f.Close()
				use(f.URI().Path())
			}
		}, s.win)
		d.SetFilter(storage.NewExtensionFileFilter([]string{".zip"}))
		d.Show()
	})
	builtin := widget.NewButton(tr("sound.pack.reset"), func() { use("") })
	if s.packs == nil {
		folder.Disable()
		zipBtn.Disable()
		builtin.Disable()
	}
	box := container.NewVBox(on,
		container.NewBorder(nil, nil, widget.NewLabel(tr("sound.volume")), nil, vol),
		widget.NewSeparator(),
		widget.NewLabelWithStyle(tr("sound.pack"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewHBox(folder, zipBtn, builtin),
		packLabel)
	d := dialog.NewCustom(tr("sound.title"), tr("sound.close"), container.NewVScroll(box), s.win)
	d.Resize(fyne.NewSize(720, 560))
	d.Show()
}

// packCheckText says what a voice pack's check found, a line per language
// (its lines, the whole sentences it says in one clip, the lines the
// built-in voice says instead) and the files that could not be used.
func packCheckText(c PackCheck) string {
	var lines []string
	for _, l := range []string{"zh", "en"} {
		line := tr("sound.pack.lang", "Lang", tr("sound.lang."+l), "Found", c.Found[l], "Of", c.Lines[l])
		if n := c.Whole[l]; n > 0 {
			line += tr("sound.pack.whole", "Count", n)
		}
		if m := c.Missing[l]; len(m) > 0 && c.Found[l] > 0 {
			shown := m
			if len(shown) > 12 {
				shown = append(shown[:12:12], "…")
			}
			line += " " + tr("sound.pack.missing", "List", strings.Join(shown, ", "))
		}
		lines = append(lines, line)
	}
	for _, u := range c.Unreadable {
		lines = append(lines, tr("sound.pack.unreadable", "File", u))
	}
	return strings.Join(lines, "\n")
}
