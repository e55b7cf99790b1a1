package ui

import (
	"fmt"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"nightfall/game"
)

// cat-lives-7 on the big screen: at dawn each manifesto (wrapped, large)
// with the kinds of cards lost; the card count of every seat; by day the
// weighted votes, and at dusk the totals with curses and blessings applied.

// catUpdate fills the cat-lives-7 texts (after update's shared ones).
func (t *TableScreen) catUpdate(tv *game.TableView) {
	t.manifestos = t.manifestos[:0]
	t.catTotals.Text = ""
	ct := game.CatTable(tv)
	if ct == nil || tv.Phase != game.PhaseDay {
		return
	}
	if d := ct.Dawn; d != nil && d.Round == tv.Round && tv.Ballot == nil {
		for _, m := range d.Manifestos {
			if strings.TrimSpace(m) != "" {
				t.manifestos = append(t.manifestos, m)
			}
		}
		t.dawn.Text = catLossText(d)
	}
	if d := ct.Dusk; d != nil && d.Round == tv.Round && len(d.Totals) > 0 {
		raw := map[game.Target]int{}
		for _, c := range d.Votes {
			raw[c.Target] = int(c.Votes)
		}
		var parts []string
		for _, c := range d.Totals {
			if r, ok := raw[c.Target]; ok && float64(r) != c.Votes {
				parts = append(parts, tr("table.cat.total", "Seat", tr("seat.n", "Seat", c.Target.String()), "Raw", r, "N", c.Votes))
			} else if c.Votes != 0 {
				parts = append(parts, tr("table.cat.total1", "Seat", tr("seat.n", "Seat", c.Target.String()), "N", c.Votes))
			}
		}
		if len(parts) > 0 {
			t.catTotals.Text = tr("table.cat.totals") + "  " + strings.Join(parts, " · ")
		}
	}
}

// catLossText is the dawn's line: the cards lost by kind, or none (each
// seat's losses are on its seat: catSeatNote).
func catLossText(d *game.AnnounceBody) string {
	k := catLosses(d, 0)
	if k == [2]int{} {
		return tr("table.cat.noloss")
	}
	return tr("table.cat.lost", "Losses", catKinds(k))
}

// catLosses sums the dawn's losses by kind (privilege, commoner) for seat,
// or for every seat (0).
func catLosses(d *game.AnnounceBody, seat int) [2]int {
	var k [2]int
	for _, l := range d.Losses {
		if seat == 0 || l.Seat == seat {
			k[0] += l.Privilege
			k[1] += l.Commoner
		}
	}
	return k
}

func catKinds(k [2]int) string {
	var kinds []string
	if k[0] > 0 {
		kinds = append(kinds, tr("table.cat.privilege", "N", k[0]))
	}
	if k[1] > 0 {
		kinds = append(kinds, tr("table.cat.commoner", "N", k[1]))
	}
	return strings.Join(kinds, " + ")
}

// catVoters lists the weighted voters for a target: "2×3 5×2".
func catVoters(tv *game.TableView, target game.Target) string {
	if game.CatTable(tv) == nil {
		return ""
	}
	var parts []string
	for _, v := range game.CatTable(tv).Votes {
		if v.Target == target.Seat {
			parts = append(parts, fmt.Sprintf("%d×%d", v.Seat, v.Weight))
		}
	}
	return strings.Join(parts, " ")
}

// catBadge is a voter's badge during the vote: "→2 ×5" (target, weight).
func catBadge(tv *game.TableView, seat int) string {
	if game.CatTable(tv) == nil {
		return ""
	}
	for _, v := range game.CatTable(tv).Votes {
		if v.Seat == seat {
			return fmt.Sprintf("→%d ×%d", v.Target, v.Weight)
		}
	}
	return ""
}

// catSeatNote is a seat's card count under its name ("5张牌"), and until
// the day's first ballot (as long as the manifestos) what it lost at dawn
// ("3张牌\n−特权1\n−平民1"); a ballot's badges need the room after that.
func catSeatNote(tv *game.TableView, seat int) string {
	if game.CatTable(tv) == nil {
		return ""
	}
	for _, s := range game.CatTable(tv).Seats {
		if s.Seat == seat {
			n := tr("table.cat.cards", "N", s.Cards)
			if s.Pending { // on a line of its own: "4张牌 · 天亮失去" wrapped inside its words
				n += "\n" + tr("table.cat.pending")
			}
			if d := game.CatTable(tv).Dawn; d != nil && d.Round == tv.Round && tv.Phase == game.PhaseDay && tv.Ballot == nil {
				// each kind lost on a line of its own, under the count:
				// short lines keep the label narrow, and so the table
				// wide beside the manifestos
				k := catLosses(d, seat)
				if k[0] > 0 {
					n += "\n−" + tr("table.cat.privilege", "N", k[0])
				}
				if k[1] > 0 {
					n += "\n−" + tr("table.cat.commoner", "N", k[1])
				}
			}
			return n
		}
	}
	return ""
}

