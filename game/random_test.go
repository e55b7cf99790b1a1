package game

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// randomSetup picks a random player count and seed for a variant.
func randomSetup(in VariantInfo, r *rand.Rand) Setup {
	n := in.MinPlayers + r.IntN(in.MaxPlayers-in.MinPlayers+1)
	setup := Setup{Variant: in.ID, Players: n, Seed: r.Uint64()}
	if in.ID == "werewolf-12" {
		// Its options change the night and the day everywhere (§13): each
		// true-or-false or choice option of its own takes a random value
		// in half the games.
		opts := map[string]any{}
		for _, sp := range in.Options {
			if sp.shared || r.IntN(2) == 0 {
				continue
			}
			switch sp.Kind {
			case OptBool:
				opts[sp.ID] = r.IntN(2) == 0
			case OptChoice:
				opts[sp.ID] = sp.Values[r.IntN(len(sp.Values))]
			}
		}
		setup.Options, _ = json.Marshal(opts)
	}
	return setup
}

// legalCommands lists the commands seat's view offers now. game/bots has
// its copy (LegalCommands): this package cannot import it.
func legalCommands(pv PlayerView) []Command {
	var out []Command
	for _, t := range pv.Tasks {
		if !t.Open { // waiting, locked, or done and not a group's pick
			continue
		}
		base := Command{Seat: pv.Seat, Do: t.Action, Card: t.Card}
		switch t.Action {
		case "sleep", "pass":
			if !t.Done {
				out = append(out, base)
			}
			continue
		case "explode":
			out = append(out, base)
			continue
		}
		if t.Optional && !t.Done {
			c := base
			c.Do = "skip"
			out = append(out, c)
			if t.Decline != "" {
				c.Do = t.Decline
				out = append(out, c)
			}
		}
		if t.NoTarget && !t.Done {
			out = append(out, base)
		}
		if t.Abstain && !t.Done {
			c := base
			c.Do = "abstain"
			out = append(out, c)
		}
		for _, x := range t.Targets {
			c := base
			c.Target = &x
			out = append(out, c)
		}
	}
	return append(out, catCommands(pv)...)
}

var anyActions = []string{"kill", "check", "save", "shoot", "hug", "silence", "sleep", "skip", "pass", "vote", "abstain", "explode", "suspect", "dance",
	"assassinate", "protect", "traitor-check", "dark-check", "redeal", "keep", "nominate",
	"attack", "onehit", "snipe", "aimed-snipe", "bind", "imprison", "deathblow", "pardon", "curse", "saint", "arson",
	"transform", "withdraw", "order", "stance", "done"}

// randomCommand is mostly a legal command of a random seat, sometimes a
// timeout, sometimes garbage (a wrong seat, action or target).
func randomCommand(g *Game, r *rand.Rand) Command {
	s := &g.s
	switch p := r.IntN(100); {
	case p < 4:
		return Command{Do: "timeout"}
	case p < 12:
		t := Target{Seat: r.IntN(s.Players+3) - 1, Card: r.IntN(4)}
		if r.IntN(2) == 0 {
			t.Card = 0
		}
		cmd := Command{Seat: r.IntN(s.Players+3) - 1, Do: anyActions[r.IntN(len(anyActions))], Target: &t}
		if r.IntN(4) == 0 {
			c := Target{Seat: cmd.Seat, Card: r.IntN(3)}
			cmd.Card = &c
		}
		return cmd
	}
	seats := r.Perm(s.Players)
	for _, i := range seats {
		cmds := legalCommands(g.PlayerView(i + 1))
		if len(cmds) > 0 {
			return cmds[r.IntN(len(cmds))]
		}
	}
	return Command{Do: "timeout"}
}

// observable is everything that leaves the engine, for comparing before and
// after a command.
func observable(g *Game) string {
	var b strings.Builder
	tv, _ := json.Marshal(g.TableView())
	b.Write(tv)
	for seat := 1; seat <= g.s.Players; seat++ {
		pv, _ := json.Marshal(g.PlayerView(seat))
		b.Write(pv)
	}
	rng, _ := g.s.RNG.MarshalBinary()
	b.Write(rng)
	fmt.Fprint(&b, g.s.Version, len(g.log))
	return b.String()
}

