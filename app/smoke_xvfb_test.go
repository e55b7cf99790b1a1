//go:build xvfb

package app

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestSmokeXvfb starts the real binary in the X display of xvfb-run (make
// test-ui), waits for the join URL on stdout, screenshots the screen until
// the QR code in it decodes (zbarimg) to that URL, and reports cold start to
// QR and the process's memory. NIGHTFALL_SHOT_DIR keeps the screenshot.
func TestSmokeXvfb(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display (run under xvfb-run: make test-ui)")
	}
	for _, tool := range []string{"xwd", "convert", "zbarimg"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed (make deps)", tool)
		}
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "nightfall")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".."
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	port := freePort(t)
	shots := os.Getenv("NIGHTFALL_SHOT_DIR")
	if shots == "" {
		shots = dir
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	home := filepath.Join(dir, "home")
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "XDG_DATA_HOME="+filepath.Join(home, ".local/share"),
		"NIGHTFALL_DATA="+filepath.Join(dir, "data"), fmt.Sprintf("NIGHTFALL_ADDR=:%d", port),
		"NIGHTFALL_AUDIO=off", "LANG=C")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("stderr:\n%s", stderr.String())
		}
	}()

	urls := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`https?://\S+`)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if u := re.FindString(sc.Text()); u != "" {
				urls <- u
				return
			}
		}
	}()
	var url string
	select {
	case url = <-urls:
	case <-time.After(60 * time.Second):
		t.Fatal("no join URL on stdout within 60 s")
	}
	toURL := time.Since(start)
	if !strings.Contains(url, fmt.Sprintf(":%d/", port)) || !strings.Contains(url, "room=") {
		t.Errorf("join URL %q: want port %d and a room code", url, port)
	}
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", port))
	if err != nil {
		t.Fatalf("the server does not answer: %v", err)
	}
	resp.Body.Close()

	shot := filepath.Join(shots, "nightfall-lobby.png")
	var decoded string
	for time.Since(start) < 90*time.Second {
		out, err := exec.Command("sh", "-c", "xwd -root -silent | convert xwd:- png:"+shot+" && zbarimg -q --raw "+shot).Output()
		if err == nil {
			decoded = strings.TrimSpace(string(out))
			if decoded == url {
				break
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	toQR := time.Since(start)
	if decoded != url {
		t.Fatalf("the QR code on screen decodes to %q, want %q (screenshot %s)", decoded, url, shot)
	}
	time.Sleep(2 * time.Second) // settle, then measure memory
	rss := readRSS(cmd.Process.Pid)
	t.Logf("join URL %s", url)
	t.Logf("cold start: URL on stdout after %v, QR decoded on screen after %v; RSS %s; screenshot %s",
		toURL.Round(time.Millisecond), toQR.Round(time.Millisecond), rss, shot)
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func readRSS(pid int) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			return strings.Join(strings.Fields(strings.TrimPrefix(line, "VmRSS:")), " ")
		}
	}
	return "unknown"
}
