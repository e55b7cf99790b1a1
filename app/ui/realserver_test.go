package ui

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/lan"
	"nightfall/lan/qr"
)

// The lobby fed by the real LAN server (loopback only, no mDNS): the URL and
// room code it shows are the server's, the QR image is the server's QR of the
// join URL drawn at a whole number of pixels per module, and a host command
// (the player count) comes back as a new view.
func TestLobbyWithRealServer(t *testing.T) {
	newTestApp(t, "en")
	srv, err := lan.NewServer(lan.Config{Addr: "127.0.0.1:0", Host: "127.0.0.1", NoMDNS: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	w := test.NewWindow(nil)
	defer w.Close()
	s := NewShell(w, srv, nil)
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1280, 720))
	ui := make(chan func(), 64)
	stop := ConnectWith(srv, s, func(f func()) { ui <- f })
	defer stop()
	until := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for !ok() {
			select {
			case f := <-ui:
				f()
			case <-deadline:
				t.Fatalf("timed out waiting for %s", what)
			}
		}
	}
	until("the lobby", func() bool {
		ty := srv.Typed()
		return srv.JoinURL() != "" && ty.Addr != "" && s.Lobby().url.Text == tr("lobby.typed", "Addr", ty.Addr) && s.Lobby().room.Text == tr("lobby.code", "Code", ty.Code)
	})
	img, shown := s.Lobby().QR().Image()
	if img == nil {
		t.Fatal("no QR image")
	}
	want := qr.Image(srv.JoinURL(), img.Bounds().Dx())
	if want.Bounds() != img.Bounds() {
		t.Errorf("QR image %v, the server's is %v", img.Bounds(), want.Bounds())
	}
	unit := qr.Image(srv.JoinURL(), 1).Bounds().Dx()
	if img.Bounds().Dx()%unit != 0 || shown.Width != float32(img.Bounds().Dx()) {
		t.Errorf("QR %d px for %d modules, shown %v wide: not pixel-exact", img.Bounds().Dx(), unit, shown.Width)
	}
	s.host(lan.HostCommand{Do: lan.HostSetPlayers, Players: 9})
	until("9 seats", func() bool { return len(s.Lobby().Ring().Seats()) == 9 })
}
