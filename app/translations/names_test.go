package translations

import (
	"testing"

	"nightfall/assets"
	"nightfall/game"
)

// TestNoNamesHere: the names of variants, roles, actions and options have one
// source, the shared file the phones read (assets/i18n); this file holds the
// host app's phrases only.
func TestNoNamesHere(t *testing.T) {
	for _, code := range Languages {
		m, err := Strings(code)
		if err != nil {
			t.Fatal(err)
		}
		for k := range m {
			if assets.IsName(k) {
				t.Errorf("%s.json has %q: names belong in assets/i18n/%s.json", code, k, code)
			}
		}
	}
}

// TestEveryStageNamed: the big screen titles every stage the engine has
// (and the night, day and end) with "stage.<id>"; a stage without a string
// would show its key.
func TestEveryStageNamed(t *testing.T) {
	ids := []string{string(game.PhaseNight), string(game.PhaseDay), string(game.PhaseOver)}
	for _, s := range game.Stages() {
		ids = append(ids, string(s))
	}
	for _, code := range Languages {
		m, err := Strings(code)
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
