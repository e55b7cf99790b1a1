package lan

import (
	"slices"
	"strings"
	"testing"

	"nightfall/game"
)

// TestCatLivesManifesto sends a cat-lives-7 attack with its manifesto over a
// real WebSocket: too short is refused with the count, long enough (in a
// frame larger than the old 4 KiB limit) reaches the engine, and a text over
// the limit is refused before the engine sees it.
func TestCatLivesManifesto(t *testing.T) {
	h := newHarness(t, Config{Variant: "cat-lives-7", Players: 7, Seed: 7})
	tb := newTable(t, h, 7, 7)
	tb.start()
	var (
		p   *phone
		att game.CatPrivilegeView
	)
	for _, q := range tb.phones[1:] {
		qv := q.playerView()
		cp := game.CatPlayer(&qv)
		if cp == nil {
			t.Fatalf("seat %d: no catLives view", q.seat)
		}
		for _, pr := range cp.Privileges {
			if pr.Usable && !pr.Form && slices.Contains(pr.Needs, "text") && len(pr.Targets) > 0 && p == nil {
				p, att = q, pr
			}
		}
	}
	if p == nil {
		t.Fatal("no seat can attack on night 1")
	}
	target := att.Targets[0]
	send := func(id, text string) frame {
		p.send(map[string]any{"t": "cmd", "id": id, "do": att.Action, "target": target, "text": text})
		return p.until(func(f frame) bool { return (f.T == "ack" || f.T == "error") && f.ID == id })
	}
	// 40 characters counted: white space does not count (§8.1).
	short := strings.Repeat("猫 ", 30) + "seven words"
	if f := send("short", short); f.T != "error" || f.Code != codeRejected || f.Refusal == nil || f.Refusal.Code != game.RefuseManifestoShort ||
		f.Refusal.Have != 40 || f.Refusal.Need != 100 || f.Reason != f.Refusal.Error() {
		t.Fatalf("short manifesto: %s", f.raw)
	}
	tooLong := strings.Repeat("猫", game.MaxTextRunes+1)
	// The engine bounds the text (lan knows no manifesto rule).
	if f := send("long", tooLong); f.T != "error" || f.Code != codeRejected || f.Refusal == nil || f.Refusal.Code != game.RefuseTextLong ||
		f.Refusal.Have != game.MaxTextRunes+1 || f.Refusal.N != game.MaxTextRunes {
		t.Fatalf("over-long manifesto: %s", f.raw)
	}
	text := strings.Repeat("猫が夜に歩く。", 250) // 1750 characters, 5250 bytes
	if f := send("ok", text); f.T != "ack" {
		t.Fatalf("manifesto: %s", f.raw)
	}
	p.sync()
	pv := p.playerView()
	cp := game.CatPlayer(&pv)
	if len(cp.Pending) != 1 || cp.Pending[0].Action != att.Action || cp.Pending[0].Text != text {
		t.Fatalf("pending after the attack: %s", mustJSON(cp.Pending))
	}
	if cp.Manifesto.Chars != 1750 || cp.Manifesto.Attacks != 1 {
		t.Errorf("manifesto count %+v", cp.Manifesto)
	}
	// The engine holds it too.
	h.do(func(s *session) {
		pv := s.g.PlayerView(p.seat)
		if len(game.CatPlayer(&pv).Pending) != 1 {
			t.Errorf("the engine holds %d pending privileges", len(game.CatPlayer(&pv).Pending))
		}
	})
}
