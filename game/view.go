package game

import (
	"encoding/json"
	"fmt"
	"slices"
)

// TableView is what the whole table may know: the big screen shows it, every
// phone gets it inside its PlayerView, spectators get only it. Nothing in it
// depends on a secret (G7): no role before the end (except a self-revealed
// killer), no night target, no hint of who acted.
type TableView struct {
	Variant   string     `json:"variant"`
	Players   int        `json:"players"`
	Version   int        `json:"version"`
	Round     int        `json:"round"`
	Phase     Phase      `json:"phase"` // PhaseSetup (the briefing), PhaseNight, PhaseDay, PhaseOver
	Stage     Stage      `json:"stage"` // one of TableStages
	Seats     []SeatView `json:"seats"`
	Narration Narration  `json:"narration"`
	Speaker   int        `json:"speaker,omitempty"`
	// Decision: the seat holding the floor (Speaker) takes a decision in
	// a turn of its own (its tasks' Place is PlaceTurn), not a speech: the
	// screens name it in the narration only (werewolf-12's skill, badge
	// and order turns).
	Decision      bool         `json:"decision,omitempty"`
	Next          int          `json:"next,omitempty"`
	Queue         []int        `json:"queue,omitempty"` // speakers still to come in this stage, the current first
	Order         []int        `json:"order,omitempty"` // today's speaking order
	Timer         *Timer       `json:"timer,omitempty"`
	Ballot        *BallotView  `json:"ballot,omitempty"`
	Tied          []Target     `json:"tied,omitempty"`
	Suspects      []Target     `json:"suspects,omitempty"` // today's nominated hands (two-hands), canonical order
	Immune        *Target      `json:"immune,omitempty"`   // today's immune hand (two-hands R18)
	Dawn          *DawnBody    `json:"dawn,omitempty"`     // the latest dawn announcement
	LastWordsLeft int          `json:"lastWordsLeft"`
	Winner        string       `json:"winner,omitempty"`
	Reason        string       `json:"reason,omitempty"`   // Why in one English sentence
	Why           *Why         `json:"why,omitempty"`      // why the game ended: a code of Reasons, to translate
	Reveal        []SeatReveal `json:"reveal,omitempty"`   // game over only
	Timeline      []Moment     `json:"timeline,omitempty"` // game over only
	// Announce lists the public results the current stage opened with (at
	// the end: those since the last stage), in order: a dawn, a tally, an
	// execution, a self-reveal, the winner… The screens show each as the
	// headline for Hold/len(Announce) seconds before the stage's own
	// headline; the stage's timer starts after Hold.
	Announce []Announcement `json:"announce,omitempty"`
	Hold     int            `json:"hold,omitempty"` // seconds: announceSeconds per announcement
	// Cues are the running stage's openings (cue.go): night falls, a
	// seat's turn, free talk, a ballot and its current call, werewolf-12's
	// stand window. The judge says each cue once: the first time a view
	// carries its key.
	Cues []Cue `json:"cues,omitempty"`
	// Ext is the variant's own public part (viewext.go; cat-lives-7's
	// *CatTableView), nil for most variants. In JSON it stands beside
	// these fields under its own key.
	Ext ViewExt `json:"-"`
	// Briefing is the table's briefing before the first night (stage
	// "briefing", Setup.Briefing): the deal and the options this table
	// plays with that differ from the variant's defaults.
	Briefing *BriefingView `json:"briefing,omitempty"`
	// Roles are the variant's role ids (VariantInfo.Roles), for the rules
	// sheet every phone and the big screen show: the same for everybody.
	Roles []string `json:"roles"`
	// Card is the held card's layout, the same for every seat of the game.
	Card CardShape `json:"card"`
}

// BriefingView is what the table's briefing says besides the variant's own
// words (its round, its wins, a line per role in play): how many cards of
// each role were dealt, in the variant's role order, and the options that
// differ from the variant's defaults for this table.
type BriefingView struct {
	Deal    []RoleCount    `json:"deal"`
	Options []OptionChange `json:"options,omitempty"`
}

// OptionChange is an option the host set to other than its default.
type OptionChange struct {
	Name    string `json:"name"`
	Value   any    `json:"value"`
	Default any    `json:"default"`
	// Words is the dictionary key of the option's name where its spec
	// names one other than "opt.<name>" (OptionSpec.Words).
	Words string `json:"words,omitempty"`
}

// WordsKey is the dictionary key of the option's name.
func (o OptionChange) WordsKey() string {
	if o.Words != "" {
		return o.Words
	}
	return "opt." + o.Name
}

// briefingView is the table view of the briefing: public, the same for
// every seat (the deal's counts are what the lobby proposed).
func (g *Game) briefingView(tv *TableView) {
	s := &g.s
	tv.Stage = StageBriefing
	tv.Narration = Narration{Key: "briefing"}
	tv.Timer = &Timer{Key: briefingKey, Kind: "briefing", Seconds: BriefingSeconds}
	b := &BriefingView{}
	for _, r := range roleIDs[s.VariantID] {
		n := 0
		for i := range s.Seats {
			for _, c := range s.Seats[i].Cards {
				if c.Role == r {
					n++
				}
			}
		}
		if n > 0 {
			b.Deal = append(b.Deal, RoleCount{Role: r, Count: n})
		}
	}
	for _, o := range Configure(Setup{Variant: s.VariantID, Players: s.Players, Seed: s.Seed, Options: g.setup.Options}).Options {
		if o.Set && fmt.Sprint(o.Value) != fmt.Sprint(o.Default) {
			oc := OptionChange{Name: o.Name, Value: o.Value, Default: o.Default}
			if o.Words != "opt."+o.Name {
				oc.Words = o.Words
			}
			b.Options = append(b.Options, oc)
		}
	}
	tv.Briefing = b
}

