// Command icon draws Nightfall's application icon, assets/icon.png (FyneApp.toml's Icon):
// a crescent moon and a few stars on a night-blue rounded square, 512×512.
//
//	go run ./app/dist/icon assets/icon.png
package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

const (
	size = 512
	ss   = 4 // supersampling per axis
)

// inside reports whether the point (x, y) in [0,1]² is covered, and with what colour.
func shade(x, y float64) (color.NRGBA, bool) {
	// Rounded square.
	const r = 0.18
	dx := math.Max(math.Abs(x-0.5)-(0.5-r), 0)
	dy := math.Max(math.Abs(y-0.5)-(0.5-r), 0)
	if dx*dx+dy*dy > r*r {
		return color.NRGBA{}, false
	}
	// Crescent: a disc minus a disc shifted up and right.
	inDisc := func(cx, cy, rad float64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= rad*rad }
	if inDisc(0.47, 0.53, 0.30) && !inDisc(0.60, 0.42, 0.26) {
		return color.NRGBA{0xf6, 0xd3, 0x65, 0xff}, true
	}
	// Stars: small four-pointed sparkles.
	for _, s := range [][3]float64{{0.80, 0.76, 0.05}, {0.80, 0.25, 0.035}, {0.28, 0.22, 0.03}} {
		ax, ay := math.Abs(x-s[0]), math.Abs(y-s[1])
		if math.Sqrt(ax)+math.Sqrt(ay) <= math.Sqrt(s[2]) {
			return color.NRGBA{0xee, 0xf0, 0xff, 0xff}, true
		}
	}
	// Night sky: a vertical gradient.
	top, bottom := [3]float64{0x1b, 0x21, 0x4a}, [3]float64{0x07, 0x09, 0x1c}
	var c color.NRGBA
	c.A = 0xff
	for i, p := range []*uint8{&c.R, &c.G, &c.B} {
		*p = uint8(top[i] + (bottom[i]-top[i])*y)
	}
	return c, true
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: icon OUT.png")
		os.Exit(2)
	}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) / size
					y := (float64(py) + (float64(sy)+0.5)/ss) / size
					if c, ok := shade(x, y); ok {
						r += float64(c.R)
						g += float64(c.G)
						b += float64(c.B)
						a++
					}
				}
			}
			if a > 0 {
				img.SetNRGBA(px, py, color.NRGBA{uint8(r / a), uint8(g / a), uint8(b / a), uint8(255 * a / (ss * ss))})
			}
		}
	}
	f, err := os.Create(os.Args[1])
	if err == nil {
		err = png.Encode(f, img)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "icon:", err)
		os.Exit(1)
	}
}
