// Package voice decides what the judge says aloud, from the table view alone,
// and spells each line as a list of the bundled clips (assets/sounds). A
// phrase is made of pieces ("6号死亡": the clip of 6, the clip of 号死亡),
// but every phrase that names a seat or a count is also said whole, as one
// sentence at one pace (the clip "n6+died": Wholes lists them), and Clips
// names that clip: pieces spoken apart come at different speeds. A voice
// pack that has the pieces and not the whole says the pieces (app/audio).
//
// Night rule: at nightfall the judge says one fixed phrase and nothing else
// until dawn, so nothing heard at night depends on which roles exist, live or
// act (the same holds for its length: the phrase is always the same clip).
package voice

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"nightfall/assets"
	"nightfall/game"
)

// Line is one thing the judge says.
type Line struct {
	Kind  string           // see Clips
	Seats []int            // the seats named, in order
	Text  string           // a winner id for "over", a variant id for "wins"
	Deal  []game.RoleCount // the cards dealt, for "deal"
}

// Kinds are the kinds of line the judge says (any other kind is the chime).
var Kinds = []string{"night", "dawn", "peaceful", "died", "speak", "lastwords", "discussion", "vote",
	"votefor", "tie", "nobodyout", "out", "exploded", "over", "paused", "resumed", "chime",
	"briefing", "deal", "wins", "begin",
	// werewolf-12 (狼人杀): the election, the sheriff, the badge, the
	// death steps, the hunter's shot, the idiot
	"election", "campaign", "sheriff", "badgelost", "postponed", "skill", "badge", "order", "shot", "idiot", "wolfexploded"}

// Clips spells the line in lang ("zh" or "en") as clip names
// (audio.ClipPath: lang/NAME.wav, a whole phrase's lang/NAME.mp3): a
// phrase as its whole clip where it has one (Wholes: "n6+died"), else as
// its pieces ("chime" is the shared chime).
func (l Line) Clips(lang string) []string {
	var out []string
	for _, p := range l.phrases(lang) {
		if w := assets.VoiceWhole(p); w != "" && wholes()[lang][w] {
			out = append(out, w)
			continue
		}
		out = append(out, p...)
	}
	return out
}

// Pieces spells the line in lang as the pieces of its phrases, never a
// whole clip: "6号死亡" is n6, died (how a voice pack without the whole
// clip says it).
func (l Line) Pieces(lang string) []string {
	var out []string
	for _, p := range l.phrases(lang) {
		out = append(out, p...)
	}
	return out
}

// Caption is the line's words in lang, piece by piece as they are spoken
// (assets.VoiceLines: the words gen.sh gave each clip), a phrase per seat named:
// "6号死亡，9号死亡", "Seat 6 died. Seat 9 died.". It is "" for a line
// without words: the chime (what it stands for is the caller's to say).
func (l Line) Caption(lang string) string {
	wordSep, phraseSep := "", "，"
	if lang == "en" {
		wordSep, phraseSep = " ", " "
		if l.Kind == "deal" {
			phraseSep = ", " // "5 killers, 1 police, 10 civilians"
		}
	}
	var parts []string
	for _, p := range l.phrases(lang) {
		var ws []string
		for _, c := range p {
			if w, ok := voiceWords()[lang][c]; ok {
				ws = append(ws, w)
			}
		}
		if len(ws) > 0 {
			parts = append(parts, strings.Join(ws, wordSep))
		}
	}
	return strings.Join(parts, phraseSep)
}

