package game

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Line is a text in codes: a key of the words dictionary (assets/i18n) and
// its arguments. The engine says no words; every screen turns a Line into
// words with the one dictionary, the big screen and the saved 复盘 through
// lan/replay's LineText, the phones through their T (view.js lineText), so
// that a line reads the same everywhere. A Line with no Key is no text.
//
// In JSON (the phones' view) a line is {"k": key, "a": {name: value…}}, a
// value being a number, a string (as written: a seat, "6L"), a name
// ({"id": [keys…]}), a line, or a list ({"list": [values…], "sep": key}).
type Line struct {
	Key  string
	Args []Arg
}

// Arg is a Line's named argument (the template's field: "Seat", "Role").
// Value is one of: an int or a float64 (a seat, a count), a string (a
// target as the engine writes it, "7" or "6L"), a Name, a Line or a List.
type Arg struct {
	Name  string
	Value any
}

// Name is a thing named by the dictionary: its words are those of the
// first of these keys the dictionary has; without any, its id (the last
// key past its first dot: "role.police" → "police").
type Name []string

// List is values said one after the other, joined by the words of Sep
// ("" for "list.sep": "6、9", "6, 9").
type List struct {
	Items []any
	Sep   string
}

// line builds a Line from name, value pairs.
func line(key string, kv ...any) Line {
	l := Line{Key: key}
	for i := 0; i+1 < len(kv); i += 2 {
		l.Args = append(l.Args, Arg{Name: kv[i].(string), Value: kv[i+1]})
	}
	return l
}

// ints is a list of seats.
func ints(xs []int) List {
	l := List{Items: make([]any, len(xs))}
	for i, x := range xs {
		l.Items[i] = x
	}
	return l
}

// MarshalJSON writes a line as {"k": key, "a": {…}} (see Line).
func (l Line) MarshalJSON() ([]byte, error) { return json.Marshal(l.tree()) }

// tree is a line as JSON values (its arguments in a map: encoding/json
// writes them sorted).
func (l Line) tree() map[string]any {
	t := map[string]any{"k": l.Key}
	if len(l.Args) > 0 {
		a := make(map[string]any, len(l.Args))
		for _, x := range l.Args {
			a[x.Name] = valueTree(x.Value)
		}
		t["a"] = a
	}
	return t
}

func valueTree(v any) any {
	switch x := v.(type) {
	case Line:
		return x.tree()
	case Name:
		return map[string]any{"id": []string(x)}
	case List:
		items := make([]any, len(x.Items))
		for i, it := range x.Items {
			items[i] = valueTree(it)
		}
		t := map[string]any{"list": items}
		if x.Sep != "" {
			t["sep"] = x.Sep
		}
		return t
	}
	return v // a number, a string
}

// UnmarshalJSON reads a line back (a view read from JSON: the tests, a
// tool), its arguments sorted by name and its numbers float64.
func (l *Line) UnmarshalJSON(data []byte) error {
	var t map[string]any
	if err := json.Unmarshal(data, &t); err != nil {
		return err
	}
	*l = lineOf(t)
	return nil
}

func lineOf(t map[string]any) Line {
	l := Line{}
	l.Key, _ = t["k"].(string)
	a, _ := t["a"].(map[string]any)
	names := make([]string, 0, len(a))
	for n := range a {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		l.Args = append(l.Args, Arg{Name: n, Value: valueOf(a[n])})
	}
	return l
}

func valueOf(v any) any {
	t, ok := v.(map[string]any)
	switch {
	case !ok:
		return v
	case t["k"] != nil:
		return lineOf(t)
	case t["id"] != nil:
		ids, _ := t["id"].([]any)
		name := make(Name, len(ids))
		for i, id := range ids {
			name[i], _ = id.(string)
		}
		return name
	}
	items, _ := t["list"].([]any)
	out := List{}
	out.Sep, _ = t["sep"].(string)
	for _, it := range items {
		out.Items = append(out.Items, valueOf(it))
	}
	return out
}

