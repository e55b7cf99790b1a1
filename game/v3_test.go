package game

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// dealV3 is v3.0 §14's deal: killers 1, 4, 9, 13; police 2, 7; special
// police 11; doctor 5; civilians 3, 6, 8, 10, 12, 14.
var dealV3 = []string{"killer", "police", "civilian", "killer", "doctor", "civilian", "police", "civilian", "killer", "civilian", "special-police", "civilian", "killer", "civilian"}

// v3Acts is one night's inputs: 0 leaves an input out (a skip for the
// doctor and the special police: G5, the optional action does not happen).
type v3Acts struct{ kill, check, save, shoot int }

// v3PlayNight plays a night of dealV3's game and returns its dawn.
func v3PlayNight(t *testing.T, g *Game, a v3Acts) DawnBody {
	t.Helper()
	if a.kill != 0 {
		for _, k := range g.s.LivingWith("killer") {
			tdo(t, g, k, "kill", a.kill)
		}
	}
	if a.check != 0 {
		for _, p := range g.s.LivingWith("police") {
			tdo(t, g, p, "check", a.check)
		}
	}
	if a.save != 0 {
		tdo(t, g, 5, "save", a.save)
	}
	if a.shoot != 0 {
		tdo(t, g, 11, "shoot", a.shoot)
	}
	tdo(t, g, 0, "timeout")
	d, _ := lastOf[DawnBody](g)
	return d
}

// v3QuietDay passes every speech and has every voter abstain (G12: nobody
// is out), so the next night begins.
func v3QuietDay(t *testing.T, g *Game) {
	t.Helper()
	tpassTo(t, g, 0)
	if g.s.Phase != PhaseDay {
		return
	}
	b := g.s.Day.Ballot
	for _, v := range b.Voters {
		tdo(t, g, v, "abstain")
	}
	if g.s.Phase != PhaseNight {
		t.Fatalf("phase %s after an all-abstain day", g.s.Phase)
	}
}

