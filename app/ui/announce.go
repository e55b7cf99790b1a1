package ui

import (
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"nightfall/app/voice"
	"nightfall/game"
	"nightfall/lan"
)

// Announcements: every public result the engine announces
// (game.AnnouncedTypes: a dawn, a tally, an execution, a self-reveal, an
// immunity, a redeal, cat-lives-7's announcement, the winner) becomes the big
// screen's headline for its share of TableView.Hold, with a detail line or
// two, and is spoken once when it comes up. The stage's own headline (who
// speaks, night falls) comes back when the hold ends.

// Shown is one announcement as the big screen shows and says it.
type Shown struct {
	Key      int // the announcement's key (game.Announcement.Key)
	Index    int // its place in TableView.Announce
	Count    int // len(TableView.Announce)
	Headline string
	Detail   string // lines separated by "\n"
	Voice    []voice.Line
	Seats    []int // the seats it names, lit on the ring
	// Phase is the phase label while it is held: the day or night it
	// belongs to (announcedPhase), never the stage that follows the hold.
	Phase string
	// Tally is the ballot a tally announces (with its voters where the
	// screen saw them): it stays on the table, candidate by candidate with
	// their voters, while its result is the headline. Abstained: who did
	// not vote in it, as the screen saw.
	Tally     *game.TallyBody
	Abstained []int
}

// announcementText is the headline and the detail of a in the current
// language. It knows nothing of what follows a; AnnouncementAt uses the
// announcements after it and the phase (a tie that leads nowhere means
// nobody is out). An unknown type gives "", "" (the test fails then).
func announcementText(a game.Announcement, names map[int]string, variant string) (headline, detail string) {
	return announceText(a, nil, nil, names, variant)
}

// AnnouncementAt is announcement i of tv as shown (ok false without one).
func AnnouncementAt(tv *game.TableView, i int, names map[int]string) (Shown, bool) {
	return announcementAt(tv, i, names, nil)
}

// announcementAt is AnnouncementAt with the last ballot the screen saw: a
// tally whose mode showed the votes live (their event has none) names them
// from it when its counts agree.
func announcementAt(tv *game.TableView, i int, names map[int]string, mem *announcer) (Shown, bool) {
	if tv == nil || i < 0 || i >= len(tv.Announce) {
		return Shown{}, false
	}
	a := tv.Announce[i]
	var next *game.Announcement
	if i+1 < len(tv.Announce) {
		next = &tv.Announce[i+1]
	}
	var extra []string // detail lines the screen's memory adds
	if b, ok := a.Body.(*game.TallyBody); ok && mem != nil && len(b.Votes) == 0 && sameBallot(b, mem.ballot) {
		x := *b
		x.Votes = mem.ballot.Votes
		a.Body = &x
	}
	h, d := announceText(a, next, tv, names, tv.Variant)
	var abstained []int
	if b, ok := a.Body.(*game.TallyBody); ok && mem != nil && b != tv.Announce[i].Body && len(mem.ballot.Abstained) > 0 {
		d += tr("tally.sep") + tr("tally.abstained", "Seats", seatsText(mem.ballot.Abstained))
		abstained = mem.ballot.Abstained
	}
	if b, ok := a.Body.(*game.DawnBody); ok && mem != nil {
		var lifted []int
		for _, x := range mem.silenced[b.Round-1] {
			dead := slices.ContainsFunc(b.Dead, func(t game.Target) bool { return t.Seat == x }) ||
				x <= len(tv.Seats) && !tv.Seats[x-1].Alive
			if !slices.Contains(b.Silenced, x) && !dead {
				lifted = append(lifted, x)
			}
		}
		if len(lifted) > 0 {
			extra = append(extra, tr(plural("ann.dawn.lifted", len(lifted)), "Seats", seatsText(lifted)))
		}
	}
	if len(extra) > 0 {
		d = strings.Join(append([]string{d}, extra...), "\n")
		d = strings.TrimPrefix(d, "\n")
	}
	vl := announcementVoice(a, next)
	if said, ok := spokenText(vl); ok && said != h {
		// The headline is what the judge says (its caption); what the
		// words of the clips cannot say (a name, a role) goes to the detail.
		switch a.Body.(type) {
		case *game.ExecutedBody, *game.ExplodedBody, *game.AnnounceBody:
			d = strings.TrimSuffix(h+"\n"+d, "\n")
		}
		h = said
	}
	sh := Shown{Key: a.Key, Index: i, Count: len(tv.Announce), Headline: h, Detail: capLines(d),
		Voice: vl, Seats: namedSeats(a), Phase: announcedPhase(tv, i)}
	if b, ok := a.Body.(*game.TallyBody); ok {
		sh.Tally, sh.Abstained = b, abstained
	}
	return sh, true
}

