package game

import "math/rand/v2"

// store is a game's storage for what it makes most often: event bodies (a
// classic game logs some 200 events), the targets they point to, and the
// slices and structs the state builds each night and day. It hands out
// pointers and slices from a few chunks per type instead of one heap
// allocation each, which is what lets a simulation play tens of thousands
// of games a second.
//
// Within a game, what the store hands out behaves like fresh memory: nothing
// is ever handed out twice, and a chunk never moves. Game.Reset starts a new
// game on the same chunks, which is why events, views and state taken from a
// game must not be used after its Reset.
type store struct {
	// event bodies
	turn     slab[TurnBody]
	turnEnd  slab[TurnEndBody]
	vote     slab[VoteBody]
	abstain  slab[AbstainBody]
	act      slab[ActBody]
	lock     slab[LockBody]
	sleep    slab[SleepBody]
	result   slab[ResultBody]
	speeches slab[SpeechesBody]
	ballot   slab[BallotBody]
	call     slab[CallBody]
	tally    slab[TallyBody]
	executed slab[ExecutedBody]
	night    slab[NightBody]
	dawn     slab[DawnBody]
	deal     slab[DealBody]
	mark     slab[MarkBody]
	over     slab[GameOverBody]

	// what they hold and what the state builds from them (vote above also
	// holds the ballot's and the tally's lists of votes)
	target  slab[Target]
	ints    slab[int]
	strs    slab[string]
	cards   slab[CardState]
	counts  slab[Count]
	sels    slab[Selection]
	steps   slab[Step]
	stepPtr slab[*Step]
	nights  slab[NightState]
	days    slab[DayState]
	ballots slab[BallotState]
	seats   slab[SeatState]
	lists   slab[[]int]
	hands   slab[[]string]
	pcg     slab[rand.PCG]

	nightSteps slab[NightStep]

	// the game's shared views (Game.SharedPlayerView), kept from game to
	// game like the rest
	views sharedViews

	// the last deck made, for the next game of the same variant and size
	deckOf   string
	deckSize int
	deck     []string
}

// deckFor is v's deck for n players (do not modify: it is kept for the next
// game).
func (m *store) deckFor(v Variant, id string, n int) []string {
	if m.deck == nil || m.deckOf != id || m.deckSize != n {
		m.deck, m.deckOf, m.deckSize = v.Deck(n), id, n
	}
	return m.deck
}

// cardsOf makes a living card of each role.
func (m *store) cardsOf(roles []string) []CardState {
	cs := m.cards.take(len(roles))
	for i, r := range roles {
		cs[i] = CardState{Role: r, Alive: true}
	}
	return cs
}

func (m *store) reset() {
	m.turn.reset()
	m.turnEnd.reset()
	m.vote.reset()
	m.abstain.reset()
	m.act.reset()
	m.lock.reset()
	m.sleep.reset()
	m.result.reset()
	m.speeches.reset()
	m.ballot.reset()
	m.call.reset()
	m.tally.reset()
	m.executed.reset()
	m.night.reset()
	m.dawn.reset()
	m.deal.reset()
	m.mark.reset()
	m.target.reset()
	m.ints.reset()
	m.strs.reset()
	m.cards.reset()
	m.counts.reset()
	m.sels.reset()
	m.steps.reset()
	m.stepPtr.reset()
	m.nights.reset()
	m.days.reset()
	m.ballots.reset()
	m.seats.reset()
	m.lists.reset()
	m.hands.reset()
	m.pcg.reset()
	m.over.reset()
	m.nightSteps.reset()
	m.views.tableVersion = 0 // versions start again
	clear(m.views.knownAt)
	clear(m.views.resultsAt)
}

// slab hands out values and slices of T from chunks that never move. reset
// makes every chunk free again (for the next game) and keeps them.
type slab[T any] struct {
	chunks [][]T
	cur    int // the chunk being filled
}

const (
	firstChunk = 16
	maxChunk   = 1024 // bigger requests get a chunk of their own size
)

// room makes sure the current chunk has space for n more values.
func (s *slab[T]) room(n int) []T {
	for s.cur < len(s.chunks) {
		c := s.chunks[s.cur]
		if cap(c)-len(c) >= n {
			return c
		}
		s.cur++
	}
	size := firstChunk
	if k := len(s.chunks); k > 0 {
		size = min(2*cap(s.chunks[k-1]), maxChunk)
	}
	c := make([]T, 0, max(size, n))
	s.chunks = append(s.chunks, c)
	return c
}

// put stores v and returns where.
func (s *slab[T]) put(v T) *T {
	c := append(s.room(1), v)
	s.chunks[s.cur] = c
	return &c[len(c)-1]
}

// take returns n zero values: a slice whose capacity is n, so that an
// append to it moves it out of the chunk instead of over its neighbours.
func (s *slab[T]) take(n int) []T {
	if n == 0 {
		return []T{} // not nil: an empty list stays a list (JSON [])
	}
	c := s.room(n)
	k := len(c)
	c = c[:k+n]
	s.chunks[s.cur] = c
	out := c[k : k+n : k+n]
	clear(out) // a chunk keeps the last game's values
	return out
}

// buf returns an empty slice with capacity n, for appending up to n values
// (not cleared, unlike take's: an append writes each value it adds).
func (s *slab[T]) buf(n int) []T {
	if n == 0 {
		return []T{}
	}
	c := s.room(n)
	k := len(c)
	s.chunks[s.cur] = c[:k+n]
	return c[k : k : k+n]
}

// clone copies xs into the slab (nil stays nil, empty stays empty).
func (s *slab[T]) clone(xs []T) []T {
	if xs == nil {
		return nil
	}
	out := s.take(len(xs)) // (not xs[:0]: the result must not share xs)
	copy(out, xs)
	return out
}

func (s *slab[T]) reset() {
	for i := range s.chunks {
		s.chunks[i] = s.chunks[i][:0]
	}
	s.cur = 0
}
