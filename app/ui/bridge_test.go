package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"nightfall/app/internal/fakelan"
	"nightfall/game"
	"nightfall/lan"
)

// Views published on other goroutines reach the screens only through the
// UI-goroutine function (fyne.Do in the app); run with -race.
func TestConnectGoesThroughDo(t *testing.T) {
	newTestApp(t, "zh")
	b := fakelan.New("classic-2.0", 8, 3)
	b.JoinAll()
	w := test.NewWindow(nil)
	defer w.Close()
	s := NewShell(w, b, &recVoice{})
	w.SetContent(s.Content())

	ui := make(chan func(), 64) // the test's UI loop
	stop := ConnectWith(b, s, func(f func()) { ui <- f })
	defer stop()
	go func() { // the "network": another goroutine changes the game
		_ = b.Host(lan.HostCommand{Do: lan.HostStart})
		for seat := 1; seat <= 8; seat++ {
			_ = b.Apply(game.Command{Seat: seat, Do: "sleep"})
		}
	}()
	deadline := time.After(10 * time.Second)
	for s.Table().Narration() != Tr("narr.night") {
		select {
		case f := <-ui:
			f()
		case <-deadline:
			t.Fatalf("the night never reached the screen (narration %q)", s.Table().Narration())
		}
	}
	for range 3 { // ticks arrive too
		select {
		case f := <-ui:
			f()
		case <-deadline:
			t.Fatal("no ticks")
		}
	}
	if c := s.Table().Clock(); c == "" {
		t.Error("no countdown")
	}
}