// MomentLine is m, a line of the timeline of a game of variant, in codes:
// the one wording of the big screen's 复盘, the saved file's and the
// phones'. A variant words its own moment kinds (VariantInfo.Moments) and
// the core's kinds it plays otherwise (momentLiner); the core words the
// rest.
func MomentLine(variant string, m Moment) Line {
	if v, ok := Lookup(variant); ok {
		if ml, ok := v.(momentLiner); ok {
			if l, ok := ml.momentLine(m); ok {
				return l
			}
		}
	}
	return coreMomentLine(m)
}

// momentLiner is a variant that words some lines of the timeline itself
// (ok false: the core's words).
type momentLiner interface {
	momentLine(m Moment) (Line, bool)
}

// momentActors is who acted in a night step: "（2、6、8号）", or nothing.
func momentActors(m Moment) any {
	if len(m.Actors) == 0 {
		return ""
	}
	return line("tl.actors", "Seats", ints(m.Actors))
}

// roleName is a role's name ("" for none).
func roleName(role string) any {
	if role == "" {
		return ""
	}
	return Name{"role." + role}
}

// actorsRole is the name of the role of a night step's actors: its plural
// (tl.roles.<role>: "Werewolves", 狼人, the same as the singular in
// Chinese) when several seats act as one ("Werewolves (2, 5, 9) killed
// 4"), else its name ("Witch (6) poisoned 7"). The dictionary has a plural
// for every role the engine may word so (a team's: killer, police,
// werewolf); any other falls back to its singular name.
func actorsRole(m Moment) any {
	if m.Role == "" || len(m.Actors) < 2 {
		return roleName(m.Role)
	}
	return Name{"tl.roles." + m.Role, "role." + m.Role}
}

// seatLabel is a target as a seat's label ("7号", "Seat 7"), a hand or card
// as written ("6L").
func seatLabel(t Target) any {
	if t.Card != 0 {
		return t.String()
	}
	return line("seat.n", "Seat", t.Seat)
}

// seatArg is a target as a line's argument: a seat as tl.seat ("7号",
// "7"), a hand or card as written ("6L": the table's name for it, which
// takes no 号).
func seatArg(t Target) any {
	if t.Card != 0 {
		return t.String()
	}
	return line("tl.seat", "Seat", t.Seat)
}

// seatsArg is a list of seats (their 号 said once, after the list: "3、6号")
// or, when hands or cards are among them, of those as written ("3L、6R").
func seatsArg(l List, hands bool) any {
	if hands {
		return l
	}
	return line("tl.seat", "Seat", l)
}

// coreMomentLine words the core's moment kinds.
func coreMomentLine(m Moment) Line {
	switch m.Kind {
	case MomentAction:
		// A sentence: the act as a verb of the line's own (tl.did.kill
		// "killed", 杀; tl.do.kill "kill", 杀人), the button's name
		// (action.kill) for an action that has none. A skip tapped is
		// "chose not to", one that never came (the night ended first, the
		// antidote closed the poison) "did not".
		if m.Skip || m.Target == nil {
			key := "tl.skip"
			if m.By == "none" {
				key = "tl.skip.none"
			}
			return line(key, "Role", actorsRole(m), "Actors", momentActors(m),
				"Action", Name{"tl.do." + m.Action, "action." + m.Action})
		}
		by := any("")
		if m.By == "random" || m.By == "plurality" {
			by = line("tl.by", "By", Name{"by." + m.By})
		}
		return line("tl.action", "Role", actorsRole(m), "Actors", momentActors(m),
			"Action", Name{"tl.did." + m.Action, "action." + m.Action}, "Target", seatArg(*m.Target), "By", by)
	case MomentResult:
		answer := Name{"answer." + m.Answer}
		if m.Action != "" {
			answer = Name{"answer." + m.Action + "." + m.Answer, "answer." + m.Answer}
		}
		if m.Target == nil || m.Target.Seat == 0 { // an answer about nobody (the hunter's gun, 空刀 told to the witch)
			return line("tl.result.nobody", "Action", Name{"action." + m.Action}, "Answer", answer)
		}
		return line("tl.result", "Action", Name{"action." + m.Action}, "Target", seatArg(*m.Target), "Answer", answer)
	case MomentDawn:
		if len(m.Dead) == 0 {
			return line("tl.dawn.peaceful")
		}
		dead, hands := List{}, false
		for _, t := range m.Dead {
			dead.Items = append(dead.Items, t.String())
			hands = hands || t.Card != 0
		}
		return line("tl.dawn.dead", "Seats", seatsArg(dead, hands))
	case MomentTally:
		return tallyLine(m)
	case MomentExecuted:
		t := seatArg(SeatTarget(m.Seat))
		if m.Target != nil && m.Target.Card != 0 {
			t = m.Target.String()
		}
		if m.By == "lot" {
			return line("tl.executed.lot", "Target", t)
		}
		return line("tl.executed", "Target", t)
	case MomentImmune:
		t := SeatTarget(m.Seat)
		if m.Target != nil {
			t = *m.Target
		}
		return line("narr.immune", "Target", seatLabel(t))
	case MomentExploded:
		return line("tl.exploded", "Seat", m.Seat)
	case MomentOver:
		return line("tl.over", "Winner", WinnerLine(m.Winner))
	}
	return Line{}
}

