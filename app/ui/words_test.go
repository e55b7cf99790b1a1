package ui

import (
	"encoding/json"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"

	"nightfall/app/audio"
	"nightfall/app/voice"
	"nightfall/assets"
	"nightfall/assets/sounds"
	"nightfall/game"
	"nightfall/lan"
)

// TestEveryCodeHasWords: every winner, camp, answer, reason, refusal and
// stage the engine can report (its exported lists), and every refusal of a
// host command the server can report (lan.HostErrors), has words in every
// language on every surface that shows it:
//
//   - the big screen: all of them, and the redeal reasons (the functions
//     that say them answer with the dictionary's words, not the engine's
//     English or a key);
//   - the phone (the dictionary it is served): winners, camps, answers,
//     reasons and refusals (it shows no stage names and no redeals);
//   - the voice: the winners (the only ones it says: the rest is read from
//     the screen), every line the narrator says, and the briefing: every
//     role of every variant named (one card, two, many, and three roles
//     of one count at once), how each variant's sides win, its opening and
//     closing, each clip with its words and its sound.
func TestEveryCodeHasWords(t *testing.T) {
	stages := []string{string(game.PhaseNight), string(game.PhaseDay), string(game.PhaseOver)}
	for _, s := range game.Stages() {
		stages = append(stages, string(s))
	}
	lists := map[string][]string{
		"winner": append(game.Winners(), "seat"),
		"camp":   game.Camps(),
		"answer": game.Answers(),
		"reason": game.Reasons(),
		"stage":  stages,
		"redeal": game.RedealReasons(),
		"refuse": game.Refusals(),
		"host":   lan.HostErrors(),
	}
	phoneShows := []string{"winner", "camp", "answer", "reason", "refuse"}
	for _, lang := range assets.Languages {
		screen, err := assets.Dictionary(lang)
		if err != nil {
			t.Fatal(err)
		}
		b, err := fs.ReadFile(assets.Phone(), "static/i18n/"+lang+".json")
		if err != nil {
			t.Fatal(err)
		}
		var phone map[string]string
		if err := json.Unmarshal(b, &phone); err != nil {
			t.Fatal(err)
		}
		for fam, ids := range lists {
			for _, id := range ids {
				k := fam + "." + id
				if screen[k] == "" {
					t.Errorf("big screen, %s: no %q", lang, k)
				}
				if phone[k] == "" && slices.Contains(phoneShows, fam) {
					t.Errorf("phone, %s: no %q", lang, k)
				}
			}
		}
		// the big screen says them with those words
		newTestApp(t, lang)
		for _, code := range game.Reasons() {
			why := game.Why{Code: code, N: 3, Others: 2}
			if s := ReasonText(why); s == "" || strings.Contains(s, "reason.") || (lang == "zh" && s == why.Sentence()) {
				t.Errorf("big screen, %s: reason %s reads %q", lang, code, s)
			}
		}
		info, _ := game.Lookup("two-hands")
		for _, code := range game.RedealReasons() {
			why := game.Why{Code: code, Seat: 3, Roles: []string{"killer", "police"}, Value: "extended"}
			if s := RedealText(why, info.Info()); s == "" || strings.Contains(s, "redeal.") || (lang == "zh" && s == why.Sentence()) {
				t.Errorf("big screen, %s: redeal %s reads %q", lang, code, s)
			}
		}
		for _, code := range game.Refusals() {
			rej := &game.Rejection{Code: code, Seat: 3, Target: &game.Target{Seat: 4, Card: 1}, Action: "kill", Role: "killer",
				Roles: []string{"killer", "police"}, Text: "fly", N: 2, Have: 1, Need: 5, Each: 5, Position: 2, Round: 1, Ballot: 1, Now: 2, Open: 2}
			if s := RefusalText(rej); s == "" || strings.Contains(s, "refuse.") || strings.Contains(s, "no value") || (lang == "zh" && s == rej.Error()) {
				t.Errorf("big screen, %s: refusal %s reads %q", lang, code, s)
			}
		}
		for _, code := range lan.HostErrors() {
			he := &lan.HostError{Code: code, Seat: 3, N: 40, Max: 30, Name: "x", Text: "fly",
				Problem: &lan.StartProblem{Key: "free", Seats: []int{2}, Text: "seat 2 is free"}, Err: errors.New("disk full")}
			if s := HostErrorText(he); s == "" || strings.Contains(s, "host.") || strings.Contains(s, "no value") || (lang == "zh" && s == he.Error()) {
				t.Errorf("big screen, %s: host error %s reads %q", lang, code, s)
			}
		}
		for _, w := range append(game.Winners(), "7") {
			if s := WinnerText(w); s == "" || strings.Contains(s, "winner.") {
				t.Errorf("big screen, %s: winner %s reads %q", lang, w, s)
			}
		}
		// the voice
		for _, w := range append(game.Winners(), "7") {
			if w == "none" {
				continue // the host ended the game: the judge says "game over" only
			}
			clips := voice.Line{Kind: "over", Text: w}.Clips(lang)
			if len(clips) < 2 || slices.Contains(clips, "chime") {
				t.Errorf("voice, %s: winner %s is said as %v", lang, w, clips)
			}
			for _, c := range clips {
				if _, ok := sounds.Words(lang, c); !ok || audio.Duration(sounds.FS, lang, c) == 0 {
					t.Errorf("voice, %s: winner %s: clip %s has no words or no sound", lang, w, c)
				}
			}
		}
		var lines []voice.Line
		for _, k := range voice.Kinds {
			switch k {
			case "over", "deal", "wins", "chime":
			default:
				lines = append(lines, voice.Line{Kind: k, Seats: []int{3, 20}})
			}
		}
		for _, in := range game.Variants() {
			lines = append(lines, voice.Line{Kind: "wins", Text: in.ID})
			var trio []game.RoleCount
			for _, r := range in.Roles {
				for _, n := range []int{1, 2, 31} {
					lines = append(lines, voice.Line{Kind: "deal", Deal: []game.RoleCount{{Role: r.ID, Count: n}}})
				}
				if trio = append(trio, game.RoleCount{Role: r.ID, Count: 1}); len(trio) == 3 {
					lines = append(lines, voice.Line{Kind: "deal", Deal: trio})
					trio = nil
				}
			}
		}
		for _, l := range lines {
			clips := l.Clips(lang)
			if len(clips) == 0 || slices.Contains(clips, "chime") {
				t.Errorf("voice, %s: %+v is said as %v", lang, l, clips)
			}
			for _, c := range clips {
				if _, ok := sounds.Words(lang, c); !ok || audio.Duration(sounds.FS, lang, c) == 0 {
					t.Errorf("voice, %s: %+v: clip %s has no words or no sound", lang, l, c)
				}
			}
		}
	}
}