// CardShape is how many lines each part of the held card is given, the same
// for every seat of a game, so that the card's size and the place of its
// parts tell nothing about the role: every card of the game is drawn with
// these parts, padded to these counts, whatever its own lines (a civilian's
// empty teammate list takes the room of the killers' list). The screens add
// the room the variant's role texts (roleinfo.<role> in assets/i18n) need,
// which only they can measure.
type CardShape struct {
	Cards   int  `json:"cards"`   // role lines: the cards a seat holds (VariantInfo.CardsPerSeat)
	Camp    bool `json:"camp"`    // a camp line: the variant tells each player their camp (PlayerView.Camp)
	Team    int  `json:"team"`    // teammate lines: the most any seat of this game knows (its own cards left out)
	Results int  `json:"results"` // rows of answers (cardResultLines); more scroll, the newest first
	Tonight int  `json:"tonight"` // rows under tonight's task (cardTonightLines); more scroll
	Acts    bool `json:"acts"`    // room for the card's own controls: the self-reveal (option selfReveal)
}

// cardResultLines and cardTonightLines are the rows of text a held card
// gives its answers and what it says under tonight's task: a night's
// answers of a seat with two checking cards; the task's usual lines (how it
// is decided, whether it may be skipped, the team's picks) at a phone's
// width. The rest scrolls, the newest answer first: the card stays small
// enough for a 360×740 screen.
const (
	cardResultLines  = 2
	cardTonightLines = 4
)

// Announcement is one public result (an event whose TableRole is
// Announce): Type is the event type, Body its public body (*DawnBody,
// *TallyBody, …), Key the table version at which it was announced.
type Announcement struct {
	Key  int    `json:"key"`
	Type string `json:"type"`
	Body Body   `json:"body"`
}

// SeatView is one seat as the table sees it.
type SeatView struct {
	Seat     int        `json:"seat"`
	Alive    bool       `json:"alive"`
	Cards    []CardView `json:"cards,omitempty"` // only where a seat has several cards or hands
	Silenced bool       `json:"silenced,omitempty"`
	Role     string     `json:"role,omitempty"` // public only: a self-revealed killer
	// Nominations left to this seat today (two-hands §9.3), while the
	// nomination turns run.
	Nominations int `json:"nominations,omitempty"`
}

// CardView is one card or hand as the table sees it.
type CardView struct {
	Card  Target `json:"card"`
	Alive bool   `json:"alive"`
}

// Narration is the judge's current line, as a key and its arguments; the
// screens translate it (assets/i18n).
type Narration struct {
	Key    string   `json:"key"`
	Round  int      `json:"round,omitempty"`
	Seat   int      `json:"seat,omitempty"`
	Seats  []Target `json:"seats,omitempty"`
	Winner string   `json:"winner,omitempty"`
}

// revealAll lists every seat's roles.
func revealAll(s *State) []SeatReveal {
	var out []SeatReveal
	for i := range s.Seats {
		r := SeatReveal{Seat: i + 1}
		if c := s.caps.camper; c != nil {
			r.Camp = c.Camp(s, i+1)
		}
		for _, c := range s.Seats[i].Cards {
			r.Roles = append(r.Roles, c.Role)
			r.Alive = append(r.Alive, c.Alive)
		}
		out = append(out, r)
	}
	return out
}

// Timer says which deadline runs now. Key changes whenever a new timer
// starts (it is the version at which it started), so the host's clock knows
// when to re-arm. Seconds 0 means no deadline. The clock sends Command{Do: ActTimeout} when Seconds pass;
// at night it may end the night early once MinSeconds have passed and
// Game.NightComplete() holds (G3.6).
type Timer struct {
	Key        int    `json:"key"`
	Kind       string `json:"kind"` // "night", "last-words", "speech", "pk-speech", "discussion", "vote-call", "vote"
	Seconds    int    `json:"seconds"`
	MinSeconds int    `json:"minSeconds,omitempty"`
	// Think is a countdown shown before a simultaneous ballot (two-hands
	// thinkSeconds, "思考五秒"), included in Seconds.
	Think int `json:"think,omitempty"`
	// Warn is how many seconds before the end the screens warn that the
	// phase is ending (cat-lives-7's night); 0: no warning.
	Warn int `json:"warn,omitempty"`
}

// BallotView is a ballot as the table sees it.
type BallotView struct {
	Index      int        `json:"index"`
	Mode       string     `json:"mode"`
	Candidates []Target   `json:"candidates"`
	Voters     []int      `json:"voters"`
	Weights    []float64  `json:"weights,omitempty"` // votes (tokens, hands) per voter, or with OneVote its vote's weight (1.5), parallel to Voters
	OneVote    bool       `json:"oneVote,omitempty"` // one vote each, worth its weight
	Calling    *Target    `json:"calling,omitempty"`
	Votes      []VoteBody `json:"votes,omitempty"` // open modes: live; simultaneous-open: at the close
	Abstained  []int      `json:"abstained,omitempty"`
	Cast       int        `json:"cast"` // how many voters are done
	Counts     []Count    `json:"counts,omitempty"`
	Closed     bool       `json:"closed"`
	// Open: every vote is shown with its voter as it is cast
	// (sequential-open, tokens, live-weighted); otherwise votes stay
	// hidden until the close.
	Open    bool     `json:"open"`
	Outcome Verdict  `json:"outcome,omitempty"`
	Top     []Target `json:"top,omitempty"`
}

// SeatReveal is a seat's roles at the end.
type SeatReveal struct {
	Seat  int      `json:"seat"`
	Roles []string `json:"roles"`
	Alive []bool   `json:"alive"`
	Camp  string   `json:"camp,omitempty"` // where the variant derives a camp from the cards
}

