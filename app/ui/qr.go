package ui

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"nightfall/lan/qr"
)

// QRView shows the join URL's QR code as large as it fits, pixel-exact:
// every module is the same whole number of screen pixels (no smoothing, no
// grey edges), so a phone can read it from across the room.
type QRView struct {
	widget.BaseWidget
	url    string
	img    *canvas.Image
	bg     *canvas.Rectangle
	unit   int // pixels of the QR image at one pixel per module
	scale  int // pixels per module now
	shown  fyne.Size
	scaleF func() float32 // device pixels per Fyne unit
}

// NewQRView makes an empty QR view.
func NewQRView() *QRView {
	q := &QRView{img: canvas.NewImageFromImage(nil), bg: canvas.NewRectangle(colBackground)}
	q.img.ScaleMode = canvas.ImageScalePixels
	q.img.FillMode = canvas.ImageFillStretch
	q.ExtendBaseWidget(q)
	return q
}

// SetURL sets the URL to encode.
func (q *QRView) SetURL(url string) {
	if url == q.url {
		return
	}
	q.url = url
	q.unit, q.scale = 0, 0
	if url != "" {
		q.unit = qr.Image(url, 1).Bounds().Dx()
	}
	q.Refresh()
}

// Image is the QR image shown and its size on screen in Fyne units.
func (q *QRView) Image() (image.Image, fyne.Size) { return q.img.Image, q.shown }

func (q *QRView) deviceScale() float32 {
	if q.scaleF != nil {
		return q.scaleF()
	}
	if app := fyne.CurrentApp(); app != nil {
		if c := app.Driver().CanvasForObject(q); c != nil && c.Scale() > 0 {
			return c.Scale()
		}
	}
	return 1
}

// MinSize implements fyne.Widget.
func (q *QRView) MinSize() fyne.Size { return fyne.NewSize(160, 160) }

// CreateRenderer implements fyne.Widget.
func (q *QRView) CreateRenderer() fyne.WidgetRenderer { return &qrRenderer{q: q} }

type qrRenderer struct {
	q    *QRView
	size fyne.Size
}

func (r *qrRenderer) Destroy()                     {}
func (r *qrRenderer) MinSize() fyne.Size           { return r.q.MinSize() }
func (r *qrRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.q.bg, r.q.img} }
func (r *qrRenderer) Refresh() {
	r.Layout(r.size)
	r.q.img.Refresh()
}

func (r *qrRenderer) Layout(size fyne.Size) {
	r.size = size
	q := r.q
	q.bg.Resize(size)
	if q.unit == 0 || size.Width <= 0 {
		q.img.Image = nil
		q.shown = fyne.Size{}
		return
	}
	s := q.deviceScale()
	px := int(min(size.Width, size.Height) * s)
	k := max(px/q.unit, 1)
	if k != q.scale || q.img.Image == nil {
		q.scale = k
		q.img.Image = qr.Image(q.url, k*q.unit)
	}
	side := float32(k*q.unit) / s
	q.shown = fyne.NewSize(side, side)
	// Whole device pixels for the position too, so module edges stay sharp.
	x := float32(int((size.Width-side)/2*s)) / s
	y := float32(int((size.Height-side)/2*s)) / s
	q.img.Move(fyne.NewPos(x, y))
	q.img.Resize(q.shown)
}
