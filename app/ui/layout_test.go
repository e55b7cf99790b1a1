package ui

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/game/bots"
	"nightfall/lan"
)

// The big screen at the sizes of a laptop and a projector, for every table
// size the variants allow: golden renders of a few, and a geometric check of
// all of them (no text overlaps another, leaves the window, or sits on the
// table's edge).

var screenSizes = []fyne.Size{{Width: 1280, Height: 720}, {Width: 1920, Height: 1080}}

// Names of realistic length: up to 12 Latin letters, up to 6 Chinese
// characters (from the bundled font, so the renders do not depend on the
// machine's fonts).
var longNames = map[string][]string{
	"en": {"Alexandra", "Christopher", "Konstantinos", "Bartholomew", "Maximilian", "Evangeline", "Jo",
		"Wilhelmina", "Sebastian K.", "Anastasia", "Marie-Claire", "Guinevere", "Montgomery", "Penelope",
		"Tim", "Rosalind", "Leopold", "Marguerite", "Cassandra", "Ignatius"},
	"zh": {"阿花", "黑森林守夜人", "老村长", "天黑了请闭眼", "狙击手", "森林里的老巫", "安静的火",
		"闭眼不说话", "村口老张", "长夜守护者", "花蝴蝶", "警察在这里", "无名", "白天不说话", "投票人",
		"老林", "天亮了没", "守夜人", "空白", "安安静静"},
}

func testSeatNames(lang string, n int) map[int]string {
	m := map[int]string{}
	for i := 1; i <= n; i++ {
		m[i] = longNames[lang][i-1]
	}
	return m
}

// speechView is day 1 of an n-seat game: seat 6 died in the night, seat 3
// speaks, seat 2 is next.
func speechView(n int) *game.TableView {
	tv := &game.TableView{Variant: "classic-2.0", Players: n, Version: 11, Round: 1, Phase: "day", Stage: "speech",
		Narration: game.Narration{Key: "speech", Round: 1, Seat: 3},
		Speaker:   3, Next: 2, Timer: &game.Timer{Key: 11, Kind: "speech", Seconds: 90},
		Dawn: &game.DawnBody{Round: 1, Dead: []game.Target{{Seat: 6}}}, LastWordsLeft: 2,
		Cues: []game.Cue{{Key: 11, Kind: game.CueTurn, Stage: "speech", Seat: 3}}}
	for s := 1; s <= n; s++ {
		tv.Seats = append(tv.Seats, game.SeatView{Seat: s, Alive: s != 6})
	}
	tv.Order = append(tv.Order, 5, 4, 3, 2, 1)
	for s := n; s > 6; s-- {
		tv.Order = append(tv.Order, s)
	}
	tv.Queue = tv.Order[2:]
	return tv
}

// voteView is the same day's first ballot, everybody having voted for
// seat 9 or seat 4 (a badge on every seat, two rows of tally).
func voteView(n int) *game.TableView {
	tv := speechView(n)
	tv.Stage, tv.Speaker, tv.Next, tv.Queue = "vote", 0, 0, nil
	tv.Narration = game.Narration{Key: "vote", Round: 1}
	tv.Timer = &game.Timer{Key: 30, Kind: "vote", Seconds: 30}
	tv.Cues = []game.Cue{{Key: 30, Kind: game.CueVote}}
	b := &game.BallotView{Index: 1, Mode: "simultaneous-open"}
	c9, c4 := 0, 0
	for s := 1; s <= n; s++ {
		if s == 6 {
			continue
		}
		b.Voters = append(b.Voters, s)
		t := game.Target{Seat: 9}
		if s%3 == 0 {
			t = game.Target{Seat: 4}
			c4++
		} else {
			c9++
		}
		b.Votes = append(b.Votes, game.VoteBody{Seat: s, Target: t})
	}
	b.Cast = len(b.Votes)
	b.Counts = []game.Count{{Target: game.Target{Seat: 9}, Votes: float64(c9)}, {Target: game.Target{Seat: 4}, Votes: float64(c4)}}
	tv.Ballot = b
	return tv
}

