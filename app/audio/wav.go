package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"
)

// The one reader and the one writer of WAV files in the tree: the player
// decodes clips with it, Duration reads their length from it, and the
// aplay/paplay sink writes its samples with it.

// wavFile is what a WAV file says about its samples, and the samples'
// bytes (its data chunk).
type wavFile struct {
	format   uint16 // 1 PCM, 3 float, 7 µ-law (an extensible file's sub-format)
	channels uint16
	rate     uint32 // samples per second
	byteRate uint32 // bytes per second
	bits     uint16 // per sample
	data     []byte
}

// readWAV walks a RIFF/WAVE file's chunks to its fmt and data chunks. A
// data chunk whose size runs past the end is cut at the end.
func readWAV(b []byte) (wavFile, error) {
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		return wavFile{}, errors.New("not a WAV file")
	}
	var w wavFile
	haveFmt := false
	for pos := 12; pos+8 <= len(b); {
		id := string(b[pos : pos+4])
		n := int(binary.LittleEndian.Uint32(b[pos+4 : pos+8]))
		body := b[pos+8 : pos+8+min(n, len(b)-pos-8)]
		switch id {
		case "fmt ":
			if len(body) < 16 {
				return wavFile{}, errors.New("short fmt chunk")
			}
			w.format = binary.LittleEndian.Uint16(body[0:2])
			w.channels = binary.LittleEndian.Uint16(body[2:4])
			w.rate = binary.LittleEndian.Uint32(body[4:8])
			w.byteRate = binary.LittleEndian.Uint32(body[8:12])
			w.bits = binary.LittleEndian.Uint16(body[14:16])
			if w.format == 0xfffe && len(body) >= 26 { // WAVE_FORMAT_EXTENSIBLE: its sub-format's tag
				w.format = binary.LittleEndian.Uint16(body[24:26])
			}
			haveFmt = true
		case "data":
			if !haveFmt {
				return wavFile{}, errors.New("data chunk before the fmt chunk")
			}
			w.data = body
			return w, nil
		}
		pos += 8 + n + n%2
	}
	return wavFile{}, errors.New("no data chunk")
}

// DecodeWAV decodes a mono 16 kHz WAV file, 8-bit µ-law or 16-bit PCM, to
// 16-bit samples.
func DecodeWAV(data []byte) ([]int16, error) {
	w, err := readWAV(data)
	if err != nil {
		return nil, err
	}
	if w.channels != 1 || w.rate != Rate {
		return nil, fmt.Errorf("want mono %d Hz, have %d channels at %d Hz", Rate, w.channels, w.rate)
	}
	switch {
	case w.format == 7 && w.bits == 8: // µ-law
		out := make([]int16, len(w.data))
		for i, b := range w.data {
			out[i] = ulaw(b)
		}
		return out, nil
	case w.format == 1 && w.bits == 16:
		out := make([]int16, len(w.data)/2)
		for i := range out {
			out[i] = int16(binary.LittleEndian.Uint16(w.data[2*i:]))
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported WAV format %d with %d bits", w.format, w.bits)
}

// encodeWAV wraps 16-bit mono samples at Rate in a WAV header.
func encodeWAV(pcm []int16) []byte { return encodeWAVAt(Rate, 1, pcm) }

// encodeWAVAt wraps 16-bit samples of channels interleaved at rate in a
// WAV header.
func encodeWAVAt(rate, channels int, pcm []int16) []byte {
	var b bytes.Buffer
	n := uint32(2 * len(pcm))
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, 36+n)
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(channels), uint32(rate), uint32(2 * rate * channels), uint16(2 * channels), uint16(16)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, n)
	_ = binary.Write(&b, binary.LittleEndian, pcm)
	return b.Bytes()
}

// ClipPath is where clip of language lang lies in the clips' file system
// ("zh/night.wav"); the chime is shared by every language ("chime.wav"); a
// phrase said whole is an MP3 file ("zh/n6+died.mp3": assets/sounds).
func ClipPath(lang, clip string) string {
	switch {
	case clip == "chime":
		return "chime.wav"
	case strings.Contains(clip, "+"):
		return lang + "/" + clip + ".mp3"
	}
	return lang + "/" + clip + ".wav"
}

// decodeClip decodes a built-in clip: an MP3 file (a phrase said whole),
// else a WAV file (DecodeWAV).
func decodeClip(name string, data []byte) ([]int16, error) {
	if path.Ext(name) == ".mp3" {
		return decodeMP3(data)
	}
	return DecodeWAV(data)
}

// Duration is how long clip plays in lang (0 when fsys has no such clip or
// it is no sound): a WAV file's data chunk's size over its byte rate, an
// MP3 file's frames (mp3Duration), read without decoding the samples.
func Duration(fsys fs.FS, lang, clip string) time.Duration {
	name := ClipPath(lang, clip)
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return 0
	}
	if path.Ext(name) == ".mp3" {
		return mp3Duration(data)
	}
	w, err := readWAV(data)
	if err != nil || w.byteRate == 0 {
		return 0
	}
	return time.Duration(int64(len(w.data)) * int64(time.Second) / int64(w.byteRate))
}

// LineDuration is how long the player takes to say a line of clips in
// lang from fsys: the clips, the short gaps between them and the pause
// after the line (Player.line).
func LineDuration(fsys fs.FS, lang string, clips []string) time.Duration {
	if len(clips) == 0 {
		return 0
	}
	d := time.Duration(len(clips)-1)*clipGap + lineGap
	for _, c := range clips {
		d += Duration(fsys, lang, c)
	}
	return d
}
