package lan

import (
	"os"
	"testing"

	"nightfall/game"
)

// newMatch is a dealt game of in with its log in a temporary directory.
func newMatch(t *testing.T) *match {
	t.Helper()
	in := game.Variants()[0]
	g, err := game.New(game.Setup{Variant: in.ID, Players: in.MaxPlayers, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	l, err := createLog(t.TempDir(), logHeader{Nightfall: logVersion, ID: "match-test", Setup: g.Setup()}, g.Events())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.close() })
	return &match{g: g, log: l}
}

// TestMatchPlayStores: a command the game takes is in the log; one it
// refuses changes neither the game nor the log.
func TestMatchPlayStores(t *testing.T) {
	m := newMatch(t)
	n, size := len(m.g.Events()), m.log.size
	if refused, err := m.play(game.Command{Do: "no-such-command"}, "host", ""); err == nil || !refused {
		t.Fatalf("an unknown command: refused %v, err %v", refused, err)
	}
	if len(m.g.Events()) != n || m.log.size != size {
		t.Fatalf("a refused command changed the game (%d → %d events) or the log (%d → %d bytes)",
			n, len(m.g.Events()), size, m.log.size)
	}
	if refused, err := m.play(game.Command{Do: "timeout"}, "host", ""); err != nil {
		t.Fatalf("timeout: refused %v, err %v", refused, err)
	}
	if len(m.g.Events()) == n || m.log.size == size {
		t.Fatalf("a command taken changed nothing: %d events, %d bytes", len(m.g.Events()), m.log.size)
	}
	sg, err := readLog(m.log.path, func(w string) { t.Errorf("reading the log: %s", w) })
	if err != nil {
		t.Fatal(err)
	}
	evs, err := sg.events()
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != len(m.g.Events()) {
		t.Fatalf("the log holds %d events, the game %d", len(evs), len(m.g.Events()))
	}
}

// TestMatchPlayFullDisk: a command the log cannot store is undone (the
// game is the one the log holds), and a failed match records nothing more.
func TestMatchPlayFullDisk(t *testing.T) {
	m := newMatch(t)
	n, size := len(m.g.Events()), m.log.size
	m.log.f = fullDisk{m.log.f.(*os.File)}
	refused, err := m.play(game.Command{Do: "timeout"}, "host", "")
	if err == nil || refused {
		t.Fatalf("a command the log cannot store: refused %v, err %v", refused, err)
	}
	if len(m.g.Events()) != n || m.log.size != size {
		t.Fatalf("the game has %d events (the log holds %d), the log %d bytes (was %d)", len(m.g.Events()), n, m.log.size, size)
	}
	m.failed = err
	if stored, err := m.record(logClock{}, nil); stored || err != nil {
		t.Fatalf("a failed match recorded: stored %v, err %v", stored, err)
	}
}
