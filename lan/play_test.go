package lan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"nightfall/game"
	"nightfall/game/bots"
)

// table drives a whole game through real phones: bots read their
// PlayerView tasks and send legal commands; when nobody has anything left
// to do, the fake clock runs to the session's next deadline.
type table struct {
	t      testing.TB
	h      *harness
	phones []*phone // by seat
	specs  []*phone
	rng    *rand.Rand
	roles  [][]string // the truth, from the engine, for the secrecy checks
	known  map[int][]game.Known
	idle   map[string]bool
	// sizes[seat] lists the length of every view frame the seat received.
	steps    int
	timeouts int
	early    int // nights that ended at their minimum length
	acts     int
	refused  int                       // optional commands the rules refused
	onCmd    func(seat int, do string) // optional hook (the benchmark)
	// script, when set, decides first for a bot (a scripted election):
	// act, send c; it may take tasks out of v for the usual bots to
	// leave alone.
	script func(v *game.PlayerView) (c botCmd, act bool)
	after  func() // optional hook after each command's barrier
}

func newTable(t testing.TB, h *harness, n int, seed uint64) *table {
	tb := &table{t: t, h: h, rng: rand.New(rand.NewPCG(seed, seed+1)), known: map[int][]game.Known{}, idle: map[string]bool{}}
	tb.phones = h.seatAll(n)
	return tb
}

// noteRoles takes down every seat's cards' roles, as dealt.
func (tb *table) noteRoles() {
	tb.h.do(func(s *session) {
		st := s.g.State()
		tb.roles = make([][]string, st.Players+1)
		for i, seat := range st.Seats {
			for _, c := range seat.Cards {
				tb.roles[i+1] = append(tb.roles[i+1], c.Role)
			}
		}
	})
}

// start starts the game and installs the secrecy checks.
func (tb *table) start() {
	tb.t.Helper()
	tb.h.host(HostCommand{Do: HostStart})
	tb.noteRoles()
	for _, p := range tb.phones[1:] {
		p.check = tb.checkFrame
	}
	for _, p := range tb.specs {
		p.check = tb.checkFrame
	}
	tb.syncAll()
}

func (tb *table) all() []*phone {
	return append(slices.Clone(tb.phones[1:]), tb.specs...)
}

func (tb *table) syncAll() {
	tb.t.Helper()
	for _, p := range tb.all() {
		p.sync()
	}
}

// roleOf is the true role of a target.
func (tb *table) roleOf(t game.Target) string {
	rs := tb.roles[t.Seat]
	if t.Card > 0 && t.Card <= len(rs) {
		return rs[t.Card-1]
	}
	return rs[0]
}

// checkFrame checks what a frame tells its phone against what the phone may
// know (G7): its own roles, the teammates of its first view, nothing
// revealed before the end, and private view frames padded to the bucket.
func (tb *table) checkFrame(p *phone, f frame) {
	t := tb.t
	switch f.T {
	case "view":
		if p.seat == 0 {
			t.Errorf("a phone without a seat got a view: %.200s", f.raw)
			return
		}
		if len(f.raw)%viewBucket != 0 {
			t.Errorf("seat %d: view frame of %d bytes is not padded to %d", p.seat, len(f.raw), viewBucket)
		}
		if bytes.Equal(f.View, p.checked) {
			return // the same view as the last one checked (another seat's view changed)
		}
		p.checked = f.View
		var v viewCheck
		if err := json.Unmarshal(f.View, &v); err != nil {
			t.Fatalf("seat %d: view: %v", p.seat, err)
		}
		if v.Seat != p.seat {
			t.Errorf("seat %d got the view of seat %d", p.seat, v.Seat)
		}
		if !slices.Equal(v.Roles, tb.roles[p.seat]) {
			t.Errorf("seat %d: roles %v, true roles %v", p.seat, v.Roles, tb.roles[p.seat])
		}
		if first, ok := tb.known[p.seat]; !ok {
			tb.known[p.seat] = v.Known
		} else if !jsonEqual(first, v.Known) && v.Table.Phase != "over" {
			t.Errorf("seat %d: known changed from %v to %v", p.seat, first, v.Known)
		}
		for _, k := range v.Known {
			if k.Label == "" && k.Role != tb.roleOf(k.Target) {
				t.Errorf("seat %d: told %v is %s, it is %s", p.seat, k.Target, k.Role, tb.roleOf(k.Target))
			}
		}
		tb.checkTable(p, v.Table)
	case "table":
		if !p.h.srvSpectator(p) {
			t.Errorf("seat %d (not a spectator) got a table frame", p.seat)
		}
		var tv tableCheck
		if err := json.Unmarshal(f.Table, &tv); err != nil {
			t.Fatalf("table: %v", err)
		}
		tb.checkTable(p, tv)
	}
}

