package lantest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/game/evening"
	"nightfall/lan"
)

// tally is what the test expects of one player's evening, counted from the
// big screen's end-of-game view (each seat's revealed roles and camp) and
// who the test sat where.
type tally struct {
	games, wins int
	roles       map[string]int
}

// An evening of three games of different variants through the real server
// and bot phones: between games 1 and 2 a player renames and she and
// another player swap seats; on game 2's end screen (before "new game") the
// host crashes: the server dies without a clean stop (crash) and the app
// starts again on the same data folder with nothing to resume, as it does
// then. It comes back to the same room, its key and seating (the evening
// goes on), the phones come back with their tokens, and game 3 is played.
// The scoreboard after game 3 is checked against what the test counts
// itself from the three games' ends (each seat's revealed roles and camp,
// the winner) and who it sat where (each game's log names the same phone
// tokens): games, wins and roles per player, not per seat or name, and each
// side's wins. The phones' board (the ☰ sheet's frame) is the big screen's;
// none during a game; a phone asks for each game's replay only once it is
// over.
func TestEveningAcrossACrash(t *testing.T) {
	dir := t.TempDir()
	clock := NewClock(Epoch)
	names := []string{"小明", "Alice", "阿强", "Bob", "小红", "Carol", "老王", "Dave"}
	srv := StartT(t, lan.Config{DataDir: dir, Clock: clock, Variant: "classic-2.0", Players: 8, Seed: 3})
	room := srv.Room()
	b, err := srv.Seat(names...)
	if err != nil {
		t.Fatal(err)
	}
	// who is who: the phone's token, which follows the player
	who := map[string]string{} // token → the player's first name
	for i, p := range b.Phones[1:] {
		who[p.Token()] = names[i]
	}
	want := map[string]*tally{}
	sides := map[string]int{}
	count := func(hv lan.HostView, phones []*Phone) {
		t.Helper()
		tv := hv.Table
		v, _ := game.Lookup(tv.Variant)
		camp := map[string]string{}
		for _, r := range v.Info().Roles {
			camp[r.ID] = r.Camp
		}
		sides[tv.Winner]++
		for _, r := range tv.Reveal {
			name := who[phones[r.Seat].Token()]
			w := want[name]
			if w == nil {
				w = &tally{roles: map[string]int{}}
				want[name] = w
			}
			w.games++
			side := r.Camp
			if side == "" {
				side = camp[r.Roles[0]]
			}
			if side == tv.Winner {
				w.wins++
			}
			for _, role := range r.Roles {
				w.roles[role]++
			}
		}
		// the game's log names, seat by seat, the phone the test sat there
		seats := logSeats(t, dir, hv.LogPath)
		for seat, p := range phones[1:] {
			if seats[seat+1] != hashOf(p.Token()) {
				t.Errorf("%s's log: seat %d is not %s's phone", tv.Variant, seat+1, who[p.Token()])
			}
		}
	}
	play := func(variant string, seed uint64) lan.HostView {
		t.Helper()
		if err := srv.Host(lan.HostCommand{Do: lan.HostSetVariant, Variant: variant}); err != nil {
			t.Fatal(err)
		}
		b.Use("sensible", seed)
		if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
			t.Fatal(err)
		}
		if err := b.Sync(); err != nil {
			t.Fatal(err)
		}
		if hv := srv.View(); hv.Evening != nil {
			t.Errorf("%s: the host view has a scoreboard during the game", variant)
		}
		if _, err := b.Phones[1].Replay("", "zh"); !isRefusal(err, "not-over") {
			t.Errorf("%s: a replay during the game: %v", variant, err)
		}
		hv := playSteps(t, srv, b)
		count(hv, b.Phones)
		if err := b.Sync(); err != nil {
			t.Fatal(err)
		}
		return hv
	}
	checkReplay := func(p *Phone, hv lan.HostView) {
		t.Helper()
		html, err := p.Replay("", "en")
		if err != nil {
			t.Fatalf("the replay at the end: %v", err)
		}
		for _, r := range hv.Table.Reveal {
			if !strings.Contains(html, ">Seat "+itoa(r.Seat)+"<") {
				t.Errorf("the replay lacks seat %d", r.Seat)
			}
		}
		if n := strings.Count(html, `class="vote"`); n != votes(hv.Table) {
			t.Errorf("the replay lists %d votes, the game had %d", n, votes(hv.Table))
		}
	}

	hv := play("classic-2.0", 1)
	checkReplay(b.Phones[4], hv)
	if ev := b.Phones[2].Evening(); ev == nil || ev.Games != 1 {
		t.Fatalf("a phone's scoreboard after game 1: %+v", ev)
	}
	if err := srv.Host(lan.HostCommand{Do: lan.HostNewGame}); err != nil {
		t.Fatal(err)
	}
	// Alice renames; seats 1 and 2 swap (the host moves them)
	if err := b.Phones[2].Join("Alicia", 2); err != nil {
		t.Fatal(err)
	}
	if err := srv.Host(lan.HostCommand{Do: lan.HostMove, From: 1, To: 2}); err != nil {
		t.Fatal(err)
	}
	b.Phones[1], b.Phones[2] = b.Phones[2], b.Phones[1]
	play("standard-003", 2)
	tokens := make([]string, len(b.Phones))
	for seat, p := range b.Phones[1:] {
		tokens[seat+1] = p.Token()
	}
	before := srv.View().Evening
	if before == nil || before.Games != 2 {
		t.Fatalf("the scoreboard on game 2's end screen: %+v", before)
	}
	firstID := before.Played[0].ID

	// The host crashes on game 2's end screen. Nothing is left unfinished,
	// so the app has nothing to offer to resume and starts as on any
	// evening: it must come back to the same room and evening.
	crash(t, srv)
	if list, err := lan.Resumable(dir); err != nil || len(list) != 0 {
		t.Errorf("after a crash on the end screen the data folder offers to resume %+v (%v)", list, err)
	}
	srv = StartT(t, lan.Config{DataDir: dir, Clock: clock})
	if srv.Room() != room {
		t.Fatalf("the restart opened room %s, not the evening's %s", srv.Room(), room)
	}
	b = &Bots{Phones: make([]*Phone, len(tokens))}
	for seat := 1; seat < len(tokens); seat++ {
		p, err := Dial(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Hello(tokens[seat], "zh"); err != nil {
			t.Fatal(err)
		}
		if p.Seat() != seat || p.Token() != tokens[seat] {
			t.Fatalf("seat %d's phone came back to seat %d", seat, p.Seat())
		}
		b.Phones[seat] = p
		t.Cleanup(func() { p.Close() })
	}
	// the same two games, each counted once, whether read again from its
	// log or not
	if after := srv.View().Evening; !jsonEqual(after, before) {
		t.Fatalf("after the restart the scoreboard is\n%s\nnot\n%s", mustJSON(after), mustJSON(before))
	}
	if err := b.Phones[3].Sync(); err != nil {
		t.Fatal(err)
	}
	if pb := b.Phones[3].Evening(); !jsonEqual(pb, before) {
		t.Errorf("a phone's board after the restart: %s", mustJSON(pb))
	}
	hv = play("v5.0-dual", 3)
	checkReplay(b.Phones[7], hv)

	ev := srv.View().Evening
	if testing.Verbose() {
		j, _ := json.MarshalIndent(ev, "", " ")
		t.Logf("the evening: %s", j)
	}
	if ev == nil || ev.Games != 3 || len(ev.Played) != 3 {
		t.Fatalf("the evening after game 3: %+v", ev)
	}
	var vs []string
	for _, v := range ev.Variants {
		vs = append(vs, v.Variant+"×"+itoa(v.Games))
	}
	if got := strings.Join(vs, " "); got != "classic-2.0×1 standard-003×1 v5.0-dual×1" {
		t.Errorf("variants %s", got)
	}
	for _, s := range ev.Sides {
		if sides[s.Side] != s.Wins {
			t.Errorf("side %s: %d wins, the games had %d", s.Side, s.Wins, sides[s.Side])
		}
	}
	if len(ev.Sides) != len(sides) {
		t.Errorf("sides %+v, want %v", ev.Sides, sides)
	}
	if len(ev.Players) != 8 {
		t.Fatalf("%d players on the board: %+v", len(ev.Players), ev.Players)
	}
	for _, pl := range ev.Players {
		first := pl.Name
		if pl.Name == "Alicia" {
			first = "Alice"
		}
		w := want[first]
		if w == nil {
			t.Errorf("%q is on the board", pl.Name)
			continue
		}
		roles := map[string]int{}
		for _, r := range pl.Roles {
			roles[r.Role] += r.N
		}
		if pl.Games != w.games || pl.Wins != w.wins || !mapsEqual(roles, w.roles) {
			t.Errorf("%s: %d games, %d wins, roles %v; want %d, %d, %v", pl.Name, pl.Games, pl.Wins, roles, w.games, w.wins, w.roles)
		}
	}
	// the renamed player who moved seat, and the one she swapped with
	for _, name := range []string{"Alicia", "小明"} {
		if !slices.ContainsFunc(ev.Players, func(p evening.PlayerLine) bool { return p.Name == name && p.Games == 3 }) {
			t.Errorf("%s does not keep a record of 3 games: %+v", name, ev.Players)
		}
	}
	if slices.ContainsFunc(ev.Players, func(p evening.PlayerLine) bool { return p.Name == "Alice" }) {
		t.Error("the board has a line under the old name too")
	}
	// every phone's board (the ☰ sheet's frame) is the big screen's; no
	// token leaves
	hb, _ := json.Marshal(ev)
	for seat, p := range b.Phones[1:] {
		if err := p.Sync(); err != nil {
			t.Fatal(err)
		}
		if pb, _ := json.Marshal(p.Evening()); string(pb) != string(hb) {
			t.Errorf("seat %d's scoreboard differs from the big screen's:\n%s\n%s", seat+1, pb, hb)
		}
	}
	for _, tok := range tokens[1:] {
		if strings.Contains(string(hb), tok) || strings.Contains(string(hb), hashOf(tok)) {
			t.Error("the scoreboard frame holds a token")
		}
	}
	// the host's export: the scoreboard page and each game's replay
	out := t.TempDir()
	files, err := srv.ExportEvening(out, "en")
	if err != nil || len(files) != 4 {
		t.Fatalf("export: %v, %v", files, err)
	}
	page, err := os.ReadFile(filepath.Join(out, "evening.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Alicia", "3 games played", `href="game-1.html"`, `href="game-3.html"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("evening.html lacks %q", want)
		}
	}
	if g3, _ := os.ReadFile(filepath.Join(out, "game-3.html")); strings.Count(string(g3), `class="vote"`) != votes(hv.Table) {
		t.Error("game-3.html does not list game 3's votes")
	}
	// an earlier game's replay, by id
	if html, err := b.Phones[3].Replay(firstID, "zh"); err != nil || !strings.Contains(html, "第 1 局") {
		t.Errorf("game 1's replay after the restart: %v", err)
	}
	if _, err := b.Phones[3].Replay("20260101-000000-abcdef", "zh"); !isRefusal(err, "no-replay") {
		t.Errorf("a replay of no such game: %v", err)
	}

	// Another room on the same data folder (named: a start without a room
	// would continue this evening) has an evening of its own: its phone
	// gets no board line and no replay of this room's games.
	other := StartT(t, lan.Config{DataDir: dir, Clock: clock, Room: "OTHER2", Variant: "classic-2.0", Players: 8})
	op, err := other.Join(1, "Mallory")
	if err != nil {
		t.Fatal(err)
	}
	if ev := other.View().Evening; ev == nil || ev.Games != 0 {
		t.Errorf("another room's scoreboard: %+v", ev)
	}
	if _, err := op.Replay(firstID, "zh"); !isRefusal(err, "no-replay") {
		t.Errorf("another room's phone asked for this room's game: %v", err)
	}
	var r *Refusal
	if _, err := op.Replay("", "zh"); !errors.As(err, &r) {
		t.Errorf("another room's phone asked for the latest game: %v", err)
	}
}

// crash stops srv as a SIGKILL does: the data folder keeps exactly what the
// server had written when it died. A snapshot of it is taken while the
// server runs (idle: the test waited for its answers), the server stops,
// and the snapshot replaces what its clean stop wrote (the clock, the log
// closed).
func crash(t *testing.T, srv *Server) {
	t.Helper()
	snap := filepath.Join(t.TempDir(), "snap")
	if err := os.CopyFS(snap, os.DirFS(srv.DataDir)); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	if err := os.RemoveAll(srv.DataDir); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(srv.DataDir, os.DirFS(snap)); err != nil {
		t.Fatal(err)
	}
}

// logSeats reads a game log's header (PROTOCOL.md: the first line) and
// returns each seat's token hash.
func logSeats(t *testing.T, dir, path string) map[int]string {
	t.Helper()
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the game's log: %v", err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	var h struct {
		Seats []struct {
			Seat  int    `json:"seat"`
			Token string `json:"token"`
		} `json:"seats"`
	}
	if err := json.Unmarshal([]byte(first), &h); err != nil {
		t.Fatalf("the log's header: %v", err)
	}
	out := map[int]string{}
	for _, s := range h.Seats {
		out[s.Seat] = s.Token
	}
	return out
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func jsonEqual(a, b any) bool { return mustJSON(a) == mustJSON(b) }

// votes counts the votes of a finished game's timeline (each ballot's
// who → whom).
func votes(tv *game.TableView) int {
	n := 0
	for _, m := range tv.Timeline {
		n += len(m.Votes)
	}
	return n
}

func itoa(n int) string { return strconv.Itoa(n) }

func mapsEqual(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func hashOf(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// Which restarts continue the evening, and which begin a new one: a start
// without a resume continues the room of the data folder's current evening
// (its code, key, seats and board) after a crash in the lobby, on the end
// screen or in a game the host then does not resume (that game is not
// counted: it never ended); a copy of a game's log counts once; 12 hours
// without a game, a start opens a new room with an empty board; after the
// host's "new evening" the room stays, its board empty, for 12 hours.
func TestEveningRestarts(t *testing.T) {
	dir := t.TempDir()
	clock := NewClock(Epoch)
	start := func() *Server {
		t.Helper()
		return StartT(t, lan.Config{DataDir: dir, Clock: clock})
	}
	srv := StartT(t, lan.Config{DataDir: dir, Clock: clock, Variant: "classic-2.0", Players: 8})
	room := srv.Room()
	b, err := srv.Seat(names(8)...)
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[int]string{}
	for seat, p := range b.Phones[1:] {
		tokens[seat+1] = p.Token()
	}
	host := func(do lan.HostDo) {
		t.Helper()
		if err := srv.Host(lan.HostCommand{Do: do}); err != nil {
			t.Fatalf("%s: %v", do, err)
		}
	}
	ended := func() { // a game the host ends at once
		t.Helper()
		host(lan.HostStart)
		clock.Advance(time.Minute)
		host(lan.HostEnd)
	}
	// back checks the restarted server: the evening's room or a new one,
	// the board's games, and (same room) seat 5's phone back in its seat
	back := func(same bool, games int) {
		t.Helper()
		if got := srv.Room(); (got == room) != same {
			t.Fatalf("the restart opened room %s (the evening's: %s; want the same: %v)", got, room, same)
		}
		if ev := srv.View().Evening; ev == nil || ev.Games != games {
			t.Fatalf("the board after the restart: %+v, want %d games", ev, games)
		}
		if !same {
			return
		}
		p, err := Dial(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() })
		if err := p.Hello(tokens[5], "en"); err != nil || p.Seat() != 5 {
			t.Fatalf("seat 5's phone came back to seat %d (%v)", p.Seat(), err)
		}
	}
	// restart: the host closes the app and opens it again.
	restart := func(same bool, games int) {
		t.Helper()
		srv.Close()
		srv = start()
		back(same, games)
	}

	ended()
	// the end screen saved the lobby "new game" opens, not one to resume
	if data, err := os.ReadFile(filepath.Join(dir, lan.LobbyFile)); err != nil || !strings.Contains(string(data), `"after"`) {
		t.Errorf("the end screen's lobby: %s (%v)", data, err)
	}
	crash(t, srv) // on the end screen
	srv = start()
	back(true, 1) // in the lobby "new game" would have opened

	ended()
	host(lan.HostNewGame)
	crash(t, srv) // in the lobby between games: a lobby to resume, or not
	if list, _ := lan.Resumable(dir); len(list) != 1 || !list[0].Lobby {
		t.Errorf("after a crash in the lobby the data folder offers %+v", list)
	}
	srv = start()
	back(true, 2)

	host(lan.HostStart)
	crash(t, srv) // in a game, which the host does not resume
	srv = start()
	back(true, 2)

	// a game's log copied under another name is still one game
	logs, _ := filepath.Glob(filepath.Join(dir, "games", "*.jsonl"))
	data, err := os.ReadFile(logs[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "games", "copy.jsonl"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	restart(true, 2)

	// 12 hours later than the last game, the evening is over
	clock.Advance(12 * time.Hour)
	restart(false, 0)
	room = srv.Room()
	if err := srv.Host(lan.HostCommand{Do: lan.HostSetPlayers, Players: 8}); err != nil {
		t.Fatal(err)
	}
	if b, err = srv.Seat(names(8)...); err != nil {
		t.Fatal(err)
	}
	for seat, p := range b.Phones[1:] {
		tokens[seat+1] = p.Token()
	}
	ended()
	restart(true, 1)

	// the host begins a new evening: a restart keeps the room and its
	// seats, with an empty board, for 12 hours
	host(lan.HostNewEvening)
	crash(t, srv)
	srv = start()
	back(true, 0)
	clock.Advance(12 * time.Hour)
	restart(false, 0)
}
