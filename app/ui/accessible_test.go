package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
)

// The high-contrast, larger-text look: golden renders of the
// table, the lobby and the end, and the same geometric checks as the
// standard look's at every table size.

// highContrastTests makes shellAt switch to the high-contrast look (to run
// the standard look's tests again in it).
var highContrastTests bool

// accessibleShellAt is shellAt in the high-contrast look.
func accessibleShellAt(t *testing.T, lang string, size fyne.Size) (*Shell, fyne.Window) {
	t.Helper()
	highContrastTests = true
	defer func() { highContrastTests = false }()
	return shellAt(t, lang, size)
}

// useAccessible switches s to the high-contrast look as the host does (the
// bar's button), the standard look back after the test.
func useAccessible(t *testing.T, s *Shell) {
	t.Helper()
	t.Cleanup(func() { useLook(false) })
	test.Tap(s.Buttons().Look)
	if !s.Accessible() || !fyne.CurrentApp().Preferences().Bool(PrefAccessible) {
		t.Fatal("the look button did not switch to high contrast, or did not remember it")
	}
}

func TestGoldenAccessible(t *testing.T) {
	goldenTables(t, "hc", accessibleShellAt, []tableCase{{"zh", 12}, {"en", 20}})
	goldenLobbies(t, "hc", accessibleShellAt)
	t.Run("over", func(t *testing.T) {
		s, w := accessibleShellAt(t, "zh", screenSizes[0])
		s.Show(hostView(overView(t, 12), testSeatNames("zh", 12)))
		s.Over().Step(100)
		golden(t, "hc_1280_over12_zh.png", w.Canvas().Capture())
	})
}

// TestLayoutAccessible: the standard look's checks (no text overlaps
// another, leaves the window or sits across the table's edge; every name
// whole; the caption bar under the table) in the larger text, for 8, 12,
// 16 and 20 seats at both sizes, in both languages, in every stage; and the
// lobby's and the end's rings and lists.
func TestLayoutAccessible(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		for _, size := range screenSizes {
			for _, n := range []int{8, 12, 16, 20} {
				for stage, view := range map[string]func(int) *game.TableView{"speech": speechView, "vote": voteView, "pk": pkView, "night": nightView} {
					t.Run(fmt.Sprintf("%s/%s/%d/%s", lang, sizeName(size), n, stage), func(t *testing.T) {
						s, _ := accessibleShellAt(t, lang, size)
						names := testSeatNames(lang, n)
						s.Show(hostView(view(n), names))
						checkTable(t, s.Table(), names, size)
						checkCaptionBar(t, s, size)
						checkLarger(t, s)
					})
				}
			}
		}
	}
	highContrastTests = true
	defer func() { highContrastTests = false }()
	t.Run("lobby+over", TestLayoutLobbyAndOver)
}

// checkLarger: the look's text really is larger than the standard one's
// (the theme's, and the table's phase line and seat names).
func checkLarger(t *testing.T, s *Shell) {
	t.Helper()
	th := fyne.CurrentApp().Settings().Theme()
	if got := th.Size("text"); got < 17*1.25 {
		t.Errorf("the theme's text is %.1f, not larger", got)
	}
	if g := s.Table().Ring().Geometry(); g.NameSize < 13 { // as much larger as fits
		t.Errorf("the seat names are %.1f", g.NameSize)
	}
}

// checkCaptionBar: while a game is on screen the caption bar is along the
// bottom of the window, under the table screen (not over a seat or the
// clock), its text inside it, large.
func checkCaptionBar(t *testing.T, s *Shell, win fyne.Size) {
	t.Helper()
	bar := s.capBar
	if !bar.Visible() {
		t.Fatal("no caption bar during the game")
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(bar)
	r := Rect{pos, bar.Size()}
	// (the test window keeps its padding: the app's has none)
	if r.Pos.Y+r.Size.Height < win.Height-10 || r.Size.Width < win.Width-10 || r.Size.Height < win.Height*0.06 {
		t.Errorf("caption bar at %v in a %v window", r, win)
	}
	tp := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.Table())
	if table := (Rect{tp, s.Table().Size()}); table.Overlaps(r) {
		t.Errorf("the caption bar %v covers the table screen %v", r, table)
	}
	x := bar.CaptionText()
	if x.Text == "" {
		t.Errorf("no caption shown")
		return
	}
	if tr := textRect(x, pos); !tr.Inside(r) {
		t.Errorf("caption %q (%v) leaves its bar %v", x.Text, tr, r)
	}
	if x.TextSize < win.Height*0.035 {
		t.Errorf("caption text %.0f high in a %.0f window: too small for across a room", x.TextSize, win.Height)
	}
}

// F10 switches the look as the button does; the choice is remembered (a
// new shell starts in it); UseAccessible (the app's --accessible) is not.
func TestAccessibleKeyAndPreference(t *testing.T) {
	a := newTestApp(t, "en")
	t.Cleanup(func() { useLook(false) })
	s, w := bareShell(t)
	if s.Accessible() || s.Buttons().Look.Text != "High contrast" {
		t.Fatalf("starts accessible %v, button %q", s.Accessible(), s.Buttons().Look.Text)
	}
	w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF10})
	if !s.Accessible() || !a.Preferences().Bool(PrefAccessible) || s.Buttons().Look.Text != "Standard look" {
		t.Fatalf("F10: accessible %v, remembered %v, button %q", s.Accessible(), a.Preferences().Bool(PrefAccessible), s.Buttons().Look.Text)
	}
	if th, ok := a.Settings().Theme().(Theme); !ok || !th.Accessible || colBackground != highContrast.background {
		t.Errorf("F10 did not switch the theme and the colours")
	}
	useLook(false) // as a new run: the preference alone
	s2 := NewShell(w, nil, nil)
	if !s2.Accessible() {
		t.Errorf("a new shell did not start in the remembered look")
	}
	s2.UseAccessible(false)
	if s2.Accessible() || !a.Preferences().Bool(PrefAccessible) {
		t.Errorf("UseAccessible(false): accessible %v, remembered %v (want off, still remembered on)", s2.Accessible(), a.Preferences().Bool(PrefAccessible))
	}
}