// viewCheck is the part of a PlayerView the secrecy checks read (decoding
// only it keeps the race-detector runs fast).
type viewCheck struct {
	Seat  int          `json:"seat"`
	Roles []string     `json:"roles"`
	Known []game.Known `json:"known"`
	Table tableCheck   `json:"table"`
}

type tableCheck struct {
	Phase string `json:"phase"`
	Seats []struct {
		Seat  int    `json:"seat"`
		Alive bool   `json:"alive"`
		Role  string `json:"role"`
	} `json:"seats"`
	Reveal   json.RawMessage `json:"reveal"`
	Timeline json.RawMessage `json:"timeline"`
}

func (tb *table) checkTable(p *phone, tv tableCheck) {
	if tv.Phase == "over" {
		return
	}
	if tv.Reveal != nil || tv.Timeline != nil {
		tb.t.Errorf("seat %d: the reveal before the end", p.seat)
	}
	for _, sv := range tv.Seats {
		if sv.Role != "" && (sv.Alive || sv.Role != tb.roleOf(game.SeatTarget(sv.Seat))) {
			tb.t.Errorf("seat %d: the table shows seat %d's role %q", p.seat, sv.Seat, sv.Role)
		}
	}
}

func (h *harness) srvSpectator(p *phone) bool { return p.mode == "spectator" }

func jsonEqual(a, b any) bool { return bytes.Equal(mustJSON(a), mustJSON(b)) }

// tableView is the table as seat 1 holds it now.
func (tb *table) tableView() game.TableView {
	tb.t.Helper()
	p := tb.phones[1]
	p.sync()
	return p.playerView().Table
}

// botCmd is a command a bot chose. strict: the task is one the rules
// require (or a vote, a pass, a sleep), so a refusal is a failure; an
// optional privilege may need fields a bot does not fill (cat-lives-7's
// positions, forms, discard orders), so its refusal is only counted.
type botCmd struct {
	do           string
	target, card *game.Target
	text         string
	side         string // werewolf-12's order: "left" or "right"
	strict       bool
}

// frame is the command frame a phone sends for c, under id.
func (c botCmd) frame(id string) map[string]any {
	m := cmdMap(id, c.do, c.target, c.card, c.text)
	if c.side != "" {
		m["side"] = c.side
	}
	return m
}

// cmdMap is a command frame; the target, card and text only when set.
func cmdMap(id, do string, target, card *game.Target, text string) map[string]any {
	m := map[string]any{"t": "cmd", "id": id, "do": do}
	if target != nil {
		m["target"] = target
	}
	if card != nil {
		m["card"] = card
	}
	if text != "" {
		m["text"] = text
	}
	return m
}

// manifesto fills cat-lives-7's kill manifesto (100 characters per attack).
var manifesto = strings.Repeat("猫", 120)

// decide picks a bot's next command from its tasks, or ok false.
func (tb *table) decide(v game.PlayerView) (botCmd, bool) {
	if tb.script != nil {
		v.Tasks = slices.Clone(v.Tasks)
		if c, act := tb.script(&v); act {
			return c, true
		}
	}
	if c, ok, tasks := tb.decideWerewolf(v); ok {
		return c, true
	} else if tasks != nil {
		v.Tasks = tasks
	}
	b := bots.Tasker{Rng: tb.rng, Idle: tb.idle, NoExplode: true, Text: manifesto}
	c, ok := b.Decide(v)
	return botCmd{do: c.Do, target: c.Target, card: c.Card, text: c.Text, strict: c.Strict}, ok
}

