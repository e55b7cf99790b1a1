package translations

import (
	"testing"

	"nightfall/assets"
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
