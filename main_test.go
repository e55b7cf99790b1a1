package main

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/lan/proctest"
)

// The tests run the real command, built once per test binary with this test
// binary's build: `go test .` checks the full build (cgo, Fyne),
// `CGO_ENABLED=0 go test -tags headless .` the headless one.

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// buildFlags are the go build arguments and environment of this build.
func buildFlags() (args, env []string) {
	if headless {
		return []string{"-tags", "headless"}, []string{"CGO_ENABLED=0"}
	}
	return nil, []string{"CGO_ENABLED=1"}
}

func nightfall(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "nightfall-main")
		if binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "nightfall")
		args, env := buildFlags()
		cmd := exec.Command("go", append(append([]string{"build"}, args...), "-o", binPath, ".")...)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build %v: %v\n%s", args, err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// localeEnv is the environment without locale variables, plus set.
func localeEnv(set ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "LANG=") && !strings.HasPrefix(kv, "LC_") && !strings.HasPrefix(kv, "LANGUAGE=") {
			env = append(env, kv)
		}
	}
	return append(env, set...)
}

// locales are the settings the one-line contract must hold in: Debian
// containers' default (C.UTF-8), plain C and POSIX, real locales, none.
var locales = [][]string{
	{"LANG=C.UTF-8"}, {"LANG=C"}, {"LANG=POSIX"}, {"LANG=en_US.UTF-8"}, {"LANG=zh_CN.UTF-8"}, {},
	{"LANG=zh_CN.UTF-8", "LC_ALL=C.UTF-8"}, {"LANG=en_US.UTF-8", "LC_MESSAGES=POSIX.UTF-8"},
}

func run(t *testing.T, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(nightfall(t), args...)
	cmd.Env = env
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatalf("%v: %v", args, err)
	}
	return o.String(), e.String(), code
}

// SCRIPT.md: an invalid script exits 2 with one clear line on stderr naming
// the file, in every locale.
func TestScriptInvalidOneLine(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"variant":"classic-2.0","players":8,"steps":[{"seat":12,"do":"kill","target":3}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, loc := range locales {
		stdout, stderr, code := run(t, localeEnv(loc...), "script", bad)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", loc, code)
		}
		if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") ||
			!strings.Contains(stderr, "bad.json") || !strings.Contains(stderr, "steps[0].seat") {
			t.Errorf("%v: stderr %q, want one line naming the file and steps[0].seat", loc, stderr)
		}
		if stdout != "" {
			t.Errorf("%v: stdout %q, want nothing", loc, stdout)
		}
	}
}

// A valid script prints exactly the library's events, and nothing on stderr.
func TestScriptGolden(t *testing.T) {
	scripts, _ := filepath.Glob("game/testdata/*/*.json")
	seen := map[string]bool{}
	for _, f := range scripts {
		variant := filepath.Base(filepath.Dir(f))
		if seen[variant] {
			continue // one per variant keeps it fast; game's golden test has them all
		}
		seen[variant] = true
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		events, err := game.RunScript(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var want bytes.Buffer
		if err := writeEvents(&want, events); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, localeEnv("LANG=C.UTF-8"), "script", f)
		if code != 0 || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q", f, code, stderr)
		}
		if stdout != want.String() {
			t.Errorf("%s: the command's output differs from the library's (%d vs %d bytes)", f, len(stdout), want.Len())
		}
	}
	if len(seen) < 7 {
		t.Errorf("golden scripts found for %d variants, want 7: %v", len(seen), seen)
	}
}

// The headless build links no Fyne (and so needs no cgo).
func TestHeadlessLinksNoFyne(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-tags", "headless", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "fyne.io/") || strings.HasPrefix(p, "github.com/go-gl/") || p == "nightfall/app" {
			t.Errorf("the headless build imports %s", p)
		}
	}
}

