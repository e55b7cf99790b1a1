package audio

import (
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"time"
)

// The night's ambience: a quiet, endless background sound on the big screen
// while the table sleeps, so that the sounds of people moving (a killer
// reaching for a phone) are masked. It is synthesised here (no recording,
// no licence): white noise through a band-pass of about 80–1200 Hz (the
// band of rustling and footsteps, which small speakers also play), slowly
// swelling like wind or distant rain, made into a loop whose end runs into
// its start. It fades in at nightfall and out at dawn;
// the host sets its volume or turns it off. The phones never play it: the
// phone page has no sound at all.

const (
	// AmbienceFadeIn and AmbienceFadeOut are the ramps at nightfall and dawn.
	AmbienceFadeIn  = 4 * time.Second
	AmbienceFadeOut = 3 * time.Second
	// DefaultAmbienceVolume is the volume before the host sets one (0–1).
	DefaultAmbienceVolume = 0.5
	// ambienceLoop is the loop's length; ambienceSeam the crossfade that
	// joins its end to its start.
	ambienceLoop = 12 * time.Second
	ambienceSeam = 2 * time.Second
	// ambiencePeak is the loop's loudest sample at volume 1: quiet, well
	// under the narration's peaks, so that the judge is always heard.
	ambiencePeak = 6000
)

// AmbienceLoop synthesises the loop (mono, Rate), the same every time.
func AmbienceLoop() []int16 {
	n := int(ambienceLoop * Rate / time.Second)
	seam := int(ambienceSeam * Rate / time.Second)
	r := rand.New(rand.NewPCG(0x6e69676874, 0x66616c6c)) // "night", "fall"
	raw := make([]float64, n+seam)
	var lp, floor float64
	for i := range raw {
		lp += 0.35 * (r.Float64()*2 - 1 - lp) // one-pole low-pass, ≈ 1.2 kHz at 16 kHz
		floor += 0.03 * (lp - floor)          // ≈ 80 Hz: taken away below
		t := float64(i) / Rate
		swell := 0.75 + 0.25*math.Sin(2*math.Pi*t/ambienceLoop.Seconds()*2) // two slow swells per loop
		raw[i] = (lp - floor) * swell
	}
	// crossfade the tail (past n) into the head, so the loop has no seam
	for i := range seam {
		a := float64(i) / float64(seam)
		raw[i] = raw[i]*a + raw[n+i]*(1-a)
	}
	raw = raw[:n]
	peak := 0.0
	for _, v := range raw {
		peak = max(peak, math.Abs(v))
	}
	out := make([]int16, n)
	for i, v := range raw {
		out[i] = int16(v / peak * ambiencePeak)
	}
	return out
}

// ramp is a gain moving linearly from one level to another over a number
// of samples, counted on the ambience's own sample clock.
type ramp struct {
	from, to float64
	start    int64 // sample at which it starts
	length   int64
}

func (r ramp) at(pos int64) float64 {
	if r.length <= 0 || pos >= r.start+r.length {
		return r.to
	}
	if pos <= r.start {
		return r.from
	}
	return r.from + (r.to-r.from)*float64(pos-r.start)/float64(r.length)
}

// Ambience is the night's background sound as a stream of samples: Read
// gives 16-bit little-endian mono at Rate, forever, shaped by the fades.
// Its plan is kept on its own sample clock (the samples read so far), so
// what plays when is the same with a sound device or without one (the
// tests read it). Methods may be called from any goroutine.
type Ambience struct {
	mu      sync.Mutex
	loop    []int16
	pos     int64 // samples read so far
	env     ramp  // the fades (0: silent, 1: night)
	night   bool
	enabled bool
	volume  float64
	vol     ramp // a volume change glides (no click)

	// playing, with a device: started once, at the first night
	logf    func(string, ...any)
	open    func() (sink, error)
	stop    func()
	started bool
	closed  bool
}

// NewAmbience makes the ambience, on and at DefaultAmbienceVolume, silent
// until the first night. logf gets the one-time "no sound" message.
func NewAmbience(logf func(string, ...any)) *Ambience {
	return &Ambience{loop: AmbienceLoop(), enabled: true, volume: DefaultAmbienceVolume,
		vol: ramp{from: DefaultAmbienceVolume, to: DefaultAmbienceVolume}, logf: logf, open: sharedSink}
}

// SetNight says whether the table is in a night now: the sound fades in at
// nightfall and out at dawn (and at the end of a game).
func (a *Ambience) SetNight(night bool) { a.setSwitch(&a.night, night, &a.enabled) }

// SetEnabled turns the ambience on or off (off fades out).
func (a *Ambience) SetEnabled(on bool) { a.setSwitch(&a.enabled, on, &a.night) }

// setSwitch sets one of the two switches that both must be on for the
// sound to play (a night, the ambience enabled): a change fades towards
// the new state and starts the sound when both are on now.
func (a *Ambience) setSwitch(sw *bool, on bool, other *bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if on == *sw {
		return
	}
	*sw = on
	a.fade()
	if on && *other {
		a.startLocked()
	}
}

// SetVolume sets the volume, 0 (silent) to 1; it glides there in a
// quarter of a second.
func (a *Ambience) SetVolume(v float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	v = min(max(v, 0), 1)
	a.vol = ramp{from: a.vol.at(a.pos), to: v, start: a.pos, length: Rate / 4}
	a.volume = v
}

// Volume and Enabled are the settings.
func (a *Ambience) Volume() float64 { a.mu.Lock(); defer a.mu.Unlock(); return a.volume }
func (a *Ambience) Enabled() bool   { a.mu.Lock(); defer a.mu.Unlock(); return a.enabled }

// Gain is the fades' level now (0 silent … 1 full night), before the volume.
func (a *Ambience) Gain() float64 { a.mu.Lock(); defer a.mu.Unlock(); return a.env.at(a.pos) }

// fade starts the ramp towards what the night and the switch want, from
// where the level is now.
func (a *Ambience) fade() {
	to, d := 0.0, AmbienceFadeOut
	if a.night && a.enabled {
		to, d = 1, AmbienceFadeIn
	}
	from := a.env.at(a.pos)
	// a partial ramp takes its share of the time
	length := int64(math.Abs(to-from) * float64(d) * Rate / float64(time.Second))
	a.env = ramp{from: from, to: to, start: a.pos, length: length}
}

// Read fills p with the next samples (an even number of bytes; never EOF).
func (a *Ambience) Read(p []byte) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := len(p) / 2
	for i := range n {
		g := a.env.at(a.pos) * a.vol.at(a.pos)
		var v int16
		if g > 0 {
			v = int16(float64(a.loop[a.pos%int64(len(a.loop))]) * g)
		}
		binary.LittleEndian.PutUint16(p[2*i:], uint16(v))
		a.pos++
	}
	return 2 * n, nil
}

// startLocked starts playing on the sound device, once (a.mu held).
func (a *Ambience) startLocked() {
	if a.started || a.closed || a.open == nil {
		return
	}
	a.started = true
	go func() {
		s, err := a.open()
		if err == nil {
			var stop func()
			stop, err = s.stream(a)
			if err == nil {
				a.mu.Lock()
				a.stop = stop
				closed := a.closed
				a.mu.Unlock()
				if closed {
					stop()
				}
				return
			}
		}
		if a.logf != nil {
			a.logf("audio: no sound output, the night is silent: %v", err)
		}
	}()
}

// Close stops the sound.
func (a *Ambience) Close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
	if a.stop != nil {
		a.stop()
		a.stop = nil
	}
}

var _ io.Reader = (*Ambience)(nil)
