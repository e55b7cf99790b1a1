package assets

// RoleCard is the text of role's card in variant, from words (Dictionary): what
// the role is, whom it knows, what it does at night and by day, what it
// learns and how its side wins. A role has one card, roleinfo.<role>, in the
// words of the first variant (rules/README.md's order) that has it; a
// variant where it plays otherwise has its own, roleinfo.<variant>.<role>
// (v4.0's single police, v5.0-dual's cards, two-hands' hands, cat-lives-7's
// privilege cards, werewolf-12's werewolf and villager; its seer, witch,
// hunter, idiot and guard are first there, so theirs are roleinfo.<role>).
// werewolf-12's cards all have one shape: who you are, then 夜晚 / 白天 /
// 你会得知 lines (TestWerewolfCardsSameShape). Where the cards leave the win to the player's camp
// (v5.0-dual, two-hands, cat-lives-7), roleinfo.<variant>.camp.<camp> says
// it. The phone page (view.js roleText) reads the same keys.
func RoleCard(words map[string]string, variant, role string) string {
	if s := words["roleinfo."+variant+"."+role]; s != "" {
		return s
	}
	return words["roleinfo."+role]
}
