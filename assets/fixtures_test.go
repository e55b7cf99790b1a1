package assets

// The phone page's dev-only mock mode (#mock=NAME) plays the frames in
// phone/fixtures/NAME.json. Most fixtures are views of real games replayed
// from the engine's golden scripts; regenerate them after a view change with
//
//	go test ./assets -run TestFixtures -update-fixtures

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"nightfall/game"
)

var updateFixtures = flag.Bool("update-fixtures", false, "regenerate assets/phone/fixtures from the game's scripts")

// sampleNames are made-up seat names: Chinese, emoji, a 24-character name.
var sampleNames = []string{"小明", "Alice", "阿强", "Bob", "王小丫", "🐱Mimi", "Maximilian-Alexander 123", "李雷",
	"韩梅梅", "老张", "Zoë", "Kai", "小红", "Chen", "🌙月亮", "Omar", "丽丽", "Sam", "大卫", "Ivy"}

func names(n int) map[string]string {
	m := map[string]string{}
	for i := 1; i <= n; i++ {
		m[fmt.Sprint(i)] = sampleNames[(i-1)%len(sampleNames)]
	}
	return m
}

type frame = map[string]any

func welcome(seat int, mode string) frame {
	return frame{"t": "welcome", "token": "mock-token", "seat": seat, "mode": mode}
}

// snap is one fixture taken from a script: after step After (-1: before any
// step, 1<<30: after all), seat's view (0: a spectator's table frame).
type snap struct {
	name   string
	script string
	after  int
	seat   int
	// instead of a script file: a setup and its steps
	setup *game.Setup
	steps []game.Command
	// then: commands applied after step after (a moment the script skips)
	then []game.Command
}

// catSetup is a random cat-lives-7 deal (no golden script plays one yet):
// seat 6 holds the killer card, 5 the werewolf, 7 is the free-choice player.
var catSetup = &game.Setup{Variant: "cat-lives-7", Players: 7, Seed: 3}

