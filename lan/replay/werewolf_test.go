package replay

import (
	"bytes"
	"strings"
	"testing"

	"nightfall/game"
	"nightfall/game/evening"
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

// A werewolf-12 evening's scoreboard page (the export) says each player's
// badges, potions and shots under the roles, in the kinds' order; a player
// with none has no such line.
func TestWriteEveningWerewolfStats(t *testing.T) {
	b := evening.Fold([]evening.Game{{Outcome: game.Outcome{Variant: "werewolf-12", Winner: "good", Rounds: 4, Players: 3,
		Seats: []game.SeatOutcome{
			{Seat: 1, Roles: []string{"witch"}, Side: "good", Won: true, Alive: true,
				Stats: []game.Stat{{Kind: game.StatSave, N: 1}, {Kind: game.StatPoison, N: 1}}},
			{Seat: 2, Roles: []string{"hunter"}, Side: "good", Won: true, Died: 3,
				Stats: []game.Stat{{Kind: game.StatSheriff, N: 1}, {Kind: game.StatShot, N: 1}}},
			{Seat: 3, Roles: []string{"villager"}, Side: "good", Won: true, Alive: true}}},
		Players: []evening.Player{{Key: "a", Name: "Ann"}, {Key: "b", Name: "Bob"}, {Key: "c", Name: "Cy"}}}})
	for lang, want := range map[string][]string{
		"zh": {"<br><span class=\"dim\">解药×1、毒药×1</span>", "<br><span class=\"dim\">警长×1、开枪×1</span>"},
		"en": {"<br><span class=\"dim\">antidote×1, poison×1</span>", "<br><span class=\"dim\">sheriff×1, shot×1</span>"},
	} {
		var out bytes.Buffer
		if err := WriteEvening(&out, b, nil, "", lang); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: the page does not say %q", lang, w)
			}
		}
		if n := strings.Count(out.String(), "<br><span class=\"dim\">"); n != 2 {
			t.Errorf("%s: %d lines of counts, want 2 (Cy did none of it)", lang, n)
		}
	}
}