// decideWerewolf plays werewolf-12's decisions the Tasker (which every
// other variant's recorded games rest on) does not know: a stand window's
// 上警 (four in ten) or 不上警, 退水 (a candidate once an election, one in
// ten), the sheriff's side. Otherwise it returns the tasks left to the
// Tasker (nil: all of them). It draws only where these tasks are open, so
// the other variants' games do not change.
func (tb *table) decideWerewolf(v game.PlayerView) (c botCmd, ok bool, rest []game.Task) {
	if v.Table.Variant != "werewolf-12" { // cat-lives-7 has an "order" of its own: a discard order
		return botCmd{}, false, nil
	}
	for i, task := range v.Tasks {
		if task.Done || !task.Open {
			continue
		}
		switch task.Action {
		case "stand":
			if tb.rng.Float64() < 0.4 {
				return botCmd{do: "stand", strict: true}, true, nil
			}
			return botCmd{do: "skip", strict: true}, true, nil
		case "order":
			return botCmd{do: "order", side: []string{"left", "right"}[tb.rng.IntN(2)], strict: true}, true, nil
		case "withdraw":
			key := fmt.Sprintf("withdraw/%d/%d", v.Seat, v.Table.Round)
			if !tb.idle[key] {
				tb.idle[key] = true
				if tb.rng.Float64() < 0.1 {
					return botCmd{do: "withdraw", strict: true}, true, nil
				}
			}
			rest = append(slices.Clone(v.Tasks[:i]), v.Tasks[i+1:]...)
			return botCmd{}, false, rest
		}
	}
	return botCmd{}, false, nil
}

// refuse notes a refused optional command: the bot leaves that task alone.
func (tb *table) refuse(v game.PlayerView, c botCmd) {
	tb.refused++
	for _, task := range v.Tasks {
		if task.Action == c.do || c.do == "skip" || c.do == task.Decline {
			tb.idle[fmt.Sprintf("%d/%d/%d/%s/%d", v.Seat, v.Table.Round, v.Table.Version, task.Action, task.Step)] = true
		}
	}
}

// step lets every bot act once; false when nobody did.
func (tb *table) step() bool {
	tb.t.Helper()
	acted := false
	order := tb.rng.Perm(len(tb.phones) - 1)
	for _, p := range tb.phones[1:] { // one round trip for all, not one each
		p.send(`{"t":"ping"}`)
	}
	for _, i := range order {
		p := tb.phones[i+1]
		// After the pong its view is current: every frame queued before the
		// ping has arrived. Once a bot has acted in this step, the others
		// sync again.
		p.until(func(f frame) bool { return f.T == "pong" })
		if acted {
			p.sync()
		}
		v := p.playerView()
		c, ok := tb.decide(v)
		if !ok {
			continue
		}
		if tb.onCmd != nil {
			tb.onCmd(p.seat, c.do)
		}
		var f frame
		if c.side != "" {
			p.nextID++
			id := fmt.Sprintf("t%d-%d", p.seat, p.nextID)
			p.send(c.frame(id))
			f = p.until(func(f frame) bool { return (f.T == "ack" || f.T == "error") && f.ID == id })
		} else {
			f = p.cmdText(c.do, c.target, c.card, c.text)
		}
		if f.T != "ack" {
			if c.strict {
				tb.t.Errorf("seat %d: %s %v: refused: %s (tasks %s)", p.seat, c.do, c.target, f.Reason, mustJSON(v.Tasks))
			}
			tb.refuse(v, c)
			continue
		}
		tb.acts++
		acted = true
		if tb.after != nil {
			tb.after()
		}
		if p.playerView().Table.Phase == "over" {
			acted = true
		}
	}
	return acted
}

// advance runs the fake clock to the session's next wake-up.
func (tb *table) advance() {
	tb.t.Helper()
	var (
		d     time.Duration
		armed bool
		night bool
	)
	tb.h.do(func(s *session) {
		d, armed = s.clk.untilWake()
		night = s.clk.timer.plan.Kind == "night" && s.g.NightComplete()
	})
	if !armed {
		tb.h.host(HostCommand{Do: HostSkip})
	} else {
		tb.timeouts++
		if night {
			tb.early++
		}
		tb.h.clock.Advance(max(d, time.Millisecond))
	}
	if tb.after != nil {
		tb.after()
	}
}

// play runs the game to its end.
func (tb *table) play(maxSteps int) {
	tb.t.Helper()
	tb.playUntil(maxSteps, func(tv game.TableView) bool { return tv.Phase == "over" })
}

// playUntil plays until stop holds for the table (checked between steps).
func (tb *table) playUntil(maxSteps int, stop func(game.TableView) bool) {
	tb.t.Helper()
	for ; tb.steps < maxSteps; tb.steps++ {
		if tv := tb.tableView(); stop(tv) || tv.Phase == "over" {
			return
		}
		if tb.t.Failed() {
			tb.t.FailNow()
		}
		if !tb.step() {
			tb.advance()
		}
		for _, p := range tb.specs { // spectators read too: a phone that never reads is dropped
			p.sync()
		}
	}
	tb.t.Fatalf("the game did not end in %d steps", maxSteps)
}

