package assets

import (
	"slices"
	"strconv"
	"strings"
)

// The judge's voice (assets/sounds: one clip per line and language, made by
// gen.sh) speaks words of the same dictionary:
//
//   - its own lines are the family "voice" (a big-screen family: the phones
//     are not served it): "voice.night" is the clip "night". A language
//     that has no such clip (English says no "号") has NoClip for its words;
//   - a few of the screens' words are said as they are shown, one wording
//     for one thing (VoiceShared): the briefing's opening ("brief.narr")
//     and every role's name ("role.killer"); such a clip is named by its
//     whole key. (How each side wins is the voice's own short line per
//     variant, "voice.wins.<variant>": the screens' rules.win sentences
//     take longer to say than the briefing lasts.);
//   - the numbers n1 … n<VoiceNumbers> (a seat, a count in a deal), whose
//     words are their digits.
//
// VoiceLines is the one list of the voice's clips: gen.sh speaks it (go
// run ./assets/sounds/lines), the sounds package plays and captions it, a
// voice pack is checked against it.
//
// A phrase made of several clips ("6号死亡": n6, died) is also said whole,
// as one sentence at one pace: the clip named by its pieces joined with
// "+" (VoiceWhole: "n6+died", "seat+n6+died"), whose words and speech are
// its pieces' (VoiceWholeLine). Which phrases have one is the voice's
// closed set (app/voice.Wholes: every phrase naming a seat or a count).

// NoClip is a "voice." key's words in a language without that clip.
const NoClip = "—"

// VoiceNumbers is the largest number the voice says: a seat (at most 20)
// or how many cards of a role a deal has (two-hands deals up to 31
// villager hands out of 40).
const VoiceNumbers = 40

// VoiceShared are the keys (a trailing "." for a whole family) of the
// screens' words the voice also says.
var VoiceShared = []string{"brief.narr", "role."}

// VoiceLine is one clip of the voice in one language.
type VoiceLine struct {
	ID    string // the clip's name: sounds/<lang>/<ID>.wav, a voice pack's file name
	Words string // what it says, as the captions write it
	Speak string // the text gen.sh gives the speech synthesiser
}

// VoiceLines are the clips of the voice in language code: the dictionary's
// voice lines sorted by ID, then the numbers.
func VoiceLines(code string) ([]VoiceLine, error) {
	d, err := Dictionary(code)
	if err != nil {
		return nil, err
	}
	var out []VoiceLine
	for k, w := range d {
		id, ok := VoiceClip(k)
		if !ok || w == NoClip {
			continue
		}
		out = append(out, VoiceLine{ID: id, Words: w, Speak: speakable(w)})
	}
	slices.SortFunc(out, func(a, b VoiceLine) int { return strings.Compare(a.ID, b.ID) })
	for n := 1; n <= VoiceNumbers; n++ {
		s := strconv.Itoa(n)
		if code == "zh" {
			s = zhNumber(n)
		}
		out = append(out, VoiceLine{ID: "n" + strconv.Itoa(n), Words: strconv.Itoa(n), Speak: s})
	}
	return out, nil
}

// VoiceWhole is the name of the clip that says the phrase made of pieces
// whole: "n6+died" ("" for a phrase of one clip).
func VoiceWhole(pieces []string) string {
	if len(pieces) < 2 {
		return ""
	}
	return strings.Join(pieces, "+")
}

// VoicePieces are the clips a whole clip's name is made of ("n6+died":
// n6, died); a clip of one piece is itself.
func VoicePieces(clip string) []string { return strings.Split(clip, "+") }

// VoiceWholeLine is the whole clip of the phrase made of pieces in lines (a
// language's VoiceLines): its name, its words (the pieces' words joined as
// a caption joins them: by nothing in Chinese, by a space in English) and
// its speech; ok false when a piece is no line of lines.
func VoiceWholeLine(code string, lines []VoiceLine, pieces []string) (VoiceLine, bool) {
	if len(pieces) < 2 {
		return VoiceLine{}, false
	}
	sep := " "
	if code == "zh" {
		sep = ""
	}
	var words, speak []string
	for _, p := range pieces {
		i := slices.IndexFunc(lines, func(l VoiceLine) bool { return l.ID == p })
		if i < 0 {
			return VoiceLine{}, false
		}
		words, speak = append(words, lines[i].Words), append(speak, lines[i].Speak)
	}
	return VoiceLine{ID: VoiceWhole(pieces), Words: strings.Join(words, sep), Speak: strings.Join(speak, sep)}, true
}

// VoiceClip is the clip that says dictionary key k (ok false: the voice
// does not say it).
func VoiceClip(k string) (id string, ok bool) {
	if id, ok := strings.CutPrefix(k, "voice."); ok {
		return id, true
	}
	for _, s := range VoiceShared {
		if k == s || (strings.HasSuffix(s, ".") && strings.HasPrefix(k, s)) {
			return k, true
		}
	}
	return "", false
}

// speakable is words as the synthesiser should read them: a slash between
// two names ("Vest / wolfsbane", "防弹衣/狼毒") is a pause, not "slash".
func speakable(w string) string {
	return strings.NewReplacer(" / ", ", ", "/", "，").Replace(w)
}

// zhNumber is n (1 … 99) in Chinese numerals: 七, 十二, 三十一.
func zhNumber(n int) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	switch {
	case n < 10:
		return digits[n]
	case n < 20:
		return "十" + digits[n%10]
	}
	return digits[n/10] + "十" + digits[n%10]
}
