package assets

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing/fstest"
)

// The dictionary: one flat JSON object per language (i18n/zh.json,
// i18n/en.json), the same keys in both, every word the phone page and the
// big screen show. Values are Go templates ("{{.Seat}}"), as fyne's lang
// package reads them; the phone page fills the same fields itself.
//
// A key's family is its first dot-separated segment ("ann" for
// "ann.dawn.peaceful", "seat" for "seat.n"). The family says who reads it:
//
//   - the big screen's own words are in the families ScreenFamilies names
//     (ann. the headlines, lobby., table., ctl., stage., replay., …); the
//     phone is served the dictionary without them (Phone, PhoneDictionary);
//   - every other family is the phone page's (peek., night., join., cat., …)
//     or shared by both: the names of the engine's things (NamePrefixes:
//     variant., role., action., summary.; opt. and val. the big screen's
//     only, since the phone shows no option) and the words both screens
//     show for one thing (narr., winner., camp., answer., reason., dawn.,
//     phase., over., seat., list., app., lang., votes.: a tally's counts) —
//     one wording for one thing.
//
// The judge's voice says words of it too (voice.go: its own lines are the
// family "voice", and it says some shared words as the screens show them).
//
// A new word goes into both files; a word only the big screen shows goes
// into one of ScreenFamilies (or a new family added there), so that the
// phones never download it.

// Languages are the dictionary's languages, the default first.
var Languages = []string{"zh", "en"}

// ScreenFamilies are the key families only the big screen (the host app)
// reads: the phone page is served the dictionary without them.
var ScreenFamilies = []string{
	"adm",     // admission requests in the lobby
	"ann",     // the headlines of results (dawn, tally, execution, game over…)
	"balance", // the lobby's balance figures of a deal
	"board",   // the evening's scoreboard: the host's controls
	"brief",   // the table's briefing before the first night
	"caption", // captions the voice has no clip for
	"ctl",     // the host's controls
	"help",    // the lobby's checklist when phones cannot get in
	"host",    // the server's refusals of the host's commands (lan.HostError)
	"lobby",   // the lobby screen
	"opt",     // the options' names (the lobby, the briefing: the phone shows no option)
	"val",     // the options' values (idem)
	"redeal",  // why a deal was made again (the big screen announces it; the phones get the new deal)
	"quit",    // the quit dialog
	"replay",  // the replay's controls
	"resume",  // the resume dialog
	"saved",   // the saved 复盘 file's own words (lan/replay writes it on the host)
	"seats",   // a list of seats in a headline
	"sound",   // the host's sound settings (the night's ambience, a voice pack)
	"stage",   // the top bar's stage names
	"start",   // the screen shown when the network service cannot start
	"table",   // the table screen's labels
	"voice",   // the judge's spoken lines (voice.go)
}

// Family is key's first dot-separated segment.
func Family(key string) string {
	f, _, _ := strings.Cut(key, ".")
	return f
}

// ForPhone reports whether the phone page is served key: every key but the
// big screen's own (ScreenFamilies).
func ForPhone(key string) bool { return !slices.Contains(ScreenFamilies, Family(key)) }

// Dictionary returns one language's whole dictionary: key → template.
func Dictionary(code string) (map[string]string, error) {
	data, err := fs.ReadFile(I18n(), code+".json")
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// LateFamilies are the phone's key families that come in a second file,
// <lang>.late.json, which the page fetches once its first screen is
// painted, not before it: the words no one reads before a game is on (the
// role cards, the ☰ Rules sheet and its variant's summary, the evening's
// scoreboard). They are the
// larger part of the phone's words, so a phone's first load (lan's
// TestPageGzip, the join screen's time on a slow phone) stays small. Like
// the rest of the page, the file is the same for every phone of a language.
var LateFamilies = []string{
	"by",       // how a night step was decided (the timeline's "random", "majority")
	"evening",  // the ☰ scoreboard of the evening's games
	"roleinfo", // the role cards (the held card, the Rules sheet)
	"rules",    // the ☰ Rules sheet's summary of a round and of the wins
	"tally",    // who voted for whom (the timeline's; the big screen's tally too)
	"tl",       // the end-of-game timeline's lines (game.MomentLine's keys)
	"summary",  // the ☰ Rules sheet's summary of the variant (the lobby's on the big screen)
}

// Late reports whether the phone gets key in its second, later file
// (LateFamilies).
func Late(key string) bool { return slices.Contains(LateFamilies, Family(key)) }

// PhoneDictionary is a dictionary file (raw JSON) as the phone page gets
// it: the keys ForPhone accepts, compact; the first file (late false)
// without the LateFamilies, the late file with them only.
func PhoneDictionary(raw []byte, late bool) ([]byte, error) {
	all := map[string]string{}
	if err := json.Unmarshal(raw, &all); err != nil {
		return nil, err
	}
	for k := range all {
		if !ForPhone(k) || Late(k) != late {
			delete(all, k)
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(all); err != nil { // sorted keys: the same bytes every time
		return nil, err
	}
	return b.Bytes(), nil
}

// phoneDict is a dictionary directory (*.json) as the phone page gets it:
// each file through PhoneDictionary, in two (<lang>.json, then
// <lang>.late.json), read again at every Open so that the
// devserve command shows an edit without a restart.
type phoneDict struct{ dir fs.FS }

func (p phoneDict) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	m, err := p.files()
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return m.Open(path.Join("i18n", name)) // the root is named i18n, as the directory it is read from
}

func (p phoneDict) files() (fstest.MapFS, error) {
	names, err := fs.Glob(p.dir, "*.json")
	if err != nil {
		return nil, err
	}
	m := fstest.MapFS{}
	for _, n := range names {
		raw, err := fs.ReadFile(p.dir, n)
		if err != nil {
			return nil, err
		}
		for _, late := range []bool{false, true} {
			data, err := PhoneDictionary(raw, late)
			if err != nil {
				return nil, &fs.PathError{Op: "read", Path: path.Join("i18n", n), Err: err}
			}
			name := n
			if late {
				name = strings.TrimSuffix(n, ".json") + ".late.json"
			}
			m["i18n/"+name] = &fstest.MapFile{Data: data, Mode: 0o444}
		}
	}
	return m, nil
}
