// Package translations holds the host app's strings, one flat JSON file per
// language in lang/ (en.json, zh.json), in the format Fyne's lang package
// reads (lang.AddTranslationsFS). Values are Go templates: {{.Seat}} etc.
package translations

import (
	"embed"
	"encoding/json"
)

// FS holds lang/en.json and lang/zh.json.
//
//go:embed lang/*.json
var FS embed.FS

// Dir is the directory inside FS to pass to lang.AddTranslationsFS.
const Dir = "lang"

// Languages are the language codes there is a file for, the default first.
var Languages = []string{"zh", "en"}

// Strings returns one language's key → template map.
func Strings(code string) (map[string]string, error) {
	data, err := FS.ReadFile(Dir + "/" + code + ".json")
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// Raw returns one language's file as it is.
func Raw(code string) ([]byte, error) { return FS.ReadFile(Dir + "/" + code + ".json") }