// Moment is one line of the end-of-game timeline (复盘).
type Moment struct {
	Round  int        `json:"round"`
	Phase  Phase      `json:"phase"` // PhaseNight or PhaseDay
	Kind   MomentKind `json:"kind"`
	Role   string     `json:"role,omitempty"`
	Action string     `json:"action,omitempty"`
	Actors []int      `json:"actors,omitempty"`
	Target *Target    `json:"target,omitempty"`
	Skip   bool       `json:"skip,omitempty"`
	By     string     `json:"by,omitempty"`
	Answer string     `json:"answer,omitempty"`
	Dead   []Target   `json:"dead,omitempty"`
	Counts []Count    `json:"counts,omitempty"`
	// Votes and Abstained: who voted for whom in a tally's ballot, every
	// mode (the timeline is built once everything is public); Abstained
	// is every voter who cast no vote (an abstention, every call let go,
	// the time run out).
	Votes     []VoteBody `json:"votes,omitempty"`
	Abstained []int      `json:"abstained,omitempty"`
	Outcome   Verdict    `json:"outcome,omitempty"`
	Seat      int        `json:"seat,omitempty"`
	Winner    string     `json:"winner,omitempty"`
	// Line is the moment in codes, MomentLine's: the phones say it with
	// their dictionary as the big screen and the saved file do.
	Line Line `json:"line"`
}

// PlayerView is what one seat may know and do now.
type PlayerView struct {
	Seat      int      `json:"seat"`
	Roles     []string `json:"roles"`
	Alive     bool     `json:"alive"`
	Spectator bool     `json:"spectator"`      // dead: public information only (G7)
	Known     []Known  `json:"known"`          // teammates the rules reveal
	Camp      string   `json:"camp,omitempty"` // the player's camp, where cards decide it (Camper)
	Tasks     []Task   `json:"tasks"`
	// Pads is how many night screens the phone shows after this seat's
	// own tasks: private guesses, never sent, so that every phone goes
	// through as many screens as a seat holds cards and a neighbour cannot
	// tell who had a second step (night only; 0 otherwise).
	Pads    int          `json:"pads,omitempty"`
	Results []ResultBody `json:"results"` // this seat's private answers so far
	Huddle  []Pick       `json:"huddle,omitempty"`
	Reveal  []SeatReveal `json:"reveal,omitempty"` // dead players with option deadSeeAll only
	Table   TableView    `json:"table"`
	// Outcome is how the finished game ended for this seat: "won" or
	// "lost" (its camp, or its own stance, against the winner, as the
	// scoreboard counts it: Outcome); "" while the game goes on and when
	// nobody won (a draw, the host ended it).
	Outcome string `json:"outcome,omitempty"`
	// Buzz is the key of the latest cue that calls this seat (cue.go:
	// nightfall for the living, the floor, a ballot it votes in): the
	// phone vibrates when it receives a key it has not acted on. 0: none.
	Buzz int `json:"buzz,omitempty"`
	// Ext is the variant's own private part (viewext.go; cat-lives-7's
	// *CatPlayerView), nil for most variants. In JSON it stands beside
	// these fields under its own key.
	Ext ViewExt `json:"-"`
}

// clearMine zeroes every field of pv but Table (TestClearMine checks that
// none is forgotten).
func (pv *PlayerView) clearMine() {
	pv.Seat, pv.Roles, pv.Alive, pv.Spectator, pv.Known, pv.Camp = 0, nil, false, false, nil, ""
	pv.Tasks, pv.Pads, pv.Results, pv.Huddle, pv.Reveal, pv.Ext = nil, 0, nil, nil, nil, nil
	pv.Outcome, pv.Buzz = "", 0
}

// Task is one thing the seat can do now, with its legal targets.
type Task struct {
	Action   string   `json:"action"` // "sleep", "kill", "check", …, "pass", "vote", "explode", "suspect"
	Step     int      `json:"step"`
	Card     *Target  `json:"card,omitempty"`     // the acting card, or the voting hand
	Count    int      `json:"count,omitempty"`    // votes (tokens) still to place in this ballot
	NoTarget bool     `json:"noTarget,omitempty"` // the action is sent without a target
	Decline  string   `json:"decline,omitempty"`  // the action id that declines it, besides "skip"
	Shared   bool     `json:"shared,omitempty"`   // Team shows other steps' submissions (NightStep.Share)
	Answers  bool     `json:"answers,omitempty"`  // the action brings a private answer (a check)
	Role     string   `json:"role,omitempty"`
	Group    bool     `json:"group,omitempty"`
	Optional bool     `json:"optional,omitempty"` // "skip" allowed
	Abstain  bool     `json:"abstain,omitempty"`  // "abstain" allowed (votes)
	Targets  []Target `json:"targets,omitempty"`
	Waiting  string   `json:"waiting,omitempty"` // an earlier task comes first (G3.4)
	Done     bool     `json:"done"`
	Choice   *Target  `json:"choice,omitempty"`
	Skipped  bool     `json:"skipped,omitempty"`
	// Passed: in sequential-open, this voter let the current call go
	// ("skip" while Optional: "not this one").
	Passed bool   `json:"passed,omitempty"`
	Locked bool   `json:"locked,omitempty"`
	Team   []Pick `json:"team,omitempty"` // teammates' current selections, live (G4)
	// Open: a command may still give or change this task's pick: it is
	// neither waiting nor locked, and not done yet, or done in a group
	// whose pick may change until the group locks (G4).
	Open bool `json:"open,omitempty"`
	// Ballot is the ballot a command of this task names (Command.Ballot),
	// so that the engine refuses it as stale once that ballot has closed:
	// set on the votes of a ballot open in the vote stage.
	Ballot int `json:"ballot,omitempty"`
	// Place is where a phone offers the task (the phone routes by it,
	// never by the action's name).
	Place Place `json:"place,omitempty"`
}

// Place is where a phone offers a task: its main screen for the phase,
// or a control of its own. The engine sets it (finishTasks for the core's
// tasks, a viewer for its variant's), so that the page decides no rule:
// which of a seat's tasks are the night's steps, which hold the floor's
// turn, which are drawn in a panel of their own.
type Place string