// pkView is the run-off after that ballot tied (seats 9 and 4): seat 4
// speaks, the closed ballot's tally still shown.
func pkView(n int) *game.TableView {
	tv := voteView(n)
	tv.Ballot.Counts[1].Votes = tv.Ballot.Counts[0].Votes
	tv.Ballot.Closed, tv.Ballot.Outcome = true, "tie"
	tv.Ballot.Top = []game.Target{{Seat: 9}, {Seat: 4}}
	tv.Stage, tv.Speaker, tv.Next = "pk-speech", 4, 9
	tv.Tied = tv.Ballot.Top
	tv.Narration = game.Narration{Key: "pk-speech", Round: 1, Seat: 4}
	tv.Timer = &game.Timer{Key: 31, Kind: "pk-speech", Seconds: 60}
	tv.Cues = []game.Cue{{Key: 31, Kind: game.CueTurn, Stage: "pk-speech", Seat: 4}}
	return tv
}

// nightView is the second night.
func nightView(n int) *game.TableView {
	tv := speechView(n)
	tv.Phase, tv.Stage, tv.Round, tv.Speaker, tv.Next, tv.Queue = "night", "", 2, 0, 0, nil
	tv.Narration = game.Narration{Key: "night", Round: 2}
	tv.Timer = &game.Timer{Key: 40, Kind: "night", Seconds: 90}
	tv.Cues = []game.Cue{{Key: 40, Kind: game.CueNight}}
	return tv
}

// hostView is what the shell is shown for a table view with names.
func hostView(tv *game.TableView, names map[int]string) lan.HostView {
	hv := lan.HostView{Table: tv, Remaining: 75 * time.Second, HostActions: []string{"end"}}
	if tv.Speaker != 0 { // what the engine's HostActions say with a speaker
		hv.HostActions = []string{"skip", "end"}
	}
	for s := 1; s <= tv.Players; s++ {
		hv.Lobby.Seats = append(hv.Lobby.Seats, lan.LobbySeat{Seat: s, Name: names[s], Taken: true, Online: true})
	}
	return hv
}

// shellAt is the whole window (host bar and screen) at size.
func shellAt(t *testing.T, lang string, size fyne.Size) (*Shell, fyne.Window) {
	t.Helper()
	newTestApp(t, lang)
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	s := NewShell(w, nil, nil)
	s.Now = func() time.Time { return fixed }
	w.SetContent(s.Content())
	w.Resize(size)
	if highContrastTests { // accessible_test.go runs some of these tests again in that look
		useAccessible(t, s)
	}
	return s, w
}

func sizeName(s fyne.Size) string { return fmt.Sprintf("%.0f", s.Width) }

func TestGoldenTableSizes(t *testing.T) {
	var cases []tableCase
	for _, n := range []int{8, 12, 16, 20} {
		cases = append(cases, tableCase{"zh", n})
	}
	cases = append(cases, tableCase{"en", 12}, tableCase{"en", 20})
	goldenTables(t, "screen", shellAt, cases)
}

// tableCase is a table screen to render: its language and seats.
type tableCase struct {
	lang  string
	seats int
}

// goldenTables compares the table screen mid-speeches at every size, for
// each case, and a 16-seat ballot (a badge on every seat, the tally on the
// table) with their golden images, prefix_<size>_table<seats>_<lang>.png
// and prefix_1280_vote16_zh.png, on the shells shell opens.
func goldenTables(t *testing.T, prefix string, shell func(*testing.T, string, fyne.Size) (*Shell, fyne.Window), cases []tableCase) {
	for _, size := range screenSizes {
		for _, c := range cases {
			name := fmt.Sprintf("%s_%s_table%d_%s.png", prefix, sizeName(size), c.seats, c.lang)
			t.Run(name, func(t *testing.T) {
				s, w := shell(t, c.lang, size)
				s.Show(hostView(speechView(c.seats), testSeatNames(c.lang, c.seats)))
				golden(t, name, w.Canvas().Capture())
			})
		}
	}
	t.Run("vote", func(t *testing.T) {
		s, w := shell(t, "zh", screenSizes[0])
		s.Show(hostView(voteView(16), testSeatNames("zh", 16)))
		golden(t, prefix+"_1280_vote16_zh.png", w.Canvas().Capture())
	})
}

