package ui

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"sync"
	"testing"
)

// failureLog keeps what the log says about translations while the tests run
// (Fyne logs "Translation failure" for every key the language lacks, and
// then shows the key).
type failureLog struct {
	mu    sync.Mutex
	out   io.Writer
	lines []string
	buf   bytes.Buffer
	cause bool // the next line is the failure's cause
}

func (f *failureLog) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.buf.Write(p)
	for {
		line, err := f.buf.ReadString('\n')
		if err != nil {
			f.buf.WriteString(line) // an unfinished line waits for its end
			break
		}
		switch {
		case strings.Contains(line, "Translation failure"):
			f.cause = true
		case f.cause:
			f.cause = false
			if i := strings.Index(line, "Cause:"); i >= 0 {
				f.lines = append(f.lines, strings.TrimSpace(line[i:]))
			} else {
				f.lines = append(f.lines, "Translation failure")
			}
		}
	}
	return f.out.Write(p)
}

// TestMain runs the package's tests, which draw every screen of the big
// screen in both languages (lobby, table at every stage, captions, end,
// resume, admission, golden renders), and fails the run when any of them
// made Fyne log a translation failure: no screen shows a key instead of its
// words. (A test that points the log elsewhere checks its own output.)
//
// Fyne's localizer takes the system's locale; one that is the bundle's
// default (English, or C) finds nothing missing, so the tests run as under
// a Chinese system, where a key the shown language (either) lacks fails.
func TestMain(m *testing.M) {
	helpBackground = func(f func()) { f() }
	os.Setenv("LANG", "zh_CN.UTF-8")
	os.Unsetenv("LC_ALL")
	os.Unsetenv("LC_MESSAGES")
	fl := &failureLog{out: os.Stderr}
	log.SetOutput(fl)
	code := m.Run()
	log.SetOutput(os.Stderr)
	if len(fl.lines) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d translation failures were logged while the screens were drawn:\n", len(fl.lines))
		seen := map[string]bool{}
		for _, l := range fl.lines {
			if !seen[l] {
				seen[l] = true
				fmt.Fprintln(os.Stderr, "  "+l)
			}
		}
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
