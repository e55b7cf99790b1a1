package ui

import (
	"encoding/json"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"nightfall/assets"
	"nightfall/game"
)

// Fyne picks the language from the system locale once, and has no call to
// choose another. The table must switch between Chinese and English at any
// time (and start in Chinese under LANG=C), so SetLanguage loads the chosen
// language's file under every locale Fyne's localizer could have picked:
// lang.L then answers in the chosen language whatever the system says.

var (
	langOnce sync.Once
	current  = "zh"
	known    map[string]bool // the keys of the current language's strings
	// loaded is the language whose file every locale holds now ("": none
	// yet, or the last load failed): choosing it again changes nothing.
	// Fyne parses the file again at each load, and keeps each load's locale
	// in a list it searches at the next one.
	loaded string
)

// SetLanguage makes code ("zh" or "en") the language of every string. Call it
// on the UI goroutine (or before the app runs).
func SetLanguage(code string) {
	if code == loaded {
		return
	}
	langOnce.Do(func() {
		if err := lang.AddTranslationsFS(assets.Embedded(), "i18n"); err != nil {
			fyne.LogError("translations", err)
		}
	})
	data, err := Strings(code)
	if err != nil {
		fyne.LogError("translations: no language "+code, err)
		return
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		fyne.LogError("translations: "+code, err)
		return
	}
	current = code
	known = make(map[string]bool, len(keys))
	for k := range keys {
		known[k] = true
	}
	locales := map[string]bool{"en": true, "zh": true}
	sys := lang.SystemLocale()
	locales[sys.LanguageString()] = true
	locales[sys.String()] = true
	names := make([]string, 0, len(locales))
	for l := range locales {
		names = append(names, l)
	}
	sort.Strings(names)
	loaded = code
	for _, l := range names {
		if err := lang.AddTranslationsForLocale(data, fyne.Locale(l)); err != nil {
			fyne.LogError("translations for "+l, err)
			loaded = ""
		}
	}
}

// Strings is the dictionary of code (assets/i18n: the words of the big
// screen and of the phones), as JSON.
func Strings(code string) ([]byte, error) { return fs.ReadFile(assets.I18n(), code+".json") }

// Language is the current language code.
func Language() string { return current }

// tr translates key with template data given as name, value pairs.
func tr(key string, kv ...any) string {
	if len(kv) == 0 {
		return lang.L(key)
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return lang.L(key, m)
}

// trIf translates key if the current language has it (Fyne logs a
// "Translation failure" for a key it lacks): for names looked up by
// value, some of which have no entry of their own.
func trIf(key string, kv ...any) (string, bool) {
	if !known[key] {
		return "", false
	}
	return tr(key, kv...), true
}

// seatList joins targets in the language's list style: "6、9" or "6, 9".
func seatList(ts []game.Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, tr("list.sep"))
}

// seatLabels names targets in the language's list style: "Seat 6, Seat 9"
// or "6号、9号".
func seatLabels(ts []game.Target) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = tr("seat.n", "Seat", t.String())
	}
	return strings.Join(parts, tr("list.sep"))
}

func intList(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, tr("list.sep"))
}

func seatName(seat int) string { return tr("seat.n", "Seat", seat) }

// Tr translates key in the current language; kv are template data as name,
// value pairs.
func Tr(key string, kv ...any) string { return tr(key, kv...) }
