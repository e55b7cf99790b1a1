package game

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// catCommands lists, for the randomized tests, cat-lives-7 commands a
// player's view offers beyond its tasks: privileges with the manifesto text,
// aimed positions and forms they need, discard orders, stances and
// withdrawals. game/bots has its copy (catCommands there): this package
// cannot import it.
func catCommands(pv PlayerView) []Command {
	cp := CatPlayer(&pv)
	if cp == nil || len(pv.Tasks) == 0 {
		return nil
	}
	var out []Command
	need := cp.Manifesto.Min*(cp.Manifesto.Attacks+1) - cp.Manifesto.Chars
	text := strings.Repeat("猫", max(need, 0)) + " 命"
	for _, p := range cp.Privileges {
		if !p.Usable {
			continue
		}
		base := Command{Seat: pv.Seat, Do: p.Action}
		var ba CatArgs
		if p.Form {
			ba.Via = "amoeba"
		}
		if slices.Contains(p.Needs, "text") {
			ba.Text = text
		}
		base.Args = ba
		if p.Target == "none" {
			for _, into := range p.Into {
				c, a := base, ba
				a.Into = into
				c.Args = a
				out = append(out, c)
			}
			if p.Into == nil {
				out = append(out, base)
			}
			continue
		}
		for _, t := range p.Targets {
			c := base
			c.Target = &t
			if ks := p.Positions[t.String()]; len(ks) > 0 {
				for _, k := range ks {
					a := ba
					a.Position = k
					c.Args = a
					out = append(out, c)
				}
				continue
			}
			out = append(out, c)
		}
	}
	if cp.OrderOpen {
		var held []string
		for _, c := range cp.Cards {
			if !c.Pending {
				held = append(held, c.Card)
			}
		}
		if len(held) > 1 {
			out = append(out, Command{Seat: pv.Seat, Do: "order", Args: CatArgs{Order: slices.Clone(held)}})
			rev := slices.Clone(held[:len(held)-1])
			slices.Reverse(rev)
			out = append(out, Command{Seat: pv.Seat, Do: "order", Args: CatArgs{Order: append(rev, held[len(held)-1])}})
		}
	}
	if cp.Stance != nil && slices.ContainsFunc(pv.Tasks, func(t Task) bool { return t.Action == "stance" }) {
		for _, camp := range []string{"killers", "werewolves"} {
			out = append(out, Command{Seat: pv.Seat, Do: "stance", Args: CatArgs{Camp: camp}}, Command{Seat: pv.Seat, Do: "stance", Args: CatArgs{Camp: camp, Cowin: true}})
		}
	}
	for _, a := range cp.Pending {
		out = append(out, Command{Seat: pv.Seat, Do: "withdraw", Args: CatArgs{Action: a.Action}})
	}
	return out
}

// catBotMove is botMove for cat-lives-7, reading the state directly: at
// night and by day each living player tries two random privileges (a legal
// target, the manifesto, position or form it needs), by day votes (and
// sometimes changes), the speakers pass, and the phase's segments end.
func catBotMove(g *Game, r *rand.Rand) bool {
	s := &g.s
	switch s.Phase {
	case "over":
		return false
	case "night", "day":
		if s.Phase == PhaseDay && (s.Day.Speaker != 0 || catOf(s).DayOver) {
			if s.Day.Speaker != 0 {
				mustApply(g, Command{Seat: s.Day.Speaker, Do: "pass"})
			} else {
				mustApply(g, Command{Do: "timeout"})
			}
			return true
		}
		living := s.Living()
		text := strings.Repeat("猫", s.OptInt("manifestoMinChars"))
		for _, seat := range living {
			for k := 0; k < 2; k++ {
				m := catModes[r.IntN(len(catModes))]
				card, why := catModeProblem(s, seat, m, "")
				if why != nil {
					continue
				}
				a := CatArgs{Text: text}
				c := Command{Seat: seat, Do: m.ID}
				if m.Target != "none" {
					x := SeatTarget(living[r.IntN(len(living))])
					if catTargetProblem(s, seat, m, card, x) != nil {
						continue
					}
					c.Target = &x
					a.Position = 1 + r.IntN(catPublicCards(s, x.Seat))
				}
				if m.ID == "transform" {
					forms := catIntoChoices(s, seat)
					a.Into = forms[r.IntN(len(forms))]
				}
				c.Args = a
				_, _ = g.Apply(c) // an aimed position may not fit
			}
			if s.Phase == PhaseDay && s.Day.Ballot != nil && slices.Contains(s.Day.Ballot.Voters, seat) {
				if _, cast := catVotes(s.Day.Ballot, seat); cast == 0 || (cast == 1 && r.IntN(4) == 0) {
					x := SeatTarget(living[r.IntN(len(living))])
					_, _ = g.Apply(Command{Seat: seat, Do: "vote", Target: &x})
				}
			}
		}
		mustApply(g, Command{Do: "timeout"})
	}
	return s.Phase != PhaseOver
}

