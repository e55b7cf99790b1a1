package voice

import (
	"slices"
	"strconv"
	"sync"

	"nightfall/assets"
	"nightfall/game"
)

// The closed set of phrases said whole: every phrase of a line that names
// a seat or a count, with every seat or count it can take.
//
//   - A line naming a seat, for every seat of the largest table of a
//     variant where it can be said: seats 1 … 20 for a death, a speech, a
//     vote's call, an execution, a self-reveal, a winner; werewolf-12's own
//     lines (a campaign speech, a skill, the sheriff, a hunter's shot at
//     every other seat, the idiot, a werewolf's self-reveal) for the
//     tables with that stage, moment or role.
//   - The deal's phrases ("五个杀手", "各一个", "5 killers", "1 each"),
//     for the deal of every variant at every table size: a deal is the
//     variant's deck for the table's size, whatever the seed or the options.
//
// A phrase outside the set (a seat past 20, a count no deck deals) is said
// as its pieces.

// voiceLines are the clips of the voice by language (assets.VoiceLines).
var voiceLines = sync.OnceValue(func() map[string][]assets.VoiceLine {
	out := map[string][]assets.VoiceLine{}
	for _, lang := range assets.Languages {
		ls, err := assets.VoiceLines(lang)
		if err != nil {
			panic("voice: the embedded dictionary: " + err.Error()) // the build embeds it: cannot happen
		}
		out[lang] = ls
	}
	return out
})

// voiceWords are the words of the voice's clips by language and id.
var voiceWords = sync.OnceValue(func() map[string]map[string]string {
	out := map[string]map[string]string{}
	for lang, ls := range voiceLines() {
		out[lang] = map[string]string{}
		for _, l := range ls {
			out[lang][l.ID] = l.Words
		}
	}
	return out
})

// wholes are the names of Wholes' clips by language.
var wholes = sync.OnceValue(func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, lang := range assets.Languages {
		out[lang] = map[string]bool{}
		for _, l := range Wholes(lang) {
			out[lang][l.ID] = true
		}
	}
	return out
})

// Wholes are the phrases the voice says whole in lang (see above), each
// once, in a fixed order (the lines' order, then the seats', then the
// variants' and table sizes'): gen.sh speaks them (go run
// ./assets/sounds/lines), a voice pack may record them.
func Wholes(lang string) []assets.VoiceLine {
	var lines []Line
	for _, k := range []string{"died", "speak", "lastwords", "votefor", "out", "exploded", "campaign", "skill",
		"sheriff", "idiot", "wolfexploded"} {
		for s := 1; s <= tableFor(k); s++ {
			lines = append(lines, Line{Kind: k, Seats: []int{s}})
		}
	}
	for s := 1; s <= tableFor("over"); s++ {
		lines = append(lines, Line{Kind: "over", Text: strconv.Itoa(s)})
	}
	for h, n := 1, tableFor("shot"); h <= n; h++ {
		for s := 1; s <= n; s++ {
			if s != h {
				lines = append(lines, Line{Kind: "shot", Seats: []int{h, s}})
			}
		}
	}
	for _, in := range game.Variants() {
		for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
			lines = append(lines, Line{Kind: "deal", Deal: Deal(in.ID, n)})
		}
	}
	var out []assets.VoiceLine
	seen := map[string]bool{}
	ls := voiceLines()[lang]
	for _, l := range lines {
		for _, p := range l.phrases(lang) {
			w, ok := assets.VoiceWholeLine(lang, ls, p)
			if !ok || seen[w.ID] {
				continue
			}
			seen[w.ID] = true
			out = append(out, w)
		}
	}
	return out
}

// Deal is the deal of variant at a table of players, as the briefing lists
// it (TableView.Briefing.Deal); nil for a table the variant cannot deal.
func Deal(variant string, players int) []game.RoleCount {
	g, err := game.New(game.Setup{Variant: variant, Players: players, Seed: 1, Briefing: true})
	if err != nil {
		return nil
	}
	if tv := g.TableView(); tv.Briefing != nil {
		return tv.Briefing.Deal
	}
	return nil
}

// tableFor is the largest table of a variant where a line of kind can be
// said: werewolf-12's own lines at the tables with their stage, moment or
// role, every other line at any table.
func tableFor(kind string) int {
	has := func(in game.VariantInfo) bool { return true }
	switch kind {
	case "campaign":
		has = func(in game.VariantInfo) bool { return slices.Contains(in.Stages, game.StageCampaign) }
	case "skill":
		has = func(in game.VariantInfo) bool { return slices.Contains(in.Stages, game.StageSkill) }
	case "sheriff":
		has = func(in game.VariantInfo) bool { return slices.Contains(in.Moments, game.MomentSheriff) }
	case "shot":
		has = func(in game.VariantInfo) bool { return slices.Contains(in.Moments, game.MomentShot) }
	case "idiot", "wolfexploded":
		role := map[string]string{"idiot": "idiot", "wolfexploded": "werewolf"}[kind]
		has = func(in game.VariantInfo) bool {
			return slices.ContainsFunc(in.Roles, func(r game.RoleInfo) bool { return r.ID == role })
		}
	}
	n := 0
	for _, in := range game.Variants() {
		if has(in) {
			n = max(n, in.MaxPlayers)
		}
	}
	return n
}
