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
		{"Мария", "Mapия", "МАРИЯ"}, // Latin M, a, p in a Cyrillic name
		// Capitals of other scripts are the Latin capitals they look like,
		// in a name written in capitals too; a capital I is an l.
		{"Mike", "\u041cike", "\u039cike", "\u041c\u0406\u041a\u0415", "\u039c\u0399\u039a\u0395", "MIKE"},
		{"Tom", "\u0422om", "\u03a4om", "\u0422\u041e\u041c", "TOM"},
		{"Bill", "\u0412ill", "\u0392ill", "BiII", "\u0412iII", "BILL"},
		{"Henry", "\u0397enry", "\u041denry"},
		{"Kate", "\u039aate", "\u041aate", "K\u0410TE"},
	}
	for _, group := range same {
		for _, n := range group[1:] {
			if !looksAlike(nameKey(n), nameKey(group[0])) {
				t.Errorf("%q and %q look alike but have keys %q and %q", group[0], n, nameKey(group[0]), nameKey(n))
			}
		}
	}
	for _, pair := range [][2]string{{"bot1", "bot2"}, {"Ann", "Anne"}, {"é", "e"}, {"Alice", "Alicia"}, {"小明", "小朋"}, {"Bob", "Rob"},
		{"Ali", "All"}, {"Mike", "Mika"}, {"Tom", "Tim"}, {"Bill", "Bull"}, {"Lily", "Lilo"}, {"Иван", "Ivan"}, {"Мария", "Марина"}} {
		if looksAlike(nameKey(pair[0]), nameKey(pair[1])) {
			t.Errorf("%q and %q are taken for one another: keys %q and %q", pair[0], pair[1], nameKey(pair[0]), nameKey(pair[1]))
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

// TestLookAlikesRefused: beside seated Mike, Tom, Bill, Henry, Kate and Zoë,
// every look-alike is refused through the real server, whether a new phone
// takes a seat with it, a seated phone renames itself to it or a phone
// watches under it: capitals of other scripts (Cyrillic М, Greek Μ, all in
// capitals), a capital I for l, lower-case letters of other scripts, case,
// full width, zero-width characters and NFC/NFD.
func TestLookAlikesRefused(t *testing.T) {
	h := newHarness(t, Config{Variant: "classic-2.0", Players: 8, Seed: 3})
	var renamer *phone // seat 7, Zed
	for i, name := range []string{"Mike", "Tom", "Bill", "Henry", "Kate", "Zo\u00eb", "Zed"} {
		renamer = h.dial("")
		if f := renamer.join(name, i+1); f.T != "welcome" {
			t.Fatalf("seating %s: %s", name, f.raw)
		}
	}
	alikes := []string{
		// Capitals of Cyrillic and Greek, and a capital I for l.
		"\u041cike", "\u039cike", "\u0422om", "\u03a4om", "\u0412ill", "\u0392ill", "\u0397enry", "\u041denry",
		"\u039aate", "\u041aate", "\u0422\u041e\u041c", "\u03a4\u039f\u039c", "\u041c\u0406\u041a\u0415",
		"\u039c\u0399\u039a\u0395", "BiII", "\u0412iII", "\u041cIKE", "T\u041eM", "H\u0415NRY", "\u041a\u0410\u0422\u0415",
		"\u039a\u0391\u03a4\u0395", "\u041d\u0415NRY", "Z\u041e\u00cb", "\u0412\u0406LL",
		// Lower-case letters of other scripts, digits.
		"M\u0456ke", "T\u043em", "T\u03bfm", "B\u0456ll", "H\u0435nry", "K\u0430te", "Kat\u0435", "T0m", "\u039c\u0456k\u0435",
		// Case and width.
		"mike", "TOM", "bILL", "\uff2d\uff29\uff2b\uff25", "\uff54\uff4f\uff4d", "HENRY", "kate",
		// NFC and NFD.
		"Zoe\u0308", "ZO\u00cb", "ZOE\u0308", "zo\u00eb",
		// Zero-width characters.
		"Mi\u200bke", "\ufeffTom", "Bill\u200d", "Ka\u2060te",
	}
	tried, refused := 0, 0
	try := func(how, name string, f frame) {
		t.Helper()
		tried++
		want := codeNameAlike
		if strings.ContainsAny(name, "\u200b\ufeff\u200d\u2060") {
			want = codeNameInvisible
		}
		if f.T == "error" && f.Code == want {
			refused++
		} else {
			t.Errorf("%s %q (%+q): %s, want error %s", how, name, name, f.raw, want)
		}
	}
	for _, name := range alikes {
		try("a new phone taking seat 8 as", name, h.dial("").join(name, 8))
		try("seat 7 renaming itself to", name, renamer.join(name, renamer.seat))
		watcher := h.dial("")
		watcher.send(map[string]any{"t": "spectate", "name": name})
		try("watching as", name, watcher.until(func(f frame) bool { return f.T == "welcome" || f.T == "error" }))
	}
	var names []string
	h.do(func(s *session) { names = slices.Clone(s.lobby.names) })
	t.Logf("look-alikes refused: %d of %d tries (%d names, each by join, rename and watch); seats now %q", refused, tried, len(alikes), names)
	if !slices.Equal(names, []string{"Mike", "Tom", "Bill", "Henry", "Kate", "Zo\u00eb", "Zed", ""}) {
		t.Errorf("the seats' names changed: %q", names)
	}
}