// WinnerLine is who won: a camp's win ("杀手获胜"), a seat's alone, or the
// game's end when nobody did.
func WinnerLine(w string) any {
	switch {
	case w == "":
		return line("narr.over")
	case slices.Contains(Winners(), w):
		return Name{"winner." + w}
	}
	return line("winner.seat", "Seat", w)
}

// tallyLine is a ballot's count: who voted for whom, and the totals where
// they say more than the arrows (weighted votes: tokens, hands, the
// sheriff's vote and a half).
func tallyLine(m Moment) Line {
	counts := List{}
	total := 0.0
	for _, c := range m.Counts {
		total += c.Votes
		if c.Votes > 0 {
			counts.Items = append(counts.Items, line("tl.count", "Seat", seatArg(c.Target), "N", c.Votes))
		}
	}
	var cs any = line("tl.tally.none")
	if len(counts.Items) > 0 {
		cs = counts
	}
	tie := any("")
	if m.Outcome == VerdictTie {
		tie = line("tl.tie")
	}
	if len(m.Votes) == 0 && len(m.Abstained) == 0 {
		return line("tl.tally", "Counts", cs, "Tie", tie)
	}
	votes := VotesLine(m.Votes, m.Abstained)
	if total == float64(len(m.Votes)) { // one vote each: the arrows say the counts
		return line("tl.tally", "Counts", votes, "Tie", tie)
	}
	return line("tl.tally.votes", "Votes", votes, "Counts", cs, "Tie", tie)
}

// VotesLine names every vote, grouped by target, a voter with several
// votes (tokens, hands) once with their number, then who did not vote:
// "3、4、7号→6号；2号×2→7号；5号弃权".
func VotesLine(votes []VoteBody, abstained []int) List {
	type group struct {
		target Target
		voters []string
		n      []int
		hands  bool
	}
	var groups []*group
	for _, v := range votes {
		var g *group
		for _, x := range groups {
			if x.target == v.Target {
				g = x
			}
		}
		if g == nil {
			g = &group{target: v.Target}
			groups = append(groups, g)
		}
		voter := strconv.Itoa(v.Seat)
		if v.Hand != nil {
			voter, g.hands = v.Hand.String(), true
		}
		if i := slices.Index(g.voters, voter); i >= 0 {
			g.n[i]++
		} else {
			g.voters = append(g.voters, voter)
			g.n = append(g.n, 1)
		}
	}
	out := List{Sep: "tally.sep"}
	for _, g := range groups {
		vs := List{}
		for i, v := range g.voters {
			if g.n[i] > 1 {
				v += "×" + strconv.Itoa(g.n[i])
			}
			vs.Items = append(vs.Items, v)
		}
		out.Items = append(out.Items, line("tally.arrow", "Voters", seatsArg(vs, g.hands), "Target", seatArg(g.target)))
	}
	if len(abstained) > 0 {
		out.Items = append(out.Items, line("tally.abstained", "Seats", ints(abstained)))
	}
	return out
}
