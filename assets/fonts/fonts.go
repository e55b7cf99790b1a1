// Package fonts holds the host app's bundled font: a subset of WenQuanYi Micro
// Hei (Apache-2.0 / GPLv3 dual licence, see LICENSE-wqy-microhei.txt) holding
// only the glyphs of printable ASCII and of the dictionary's words (assets/i18n), so that
// Chinese renders on a machine without any CJK font. Rebuild it with
// `make fonts` (README.md).
package fonts

import (
	_ "embed"
	"sort"
	"strings"

	"nightfall/assets"
)

// SubsetTTF is the subset font (TrueType).
//
//go:embed wqy-microhei-subset.ttf
var SubsetTTF []byte

// SubsetName is the resource name of SubsetTTF.
const SubsetName = "wqy-microhei-subset.ttf"

// Extra are characters the app draws outside its strings: punctuation and
// symbols used in formatting.
const Extra = "0123456789，。：；！？（）、…—–·→←×✓「」《》“”‘’ "

// AppText returns, sorted and without repeats, every non-ASCII character the
// app may draw from its own strings (the captions of its spoken lines among them).
func AppText() (string, error) {
	set := map[rune]bool{}
	add := func(s string) {
		for _, r := range s {
			if r >= 0x80 {
				set[r] = true
			}
		}
	}
	for _, code := range assets.Languages { // the one dictionary: every word of both screens and the voice
		m, err := assets.Dictionary(code)
		if err != nil {
			return "", err
		}
		for _, v := range m {
			add(v)
		}
	}
	add(Extra)
	rs := make([]rune, 0, len(set))
	for r := range set {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	var b strings.Builder
	for _, r := range rs {
		b.WriteRune(r)
	}
	return b.String(), nil
}
