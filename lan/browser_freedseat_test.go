package lan

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserFreedSeatCode: the phone page, in Chromium at 360 px, asks
// for a seat the host freed during a game; it shows the phone code its
// welcome carried, the same code the big screen shows beside the request
// (HostView.Requests), and the same code in its menu. Screenshots go to
// $NIGHTFALL_SHOTS when set.
func TestBrowserFreedSeatCode(t *testing.T) {
	browser := startChromium(t)
	h, tb := startedTable(t, 8, 17)
	h.host(HostCommand{Do: HostRemove, Seat: 4})
	tb.phones[4].ws.Close()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	p := &browserPhone{t: t, ctx: ctx}
	url := pageURL(t, h)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 740)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	p.waitFor("the join screen", `document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
	g := &browserGame{t: t, h: h}
	g.typeName(p, "新手机")
	g.tapSeat(p, 4)
	var code string
	for deadline := time.Now().Add(10 * time.Second); code == ""; time.Sleep(50 * time.Millisecond) {
		if hv := h.hostView(); len(hv.Requests) == 1 {
			code = hv.Requests[0].Code
		}
		if time.Now().After(deadline) {
			t.Fatal("no request on the big screen")
		}
	}
	p.waitFor("the phone code beside the pending message", `document.querySelector('.msg .ok.big') && document.querySelector('.msg .ok.big').textContent.includes('`+code+`')`)
	shot(t, p, "freed-seat-pending.png")
	p.eval(`(() => { document.getElementById('menuBtn').click(); return ''; })()`)
	p.waitFor("the phone code in the menu", `!document.getElementById('sheet').hidden && document.getElementById('sheet').textContent.includes('`+code+`')`)
	shot(t, p, "freed-seat-menu.png")
	if hv := h.hostView(); hv.Lobby.Seats[3].Taken {
		t.Fatal("the seat was given without the host's allow")
	}
	h.host(HostCommand{Do: HostAllow, Request: h.hostView().Requests[0].ID})
	p.waitFor("seat 4", `document.getElementById('mySeat').textContent.includes('4')`)
}

// shot saves a screenshot of the page to $NIGHTFALL_SHOTS/name, if set.
func shot(t *testing.T, p *browserPhone, name string) {
	dir := os.Getenv("NIGHTFALL_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
