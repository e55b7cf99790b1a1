package replay

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

func chromium() string {
	for _, p := range []string{os.Getenv("NIGHTFALL_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	p, _ := exec.LookPath("chromium")
	return p
}

// The saved file opens in headless Chromium with the network off and every
// request intercepted: the page asks for nothing but itself, and shows
// every vote of the scripted game, who → whom, in order, as the engine's
// events cast them (the big screen's 复盘 reads the same timeline).
// Skipped with -short or without Chromium.
func TestReplayOpensOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	exe := chromium()
	if exe == "" {
		t.Skip("chromium not installed")
	}
	g, votes := scripted(t, ex3)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.html")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	started := time.Date(2026, 11, 22, 20, 5, 0, 0, time.Local)
	if err := Write(f, Game{Table: g.TableView(), Names: map[int]string{1: "小明", 5: "Bob"}, Started: started, Where: "周六晚上客厅里靠窗的那张大桌子"}, "zh"); err != nil {
		t.Fatal(err)
	}
	f.Close()

	profile := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.Flag("disable-component-update", true), chromedp.UserDataDir(profile),
		chromedp.WindowSize(360, 740))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelT := context.WithTimeout(ctx, 60*time.Second)
	defer cancelT()
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	c := chromedp.FromContext(ctx)
	var mu sync.Mutex
	var requests []string
	chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		case *fetch.EventRequestPaused:
			mu.Lock()
			requests = append(requests, "paused "+e.Request.URL)
			mu.Unlock()
			go func() { // nothing may leave: every intercepted request fails
				cdp.Call(ctx, c.Target, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonInternetDisconnected})
			}()
		}
	})
	if _, err := cdp.Call(ctx, c.Target, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := cdp.Call(ctx, c.Target, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "http*"}}}); err != nil {
		t.Fatal(err)
	}
	page := (&url.URL{Scheme: "file", Path: path}).String()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740), chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([...document.querySelectorAll('li.vote')].map((li) => [li.dataset.voter + '>' + li.dataset.target, li.textContent, getComputedStyle(li).display !== 'none' && li.getBoundingClientRect().height > 0]))`))
	if err != nil {
		t.Fatal(err)
	}
	var shown [][3]any
	if err := json.Unmarshal([]byte(raw), &shown); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range shown {
		got = append(got, v[0].(string))
		if text := v[1].(string); !strings.Contains(text, "号") || !strings.Contains(text, "→") {
			t.Errorf("vote %v is shown as %q", v[0], text)
		}
		if v[2] != true {
			t.Errorf("vote %v is not visible", v[0])
		}
	}
	if strings.Join(got, " ") != strings.Join(votes, " ") {
		t.Errorf("votes shown\n got %v\nwant %v", got, votes)
	}
	// at 360 px the line under the heading breaks between its parts, never
	// inside one (the date and time stay together)
	broken, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([...document.querySelectorAll('.meta .nb')].filter((s) => s.getClientRects().length !== 1).map((s) => s.textContent))`))
	if err != nil {
		t.Fatal(err)
	}
	if broken != "[]" {
		t.Errorf("parts of the meta line broken across lines at 360 px: %s", broken)
	}
	if date := started.Format("2006-01-02 15:04"); !metaHas(ctx, t, date) {
		t.Errorf("the meta line lacks the date %q", date)
	}
	title, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('h1').textContent`))
	if title != "杀手获胜" {
		t.Errorf("the heading says %q", title)
	}
	time.Sleep(200 * time.Millisecond) // late requests (a favicon) would show now
	mu.Lock()
	defer mu.Unlock()
	for _, r := range requests {
		if r != page {
			t.Errorf("the page asked for %s", r)
		}
	}
	if len(requests) == 0 {
		t.Log("chromium reported no request for the file itself")
	}
	if os.Getenv("NIGHTFALL_REPLAY_SHOT") != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
		if err == nil {
			os.WriteFile(os.Getenv("NIGHTFALL_REPLAY_SHOT"), png, 0o644)
		}
	}
}

// metaHas reports whether a part of the page's meta line reads want.
func metaHas(ctx context.Context, t *testing.T, want string) bool {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify([...document.querySelectorAll('.meta .nb')].map((s) => s.textContent))`))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(got, `"`+want+`"`)
}
