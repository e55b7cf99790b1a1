package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"text/template"

	"nightfall/assets"
)

// words is one language of the phones' dictionary (assets/i18n): the
// replay is the phone's file, in the phone's language.
type words struct {
	lang string
	m    map[string]string
}

var (
	dictMu sync.Mutex
	dicts  = map[string]*words{}
)

// Langs are the languages a replay is written in.
var Langs = []string{"zh", "en"}

func load(lang string) (*words, error) {
	dictMu.Lock()
	defer dictMu.Unlock()
	if w, ok := dicts[lang]; ok {
		return w, nil
	}
	data, err := fs.ReadFile(assets.I18n(), lang+".json")
	if err != nil {
		return nil, fmt.Errorf("no language %q (zh or en)", lang)
	}
	w := &words{lang: lang}
	if err := json.Unmarshal(data, &w.m); err != nil {
		return nil, fmt.Errorf("the %s dictionary: %v", lang, err)
	}
	dicts[lang] = w
	return w, nil
}

// t is key's words with template data given as name, value pairs; the key
// itself when the dictionary lacks it.
func (w *words) t(key string, kv ...any) string {
	s, ok := w.m[key]
	if !ok {
		return key
	}
	if !strings.Contains(s, "{{") {
		return s
	}
	tp, err := template.New(key).Option("missingkey=zero").Parse(s)
	if err != nil {
		return s
	}
	data := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		data[kv[i].(string)] = kv[i+1]
	}
	var b bytes.Buffer
	if tp.Execute(&b, data) != nil {
		return s
	}
	return b.String()
}

// id is a name of a family ("role", "action", …), or the id itself.
func (w *words) id(family, id string) string {
	if s, ok := w.m[family+"."+id]; ok {
		return s
	}
	return id
}

func (w *words) list(items []string) string { return strings.Join(items, w.t("list.sep")) }
