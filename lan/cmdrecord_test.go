package lan

import (
	"encoding/json"
	"testing"

	"nightfall/game"
)

// TestCmdRecordKeepsArgs: a command's variant arguments are written flat
// into the log and read back with the game's variant, so that a resumed
// session knows a resent command by the same fingerprint.
func TestCmdRecordKeepsArgs(t *testing.T) {
	cmd := game.Command{Seat: 3, Do: "attack", Target: &game.Target{Seat: 5}, Args: game.CatArgs{Text: "猫 命", Via: "amoeba"}}
	b, err := json.Marshal(logCmd{Cmd: cmdRecord{By: "phone", ID: "p-1", Command: cmd}, N: 2})
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"cmd":{"by":"phone","id":"p-1","seat":3,"do":"attack","target":5,"text":"猫 命","via":"amoeba"},"n":2}`
	if string(b) != want {
		t.Fatalf("log line %s\nwant     %s", b, want)
	}
	var back logCmd
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got := back.Cmd.Command
	got.Args, err = game.DecodeArgs("cat-lives-7", back.Cmd.raw)
	if err != nil {
		t.Fatal(err)
	}
	if back.Cmd.By != "phone" || back.Cmd.ID != "p-1" || fingerprint(got) != fingerprint(cmd) {
		t.Errorf("read back %+v: fingerprint %s, want %s", back.Cmd, fingerprint(got), fingerprint(cmd))
	}
}
