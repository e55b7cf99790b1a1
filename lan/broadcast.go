// What each phone is sent: its own view, made once per change.

package lan

import (
	"bytes"
	"strconv"

	"nightfall/game"
)

func (s *session) namesJSON() []byte {
	m := map[string]string{}
	for i, n := range s.names {
		if n != "" {
			m[strconv.Itoa(i+1)] = n
		}
	}
	return mustJSON(m)
}

// zeroTableField is how an empty TableView field marshals inside a PlayerView.
var zeroTableField = append([]byte(`"table":`), mustJSON(game.TableView{})...)

// viewJSON is the JSON of seat's PlayerView, given the table's JSON: the
// same bytes as marshalling the view whole, but the table, the same for
// every seat, is marshalled once per broadcast.
func (s *session) viewJSON(seat int, table []byte) []byte {
	pv := s.g.PlayerView(seat)
	pv.Table = game.TableView{}
	b := mustJSON(pv)
	i := bytes.LastIndex(b, zeroTableField)
	if i < 0 {
		panic("lan: the table is missing from a marshalled PlayerView")
	}
	out := make([]byte, 0, len(b)+len(table))
	out = append(out, b[:i+len(`"table":`)]...)
	out = append(out, table...)
	return append(out, b[i+len(zeroTableField):]...)
}

// broadcast pushes the views. When any seat's view changed, every seat gets
// a view frame, all of the same size: which phones receive a frame, and how
// large, tells nothing about roles (a killers' pick changes only the
// killers' views, yet every phone hears from the host). Spectators get the
// table when it changed (it is public, and so is its size). During a game's
// cadence the broadcast waits for the tick (cadence.go), which sends the
// views of then.
func (s *session) broadcast() {
	if s.g == nil || s.failed != nil {
		return
	}
	if s.cadenced() {
		s.cad.dirty = true
		return
	}
	names := s.namesJSON()
	changed := !bytes.Equal(names, s.lastViewNames)
	tab := mustJSON(s.g.TableView())
	views := make([][]byte, len(s.seats))
	size := 0
	for i := range s.seats {
		views[i] = s.viewJSON(i+1, tab)
		if !bytes.Equal(views[i], s.lastView[i]) {
			changed = true
		}
		size = max(size, viewFrameSize(views[i], names))
	}
	if changed {
		s.lastView, s.lastViewNames, s.bucket = views, names, size
		for i, m := range s.seats {
			if m != nil && m.conn != nil {
				s.send(m.conn, viewFrame(views[i], names, size))
			}
		}
	}
	if !bytes.Equal(tab, s.lastTab) || !bytes.Equal(names, s.lastTabNames) {
		s.lastTab, s.lastTabNames = tab, names
		frame := tableFrame(tab, names)
		for c := range s.clients {
			if c.m != nil && c.m.spectator {
				s.send(c, frame)
			}
		}
	}
}
