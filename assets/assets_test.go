package assets

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"text/template"

	"nightfall/game"
)

// TestJS runs the page's JavaScript unit tests (phone/*.test.mjs) with node,
// when node is installed.
func TestJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed: skipping the phone page's JS tests")
	}
	files, _ := filepath.Glob(filepath.Join("phone", "*.test.mjs"))
	if len(files) == 0 {
		t.Fatal("no phone/*.test.mjs")
	}
	cmd := exec.Command(node, append([]string{"--test"}, files...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test %s: %v\n%s", strings.Join(files, " "), err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}

func TestPhoneFS(t *testing.T) {
	want := []string{"index.html", "static/app.js", "static/view.js", "static/net.js", "static/style.css",
		"static/i18n/zh.json", "static/i18n/en.json", "static/i18n/zh.late.json", "static/i18n/en.late.json", "fixtures/night-killer.json"}
	if err := fstest.TestFS(Phone(), want...); err != nil {
		t.Fatal(err)
	}
	// the tests are not served
	err := fs.WalkDir(Phone(), ".", func(p string, d fs.DirEntry, err error) error {
		if strings.HasSuffix(p, ".test.mjs") || strings.HasSuffix(p, ".go") {
			t.Errorf("%s is served", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(I18n(), "zh.json", "en.json"); err != nil {
		t.Fatal(err)
	}
	if _, err := Embedded().ReadFile("i18n/zh.json"); err != nil {
		t.Fatal(err)
	}
}

// TestPageReferences: index.html loads its files relatively (so the page
// works under any prefix), and every file it or a module names exists.
func TestPageReferences(t *testing.T) {
	page, err := fs.ReadFile(Phone(), "index.html")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"]+)"`).FindAllSubmatch(page, -1)
	if len(refs) < 2 {
		t.Fatalf("index.html references %d files", len(refs))
	}
	for _, m := range refs {
		ref := string(m[1])
		if strings.HasPrefix(ref, "/") || strings.Contains(ref, "://") {
			t.Errorf("index.html: %q is not relative", ref)
			continue
		}
		if _, err := fs.Stat(Phone(), ref); err != nil {
			t.Errorf("index.html: %q: %v", ref, err)
		}
	}
	imports := regexp.MustCompile(`(?m)^import .* from '\./([^']+)';`)
	for _, f := range jsFiles(t) {
		if !strings.HasPrefix(f.name, "phone/static/") {
			continue
		}
		for _, m := range imports.FindAllSubmatch(f.src, -1) {
			if _, err := fs.Stat(Phone(), "static/"+string(m[1])); err != nil {
				t.Errorf("%s imports %s: %v", f.name, m[1], err)
			}
		}
	}
}

// TestNoHTMLInjection: user text (names) must only reach the DOM as text.
func TestNoHTMLInjection(t *testing.T) {
	bad := regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(`)
	for _, f := range jsFiles(t) {
		if loc := bad.FindIndex(f.src); loc != nil {
			t.Errorf("%s: %s", f.name, f.src[loc[0]:loc[1]])
		}
	}
	page, _ := fs.ReadFile(Phone(), "index.html")
	if bytes.Contains(page, []byte("http://")) || bytes.Contains(page, []byte("https://")) {
		t.Error("index.html loads something from the internet")
	}
}

// TestI18nKeys: both languages have the same keys, the same template fields,
// valid templates; every key the JavaScript names literally exists in the
// dictionary the phone is served; every role, action, answer, narration,
// winner and join-error id of the rules has a translation there.
func TestI18nKeys(t *testing.T) {
	en, zh := loadLang(t, I18n(), "en"), loadLang(t, I18n(), "zh")
	for k := range en {
		if _, ok := zh[k]; !ok {
			t.Errorf("zh.json lacks %q", k)
		}
	}
	for k := range zh {
		if _, ok := en[k]; !ok {
			t.Errorf("en.json lacks %q", k)
		}
	}
	field := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	fields := func(s string) []string {
		var out []string
		for _, m := range field.FindAllStringSubmatch(s, -1) {
			out = append(out, m[1])
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	for k, v := range en {
		if !slices.Equal(fields(v), fields(zh[k])) {
			t.Errorf("%q: fields differ: en %v, zh %v", k, fields(v), fields(zh[k]))
		}
		for lang, s := range map[string]string{"en": v, "zh": zh[k]} {
			if _, err := template.New(k).Parse(s); err != nil {
				t.Errorf("%s %q: %v", lang, k, err)
			}
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s %q is empty", lang, k)
			}
		}
	}

	// the page reads the dictionary without the big screen's words
	phone, err := fs.Sub(Phone(), "static/i18n")
	if err != nil {
		t.Fatal(err)
	}
	en, zh = phoneLang(t, phone, "en"), phoneLang(t, phone, "zh")
	// keys named literally in the JS: T('key' …) and T("key" …)
	lit := regexp.MustCompile(`\bT[Z]?\(\s*['"]([a-zA-Z0-9.\-]+)['"]`)
	// keys built from an id family: tId(T, 'role', …)
	fam := regexp.MustCompile(`tId\(\s*T[Z]?\s*,\s*'([a-z]+)'`)
	// T(`narr.${…}`) / T(`err.${…}`)
	tmpl := regexp.MustCompile("T\\(\\s*`([a-z]+)\\.\\$\\{")
	families := map[string]bool{}
	used := 0
	for _, f := range jsFiles(t) {
		if strings.HasSuffix(f.name, ".test.mjs") {
			continue
		}
		for _, m := range lit.FindAllSubmatch(f.src, -1) {
			used++
			k := string(m[1])
			if _, ok := en[k]; !ok {
				t.Errorf("%s uses %q, missing in en.json", f.name, k)
			}
			if _, ok := zh[k]; !ok {
				t.Errorf("%s uses %q, missing in zh.json", f.name, k)
			}
		}
		for _, m := range fam.FindAllSubmatch(f.src, -1) {
			families[string(m[1])] = true
		}
		for _, m := range tmpl.FindAllSubmatch(f.src, -1) {
			families[string(m[1])] = true
		}
	}
	if used < 50 {
		t.Errorf("found only %d literal keys in the JS: is the pattern still right?", used)
	}
	ids := map[string][]string{
		"role": {"killer", "police", "civilian", "special-police", "doctor", "butterfly", "sniper", "elder",
			"undercover", "secret-police", "villager", "bodyguard", "traitor", "assassin", "dark-police",
			"werewolf", "free-choice", "commoner", "soulbind", "witchdoctor", "vest", "jail", "deathblow", "curse",
			"arson", "amoeba"},
		"action": {"sleep", "skip", "kill", "check", "save", "pass", "vote", "abstain", "explode", "suspect",
			"shoot", "hug", "silence", "protect", "assassinate", "traitor-check", "dark-check", "nominate",
			"attack", "onehit", "snipe", "aimed-snipe", "bind", "heal", "vest", "wolfsbane", "imprison",
			"anti-snipe", "deathblow", "pardon", "curse", "vicious-curse", "bless", "devout-bless", "saint",
			"arson", "transform", "stance", "order", "withdraw", "done"},
		"answer": game.Answers(),
		"narr": {"night", "setup-night", "day", "last-words", "speech", "pk-speech", "defence", "nomination",
			"discussion", "closing", "vote-call", "vote", "immune", "over", "briefing"},
		"camp":    game.Camps(),
		"winner":  append(game.Winners(), "seat"),
		"reason":  game.Reasons(),
		"err":     {"room", "seat-taken", "table-full", "started", "name"},
		"variant": {"classic-2.0", "standard-003", "v3.0", "v4.0", "v5.0-dual", "two-hands", "cat-lives-7"},
		"dawn":    {"dead", "peaceful"},
	}
	for fam, list := range ids {
		for _, id := range list {
			k := fam + "." + id
			if _, ok := en[k]; !ok {
				t.Errorf("en.json lacks %q", k)
			}
			if _, ok := zh[k]; !ok {
				t.Errorf("zh.json lacks %q", k)
			}
		}
	}
	for fam := range families {
		if _, ok := ids[fam]; !ok && fam != "by" {
			t.Errorf("the JS builds keys of family %q that this test does not check", fam)
		}
	}
}

func loadLang(t *testing.T, dir fs.FS, lang string) map[string]string {
	t.Helper()
	b, err := fs.ReadFile(dir, lang+".json")
	if err != nil {
		t.Fatal(err)
	}
	// flat string → string only: fyne's lang package (go-i18n) reads the same files
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s.json: %v (must be a flat object of strings)", lang, err)
	}
	return m
}

// phoneLang is the page's whole dictionary of lang: its first file and
// its late one (LateFamilies) together.
func phoneLang(t *testing.T, dir fs.FS, lang string) map[string]string {
	t.Helper()
	m := loadLang(t, dir, lang)
	for k, v := range loadLang(t, dir, lang+".late") {
		m[k] = v
	}
	return m
}

type jsFile struct {
	name string
	src  []byte
}

func jsFiles(t *testing.T) []jsFile {
	t.Helper()
	var out []jsFile
	for _, pat := range []string{"phone/static/*.js", "phone/*.mjs"} {
		names, _ := filepath.Glob(pat)
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, jsFile{n, b})
		}
	}
	if len(out) < 3 {
		t.Fatalf("found %d JS files", len(out))
	}
	return out
}
