package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// oldNarrator is how the judge's voice worked out what to say before the
// engine gave cues: by comparing each table view with what it had said
// (app/voice's Narrator, the stage lines). It is the reference the cues
// are held to.
type oldNarrator struct {
	night             int
	turn, stage, call string
}

func (n *oldNarrator) observe(tv *TableView) []string {
	var out []string
	switch tv.Phase {
	case PhaseNight:
		if n.night != tv.Round {
			n.night = tv.Round
			out = append(out, "night")
		}
		return out
	case PhaseOver:
		return out
	}
	key := strconv.Itoa(tv.Round) + "/" + string(tv.Stage)
	if b := tv.Ballot; b != nil {
		key += "/" + strconv.Itoa(b.Index)
	}
	switch {
	case tv.Speaker != 0:
		if k := key + "/" + strconv.Itoa(tv.Speaker); n.turn != k {
			n.turn = k
			out = append(out, "turn "+strconv.Itoa(tv.Speaker))
		}
	case tv.Stage == StageStand:
		if n.stage != key {
			n.stage = key
			out = append(out, "election")
		}
	case tv.Stage == StageDiscussion:
		if n.stage != key {
			n.stage = key
			out = append(out, "discussion")
		}
	case tv.Stage == StageVote && tv.Ballot != nil && !tv.Ballot.Closed:
		if n.stage != key {
			n.stage = key
			out = append(out, "vote")
		}
		if c := tv.Ballot.Calling; c != nil {
			if k := key + "/" + c.String(); n.call != k {
				n.call = k
				out = append(out, "call "+strconv.Itoa(c.Seat))
			}
		}
	}
	return out
}

// oldBuzzKey is how the phone worked out when to vibrate before the engine
// gave each seat its cue (assets/phone/static/view.js buzzKey, with
// dayTasks): it vibrated when the key changed to one that is not "".
func oldBuzzKey(pv *PlayerView) string {
	tv := &pv.Table
	timer := ""
	if tv.Timer != nil {
		timer = strconv.Itoa(tv.Timer.Key)
	}
	if !pv.Alive || pv.Spectator {
		if tv.Phase != PhaseDay {
			return ""
		}
		for _, t := range pv.Tasks {
			mine := tv.Speaker == pv.Seat
			if t.Action == ActPass || mine && slices.Contains([]string{"stand", "shoot", "badge", "order", "tear"}, t.Action) {
				return "pass:" + timer
			}
		}
		return ""
	}
	if tv.Phase == PhaseNight {
		if len(pv.Tasks) > 0 {
			return "night:" + strconv.Itoa(tv.Round)
		}
		return ""
	}
	if tv.Phase != PhaseDay {
		return ""
	}
	var parts []string
	if slices.ContainsFunc(pv.Tasks, func(t Task) bool { return t.Action == ActPass }) {
		parts = append(parts, "pass:"+timer)
	}
	if slices.ContainsFunc(pv.Tasks, func(t Task) bool { return t.Action == ActVote && !t.Done }) && tv.Ballot != nil {
		parts = append(parts, fmt.Sprintf("vote:%d:%d", tv.Round, tv.Ballot.Index))
	}
	return strings.Join(parts, "|")
}

// TestCuesFollowTheOldSignals plays random games of every variant and, at
// every view, holds the cues to what the voice and the phones worked out
// from successive views before: the judge says the same lines (a cue is
// said the first time a view carries its key), and each phone vibrates
// exactly when it did (its Buzz changes), with two fixes:
//
//   - v5.0-dual's setup night (round 0) is said, as every nightfall is (the
//     old voice took round 0 for "no night said yet");
//   - a void deal dealt again during a setup night (two-hands R1) lets
//     night fall again: it is said, and every phone, its cards new,
//     vibrates;
//   - a seat vibrates when its turn comes whatever the turn asks: the
//     sheriff's order turn (werewolf-12) vibrated nobody, as the page looked
//     for a pass button; and a turn that ends does not vibrate its seat
//     again (cat-lives-7's vote runs the whole day: the page vibrated when
//     the speaker's pass button went away, its vote still open).
func TestCuesFollowTheOldSignals(t *testing.T) {
	games := 30
	if raceEnabled || testing.Short() {
		games = 8
	}
	for _, in := range Variants() {
		t.Run(in.ID, func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(uint64(len(in.ID)), 7))
			for i := 0; i < games && !t.Failed(); i++ {
				checkCues(t, randomSetup(in, r), r)
			}
		})
	}
}

