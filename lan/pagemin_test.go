package lan

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"nightfall/assets"
)

// TestPageMinified: every script and style sheet of the page is served
// minified, smaller than its source, and what the minifier wrote still
// parses (node --check, where node is) and uses nothing the oldest phones
// lack (assets/phone/compat.mjs with acorn, where `make e2e-deps` put it):
// the minifier must not write newer syntax than the sources use.
func TestPageMinified(t *testing.T) {
	files, _, err := loadPage(assets.Phone())
	if err != nil {
		t.Fatal(err)
	}
	node, _ := exec.LookPath("node")
	dir := t.TempDir()
	n := 0
	err = fs.WalkDir(assets.Phone(), "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || strings.HasSuffix(name, ".min.js") || !(strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".css")) {
			return err
		}
		n++
		src, _ := fs.ReadFile(assets.Phone(), name)
		lean, err := minified(name, src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return nil
		}
		if got := files[name].raw; string(got) != string(lean) {
			t.Errorf("%s is not served minified", name)
		}
		if len(lean) >= len(src) {
			t.Errorf("%s: minified %d bytes, source %d", name, len(lean), len(src))
		}
		t.Logf("%s: %d of %d bytes", name, len(lean), len(src))
		f := filepath.Join(dir, filepath.Base(name))
		if err := os.WriteFile(f, lean, 0o644); err != nil {
			t.Fatal(err)
		}
		if node != "" && strings.HasSuffix(name, ".js") {
			check := f + ".mjs"
			os.WriteFile(check, lean, 0o644)
			if out, err := exec.Command(node, "--check", check).CombinedOutput(); err != nil {
				t.Errorf("%s served does not parse: %v\n%s", name, err, out)
			}
			os.Remove(check)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 5 {
		t.Errorf("%d scripts and style sheets", n)
	}
	acorn := acornModules()
	if node == "" || acorn == "" {
		t.Skip("node or acorn missing (make e2e-deps): the minified page's compatibility is unchecked")
	}
	if out, err := exec.Command(node, "../assets/phone/compat.mjs", acorn, dir).CombinedOutput(); err != nil {
		t.Errorf("the minified page uses what old phones lack:\n%s", out)
	}
}

// acornModules is the node_modules holding acorn and acorn-walk, where
// `make e2e-deps` installs them (or NIGHTFALL_ACORN names), or "".
func acornModules() string {
	dir := os.Getenv("NIGHTFALL_ACORN")
	if dir == "" {
		cache := os.Getenv("XDG_CACHE_HOME")
		if cache == "" {
			home, _ := os.UserHomeDir()
			cache = filepath.Join(home, ".cache")
		}
		dir = filepath.Join(cache, "nightfall-e2e", "node_modules")
	}
	for _, m := range []string{"acorn", "acorn-walk"} {
		if _, err := os.Stat(filepath.Join(dir, m, "package.json")); err != nil {
			return ""
		}
	}
	return dir
}
