package lan

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.mau.fi/util/confusable"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Names are checked by what a person sees on the big screen: a name is
// normalized (NFC, trimmed, runs of spaces made one), and refused when it
// holds a character nobody sees (controls, format characters such as U+200B
// or U+FEFF, line separators, blank fillers), a pile of combining marks, or
// when it looks the same as a seated name: compared by nameKey and
// looksAlike, case, width and invisible characters folded away and every
// character replaced by its Unicode TR39 confusable prototype (Cyrillic "А"
// and Greek "Α" are Latin "A", in capitals and lower case alike). Each refusal has its own error code, so the phone says why in its
// language (PROTOCOL.md). Every way a phone sets a name goes through
// session.checkName (members.go).

// maxMarks is how many combining marks may follow one character (enough for
// any language's diacritics, not for a stack that garbles the layout).
const maxMarks = 2

// Error codes of the name checks (besides codeName, for an empty or too
// long name).
const (
	codeNameInvisible = "name-invisible"
	codeNameMarks     = "name-marks"
	codeNameAlike     = "name-alike"
)

// nameError is a refused name: its error code and the English sentence.
type nameError struct{ code, msg string }

func (e *nameError) Error() string { return e.msg }

// nameCode is the error code of a cleanName error.
func nameCode(err error) string {
	if ne, ok := err.(*nameError); ok {
		return ne.code
	}
	return codeName
}

// invisible reports whether r shows nothing (or only white space) on a
// screen, other than the plain space.
func invisible(r rune) bool {
	switch {
	case r == ' ':
		return false
	case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r),
		unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r), r == utf8.RuneError, !unicode.IsPrint(r) && !unicode.IsSpace(r):
		return true
	}
	switch r {
	case 0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers
		0x2800,         // braille blank
		0x034F,         // combining grapheme joiner
		0x17B4, 0x17B5, // Khmer inherent vowels
		0x180E: // Mongolian vowel separator
		return true
	}
	return false
}

// cleanName normalizes a name and checks it: 1 to maxNameRunes characters
// a person can see, at most maxMarks combining marks on a character. The
// error is a *nameError for the phone.
func cleanName(name string) (string, error) {
	name = norm.NFC.String(name)
	var b strings.Builder
	marks, space := 0, false
	for _, r := range name {
		switch {
		case unicode.IsSpace(r) && !unicode.Is(unicode.Zl, r) && !unicode.Is(unicode.Zp, r):
			space = b.Len() > 0
			continue
		case invisible(r):
			return "", &nameError{codeNameInvisible, fmt.Sprintf("the name holds an invisible character (U+%04X)", r)}
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
			if marks++; marks > maxMarks || b.Len() == 0 {
				return "", &nameError{codeNameMarks, fmt.Sprintf("a letter of the name carries more than %d marks", maxMarks)}
			}
		default:
			marks = 0
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	name = b.String()
	if name == "" {
		return "", &nameError{codeName, "type a name first"}
	}
	if n := utf8.RuneCountInString(name); n > maxNameRunes {
		return "", &nameError{codeName, fmt.Sprintf("a name has at most %d characters (this one has %d)", maxNameRunes, n)}
	}
	return name, nil
}

var folder = cases.Fold()

// nameKeys is how a name looks, read two ways; two names are taken for one
// another at the table when either key is the same (looksAlike). A name's
// case and its confusable skeleton do not commute: Latin "I" is the
// skeleton's "l" but folds to "i", and Cyrillic "М" is the skeleton's "M"
// while its lower case "м" is no Latin letter at all. So:
//
//   - folded: capitals of other scripts that look like a Latin capital are
//     that capital ("МІКЕ" is "MIKE", "Тom" is "Tom"), then case, width,
//     spaces and invisible characters are folded away and the result is
//     reduced to its skeleton (Unicode TR39, section 4), folded again, until
//     nothing changes: "Аlice" (Cyrillic А), "Αlice" (Greek Α), "ＡＬＩＣＥ",
//     "ALICE" and "alice" are one; "Bοb" (Greek ο) and "B0b" are "Bob";
//   - shaped: the skeleton of the name as typed, capitals kept, then folded
//     the same way: "BiII" (capital I for l) is "Bill", "ТОМ" is "Tom".
type nameKeys struct{ folded, shaped string }

// looksAlike reports whether two names are taken for one another.
func looksAlike(a, b nameKeys) bool { return a.folded == b.folded || a.shaped == b.shaped }

// latinCapital maps the skeleton of a capital letter A–Z to that letter:
// skeleton("I") is "l", so a capital whose skeleton is "l" (Cyrillic І,
// Greek Ι) is read as "I".
var latinCapital = func() map[string]rune {
	m := map[string]rune{}
	for c := 'A'; c <= 'Z'; c++ {
		m[confusable.Skeleton(string(c))] = c
	}
	return m
}()

// nameKey is the two keys of a name (nameKeys).
func nameKey(name string) nameKeys {
	fold := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || invisible(r) || unicode.Is(unicode.Variation_Selector, r) {
				return -1
			}
			return r
		}, folder.String(norm.NFKC.String(s)))
	}
	settle := func(k string) string {
		for range 3 { // a prototype folds to a letter that is its own prototype: one round, in practice
			next := fold(confusable.Skeleton(k))
			if next == k {
				break
			}
			k = next
		}
		return k
	}
	latin := strings.Map(func(r rune) rune {
		if r >= utf8.RuneSelf && (unicode.IsUpper(r) || unicode.IsTitle(r)) {
			if c, ok := latinCapital[confusable.Skeleton(string(r))]; ok {
				return c
			}
		}
		return r
	}, norm.NFKC.String(name))
	return nameKeys{folded: settle(fold(latin)), shaped: settle(fold(confusable.Skeleton(norm.NFKC.String(name))))}
}

// alike is the refusal of a name that looks like seat's.
func alike(seat int) error {
	return &nameError{codeNameAlike, fmt.Sprintf("seat %d already uses that name (or one that looks the same)", seat)}
}
