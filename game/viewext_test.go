package game

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestViewExtJSON: a variant's part of the views stands under the key it
// registers (where the phone page reads it) and decodes back into its own
// types; a view without one has no such key.
func TestViewExtJSON(t *testing.T) {
	g, err := New(Setup{Variant: "cat-lives-7", Players: 7, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	pv := g.PlayerView(1)
	if CatPlayer(&pv) == nil || CatTable(&pv.Table) == nil {
		t.Fatal("a cat-lives-7 view has no cat-lives-7 part")
	}
	b, err := json.Marshal(pv)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	var table map[string]json.RawMessage
	_ = json.Unmarshal(top["table"], &table)
	if top["catLives"] == nil || table["catLives"] == nil || top["ext"] != nil || table["Ext"] != nil {
		t.Fatalf("the parts are not under catLives: %.300s", b)
	}
	var back PlayerView
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	cp, ct := CatPlayer(&back), CatTable(&back.Table)
	if cp == nil || ct == nil || cp.Points != CatPlayer(&pv).Points || len(ct.Seats) != 7 {
		t.Fatalf("decoded %#v / %#v", back.Ext, back.Table.Ext)
	}
	again, _ := json.Marshal(back)
	if string(again) != string(b) {
		t.Errorf("a decoded view marshals differently:\n%s\n%s", again, b)
	}

	c, _ := New(Setup{Variant: "classic-2.0", Players: 8, Seed: 2})
	cb, _ := json.Marshal(c.PlayerView(1))
	if strings.Contains(string(cb), "catLives") {
		t.Errorf("a classic-2.0 view holds catLives: %.200s", cb)
	}
}
