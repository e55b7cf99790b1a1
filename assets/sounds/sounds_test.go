package sounds

import (
	"io/fs"
	"strings"
	"testing"
)

// Every clip gen.sh made has its words (the captions), and every phrase
// with words has its clip.
func TestWordsAndClips(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		files, err := fs.Glob(FS, lang+"/*.wav")
		if err != nil || len(files) < 30 {
			t.Fatalf("%s: %d clips, %v", lang, len(files), err)
		}
		for _, f := range files {
			clip := strings.TrimSuffix(strings.TrimPrefix(f, lang+"/"), ".wav")
			if w, ok := Words(lang, clip); !ok || w == "" {
				t.Errorf("%s/%s has no words", lang, clip)
			}
		}
		for clip := range phrases[lang] {
			if _, err := fs.Stat(FS, lang+"/"+clip+".wav"); err != nil {
				t.Errorf("phrase %s has words in %s but no clip", clip, lang)
			}
		}
	}
	for _, c := range []struct{ lang, clip, want string }{
		{"zh", "night", "天黑请闭眼"}, {"en", "died", "died."}, {"zh", "n7", "7"}, {"en", "n20", "20"},
	} {
		if w, _ := Words(c.lang, c.clip); w != c.want {
			t.Errorf("Words(%s, %s) = %q, want %q", c.lang, c.clip, w, c.want)
		}
	}
	for _, c := range []struct{ lang, clip string }{{"zh", "chime"}, {"zh", "please-not"}, {"en", "please"}, {"zh", "n21"}} {
		if w, ok := Words(c.lang, c.clip); ok {
			t.Errorf("Words(%s, %s) = %q, want none", c.lang, c.clip, w)
		}
	}
}
