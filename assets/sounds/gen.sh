#!/usr/bin/env bash
# Regenerates the narration clips from phrases.tsv (fields separated by |) with espeak-ng and sox (Debian packages
# espeak-ng, sox). Output: zh/*.wav, en/*.wav (number clips n1..n20 included) and chime.wav,
# all mono 16 kHz, 8-bit µ-law WAV (half the size of 16-bit PCM; speech stays clear).
# Usage: assets/sounds/gen.sh   (from anywhere)
set -euo pipefail
cd "$(dirname "$0")"
command -v espeak-ng >/dev/null || { echo "gen.sh: needs espeak-ng (apt install espeak-ng)" >&2; exit 1; }
command -v sox >/dev/null || { echo "gen.sh: needs sox (apt install sox)" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
rm -rf zh en; mkdir -p zh en

# say LANG ID TEXT
say() {
	local voice speed
	case $1 in zh) voice=cmn speed=150 ;; en) voice=en-us speed=150 ;; esac
	espeak-ng -v "$voice" -s "$speed" -w "$tmp/raw.wav" "$3"
	# Trim leading/trailing silence, mono, 16 kHz, normalise to -1 dBFS, µ-law.
	sox "$tmp/raw.wav" -r 16000 -c 1 -e u-law -b 8 "$1/$2.wav" \
		silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse norm -1
}

zhnum=(零 一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八 十九 二十)
for n in $(seq 1 20); do
	say zh "n$n" "${zhnum[$n]}"
	say en "n$n" "$n"
done
while IFS='|' read -r id zh en; do
	[[ -z "$id" || "$id" == \#* ]] && continue
	[[ -n "$zh" ]] && say zh "$id" "$zh"
	[[ -n "$en" ]] && say en "$id" "$en"
done < phrases.tsv

# The chime: two soft bell tones (E6 then B5), for moments no clip fits (a timer running out).
sox -n -r 16000 -c 1 "$tmp/a.wav" synth 0.35 sine 1318.5 fade q 0.005 0.35 0.3 vol 0.5
sox -n -r 16000 -c 1 "$tmp/b.wav" synth 0.6 sine 987.8 fade q 0.005 0.6 0.5 vol 0.5
sox "$tmp/a.wav" "$tmp/b.wav" -e u-law -b 8 chime.wav
du -sh . | sed 's/^/gen.sh: total /'