const (
	// PlaceMain: the phase's main screen (the default): a step of the
	// night screen; by day the floor's pass, a ballot's vote or a pick on
	// the table (two-hands' nomination).
	PlaceMain Place = ""
	// PlaceCard: a control inside the held card, for this player only
	// (the self-reveal).
	PlaceCard Place = "card"
	// PlaceMark: an add-on to the night's step once it is decided (the
	// police's huddle mark): no screen of its own.
	PlaceMark Place = "mark"
	// PlaceTurn: a decision of the floor's turn, in a panel of its own
	// (werewolf-12's stand window, skill, badge and order turns).
	PlaceTurn Place = "turn"
	// PlaceConfirm: a decision without a target taken in two taps, armed
	// then confirmed, beside the rest of the day (werewolf-12's 退水).
	PlaceConfirm Place = "confirm"
	// PlaceHand: the variant's own hand panel (cat-lives-7's privileges,
	// discard order, stance, withdrawals and "done").
	PlaceHand Place = "hand"
)

// Pick is a teammate's current selection.
type Pick struct {
	Seat   int     `json:"seat"`
	Card   *Target `json:"card,omitempty"` // the teammate's acting card (NightStep.Share)
	Target *Target `json:"target,omitempty"`
	Skip   bool    `json:"skip,omitempty"`
}

// TableView builds the public view.
//
// The view is built once per state version and shared: callers must not
// modify its slices.
func (g *Game) TableView() TableView {
	if g.tableVersion == g.s.Version && g.tableVersion != 0 {
		return g.table
	}
	g.buildTableView(&g.table, nil)
	g.tableVersion = g.s.Version
	return g.table
}

// buildTableView builds the table view into tv, in m (nil: on the heap).
func (g *Game) buildTableView(tv *TableView, m *viewMem) {
	s := &g.s
	*tv = TableView{
		Variant: s.VariantID, Players: s.Players, Version: g.publicCount(), Round: s.Round,
		Phase: s.Phase, LastWordsLeft: max(0, s.Opts.LastWords-s.LastWordsUsed),
	}
	multi := s.caps.cards == 2
	tv.Seats = m.seatList(len(s.Seats))[:len(s.Seats)]
	for i := range s.Seats {
		sv := &tv.Seats[i]
		*sv = SeatView{Seat: i + 1, Alive: s.Seats[i].Alive()}
		if multi {
			sv.Cards = m.cardList(len(s.Seats[i].Cards))
			for j, c := range s.Seats[i].Cards {
				sv.Cards = append(sv.Cards, CardView{Card: Target{Seat: i + 1, Card: j + 1}, Alive: c.Alive})
			}
		}
	}
	for _, x := range g.pub.exploded {
		tv.Seats[x.Seat-1].Role = x.Role
	}
	if g.pub.hasDawn {
		tv.Dawn = m.dawn(g.pub.dawn)
	}
	switch s.Phase {
	case PhaseSetup:
		g.briefingView(tv)
	case PhaseNight:
		tv.Stage = StageNight
		tv.Narration = Narration{Key: "night", Round: s.Round}
		if s.Night.Setup {
			tv.Narration.Key = "setup-night"
		}
		tv.Timer = m.timer(Timer{Key: g.stageKey(), Kind: "night", Seconds: s.Opts.NightMaxSeconds, MinSeconds: s.Opts.NightMinSeconds})
	case PhaseDay:
		g.dayView(tv, m)
	case PhaseOver:
		tv.Stage = StageOver
		why := s.Why
		tv.Winner, tv.Reason, tv.Why = s.Winner, s.Reason, &why
		tv.Narration = Narration{Key: "over", Winner: s.Winner}
		tv.Reveal = revealAll(s)
		tv.Timeline = g.timeline()
		if s.Day != nil {
			tv.Order = s.Day.Order
		}
	}
	tv.Roles = roleIDs[s.VariantID]
	tv.Card = CardShape{Cards: s.caps.cards, Camp: s.caps.camper != nil, Team: g.teamLines(), Results: cardResultLines,
		Tonight: cardTonightLines, Acts: s.Opts.SelfReveal}
	if vw := s.caps.viewer; vw != nil {
		vw.tableView(g, tv)
	}
	g.announcements(tv, m)
	g.tableCues(tv, m)
}

// teamLines is the longest teammate list of any seat now (entries about the
// seat's own cards left out, as the card lists those above): the room every
// card gives its list. It changes only where Known does (State.knows), for
// every seat at once.
func (g *Game) teamLines() int {
	s := &g.s
	n := 0
	for seat := 1; seat <= s.Players; seat++ {
		k := 0
		for _, x := range g.sharedKnown(seat) {
			if x.Target.Seat != seat {
				k++
			}
		}
		n = max(n, k)
	}
	return n
}

// announcements fills in the results the table holds now and how long.
func (g *Game) announcements(tv *TableView, m *viewMem) {
	idx := g.pub.announced(g.s.Phase == PhaseOver)
	if len(idx) == 0 {
		return
	}
	tv.Announce = m.announceList(len(idx))
	for i, h := range idx {
		b := g.log[h.idx].Body
		tv.Announce[i] = Announcement{Key: int(h.key), Type: b.Type(), Body: b}
	}
	tv.Hold = len(idx) * g.s.Opts.AnnounceSeconds
}

// publicCount is the number of public events: the table's version. (The
// log's own length would leak how many secret events happened at night.)
func (g *Game) publicCount() int { return g.pub.count }

// stageKey is the public version of the last event that started a timed
// stage.
func (g *Game) stageKey() int { return g.pub.stageKey }

