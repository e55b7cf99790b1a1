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
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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
