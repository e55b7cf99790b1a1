package lan

// A whole werewolf-12 game in Chinese with twelve phones: the witch's, the
// seer's and a villager's are real pages in headless Chromium played
// through their own buttons (the night's picks, 上警/不上警, the election's
// votes, a skill turn's pick and Confirm, the badge, the order, last words),
// the other nine are bot phones; the sheriff is elected in a PK (two bot
// candidates, a first ballot scripted to a 5–5 tie).
//
//	NIGHTFALL_SHOTS=/tmp/shots go test ./lan -run TestBrowserWerewolf   # screenshots at 360 px

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nightfall/assets"
	"nightfall/game"
)

// wwStepJS is stepJS with werewolf-12's day turns: 不上警 in the stand
// window, a seat and Confirm in a skill or badge turn, the left side in
// the order turn, and in the election the seat the test names
// (window.__nfVote) instead of the last candidate.
const wwStepJS = `(() => {
  const s = document.body.dataset.screen;
  const q = (x) => document.querySelector(x), qa = (x) => [...document.querySelectorAll(x)];
  const usable = (el) => !!el && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  if (s === 'day' || s === 'watch') {
    const turn = q('.turn');
    if (turn) {
      if (turn.classList.contains('stand')) { const b = q('.turn .btn.second'); if (usable(b)) { b.click(); return 'stand:' + b.textContent; } return ''; }
      if (turn.classList.contains('order')) { const b = q('.turn .btn.primary'); if (usable(b)) { b.click(); return 'order:' + b.textContent; } return ''; }
      const prim = q('.turn .btn.primary');
      if (usable(prim)) { prim.click(); return 'turn-confirm:' + prim.textContent; }
      if (!q('.turn .seat.selected')) {
        const c = qa('.turn .seat').find((c) => usable(c) && !c.classList.contains('dead') && !c.classList.contains('me'));
        if (c) { c.click(); return 'turn-pick:' + c.dataset.id; }
      }
      return '';
    }
    if (window.__nfVote && q('.vote')) {
      const vp = q('.vote .btn.primary');
      if (usable(vp)) { vp.click(); return 'vote:' + vp.textContent; }
      const c = q('.vote .seat[data-id="' + window.__nfVote + '"]');
      if (usable(c) && !q('.vote .seat.selected')) { c.click(); return 'vote-pick:' + c.dataset.id; }
      return '';
    }
  }
  return ` + stepJS + `;
})()`

