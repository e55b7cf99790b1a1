package game

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestEveryEndingCodeIsListed: an ending or redeal code declared anywhere in
// the engine (a Reason… or Redeal… constant, in any file, as a new variant
// would add it) is in Reasons() or RedealReasons() with an English
// sentence, and no Why is built from a bare string: the screens' words are
// checked against those lists (TestEveryCodeHasWords), so a code missing
// from them would reach a Chinese screen as English unnoticed.
func TestEveryEndingCodeIsListed(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			switch x := node.(type) {
			case *ast.ValueSpec:
				for i, name := range x.Names {
					list := Reasons()
					switch {
					case strings.HasPrefix(name.Name, "Reason"):
					case strings.HasPrefix(name.Name, "Redeal"):
						list = RedealReasons()
					default:
						continue
					}
					if i >= len(x.Values) {
						continue
					}
					lit, ok := x.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					code, _ := strconv.Unquote(lit.Value)
					n++
					if !slices.Contains(list, code) {
						t.Errorf("%s: %s (%q) is not listed in Reasons() or RedealReasons()", fset.Position(name.Pos()), name.Name, code)
					}
					if sentences[code] == "" {
						t.Errorf("%s: %s (%q) has no English sentence", fset.Position(name.Pos()), name.Name, code)
					}
				}
			case *ast.CompositeLit:
				if id, ok := x.Type.(*ast.Ident); !ok || id.Name != "Why" {
					return true
				}
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if k, isID := kv.Key.(*ast.Ident); ok && isID && k.Name == "Code" {
						if lit, isLit := kv.Value.(*ast.BasicLit); isLit {
							t.Errorf("%s: Why{Code: %s}: use a listed constant", fset.Position(lit.Pos()), lit.Value)
						}
					}
				}
			}
			return true
		})
	}
	if want := len(Reasons()) + len(RedealReasons()); n != want {
		t.Errorf("%d Reason/Redeal constants declared, %d codes listed", n, want)
	}
}