// announcedPhase is the phase label while announcement i of tv is held.
// The table view already shows the stage after the hold (a night, the
// end), which the headlines have not said yet: the label names the day (or
// night) the results belong to, and the end only with the winner's
// headline.
func announcedPhase(tv *game.TableView, i int) string {
	switch tv.Announce[i].Body.(type) {
	case *game.GameOverBody:
		return tr("stage.over")
	case *game.RedealBody: // a deal, before the first night or at its start
		if tv.Phase == game.PhaseNight || tv.Phase == game.PhaseSetup {
			return tr("phase.night", "Round", tv.Round)
		}
	}
	round := 0
	for _, a := range tv.Announce {
		switch b := a.Body.(type) {
		case *game.DawnBody:
			round = b.Round
		case *game.ExecutedBody:
			round = b.Round
		case *game.ExplodedBody:
			round = b.Round
		case *game.ImmuneBody:
			round = b.Round
		case *game.AnnounceBody:
			round = b.Round
		}
		if round > 0 {
			break
		}
	}
	if round == 0 { // a tally alone: the day it was taken in
		round = tv.Round
		if tv.Phase == game.PhaseNight && round > 1 {
			round-- // the night after it began
		}
	}
	return tr("phase.day", "Round", round)
}

// spokenText is what lines say, as the caption bar writes them, when every
// one of them has words (ok false with a chime: it stands for the
// headline, which is then the caption).
func spokenText(lines []voice.Line) (string, bool) {
	var parts []string
	for _, l := range lines {
		w := l.Caption(Language())
		if l.Kind == "chime" || w == "" {
			return "", false
		}
		parts = append(parts, w)
	}
	return joinSaid(parts), len(parts) > 0
}

// namedSeats are the seats an announcement is about.
func namedSeats(a game.Announcement) []int {
	if s, ok := wolfSeats(a); ok {
		return s
	}
	switch b := a.Body.(type) {
	case *game.DawnBody:
		return uniqSeats(b.Dead)
	case *game.TallyBody:
		return uniqSeats(b.Top)
	case *game.ExecutedBody:
		return []int{b.Seat}
	case *game.ExplodedBody:
		return []int{b.Seat}
	case *game.ImmuneBody:
		return []int{b.Hand.Seat}
	case *game.AnnounceBody:
		return append(slices.Clone(b.Dead), b.Executed...)
	case *game.GameOverBody:
		return b.Winners
	}
	return nil
}

// capLines starts each English detail line with a capital.
func capLines(d string) string {
	if Language() != "en" || d == "" {
		return d
	}
	lines := strings.Split(d, "\n")
	for i, l := range lines {
		if l != "" && l[0] >= 'a' && l[0] <= 'z' {
			lines[i] = strings.ToUpper(l[:1]) + l[1:]
		}
	}
	return strings.Join(lines, "\n")
}

// announceSeats lights the seats the held announcement names.
func (t *TableScreen) announceSeats(seats []SeatInfo) []SeatInfo {
	if t.st.Announce == nil {
		return seats
	}
	for i := range seats {
		seats[i].Speaker, seats[i].Next = false, false // the stage after the hold
		if slices.Contains(t.st.Announce.Seats, seats[i].Seat) {
			seats[i].Calling = true
		}
	}
	return seats
}

// sameBallot reports whether the ballot last seen is the one t closed:
// the same index, one vote each, and every count the same.
func sameBallot(t *game.TallyBody, last *game.BallotView) bool {
	if last == nil || last.Index != t.Index || len(last.Votes) == 0 || len(last.Weights) > 0 {
		return false
	}
	n := map[game.Target]int{}
	for _, v := range last.Votes {
		n[v.Target]++
	}
	for _, c := range t.Counts {
		if float64(n[c.Target]) != c.Votes {
			return false
		}
		delete(n, c.Target)
	}
	return len(n) == 0
}

