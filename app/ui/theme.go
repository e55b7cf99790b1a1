package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"nightfall/assets/fonts"
)

// Colours of the projected screens: light on near-black, chosen for contrast
// on a washed-out projector image.
var (
	colBackground = color.NRGBA{0x10, 0x13, 0x1a, 0xff}
	colNight      = color.NRGBA{0x05, 0x08, 0x1c, 0xff}
	colPanel      = color.NRGBA{0x1c, 0x21, 0x2c, 0xff}
	colText       = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	colDim        = color.NRGBA{0xb8, 0xbe, 0xcc, 0xff}
	colNightText  = color.NRGBA{0xc5, 0xd4, 0xff, 0xff}
	colAccent     = color.NRGBA{0xff, 0xd2, 0x1f, 0xff} // the speaker
	colNext       = color.NRGBA{0x4f, 0xc3, 0xf7, 0xff} // who is next
	colCall       = color.NRGBA{0xff, 0x8a, 0x00, 0xff} // the candidate being voted on, PK
	colSeat       = color.NRGBA{0x2e, 0x3f, 0x66, 0xff}
	colSeatEmpty  = color.NRGBA{0x24, 0x28, 0x32, 0xff}
	colSeatDead   = color.NRGBA{0x33, 0x35, 0x3b, 0xff}
	colDeadText   = color.NRGBA{0x9a, 0x9e, 0xa6, 0xff}
	colDeadMark   = color.NRGBA{0xff, 0x45, 0x45, 0xff}
	colTable      = color.NRGBA{0x1a, 0x3a, 0x2a, 0xff}
	colTableEdge  = color.NRGBA{0x3e, 0x6b, 0x52, 0xff}
	colAlert      = color.NRGBA{0xd3, 0x2f, 0x2f, 0xff}
	colEvil       = color.NRGBA{0xff, 0x6b, 0x6b, 0xff}
	colGood       = color.NRGBA{0x7c, 0xe3, 0x8b, 0xff}
)

// Theme is the app's theme: dark, high contrast, larger text, and a font
// that has the Chinese glyphs (the bundled WenQuanYi Micro Hei subset; Fyne's
// own fallback finds system fonts for any other character, a player's name).
type Theme struct{}

var _ fyne.Theme = Theme{}

// FontResource is the bundled subset font.
var FontResource fyne.Resource = fyne.NewStaticResource(fonts.SubsetName, fonts.SubsetTTF)

// Color implements fyne.Theme.
func (Theme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	switch n {
	case theme.ColorNameBackground:
		return colBackground
	case theme.ColorNameForeground:
		return colText
	case theme.ColorNameButton:
		return color.NRGBA{0x2b, 0x31, 0x3e, 0xff}
	case theme.ColorNameInputBackground, theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground:
		return colPanel
	case theme.ColorNamePrimary, theme.ColorNameFocus:
		return colAccent
	case theme.ColorNameForegroundOnPrimary:
		return color.Black
	case theme.ColorNameHeaderBackground:
		return colPanel
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
func (Theme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 17
	case theme.SizeNameHeadingText:
		return 28
	case theme.SizeNameSubHeadingText:
		return 21
	}
	return theme.DefaultTheme().Size(n)
}
