// Package replay writes a finished game's 复盘 as one self-contained HTML
// file: every role, every night's actions, every vote (who → whom) and the
// winner, in the phone's language, with nothing fetched from anywhere (no
// script, no link, the style inline), so that it opens offline in any
// browser and can be kept. It also writes an evening's scoreboard page
// (the host's export).
//
// It reads only the end of a game: the table view of a finished game
// (game.TableView's Reveal and Timeline, built once everything is public)
// and the seats' names. A game still running has no replay.
package replay

import (
	"errors"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"

	"nightfall/game"
	"nightfall/game/evening"
)

// Game is a finished game to replay.
type Game struct {
	Table   game.TableView // the final table view (Phase "over")
	Names   map[int]string // by seat
	Started time.Time      // zero: not shown
	Where   string         // the table's name ("" not shown)
	Number  int            // the game's number in the evening (0: not shown)
}

// ErrNotOver is a game that has not ended: it has no replay.
var ErrNotOver = errors.New("the game is not over: there is no replay yet")

// Write writes g's replay in lang ("zh" or "en").
func Write(w io.Writer, g Game, lang string) error {
	if g.Table.Phase != game.PhaseOver {
		return ErrNotOver
	}
	d, err := load(lang)
	if err != nil {
		return err
	}
	return pageTmpl.Execute(w, build(d, g))
}

// page is what the template draws.
type page struct {
	Lang, Title, Heading, Reason string
	// Meta are the parts of the line under the heading (the players, the
	// date, the table): each kept on one line (a date never breaks across
	// two on a phone).
	Meta                      []string
	Named                     bool // some seat has a name: the names' column
	RolesTitle, TimelineTitle string
	Cols                      []string
	Seats                     []seatRow
	Groups                    []group
	Footer                    string
	Board                     *BoardText
}

type seatRow struct {
	Seat, Name, Roles, Camp, Fate string
	Evil, Dead                    bool
}

type group struct {
	Title string
	Lines []line
}

type line struct {
	Text      string
	Votes     []vote
	Abstained string
}

type vote struct {
	Voter, Target string // seat labels
	VoterSeat     int
	TargetKey     string // "7", "7L"
	Text          string
}

func build(d *words, g Game) page {
	tv := &g.Table
	p := page{Lang: d.lang, RolesTitle: d.t("over.roles"), TimelineTitle: d.t("over.timeline"),
		Footer: d.t("saved.footer")}
	variant := d.id("variant", tv.Variant)
	p.Title = d.t("saved.title", "Variant", variant)
	if g.Number > 0 {
		p.Title = d.t("evening.game", "N", g.Number) + " · " + p.Title
	}
	p.Heading = winnerText(d, tv.Winner)
	if tv.Winner == game.WinnerNone {
		p.Reason = tv.Reason
	}
	var meta []string
	// the players, unless the variant's name says them ("Werewolf, 12
	// players": not "… · 12 players" again), as the big screen's lobby
	if !namesCount(variant, tv.Players) {
		meta = append(meta, d.t("saved.players", "N", tv.Players))
	}
	if !g.Started.IsZero() {
		meta = append(meta, g.Started.Local().Format("2006-01-02 15:04"))
	}
	if g.Where != "" {
		meta = append(meta, g.Where)
	}
	p.Meta = meta
	p.Cols = []string{d.t("saved.col.seat"), d.t("saved.col.name"), d.t("saved.col.roles"), d.t("saved.col.camp"), d.t("saved.col.fate")}
	info, _ := game.Lookup(tv.Variant)
	campOf := func(role string) string {
		if info == nil {
			return ""
		}
		for _, r := range info.Info().Roles {
			if r.ID == role {
				return r.Camp
			}
		}
		return ""
	}
	for _, r := range tv.Reveal {
		row := seatRow{Seat: d.t("seat.n", "Seat", r.Seat), Name: g.Names[r.Seat]}
		p.Named = p.Named || row.Name != ""
		var roles []string
		dead := len(r.Alive) > 0
		for i, role := range r.Roles {
			name := d.id("role", role)
			if i < len(r.Alive) && !r.Alive[i] && len(r.Roles) > 1 {
				name += "\u00a0✕" // lost: the phones' and the big screen's mark, kept beside its card
			}
			roles = append(roles, name)
			if i < len(r.Alive) && r.Alive[i] {
				dead = false
			}
			if c := campOf(role); c != "" && c != "good" {
				row.Evil = true
			}
		}
		row.Roles = strings.Join(roles, d.t("list.cards")) // "Killer · Villager": a card's own name may hold a "/"
		camp := r.Camp
		if camp == "" && len(r.Roles) > 0 {
			camp = campOf(r.Roles[0])
		}
		if camp != "" {
			row.Camp = d.id("camp", camp)
			row.Evil = camp != "good"
		}
		row.Dead = dead
		row.Fate = d.t("saved.alive")
		if dead {
			row.Fate = d.t("seat.dead")
		}
		p.Seats = append(p.Seats, row)
	}
	var cur *group
	key := ""
	for _, m := range tv.Timeline {
		k := strconv.Itoa(m.Round) + string(m.Phase)
		if cur == nil || k != key {
			key = k
			title := d.t("over.night", "Round", m.Round)
			if m.Phase == game.PhaseDay {
				title = d.t("over.day", "Round", m.Round)
			}
			p.Groups = append(p.Groups, group{Title: title})
			cur = &p.Groups[len(p.Groups)-1]
		}
		cur.Lines = append(cur.Lines, momentLine(d, tv.Variant, m, g.Names))
	}
	return p
}

