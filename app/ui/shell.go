package ui

import (
	"errors"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"nightfall/app/voice"
	"nightfall/game"
	"nightfall/lan"
)

// Preference keys.
const (
	PrefLang  = "lang"
	PrefMuted = "muted"
	// PrefAccessible: the high-contrast, larger-text look
	PrefAccessible = "accessible"
)

// Shell is the window's content: a thin bar of host controls over the
// current screen (lobby, table, game over, or a start-up error). Host
// controls never reveal a secret: the host sees exactly what the table sees.
// All methods run on the UI goroutine (Connect wraps updates in fyne.Do).
type Shell struct {
	win   fyne.Window
	be    Backend
	voice Voice
	prefs fyne.Preferences
	narr  voice.Narrator
	bv    briefVoice // the briefing said aloud (briefvoice.go)

	hv  lan.HostView
	has bool

	lobby *Lobby
	table *TableScreen
	over  *GameOver
	brief *Briefing   // the table's briefing before the first night
	adm   *Admission  // the phones: spectators, freed seats (admission.go)
	board *Scoreboard // the evening between games (evening.go)

	amb       Ambience   // the night's background sound (nil: none)
	packs     VoicePacks // voice packs (nil: the built-in voice only)
	packCheck *PackCheck // what the voice pack in use was found to hold
	showBoard bool       // the host shows the scoreboard between games
	wasGame   bool       // the last view had a table
	resumed   bool       // the next view is of a game the app came back to (Resumed)

	phase                             *widget.Label
	pause, addTime, skip, end, newGam *widget.Button
	mute, langBtn, full, look, phones *widget.Button
	boardBtn, sound                   *widget.Button
	status                            *widget.Label
	banner                            *canvas.Text
	bannerBox                         *fyne.Container
	bar                               *fyne.Container // the host controls
	body                              *fyne.Container
	screens                           *fyne.Container // the body over the caption bar
	capBar                            *captionBar     // captions.go
	cap                               []captionPart   // the lines on the caption bar
	capAt, capUntil                   time.Time       // when they were said, when they have played
	root                              fyne.CanvasObject
	errShown                          bool
	lastAuto                          time.Time
	ann                               announcer // announce.go
	helpSt                            helpState // the checklist when phones cannot get in (helpshow.go)

	// Now is the clock the countdown is computed with (tests fix it).
	Now func() time.Time
}

// NewShell builds the UI for win. voice may be nil (silent).
func NewShell(win fyne.Window, be Backend, v Voice) *Shell {
	if v == nil {
		v = silentVoice{}
	}
	s := &Shell{win: win, be: be, voice: v, prefs: fyne.CurrentApp().Preferences(), Now: time.Now}
	SetLanguage(s.prefs.StringWithFallback(PrefLang, "zh"))
	s.voice.SetMuted(s.prefs.Bool(PrefMuted))
	if on := s.prefs.Bool(PrefAccessible); on != accessibleLook {
		useLook(on)
	}
	if accessibleLook {
		fyne.CurrentApp().Settings().SetTheme(Theme{Accessible: true})
	}
	s.buildScreens()

	s.phase = widget.NewLabel("")
	s.phase.TextStyle.Bold = true
	s.pause = widget.NewButton("", s.togglePause)
	s.addTime = widget.NewButton("", func() { s.host(lan.HostCommand{Do: lan.HostAddTime, Seconds: 30}) })
	s.skip = widget.NewButton("", func() { s.host(lan.HostCommand{Do: lan.HostSkip}) })
	s.end = widget.NewButton("", s.confirmEnd)
	s.end.Importance = widget.DangerImportance
	s.newGam = widget.NewButton("", func() { s.host(lan.HostCommand{Do: lan.HostNewGame}) })
	s.mute = widget.NewButton("", s.toggleMute)
	s.sound = widget.NewButton("", s.soundMenu)
	s.boardBtn = widget.NewButton("", s.ToggleBoard)
	s.langBtn = widget.NewButton("", s.toggleLang)
	s.full = widget.NewButton("", s.ToggleFullScreen)
	s.look = widget.NewButton("", func() { s.SetAccessible(!accessibleLook) })
	s.phones = widget.NewButton("", s.TogglePhones)
	s.status = widget.NewLabel("")
	s.status.Importance = widget.WarningImportance
	s.status.Truncation = fyne.TextTruncateEllipsis
	s.banner = canvas.NewText("", colText)
	s.banner.TextStyle.Bold = true
	s.banner.TextSize = 22 * textScale
	s.bannerBox = container.NewStack(canvas.NewRectangle(colAlert), container.NewPadded(s.banner))
	s.bannerBox.Hide()

	s.bar = container.NewBorder(nil, nil, s.phase,
		container.NewHBox(s.pause, s.addTime, s.skip, s.end, s.newGam, s.boardBtn, widget.NewSeparator(), s.phones, s.mute, s.sound, s.langBtn, s.look, s.full),
		s.status)
	s.body = container.NewStack()
	s.capBar = newCaptionBar()
	s.capBar.Hide() // shown with a game
	s.screens = container.New(&screensLayout{bar: s.capBar}, s.body, s.capBar)
	s.adm = NewAdmission(s.host)
	s.root = container.NewBorder(container.NewVBox(s.bar, s.bannerBox), s.adm.Content(), nil, nil, s.screens)
	if win != nil {
		win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
			switch ev.Name {
			case fyne.KeyF11:
				s.ToggleFullScreen()
			case fyne.KeyF10:
				s.SetAccessible(!accessibleLook)
			case fyne.KeyEscape:
				if s.win.FullScreen() {
					s.ToggleFullScreen()
				}
			}
		})
	}
	s.relabel()
	return s
}

