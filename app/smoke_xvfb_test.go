//go:build xvfb

package app

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"nightfall/lan/proctest"
)

// TestSmokeXvfb starts the real binary in the X display of xvfb-run (make
// test-ui), waits for the join URL on stdout, screenshots the screen until
// the QR code in it decodes (zbarimg) to that URL, and reports cold start to
// QR and the process's memory. NIGHTFALL_SHOT_DIR keeps the screenshot.
func TestSmokeXvfb(t *testing.T) {
	needDisplay(t, "xwd", "convert", "zbarimg")
	dir := t.TempDir()
	bin := filepath.Join(dir, "nightfall")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".."
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	port := proctest.FreePort(t)
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
		"NIGHTFALL_DATA="+filepath.Join(dir, "data"), fmt.Sprintf("NIGHTFALL_ADDR=127.0.0.1:%d", port),
		// Loopback, and a join host given: the app advertises nothing on the machine's networks.
		"NIGHTFALL_HOST=127.0.0.1",
		"NIGHTFALL_AUDIO=off", "LANG=C")
	start := time.Now()
	stdout, stderr := proctest.Start(t, cmd)
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("stderr:\n%s", stderr.String())
		}
	}()

	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			for _, f := range strings.Fields(sc.Text()) { // the join URL is a word of its own
				if strings.HasPrefix(f, "http://") || strings.HasPrefix(f, "https://") {
					urls <- f
					return
				}
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

	// Screenshots are taken every 100 ms from the start (xwd alone is fast);
	// decoding (slow) runs on the latest one until the QR code reads, then
	// finds the earliest frame that reads: that is when the QR was on screen.
	shot := filepath.Join(shots, "nightfall-lobby.png")
	frames := filepath.Join(dir, "frames")
	_ = os.MkdirAll(frames, 0o755)
	type frame struct {
		at   time.Duration
		path string
	}
	var (
		mu   sync.Mutex
		list []frame
	)
	stopCap := make(chan struct{})
	capDone := make(chan struct{})
	go func() {
		defer close(capDone)
		for i := 0; ; i++ {
			select {
			case <-stopCap:
				return
			default:
			}
			at := time.Since(start)
			path := filepath.Join(frames, fmt.Sprintf("%04d.xwd", i))
			if err := exec.Command("sh", "-c", "xwd -root -silent > "+path).Run(); err == nil {
				mu.Lock()
				list = append(list, frame{at, path})
				mu.Unlock()
			}
			time.Sleep(100 * time.Millisecond)
		}
	}()
	decode := func(f frame) string {
		out, err := exec.Command("sh", "-c", "convert xwd:"+f.path+" png:"+shot+" && zbarimg -q --raw "+shot).Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	var decoded string
	var first frame
	for time.Since(start) < 90*time.Second {
		mu.Lock()
		n := len(list)
		var last frame
		if n > 0 {
			last = list[n-1]
		}
		mu.Unlock()
		if n > 0 {
			if decoded = decode(last); decoded == url {
				first = last
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	close(stopCap)
	<-capDone
	if decoded != url {
		t.Fatalf("the QR code on screen decodes to %q, want %q (screenshot %s)", decoded, url, shot)
	}
	cpuAtQR := readCPU(cmd.Process.Pid)
	// The earliest frame that decodes (frames before it did not show the QR).
	lo, hi := 0, len(list)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if decode(list[mid]) == url {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if decode(list[lo]) == url {
		first = list[lo]
	}
	_ = decode(list[len(list)-1]) // leave the last frame as the screenshot
	toQR := first.at
	// The first code on screen may be the splash's (at the centre); it goes
	// once the window has drawn its lobby, whose code (at the left) reads
	// alone: nothing reads in the screen's middle third.
	lobby := func() bool {
		xwd, mid := filepath.Join(dir, "lobby.xwd"), filepath.Join(dir, "middle.png")
		if exec.Command("sh", "-c", "xwd -root -silent > "+xwd+" && convert xwd:"+xwd+" png:"+shot).Run() != nil ||
			decode(frame{path: xwd}) != url {
			return false
		}
		got, err := middleReads(shot, mid)
		return err == nil && got == ""
	}
	for deadline := time.Now().Add(60 * time.Second); !lobby(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("60 s after the QR code read, the lobby's code is not the only one on screen (screenshot %s)", shot)
		}
	}
	time.Sleep(2 * time.Second) // settle, then measure memory
	rss := readRSS(cmd.Process.Pid)
	t.Logf("join URL %s", url)
	t.Logf("cold start: URL on stdout after %v, QR decoded on screen after %v (process CPU time by then %v; "+
		"screenshots every 100 ms); RSS %s; screenshot %s",
		toURL.Round(time.Millisecond), toQR.Round(time.Millisecond), cpuAtQR, rss, shot)
}

// needDisplay skips tb without an X display (make test-ui runs the tests
// under xvfb-run) or without one of tools (make deps installs them).
func needDisplay(tb testing.TB, tools ...string) {
	tb.Helper()
	if os.Getenv("DISPLAY") == "" {
		tb.Skip("no X display (run under xvfb-run: make test-ui)")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			tb.Skipf("%s not installed (make deps)", tool)
		}
	}
}

// middleReads is what a QR code in the middle third of the screenshot
// png (where the splash sits) reads as, "" when none reads there; it
// writes the crop to scratch.
func middleReads(png, scratch string) (string, error) {
	if out, err := exec.Command("convert", png, "-gravity", "center", "-crop", "33%x100%+0+0", "+repage", scratch).CombinedOutput(); err != nil {
		return "", fmt.Errorf("crop: %v: %s", err, out)
	}
	out, _ := exec.Command("zbarimg", "-q", "--raw", scratch).Output() // exit 4: nothing read
	return strings.TrimSpace(string(out)), nil
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

// readCPU is the process's user+system CPU time (from /proc, 100 ticks a second).
func readCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from 3 (state) on
	if len(f) < 13 {
		return 0
	}
	var ut, st int64
	fmt.Sscan(f[11], &ut)
	fmt.Sscan(f[12], &st)
	return time.Duration(ut+st) * 10 * time.Millisecond
}