// layoutManifestos wraps the dawn's manifestos into lines at x, from y down
// to bottom, width w: as large as fits, between 2.6 and 5 hundredths of
// the height. Returns the y below them.
func (t *TableScreen) layoutManifestos(x, y, w, bottom, u float32) float32 {
	for _, l := range t.mlines {
		l.Text = ""
		l.Resize(fyne.Size{})
	}
	t.nml = 0
	if len(t.manifestos) == 0 {
		return y
	}
	var lines []string
	var size float32
	for size = 5 * u; ; size *= 0.9 {
		lines = lines[:0]
		for i, m := range t.manifestos {
			if i > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, wrapText("“"+strings.TrimSpace(m)+"”", size, w)...)
		}
		lh := fyne.MeasureText("M", size, fyne.TextStyle{}).Height
		if y+lh*float32(len(lines)) <= bottom || size < 2.6*u {
			break
		}
	}
	lh := fyne.MeasureText("M", size, fyne.TextStyle{}).Height
	for _, s := range lines {
		if y+lh > bottom {
			break
		}
		if t.nml == len(t.mlines) {
			t.mlines = append(t.mlines, canvas.NewText("", colText))
		}
		l := t.mlines[t.nml]
		t.nml++
		if s == "" {
			y += lh * 0.4
			continue
		}
		l.Text, l.TextSize = s, size
		l.Move(fyne.NewPos(x, y))
		l.Resize(l.MinSize())
		y += lh
	}
	return y
}

// wrapText breaks s into lines at most w wide at the text size: at a space
// where the line has one, else between any two characters (Chinese).
func wrapText(s string, size, w float32) []string {
	return wrapStyled(s, size, w, fyne.TextStyle{})
}

// oneItem reports whether rs is one word or number: no line may break in
// it.
func oneItem(rs []rune) bool {
	for k := 1; k < len(rs); k++ {
		if breakIn(rs, k) {
			return false
		}
	}
	return true
}

// wide reports whether r is a Chinese character or punctuation: a line may
// break between two of them.
func wide(r rune) bool {
	return unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303f || r >= 0xff00 && r <= 0xffef
}

// noLineStart are the characters a wrapped line may not start with.
const noLineStart = "，。、；：！？）》」』”’,.;:!?)"

// noLineEnd are the characters a wrapped line may not end with.
const noLineEnd = "（《「『“‘("

// wrapStyled is wrapText for text in style.
func wrapStyled(s string, size, w float32, style fyne.TextStyle) []string {
	return wrapLines(s, size, w, style, false)
}

// wrapKeepingTwo is wrapStyled leaving no word or number alone on a
// paragraph's last line ("Still to speak: 1, 17, …, 9, 8," over a lone
// "7"): the line before gives it its last item ("…, 9," over "8, 7"),
// where it has one to give and the two fit across w. It makes as many
// lines as wrapStyled.
func wrapKeepingTwo(s string, size, w float32, style fyne.TextStyle) []string {
	return wrapLines(s, size, w, style, true)
}

// breakIn reports whether a line may break before rs[k] (0 < k < len(rs)):
// at a space, or after a list's separator ("3、4", "3, 4", a seat's cards
// "Commoner/Sniper"), or between two Chinese characters; never inside a
// number or a word.
func breakIn(rs []rune, k int) bool {
	return unicode.IsSpace(rs[k]) || strings.ContainsRune("、，,；;/", rs[k-1]) || wide(rs[k-1]) && wide(rs[k])
}

func wrapLines(s string, size, w float32, style fyne.TextStyle, keepTwo bool) []string {
	fits := func(rs []rune) bool { return fyne.MeasureText(string(rs), size, style).Width <= w }
	trim := func(rs []rune) []rune { return []rune(strings.TrimLeftFunc(string(rs), unicode.IsSpace)) }
	var out []string
	for _, para := range strings.Split(s, "\n") {
		rs := []rune(para)
		for len(rs) > 0 {
			// the longest start that fits (at least one character)
			n := len(rs)
			if fyne.MeasureText(string(rs), size, style).Width > w {
				lo, hi := 1, len(rs) // rs[:lo] is taken to fit, rs[:hi] does not
				for hi-lo > 1 {
					mid := (lo + hi) / 2
					if fyne.MeasureText(string(rs[:mid]), size, style).Width > w {
						hi = mid
					} else {
						lo = mid
					}
				}
				n = lo
			}
			if n < len(rs) {
				// break at a space, or after a list's separator ("3、4",
				// "3, 4", a seat's cards "Commoner/Sniper"), never inside a
				// number or a word; in the line's second half, else (a
				// word longer than half the line) anywhere before
				breakAt := func(k int) bool { return breakIn(rs, k) }
				k := n
				for k > n/2 && !breakAt(k) {
					k--
				}
				if k == n/2 {
					for k > 0 && !breakAt(k) {
						k--
					}
				}
				if k > 0 {
					n = k
				}
			}
			// a comma, a full stop or a closing bracket never starts a line
			// (the character before it goes down with it), an opening
			// bracket never ends one
			for n > 1 && n < len(rs) && (strings.ContainsRune(noLineStart, rs[n]) || strings.ContainsRune(noLineEnd, rs[n-1])) {
				n--
			}
			if rest := trim(rs[n:]); keepTwo && n < len(rs) && fits(rest) && oneItem(rest) {
				// the rest is the last line and one item alone: the
				// line's last break before n sends its last item down
				for k := n - 1; k > 0; k-- {
					if breakIn(rs, k) && !strings.ContainsRune(noLineStart, rs[k]) {
						if fits(trim(rs[k:])) && strings.TrimSpace(string(rs[:k])) != "" {
							n = k
						}
						break
					}
				}
			}
			out = append(out, strings.TrimRightFunc(string(rs[:n]), unicode.IsSpace))
			rs = trim(rs[n:])
		}
	}
	return out
}