// checkHeld checks that every phone holds exactly the engine's current view
// of its seat (spectators: the table).
func (tb *table) checkHeld() {
	tb.t.Helper()
	tb.syncAll()
	var views [][]byte
	var tab []byte
	tb.h.do(func(s *session) {
		views = make([][]byte, len(tb.phones))
		for seat := 1; seat < len(tb.phones); seat++ {
			views[seat] = mustJSON(s.g.PlayerView(seat))
		}
		tab = mustJSON(s.g.TableView())
	})
	for _, p := range tb.phones[1:] {
		if !bytes.Equal(p.view, views[p.seat]) {
			tb.t.Errorf("seat %d holds a stale view:\n got %s\nwant %s", p.seat, p.view, views[p.seat])
		}
	}
	for _, p := range tb.specs {
		if !bytes.Equal(p.table, tab) {
			tb.t.Errorf("a spectator holds a stale table")
		}
	}
}

// checkSizes checks that the k-th view frame is the same size on every
// seat (phones connected the whole game receive every broadcast).
func (tb *table) checkSizes() {
	tb.t.Helper()
	var lens [][]int
	for _, p := range tb.phones[1:] {
		var l []int
		for _, f := range p.frames {
			if f.T == "view" {
				l = append(l, len(f.raw))
			}
		}
		lens = append(lens, l)
	}
	for i := 1; i < len(lens); i++ {
		if len(lens[i]) != len(lens[0]) {
			tb.t.Errorf("seat %d got %d view frames, seat 1 got %d", i+1, len(lens[i]), len(lens[0]))
			continue
		}
		for k := range lens[i] {
			if lens[i][k] != lens[0][k] {
				tb.t.Errorf("view frame %d: seat %d got %d bytes, seat 1 got %d", k, i+1, lens[i][k], lens[0][k])
				break
			}
		}
	}
}

// TestFullGames plays a whole game of every variant with phones.
func TestFullGames(t *testing.T) {
	for i, in := range game.Variants() {
		t.Run(in.ID, func(t *testing.T) {
			t.Parallel()
			n := in.MinPlayers
			h := newHarness(t, Config{Variant: in.ID, Players: n, Seed: uint64(100 + i)})
			tb := newTable(t, h, n, uint64(i))
			early := h.dial("")
			early.send(map[string]any{"t": "spectate", "name": "观众<b>&"})
			early.until(func(f frame) bool { return f.T == "welcome" && f.Mode == "spectator" })
			tb.specs = append(tb.specs, early)
			tb.start()
			// A latecomer: the game has started, so it watches.
			late := h.dial("")
			if f := late.join("迟到", 1); f.Code != codeStarted {
				t.Fatalf("late join: %s", f.raw)
			}
			late.check = tb.checkFrame
			late.send(map[string]any{"t": "spectate", "name": "迟到"})
			late.until(func(f frame) bool { return f.T == "table" })
			tb.specs = append(tb.specs, late)
			tb.checkHeld()
			tb.play(3000)
			tb.checkHeld()
			tb.checkSizes()
			tv := tb.tableView()
			if tv.Winner == "" || len(tv.Reveal) != n {
				t.Errorf("the end shows winner %q and %d reveals", tv.Winner, len(tv.Reveal))
			}
			t.Logf("%s: %d players, %d steps, %d commands (%d optional ones refused), %d clock advances (%d nights ended early), winner %s (%s)",
				in.ID, n, tb.steps, tb.acts, tb.refused, tb.timeouts, tb.early, tv.Winner, tv.Reason)
			if tb.acts == 0 || tb.timeouts == 0 {
				t.Errorf("the game used no commands or no timeouts")
			}
			// The log replays to the same game.
			var path string
			var want []byte
			h.do(func(s *session) { path, want = s.log.path, mustJSON(s.g.TableView()) })
			h2 := newHarness(t, Config{Resume: path})
			var got []byte
			h2.do(func(s *session) { got = mustJSON(s.g.TableView()) })
			if !bytes.Equal(got, want) {
				t.Errorf("the log does not replay to the same game")
			}
		})
	}
}