// Content is the window's content.
func (s *Shell) Content() fyne.CanvasObject { return s.root }

// Lobby, Table and Over are the screens (for tests).
func (s *Shell) Lobby() *Lobby       { return s.lobby }
func (s *Shell) Table() *TableScreen { return s.table }
func (s *Shell) Over() *GameOver     { return s.over }
func (s *Shell) Status() string      { return s.status.Text }
func (s *Shell) Buttons() ShellButtons {
	return ShellButtons{Pause: s.pause, AddTime: s.addTime, Skip: s.skip, End: s.end, NewGame: s.newGam, Mute: s.mute, Lang: s.langBtn, Full: s.full, Look: s.look, Phones: s.phones}
}

// ShellButtons are the bar's buttons (for tests).
type ShellButtons struct{ Pause, AddTime, Skip, End, NewGame, Mute, Lang, Full, Look, Phones *widget.Button }

// TogglePhones opens or closes the host's strip for the phones
// (admission.go): off the players' screen unless the host opens it or a
// phone asks for a seat.
func (s *Shell) TogglePhones() {
	s.adm.SetOpen(!s.adm.Open())
	s.root.Refresh()
	s.controls()
}

// Admission is the host's strip for the phones (for tests).
func (s *Shell) Admission() *Admission { return s.adm }

// SetBackend sets the server the host controls talk to (the app makes a new
// one when the host retries after a failed start).
func (s *Shell) SetBackend(be Backend) { s.be = be }

func (s *Shell) host(cmd lan.HostCommand) {
	if s.be == nil {
		return
	}
	if err := s.be.Host(cmd); err != nil {
		// the engine's refusal and the server's in the screen's language
		// (the host's skip when nobody speaks); other errors as they are
		var rej *game.Rejection
		var he *lan.HostError
		if errors.As(err, &rej) {
			s.status.SetText(RefusalText(rej))
		} else if errors.As(err, &he) {
			s.status.SetText(HostErrorText(he))
		} else {
			s.status.SetText(err.Error())
		}
		return
	}
	s.status.SetText("")
}

