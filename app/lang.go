package app

import "strings"

// Preference keys of the language choice (ui.PrefLang is the language the
// shell shows; the shell writes it when the host switches in the app).
const (
	prefLangStarted = "lang.started" // the language Main last started the shell in
	prefLangChosen  = "lang.chosen"  // the language the host last switched to in the app
)

// systemLanguage is the language of the system's locale for messages: the
// first non-empty of LC_ALL, LC_MESSAGES and LANG (POSIX's order). A Chinese
// locale ("zh_CN.UTF-8", "zh_TW", "zh") gives "zh", any other real locale
// ("en_US.UTF-8", "fr_FR") gives "en", the only other language the app has;
// C and POSIX (with or without a codeset: "C.UTF-8") and an unset locale give
// "": they say nothing about the host's language.
func systemLanguage(getenv func(string) string) string {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		base, _, _ := strings.Cut(v, "@")
		base, _, _ = strings.Cut(base, ".")
		switch {
		case base == "" || base == "C" || base == "POSIX":
			return ""
		case base == "zh" || strings.HasPrefix(base, "zh_") || strings.HasPrefix(base, "zh-"):
			return "zh"
		}
		return "en"
	}
	return ""
}

// chosenLanguage is the language the host last chose in the app, from the
// preferences: when the shell's language (saved) differs from the one Main
// started it in (started), the host switched during that session; otherwise
// the choice recorded before (chosen), if any. (A saved language without a
// started one comes from a version that did not record it: it is taken as a
// choice.)
func chosenLanguage(saved, started, chosen string) string {
	if valid(saved) && saved != started {
		return saved
	}
	if valid(chosen) {
		return chosen
	}
	return ""
}

// startLanguage decides the language the app starts in (see Main): the
// command line, else the host's choice in the app, else the system's, else
// Chinese.
func startLanguage(flag, chosen, system string) string {
	for _, l := range []string{flag, chosen, system} {
		if valid(l) {
			return l
		}
	}
	return "zh"
}

func valid(l string) bool { return l == "zh" || l == "en" }