// remember keeps the latest ballot the table showed (for the tally's
// announcement: open modes show the votes live, not in the tally).
// It also keeps each day's silenced seats: the next dawn says whose silence
// is over.
func (a *announcer) remember(tv *game.TableView) {
	if tv == nil {
		return
	}
	if tv.Ballot != nil && len(tv.Ballot.Votes) > 0 {
		b := *tv.Ballot
		a.ballot = &b
	}
	if tv.Phase == game.PhaseDay {
		var sil []int
		for _, st := range tv.Seats {
			if st.Silenced {
				sil = append(sil, st.Seat)
			}
		}
		if a.silenced == nil {
			a.silenced = map[int][]int{}
		}
		a.silenced[tv.Round] = sil
	}
}

// holdLeft is the time left of the table's hold at now (0: none).
func holdLeft(hvHoldUntil time.Time, hvHoldLeft time.Duration, paused bool, now time.Time) time.Duration {
	if paused {
		return hvHoldLeft
	}
	if hvHoldUntil.IsZero() {
		return 0
	}
	return max(0, hvHoldUntil.Sub(now))
}

// heldIndex is the announcement on screen when left of the hold remains:
// i = floor(elapsed / per), per = Hold / len(Announce). ok false when no
// hold runs.
func heldIndex(tv *game.TableView, left time.Duration) (int, bool) {
	if tv == nil || len(tv.Announce) == 0 || tv.Hold <= 0 || left <= 0 {
		return 0, false
	}
	total := time.Duration(tv.Hold) * time.Second
	per := total / time.Duration(len(tv.Announce))
	elapsed := max(0, total-left)
	i := int(elapsed / per)
	return min(i, len(tv.Announce)-1), true
}

// who is a seat (or a hand: "3L") with its player's name: "6号（Fay）".
func who(t game.Target, names map[int]string) string {
	s := tr("seat.n", "Seat", t.String())
	if n := names[t.Seat]; n != "" {
		return tr("ann.who", "Seat", s, "Name", n)
	}
	return s
}

func whoSeat(seat int, names map[int]string) string { return who(game.SeatTarget(seat), names) }

// seatsText lists seats for a headline: "6、9" (the template adds 号 or "seats").
func seatsText(seats []int) string { return intList(seats) }

// plural picks key+".1" for one seat, key+".n" for several.
func plural(key string, n int) string {
	if n == 1 {
		return key + ".1"
	}
	return key + ".n"
}

// announceText is a's headline and detail; after is the table the hold
// stands before (nil: unknown), whose stage says what follows a tie.
func announceText(a game.Announcement, next *game.Announcement, after *game.TableView, names map[int]string, variant string) (string, string) {
	info := lookupVariant(variant)
	if h, d, ok := wolfAnnounceText(a, next, after, names); ok {
		return h, d
	}
	switch b := a.Body.(type) {
	case *game.DawnBody:
		var h string
		if len(b.Dead) == 0 {
			h = tr("ann.dawn.peaceful")
		} else {
			h = tr(plural("ann.dawn.dead", len(b.Dead)), "Seats", seatList(b.Dead))
		}
		var d []string
		if len(b.Dead) > 0 && len(names) > 0 {
			var ws []string
			for _, t := range b.Dead {
				ws = append(ws, who(t, names))
			}
			d = append(d, strings.Join(ws, " · "))
		}
		if len(b.Silenced) > 0 {
			d = append(d, tr(plural("ann.dawn.silenced", len(b.Silenced)), "Seats", seatsText(b.Silenced)))
		}
		return h, strings.Join(d, "\n")
	case *game.TallyBody:
		return tallyText(b, next, after, names)
	case *game.ExecutedBody:
		t := game.SeatTarget(b.Seat)
		if b.Hand != nil {
			t = *b.Hand
		}
		if b.By == "lot" {
			return tr("ann.executed.lot", "Who", who(t, names)), tr("ann.executed.lot.detail", "Seats", seatList(b.Options))
		}
		return tr("ann.executed", "Who", who(t, names)), tr("ann.executed.detail")
	case *game.ExplodedBody:
		return tr("ann.exploded", "Who", whoSeat(b.Seat, names), "Role", RoleName(info, b.Role)), tr("ann.exploded.detail")
	case *game.ImmuneBody:
		h := tr("ann.immune", "Hand", tr("seat.n", "Seat", b.Hand.String()))
		if b.By == "lot" {
			return h, tr("ann.immune.lot", "Seats", seatList(b.Options))
		}
		return h, tr("ann.immune.detail")
	case *game.RedealBody:
		if b.Code == game.RedealAsked {
			return tr("redeal.asked"), tr("ann.redeal.detail")
		}
		return tr("ann.redeal"), RedealText(b.Why, info)
	case *game.AnnounceBody:
		return catAnnounceText(b, names)
	case *game.GameOverBody:
		h := tr("tl.over", "Winner", WinnerText(b.Winner))
		var d []string
		if r := ReasonText(b.Why); r != "" && !strings.EqualFold(r, WinnerText(b.Winner)) {
			d = append(d, r)
		}
		if len(b.Winners) > 0 && b.Winner != game.WinnerNone {
			d = append(d, tr(plural("ann.over.winners", len(b.Winners)), "Seats", seatsText(b.Winners)))
		}
		return h, strings.Join(d, "\n")
	}
	return "", ""
}

