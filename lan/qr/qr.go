// Package qr draws the join URL as a QR code: a pixel-exact image for the
// big screen (Image), a PNG for the host's own browser (PNG) and half-block
// text for a terminal (Terminal). Every rendering uses error correction
// level M and the 4-module quiet zone scanners need.
package qr

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// quietZone is the width, in modules, of the light margin around a QR symbol required by
// ISO/IEC 18004 for scanners to find it.
const quietZone = 4

// symbol returns the QR symbol of url, error correction level M (15%: survives glare on a
// projector), without quiet zone: modules[y][x] is true for a dark module.
func symbol(url string) ([][]bool, error) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	q.DisableBorder = true
	return q.Bitmap(), nil
}

// palette is pure white (index 0) and pure black (index 1).
var palette = color.Palette{color.Gray{Y: 0xff}, color.Gray{Y: 0x00}}

// render draws modules with a 4-module quiet zone so that every module is exactly scale×scale
// pixels: no interpolation, no grey.
func render(modules [][]bool, scale int) *image.Paletted {
	side := (len(modules) + 2*quietZone) * scale
	img := image.NewPaletted(image.Rect(0, 0, side, side), palette) // all index 0: white
	for my, row := range modules {
		for mx, dark := range row {
			if !dark {
				continue
			}
			x0, y0 := (mx+quietZone)*scale, (my+quietZone)*scale
			for y := y0; y < y0+scale; y++ {
				line := img.Pix[y*img.Stride+x0 : y*img.Stride+x0+scale]
				for i := range line {
					line[i] = 1
				}
			}
		}
	}
	return img
}

// scaleFor is the whole number of pixels per module that fits n modules plus the quiet zones in
// px pixels, at least 1.
func scaleFor(n, px int) int {
	return max(px/(n+2*quietZone), 1)
}

// Image renders url as a pixel-exact QR code (error correction M) at most px pixels wide:
// every module is the same whole number of pixels, scale = px / (modules + 8), with a 4-module
// white quiet zone, pure black on pure white. The image is square, (modules+8)·scale pixels,
// so it may be a little smaller than px; when px is too small for one pixel per module it is
// drawn at one pixel per module (larger than px). Draw it without smoothing (in Fyne:
// canvas.ImageScalePixels).
//
// If url cannot be encoded (longer than about 2 kB) the result is a blank white px×px image;
// PNG reports the error.
func Image(url string, px int) image.Image {
	modules, err := symbol(url)
	if err != nil {
		side := max(px, 1)
		return image.NewPaletted(image.Rect(0, 0, side, side), palette)
	}
	return render(modules, scaleFor(len(modules), px))
}

// PNG is Image encoded as a PNG (1-bit palette). It fails only when url is too long for a
// QR code.
func PNG(url string, px int) ([]byte, error) {
	modules, err := symbol(url)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, render(modules, scaleFor(len(modules), px))); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// The colours of Terminal: black foreground on white background (47, then 107, bright
// white, for terminals that know it; the others ignore 107), and the reset at each line's end.
const (
	termStart = "\x1b[30;47;107m"
	termReset = "\x1b[0m"
)

// Terminal renders url as a QR code (error correction M) for a terminal, for `nightfall serve`:
// two modules per character cell, top and bottom, with the half blocks ▀ ▄ █ and spaces, and the
// 4-module quiet zone. Each line sets its own colours, black on white, with ANSI escapes and
// resets them at its end, so the code reads the same in a dark or a light terminal (a plain
// rendering would come out inverted in one of them, and scanners want dark on light). Lines end
// in "\n". It returns "" if url is too long for a QR code.
func Terminal(url string) string {
	modules, err := symbol(url)
	if err != nil {
		return ""
	}
	n := len(modules)
	side := n + 2*quietZone
	dark := func(x, y int) bool {
		x, y = x-quietZone, y-quietZone
		return x >= 0 && y >= 0 && x < n && y < n && modules[y][x]
	}
	var b strings.Builder
	for y := 0; y < side; y += 2 { // side is odd: the last line's lower halves are background
		b.WriteString(termStart)
		for x := 0; x < side; x++ {
			top, bottom := dark(x, y), dark(x, y+1)
			switch {
			case top && bottom:
				b.WriteString("█")
			case top:
				b.WriteString("▀")
			case bottom:
				b.WriteString("▄")
			default:
				b.WriteString(" ")
			}
		}
		b.WriteString(termReset)
		b.WriteString("\n")
	}
	return b.String()
}
