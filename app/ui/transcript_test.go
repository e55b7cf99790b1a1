package ui

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/app/voice"
	"nightfall/game"
	"nightfall/game/bots"
	"nightfall/lan"
	"nightfall/lan/lantest"
)

// The table transcript: a game of every variant played through
// the real LAN server by bot phones over WebSocket, on a fake clock, with the
// big screen (the app's Shell) fed by the server's host views. Whenever the
// server holds announcements, the test looks at the screen at the start and
// at the end of each announcement's share of the hold, in both languages:
// the headline is that announcement's, in order, for its hold time; when
// the hold ends the stage's own line is the headline again; as each comes
// up, the caption bar says its headline word for word. At the end every
// public event the engine announced (from the game log) must have been
// shown, in order. The transcript goes to testdata/transcript_<variant>.txt.
func TestTableTranscript(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game of every variant")
	}
	seen := map[string]bool{}
	type play struct {
		name    string
		seed    uint64
		explode float64 // a killer's chance to self-reveal when it may
		opts    map[string]json.RawMessage
	}
	var plays []play
	// each variant's game has a seed of its own, so that a new variant,
	// wherever game.Variants lists it, changes no other variant's golden
	seeds := map[string]uint64{"classic-2.0": 7, "standard-003": 8, "v3.0": 9, "v4.0": 10,
		"v5.0-dual": 11, "two-hands": 12, "cat-lives-7": 13, "werewolf-12": 14}
	for _, in := range game.Variants() {
		seed, ok := seeds[in.ID]
		if !ok {
			h := fnv.New64a()
			h.Write([]byte(in.ID))
			seed = 100 + h.Sum64()%1000
		}
		plays = append(plays, play{name: in.ID, seed: seed, explode: 0.03})
	}
	// the results a random game seldom has: a self-reveal, void deals, an
	// immune hand; an election put off by a werewolf's explosion, a
	// sheriff, a hunter's shot; an election decided by a ballot
	plays = append(plays,
		play{name: "standard-003", seed: 3, explode: 0.5},
		play{name: "two-hands", seed: 27, explode: 0.03},
		play{name: "two-hands", seed: 22, explode: 0.03},
		play{name: "werewolf-12", seed: 23, explode: 0.03},
		play{name: "werewolf-12", seed: 31, explode: 0.03})
	ran := 0
	for _, p := range plays {
		in := lookupVariant(p.name)
		t.Run(fmt.Sprintf("%s-%d", p.name, p.seed), func(t *testing.T) {
			ran++
			for _, typ := range playTranscript(t, in, p.seed, p.explode, p.opts) {
				seen[typ] = true
			}
		})
	}
	var missing []string
	for _, typ := range game.AnnouncedTypes() {
		if !seen[typ] {
			missing = append(missing, typ)
		}
	}
	t.Logf("announced types shown: %v; not met in these games: %v", slices.Sorted(mapKeys(seen)), missing)
	if ran == len(plays) && len(missing) > 0 {
		t.Errorf("no game here announces %v: add a game that does", missing)
	}
}

func mapKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// ---- the game ---------------------------------------------------------------

type transcript struct {
	t       *testing.T
	srv     *lantest.Server
	clock   *lantest.Clock
	views   <-chan lan.HostView
	hv      lan.HostView
	phones  []*lantest.Phone // by seat
	base    []int            // each phone's count when all were in step
	s       *Shell
	rng     *rand.Rand
	idle    map[string]bool
	out     strings.Builder
	start   time.Time
	shown   []game.Announcement // every announcement shown, in order
	explode float64
	per     time.Duration // the share of the hold being looked at
	voice   *recVoice
}