// Show displays a new host view.
func (s *Shell) Show(hv lan.HostView) {
	playing := hv.Table != nil && hv.Table.Phase != game.PhaseOver
	switch {
	case playing:
		s.showBoard = false
	case (s.wasGame || !s.has) && hv.Table == nil && hv.Evening != nil && hv.Evening.Games > 0:
		// back in the lobby after a game, or the app started again in
		// an evening (lan continues its room): the evening's score first
		s.showBoard = true
	}
	s.wasGame = hv.Table != nil
	s.hv, s.has = hv, true
	if s.amb != nil {
		s.amb.SetNight(s.night())
	}
	s.ann.now = s.Now()
	s.ann.remember(hv.Table)
	if s.resumed {
		s.resumed = false
		s.hushHeard(hv.Table)
	}
	s.render()
	s.speak(s.ann.now)
}

// Resumed tells the shell that the backend comes back to a game in
// progress (the app started again on the game's log, lan.Config.Resume):
// what the table heard before the app stopped is not said again, neither
// the stage's line (the night, whose turn it is) nor the results held on
// the screen; the next cue and the next result are.
func (s *Shell) Resumed() { s.resumed = true }

// hushHeard takes what tv cues and announces as said.
func (s *Shell) hushHeard(tv *game.TableView) {
	if tv == nil {
		return
	}
	s.narr.Resume(tv)
	if s.ann.spoken == nil {
		s.ann.spoken, s.ann.held = map[int]bool{}, map[int]bool{}
	}
	for _, a := range tv.Announce {
		s.ann.spoken[a.Key] = true
	}
}

// Tick advances the clock shown (and the replay's auto play); call it a few
// times a second.
func (s *Shell) Tick(now time.Time) {
	s.captionTick(now)
	s.helpTick(now)
	if !s.has || s.hv.Table == nil {
		return
	}
	s.announceTick(now)
	if s.hv.Table.Phase == game.PhaseOver {
		if now.Sub(s.lastAuto) >= 3*time.Second {
			s.lastAuto = now
			s.over.Auto()
		}
		return
	}
	s.briefTick(now)
	rem := s.remaining(now)
	if s.hv.Table.Stage == game.StageBriefing && (!s.hv.Deadline.IsZero() || s.hv.Paused) {
		total := game.BriefingSeconds * time.Second
		s.brief.ScrollTo(briefScroll(total-rem, total))
	}
	s.table.SetRemaining(rem)
	s.say(now, s.narr.Tick(s.hv.Table, rem, s.hv.Paused), func() string { return tr("caption.warn", "N", int(voice.WarnAt/time.Second)) })
}

func (s *Shell) remaining(now time.Time) time.Duration {
	if !s.hv.Paused && !s.hv.Deadline.IsZero() {
		if s.hv.HoldUntil.After(now) {
			now = s.hv.HoldUntil // the countdown starts after the hold
		}
		return max(s.hv.Deadline.Sub(now), 0)
	}
	return s.hv.Remaining
}

func (s *Shell) render() {
	hv := s.hv
	s.banner.Text = hv.Err
	if hv.Failure != nil {
		s.banner.Text = HostErrorText(hv.Failure)
	}
	if hv.Err != "" {
		s.bannerBox.Show()
	} else {
		s.bannerBox.Hide()
	}
	s.banner.Refresh()
	was := s.adm.Visible()
	s.adm.Set(hv)
	if s.adm.Visible() != was {
		s.root.Refresh() // the strip takes or gives back its room: lay the screen out again
	}
	tv := hv.Table
	var screen fyne.CanvasObject
	names := map[int]string{}
	for _, st := range hv.Lobby.Seats {
		if st.Name != "" {
			names[st.Seat] = st.Name
		}
	}
	switch {
	case s.boardShown():
		s.board.Set(hv.Evening)
		screen = s.board.Content()
		s.phase.SetText(tr("app.title"))
	case tv == nil:
		s.lobby.Set(hv)
		screen = s.lobby.Content()
		s.phase.SetText(tr("app.title"))
	case tv.Stage == game.StageBriefing:
		s.brief.Set(tv)
		screen = s.brief.Content()
		s.phase.SetText(tr("app.title"))
	case tv.Phase == game.PhaseOver && s.shownAt(s.ann.now) == nil: // the last results first
		s.over.Set(tv, names)
		screen = s.over.Content()
		s.phase.SetText(tr("app.title"))
	default:
		s.table.Set(TableState{View: tv, Names: names, Paused: hv.Paused, Remaining: s.remaining(s.ann.now), Announce: s.shownAt(s.ann.now)})
		screen = s.table
		s.phase.SetText(tr("app.title"))
	}
	if len(s.body.Objects) != 1 || s.body.Objects[0] != screen {
		s.body.Objects = []fyne.CanvasObject{screen}
		s.body.Refresh()
	}
	s.showCaption()
	s.controls()
}