var snaps = []snap{
	{name: "night-civilian", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: -1, seat: 1},
	{name: "night-killer", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: -1, seat: 4},
	{name: "night-killer-picks", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 1, seat: 4},
	{name: "night-police", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 1, seat: 2},
	{name: "night-police-answer", script: "standard-003/ex3-explode-ends-day", after: 5, seat: 1},
	{name: "night-killer-locked", script: "standard-003/ex3-explode-ends-day", after: 5, seat: 3},
	{name: "night-doctor-16", script: "v4.0/ex1b-answer-waits-for-hug", after: -1, seat: 4},
	{name: "night-civilian-16", script: "v4.0/ex1b-answer-waits-for-hug", after: -1, seat: 10},
	{name: "lastwords-dead", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 5, seat: 6},
	{name: "speech-me", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 8, seat: 3},
	{name: "speech-other", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 8, seat: 5},
	{name: "speech-killer", script: "standard-003/ex3-explode-ends-day", after: 7, seat: 3},
	{name: "vote", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 20, seat: 5},
	// seat 5 lets the called candidate (7) go: "passed" until the next call
	{name: "vote-passed", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 20, seat: 5, then: []game.Command{{Seat: 5, Do: "skip"}}},
	{name: "vote-watch", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 20, seat: 0},
	{name: "pk-watch", script: "classic-2.0/ex1-2-plurality-tie-procedure", after: 28, seat: 0},
	{name: "over", script: "standard-003/ex4b-kill-last-killer-good-wins", after: 1 << 30, seat: 1},
	{name: "over-watch", script: "standard-003/ex3b-explode-last-killer", after: 1 << 30, seat: 0},
	{name: "hands-night-killer", script: "two-hands/ex4-nominations-immunity", after: 0, seat: 1},
	{name: "hands-night-villager", script: "two-hands/ex4-nominations-immunity", after: 0, seat: 8},
	{name: "hands-nominate", script: "two-hands/ex4-nominations-immunity", after: 8, seat: 1},
	{name: "hands-vote", script: "two-hands/ex4-nominations-immunity", after: 24, seat: 2},
	{name: "hands-over", script: "two-hands/ex6-three-ties-killers-win", after: 1 << 30, seat: 2},
	// two-hands' night 0: seat 2 holds two police hands and is asked
	// whether to redeal; seat 8 has nothing to answer
	{name: "hands-setup-double", script: "two-hands/ex1g-double-police-redeal", after: -1, seat: 2},
	{name: "hands-setup-villager", script: "two-hands/ex1g-double-police-redeal", after: -1, seat: 8},
	{name: "dual-setup-night", script: "v5.0-dual/ex1-hugged-killer-checks", after: -1, seat: 1},
	{name: "dual-night-two-tasks", script: "v5.0-dual/ex1-hugged-killer-checks", after: 0, seat: 2},
	{name: "dual-night-killer", script: "v5.0-dual/ex1-hugged-killer-checks", after: 1, seat: 5},
	{name: "dual-tokens", script: "v5.0-dual/ex4-token-ballot-revote-both-die", after: 12, seat: 1},
	{name: "cat-night-killer", setup: catSetup, after: -1, seat: 6},
	{name: "cat-night-civilian", setup: catSetup, after: -1, seat: 3},
	{name: "cat-night-free", setup: catSetup, after: -1, seat: 7},
	{name: "cat-day", setup: catSetup, steps: []game.Command{{Do: "timeout"}}, after: 0, seat: 2},
	{name: "night-watch", script: "standard-003/ex3-explode-ends-day", after: 1 << 30, seat: 0},
	// werewolf-12: the witch told the knife (seat 7), a villager's night,
	// the stand window, a candidate while another speaks, a 警下 voter, the
	// skill turns of a hunter who can shoot, of the poisoned hunter and of a
	// villager (alike but for the card), the badge and the order turns
	{name: "ww-night-villager", script: "werewolf-12/ex4-hunter-shoots-order-left", after: -1, seat: 1},
	{name: "ww-night-witch-waiting", script: "werewolf-12/ex4-hunter-shoots-order-left", after: -1, seat: 6},
	{name: "ww-night-witch", script: "werewolf-12/ex4-hunter-shoots-order-left", after: 4, seat: 6},
	{name: "ww-stand", script: "werewolf-12/ex4-hunter-shoots-order-left", after: 13, seat: 3},
	{name: "ww-campaign-candidate", script: "werewolf-12/ex6-election-withdraw-pk-badge-lost", after: 27, seat: 3},
	{name: "ww-election-vote", script: "werewolf-12/ex6-election-withdraw-pk-badge-lost", after: 35, seat: 9},
	{name: "ww-skill-hunter", script: "werewolf-12/ex4-hunter-shoots-order-left", after: 64, seat: 8},
	{name: "ww-skill-poisoned", script: "werewolf-12/ex3-poisoned-hunter-dead-sheriff", after: 27, seat: 8},
	{name: "ww-skill-villager", script: "werewolf-12/ex3-poisoned-hunter-dead-sheriff", after: 26, seat: 1},
	{name: "ww-badge", script: "werewolf-12/ex3-poisoned-hunter-dead-sheriff", after: 29, seat: 1},
	{name: "ww-order", script: "werewolf-12/ex3-poisoned-hunter-dead-sheriff", after: 33, seat: 4},
	// the 复盘s of whole games: werewolf-12's with an election, a lost
	// badge, a shot and both potions; cat-lives-7's with its discards
	{name: "ww-over", script: "werewolf-12/ex13-simultaneous-good", after: 1 << 30, seat: 1},
	{name: "ww-over-hunter", script: "werewolf-12/ex11-variant-hunter-exiled-shoots", after: 1 << 30, seat: 5},
	{name: "cat-over", script: "cat-lives-7/ex6c-independent-last-survivor", after: 1 << 30, seat: 2},
}