func catRun(t *testing.T, script string) []map[string]any {
	t.Helper()
	events, err := RunScript([]byte(script))
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, e := range events {
		var m map[string]any
		_ = json.Unmarshal(mustJSONBytes(e), &m)
		out = append(out, m)
	}
	return out
}

// TestCatLosses: §9's bodyguard algorithm on the worked examples 2 and 3
// (Q = [C1, G, S, C2, Z], the bodyguard at index 1) and edge cases.
func TestCatLosses(t *testing.T) {
	K := catHit{Kind: "KILLER", Cause: "attack"}
	W := catHit{Kind: "WEREWOLF", Cause: "attack"}
	S := catHit{Kind: "SNIPER", Cause: "attack"}
	B := catHit{Kind: "BIND", Cause: "binding"}
	U := catHit{Kind: "U", Cause: "deathblow"}
	idx := func(rs []catRemoval) []int {
		out := []int{}
		for _, r := range rs {
			out = append(out, r.Index)
		}
		return out
	}
	cases := []struct {
		name    string
		q       int
		guard   int
		pending bool
		aimed   []int
		hits    []catHit
		want    []int
	}{
		{"ex2: K K W break the bodyguard", 5, 1, false, nil, []catHit{K, K, W}, []int{0, 1}},
		{"ex2: K K K one kind, only C1", 5, 1, false, nil, []catHit{K, K, K}, []int{0}},
		{"ex2: K + ultimate kill", 5, 1, false, nil, []catHit{K, U}, []int{0, 1}},
		{"ex2: K K W S, then S", 5, 1, false, nil, []catHit{K, K, W, S}, []int{0, 1, 2}},
		{"ex3: aimed 2 + K bypasses G", 5, 1, false, []int{2}, []catHit{K}, []int{0, 3}},
		{"ex3: aimed at G + W W", 5, 1, false, []int{4}, []catHit{W, W}, []int{0, 1}},
		{"ex3: aimed at G + S S", 5, 1, false, []int{4}, []catHit{S, S}, []int{0}},
		{"no bodyguard: hits from the front", 5, -1, false, nil, []catHit{K, W}, []int{0, 1}},
		{"no bodyguard: more hits than cards", 2, -1, false, nil, []catHit{K, W, S}, []int{0, 1}},
		{"bodyguard first, one kind: nothing", 3, 0, false, nil, []catHit{K, K}, []int{}},
		{"bodyguard first, two kinds", 3, 0, false, nil, []catHit{K, W, K}, []int{0, 1}},
		{"bind + attack are two kinds", 3, 0, false, nil, []catHit{B, K}, []int{0}},
		{"two kinds but n < f+2", 5, 2, false, nil, []catHit{K, W, S}, []int{0, 1}},
		{"pending card: aimed on it misses", 4, -1, true, []int{5}, nil, []int{}},
		{"pending card: position 4 is Q[0]", 4, -1, true, []int{4}, nil, []int{0}},
		{"aimed twice on one card: one loss", 5, -1, false, []int{3, 3}, nil, []int{2}},
		{"aimed beyond the cards misses", 2, -1, false, []int{3}, nil, []int{}},
	}
	for _, c := range cases {
		got := idx(catLosses(c.q, c.guard, c.pending, c.aimed, c.hits))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: removed %v, want %v", c.name, got, c.want)
		}
	}
	// Causes: the ultimate kill breaks the bodyguard; the attack takes C1.
	rs := catLosses(5, 1, false, nil, []catHit{U, K})
	if len(rs) != 2 || rs[0].Cause != "attack" || rs[1].Cause != "deathblow" {
		t.Errorf("causes %+v, want C1 attack, G deathblow", rs)
	}
}

