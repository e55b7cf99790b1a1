package fonts

import (
	"testing"

	"golang.org/x/image/font/sfnt"

	"nightfall/assets"
)

// Every character of the app's strings (both languages' dictionaries, the
// voice's captions) has a glyph in the bundled subset font, so
// nothing renders as a box on a machine without CJK fonts. When this fails,
// run `make fonts` and commit the new subset.
func TestSubsetCoversAppText(t *testing.T) {
	f, err := sfnt.Parse(SubsetTTF)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	has := func(r rune) bool {
		g, err := f.GlyphIndex(&buf, r)
		return err == nil && g != 0
	}
	text, err := AppText()
	if err != nil {
		t.Fatal(err)
	}
	for c := rune(0x21); c < 0x7f; c++ {
		text += string(c)
	}
	var missing []rune
	for _, r := range text {
		if r != ' ' && !has(r) {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the subset font lacks %d characters: %q (run `make fonts`)", len(missing), string(missing))
	}
	// The Chinese strings are really there (not an empty file).
	zh, err := assets.Dictionary("zh")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(zh["narr.night"]); n == 0 || !has([]rune(zh["narr.night"])[0]) {
		t.Errorf("no glyph for %q", zh["narr.night"])
	}
}

func TestSubsetIsSmall(t *testing.T) {
	if n := len(SubsetTTF); n > 400<<10 {
		t.Errorf("the subset font is %d bytes; it should stay small (under 400 KiB)", n)
	}
}
