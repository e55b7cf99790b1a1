package lan

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"nightfall/assets"
)

// phonePage is the phone client: index.html at the root, static/… beside it.
func phonePage() fs.FS { return assets.Phone() }

// The page's caching (what a phone that wakes reloads): index.html names
// its files under /v/VERSION/, VERSION a hash of every static file, and is
// revalidated on every load ("no-cache": a 304 of a few hundred bytes while
// nothing changed); the files under /v/VERSION/ never change, so the
// browser keeps them ("immutable") and a warm reload asks for nothing but
// the index. An update changes VERSION, so the index names new URLs and no
// stale file outlives it; an old VERSION is not served (404), and /static/
// still serves the files of now, revalidated (devserve, old bookmarks).

// pageFile is one file of the phone page, ready to send: its bytes and
// their gzip, each with a strong ETag.
type pageFile struct {
	ctype       string
	raw, gz     []byte
	etag, gzTag string
	// script is the Content-Security-Policy source of the file's inline
	// script ('sha256-…'), "" for none: index.html's (inlineScript).
	script string
}

// loadPage reads the page's files once (they are embedded: they never
// change while the program runs) and compresses them: index.html (naming
// the files under /v/VERSION/) and everything under static/ (the fixtures
// of the dev-only mock mode are not served), the scripts and the style
// sheets minified (minified); version is the page's.
func loadPage(page fs.FS) (files map[string]*pageFile, version string, err error) {
	files = map[string]*pageFile{}
	if page == nil {
		return files, "", nil
	}
	addRaw := func(name string, raw []byte) error {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(raw)
		zw.Close()
		sum := sha256.Sum256(raw)
		tag := hex.EncodeToString(sum[:12])
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = http.DetectContentType(raw)
		}
		files[name] = &pageFile{ctype: ctype, raw: raw, gz: b.Bytes(), etag: `"` + tag + `"`, gzTag: `"` + tag + `-gz"`}
		return nil
	}
	add := func(name string) error {
		raw, err := fs.ReadFile(page, name)
		if err != nil {
			return err
		}
		if lean, err := minified(name, raw); err == nil { // else as it is (TestPageMinified fails on that)
			raw = lean
		}
		return addRaw(name, raw)
	}
	index, err := fs.ReadFile(page, "index.html")
	if err != nil {
		return nil, "", err
	}
	err = fs.WalkDir(page, "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return add(name)
	})
	if err != nil {
		return nil, "", err
	}
	version = pageVersion(files)
	index, script, err := inlineScript(index)
	if err != nil {
		return nil, "", err
	}
	addRaw("index.html", bytes.ReplaceAll(index, []byte(`="static/`), []byte(`="/`+versionDir(version))))
	files["index.html"].ctype = "text/html; charset=utf-8"
	files["index.html"].script = script
	return files, version, nil
}

// inlineScriptRE is an inline script element of index.html (one without
// attributes, so without src).
var inlineScriptRE = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// inlineScript minifies index.html's one inline script (it opens the
// socket before the page's files are read, and draws a woken phone's kept
// screen as soon as the document is parsed, so it cannot be one of them
// without a wait for it) and gives the policy's source that allows it and
// nothing else: its hash. No inline script: the index as it is and "".
func inlineScript(index []byte) ([]byte, string, error) {
	all := inlineScriptRE.FindAllSubmatchIndex(index, -1)
	switch len(all) {
	case 0:
		return index, "", nil
	case 1:
	default:
		return nil, "", fmt.Errorf("index.html has %d inline scripts, one at most", len(all))
	}
	m := all[0]
	src, err := minified("index.js", index[m[2]:m[3]])
	if err != nil {
		return nil, "", fmt.Errorf("index.html's inline script: %w", err)
	}
	src = bytes.TrimSpace(src)
	out := slices.Concat(index[:m[2]], src, index[m[3]:])
	sum := sha256.Sum256(src)
	return out, "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'", nil
}

// servedPage is the page's files and their version, once they are made
// (NewServer makes them in the background).
func (s *Server) servedPage() (map[string]*pageFile, string) {
	<-s.pageReady
	return s.files, s.pageVersion
}

// pageVersion is a hash of every file under static/ (name and bytes).
func pageVersion(files map[string]*pageFile) string {
	names := make([]string, 0, len(files))
	for name := range files {
		if strings.HasPrefix(name, "static/") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	h := sha256.New()
	for _, name := range names {
		h.Write([]byte(name))
		h.Write([]byte{0})
		h.Write([]byte(files[name].etag))
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// versionDir is the path (from the root, without its slash) of the
// page's files of version.
func versionDir(version string) string { return "v/" + version + "/" }

// serve answers with the file: gzip-compressed when the client takes it,
// 304 when the client already holds this version (If-None-Match).
func (f *pageFile) serve(w http.ResponseWriter, r *http.Request, cache string) {
	hd := w.Header()
	hd.Set("Cache-Control", cache)
	hd.Add("Vary", "Accept-Encoding")
	body, tag := f.raw, f.etag
	gz := acceptsGzip(r.Header.Get("Accept-Encoding"))
	if gz {
		body, tag = f.gz, f.gzTag
	}
	hd.Set("ETag", tag)
	if etagMatch(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hd.Set("Content-Type", f.ctype)
	if gz {
		hd.Set("Content-Encoding", "gzip")
	}
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip (and
// does not refuse it with q=0).
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// etagMatch reports whether an If-None-Match header names tag (or is *).
func etagMatch(h, tag string) bool {
	for _, t := range strings.Split(h, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == tag || t == "*" {
			return true
		}
	}
	return false
}