// phrases are the line's clips, a group per phrase (a seat named and what
// it does, the winner…).
func (l Line) phrases(lang string) [][]string {
	seat := func(n int) []string {
		if lang == "en" {
			return []string{"seat", num(n)}
		}
		return []string{num(n)}
	}
	each := func(suffix string, prefix ...string) [][]string {
		var out [][]string
		for _, s := range l.Seats {
			p := append([]string{}, prefix...)
			p = append(p, seat(s)...)
			out = append(out, append(p, suffix))
		}
		return out
	}
	switch l.Kind {
	case "night", "peaceful", "vote", "tie", "nobodyout", "discussion", "paused", "resumed", "dawn":
		return [][]string{{l.Kind}}
	case "chime":
		return [][]string{{"chime"}}
	case "died":
		return each("died")
	case "speak", "lastwords":
		if lang == "en" {
			return each(l.Kind)
		}
		return each(l.Kind, "please")
	case "votefor":
		var out [][]string
		for _, s := range l.Seats {
			// "投8号的请举手", "Hands up for seat 8": the call is open,
			// as the phones say it (never "vote for 8", an order)
			p := []string{"votefor", num(s)}
			if lang != "en" {
				p = append(p, "hao", "handsup")
			}
			out = append(out, p)
		}
		return out
	case "out", "exploded":
		return each(l.Kind)
	case "election":
		return [][]string{{"election"}, {"stand"}}
	case "campaign", "skill", "wolfexploded":
		return each(l.Kind)
	case "badgelost", "postponed", "badge", "order":
		return [][]string{{l.Kind}}
	case "sheriff":
		if len(l.Seats) == 0 {
			return [][]string{{"chime"}}
		}
		if lang == "en" {
			return [][]string{append([]string{"sheriff"}, seat(l.Seats[0])...)}
		}
		return [][]string{{"sheriff", num(l.Seats[0]), "hao"}}
	case "shot": // Seats: the hunter, then his target
		if len(l.Seats) < 2 {
			return [][]string{{"chime"}}
		}
		p := append(seat(l.Seats[0]), "shot")
		p = append(p, seat(l.Seats[1])...)
		if lang != "en" {
			p = append(p, "hao")
		}
		return [][]string{p}
	case "idiot":
		return append(each("idiot"), []string{"nobodyout"})
	case "briefing":
		return [][]string{{"brief.narr"}}
	case "begin":
		return [][]string{{"begin"}}
	case "wins":
		return [][]string{{"wins." + l.Text}}
	case "deal":
		return deal(lang, l.Deal)
	case "over":
		out := [][]string{{"over"}}
		switch {
		case l.Text != game.WinnerNone && slices.Contains(game.Winners(), l.Text):
			out = append(out, []string{"win-" + l.Text})
		default:
			if n, err := strconv.Atoi(l.Text); err == nil {
				out = append(out, append(seat(n), "wins"))
			}
		}
		return out
	}
	return [][]string{{"chime"}}
}

// num is the clip of a number (a seat, a count: 1 … assets.VoiceNumbers;
// others have no clip and fall back to the chime).
func num(n int) string {
	if n < 1 || n > assets.VoiceNumbers {
		return "chime"
	}
	return "n" + strconv.Itoa(n)
}

// deal is the deal as a judge reads it out, a phrase per role in the
// deal's order ("五个杀手", "5 killers"), but three or more roles in a row
// dealt as many cards each are said at once, a phrase per name and the
// count once: "警察，医生，森林老人，各一个", "1 each, Police, Doctor,
// Forest elder" (cat-lives-7's eight privilege cards of two each would
// otherwise outlast the briefing).
func deal(lang string, d []game.RoleCount) [][]string {
	var out [][]string
	for i := 0; i < len(d); {
		j := i
		for j < len(d) && d[j].Count == d[i].Count {
			j++
		}
		if j-i < 3 {
			for _, rc := range d[i:j] {
				out = append(out, count(lang, rc))
			}
			i = j
			continue
		}
		var names [][]string
		for _, rc := range d[i:j] {
			names = append(names, []string{"role." + rc.Role})
		}
		if lang == "en" {
			out = append(append(out, []string{num(d[i].Count), "each"}), names...)
		} else {
			out = append(append(out, names...), []string{"each", zhCount(d[i].Count), "ge"})
		}
		i = j
	}
	return out
}

// zhCount is the clip of a count in Chinese: 两 for two, else the number.
func zhCount(n int) string {
	if n == 2 {
		return "liang"
	}
	return num(n)
}

// count is how many cards of a role were dealt, as a judge says it:
// "五个杀手" (两 for two: "两个警察"), "5 killers", "1 sniper".
func count(lang string, d game.RoleCount) []string {
	if lang == "en" {
		if d.Count == 1 {
			return []string{num(1), "role." + d.Role}
		}
		return []string{num(d.Count), "roles." + d.Role}
	}
	return []string{zhCount(d.Count), "ge", "role." + d.Role}
}

// Briefing is what the judge says over the table's briefing (tv.Briefing,
// before the first night), the big screen's briefing told in short: its
// opening, the deal (how many of each role, as the screen lists it), how
// each side of the variant wins, and that the host begins when everyone
// is ready. The screen also shows a round's order, a line per role and the
// options, which are read there: said aloud, the briefing would outlast
// the time it holds the night back (game.BriefingSeconds). nil without a
// briefing.
func Briefing(tv *game.TableView) []Line {
	if tv == nil || tv.Briefing == nil {
		return nil
	}
	return []Line{{Kind: "briefing"}, {Kind: "deal", Deal: tv.Briefing.Deal}, {Kind: "wins", Text: tv.Variant}, {Kind: "begin"}}
}

// Narrator says the lines of the stages as the engine cues them
// (game.Cue, TableView.Cues): nightfall, whose turn it is, the stand window,
// the discussion, the vote and its calls; and a pause. It remembers the key
// of the last cue it said, so each cue is said once, also when the same
// view arrives again or views are skipped (a skipped view's cues are said
// only while their stage still runs). The results (a dawn, a self-reveal, a
// tally, the winner) are not its: the host app says each as its
// announcement comes up (TableView.Announce).
type Narrator struct {
	started   bool
	said      int // key of the last cue said
	paused    bool
	warnedKey int // timer key of the last ten-second chime
}

