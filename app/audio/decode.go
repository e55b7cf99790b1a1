package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/hajimehoshi/go-mp3"
)

// maxLine is the longest recorded line a voice pack may hold.
const maxLine = 20 * time.Second

// Decode reads a recorded line, WAV or MP3 (told by its content), of any
// sample rate and channel count, into the player's mono 16-bit samples at
// Rate. WAV: 8-, 16-, 24- or 32-bit PCM, 32-bit float, or µ-law. MP3: MPEG
// audio layer III (github.com/hajimehoshi/go-mp3).
func Decode(data []byte) ([]int16, error) {
	switch {
	case len(data) >= 12 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "WAVE":
		return decodeWAV(data)
	case len(data) >= 4 && string(data[0:4]) == "OggS":
		return nil, errors.New("an Ogg Vorbis file, which is not read: convert it to WAV or MP3")
	case len(data) >= 3 && (string(data[0:3]) == "ID3" || data[0] == 0xff && data[1]&0xe0 == 0xe0):
		return decodeMP3(data)
	}
	return nil, errors.New("neither WAV nor MP3")
}

func decodeWAV(data []byte) ([]int16, error) {
	w, err := readWAV(data)
	if err != nil {
		return nil, err
	}
	if w.channels == 0 || w.rate < 4000 || w.rate > 192000 {
		return nil, fmt.Errorf("no usable format (%d channels at %d Hz)", w.channels, w.rate)
	}
	frames, err := wavSamples(w.data, w.format, w.bits, int(w.channels))
	if err != nil {
		return nil, err
	}
	return toRate(frames, int(w.rate))
}

// wavSamples decodes the data chunk and mixes its channels to mono
// (floats in -1..1).
func wavSamples(body []byte, format, bits uint16, channels int) ([]float64, error) {
	var get func(b []byte) float64
	size := int(bits) / 8
	switch {
	case format == 1 && bits == 8:
		get = func(b []byte) float64 { return (float64(b[0]) - 128) / 128 }
	case format == 1 && bits == 16:
		get = func(b []byte) float64 { return float64(int16(binary.LittleEndian.Uint16(b))) / 32768 }
	case format == 1 && bits == 24:
		get = func(b []byte) float64 {
			return float64(int32(uint32(b[0])<<8|uint32(b[1])<<16|uint32(b[2])<<24)>>8) / 8388608
		}
	case format == 1 && bits == 32:
		get = func(b []byte) float64 { return float64(int32(binary.LittleEndian.Uint32(b))) / 2147483648 }
	case format == 3 && bits == 32:
		get = func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
	case format == 7 && bits == 8:
		get = func(b []byte) float64 { return float64(ulaw(b[0])) / 32768 }
	default:
		return nil, fmt.Errorf("unsupported WAV format %d with %d bits", format, bits)
	}
	frame := size * channels
	n := len(body) / frame
	out := make([]float64, n)
	for i := range n {
		sum := 0.0
		for c := range channels {
			sum += get(body[i*frame+c*size:])
		}
		out[i] = sum / float64(channels)
	}
	return out, nil
}

func decodeMP3(data []byte) ([]int16, error) {
	d, err := mp3.NewDecoder(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("MP3: %v", err)
	}
	limit := int64(maxLine.Seconds()*float64(d.SampleRate())+1) * 4
	pcm, err := io.ReadAll(io.LimitReader(d, limit+4))
	if err != nil {
		return nil, fmt.Errorf("MP3: %v", err)
	}
	n := len(pcm) / 4 // 16-bit stereo
	out := make([]float64, n)
	for i := range n {
		l := int16(binary.LittleEndian.Uint16(pcm[4*i:]))
		r := int16(binary.LittleEndian.Uint16(pcm[4*i+2:]))
		out[i] = (float64(l) + float64(r)) / 65536
	}
	return toRate(out, d.SampleRate())
}

// mp3Duration is how long an MP3 file plays once decoded (decodeMP3): its
// frames' samples, counted from their headers, at Rate; 0 when it is no
// MP3 stream.
func mp3Duration(data []byte) time.Duration {
	d, err := mp3.NewDecoder(bytes.NewReader(data))
	if err != nil || d.SampleRate() <= 0 {
		return 0
	}
	n := d.Length() / 4 // 16-bit stereo frames
	if n <= 0 {
		return 0
	}
	samples := n * Rate / int64(d.SampleRate()) // as toRate makes them
	return time.Duration(samples) * time.Second / Rate
}

// toRate resamples mono samples from rate to Rate (linear interpolation,
// after a box low-pass when going down) and makes them 16-bit.
func toRate(in []float64, rate int) ([]int16, error) {
	if len(in) == 0 {
		return nil, errors.New("no sound in the file")
	}
	if float64(len(in))/float64(rate) > maxLine.Seconds() {
		return nil, fmt.Errorf("longer than %v", maxLine)
	}
	if rate > Rate { // average over the ratio: keeps what is above 8 kHz from folding back
		k := rate / Rate
		if k > 1 {
			sm := make([]float64, len(in))
			acc := 0.0
			for i, v := range in {
				acc += v
				if i >= k {
					acc -= in[i-k]
				}
				sm[i] = acc / float64(min(i+1, k))
			}
			in = sm
		}
	}
	n := int(int64(len(in)) * Rate / int64(rate))
	out := make([]int16, n)
	step := float64(rate) / Rate
	for i := range out {
		x := float64(i) * step
		j := int(x)
		f := x - float64(j)
		v := in[j]
		if j+1 < len(in) {
			v = v*(1-f) + in[j+1]*f
		}
		out[i] = int16(max(-32768, min(32767, math.Round(v*32767))))
	}
	return out, nil
}