// `nightfall --help` prints its usage and nothing spurious (no "Fyne
// error: Error parsing user locale C"); so does `serve --help`.
func TestHelpQuiet(t *testing.T) {
	for _, loc := range locales {
		for _, args := range [][]string{{"--help"}, {"serve", "--help"}} {
			stdout, stderr, code := run(t, localeEnv(loc...), args...)
			if code != 0 {
				t.Errorf("%v %v: exit %d, want 0", loc, args, code)
			}
			all := stdout + stderr
			if !strings.Contains(all, "usage: nightfall") {
				t.Errorf("%v %v: no usage in %q", loc, args, all)
			}
			if strings.Contains(all, "Fyne") || strings.Contains(all, "rror") {
				t.Errorf("%v %v: spurious output:\n%s", loc, args, all)
			}
		}
	}
}

func TestHeadlessHostMessage(t *testing.T) {
	if !headless {
		t.Skip("the full build opens the window")
	}
	stdout, stderr, code := run(t, localeEnv("LANG=C.UTF-8"))
	if code != 2 || stdout != "" || !strings.Contains(stderr, "no window") ||
		!strings.Contains(stderr, "nightfall script") || !strings.Contains(stderr, "nightfall serve") {
		t.Errorf("exit %d, stdout %q, stderr %q: want 2 and a message naming script and serve", code, stdout, stderr)
	}
}

// app/fynelocale must initialize before fyne.io/fyne/v2/lang, whose
// init logs the locale report; the Go spec fixes the order (see the package),
// this checks it in the real binary.
func TestFyneLocaleInitOrder(t *testing.T) {
	if headless {
		t.Skip("the headless build links no Fyne")
	}
	_, stderr, _ := run(t, localeEnv("LANG=C.UTF-8", "GODEBUG=inittrace=1"), "--help")
	ours, fyne := -1, -1
	for i, line := range strings.Split(stderr, "\n") {
		switch {
		case strings.HasPrefix(line, "init nightfall/app/fynelocale "):
			ours = i
		case strings.HasPrefix(line, "init fyne.io/fyne/v2/lang "):
			fyne = i
		}
	}
	if ours < 0 || fyne < 0 || ours > fyne {
		t.Errorf("init order: fynelocale at line %d, fyne.io/fyne/v2/lang at line %d; want fynelocale first", ours, fyne)
	}
}

// `serve --addr host:port` listens on that address only: on 127.0.0.2 (a
// loopback address of its own on Linux) the table answers, on 127.0.0.1 at
// the same port nothing does. A malformed --addr, or --addr with --port,
// is a usage error.
func TestServeAddr(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("127.0.0.2 is a loopback address on Linux only")
	}
	for _, args := range [][]string{{"--addr", "nowhere"}, {"--addr", "127.0.0.1:99999"}, {"--addr", ":0", "--port", "0"}} {
		_, stderr, code := run(t, localeEnv("LANG=C.UTF-8"), append([]string{"serve", "--data", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(stderr, "--addr") {
			t.Errorf("serve %v: exit %d, stderr %q; want 2 and a line about --addr", args, code, stderr)
		}
	}

	cmd := exec.Command(nightfall(t), "serve", "--addr", "127.0.0.2:0", "--host", "127.0.0.2", "--no-mdns",
		"--data", t.TempDir(), "--autostart", "-1s")
	cmd.Env = localeEnv("LANG=C.UTF-8")
	stdin, err := cmd.StdinPipe() // left open: serve reads Enter from it
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	out, stderr := proctest.Start(t, cmd)
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		if err := cmd.Wait(); err != nil {
			t.Errorf("serve after Ctrl-C: %v\n%s", err, stderr.String())
		}
	}()
	joined := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "Join: "); ok {
				joined <- u
			}
		}
		close(joined)
	}()
	var join string
	select {
	case join = <-joined:
	case <-time.After(20 * time.Second):
		t.Fatalf("no join URL printed; stderr: %s", stderr.String())
	}
	u, err := url.Parse(join)
	if err != nil || u.Hostname() != "127.0.0.2" || u.Port() == "0" {
		t.Fatalf("join URL %q", join)
	}
	c := &http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get("http://" + u.Host + "/healthz")
	if err != nil {
		t.Fatalf("the table at %s: %v", u.Host, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz at %s: %s", u.Host, resp.Status)
	}
	if resp, err := c.Get("http://127.0.0.1:" + u.Port() + "/healthz"); err == nil {
		resp.Body.Close()
		t.Errorf("127.0.0.1:%s answers too (%s): serve did not listen on --addr's address only", u.Port(), resp.Status)
	}
}