func playTranscript(t *testing.T, in game.VariantInfo, seed uint64, explode float64, opts map[string]json.RawMessage) (types []string) {
	newTestApp(t, "zh")
	clock := lantest.NewClock(time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC))
	srv := lantest.StartT(t, lan.Config{Clock: clock, Variant: in.ID, Players: in.MinPlayers, Seed: seed, Options: opts})
	defer srv.Close()

	w := test.NewWindow(nil)
	defer w.Close()
	tr := &transcript{t: t, srv: srv, clock: clock, rng: rand.New(rand.NewPCG(seed, 99)), idle: map[string]bool{}, start: clock.Now(), explode: explode}
	cv := &captionVoice{t: t} // every line said is on the caption bar (captions_test.go)
	tr.voice = &cv.recVoice
	tr.s = NewShell(w, srv.Server, cv)
	cv.s = tr.s
	tr.s.Now = clock.Now
	w.SetContent(tr.s.Content())
	w.Resize(fyne.NewSize(1280, 720))
	views, cancel := srv.Subscribe()
	defer cancel()
	tr.views = views

	tr.phones = make([]*lantest.Phone, in.MinPlayers+1)
	for seat := 1; seat <= in.MinPlayers; seat++ {
		name := testNames[seat]
		if name == "" {
			name = fmt.Sprintf("P%d", seat)
		}
		p, err := srv.Join(seat, name)
		if err != nil {
			t.Fatal(err)
		}
		tr.phones[seat] = p
	}
	if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
		t.Fatal(err)
	}
	tr.pingAll()
	tr.base = make([]int, len(tr.phones))
	for i, p := range tr.phones[1:] {
		tr.base[i+1] = p.Broadcasts()
	}
	tr.latest(false)
	fmt.Fprintf(&tr.out, "%s, %d players, seed %d, options %s\n", in.ID, in.MinPlayers, seed, mustJSONText(opts))

	for steps := 0; ; steps++ {
		if steps > 4000 {
			t.Fatal("the game did not end")
		}
		if t.Failed() {
			t.FailNow()
		}
		tv := tr.hv.Table
		if tr.holding() {
			tr.walkHold()
			continue
		}
		if tv.Phase == "over" {
			break
		}
		if !tr.step() {
			tr.advance()
		}
	}
	tr.checkLog()
	if cv.n < 10 {
		t.Errorf("only %d lines said and captioned in a whole game", cv.n)
	}
	goldenText(t, fmt.Sprintf("transcript_%s-%d.txt", in.ID, seed), tr.out.String())
	for _, a := range tr.shown {
		types = append(types, a.Type)
	}
	return types
}

// pingAll waits until every phone has everything the server sent before.
func (tr *transcript) pingAll() {
	tr.t.Helper()
	for _, p := range tr.phones[1:] {
		if err := p.Sync(); err != nil {
			tr.t.Fatal(err)
		}
	}
}

// inStep waits until every phone has got as many broadcast frames as the
// given one (which has everything: it holds the ack that came after them).
func (tr *transcript) inStep(from *lantest.Phone, seat int) {
	tr.t.Helper()
	want := from.Broadcasts() - tr.base[seat]
	deadline := time.Now().Add(10 * time.Second)
	for i, p := range tr.phones[1:] {
		for p.Broadcasts()-tr.base[i+1] < want {
			if time.Now().After(deadline) {
				tr.t.Fatalf("seat %d is behind seat %d", i+1, seat)
			}
			time.Sleep(200 * time.Microsecond)
		}
	}
}

// latest takes the newest host view (waiting for a new one when wait) and
// shows it on the big screen.
func (tr *transcript) latest(wait bool) {
	tr.t.Helper()
	got := false
	if wait {
		select {
		case tr.hv = <-tr.views:
			got = true
		case <-time.After(10 * time.Second):
			tr.t.Fatal("no host view")
		}
	}
	for {
		select {
		case hv := <-tr.views:
			tr.hv, got = hv, true
			continue
		default:
		}
		break
	}
	if got {
		tr.s.Show(tr.hv)
	}
}

func (tr *transcript) holding() bool {
	return tr.hv.Table != nil && tr.hv.HoldUntil.After(tr.clock.Now())
}

func (tr *transcript) stamp(at time.Time) string {
	return fmt.Sprintf("%6.1fs", at.Sub(tr.start).Seconds())
}

