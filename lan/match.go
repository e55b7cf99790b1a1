package lan

import (
	"slices"

	"nightfall/game"
)

// match is the game being played and its log. What the game takes is
// stored before anyone sees it: a command the log cannot hold is undone.
// Once the log fails, the match stores nothing more (failed), and the
// session takes no more commands (session.fail).
type match struct {
	g      *game.Game
	log    *gameLog
	failed error // the log cannot be written
}

// play applies cmd, by the player or host "by" with the phone's frame id,
// and stores it. refused: the game refused it (err says why) and nothing
// changed. Otherwise err is the log's failure: the game is rebuilt from the
// events the log holds, as if cmd had never come.
func (m *match) play(cmd game.Command, by, id string) (refused bool, err error) {
	before := len(m.g.Events())
	evs, err := m.g.Apply(cmd)
	if err != nil {
		return true, err
	}
	rec := logCmd{Cmd: cmdRecord{By: by, ID: id, Command: cmd}, N: len(evs)}
	if err := m.log.append(rec, evs); err != nil {
		m.rollback(before)
		return false, err
	}
	return false, nil
}

// record appends a record to the log. Not stored: err is the log's new
// failure, or nil if it had failed already.
func (m *match) record(rec any, evs []game.Event) (stored bool, err error) {
	if m.failed != nil {
		return false, nil
	}
	if err := m.log.append(rec, evs); err != nil {
		return false, err
	}
	return true, nil
}

// rollback rebuilds the game from its first n events (those the log holds).
func (m *match) rollback(n int) {
	stored := slices.Clone(m.g.Events()[:n])
	g, err := game.Replay(m.g.Setup(), stored)
	if err != nil { // cannot happen: these events came from this game
		panic("lan: the stored events do not replay: " + err.Error())
	}
	m.g = g
}
