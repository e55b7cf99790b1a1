package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
)

// TestTextReadable: at 1920×1080, for 6 to 20 seats, in both languages, in
// a speech, a ballot, a run-off and the night, every text on the table
// screen a player needs (the ring's numbers, names and badges, the
// speaker, the queue, the tally and its voters, the clock…) is at least
// readableSize: 32 px up to 12 seats, 26 px from 13 to 20 (TestLayoutNoCollisions
// checks that none of them is cut off or overlaps another at these sizes).
func TestTextReadable(t *testing.T) {
	size := screenSizes[1]
	for _, lang := range []string{"zh", "en"} {
		for n := 6; n <= 20; n++ {
			for stage, view := range map[string]func(int) *game.TableView{"speech": speechView, "vote": voteView, "pk": pkView, "night": nightView} {
				t.Run(fmt.Sprintf("%s/%d/%s", lang, n, stage), func(t *testing.T) {
					s, _ := shellAt(t, lang, size)
					s.Show(hostView(view(n), testSeatNames(lang, n)))
					checkReadable(t, s.Table(), readableSize(size.Height, n))
				})
			}
		}
	}
}

func checkReadable(t *testing.T, ts *TableScreen, floor float32) {
	t.Helper()
	var texts []*canvas.Text
	for _, o := range append(test.WidgetRenderer(ts).Objects(), test.WidgetRenderer(ts.Ring()).Objects()...) {
		if x, ok := o.(*canvas.Text); ok {
			texts = append(texts, x)
		}
	}
	texts = append(texts, ts.clock, ts.clockLabel)
	for _, x := range texts {
		if x.Text != "" && x.Visible() && x.TextSize < floor*0.99 {
			t.Errorf("%q is %.1f px, want at least %.1f", x.Text, x.TextSize, floor)
		}
	}
}