func (g *Game) dayView(tv *TableView, m *viewMem) {
	s := &g.s
	d := s.Day
	for _, x := range d.Silenced {
		tv.Seats[x-1].Silenced = true
	}
	tv.Order = d.Order
	tv.Tied = d.Tied
	tv.Stage = d.Stage
	if d.Stage == StageSpeech && d.Ballots > 0 { // after a tied ballot: the others speak before the re-vote
		tv.Stage = StageOthersSpeech
	}
	if len(d.Suspects) > 0 {
		tv.Suspects = m.cloneTargets(d.Suspects)
		sortTargets(tv.Suspects)
	}
	if d.Kind == StageNomination && d.Stage == StageNomination {
		for _, x := range d.Queue {
			tv.Seats[x-1].Nominations = g.s.NominationsLeft(x)
		}
	}
	if d.Speaker != 0 {
		tv.Speaker = d.Speaker
		tv.Queue = d.Queue
		if len(d.Queue) > 1 {
			tv.Next = d.Queue[1]
		}
		secs := s.Opts.SpeechSeconds
		switch d.Kind {
		case StageLastWords:
			secs = s.Opts.LastWordsSeconds
		case StagePKSpeech:
			secs = s.Opts.PKSpeechSeconds
		}
		tv.Timer = m.timer(Timer{Key: g.stageKey(), Kind: string(d.Kind), Seconds: secs})
		tv.Narration = Narration{Key: string(d.Kind), Round: s.Round, Seat: d.Speaker}
	}
	if d.Stage == StageDiscussion {
		secs := s.Opts.DiscussionSeconds
		if d.Ballots > 0 { // before a re-vote (v5.0-dual §9.4)
			secs = s.Opts.PKDiscussionSeconds
		}
		tv.Timer = m.timer(Timer{Key: g.stageKey(), Kind: "discussion", Seconds: secs})
		tv.Narration = Narration{Key: "discussion", Round: s.Round}
	}
	if d.Stage == StageImmune {
		if im := g.pub.immune; im != nil && im.Round == s.Round {
			tv.Immune = m.target(im.Hand)
		}
		if tv.Immune != nil {
			tv.Narration = Narration{Key: "immune", Round: s.Round, Seat: tv.Immune.Seat, Seats: m.oneTarget(*tv.Immune)}
		}
	}
	if b := d.Ballot; b != nil {
		bv := m.ballot(BallotView{Index: b.Index, Mode: b.Mode, Candidates: b.Candidates, Voters: b.Voters,
			Weights: b.Weights, OneVote: b.OneVote, Cast: len(b.Votes) + len(b.Abstained), Closed: b.Closed})
		if b.Weights != nil {
			bv.Cast = 0
			for _, v := range b.Voters {
				if b.Voted(v) {
					bv.Cast++
				}
			}
		}
		open := openMode(b.Mode)
		bv.Open = open
		if open {
			bv.Votes = b.Votes
			bv.Abstained = b.Abstained
			bv.Counts = liveCounts(b, m)
		}
		if b.Closed && b.Tally != nil {
			bv.Counts = b.Tally.Counts
			bv.Outcome = b.Tally.Outcome
			bv.Top = b.Tally.Top
			if b.Tally.Votes != nil {
				bv.Votes = b.Tally.Votes
			}
		}
		if !b.Closed {
			if b.Mode == "sequential-open" && b.Call >= 0 {
				c := b.Candidates[b.Call]
				bv.Calling = m.target(c)
				tv.Timer = m.timer(Timer{Key: g.stageKey(), Kind: "vote-call", Seconds: s.Opts.VoteCallSeconds})
				tv.Narration = Narration{Key: "vote-call", Round: s.Round, Seat: c.Seat, Seats: m.oneTarget(c)}
			} else {
				tv.Timer = m.timer(Timer{Key: g.stageKey(), Kind: "vote", Seconds: s.Opts.VoteSeconds})
				if b.Mode == "simultaneous-open" || b.Mode == "secret" {
					tv.Timer.Think = s.Opts.ThinkSeconds
					tv.Timer.Seconds += s.Opts.ThinkSeconds
				}
				tv.Narration = Narration{Key: "vote", Round: s.Round}
			}
		}
		tv.Ballot = bv // the last tally stays visible during run-off speeches and last words
	}
	if tv.Narration.Key == "" {
		tv.Narration = Narration{Key: "day", Round: s.Round}
	}
}

func liveCounts(b *BallotState, m *viewMem) []Count {
	counts := m.countList(len(b.Candidates))
	for i, c := range b.Candidates {
		counts[i].Target = c
		for _, v := range b.Votes {
			if v.Target == c {
				counts[i].Votes++
			}
		}
	}
	return counts
}

// PlayerView builds what seat may see and do now.
func (g *Game) PlayerView(seat int) PlayerView {
	var pv PlayerView
	tv := g.TableView()
	g.playerView(&pv, seat, &tv, nil)
	return pv
}

// SharedPlayerView is PlayerView(seat) built in storage the game keeps and
// reuses: the view and everything it points to are valid only until the
// next SharedPlayerView, Apply or Reset, and must not be modified. It
// allocates nothing once that storage has grown (in a single-role variant):
// for callers that read a view and drop it, such as a table of bots deciding
// a move per view.
func (g *Game) SharedPlayerView(seat int) *PlayerView {
	sh := &g.mem.views
	if sh.tableVersion != g.s.Version || sh.tableVersion == 0 {
		sh.table.reset()
		g.buildTableView(&sh.pv.Table, &sh.table) // in place: the table part is the same for every seat
		sh.tableVersion = g.s.Version
	}
	sh.player.reset()
	g.playerView(&sh.pv, seat, nil, &sh.player)
	return &sh.pv
}

// sharedKnown is seat's Known for the shared views, computed again only
// after an event it may depend on (State.knows).
func (g *Game) sharedKnown(seat int) []Known {
	s, sh := &g.s, &g.mem.views
	if len(sh.known) <= s.Players {
		sh.known = make([][]Known, s.Players+1)
		sh.knownAt = make([]int, s.Players+1)
	}
	if sh.knownAt[seat] != s.knows+1 {
		sh.known[seat] = s.variant.Knows(s, seat, sh.known[seat][:0])
		sh.knownAt[seat] = s.knows + 1
	}
	if len(sh.known[seat]) == 0 {
		return nil // JSON null, as a variant's nil
	}
	return sh.known[seat]
}

