package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Setup is everything a game starts from. With the same Setup the engine
// deals and plays identically (G17).
type Setup struct {
	Variant string          `json:"variant"`
	Players int             `json:"players"`
	Seed    uint64          `json:"seed"`
	Options json.RawMessage `json:"options,omitempty"`
	Deal    [][]string      `json:"deal,omitempty"`
	// Briefing holds the first night back for the table's briefing
	// (PhaseSetup, TableView.Briefing) until the host begins (Command{Do:
	// "skip"}) or BriefingSeconds pass ("timeout"); then the game goes on
	// exactly as one without it, with the same events. Not part of a
	// script: a script plays without the briefing.
	Briefing bool `json:"-"`
}

// BriefingSeconds is how long the briefing holds the first night back when
// the host does not begin it sooner.
const BriefingSeconds = 30

// Command is a player's intent (or the clock's: Do "timeout").
type Command struct {
	Seat   int     `json:"seat,omitempty"`
	Do     string  `json:"do"`
	Target *Target `json:"target,omitempty"`
	// Card names the acting card when a seat holds two cards that could act,
	// or the voting hand where votes are cast per hand (two-hands; a script
	// may call this field "hand").
	Card *Target `json:"card,omitempty"`
	// Args are the variant's own arguments (args.go: cat-lives-7's
	// CatArgs), nil for most commands. In a script's step and a phone's
	// frame they stand flat beside the fields above (DecodeArgs,
	// MarshalCommand), so they take no JSON name here.
	Args Args `json:"-"`
	// Round and Ballot say which view a phone's command was made from: the
	// round its table showed, and the ballot (BallotView.Index) it voted in.
	// 0 means "now" (scripts, the host). A command made from an older view
	// (a vote queued in ballot 1 and resent when ballot 2 is open) is
	// refused as stale (Rejection.Stale), so that a phone that lost
	// its connection never acts on what it no longer sees.
	Round  int `json:"round,omitempty"`
	Ballot int `json:"ballot,omitempty"`
}

// SetupError is a setup that cannot start a game; Field names what is wrong.
type SetupError struct {
	Field string
	Msg   string
}

func (e *SetupError) Error() string { return fmt.Sprintf("%s: %s", e.Field, e.Msg) }

// Game is one game: its state and its event log.
type Game struct {
	s     State
	log   []Event
	setup Setup
	solo  [][]int // solo[seat] = []int{seat}, shared audiences (never modified)
	pub   public  // what the table view reads from the log, kept as events are logged
	mem   *store  // where the frequent event bodies live (shared with s)

	// The table view of the current version, built once: every seat's
	// PlayerView embeds it, and at the end it carries the timeline.
	table        TableView
	tableVersion int
}

// public is the table view's digest of the log, updated by record so that a
// view costs no walk over the whole log.
type public struct {
	count    int      // public events: the table's version
	stageKey int      // public version of the last event that started a timed stage
	dawn     DawnBody // the latest dawn, if hasDawn
	hasDawn  bool
	exploded []ExplodedBody
	immune   *ImmuneBody // the latest immunity
	results  []int       // log indexes of the private answers (ResultBody)

	// Announcements (tableRoleOf): the log indexes of the results
	// announced since the last stage started (pending), and of those the
	// current stage opened with (shown). A stage takes the pending ones; a
	// stage that starts right after another (speeches → turn, ballot →
	// call) keeps what the first took. Fixed arrays: recording allocates
	// nothing.
	pending, shown   [maxHeld]held
	npending, nshown int
	afterStage       bool // the last public event started a stage

	cues cues // the running stage's cues and each seat's vibration (cue.go)
}

// held is an announcement: its log index and the table version it made.
type held struct{ idx, key int32 }

// maxHeld bounds the announcements one stage opens with (a day's tally,
// execution and the game's end are three; more are dropped from the hold).
const maxHeld = 6

// announced returns the log indexes of the results the table holds now:
// those the current stage opened with or, once the game is over, those
// since the last stage.
func (p *public) announced(over bool) []held {
	if over {
		return p.pending[:p.npending]
	}
	return p.shown[:p.nshown]
}

// record appends e to the log and updates the public digest.
func (g *Game) record(e Event) {
	g.log = append(g.log, e)
	if e.Audience != nil {
		if _, ok := e.Body.(*ResultBody); ok {
			if g.pub.results == nil {
				g.pub.results = g.mem.ints.buf(16)
			}
			g.pub.results = append(g.pub.results, len(g.log)-1)
		}
		return
	}
	g.pub.digest(e.Body, len(g.log)-1)
	g.pub.cues.cue(e.Body, g.pub.count, &g.s)
}