func checkCues(t *testing.T, setup Setup, r *rand.Rand) {
	t.Helper()
	g, err := New(setup)
	if err != nil {
		t.Fatal(err)
	}
	old := oldNarrator{night: -1} // (fix: round 0 is a night too)
	said := 0
	oldKeys := make([]string, setup.Players+1)
	buzz := make([]int, setup.Players+1)
	for n := 0; ; n++ {
		tv := g.TableView()
		want := old.observe(&tv)
		var got []string
		for _, c := range tv.Cues {
			if c.Key <= said {
				continue
			}
			said = c.Key
			switch c.Kind {
			case CueTurn:
				got = append(got, "turn "+strconv.Itoa(c.Seat))
			case CueCall:
				got = append(got, "call "+strconv.Itoa(c.Seat))
			default:
				got = append(got, string(c.Kind))
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%+v, command %d, %s %s round %d: the cues say %v, the views said %v", setup, n, tv.Phase, tv.Stage, tv.Round, got, want)
		}
		for seat := 1; seat <= setup.Players; seat++ {
			pv := g.PlayerView(seat)
			key := oldBuzzKey(&pv)
			wantBuzz := key != "" && key != oldKeys[seat]
			if wantBuzz && strings.Contains(oldKeys[seat], key) {
				wantBuzz = false // (fix: only a part went away)
			}
			if tv.Speaker == seat && tv.Stage == StageOrder && key == "" && tv.Timer != nil && oldKeys[seat] != "order:"+strconv.Itoa(tv.Timer.Key) {
				key, wantBuzz = "order:"+strconv.Itoa(tv.Timer.Key), true // (fix: the order turn is the sheriff's)
			}
			oldKeys[seat] = key
			gotBuzz := pv.Buzz != buzz[seat]
			if pv.Buzz < buzz[seat] {
				t.Fatalf("%+v, command %d: seat %d's cue went back from %d to %d", setup, n, seat, buzz[seat], pv.Buzz)
			}
			buzz[seat] = pv.Buzz
			if gotBuzz != wantBuzz {
				t.Fatalf("%+v, command %d, %s %s round %d: seat %d (%v, alive %v) vibrates %v (cue %d), the page did %v (key %q)",
					setup, n, tv.Phase, tv.Stage, tv.Round, seat, pv.Roles, pv.Alive, gotBuzz, pv.Buzz, wantBuzz, key)
			}
		}
		if tv.Phase == PhaseNight {
			for seat := 1; seat <= setup.Players; seat++ {
				if g.s.Seat(seat).Alive() && g.PlayerView(seat).Buzz != tv.Cues[0].Key {
					t.Fatalf("%+v, command %d: living seat %d's cue at night is not nightfall's", setup, n, seat)
				}
			}
		}
		if g.Over() || r.IntN(200) == 0 {
			// a host that restarts rebuilds the game from its log: the
			// same cues, so that nobody acts on one again
			back, err := Replay(setup, g.Events())
			if err != nil {
				t.Fatal(err)
			}
			if a, b := mustJSON(back.TableView().Cues), mustJSON(tv.Cues); a != b {
				t.Fatalf("%+v, command %d: replayed, the cues are %s, not %s", setup, n, a, b)
			}
			for seat := 1; seat <= setup.Players; seat++ {
				if a, b := back.PlayerView(seat).Buzz, buzz[seat]; a != b {
					t.Fatalf("%+v, command %d: replayed, seat %d's cue is %d, not %d", setup, n, seat, a, b)
				}
			}
		}
		if g.Over() {
			return
		}
		if n == 50000 {
			t.Fatalf("%+v: no end", setup)
		}
		for {
			events, err := g.Apply(randomCommand(g, r))
			if err != nil {
				continue
			}
			if slices.ContainsFunc(events, func(e Event) bool { _, ok := e.Body.(*RedealBody); return ok }) {
				old.night = -1 // (fix: the night falls again)
				clear(oldKeys)
			}
			break
		}
	}
}

// TestCueOpenings: the cues of a stage from its events. A ballot's calls
// follow its opening, the last call only; a stage opened and replaced
// within one command leaves its cue to the next; a turn skipped at once
// gives its seat no vibration; the tally closes the ballot's cues.
func TestCueOpenings(t *testing.T) {
	g, err := New(Setup{Variant: "classic-2.0", Players: 9, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var c cues
	key := 100
	feed := func(bs ...Body) {
		for _, b := range bs {
			key++
			c.cue(b, key, &g.s)
		}
	}
	list := func() string { return mustJSON(c.list[:c.n]) }
	feed(&NightBody{Round: 1})
	if got := list(); got != `[{"key":101,"kind":"night"}]` {
		t.Errorf("night: %s", got)
	}
	for seat := 1; seat <= 9; seat++ {
		if c.buzz[seat] != 101 {
			t.Errorf("seat %d's cue at nightfall: %d", seat, c.buzz[seat])
		}
	}
	feed(&DawnBody{Round: 1, Dead: []Target{}}, &SpeechesBody{Kind: StageSpeech, Order: []int{3, 4}}, &TurnBody{Kind: StageSpeech, Seat: 3},
		&TurnEndBody{Kind: StageSpeech, Seat: 3, By: "silenced"}, &TurnBody{Kind: StageSpeech, Seat: 4})
	if got := list(); got != `[{"key":106,"kind":"turn","stage":"speech","seat":4}]` {
		t.Errorf("the turn after a silenced one: %s", got)
	}
	if c.buzz[3] != 101 || c.buzz[4] != 106 {
		t.Errorf("the silenced seat's cue %d (want nightfall's 101), the speaker's %d (want 106)", c.buzz[3], c.buzz[4])
	}
	feed(&TurnEndBody{Kind: StageSpeech, Seat: 4, By: "pass"}, &BallotBody{Index: 1, Voters: []int{1, 2}}, &CallBody{Target: SeatTarget(5)})
	if got := list(); got != `[{"key":108,"kind":"vote"},{"key":109,"kind":"call","seat":5}]` {
		t.Errorf("a ballot and its first call: %s", got)
	}
	feed(&VoteBody{Seat: 1, Target: SeatTarget(5)}, &CallBody{Target: SeatTarget(6)})
	if got := list(); got != `[{"key":108,"kind":"vote"},{"key":111,"kind":"call","seat":6}]` {
		t.Errorf("the next call: %s", got)
	}
	if c.buzz[1] != 108 || c.buzz[2] != 108 || c.buzz[5] != 101 {
		t.Errorf("the voters' cues %d %d (want the ballot's 108), another's %d", c.buzz[1], c.buzz[2], c.buzz[5])
	}
	feed(&TallyBody{Index: 1})
	if c.n != 0 {
		t.Errorf("after the tally: %s", list())
	}
	feed(&BallotBody{Index: 1, Voters: []int{1}}, &SpeechesBody{Kind: StageSpeech}) // cat-lives-7's dawn
	if c.n != 0 {
		t.Errorf("a ballot that runs under the speeches: %s", list())
	}
	feed(&SpeechesBody{Kind: StageDiscussion}, &ElectionBody{Round: 2})
	if got := list(); got != `[{"key":116,"kind":"election"}]` {
		t.Errorf("werewolf-12's stand window: %s", got)
	}
}