func TestGoldenLobbySizes(t *testing.T) {
	goldenLobbies(t, "screen", shellAt)
}

// goldenLobbies compares a 16-seat lobby of long names with a few seats
// still empty, in English at 1280 and Chinese at 1920, with its golden
// images prefix_<size>_lobby_<lang>.png, on the shells shell opens.
func goldenLobbies(t *testing.T, prefix string, shell func(*testing.T, string, fyne.Size) (*Shell, fyne.Window)) {
	for _, c := range []struct {
		lang string
		size fyne.Size
	}{{"en", screenSizes[0]}, {"zh", screenSizes[1]}} {
		name := fmt.Sprintf("%s_%s_lobby_%s.png", prefix, sizeName(c.size), c.lang)
		t.Run(name, func(t *testing.T) {
			s, w := shell(t, c.lang, c.size)
			srv := newTable(t, "classic-2.0", 16, 1)
			for i, n := range longNames[c.lang][:16] {
				if (i+1)%5 != 0 { // a few seats still empty
					join(t, srv, i+1, n)
				}
			}
			s.Show(pinned(srv.View()))
			golden(t, name, w.Canvas().Capture())
		})
	}
}

// overView is a finished game of n seats (the 12-seat golden view, its
// roles repeated round a larger table).
func overView(t *testing.T, n int) *game.TableView {
	tv := loadView(t, "over")
	base := tv.Reveal
	tv.Reveal = nil
	tv.Seats = nil
	for s := 1; s <= n; s++ {
		r := base[(s-1)%len(base)]
		r.Seat = s
		tv.Reveal = append(tv.Reveal, r)
		tv.Seats = append(tv.Seats, game.SeatView{Seat: s, Alive: len(r.Alive) == 0 || r.Alive[0]})
	}
	tv.Players = n
	return tv
}

func TestGoldenGameOverSizes(t *testing.T) {
	for _, c := range []struct {
		lang  string
		size  fyne.Size
		seats int
	}{{"zh", screenSizes[0], 12}, {"en", screenSizes[1], 20}} {
		name := fmt.Sprintf("screen_%s_over%d_%s.png", sizeName(c.size), c.seats, c.lang)
		t.Run(name, func(t *testing.T) {
			s, w := shellAt(t, c.lang, c.size)
			s.Show(hostView(overView(t, c.seats), testSeatNames(c.lang, c.seats)))
			s.Over().Step(100)
			golden(t, name, w.Canvas().Capture())
		})
	}
}

// TestLayoutNoCollisions: for 6 to 20 seats, at both sizes, in both
// languages, in a speech and a vote: every text of the table screen is
// inside the window, no two overlap, the names are whole, none sits on the
// table's edge, and the table is centred.
func TestLayoutNoCollisions(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		for _, size := range screenSizes {
			for n := 6; n <= 20; n++ {
				for stage, view := range map[string]func(int) *game.TableView{"speech": speechView, "vote": voteView, "pk": pkView, "night": nightView} {
					t.Run(fmt.Sprintf("%s/%s/%d/%s", lang, sizeName(size), n, stage), func(t *testing.T) {
						s, _ := shellAt(t, lang, size)
						tv := view(n)
						names := testSeatNames(lang, n)
						s.Show(hostView(tv, names))
						checkTable(t, s.Table(), names, size)
						checkCaptionBar(t, s, size)
					})
				}
			}
		}
	}
}

// placed is a text as drawn, in the table screen's coordinates.
type placed struct {
	text string
	r    Rect
	onto bool // drawn on a background of its own (a badge): may cover the table's edge
}

// textRect is where a canvas.Text's letters are, offset by off.
func textRect(x *canvas.Text, off fyne.Position) Rect {
	m := x.MinSize()
	p := x.Position().Add(off)
	switch x.Alignment {
	case fyne.TextAlignCenter:
		p.X += (x.Size().Width - m.Width) / 2
	case fyne.TextAlignTrailing:
		p.X += x.Size().Width - m.Width
	}
	// The font's line height has room above and below the letters.
	return Rect{fyne.NewPos(p.X, p.Y+m.Height*0.15), fyne.NewSize(m.Width, m.Height*0.7)}
}

