package lan

// Small drivers for the three browser engines the phone page is tested in
// (browser_engines_test.go): Chromium over CDP (chromedp), WebKitGTK over
// W3C WebDriver HTTP (Debian's webkit2gtk-driver: WebKitWebDriver and
// MiniBrowser, under Xvfb), Gecko over WebDriver BiDi (Debian's firefox-esr
// --remote-debugging-port, spoken here over a WebSocket: Debian ships no
// geckodriver). Each drives one page, the way a phone shows it.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/gorilla/websocket"
	"nightfall/lan/proctest"
)

// engine is one browser page.
type engine interface {
	name() string
	// eval runs a JS expression and returns it as a string; a promise is awaited
	eval(js string) (string, error)
	navigate(url string) error
	// reopen closes the page and opens url in a new one (same profile: same localStorage)
	reopen(url string) error
	// awayAndBack leaves the page for another one and comes back with the
	// history's Back (the back-forward cache may keep the page: pageshow)
	awayAndBack() error
	// pointer presses (down) or releases the primary button at a point of the viewport
	pointer(x, y float64, down bool) error
	// touch puts a finger down on a point of the viewport, or lifts it
	touch(x, y float64, down bool) error
	// setSize makes the viewport w×h CSS pixels
	setSize(w, h int) error
	screenshot() ([]byte, error)
}

const wrapJS = `(async () => String(await (%s)))()`

// ---- Chromium (chromedp) --------------------------------------------------------------------

type chromeEngine struct {
	browser context.Context
	ctx     context.Context
	cancel  context.CancelFunc
}

func startChromeEngine(t *testing.T) engine {
	browser := startChromium(t)
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	e := &chromeEngine{browser: browser, ctx: ctx, cancel: cancel}
	t.Cleanup(func() { e.cancel() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *chromeEngine) name() string { return "chromium" }

func (e *chromeEngine) eval(js string) (string, error) {
	ctx, cancel := context.WithTimeout(e.ctx, 30*time.Second)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(wrapJS, js), func(p *runtime.EvaluateParams) { yes := true; p.AwaitPromise = &yes }))
}

func (e *chromeEngine) navigate(url string) error { return chromedp.Do(e.ctx, chromedp.Navigate(url)) }

func (e *chromeEngine) reopen(url string) error {
	// a new tab in the same browser context (the same localStorage), then
	// the old tab closed (its context is cancelled at the end of the test:
	// cancelling it now would dispose of the browser context)
	old := chromedp.FromContext(e.ctx)
	ctx, cancel := chromedp.NewContext(e.browser, chromedp.WithExistingBrowserContext(old.BrowserContextID))
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return err
	}
	cctx, ccancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer ccancel()
	if _, err := cdp.Call(cctx, old.Browser, target.CloseTarget, target.CloseTargetParams{TargetID: old.Target.TargetID}); err != nil {
		cancel()
		return err
	}
	e.ctx = ctx
	prev := e.cancel
	e.cancel = func() { cancel(); prev() }
	return e.navigate(url)
}

// awayAndBack goes Back through the history entry itself rather than
// chromedp.NavigateBack, which waits for a load event: a page restored from
// the back-forward cache (index.html is no-cache, so Chromium may keep it)
// fires pageshow and no load, and NavigateBack would wait for ever. The
// caller waits for the page's own state instead.
func (e *chromeEngine) awayAndBack() error {
	if err := chromedp.Do(e.ctx, chromedp.Navigate("about:blank")); err != nil {
		return err
	}
	c := chromedp.FromContext(e.ctx)
	ctx, cancel := context.WithTimeout(e.ctx, 10*time.Second)
	defer cancel()
	res, err := cdp.Call(ctx, c.Target, page.GetNavigationHistory, cdp.Empty{})
	if err != nil {
		return err
	}
	if res.CurrentIndex < 1 || res.CurrentIndex >= int64(len(res.Entries)) {
		return fmt.Errorf("no history entry to go back to (current %d of %d)", res.CurrentIndex, len(res.Entries))
	}
	_, err = cdp.Call(ctx, c.Target, page.NavigateToHistoryEntry, page.NavigateToHistoryEntryParams{EntryID: res.Entries[res.CurrentIndex-1].ID})
	return err
}

func (e *chromeEngine) touch(x, y float64, down bool) error {
	c := chromedp.FromContext(e.ctx)
	ctx, cancel := context.WithTimeout(e.ctx, 10*time.Second)
	defer cancel()
	p := input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}
	if down {
		p = input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}
	}
	_, err := cdp.Call(ctx, c.Target, input.DispatchTouchEvent, p)
	return err
}