// appendResults appends seat's private answers so far to out.
func (g *Game) appendResults(out []ResultBody, seat int) []ResultBody {
	for _, i := range g.pub.results {
		if e := g.log[i]; slices.Contains(e.Audience, seat) {
			out = append(out, *e.Body.(*ResultBody))
		}
	}
	return out
}

// sharedResults is seat's answers for the shared views, listed again only
// when an answer has been given since (answers only add up).
func (g *Game) sharedResults(seat int) []ResultBody {
	sh := &g.mem.views
	if len(sh.results) <= g.s.Players {
		sh.results = make([][]ResultBody, g.s.Players+1)
		sh.resultsAt = make([]int, g.s.Players+1)
	}
	if n := len(g.pub.results) + 1; sh.resultsAt[seat] != n {
		if sh.results[seat] == nil {
			sh.results[seat] = []ResultBody{} // not nil: JSON []
		}
		sh.results[seat] = g.appendResults(sh.results[seat][:0], seat)
		sh.resultsAt[seat] = n
	}
	return sh.results[seat]
}

// playerView builds seat's view into pv, around the table view tv (nil:
// the one pv holds), in m (nil: on the heap).
func (g *Game) playerView(pv *PlayerView, seat int, tv *TableView, m *viewMem) {
	s := &g.s
	if tv != nil {
		*pv = PlayerView{Table: *tv}
	} else {
		pv.clearMine()
	}
	pv.Seat = seat
	if seat < 1 || seat > s.Players {
		return
	}
	pv.Buzz = g.seatBuzz(seat)
	me := s.Seat(seat)
	pv.Alive = me.Alive()
	if len(me.Cards) > 0 {
		pv.Roles = m.strList(len(me.Cards))
	}
	for _, c := range me.Cards {
		pv.Roles = append(pv.Roles, c.Role)
	}
	pv.Spectator = !pv.Alive && s.Phase != PhaseOver && !s.Opts.DeadSeeAll
	if !pv.Alive && s.Phase != PhaseOver && s.Opts.DeadSeeAll {
		// G7 option deadSeeAll: a dead player may watch with every role open.
		pv.Reveal = revealAll(s)
	}
	if m != nil {
		pv.Known = g.sharedKnown(seat)
	} else {
		pv.Known = s.variant.Knows(s, seat, nil)
	}
	if c := s.caps.camper; c != nil {
		pv.Camp = c.Camp(s, seat)
	}
	if s.Phase == PhaseOver && s.Winner != WinnerDraw && s.Winner != WinnerNone {
		pv.Outcome = "lost"
		if s.seatWon(seat) {
			pv.Outcome = "won"
		}
	}
	if m != nil {
		pv.Results = g.sharedResults(seat)
	} else {
		pv.Results = g.appendResults([]ResultBody{}, seat) // not nil: JSON []
	}
	pv.Tasks = m.taskList(8)
	g.seatTasks(pv, m)
	g.finishTasks(pv)
}

// seatTasks appends what pv's seat can do now to pv.Tasks (a variant with a
// view of its own fills in its part of pv too).
func (g *Game) seatTasks(pv *PlayerView, m *viewMem) {
	s := &g.s
	seat := pv.Seat
	if vw := s.caps.viewer; vw != nil {
		vw.playerView(g, pv) // its own tasks
		return
	}
	if !pv.Alive || s.Phase == PhaseOver {
		if s.Phase == PhaseDay && s.Day.Speaker == seat {
			// Whoever holds the floor may end it, alive or not: a dead
			// player's last words end with their own pass.
			pv.Tasks = append(pv.Tasks, Task{Action: ActPass})
		}
		return
	}
	switch s.Phase {
	case PhaseNight:
		g.nightTasks(pv, m)
	case PhaseDay:
		g.dayTasks(pv, m)
	}
}

// finishTasks fills in what the phone shows of pv's tasks and would
// otherwise work out for itself: whether each is open (Task.Open), the
// ballot its commands name (Task.Ballot), where it is offered (Task.Place:
// the core's; a viewer sets its variant's), and the night's padding screens
// (PlayerView.Pads). Each depends only on the seat's own tasks and on
// public facts (the open ballot, how many cards a seat holds).
func (g *Game) finishTasks(pv *PlayerView) {
	s := &g.s
	ballot := 0
	if d := s.Day; s.Phase == PhaseDay && d != nil && d.Stage == StageVote && d.Ballot != nil && !d.Ballot.Closed {
		ballot = d.Ballot.Index
	}
	acts := 0 // the night's own screens: the tasks of the main screen
	for i := range pv.Tasks {
		t := &pv.Tasks[i]
		t.Open = t.Waiting == "" && !t.Locked && (!t.Done || t.Group && !t.NoTarget)
		if t.Action == ActVote {
			t.Ballot = ballot
		}
		switch t.Action {
		case ActExplode:
			t.Place = PlaceCard
		case ActSuspect:
			t.Place = PlaceMark
		}
		if t.Place == PlaceMain {
			acts++
		}
	}
	if s.Phase == PhaseNight && acts > 0 && s.caps.viewer == nil { // a variant with a view of its own has its own screens
		pv.Pads = max(0, max(1, s.caps.cards)-acts)
	}
}