func checkTable(t *testing.T, ts *TableScreen, names map[int]string, win fyne.Size) {
	t.Helper()
	screen := Rect{Size: ts.Size()}
	if ts.Size().Width < win.Width*0.95 || ts.Size().Height < win.Height*0.8 {
		t.Fatalf("table screen is %v in a %v window", ts.Size(), win)
	}
	ring := ts.Ring()
	g := ring.Geometry()
	off := ring.Position()
	// Centred: the table's centre is the screen's, across, unless the
	// texts need a column of their own (a run-off with the tally).
	side := ring.Size().Width < ts.Size().Width*0.9
	if side && ts.st.View.Stage != "pk-speech" {
		t.Errorf("the table leaves the middle in stage %q", ts.st.View.Stage)
	}
	if cx := off.X + g.Center.X; !side && math.Abs(float64(cx-ts.Size().Width/2)) > 2 {
		t.Errorf("table centre at x %.0f, screen centre %.0f", cx, ts.Size().Width/2)
	}
	if !g.Fits {
		t.Errorf("the ring's geometry does not fit (radius %.1f)", g.Radius)
	}
	var texts []placed
	shown := map[string]bool{}
	for _, o := range test.WidgetRenderer(ring).Objects() {
		if x, ok := o.(*canvas.Text); ok && x.Text != "" {
			texts = append(texts, placed{x.Text, textRect(x, off), x.Color == color.Black}) // a badge
			shown[x.Text] = true
		}
	}
	for s, n := range names {
		if !shown[n] {
			t.Errorf("seat %d's name %q is not shown whole", s, n)
		}
	}
	inTable := func(p fyne.Position) bool { return g.InTable(p.Subtract(off)) }
	for _, o := range test.WidgetRenderer(ts).Objects() {
		x, ok := o.(*canvas.Text)
		if !ok || x.Text == "" || !x.Visible() {
			continue
		}
		r := textRect(x, fyne.Position{})
		texts = append(texts, placed{x.Text, r, false})
		if x == ts.narr || x == ts.phase {
			continue
		}
		if side {
			// Too much for the table: the texts are in a column on its right.
			if r.Pos.X < off.X+ring.Size().Width {
				t.Errorf("%q (%v) is not right of the table", x.Text, r)
			}
			continue
		}
		// The board's texts are on the table.
		for _, c := range corners(r) {
			if !inTable(c) {
				t.Errorf("%q (%v) is not on the table", x.Text, r)
				break
			}
		}
	}
	for _, x := range []*canvas.Text{ts.clock, ts.clockLabel} {
		if x.Text != "" {
			texts = append(texts, placed{x.Text, textRect(x, ts.face.Position()), false})
		}
	}
	for i, a := range texts {
		if !a.r.Inside(screen) {
			t.Errorf("%q (%v) leaves the screen %v", a.text, a.r, screen.Size)
		}
		for _, b := range texts[i+1:] {
			if a.r.Overlaps(b.r) {
				t.Errorf("%q (%v) overlaps %q (%v)", a.text, a.r, b.text, b.r)
			}
		}
		// Names and notes are off the table's edge: all inside or all outside.
		if !a.onto {
			in, cs := 0, corners(a.r)
			for _, c := range cs {
				if inTable(c) {
					in++
				}
			}
			if in != 0 && in != len(cs) {
				t.Errorf("%q (%v) lies across the table's edge", a.text, a.r)
			}
		}
	}
}

func corners(r Rect) []fyne.Position {
	x0, y0 := r.Pos.X, r.Pos.Y
	x1, y1 := x0+r.Size.Width, y0+r.Size.Height
	return []fyne.Position{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x0, Y: y1}, {X: x1, Y: y1}, {X: (x0 + x1) / 2, Y: y0}, {X: (x0 + x1) / 2, Y: y1}}
}