// controls shows the buttons that apply now.
func (s *Shell) controls() {
	// Buttons shown or hidden change the bar's layout.
	defer s.bar.Refresh()
	s.phones.Importance = widget.MediumImportance
	if s.adm.Attention() && !s.adm.Visible() {
		s.phones.Importance = widget.WarningImportance // someone watches, or a seated phone is offline
	}
	tv := s.hv.Table
	playing := tv != nil && tv.Phase != game.PhaseOver
	for _, b := range []*widget.Button{s.pause, s.addTime, s.skip, s.end} {
		if playing {
			b.Show()
		} else {
			b.Hide()
		}
	}
	if tv != nil && tv.Phase == game.PhaseOver {
		s.newGam.Show()
	} else {
		s.newGam.Hide()
	}
	if s.amb != nil || s.packs != nil { // without sound (NIGHTFALL_AUDIO=off) there is nothing to set
		s.sound.Show()
	} else {
		s.sound.Hide()
	}
	if s.between() && s.hv.Evening != nil && s.hv.Evening.Games > 0 {
		s.boardBtn.Show()
		if s.boardShown() {
			s.boardBtn.SetText(tr("board.back"))
		} else {
			s.boardBtn.SetText(tr("board.show"))
		}
	} else {
		s.boardBtn.Hide()
	}
	if !playing {
		return
	}
	if s.hv.Paused {
		s.pause.SetText(tr("ctl.resume"))
	} else {
		s.pause.SetText(tr("ctl.pause"))
	}
	enable(s.addTime, tv.Timer != nil)
	// The engine says when it takes a skip; during the announcements' hold
	// the skip ends the hold.
	enable(s.skip, slices.Contains(s.hv.HostActions, game.ActSkip) || s.shownAt(s.ann.now) != nil)
	// during the briefing the skip begins the game
	if tv.Stage == game.StageBriefing {
		s.skip.SetText(tr("brief.begin"))
	} else {
		s.skip.SetText(tr("ctl.skip"))
	}
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

func (s *Shell) relabel() {
	s.addTime.SetText(tr("ctl.addtime"))
	s.skip.SetText(tr("ctl.skip"))
	s.end.SetText(tr("ctl.end"))
	s.newGam.SetText(tr("ctl.newgame"))
	s.langBtn.SetText(tr("lang.switch"))
	s.sound.SetText(tr("sound.button"))
	s.phones.SetText(tr("ctl.phones"))
	if s.prefs.Bool(PrefMuted) {
		s.mute.SetText(tr("ctl.unmute"))
	} else {
		s.mute.SetText(tr("ctl.mute"))
	}
	if accessibleLook {
		s.look.SetText(tr("ctl.look.standard"))
	} else {
		s.look.SetText(tr("ctl.look.accessible"))
	}
	if s.win != nil && s.win.FullScreen() {
		s.full.SetText(tr("ctl.window"))
	} else {
		s.full.SetText(tr("ctl.fullscreen"))
	}
	if s.win != nil {
		s.win.SetTitle(tr("app.title"))
	}
	if s.has {
		s.render()
	} else {
		s.phase.SetText(tr("app.title"))
		s.controls()
	}
}

func (s *Shell) togglePause() {
	if s.hv.Paused {
		s.host(lan.HostCommand{Do: lan.HostResume})
	} else {
		s.host(lan.HostCommand{Do: lan.HostPause})
	}
}

func (s *Shell) confirmEnd() {
	if s.win == nil {
		s.host(lan.HostCommand{Do: lan.HostEnd})
		return
	}
	confirm(tr("ctl.end"), tr("ctl.end.confirm"), func() { s.host(lan.HostCommand{Do: lan.HostEnd}) }, s.win)
}

// confirm asks a yes-or-no question in the current language (Fyne's own
// confirm dialog looks its Yes and No up in a dictionary the app replaces:
// a translation failure) and runs yes on yes.
func confirm(title, question string, yes func(), win fyne.Window) {
	msg := widget.NewLabel(question)
	msg.Alignment = fyne.TextAlignCenter
	d := dialog.NewCustomConfirm(title, tr("ctl.yes"), tr("ctl.no"), msg, func(ok bool) {
		if ok {
			yes()
		}
	}, win)
	d.Show()
}

func (s *Shell) toggleMute() {
	m := !s.prefs.Bool(PrefMuted)
	s.prefs.SetBool(PrefMuted, m)
	s.voice.SetMuted(m)
	s.relabel()
}

// SetLang switches the language and remembers it.
func (s *Shell) SetLang(code string) {
	SetLanguage(code)
	s.prefs.SetString(PrefLang, code)
	s.relabel()
	if s.helpSt.help != nil {
		s.helpSt.help.SetInfo(s.helpSt.help.info)
	}
}

func (s *Shell) toggleLang() {
	if Language() == "zh" {
		s.SetLang("en")
	} else {
		s.SetLang("zh")
	}
}

// SetAccessible switches the big screen to the high-contrast, larger-text
// look (on) or back to the standard one, and remembers it.
func (s *Shell) SetAccessible(on bool) {
	s.prefs.SetBool(PrefAccessible, on)
	s.UseAccessible(on)
}

// UseAccessible switches the look for this run only (the app's
// --accessible flag). The screens are built again in the new colours and
// sizes, showing what they showed.
func (s *Shell) UseAccessible(on bool) {
	if on == accessibleLook {
		return
	}
	useLook(on)
	fyne.CurrentApp().Settings().SetTheme(Theme{Accessible: on})
	over := s.over
	s.buildScreens()
	s.banner.Color, s.banner.TextSize = colText, 22*textScale
	if r, ok := s.bannerBox.Objects[0].(*canvas.Rectangle); ok {
		r.FillColor = colAlert
	}
	s.capBar.Refresh()
	s.relabel()
	if s.has && s.hv.Table != nil && s.hv.Table.Phase == game.PhaseOver {
		s.over.step, s.over.auto = over.step, over.auto // the replay where it was
		s.over.refresh()
	}
	s.root.Refresh()
}

// Accessible reports whether the high-contrast, larger-text look is on.
func (s *Shell) Accessible() bool { return accessibleLook }

// buildScreens makes the lobby, the table and the game-over screen in the
// current look (the lobby's balance estimate carried over).
func (s *Shell) buildScreens() {
	old := s.lobby
	s.lobby = NewLobby(s.host)
	s.lobby.popup = s.seatMenu
	s.lobby.OnHelp = s.ShowHelp
	if old != nil {
		s.lobby.SetEstimator(old.bal.estimate, old.bal.do)
		old.bal.stop()
	}
	s.table = NewTableScreen()
	s.over = NewGameOver() // render puts the new screens in the body
	s.board = NewScoreboard(s.newEvening, s.exportEvening)
	s.brief = NewBriefing()
}

// FullScreenChanged relabels the full-screen button after the app went
// full screen (or left it) by itself.
func (s *Shell) FullScreenChanged() { s.relabel() }

// ToggleFullScreen switches between full screen (for the projector) and a window.
func (s *Shell) ToggleFullScreen() {
	if s.win == nil {
		return
	}
	s.win.SetFullScreen(!s.win.FullScreen())
	s.relabel()
}

// seatMenu lets the host move or remove the player in seat (lobby only).
func (s *Shell) seatMenu(seat int) {
	if s.win == nil || s.hv.Table != nil {
		return
	}
	var name string
	for _, st := range s.hv.Lobby.Seats {
		if st.Seat == seat && st.Taken {
			name = st.Name
		}
	}
	if name == "" {
		return
	}
	menu := s.SeatMenu(seat, name)
	pos, _ := s.lobby.ring.SeatCenter(seat)
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.lobby.ring)
	widget.ShowPopUpMenuAtPosition(menu, s.win.Canvas(), abs.Add(pos))
}

