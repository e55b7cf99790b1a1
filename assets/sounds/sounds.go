// Package sounds embeds the narration clips the host app plays: one WAV per
// line of the voice and language (zh/, en/), the numbers, and chime.wav,
// and an MP3 per phrase said whole ("n6+died.mp3": app/voice.Wholes). gen.sh
// makes them (espeak-ng + sox + lame, mono 16 kHz, µ-law or MP3) from the one
// dictionary's voice lines (assets.VoiceLines), whose words are also the
// big screen's captions (Words): what is shown is what was spoken.
package sounds

import (
	"embed"
	"sync"

	"nightfall/assets"
)

// FS holds zh/*.wav, en/*.wav, the phrases said whole (zh/*.mp3, en/*.mp3:
// "zh/n6+died.mp3") and chime.wav.
//
//go:embed zh/*.wav en/*.wav zh/*.mp3 en/*.mp3 chime.wav
var FS embed.FS

var (
	linesOnce sync.Once
	lines     map[string][]assets.VoiceLine // lang → its clips, in order
	words     map[string]map[string]string  // lang → clip → words
)

func load() {
	lines, words = map[string][]assets.VoiceLine{}, map[string]map[string]string{}
	for _, lang := range assets.Languages {
		ls, err := assets.VoiceLines(lang)
		if err != nil {
			panic("sounds: the embedded dictionary: " + err.Error()) // the build embeds it: cannot happen
		}
		lines[lang], words[lang] = ls, map[string]string{}
		for _, l := range ls {
			words[lang][l.ID] = l.Words
		}
	}
}

// Words is what clip says in lang ("zh" or "en"), as the dictionary words
// it; a number clip says its number ("7"), a phrase said whole its
// pieces' words ("n6+died": "6号死亡"). ok is false for a clip with no
// words (the chime, an unknown name, a line the language does not have).
func Words(lang, clip string) (string, bool) {
	linesOnce.Do(load)
	if ps := assets.VoicePieces(clip); len(ps) > 1 { // a phrase said whole: its pieces' words
		l, ok := assets.VoiceWholeLine(lang, lines[lang], ps)
		return l.Words, ok
	}
	w, ok := words[lang][clip]
	return w, ok
}

// Lines are the ids of every clip the judge says in lang, in the order of
// assets.VoiceLines (a voice pack names its files by them).
func Lines(lang string) []string {
	linesOnce.Do(load)
	var out []string
	for _, l := range lines[lang] {
		out = append(out, l.ID)
	}
	return out
}
