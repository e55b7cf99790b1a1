package app

import "testing"

func TestSystemLanguage(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{}, ""},
		{map[string]string{"LANG": "C"}, ""},
		{map[string]string{"LANG": "C.UTF-8"}, ""},
		{map[string]string{"LANG": "POSIX"}, ""},
		{map[string]string{"LANG": "en_US.UTF-8"}, "en"},
		{map[string]string{"LANG": "en_GB"}, "en"},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, "en"},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, "zh"},
		{map[string]string{"LANG": "zh_TW.Big5"}, "zh"},
		{map[string]string{"LANG": "zh"}, "zh"},
		{map[string]string{"LANG": "sr_RS@latin"}, "en"},
		{map[string]string{"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"},
		{map[string]string{"LC_MESSAGES": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "zh_CN.UTF-8"}, ""}, // LC_ALL wins, and says nothing
		{map[string]string{"LC_ALL": "", "LANG": "zh_CN.UTF-8"}, "zh"},
	} {
		if got := systemLanguage(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: systemLanguage = %q, want %q", c.env, got, c.want)
		}
	}
}

func TestChosenLanguage(t *testing.T) {
	for _, c := range []struct{ saved, started, chosen, want string }{
		{"", "", "", ""},         // first start
		{"en", "en", "", ""},     // started in en, not switched
		{"zh", "en", "", "zh"},   // switched to zh in the app
		{"en", "en", "zh", "zh"}, // an earlier choice holds
		{"en", "zh", "zh", "en"}, // a newer switch replaces it
		{"en", "", "", "en"},     // saved by an older version
		{"xx", "", "", ""},
	} {
		if got := chosenLanguage(c.saved, c.started, c.chosen); got != c.want {
			t.Errorf("chosenLanguage(%q, %q, %q) = %q, want %q", c.saved, c.started, c.chosen, got, c.want)
		}
	}
}

func TestStartLanguage(t *testing.T) {
	for _, c := range []struct{ flag, chosen, system, want string }{
		{"", "", "", "zh"},
		{"", "", "en", "en"},
		{"", "zh", "en", "zh"},
		{"en", "zh", "zh", "en"},
		{"fr", "", "en", "en"},
		{"", "", "zh", "zh"},
	} {
		if got := startLanguage(c.flag, c.chosen, c.system); got != c.want {
			t.Errorf("startLanguage(%q, %q, %q) = %q, want %q", c.flag, c.chosen, c.system, got, c.want)
		}
	}
}

// The table's default name is in the start language: no English word on a
// Chinese screen.
func TestDefaultTable(t *testing.T) {
	for lang, want := range map[string]string{"zh": "天黑请闭眼", "en": "Nightfall", "xx": "Nightfall"} {
		if got := defaultTable(lang); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}
