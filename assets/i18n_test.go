package assets

import (
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"nightfall/game"
)

// TestEveryStageNamed: the big screen titles every stage the engine has
// (and the night, day and end) with "stage.<id>"; a stage without a string
// would show its key.
func TestEveryStageNamed(t *testing.T) {
	ids := []string{string(game.PhaseNight), string(game.PhaseDay), string(game.PhaseOver)}
	for _, s := range game.Stages() {
		ids = append(ids, string(s))
	}
	for _, code := range Languages {
		m, err := Dictionary(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if _, ok := m["stage."+id]; !ok {
				t.Errorf("%s.json has no %q", code, "stage."+id)
			}
		}
	}
}

// TestPhoneDictionary: the phone is served every key of the dictionary but
// the big screen's own families, with the same words, and none of those;
// the LateFamilies in the late file only, every other key in the first.
func TestPhoneDictionary(t *testing.T) {
	for _, code := range Languages {
		all, err := Dictionary(code)
		if err != nil {
			t.Fatal(err)
		}
		phone := map[string]string{}
		size := 0
		for _, late := range []bool{false, true} {
			name := code + ".json"
			if late {
				name = code + ".late.json"
			}
			b, err := fs.ReadFile(Phone(), "static/i18n/"+name)
			if err != nil {
				t.Fatal(err)
			}
			size += len(b)
			var m map[string]string
			if err := json.Unmarshal(b, &m); err != nil {
				t.Fatal(err)
			}
			if len(m) == 0 {
				t.Errorf("%s is empty", name)
			}
			for k, v := range m {
				if Late(k) != late {
					t.Errorf("%s holds %q", name, k)
				}
				phone[k] = v
			}
		}
		screenOnly := 0
		for k, v := range all {
			got, ok := phone[k]
			switch {
			case ForPhone(k) && (!ok || got != v):
				t.Errorf("%s: the phone gets %q = %q, want %q", code, k, got, v)
			case !ForPhone(k) && ok:
				t.Errorf("%s: the phone gets the big screen's %q", code, k)
			case !ForPhone(k):
				screenOnly++
			}
		}
		if len(phone) == 0 || screenOnly < 100 {
			t.Errorf("%s: the phone gets %d keys, %d kept for the big screen", code, len(phone), screenOnly)
		}
		raw, _ := fs.ReadFile(I18n(), code+".json")
		t.Logf("%s: %d keys, the phone's %d (%d of %d bytes)", code, len(all), len(phone), size, len(raw))
	}
}

// TestScreenKeysExist: every key the big screen's Go code names literally
// (tr("key" …), Tr("key" …)) is in the dictionary; a key the phone also
// reads is in a shared family (the check of the page's keys, TestI18nKeys,
// reads the phone's dictionary).
func TestScreenKeysExist(t *testing.T) {
	lit := regexp.MustCompile(`\b(?:tr|Tr|trIf)\(\s*"([a-zA-Z0-9.\-]+)"`)
	dicts := map[string]map[string]string{}
	for _, code := range Languages {
		m, err := Dictionary(code)
		if err != nil {
			t.Fatal(err)
		}
		dicts[code] = m
	}
	used := 0
	for _, dir := range []string{"../app", "../app/ui", "../app/voice"} {
		names, _ := fs.Glob(os.DirFS(dir), "*.go")
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			src, err := os.ReadFile(dir + "/" + n)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range lit.FindAllSubmatch(src, -1) {
				used++
				k := string(m[1])
				if strings.HasSuffix(k, ".") { // a family: tr("camp." + id)
					continue
				}
				for code, d := range dicts {
					if _, ok := d[k]; !ok {
						t.Errorf("%s/%s uses %q, missing in %s.json", dir, n, k, code)
					}
				}
			}
		}
	}
	if used < 100 {
		t.Errorf("found only %d literal keys in the app: is the pattern still right?", used)
	}
	for _, f := range ScreenFamilies {
		if !slices.ContainsFunc(slices.Collect(maps.Keys(dicts["en"])), func(k string) bool { return Family(k) == f }) {
			t.Errorf("ScreenFamilies names %q, which has no key", f)
		}
	}
}

// A hint that names buttons names them as the buttons say, in both
// languages: the big screen told werewolf-12's table to tap "Run" and
// "Don't run" while the phones showed "Stand" and "Do not stand".
func TestHintsNameTheButtons(t *testing.T) {
	for _, lang := range Languages {
		d, err := Dictionary(lang)
		if err != nil {
			t.Fatal(err)
		}
		for hint, buttons := range map[string][]string{
			"table.ww.standing": {"ww.stand.stand", "ww.stand.skip"},
			"ww.skill.hint":     {"ww.skill.skip"},
			"ww.skill.can":      {"ww.skill.skip"},
			"ww.skill.cannot":   {"ww.skill.skip"},
		} {
			for _, b := range buttons {
				if !strings.Contains(d[hint], "“"+d[b]+"”") && !strings.Contains(d[hint], "「"+d[b]+"」") {
					t.Errorf("%s: %s (%q) does not name the button %s (%q)", lang, hint, d[hint], b, d[b])
				}
			}
		}
	}
}
