package audio

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"nightfall/assets/sounds"
)

// toneWAV is a 16-bit PCM WAV of a tone: channels at rate, for d.
func toneWAV(rate, channels int, d time.Duration, hz float64) []byte {
	n := int(d.Seconds() * float64(rate))
	pcm := make([]int16, 0, n*channels)
	for i := range n {
		v := int16(12000 * math.Sin(2*math.Pi*hz*float64(i)/float64(rate)))
		for range channels {
			pcm = append(pcm, v)
		}
	}
	return encodeWAVAt(rate, channels, pcm)
}

// silentMP3 is n MPEG-1 layer III frames (mono, 128 kbit/s, 44.1 kHz)
// whose side information and main data are all zero: a valid MP3 stream of
// silence, 1152 samples a frame.
func silentMP3(n int) []byte {
	frame := make([]byte, 144*128000/44100)
	copy(frame, []byte{0xff, 0xfb, 0x90, 0xc0})
	return bytes.Repeat(frame, n)
}

// testPack writes a pack with some lines, a corrupt file, an Ogg file,
// and stray files, as a folder under dir.
func testPack(t *testing.T, dir string) map[string][]byte {
	files := map[string][]byte{
		"zh/night.wav": toneWAV(44100, 2, 600*time.Millisecond, 440), // a real recording's format
		"zh/n7.mp3":    silentMP3(20),
		"zh/dawn.wav":  append([]byte("RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00"), 0x01, 0x00), // corrupt: cut in its fmt chunk
		"en/night.ogg": []byte("OggS\x00\x02 not really vorbis"),
		"en/dawn.wav":  toneWAV(16000, 1, 300*time.Millisecond, 330),
		"en/nihgt.wav": toneWAV(16000, 1, 100*time.Millisecond, 330), // a typo: no such line
		"README.txt":   []byte("my voice"),
		"chime.wav":    toneWAV(22050, 1, 200*time.Millisecond, 880),
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

func without(all []string, ids ...string) []string {
	return slices.DeleteFunc(slices.Clone(all), func(s string) bool { return slices.Contains(ids, s) })
}

func checkReport(t *testing.T, pk *Pack) {
	t.Helper()
	r := pk.Report
	if want := []string{"night", "n7"}; !reflect.DeepEqual(r.Found["zh"], want) {
		t.Errorf("zh found %v, want %v", r.Found["zh"], want)
	}
	if want := []string{"dawn"}; !reflect.DeepEqual(r.Found["en"], want) {
		t.Errorf("en found %v, want %v", r.Found["en"], want)
	}
	if want := without(sounds.Lines("zh"), "night", "n7"); !reflect.DeepEqual(r.Missing["zh"], want) {
		t.Errorf("zh missing %v, want %v", r.Missing["zh"], want)
	}
	if want := without(sounds.Lines("en"), "dawn"); !reflect.DeepEqual(r.Missing["en"], want) {
		t.Errorf("en missing %v", r.Missing["en"])
	}
	var bad []string
	for _, u := range r.Unreadable {
		bad = append(bad, u.File)
		if u.File == "en/night.ogg" && !strings.Contains(u.Err, "Ogg") {
			t.Errorf("the Ogg file's reason: %q", u.Err)
		}
	}
	slices.Sort(bad)
	if want := []string{"en/night.ogg", "zh/dawn.wav"}; !reflect.DeepEqual(bad, want) {
		t.Errorf("unreadable %v (%+v), want %v", bad, r.Unreadable, want)
	}
	ign := slices.Clone(r.Ignored)
	slices.Sort(ign)
	if want := []string{"README.txt", "en/nihgt.wav"}; !reflect.DeepEqual(ign, want) {
		t.Errorf("ignored %v, want %v", ign, want)
	}
	night, ok := pk.Clip("zh/night.wav")
	if !ok || abs(len(night)-int(0.6*Rate)) > 2 {
		t.Errorf("zh/night: %v, %d samples at %d Hz (0.6 s)", ok, len(night), Rate)
	}
	// the 440 Hz tone survives the resampling: zero crossings ≈ 2 × 440 a second
	cross := 0
	for i := 1; i < len(night); i++ {
		if (night[i-1] < 0) != (night[i] < 0) {
			cross++
		}
	}
	if hz := float64(cross) / 2 / 0.6; hz < 420 || hz > 460 {
		t.Errorf("zh/night sounds at %.0f Hz, want 440", hz)
	}
	if mp3, ok := pk.Clip("zh/n7.wav"); !ok || abs(len(mp3)-20*1152*Rate/44100) > 1200 {
		t.Errorf("zh/n7 (MP3): %v, %d samples", ok, len(mp3))
	}
	if _, ok := pk.Clip("chime.wav"); !ok {
		t.Error("the pack's chime")
	}
	if _, ok := pk.Clip("zh/dawn.wav"); ok {
		t.Error("the corrupt file gives a line")
	}
}

// A pack with lines missing, a corrupt file, an Ogg file and stray files
// loads from a folder, and from a zip of that folder, and reports each.
func TestLoadPack(t *testing.T) {
	dir := t.TempDir()
	files := testPack(t, filepath.Join(dir, "mypack"))
	pk, err := LoadPack(filepath.Join(dir, "mypack"))
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, pk)

	zpath := filepath.Join(dir, "mypack.zip")
	f, err := os.Create(zpath)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for name, b := range files {
		w, _ := zw.Create("mypack/" + name)
		w.Write(b)
	}
	zw.Close()
	f.Close()
	zk, err := LoadPack(zpath)
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, zk)

	empty := filepath.Join(dir, "empty")
	os.MkdirAll(filepath.Join(empty, "zh"), 0o755)
	if _, err := LoadPack(empty); err == nil {
		t.Error("a pack with no line loads without a word")
	}
	os.WriteFile(filepath.Join(dir, "junk.zip"), []byte("not a zip"), 0o644)
	if _, err := LoadPack(filepath.Join(dir, "junk.zip")); err == nil {
		t.Error("a file that is no zip loads")
	}
}

