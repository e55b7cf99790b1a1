package game

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestRefusalsListsEveryCode: every Refuse* constant of refuse.go is in
// Refusals (the list the dictionaries are checked against) and has its own
// English sentence, so a new refusal cannot reach a screen untranslated or
// a script as its bare code.
func TestRefusalsListsEveryCode(t *testing.T) {
	// the core's codes in refuse.go, a variant's in its own files
	// (declareRefusals): every Refuse constant of the package
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	list := Refusals()
	seen := map[string]string{}
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			vs, ok := node.(*ast.ValueSpec)
			if !ok || len(vs.Names) != 1 || !strings.HasPrefix(vs.Names[0].Name, "Refuse") || len(vs.Values) != 1 {
				return true
			}
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if !ok {
				return true
			}
			code, _ := strconv.Unquote(lit.Value)
			n++
			if other, dup := seen[code]; dup {
				t.Errorf("%s and %s are both %q", other, vs.Names[0].Name, code)
			}
			seen[code] = vs.Names[0].Name
			if !slices.Contains(list, code) {
				t.Errorf("%s (%q) is not in Refusals()", vs.Names[0].Name, code)
			}
			if s := (&Rejection{Code: code}).Sentence(); s == code || s == "" {
				t.Errorf("%s (%q) has no sentence", vs.Names[0].Name, code)
			}
			return true
		})
	}
	if n < 100 || n != len(list) {
		t.Errorf("%d Refuse constants, %d codes in Refusals()", n, len(list))
	}
}

// TestRefusalSentences: a refusal's English sentence is its code's filled
// in with its arguments, word for word what `nightfall script` printed
// before the refusals were codes (SCRIPT.md's readable "reason").
func TestRefusalSentences(t *testing.T) {
	hand := Target{Seat: 3, Card: 1}
	for _, tc := range []struct {
		r    Rejection
		want string
	}{
		{Rejection{Code: RefuseDeadVoter, Seat: 4}, "seat 4 is dead and cannot vote"},
		{Rejection{Code: RefuseNoSeat, Seat: 13, N: 12}, "there is no seat 13 at this table (seats 1 to 12)"},
		{Rejection{Code: RefuseDeadTarget, Target: &Target{Seat: 5}}, "seat 5 is dead and cannot be a target"},
		{Rejection{Code: RefuseDeadTarget, Target: &hand}, "3L is dead and cannot be a target"},
		{Rejection{Code: RefuseUnknownAction, Text: `fly"`}, `"fly\"" is not an action of this game`},
		{Rejection{Code: RefuseSelfTarget, Role: "butterfly", Action: "hug"}, "the butterfly cannot hug themself: choose another living player"},
		{Rejection{Code: RefuseFirstFinishHand, Action: "kill", Target: &hand}, "first finish your kill with 3L; night actions go in the night's order"},
		{Rejection{Code: RefuseAP, Action: "aimed-snipe", Need: 4, Have: 3}, "aimed-snipe costs 4 AP; you have 3"},
		{Rejection{Code: RefuseAP, Action: "snipe", Need: 2}, "snipe costs 2 AP; you have 0"},
		{Rejection{Code: RefuseOrderAll, Roles: []string{"killer", "commoner"}}, "an order lists every card you hold, first lost first: killer, commoner"},
		{Rejection{Code: RefuseManifestoShort, Have: 40, N: 1, Need: 100, Each: 100},
			"your kill manifestos tonight have 40 characters; 1 attacks need at least 100 (100 per attack, white space not counted)"},
		{Rejection{Code: RefuseStaleVoteRound, Ballot: 1, Round: 2, Now: 3}, "this vote (ballot 1) was for round 2; it is round 3 now"},
		{Rejection{Code: RefuseStaleBallot, Ballot: 1, Open: 2}, "this vote was for ballot 1; ballot 2 is open now"},
		{Rejection{Code: "no-such-code"}, "no-such-code"},
	} {
		if got := tc.r.Error(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.r.Code, got, tc.want)
		}
	}
}
