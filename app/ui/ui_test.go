package ui

import (
	"encoding/json"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/game"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// newTestApp is a headless app with the real theme and language.
func newTestApp(t *testing.T, lang string) fyne.App {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(Theme{})
	a.Preferences().SetString(PrefLang, lang)
	SetLanguage(lang)
	t.Cleanup(func() { SetLanguage("zh") })
	return a
}

// golden compares img with testdata/name (or writes it with -update).
func golden(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return
	}
	test.AssertImageMatches(t, name, img)
}

// goldenText compares text with testdata/name (or writes it with -update).
func goldenText(t *testing.T, name, text string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != text {
		got := filepath.Join(t.TempDir(), name)
		_ = os.WriteFile(got, []byte(text), 0o644)
		t.Errorf("%s differs from the golden file; got is in %s (diff them; go test -update accepts)", path, got)
	}
}

func loadView(t *testing.T, name string) *game.TableView {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "views", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var tv game.TableView
	if err := json.Unmarshal(data, &tv); err != nil {
		t.Fatal(err)
	}
	return &tv
}

// recVoice records what would be said.
type recVoice struct {
	mu    sync.Mutex
	lines []string
	muted bool
}

func (v *recVoice) Say(lang string, clips []string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.muted {
		v.lines = append(v.lines, lang+":"+strings.Join(clips, "+"))
	}
}

// Hush is recorded as the line "hush".
func (v *recVoice) Hush() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.lines = append(v.lines, "hush")
}

func (v *recVoice) SetMuted(m bool) {
	v.mu.Lock()
	v.muted = m
	v.mu.Unlock()
}

func (v *recVoice) take() []string {
	v.mu.Lock()
	defer v.mu.Unlock()
	l := v.lines
	v.lines = nil
	return l
}

var testNames = map[int]string{1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan", 5: "Eve", 6: "Fay", 7: "Gus", 8: "Hal", 9: "Ivy", 10: "Jon", 11: "Kim", 12: "Lou"}

var fixed = time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
