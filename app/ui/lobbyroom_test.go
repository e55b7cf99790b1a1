package ui

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
)

// shot writes the window's picture to SHOTS/name (when SHOTS names a
// folder), to look at.
func shot(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	dir := os.Getenv("SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, w.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}

// Choosing 杀人游戏4.0 (16–20) at a 12-seat table proposes 16 players: the
// lobby shows a deal, not "this count cannot be dealt".
func TestLobbyVariantSwitchProposesCount(t *testing.T) {
	newTestApp(t, "zh")
	srv := newTable(t, "classic-2.0", 12, 1)
	for s := 1; s <= 5; s++ {
		join(t, srv, s, longNames["zh"][s-1])
	}
	s, w := shellOn(t, srv, nil)
	w.Resize(fyne.NewSize(1920, 1080))
	s.Show(pinned(srv.View()))
	l := s.Lobby()
	for i, v := range l.variant.Options {
		if v == variantLabel(lookupVariant("v4.0")) {
			l.variant.SetSelectedIndex(i)
		}
	}
	hv := srv.View()
	s.Show(pinned(hv))
	if hv.Lobby.Variant != "v4.0" || hv.Lobby.Players != 16 {
		t.Fatalf("after choosing v4.0: %s, %d players", hv.Lobby.Variant, hv.Lobby.Players)
	}
	if got := l.players.Selected; got != "16" {
		t.Errorf("the player count reads %q", got)
	}
	if hv.Problem != nil && hv.Problem.Key == "players" {
		t.Errorf("the lobby says %q", l.Reason())
	}
	shot(t, w, "lobby_v4_1920_zh.png")
}
