package lan

import (
	"strings"
	"testing"
)

func TestCleanName(t *testing.T) {
	for _, tc := range []struct {
		in, want, code string
	}{
		{"Ann", "Ann", ""},
		{"  Ann   Lee ", "Ann Lee", ""},
		{"Zoe\u0308", "Zoë", ""}, // NFC
		{"王小明", "王小明", ""},
		{"Nguyễn", "Nguyễn", ""},
		{"ｂｏｔ１", "ｂｏｔ１", ""}, // full width is a name; it only looks like "bot1"
		{"", "", codeName},
		{" \t ", "", codeName},
		{strings.Repeat("长", maxNameRunes+1), "", codeName},
		{"bot1\u200b", "", codeNameInvisible},
		{"\ufeffbot", "", codeNameInvisible},
		{"a\u180eb", "", codeNameInvisible},
		{"a\u2028b", "", codeNameInvisible},
		{"\u3164", "", codeNameInvisible},
		{"\u115f\u1160", "", codeNameInvisible},
		{"x\u2800", "", codeNameInvisible},
		{"rtl\u202eevil", "", codeNameInvisible},
		{"e\u0301\u0301\u0301\u0301", "", codeNameMarks}, // é and three more
		{"e\u0301\u0301\u0301", "é\u0301\u0301", ""},
		{"\u0301abc", "", codeNameMarks},
		{strings.Repeat("\u0336", 24), "", codeNameMarks},
	} {
		got, err := cleanName(tc.in)
		switch {
		case tc.code == "" && (err != nil || got != tc.want):
			t.Errorf("cleanName(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		case tc.code != "" && (err == nil || nameCode(err) != tc.code):
			t.Errorf("cleanName(%q) = %q, %v; want code %s", tc.in, got, err, tc.code)
		}
	}
}

func TestNameKey(t *testing.T) {
	same := [][]string{
		{"bot1", "BOT1", "ｂｏｔ１", "bot 1", "Bot1"},
		{"Straße", "STRASSE", "strasse"},
		{"小明", "小明"},
	}
	for _, group := range same {
		for _, n := range group[1:] {
			if nameKey(n) != nameKey(group[0]) {
				t.Errorf("%q and %q look alike but have keys %q and %q", group[0], n, nameKey(group[0]), nameKey(n))
			}
		}
	}
	for _, pair := range [][2]string{{"bot1", "bot2"}, {"Ann", "Anne"}, {"é", "e"}} {
		if nameKey(pair[0]) == nameKey(pair[1]) {
			t.Errorf("%q and %q have the same key", pair[0], pair[1])
		}
	}
}
