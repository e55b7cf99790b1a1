// What each phone is sent: its own view, made once per change.

package lan

import (
	"bytes"
	"time"

	"nightfall/game"
)

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

// broadcast pushes the views (outbox.broadcast): at once, or during a
// game's cadence at the tick, which sends the views of then.
func (s *session) broadcast() { s.out.update() }

// render is what a broadcast sends now: every seat's view, the table and
// the names; false without a game, or when the log cannot be written
// (views that depend on unsaved events are never sent).
func (s *session) render() (views, bool) {
	if s.g == nil || s.failed != nil {
		return views{}, false
	}
	v := views{names: s.lobby.namesJSON(), table: mustJSON(s.g.TableView()),
		views: make([][]byte, len(s.lobby.seats)), seats: make([]*client, len(s.lobby.seats))}
	for i, m := range s.lobby.seats {
		v.views[i] = s.viewJSON(i+1, v.table)
		if m != nil {
			v.seats[i] = m.conn
		}
	}
	return v, true
}

// afterTick runs the cadence's tick gen on the loop after d.
func (s *session) afterTick(d time.Duration, gen int) func() bool {
	return s.clock.AfterFunc(d, func() { s.srv.post(msgCadence{gen}) })
}

// slow drops a phone whose queue is full: it reconnects to a fresh view.
func (s *session) slow(c *client) {
	s.logf("lan: dropping a slow phone (%s)", c.remote)
	s.drop(c)
}
