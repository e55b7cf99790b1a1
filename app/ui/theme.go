package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"nightfall/assets/fonts"
)

// palette is the colours of one look of the big screen.
type palette struct {
	background, night, panel, button    color.NRGBA
	text, dim, nightText                color.NRGBA
	accent, next, call                  color.NRGBA // the speaker, who is next, the candidate or PK
	seat, seatEmpty, seatDead, deadText color.NRGBA
	deadMark, table, tableEdge, alert   color.NRGBA
	evil, good                          color.NRGBA
	caption, captionText                color.NRGBA // the caption bar (captions.go)
	errorBg, disabled, separator        color.NRGBA // Fyne's error (a danger button), disabled text, lines
}

// standard is the usual look: light on near-black, chosen for contrast on
// a washed-out projector image.
var standard = palette{
	background: color.NRGBA{0x10, 0x13, 0x1a, 0xff},
	night:      color.NRGBA{0x05, 0x08, 0x1c, 0xff},
	panel:      color.NRGBA{0x1c, 0x21, 0x2c, 0xff},
	button:     color.NRGBA{0x2b, 0x31, 0x3e, 0xff},
	text:       color.NRGBA{0xff, 0xff, 0xff, 0xff},
	dim:        color.NRGBA{0xb8, 0xbe, 0xcc, 0xff},
	nightText:  color.NRGBA{0xc5, 0xd4, 0xff, 0xff},
	accent:     color.NRGBA{0xff, 0xd2, 0x1f, 0xff},
	next:       color.NRGBA{0x4f, 0xc3, 0xf7, 0xff},
	call:       color.NRGBA{0xff, 0x8a, 0x00, 0xff},
	seat:       color.NRGBA{0x2e, 0x3f, 0x66, 0xff},
	seatEmpty:  color.NRGBA{0x24, 0x28, 0x32, 0xff},
	seatDead:   color.NRGBA{0x33, 0x35, 0x3b, 0xff},
	deadText:   color.NRGBA{0x9a, 0x9e, 0xa6, 0xff},
	deadMark:   color.NRGBA{0xff, 0x45, 0x45, 0xff},
	table:      color.NRGBA{0x1a, 0x3a, 0x2a, 0xff},
	tableEdge:  color.NRGBA{0x3e, 0x6b, 0x52, 0xff},
	alert:      color.NRGBA{0xd3, 0x2f, 0x2f, 0xff},
	evil:       color.NRGBA{0xff, 0x6b, 0x6b, 0xff},
	good:       color.NRGBA{0x7c, 0xe3, 0x8b, 0xff},
	// captions are white on black in either look
	caption:     color.NRGBA{0x00, 0x00, 0x00, 0xff},
	captionText: color.NRGBA{0xff, 0xff, 0xff, 0xff},
	// errorBg, disabled, separator: Fyne's own (Theme.Color)
}

// highContrast is the high-contrast look: black, white text,
// saturated colours only where they mean something (the speaker, who is
// next, the candidate, dead or alive, a camp), every text colour at least
// 7:1 against what it is drawn on (WCAG AAA; theme_test.go computes them).
var highContrast = palette{
	background:  color.NRGBA{0x00, 0x00, 0x00, 0xff},
	night:       color.NRGBA{0x00, 0x00, 0x00, 0xff},
	panel:       color.NRGBA{0x14, 0x14, 0x14, 0xff},
	button:      color.NRGBA{0x26, 0x26, 0x26, 0xff},
	text:        color.NRGBA{0xff, 0xff, 0xff, 0xff},
	dim:         color.NRGBA{0xe0, 0xe0, 0xe0, 0xff},
	nightText:   color.NRGBA{0xd6, 0xe4, 0xff, 0xff},
	accent:      color.NRGBA{0xff, 0xd7, 0x00, 0xff},
	next:        color.NRGBA{0x00, 0xe5, 0xff, 0xff},
	call:        color.NRGBA{0xff, 0x9e, 0x1a, 0xff},
	seat:        color.NRGBA{0x0d, 0x2b, 0x80, 0xff},
	seatEmpty:   color.NRGBA{0x1a, 0x1a, 0x1a, 0xff},
	seatDead:    color.NRGBA{0x26, 0x26, 0x26, 0xff},
	deadText:    color.NRGBA{0xc8, 0xc8, 0xc8, 0xff},
	deadMark:    color.NRGBA{0xff, 0x3b, 0x3b, 0xff},
	table:       color.NRGBA{0x00, 0x1f, 0x0f, 0xff},
	tableEdge:   color.NRGBA{0x3c, 0xff, 0x7a, 0xff},
	alert:       color.NRGBA{0xb0, 0x00, 0x20, 0xff},
	evil:        color.NRGBA{0xff, 0x80, 0x80, 0xff},
	good:        color.NRGBA{0x5c, 0xff, 0x7a, 0xff},
	caption:     color.NRGBA{0x00, 0x00, 0x00, 0xff},
	captionText: color.NRGBA{0xff, 0xff, 0xff, 0xff},
	errorBg:     color.NRGBA{0xb0, 0x00, 0x20, 0xff},
	disabled:    color.NRGBA{0xa0, 0xa0, 0xa0, 0xff},
	separator:   color.NRGBA{0x80, 0x80, 0x80, 0xff},
}