// digest takes the public event b, logged at index idx, into the table's
// digest. Its one type switch follows tableRoleOf's classes (the stage
// starters, the announcements, the rest; TestDigestFollowsTableRoles checks
// every event type) and does what the few types it names need besides.
func (p *public) digest(b Body, idx int) {
	p.count++
	switch b := b.(type) {
	case *NightBody, *SpeechesBody, *TurnBody, *BallotBody, *CallBody: // TableStage
		p.stage()
	case *DawnBody:
		p.announce(idx)
		p.dawn, p.hasDawn = *b, true
	case *ExplodedBody:
		p.announce(idx)
		p.exploded = append(p.exploded, *b)
	case *ImmuneBody:
		p.announce(idx)
		p.immune = b
	case *AnnounceBody, *TallyBody, *ExecutedBody, *RedealBody, *GameOverBody: // the other TableAnnounce
		p.announce(idx)
	case *TurnEndBody:
		// A silenced speaker's turn ends by itself (v4.0 R10) in the same
		// step as the turn it skips: the next turn opens the same stage,
		// and the results it opened with are still to be held.
		if b.By != "silenced" {
			p.afterStage = false
		}
	default: // TableLive, TablePrivate, and a variant's own events (tableRoler)
		switch tableRoleOf(b) {
		case TableStage:
			p.stage()
		case TableAnnounce:
			p.announce(idx)
		default:
			p.afterStage = false
		}
	}
}

// stage starts a stage: it takes the announcements pending, unless it
// follows another stage at once.
func (p *public) stage() {
	if !p.afterStage {
		p.shown, p.nshown, p.npending = p.pending, p.npending, 0
	}
	p.afterStage = true
	p.stageKey = p.count
}

// announce holds the announcement logged at idx.
func (p *public) announce(idx int) {
	if p.npending < maxHeld {
		p.pending[p.npending] = held{int32(idx), int32(p.count)}
		p.npending++
	}
	p.afterStage = false
}

// only is the audience of one seat.
func (g *Game) only(seat int) []int { return g.solo[seat] }

// New deals a game and lets the first night fall.
func New(setup Setup) (*Game, error) { return newGame(nil, setup, nil, nil) }

// Reset starts a new game in g from setup, reusing g's storage: for
// simulations that play many games in a row. Events and views obtained from
// g before must not be used afterwards. On error g holds no game: it must be
// Reset again before use.
func (g *Game) Reset(setup Setup) error {
	clear(g.log) // let the old bodies go
	mem := g.mem
	if mem != nil {
		mem.reset()
	}
	log := g.log[:0]
	if _, err := newGame(g, setup, log, mem); err != nil {
		*g = Game{log: log, mem: mem}
		return err
	}
	return nil
}

