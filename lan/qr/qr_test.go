package qr

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// testURLs are join URLs of the shape lan/PROTOCOL.md gives, from short to long.
var testURLs = []string{
	"http://10.0.0.5:8080/?room=K7QX2M",
	"http://192.168.100.200:65535/?room=ABCDEF",
	"http://172.16.0.1:80/?room=23456Z",
	"http://192.168.1.23:8080/?room=K7QX2M&lang=zh&table=Nightfall%20%E5%AE%A2%E5%8E%85",
}

// zbarimgPath returns the zbarimg binary, or skips the test where it is missing, except under
// CI (CI=true), where a missing decoder is a failure.
func zbarimgPath(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("zbarimg")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("zbarimg not found (install zbar-tools): %v", err)
		}
		t.Skipf("zbarimg not found (apt-get install zbar-tools): %v", err)
	}
	return p
}

// TestPNGDecodes renders each URL and reads it back with a real decoder.
func TestPNGDecodes(t *testing.T) {
	zbar := zbarimgPath(t)
	dir := t.TempDir()
	for i, url := range testURLs {
		modules, err := symbol(url)
		if err != nil {
			t.Fatal(err)
		}
		side := len(modules) + 8
		// 2 and 3 pixels per module (3 with 2 pixels to spare), and sizes a UI would ask for.
		for _, px := range []int{2 * side, 3*side + 2, 200, 512} {
			data, err := PNG(url, px)
			if err != nil {
				t.Fatalf("PNG(%q, %d): %v", url, px, err)
			}
			file := filepath.Join(dir, "qr.png")
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			out, err := exec.CommandContext(ctx, zbar, "--raw", "-q", file).Output()
			cancel()
			if err != nil {
				t.Fatalf("url %d px %d: zbarimg: %v (output %q)", i, px, err, out)
			}
			if got := strings.TrimRight(string(out), "\n"); got != url {
				t.Errorf("px %d: zbarimg read %q, want %q", px, got, url)
			}
		}
	}
}

// TestImageWholePixels checks that every module is a uniform scale×scale block of pure black
// or pure white matching the symbol, inside a white 4-module quiet zone.
func TestImageWholePixels(t *testing.T) {
	for i, url := range testURLs {
		modules, err := symbol(url)
		if err != nil {
			t.Fatal(err)
		}
		n := len(modules)
		sizes := []int{-5, 0, 1, n + 7, n + 8, 2*(n+8) - 1, 100, 333}
		if i == 0 {
			sizes = append(sizes, 1080) // a projector's lobby screen
		}
		for _, px := range sizes {
			img := Image(url, px)
			scale := max(px/(n+8), 1)
			side := (n + 8) * scale
			if b := img.Bounds(); b != image.Rect(0, 0, side, side) {
				t.Fatalf("%q px %d: bounds %v, want %d×%d (%d modules × %d px)", url, px, b, side, side, n+8, scale)
			}
			if px >= n+8 && side > px {
				t.Errorf("px %d: image %d px is larger than asked", px, side)
			}
			for my := 0; my < n+8; my++ {
				for mx := 0; mx < n+8; mx++ {
					wantDark := mx >= 4 && my >= 4 && mx < n+4 && my < n+4 && modules[my-4][mx-4]
					for y := my * scale; y < (my+1)*scale; y++ {
						for x := mx * scale; x < (mx+1)*scale; x++ {
							r, g, b, a := img.At(x, y).RGBA()
							dark := r == 0 && g == 0 && b == 0
							light := r == 0xffff && g == 0xffff && b == 0xffff
							if a != 0xffff || (!dark && !light) {
								t.Fatalf("px %d: pixel (%d,%d) = %v, want pure black or white", px, x, y, img.At(x, y))
							}
							if dark != wantDark {
								t.Fatalf("px %d: module (%d,%d) pixel (%d,%d) dark=%v, want %v", px, mx, my, x, y, dark, wantDark)
							}
						}
					}
				}
			}
		}
	}
}

// TestPNGIsImage checks the PNG holds exactly the image, at 1 bit per pixel.
func TestPNGIsImage(t *testing.T) {
	url := testURLs[0]
	data, err := PNG(url, 300)
	if err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := Image(url, 300)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("PNG bounds %v, image bounds %v", got.Bounds(), want.Bounds())
	}
	for y := 0; y < want.Bounds().Dy(); y++ {
		for x := 0; x < want.Bounds().Dx(); x++ {
			r1, _, _, _ := got.At(x, y).RGBA()
			r2, _, _, _ := want.At(x, y).RGBA()
			if r1 != r2 {
				t.Fatalf("pixel (%d,%d): PNG %v, image %v", x, y, got.At(x, y), want.At(x, y))
			}
		}
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.ColorModel == nil {
		t.Fatalf("DecodeConfig: %v", err)
	}
	if data[24] != 1 { // IHDR bit depth
		t.Errorf("PNG bit depth %d, want 1", data[24])
	}
}

func TestTooLong(t *testing.T) {
	url := "http://10.0.0.5:8080/?room=" + strings.Repeat("x", 4000)
	if _, err := PNG(url, 200); err == nil {
		t.Error("PNG of a 4 kB URL: no error")
	}
	if img := Image(url, 200); img == nil || img.Bounds().Dx() != 200 {
		t.Errorf("Image of a 4 kB URL = %v, want a blank 200×200 image", img)
	}
	if s := Terminal(url); s != "" {
		t.Errorf("Terminal of a 4 kB URL = %d bytes, want \"\"", len(s))
	}
}

// TestTerminal reads the half blocks back into modules and compares them with the symbol,
// quiet zone included, and checks each line sets black on white and resets.
func TestTerminal(t *testing.T) {
	for _, url := range testURLs {
		modules, err := symbol(url)
		if err != nil {
			t.Fatal(err)
		}
		n := len(modules)
		side := n + 8
		out := Terminal(url)
		if !strings.HasSuffix(out, "\n") {
			t.Fatalf("output does not end in a newline")
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if want := (side + 1) / 2; len(lines) != want {
			t.Fatalf("%d lines, want %d for %d modules + quiet zone", len(lines), want, n)
		}
		got := make([][]bool, 2*len(lines))
		for i, line := range lines {
			if !strings.HasPrefix(line, "\x1b[30;47;107m") || !strings.HasSuffix(line, "\x1b[0m") {
				t.Fatalf("line %d %q does not set black on white and reset", i, line)
			}
			body := strings.TrimSuffix(strings.TrimPrefix(line, "\x1b[30;47;107m"), "\x1b[0m")
			if c := utf8.RuneCountInString(body); c != side {
				t.Fatalf("line %d is %d cells wide, want %d", i, c, side)
			}
			for _, r := range body {
				var top, bottom bool
				switch r {
				case ' ':
				case '▀':
					top = true
				case '▄':
					bottom = true
				case '█':
					top, bottom = true, true
				default:
					t.Fatalf("line %d: unexpected character %q", i, r)
				}
				got[2*i] = append(got[2*i], top)
				got[2*i+1] = append(got[2*i+1], bottom)
			}
		}
		for y := range got {
			for x := range got[y] {
				want := x >= 4 && y >= 4 && x < n+4 && y < n+4 && modules[y-4][x-4]
				if got[y][x] != want {
					t.Fatalf("%q: module (%d,%d) = %v, want %v", url, x, y, got[y][x], want)
				}
			}
		}
	}
}
