package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"time"

	"nightfall/game"
	"nightfall/lan"
)

// Views published on other goroutines reach the screens only through the
// UI-goroutine function (fyne.Do in the app); run with -race.
func TestConnectGoesThroughDo(t *testing.T) {
	newTestApp(t, "zh")
	srv := newTable(t, "classic-2.0", 8, 3)
	phones := seatAll(t, srv)
	s, _ := shellOn(t, srv, &recVoice{})

	ui := make(chan func(), 64) // the test's UI loop
	stop := ConnectWith(srv.Server, s, func(f func()) { ui <- f })
	defer stop()
	played := make(chan struct{})
	go func() { // the "network": other goroutines change the game
		defer close(played)
		_ = srv.Host(lan.HostCommand{Do: lan.HostStart})
		for _, p := range phones[1:] {
			_ = p.Do(game.Command{Do: "sleep"})
		}
	}()
	defer func() { <-played }()
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

// ConnectShown shows the backend's first view before it returns, with no
// UI loop run: the app's first frame has the lobby and its QR code.
func TestConnectShownFirstView(t *testing.T) {
	newTestApp(t, "zh")
	srv := newTable(t, "classic-2.0", 8, 3)
	s, w := shellOn(t, srv, &recVoice{})
	w.Resize(fyne.NewSize(1280, 720))
	stop := ConnectShown(srv.Server, s)
	defer stop()
	if img, size := s.Lobby().QR().Image(); img == nil || size.Width <= 0 {
		t.Fatalf("no QR code when ConnectShown returned (image %v, size %v)", img != nil, size)
	}
	if got := len(s.Lobby().Ring().Seats()); got != 8 {
		t.Errorf("the ring has %d seats, want the lobby's 8", got)
	}
}
