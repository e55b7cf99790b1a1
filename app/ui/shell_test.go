package ui

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
	"nightfall/lan"
)

func TestLobbyStartOnlyWhenValid(t *testing.T) {
	newTestApp(t, "zh")
	srv := newTable(t, "classic-2.0", 8, 1)
	s, _ := shellOn(t, srv, nil)
	s.Show(srv.View())
	if !s.Lobby().StartButton().Disabled() {
		t.Error("Start is enabled with every seat empty")
	}
	if r := s.Lobby().Reason(); r != "还不能开始：还有8个座位空着" {
		t.Errorf("reason for the disabled Start: %q", r)
	}
	for seat := 1; seat <= 6; seat++ {
		join(t, srv, seat, testNames[seat])
	}
	s.Show(srv.View())
	if r := s.Lobby().Reason(); r != "还不能开始：7、8号座位还空着" {
		t.Errorf("reason with two seats free: %q", r)
	}
	join(t, srv, 7, testNames[7])
	join(t, srv, 8, testNames[8])
	s.Show(srv.View())
	if s.Lobby().StartButton().Disabled() || s.Lobby().Reason() != "" {
		t.Errorf("Start disabled (reason %q) with every seat taken", s.Lobby().Reason())
	}
	test.Tap(s.Lobby().StartButton())
	if hv := srv.View(); hv.Table == nil || hv.Table.Phase != "night" {
		t.Errorf("Start did not start the game: %+v", hv.Table)
	}
}

func TestSeatMenuMovesAndRemoves(t *testing.T) {
	newTestApp(t, "en")
	srv := newTable(t, "classic-2.0", 8, 1)
	join(t, srv, 2, "Bob")
	join(t, srv, 5, "Eve")
	s, _ := shellOn(t, srv, nil)
	s.Show(srv.View())
	m := s.SeatMenu(2, "Bob")
	move, remove := m.Items[0], m.Items[1]
	for _, it := range move.ChildMenu.Items {
		if it.Label == "Seat 5  ⇄ Eve" {
			it.Action()
		}
	}
	hv := srv.View()
	if hv.Lobby.Seats[4].Name != "Bob" || hv.Lobby.Seats[1].Name != "Eve" {
		t.Errorf("after moving 2 to 5: seat 2 %q, seat 5 %q", hv.Lobby.Seats[1].Name, hv.Lobby.Seats[4].Name)
	}
	remove.Action()
	if srv.View().Lobby.Seats[1].Taken {
		t.Error("seat 2 still taken after Remove")
	}
}

func TestLanguageAndMuteToggles(t *testing.T) {
	a := newTestApp(t, "zh")
	srv, _ := startedGame(t, 8, 1)
	v := &recVoice{}
	s, _ := shellOn(t, srv, v)
	s.Show(srv.View())
	if got := s.Table().Narration(); got != "天黑请闭眼" {
		t.Fatalf("narration %q", got)
	}
	test.Tap(s.Buttons().Lang)
	if got := s.Table().Narration(); got != "Night falls. Everyone, close your eyes." {
		t.Errorf("after switching to English: %q", got)
	}
	if got := a.Preferences().String(PrefLang); got != "en" {
		t.Errorf("language preference %q, want en", got)
	}
	test.Tap(s.Buttons().Mute)
	if !v.muted || !a.Preferences().Bool(PrefMuted) {
		t.Error("mute did not mute the voice or was not remembered")
	}
	test.Tap(s.Buttons().Lang)
	if got := s.Table().Narration(); got != "天黑请闭眼" {
		t.Errorf("back to Chinese: %q", got)
	}
}

func TestHostControls(t *testing.T) {
	newTestApp(t, "en")
	srv, _ := startedGame(t, 8, 1)
	s, _ := shellOn(t, srv, nil)
	s.Show(srv.View())
	bt := s.Buttons()
	if !bt.Skip.Disabled() {
		t.Error("Skip is enabled at night (nobody speaks)")
	}
	test.Tap(bt.Pause)
	s.Show(srv.View())
	if !srv.View().Paused || bt.Pause.Text != "Resume" {
		t.Errorf("after Pause: paused %v, button %q", srv.View().Paused, bt.Pause.Text)
	}
	test.Tap(bt.Pause)
	if srv.View().Paused {
		t.Error("Resume did not resume")
	}
	s.host(lan.HostCommand{Do: lan.HostSkip}) // refused: nobody speaks; the reason shows in the bar
	if s.Status() != Tr("refuse."+game.RefuseNobodySpeaks) {
		t.Errorf("a refused command shows %q, not the engine's refusal in the screen's words", s.Status())
	}
	SetLanguage("zh")
	s.host(lan.HostCommand{Do: lan.HostSkip})
	if s.Status() != Tr("refuse."+game.RefuseNobodySpeaks) || s.Status() == (&game.Rejection{Code: game.RefuseNobodySpeaks}).Error() {
		t.Errorf("a refused command on a Chinese screen shows %q", s.Status())
	}
	// the server's own refusals too, with their figures
	s.host(lan.HostCommand{Do: lan.HostResume}) // not paused
	if want := Tr("host." + lan.HostErrNotPaused); s.Status() != want || want == (&lan.HostError{Code: lan.HostErrNotPaused}).Error() {
		t.Errorf("the server's refusal on a Chinese screen shows %q, want %q", s.Status(), want)
	}
	tooMuch := lan.HostCommand{Do: lan.HostAddTime, Seconds: 100000}
	var he *lan.HostError
	if err := srv.Host(tooMuch); !errors.As(err, &he) || he.Code != lan.HostErrAddTime {
		t.Fatalf("adding too much time: %v", err)
	}
	s.host(tooMuch)
	if s.Status() != HostErrorText(he) || s.Status() == he.Error() || !strings.Contains(s.Status(), "100000") {
		t.Errorf("adding too much time on a Chinese screen shows %q", s.Status())
	}
	// the failure the host must see, in the banner
	hv := srv.View()
	hv.Failure = &lan.HostError{Code: lan.HostErrLog, Err: errors.New("disk full")}
	hv.Err = hv.Failure.Error()
	s.Show(hv)
	if want := Tr("host."+lan.HostErrLog, "Err", "disk full"); s.banner.Text != want || want == hv.Err {
		t.Errorf("the log's failure on a Chinese screen reads %q, want %q", s.banner.Text, want)
	}
}

func TestFullScreenButtonAndF11(t *testing.T) {
	newTestApp(t, "en")
	srv := newTable(t, "classic-2.0", 8, 1)
	s, w := shellOn(t, srv, nil)
	test.Tap(s.Buttons().Full)
	if !w.FullScreen() || s.Buttons().Full.Text != "Window" {
		t.Errorf("after the button: full screen %v, label %q", w.FullScreen(), s.Buttons().Full.Text)
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF11})
	if w.FullScreen() {
		t.Error("F11 did not leave full screen")
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF11})
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.FullScreen() {
		t.Error("Escape did not leave full screen")
	}
}
