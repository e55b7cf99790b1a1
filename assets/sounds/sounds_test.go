package sounds

import (
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nightfall/app/voice"
	"nightfall/assets"
)

// Every clip gen.sh made is a line of the voice with its words (the
// captions), and every line of the voice has its clip.
func TestWordsAndClips(t *testing.T) {
	for _, lang := range assets.Languages {
		files, err := fs.Glob(FS, lang+"/*.wav")
		if err != nil || len(files) < 30 {
			t.Fatalf("%s: %d clips, %v", lang, len(files), err)
		}
		for _, f := range files {
			clip := strings.TrimSuffix(strings.TrimPrefix(f, lang+"/"), ".wav")
			if w, ok := Words(lang, clip); !ok || w == "" {
				t.Errorf("%s/%s has no words: a line no longer in the dictionary (run gen.sh)", lang, clip)
			}
		}
		for _, clip := range Lines(lang) {
			if _, err := fs.Stat(FS, lang+"/"+clip+".wav"); err != nil {
				t.Errorf("line %s has words in %s but no clip (run gen.sh)", clip, lang)
			}
		}
	}
	for _, c := range []struct{ lang, clip, want string }{
		{"zh", "night", "天黑请闭眼"}, {"en", "died", "died."}, {"zh", "n7", "7"}, {"en", "n40", "40"},
		{"en", "role.killer", "Killer"}, {"en", "roles.killer", "killers"}, {"zh", "brief.narr", "第一夜之前：本局怎么玩"},
	} {
		if w, _ := Words(c.lang, c.clip); w != c.want {
			t.Errorf("Words(%s, %s) = %q, want %q", c.lang, c.clip, w, c.want)
		}
	}
	for _, c := range []struct{ lang, clip string }{{"zh", "chime"}, {"zh", "please-not"}, {"en", "please"},
		{"zh", "n41"}, {"zh", "roles.killer"}, {"en", "voice.night"}, {"en", "brief.title"}} {
		if w, ok := Words(c.lang, c.clip); ok {
			t.Errorf("Words(%s, %s) = %q, want none", c.lang, c.clip, w)
		}
	}
}

// Every phrase the voice says whole (app/voice.Wholes: every line naming a
// seat or a count, with each seat or count it can take) has its clip,
// whose words are its pieces' words; every such clip gen.sh made is one of
// them (none left from a phrase no longer said).
func TestWholeClips(t *testing.T) {
	for _, lang := range assets.Languages {
		wholes := voice.Wholes(lang)
		if len(wholes) < 300 {
			t.Fatalf("%s: %d phrases said whole", lang, len(wholes))
		}
		ids := map[string]bool{}
		for _, w := range wholes {
			ids[w.ID] = true
			if st, err := fs.Stat(FS, lang+"/"+w.ID+".mp3"); err != nil || st.Size() < 500 {
				t.Errorf("%s: %s (%s) has no clip (run gen.sh): %v", lang, w.ID, w.Words, err)
			}
			if got, ok := Words(lang, w.ID); !ok || got != w.Words || !strings.Contains(w.ID, "+") {
				t.Errorf("Words(%s, %s) = %q, %v; want %q", lang, w.ID, got, ok, w.Words)
			}
		}
		files, _ := fs.Glob(FS, lang+"/*.mp3")
		for _, f := range files {
			if id := strings.TrimSuffix(strings.TrimPrefix(f, lang+"/"), ".mp3"); !ids[id] {
				t.Errorf("%s is no phrase the voice says whole (run gen.sh)", f)
			}
		}
	}
	for _, c := range []struct{ lang, clip, want string }{
		{"zh", "n6+died", "6号死亡"}, {"en", "seat+n6+died", "Seat 6 died."}, {"zh", "please+n20+speak", "请20号发言"},
		{"zh", "votefor+n8+hao+handsup", "投8号的请举手"}, {"en", "votefor+n8", "Hands up for seat 8"},
		{"zh", "n5+ge+role.killer", "5个杀手"}, {"en", "n5+roles.killer", "5 killers"}, {"zh", "each+n1+ge", "各1个"},
		{"zh", "n3+shot+n9+hao", "3号开枪带走9号"}, {"en", "seat+n3+shot+seat+n9", "Seat 3 shoots Seat 9"},
	} {
		if w, _ := Words(c.lang, c.clip); w != c.want {
			t.Errorf("Words(%s, %s) = %q, want %q", c.lang, c.clip, w, c.want)
		}
	}
	if w, ok := Words("zh", "n6+nosuchline"); ok {
		t.Errorf("a phrase of an unknown piece has words %q", w)
	}
}

// TestReadmeListsTheLines: the README's list of the voice's lines (a voice
// pack names its files by them) is the voice's: a row per line of its own
// with the dictionary's words ("—" where a language has none), and a
// pattern for each family of lines (role.<role id> …); nothing else.
func TestReadmeListsTheLines(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, voice, _ := strings.Cut(string(b), "**Voice packs.**")
	voice, _, _ = strings.Cut(voice, "\n## ")
	row := regexp.MustCompile("(?m)^\\| `([^`]+)`(?: … `[^`]+`)? \\| ([^|]+) \\| ([^|]+) \\|$")
	rows := map[string][2]string{}
	var patterns []*regexp.Regexp
	for _, m := range row.FindAllStringSubmatch(voice, -1) {
		id := m[1]
		if strings.Contains(id, "<") { // a family: role.<role id>
			patterns = append(patterns, regexp.MustCompile("^"+regexp.QuoteMeta(id[:strings.Index(id, "<")])+"[a-z0-9.-]+$"))
			continue
		}
		if id == "n1" {
			patterns = append(patterns, regexp.MustCompile(`^n[0-9]+$`))
			if !strings.Contains(m[0], "`n40`") {
				t.Errorf("the README's numbers: %q, want n1 … n40", m[0])
			}
			continue
		}
		rows[id] = [2]string{strings.TrimSpace(m[2]), strings.TrimSpace(m[3])}
	}
	if len(rows) < 20 || len(patterns) < 3 {
		t.Fatalf("found %d rows and %d patterns in the README's table: is the pattern still right?", len(rows), len(patterns))
	}
	for i, lang := range assets.Languages {
		lines := Lines(lang)
		for _, id := range lines {
			want, _ := Words(lang, id)
			if r, ok := rows[id]; ok {
				if r[i] != want {
					t.Errorf("README: %s in %s reads %q, the dictionary %q", id, lang, r[i], want)
				}
				continue
			}
			if !slices.ContainsFunc(patterns, func(p *regexp.Regexp) bool { return p.MatchString(id) }) {
				t.Errorf("README: the line %s (%s) is not listed", id, lang)
			}
		}
		for id, r := range rows {
			if !slices.Contains(lines, id) && r[i] != assets.NoClip {
				t.Errorf("README lists %s in %s (%q), which the voice does not say", id, lang, r[i])
			}
		}
	}
}
