package assets

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nightfall/game"
)

// TestPhoneNamesAreTheEngines: every phase, stage, ballot result and
// timeline moment the phone page compares a view's field with is one the
// engine names (game.Phases, TableStages, the Verdict… and Moment…
// constants), so that a misspelt stage fails here, not at a party; and the
// host's Go code compares those fields with the engine's constants only.
func TestPhoneNamesAreTheEngines(t *testing.T) {
	var phases, stages []string
	for _, p := range game.Phases() {
		phases = append(phases, string(p))
	}
	for _, s := range game.TableStages() {
		stages = append(stages, string(s))
	}
	verdicts := []string{string(game.VerdictOut), string(game.VerdictTie), string(game.VerdictNone)}
	var kinds []string
	for _, k := range game.MomentKinds() {
		kinds = append(kinds, string(k))
	}
	known := map[string][]string{"phase": phases, "stage": stages, "outcome": verdicts}
	cmp := regexp.MustCompile(`\.(phase|stage|outcome)\s*[!=]==?\s*'([^']*)'`)
	files, _ := filepath.Glob("phone/static/*.js")
	if len(files) == 0 {
		t.Fatal("no phone scripts")
	}
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		for _, m := range cmp.FindAllStringSubmatch(src, -1) {
			n++
			if !slices.Contains(known[m[1]], m[2]) {
				t.Errorf("%s: %s %q is none of the engine's (%s)", f, m[1], m[2], strings.Join(known[m[1]], ", "))
			}
		}
		// the timeline's moments: the cases of switch (mo.kind)
		if i := strings.Index(src, "switch (mo.kind) {"); i >= 0 {
			end := strings.Index(src[i:], "\n  }\n")
			for _, m := range regexp.MustCompile(`case '([^']*)'`).FindAllStringSubmatch(src[i:i+end], -1) {
				n++
				if !slices.Contains(kinds, m[1]) {
					t.Errorf("%s: moment kind %q is none of the engine's (%s)", f, m[1], strings.Join(kinds, ", "))
				}
			}
		}
	}
	if n < 20 {
		t.Errorf("found only %d comparisons in the phone's scripts: is the pattern stale?", n)
	}

	goCmp := regexp.MustCompile(`\.(Phase|Stage|Outcome)\s*[!=]=\s*"`)
	for _, dir := range []string{"../app", "../lan"} {
		_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for i, line := range strings.Split(string(b), "\n") {
				if goCmp.MatchString(line) {
					t.Errorf("%s:%d: compares with a string literal; use the engine's constant: %s", path, i+1, strings.TrimSpace(line))
				}
			}
			return nil
		})
	}
}
