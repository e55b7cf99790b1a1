package assets

import "strings"

// NamePrefixes are the kinds of names of the engine's things, which the
// phones and the big screen both show: the names of variants, roles,
// actions and options, the variants' summaries and the options' values
// (val.<value>, or val.<option>.<value> where one option names a value its
// own way).
var NamePrefixes = []string{"variant.", "summary.", "role.", "action.", "opt.", "val."}

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
	all, err := Dictionary(code)
	if err != nil {
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
