package replay

import (
	"fmt"
	"strings"

	"nightfall/game"
)

// LineText is a line in codes (game.Line: a line of the timeline, a list
// of votes) in the words of lang: the one translation of the big screen's
// 复盘 and of the saved file; the phones' lineText (view.js) does the same
// with the same dictionary.
func LineText(lang string, l game.Line) string {
	d, err := load(lang)
	if err != nil {
		return l.Key
	}
	return d.line(l)
}

// ValueText is one argument of a line (a name, a list, a line) in the
// words of lang.
func ValueText(lang string, v any) string {
	d, err := load(lang)
	if err != nil {
		return ""
	}
	s, _ := d.value(v).(string)
	return s
}

func (w *words) line(l game.Line) string {
	if l.Key == "" {
		return ""
	}
	kv := make([]any, 0, 2*len(l.Args))
	for _, a := range l.Args {
		kv = append(kv, a.Name, w.value(a.Value))
	}
	return w.t(l.Key, kv...)
}

// value is an argument as a template prints it: numbers and strings as
// they are, names, lines and lists in words.
func (w *words) value(v any) any {
	switch x := v.(type) {
	case game.Line:
		return w.line(x)
	case game.Name:
		for _, k := range x {
			if s, ok := w.m[k]; ok {
				return s
			}
		}
		if len(x) == 0 {
			return ""
		}
		_, id, _ := strings.Cut(x[len(x)-1], ".")
		return id
	case game.List:
		parts := make([]string, len(x.Items))
		for i, it := range x.Items {
			parts[i] = fmt.Sprint(w.value(it)) // a seat as a template prints it
		}
		sep := x.Sep
		if sep == "" {
			sep = "list.sep"
		}
		return strings.Join(parts, w.t(sep))
	}
	return v
}
