package game

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	cliOnce sync.Once
	cliPath string
	cliErr  error
)

// nightfallBinary builds the real command once (it links the Fyne host app,
// so the first build is slow; skipped with -short). Without cgo
// (CGO_ENABLED=0 in the environment) it builds the headless one.
func nightfallBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the whole program; skipped with -short")
	}
	cliOnce.Do(func() {
		dir, err := os.MkdirTemp("", "nightfall-cli")
		if err != nil {
			cliErr = err
			return
		}
		cliPath = filepath.Join(dir, "nightfall")
		args := []string{"build", "-o", cliPath, ".."}
		if os.Getenv("CGO_ENABLED") == "0" {
			args = []string{"build", "-tags", "headless", "-o", cliPath, ".."}
		}
		out, err := exec.Command("go", args...).CombinedOutput()
		if err != nil {
			cliErr = err
			t.Logf("%s", out)
		}
	})
	if cliErr != nil {
		t.Fatalf("building nightfall: %v", cliErr)
	}
	return cliPath
}

// scriptEnv runs the command under LANG=C.UTF-8, the default of Debian
// containers: the full binary links Fyne, whose package initialization would
// log a locale error to stderr there (app/fynelocale keeps it off), so
// this keeps the one-line contract honest.
func scriptEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "LANG=") && !strings.HasPrefix(kv, "LC_") && !strings.HasPrefix(kv, "LANGUAGE=") {
			env = append(env, kv)
		}
	}
	return append(env, "LANG=C.UTF-8")
}

// TestScriptCommand checks the `nightfall script` contract of SCRIPT.md:
// JSON Lines on stdout and exit 0 for a playable script (even with rejected
// steps); exit 2 and one clear line on stderr naming the problem otherwise.
func TestScriptCommand(t *testing.T) {
	bin := nightfallBinary(t)
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.json", `{"variant":"classic-2.0","players":9,"seed":42,"options":{"lastWords":2},
	  "deal":[["killer"],["police"],["civilian"],["civilian"],["killer"],["police"],["civilian"],["civilian"],["civilian"]],
	  "steps":[{"seat":1,"do":"kill","target":3},{"seat":5,"do":"kill","target":3},
	    {"seat":2,"do":"check","target":5},{"seat":6,"do":"check","target":5},{"do":"timeout"},
	    {"seat":3,"do":"pass"},{"seat":7,"do":"pass"},{"seat":2,"do":"pass"}]}`)
	cmd := exec.Command(bin, "script", ok)
	cmd.Env = scriptEnv()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("exit: %v, stderr %s", err, stderr.String())
	}
	var types []string
	sc := bufio.NewScanner(&stdout)
	for n := 1; sc.Scan(); n++ {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d is not JSON: %s", n, sc.Text())
		}
		if m["seq"] != float64(n) {
			t.Fatalf("line %d has seq %v", n, m["seq"])
		}
		types = append(types, m["type"].(string))
		if m["type"] == "dawn" && !equalJSON(m["dead"], []any{float64(3)}) {
			t.Errorf("dawn %v, want dead [3]", m["dead"])
		}
		if m["type"] == "rejected" && m["step"] != float64(6) {
			t.Errorf("rejected %v, want step 6 (seat 7 is not the speaker)", m)
		}
	}
	joined := strings.Join(types, " ")
	for _, want := range []string{"deal", "dawn", "rejected", "turn"} {
		if !strings.Contains(joined, want) {
			t.Errorf("output lacks %s: %s", want, joined)
		}
	}

	bad := []struct{ name, body, want string }{
		{"badjson", `{"variant":`, "not valid JSON"},
		{"variant", `{"variant":"classic-9","players":8}`, "variant"},
		{"role", `{"variant":"classic-2.0","players":8,"deal":[["killer"],["police"],["civilian"],["civilian"],["killer"],["police"],["civilian"],["wizard"]]}`, "wizard"},
		{"fit", `{"variant":"classic-2.0","players":8,"deal":[["killer"],["killer"],["killer"],["civilian"],["killer"],["police"],["civilian"],["civilian"]]}`, "does not fit"},
		{"seat", `{"variant":"classic-2.0","players":8,"steps":[{"seat":12,"do":"kill","target":3}]}`, "steps[0].seat"},
		{"target", `{"variant":"classic-2.0","players":8,"steps":[{"seat":1,"do":"kill","target":30}]}`, "steps[0].target"},
		{"action", `{"variant":"classic-2.0","players":8,"steps":[{"seat":1,"do":"fly"}]}`, "steps[0].do"},
		{"players", `{"variant":"classic-2.0","players":5}`, "players"},
		{"option", `{"variant":"classic-2.0","players":8,"options":{"tieFinal":"coin"}}`, "tieFinal"},
	}
	for _, c := range bad {
		p := write(c.name+".json", c.body)
		cmd := exec.Command(bin, "script", p)
		cmd.Env = scriptEnv()
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		ee, isExit := err.(*exec.ExitError)
		if !isExit || ee.ExitCode() != 2 {
			t.Errorf("%s: exit %v, want 2", c.name, err)
		}
		msg := stderr.String()
		if strings.Count(strings.TrimSpace(msg), "\n") != 0 || !strings.Contains(msg, c.want) || !strings.Contains(msg, c.name+".json") {
			t.Errorf("%s: stderr %q should be one line naming the file and %q", c.name, msg, c.want)
		}
		if stdout.Len() != 0 {
			t.Errorf("%s: printed events for an invalid script", c.name)
		}
	}
	cmd = exec.Command(bin, "script", filepath.Join(dir, "missing.json"))
	if err := cmd.Run(); err == nil || err.(*exec.ExitError).ExitCode() != 2 {
		t.Errorf("missing file: %v, want exit 2", err)
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