func TestFixtures(t *testing.T) {
	dir := filepath.Join("phone", "fixtures")
	if *updateFixtures {
		out := map[string][]frame{}
		for _, s := range snaps {
			fr, err := takeSnap(s)
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			out[s.name] = fr
		}
		// a refused command: the toast
		out["vote-refused"] = append(append([]frame{}, out["vote"]...),
			frame{"t": "error", "id": "mock-1", "code": "rejected", "reason": (&game.Rejection{Code: game.RefuseVoted}).Error(),
				"refusal": frame{"code": game.RefuseVoted}})
		for name, fr := range handmade() {
			out[name] = fr
		}
		for name, fr := range out {
			b, err := json.MarshalIndent(fr, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, name+".json"), append(b, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) == 0 {
		t.Fatal("no fixtures")
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var frames []struct {
			T    string          `json:"t"`
			View json.RawMessage `json:"view"`
		}
		if err := json.Unmarshal(b, &frames); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		for i, f := range frames {
			if f.T == "" {
				t.Errorf("%s: frame %d has no t", e.Name(), i)
			}
			if f.T == "view" {
				var pv game.PlayerView
				if err := json.Unmarshal(f.View, &pv); err != nil {
					t.Errorf("%s: frame %d: not a PlayerView: %v", e.Name(), i, err)
				}
			}
		}
	}
}

func takeSnap(s snap) ([]frame, error) {
	sc := &game.Script{}
	if s.setup != nil {
		sc.Setup, sc.Steps = *s.setup, s.steps
	} else {
		data, err := os.ReadFile(filepath.Join("..", "game", "testdata", s.script+".json"))
		if err != nil {
			return nil, err
		}
		if sc, err = game.ParseScript(data); err != nil {
			return nil, err
		}
	}
	g, err := game.New(sc.Setup)
	if err != nil {
		return nil, err
	}
	for i := 0; i <= s.after && i < len(sc.Steps); i++ {
		g.Apply(sc.Steps[i])
	}
	for _, c := range s.then {
		if _, err := g.Apply(c); err != nil {
			return nil, fmt.Errorf("then %+v: %w", c, err)
		}
	}
	tv := g.TableView()
	nm := names(tv.Players)
	if s.seat == 0 {
		return []frame{welcome(0, "spectator"), {"t": "table", "table": tv, "names": nm}}, nil
	}
	return []frame{welcome(s.seat, "player"), {"t": "view", "view": g.PlayerView(s.seat), "names": nm}}, nil
}

// handmade fixtures: the lobby (no engine involved) and two-card nights
// (for the hand/card buttons, until a two-card variant is in the engine).
func handmade() map[string][]frame {
	lobby := func(n int, taken map[int]bool, offline int, started bool) map[string]any {
		var seats []map[string]any
		for i := 1; i <= n; i++ {
			s := map[string]any{"seat": i, "taken": taken[i]}
			if taken[i] {
				s["name"] = sampleNames[(i-1)%len(sampleNames)]
				s["online"] = i != offline
			}
			seats = append(seats, s)
		}
		deal := []map[string]any{{"role": "police", "count": n / 4}, {"role": "killer", "count": n / 4}, {"role": "civilian", "count": n - 2*(n/4)}}
		l := map[string]any{"table": "Nightfall 客厅", "variant": "classic-2.0", "players": n, "started": started,
			"seats": seats, "spectators": 1, "deal": deal}
		if started {
			delete(l, "deal") // as lan's phoneLobby: no deal once the game runs
		}
		return l
	}
	some := map[int]bool{1: true, 2: true, 4: true, 6: true, 7: true, 9: true, 10: true}
	mine := map[int]bool{1: true, 2: true, 3: true, 4: true, 6: true, 7: true, 9: true, 10: true}
	many := map[int]bool{}
	for i := 1; i <= 20; i += 2 {
		many[i] = true
	}
	out := map[string][]frame{
		"lobby":        {welcome(0, "lobby"), {"t": "lobby", "lobby": lobby(12, some, 10, false)}},
		"lobby-seated": {welcome(3, "player"), {"t": "lobby", "lobby": lobby(12, mine, 10, false)}},
		"lobby-20":     {welcome(0, "lobby"), {"t": "lobby", "lobby": lobby(20, many, 0, false)}},
		// between games: the evening's scoreboard in the ☰ sheet (#board=1 opens it)
		"lobby-evening": {welcome(3, "player"), {"t": "lobby", "lobby": lobby(12, mine, 0, false)}, eveningFrame(12)},
		"lobby-started": {welcome(0, "lobby"), {"t": "lobby", "lobby": lobby(12, some, 0, true)},
			{"t": "error", "code": "started", "reason": "the game has already started"}},
	}
	// a 16-seat v4.0 table (its deal names six roles): the seats must fit a 360×740 screen
	l16 := lobby(16, some, 0, false)
	l16["variant"] = "v4.0"
	var deal16 []map[string]any
	for _, rc := range game.Configure(game.Setup{Variant: "v4.0", Players: 16}).Deal {
		deal16 = append(deal16, map[string]any{"role": rc.Role, "count": rc.Count})
	}
	l16["deal"] = deal16
	out["lobby-16"] = []frame{welcome(0, "lobby"), {"t": "lobby", "lobby": l16}}
	out["room-wrong"] = []frame{{"t": "error", "code": "room", "reason": "wrong room code: scan the QR code on the big screen again"}}
	out["night-cards-killer"] = cardsNight(4, true)
	out["night-cards-sleep"] = cardsNight(2, false)
	return out
}

func cardsNight(seat int, killer bool) []frame {
	const n = 8
	tv := game.TableView{Variant: "v5.0-dual", Players: n, Version: 3, Round: 1, Phase: "night", Stage: "night",
		Narration: game.Narration{Key: "night", Round: 1},
		Timer:     &game.Timer{Key: 3, Kind: "night", Seconds: 120, MinSeconds: 30}}
	var all []game.Target
	for s := 1; s <= n; s++ {
		sv := game.SeatView{Seat: s, Alive: true}
		for c := 1; c <= 2; c++ {
			alive := !(s == 6 && c == 2)
			sv.Cards = append(sv.Cards, game.CardView{Card: game.Target{Seat: s, Card: c}, Alive: alive})
			if alive {
				all = append(all, game.Target{Seat: s, Card: c})
			}
		}
		tv.Seats = append(tv.Seats, sv)
	}
	pv := game.PlayerView{Seat: seat, Alive: true, Table: tv, Tasks: []game.Task{}, Results: []game.ResultBody{}}
	if killer {
		pv.Roles = []string{"killer", "doctor"}
		pv.Known = []game.Known{{Target: game.Target{Seat: 4, Card: 1}, Role: "killer"}, {Target: game.Target{Seat: 7, Card: 2}, Role: "killer"}}
		t7 := game.Target{Seat: 2, Card: 2}
		pv.Tasks = append(pv.Tasks,
			game.Task{Action: "kill", Step: 1, Card: &game.Target{Seat: 4, Card: 1}, Role: "killer", Optional: true, Targets: all,
				Team: []game.Pick{{Seat: 7, Target: &t7}}, Open: true},
			game.Task{Action: "save", Step: 2, Card: &game.Target{Seat: 4, Card: 2}, Role: "doctor", Optional: true, Targets: all, Waiting: "kill"})
	} else {
		pv.Roles = []string{"civilian", "civilian"}
		pv.Tasks = append(pv.Tasks, game.Task{Action: "sleep", Open: true})
		pv.Pads = 1 // a guess after the sleep: as many screens as the killer's two tasks
	}
	return []frame{welcome(seat, "player"), {"t": "view", "view": pv, "names": names(n)}}
}

// eveningFrame is an "evening" frame (lan/PROTOCOL.md) of three games with
// n players.
func eveningFrame(n int) frame {
	roles := []string{"killer", "police", "civilian"}
	var players []map[string]any
	for i := range n {
		players = append(players, map[string]any{"name": sampleNames[i%len(sampleNames)], "games": 3, "wins": 3 - i%4,
			"roles":  []map[string]any{{"role": roles[i%3], "n": 2}, {"role": roles[(i+1)%3], "n": 1}},
			"rounds": 9 - i%5, "survived": 1})
	}
	return frame{"t": "evening", "evening": map[string]any{
		"games":    3,
		"variants": []map[string]any{{"variant": "classic-2.0", "games": 2}, {"variant": "standard-003", "games": 1}},
		"sides":    []map[string]any{{"side": "killers", "wins": 2}, {"side": "good", "wins": 1}},
		"players":  players,
		"notes": []map[string]any{{"kind": "survivor", "name": sampleNames[0], "n": 9},
			{"kind": "police", "name": sampleNames[1], "n": 2, "of": 3},
			{"kind": "unvoted-killer", "name": sampleNames[2], "games": []int{1, 3}}},
		"played": []map[string]any{
			{"id": "20261126-190512-a1b2c3", "variant": "classic-2.0", "winner": "killers", "players": n},
			{"id": "20261126-200233-d4e5f6", "variant": "standard-003", "winner": "good", "players": n},
			{"id": "20261126-211010-a7b8c9", "variant": "classic-2.0", "winner": "killers", "players": n}},
	}}
}
