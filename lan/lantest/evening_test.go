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
// and bot phones: between games a player renames and two players swap
// seats; after game 2 the host crashes (the server is gone without a new
// evening) and comes back from the data folder (the saved lobby, the same
// room and key), the phones come back with their tokens, and game 3 is
// played. The scoreboard after game 3 counts all three games by player, not
// by seat or name; phones get the same board between games, none during a
// game; a phone asks for each game's replay only once it is over.
func TestEveningAcrossACrash(t *testing.T) {
	dir := t.TempDir()
	clock := NewClock(Epoch)
	names := []string{"小明", "Alice", "阿强", "Bob", "小红", "Carol", "老王", "Dave"}
	srv := StartT(t, lan.Config{DataDir: dir, Clock: clock, Variant: "classic-2.0", Players: 8, Seed: 3})
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
	if err := srv.Host(lan.HostCommand{Do: lan.HostNewGame}); err != nil {
		t.Fatal(err)
	}
	if err := b.Sync(); err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, len(b.Phones))
	for seat, p := range b.Phones[1:] {
		tokens[seat+1] = p.Token()
	}
	firstID := srv.View().Evening.Played[0].ID

	// The host crashes: the server goes; the app starts again and resumes
	// the saved lobby; the phones come back with their tokens.
	srv.Close()
	srv = StartT(t, lan.Config{DataDir: dir, Clock: clock, Resume: filepath.Join(dir, lan.LobbyFile)})
	b = &Bots{Phones: make([]*Phone, len(tokens))}
	for seat := 1; seat < len(tokens); seat++ {
		p, err := Dial(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Hello(tokens[seat], "zh"); err != nil {
			t.Fatal(err)
		}
		if p.Seat() != seat {
			t.Fatalf("seat %d's phone came back to seat %d", seat, p.Seat())
		}
		b.Phones[seat] = p
		t.Cleanup(func() { p.Close() })
	}
	if ev := srv.View().Evening; ev == nil || ev.Games != 2 {
		t.Fatalf("after the restart the scoreboard has %+v", ev)
	}
	hv = play("v5.0-dual", 3)
	checkReplay(b.Phones[7], hv)

	ev := srv.View().Evening
	if testing.Verbose() {
		j, _ := json.MarshalIndent(ev, "", " ")
		t.Logf("the evening: %s", j)
	}
	if ev == nil || ev.Games != 3 {
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
		t.Fatalf("%d players on the board", len(ev.Players))
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
	if !slices.ContainsFunc(ev.Players, func(p evening.PlayerLine) bool { return p.Name == "Alicia" && p.Games == 3 }) {
		t.Errorf("the renamed player does not keep her record: %+v", ev.Players)
	}
	// the phones' board is the big screen's; no token leaves
	pb, _ := json.Marshal(b.Phones[5].Evening())
	hb, _ := json.Marshal(ev)
	if string(pb) != string(hb) {
		t.Errorf("a phone's scoreboard differs from the big screen's:\n%s\n%s", pb, hb)
	}
	for _, tok := range tokens[1:] {
		if strings.Contains(string(pb), tok) || strings.Contains(string(pb), hashOf(tok)) {
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

	// Another room on the same data folder has an evening of its own: its
	// phone gets no board line and no replay of this room's games.
	other := StartT(t, lan.Config{DataDir: dir, Clock: clock, Variant: "classic-2.0", Players: 8})
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
