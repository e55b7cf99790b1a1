//go:build !cgo || ci

package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os/exec"
)

// openSink, without cgo (no oto), pipes WAV data to aplay or paplay when one
// is installed.
func openSink() (sink, error) {
	for _, c := range [][]string{{"aplay", "-q", "-"}, {"paplay"}} {
		if path, err := exec.LookPath(c[0]); err == nil {
			return &execSink{argv: append([]string{path}, c[1:]...)}, nil
		}
	}
	return nil, errors.New("built without cgo and neither aplay nor paplay is installed")
}

type execSink struct{ argv []string }

func (s *execSink) play(pcm []int16) error {
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	cmd.Stdin = bytes.NewReader(wav(pcm))
	return cmd.Run()
}

func (s *execSink) close() {}

// wav wraps 16-bit mono samples in a WAV header.
func wav(pcm []int16) []byte {
	var b bytes.Buffer
	n := uint32(2 * len(pcm))
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, 36+n)
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(Rate), uint32(2 * Rate), uint16(2), uint16(16)} {
		_ = binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, n)
	_ = binary.Write(&b, binary.LittleEndian, pcm)
	return b.Bytes()
}
