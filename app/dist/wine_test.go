//go:build wine

package dist

import (
	"bufio"
	"bytes"
	"debug/pe"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"nightfall/lan/proctest"
)

// The smoke test of `make dist`'s output (make test-dist; it expects dist/ built): the Windows
// build runs under Debian's wine, in a throwaway prefix, with no display. `nightfall.exe script`
// prints, byte for byte, what the Linux builds print and the golden file holds, for one script
// of each variant; `nightfall.exe serve` answers /healthz on loopback.

const repo = "../.."

func distDir() string {
	if d := os.Getenv("NIGHTFALL_DIST"); d != "" {
		return d
	}
	return filepath.Join(repo, "dist")
}

func TestDist(t *testing.T) {
	dist := distDir()
	exe := filepath.Join(dist, "nightfall-windows-amd64.exe")
	headless := filepath.Join(dist, "nightfall-headless-linux-amd64")
	linux := extractLinux(t, filepath.Join(dist, "nightfall-linux-amd64.tar.xz"))
	checkPE(t, exe)

	w := newWine(t, exe)
	scripts := goldenScripts(t)
	for _, s := range scripts {
		golden, err := os.ReadFile(strings.TrimSuffix(s, ".json") + ".golden.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		out, errOut, code := w.run(t, "script", s)
		t.Logf("wine nightfall.exe script %s: exit %d, %d bytes, %v", s, code, len(out), time.Since(start).Round(time.Millisecond))
		if code != 0 || errOut != "" {
			t.Errorf("%s under wine: exit %d, stderr %q", s, code, errOut)
		}
		if out != string(golden) {
			t.Errorf("%s under wine: the output differs from the golden file (%d vs %d bytes)", s, len(out), len(golden))
		}
		for _, bin := range []string{headless, linux} {
			lout, lerr, lcode := runLinux(t, bin, "script", s)
			if lcode != code || lout != out || lerr != errOut {
				t.Errorf("%s: %s prints %d bytes (exit %d), nightfall.exe under wine %d bytes (exit %d)",
					s, filepath.Base(bin), len(lout), lcode, len(out), code)
			}
		}
	}

	// An invalid script: exit 2 and one line naming the file and field, on both systems.
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"variant":"classic-2.0","players":8,"steps":[{"seat":12,"do":"kill","target":3}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := w.run(t, "script", bad)
	if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "steps[0].seat") {
		t.Errorf("invalid script under wine: exit %d, stdout %q, stderr %q; want 2 and one line", code, out, errOut)
	}

	w.serve(t)
	w.gui(t)
}

// goldenScripts is one golden script per variant (game's own tests play them all).
func goldenScripts(t *testing.T) []string {
	all, _ := filepath.Glob(filepath.Join(repo, "game/testdata/*/*.json"))
	sort.Strings(all)
	seen := map[string]bool{}
	var out []string
	for _, f := range all {
		if v := filepath.Base(filepath.Dir(f)); !seen[v] {
			seen[v] = true
			out = append(out, f)
		}
	}
	if len(out) < 7 {
		t.Fatalf("golden scripts for %d variants, want 7", len(out))
	}
	return out
}

// checkPE checks the .exe: a 64-bit console program with the Fyne app linked in and the
// resources of FyneApp.toml (icon, version information, manifest).
func checkPE(t *testing.T, exe string) {
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatalf("%v (run make dist first)", err)
	}
	f, err := pe.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", exe, err)
	}
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 || !ok {
		t.Fatalf("%s: machine %#x, want a PE32+ amd64 executable", exe, f.Machine)
	}
	if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_CUI {
		t.Errorf("%s: subsystem %d, want the console (%d): script and serve print to the terminal", exe, oh.Subsystem, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI)
	}
	if !bytes.Contains(data, []byte("fyne.io/fyne/v2/internal/driver/glfw")) {
		t.Errorf("%s: the Fyne app (GLFW driver) is not linked in", exe)
	}
	rsrc := f.Section(".rsrc")
	if rsrc == nil {
		t.Errorf("%s: no .rsrc section: the icon and version resources are missing", exe)
		return
	}
	res, err := rsrc.Data()
	if err != nil {
		t.Fatal(err)
	}
	toml, err := os.ReadFile(filepath.Join(repo, "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	version := ""
	for _, line := range strings.Split(string(toml), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && strings.TrimSpace(k) == "Version" {
			version, _ = strconv.Unquote(strings.TrimSpace(v))
		}
	}
	for _, want := range []string{"GLFW_ICON", "Nightfall", "ProductVersion", version} {
		if !bytes.Contains(res, utf16le(want)) {
			t.Errorf("%s: the resources do not hold %q", exe, want)
		}
	}
	for _, want := range []string{"\x89PNG", "permonitorv2"} { // the icon's images, the manifest
		if !bytes.Contains(res, []byte(want)) {
			t.Errorf("%s: the resources do not hold %q", exe, want)
		}
	}
	t.Logf("%s: PE32+ amd64 console, %d MB, %d bytes of resources", exe, len(data)>>20, len(res))
}

func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// extractLinux unpacks the Linux archive, checks its layout and returns the program's path.
func extractLinux(t *testing.T, archive string) string {
	dir := t.TempDir()
	if out, err := exec.Command("tar", "-xJf", archive, "-C", dir).CombinedOutput(); err != nil {
		t.Fatalf("tar -xJf %s: %v\n%s (run make dist first)", archive, err, out)
	}
	root := filepath.Join(dir, "nightfall-linux-amd64")
	for _, f := range []string{"Makefile", "usr/local/bin/nightfall", "usr/local/share/applications/nightfall.desktop", "usr/local/share/pixmaps/nightfall.png"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("%s: %v", archive, err)
		}
	}
	desktop, _ := os.ReadFile(filepath.Join(root, "usr/local/share/applications/nightfall.desktop"))
	for _, want := range []string{"[Desktop Entry]", "\nExec=nightfall\n", "\nIcon=nightfall\n", "\nName=Nightfall\n"} {
		if !bytes.Contains(desktop, []byte(want)) {
			t.Errorf("%s: nightfall.desktop lacks %q", archive, strings.TrimSpace(want))
		}
	}
	// Its Makefile installs the three files under PREFIX.
	dest := t.TempDir()
	if out, err := exec.Command("make", "-C", root, "install", "DESTDIR="+dest, "PREFIX=/usr").CombinedOutput(); err != nil {
		t.Errorf("make install: %v\n%s", err, out)
	}
	for _, f := range []string{"bin/nightfall", "share/applications/nightfall.desktop", "share/pixmaps/nightfall.png"} {
		if _, err := os.Stat(filepath.Join(dest, "usr", f)); err != nil {
			t.Errorf("make install: %v", err)
		}
	}
	return filepath.Join(root, "usr/local/bin/nightfall")
}