func (g *Game) nightTasks(pv *PlayerView, m *viewMem) {
	s := &g.s
	n := s.Night
	seat := pv.Seat
	if slices.Contains(n.Sleep, seat) {
		pv.Tasks = append(pv.Tasks, Task{Action: ActSleep, Done: slices.Contains(n.Slept, seat)})
	}
	waiting := ""
	var buf [maxNightSteps]*Step
	for _, st := range s.appendTasks(buf[:0], seat) {
		for i, a := range st.Actors {
			if a.Seat != seat {
				continue
			}
			t := Task{Action: st.Action, Step: st.Index, Role: st.Role, Group: st.Group, Optional: !st.Mandatory, Locked: st.Locked,
				NoTarget: st.NoTarget, Decline: st.Decline, Shared: st.Share != "", Answers: st.Answers}
			if a.Card != 0 {
				t.Card = m.target(a)
			}
			sel := st.Sel[i]
			if sel.Has {
				t.Skipped = sel.Skip
				if !sel.Skip {
					t.Choice = m.target(sel.Target)
				}
			}
			t.Done = sel.Has || st.Locked
			if st.Group {
				for j, b := range st.Actors {
					if b.Seat == seat || !st.Sel[j].Has || slices.ContainsFunc(t.Team, func(p Pick) bool { return p.Seat == b.Seat }) {
						continue
					}
					p := Pick{Seat: b.Seat, Skip: st.Sel[j].Skip}
					if !st.Sel[j].Skip {
						p.Target = m.target(st.Sel[j].Target)
					}
					if t.Team == nil {
						t.Team = m.pickList(len(st.Actors))
					}
					t.Team = append(t.Team, p)
				}
			}
			if st.Share != "" {
				t.Team = g.sharedPicks(st, seat, m)
			}
			if !st.Locked && !st.NoTarget {
				t.Targets = g.appendLegalTargets(m.targetList(s.Players*max(1, s.caps.cards)), st, a)
			}
			t.Waiting = waiting
			if !g.seatDone(st, seat) && waiting == "" {
				waiting = st.Action
			}
			if st.Group {
				pv.Tasks = appendUniqueTask(pv.Tasks, t)
			} else {
				pv.Tasks = append(pv.Tasks, t)
			}
		}
	}
	if n.HuddleOpen {
		if check := n.StepByAction("check"); check != nil && slices.Contains(check.Seats(), seat) {
			pv.Tasks = append(pv.Tasks, Task{Action: ActSuspect, Optional: true, Targets: seatList(s.Living()...)})
			var keys []int
			for k := range n.Suspects {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				x := n.Suspects[k]
				pv.Huddle = append(pv.Huddle, Pick{Seat: k, Target: &x})
			}
		}
	}
}

// sharedPicks lists the submissions of the other steps in st's display
// group (NightStep.Share) made by other seats, in step order.
func (g *Game) sharedPicks(st *Step, seat int, m *viewMem) []Pick {
	var out []Pick
	for _, o := range g.s.Night.Steps {
		if o.Share != st.Share || o == st {
			continue
		}
		for j, b := range o.Actors {
			if b.Seat == seat || !o.Sel[j].Has {
				continue
			}
			p := Pick{Seat: b.Seat, Card: m.target(b), Skip: o.Sel[j].Skip}
			if !o.Sel[j].Skip {
				p.Target = m.target(o.Sel[j].Target)
			}
			if out == nil {
				out = m.pickList(len(o.Actors))
			}
			out = append(out, p)
		}
	}
	return out
}

// appendUniqueTask keeps one task per group step for a seat holding two
// member cards.
func appendUniqueTask(ts []Task, t Task) []Task {
	for _, u := range ts {
		if u.Step == t.Step && u.Action == t.Action && u.Group {
			return ts
		}
	}
	return append(ts, t)
}

func (g *Game) dayTasks(pv *PlayerView, m *viewMem) {
	s := &g.s
	d := s.Day
	seat := pv.Seat
	if d.Speaker == seat && d.Kind == StageNomination {
		if left := g.s.NominationsLeft(seat); left > 0 {
			t := Task{Action: ActNominate, Count: left, Targets: m.targetList(len(s.Seats) * 2)}
			for i, c := range s.Seats {
				for j, card := range c.Cards {
					h := Target{Seat: i + 1, Card: j + 1}
					if card.Alive && !slices.Contains(d.Suspects, h) {
						t.Targets = append(t.Targets, h)
					}
				}
			}
			pv.Tasks = append(pv.Tasks, t)
		}
	}
	if d.Speaker == seat {
		pv.Tasks = append(pv.Tasks, Task{Action: ActPass})
	}
	if b := d.Ballot; b != nil && !b.Closed && d.Stage == StageVote && slices.Contains(b.Voters, seat) {
		pv.Tasks = g.appendVoteTasks(pv.Tasks, b, seat, m)
	}
	if s.Opts.SelfReveal && s.Role(seat) == "killer" {
		pv.Tasks = append(pv.Tasks, Task{Action: ActExplode})
	}
}

// appendVoteTasks appends seat's part of ballot b to tasks: one task (with
// Count for the tokens left where a voter has several votes), or one per
// living hand where votes are cast per hand (Balloter.VotesByHand).
func (g *Game) appendVoteTasks(tasks []Task, b *BallotState, seat int, m *viewMem) []Task {
	s := &g.s
	var targets []Target
	if !b.Voted(seat) {
		targets = m.targetList(len(b.Candidates))
		from := 0
		if b.Mode == "sequential-open" {
			from = max(b.Call, 0)
		}
		for _, c := range b.Candidates[from:] {
			if !s.Opts.SelfVote && c.Seat == seat {
				continue
			}
			targets = append(targets, c)
		}
		sortTargets(targets)
	}
	abstained := slices.Contains(b.Abstained, seat)
	if bl := g.balloter(); bl != nil && bl.VotesByHand() {
		for j, c := range s.Seat(seat).Cards {
			if !c.Alive {
				continue
			}
			h := Target{Seat: seat, Card: j + 1}
			t := Task{Action: ActVote, Card: m.target(h), Abstain: s.Opts.Abstain, Skipped: abstained}
			for _, v := range b.Votes {
				if v.Hand != nil && *v.Hand == h {
					t.Choice = m.target(v.Target)
				}
			}
			t.Done = t.Choice != nil || abstained
			if !t.Done {
				t.Targets = targets
			}
			tasks = append(tasks, t)
		}
		return tasks
	}
	t := Task{Action: ActVote, Abstain: s.Opts.Abstain, Done: b.Voted(seat), Skipped: abstained}
	if b.Mode == "sequential-open" && b.Call >= 0 && !t.Done {
		t.Passed = slices.Contains(b.Passed, seat)
		t.Optional = !t.Passed
	}
	var choice *Target
	for i := range b.Votes {
		if b.Votes[i].Seat == seat {
			choice = &b.Votes[i].Target
		}
	}
	if choice != nil {
		t.Choice = m.target(*choice)
	}
	if b.Weights != nil && !b.OneVote && !t.Done {
		t.Count = int(b.Weight(seat)) - b.Cast(seat)
	}
	if !t.Done {
		t.Targets = targets
	}
	return append(tasks, t)
}

