// Package fynelocale keeps one known, spurious Fyne report off standard error:
// "Fyne error: Error parsing user locale C" under LANG=C.UTF-8 (the default
// of Debian containers and CI machines) or POSIX.<codeset>.
//
// Why: Fyne reads the locale through github.com/jeandeaual/go-locale, which
// treats "C" and "POSIX" as "no language" but passes "C.UTF-8" on as the
// language "C"; x/text cannot parse that, and Fyne logs three lines with the
// standard logger (fyne.LogError). It does so in the package initialization of
// fyne.io/fyne/v2/lang, before main runs, and again whenever the app asks for
// the system locale. The locale is valid and means what the app already does
// without a language (start in Chinese), so the report is noise, and it broke
// `nightfall script`'s "one line on standard error" (SCRIPT.md) and printed
// "Fyne error" under `nightfall --help`.
//
// How: when the locale variables name a C or POSIX locale with a codeset,
// this package's init points the standard logger at a writer that drops
// exactly that report (the "Error parsing user locale C|POSIX" line and its
// "Cause:"/"At: …/lang/…" lines) and passes every other byte to stderr. The
// environment is not touched: children and GLFW (which calls
// setlocale(LC_CTYPE, "") for text input) still see C.UTF-8.
//
// Why this runs before Fyne's init: since Go 1.21 the order is specified —
// "given the list of all packages, sorted by import path, in each step the
// first uninitialized package in the list for which all imports are already
// initialized is initialized". This package imports only io, log, os, strings
// and sync, so it is ready as soon as log is. fyne.io/fyne/v2/lang imports
// text/template, which needs fmt as log does, so cannot be ready before log
// ("log" sorts first and runs first among the ready); once log has run, this
// package is ready and sorts before text/template ("nightfall/…" <
// "text/…"), so text/template, and lang after it, wait for it. The main
// package's test checks the order in the real binary with
// GODEBUG=inittrace=1, and the one-line stderr of `script` under LANG=C.UTF-8.
//
// Only the build with the window imports it (main_app.go); the headless build
// links no Fyne and needs nothing of the sort.
package fynelocale

import (
	"io"
	"log"
	"os"
	"strings"
	"sync"
)

func init() {
	if Affected(os.Getenv) {
		log.SetOutput(&filter{out: log.Writer()})
	}
}

// Affected reports whether the locale Fyne will read is a C or POSIX locale
// with a codeset or modifier ("C.UTF-8", "POSIX.utf8", "C@euro"): the case
// Fyne mistakes for a language named "C" or "POSIX". It follows go-locale's
// rule: the first non-empty of LC_ALL, LC_MESSAGES and LANG.
func Affected(getenv func(string) string) bool {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			base, _, _ := strings.Cut(v, "@")
			base, _, _ = strings.Cut(base, ".")
			return (base == "C" || base == "POSIX") && v != base
		}
	}
	return false
}

// filter drops Fyne's three-line locale report; the logger writes each entry
// with one Write call, so each call is one line.
type filter struct {
	mu   sync.Mutex
	out  io.Writer
	skip int // lines of the current report still to drop
}

func (f *filter) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := string(p)
	switch {
	case strings.Contains(s, "Fyne error:  Error parsing user locale C\n"),
		strings.Contains(s, "Fyne error:  Error parsing user locale POSIX\n"):
		f.skip = 2
		return len(p), nil
	case f.skip > 0 && (strings.Contains(s, "  Cause: language: ") ||
		strings.Contains(s, "  At: ") && strings.Contains(s, "fyne.io/fyne/v2") && strings.Contains(s, "/lang/")):
		f.skip--
		return len(p), nil
	}
	f.skip = 0
	return f.out.Write(p)
}
