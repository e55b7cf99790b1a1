package game

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ViewExt is a variant's own part of a view (TableView.Ext, PlayerView.Ext):
// a pointer to a struct the variant declares in its own file and fills in
// its viewer (cat-lives-7's *CatTableView and *CatPlayerView). In JSON it
// stands beside the shared fields under the key ViewKey names, the one the
// phone page reads; registerView tells the decoders its types.
type ViewExt interface {
	ViewKey() string
}

// viewExt is a registered view extension: its JSON key and a new value of
// its table and player parts, for decoding.
type viewExt struct {
	key           string
	table, player func() ViewExt
}

var viewExts []viewExt

// registerView registers a variant's view extension (in its init): the JSON
// key both of its parts stand under and a new value of each.
func registerView(key string, table, player func() ViewExt) {
	viewExts = append(viewExts, viewExt{key, table, player})
}

// appendExt returns the JSON object obj with ext added under its key.
func appendExt(obj []byte, ext ViewExt) ([]byte, error) {
	if ext == nil {
		return obj, nil
	}
	v, err := json.Marshal(ext)
	if err != nil {
		return nil, err
	}
	if string(v) == "null" { // a nil pointer of the variant's type
		return obj, nil
	}
	if len(obj) < 2 || obj[len(obj)-1] != '}' {
		return nil, fmt.Errorf("game: a view is not a JSON object")
	}
	out := obj[:len(obj)-1]
	if len(out) > 1 {
		out = append(out, ',')
	}
	out = append(out, '"')
	out = append(out, ext.ViewKey()...)
	out = append(out, `":`...)
	out = append(out, v...)
	return append(out, '}'), nil
}

// decodeExt reads the extension of a view from its JSON object data: the
// registered key present at its top level, if any (part picks the table's
// or the player's type).
func decodeExt(data []byte, part func(viewExt) func() ViewExt) (ViewExt, error) {
	var top map[string]json.RawMessage
	for _, x := range viewExts {
		if !bytes.Contains(data, []byte(`"`+x.key+`"`)) {
			continue
		}
		if top == nil {
			if err := json.Unmarshal(data, &top); err != nil {
				return nil, err
			}
		}
		raw, ok := top[x.key]
		if !ok || string(raw) == "null" {
			continue
		}
		ext := part(x)()
		if err := json.Unmarshal(raw, ext); err != nil {
			return nil, err
		}
		return ext, nil
	}
	return nil, nil
}

// MarshalJSON writes the variant's extension beside the shared fields.
func (tv TableView) MarshalJSON() ([]byte, error) {
	type plain TableView
	b, err := json.Marshal(plain(tv))
	if err != nil {
		return nil, err
	}
	return appendExt(b, tv.Ext)
}

// UnmarshalJSON reads the shared fields and the variant's extension.
func (tv *TableView) UnmarshalJSON(data []byte) error {
	type plain TableView
	if err := json.Unmarshal(data, (*plain)(tv)); err != nil {
		return err
	}
	ext, err := decodeExt(data, func(x viewExt) func() ViewExt { return x.table })
	tv.Ext = ext
	return err
}

// MarshalJSON writes the variant's extension beside the shared fields.
func (pv PlayerView) MarshalJSON() ([]byte, error) {
	type plain PlayerView
	b, err := json.Marshal(plain(pv))
	if err != nil {
		return nil, err
	}
	return appendExt(b, pv.Ext)
}

// UnmarshalJSON reads the shared fields and the variant's extension.
func (pv *PlayerView) UnmarshalJSON(data []byte) error {
	type plain PlayerView
	if err := json.Unmarshal(data, (*plain)(pv)); err != nil {
		return err
	}
	ext, err := decodeExt(data, func(x viewExt) func() ViewExt { return x.player })
	pv.Ext = ext
	return err
}
