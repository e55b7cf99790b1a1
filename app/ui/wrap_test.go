package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// Wrapped lines fit, keep every character, and never start with a comma
// or a full stop nor end with an opening bracket, in Chinese and English.
func TestWrapPunctuation(t *testing.T) {
	newTestApp(t, "zh")
	for _, s := range []string{
		"杀手全部死亡，好人获胜。花蝴蝶、狙击手、警察、医生、森林老人全部死亡，或杀手不少于其他人，杀手获胜。同时成立或无人存活为平局。",
		"夜晚依次：花蝴蝶抱人，狙击手开枪，杀手杀人，警察验人，医生救人，森林老人禁言。天亮：宣布死者（第一夜最多3人，之后最多4人）和被禁言的人。",
		"The villager camp wins when all killer and assassin hands are dead. The killer camp wins when all police hands are dead, or on three tied ballots in a day.",
	} {
		for _, w := range []float32{180, 230, 260, 300, 333, 420} {
			lines := wrapStyled(s, 20, w, fyne.TextStyle{})
			joined := strings.Join(lines, "")
			if strings.ReplaceAll(joined, " ", "") != strings.ReplaceAll(s, " ", "") {
				t.Errorf("at %.0f the lines lose text: %q", w, lines)
			}
			for i, l := range lines {
				rs := []rune(l)
				if i > 0 && strings.ContainsRune(noLineStart, rs[0]) {
					t.Errorf("at %.0f line %d starts with %q: %q", w, i, rs[0], l)
				}
				if i < len(lines)-1 && strings.ContainsRune(noLineEnd, rs[len(rs)-1]) {
					t.Errorf("at %.0f line %d ends with %q: %q", w, i, rs[len(rs)-1], l)
				}
				if m := fyne.MeasureText(l, 20, fyne.TextStyle{}); m.Width > w+0.5 {
					t.Errorf("at %.0f line %d is %.0f wide: %q", w, i, m.Width, l)
				}
			}
		}
	}
}

// A seat's cards ("Commoner/Bodyguard/…", the big screen's cat-lives-7
// notes) break after a slash, never inside a card's name.
func TestWrapBreaksAfterSlash(t *testing.T) {
	newTestApp(t, "en")
	s := "Commoner/Commoner/Soul-binding/Curse/Vest/Commoner/Amoeba/Bodyguard"
	words := map[string]bool{}
	for _, w := range strings.Split(s, "/") {
		words[w] = true
	}
	for _, w := range []float32{120, 160, 200, 240} {
		for i, l := range wrapStyled(s, 20, w, fyne.TextStyle{}) {
			for _, part := range strings.Split(l, "/") {
				if part != "" && !words[part] {
					t.Errorf("at %.0f line %d breaks a name: %q", w, i, l)
				}
			}
		}
	}
}
