package assets

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// acornDir is where `make e2e-deps` installs acorn and acorn-walk (npm,
// into a cache folder outside the repository); NIGHTFALL_ACORN names
// another node_modules.
func acornDir(t *testing.T) (node, dir string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	dir = os.Getenv("NIGHTFALL_ACORN")
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
			if os.Getenv("NIGHTFALL_AXE_REQUIRED") != "" {
				t.Fatalf("%s not in %s: make e2e-deps", m, dir)
			}
			t.Skipf("%s not in %s: make e2e-deps installs it", m, dir)
		}
	}
	return node, dir
}

// TestPageCompat: the phone page's scripts and style sheet use nothing that
// Android 8's WebView (Chrome 70) and iOS 12 Safari lack, or polyfill it
// (static/compat.js): phone/compat.mjs parses every script (and
// index.html's inline one, which runs before compat.js) with acorn at
// ES2020, refuses ?? and ?. and the APIs and CSS it lists.
func TestPageCompat(t *testing.T) {
	node, dir := acornDir(t)
	out, err := exec.Command(node, "phone/compat.mjs", dir, "phone/static").CombinedOutput()
	if err != nil {
		t.Fatalf("the page uses what old phones lack:\n%s", out)
	}
	t.Logf("%s", strings.TrimSpace(string(out)))
}

// TestPageCompatCatches: the checker finds what it is there to find, in a
// page made of it.
func TestPageCompatCatches(t *testing.T) {
	node, dir := acornDir(t)
	page := t.TempDir()
	bad := filepath.Join(page, "static")
	if err := os.Mkdir(bad, 0o755); err != nil {
		t.Fatal(err)
	}
	// index.html's inline script runs before compat.js: nothing is polyfilled for it
	index := "<!doctype html>\n<script>\nvar q = window.a?.b;\ndocument.body.replaceChildren();\n</script>\n"
	if err := os.WriteFile(filepath.Join(page, "index.html"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"compat.js": "Element.prototype.replaceChildren = function () {};\n",
		"a.js": `const x = window.y ?? 1;
const z = window.y?.z;
document.body.replaceChildren();
'a-b'.replaceAll('-', '');
Promise.allSettled([]);
Object.fromEntries([]);
[1].at(-1);
const g = globalThis;
/(?<=a)b/.test('ab');
`,
		"b.js":      "class A { f = 1; }\n",
		"c.js":      "let n = 10n;\n",
		"style.css": "#s { inset: 0; }\n.p { padding: max(1px, 2px); }\n.q { padding: 1px; padding: max(1px, 2px); }\n:is(a, b) { color: red; }\n.r { height: 100dvh; }\n.s { height: 100vh; height: 100dvh; }\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(bad, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(node, "phone/compat.mjs", dir, bad).CombinedOutput()
	if err == nil {
		t.Fatalf("the checker passed a page full of what old phones lack:\n%s", out)
	}
	for _, want := range []string{
		"a.js:1: nullish coalescing", "a.js:2: optional chaining",
		"a.js:4: String.prototype.replaceAll", "a.js:5: Promise.allSettled", "a.js:6: Object.fromEntries",
		"a.js:7: Array/String.prototype.at", "a.js:8: globalThis", "a.js:9: regular expression lookbehind",
		"b.js:1: syntax past ES2020", "c.js:1: BigInt literal",
		"style.css:1: the inset shorthand", "style.css:2: padding: min()/max()/clamp()", "style.css:4: the :is()",
		"style.css:5: height: dynamic viewport units",
		"index.html:3: optional chaining", "index.html:4: ParentNode.replaceChildren",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the checker missed %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "a.js:3:") {
		t.Errorf("a member compat.js fills in was refused in a file:\n%s", out)
	}
	if strings.Contains(string(out), "style.css:3:") || strings.Contains(string(out), "style.css:6:") {
		t.Errorf("a max() or dvh with a fallback before it was refused:\n%s", out)
	}
}
