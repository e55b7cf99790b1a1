#!/usr/bin/env bash
# Regenerates the narration clips with espeak-ng, sox and lame (Debian packages espeak-ng, sox,
# lame; `make sounds` installs them) from the one dictionary's voice lines (assets/i18n/*.json: the
# "voice." keys and the screens' words the voice also says, listed by `go run ./assets/sounds/lines`
# as lang|id|text), then the phrases said whole (app/voice.Wholes: "zh|n6+died|六号死亡", every
# phrase naming a seat or a count, spoken as one sentence at one pace). Output: zh/*.wav, en/*.wav
# (the numbers n1..n40 included) and chime.wav, mono 16 kHz, 8-bit µ-law WAV (half the size of
# 16-bit PCM; speech stays clear); the phrases said whole, zh/*+*.mp3 and en/*+*.mp3, mono 16 kHz
# MP3 at 24 kbit/s: ~760 sentences of 2 s are 26 MB as µ-law, 5 MB as MP3, which the app already
# decodes (github.com/hajimehoshi/go-mp3, for voice packs); at 24 kbit/s lame keeps up to 5.7 kHz.
# The same lines make the same files (no dither, no encoder tag).
# Usage: assets/sounds/gen.sh   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")"
command -v espeak-ng >/dev/null || { echo "gen.sh: needs espeak-ng (apt install espeak-ng)" >&2; exit 1; }
command -v sox >/dev/null || { echo "gen.sh: needs sox (apt install sox)" >&2; exit 1; }
command -v lame >/dev/null || { echo "gen.sh: needs lame (apt install lame)" >&2; exit 1; }
command -v go >/dev/null || { echo "gen.sh: needs go (it reads the dictionary)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the list first: it is read from the dictionary, not from the clips about to be replaced
(cd ../.. && go run ./assets/sounds/lines) > "$tmp/lines"
rm -rf zh en; mkdir -p zh en

# say LANG ID TEXT
say() {
	local voice speed pause=()
	case $1 in zh) voice=cmn speed=150 ;; en) voice=en-us speed=150 ;; esac
	# The briefing's lines are read faster, their pauses shortened to 0.2 s: it must be said
	# before the night falls by itself (app/voice TestBriefingPlan). So are the deal's phrases
	# said whole ("n5+ge+role.killer", "each+n1+ge", "n5+roles.killer", "n1+each").
	case $2 in brief.* | begin | wins.* | role.* | roles.* | ge | liang | each | *+role.* | *+roles.* | each+* | *+each)
		speed=$([[ $1 == zh ]] && echo 280 || echo 190)
		pause=(silence -l 1 0.02 0.5% -1 0.2 0.5%) ;;
	esac
	espeak-ng -v "$voice" -s "$speed" -w "$tmp/raw.wav" "$3"
	# Trim leading/trailing silence, mono, 16 kHz, normalise to -1 dBFS, µ-law; -R: the same
	# clip every run (no random dither), so an unchanged line makes an unchanged file.
	local trim=(silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse "${pause[@]}" norm -1)
	if [[ $2 == *+* ]]; then # a phrase said whole: 16-bit, then MP3 (-t: no tag, which names lame)
		sox -R "$tmp/raw.wav" -r 16000 -c 1 -b 16 "$tmp/whole.wav" "${trim[@]}"
		lame --quiet -t -m m -b 24 --cbr "$tmp/whole.wav" "$1/$2.mp3"
		return
	fi
	sox -R "$tmp/raw.wav" -r 16000 -c 1 -e u-law -b 8 "$1/$2.wav" "${trim[@]}"
}

while IFS='|' read -r lang id text; do
	say "$lang" "$id" "$text"
done < "$tmp/lines"

# The chime: two soft bell tones (E6 then B5), for moments no clip fits (a timer running out).
sox -n -r 16000 -c 1 "$tmp/a.wav" synth 0.35 sine 1318.5 fade q 0.005 0.35 0.3 vol 0.5
sox -n -r 16000 -c 1 "$tmp/b.wav" synth 0.6 sine 987.8 fade q 0.005 0.6 0.5 vol 0.5
sox -R "$tmp/a.wav" "$tmp/b.wav" -e u-law -b 8 chime.wav
du -sh . | sed 's/^/gen.sh: total /'
