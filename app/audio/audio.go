// Package audio plays the judge's narration from the bundled clips. Playing
// never blocks or crashes the caller: lines queue to one goroutine, which
// opens the sound device lazily; when there is none (a CI machine, Xvfb) it
// logs once and drops lines from then on.
package audio

import (
	"io/fs"
	"sync"
	"sync/atomic"
	"time"
)

// Rate is the sample rate of every clip and of the output (Hz, mono).
const Rate = 16000

const (
	clipGap = 90 * time.Millisecond  // between the clips of a line
	lineGap = 300 * time.Millisecond // between lines
	queue   = 8                      // lines waiting; more are dropped (the oldest first)
)

// sink is a sound output: play blocks until pcm has been played.
type sink interface {
	play(pcm []int16) error
	close()
}

// Player speaks lines made of clips.
type Player struct {
	fsys  fs.FS
	logf  func(string, ...any)
	q     chan []string
	muted atomic.Bool
	off   atomic.Bool // no sound device: drop everything
	stop  chan struct{}
	once  sync.Once

	// owned by the playing goroutine
	cache map[string][]int16
	out   sink
	open  func() (sink, error)
}

// New starts a player reading clips from fsys (paths like "zh/night.wav").
// logf receives the one-time "no sound" message and clip errors.
func New(fsys fs.FS, logf func(string, ...any)) *Player {
	p := &Player{fsys: fsys, logf: logf, q: make(chan []string, queue), stop: make(chan struct{}),
		cache: map[string][]int16{}, open: openSink}
	go p.run()
	return p
}

// SetMuted turns the voice off or on (lines said while muted are dropped).
func (p *Player) SetMuted(m bool) { p.muted.Store(m) }

// Muted reports whether the voice is off.
func (p *Player) Muted() bool { return p.muted.Load() }

// Say queues a line: clip names of language lang ("chime" is shared). It
// never blocks; when the queue is full the oldest waiting line is dropped.
func (p *Player) Say(lang string, clips []string) {
	if p.muted.Load() || p.off.Load() || len(clips) == 0 {
		return
	}
	paths := make([]string, len(clips))
	for i, c := range clips {
		paths[i] = ClipPath(lang, c)
	}
	for {
		select {
		case p.q <- paths:
			return
		case <-p.stop:
			return
		default:
		}
		select { // full: drop the oldest and try again
		case <-p.q:
		default:
		}
	}
}

// Close stops the player; a line being played may finish.
func (p *Player) Close() { p.once.Do(func() { close(p.stop) }) }

func (p *Player) run() {
	defer func() {
		if r := recover(); r != nil {
			p.logf("audio: stopped after a failure: %v", r)
			p.off.Store(true)
		}
		if p.out != nil {
			p.out.close()
		}
	}()
	for {
		select {
		case <-p.stop:
			return
		case paths := <-p.q:
			if p.muted.Load() {
				continue
			}
			pcm := p.line(paths)
			if len(pcm) == 0 {
				continue
			}
			if p.out == nil {
				s, err := p.open()
				if err != nil {
					p.logf("audio: no sound output, narration is text only: %v", err)
					p.off.Store(true)
					return
				}
				p.out = s
			}
			if err := p.out.play(pcm); err != nil {
				p.logf("audio: playing failed, narration is text only from now: %v", err)
				p.off.Store(true)
				return
			}
		}
	}
}

// line joins the clips with short gaps, followed by the pause between lines.
func (p *Player) line(paths []string) []int16 {
	var pcm []int16
	gap := make([]int16, int(clipGap*Rate/time.Second))
	for i, path := range paths {
		c, ok := p.cache[path]
		if !ok {
			var err error
			c, err = p.load(path)
			if err != nil {
				p.logf("audio: %s: %v", path, err)
			}
			p.cache[path] = c
		}
		if i > 0 {
			pcm = append(pcm, gap...)
		}
		pcm = append(pcm, c...)
	}
	if len(pcm) > 0 {
		pcm = append(pcm, make([]int16, int(lineGap*Rate/time.Second))...)
	}
	return pcm
}

func (p *Player) load(path string) ([]int16, error) {
	data, err := fs.ReadFile(p.fsys, path)
	if err != nil {
		return nil, err
	}
	return DecodeWAV(data)
}

// ulaw expands one G.711 µ-law byte.
func ulaw(b byte) int16 {
	b = ^b
	sign := b & 0x80
	exp := (b >> 4) & 0x07
	mant := b & 0x0f
	v := (int32(mant)<<3 + 0x84) << exp
	v -= 0x84
	if sign != 0 {
		return int16(-v)
	}
	return int16(v)
}