func tallyText(b *game.TallyBody, next *game.Announcement, after *game.TableView, names map[int]string) (string, string) {
	pre := tr("ann.tally")
	if b.Index > 1 { // a re-vote: named by its number, whoever spoke before it
		pre = tr("ann.tally.n", "Index", b.Index)
	}
	return tallyTextPre(b, pre, next, after, names)
}

// tallyTextPre is tallyText with the ballot's name pre ("投票结果",
// "第2轮投票结果", werewolf-12's "放逐投票结果").
func tallyTextPre(b *game.TallyBody, pre string, next *game.Announcement, after *game.TableView, names map[int]string) (string, string) {
	var phase game.Phase
	var stage game.Stage
	if after != nil {
		phase, stage = after.Phase, after.Stage
	}
	var h string
	switch b.Outcome {
	case game.VerdictOut:
		n := 0.0
		for _, c := range b.Counts {
			if c.Target == b.Top[0] {
				n = c.Votes
			}
		}
		h = tr("ann.tally.out", "Pre", pre, "Who", who(b.Top[0], names), "N", n)
		if next == nil { // nothing follows: the top was neither put out nor immune
			h = tr("ann.tally.top", "Pre", pre, "Who", who(b.Top[0], names), "N", n)
		}
	case game.VerdictTie:
		h = tr("ann.tally.tie", "Pre", pre, "Seats", seatList(b.Top))
		switch {
		case next != nil:
		case phase == game.PhaseDay && stage == game.StageOthersSpeech:
			h += tr("ann.tally.tie.others") // the players outside the tie speak first
		case phase == game.PhaseDay && stage == game.StageDiscussion:
			h += tr("ann.tally.tie.talk")
		case phase == game.PhaseDay:
			h += tr("ann.tally.tie.pk")
		default:
			h += tr("ann.tally.tie.none")
		}
	default:
		h = tr("ann.tally.none", "Pre", pre)
	}
	var d []string
	var parts []string
	for _, c := range b.Counts {
		if c.Votes > 0 {
			parts = append(parts, tr("votes.count", "Seat", c.Target.String(), "N", c.Votes))
		}
	}
	if len(parts) > 0 {
		d = append(d, strings.Join(parts, " · "))
	}
	if len(b.Votes) > 0 {
		d = append(d, votesText(b.Votes, nil))
	}
	return h, strings.Join(d, "\n")
}

