package lan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"nightfall/game"
)

// fullDisk is a log file whose disk is full: a write stores half of its
// bytes and fails, as a real full disk does.
type fullDisk struct {
	*os.File
}

func (f fullDisk) Write(b []byte) (int, error) {
	n, _ := f.File.Write(b[:len(b)/2])
	return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

// TestDiskFullNothingSeen: a command the log cannot store is refused with
// "saving", and nobody sees it: no phone frame, not the big screen; the log
// holds no torn bytes, and the game resumed from it is the game in memory.
func TestDiskFullNothingSeen(t *testing.T) {
	h, tb := startedTable(t, 8, 31)
	killers := tb.seatsWithRole("killer")
	victim := tb.seatsWithRole("civilian")[0]
	// The first killer picks; the disk fills before the second one does.
	if f := tb.phones[killers[0]].cmd("kill", &game.Target{Seat: victim}, nil); f.T != "ack" {
		t.Fatalf("first kill: %s", f.raw)
	}
	tb.syncAll()
	var path string
	var size int64
	h.do(func(s *session) {
		path = s.log.path
		size = s.log.size
		s.log.f = fullDisk{s.log.f.(*os.File)}
	})
	before := map[int][]byte{}
	seen := map[int]int{}
	for _, p := range tb.phones[1:] {
		before[p.seat] = p.view
		seen[p.seat] = len(p.frames)
	}
	hvBefore := h.hostView()
	other := victim
	for _, s := range tb.seatsWithRole("civilian") {
		if s != victim {
			other = s
			break
		}
	}
	f := tb.phones[killers[1]].cmd("kill", &game.Target{Seat: other}, nil)
	if f.T != "error" || f.Code != codeSaving {
		t.Fatalf("a kill the log cannot store: %s", f.raw)
	}
	tb.syncAll()
	for _, p := range tb.phones[1:] {
		for _, fr := range p.frames[seen[p.seat]:] {
			if fr.T == "view" {
				t.Errorf("seat %d got a view after the failed write: %.300s", p.seat, fr.raw)
			}
		}
		if !bytes.Equal(p.view, before[p.seat]) {
			t.Errorf("seat %d's view changed", p.seat)
		}
	}
	hv := h.hostView()
	if hv.Err == "" || !strings.Contains(hv.Err, "no space") || hv.Failure == nil || hv.Failure.Code != HostErrLog {
		t.Errorf("the big screen does not say the log cannot be written: %q %+v", hv.Err, hv.Failure)
	}
	if !jsonEqual(hv.Table, hvBefore.Table) {
		t.Errorf("the big screen's table changed")
	}
	// Nothing further is accepted, not even what the rules would take.
	if f := tb.phones[victim].cmd("sleep", nil, nil); f.T != "error" || f.Code != codeSaving {
		t.Errorf("after the failure: %s", f.raw)
	}
	// The log holds exactly what was stored, and resumes to the game the
	// session holds.
	if st, err := os.Stat(path); err != nil || st.Size() != size {
		t.Fatalf("the log is %v bytes (%v), want the %d stored before", st.Size(), err, size)
	}
	mem := allViews(h)
	cp := snapshot(t, h)
	h.close()
	h2 := newHarness(t, Config{Resume: cp})
	if got := allViews(h2); !jsonEqual(got, mem) {
		t.Errorf("the resumed game differs from the one the table saw")
	}
	if len(h2.warns) != 0 {
		t.Errorf("the resume warned: %v", h2.warns)
	}
}

// TestPausedRefused: while the host pauses, phones' commands are refused
// with "paused" and change nothing; no deadline passes.
func TestPausedRefused(t *testing.T) {
	h, tb := startedTable(t, 8, 33)
	p := tb.phones[tb.seatsWithRole("civilian")[0]]
	h.host(HostCommand{Do: HostPause})
	p.until(func(f frame) bool { return f.T == "clock" && f.Paused })
	n := h.eventCount()
	f := p.cmd("sleep", nil, nil)
	if f.T != "error" || f.Code != codePaused || f.Reason == "" {
		t.Fatalf("a command while paused: %s", f.raw)
	}
	h.clock.Advance(24 * time.Hour)
	if h.eventCount() != n {
		t.Fatal("the game changed while paused")
	}
	if tv := tb.tableView(); tv.Phase != "night" {
		t.Fatalf("a deadline passed while paused: %s", tv.Phase)
	}
	h.host(HostCommand{Do: HostResume})
	if f := p.cmdID(f.ID, "sleep", nil, nil); f.T != "ack" { // the phone sends it again
		t.Fatalf("after the pause: %s", f.raw)
	}
}

// toBallot runs the table until a ballot with index is open.
func (tb *table) toBallot(index int) game.TableView {
	tb.t.Helper()
	for i := 0; i < 300; i++ {
		tv := tb.tableView()
		if tv.Phase == "over" {
			tb.t.Skip("the game ended first")
		}
		if tv.Stage == "vote" && tv.Ballot != nil && !tv.Ballot.Closed && tv.Ballot.Index == index {
			return tv
		}
		tb.advance()
	}
	tb.t.Fatalf("no ballot %d", index)
	return game.TableView{}
}

// TestStaleVoteAfterDrop: a phone's socket drops in ballot 1 with its vote
// still queued; the others tie, ballot 2 opens; the phone reconnects and its
// outbox resends the vote stamped with ballot 1: refused as stale with the
// reason, and the phone holds the current task (ballot 2's vote).
func TestStaleVoteAfterDrop(t *testing.T) {
	h, tb := startedTable(t, 8, 35)
	tb.nightOne(tb.seatsWithRole("civilian")[0])
	tv := tb.toBallot(1)
	b := tv.Ballot
	a := b.Voters[len(b.Voters)-1]
	var cands []int
	for _, c := range b.Candidates {
		if c.Seat != a {
			cands = append(cands, c.Seat)
		}
	}
	c1, c2 := cands[0], cands[1]
	pa := tb.phones[a]
	pa.ws.Close() // the socket drops with the vote in the outbox
	// The others split 3–3 between c1 and c2.
	count := map[int]int{}
	var rest []int
	for _, v := range b.Voters {
		switch v {
		case a:
		case c1:
			count[c2]++
			tb.phones[v].cmd("vote", &game.Target{Seat: c2}, nil)
		case c2:
			count[c1]++
			tb.phones[v].cmd("vote", &game.Target{Seat: c1}, nil)
		default:
			rest = append(rest, v)
		}
	}
	for _, v := range rest {
		to := c1
		if count[c2] < count[c1] {
			to = c2
		}
		count[to]++
		if f := tb.phones[v].cmd("vote", &game.Target{Seat: to}, nil); f.T != "ack" {
			t.Fatalf("seat %d's vote: %s", v, f.raw)
		}
	}
	if count[c1] != count[c2] {
		t.Skipf("no tie with %d voters", len(b.Voters))
	}
	// Seat a is gone: the rest of the table plays on to ballot 2.
	tb.phones[a] = tb.phones[1+a%8]
	tb.toBallot(2)
	tb.phones[a] = pa
	p := h.dial(pa.token)
	p.until(func(f frame) bool { return f.T == "view" })
	f := p.send
	f(map[string]any{"t": "cmd", "id": "drop-1", "do": "vote", "target": c1, "round": tv.Round, "ballot": 1})
	fr := p.until(func(f frame) bool { return f.ID == "drop-1" })
	if fr.T != "error" || fr.Code != codeStale || fr.Refusal == nil || fr.Refusal.Code != game.RefuseStaleBallot || fr.Refusal.Ballot != 1 || fr.Refusal.Open != 2 {
		t.Fatalf("the queued vote of ballot 1: %s", fr.raw)
	}
	v := p.playerView()
	if v.Table.Ballot == nil || v.Table.Ballot.Index != 2 || len(v.Tasks) == 0 || v.Tasks[0].Action != "vote" {
		t.Fatalf("the phone does not hold ballot 2's vote: ballot %+v tasks %s", v.Table.Ballot, mustJSON(v.Tasks))
	}
	// The same id again: the same answer, nothing applied.
	f(map[string]any{"t": "cmd", "id": "drop-1", "do": "vote", "target": c1, "round": tv.Round, "ballot": 1})
	if fr2 := p.until(func(f frame) bool { return f.ID == "drop-1" }); !bytes.Equal(fr2.raw, fr.raw) {
		t.Errorf("resent: %s", fr2.raw)
	}
	// Made from the current view, the vote counts.
	target := v.Tasks[0].Targets[0]
	f(map[string]any{"t": "cmd", "id": "drop-2", "do": "vote", "target": target, "round": tv.Round, "ballot": 2})
	if fr := p.until(func(f frame) bool { return f.ID == "drop-2" }); fr.T != "ack" {
		t.Fatalf("ballot 2's vote: %s", fr.raw)
	}
}

// TestHuddleHoldAtTheTable: standard-003 R7 at the real session: a night
// whose every input is in does not end before the police huddle, opened by
// the last check, has lasted huddleSeconds.
func TestHuddleHoldAtTheTable(t *testing.T) {
	h := newHarness(t, Config{Variant: "standard-003", Players: 12, Seed: 41, Options: map[string]json.RawMessage{
		"nightMinSeconds": json.RawMessage("10"), "nightMaxSeconds": json.RawMessage("300"),
		"huddleSeconds": json.RawMessage("40")}})
	tb := newTable(t, h, 12, 41)
	tb.start()
	h.clock.Advance(time.Second) // past any hold: the night runs
	police := tb.seatsWithRole("police")
	if len(police) == 0 {
		t.Skip("no police")
	}
	last := police[len(police)-1]
	victim := tb.seatsWithRole("civilian")[0]
	target := 0
	for seat := 1; seat < len(tb.roles); seat++ {
		if tb.roles[seat][0] != "police" {
			target = seat
			break
		}
	}
	act := func(p *phone) {
		p.sync()
		for _, task := range p.playerView().Tasks {
			var f frame
			switch task.Action {
			case "sleep":
				f = p.cmd("sleep", nil, nil)
			case "kill":
				f = p.cmd("kill", &game.Target{Seat: victim}, nil)
			case "check":
				f = p.cmd("check", &game.Target{Seat: target}, nil)
			default:
				continue
			}
			if f.T != "ack" {
				t.Fatalf("seat %d %s: %s", p.seat, task.Action, f.raw)
			}
		}
	}
	for _, p := range tb.phones[1:] {
		if p.seat != last {
			act(p)
		}
	}
	h.clock.Advance(20 * time.Second) // past the night's minimum
	if tv := tb.tableView(); tv.Phase != "night" {
		t.Fatalf("the night ended with a check missing: %s", tv.Phase)
	}
	act(tb.phones[last]) // the huddle opens; every input is in
	h.do(func(s *session) {
		if !s.g.NightComplete() {
			t.Fatal("the night is not complete")
		}
		if _, _, ok := s.g.HuddleHold(); !ok {
			t.Fatal("no huddle is open")
		}
	})
	h.clock.Advance(40*time.Second - time.Millisecond)
	if tv := tb.tableView(); tv.Phase != "night" {
		t.Fatalf("the night ended before the huddle lasted its 40 s: %s", tv.Phase)
	}
	h.clock.Advance(time.Millisecond)
	if tv := tb.tableView(); tv.Phase != "day" {
		t.Fatalf("the night did not end once the huddle lasted its time: %s", tv.Phase)
	}
}

// TestClockSurvivesCrash: a host killed mid-speech resumes the speech's
// timer with the time it had left (to the clock record written every 5 s),
// not from its full length; paused stays paused.
func TestClockSurvivesCrash(t *testing.T) {
	h, tb := startedTable(t, 8, 37)
	tb.nightOne(tb.seatsWithRole("civilian")[0])
	var tv game.TableView
	for i := 0; i < 50; i++ {
		tv = tb.tableView()
		if tv.Timer != nil && (tv.Stage == "speech" || tv.Stage == "last-words") {
			break
		}
		tb.advance()
	}
	if tv.Timer == nil {
		t.Fatal("no speech")
	}
	total := time.Duration(tv.Timer.Seconds) * time.Second
	var hold time.Duration
	h.do(func(s *session) { _, hold = s.clk.timer.remaining(s.clock.Now()) })
	h.clock.Advance(hold + 32*time.Second)
	tb.syncAll()
	cp := snapshot(t, h) // SIGKILL: the last clock record is from 30 s in
	h.close()
	h2 := newHarness(t, Config{Resume: cp})
	p := h2.dial(tb.phones[1].token)
	f := p.until(func(f frame) bool { return f.T == "clock" })
	if f.Key != tv.Timer.Key {
		t.Fatalf("resumed timer key %d, want %d", f.Key, tv.Timer.Key)
	}
	left := time.Duration(f.Remain) * time.Millisecond
	if left < total-33*time.Second || left > total-30*time.Second {
		t.Errorf("resumed with %v left of %v; want about %v", left, total, total-32*time.Second)
	}
	// Paused, stopped cleanly: resumed paused, with exactly the time left.
	h2.clock.Advance(3 * time.Second)
	h2.host(HostCommand{Do: HostPause})
	var want int64
	h2.do(func(s *session) { c, _ := s.clk.timer.remaining(s.clock.Now()); want = c.Milliseconds() })
	cp2 := snapshot(t, h2)
	h2.close()
	h3 := newHarness(t, Config{Resume: cp2})
	p3 := h3.dial(tb.phones[1].token)
	f = p3.until(func(f frame) bool { return f.T == "clock" })
	if !f.Paused || f.Remain != want {
		t.Errorf("resumed a paused game: paused %v, %d ms left; want paused, %d", f.Paused, f.Remain, want)
	}
	if hv := h3.hostView(); !hv.Paused {
		t.Error("the big screen does not show the pause")
	}
}

// TestLobbySurvivesCrash: the seating is saved as it changes; a resume of
// the saved lobby keeps the room, the seats and the tokens; starting a game
// removes it.
func TestLobbySurvivesCrash(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, Config{DataDir: dir, Variant: "classic-2.0", Players: 8})
	phones := h.seatAll(3)
	h.host(HostCommand{Do: HostMove, From: 2, To: 5})
	h.host(HostCommand{Do: HostSetOption, Name: "speechSeconds", Value: json.RawMessage("77")})
	list, err := Resumable(dir)
	if err != nil || len(list) != 1 || !list[0].Lobby || list[0].Seated != 3 || list[0].Problem != "" {
		t.Fatalf("Resumable: %+v %v", list, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, LobbyFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range phones[1:] {
		if bytes.Contains(data, []byte(p.token)) {
			t.Fatal("the lobby file holds a token, not its hash")
		}
	}
	cp := filepath.Join(t.TempDir(), LobbyFile)
	os.WriteFile(cp, data, 0o600)
	room := h.srv.Room()
	h.close()
	h2 := newHarness(t, Config{DataDir: dir, Resume: cp})
	if h2.srv.Room() != room {
		t.Errorf("room %s, want %s", h2.srv.Room(), room)
	}
	for seat, want := range map[int]int{1: 1, 2: 5, 3: 3} {
		p := h2.dial(phones[seat].token)
		if p.seat != want || p.mode != "player" {
			t.Errorf("seat %d came back as %d (%s)", seat, p.seat, p.mode)
		}
	}
	hv := h2.hostView()
	for _, o := range hv.Lobby.Options {
		if o.Name == "speechSeconds" && string(o.Value) != "77" {
			t.Errorf("speechSeconds %s, want 77", o.Value)
		}
	}
	for seat := 1; seat <= 8; seat++ {
		if seat == 1 || seat == 3 || seat == 5 {
			continue
		}
		if f := h2.dial("").join(fmt.Sprintf("p%d", seat), seat); f.T != "welcome" {
			t.Fatalf("join %d: %s", seat, f.raw)
		}
	}
	h2.host(HostCommand{Do: HostStart})
	if _, err := os.Stat(filepath.Join(dir, LobbyFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lobby file stays after the start: %v", err)
	}
	if list, _ := Resumable(dir); len(list) != 1 || list[0].Lobby || list[0].Round != 1 || list[0].Phase != "night" {
		t.Errorf("Resumable after the start: %+v", list)
	}
}

// TestResumeLastCutHeader: when the newest log's header was cut, `--resume
// last` does not take an older game silently: it says so and lists the
// choices.
func TestResumeLastCutHeader(t *testing.T) {
	h, _ := startedTable(t, 8, 39)
	var path string
	h.do(func(s *session) { path = s.log.path })
	h.close()
	dir := copyKeys(t, h.dir) // the logs' seals are checked with the room's log key
	games := filepath.Join(dir, "games")
	os.MkdirAll(games, 0o700)
	data, _ := os.ReadFile(path)
	old := filepath.Join(games, "20260101-000000-aaaaaa.jsonl")
	os.WriteFile(old, data, 0o600)
	os.Chtimes(old, time.Now().Add(-time.Hour), time.Now().Add(-time.Hour))
	cut := filepath.Join(games, "20260102-000000-bbbbbb.jsonl")
	os.WriteFile(cut, data[:40], 0o600)
	got, msg := pickLast(dir)
	if got != "" || !strings.Contains(msg, cut) || !strings.Contains(msg, old) || !strings.Contains(msg, "--resume") {
		t.Errorf("pickLast = %q, %q", got, msg)
	}
	os.Remove(cut)
	if got, msg := pickLast(dir); got != old {
		t.Errorf("pickLast without the cut log = %q, %q", got, msg)
	}
}

// TestDataFolderUnwritable: a data folder that cannot be written (here a
// file where the folder should be; a read-only folder does not stop root)
// is said on the big screen, and a game that could not be logged does not
// start.
func TestDataFolderUnwritable(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "not-a-folder")
	os.WriteFile(bad, []byte("x"), 0o600)
	h := newHarness(t, Config{DataDir: bad, Variant: "classic-2.0", Players: 8})
	h.seatAll(8)
	if hv := h.hostView(); !strings.Contains(hv.Err, "cannot save the lobby") || hv.Failure == nil || hv.Failure.Code != HostErrLobbySave {
		t.Errorf("the big screen does not say the lobby cannot be saved: %q", hv.Err)
	}
	if err := h.srv.Host(HostCommand{Do: HostStart}); err == nil || !strings.Contains(err.Error(), "game") {
		t.Errorf("a game without a log started: %v", err)
	}
	if hv := h.hostView(); hv.Table != nil {
		t.Error("the table shows a game")
	}
}
