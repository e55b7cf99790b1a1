package game

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStandardLibraryOnly: the engine depends on the standard library alone
// (DESIGN.md): every package `go list -deps` finds is in GOROOT.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p != "nightfall/game" {
			t.Errorf("the engine imports %s, which is not in the standard library", p)
		}
	}
}