// `nightfall replay`: a script played to its end gives the 复盘 file on
// stdout (every vote, in the language asked for); a script that stops
// before the end, or a game log whose game goes on, exits 2 with one line
// naming the file; the flag may come before or after the file.
func TestReplayCommand(t *testing.T) {
	const ended = "game/testdata/classic-2.0/ex3-killers-win-at-dawn.json"
	for _, args := range [][]string{{"replay", ended, "--lang", "en"}, {"replay", "--lang", "en", ended}} {
		stdout, stderr, code := run(t, localeEnv("LANG=C.UTF-8"), args...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
		if !strings.HasPrefix(stdout, "<!DOCTYPE html>") || !strings.Contains(stdout, "The killers win") ||
			strings.Count(stdout, `class="vote"`) != 12 {
			t.Errorf("%v: not the replay with its 12 votes:\n%.400s", args, stdout)
		}
	}
	if stdout, _, _ := run(t, localeEnv(), "replay", ended); !strings.Contains(stdout, `lang="zh"`) || !strings.Contains(stdout, "杀手获胜") {
		t.Error("the replay is not in Chinese by default")
	}
	unfinished := "game/testdata/classic-2.0/ex1-2-plurality-tie-procedure.json"
	log := filepath.Join(t.TempDir(), "running.jsonl")
	os.WriteFile(log, []byte(`{"nightfall":1,"id":"x","setup":{"variant":"classic-2.0","players":8,"seed":1},"seats":[],"n":0}`+"\n"), 0o600)
	for _, args := range [][]string{{"replay", unfinished}, {"replay", log}, {"replay", ended, "--lang", "fr"}, {"replay"}} {
		stdout, stderr, code := run(t, localeEnv("LANG=C.UTF-8"), args...)
		if code != 2 || stdout != "" || stderr == "" {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q", args, code, stdout, stderr)
		}
		if len(args) == 2 && (strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, filepath.Base(args[1]))) {
			t.Errorf("%v: stderr %q, want one line naming the file", args, stderr)
		}
	}
}

// What one file may cost is bounded: a script of 2 million steps, or one
// larger than game.MaxScriptBytes, is refused at once (exit 2, one line
// naming the file and the bound), for `script` and `replay` alike; a game
// log whose header says "n": -5 is refused by `replay` with one line, not a
// crash.
func TestOversizedFilesRefused(t *testing.T) {
	dir := t.TempDir()
	many := filepath.Join(dir, "many.json")
	step := `{"do":"timeout"},`
	steps := strings.Repeat(step, 2_000_000)
	os.WriteFile(many, []byte(`{"variant":"classic-2.0","players":8,"steps":[`+steps[:len(steps)-1]+`]}`), 0o644)
	fewer := filepath.Join(dir, "fewer.json")
	short := strings.Repeat(`{},`, game.MaxScriptSteps+1)
	os.WriteFile(fewer, []byte(`{"variant":"classic-2.0","players":8,"steps":[`+short[:len(short)-1]+`]}`), 0o644)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"nightfall":1,"id":"x","setup":{"variant":"classic-2.0","players":8,"seed":1},"seats":[],"n":-5}`+"\n"+`{"seq":1}`+"\n"), 0o600)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"script", many}, "larger than 8 MiB"},
		{[]string{"replay", many}, "larger than 8 MiB"},
		{[]string{"script", fewer}, "a script has at most 100000"},
		{[]string{"replay", bad}, "-5"},
	} {
		start := time.Now()
		stdout, stderr, code := run(t, localeEnv("LANG=C.UTF-8"), tc.args...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, filepath.Base(tc.args[1])) ||
			!strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want 2 and one line naming the file and %q", tc.args, code, stdout, stderr, tc.want)
		}
		t.Logf("%v refused in %v: %s", tc.args[0], time.Since(start).Round(time.Millisecond), strings.TrimSpace(stderr))
	}
}