func runLinux(t *testing.T, bin string, args ...string) (stdout, stderr string, code int) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8")
	return output(t, cmd)
}

func output(t *testing.T, cmd *exec.Cmd) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() < 0 {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, e.String())
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

// wine runs nightfall.exe in a prefix of its own, deleted after the test.
type wine struct {
	wine, wineserver string
	exe              string
	env              []string
}

// findWine is Debian's wine: `wine` when the wine package is installed, else wine64's loader.
func findWine(t *testing.T) (loader, server string) {
	if p := os.Getenv("WINE"); p != "" {
		loader = p
	} else if p, err := exec.LookPath("wine"); err == nil {
		loader = p
	} else if _, err := os.Stat("/usr/lib/wine/wine64"); err == nil {
		loader = "/usr/lib/wine/wine64"
	} else {
		t.Fatal("wine not found: apt-get install wine64 (make test-dist installs it)")
	}
	server = "wineserver"
	if p, err := exec.LookPath("wineserver"); err == nil {
		server = p
	} else if _, err := os.Stat("/usr/lib/wine/wineserver"); err == nil {
		server = "/usr/lib/wine/wineserver"
	}
	return loader, server
}

func newWine(t *testing.T, exe string) *wine {
	w := &wine{}
	w.wine, w.wineserver = findWine(t)
	dir := t.TempDir()
	prefix := filepath.Join(dir, "prefix")
	w.exe = filepath.Join(dir, "nightfall.exe")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(w.exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "DISPLAY" && k != "WAYLAND_DISPLAY" && !strings.HasPrefix(k, "WINE") {
			w.env = append(w.env, kv)
		}
	}
	// No display, no debug output, no offer to install Mono or Gecko into the prefix.
	w.env = append(w.env, "WINEPREFIX="+prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=", "LANG=C.UTF-8")
	t.Cleanup(func() {
		cmd := exec.Command(w.wineserver, "-k")
		cmd.Env = w.env
		_ = cmd.Run()
	})

	start := time.Now()
	cmd := exec.Command(w.wine, "wineboot", "--init")
	cmd.Env = w.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wineboot --init: %v\n%s", err, out)
	}
	// Let the prefix settle: wineboot leaves services (explorer, winedevice…) running, and a
	// program started while they still set up can see one crash ("Unhandled page fault…" on
	// its stderr, seen once). -w waits until they have all ended.
	cmd = exec.Command(w.wineserver, "-w")
	cmd.Env = w.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wineserver -w: %v\n%s", err, out)
	}
	t.Logf("%s: prefix created in %v", w.wine, time.Since(start).Round(time.Millisecond))

	// Go ≥ 1.22 needs ProcessPrng from system32's bcryptprimitives.dll; wine 8 has none. The
	// shim (for this test only) goes into the throwaway prefix's system32, where the Go runtime
	// looks for it. A wine that has the DLL (9.x and later) is used as it is.
	sys32 := filepath.Join(prefix, "drive_c/windows/system32")
	if _, err := os.Stat(filepath.Join(sys32, "bcryptprimitives.dll")); err != nil {
		cc := os.Getenv("MINGW_CC")
		if cc == "" {
			cc = "x86_64-w64-mingw32-gcc"
		}
		out, err := exec.Command(cc, "-shared", "-O2", "-s", "-o", filepath.Join(sys32, "bcryptprimitives.dll"),
			filepath.Join(repo, "app/dist/wine/bcryptprimitives.c"), "-ladvapi32").CombinedOutput()
		if err != nil {
			t.Fatalf("building the ProcessPrng shim: %v\n%s", err, out)
		}
		t.Logf("this wine has no bcryptprimitives.dll: the ProcessPrng shim is in the prefix's system32")
	}
	return w
}