// newGame starts a game in g (a new one if g is nil) on the given storage.
func newGame(g *Game, setup Setup, log []Event, mem *store) (*Game, error) {
	v, ok := Lookup(setup.Variant)
	if !ok {
		return nil, &SetupError{"variant", fmt.Sprintf("unknown variant %q (known: %v)", setup.Variant, VariantIDs())}
	}
	in := v.Info()
	if setup.Players < in.MinPlayers || setup.Players > in.MaxPlayers {
		return nil, &SetupError{"players", fmt.Sprintf("%s is for %d to %d players, not %d", in.ID, in.MinPlayers, in.MaxPlayers, setup.Players)}
	}
	// A game logs a few dozen events per seat; one allocation of that size
	// keeps the log from regrowing in most games.
	if cap(log) < 24*setup.Players {
		log = make([]Event, 0, 24*setup.Players)
	}
	if mem == nil {
		mem = new(store)
	}
	if g == nil {
		g = new(Game)
	}
	*g = Game{setup: setup, log: log, mem: mem}
	g.s.mem = mem
	g.solo = mem.lists.take(setup.Players + 1)
	seats := mem.ints.take(setup.Players + 1)
	for i := 1; i <= setup.Players; i++ {
		seats[i] = i
		g.solo[i] = seats[i : i+1 : i+1]
	}
	s := &g.s
	s.setVariant(v)
	s.VariantID = in.ID
	s.Players = setup.Players
	s.Seed = setup.Seed
	s.RNG = mem.pcg.put(rand.PCG{})
	s.RNG.Seed(setup.Seed, setup.Seed^0x9e3779b97f4a7c15)
	s.Seats = mem.seats.take(setup.Players)
	s.Phase = PhaseSetup

	// The options first, from the deck in deck order: a deal's validity may
	// depend on them (v5.0-dual forbiddenPairs); they are computed again
	// from the deal below.
	deck := mem.deckFor(v, in.ID, setup.Players)
	all := mem.cardsOf(deck) // one allocation for every seat
	for i, k := 0, in.CardsPerSeat; i < len(s.Seats); i++ {
		s.Seats[i].Cards = all[i*k : (i+1)*k : (i+1)*k]
	}
	s.Opts, s.ownOpts = defaults(v, s), ownDefaults(s.caps.own)
	if err := applyOptions(&s.Opts, &s.ownOpts, setup.Options, in.Options); err != nil {
		return nil, &SetupError{"options", err.Error()}
	}

	var hands [][]string
	var void []Why
	var after []Body // a dealer's hidden bookkeeping, emitted after the deal
	var err error
	if d, ok := v.(dealer); ok {
		hands, after, err = d.dealHands(s, setup, rand.New(s.RNG))
	} else {
		hands, void, err = g.deal(v, setup, deck)
	}
	if err != nil {
		return nil, err
	}
	for i := range hands {
		s.Seats[i].Cards = mem.cardsOf(hands[i])
	}
	s.Opts, s.ownOpts = defaults(v, s), ownDefaults(s.caps.own)
	if err := applyOptions(&s.Opts, &s.ownOpts, setup.Options, in.Options); err != nil {
		return nil, &SetupError{"options", err.Error()}
	}
	// The seats are filled again by the deal events, so that the log alone
	// rebuilds them.
	for i := range s.Seats {
		s.Seats[i].Cards = nil
	}
	for _, why := range void {
		g.emit(&RedealBody{Reason: why.Sentence(), Why: why}, nil)
	}
	camper, _ := v.(Camper)
	var camps []string
	if camper != nil { // each phone shows its camp (two-hands §2 step 4)
		for i, h := range hands {
			s.Seats[i].Cards = mem.cardsOf(h)
		}
		for i := range hands {
			camps = append(camps, camper.Camp(s, i+1))
		}
		for i := range s.Seats {
			s.Seats[i].Cards = nil
		}
	}
	for i, h := range hands {
		d := DealBody{Seat: i + 1, Roles: h}
		if camps != nil {
			d.Camp = camps[i]
		}
		g.emit(g.mem.deal.put(d), g.only(i+1))
	}
	for _, b := range after {
		g.emit(b, nobody)
	}
	if !setup.Briefing {
		g.firstNight()
	}
	return g, nil
}

// firstNight lets the first night fall after the deal: the variant's setup
// night, or night 1.
func (g *Game) firstNight() {
	s := &g.s
	if sn := s.caps.setupNighter; sn != nil {
		if _, setup := sn.SetupSteps(s); setup {
			g.emit(&NightBody{Round: 0, Setup: true}, nil)
			return
		}
	}
	g.startNight()
}

// Briefing reports whether the game holds its first night back for the
// table's briefing (Setup.Briefing, until the host begins or time runs out).
func (g *Game) Briefing() bool { return g.s.Phase == PhaseSetup }

// briefingKey is the briefing timer's key: no public event has happened
// yet, and every later stage has a key of its own above 0.
const briefingKey = -1

// deal returns each seat's roles: the script's deal, checked, or a seeded
// shuffle of the variant's deck redealt until the variant accepts it; void
// lists why each rejected shuffle was void (public: the table sees a deal
// voided, and a void deal tells nothing about the next shuffle).
func (g *Game) deal(v Variant, setup Setup, deck []string) (hands [][]string, void []Why, err error) {
	in := v.Info()
	k := in.CardsPerSeat
	s := &g.s
	if setup.Deal != nil {
		if len(setup.Deal) != setup.Players {
			return nil, nil, &SetupError{"deal", fmt.Sprintf("has %d seats, the game has %d players", len(setup.Deal), setup.Players)}
		}
		var got []string
		for i, h := range setup.Deal {
			if len(h) != k {
				return nil, nil, &SetupError{fmt.Sprintf("deal[%d]", i), fmt.Sprintf("seat %d needs %d role id(s), got %d", i+1, k, len(h))}
			}
			for _, r := range h {
				if !hasRole(in, r) {
					return nil, nil, &SetupError{fmt.Sprintf("deal[%d]", i), fmt.Sprintf("unknown role %q for %s", r, in.ID)}
				}
			}
			got = append(got, h...)
		}
		want := slices.Clone(deck)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return nil, nil, &SetupError{"deal", fmt.Sprintf("does not fit %s for %d players: the deck is %s", in.ID, setup.Players, deckString(deck))}
		}
		hands := make([][]string, len(setup.Deal))
		for i, h := range setup.Deal {
			hands[i] = slices.Clone(h)
			s.Seats[i].Cards = g.mem.cardsOf(h)
		}
		if err := v.DealOK(s); err != nil {
			return nil, nil, &SetupError{"deal", err.Error()}
		}
		return hands, nil, nil
	}
	r := rand.New(s.RNG)
	for try := 0; ; try++ {
		cards := g.mem.strs.clone(deck)
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		hands := g.mem.hands.take(setup.Players)
		for i := range hands {
			hands[i] = cards[i*k : (i+1)*k : (i+1)*k]
			s.Seats[i].Cards = g.mem.cardsOf(hands[i])
		}
		err := v.DealOK(s)
		if err == nil {
			return hands, void, nil
		}
		void = append(void, voidWhy(err))
		if try > 100000 {
			return nil, nil, &SetupError{"deal", "no valid deal found"}
		}
	}
}

