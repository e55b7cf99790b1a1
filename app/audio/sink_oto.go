//go:build cgo && !ci

package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// openSink opens the system's sound output with oto (ALSA on Linux).
func openSink() (sink, error) {
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate: Rate, ChannelCount: 1, Format: oto.FormatSignedInt16LE,
	})
	if err != nil {
		return nil, err
	}
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		return nil, errors.New("the sound device did not become ready")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &otoSink{ctx: ctx}, nil
}

type otoSink struct{ ctx *oto.Context }

func (s *otoSink) play(pcm []int16, cut <-chan struct{}) error {
	buf := make([]byte, 2*len(pcm))
	for i, v := range pcm {
		binary.LittleEndian.PutUint16(buf[2*i:], uint16(v))
	}
	p := s.ctx.NewPlayer(bytes.NewReader(buf))
	p.Play()
	limit := time.Now().Add(time.Duration(len(pcm))*time.Second/Rate + 3*time.Second)
	for p.IsPlaying() {
		if time.Now().After(limit) {
			return errors.New("playback stalled")
		}
		select {
		case <-cut:
			p.Pause()
			return s.ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return s.ctx.Err()
}

func (s *otoSink) stream(r io.Reader) (func(), error) {
	p := s.ctx.NewPlayer(r)
	p.SetBufferSize(2 * Rate / 5) // 200 ms ahead: the fades follow the table closely
	p.Play()
	var once sync.Once
	return func() { once.Do(p.Pause) }, s.ctx.Err()
}

func (s *otoSink) close() {}