// SeatMenu is the host's menu for a seated player: move to another seat
// (swapping with whoever sits there) or remove.
func (s *Shell) SeatMenu(seat int, name string) *fyne.Menu {
	var moves []*fyne.MenuItem
	for _, st := range s.hv.Lobby.Seats {
		if st.Seat == seat {
			continue
		}
		to := st.Seat
		label := seatName(to)
		if st.Taken {
			label += "  ⇄ " + st.Name
		}
		moves = append(moves, fyne.NewMenuItem(label, func() {
			s.host(lan.HostCommand{Do: lan.HostMove, From: seat, To: to})
		}))
	}
	move := fyne.NewMenuItem(tr("lobby.move"), nil)
	move.ChildMenu = fyne.NewMenu("", moves...)
	remove := fyne.NewMenuItem(tr("lobby.remove"), func() {
		s.host(lan.HostCommand{Do: lan.HostRemove, Seat: seat})
	})
	return fyne.NewMenu(tr("lobby.seatmenu", "Seat", seat, "Name", name), move, remove)
}

// ShowError replaces everything with a start-up error and what to do about
// it; retry (may be nil) is offered as a button.
func (s *Shell) ShowError(msg string, retry, quit func()) {
	title := canvas.NewText(tr("start.title"), colAccent)
	title.TextSize = 44
	title.TextStyle.Bold = true
	title.Alignment = fyne.TextAlignCenter
	body := widget.NewLabel(msg)
	body.Wrapping = fyne.TextWrapWord
	body.Alignment = fyne.TextAlignCenter
	body.TextStyle.Bold = true
	buttons := container.NewHBox(layout.NewSpacer())
	if retry != nil {
		b := widget.NewButton(tr("start.retry"), retry)
		b.Importance = widget.HighImportance
		buttons.Add(b)
	}
	if quit != nil {
		buttons.Add(widget.NewButton(tr("start.quit"), quit))
	}
	buttons.Add(layout.NewSpacer())
	box := container.NewVBox(layout.NewSpacer(), title, body, buttons, layout.NewSpacer())
	s.body.Objects = []fyne.CanvasObject{container.NewPadded(box)}
	s.body.Refresh()
	s.errShown = true
	s.showCaption()
}

