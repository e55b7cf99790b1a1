package ui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"nightfall/game"
)

// briefingView is the engine's table view of a game of variant held for its
// briefing, at n players, with options.
func briefingView(t *testing.T, variant string, n int, options string) *game.TableView {
	t.Helper()
	var raw json.RawMessage
	if options != "" {
		raw = json.RawMessage(options)
	}
	g, err := game.New(game.Setup{Variant: variant, Players: n, Seed: 5, Options: raw, Briefing: true})
	if err != nil {
		t.Fatal(err)
	}
	tv := g.TableView()
	return &tv
}

// TestBriefingTranscript: the briefing of every variant, in both languages,
// at its largest table (and one with options changed), as the big screen
// says it: the deal, a line per role in play, a round, the wins and the
// options; testdata/briefing_<variant>.txt is the golden.
func TestBriefingTranscript(t *testing.T) {
	for _, in := range game.Variants() {
		t.Run(in.ID, func(t *testing.T) {
			var out strings.Builder
			for _, lang := range []string{"zh", "en"} {
				newTestApp(t, lang)
				opts := ""
				if in.ID == "classic-2.0" {
					opts = `{"lastWords": 1, "tieFinal": "lots"}`
				}
				tv := briefingView(t, in.ID, in.MaxPlayers, opts)
				b := NewBriefing()
				b.Set(tv)
				text := b.Text()
				fmt.Fprintf(&out, "---- %s, %d players, %s ----\n%s\n%s\n%s\n\n", in.ID, in.MaxPlayers, lang, PhaseText(tv), NarrationText(tv), text)
				for _, d := range tv.Briefing.Deal {
					if !strings.Contains(text, RoleName(in, d.Role)) {
						t.Errorf("%s %s: the briefing does not name %s", lang, in.ID, d.Role)
					}
				}
				for _, bad := range []string{"roleinfo.", "rules.", "brief.", "opt.", "{{"} {
					if strings.Contains(text, bad) {
						t.Errorf("%s %s: an untranslated key or field in the briefing (%q):\n%s", lang, in.ID, bad, text)
					}
				}
			}
			goldenText(t, "briefing_"+in.ID+".txt", out.String())
		})
	}
}

// TestGoldenBriefingSizes: the briefing of the longest deals (v4.0 with 20
// players, two-hands with 20 hands' players) on the whole window at both
// projector sizes, with the bar's Begin.
func TestGoldenBriefingSizes(t *testing.T) {
	for _, c := range []struct {
		variant, lang string
		n             int
	}{{"v4.0", "zh", 20}, {"two-hands", "en", 20}, {"v4.0", "en", 20}, {"two-hands", "zh", 20}} {
		for _, size := range screenSizes {
			name := fmt.Sprintf("screen_%s_briefing_%s%d_%s.png", sizeName(size), c.variant, c.n, c.lang)
			t.Run(name, func(t *testing.T) {
				s, w := shellAt(t, c.lang, size)
				hv := hostView(briefingView(t, c.variant, c.n, ""), testSeatNames(c.lang, c.n))
				hv.HostActions = []string{"skip", "end"}
				s.Show(hv)
				if got := s.Buttons().Skip.Text; got != tr("brief.begin") {
					t.Errorf("the bar's skip reads %q during the briefing", got)
				}
				golden(t, name, w.Canvas().Capture())
			})
		}
	}
}