func seatLabel(d *words, seat int, names map[int]string) string {
	s := d.t("seat.n", "Seat", seat)
	if n := names[seat]; n != "" {
		s += " " + n
	}
	return s
}

func targetLabel(d *words, t game.Target) string {
	if t.Card != 0 {
		return t.String()
	}
	return d.t("seat.n", "Seat", t.Seat)
}

func winnerText(d *words, w string) string {
	switch {
	case w == "":
		return d.t("narr.over")
	case isNumber(w):
		return d.t("winner.seat", "Seat", w)
	}
	return d.id("winner", w)
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// momentLine is one line of the timeline in the words every screen
// gives it (game.MomentLine, LineText), and under a tally its votes one by
// one, who → whom with the players' names.
func momentLine(d *words, variant string, m game.Moment, names map[int]string) line {
	l := line{Text: d.line(game.MomentLine(variant, m))}
	if m.Kind != game.MomentTally {
		return l
	}
	for _, v := range m.Votes {
		voter := seatLabel(d, v.Seat, names)
		if v.Hand != nil {
			voter = v.Hand.String()
			if n := names[v.Seat]; n != "" {
				voter += " " + n
			}
		}
		target := targetLabel(d, v.Target)
		if v.Target.Card == 0 {
			target = seatLabel(d, v.Target.Seat, names)
		}
		l.Votes = append(l.Votes, vote{Voter: voter, Target: target, VoterSeat: v.Seat, TargetKey: v.Target.String(),
			Text: d.t("saved.vote", "Voter", voter, "Target", target)})
	}
	if len(m.Abstained) > 0 {
		var as []string
		for _, a := range m.Abstained {
			as = append(as, seatLabel(d, a, names))
		}
		l.Abstained = d.t("saved.abstained", "Seats", d.list(as))
	}
	return l
}

// BoardText is an evening's scoreboard in words: the big screen's, the
// export's index.
type BoardText struct {
	Title, Empty                       string
	Games, Sides, Variants, NotesTitle string
	Cols                               []string
	Players                            []PlayerRow
	Notes                              []string
	Links                              []Link
}

// PlayerRow is a player's line of the scoreboard. Stats are the
// variants' own counts (werewolf-12's badge, potions and shots: "警长×1、
// 解药×1"), "" when the player has none; the screens show them under the
// roles.
type PlayerRow struct {
	Name, Games, Wins, Roles, Stats string
}

// Link is a game of the exported evening.
type Link struct{ Href, Text string }

// Played is a game of the evening as the scoreboard page links it.
type Played struct {
	File    string // the replay's file name beside the page
	Variant string
	Winner  string
}

// WriteEvening writes the evening's scoreboard page in lang, linking
// each game's replay (files beside it).
func WriteEvening(w io.Writer, b evening.Board, played []Played, where string, lang string) error {
	d, err := load(lang)
	if err != nil {
		return err
	}
	bp := Board(d.lang, b)
	for i, g := range played {
		bp.Links = append(bp.Links, Link{Href: g.File, Text: d.t("evening.game", "N", i+1) + " · " +
			d.id("variant", g.Variant) + " · " + winnerText(d, g.Winner)})
	}
	var meta []string
	if where != "" {
		meta = []string{where}
	}
	p := page{Lang: d.lang, Title: d.t("evening.title"), Heading: d.t("evening.title"), Meta: meta,
		Footer: d.t("saved.footer"), Board: &bp}
	return pageTmpl.Execute(w, p)
}

// Board words an evening's scoreboard in lang: the lines the big screen,
// the phones and the export show.
func Board(lang string, b evening.Board) BoardText {
	d, err := load(lang)
	if err != nil {
		d = &words{lang: lang, m: map[string]string{}}
	}
	bp := BoardText{Title: d.t("evening.title"), Empty: d.t("board.empty"),
		Games: d.t("board.games", "N", b.Games), NotesTitle: d.t("evening.notes"),
		Cols: []string{d.t("evening.col.player"), d.t("evening.col.games"), d.t("evening.col.wins"), d.t("evening.col.roles")}}
	var vs []string
	for _, v := range b.Variants {
		vs = append(vs, d.id("variant", v.Variant)+" ×"+strconv.Itoa(v.Games))
	}
	bp.Variants = d.t("board.variants", "List", d.list(vs))
	var ss []string
	for _, s := range b.Sides {
		ss = append(ss, SideText(lang, s.Side)+" ×"+strconv.Itoa(s.Wins))
	}
	bp.Sides = d.t("board.sides", "List", d.list(ss))
	for _, pl := range b.Players {
		var rs []string
		for _, r := range pl.Roles {
			s := d.id("role", r.Role)
			if r.N > 1 {
				s += "×" + strconv.Itoa(r.N)
			}
			rs = append(rs, s)
		}
		var ss []string
		for _, st := range pl.Stats {
			ss = append(ss, d.t("evening.stat."+string(st.Kind), "N", st.N))
		}
		bp.Players = append(bp.Players, PlayerRow{Name: pl.Name, Games: strconv.Itoa(pl.Games), Wins: strconv.Itoa(pl.Wins),
			Roles: d.list(rs), Stats: d.list(ss)})
	}
	for _, n := range b.Notes {
		bp.Notes = append(bp.Notes, NoteText(lang, n))
	}
	return bp
}

// SideText is a winner code's name on the scoreboard.
func SideText(lang, side string) string {
	d, err := load(lang)
	if err != nil {
		return side
	}
	if side == "alone" {
		return d.t("evening.side.alone")
	}
	return d.id("winner", side)
}

// NoteText words a notable line of the evening.
func NoteText(lang string, n evening.Note) string {
	d, err := load(lang)
	if err != nil {
		return n.Kind
	}
	var gs []string
	for _, g := range n.Games {
		gs = append(gs, strconv.Itoa(g))
	}
	return d.t("evening.note."+n.Kind, "Name", n.Name, "N", n.N, "Of", n.Of, "Games", d.list(gs))
}

var pageTmpl = template.Must(template.New("replay").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{margin:0;padding:1rem;background:#11131a;color:#e8e6e3;font:16px/1.5 system-ui,"Noto Sans CJK SC","WenQuanYi Micro Hei",sans-serif}
main{max-width:48rem;margin:0 auto}
h1{font-size:1.6rem;color:#f0c674;margin:.2rem 0}
h2{font-size:1.2rem;border-bottom:1px solid #333a48;padding-bottom:.2rem;margin-top:1.6rem}
h3{font-size:1rem;color:#9aa3b5;margin:1rem 0 .3rem}
.meta,.dim{color:#9aa3b5}
.nb{white-space:nowrap}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid #262b36;vertical-align:top}
th{color:#9aa3b5;font-weight:normal}
tr.evil td.roles{color:#ff8a80}
tr.good td.roles{color:#9ccc65}
tr.dead td{opacity:.7}
ol{padding-left:1.4rem;margin:.2rem 0}
li{margin:.15rem 0}
ul.votes{list-style:none;padding-left:.6rem;margin:.1rem 0;columns:2 12rem}
li.vote::before{content:"· "}
.board td.n{text-align:right}
footer{margin-top:2rem;color:#5d6575;font-size:.85rem}
@media print{body{background:#fff;color:#000}h1{color:#000}}
</style>
</head>
<body>
<main>
<h1>{{.Heading}}</h1>
{{if .Reason}}<p class="dim">{{.Reason}}</p>{{end}}
<p class="meta">{{if not .Board}}<span class="nb">{{.Title}}</span>{{if .Meta}} · {{end}}{{end}}{{range $i, $m := .Meta}}{{if $i}} · {{end}}<span class="nb">{{$m}}</span>{{end}}</p>
{{with .Board}}
<p>{{.Games}}</p>
<p>{{.Variants}}</p>
<p>{{.Sides}}</p>
<table class="board">
<tr>{{range .Cols}}<th>{{.}}</th>{{end}}</tr>
{{range .Players}}<tr><td>{{.Name}}</td><td class="n">{{.Games}}</td><td class="n">{{.Wins}}</td><td>{{.Roles}}{{if .Stats}}<br><span class="dim">{{.Stats}}</span>{{end}}</td></tr>
{{end}}</table>
{{if .Notes}}<h2>{{.NotesTitle}}</h2>
<ul>{{range .Notes}}<li class="note">{{.}}</li>{{end}}</ul>{{end}}
{{if .Links}}<ol class="games">{{range .Links}}<li><a href="{{.Href}}">{{.Text}}</a></li>{{end}}</ol>{{end}}
{{else}}
<h2>{{.RolesTitle}}</h2>
<table class="roles">
<tr>{{range $i, $c := .Cols}}{{if or $.Named (ne $i 1)}}<th>{{$c}}</th>{{end}}{{end}}</tr>
{{range .Seats}}<tr class="{{if .Evil}}evil{{else}}good{{end}}{{if .Dead}} dead{{end}}"><td class="nb">{{.Seat}}</td>{{if $.Named}}<td>{{.Name}}</td>{{end}}<td class="roles">{{.Roles}}</td><td>{{.Camp}}</td><td>{{.Fate}}</td></tr>
{{end}}</table>
<h2>{{.TimelineTitle}}</h2>
{{range .Groups}}<section class="round">
<h3>{{.Title}}</h3>
<ol>{{range .Lines}}<li>{{.Text}}{{if .Votes}}
<ul class="votes">{{range .Votes}}<li class="vote" data-voter="{{.VoterSeat}}" data-target="{{.TargetKey}}">{{.Text}}</li>{{end}}</ul>{{end}}{{if .Abstained}}
<div class="dim abstained">{{.Abstained}}</div>{{end}}</li>
{{end}}</ol>
</section>
{{end}}
{{end}}
<footer>{{.Footer}}</footer>
</main>
</body>
</html>
`))

// namesCount reports whether a variant's name says its number of players
// (狼人杀12人, "Werewolf, 12 players"), not as part of a version ("Classic
// 2.0").
func namesCount(name string, n int) bool {
	num := strconv.Itoa(n)
	for i := strings.Index(name, num); i >= 0; {
		end := i + len(num)
		before := i == 0 || !strings.ContainsRune("0123456789.", rune(name[i-1]))
		after := end == len(name) || !strings.ContainsRune("0123456789.", rune(name[end]))
		if before && after {
			return true
		}
		j := strings.Index(name[i+1:], num)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