// The narration says the pack's line where it has one and the built-in
// clip otherwise, within one line; without the pack, the built-in clips.
func TestPlayerSaysPackLines(t *testing.T) {
	dir := t.TempDir()
	testPack(t, dir)
	pk, err := LoadPack(dir)
	if err != nil {
		t.Fatal(err)
	}
	builtin := func(name string) []int16 {
		b, err := fs.ReadFile(sounds.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		pcm, err := DecodeWAV(b)
		if err != nil {
			t.Fatal(err)
		}
		return pcm
	}
	out := &fakeSink{}
	p, _ := newTestPlayer(func() (sink, error) { return out, nil })
	defer p.Close()
	p.SetPack(pk)
	p.Say("zh", []string{"night", "dawn"})
	waitFor(t, func() bool { out.mu.Lock(); defer out.mu.Unlock(); return len(out.played) == 1 })
	p.SetPack(nil)
	p.Say("zh", []string{"night"})
	waitFor(t, func() bool { out.mu.Lock(); defer out.mu.Unlock(); return len(out.played) == 2 })
	out.mu.Lock()
	defer out.mu.Unlock()
	packNight, _ := pk.Clip("zh/night.wav")
	gap := int(clipGap * Rate / time.Second)
	tail := int(lineGap * Rate / time.Second)
	got := out.played[0]
	dawn := builtin("zh/dawn.wav")
	if len(got) != len(packNight)+gap+len(dawn)+tail ||
		!slices.Equal(got[:len(packNight)], packNight) ||
		!slices.Equal(got[len(packNight)+gap:len(got)-tail], dawn) {
		t.Errorf("with the pack: %d samples, want the pack's night (%d), a gap and the built-in dawn (%d)", len(got), len(packNight), len(dawn))
	}
	night := builtin("zh/night.wav")
	if g := out.played[1]; !slices.Equal(g[:len(g)-tail], night) {
		t.Errorf("without the pack: %d samples, want the built-in night (%d)", len(g), len(night))
	}
}

// Decode reads WAV in the formats recorders write, and refuses the rest
// with a reason.
func TestDecodeFormats(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		secs float64
	}{
		{"16-bit stereo 48 kHz", toneWAV(48000, 2, time.Second, 300), 1},
		{"16-bit mono 8 kHz", toneWAV(8000, 1, 500*time.Millisecond, 300), 0.5},
		{"MP3", silentMP3(40), 40 * 1152 / 44100.0},
	} {
		pcm, err := Decode(c.data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := float64(len(pcm)) / Rate; math.Abs(got-c.secs) > 0.08 {
			t.Errorf("%s: %.3f s, want %.3f", c.name, got, c.secs)
		}
	}
	for _, bad := range [][]byte{nil, []byte("hello"), []byte("OggS"), toneWAV(44100, 1, 21*time.Second, 300)} {
		if _, err := Decode(bad); err == nil {
			t.Errorf("%.10q decodes", bad)
		}
	}
}

// A phrase said whole ("n6+died") is the built-in voice's one clip without
// a pack, and with a pack that has none of its pieces; the pack's
// recording of the whole phrase where it has one; and where the pack has
// only pieces of it (an older pack: n6), the pieces, the pack's where it
// has them and the built-in ones elsewhere, a short gap between them.
func TestPlayerSaysWholeOrPieces(t *testing.T) {
	builtin := func(name string) []int16 {
		b, err := fs.ReadFile(sounds.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		pcm, err := decodeClip(name, b)
		if err != nil {
			t.Fatal(err)
		}
		return pcm
	}
	pack := func(files map[string][]byte) *Pack {
		dir := t.TempDir()
		for name, b := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		pk, err := LoadPack(dir)
		if err != nil {
			t.Fatal(err)
		}
		return pk
	}
	tone := toneWAV(16000, 1, 300*time.Millisecond, 330)
	other := pack(map[string][]byte{"zh/night.wav": tone})
	pieces := pack(map[string][]byte{"zh/n6.wav": tone})
	whole := pack(map[string][]byte{"zh/n6+died.wav": tone, "zh/n6.wav": toneWAV(16000, 1, 200*time.Millisecond, 550)})
	if want := []string{"n6+died"}; !reflect.DeepEqual(whole.Report.Whole["zh"], want) || slices.Contains(whole.Report.Missing["zh"], "n6+died") {
		t.Errorf("the pack's whole phrases: %v, want %v (and none missing)", whole.Report.Whole["zh"], want)
	}
	packN6, _ := pieces.Clip("zh/n6.wav")
	packWhole, _ := whole.Clip("zh/n6+died.mp3")
	gap := make([]int16, int(clipGap*Rate/time.Second))
	tail := make([]int16, int(lineGap*Rate/time.Second))
	builtinWhole := builtin("zh/n6+died.mp3")
	for _, c := range []struct {
		name string
		pk   *Pack
		want []int16
	}{
		{"no pack", nil, builtinWhole},
		{"a pack without its pieces", other, builtinWhole},
		{"a pack with a piece", pieces, slices.Concat(packN6, gap, builtin("zh/died.wav"))},
		{"a pack with the whole phrase", whole, packWhole},
	} {
		out := &fakeSink{}
		p, _ := newTestPlayer(func() (sink, error) { return out, nil })
		p.SetPack(c.pk)
		p.Say("zh", []string{"n6+died"})
		waitFor(t, func() bool { out.mu.Lock(); defer out.mu.Unlock(); return len(out.played) == 1 })
		p.Close()
		if want := slices.Concat(c.want, tail); !slices.Equal(out.played[0], want) {
			t.Errorf("%s: said %d samples, want %d", c.name, len(out.played[0]), len(want))
		}
	}
	if len(builtinWhole) < Rate/2 {
		t.Errorf("the built-in 6号死亡 is %d samples", len(builtinWhole))
	}
}
