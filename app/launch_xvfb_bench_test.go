//go:build xvfb

package app

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"nightfall/lan/proctest"
	"nightfall/lan/qr"
)

// BenchmarkLaunchQR: launch to a QR code a camera can read (zbarimg on a
// screenshot of the X display), for the app (a fresh home, loopback) and,
// in the same iteration, for an image viewer (ImageMagick's display)
// showing the same QR image: the baseline of a program that only has to
// open a window with the picture. Screenshots every 50 ms from the launch.
// Reported: the medians in ms and the app's over the viewer's (x-viewer),
// the app's CPU time by the time its QR code read, and when its window's
// lobby showed its code, the splash gone (lobby: the only code on the
// screen, none in its middle third, where the splash is).
func BenchmarkLaunchQR(b *testing.B) {
	needDisplay(b, "xwd", "convert", "zbarimg", "display")
	dir := b.TempDir()
	bin := filepath.Join(dir, "nightfall")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".."
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	var apps, viewers, cpus, lobbies []time.Duration
	b.ResetTimer()
	for i := range b.N {
		run := filepath.Join(dir, fmt.Sprint(i))
		port := proctest.FreePort(b)
		home := filepath.Join(run, "home")
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
			"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "XDG_DATA_HOME="+filepath.Join(home, ".local/share"),
			"NIGHTFALL_DATA="+filepath.Join(run, "data"), fmt.Sprintf("NIGHTFALL_ADDR=127.0.0.1:%d", port),
			"NIGHTFALL_HOST=127.0.0.1", "LANG=C") // loopback, a join host given: nothing advertised
		var url string
		took, cpu, lobby := timeToQR(b, cmd, filepath.Join(run, "app"), true, func(stdout *bufio.Scanner) string {
			for stdout.Scan() {
				for _, f := range strings.Fields(stdout.Text()) {
					if strings.HasPrefix(f, "http://") {
						url = f
						return f
					}
				}
			}
			return ""
		})
		apps, cpus, lobbies = append(apps, took), append(cpus, cpu), append(lobbies, lobby)

		png, err := qr.PNG(url, 600)
		if err != nil {
			b.Fatal(err)
		}
		img := filepath.Join(run, "qr.png")
		if err := os.WriteFile(img, png, 0o644); err != nil {
			b.Fatal(err)
		}
		took, _, _ = timeToQR(b, exec.Command("display", "-geometry", "+0+0", img), filepath.Join(run, "viewer"), false,
			func(*bufio.Scanner) string { return url })
		viewers = append(viewers, took)
	}
	b.StopTimer()
	p50 := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Microseconds()) / 1000
	}
	app, viewer := p50(apps), p50(viewers)
	b.ReportMetric(app, "app-p50-ms")
	b.ReportMetric(viewer, "viewer-p50-ms")
	b.ReportMetric(app/viewer, "x-viewer")
	b.ReportMetric(p50(cpus), "app-cpu-p50-ms")
	b.ReportMetric(p50(lobbies), "lobby-p50-ms")
	b.ReportMetric(0, "ns/op")
}

// timeToQR starts cmd and is how long after its start a screenshot of
// the display first shows a QR code reading as the URL that want gives
// (want reads cmd's standard output), and cmd's CPU time by then; with
// lobby, also how long until a screenshot shows that code with none in
// the screen's middle third (the splash gone).
func timeToQR(b *testing.B, cmd *exec.Cmd, dir string, lobby bool, want func(*bufio.Scanner) string) (took, cpu, toLobby time.Duration) {
	b.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	start := time.Now()
	stdout, _ := proctest.Start(b, cmd)
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	type frame struct {
		at   time.Duration
		path string
	}
	var (
		mu   sync.Mutex
		list []frame
	)
	capDone := make(chan struct{})
	go func() {
		defer close(capDone)
		for i := 0; ctx.Err() == nil; i++ {
			at := time.Since(start)
			path := filepath.Join(dir, fmt.Sprintf("%04d.xwd", i))
			if err := exec.Command("sh", "-c", "xwd -root -silent > "+path).Run(); err == nil {
				mu.Lock()
				list = append(list, frame{at, path})
				mu.Unlock()
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	urls := make(chan string, 1)
	go func() { urls <- want(bufio.NewScanner(stdout)) }()
	var url string
	select {
	case url = <-urls:
	case <-ctx.Done():
		b.Fatal("no join URL within 90 s")
	}
	png := filepath.Join(dir, "shot.png")
	decode := func(f frame) bool {
		out, err := exec.Command("sh", "-c", "convert xwd:"+f.path+" png:"+png+" && zbarimg -q --raw "+png).Output()
		return err == nil && strings.TrimSpace(string(out)) == url
	}
	middle := filepath.Join(dir, "middle.png")
	alone := func(f frame) bool { // reads, and nothing reads in the middle third
		if !decode(f) {
			return false
		}
		got, err := middleReads(png, middle)
		return err == nil && got == ""
	}
	latest := func(ok func(frame) bool) int { // polls the latest frame until ok; -1 if never
		for ctx.Err() == nil {
			mu.Lock()
			n := len(list)
			mu.Unlock()
			if n > 0 && ok(list[n-1]) {
				return n - 1
			}
			time.Sleep(50 * time.Millisecond)
		}
		return -1
	}
	earliest := func(lo, hi int, ok func(frame) bool) int { // the first of list[lo:hi+1] that is ok (all after it are)
		for lo < hi {
			mid := (lo + hi) / 2
			if ok(list[mid]) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return lo
	}
	found := latest(decode)
	if found >= 0 {
		cpu = readCPU(cmd.Process.Pid)
	}
	shown := -1
	if lobby && found >= 0 {
		shown = latest(alone)
	}
	cancel()
	<-capDone
	if found < 0 || (lobby && shown < 0) {
		b.Fatalf("%s: the QR code never read as %s (alone: %v)", cmd.Path, url, found >= 0)
	}
	took = list[earliest(0, found, decode)].at
	if lobby {
		toLobby = list[earliest(found, shown, alone)].at
	}
	return took, cpu, toLobby
}