func catAnnounceText(b *game.AnnounceBody, names map[int]string) (string, string) {
	var h string
	var d []string
	lost := 0
	for _, l := range b.Losses {
		lost += l.Privilege + l.Commoner
	}
	if b.When == "dusk" {
		switch {
		case len(b.Executed) > 0:
			h = tr(plural("ann.cat.executed", len(b.Executed)), "Seats", seatsText(b.Executed))
		default:
			h = tr("ann.cat.noexec")
		}
		var parts []string
		for _, c := range b.Totals {
			if c.Votes != 0 {
				parts = append(parts, tr("votes.count", "Seat", c.Target.String(), "N", c.Votes))
			}
		}
		if len(parts) > 0 {
			d = append(d, strings.Join(parts, " · "))
		}
		if len(b.Pardoned) > 0 {
			d = append(d, tr("ann.cat.pardoned", "Seats", seatsText(b.Pardoned)))
		}
		if len(b.Pending) > 0 {
			d = append(d, tr("ann.cat.pending", "Seats", seatsText(b.Pending)))
		}
	} else {
		n := 0
		for _, m := range b.Manifestos {
			if strings.TrimSpace(m) != "" {
				n++
			}
		}
		switch {
		case len(b.Dead) > 0:
			h = tr(plural("ann.cat.dead", len(b.Dead)), "Seats", seatsText(b.Dead))
		case lost > 0:
			h = tr("ann.cat.lost", "N", lost)
		default:
			h = tr("ann.cat.noloss")
		}
		if n > 0 {
			d = append(d, tr("ann.cat.manifestos", "N", n))
		}
		if len(b.Saved) > 0 {
			d = append(d, tr("ann.cat.saved", "Seats", seatsText(b.Saved)))
		}
	}
	var losses []string
	for _, l := range b.Losses {
		if b.When == "dawn" {
			break // each seat shows its dawn losses under it
		}
		if k := [2]int{l.Privilege, l.Commoner}; k != [2]int{} {
			losses = append(losses, tr("seat.n", "Seat", l.Seat)+" −"+catKinds(k))
		}
	}
	if len(losses) > 0 {
		d = append(d, strings.Join(losses, " · "))
	}
	for _, c := range b.Camps {
		d = append(d, tr("ann.cat.camp", "Who", whoSeat(c.Seat, names), "Camp", campName(c.Camp)))
	}
	if b.Lost > 0 { // each seat shows its card count under it
		d = append(d, tr("ann.cat.cards", "Lost", b.Lost))
	}
	return h, strings.Join(d, "\n")
}

func campName(c string) string {
	if s, ok := trIf("camp." + c); ok {
		return s
	}
	return c
}

// ReasonText is why a game ended (a code of game.Reasons and its
// arguments), in the current language.
func ReasonText(why game.Why) string {
	if why.Code == "" {
		return ""
	}
	if s, ok := trIf("reason."+why.Code, "N", why.N, "Others", why.Others); ok {
		return s
	}
	return why.Sentence() // a code without words: TestEveryCodeHasWords fails
}

// RedealText is why a deal was void (a code of game.RedealReasons and its
// arguments), in the current language.
func RedealText(why game.Why, info game.VariantInfo) string {
	kv := []any{"Seat", why.Seat, "Value", why.Value}
	for i, r := range why.Roles {
		kv = append(kv, string(rune('A'+i)), RoleName(info, r))
	}
	if s, ok := trIf("redeal."+why.Code, kv...); ok {
		return s
	}
	return why.Sentence() // a code without words: TestEveryCodeHasWords fails
}

// announcementVoice is what the judge says when a comes up: the clips that
// exist for it, else the chime. The results are said here only (a dawn, a
// self-reveal, a tally, the winner); voice.Narrator says the stages.
func announcementVoice(a game.Announcement, next *game.Announcement) []voice.Line {
	if l, ok := wolfVoice(a); ok {
		return l
	}
	switch b := a.Body.(type) {
	case *game.DawnBody:
		out := []voice.Line{{Kind: "dawn"}}
		if len(b.Dead) == 0 {
			return append(out, voice.Line{Kind: "peaceful"})
		}
		return append(out, voice.Line{Kind: "died", Seats: uniqSeats(b.Dead)})
	case *game.TallyBody:
		// a chime: its caption is the headline, which names the seats and
		// what follows (a run-off, the others' speeches, nobody out) as no
		// clip does; an execution that follows says who
		return []voice.Line{{Kind: "chime"}}
	case *game.ExecutedBody:
		return []voice.Line{{Kind: "out", Seats: []int{b.Seat}}}
	case *game.ExplodedBody:
		return []voice.Line{{Kind: "exploded", Seats: []int{b.Seat}}}
	case *game.ImmuneBody:
		return []voice.Line{{Kind: "chime"}} // the headline says whose hand and that nobody is out
	case *game.AnnounceBody:
		if b.When == "dawn" {
			return []voice.Line{{Kind: "dawn"}} // the losses are the detail
		}
		return []voice.Line{{Kind: "chime"}}
	case *game.GameOverBody:
		return []voice.Line{{Kind: "over", Text: b.Winner}}
	}
	return []voice.Line{{Kind: "chime"}}
}