// safeArea emulates a notched phone's env(safe-area-inset-*) (0s: none).
func (e *chromeEngine) safeArea(top, right, bottom, left int64) error {
	c := chromedp.FromContext(e.ctx)
	ctx, cancel := context.WithTimeout(e.ctx, 10*time.Second)
	defer cancel()
	_, err := cdp.Call(ctx, c.Target, emulation.SetSafeAreaInsetsOverride, emulation.SetSafeAreaInsetsOverrideParams{
		Insets: &emulation.SafeAreaInsets{Top: &top, Right: &right, Bottom: &bottom, Left: &left}})
	return err
}

func (e *chromeEngine) pointer(x, y float64, down bool) error {
	typ := input.DispatchMouseEventTypeMousePressed
	if !down {
		typ = input.DispatchMouseEventTypeMouseReleased
	}
	return chromedp.Do(e.ctx, chromedp.MouseEvent(typ, x, y, chromedp.ButtonLeft))
}

func (e *chromeEngine) setSize(w, h int) error {
	return chromedp.Do(e.ctx, chromedp.EmulateViewport(int64(w), int64(h)))
}

func (e *chromeEngine) screenshot() ([]byte, error) {
	return chromedp.Run(e.ctx, chromedp.CaptureScreenshot())
}

// ---- W3C WebDriver over HTTP (WebKitWebDriver) ----------------------------------------------

type webdriverEngine struct {
	t    testing.TB
	base string // http://127.0.0.1:port/session/<id>
	kind string
}

func (e *webdriverEngine) name() string { return e.kind }

func (e *webdriverEngine) call(method, path string, body any) (json.RawMessage, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(mustJSON(body))
	} else if method == "POST" {
		rd = strings.NewReader("{}")
	}
	req, err := http.NewRequest(method, e.base+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	c := http.Client{Timeout: 60 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out struct {
		Value json.RawMessage `json:"value"`
	}
	data, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s %s: %s: %.300s", method, path, resp.Status, data)
	}
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("%s %s: %s: %.500s", method, path, resp.Status, out.Value)
	}
	return out.Value, nil
}

