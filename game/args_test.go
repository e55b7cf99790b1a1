package game

import (
	"slices"
	"testing"
)

// TestArgsFlat: a variant's arguments travel flat beside the shared fields
// of a command and come back as the variant's own type; a variant without
// arguments of its own takes none.
func TestArgsFlat(t *testing.T) {
	c := Command{Seat: 2, Do: "order", Round: 3,
		Args: CatArgs{Text: "猫", Position: 2, Into: "vest", Camp: "killers", Cowin: true, Order: []string{"a", "b"}, Action: "snipe", Via: "amoeba"}}
	b, err := MarshalCommand(c)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"seat":2,"do":"order","round":3,"text":"猫","position":2,"into":"vest","camp":"killers","cowin":true,"order":["a","b"],"action":"snipe","via":"amoeba"}`
	if string(b) != want {
		t.Fatalf("flat: %s\nwant %s", b, want)
	}
	a, err := DecodeArgs("cat-lives-7", b)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := a.(CatArgs)
	if want := c.Args.(CatArgs); !ok || got.Text != want.Text || got.Position != 2 || !slices.Equal(got.Order, want.Order) || got.Via != "amoeba" || !got.Cowin {
		t.Fatalf("decoded %#v", a)
	}
	if _, err := DecodeArgs("cat-lives-7", []byte(`{"do":"snipe","position":"two"}`)); err == nil {
		t.Error("a position in words decoded")
	}
	if a, err := DecodeArgs("classic-2.0", b); a != nil || err != nil {
		t.Errorf("classic-2.0 takes arguments: %#v, %v", a, err)
	}
	if b, _ := MarshalCommand(Command{Do: "timeout"}); string(b) != `{"do":"timeout"}` {
		t.Errorf("no arguments: %s", b)
	}
	if err := (CatArgs{Into: string(make([]byte, MaxWordBytes+1))}).Bound(); err == nil {
		t.Error("a long word passes the network's bound")
	}
}
