package lan

// The join screen of a large table, in every engine: every seat in sight.
//
//	go test ./lan -run TestBrowserJoinSeatsInSight -v
//	NIGHTFALL_ENGINES=chromium,webkit,firefox NIGHTFALL_SHOTS=/tmp/shots go test ./lan -run TestBrowserJoinSeatsInSight

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"nightfall/assets"
)

// TestBrowserJoinSeatsInSight: on a 360×740 screen the join screen of a
// 16-seat v4.0 table and of a 20-seat table shows every seat without
// scrolling (a player taps the seat they sit in: the ones at the bottom
// are 1, 2 and the last), and so does the 16-seat table at 360×640, in
// each engine (NIGHTFALL_ENGINES; chromium and firefox by default; mock
// mode). With NIGHTFALL_SHOTS it also keeps screenshots of the phone
// screens newcomers stumbled on: two-hands' night 0 (closed and held) and
// the end, which says whether the player won.
func TestBrowserJoinSeatsInSight(t *testing.T) {
	ts := httptest.NewServer(http.FileServerFS(assets.Phone())) // the page and its fixtures, as devserve
	t.Cleanup(ts.Close)
	dir := os.Getenv("NIGHTFALL_SHOTS")
	forEngines(t, []string{"chromium", "firefox"}, func(t *testing.T, name string, start func(*testing.T) engine) {
		e := start(t)
		g := &engineGame{t: t, e: e, seat: 1}
		// open loads a fixture afresh (a new query each time: a new hash
		// alone would not reload the page)
		n := 0
		open := func(h int, hash string) {
			t.Helper()
			g.sizeTo(360, int64(h))
			n++
			if err := e.navigate(fmt.Sprintf("%s/?room=T%d#%s", ts.URL, n, hash)); err != nil {
				t.Fatal(err)
			}
		}
		shot := func(what string) {
			t.Helper()
			if dir == "" {
				return
			}
			os.MkdirAll(dir, 0o755)
			b, err := e.screenshot()
			if err != nil {
				t.Fatalf("%s: screenshot: %v", name, err)
			}
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%s.png", name, what)), b, 0o644)
		}
		for _, c := range []struct {
			fixture string
			h       int
		}{{"lobby-16", 740}, {"lobby-20", 740}, {"lobby-16", 640}} {
			open(c.h, "mock="+c.fixture+"&lang=zh")
			g.waitFor("the join screen", `document.querySelectorAll('.lobby .seat').length >= 16`)
			below := g.eval(`(() => { const h = document.documentElement.clientHeight;
				return [...document.querySelectorAll('.lobby .seat')].filter((b) => b.getBoundingClientRect().bottom > h).map((b) => b.dataset.id).join(',') })()`)
			if below != "" {
				t.Errorf("%s: %s at 360×%d: seats %s below the fold", name, c.fixture, c.h, below)
			}
			shot(fmt.Sprintf("join-%s-%d", c.fixture, c.h))
		}
		if dir == "" {
			return
		}
		for _, s := range []struct{ what, hash, ready string }{
			{"night0", "mock=hands-setup-double&lang=zh", `document.body.dataset.screen === 'night'`},
			{"night0-held", "mock=hands-setup-double&lang=en&peek=1", `document.getElementById('peekBody').textContent`},
			{"over", "mock=hands-over&lang=en", `document.body.dataset.screen === 'over'`},
		} {
			open(740, s.hash)
			g.waitFor(s.what, s.ready)
			shot(s.what)
		}
	})
}