func TestV3Deck(t *testing.T) {
	for n := 14; n <= 16; n++ {
		got, err := ProposedDeal("v3.0", n)
		if err != nil {
			t.Fatal(err)
		}
		want := []RoleCount{{"killer", 4}, {"police", 2}, {"special-police", 1}, {"doctor", 1}, {"civilian", n - 8}}
		if !slices.Equal(got, want) {
			t.Errorf("%d players: %v, want %v", n, got, want)
		}
		g, err := New(Setup{Variant: "v3.0", Players: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		if g.s.Opts.LastWords != 4 {
			t.Errorf("%d players: lastWords %d, want 4 (R10)", n, g.s.Opts.LastWords)
		}
	}
	for _, n := range []int{13, 17} {
		if _, err := ProposedDeal("v3.0", n); err == nil {
			t.Errorf("%d players accepted; v3.0 is for 14 to 16", n)
		}
	}
}

func TestV3Options(t *testing.T) {
	g := newTestGame(t, "v3.0", dealV3, "")
	names := []string{"lastWords", "speechStart", "speechDirection", "voteMode", "voteCallOrder", "selfVote", "abstain",
		"tieRounds", "tieVoters", "tieFinal", "selfReveal", "civiliansWipedOut", "noDeathSkipsDay", "doctorVsShot"}
	want := map[string]any{"lastWords": 4.0, "speechStart": "right", "speechDirection": "ccw", "voteMode": "sequential-open",
		"voteCallOrder": "reverse-speech", "selfVote": false, "abstain": true, "tieRounds": 3.0, "tieVoters": "non-tied",
		"tieFinal": "draw", "selfReveal": false, "civiliansWipedOut": "draw", "noDeathSkipsDay": false, "doctorVsShot": false}
	got := g.s.OptionValues(names)
	for _, n := range names {
		if got[n] != want[n] {
			t.Errorf("default %s = %v, want %v", n, got[n], want[n])
		}
	}
	d := make([][]string, len(dealV3))
	for i, r := range dealV3 {
		d[i] = []string{r}
	}
	for opts, ok := range map[string]bool{
		`{"noDeathSkipsDay":true,"doctorVsShot":true}`: true,
		`{"civiliansWipedOut":"killers-win"}`:          true,
		`{"tieFinal":"lots","selfReveal":true}`:        true,
		`{"tieFinal":"all-die"}`:                       false,
		`{"huddle":true}`:                              false, // standard-003's
		`{"butterflyProtectsHugged":true}`:             false, // v4.0's
	} {
		if _, err := New(Setup{Variant: "v3.0", Players: 14, Deal: d, Options: json.RawMessage(opts)}); (err == nil) != ok {
			t.Errorf("options %s: err %v, want ok=%v", opts, err, ok)
		}
	}
}

func TestV3KnowledgeAndTargets(t *testing.T) {
	g := newTestGame(t, "v3.0", dealV3, "")
	for seat, want := range map[int][]int{1: {1, 4, 9, 13}, 2: {2, 7}, 11: nil, 5: nil, 3: nil} {
		var got []int
		for _, k := range g.s.variant.Knows(&g.s, seat, nil) {
			got = append(got, k.Target.Seat)
		}
		if !slices.Equal(got, want) {
			t.Errorf("seat %d knows %v, want %v (§3)", seat, got, want)
		}
	}
	n := g.s.Night
	if acts := []string{n.Steps[0].Action, n.Steps[1].Action, n.Steps[2].Action, n.Steps[3].Action}; !slices.Equal(acts, []string{"kill", "check", "save", "shoot"}) {
		t.Fatalf("night steps %v, want §5's order", acts)
	}
	if n.Steps[2].Mandatory || n.Steps[3].Mandatory || !n.Steps[0].Mandatory || !n.Steps[1].Mandatory {
		t.Error("kill and check mandatory, save and shoot optional (§5)")
	}
	if got := g.LegalTargets(n.Steps[1], SeatTarget(2)); slices.Contains(got, SeatTarget(7)) || !slices.Contains(got, SeatTarget(11)) {
		t.Errorf("check targets %v: not police 7, but the special police 11", got)
	}
	if got := g.LegalTargets(n.Steps[2], SeatTarget(5)); len(got) != 14 {
		t.Errorf("save targets %v: anyone alive, the doctor included (R4)", got)
	}
	if got := g.LegalTargets(n.Steps[3], SeatTarget(11)); len(got) != 13 || slices.Contains(got, SeatTarget(11)) {
		t.Errorf("shoot targets %v: anyone alive but the special police", got)
	}
	if why := treject(t, g, 11, "shoot", 11); !strings.Contains(why, "themself") {
		t.Errorf("self-shot refused with %q", why)
	}
	tdo(t, g, 2, "check", 11)
	es := tdo(t, g, 7, "check", 11)
	if r, ok := es[len(es)-1].Body.(*ResultBody); !ok || r.Answer != "not-killer" {
		t.Errorf("check on the special police: %+v, want not-killer (R7)", es[len(es)-1])
	}
}

// TestV3SpecialPolice follows the special police's power and immunity over
// several nights (§6 steps 1, 2b, R2, R5).
func TestV3SpecialPolice(t *testing.T) {
	type night struct {
		acts v3Acts
		dead []int
	}
	cases := []struct {
		name   string
		nights []night
		marked bool // the power is spent at the end
	}{
		{"unused: the kill on the special police fails, night after night", []night{
			{v3Acts{kill: 11, check: 9}, nil},
			{v3Acts{kill: 11, check: 9}, nil},
		}, false},
		{"immune on the night they shoot, killable from the next (Example 2)", []night{
			{v3Acts{kill: 11, check: 9, save: 3, shoot: 9}, []int{9}},
			{v3Acts{kill: 11, check: 13, save: 2}, []int{11}},
		}, true},
		{"a missed shot is spent too (Example 4)", []night{
			{v3Acts{kill: 3, check: 9, save: 8, shoot: 10}, []int{3}},
			{v3Acts{kill: 11, check: 9, save: 5}, []int{11}},
		}, true},
		{"spent, then saved by the doctor", []night{
			{v3Acts{kill: 3, check: 9, shoot: 10}, []int{3}},
			{v3Acts{kill: 11, check: 9, save: 11}, nil},
		}, true},
		{"a killer killed by the killers and shot dies once", []night{
			{v3Acts{kill: 4, check: 9, shoot: 4}, []int{4}},
		}, true},
		{"shot and killed on different killers: two deaths", []night{
			{v3Acts{kill: 1, check: 9, shoot: 13}, []int{1, 13}},
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := newTestGame(t, "v3.0", dealV3, "")
			for i, n := range c.nights {
				if i > 0 {
					v3QuietDay(t, g)
				}
				d := v3PlayNight(t, g, n.acts)
				want := seatList(n.dead...)
				if !slices.Equal(d.Dead, want) {
					t.Fatalf("night %d: dawn %v, want %v", i+1, d.Dead, want)
				}
			}
			if got := g.s.Mark(SeatTarget(11), v3ShotMark) == 1; got != c.marked {
				t.Errorf("power spent: %v, want %v", got, c.marked)
			}
			for _, e := range g.Events() {
				if m, ok := e.Body.(*MarkBody); ok && (e.Audience == nil || len(e.Audience) != 0 || m.Target != SeatTarget(11)) {
					t.Errorf("mark %+v to %v: must reach nobody", m, e.Audience)
				}
				if r, ok := e.Body.(*ResultBody); ok && r.Action == "shoot" {
					t.Errorf("the special police got an answer %+v (R5)", r)
				}
			}
		})
	}

	t.Run("after the shot: no shoot step, a sleep task, a second shot refused", func(t *testing.T) {
		g := newTestGame(t, "v3.0", dealV3, "")
		if pv := g.PlayerView(11); len(pv.Tasks) != 1 || pv.Tasks[0].Action != "shoot" || !pv.Tasks[0].Optional {
			t.Fatalf("night 1 tasks %+v, want an optional shoot", pv.Tasks)
		}
		v3PlayNight(t, g, v3Acts{kill: 3, check: 9, shoot: 10})
		v3QuietDay(t, g)
		if pv := g.PlayerView(11); len(pv.Tasks) != 1 || pv.Tasks[0].Action != "sleep" {
			t.Fatalf("night 2 tasks %+v, want the neutral sleep task", pv.Tasks)
		}
		if why := treject(t, g, 11, "shoot", 13); !strings.Contains(why, "no shoot action") {
			t.Errorf("second shot refused with %q", why)
		}
		tdo(t, g, 11, "sleep")
	})

	t.Run("a shot not given before the deadline does not happen (G5)", func(t *testing.T) {
		g := newTestGame(t, "v3.0", dealV3, "")
		d := v3PlayNight(t, g, v3Acts{kill: 3, check: 9})
		if !slices.Equal(d.Dead, seatList(3)) || g.s.Mark(SeatTarget(11), v3ShotMark) != 0 {
			t.Fatalf("dawn %v, mark %d", d.Dead, g.s.Mark(SeatTarget(11), v3ShotMark))
		}
		if l, _ := lastOf[LockBody](g); l.Action != "shoot" || !l.Skip || l.By != "none" {
			t.Errorf("shoot lock %+v, want skipped by none", l)
		}
	})
}

// TestV3DoctorVsShot covers §6 steps 2a and 3 with R3's option.
func TestV3DoctorVsShot(t *testing.T) {
	cases := []struct {
		opts string
		acts v3Acts
		dead []int
	}{
		{"", v3Acts{kill: 8, check: 9, save: 8}, nil},                   // the save stops the kill
		{"", v3Acts{kill: 8, check: 9, save: 4, shoot: 4}, []int{4, 8}}, // Example 5
		{`{"doctorVsShot":true}`, v3Acts{kill: 8, check: 9, save: 4, shoot: 4}, []int{8}},
		{`{"doctorVsShot":true}`, v3Acts{kill: 8, check: 9, save: 8, shoot: 4}, []int{4}},
		{"", v3Acts{kill: 4, check: 9, save: 4, shoot: 4}, []int{4}},                 // saved from the kill, not the shot
		{`{"doctorVsShot":true}`, v3Acts{kill: 4, check: 9, save: 4, shoot: 4}, nil}, // saved from both
		{"", v3Acts{kill: 5, check: 9, save: 5}, nil},                                // the doctor saves themself
	}
	for _, c := range cases {
		g := newTestGame(t, "v3.0", dealV3, c.opts)
		if d := v3PlayNight(t, g, c.acts); !slices.Equal(d.Dead, seatList(c.dead...)) {
			t.Errorf("%s %+v: dawn %v, want %v", c.opts, c.acts, d.Dead, c.dead)
		}
	}
}

// TestV3NoDeathSkipsDay covers R9: a peaceful night is followed by a day
// unless the option skips it.
func TestV3NoDeathSkipsDay(t *testing.T) {
	cases := []struct {
		opts  string
		acts  v3Acts
		speak bool
	}{
		{"", v3Acts{kill: 7, check: 9, save: 7}, true},
		{`{"noDeathSkipsDay":true}`, v3Acts{kill: 7, check: 9, save: 7}, false},
		{`{"noDeathSkipsDay":true}`, v3Acts{kill: 7, check: 9, save: 3}, true},
	}
	for _, c := range cases {
		g := newTestGame(t, "v3.0", dealV3, c.opts)
		d := v3PlayNight(t, g, c.acts)
		_, spoke := lastOf[SpeechesBody](g)
		if spoke != c.speak {
			t.Errorf("%s, dawn %v: speeches %v, want %v", c.opts, d.Dead, spoke, c.speak)
		}
		if !c.speak && (g.s.Phase != PhaseNight || g.s.Round != 2) {
			t.Errorf("%s: phase %s round %d, want night 2 at once", c.opts, g.s.Phase, g.s.Round)
		}
		if c.speak && g.s.Phase != PhaseDay {
			t.Errorf("%s: phase %s, want the day", c.opts, g.s.Phase)
		}
	}
	// A skipped day changes nothing else: the next death's day starts on its
	// right (G9).
	g := newTestGame(t, "v3.0", dealV3, `{"noDeathSkipsDay":true}`)
	v3PlayNight(t, g, v3Acts{kill: 7, check: 9, save: 7})
	v3PlayNight(t, g, v3Acts{kill: 6, check: 9, save: 7})
	tpassTo(t, g, 0) // seat 6's last words, then speeches until the ballot
	sp := SpeechesBody{}
	for _, e := range g.Events() {
		if b, ok := e.Body.(*SpeechesBody); ok && b.Kind == "speech" {
			sp = *b
		}
	}
	if sp.Round != 2 || sp.Order[0] != 5 {
		t.Errorf("day 2 speeches %+v, want from seat 5 (right of seat 6)", sp)
	}
}

// TestV3Win covers §11, R11 (police side = police + special police;
// civilians = the role civilian) and R12 (simultaneous good and draw).
func TestV3Win(t *testing.T) {
	killers := []int{1, 4, 9, 13}
	civilians := []int{3, 6, 8, 10, 12, 14}
	cases := []struct {
		name string
		opts string
		dead []int
		want string
	}{
		{"all killers dead", "", killers, "good"},
		{"both police dead, the special police alive", "", []int{2, 7}, ""},
		{"the police side dead", "", []int{2, 7, 11}, "killers"},
		{"all civilians dead, the doctor alive: draw", "", civilians, "draw"},
		{"all civilians dead with civiliansWipedOut killers-win", `{"civiliansWipedOut":"killers-win"}`, civilians, "killers"},
		{"R12: the last killer and the last civilian together", "", append(slices.Clone(killers), civilians...), "draw"},
		{"R12 holds whatever civiliansWipedOut says", `{"civiliansWipedOut":"killers-win"}`, append(slices.Clone(killers), civilians...), "draw"},
		{"the doctor is no civilian", "", []int{5, 3, 6, 8, 10, 12}, ""},
	}
	for _, c := range cases {
		g := newTestGame(t, "v3.0", dealV3, c.opts, c.dead...)
		if got, _ := g.s.variant.Win(&g.s); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}

	// Example 6 at a dawn: the shot on the last killer and the kill on the
	// last civilian land together → draw, no last words.
	g := newTestGame(t, "v3.0", dealV3, "", 1, 3, 4, 6, 7, 8, 9, 10, 12)
	d := v3PlayNight(t, g, v3Acts{kill: 14, check: 5, save: 2, shoot: 13})
	if !slices.Equal(d.Dead, seatList(13, 14)) || g.s.Phase != PhaseOver || g.s.Winner != "draw" {
		t.Fatalf("dawn %v, phase %s, winner %q; want [13 14], over, draw", d.Dead, g.s.Phase, g.s.Winner)
	}
}