// WarnAt is when the chime warns that a speech is about to run out.
const WarnAt = 10 * time.Second

// Observe returns what to say now that tv is on the table (nil: the lobby,
// which forgets the game's cues).
func (n *Narrator) Observe(tv *game.TableView, paused bool) []Line {
	if tv == nil {
		n.reset()
		return nil
	}
	var out []Line
	if n.started && paused != n.paused && tv.Phase == game.PhaseDay {
		if paused {
			out = append(out, Line{Kind: "paused"})
		} else {
			out = append(out, Line{Kind: "resumed"})
		}
	}
	n.started, n.paused = true, paused
	for _, c := range tv.Cues {
		if c.Key <= n.said {
			continue
		}
		n.said = c.Key
		if l, ok := CueLine(c); ok {
			out = append(out, l)
		}
	}
	return out
}

// Resume takes the cues on tv as said: a host that comes back to a game in
// progress (the app started again on its log) does not say again what the
// table heard before it stopped; the next cue is said.
func (n *Narrator) Resume(tv *game.TableView) {
	if tv == nil {
		return
	}
	for _, c := range tv.Cues {
		n.said = max(n.said, c.Key)
	}
}

// CueLine is what the judge says for the engine's cue c; ok false for a
// cue without a line.
func CueLine(c game.Cue) (Line, bool) {
	switch c.Kind {
	case game.CueNight:
		return Line{Kind: "night"}, true
	case game.CueTurn:
		return turnLine(c.Stage, c.Seat), true
	case game.CueElection:
		return Line{Kind: "election"}, true
	case game.CueDiscussion:
		return Line{Kind: "discussion"}, true
	case game.CueVote:
		return Line{Kind: "vote"}, true
	case game.CueCall:
		return Line{Kind: "votefor", Seats: []int{c.Seat}}, true
	}
	return Line{}, false
}

// turnLine is the line of seat's turn in stage.
func turnLine(stage game.Stage, seat int) Line {
	switch stage {
	case game.StageLastWords:
		return Line{Kind: "lastwords", Seats: []int{seat}}
	case game.StageCampaign, game.StageCampaignPK: // werewolf-12's election speeches
		return Line{Kind: "campaign", Seats: []int{seat}}
	case game.StageSkill: // asked of every dead player (是否发动技能), whatever the role
		return Line{Kind: "skill", Seats: []int{seat}}
	case game.StageBadge, game.StageOrder: // the sheriff's turns: the screen names him
		return Line{Kind: string(stage)}
	}
	return Line{Kind: "speak", Seats: []int{seat}}
}

// StageLine is the line the judge says as the stage of tv begins (the
// night, a speaker's turn, a discussion, a vote and its call), as the
// Narrator says it from the stage's cue; ok false for a stage without one.
// The big screen's headline for the stage is its caption: the same words.
func StageLine(tv *game.TableView) (Line, bool) {
	if tv == nil {
		return Line{}, false
	}
	switch {
	case tv.Phase == game.PhaseNight:
		return Line{Kind: "night"}, true
	case tv.Phase != game.PhaseDay:
		return Line{}, false
	case tv.Speaker != 0:
		return turnLine(tv.Stage, tv.Speaker), true
	case tv.Stage == game.StageStand:
		return Line{Kind: "election"}, true
	case tv.Stage == game.StageDiscussion:
		return Line{Kind: "discussion"}, true
	case tv.Stage == game.StageVote && tv.Ballot != nil && !tv.Ballot.Closed:
		if c := tv.Ballot.Calling; c != nil {
			return Line{Kind: "votefor", Seats: []int{c.Seat}}, true
		}
		return Line{Kind: "vote"}, true
	}
	return Line{}, false
}

// Tick returns the ten-second chime once per speaking timer.
func (n *Narrator) Tick(tv *game.TableView, remaining time.Duration, paused bool) []Line {
	if tv == nil || tv.Timer == nil || paused || tv.Phase != game.PhaseDay {
		return nil
	}
	switch tv.Timer.Kind {
	case "speech", "last-words", "pk-speech", "discussion":
	default:
		return nil
	}
	if remaining > 0 && remaining <= WarnAt && tv.Timer.Seconds*int(time.Second) > int(2*WarnAt) && n.warnedKey != tv.Timer.Key {
		n.warnedKey = tv.Timer.Key
		return []Line{{Kind: "chime"}}
	}
	return nil
}

func (n *Narrator) reset() { *n = Narrator{} }
