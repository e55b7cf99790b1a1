package lan

import (
	"errors"
	"strings"
	"testing"
)

// TestHostErrorSentences: every code of HostErrors has its own English
// sentence (the logs and serve's terminal say it), with its figures.
func TestHostErrorSentences(t *testing.T) {
	seen := map[string]string{}
	for _, code := range HostErrors() {
		e := &HostError{Code: code, Seat: 7, N: 41, Max: 30, Name: "x", Known: []string{"a"}, Text: "why",
			Problem: &StartProblem{Key: "free", Text: "seat 2 is free"}, Err: errors.New("disk full")}
		s := e.Error()
		if s == "" || strings.HasPrefix(s, "host error") {
			t.Errorf("%s: no sentence (%q)", code, s)
		}
		if o, ok := seen[s]; ok {
			t.Errorf("%s and %s read the same: %q", o, code, s)
		}
		seen[s] = code
	}
	if s := (&HostError{Code: HostErrAddTime, N: 41, Max: 30}).Error(); s != "add 1 to 30 seconds, not 41" {
		t.Errorf("addTime reads %q", s)
	}
	log := errors.New("cannot write the game log /x: disk full")
	if e := (&HostError{Code: HostErrLog, Err: log}); !errors.Is(e, log) || e.Error() != log.Error() {
		t.Errorf("the log's failure reads %q and does not wrap it", e.Error())
	}
}
