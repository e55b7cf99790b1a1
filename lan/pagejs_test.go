package lan

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"nightfall/assets"
)

// TestWithoutCommentLines: only the lines holding nothing but a // comment
// go, never a line of a template literal, a string or a /* comment */,
// whatever slashes, quotes and backticks come before it.
func TestWithoutCommentLines(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"// a\nx = 1; // b\n  // c\ny = 2;\n", "x = 1; // b\ny = 2;\n"},
		{"s = `a\n// kept: the template's text\n${f({a: `\n// kept too\n`})}\n// kept\n`;\n// gone\n", "s = `a\n// kept: the template's text\n${f({a: `\n// kept too\n`})}\n// kept\n`;\n"},
		{"r = /['`]/g; // a quote in a regex\n// gone\nq = '`';\n", "r = /['`]/g; // a quote in a regex\nq = '`';\n"},
		{"a = b / c / d; x = '/*';\n// gone\n", "a = b / c / d; x = '/*';\n"},
		{"r = x.split(/[/]/);\n// gone\n", "r = x.split(/[/]/);\n"},
		{"/* a\n// kept: inside a comment\n*/\n// gone\n", "/* a\n// kept: inside a comment\n*/\n"},
		{"if (x) return /`/.test(y);\n// gone\n", "if (x) return /`/.test(y);\n"},
		{"s = \"it's // not\\\" a comment\";\n// gone\nend", "s = \"it's // not\\\" a comment\";\nend"},
	} {
		got, err := withoutCommentLines([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%q:\ngot  %q (%v)\nwant %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"s = `open\n", "x = 'a\n';", "/* open"} {
		if _, err := withoutCommentLines([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestPageScripts: every script of the page is served without its comment
// lines and otherwise byte for byte, and still parses (node --check, where
// node is).
func TestPageScripts(t *testing.T) {
	files, _, err := loadPage(assets.Phone())
	if err != nil {
		t.Fatal(err)
	}
	node, _ := exec.LookPath("node")
	dir := t.TempDir()
	n := 0
	err = fs.WalkDir(assets.Phone(), "static", func(name string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".min.js") {
			return err
		}
		n++
		src, _ := fs.ReadFile(assets.Phone(), name)
		lean, err := withoutCommentLines(src)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return nil
		}
		if got := files[name].raw; !bytes.Equal(got, lean) {
			t.Errorf("%s is not served without its comment lines", name)
		}
		// the lines that went are comment lines, the rest is the source's
		var kept []string
		for _, line := range strings.SplitAfter(string(src), "\n") {
			if !strings.HasPrefix(strings.TrimLeft(line, " \t"), "//") {
				kept = append(kept, line)
			}
		}
		if string(lean) != strings.Join(kept, "") {
			t.Errorf("%s: the served script differs from its source beyond the comment lines", name)
		}
		t.Logf("%s: %d of %d bytes", name, len(lean), len(src))
		if node != "" {
			f := filepath.Join(dir, filepath.Base(name)+".mjs")
			os.WriteFile(f, lean, 0o644)
			if out, err := exec.Command(node, "--check", f).CombinedOutput(); err != nil {
				t.Errorf("%s served does not parse: %v\n%s", name, err, out)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 4 {
		t.Errorf("%d scripts", n)
	}
}
