package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"nightfall/lan"
)

// bigButtons lists the big buttons under o.
func bigButtons(o fyne.CanvasObject) []*BigButton {
	var out []*BigButton
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *BigButton:
			out = append(out, x)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(x.Content)
		}
	}
	walk(o)
	return out
}

func TestResumeScreen(t *testing.T) {
	newTestApp(t, "en")
	s, _ := bareShell(t)
	when := time.Date(2026, 11, 24, 14, 0, 0, 0, time.Local)
	list := []lan.SavedGame{
		{Path: "/d/games/b.jsonl", Problem: "line 1: the header is incomplete"},
		{Path: "/d/games/a.jsonl", Variant: "classic-2.0", Players: 8, Round: 2, Phase: "day", Updated: when},
		{Path: "/d/lobby.json", Lobby: true, Variant: "v4.0", Players: 16, Seated: 5, Updated: when},
	}
	var resumed string
	fresh := false
	s.ShowResume(list, func(p string) { resumed = p }, func() { fresh = true })
	if got := ResumeLine(list[1]); got != "Classic 2.0 · 8 players · round 2, day · 2026-11-24 14:00" {
		t.Errorf("game line %q", got)
	}
	if got := ResumeLine(list[2]); !strings.Contains(got, "5 of 16 seats taken") {
		t.Errorf("lobby line %q", got)
	}
	if got := ResumeLine(list[0]); !strings.Contains(got, "b.jsonl cannot be resumed") {
		t.Errorf("problem line %q", got)
	}
	var labels []string
	bs := bigButtons(s.body)
	for _, b := range bs {
		labels = append(labels, b.Text)
	}
	find := func(text string) *BigButton {
		for _, b := range bs {
			if b.Text == text {
				return b
			}
		}
		t.Fatalf("no %q button among %q", text, labels)
		return nil
	}
	test.Tap(find("Resume"))
	if resumed != "/d/games/a.jsonl" {
		t.Errorf("Resume resumed %q, want the newest resumable game", resumed)
	}
	test.Tap(find("New game"))
	if !fresh {
		t.Error("New game did not start a fresh one")
	}
	test.Tap(find("Resume this one"))
	if resumed != "/d/lobby.json" {
		t.Errorf("the second choice resumed %q", resumed)
	}
}

func TestConfirmCloseOnlyMidGame(t *testing.T) {
	newTestApp(t, "en")
	srv := newTable(t, "classic-2.0", 8, 1)
	s, _ := shellOn(t, srv, nil)
	s.Show(srv.View())
	closed := false
	s.ConfirmClose(func() { closed = true })
	if !closed {
		t.Error("the lobby asked before closing")
	}
	seatAll(t, srv)
	hostDo(t, srv, lan.HostCommand{Do: lan.HostStart})
	s.Show(srv.View())
	closed = false
	s.ConfirmClose(func() { closed = true })
	if closed || !s.GameRunning() {
		t.Error("closed mid-game without asking")
	}
}

// The resume screen as the big screen shows it (looked at: zh, 1280×720).
func TestGoldenResume(t *testing.T) {
	newTestApp(t, "zh")
	s, w := bareShell(t)
	w.Resize(fyne.NewSize(1280, 720))
	when := time.Date(2026, 11, 24, 21, 40, 0, 0, time.Local)
	s.ShowResume([]lan.SavedGame{
		{Path: "/d/games/a.jsonl", Variant: "standard-003", Players: 12, Round: 3, Phase: "night", Updated: when},
		{Path: "/d/lobby.json", Lobby: true, Variant: "classic-2.0", Players: 10, Seated: 7, Updated: when.Add(-time.Hour)},
		{Path: "/d/games/b.jsonl", Problem: "line 1: the header is incomplete"},
	}, func(string) {}, func() {})
	golden(t, "resume_zh.png", w.Canvas().Capture())
	// sized for the projector: the same screen at 1920×1080 is larger, not emptier
	w.Resize(fyne.NewSize(1920, 1080))
	golden(t, "resume_1920_zh.png", w.Canvas().Capture())
}