// look records the screen at now in both languages and checks it against
// want (nil: the stage's own headline).
func (tr *transcript) look(now time.Time, want *game.Announcement, i int, print bool) {
	tr.t.Helper()
	tr.s.Tick(now)
	for _, lang := range []string{"zh", "en"} {
		if Language() != lang {
			tr.s.SetLang(lang)
		}
		h, d := tr.s.Headline(), tr.s.Detail()
		held := tr.s.Held()
		switch {
		case want == nil && held != nil:
			tr.t.Errorf("%s %s: still held %q after the hold", tr.stamp(now), lang, h)
		case want == nil:
			// the stage's headline is what the judge says as it begins (when
			// it begins now: a night that began before a redeal's hold is not
			// said again)
			if _, ok := voice.StageLine(tr.hv.Table); ok && tr.s.Caption() != "" && !strings.Contains(tr.s.Caption(), h) {
				tr.t.Errorf("%s %s: the stage's headline %q is not its caption %q", tr.stamp(now), lang, h, tr.s.Caption())
			}
		case want != nil && (held == nil || held.Key != want.Key):
			tr.t.Errorf("%s %s: announcement %d (%s) is not on screen; the headline is %q", tr.stamp(now), lang, i+1, want.Type, h)
		case want != nil:
			x, _ := announcementAt(tr.hv.Table, i, seatNames(tr.hv), &tr.s.ann)
			if h != x.Headline || d != x.Detail || h == "" {
				tr.t.Errorf("%s %s: headline %q / %q, want %q / %q", tr.stamp(now), lang, h, d, x.Headline, x.Detail)
			}
			// as it comes up, the caption bar says the headline, word for word
			if c := tr.s.Caption(); !print && !strings.Contains(c, h) {
				tr.t.Errorf("%s %s: the headline %q is not its caption %q", tr.stamp(now), lang, h, c)
			}
		}
		if !print {
			continue
		}
		span := tr.stamp(now)
		if want != nil {
			span = tr.stamp(now.Add(-tr.per+2*time.Millisecond)) + "–" + strings.TrimSpace(tr.stamp(now.Add(time.Millisecond)))
		}
		line := fmt.Sprintf("%s %s  %s", span, lang, h)
		if d != "" {
			line += "  | " + strings.ReplaceAll(d, "\n", " / ")
		}
		fmt.Fprintln(&tr.out, line)
	}
	tr.s.SetLang("zh")
}

// walkHold looks at each held announcement at the start and the end of its
// share of the hold, then lets the hold end and looks at the stage.
func (tr *transcript) walkHold() {
	tr.t.Helper()
	tv := tr.hv.Table
	n := len(tv.Announce)
	total := time.Duration(tv.Hold) * time.Second
	per := total / time.Duration(n)
	left := tr.hv.HoldUntil.Sub(tr.clock.Now())
	if left != total {
		tr.t.Errorf("a hold of %v for %d announcements has %v left when first seen", total, n, left)
	}
	from := tr.hv.HoldUntil.Add(-total)
	fmt.Fprintf(&tr.out, "-- %s hold %ds: %d announcement(s)\n", PhaseTextIn(tv), tv.Hold, n)
	said := func(i int) string {
		x, _ := AnnouncementAt(tv, i, nil)
		var out []string
		for _, l := range x.Voice {
			out = append(out, "zh:"+strings.Join(l.Clips("zh"), "+"))
		}
		return strings.Join(out, " ")
	}
	for i, a := range tv.Announce {
		// each announcement is said once, when it comes up (the first as
		// soon as the view arrives)
		tr.s.Tick(from.Add(time.Duration(i)*per + time.Millisecond))
		got := tr.voice.take()
		if i == 0 {
			for len(got) > 0 && !strings.HasPrefix(said(0), got[0]) {
				got = got[1:] // what the stage before said
			}
		}
		if strings.Join(got, " ") != said(i) {
			tr.t.Errorf("announcement %d (%s): said %q, want %q", i+1, a.Type, got, said(i))
		}
		if len(tr.shown) == 0 || !slices.ContainsFunc(tr.shown, func(x game.Announcement) bool { return x.Key == a.Key }) {
			tr.shown = append(tr.shown, a)
		}
		tr.per = per
		tr.look(from.Add(time.Duration(i)*per+time.Millisecond), &tv.Announce[i], i, false)
		tr.look(from.Add(time.Duration(i+1)*per-time.Millisecond), &tv.Announce[i], i, true)
	}
	until := tr.hv.HoldUntil
	for tr.latest(false); tr.hv.HoldUntil.Equal(until); {
		tr.clock.Advance(until.Sub(tr.clock.Now()))
		tr.latest(true)
	}
	if tr.hv.Table.Phase != "over" {
		tr.pingAll()
		tr.latest(false)
	}
	tr.look(tr.clock.Now(), nil, 0, true)
	for _, l := range tr.voice.take() {
		for i := range tv.Announce {
			if l == said(i) && l != "zh:chime" {
				tr.t.Errorf("after the hold: %q said again", l)
			}
		}
	}
}

