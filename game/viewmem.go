package game

// viewMem is storage a view is built in. A nil *viewMem builds on the heap:
// PlayerView and TableView hand their caller views of its own. The game's
// shared views (Game.SharedPlayerView) are built in two viewMems kept in
// its store, reused from view to view, so that a bot table reading a view
// per decision allocates nothing once they have grown.
type viewMem struct {
	targets  slab[Target]
	tasks    slab[Task]
	picks    slab[Pick]
	strs     slab[string]
	seats    slab[SeatView]
	cards    slab[CardView]
	timers   slab[Timer]
	ballots  slab[BallotView]
	dawns    slab[DawnBody]
	counts   slab[Count]
	announce slab[Announcement]
	cues     slab[Cue]
}

func (m *viewMem) reset() {
	m.targets.reset()
	m.tasks.reset()
	m.picks.reset()
	m.strs.reset()
	m.seats.reset()
	m.cards.reset()
	m.timers.reset()
	m.ballots.reset()
	m.dawns.reset()
	m.counts.reset()
	m.announce.reset()
	m.cues.reset()
}

// sharedViews are the game's reused views (Game.SharedPlayerView): the
// player part is rebuilt at every call, the table part once per version.
type sharedViews struct {
	player, table viewMem
	pv            PlayerView // its Table is built once per version
	tableVersion  int        // the state version pv.Table was built at; 0: none
	// by seat, the Known lists and the State.knows+1 they were made at
	// (0: none)
	known   [][]Known
	knownAt []int
	// by seat, the answers and how many answers the game had then, + 1
	results   [][]ResultBody
	resultsAt []int
}

// The helpers below take from m, or from the heap when m is nil. Lists
// come empty with room for n (more only moves them to the heap).

func (m *viewMem) target(x Target) *Target {
	if m == nil {
		p := new(Target) // (not &x: that would move x to the heap on every path)
		*p = x
		return p
	}
	return m.targets.put(x)
}

func (m *viewMem) targetList(n int) []Target {
	if m == nil {
		return nil
	}
	return m.targets.buf(n)
}

// oneTarget is the list [x].
func (m *viewMem) oneTarget(x Target) []Target {
	if m == nil {
		return []Target{x}
	}
	return append(m.targets.buf(1), x)
}

func (m *viewMem) cloneTargets(xs []Target) []Target {
	if m == nil {
		return append([]Target(nil), xs...)
	}
	return m.targets.clone(xs)
}

func (m *viewMem) taskList(n int) []Task {
	if m == nil {
		return []Task{} // not nil: JSON []
	}
	return m.tasks.buf(n)
}

func (m *viewMem) pickList(n int) []Pick {
	if m == nil {
		return nil
	}
	return m.picks.buf(n)
}

func (m *viewMem) strList(n int) []string {
	if m == nil {
		return nil
	}
	return m.strs.buf(n)
}

func (m *viewMem) seatList(n int) []SeatView {
	if m == nil {
		return make([]SeatView, 0, n)
	}
	return m.seats.buf(n)
}

func (m *viewMem) cardList(n int) []CardView {
	if m == nil {
		return nil
	}
	return m.cards.buf(n)
}

func (m *viewMem) timer(t Timer) *Timer {
	if m == nil {
		p := new(Timer) // (not &t: that would move t to the heap on every path)
		*p = t
		return p
	}
	return m.timers.put(t)
}

func (m *viewMem) ballot(b BallotView) *BallotView {
	if m == nil {
		p := new(BallotView) // (not &b: that would move b to the heap on every path)
		*p = b
		return p
	}
	return m.ballots.put(b)
}

func (m *viewMem) dawn(d DawnBody) *DawnBody {
	if m == nil {
		p := new(DawnBody) // (not &d: that would move d to the heap on every path)
		*p = d
		return p
	}
	return m.dawns.put(d)
}

// countList is n zero counts.
func (m *viewMem) countList(n int) []Count {
	if m == nil {
		return make([]Count, n)
	}
	return m.counts.take(n)
}

// announceList is n zero announcements.
func (m *viewMem) announceList(n int) []Announcement {
	if m == nil {
		return make([]Announcement, n)
	}
	return m.announce.take(n)
}

func (m *viewMem) cueList(n int) []Cue {
	if m == nil {
		return make([]Cue, n)
	}
	return m.cues.take(n)
}