func uniqSeats(ts []game.Target) []int {
	var out []int
	for _, t := range ts {
		if !slices.Contains(out, t.Seat) {
			out = append(out, t.Seat)
		}
	}
	return out
}

// ---- the shell: which announcement is the headline, and saying it ----------

// announcer is the shell's memory of the announcements.
type announcer struct {
	now      time.Time    // the time the screen is drawn for (Show: Shell.Now; Tick: its time)
	last     int          // key of the announcement on screen (0: none)
	spoken   map[int]bool // announcement keys said (or passed over)
	held     map[int]bool // hold keys (the last announcement's key) seen held
	ballot   *game.BallotView
	silenced map[int][]int // by day
}

// seatNames are the players' names by seat.
func seatNames(hv lan.HostView) map[int]string {
	names := map[int]string{}
	for _, st := range hv.Lobby.Seats {
		if st.Name != "" {
			names[st.Seat] = st.Name
		}
	}
	return names
}

// shownAt is the announcement the table holds at now (nil: none).
func (s *Shell) shownAt(now time.Time) *Shown {
	tv := s.hv.Table
	i, ok := heldIndex(tv, holdLeft(s.hv.HoldUntil, s.hv.HoldLeft, s.hv.Paused, now))
	if !ok {
		return nil
	}
	sh, ok := announcementAt(tv, i, seatNames(s.hv), &s.ann)
	if !ok {
		return nil
	}
	return &sh
}

// Held is the announcement the table holds now (nil: none).
func (s *Shell) Held() *Shown { return s.shownAt(s.ann.now) }

// Headline is what the big screen shows in its largest letters now: the
// held announcement, else the stage's narration (or the winner).
func (s *Shell) Headline() string {
	if s.hv.Table != nil && s.hv.Table.Phase == game.PhaseOver && s.shownAt(s.ann.now) == nil {
		return s.over.Winner()
	}
	return s.table.Narration()
}

// Detail is the held announcement's detail on screen ("" when none).
func (s *Shell) Detail() string {
	if s.shownAt(s.ann.now) == nil {
		return ""
	}
	return s.table.AnnounceDetail()
}

// announceTick redraws when the held announcement changes (the next one
// comes up, or the hold ends) and says what is due.
func (s *Shell) announceTick(now time.Time) {
	s.ann.now = now
	key := 0
	if sh := s.shownAt(now); sh != nil {
		key = sh.Key
	}
	if key != s.ann.last {
		s.render()
	}
	s.speak(now)
}