// TestCatModify: §8.9 and R17's order (doublings, halvings, +1s, −1s,
// floor 0), with example 5's numbers.
func TestCatModify(t *testing.T) {
	cases := []struct {
		n    int
		mods []string
		want int
	}{
		{8, []string{"vicious-curse"}, 16},
		{13, []string{"devout-bless"}, 6},
		{2, []string{"curse"}, 3},
		{1, nil, 1},
		{0, []string{"bless"}, 0},
		{1, []string{"bless", "bless"}, 0},
		{5, []string{"bless", "vicious-curse"}, 9},
		{5, []string{"devout-bless", "vicious-curse"}, 5},
		{7, []string{"devout-bless", "devout-bless"}, 1},
		{3, []string{"curse", "devout-bless"}, 2},
		{0, []string{"curse", "vicious-curse"}, 1},
	}
	for _, c := range cases {
		if got := catModify(c.n, c.mods); got != c.want {
			t.Errorf("catModify(%d, %v) = %d, want %d", c.n, c.mods, got, c.want)
		}
	}
}

// TestCatExecuted: §12 step 3 and R24.
func TestCatExecuted(t *testing.T) {
	tot := func(vs ...int) []Count {
		var out []Count
		for i, v := range vs {
			out = append(out, Count{Target: SeatTarget(i + 1), Votes: float64(v)})
		}
		return out
	}
	cases := []struct {
		totals []Count
		living int
		want   []int
	}{
		{tot(3, 16, 0, 6, 0, 0, 1), 7, []int{2, 4}},
		{tot(5, 5, 5, 1), 4, []int{1, 2, 3}},
		{tot(9, 4, 4, 1), 4, []int{1, 2, 3}},
		{tot(9, 0, 0), 3, []int{1}},
		{tot(0, 0, 0), 3, nil},
		{tot(3, 2), 2, []int{1}},
		{tot(2, 2), 2, nil},
		{tot(0, 0), 2, nil},
	}
	for _, c := range cases {
		if got := catExecuted(c.totals, c.living); !slices.Equal(got, c.want) {
			t.Errorf("catExecuted(%v, %d) = %v, want %v", c.totals, c.living, got, c.want)
		}
	}
}

// catDeal is a scripted deal for the table tests (seat 7 is free-choice).
const catDeal = `"deal":[["commoner","jail","deathblow","amoeba","killer"],
 ["commoner","witchdoctor","soulbind","curse","werewolf"],
 ["commoner","bodyguard","sniper","commoner","soulbind"],
 ["commoner","bodyguard","sniper","commoner","witchdoctor"],
 ["commoner","commoner","vest","curse","arson"],
 ["commoner","commoner","amoeba","bodyguard","vest"],
 ["commoner","jail","deathblow","arson","amoeba"]]`

func catScript(opts string, steps ...string) string {
	if opts == "" {
		opts = `"manifestoMinChars":0`
	}
	return `{"variant":"cat-lives-7","players":7,"seed":7,"options":{"freeChoiceSeat":7,` + opts + `},` + catDeal +
		`,"steps":[` + strings.Join(steps, ",") + `]}`
}

// catPoints returns the AP balances of the points events of round r.
func catPoints(es []map[string]any, r int) map[int]int {
	out := map[int]int{}
	for _, e := range es {
		if e["type"] == "points" && int(e["round"].(float64)) == r {
			out[int(e["seat"].(float64))] = int(e["ap"].(float64))
		}
	}
	return out
}

func catRejections(es []map[string]any) []string {
	var out []string
	for _, e := range es {
		if e["type"] == "rejected" {
			out = append(out, e["reason"].(string))
		}
	}
	return out
}