// TestRandomGames plays thousands of games per variant from random legal and
// illegal commands and checks the engine's invariants: every game ends,
// refused commands change nothing, the dead never act, the log replays to the
// same state, and the views leak nothing (checkViews).
//
// A thousand games per variant with -tags long (make test); sixty in a
// plain go test, which keeps the package within go test's default timeout
// (two-hands and cat-lives-7 take most of it); twenty under the race
// detector, which slows the engine about tenfold; at most fifty with -short.
func TestRandomGames(t *testing.T) {
	games := 60
	if longTests {
		games = 1000
	}
	if raceEnabled {
		games = 20 // the full thousand runs without the race detector (make test)
	}
	if testing.Short() {
		games = min(games, 50)
	}
	for _, in := range Variants() {
		t.Run(in.ID, func(t *testing.T) {
			// The variants' games share nothing: on two cores they take half
			// the time side by side (two-hands and cat-lives-7 take most).
			t.Parallel()
			r := rand.New(rand.NewPCG(uint64(len(in.ID)), 99))
			for i := 0; i < games; i++ {
				playRandom(t, in, r, i%25 == 0)
				if t.Failed() {
					return
				}
			}
		})
	}
}

func playRandom(t *testing.T, in VariantInfo, r *rand.Rand, deep bool) {
	t.Helper()
	setup := randomSetup(in, r)
	g, err := New(setup)
	if err != nil {
		t.Fatalf("%+v: %v", setup, err)
	}
	const maxCommands = 50000
	// before is what the players saw before the command, in a deep game.
	// After a refused command it is still what they see (checked below), so
	// the next command starts from it instead of marshalling every view
	// again: nothing but reading views happens between two commands, and a
	// read that changed what they see would fail that next check.
	var before string
	for n := 0; !g.Over(); n++ {
		if n == maxCommands {
			t.Fatalf("%+v: no end after %d commands (phase %s round %d)", setup, n, g.s.Phase, g.s.Round)
		}
		cmd := randomCommand(g, r)
		if deep && before == "" {
			before = observable(g)
		}
		aliveBefore := make([]bool, g.s.Players+1)
		for i := 1; i <= g.s.Players; i++ {
			aliveBefore[i] = g.s.Seat(i).Alive()
		}
		views := map[int]PlayerView{}
		if deep && g.s.Phase == PhaseNight && cmd.Do != "timeout" {
			for i := 1; i <= g.s.Players; i++ {
				views[i] = g.PlayerView(i)
			}
		}
		version := g.s.Version
		nightInput := g.s.Phase == PhaseNight && cmd.Do != "timeout"
		var tableBefore []byte
		if nightInput {
			tableBefore, _ = json.Marshal(g.TableView())
		}
		events, err := g.Apply(cmd)
		if err == nil {
			before = "" // changed: marshalled again before the next command
		} else {
			if _, ok := err.(*Rejection); !ok {
				t.Fatalf("non-rejection error %v", err)
			}
			if g.s.Version != version || len(events) != 0 {
				t.Fatalf("rejected %+v changed the state", cmd)
			}
			if deep && observable(g) != before {
				t.Fatalf("rejected %+v (%v) changed what the players see", cmd, err)
			}
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("rejection without a reason for %+v", cmd)
			}
			continue
		}
		for _, e := range events {
			if seat := actingSeat(e.Body); seat != 0 && !aliveBefore[seat] {
				t.Fatalf("dead seat %d acted: %s", seat, mustJSON(e))
			}
		}
		if nightInput {
			// A night input is invisible to the table: who acts, and when,
			// must not show on the big screen (G3).
			tableAfter, _ := json.Marshal(g.TableView())
			if string(tableAfter) != string(tableBefore) {
				t.Fatalf("table view changed on a night input %+v:\n%s\n%s", cmd, tableBefore, tableAfter)
			}
			if deep {
				checkNightIsolation(t, g, cmd, views)
			}
		}
		if deep {
			checkViews(t, g)
		}
	}
	if deep {
		checkViews(t, g)
	}
	r2, err := Replay(setup, g.Events())
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if !sameState(&r2.s, &g.s) {
		t.Fatalf("%+v: replayed state differs", setup)
	}
	// The log survives a JSON round trip (the lan's on-disk log).
	var decoded []Event
	for _, e := range g.Events() {
		var d Event
		if err := json.Unmarshal(mustJSONBytes(e), &d); err != nil {
			t.Fatalf("decode %s: %v", mustJSON(e), err)
		}
		decoded = append(decoded, d)
	}
	r3, err := Replay(setup, decoded)
	if err != nil || !sameState(&r3.s, &g.s) {
		t.Fatalf("replay from decoded JSON differs: %v", err)
	}
}