// The lobby's and the game-over screen's rings fit for every table size,
// and the lobby's option values are whole (no "counterclo…"); at
// cat-lives-7's end every seat's five cards show whole ("Imprison /…" did
// not), its lines broken between cards.
func TestLayoutLobbyAndOver(t *testing.T) {
	for _, lang := range []string{"zh", "en"} {
		for _, size := range screenSizes {
			t.Run(lang+"/"+sizeName(size), func(t *testing.T) {
				s, _ := shellAt(t, lang, size)
				checked := 0
				for _, v := range game.Variants() {
					srv := newTable(t, v.ID, v.MinPlayers, 1)
					for i := 1; i <= v.MinPlayers; i++ {
						join(t, srv, i, longNames[lang][i-1])
					}
					hv := srv.View()
					s.Show(hv)
					for _, o := range hv.Lobby.Options {
						for _, c := range o.Choices {
							_, own := trIf("val." + o.Name + "." + c)
							if _, any := trIf("val." + c); !own && !any {
								t.Errorf("%s: value %s of %s has no name in %s", v.ID, c, o.Name, lang)
							}
						}
					}
					for _, o := range s.Lobby().opts.Objects {
						if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "opt.") {
							t.Errorf("%s: option %s has no name in %s", v.ID, l.Text, lang)
						}
						sel, ok := o.(*widget.Select)
						if !ok {
							continue
						}
						checked++
						if sel.Size().Width+0.5 < optionWidth(sel) {
							t.Errorf("%s: an option's values need %.0f wide, get %.0f: %q", v.ID, optionWidth(sel), sel.Size().Width, sel.Options)
						}
					}
					if sel := s.Lobby().variant; sel.Size().Width+0.5 < optionWidth(sel) {
						t.Errorf("the variant list needs %.0f wide, gets %.0f", optionWidth(sel), sel.Size().Width)
					}
				}
				if checked < 20 {
					t.Errorf("only %d option lists checked", checked)
				}
				for n := 6; n <= 20; n++ {
					srv := newTable(t, "two-hands", n, 1)
					for i := 1; i <= n; i++ {
						join(t, srv, i, longNames[lang][i-1])
					}
					s.Show(srv.View())
					if g := s.Lobby().Ring().Geometry(); !g.Fits {
						t.Errorf("lobby, %d seats: the ring does not fit", n)
					}
					s.Show(hostView(overView(t, n), testSeatNames(lang, n)))
					s.Over().Step(100)
					if g := s.Over().ring.Geometry(); !g.Fits {
						t.Errorf("game over, %d seats: the ring does not fit", n)
					}
					right := s.Over().content.Size().Width
					for _, x := range s.Over().shown {
						if x.Text != "" && x.Position().X+x.MinSize().Width > right {
							t.Errorf("game over, %d seats: replay line %q runs off the right edge", n, x.Text)
						}
					}
				}
				// cat-lives-7's end: each seat's five cards all shown, on
				// lines broken between cards
				tv := catOverView(t)
				s.Show(hostView(tv, testSeatNames(lang, 7)))
				s.Over().Step(100)
				g := s.Over().ring.Geometry()
				if !g.Fits {
					t.Error("cat-lives-7's game over: the ring does not fit")
				}
				sep := strings.TrimSpace(tr("list.cards"))
				for i, r := range tv.Reveal {
					var cards []string
					for _, l := range g.Notes[i] {
						for _, c := range strings.Split(l, sep) {
							if c = strings.TrimSpace(c); c != "" {
								cards = append(cards, c)
							}
						}
					}
					var want []string
					for _, role := range r.Roles {
						want = append(want, RoleName(lookupVariant(tv.Variant), role))
					}
					if !slices.Equal(cards, want) {
						t.Errorf("cat-lives-7's game over: seat %d's cards read %q, want %q", r.Seat, g.Notes[i], want)
					}
				}
			})
		}
	}
}

