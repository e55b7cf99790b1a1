//go:build xvfb && linux && cgo && !ci && !wayland && !android

package app

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSplashShowsCodeAboveLaterWindows: the splash shows the URL's QR code
// at the centre of the screen; a window mapped after it (here an image
// viewer filling the screen with grey, as the app's window does before its
// first frame) does not cover it; close takes it away and the screen shows
// what is under it.
func TestSplashShowsCodeAboveLaterWindows(t *testing.T) {
	needDisplay(t, "xwd", "convert", "zbarimg", "display")
	dir := t.TempDir()
	const url = "http://10.1.2.3:8080/?room=SPLASH#k=wfkSkSnPHQCls4oGri1R1Tk0UU1mjsoU0CZlEFqyHl0"
	shot := func(name string) (whole, centre string, grey bool) {
		t.Helper()
		xwd, pngPath := filepath.Join(dir, name+".xwd"), filepath.Join(dir, name+".png")
		if out, err := exec.Command("sh", "-c", "xwd -root -silent > "+xwd+" && convert xwd:"+xwd+" png:"+pngPath).CombinedOutput(); err != nil {
			t.Fatalf("screenshot: %v\n%s", err, out)
		}
		f, err := os.Open(pngPath)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		r, _, _, _ := img.At(2, 2).RGBA() // a corner: the root's black or the viewer's grey
		grey = r>>8 > 0x40 && r>>8 < 0xc0
		out, _ := exec.Command("zbarimg", "-q", "--raw", pngPath).Output()
		mid, err := middleReads(pngPath, filepath.Join(dir, name+"-middle.png"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out)), mid, grey
	}
	// until polls shots until ok or 30 s (the machine may be busy).
	shots := 0
	until := func(what string, ok func(whole, centre string, grey bool) bool) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			shots++
			w, c, g := shot(fmt.Sprint("shot", shots))
			if ok(w, c, g) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: never (last: whole %q, centre %q, grey corner %v)", what, w, c, g)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	s := openSplash()
	s.show(url)
	until("the splash's code, at the centre", func(w, c string, _ bool) bool { return w == url && c == url })

	grey := image.NewGray(image.Rect(0, 0, 4000, 3000)) // larger than the screen: the viewer fills it
	for i := range grey.Pix {
		grey.Pix[i] = 0x80
	}
	greyPath := filepath.Join(dir, "grey.png")
	f, err := os.Create(greyPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, grey); err != nil {
		t.Fatal(err)
	}
	f.Close()
	ctx, cancel := context.WithCancel(context.Background())
	viewer := exec.CommandContext(ctx, "display", "-geometry", "+0+0", greyPath)
	if err := viewer.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cancel()
		_ = viewer.Wait()
	}()
	until("a window mapped later, the code still above it", func(w, c string, g bool) bool { return g && c == url })

	s.close()
	w, c, g := shot("closed")
	if w != "" || c != "" || !g {
		t.Fatalf("after close: whole %q, centre %q, grey corner %v; want no code, the viewer's grey", w, c, g)
	}
	s.close() // a second close returns at once
}

// TestSplashClosedBeforeShown: a splash closed before it had a URL shows
// nothing, and close still returns.
func TestSplashClosedBeforeShown(t *testing.T) {
	s := openSplash()
	done := make(chan struct{})
	go func() {
		s.close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("close did not return")
	}
	s.show("http://10.1.2.3:8080/") // after close: nothing, no block
}

// TestXBMBits: the bitmap is packed as XBM wants it (each row whole bytes,
// the leftmost pixel the least significant bit), black where the QR image
// is dark.
func TestXBMBits(t *testing.T) {
	img := image.NewPaletted(image.Rect(0, 0, 10, 10), color.Palette{color.White, color.Black})
	img.SetColorIndex(0, 0, 1)
	img.SetColorIndex(9, 0, 1)
	img.SetColorIndex(8, 3, 1)
	side, bits := xbm(img)
	if side != 10 || len(bits) != 20 {
		t.Fatalf("side %d, %d bytes; want 10, 20 (2 bytes a row)", side, len(bits))
	}
	want := make([]byte, 20)
	want[0] = 0x01 // (0,0)
	want[1] = 0x02 // (9,0): bit 1 of the row's second byte
	want[7] = 0x01 // (8,3): row 3's second byte, bit 0
	for i := range want {
		if bits[i] != want[i] {
			t.Fatalf("bits %x, want %x", bits, want)
		}
	}
}