// TestCatPoints: §7's arithmetic (gain, upkeep, carry-over, arson paid and
// suffered), example 1 and its variants.
func TestCatPoints(t *testing.T) {
	days := `{"do":"timeout"},{"do":"timeout"}`
	passes := `{"seat":1,"do":"pass"},{"seat":2,"do":"pass"},{"seat":3,"do":"pass"},{"seat":4,"do":"pass"},{"seat":5,"do":"pass"},{"seat":6,"do":"pass"},{"seat":7,"do":"pass"}`
	es := catRun(t, catScript("",
		`{"seat":3,"do":"snipe","target":6}`, `{"seat":3,"do":"bind","target":2}`, `{"seat":5,"do":"vest"}`,
		`{"do":"timeout"}`, `{"seat":5,"do":"arson","target":3}`, catVotesFor(6), passes, days))
	if r := catRejections(es); r != nil {
		t.Fatal(r)
	}
	n1, n2 := catPoints(es, 1), catPoints(es, 2)
	if n1[3] != 3 || n1[5] != 4 {
		t.Errorf("night 1: seat 3 has %d (want 2+2−1 = 3), seat 5 %d (want 4)", n1[3], n1[5])
	}
	if n2[5] != 3 || n2[3] != 1 {
		t.Errorf("night 2: seat 5 has %d (want 3+4 = 7 − 4 = 3), seat 3 %d (want 0+4−1 = 3, halved: 1)", n2[5], n2[3])
	}
	// Arson with 0 AP is accepted; costs are refused beyond the balance.
	es = catRun(t, catScript("",
		`{"seat":3,"do":"snipe","target":6}`, `{"seat":3,"do":"bind","target":2}`, `{"seat":3,"do":"vest"}`,
		`{"seat":3,"do":"snipe","target":6}`, `{"seat":5,"do":"vest"}`, `{"seat":5,"do":"vicious-curse","target":1}`,
		`{"seat":5,"do":"curse","target":1}`, `{"seat":5,"do":"arson","target":4}`, `{"seat":5,"do":"vest"}`))
	r := catRejections(es)
	if len(r) != 3 || !strings.Contains(r[0], "hold no card with vest") || !strings.Contains(r[1], "costs 1 AP; you have 0") ||
		!strings.Contains(r[2], "already used vest tonight") {
		t.Errorf("rejections %q", r)
	}
	// Withdrawal frees the AP.
	es = catRun(t, catScript("",
		`{"seat":3,"do":"bind","target":2}`, `{"seat":3,"do":"bind","target":4}`, `{"seat":3,"do":"withdraw","action":"bind","target":2}`,
		`{"seat":3,"do":"bind","target":5}`, `{"seat":3,"do":"snipe","target":6}`))
	if r := catRejections(es); len(r) != 1 || !strings.Contains(r[0], "costs 2 AP; you have 1") {
		t.Errorf("rejections %q", r)
	}
}

// catVotesFor: every living seat but x votes for x, x for the next seat.
func catVotesFor(x int) string {
	var out []string
	for seat := 1; seat <= 7; seat++ {
		t := x
		if seat == x {
			t = x%7 + 1
		}
		out = append(out, `{"seat":`+itoaTest(seat)+`,"do":"vote","target":`+itoaTest(t)+`}`)
	}
	return strings.Join(out, ",")
}

// TestCatManifesto: §8.1's characters, counted without white space, summed
// over a night's attacks; refused with the counts.
func TestCatManifesto(t *testing.T) {
	long := strings.Repeat("杀 ", 100)
	es := catRun(t, catScript(`"manifestoMinChars":100`,
		`{"seat":1,"do":"attack","target":3,"text":"too short"}`,
		`{"seat":1,"do":"attack","target":3,"text":"`+long+long+`"}`,
		`{"seat":1,"do":"attack","target":4}`,
		`{"seat":1,"do":"attack","target":5}`,
		`{"seat":1,"do":"withdraw","action":"attack","target":3}`,
		`{"seat":1,"do":"withdraw","action":"attack","target":4}`,
		`{"seat":1,"do":"withdraw","action":"attack","target":3}`))
	r := catRejections(es)
	want := []string{"have 8 characters; 1 attacks need at least 100", "have 200 characters; 3 attacks need at least 300",
		"leave your other 1 attacks with 0 manifesto characters"}
	if len(r) != len(want) {
		t.Fatalf("rejections %q", r)
	}
	for i := range want {
		if !strings.Contains(r[i], want[i]) {
			t.Errorf("rejection %d: %q, want %q", i, r[i], want[i])
		}
	}
}