// speak says, once each, the announcement held now; when no hold runs, the
// announcements not said yet (a table without holds, announceSeconds 0)
// and then the stage's own lines.
func (s *Shell) speak(now time.Time) {
	s.speakBriefing(now) // first: a briefing cut short is hushed before the night is said
	tv := s.hv.Table
	if s.ann.spoken == nil {
		s.ann.spoken, s.ann.held = map[int]bool{}, map[int]bool{}
	}
	// a chime stands for the announcement it opens: its headline
	headline := func(i int, mem *announcer) func() string {
		tv, names := tv, seatNames(s.hv)
		return func() string {
			x, _ := announcementAt(tv, i, names, mem)
			return x.Headline
		}
	}
	if tv == nil {
		s.cap = nil // the lobby: no game, no caption
		s.ann = announcer{now: s.ann.now}
		s.narr.Observe(nil, false)
		return
	}
	sh := s.shownAt(now)
	s.ann.last = 0
	holdKey := 0
	if n := len(tv.Announce); n > 0 {
		holdKey = tv.Announce[n-1].Key
	}
	if sh != nil {
		s.ann.last = sh.Key
		s.ann.held[holdKey] = true
		for _, a := range tv.Announce[:sh.Index] { // came up while nobody looked
			s.ann.spoken[a.Key] = true
		}
		if !s.ann.spoken[sh.Key] {
			s.ann.spoken[sh.Key] = true
			s.say(now, sh.Voice, headline(sh.Index, &s.ann))
		}
		return // the stage's lines wait for the end of the hold
	}
	for i, a := range tv.Announce {
		if s.ann.spoken[a.Key] {
			continue
		}
		s.ann.spoken[a.Key] = true
		if !s.ann.held[holdKey] { // never held here: say it now (a hold the host skipped stays unsaid)
			x, _ := AnnouncementAt(tv, i, nil)
			s.say(now, x.Voice, headline(i, nil))
		}
	}
	s.say(now, s.narr.Observe(tv, s.hv.Paused), nil)
}

// ---- the table screen -------------------------------------------------------

// announceUpdate makes the held announcement the headline, its detail the
// first lines of the side panel, and clears what belongs to the stage that
// starts after the hold (the speaker, the next, the tally of a ballot).
func (t *TableScreen) announceUpdate() {
	t.nann = 0
	sh := t.st.Announce
	if sh == nil {
		return
	}
	t.narr.Text = sh.Headline
	t.narr.Color = colAccent
	t.phase.Text = sh.Phase
	if sh.Count > 1 {
		t.phase.Text += " · " + tr("ann.progress", "I", sh.Index+1, "N", sh.Count)
	}
	for _, x := range []*canvas.Text{t.hint, t.dawn, t.spTitle, t.speaker, t.next, t.queue, t.pk, t.ballot, t.call, t.outcome, t.lastWords, t.clock, t.clockLabel} {
		x.Text = ""
	}
	t.nrows = 0
	if b := sh.Tally; b != nil { // the deciding tally stays, with its voters
		t.ballot.Text = tr("table.ballot", "Index", b.Index)
		t.tallyRows(b.Counts, b.Votes, nil, t.st.View)
	}
}

// announceLines are the held announcement's detail lines drawn on the
// table: a tally's counts and voters are its rows, so only what they do
// not show (who abstained) is written out.
func (t *TableScreen) announceLines() string {
	sh := t.st.Announce
	if sh == nil {
		return ""
	}
	if sh.Tally != nil {
		if len(sh.Abstained) > 0 {
			return capLines(tr("tally.abstained", "Seats", seatsText(sh.Abstained)))
		}
		return ""
	}
	return sh.Detail
}

// AnnounceDetail is the detail on screen, lines joined by "\n".
func (t *TableScreen) AnnounceDetail() string {
	if t.st.Announce == nil {
		return ""
	}
	return t.st.Announce.Detail
}

// layoutAnnounce places the detail lines at x, y in width w, large (wrapped
// where too long); returns the y below them.
func (t *TableScreen) layoutAnnounce(x, y, w, u float32) float32 {
	for _, l := range t.annLines {
		l.Text = ""
		l.Resize(fyne.Size{})
	}
	t.nann = 0
	if t.st.Announce == nil {
		return y
	}
	var lines []string
	size := 5 * u
	for ; ; size *= 0.85 {
		lines = lines[:0]
		for _, l := range strings.Split(t.announceLines(), "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, wrapText(l, size, w)...)
			}
		}
		if len(lines) <= 4 || size < 3*u {
			break
		}
	}
	if len(lines) == 0 {
		return y
	}
	for len(t.annLines) < len(lines) {
		l := canvas.NewText("", colText)
		l.TextStyle.Bold = true
		t.annLines = append(t.annLines, l)
	}
	t.nann = len(lines)
	for i, s := range lines {
		l := t.annLines[i]
		l.Text, l.TextSize = s, size
		l.Color = colText
		if i > 0 {
			l.Color = colDim
		}
		l.Move(fyne.NewPos(x, y))
		ms := l.MinSize()
		l.Resize(ms)
		y += ms.Height + 0.6*u
	}
	return y + 2*u
}