func actingSeat(b Body) int {
	switch e := b.(type) {
	case *ActBody:
		return e.Seat
	case *SleepBody:
		return e.Seat
	case *VoteBody:
		return e.Seat
	case *AbstainBody:
		return e.Seat
	case *ExplodedBody:
		return e.Seat
	case *SuspectBody:
		return e.Seat
	}
	return 0
}

// checkNightIsolation: a night input by seat Y changes no other seat's view,
// except the views of Y's teammates in the same step (live picks, G4) and
// answers delivered by the rules' timing (G3.5).
func checkNightIsolation(t *testing.T, g *Game, cmd Command, before map[int]PlayerView) {
	t.Helper()
	mates := map[int]bool{cmd.Seat: true}
	if g.s.Night != nil {
		shares := map[string]bool{}
		for _, st := range g.s.Night.Steps {
			if slices.Contains(st.Seats(), cmd.Seat) {
				for _, x := range st.Seats() {
					mates[x] = true
				}
				if st.Share != "" {
					shares[st.Share] = true
				}
			}
		}
		// werewolf-12 §5: the witch is told the knife when it closes.
		if kill, save := g.s.Night.StepByAction("kill"), g.s.Night.StepByAction("save"); g.s.VariantID == "werewolf-12" && kill != nil && save != nil && mates[kill.Seats()[0]] {
			for _, x := range save.Seats() {
				mates[x] = true
			}
		}
		// Steps sharing a live display (v5.0-dual's killer cards).
		for _, st := range g.s.Night.Steps {
			if shares[st.Share] {
				for _, x := range st.Seats() {
					mates[x] = true
				}
			}
		}
	}
	for seat, pv := range before {
		if mates[seat] {
			continue
		}
		now := g.PlayerView(seat)
		now.Results, pv.Results = nil, nil
		if !reflect.DeepEqual(now, pv) {
			t.Fatalf("seat %d's view changed when seat %d acted (%s):\n%s\n%s", seat, cmd.Seat, cmd.Do, mustJSON(pv), mustJSON(now))
		}
	}
}

