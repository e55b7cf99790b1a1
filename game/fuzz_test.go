package game

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// FuzzScript: any input either is refused as a script (a *ScriptError naming
// where) or plays to a well-formed event stream.
func FuzzScript(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.json")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"variant":"classic-2.0","players":8,"steps":[{"do":"timeout"},{"seat":1,"do":"pass"}]}`))
	f.Add([]byte(`{"variant":"classic-2.0","players":8,"steps":[{"seat":9,"do":"kill","target":"3L"}]}`))
	f.Add([]byte(`{"variant":"nope"}`))
	f.Add([]byte(`[1,2]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, err := RunScript(data)
		if err != nil {
			if _, ok := err.(*ScriptError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		for i, e := range events {
			if e.Seq != i+1 {
				t.Fatalf("seq %d at line %d", e.Seq, i+1)
			}
			if _, err := json.Marshal(e); err != nil {
				t.Fatal(err)
			}
			if e.Type() == "game_over" && i != len(events)-1 {
				t.Fatalf("game_over is not the last line")
			}
		}
	})
}

// FuzzEngine drives games of every variant from arbitrary bytes: no input may
// panic the engine, and a refused command changes nothing.
func FuzzEngine(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(7), []byte("timeout kill check vote pass"))
	ids := VariantIDs()
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		in := Variants()[seed%uint64(len(ids))]
		r := rand.New(rand.NewPCG(seed, 1))
		g, err := New(randomSetup(in, r))
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+2 < len(data) && !g.Over(); i += 3 {
			var cmd Command
			switch data[i] % 4 {
			case 0:
				cmd = Command{Do: "timeout"}
			case 1:
				if cmds := legalCommands(g.PlayerView(1 + int(data[i+1])%g.s.Players)); len(cmds) > 0 {
					cmd = cmds[int(data[i+2])%len(cmds)]
				} else {
					cmd = Command{Do: "timeout"}
				}
			default:
				tg := Target{Seat: int(data[i+2]%32) - 2, Card: int(data[i+2]/32) % 3}
				cmd = Command{Seat: int(data[i+1]%32) - 2, Do: anyActions[int(data[i])%len(anyActions)], Target: &tg}
			}
			v := g.s.Version
			if _, err := g.Apply(cmd); err != nil && g.s.Version != v {
				t.Fatalf("refused %+v changed the state", cmd)
			}
		}
	})
}