// largeText is how much larger the text is in the high-contrast look.
const largeText = 1.3

// The colours and the text scale the screens draw with now: the standard
// look, or the high-contrast, larger-text one (useLook). Screens take them
// when they are built; the shell builds them again when the look changes.
var (
	colBackground, colNight                         color.NRGBA
	colText, colDim, colNightText                   color.NRGBA
	colAccent, colNext, colCall                     color.NRGBA
	colSeat, colSeatEmpty, colSeatDead, colDeadText color.NRGBA
	colDeadMark, colTable, colTableEdge, colAlert   color.NRGBA
	colEvil, colGood, colCaption, colCaptionText    color.NRGBA
	textScale                                       float32 = 1
	accessibleLook                                  bool
)

func init() { useLook(false) }

// useLook makes the screens built from now on draw in the high-contrast,
// larger-text look (accessible) or the standard one.
func useLook(accessible bool) {
	p := lookPalette(accessible)
	accessibleLook = accessible
	textScale = 1
	if accessible {
		textScale = largeText
	}
	colBackground, colNight = p.background, p.night
	colText, colDim, colNightText = p.text, p.dim, p.nightText
	colAccent, colNext, colCall = p.accent, p.next, p.call
	colSeat, colSeatEmpty, colSeatDead, colDeadText = p.seat, p.seatEmpty, p.seatDead, p.deadText
	colDeadMark, colTable, colTableEdge, colAlert = p.deadMark, p.table, p.tableEdge, p.alert
	colEvil, colGood, colCaption, colCaptionText = p.evil, p.good, p.caption, p.captionText
}

func lookPalette(accessible bool) *palette {
	if accessible {
		return &highContrast
	}
	return &standard
}

// Theme is the app's theme: dark, high contrast, larger text, and a font
// that has the Chinese glyphs (the bundled WenQuanYi Micro Hei subset; Fyne's
// own fallback finds system fonts for any other character, a player's name).
// Accessible is the high-contrast, larger-text look (Shell.SetAccessible).
type Theme struct{ Accessible bool }

var _ fyne.Theme = Theme{}

// FontResource is the bundled subset font.
var FontResource fyne.Resource = fyne.NewStaticResource(fonts.SubsetName, fonts.SubsetTTF)

// Color implements fyne.Theme. The accessible colours are a second switch
// of the same shape on purpose: a colour name either look may answer.
func (t Theme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	p := lookPalette(t.Accessible)
	switch n {
	case theme.ColorNameBackground:
		return p.background
	case theme.ColorNameForeground:
		return p.text
	case theme.ColorNameButton:
		return p.button
	case theme.ColorNameInputBackground, theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground:
		return p.panel
	case theme.ColorNamePrimary, theme.ColorNameFocus:
		return p.accent
	case theme.ColorNameForegroundOnPrimary:
		return color.Black
	case theme.ColorNameHeaderBackground:
		return p.panel
	}
	if t.Accessible {
		switch n {
		case theme.ColorNameError:
			return p.errorBg
		case theme.ColorNameForegroundOnError, theme.ColorNameForegroundOnSuccess:
			return p.text
		case theme.ColorNameWarning:
			return p.call
		case theme.ColorNameForegroundOnWarning:
			return color.Black
		case theme.ColorNameDisabled, theme.ColorNamePlaceHolder:
			return p.disabled
		case theme.ColorNameDisabledButton:
			return p.panel
		case theme.ColorNameSeparator, theme.ColorNameInputBorder:
			return p.separator
		case theme.ColorNameHyperlink:
			return p.next
		}
	}
	return theme.DefaultTheme().Color(n, theme.VariantDark)
}

// Font implements fyne.Theme.
func (Theme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Monospace || s.Symbol {
		return theme.DefaultTheme().Font(s)
	}
	return FontResource
}

// Icon implements fyne.Theme.
func (Theme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size implements fyne.Theme.
func (t Theme) Size(n fyne.ThemeSizeName) float32 {
	k := float32(1)
	if t.Accessible {
		k = largeText
	}
	switch n {
	case theme.SizeNameText:
		return 17 * k
	case theme.SizeNameHeadingText:
		return 28 * k
	case theme.SizeNameSubHeadingText:
		return 21 * k
	case theme.SizeNameInlineIcon:
		return theme.DefaultTheme().Size(n) * k
	}
	return theme.DefaultTheme().Size(n)
}