// xDisplay is a display for browsers that need one: $DISPLAY, or an Xvfb of
// the test's own.
func xDisplay(t *testing.T) string {
	if d := os.Getenv("DISPLAY"); d != "" {
		return d
	}
	exe, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("no DISPLAY and no Xvfb")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		t.Fatalf("Xvfb: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

func miniBrowserPath() string {
	for _, p := range []string{os.Getenv("NIGHTFALL_MINIBROWSER"),
		"/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser", "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
		"/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser", "/usr/libexec/webkit2gtk-4.1/MiniBrowser"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// startWebKit starts WebKitWebDriver and one MiniBrowser session
// (--full-screen: no header bar, so the window can be as narrow as a phone).
func startWebKit(t *testing.T) engine {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	drv, err := exec.LookPath("WebKitWebDriver")
	mb := miniBrowserPath()
	if err != nil || mb == "" {
		t.Skip("WebKitWebDriver or MiniBrowser not installed (apt-get install webkit2gtk-driver)")
	}
	port := proctest.FreePort(t)
	cmd := exec.Command(drv, fmt.Sprintf("--port=%d", port))
	cmd.Env = append(os.Environ(), "DISPLAY="+xDisplay(t), "WEBKIT_DISABLE_COMPOSITING_MODE=1")
	var logb syncBuffer
	cmd.Stdout, cmd.Stderr = &logb, &logb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	root := fmt.Sprintf("http://127.0.0.1:%d", port)
	e := &webdriverEngine{t: t, base: root, kind: "webkit"}
	for i := 0; ; i++ {
		if _, err := e.call("GET", "/status", nil); err == nil {
			break
		} else if i > 100 {
			t.Fatalf("WebKitWebDriver: %v\n%s", err, logb.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	v, err := e.call("POST", "/session", map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"webkitgtk:browserOptions": map[string]any{"binary": mb, "args": []string{"--automation", "--full-screen"}},
	}}})
	if err != nil {
		t.Fatalf("WebKit session: %v\n%s", err, logb.String())
	}
	var s struct {
		SessionID    string         `json:"sessionId"`
		Capabilities map[string]any `json:"capabilities"`
	}
	json.Unmarshal(v, &s)
	t.Logf("webkit: %v %v", s.Capabilities["browserName"], s.Capabilities["browserVersion"])
	e.base = root + "/session/" + s.SessionID
	t.Cleanup(func() { e.call("DELETE", "", nil) })
	return e
}

func (e *webdriverEngine) eval(js string) (string, error) {
	v, err := e.call("POST", "/execute/async", map[string]any{
		"script": "const done = arguments[arguments.length - 1]; " + fmt.Sprintf(wrapJS, js) +
			".then(done, (err) => done('ERROR ' + err + ' ' + (err && err.stack)));",
		"args": []any{},
	})
	if err != nil {
		return "", err
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return "", fmt.Errorf("eval: %s", v)
	}
	if strings.HasPrefix(s, "ERROR ") {
		return "", fmt.Errorf("%s", s)
	}
	return s, nil
}

func (e *webdriverEngine) navigate(url string) error {
	_, err := e.call("POST", "/url", map[string]any{"url": url})
	return err
}

func (e *webdriverEngine) reopen(url string) error {
	v, err := e.call("POST", "/window/new", map[string]any{"type": "tab"})
	if err != nil {
		return err
	}
	var nw struct {
		Handle string `json:"handle"`
	}
	json.Unmarshal(v, &nw)
	if _, err := e.call("DELETE", "/window", nil); err != nil {
		return err
	}
	if _, err := e.call("POST", "/window", map[string]any{"handle": nw.Handle}); err != nil {
		return err
	}
	return e.navigate(url)
}

func (e *webdriverEngine) awayAndBack() error {
	if err := e.navigate("about:blank"); err != nil {
		return err
	}
	_, err := e.call("POST", "/back", nil)
	return err
}

func (e *webdriverEngine) touch(x, y float64, down bool) error {
	_, err := e.call("POST", "/actions", map[string]any{"actions": pointerActionsOf("touch", x, y, down)})
	return err
}

func pointerActions(x, y float64, down bool) []any { return pointerActionsOf("mouse", x, y, down) }

func pointerActionsOf(kind string, x, y float64, down bool) []any {
	var acts []any
	if down {
		acts = append(acts, map[string]any{"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport"},
			map[string]any{"type": "pointerDown", "button": 0})
	} else {
		acts = append(acts, map[string]any{"type": "pointerUp", "button": 0})
	}
	return []any{map[string]any{"type": "pointer", "id": kind, "parameters": map[string]any{"pointerType": kind}, "actions": acts}}
}

func (e *webdriverEngine) pointer(x, y float64, down bool) error {
	_, err := e.call("POST", "/actions", map[string]any{"actions": pointerActions(x, y, down)})
	return err
}

func (e *webdriverEngine) setSize(w, h int) error {
	// the window's outer size: try, measure the viewport, correct once
	ww, wh := w, h
	for range 3 {
		if _, err := e.call("POST", "/window/rect", map[string]any{"width": ww, "height": wh}); err != nil {
			return err
		}
		got, err := e.eval(`innerWidth + 'x' + innerHeight`)
		if err != nil {
			return err
		}
		var gw, gh int
		fmt.Sscanf(got, "%dx%d", &gw, &gh)
		if gw == w && gh == h {
			return nil
		}
		ww, wh = ww+w-gw, wh+h-gh
	}
	return nil
}

func (e *webdriverEngine) screenshot() ([]byte, error) {
	v, err := e.call("GET", "/screenshot", nil)
	if err != nil {
		return nil, err
	}
	var s string
	json.Unmarshal(v, &s)
	return base64.StdEncoding.DecodeString(s)
}

// ---- WebDriver BiDi over a WebSocket (Firefox) ----------------------------------------------

type bidiEngine struct {
	t    testing.TB
	ws   *websocket.Conn
	mu   sync.Mutex
	id   int
	ctx  string // the browsing context (the tab)
	wait map[int]chan bidiAnswer
}

type bidiAnswer struct {
	Type    string          `json:"type"`
	ID      int             `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

func firefoxPath() string {
	for _, p := range []string{os.Getenv("NIGHTFALL_FIREFOX"), "/usr/bin/firefox-esr", "/usr/bin/firefox"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// startFirefox starts a headless Firefox with a fresh profile and opens a
// BiDi session to it.
func startFirefox(t *testing.T) engine {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := firefoxPath()
	if exe == "" {
		t.Skip("firefox-esr not installed")
	}
	profile, err := os.MkdirTemp("", "nightfall-firefox")
	if err != nil {
		t.Fatal(err)
	}
	// prefs: no first-run pages, no updates, no network beyond the test server
	os.WriteFile(profile+"/user.js", []byte(`user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("app.update.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("extensions.update.enabled", false);
user_pref("browser.safebrowsing.update.enabled", false);
user_pref("intl.accept_languages", "zh-CN");
`), 0o644)
	cmd := exec.Command(exe, "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=0", "about:blank")
	cmd.Env = append(os.Environ(), "MOZ_CRASHREPORTER_DISABLE=1")
	stderr, _ := cmd.StderrPipe()
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		os.RemoveAll(profile)
	})
	found := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`WebDriver BiDi listening on (ws://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	var url string
	select {
	case url = <-found:
	case <-time.After(30 * time.Second):
		t.Fatal("firefox: no BiDi endpoint after 30 s")
	}
	ws, _, err := websocket.DefaultDialer.Dial(url+"/session", nil)
	if err != nil {
		t.Fatalf("firefox BiDi: %v", err)
	}
	e := &bidiEngine{t: t, ws: ws, wait: map[int]chan bidiAnswer{}}
	go e.read()
	t.Cleanup(func() { ws.Close() })
	v, err := e.call("session.new", map[string]any{"capabilities": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	json.Unmarshal(v, &s)
	t.Logf("firefox: %v %v", s.Capabilities["browserName"], s.Capabilities["browserVersion"])
	v, err = e.call("browsingContext.getTree", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	json.Unmarshal(v, &tree)
	if len(tree.Contexts) == 0 {
		t.Fatalf("firefox: no tab: %s", v)
	}
	e.ctx = tree.Contexts[0].Context
	return e
}

func (e *bidiEngine) read() {
	for {
		_, data, err := e.ws.ReadMessage()
		if err != nil {
			e.mu.Lock()
			for id, c := range e.wait {
				c <- bidiAnswer{Type: "error", Error: "closed", Message: err.Error()}
				delete(e.wait, id)
			}
			e.mu.Unlock()
			return
		}
		var a bidiAnswer
		if json.Unmarshal(data, &a) != nil || a.ID == 0 {
			continue // an event
		}
		e.mu.Lock()
		if c, ok := e.wait[a.ID]; ok {
			c <- a
			delete(e.wait, a.ID)
		}
		e.mu.Unlock()
	}
}

func (e *bidiEngine) call(method string, params any) (json.RawMessage, error) {
	e.mu.Lock()
	e.id++
	id := e.id
	c := make(chan bidiAnswer, 1)
	e.wait[id] = c
	err := e.ws.WriteJSON(map[string]any{"id": id, "method": method, "params": params})
	e.mu.Unlock()
	if err != nil {
		return nil, err
	}
	select {
	case a := <-c:
		if a.Type == "error" {
			return nil, fmt.Errorf("%s: %s: %s", method, a.Error, a.Message)
		}
		return a.Result, nil
	case <-time.After(60 * time.Second):
		return nil, fmt.Errorf("%s: no answer in 60 s", method)
	}
}

func (e *bidiEngine) name() string { return "firefox" }

func (e *bidiEngine) eval(js string) (string, error) {
	v, err := e.call("script.evaluate", map[string]any{
		"expression": fmt.Sprintf(wrapJS, js), "target": map[string]any{"context": e.ctx},
		"awaitPromise": true, "resultOwnership": "none",
	})
	if err != nil {
		return "", err
	}
	var r struct {
		Type   string `json:"type"`
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		Exception json.RawMessage `json:"exceptionDetails"`
	}
	json.Unmarshal(v, &r)
	if r.Type != "success" {
		return "", fmt.Errorf("eval: %.500s", r.Exception)
	}
	s, _ := r.Result.Value.(string)
	return s, nil
}

func (e *bidiEngine) navigate(url string) error {
	_, err := e.call("browsingContext.navigate", map[string]any{"context": e.ctx, "url": url, "wait": "complete"})
	return err
}

func (e *bidiEngine) reopen(url string) error {
	v, err := e.call("browsingContext.create", map[string]any{"type": "tab"})
	if err != nil {
		return err
	}
	var c struct {
		Context string `json:"context"`
	}
	json.Unmarshal(v, &c)
	if _, err := e.call("browsingContext.close", map[string]any{"context": e.ctx}); err != nil {
		return err
	}
	e.ctx = c.Context
	return e.navigate(url)
}

func (e *bidiEngine) awayAndBack() error {
	if err := e.navigate("about:blank"); err != nil {
		return err
	}
	_, err := e.call("browsingContext.traverseHistory", map[string]any{"context": e.ctx, "delta": -1})
	return err
}

func (e *bidiEngine) pointer(x, y float64, down bool) error {
	_, err := e.call("input.performActions", map[string]any{"context": e.ctx, "actions": pointerActions(x, y, down)})
	return err
}

func (e *bidiEngine) touch(x, y float64, down bool) error {
	_, err := e.call("input.performActions", map[string]any{"context": e.ctx, "actions": pointerActionsOf("touch", x, y, down)})
	return err
}

func (e *bidiEngine) setSize(w, h int) error {
	_, err := e.call("browsingContext.setViewport", map[string]any{"context": e.ctx, "viewport": map[string]any{"width": w, "height": h}})
	return err
}

func (e *bidiEngine) screenshot() ([]byte, error) {
	v, err := e.call("browsingContext.captureScreenshot", map[string]any{"context": e.ctx})
	if err != nil {
		return nil, err
	}
	var r struct {
		Data string `json:"data"`
	}
	json.Unmarshal(v, &r)
	return base64.StdEncoding.DecodeString(r.Data)
}
