//go:build !cgo || ci

package audio

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"sync"
)

// openSink, without cgo (no oto), pipes WAV data to aplay or paplay when one
// is installed.
func openSink() (sink, error) {
	for _, c := range []struct{ argv, raw []string }{
		{[]string{"aplay", "-q", "-"}, []string{"-q", "-t", "raw", "-f", "S16_LE", "-r", "16000", "-c", "1", "-"}},
		{[]string{"paplay"}, []string{"--raw", "--format=s16le", "--rate=16000", "--channels=1"}},
	} {
		if path, err := exec.LookPath(c.argv[0]); err == nil {
			return &execSink{argv: append([]string{path}, c.argv[1:]...), raw: append([]string{path}, c.raw...)}, nil
		}
	}
	return nil, errors.New("built without cgo and neither aplay nor paplay is installed")
}

type execSink struct{ argv, raw []string }

// stream pipes r to a second player process (the system mixes the two).
func (s *execSink) stream(r io.Reader) (func(), error) {
	cmd := exec.Command(s.raw[0], s.raw[1:]...)
	cmd.Stdin = r
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go cmd.Wait()
	var once sync.Once
	return func() { once.Do(func() { cmd.Process.Kill() }) }, nil
}

func (s *execSink) play(pcm []int16, cut <-chan struct{}) error {
	cmd := exec.Command(s.argv[0], s.argv[1:]...)
	cmd.Stdin = bytes.NewReader(encodeWAV(pcm))
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-cut:
		cmd.Process.Kill()
		<-done
		return nil
	}
}

func (s *execSink) close() {}
