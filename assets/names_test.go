package assets

import (
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
