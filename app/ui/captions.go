package ui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"nightfall/app/audio"
	"nightfall/app/voice"
	"nightfall/assets/sounds"
)

// Captions: every line the judge speaks is also written on the
// big screen, in a bar along its bottom, while it plays: the same words
// (voice.Line.Caption: the words of the clips it is made of), in the
// current language, white on black and large, whether the sound is on, off
// or has no device. A chime's caption is what it stands for: the
// announcement it opens, or the warning that time is running out. The bar
// is there while a game is on screen (so the table does not jump when a
// line starts or ends), empty between lines.

// joinSaid joins lines said one after the other as the caption bar (and a
// headline that is what the judge says: announce.go spokenText) writes
// them: in English after a space, with a full stop after a line that ends
// without one (a chime's headline: "…has the most votes (34). Seat 6 is
// out.", never "(34) Seat 6 is out."); in Chinese after a full stop where
// the line before ends without one ("天亮了，请睁眼。5号死亡", never
// "请睁眼 5号死亡").
func joinSaid(parts []string) string {
	if Language() == "en" {
		var b strings.Builder
		for i, p := range parts {
			if i > 0 {
				if prev := strings.TrimRight(parts[i-1], " "); prev != "" && !strings.ContainsRune(".!?…:;", []rune(prev)[len([]rune(prev))-1]) {
					b.WriteString(".")
				}
				b.WriteString(" ")
			}
			b.WriteString(p)
		}
		return b.String()
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			prev := []rune(parts[i-1])
			if len(prev) > 0 && !strings.ContainsRune("。！？，；：…", prev[len(prev)-1]) {
				b.WriteString("。")
			}
		}
		b.WriteString(p)
	}
	return b.String()
}

// captionLinger is how long a caption stays after its line has played.
const captionLinger = 2 * time.Second

// captionPart is one spoken line on the caption bar.
type captionPart struct {
	line  voice.Line
	stand func() string // what a chime stands for, in the current language (nil: nothing)
}

func (c captionPart) text() string {
	if w := c.line.Caption(Language()); w != "" {
		return w
	}
	if c.stand != nil {
		return c.stand()
	}
	return ""
}

// say speaks lines and shows them as the caption, at now: lines said at the
// same moment share the bar, a later moment's replace them. stand is what a
// chime among them stands for.
func (s *Shell) say(now time.Time, ls []voice.Line, stand func() string) {
	if len(ls) == 0 {
		return
	}
	lang := Language()
	if !now.Equal(s.capAt) || len(s.cap) == 0 {
		s.cap, s.capAt, s.capUntil = nil, now, now.Add(captionLinger)
	}
	for _, l := range ls {
		s.cap = append(s.cap, captionPart{line: l, stand: stand})
		for _, c := range l.Clips(lang) {
			s.capUntil = s.capUntil.Add(audio.Duration(sounds.FS, lang, c))
		}
	}
	s.showCaption()
	for _, l := range ls {
		s.voice.Say(lang, l.Clips(lang))
	}
}

// captionTick clears the caption once its lines have played.
func (s *Shell) captionTick(now time.Time) {
	if len(s.cap) > 0 && now.After(s.capUntil) {
		s.cap = nil
		s.showCaption()
	}
}

// Caption is the text on the caption bar now ("" between lines).
func (s *Shell) Caption() string {
	var parts []string
	for _, p := range s.captionParts() {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return joinSaid(parts)
}

// captionParts are the texts of the lines on the bar, in the current
// language, one per line said (empty for a chime that stands for nothing).
func (s *Shell) captionParts() []string {
	out := make([]string, len(s.cap))
	for i, c := range s.cap {
		out[i] = c.text()
	}
	return out
}

// showCaption redraws the caption bar: shown while a game is on screen.
func (s *Shell) showCaption() {
	s.capBar.text.Text = s.Caption()
	s.capBar.Refresh()
	on := s.has && s.hv.Table != nil && !s.errShown
	if on != s.capBar.Visible() {
		if on {
			s.capBar.Show()
		} else {
			s.capBar.Hide()
		}
		s.screens.Refresh()
	}
}

// captionBar is the strip along the bottom of the big screen.
type captionBar struct {
	widget.BaseWidget
	bg, rule *canvas.Rectangle // rule: a line along its top in the high-contrast look (black on black)
	text     *canvas.Text
}

func newCaptionBar() *captionBar {
	b := &captionBar{bg: canvas.NewRectangle(colCaption), rule: canvas.NewRectangle(colDeadText), text: canvas.NewText("", colCaptionText)}
	b.text.TextStyle.Bold = true
	b.text.Alignment = fyne.TextAlignCenter
	b.ExtendBaseWidget(b)
	return b
}

// CaptionText is the caption bar's text as drawn (for tests).
func (b *captionBar) CaptionText() *canvas.Text { return b.text }

func (b *captionBar) CreateRenderer() fyne.WidgetRenderer { return &captionRenderer{b: b} }

type captionRenderer struct {
	b    *captionBar
	size fyne.Size
}

func (r *captionRenderer) Destroy()           {}
func (r *captionRenderer) MinSize() fyne.Size { return fyne.NewSize(10, 10) }
func (r *captionRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.b.bg, r.b.rule, r.b.text}
}
func (r *captionRenderer) Refresh() {
	r.b.bg.FillColor, r.b.rule.FillColor, r.b.text.Color = colCaption, colDeadText, colCaptionText
	r.Layout(r.size)
	r.b.bg.Refresh()
	r.b.rule.Refresh()
	r.b.text.Refresh()
}

// Layout: the text as large as the bar allows (62% of its height), smaller
// when a long caption would not fit across.
func (r *captionRenderer) Layout(size fyne.Size) {
	r.size = size
	r.b.bg.Resize(size)
	if accessibleLook {
		r.b.rule.Resize(fyne.NewSize(size.Width, max(2, size.Height*0.03)))
		r.b.rule.Show()
	} else {
		r.b.rule.Hide()
	}
	pad := size.Height * 0.3
	ts := fit(r.b.text, size.Height*0.62, max(size.Width-2*pad, 10))
	r.b.text.Move(fyne.NewPos(pad, (size.Height-ts.Height)/2))
	r.b.text.Resize(fyne.NewSize(max(size.Width-2*pad, 10), ts.Height))
}

// screensLayout puts the screen above the caption bar (when it shows): the
// bar takes 8% of the height (10% with the larger text), the screen the rest.
type screensLayout struct{ bar *captionBar }

func (l *screensLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}

func (l *screensLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	h := float32(0)
	if l.bar.Visible() {
		h = captionHeight(size.Height)
		l.bar.Move(fyne.NewPos(0, size.Height-h))
		l.bar.Resize(fyne.NewSize(size.Width, h))
	}
	for _, o := range objs {
		if o != l.bar {
			o.Move(fyne.Position{})
			o.Resize(fyne.NewSize(size.Width, size.Height-h))
		}
	}
}

// captionHeight is the caption bar's height in an area h high.
func captionHeight(h float32) float32 {
	if accessibleLook {
		return h * 0.1
	}
	return h * 0.08
}