// noVote is every voter of a ballot who cast no vote, in seat order: who
// abstained, and who let every call go by or let the time run out (the
// 复盘 lists them all as not voting).
func noVote(voters []int, votes []VoteBody, abstained []int) []int {
	out := slices.Clone(abstained)
	for _, v := range voters {
		if slices.Contains(out, v) || slices.ContainsFunc(votes, func(x VoteBody) bool { return x.Seat == v }) {
			continue
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

// timeline turns the log into the end-of-game story (复盘). Called only
// once the game is over, when every event is public.
func (g *Game) timeline() []Moment {
	var out []Moment
	round, phase := 0, PhaseNight
	var steps []*Step
	var votes []VoteBody
	var abstained, voters []int
	for _, e := range g.log {
		switch b := e.Body.(type) {
		case *BallotBody:
			votes, abstained, voters = nil, nil, b.Voters
		case *VoteBody:
			votes = append(votes, *b)
		case *AbstainBody:
			abstained = append(abstained, b.Seat)
		case *NightBody:
			round, phase = b.Round, PhaseNight
			steps = nil
		case *LockBody:
			m := Moment{Round: round, Phase: phase, Kind: MomentAction, Action: b.Action, Target: b.Target, Skip: b.Skip, By: b.By}
			if steps == nil {
				steps = g.stepsOfRound(round)
			}
			if b.Step < len(steps) {
				m.Role = steps[b.Step].Role
				for _, a := range steps[b.Step].Actors {
					if !slices.Contains(m.Actors, a.Seat) {
						m.Actors = append(m.Actors, a.Seat)
					}
				}
			}
			out = append(out, m)
		case *ResultBody:
			t := b.Target
			out = append(out, Moment{Round: round, Phase: phase, Kind: MomentResult, Action: b.Action, Target: &t, Answer: b.Answer})
		case *DawnBody:
			// the night's dead, said at its end; werewolf-12 says them
			// after the day's election: a line of that day then (the
			// 复盘 reads night 1, day 1, not night 1, day 1, night 1, day 1)
			dawn := PhaseNight
			if n := len(out); n > 0 && out[n-1].Round == round && out[n-1].Phase == PhaseDay {
				dawn = PhaseDay
			}
			phase = PhaseDay
			out = append(out, Moment{Round: round, Phase: dawn, Kind: MomentDawn, Dead: b.Dead})
		case *TallyBody:
			out = append(out, Moment{Round: round, Phase: phase, Kind: MomentTally, Counts: b.Counts, Outcome: b.Outcome,
				Votes: votes, Abstained: noVote(voters, votes, abstained)})
			votes, abstained, voters = nil, nil, nil
		case *ExecutedBody:
			out = append(out, Moment{Round: round, Phase: phase, Kind: MomentExecuted, Seat: b.Seat, Target: b.Hand, By: b.By})
		case *ImmuneBody:
			h := b.Hand
			out = append(out, Moment{Round: round, Phase: phase, Kind: MomentImmune, Seat: h.Seat, Target: &h, By: b.By, Role: b.Role})
		case *ExplodedBody:
			out = append(out, Moment{Round: round, Phase: phase, Kind: MomentExploded, Seat: b.Seat, Role: b.Role})
		case *GameOverBody:
			out = append(out, Moment{Round: round, Phase: phase, Kind: MomentOver, Winner: b.Winner})
		case momenter: // a variant's own event
			if m, ok := b.moment(); ok {
				m.Round = round
				if m.Phase == "" {
					m.Phase = phase
				}
				out = append(out, m)
			}
		}
	}
	for i := range out {
		out[i].Line = MomentLine(g.s.VariantID, out[i])
	}
	return out
}

// momenter is a variant's own event that is a line of the timeline (its
// round is the timeline's, its phase too unless it names one).
type momenter interface{ moment() (Moment, bool) }

// stepsOfRound rebuilds the night steps of a past round by replaying the log
// up to that nightfall (only used for the end-of-game timeline).
func (g *Game) stepsOfRound(round int) []*Step {
	r, err := New(g.setup)
	if err != nil {
		return nil
	}
	if n := r.s.Night; n != nil && n.Round == round && !n.Setup {
		return n.Steps // the first night falls in New
	}
	for _, e := range g.log[len(r.log):] {
		b := r.s.apply(e.Body)
		r.log = append(r.log, Event{Seq: e.Seq, Audience: e.Audience, Body: b})
		if nb, ok := b.(*NightBody); ok && nb.Round == round {
			return r.s.Night.Steps
		}
	}
	return nil
}

// UnmarshalJSON reads an announcement back with the body of its type (for
// clients and tests that decode views).
func (a *Announcement) UnmarshalJSON(data []byte) error {
	var env struct {
		Key  int             `json:"key"`
		Type string          `json:"type"`
		Body json.RawMessage `json:"body"`
	}
	if err := json.Unmarshal(data, &env); err != nil {
		return err
	}
	b, err := decodeBody(env.Type, env.Body)
	if err != nil {
		return fmt.Errorf("announcement: %v", err)
	}
	a.Key, a.Type, a.Body = env.Key, env.Type, b
	return nil
}
