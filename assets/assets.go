// Package assets holds the files Nightfall embeds: the phone web client
// (plain HTML, CSS and JavaScript, no build step) and the dictionary, one
// file per language holding every word of the phone page and of the big
// screen (i18n.go says how its keys are grouped, and which the phone gets).
//
// Layout of Phone():
//
//	index.html            the page (GET /)
//	static/app.js …       scripts, style sheet (GET /static/…)
//	static/i18n/zh.json   the dictionary without the big screen's own words
//	static/i18n/zh.late.json  … and without what only a game shows (LateFamilies), which is here
//	fixtures/*.json       sample views for the page's dev-only mock mode (#mock=NAME)
//
// so a server can hand Phone() to http.FileServer(http.FS(...)) as it is.
package assets

import (
	"embed"
	"errors"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"
)

//go:embed phone/index.html phone/static phone/fixtures i18n
var files embed.FS

// i18nMount is where I18n() appears inside Phone().
const i18nMount = "static/i18n"

// Phone is the phone client, rooted so that index.html is at the root, with
// the dictionary mounted at static/i18n, each file through PhoneDictionary
// (the phones never download the big screen's words).
func Phone() fs.FS { return PhoneFrom(files) }

// PhoneFrom builds the same tree from any directory holding phone/ and
// i18n/ (the devserve command uses the source tree, to edit without
// rebuilding).
func PhoneFrom(root fs.FS) fs.FS {
	return overlay{base: mustSub(root, "phone"), mount: i18nMount, sub: phoneDict{mustSub(root, "i18n")}}
}

// I18n is the dictionary, whole: one flat JSON object per language (zh.json,
// en.json) for the phone page and the big screen; arguments are Go-template
// fields ("{{.Seat}}"), as fyne's lang package expects.
func I18n() fs.FS { return mustSub(files, "i18n") }

// Embedded is the raw embedded tree (directories "phone" and "i18n"), for
// APIs that need an embed.FS, such as lang.AddTranslationsFS(Embedded(), "i18n").
func Embedded() embed.FS { return files }

func mustSub(root fs.FS, dir string) fs.FS {
	f, err := fs.Sub(root, dir)
	if err != nil {
		panic(err) // dir is a constant, valid path
	}
	return f
}

// overlay is base with sub mounted at the directory mount (whose parent must
// exist in base; mount itself must not).
type overlay struct {
	base  fs.FS
	mount string
	sub   fs.FS
}

func (o overlay) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	if name == o.mount {
		return o.sub.Open(".")
	}
	if rest, ok := strings.CutPrefix(name, o.mount+"/"); ok {
		return o.sub.Open(rest)
	}
	f, err := o.base.Open(name)
	if err != nil || name != path.Dir(o.mount) {
		return f, err
	}
	d, ok := f.(fs.ReadDirFile)
	if !ok {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("not a directory")}
	}
	return &mountDir{ReadDirFile: d, o: o}, nil
}

// mountDir is the mount's parent directory, listing the mount point too.
type mountDir struct {
	fs.ReadDirFile
	o       overlay
	entries []fs.DirEntry
	read    bool
}

func (d *mountDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if !d.read {
		d.read = true
		all, err := d.ReadDirFile.ReadDir(-1)
		if err != nil {
			return nil, err
		}
		info, err := fs.Stat(d.o.sub, ".")
		if err != nil {
			return nil, err
		}
		all = append(all, fs.FileInfoToDirEntry(renamed{info, path.Base(d.o.mount)}))
		slices.SortFunc(all, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
		d.entries = all
	}
	if n <= 0 {
		out := d.entries
		d.entries = nil
		return out, nil
	}
	if len(d.entries) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(d.entries))
	out := d.entries[:k]
	d.entries = d.entries[k:]
	return out, nil
}

type renamed struct {
	fs.FileInfo
	name string
}

func (r renamed) Name() string { return r.name }