// Connect feeds the backend's host views to the shell, and ticks the clock,
// each update inside fyne.Do (the views arrive on another goroutine). The
// returned function stops both.
func Connect(be Backend, s *Shell) (stop func()) { return ConnectWith(be, s, fyne.Do) }

// ConnectWith is Connect with the function that runs code on the UI goroutine
// given (tests pass their own event loop).
func ConnectWith(be Backend, s *Shell, do func(func())) (stop func()) {
	views, cancel := be.Subscribe()
	return follow(views, cancel, s, do)
}

// ConnectShown is Connect with the backend's first view shown before it
// returns: call it on the UI goroutine (the app calls it before its window
// is first drawn, so that the first frame has the lobby and its QR code).
func ConnectShown(be Backend, s *Shell) (stop func()) {
	views, cancel := be.Subscribe()
	if hv, ok := <-views; ok { // a subscription's first view comes at once
		s.Show(hv)
	}
	return follow(views, cancel, s, fyne.Do)
}

// follow feeds views to the shell and ticks its clock until stopped.
func follow(views <-chan lan.HostView, cancel func(), s *Shell, do func(func())) (stop func()) {
	done := make(chan struct{})
	go func() {
		for {
			select {
			case hv, ok := <-views:
				if !ok {
					return
				}
				do(func() { s.Show(hv) })
			case <-done:
				return
			}
		}
	}()
	go func() {
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case now := <-t.C:
				do(func() { s.Tick(now) })
			case <-done:
				return
			}
		}
	}()
	return func() {
		cancel()
		close(done)
	}
}
