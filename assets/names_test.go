package assets

import (
	"strings"
	"testing"

	"nightfall/game"
)

// TestNamesCoverTheEngine: every variant, role, action and option the
// engine has, every value of an enumerated option and every count a
// variant keeps for the scoreboard (VariantInfo.Stats), is named in both
// languages in the one shared file — so a new variant is its Go file, its
// golden scripts and its lines here (game/doc.go "Adding a variant").
func TestNamesCoverTheEngine(t *testing.T) {
	for _, code := range []string{"zh", "en"} {
		names, err := Names(code)
		if err != nil {
			t.Fatal(err)
		}
		all, err := Dictionary(code)
		if err != nil {
			t.Fatal(err)
		}
		need := func(what string, keys ...string) {
			t.Helper()
			for _, k := range keys {
				if names[k] != "" {
					return
				}
			}
			t.Errorf("%s.json: no name for %s (%s)", code, what, keys[0])
		}
		for _, a := range []string{game.ActSleep, game.ActSkip, game.ActPass, game.ActVote, game.ActAbstain,
			game.ActExplode, game.ActSuspect, game.ActNominate} {
			need("the core's action "+a, "action."+a)
		}
		for _, in := range game.Variants() {
			need("variant "+in.ID, "variant."+in.ID)
			need("variant "+in.ID+"'s summary", "summary."+in.ID)
			for _, r := range in.Roles {
				need(in.ID+"'s role "+r.ID, "role."+r.ID)
			}
			for _, a := range in.Actions {
				need(in.ID+"'s action "+a, "action."+a)
			}
			for _, k := range in.Stats { // the scoreboard's words for the variant's counts
				if all["evening.stat."+string(k)] == "" {
					t.Errorf("%s.json: no words for %s's count %s (evening.stat.%s)", code, in.ID, k, k)
				}
			}
			c := game.Configure(game.Setup{Variant: in.ID, Players: in.MinPlayers})
			for _, o := range c.Options {
				need(in.ID+"'s option "+o.Name, o.Words)
				for _, v := range o.Choices {
					need(o.Name+" = "+v, "val."+o.Name+"."+v, "val."+v)
				}
			}
		}
	}
}

// TestRolePlurals: a role's plural, the timeline's name for several seats
// acting as one (tl.roles.<role>: "Werewolves (2, 5, 9) killed 4",
// game.MomentLine), is a plural of a role the engine has, in both
// languages; Chinese has no plural, so its words are the singular's.
func TestRolePlurals(t *testing.T) {
	roles := map[string]bool{}
	for _, in := range game.Variants() {
		for _, r := range in.Roles {
			roles[r.ID] = true
		}
	}
	zh, err := Dictionary("zh")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for k, v := range zh {
		role, ok := strings.CutPrefix(k, "tl.roles.")
		if !ok {
			continue
		}
		n++
		if !roles[role] {
			t.Errorf("%s: no role %q in the engine", k, role)
		}
		if v != zh["role."+role] {
			t.Errorf("zh.json %s is %q, not the singular %q", k, v, zh["role."+role])
		}
	}
	for _, team := range []string{"killer", "police", "werewolf"} { // the teams of the night
		if zh["tl.roles."+team] == "" {
			t.Errorf("zh.json: no plural of %s (tl.roles.%s)", team, team)
		}
	}
	if n == 0 {
		t.Error("no plural of a role")
	}
}
