package assets

import (
	"strings"
	"testing"

	"nightfall/game"
)

// TestRoleCardsCoverTheEngine: every role of every variant, as the engine
// lists them, has its card (roleinfo.<role>) in both languages, and the card
// the screens show for it in that variant (roleinfo.<variant>.<role> where
// the role plays otherwise there, else roleinfo.<role>) is not empty; every
// camp a player of a variant can be told has its line where the variant's
// cards leave the win to the camp (roleinfo.<variant>.camp.<camp>); and the
// rules sheet's round and win lines exist for every variant.
func TestRoleCardsCoverTheEngine(t *testing.T) {
	camps := playedCamps(t)
	for _, code := range []string{"zh", "en"} {
		names, err := Dictionary(code)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range game.Variants() {
			for _, r := range in.Roles {
				if names["roleinfo."+r.ID] == "" {
					t.Errorf("%s.json: %s's role %s has no card (roleinfo.%s)", code, in.ID, r.ID, r.ID)
				}
				if RoleCard(names, in.ID, r.ID) == "" {
					t.Errorf("%s.json: %s's role %s: the card shown is empty", code, in.ID, r.ID)
				}
			}
			for _, c := range camps[in.ID] {
				if names["roleinfo."+in.ID+".camp."+c] == "" {
					t.Errorf("%s.json: %s tells players their camp %q but has no line for it (roleinfo.%s.camp.%s)", code, in.ID, c, in.ID, c)
				}
			}
			for _, k := range []string{"rules.round.", "rules.win."} {
				if names[k+in.ID] == "" {
					t.Errorf("%s.json: no %s%s", code, k, in.ID)
				}
			}
		}
	}
}

// playedCamps are the camps each variant's player views name, over a few
// deals at its smallest and largest table.
func playedCamps(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, in := range game.Variants() {
		seen := map[string]bool{}
		for seed := uint64(1); seed <= 6; seed++ {
			for _, n := range []int{in.MinPlayers, in.MaxPlayers} {
				g, err := game.New(game.Setup{Variant: in.ID, Players: n, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				for seat := 1; seat <= n; seat++ {
					if c := g.PlayerView(seat).Camp; c != "" && !seen[c] {
						seen[c] = true
						out[in.ID] = append(out[in.ID], c)
					}
				}
			}
		}
	}
	return out
}

// TestWerewolfCardsSameShape: werewolf-12's cards (roleinfo, as RoleCard
// picks them) have the same shape for every role, in zh and en: who you
// are, then what you do by night, by day, and what you learn, each line
// opened by the same words; how each side wins (屠边) is its camp's line.
// A card that told more, or less, than another would show by its length
// what a glance should not learn.
func TestWerewolfCardsSameShape(t *testing.T) {
	v, ok := game.Lookup("werewolf-12")
	if !ok {
		t.Fatal("no werewolf-12")
	}
	in := v.Info()
	heads := map[string][]string{
		"zh": {"夜晚：", "白天：", "你会得知："},
		"en": {"Night: ", "Day: ", "You learn: "},
	}
	for lang, want := range heads {
		words, err := Dictionary(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range in.Roles {
			lines := strings.Split(RoleCard(words, in.ID, r.ID), "\n")
			if len(lines) != 1+len(want) {
				t.Errorf("%s: %s's card has %d lines, want %d: %q", lang, r.ID, len(lines), 1+len(want), lines)
				continue
			}
			for i, h := range want {
				if !strings.HasPrefix(lines[i+1], h) {
					t.Errorf("%s: %s's card: line %d is %q, want it to open with %q", lang, r.ID, i+2, lines[i+1], h)
				}
			}
		}
		for _, c := range []string{"good", "werewolves"} {
			if s := words["roleinfo."+in.ID+".camp."+c]; !strings.Contains(s, "屠边") {
				t.Errorf("%s: the %s camp's line does not say 屠边: %q", lang, c, s)
			}
		}
	}
}