// checkViews asserts that no view holds a fact its audience may not know.
func checkViews(t *testing.T, g *Game) {
	t.Helper()
	s := &g.s
	over := s.Phase == PhaseOver
	tv := g.TableView()
	exploded := map[int]bool{}
	for _, e := range g.log {
		if x, ok := e.Body.(*ExplodedBody); ok {
			exploded[x.Seat] = true
		}
	}
	if !over {
		if tv.Reveal != nil || tv.Timeline != nil || tv.Winner != "" {
			t.Fatalf("table view reveals the end before the end")
		}
		for _, sv := range tv.Seats {
			if sv.Role != "" && !exploded[sv.Seat] {
				t.Fatalf("table view shows seat %d's role", sv.Seat)
			}
		}
		if tv.Version != g.publicCount() {
			t.Fatalf("table version %d is not the public event count", tv.Version)
		}
	}
	nightScreens := 0
	for seat := 1; seat <= s.Players; seat++ {
		pv := g.PlayerView(seat)
		if !reflect.DeepEqual(pv.Table, tv) {
			t.Fatalf("seat %d's table part differs from the table view", seat)
		}
		// The shared view, built in reused storage, is the same view: the
		// same JSON. Equal values marshal alike, so only views that differ
		// as values are marshalled to compare (JSON does not see nil
		// against empty behind an omitempty).
		if sh := g.SharedPlayerView(seat); !reflect.DeepEqual(*sh, pv) {
			if got, want := mustJSON(sh), mustJSON(pv); got != want {
				t.Fatalf("seat %d's shared view differs from its view:\n%s\n%s", seat, got, want)
			}
		}
		mine := s.Seat(seat)
		for i, r := range pv.Roles {
			if mine.Cards[i].Role != r {
				t.Fatalf("seat %d sees a wrong own role", seat)
			}
		}
		for _, k := range pv.Known {
			if !entitled(s, seat, k) {
				t.Fatalf("seat %d may not know %s is %s", seat, k.Target, k.Role)
			}
		}
		for _, res := range pv.Results {
			if !resultEntitled(g, seat, res) {
				t.Fatalf("seat %d got a result it is not entitled to: %+v", seat, res)
			}
		}
		if !over && !pv.Alive && len(pv.Tasks) > 0 {
			// A dead player holds the floor only for last words, and then
			// their one task is to end them (pass, alive or not); in
			// werewolf-12 also for the skill and badge turns their death
			// gives them (§8).
			deathTurn := s.VariantID == "werewolf-12" && pv.Table.Speaker == seat &&
				(s.Day.Kind == StageSkill || s.Day.Kind == StageBadge)
			if !deathTurn && (len(pv.Tasks) != 1 || pv.Tasks[0].Action != "pass" || pv.Table.Speaker != seat) {
				t.Fatalf("dead seat %d has tasks %+v", seat, pv.Tasks)
			}
			// (the phone offers a dead player every task its view holds)
			for _, task := range pv.Tasks {
				if task.Place != PlaceMain && task.Place != PlaceTurn {
					t.Fatalf("dead seat %d has a %s task in place %q", seat, task.Action, task.Place)
				}
			}
		}
		// What the phone shows of a task and of the night's screens comes
		// from the seat's own tasks and public facts only; padded, every
		// living seat goes through as many night screens.
		screens := len(pv.Tasks) + pv.Pads
		for _, task := range pv.Tasks {
			// The phone routes a task by its place, never by its name: the
			// self-reveal is the card's, the huddle's mark an add-on, every
			// other night task a screen of its own.
			if (task.Action == ActExplode) != (task.Place == PlaceCard) || (task.Action == ActSuspect) != (task.Place == PlaceMark) ||
				!slices.Contains([]Place{PlaceMain, PlaceCard, PlaceMark, PlaceTurn, PlaceConfirm, PlaceHand}, task.Place) {
				t.Fatalf("seat %d's %s task is offered in place %q", seat, task.Action, task.Place)
			}
			if task.Place != PlaceMain {
				screens--
			}
			if want := task.Waiting == "" && !task.Locked && (!task.Done || task.Group && !task.NoTarget); task.Open != want {
				t.Fatalf("seat %d's %s task: open %v", seat, task.Action, task.Open)
			}
			if task.Ballot != 0 && (task.Action != ActVote || tv.Ballot == nil || tv.Ballot.Closed || tv.Stage != "vote" || task.Ballot != tv.Ballot.Index) {
				t.Fatalf("seat %d's %s task names ballot %d; the table: %+v", seat, task.Action, task.Ballot, tv.Ballot)
			}
		}
		if s.Phase == PhaseNight && pv.Alive && (s.caps.viewer == nil || s.VariantID == "werewolf-12") {
			if nightScreens == 0 {
				nightScreens = screens
			}
			if screens != nightScreens {
				t.Fatalf("seat %d goes through %d night screens (tasks %+v, pads %d), another seat %d", seat, screens, pv.Tasks, pv.Pads, nightScreens)
			}
		}
		for _, task := range pv.Tasks {
			if len(task.Team) > 0 && !task.Group && !task.Shared {
				t.Fatalf("seat %d sees picks of a non-group task", seat)
			}
			for _, p := range task.Team {
				if !sameTeam(s, seat, p.Seat) {
					t.Fatalf("seat %d sees the pick of seat %d, not a teammate", seat, p.Seat)
				}
			}
		}
	}
}

