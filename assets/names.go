package assets

import (
	"encoding/json"
	"io/fs"
	"strings"
)

// NamePrefixes are the kinds of names that have one source, I18n()'s files,
// which the phones and the host app both read: the names of variants,
// roles, actions and options, the variants' summaries and the options'
// values (val.<value>, or val.<option>.<value> where one option names a
// value its own way). The host app's own translations (app/translations)
// hold its phrases only; a test there keeps it so.
//
// The role cards (roleinfo.), the rules sheet's words (rules.) and the
// table's briefing (brief.) are shared the same way: the big screen shows
// the rules and the briefing in the phones' words.
var NamePrefixes = []string{"variant.", "summary.", "role.", "action.", "opt.", "val.", "roleinfo.", "rules.", "brief."}

// IsName reports whether key is one of the shared names.
func IsName(key string) bool {
	for _, p := range NamePrefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// Names returns the shared names of language code ("zh", "en"): key →
// name.
func Names(code string) (map[string]string, error) {
	data, err := fs.ReadFile(I18n(), code+".json")
	if err != nil {
		return nil, err
	}
	all := map[string]string{}
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for k, v := range all {
		if IsName(k) {
			out[k] = v
		}
	}
	return out, nil
}
