package lan

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestCleanName(t *testing.T) {
	for _, tc := range []struct {
		in, want, code string
	}{
		{"Ann", "Ann", ""},
		{"  Ann   Lee ", "Ann Lee", ""},
		{"Zoe\u0308", "Zoë", ""}, // NFC
		{"王小明", "王小明", ""},
		{"Nguyễn", "Nguyễn", ""},
		{"ｂｏｔ１", "ｂｏｔ１", ""}, // full width is a name; it only looks like "bot1"
		{"", "", codeName},
		{" \t ", "", codeName},
		{strings.Repeat("长", maxNameRunes+1), "", codeName},
		{"bot1\u200b", "", codeNameInvisible},
		{"\ufeffbot", "", codeNameInvisible},
		{"a\u180eb", "", codeNameInvisible},
		{"a\u2028b", "", codeNameInvisible},
		{"\u3164", "", codeNameInvisible},
		{"\u115f\u1160", "", codeNameInvisible},
		{"x\u2800", "", codeNameInvisible},
		{"rtl\u202eevil", "", codeNameInvisible},
		{"e\u0301\u0301\u0301\u0301", "", codeNameMarks}, // é and three more
		{"e\u0301\u0301\u0301", "é\u0301\u0301", ""},
		{"\u0301abc", "", codeNameMarks},
		{strings.Repeat("\u0336", 24), "", codeNameMarks},
	} {
		got, err := cleanName(tc.in)
		switch {
		case tc.code == "" && (err != nil || got != tc.want):
			t.Errorf("cleanName(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		case tc.code != "" && (err == nil || nameCode(err) != tc.code):
			t.Errorf("cleanName(%q) = %q, %v; want code %s", tc.in, got, err, tc.code)
		}
	}
}

func TestNameKey(t *testing.T) {
	same := [][]string{
		{"bot1", "BOT1", "ｂｏｔ１", "bot 1", "Bot1"},
		{"Straße", "STRASSE", "strasse"},
		{"小明", "小明"},
		// Unicode TR39 confusables across scripts: Cyrillic А, Greek Α,
		// full width, and Greek ο or the digit 0 for o.
		{"Alice", "\u0410lice", "\u0391lice", "ＡＬＩＣＥ", "ALICE", "\u0430lice"},
		{"Bob", "B\u03bfb", "B0b", "B\u043eb"},
		{"Paypal", "P\u0430ypal", "PAYPAL"},
	}
	for _, group := range same {
		for _, n := range group[1:] {
			if nameKey(n) != nameKey(group[0]) {
				t.Errorf("%q and %q look alike but have keys %q and %q", group[0], n, nameKey(group[0]), nameKey(n))
			}
		}
	}
	for _, pair := range [][2]string{{"bot1", "bot2"}, {"Ann", "Anne"}, {"é", "e"}, {"Alice", "Alicia"}, {"小明", "小朋"}, {"Bob", "Rob"}} {
		if nameKey(pair[0]) == nameKey(pair[1]) {
			t.Errorf("%q and %q have the same key", pair[0], pair[1])
		}
	}
}

// TestNameCheckEveryWay: a name is checked the same way however a phone sets
// it, through the real server: taking a seat, renaming itself in its seat,
// moving to another seat, watching, and asking for a seat the host freed
// during a game. Look-alikes of seated names are refused with name-alike
// in every case, across scripts (TR39 confusables).
func TestNameCheckEveryWay(t *testing.T) {
	h := newHarness(t, Config{Variant: "classic-2.0", Players: 8, Seed: 3})
	alice := h.dial("")
	if f := alice.join("Alice", 1); f.T != "welcome" {
		t.Fatalf("Alice: %s", f.raw)
	}
	bob := h.dial("")
	if f := bob.join("Bob", 2); f.T != "welcome" {
		t.Fatalf("Bob: %s", f.raw)
	}
	four := h.dial("")
	if f := four.join("Dan", 4); f.T != "welcome" {
		t.Fatalf("Dan: %s", f.raw)
	}
	lookAlikes := []string{"Alice", "ＡＬＩＣＥ", "alice", "\u0410lice", "\u0391lice", "B\u03bfb", "B0b"}
	for _, name := range lookAlikes {
		// The rename branch (seat 4 again) and a move (to seat 5).
		for _, seat := range []int{4, 5} {
			if f := four.join(name, seat); f.Code != codeNameAlike {
				t.Errorf("seat 4 joining seat %d as %q: %s, want error %s", seat, name, f.raw, codeNameAlike)
			}
		}
		// A new phone.
		if f := h.dial("").join(name, 6); f.Code != codeNameAlike {
			t.Errorf("a new phone joining as %q: %s, want error %s", name, f.raw, codeNameAlike)
		}
	}
	four.sync()
	if four.seat != 4 {
		t.Fatalf("seat 4's phone moved to seat %d", four.seat)
	}
	var names []string
	h.do(func(s *session) { names = slices.Clone(s.lobby.names) })
	if names[3] != "Dan" || names[4] != "" || names[5] != "" {
		t.Fatalf("names after the refused look-alikes: %q", names)
	}
	// Watching: the same check.
	watcher := h.dial("")
	watcher.send(map[string]any{"t": "spectate", "name": "\u0391LICE"})
	if f := watcher.until(func(f frame) bool { return f.T == "welcome" || f.T == "error" }); f.Code != codeNameAlike {
		t.Errorf("spectating as a look-alike of Alice: %s", f.raw)
	}
	// A real rename still works, and its new name is then taken.
	if f := four.join("Dana", 4); f.T != "welcome" {
		t.Fatalf("renaming seat 4 to Dana: %s", f.raw)
	}
	if f := bob.join("D\u0430na", 2); f.Code != codeNameAlike {
		t.Errorf("seat 2 renaming itself to a look-alike of Dana: %s", f.raw)
	}

	// During a game: a phone asking for a freed seat.
	h.do(func(s *session) {
		for seat := 3; seat <= 8; seat++ {
			if s.lobby.seats[seat-1] == nil {
				m := &member{hash: hashToken(newToken()), seat: seat, name: fmt.Sprintf("P%d", seat)}
				s.adm.members[m.hash] = m
				s.lobby.seats[seat-1], s.lobby.names[seat-1] = m, m.name
			}
		}
	})
	h.host(HostCommand{Do: HostStart})
	h.host(HostCommand{Do: HostRemove, Seat: 8})
	asker := h.dial("")
	if f := asker.join("\u0410LICE", 8); f.Code != codeNameAlike {
		t.Errorf("asking for the freed seat as a look-alike of Alice: %s", f.raw)
	}
	if f := asker.join("Erin", 8); f.Code != codePending {
		t.Errorf("asking for the freed seat as Erin: %s", f.raw)
	}
}
