// Package audio plays the judge's narration from the bundled clips. Playing
// never blocks or crashes the caller: lines queue to one goroutine, which
// opens the sound device lazily; when there is none (a CI machine, Xvfb) it
// logs once and drops lines from then on.
package audio

import (
	"io"
	"io/fs"
	"slices"
	"strings"
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

// sink is a sound output: play blocks until pcm has been played, or stops
// it and returns nil as soon as cut is closed; stream plays r (16-bit
// little-endian mono at Rate, endless) alongside until stop.
type sink interface {
	play(pcm []int16, cut <-chan struct{}) error
	stream(r io.Reader) (stop func(), err error)
	close()
}

// shared is the one sound output of the process (oto allows one context):
// the narration and the ambience play through it.
var shared struct {
	once sync.Once
	s    sink
	err  error
}

func sharedSink() (sink, error) {
	shared.once.Do(func() { shared.s, shared.err = openSink() })
	return shared.s, shared.err
}

// Player speaks lines made of clips.
type Player struct {
	fsys  fs.FS
	logf  func(string, ...any)
	q     chan queued
	muted atomic.Bool
	pack  atomic.Pointer[Pack] // a voice pack's lines, said before the built-in clips
	off   atomic.Bool          // no sound device: drop everything
	stop  chan struct{}
	once  sync.Once

	hushMu sync.Mutex
	gen    uint64        // Hush calls so far: a line queued before the last one is not said
	cut    chan struct{} // the line playing: Hush closes it (nil: none)

	// owned by the playing goroutine
	cache map[string][]int16
	out   sink
	open  func() (sink, error)
}

// New starts a player reading clips from fsys (paths like "zh/night.wav").
// logf receives the one-time "no sound" message and clip errors.
func New(fsys fs.FS, logf func(string, ...any)) *Player {
	p := &Player{fsys: fsys, logf: logf, q: make(chan queued, queue), stop: make(chan struct{}),
		cache: map[string][]int16{}, open: sharedSink}
	go p.run()
	return p
}

// SetMuted turns the voice off or on (lines said while muted are dropped).
func (p *Player) SetMuted(m bool) { p.muted.Store(m) }

// SetPack makes the narration say pk's lines where it has them, and the
// built-in clips elsewhere (nil: the built-in clips only).
func (p *Player) SetPack(pk *Pack) { p.pack.Store(pk) }

// Muted reports whether the voice is off.
func (p *Player) Muted() bool { return p.muted.Load() }

// Say queues a line: clip names of language lang ("chime" is shared). It
// never blocks; when the queue is full the oldest waiting line is dropped.
func (p *Player) Say(lang string, clips []string) {
	if p.muted.Load() || p.off.Load() || len(clips) == 0 {
		return
	}
	p.hushMu.Lock()
	it := queued{lang: lang, clips: slices.Clone(clips), gen: p.gen}
	p.hushMu.Unlock()
	for {
		select {
		case p.q <- it:
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

// queued is a line waiting to be said, and the Hush it was said after.
type queued struct {
	lang  string
	clips []string
	gen   uint64
}

// Hush cuts the line being said short and drops the lines waiting (the
// table's briefing when the host begins the night). It never blocks.
func (p *Player) Hush() {
	p.hushMu.Lock()
	p.gen++
	if p.cut != nil {
		close(p.cut)
		p.cut = nil
	}
	p.hushMu.Unlock()
	for {
		select {
		case <-p.q:
		default:
			return
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
		case it := <-p.q:
			if p.muted.Load() {
				continue
			}
			p.hushMu.Lock()
			if it.gen != p.gen { // hushed while it waited
				p.hushMu.Unlock()
				continue
			}
			cut := make(chan struct{})
			p.cut = cut
			p.hushMu.Unlock()
			pcm := p.line(it.lang, it.clips)
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
			err := p.out.play(pcm, cut)
			p.hushMu.Lock()
			if p.cut == cut {
				p.cut = nil
			}
			p.hushMu.Unlock()
			if err != nil {
				p.logf("audio: playing failed, narration is text only from now: %v", err)
				p.off.Store(true)
				return
			}
		}
	}
}

// line joins the clips with short gaps, followed by the pause between lines.
func (p *Player) line(lang string, clips []string) []int16 {
	var pcm []int16
	gap := make([]int16, int(clipGap*Rate/time.Second))
	pk := p.pack.Load()
	first := true
	for _, clip := range clips {
		for _, c := range p.sounds(pk, lang, clip) {
			if !first {
				pcm = append(pcm, gap...)
			}
			first = false
			pcm = append(pcm, c...)
		}
	}
	if len(pcm) > 0 {
		pcm = append(pcm, make([]int16, int(lineGap*Rate/time.Second))...)
	}
	return pcm
}

// sounds are what says clip in lang, one or more sounds said with the
// short gap between them: the pack's recording where it has one, else the
// built-in clip. A phrase said whole ("n6+died") is said as its pieces
// (n6, died: each the pack's where it has it, else the built-in one) when
// the pack has any of them but not the whole (the pack's voice, rather
// than the built-in voice's sentence), and when there is no built-in clip
// of it either.
func (p *Player) sounds(pk *Pack, lang, clip string) [][]int16 {
	if c, ok := pk.Clip(ClipPath(lang, clip)); ok {
		return [][]int16{c}
	}
	pieces := strings.Split(clip, "+")
	if len(pieces) > 1 && slices.ContainsFunc(pieces, func(pc string) bool { _, ok := pk.Clip(ClipPath(lang, pc)); return ok }) {
		return p.piecesOf(pk, lang, pieces)
	}
	path := ClipPath(lang, clip)
	c, ok := p.cache[path]
	if !ok {
		var err error
		c, err = p.load(path)
		if err != nil && len(pieces) == 1 { // a whole phrase without a clip is said as its pieces
			p.logf("audio: %s: %v", path, err)
		}
		p.cache[path] = c
	}
	if len(c) == 0 && len(pieces) > 1 {
		return p.piecesOf(pk, lang, pieces)
	}
	return [][]int16{c}
}

func (p *Player) piecesOf(pk *Pack, lang string, pieces []string) [][]int16 {
	var out [][]int16
	for _, pc := range pieces {
		out = append(out, p.sounds(pk, lang, pc)...)
	}
	return out
}

func (p *Player) load(path string) ([]int16, error) {
	data, err := fs.ReadFile(p.fsys, path)
	if err != nil {
		return nil, err
	}
	return decodeClip(path, data)
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