func (w *wine) command(args ...string) *exec.Cmd {
	cmd := exec.Command(w.wine, append([]string{w.exe}, args...)...)
	cmd.Env = w.env
	return cmd
}

func (w *wine) run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return output(t, w.command(args...))
}

// serve starts `nightfall.exe serve` on a free loopback port (no mDNS, the join URL on
// 127.0.0.1: nothing leaves the machine) and asks /healthz.
func (w *wine) serve(t *testing.T) {
	port := proctest.FreePort(t)
	cmd := w.command("serve", "--port", strconv.Itoa(port), "--host", "127.0.0.1", "--no-mdns",
		"--autostart", "-1s", "--data", filepath.Join(t.TempDir(), "games"))
	stdin, err := cmd.StdinPipe() // held open: EOF on stdin is not a reason to stop
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	start := time.Now()
	stdout, stderr := proctest.Start(t, cmd)
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	joined := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "Join: "); ok {
				joined <- url
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()

	healthz := "http://127.0.0.1:" + strconv.Itoa(port) + "/healthz"
	client := &http.Client{Timeout: 3 * time.Second}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		resp, err := client.Get(healthz)
		if err == nil {
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: %s %q", healthz, resp.Status, body)
			}
			t.Logf("wine nightfall.exe serve: GET %s: %s %q after %v", healthz, resp.Status, bytes.TrimSpace(body), time.Since(start).Round(time.Millisecond))
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("GET %s: %v after 2 minutes; serve's stderr:\n%s", healthz, err, stderr.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	select {
	case url := <-joined:
		if !strings.HasPrefix(url, "http://127.0.0.1:"+strconv.Itoa(port)+"/") {
			t.Errorf("join URL %q, want http://127.0.0.1:%d/…", url, port)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("serve printed no join URL")
	}
}

// gui starts the host app itself (Fyne; OpenGL through wine and Mesa) in a virtual X display,
// waits for its server's /healthz and takes a screenshot (NIGHTFALL_WINE_SHOT=FILE.png keeps it).
// With --host 127.0.0.1 there is no LAN interface, so no mDNS either: loopback only.
func (w *wine) gui(t *testing.T) {
	if _, err := exec.LookPath("xvfb-run"); err != nil {
		t.Fatal("xvfb-run not found (make deps installs xvfb)")
	}
	port := proctest.FreePort(t)
	dir := t.TempDir()
	shot := os.Getenv("NIGHTFALL_WINE_SHOT")
	if shot == "" {
		shot = filepath.Join(dir, "shot.png")
	}
	script := filepath.Join(dir, "gui.sh")
	// In the display: start the app, wait until its server answers (the window is up by then),
	// give it a moment to draw, take the screenshot, end it.
	body := `healthz() {
	exec 3<>/dev/tcp/127.0.0.1/` + strconv.Itoa(port) + ` || return 1
	printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
	local status; read -r _ status _ <&3; exec 3<&-
	[[ $status == 200 ]]
}
"$@" & pid=$!
for i in $(seq 600); do
	healthz 2>/dev/null && break
	kill -0 $pid 2>/dev/null || { echo "the app ended"; exit 3; }
	sleep 0.2
done
healthz || { echo "no answer from /healthz"; exit 4; }
sleep 5
import -window root ` + shot + `
kill $pid; wait $pid || true
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	cmd := exec.Command("xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "bash", script, w.wine, w.exe,
		"--addr", "127.0.0.1:"+strconv.Itoa(port), "--host", "127.0.0.1", "--data", filepath.Join(dir, "games"))
	cmd.Env = append(w.env, "NIGHTFALL_AUDIO=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the host app under wine and Xvfb: %v\n%s", err, out)
	}
	// Something was drawn: a black or blank screen has a handful of colours, the lobby hundreds.
	colours := map[color.RGBA]bool{}
	if f, err := os.Open(shot); err != nil {
		t.Error(err)
	} else if img, err := png.Decode(f); err != nil {
		t.Errorf("screenshot %s: %v", shot, err)
	} else {
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y += 2 {
			for x := b.Min.X; x < b.Max.X; x += 2 {
				colours[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)] = true
			}
		}
		f.Close()
	}
	if len(colours) < 50 {
		t.Errorf("screenshot %s: %d colours: the window drew nothing", shot, len(colours))
	}
	t.Logf("wine nightfall.exe (the host app) in Xvfb: /healthz answered, screenshot %s (%d colours), %v", shot, len(colours), time.Since(start).Round(time.Millisecond))
}
