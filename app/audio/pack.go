package audio

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"nightfall/assets/sounds"
)

// A voice pack replaces the built-in narration with recorded lines: a
// folder, or a zip of one, holding per language a folder of audio files
// named by the ids of the voice's lines (sounds.Lines: the dictionary's
// voice lines, and n1 … n40 for the numbers):
//
//	mypack/zh/night.wav   mypack/zh/dawn.mp3   mypack/zh/n7.wav …
//	mypack/en/night.wav   …
//	mypack/chime.wav      (optional: the shared chime)
//	mypack/zh/n6+died.wav (optional: a phrase said whole, named by its pieces)
//
// A zip may hold the same tree under one top folder. Files are WAV (PCM 8,
// 16, 24 or 32 bit, float, µ-law; any rate, any channels) or MP3; Ogg
// Vorbis is refused with a reason (no well-kept pure-Go decoder is
// available). The pack's line plays where it has one; every other line is
// the built-in clip.

// PackLangs are the languages a pack may hold.
var PackLangs = []string{"zh", "en"}

// Pack is a loaded voice pack: its lines decoded, and what its check found.
type Pack struct {
	Path   string
	Report PackReport
	clips  map[string][]int16 // "zh/night", "chime" → samples
}

// PackReport is what loading a pack found.
type PackReport struct {
	// Found and Missing list, per language, the lines the pack has and
	// those it lacks (the built-in clip says them), in sounds.Lines' order.
	Found   map[string][]string
	Missing map[string][]string
	// Whole lists, per language, the phrases the pack says whole (files
	// named like n6+died.wav), in the order found; a phrase it lacks is
	// said as its pieces (or, when the pack has none of them, by the
	// built-in voice), so none is missing.
	Whole map[string][]string
	// Unreadable are the files named for a line that could not be used.
	Unreadable []PackProblem
	// Ignored are files whose names are no line (a typo, notes).
	Ignored []string
}

// PackProblem is a file that could not be used and why.
type PackProblem struct {
	File string
	Err  string
}

// audioExts are the file types a pack is read from.
var audioExts = []string{".wav", ".mp3", ".ogg"}

// LoadPack reads and checks a voice pack (a folder or a .zip file). The
// error is for a pack that cannot be read at all; a pack with missing or
// unreadable lines loads, and its Report says which.
func LoadPack(p string) (*Pack, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	var fsys fs.FS
	if st.IsDir() {
		fsys = os.DirFS(p)
	} else {
		z, err := zip.OpenReader(p)
		if err != nil {
			return nil, fmt.Errorf("%s: not a folder or a zip file: %v", p, err)
		}
		defer z.Close()
		fsys = z
	}
	fsys, err = packRoot(fsys)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	pk := &Pack{Path: p, clips: map[string][]int16{},
		Report: PackReport{Found: map[string][]string{}, Missing: map[string][]string{}, Whole: map[string][]string{}}}
	lines := map[string][]string{}
	for _, l := range PackLangs {
		lines[l] = sounds.Lines(l)
	}
	err = fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || strings.HasPrefix(path.Base(name), ".") {
			return nil
		}
		ext := strings.ToLower(path.Ext(name))
		id := strings.TrimSuffix(path.Base(name), path.Ext(name))
		dir := path.Dir(name)
		key := dir + "/" + id
		switch {
		case !slices.Contains(audioExts, ext):
			pk.Report.Ignored = append(pk.Report.Ignored, name)
			return nil
		case dir == "." && id == "chime":
			key = "chime"
		case slices.Contains(PackLangs, dir) && slices.Contains(lines[dir], id):
		case slices.Contains(PackLangs, dir) && whole(lines[dir], id):
			pk.Report.Whole[dir] = append(pk.Report.Whole[dir], id)
		default:
			pk.Report.Ignored = append(pk.Report.Ignored, name)
			return nil
		}
		if _, dup := pk.clips[key]; dup {
			pk.Report.Unreadable = append(pk.Report.Unreadable, PackProblem{name, "another file already gives this line"})
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err == nil {
			var pcm []int16
			if pcm, err = Decode(data); err == nil {
				pk.clips[key] = pcm
				return nil
			}
		}
		pk.Report.Unreadable = append(pk.Report.Unreadable, PackProblem{name, err.Error()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	for _, l := range PackLangs {
		for _, id := range lines[l] {
			if _, ok := pk.clips[l+"/"+id]; ok {
				pk.Report.Found[l] = append(pk.Report.Found[l], id)
			} else {
				pk.Report.Missing[l] = append(pk.Report.Missing[l], id)
			}
		}
	}
	if len(pk.clips) == 0 {
		return pk, fmt.Errorf("%s: no line of the narration in it (want zh/ or en/ folders of files named like night.wav; see the README)", p)
	}
	return pk, nil
}

// packRoot is the folder holding zh/ or en/: the root, or a single top
// folder (a zip of the pack's folder).
func packRoot(fsys fs.FS) (fs.FS, error) {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, e := range ents {
		if slices.Contains(PackLangs, e.Name()) && e.IsDir() {
			return fsys, nil
		}
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") && e.Name() != "__MACOSX" {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) == 1 {
		return fs.Sub(fsys, dirs[0])
	}
	return fsys, nil
}

// whole reports whether id names a phrase said whole from lines: pieces
// joined by "+", each a line ("n6+died").
func whole(lines []string, id string) bool {
	pieces := strings.Split(id, "+")
	return len(pieces) > 1 && !slices.ContainsFunc(pieces, func(p string) bool { return !slices.Contains(lines, p) })
}

// Clip is the pack's line for a clip path of the player ("zh/night.wav",
// "zh/n6+died.mp3", "chime.wav"), whatever the pack's file type; ok is
// false where the pack has none.
func (pk *Pack) Clip(clipPath string) ([]int16, bool) {
	if pk == nil {
		return nil, false
	}
	c, ok := pk.clips[strings.TrimSuffix(clipPath, path.Ext(clipPath))]
	return c, ok
}