// catOverView is a finished game of cat-lives-7 (random players): every
// seat holds five cards.
func catOverView(t *testing.T) *game.TableView {
	t.Helper()
	g, err := game.New(game.Setup{Variant: "cat-lives-7", Players: 7, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var random bots.Random
	random.Play(g, rand.New(rand.NewPCG(3, 7)))
	if !g.Over() {
		t.Fatal("the game of cat-lives-7 did not end")
	}
	tv := g.TableView()
	for _, r := range tv.Reveal {
		if len(r.Roles) != 5 {
			t.Fatalf("seat %d holds %d cards, not five", r.Seat, len(r.Roles))
		}
	}
	return &tv
}

// The lobby looks up only names that exist: showing every variant's
// options in both languages logs no "Translation failure" (Fyne logs one
// for every key a language lacks).
func TestLobbyNoTranslationFailure(t *testing.T) {
	var logged bytes.Buffer
	prev := log.Writer()
	log.SetOutput(io.MultiWriter(&logged, prev))
	defer log.SetOutput(prev)
	for _, lang := range []string{"zh", "en"} {
		s, _ := shellAt(t, lang, screenSizes[0])
		for _, v := range game.Variants() {
			srv := newTable(t, v.ID, v.MinPlayers, 1)
			s.Show(srv.View())
			if len(s.Lobby().opts.Objects) == 0 && len(srv.View().Lobby.Options) > 0 {
				t.Fatalf("%s: the lobby shows no option", v.ID)
			}
		}
	}
	log.SetOutput(prev)
	if strings.Contains(logged.String(), "Translation failure") {
		t.Errorf("the lobby logs translation failures:\n%s", logged.String())
	}
}

func TestVariantLabel(t *testing.T) {
	for _, c := range []struct{ lang, id, want string }{
		{"en", "cat-lives-7", "A cat has n lives (7 players)"},
		{"zh", "cat-lives-7", "猫命7人规则"},
		{"en", "classic-2.0", "Classic 2.0  (8–17 players)"},
		{"zh", "classic-2.0", "经典2.0  (8–17人)"},
	} {
		newTestApp(t, c.lang)
		if got := variantLabel(lookupVariant(c.id)); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.lang, c.id, got, c.want)
		}
	}
}

// TestQueueNoOrphan: the "still to speak" list, when it wraps, leaves no
// seat number alone on its last line ("…, 9, 8," over a lone "7"), at both
// sizes, in both languages, for 6 to 20 seats; and its lines are the
// whole list.
func TestQueueNoOrphan(t *testing.T) {
	wrapped := 0
	for _, lang := range []string{"zh", "en"} {
		for _, size := range screenSizes {
			for n := 6; n <= 20; n++ {
				s, _ := shellAt(t, lang, size)
				s.Show(hostView(speechView(n), testSeatNames(lang, n)))
				ts := s.Table()
				lines := columnLines(ts, ts.queue)
				if got, want := strings.Join(lines, ""), strings.ReplaceAll(ts.full[ts.queue], " ", ""); strings.ReplaceAll(got, " ", "") != want {
					t.Errorf("%s %s, %d seats: the queue reads %q, want %q", lang, sizeName(size), n, lines, ts.full[ts.queue])
				}
				if len(lines) < 2 {
					continue
				}
				wrapped++
				last := lines[len(lines)-1]
				if len(strings.FieldsFunc(last, func(r rune) bool { return r < '0' || r > '9' })) < 2 {
					t.Errorf("%s %s, %d seats: the queue's last line is one number alone: %q", lang, sizeName(size), n, lines)
				}
			}
		}
	}
	if wrapped == 0 {
		t.Error("the queue never wraps: the test checks nothing")
	}
}

// columnLines is the lines tx is drawn on in the table screen's column:
// tx's own and the extra lines under it (placeWrapped).
func columnLines(ts *TableScreen, tx *canvas.Text) []string {
	var col []*canvas.Text
	for _, o := range test.WidgetRenderer(ts).Objects() {
		if x, ok := o.(*canvas.Text); ok && x.Text != "" && x.Visible() && x.Position().X == tx.Position().X {
			col = append(col, x)
		}
	}
	sort.SliceStable(col, func(i, j int) bool { return col[i].Position().Y < col[j].Position().Y })
	out := []string{tx.Text}
	for i := slices.Index(col, tx) + 1; i < len(col) && slices.Contains(ts.wraps[:ts.nwraps], col[i]); i++ {
		out = append(out, col[i].Text)
	}
	return out
}
