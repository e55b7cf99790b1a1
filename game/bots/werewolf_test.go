package bots

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"nightfall/game"
)

// werewolf-12's sensible bots play as the strategy says (werewolf.go): the
// seer claims in its first speech and reports its checks, the witch saves a
// knifed claimed seer while her antidote lasts, the sheriff names the seat
// he votes for in his speech, the dead sheriff hands the badge on; and no
// command of theirs is refused. Both boards.
func TestWerewolfSensible(t *testing.T) {
	for _, board := range []string{"seer-witch-hunter-idiot", "seer-witch-hunter-guard"} {
		seerClaims, seerGames, saves, knifedSeers, sheriffSpeeches, sheriffAccuses, handed, turns := 0, 0, 0, 0, 0, 0, 0, 0
		for seed := uint64(1); seed <= 60; seed++ {
			g, err := game.New(game.Setup{Variant: "werewolf-12", Players: 12, Seed: seed,
				Options: json.RawMessage(`{"board":"` + board + `"}`)})
			if err != nil {
				t.Fatal(err)
			}
			var tb Table
			tb.Play(g, sensibleTable(12, rand.New(rand.NewPCG(seed, 7))))
			if tb.Rejected > 0 {
				t.Errorf("%s seed %d: %d commands refused", board, seed, tb.Rejected)
			}
			s := g.State()
			seer, witch := 0, 0
			for i := 1; i <= 12; i++ {
				switch s.Role(i) {
				case "seer":
					seer = i
				case "witch":
					witch = i
				}
			}
			claims := tb.Claims()
			spoke := false
			for _, c := range claims {
				if c.Seat == seer {
					spoke = true
					if c.Role == "seer" {
						seerClaims++
					}
					break // the seer's first claim of the game
				}
			}
			if spoke {
				seerGames++
			}
			claimed := func(seat, round int) bool {
				return slices.ContainsFunc(claims, func(c Claim) bool { return c.Seat == seat && c.Role == "seer" && c.Round < round })
			}
			sheriff, antidote, round := 0, true, 0
			speaker := map[int]int{} // round → the sheriff's speech seen
			for _, e := range g.Events() {
				switch b := e.Body.(type) {
				case *game.NightBody:
					round = b.Round
				case *game.SheriffBody:
					sheriff = b.Seat
					if b.By == "handed" {
						handed++
					}
				case *game.BadgeLostBody:
					if b.Why == "torn" {
						t.Errorf("%s seed %d: a sensible sheriff tore the badge", board, seed)
					}
					sheriff = 0
				case *game.SpeechesBody:
					if b.Kind == game.StageBadge {
						turns++
					}
				case *game.TurnBody:
					if b.Kind == game.StageSpeech && b.Seat == sheriff && sheriff != 0 {
						speaker[round] = sheriff
					}
				case *game.DeathsBody:
					if b.Knife != 0 && b.Knife == seer && b.Knife != witch && antidote && claimed(seer, b.Round) && s.Seat(witch) != nil {
						knifedSeers++
						if b.Saved {
							saves++
						}
					}
					if b.Saved {
						antidote = false
					}
				}
			}
			for round, sh := range speaker {
				sheriffSpeeches++
				if slices.ContainsFunc(claims, func(c Claim) bool { return c.Seat == sh && c.Round == round && c.Answer == "accuse" }) {
					sheriffAccuses++
				}
			}
		}
		t.Logf("%s: seer claimed first %d/%d; witch saved a knifed claimed seer %d/%d; sheriff accused in %d/%d speeches; badge handed %d/%d turns",
			board, seerClaims, seerGames, saves, knifedSeers, sheriffAccuses, sheriffSpeeches, handed, turns)
		if seerGames == 0 || seerClaims != seerGames {
			t.Errorf("%s: the seer's first words claimed seer in %d of %d games", board, seerClaims, seerGames)
		}
		if sheriffSpeeches == 0 || sheriffAccuses != sheriffSpeeches {
			t.Errorf("%s: the sheriff summed up in %d of %d speeches", board, sheriffAccuses, sheriffSpeeches)
		}
		if turns == 0 || handed < turns*9/10 {
			t.Errorf("%s: the badge was handed on in %d of %d badge turns", board, handed, turns)
		}
		if knifedSeers == 0 || saves < knifedSeers*9/10 {
			t.Errorf("%s: the witch saved the knifed claimed seer %d times of %d", board, saves, knifedSeers)
		}
	}
}

// Every option of werewolf-12 (each value other than its default), on both
// boards, plays to the end with both kinds of bots.
func TestWerewolfOptionsEnd(t *testing.T) {
	opts := []string{`"sheriff":false`, `"emptyKnife":false`, `"witchSelfSave":"never"`, `"witchSelfSave":"always"`,
		`"witchTwoPotions":true`, `"guardAndSave":"survives"`, `"nightLastWords":"every-night"`, `"shotLastWords":true`,
		`"explodeLastWords":true`, `"electionExplode":"lost"`, `"sheriffVote":2`, `"revealedIdiotGod":false`,
		`"revealedIdiotBadge":"keep"`, `"simultaneousWin":"werewolves"`, `"simultaneousWin":"draw"`, `"wolfWin":"all"`,
		`"voteMode":"secret"`, `"selfVote":true`, `"abstain":false`, `"tieFinal":"lots"`, `"tieRounds":1`,
		`"tieVoters":"all"`, `"selfReveal":false`, `"speechStart":"right"`, `"speechDirection":"ccw"`}
	for _, board := range []string{"seer-witch-hunter-idiot", "seer-witch-hunter-guard"} {
		for _, o := range opts {
			for _, kind := range []string{"random", "sensible"} {
				for seed := uint64(1); seed <= 8; seed++ {
					g, err := game.New(game.Setup{Variant: "werewolf-12", Players: 12, Seed: seed,
						Options: json.RawMessage(`{"board":"` + board + `",` + o + `}`)})
					if err != nil {
						t.Fatalf("%s %s: %v", board, o, err)
					}
					r := rand.New(rand.NewPCG(seed, 3))
					if kind == "random" {
						var m Random
						m.Play(g, r)
					} else {
						var tb Table
						tb.Play(g, sensibleTable(12, r))
					}
					if !g.Over() {
						t.Errorf("%s %s %s seed %d: not over", board, o, kind, seed)
					}
				}
			}
		}
	}
}
