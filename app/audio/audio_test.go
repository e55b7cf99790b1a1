package audio

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"nightfall/assets/sounds"
)

// Every clip, WAV or MP3 (a phrase said whole), decodes to a non-empty,
// non-silent sound of sensible length.
func TestClipsDecode(t *testing.T) {
	n := 0
	err := fs.WalkDir(sounds.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(sounds.FS, path)
		if err != nil {
			return err
		}
		pcm, err := decodeClip(path, data)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		secs := float64(len(pcm)) / Rate
		peak := 0
		for _, v := range pcm {
			peak = max(peak, abs(int(v)))
		}
		if secs < 0.15 || secs > maxSecs(path) || peak < 5000 {
			t.Errorf("%s: %.2f s, peak %d: want 0.15–%g s and an audible peak", path, secs, peak, maxSecs(path))
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 800 {
		t.Errorf("only %d clips", n)
	}
}

// maxSecs is the longest a clip may be: 6 s, but 15 s for how the sides
// of a variant win (the briefing's longest sentence, "wins.<variant>").
func maxSecs(name string) float64 {
	if strings.HasPrefix(path.Base(name), "wins.") {
		return 15
	}
	return 6
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestULaw(t *testing.T) {
	for _, c := range []struct {
		in   byte
		want int16
	}{{0xff, 0}, {0x7f, 0}, {0x80, 32124}, {0x00, -32124}} {
		if got := ulaw(c.in); got != c.want {
			t.Errorf("ulaw(%#x) = %d, want %d", c.in, got, c.want)
		}
	}
}

type fakeSink struct {
	mu     sync.Mutex
	played [][]int16
	fail   bool
}

func (f *fakeSink) stream(io.Reader) (func(), error) { return func() {}, nil }

func (f *fakeSink) play(pcm []int16, _ <-chan struct{}) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail {
		return errors.New("device gone")
	}
	f.played = append(f.played, pcm)
	return nil
}
func (f *fakeSink) close() {}

func newTestPlayer(open func() (sink, error)) (*Player, *[]string) {
	var logs []string
	var mu sync.Mutex
	p := &Player{fsys: sounds.FS, q: make(chan queued, queue), stop: make(chan struct{}),
		cache: map[string][]int16{}, open: open,
		logf: func(f string, a ...any) { mu.Lock(); logs = append(logs, f); mu.Unlock() }}
	go p.run()
	return p, &logs
}

func TestPlayerPlaysAndMutes(t *testing.T) {
	fs := &fakeSink{}
	p, _ := newTestPlayer(func() (sink, error) { return fs, nil })
	defer p.Close()
	p.Say("zh", []string{"n6", "died"})
	waitFor(t, func() bool { fs.mu.Lock(); defer fs.mu.Unlock(); return len(fs.played) == 1 })
	p.SetMuted(true)
	p.Say("en", []string{"night"})
	// Lines are said in order: once the line said after the voice is back
	// has played, a line said while muted would have played before it.
	p.SetMuted(false)
	p.Say("en", []string{"begin"})
	waitFor(t, func() bool { fs.mu.Lock(); defer fs.mu.Unlock(); return len(fs.played) >= 2 })
	begin, _ := p.load(ClipPath("en", "begin"))
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if len(fs.played) != 2 || !slices.Equal(fs.played[1][:len(begin)], begin) {
		t.Errorf("played %d lines, the second not the one said after the voice came back: a line said while muted was played", len(fs.played))
	}
}

// slowSink plays a line until it is cut short (or for 5 s): it records
// each line and whether it was cut.
type slowSink struct {
	fakeSink
	started chan int // the line's index, as it starts
	cuts    []bool
}

func (f *slowSink) play(pcm []int16, cut <-chan struct{}) error {
	f.mu.Lock()
	f.played = append(f.played, pcm)
	n := len(f.played) - 1
	f.mu.Unlock()
	f.started <- n
	wasCut := false
	select {
	case <-cut:
		wasCut = true
	case <-time.After(5 * time.Second): // a line that was not cut "plays" for 5 s
	}
	f.mu.Lock()
	f.cuts = append(f.cuts, wasCut)
	f.mu.Unlock()
	return nil
}

// Hush cuts the line being said short and drops those waiting; a line said
// after it is said.
func TestPlayerHush(t *testing.T) {
	out := &slowSink{started: make(chan int, 8)}
	p, _ := newTestPlayer(func() (sink, error) { return out, nil })
	defer p.Close()
	p.Say("zh", []string{"brief.narr"})
	p.Say("zh", []string{"n5", "ge", "role.killer"})
	p.Say("zh", []string{"begin"})
	if n := <-out.started; n != 0 {
		t.Fatalf("line %d started first", n)
	}
	p.Hush()
	p.Say("zh", []string{"night"})
	if n := <-out.started; n != 1 {
		t.Errorf("after the hush the player said line %d", n)
	}
	out.mu.Lock()
	defer out.mu.Unlock()
	if len(out.cuts) != 1 || !out.cuts[0] {
		t.Errorf("the hushed line was not cut short (cut: %v)", out.cuts)
	}
	night, _ := p.load(ClipPath("zh", "night"))
	if len(out.played) != 2 || !slices.Equal(out.played[1][:len(night)], night) {
		t.Errorf("played %d lines, want the first (cut) and the night", len(out.played))
	}
}

// Without a sound device the player logs once and never blocks Say.
func TestPlayerWithoutDevice(t *testing.T) {
	p, logs := newTestPlayer(func() (sink, error) { return nil, errors.New("no card") })
	defer p.Close()
	done := make(chan struct{})
	go func() {
		for range 1000 {
			p.Say("zh", []string{"night"})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Say blocked")
	}
	waitFor(t, func() bool { return p.off.Load() })
	if len(*logs) != 1 {
		t.Errorf("logged %d times, want once", len(*logs))
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for range 200 {
		if ok() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("timed out")
}

// Every clip's Duration, read from its header (an MP3's frame headers), is
// the length of its decoded samples; the chime is 0.35 s of tone and 0.6 s of silence (gen.sh).
func TestDuration(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		files, err := fs.Glob(sounds.FS, lang+"/*.wav")
		if err != nil || len(files) < 30 {
			t.Fatalf("%s: %d clips, %v", lang, len(files), err)
		}
		wholes, err := fs.Glob(sounds.FS, lang+"/*.mp3")
		if err != nil || len(wholes) < 300 {
			t.Fatalf("%s: %d phrases said whole, %v", lang, len(wholes), err)
		}
		for _, f := range append(append(files, wholes...), "chime.wav") {
			clip := strings.TrimSuffix(path.Base(f), path.Ext(f))
			data, err := fs.ReadFile(sounds.FS, ClipPath(lang, clip))
			if err != nil {
				t.Fatal(err)
			}
			pcm, err := decodeClip(f, data)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			d := Duration(sounds.FS, lang, clip)
			if want := time.Duration(len(pcm)) * time.Second / Rate; d != want || d < 100*time.Millisecond || d.Seconds() > maxSecs(f) {
				t.Errorf("%s/%s: Duration %v, decoded %v", lang, clip, d, want)
			}
		}
	}
	if d := Duration(sounds.FS, "zh", "chime"); d < 900*time.Millisecond || d > time.Second {
		t.Errorf("the chime plays %v", d)
	}
	if d := Duration(sounds.FS, "zh", "no-such-clip"); d != 0 {
		t.Errorf("a missing clip plays %v", d)
	}
}

// What the aplay/paplay sink writes reads back as the same samples.
func TestWAVRoundTrip(t *testing.T) {
	pcm := []int16{0, 1, -1, 32767, -32768, 1234}
	got, err := DecodeWAV(encodeWAV(pcm))
	if err != nil || !slices.Equal(got, pcm) {
		t.Errorf("DecodeWAV(encodeWAV(%v)) = %v, %v", pcm, got, err)
	}
	for _, bad := range [][]byte{nil, []byte("RIFF\x04\x00\x00\x00WAVE"), encodeWAV(pcm)[:40]} {
		if _, err := DecodeWAV(bad); err == nil {
			t.Errorf("DecodeWAV(%q) decoded", bad)
		}
	}
}