// PhaseTextIn is the phase label in English (for the transcript's headers).
func PhaseTextIn(tv *game.TableView) string {
	return fmt.Sprintf("%s %d %s", tv.Phase, tv.Round, tv.Stage)
}

// step lets the first bot with something to do act; false when nobody had.
func (tr *transcript) step() bool {
	tr.t.Helper()
	for _, i := range tr.rng.Perm(len(tr.phones) - 1) {
		p := tr.phones[i+1]
		v, _ := p.View()
		c, ok := tr.decide(v)
		if !ok {
			continue
		}
		cmd := game.Command{Do: c.do, Target: c.target, Card: c.card}
		if c.text != "" {
			cmd.Args = game.CatArgs{Text: c.text}
		}
		err := p.Do(cmd)
		var refused *lantest.Refusal
		if errors.As(err, &refused) {
			tr.refuse(v, c)
			continue
		} else if err != nil {
			tr.t.Fatal(err)
		}
		tr.inStep(p, i+1)
		tr.latest(false)
		return true
	}
	return false
}

// advance lets the clock run to the stage's deadline (or the host skips a
// stage that has none).
func (tr *transcript) advance() {
	tr.t.Helper()
	tr.latest(false)
	if d := tr.hv.Deadline; !d.IsZero() {
		tr.clock.Advance(max(d.Sub(tr.clock.Now()), time.Millisecond))
	} else if err := tr.srv.Host(lan.HostCommand{Do: lan.HostSkip}); err != nil {
		tr.clock.Advance(time.Minute)
	}
	tr.latest(true)
	tr.pingAll()
	tr.latest(false)
	if os.Getenv("TRANSCRIPT_DEBUG") != "" {
		fmt.Fprintf(&tr.out, "~ %s advanced: %s v%d announce %d hold %v\n", tr.stamp(tr.clock.Now()), PhaseTextIn(tr.hv.Table), tr.hv.Table.Version, len(tr.hv.Table.Announce), tr.hv.HoldLeft)
	}
}

type tbotCmd struct {
	do           string
	target, card *game.Target
	text         string
}

// decide picks a bot's next command as lan's game tests do (bots.Tasker),
// with a killer's self-reveal now and then.
func (tr *transcript) decide(v game.PlayerView) (tbotCmd, bool) {
	b := bots.Tasker{Rng: tr.rng, Idle: tr.idle, Explode: tr.explode, Text: strings.Repeat("猫", 40)}
	c, ok := b.Decide(v)
	return tbotCmd{do: c.Do, target: c.Target, card: c.Card, text: c.Text}, ok
}

func (tr *transcript) refuse(v game.PlayerView, c tbotCmd) {
	for _, task := range v.Tasks {
		if task.Action == c.do || c.do == "skip" || c.do == task.Decline || c.do == "abstain" {
			tr.idle[fmt.Sprintf("%d/%d/%d/%s/%d", v.Seat, v.Table.Round, v.Table.Version, task.Action, task.Step)] = true
		}
	}
}

// checkLog compares the announcements shown with the public events of the
// game log the engine announced, in order.
func (tr *transcript) checkLog() {
	tr.t.Helper()
	f, err := os.Open(tr.hv.LogPath)
	if err != nil {
		tr.t.Fatal(err)
	}
	defer f.Close()
	var logged []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e struct {
			Seq      int             `json:"seq"`
			Type     string          `json:"type"`
			Audience json.RawMessage `json:"audience"`
		}
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Seq == 0 || e.Type == "" {
			continue
		}
		if string(e.Audience) == `"all"` && game.RoleOf(e.Type) == game.TableAnnounce {
			logged = append(logged, e.Type)
		}
	}
	var shown []string
	for _, a := range tr.shown {
		shown = append(shown, a.Type)
	}
	if !slices.Equal(logged, shown) {
		tr.t.Errorf("the log announced %v\nthe big screen showed %v", logged, shown)
	}
	fmt.Fprintf(&tr.out, "announced %d: %s\n", len(shown), strings.Join(shown, " "))
}

func mustJSONText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