func TestBrowserWerewolf(t *testing.T) {
	browser := startChromium(t)
	zh := loadZh(t)
	const n, seed = 12, 21
	// the deal the host makes from this seed
	g0, err := game.New(game.Setup{Variant: "werewolf-12", Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	roles := []string{""}
	for _, s := range g0.State().Seats {
		roles = append(roles, s.Cards[0].Role)
	}
	first := func(r string) int { return slices.Index(roles, r) }
	witch, seer, villager := first("witch"), first("seer"), first("villager")
	pageSeats := []int{witch, seer, villager}
	var cands []int // the two candidates: the first bot seats
	for seat := 1; seat <= n && len(cands) < 2; seat++ {
		if !slices.Contains(pageSeats, seat) {
			cands = append(cands, seat)
		}
	}
	a, b := cands[0], cands[1]
	t.Logf("roles %v; pages: witch %d, seer %d, villager %d; candidates %d and %d", roles[1:], witch, seer, villager, a, b)

	h := newHarness(t, Config{Variant: "werewolf-12", Players: n, Seed: seed, TableName: "狼人杀测试桌"})
	url := pageURL(t, h)
	pages := map[int]*browserPhone{}
	for _, seat := range pageSeats {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		p := &browserPhone{t: t, ctx: ctx, seat: seat}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 780), chromedp.Navigate(url)); err != nil {
			t.Fatalf("seat %d: open %s: %v", seat, url, err)
		}
		p.waitFor("the join screen", `document.body.dataset.screen === 'join' && document.querySelector('.lobby .seat')`)
		name, _ := json.Marshal(browserNames[seat])
		p.eval(`(() => { const i = document.getElementById('name'); i.value = ` + string(name) + `; i.dispatchEvent(new Event('input')); return ''; })()`)
		p.eval(fmt.Sprintf(`(() => { document.querySelector('.lobby .seat[data-id="%d"]').click(); return ''; })()`, seat))
		p.waitFor("the seat", fmt.Sprintf(`document.getElementById('mySeat').textContent.includes('%d')`, seat))
		pages[seat] = p
	}
	bots := []*phone{nil}
	for seat := 1; seat <= n; seat++ {
		if pages[seat] != nil {
			continue
		}
		p := h.dial("")
		if f := p.join(browserNames[seat], seat); f.T != "welcome" {
			t.Fatalf("join seat %d: %s", seat, f.raw)
		}
		bots = append(bots, p)
	}
	h.host(HostCommand{Do: HostStart})
	h.do(func(s *session) {
		for i, st := range s.g.State().Seats {
			if st.Cards[0].Role != roles[i+1] {
				t.Fatalf("seat %d is %s, not the %s the seed deals", i+1, st.Cards[0].Role, roles[i+1])
			}
		}
	})
	tb := &table{t: t, h: h, phones: bots, rng: rand.New(rand.NewPCG(seed, seed+1)), known: map[int][]game.Known{}, idle: map[string]bool{}}
	tb.noteRoles()
	for _, p := range bots[1:] {
		p.check = tb.checkFrame
	}

	// The first election, scripted: a and b stand, nobody withdraws; in the
	// first ballot the pages and the two lowest bot voters vote a, the other
	// bots b (5–5: a PK); in the PK everyone votes a.
	wwTable := func() (tv game.TableView, ext *game.WWTableView) {
		h.do(func(s *session) { tv = s.g.TableView() })
		ext, _ = tv.Ext.(*game.WWTableView)
		return tv, ext
	}
	pk := false
	tb.script = func(v *game.PlayerView) (botCmd, bool) {
		tv, ext := wwTable()
		if tv.Round != 1 || tv.Phase != "day" || ext == nil || !ext.Electing {
			return botCmd{}, false
		}
		if tv.Stage == "campaign-pk" {
			pk = true
		}
		v.Tasks = slices.DeleteFunc(v.Tasks, func(t game.Task) bool { return t.Action == "withdraw" })
		for _, task := range v.Tasks {
			if task.Done || !task.Open {
				continue
			}
			switch task.Action {
			case "stand":
				if v.Seat == a || v.Seat == b {
					return botCmd{do: "stand", strict: true}, true
				}
				return botCmd{do: "skip", strict: true}, true
			case "vote":
				target := a
				if !pk && tv.Ballot != nil {
					var botVoters []int
					for _, x := range tv.Ballot.Voters {
						if pages[x] == nil {
							botVoters = append(botVoters, x)
						}
					}
					if i := slices.Index(botVoters, v.Seat); i >= 2 {
						target = b
					}
				}
				x := game.SeatTarget(target)
				return botCmd{do: "vote", target: &x, strict: true}, true
			}
		}
		return botCmd{}, false
	}

	shots := os.Getenv("NIGHTFALL_SHOTS")
	shot := func(p *browserPhone, what string) {
		if shots == "" {
			return
		}
		os.MkdirAll(shots, 0o755)
		buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		os.WriteFile(filepath.Join(shots, "chromium-werewolf-12-"+what+"-360.png"), buf, 0o644)
	}
	shotTaken := map[string]bool{}
	syncPages := func() {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for seat, p := range pages {
			for {
				var want string
				h.do(func(s *session) { want = pageSig(s.g.PlayerView(seat)) })
				got := p.eval(`document.body.dataset.sync + '#' + document.body.dataset.pending`)
				if got == want+"#0" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("seat %d: page at %q, engine at %q", seat, got, want)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
	syncPages()
	var idle stillness
	counts := map[string]int{}
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatalf("the game did not end in 5000 steps (now %s, round %d)", tb.tableView().Stage, tb.tableView().Round)
		}
		tv, ext := wwTable()
		if tv.Phase == "over" {
			break
		}
		electing := tv.Round == 1 && ext != nil && ext.Electing
		acted := false
		for _, seat := range pageSeats {
			p := pages[seat]
			p.eval(usableJS(h, seat))
			vote := "null"
			if electing {
				vote = fmt.Sprint(a)
			}
			p.eval(`(() => { window.__nfVote = ` + vote + `; return ''; })()`)
			// the screens a table would look at
			if tv.Phase == "night" && seat == witch && !shotTaken["witch-night"] {
				var open bool
				h.do(func(s *session) {
					for _, task := range s.g.PlayerView(seat).Tasks {
						open = open || task.Action == "save" && task.Open && len(task.Targets) > 0
					}
				})
				if open {
					shotTaken["witch-night"] = true
					shot(p, "witch-night")
				}
			}
			if tv.Stage == "stand" && !shotTaken["stand"] {
				shotTaken["stand"] = true
				shot(p, "stand")
			}
			did := p.eval(wwStepJS)
			if did == "" {
				continue
			}
			acted = true
			counts[strings.SplitN(did, ":", 2)[0]]++
			if testing.Verbose() {
				t.Logf("seat %d (%s): %s", seat, roles[seat], did)
			}
		}
		syncPages()
		if tb.step() {
			acted = true
		}
		syncPages()
		if !idle.settled(acted) {
			continue
		}
		tb.advance()
		syncPages()
	}
	syncPages()

	// the sheriff: elected in the PK
	var elected []game.SheriffBody
	var pkSeen bool
	potions := map[string]int{} // the witch's page's potions, as the engine took them
	h.do(func(s *session) {
		for _, e := range s.g.Events() {
			switch b := e.Body.(type) {
			case *game.ActBody:
				if b.Seat == witch && (b.Action == "save" || b.Action == "poison") {
					potions[b.Action]++
				}
			case *game.SheriffBody:
				elected = append(elected, *b)
			case *game.SpeechesBody:
				pkSeen = pkSeen || b.Kind == game.StageCampaignPK
			}
		}
	})
	if !pkSeen || len(elected) == 0 || elected[0].Seat != a || elected[0].By != "elected" {
		t.Errorf("the sheriff was not elected in a PK: PK speeches %v, sheriff events %+v (want seat %d elected)", pkSeen, elected, a)
	}
	t.Logf("the pages' moves: %v; the witch's potions %v", counts, potions)
	if potions["save"]+potions["poison"] == 0 {
		t.Error("the witch's page never used a potion")
	}
	for _, k := range []string{"night-confirm", "stand", "vote"} {
		if counts[k] == 0 {
			t.Errorf("the pages never made a %q move", k)
		}
	}
	// the end on every page, in Chinese
	tv := tb.tableView()
	for _, seat := range pageSeats {
		p := pages[seat]
		p.waitFor("the end", `document.body.dataset.screen === 'over'`)
		if got := p.eval(`String(document.querySelectorAll('ul.reveal li').length)`); got != fmt.Sprint(n) {
			t.Errorf("seat %d: %s seats revealed, want %d", seat, got, n)
		}
		if want := zh["winner."+tv.Winner]; want == "" || p.eval(`document.querySelector('.winner').textContent`) != want {
			t.Errorf("seat %d: winner %q, want %q", seat, p.eval(`document.querySelector('.winner').textContent`), want)
		}
		page := p.eval(`document.getElementById('main').innerText`)
		if strings.Contains(page, "{{") || strings.Contains(page, "role.") || strings.Contains(page, "action.") || strings.Contains(page, "answer.") {
			t.Errorf("seat %d: untranslated text on the end screen:\n%s", seat, page)
		}
	}
	t.Logf("game over in round %d: %s (%s)", tv.Round, tv.Winner, tv.Reason)
}

// TestBrowserWerewolfParity: twelve werewolf-12 pages in Chromium at 360
// px. The stand window is byte-identical on every phone, before and after
// 不上警 (while it is open); and the skill turns of one dawn — the knifed hunter, who can
// shoot, then a poisoned villager, who cannot — look byte-identical (but
// for seat numbers) on the dead player's phone, fresh and with a seat
// picked: a neighbour cannot tell the hunter before he shoots.
func TestBrowserWerewolfParity(t *testing.T) {
	browser := startChromium(t)
	const n = 12
	g := newBrowserGame(t, browser, Config{Variant: "werewolf-12", Seed: 5}, browserNames[:n+1])
	for seat := 1; seat <= n; seat++ {
		if err := chromedp.Do(g.phones[seat].ctx, chromedp.EmulateViewport(360, 740)); err != nil {
			t.Fatal(err)
		}
	}
	g.join(false)
	roles := make([]string, n+1)
	seats := []int{}
	g.h.do(func(s *session) {
		for i, st := range s.g.State().Seats {
			roles[i+1] = st.Cards[0].Role
			seats = append(seats, i+1)
		}
	})
	of := func(r string) (out []int) {
		for s := 1; s <= n; s++ {
			if roles[s] == r {
				out = append(out, s)
			}
		}
		return out
	}
	hunter, witch, victim := of("hunter")[0], of("witch")[0], of("villager")[0]
	t.Logf("roles %v: the werewolves knife the hunter %d, the witch %d poisons the villager %d", roles[1:], hunter, witch, victim)
	// night 1: the werewolves knife the hunter; the others skip twice
	for _, w := range of("werewolf") {
		g.click(w, fmt.Sprintf(`.night .seat[data-id="%d"]`, hunter))
		g.click(w, ".night .btn.primary")
	}
	g.sync()
	for _, seat := range seats {
		if roles[seat] == "werewolf" || seat == witch {
			continue
		}
		g.click(seat, ".night .btn.second")
		g.sync()
		g.click(seat, ".night .btn.second")
	}
	g.sync()
	// the witch: the knife is known; no antidote, then the poison
	g.phones[witch].waitFor("the antidote question", `!document.querySelector('.night .btn.second').disabled`)
	g.click(witch, ".night .btn.second")
	g.sync()
	g.click(witch, fmt.Sprintf(`.night .seat[data-id="%d"]`, victim))
	g.click(witch, ".night .btn.primary")
	g.sync()
	for step := 0; g.table().Stage != "stand"; step++ {
		if step > 20 {
			t.Fatalf("no stand window: %s", g.table().Stage)
		}
		browserAdvance(t, g.h)
		g.sync()
	}
	g.sameClosed("the stand window", roles, seats)
	// all but the last choose 不上警: the window is still open (it closes
	// when everyone has chosen)
	for _, seat := range seats[:n-1] {
		g.click(seat, ".turn .btn.second") // 不上警
	}
	g.sync()
	g.sameClosed("after 不上警", roles, seats[:n-1])
	g.click(seats[n-1], ".turn .btn.second")
	g.sync()
	// the skill turns of the dawn: the hunter's, then the villager's
	masked := func(seat int) string {
		return regexpDigits.ReplaceAllString(g.phones[seat].eval(closedJS), "#")
	}
	turn := func(seat int) (fresh, picked string) {
		t.Helper()
		for step := 0; g.table().Stage != "skill" || g.table().Speaker != seat; step++ {
			if step > 20 {
				t.Fatalf("no skill turn for seat %d: %s, speaker %d", seat, g.table().Stage, g.table().Speaker)
			}
			browserAdvance(t, g.h)
			g.sync()
		}
		if got := g.phones[seat].eval(cutJS); got != "" {
			t.Errorf("seat %d's skill turn: cut-off button labels: %s", seat, got)
		}
		fresh = masked(seat)
		g.phones[seat].eval(`(() => { const c = [...document.querySelectorAll('.turn .seat')].find((c) => !c.classList.contains('dead') && !c.classList.contains('me') && c.getAttribute('aria-disabled') !== 'true'); c.click(); return ''; })()`)
		picked = masked(seat)
		g.click(seat, ".turn .btn.second") // 不发动
		g.sync()
		return fresh, picked
	}
	order := []int{hunter, victim}
	slices.Sort(order)
	f1, p1 := turn(order[0])
	f2, p2 := turn(order[1])
	if f1 != f2 {
		t.Errorf("the skill turns differ: seat %d (%s):\n%s\nvs seat %d (%s):\n%s", order[0], roles[order[0]], f1, order[1], roles[order[1]], f2)
	}
	if p1 != p2 {
		t.Errorf("the skill turns with a seat picked differ: seat %d (%s):\n%s\nvs seat %d (%s):\n%s", order[0], roles[order[0]], p1, order[1], roles[order[1]], p2)
	}
	if !strings.Contains(f1, "不发动") {
		t.Errorf("no 不发动 on the skill turn:\n%s", f1)
	}
}

// regexpDigits are the numbers a screen differs by from seat to seat.
var regexpDigits = regexp.MustCompile(`[0-9]+`)

// TestBrowserWerewolfScreens: werewolf-12's screens a table looks at — the
// witch's night (the screen with the knifed seat picked, and the card
// held), the hunter's skill turn with a seat picked, the stand window, a
// candidate's 退水, the badge and the order turns — in Chinese at 360×780,
// from the page's mock mode (the engine's own views, assets/phone/fixtures),
// in each engine NIGHTFALL_ENGINES names (default all three, each skipped
// where not installed): no button label is cut off and nothing is wider
// than the phone. NIGHTFALL_SHOTS=dir keeps screenshots at 360 and 390 px.
func TestBrowserWerewolfScreens(t *testing.T) {
	forEngines(t, []string{"chromium", "firefox", "webkit"}, func(t *testing.T, name string, start func(*testing.T) engine) {
		e := start(t)
		ts := httptest.NewServer(http.FileServerFS(assets.Phone())) // the page and its fixtures, as devserve
		t.Cleanup(ts.Close)
		g := &engineGame{t: t, e: e, seat: 1, label: name + "-werewolf-12"}
		for _, c := range []struct{ what, fixture, extra string }{
			{"witch-night", "ww-night-witch", "&tap=7"},
			{"witch-card", "ww-night-witch", "&peek=1"},
			{"hunter-skill", "ww-skill-hunter", "&tap=5"},
			{"stand", "ww-stand", ""},
			{"withdraw", "ww-campaign-candidate", ""},
			{"badge", "ww-badge", "&tap=4"},
			{"order", "ww-order", ""},
		} {
			if err := e.setSize(360, 780); err != nil {
				t.Fatalf("%s: size: %v", name, err)
			}
			url := fmt.Sprintf("%s/?room=SHOTS&case=%s#mock=%s&lang=zh%s", ts.URL, c.what, c.fixture, c.extra)
			if err := e.navigate(url); err != nil {
				t.Fatalf("%s: open %s: %v", name, url, err)
			}
			g.waitFor(c.what, `document.fonts.status === 'loaded' && !!document.body.dataset.screen && !!document.querySelector('#main .panel')`)
			if cut := g.eval(cutJS); cut != "" {
				t.Errorf("%s, %s: cut-off button labels: %s", name, c.what, cut)
			}
			if g.eval(`document.documentElement.scrollWidth <= innerWidth`) != "true" {
				t.Errorf("%s, %s: the page is wider than the phone: %s", name, c.what, g.eval(`document.documentElement.scrollWidth + '/' + innerWidth`))
			}
			g.shot(c.what)
		}
	})
}
