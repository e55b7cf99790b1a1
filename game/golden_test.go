package game

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/**/*.golden.jsonl from the current engine")

// goldenScript is a script (SCRIPT.md) plus the expectations written by hand
// from the rules file's worked example. The runner ignores the extra fields.
type goldenScript struct {
	// Expect is an ordered list of partial events: each must match a later
	// event than the previous one (every key given must be equal).
	Expect []map[string]any `json:"expect"`
	// Absent lists partial events that must match no event at all.
	Absent []map[string]any `json:"absent"`
	// Note says which example of which rules file the script plays.
	Note string `json:"note"`
}

// TestGolden replays every script under testdata/ (one folder per variant):
// the hand-written expectations must hold, and the full output must equal the
// recorded .golden.jsonl (run with -update to accept an intended change,
// then review the diff).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.json")
	if len(files) == 0 {
		t.Fatal("no golden scripts found")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(strings.TrimPrefix(f, "testdata/"), ".json"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var gs goldenScript
			if err := json.Unmarshal(data, &gs); err != nil {
				t.Fatal(err)
			}
			if len(gs.Expect) == 0 {
				t.Fatalf("%s has no expectations", f)
			}
			events, err := RunScript(data)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			var objs []map[string]any
			for _, e := range events {
				b, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				out.Write(b)
				out.WriteByte('\n')
				var m map[string]any
				_ = json.Unmarshal(b, &m)
				objs = append(objs, m)
			}
			checkExpectations(t, objs, gs.Expect, gs.Absent)
			golden := strings.TrimSuffix(f, ".json") + ".golden.jsonl"
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./game -run TestGolden -update to record it)", err)
			}
			if !bytes.Equal(want, out.Bytes()) {
				t.Errorf("output differs from %s:\n%s", golden, firstDiff(string(want), out.String()))
			}
			// Every scripted game replays from its log to the same state.
			sc, _ := ParseScript(data)
			g, _ := New(sc.Setup)
			for _, c := range sc.Steps {
				_, _ = g.Apply(c)
			}
			r, err := Replay(sc.Setup, g.Events())
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if !sameState(&r.s, &g.s) {
				t.Errorf("replayed state differs from the played one")
			}
		})
	}
}

func checkExpectations(t *testing.T, events []map[string]any, expect, absent []map[string]any) {
	t.Helper()
	i := 0
	for k, want := range expect {
		found := false
		for ; i < len(events); i++ {
			if partialMatch(events[i], want) {
				found = true
				i++
				break
			}
		}
		if !found {
			b, _ := json.Marshal(want)
			t.Errorf("expectation %d not met (in order): %s", k, b)
			return
		}
	}
	for _, a := range absent {
		for _, e := range events {
			if partialMatch(e, a) {
				b, _ := json.Marshal(e)
				w, _ := json.Marshal(a)
				t.Errorf("event %s matches the absent pattern %s", b, w)
			}
		}
	}
}

func partialMatch(e, want map[string]any) bool {
	for k, v := range want {
		if !reflect.DeepEqual(e[k], v) {
			return false
		}
	}
	return true
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  golden: %s\n  now:    %s", i+1, x, y)
		}
	}
	return "(no difference found)"
}