// TestCatAmoeba: the transformation's delay (a night declaration completes
// at the end of the next night), the forms it may take, and the 4-AP budget.
func TestCatAmoeba(t *testing.T) {
	g, err := New(Setup{Variant: "cat-lives-7", Players: 7, Seed: 3,
		Options: json.RawMessage(`{"freeChoiceSeat":7,"manifestoMinChars":0}`),
		Deal: [][]string{{"commoner", "jail", "deathblow", "amoeba", "killer"},
			{"commoner", "witchdoctor", "soulbind", "curse", "werewolf"},
			{"commoner", "bodyguard", "sniper", "commoner", "soulbind"},
			{"commoner", "bodyguard", "sniper", "commoner", "witchdoctor"},
			{"commoner", "commoner", "vest", "curse", "arson"},
			{"commoner", "commoner", "amoeba", "bodyguard", "vest"},
			{"commoner", "jail", "deathblow", "arson", "amoeba"}}})
	if err != nil {
		t.Fatal(err)
	}
	do := func(c Command) error { _, err := g.Apply(c); return err }
	endDay := func() {
		for seat := 1; seat <= 6; seat++ { // everybody votes for seat 6 (6 for 7)
			x := &Target{Seat: 6}
			if seat == 6 {
				x = &Target{Seat: 7}
			}
			must(t, do(Command{Seat: seat, Do: "vote", Target: x}))
		}
		for g.s.Phase == PhaseDay {
			if g.s.Day.Speaker != 0 {
				must(t, do(Command{Seat: g.s.Day.Speaker, Do: "pass"}))
			} else {
				must(t, do(Command{Do: "timeout"}))
			}
		}
	}
	// Seat 1 (killer) may not become killer (dealt), jail or deathblow (dealt).
	for _, into := range []string{"killer", "jail", "deathblow", "amoeba"} {
		if err := do(Command{Seat: 1, Do: "transform", Args: CatArgs{Into: into}}); err == nil {
			t.Errorf("transform into %s accepted", into)
		}
	}
	must(t, do(Command{Seat: 1, Do: "transform", Args: CatArgs{Into: "sniper"}}))
	if err := do(Command{Seat: 1, Do: "transform", Args: CatArgs{Into: "vest"}}); err == nil {
		t.Errorf("a second transformation under way accepted")
	}
	must(t, do(Command{Do: "timeout"})) // night 1 ends: not yet a sniper
	endDay()
	if err := do(Command{Seat: 1, Do: "snipe", Target: &Target{Seat: 3}}); err == nil {
		t.Errorf("snipe accepted before the transformation completed")
	}
	must(t, do(Command{Do: "timeout"})) // night 2 ends: the amoeba is a sniper
	endDay()
	st := &catOf(&g.s).Seats[0]
	if st.Form != "sniper" || st.Spent != 0 {
		t.Fatalf("form %q spent %d, want sniper 0", st.Form, st.Spent)
	}
	// Night 3: 2+1 AP per night, 6 carried minus 2 paid: the budget, not
	// the balance, stops the second aimed snipe (4 + 4 > 4).
	must(t, do(Command{Seat: 1, Do: "aimed-snipe", Target: &Target{Seat: 3}, Args: CatArgs{Position: 2}}))
	err = do(Command{Seat: 1, Do: "snipe", Target: &Target{Seat: 3}})
	if err == nil || !strings.Contains(err.Error(), "0 of its 4 AP left") {
		t.Errorf("snipe beyond the budget: %v", err)
	}
	must(t, do(Command{Seat: 1, Do: "withdraw", Args: CatArgs{Action: "aimed-snipe"}}))
	for range 4 {
		must(t, do(Command{Seat: 1, Do: "snipe", Target: &Target{Seat: 3}}))
	}
	if err := do(Command{Seat: 1, Do: "snipe", Target: &Target{Seat: 3}}); err == nil {
		t.Errorf("a fifth snipe through the form accepted")
	}
	// A new form may be declared while using the current one.
	must(t, do(Command{Seat: 1, Do: "transform", Args: CatArgs{Into: "vest"}}))
	if err := do(Command{Seat: 1, Do: "transform", Args: CatArgs{Into: "sniper"}}); err == nil {
		t.Errorf("a transformation accepted while one is under way")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestCatPardon: pardon limits (§8.8, R13).
func TestCatPardon(t *testing.T) {
	var votes []string
	for seat := 1; seat <= 7; seat++ {
		if seat != 5 {
			votes = append(votes, `{"seat":`+itoaTest(seat)+`,"do":"vote","target":5}`)
		}
	}
	day := strings.Join(votes, ",") + `,{"seat":1,"do":"pass"},{"seat":2,"do":"pass"},{"seat":3,"do":"pass"},{"seat":4,"do":"pass"},{"seat":5,"do":"pass"},{"seat":6,"do":"pass"},{"seat":7,"do":"pass"},{"do":"timeout"},{"do":"timeout"}`
	es := catRun(t, catScript("",
		`{"do":"timeout"}`, day,
		// Night 2: seat 5 executed (pending); seat 1 pardons it; a pardon on
		// seat 4 is refused; seat 7 pardons 5 too.
		`{"seat":1,"do":"pardon","target":4}`, `{"seat":1,"do":"pardon","target":5}`, `{"seat":1,"do":"pardon","target":5}`,
		`{"seat":7,"do":"pardon","target":5}`, `{"do":"timeout"}`))
	r := catRejections(es)
	if len(r) != 2 || !strings.Contains(r[0], "was not executed yesterday") || !strings.Contains(r[1], "already used on seat 5 tonight") {
		t.Errorf("rejections %q", r)
	}
	var dawn map[string]any
	for _, e := range es {
		if e["type"] == "announce" && e["when"] == "dawn" && e["round"] == 2.0 {
			dawn = e
		}
	}
	if dawn == nil || !slices.Equal(toInts(dawn["pardoned"]), []int{5}) || dawn["losses"] != nil {
		t.Errorf("dawn 2: %v", dawn)
	}
}

func itoaTest(n int) string { return string(rune('0' + n)) }

func toInts(v any) []int {
	var out []int
	xs, _ := v.([]any)
	for _, x := range xs {
		out = append(out, int(x.(float64)))
	}
	return out
}

// TestCatBodyguardOrder: the bodyguard protects only the cards behind it,
// ultimate kills and executions ignore it (§9), and a reordered bodyguard
// protects from its new place.
func TestCatBodyguardOrder(t *testing.T) {
	// Seat 3 = [C, G, S, C, soulbind]: three killer attacks take only C.
	es := catRun(t, catScript("", `{"seat":1,"do":"attack","target":3}`, `{"seat":1,"do":"attack","target":3}`,
		`{"seat":1,"do":"attack","target":3}`, `{"do":"timeout"}`))
	if r := catRejections(es); r != nil {
		t.Fatal(r)
	}
	if got := catDawnLosses(es, 1); got != "3:attack:0+1" {
		t.Errorf("dawn 1 losses %s, want seat 3 one commoner", got)
	}
	// Reordered on night 1 with the bodyguard at the front: nothing is lost.
	es = catRun(t, catScript("", `{"seat":3,"do":"order","order":["bodyguard","commoner","sniper","commoner","soulbind"]}`,
		`{"seat":1,"do":"attack","target":3}`, `{"seat":1,"do":"attack","target":3}`, `{"do":"timeout"}`))
	if got := catDawnLosses(es, 1); got != "" {
		t.Errorf("dawn 1 losses %s, want none", got)
	}
	// An ultimate kill and an attack: the kill breaks the bodyguard.
	es = catRun(t, catScript("", `{"seat":1,"do":"attack","target":3}`, `{"seat":7,"do":"deathblow","target":3}`, `{"do":"timeout"}`))
	if got := catDawnLosses(es, 1); got != "3:attack:0+1 3:deathblow:1+0" {
		t.Errorf("dawn 1 losses %s", got)
	}
	// A bottom card that is not a privilege is refused.
	es = catRun(t, catScript("", `{"seat":3,"do":"order","order":["bodyguard","sniper","commoner","soulbind","commoner"]}`))
	if r := catRejections(es); len(r) != 1 || !strings.Contains(r[0], "must be a privilege card") {
		t.Errorf("rejections %q", r)
	}
}

// catDawnLosses summarizes a dawn's loss lines as "seat:cause:priv+common".
func catDawnLosses(es []map[string]any, round int) string {
	var parts []string
	for _, e := range es {
		if e["type"] != "announce" || e["when"] != "dawn" || int(e["round"].(float64)) != round {
			continue
		}
		ls, _ := e["losses"].([]any)
		for _, l := range ls {
			m := l.(map[string]any)
			p, _ := m["privilege"].(float64)
			c, _ := m["commoner"].(float64)
			parts = append(parts, itoaTest(int(m["seat"].(float64)))+":"+m["cause"].(string)+":"+itoaTest(int(p))+"+"+itoaTest(int(c)))
		}
	}
	return strings.Join(parts, " ")
}

// catResolve returns the night resolve event of round r.
func catResolve(es []map[string]any, r int) map[string]any {
	for _, e := range es {
		if e["type"] == "resolve" && e["when"] == "night" && int(e["round"].(float64)) == r {
			return e
		}
	}
	return nil
}

// TestCatNightVoids: imprisonment (§8.5, mutual too), anti-snipe (§8.6),
// vest and wolfsbane (§8.4), and what the dawn shows of them (R19: an
// attack voided by imprisonment was never made, its manifesto is not read).
func TestCatNightVoids(t *testing.T) {
	cases := []struct {
		name   string
		steps  []string
		void   []int
		jailed []int
		losses string
		texts  int
	}{
		{"imprisoned attack", []string{`{"seat":7,"do":"imprison","target":1}`, `{"seat":1,"do":"attack","target":5,"text":"a"}`,
			`{"seat":2,"do":"attack","target":5,"text":"b"}`}, []int{2}, []int{1}, "5:attack:0+1", 1},
		{"mutual imprisonment", []string{`{"seat":7,"do":"imprison","target":1}`, `{"seat":1,"do":"imprison","target":7}`,
			`{"seat":1,"do":"attack","target":5,"text":"a"}`}, []int{3}, []int{1, 7}, "", 0},
		{"a one-hit kill cannot be imprisoned", []string{`{"seat":7,"do":"imprison","target":1}`, `{"seat":1,"do":"onehit","target":5,"text":"a"}`},
			nil, []int{1}, "5:attack:0+1", 1},
		{"anti-snipe voids snipes", []string{`{"seat":1,"do":"anti-snipe"}`, `{"seat":3,"do":"snipe","target":6,"text":"a"}`},
			[]int{2}, nil, "", 1},
		{"a vest stops the killer, not the werewolf", []string{`{"seat":5,"do":"vest"}`, `{"seat":1,"do":"attack","target":5,"text":"a"}`,
			`{"seat":2,"do":"attack","target":5,"text":"b"}`}, []int{2}, nil, "5:attack:0+1", 2},
		{"wolfsbane stops the werewolf and snipes", []string{`{"seat":6,"do":"wolfsbane"}`, `{"seat":2,"do":"attack","target":6,"text":"a"}`,
			`{"seat":3,"do":"snipe","target":6,"text":"b"}`, `{"seat":1,"do":"attack","target":6,"text":"c"}`}, []int{2, 3}, nil, "6:attack:0+1", 3},
	}
	for _, c := range cases {
		es := catRun(t, catScript("", append(c.steps, `{"do":"timeout"}`)...))
		if r := catRejections(es); r != nil {
			t.Errorf("%s: rejections %q", c.name, r)
			continue
		}
		r := catResolve(es, 1)
		if got := toInts(r["void"]); !slices.Equal(got, c.void) {
			t.Errorf("%s: void %v, want %v", c.name, got, c.void)
		}
		if got := toInts(r["jailed"]); !slices.Equal(got, c.jailed) {
			t.Errorf("%s: jailed %v, want %v", c.name, got, c.jailed)
		}
		if got := catDawnLosses(es, 1); got != c.losses {
			t.Errorf("%s: losses %q, want %q", c.name, got, c.losses)
		}
		for _, e := range es {
			if e["type"] == "announce" {
				if ms, _ := e["manifestos"].([]any); len(ms) != c.texts {
					t.Errorf("%s: %d manifestos, want %d", c.name, len(ms), c.texts)
				}
			}
		}
	}
}

// TestCatDay: one vote change, none in the closing window (R23); a day
// ultimate kill takes the card after a pending execution loss, ignoring
// the bodyguard (§12 steps 4-6); the executed player's loss is pending.
func TestCatDay(t *testing.T) {
	es := catRun(t, catScript("", `{"do":"timeout"}`,
		`{"seat":1,"do":"vote","target":2}`, `{"seat":1,"do":"vote","target":3}`, `{"seat":1,"do":"vote","target":4}`,
		`{"seat":7,"do":"deathblow","target":3}`, `{"seat":7,"do":"deathblow","target":4}`,
		`{"seat":2,"do":"vote","target":3}`, `{"seat":3,"do":"vote","target":3}`, `{"seat":5,"do":"vote","target":3}`,
		`{"seat":6,"do":"vote","target":3}`,
		`{"seat":1,"do":"pass"}`, `{"seat":2,"do":"pass"}`, `{"seat":3,"do":"pass"}`, `{"seat":4,"do":"pass"}`,
		`{"seat":5,"do":"pass"}`, `{"seat":6,"do":"pass"}`, `{"seat":7,"do":"pass"}`, `{"do":"timeout"}`,
		`{"seat":4,"do":"vote","target":3}`, `{"seat":4,"do":"vote","target":5}`, `{"seat":7,"do":"vote","target":3}`, `{"do":"timeout"}`))
	r := catRejections(es)
	want := []string{"already changed your vote once", "ultimate kill is already on its way", "cannot be changed in the closing window"}
	if len(r) != len(want) {
		t.Fatalf("rejections %q", r)
	}
	for i := range want {
		if !strings.Contains(r[i], want[i]) {
			t.Errorf("rejection %d: %q, want %q", i, r[i], want[i])
		}
	}
	var day map[string]any
	for _, e := range es {
		if e["type"] == "resolve" && e["when"] == "day" {
			day = e
		}
	}
	b, _ := json.Marshal(day)
	if got := string(b); !strings.Contains(got, `"losses":[{"card":2,"cause":"deathblow","seat":3}]`) ||
		!strings.Contains(got, `"pending":[{"card":1,"cause":"execution","seat":3}]`) {
		t.Errorf("day resolve %s", got)
	}
}

// TestCatTwoLeft: with two living players only a unique top total is
// executed; a tie executes nobody (R24).
func TestCatTwoLeft(t *testing.T) {
	cases := []struct {
		totals []Count
		want   []int
	}{
		{[]Count{{Target: SeatTarget(2), Votes: 2}, {Target: SeatTarget(7), Votes: 0}}, []int{2}},
		{[]Count{{Target: SeatTarget(2), Votes: 1}, {Target: SeatTarget(7), Votes: 1}}, nil},
	}
	for _, c := range cases {
		if got := catExecuted(c.totals, 2); !slices.Equal(got, c.want) {
			t.Errorf("%v: %v, want %v", c.totals, got, c.want)
		}
	}
}

// The blanks a phone leaves out of a manifesto's count are exactly the
// runes the engine's count leaves out.
func TestCatBlankIsSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got := strings.ContainsRune(CatBlank, r); got != unicode.IsSpace(r) {
			t.Errorf("%U: in CatBlank %v, unicode.IsSpace %v", r, got, unicode.IsSpace(r))
		}
	}
}