// defaults are v's default options, with the core's own where v leaves
// them unset.
func defaults(v Variant, s *State) Options {
	o := v.Defaults(s)
	if o.AnnounceSeconds == 0 {
		o.AnnounceSeconds = DefaultAnnounceSeconds
	}
	return o
}

func hasRole(in VariantInfo, r string) bool {
	for _, ri := range in.Roles {
		if ri.ID == r {
			return true
		}
	}
	return false
}

func deckString(deck []string) string {
	var b bytes.Buffer
	for i, rc := range RoleCounts(deck) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d %s", rc.Count, rc.Role)
	}
	return b.String()
}

// emit applies an event and appends it to the log.
func (g *Game) emit(b Body, audience []int) {
	b = g.s.apply(b)
	g.record(Event{Seq: len(g.log) + 1, Audience: audience, Body: b})
}

// gameOver ends the game. Where the variant derives camps from the cards
// (Camper), the event lists the winning seats: players win with their camp,
// alive or dead (v5.0-dual §11, two-hands §11).
func (g *Game) gameOver(winner string, why Why) {
	e := g.mem.over.put(GameOverBody{Winner: winner, Reason: why.Sentence(), Why: why})
	if c := g.s.caps.camper; c != nil {
		for seat := 1; seat <= g.s.Players; seat++ {
			if c.Camp(&g.s, seat) == winner {
				e.Winners = append(e.Winners, seat)
			}
		}
	}
	g.emit(e, nil)
}

// Mark implements Emitter for variants.
func (g *Game) Mark(t Target, key string, value int) {
	g.emit(g.mem.mark.put(MarkBody{Target: t, Key: key, Value: value}), nobody)
}

// Apply runs a command. On success it returns the events it produced; on
// refusal a *Rejection and no change at all.
func (g *Game) Apply(cmd Command) ([]Event, error) {
	start := len(g.log)
	if err := g.apply(&cmd); err != nil {
		if len(g.log) != start {
			panic(fmt.Sprintf("game: command %+v rejected after emitting events", cmd))
		}
		return nil, err
	}
	return g.log[start:len(g.log):len(g.log)], nil
}

func (g *Game) apply(cmd *Command) error {
	s := &g.s
	if s.Phase == PhaseOver {
		return refuse(RefuseGameOver)
	}
	if cmd.Do == "" {
		return refuse(RefuseNoAction)
	}
	if cmd.Do == ActEnd && cmd.Seat == 0 {
		g.emit(&HostBody{Action: ActEnd}, nil)
		why := Why{Code: ReasonHost}
		g.emit(&GameOverBody{Winner: WinnerNone, Reason: why.Sentence(), Why: why}, nil)
		return nil
	}
	if cmd.Do == ActTimeout && cmd.Seat != 0 {
		return refuse(RefuseDeadline)
	}
	if err := argsCheck(cmd); err != nil {
		return err
	}
	if err := g.stale(cmd); err != nil {
		return err
	}
	if s.Phase == PhaseSetup { // the briefing: the host begins, or its time is up
		if cmd.Seat == 0 && (cmd.Do == ActSkip || cmd.Do == ActTimeout) {
			g.firstNight()
			return nil
		}
		return refuse(RefuseBriefing)
	}
	if cmd.Do == ActSkip && cmd.Seat == 0 {
		return g.hostSkip()
	}
	if cmd.Do != ActTimeout {
		if cmd.Seat < 1 || cmd.Seat > s.Players {
			return &Rejection{Code: RefuseNoSeat, Seat: cmd.Seat, N: s.Players}
		}
	}
	if t := cmd.Target; t != nil {
		if t.Seat < 1 || t.Seat > s.Players {
			return &Rejection{Code: RefuseNoSeat, Seat: t.Seat, N: s.Players}
		}
		if t.Card > len(s.Seats[t.Seat-1].Cards) {
			return refuseTarget(RefuseNoCard, *t) // a copy: the command stays the caller's
		}
	}
	if c := s.caps.commander; c != nil && (s.Phase == PhaseNight || s.Phase == PhaseDay) && cmd.Do != ActTimeout {
		if handled, err := c.command(g, *cmd); handled {
			return err
		}
	}
	if pr := s.caps.runner; pr != nil && (s.Phase == PhaseNight || s.Phase == PhaseDay) {
		return pr.command(g, *cmd)
	}
	switch s.Phase {
	case PhaseNight:
		return g.nightCommand(cmd)
	case PhaseDay:
		return g.dayCommand(cmd)
	}
	return refuse(RefuseNothingNow)
}

