package audio

import (
	"encoding/binary"
	"math"
	"testing"
	"time"
)

// read reads d of the ambience and returns its RMS level per window w.
func read(a *Ambience, d, w time.Duration) []float64 {
	n := int(d * Rate / time.Second)
	buf := make([]byte, 2*n)
	a.Read(buf)
	per := int(w * Rate / time.Second)
	var out []float64
	for i := 0; i+per <= n; i += per {
		sum := 0.0
		for k := i; k < i+per; k++ {
			v := float64(int16(binary.LittleEndian.Uint16(buf[2*k:])))
			sum += v * v
		}
		out = append(out, math.Sqrt(sum/float64(per)))
	}
	return out
}

// The loop is audible but quiet, the same each time, and seamless: the
// jump from its last sample to its first is no larger than a step inside.
func TestAmbienceLoop(t *testing.T) {
	a, b := AmbienceLoop(), AmbienceLoop()
	if len(a) != int(ambienceLoop*Rate/time.Second) || len(a) != len(b) {
		t.Fatalf("%d samples", len(a))
	}
	maxStep, peak, sum := 0, 0, 0.0
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("two loops differ")
		}
		if i > 0 {
			maxStep = max(maxStep, abs(int(a[i])-int(a[i-1])))
		}
		peak = max(peak, abs(int(a[i])))
		sum += float64(a[i]) * float64(a[i])
	}
	rms := math.Sqrt(sum / float64(len(a)))
	if peak > ambiencePeak || rms < 500 {
		t.Errorf("peak %d, rms %.0f: want audible and at most %d", peak, rms, ambiencePeak)
	}
	if seam := abs(int(a[0]) - int(a[len(a)-1])); seam > maxStep {
		t.Errorf("the seam jumps %d, more than any step inside (%d)", seam, maxStep)
	}
}

// The plan without a device: silent in the lobby and by day; at nightfall
// it fades in over AmbienceFadeIn and holds; at dawn it fades out over
// AmbienceFadeOut to exact silence; the volume scales it; off fades out
// even at night; on again at night fades back in.
func TestAmbiencePlan(t *testing.T) {
	a := NewAmbience(nil)
	a.open = nil // no device
	const w = 250 * time.Millisecond
	if lv := read(a, 2*time.Second, w); maxOf(lv) != 0 {
		t.Fatalf("before the night: %v", lv)
	}
	a.SetNight(true)
	for i := 1; i <= 4; i++ { // the fade-in is linear
		read(a, AmbienceFadeIn/4, w)
		if g := a.Gain(); math.Abs(g-float64(i)/4) > 0.001 {
			t.Errorf("fading in: gain %.3f after %d/4 of it", g, i)
		}
	}
	full := mean(read(a, 3*time.Second, w))
	if full < 200 {
		t.Errorf("the night holds at %.0f", full)
	}
	fresh := NewAmbience(nil)
	fresh.open = nil
	fresh.SetNight(true)
	if first := read(fresh, w, w)[0]; first > full/4 {
		t.Errorf("the fade-in starts at %.0f (the night holds at %.0f)", first, full)
	}
	if g := a.Gain(); g != 1 {
		t.Errorf("gain %v after the fade-in", g)
	}
	a.SetNight(true) // the same night again: nothing changes
	if g := a.Gain(); g != 1 {
		t.Errorf("gain %v", g)
	}

	a.SetVolume(0.25)
	read(a, time.Second, w) // the glide
	at := a.pos
	buf := make([]byte, 2*Rate)
	a.Read(buf)
	for i := range Rate {
		got := int(int16(binary.LittleEndian.Uint16(buf[2*i:])))
		want := int(float64(a.loop[(at+int64(i))%int64(len(a.loop))]) * 0.25)
		if abs(got-want) > 1 {
			t.Fatalf("at volume 0.25, sample %d is %d, want %d (the loop's quarter)", i, got, want)
		}
	}
	a.SetVolume(0.5)
	read(a, time.Second, w)

	a.SetNight(false) // dawn
	out := read(a, AmbienceFadeOut+time.Second, w)
	fade := int(AmbienceFadeOut / w)
	if out[0] < full/2 || out[fade-1] > full/4 {
		t.Errorf("fade-out: %.0f at dawn, %.0f at its end", out[0], out[fade-1])
	}
	if tail := out[fade:]; maxOf(tail) != 0 {
		t.Errorf("after the fade-out: %v", tail)
	}

	a.SetNight(true)
	read(a, AmbienceFadeIn, w)
	a.SetEnabled(false)
	off := read(a, AmbienceFadeOut+time.Second, w)
	if maxOf(off[int(AmbienceFadeOut/w):]) != 0 || !(off[0] > 0) {
		t.Errorf("turned off at night: %v", off)
	}
	a.SetEnabled(true)
	back := read(a, AmbienceFadeIn+time.Second, w)
	if back[0] > full/4 || mean(back[len(back)-3:]) < full/2 {
		t.Errorf("turned on again: %v", back)
	}
}

// A night that ends before the fade-in is done fades out from where it
// got to, in its share of the fade-out time.
func TestAmbienceShortNight(t *testing.T) {
	a := NewAmbience(nil)
	a.open = nil
	a.SetNight(true)
	read(a, AmbienceFadeIn/2, time.Second)
	if g := a.Gain(); math.Abs(g-0.5) > 0.01 {
		t.Fatalf("half-way: gain %v", g)
	}
	a.SetNight(false)
	read(a, AmbienceFadeOut/2, time.Second)
	if g := a.Gain(); g != 0 {
		t.Errorf("gain %v after half the fade-out", g)
	}
}

func maxOf(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