// entitled is an independent statement of each variant's start-of-game
// knowledge (rules files §3): who may learn whose role.
func entitled(s *State, seat int, k Known) bool {
	theirs := s.Card(k.Target).Role
	holds := func(roles ...string) bool {
		for _, c := range s.Seat(seat).Cards {
			if slices.Contains(roles, c.Role) {
				return true
			}
		}
		return false
	}
	switch s.VariantID {
	case "cat-lives-7":
		// §2: nobody learns anybody's camp or cards; a co-winning partner is
		// told only that the free-choice player co-wins (no seat named).
		return false
	case "v5.0-dual":
		// §3: secret police see the secret police; police and undercover see
		// the police group without learning which is the undercover; killers
		// and the undercover see the killer cards and the undercover;
		// doctors see the doctors; the butterfly and civilians see nothing.
		switch k.Role {
		case "police-group":
			return holds("police", "undercover") && (theirs == "police" || theirs == "undercover")
		case "killer", "undercover":
			return holds("killer", "undercover") && theirs == k.Role
		case "secret-police", "doctor":
			return holds(k.Role) && theirs == k.Role
		}
		return false
	case "two-hands":
		// §3: killer hands see the killer hands, police hands the police
		// hands; an assassin that acted joins the killers from the next
		// night on (both ways); the traitor knows nobody.
		if k.Role != theirs {
			return false
		}
		joined := func(t Target) bool {
			r := s.Mark(t, "acted")
			return s.Card(t).Role == "assassin" && r != 0 && s.Round > r
		}
		killerSide := holds("killer")
		for j := range s.Seat(seat).Cards {
			if joined(Target{Seat: seat, Card: j + 1}) {
				killerSide = true
			}
		}
		switch theirs {
		case "police":
			return holds("police")
		case "killer":
			return killerSide
		case "assassin":
			return killerSide && joined(k.Target)
		}
		return false
	}
	mine := s.Role(seat)
	if k.Role != theirs {
		return false
	}
	if s.VariantID == "v4.0" {
		return mine == "killer" && theirs == "killer" // §3: only the killers know each other
	}
	if s.VariantID == "werewolf-12" {
		return mine == "werewolf" && theirs == "werewolf" // §3: the werewolves see each other
	}
	// seed 000's rule, which classic-2.0, standard-003 and v3.0 keep (§3)
	// and a new single-role variant starts from (teamKnowledge): killers
	// see the killers, police see the police. A variant that departs from
	// it has its case here.
	return (mine == "killer" || mine == "police") && theirs == mine
}

func sameTeam(s *State, a, b int) bool {
	holds := func(seat int, roles ...string) bool {
		for j, c := range s.Seat(seat).Cards {
			if slices.Contains(roles, c.Role) {
				return true
			}
			if s.VariantID == "two-hands" && c.Role == "assassin" && s.Mark(Target{Seat: seat, Card: j + 1}, "acted") != 0 &&
				slices.Contains(roles, "killer") && s.Phase == PhaseNight && s.Round > s.Mark(Target{Seat: seat, Card: j + 1}, "acted") {
				return true
			}
		}
		return false
	}
	switch s.VariantID {
	case "cat-lives-7":
		// §8: no group action; nobody sees another player's privileges.
		return false
	case "v5.0-dual":
		// §5: only the killer cards share their selections.
		return holds(a, "killer") && holds(b, "killer")
	case "two-hands":
		// §5: the killer group (killer hands and an assassin that acted on
		// an earlier night) and the police group.
		return (holds(a, "killer") && holds(b, "killer")) || (holds(a, "police") && holds(b, "police"))
	}
	ra, rb := s.Role(a), s.Role(b)
	if s.VariantID == "werewolf-12" {
		return ra == "werewolf" && rb == "werewolf" // §5: the knife
	}
	return ra == rb && (ra == "killer" || ra == "police")
}

// resultEntitled: a result reaches only the seats that acted in its step.
func resultEntitled(g *Game, seat int, res ResultBody) bool {
	for _, e := range g.log {
		if r, ok := e.Body.(*ResultBody); ok && *r == res {
			return slices.Contains(e.Audience, seat) && slices.Equal(e.Audience, dedupe(e.Audience))
		}
	}
	return false
}

func dedupe(xs []int) []int {
	var out []int
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func mustJSON(v any) string { return string(mustJSONBytes(v)) }

func mustJSONBytes(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
