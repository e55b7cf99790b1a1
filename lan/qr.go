package lan

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// qrQuietZone is the width, in modules, of the light margin around a QR symbol required by
// ISO/IEC 18004 for scanners to find it.
const qrQuietZone = 4

// qrModules returns the QR symbol of url, error correction level M (15%: survives glare on a
// projector), without quiet zone: modules[y][x] is true for a dark module.
func qrModules(url string) ([][]bool, error) {
	q, err := qrcode.New(url, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	q.DisableBorder = true
	return q.Bitmap(), nil
}

// qrPalette is pure white (index 0) and pure black (index 1).
var qrPalette = color.Palette{color.Gray{Y: 0xff}, color.Gray{Y: 0x00}}

// qrRender draws modules with a 4-module quiet zone so that every module is exactly scale×scale
// pixels: no interpolation, no grey.
func qrRender(modules [][]bool, scale int) *image.Paletted {
	side := (len(modules) + 2*qrQuietZone) * scale
	img := image.NewPaletted(image.Rect(0, 0, side, side), qrPalette) // all index 0: white
	for my, row := range modules {
		for mx, dark := range row {
			if !dark {
				continue
			}
			x0, y0 := (mx+qrQuietZone)*scale, (my+qrQuietZone)*scale
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

// qrScale is the whole number of pixels per module that fits n modules plus the quiet zones in
// px pixels, at least 1.
func qrScale(n, px int) int {
	return max(px/(n+2*qrQuietZone), 1)
}

// QRImage renders url as a pixel-exact QR code (error correction M) at most px pixels wide:
// every module is the same whole number of pixels, scale = px / (modules + 8), with a 4-module
// white quiet zone, pure black on pure white. The image is square, (modules+8)·scale pixels,
// so it may be a little smaller than px; when px is too small for one pixel per module it is
// drawn at one pixel per module (larger than px). Draw it without smoothing (in Fyne:
// canvas.ImageScalePixels).
//
// If url cannot be encoded (longer than about 2 kB) the result is a blank white px×px image;
// QRPNG reports the error.
func QRImage(url string, px int) image.Image {
	modules, err := qrModules(url)
	if err != nil {
		side := max(px, 1)
		return image.NewPaletted(image.Rect(0, 0, side, side), qrPalette)
	}
	return qrRender(modules, qrScale(len(modules), px))
}

// QRPNG is QRImage encoded as a PNG (1-bit palette). It fails only when url is too long for a
// QR code.
func QRPNG(url string, px int) ([]byte, error) {
	modules, err := qrModules(url)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, qrRender(modules, qrScale(len(modules), px))); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Terminal colours of TerminalQR: black foreground on white background (47, then 107, bright
// white, for terminals that know it; the others ignore 107), and the reset at each line's end.
const (
	qrTermStart = "\x1b[30;47;107m"
	qrTermReset = "\x1b[0m"
)

// TerminalQR renders url as a QR code (error correction M) for a terminal, for `nightfall serve`:
// two modules per character cell, top and bottom, with the half blocks ▀ ▄ █ and spaces, and the
// 4-module quiet zone. Each line sets its own colours, black on white, with ANSI escapes and
// resets them at its end, so the code reads the same in a dark or a light terminal (a plain
// rendering would come out inverted in one of them, and scanners want dark on light). Lines end
// in "\n". It returns "" if url is too long for a QR code.
func TerminalQR(url string) string {
	modules, err := qrModules(url)
	if err != nil {
		return ""
	}
	n := len(modules)
	side := n + 2*qrQuietZone
	dark := func(x, y int) bool {
		x, y = x-qrQuietZone, y-qrQuietZone
		return x >= 0 && y >= 0 && x < n && y < n && modules[y][x]
	}
	var b strings.Builder
	for y := 0; y < side; y += 2 { // side is odd: the last line's lower halves are background
		b.WriteString(qrTermStart)
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
		b.WriteString(qrTermReset)
		b.WriteString("\n")
	}
	return b.String()
}
