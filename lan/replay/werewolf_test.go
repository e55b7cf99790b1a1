package replay

import (
	"bytes"
	"strings"
	"testing"

	"nightfall/game"
)

// werewolf-12's moments in the replay: the election, the badge, the shot,
// the potions and the idiot's reveal, in words.
func TestWriteWerewolfMoments(t *testing.T) {
	tg := func(s int) *game.Target { return &game.Target{Seat: s} }
	tv := game.TableView{Variant: "werewolf-12", Players: 12, Phase: "over", Winner: "werewolves",
		Timeline: []game.Moment{
			{Round: 1, Phase: "night", Kind: "potions", Seat: 7, Answer: "saved"},
			{Round: 1, Phase: "day", Kind: "candidates", Actors: []int{3, 5, 8}},
			{Round: 1, Phase: "day", Kind: "sheriff", Seat: 3, By: "elected"},
			{Round: 2, Phase: "night", Kind: "potions", Seat: 8, Target: tg(12)},
			{Round: 2, Phase: "day", Kind: "shot", Seat: 8, Target: tg(9)},
			{Round: 2, Phase: "day", Kind: "immune", Seat: 10, Target: tg(10), Role: "idiot"},
			{Round: 3, Phase: "day", Kind: "sheriff", Seat: 4, By: "handed", Target: tg(3)},
			{Round: 4, Phase: "day", Kind: "badge_lost", By: "torn"},
			{Round: 4, Phase: "day", Kind: "over", Winner: "werewolves"},
		}}
	for lang, want := range map[string][]string{
		"zh": {"女巫用解药救了7号", "上警：3、5、8号", "3号当选警长", "女巫毒了12号", "猎人8号开枪带走9号", "10号翻牌：白痴",
			"3号把警徽移交给4号", "警徽流失：警长撕掉了警徽"},
		"en": {"antidote saved seat 7", "Hunter, seat 8, shot seat 9", "Seat 3 handed the badge to seat 4"},
	} {
		var b bytes.Buffer
		if err := Write(&b, Game{Table: tv}, lang); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: the replay does not say %q", lang, w)
			}
		}
	}
}