// stale refuses a command made from a view that is gone: another round, or
// another ballot than the one open now.
func (g *Game) stale(cmd *Command) error {
	s := &g.s
	if cmd.Round != 0 && cmd.Round != s.Round {
		if cmd.Ballot != 0 {
			return &Rejection{Code: RefuseStaleVoteRound, Ballot: cmd.Ballot, Round: cmd.Round, Now: s.Round}
		}
		return &Rejection{Code: RefuseStaleRound, Round: cmd.Round, Now: s.Round}
	}
	if cmd.Ballot == 0 {
		return nil
	}
	open := 0
	if s.Phase == PhaseDay && s.Day.Ballot != nil && !s.Day.Ballot.Closed {
		open = s.Day.Ballot.Index
	}
	switch {
	case open == 0:
		return &Rejection{Code: RefuseStaleClosed, Ballot: cmd.Ballot}
	case open != cmd.Ballot:
		return &Rejection{Code: RefuseStaleBallot, Ballot: cmd.Ballot, Open: open}
	}
	return nil
}

// hostSkip is the host's "skip this speaker" (an absent player): the turn
// ends as if the speaker had passed, logged with by "host". In a free
// discussion it ends the discussion.
func (g *Game) hostSkip() error {
	s := &g.s
	if s.Phase != PhaseDay {
		return refuse(RefuseNobodySpeaks)
	}
	if s.caps.runner != nil {
		if s.Day.Speaker == 0 && s.Day.Stage != StageDiscussion {
			return refuse(RefuseNobodySpeaks)
		}
		return g.apply(&Command{Do: ActTimeout})
	}
	switch {
	case s.Day.Speaker != 0:
		g.endTurn("host")
	case s.Day.Stage == StageDiscussion:
		g.stageDone()
	default:
		return refuse(RefuseNobodySpeaks)
	}
	return nil
}

// Events is the whole log so far (do not modify).
func (g *Game) Events() []Event { return g.log }

// Setup is what the game started from.
func (g *Game) Setup() Setup { return g.setup }

// State exposes the state for read-only inspection by tests and tools.
// Nothing outside the engine may send it to a player: use the views.
func (g *Game) State() *State { return &g.s }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.s.Phase == PhaseOver }

// Variant returns the game's variant.
func (g *Game) Variant() Variant { return g.s.variant }

// Replay rebuilds a game from its setup and its log: the state is the fold
// of the events. It fails if the log does not start with what the setup
// deals, or if it names an event the state cannot take.
func Replay(setup Setup, events []Event) (g *Game, err error) {
	g, err = New(setup)
	if err != nil {
		return nil, err
	}
	n := len(g.log)
	if len(events) < n && !setup.Briefing {
		// a log that stops before the first night: the game was held for
		// its briefing (the deal without the night's events)
		setup.Briefing = true
		return Replay(setup, events)
	}
	if len(events) < n {
		return nil, fmt.Errorf("the log has %d events, fewer than the %d the deal makes", len(events), n)
	}
	for i := 0; i < n; i++ {
		a, _ := json.Marshal(g.log[i])
		b, _ := json.Marshal(events[i])
		if !bytes.Equal(a, b) {
			return nil, fmt.Errorf("event %d does not match the setup: log has %s, the setup gives %s", i+1, b, a)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("event %d cannot be applied: %v", len(g.log)+1, r)
		}
	}()
	for _, e := range events[n:] {
		if e.Seq != len(g.log)+1 {
			return nil, fmt.Errorf("event sequence broken at %d (found seq %d)", len(g.log)+1, e.Seq)
		}
		b := g.s.apply(e.Body)
		g.record(Event{Seq: e.Seq, Audience: e.Audience, Body: b})
	}
	return g, nil
}
