package game

// Cues: what the judge says as a stage opens, and when a phone vibrates,
// decided here from the events, so that no screen works it out by comparing
// one view with the next.
//
// A cue is a public event that opens a stage (tableRoleOf: TableStage) and
// that someone acts on: night falls, a seat has the floor, werewolf-12's
// stand window opens, free talk opens, a ballot opens, a candidate is called.
// Its Key is the table's version when it was logged (TableView.Version), so
// keys only grow within a game and a game rebuilt from its log (Replay, a
// host that restarts) has the same keys: whoever remembers the last key it
// acted on acts on each cue once, however often a view is sent again.
//
// The table view lists the cues of the stage that runs (TableView.Cues): its
// opening and, in a ballot that calls its candidates, the current call. A
// stage that opens and ends within one command (a silenced speaker's turn,
// cat-lives-7's ballot that opens the day before its first speech) leaves no
// cue: nobody saw it.
//
// A seat's vibration (PlayerView.Buzz) is the key of the latest cue that
// calls the seat: nightfall for every living seat (whatever its role: a
// buzz at night must tell nothing), the floor passing to the seat (dead or
// alive: last words, a dead player's skill and badge turns), a ballot the
// seat votes in. Every one of them is public: which seats it calls follows
// from what the table sees.

// CueKind is what a cue opens (Cue.Kind).
type CueKind string

// The kinds of cue.
const (
	CueNight      CueKind = "night"      // night falls (NightBody)
	CueTurn       CueKind = "turn"       // a seat has the floor (TurnBody)
	CueDiscussion CueKind = "discussion" // free talk opens (SpeechesBody of kind discussion)
	CueVote       CueKind = "vote"       // a ballot opens (BallotBody)
	CueCall       CueKind = "call"       // sequential-open calls a candidate (CallBody)
)

// CueKinds lists every CueKind, a variant's own included.
func CueKinds() []CueKind {
	return []CueKind{CueNight, CueTurn, CueDiscussion, CueVote, CueCall, CueElection}
}

// Cue is a stage's opening on the table, for whoever says or signals it.
type Cue struct {
	Key   int     `json:"key"` // the table version the event was logged at
	Kind  CueKind `json:"kind"`
	Stage Stage   `json:"stage,omitempty"` // a turn's kind (TurnBody.Kind)
	Seat  int     `json:"seat,omitempty"`  // a turn's speaker, a called candidate's seat
}

// cuer is a variant's own event that opens a stage with a cue.
type cuer interface{ cue() CueKind }

// maxCues bounds the cues of one stage: its opening and a call.
const maxCues = 2

// cues is the digest's part for cues: the running stage's, and each seat's
// latest vibration.
type cues struct {
	list [maxCues]Cue
	n    int
	buzz []int // by seat: the key of the latest cue that calls it
	// the turn that opened last: its seat and that seat's buzz before it,
	// for a turn skipped at once (v4.0 R10: a silenced speaker)
	turnSeat, turnBuzz int
}

// cue takes the public event b, logged as the table's version key (the
// state s already holds it), into the cues.
func (c *cues) cue(b Body, key int, s *State) {
	if c.buzz == nil {
		c.buzz = s.mem.ints.take(s.Players + 1)
	}
	switch b := b.(type) {
	case *NightBody:
		c.open(Cue{Key: key, Kind: CueNight})
		for i := range s.Seats {
			if s.Seats[i].Alive() {
				c.buzz[i+1] = key
			}
		}
	case *TurnBody:
		c.open(Cue{Key: key, Kind: CueTurn, Stage: b.Kind, Seat: b.Seat})
		c.turnSeat, c.turnBuzz = b.Seat, c.buzz[b.Seat]
		c.buzz[b.Seat] = key
	case *TurnEndBody:
		c.n = 0 // the floor is nobody's
		if b.By == "silenced" && b.Seat == c.turnSeat {
			c.buzz[b.Seat] = c.turnBuzz // a turn its seat never had
		}
	case *SpeechesBody:
		c.n = 0
		if b.Kind == StageDiscussion {
			c.open(Cue{Key: key, Kind: CueDiscussion})
		}
	case *BallotBody:
		c.open(Cue{Key: key, Kind: CueVote})
		for _, v := range b.Voters {
			c.buzz[v] = key
		}
	case *CallBody:
		c.n = min(c.n, 1) // within the ballot's opening, instead of the last call
		if c.n == 1 && c.list[0].Kind != CueVote {
			c.n = 0
		}
		c.add(Cue{Key: key, Kind: CueCall, Seat: b.Target.Seat})
	case *TallyBody, *GameOverBody:
		c.n = 0 // the ballot closed; the game ended
	default:
		if x, ok := b.(cuer); ok {
			c.open(Cue{Key: key, Kind: x.cue()})
		} else if tableRoleOf(b) == TableStage {
			c.n = 0 // a stage without a cue
		}
	}
}

// open starts a stage with cue x.
func (c *cues) open(x Cue) {
	c.n = 0
	c.add(x)
}

func (c *cues) add(x Cue) {
	if c.n < maxCues {
		c.list[c.n] = x
		c.n++
	}
}

// tableCues lists the running stage's cues in tv (in m; nil: on the heap).
func (g *Game) tableCues(tv *TableView, m *viewMem) {
	c := &g.pub.cues
	if c.n == 0 || g.s.Phase == PhaseOver {
		return
	}
	tv.Cues = m.cueList(c.n)
	copy(tv.Cues, c.list[:c.n])
}

// seatBuzz is the key of the latest cue that calls seat (0: none yet).
func (g *Game) seatBuzz(seat int) int {
	if b := g.pub.cues.buzz; seat < len(b) {
		return b[seat]
	}
	return 0
}
