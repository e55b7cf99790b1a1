package ui

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// luminance is WCAG 2's relative luminance of c (opaque).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 0xffff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is WCAG 2's contrast ratio of two colours (1 to 21).
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func TestContrastFormula(t *testing.T) {
	for _, c := range []struct {
		a, b color.Color
		want float64
	}{
		{color.White, color.Black, 21},
		{color.Black, color.Black, 1},
		{color.NRGBA{0x76, 0x76, 0x76, 0xff}, color.White, 4.54}, // the classic AA grey
	} {
		if got := contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("contrast(%v, %v) = %.2f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

// TestHighContrastRatios: in the high-contrast look every text colour is at
// least 7:1 (WCAG AAA) against each background it is drawn on, by the
// screens (the palette) and by Fyne's widgets (the theme's colours), and the
// marks that carry meaning without words (a dead seat's cross, the table's
// edge, the speaker's, next's and the candidate's rings) at least 3:1
// (WCAG 1.4.11). The standard look's ratios are logged.
func TestHighContrastRatios(t *testing.T) {
	type pair struct {
		what   string
		fg, bg color.Color
		min    float64
	}
	pairs := func(p *palette, th Theme) []pair {
		c := func(n fyne.ThemeColorName) color.Color { return th.Color(n, theme.VariantDark) }
		var out []pair
		text := func(what string, fg, bg color.Color) { out = append(out, pair{what, fg, bg, 7}) }
		mark := func(what string, fg, bg color.Color) { out = append(out, pair{what, fg, bg, 3}) }
		// around the table: names, notes (role, camp, silenced), the lobby, the headline
		for name, fg := range map[string]color.Color{"text": p.text, "dim": p.dim, "accent": p.accent, "next": p.next,
			"call": p.call, "deadText": p.deadText, "evil": p.evil, "good": p.good} {
			text(name+" on the background", fg, p.background)
		}
		text("night text on the night", p.nightText, p.night)
		text("text on the night", p.text, p.night)
		// on the table: the board (clock, speaker, next, tally, announcements)
		for name, fg := range map[string]color.Color{"text": p.text, "dim": p.dim, "accent": p.accent, "next": p.next,
			"call": p.call, "nightText": p.nightText} {
			text(name+" on the table", fg, p.table)
		}
		text("seat number", p.text, p.seat)
		text("dead seat's number", p.deadText, p.seatDead)
		text("empty seat's number", p.deadText, p.seatEmpty)
		text("a vote badge", color.Black, p.accent)
		text("the error banner", p.text, p.alert)
		text("a caption", p.captionText, p.caption)
		// Fyne's widgets
		text("widget text", c(theme.ColorNameForeground), c(theme.ColorNameBackground))
		text("button text", c(theme.ColorNameForeground), c(theme.ColorNameButton))
		text("menu text", c(theme.ColorNameForeground), c(theme.ColorNameMenuBackground))
		text("entry text", c(theme.ColorNameForeground), c(theme.ColorNameInputBackground))
		text("primary button", c(theme.ColorNameForegroundOnPrimary), c(theme.ColorNamePrimary))
		text("danger button", c(theme.ColorNameForegroundOnError), c(theme.ColorNameError))
		text("warning text", c(theme.ColorNameWarning), c(theme.ColorNameBackground))
		mark("a dead seat's cross", p.deadMark, p.seatDead)
		mark("a card's pip, dead", p.deadMark, p.background)
		mark("a card's pip, alive", p.good, p.seat)
		mark("the table's edge", p.tableEdge, p.background)
		for name, fg := range map[string]color.Color{"speaker": p.accent, "next": p.next, "candidate": p.call} {
			mark(name+"'s ring", fg, p.background)
		}
		return out
	}
	for _, pr := range pairs(&highContrast, Theme{Accessible: true}) {
		if r := contrast(pr.fg, pr.bg); r < pr.min {
			t.Errorf("high contrast: %s is %.2f:1, below %.0f:1 (%v on %v)", pr.what, r, pr.min, pr.fg, pr.bg)
		}
	}
	for _, pr := range pairs(&standard, Theme{}) {
		t.Logf("standard look: %-28s %5.2f:1", pr.what, contrast(pr.fg, pr.bg))
	}
	// The look the screens draw with follows useLook.
	useLook(true)
	defer useLook(false)
	if colBackground != highContrast.background || colText != highContrast.text || textScale != largeText {
		t.Errorf("useLook(true) left the standard colours or text size")
	}
}
