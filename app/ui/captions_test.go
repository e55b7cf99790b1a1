package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"nightfall/app/voice"
	"nightfall/assets/sounds"
	"nightfall/game"
	"nightfall/lan"
)

// spoken is what clips say in lang, from the words gen.sh gave them
// (assets/sounds), without the spaces and commas a caption puts between
// them: "" when they have no words (the chime).
func spoken(lang string, clips []string) string {
	var b strings.Builder
	for _, c := range clips {
		if w, ok := sounds.Words(lang, c); ok {
			b.WriteString(w)
		}
	}
	return unspaced(b.String())
}

func unspaced(s string) string { return strings.NewReplacer(" ", "", "，", "", ",", "").Replace(s) }

// captionVoice records what is said (recVoice) and checks, at the moment
// each line is said, that the big screen's caption bar shows it: in the
// language spoken and in the other (the same caption in both), the words
// of its clips, or for a chime what it stands for (an announcement's
// headline, the ten-second warning). It works muted too: the captions do not
// depend on the sound.
type captionVoice struct {
	recVoice
	t    *testing.T
	s    *Shell
	n    int // lines checked
	bare int // of which chimes
}

func (v *captionVoice) Say(lang string, clips []string) {
	v.check(lang, clips)
	v.recVoice.Say(lang, clips)
}

func (v *captionVoice) check(lang string, clips []string) {
	t, s := v.t, v.s
	t.Helper()
	if s == nil {
		return
	}
	if !s.capBar.Visible() || s.capBar.text.Text != s.Caption() {
		t.Errorf("said %v: the caption bar is not showing (visible %v, drawn %q, caption %q)", clips, s.capBar.Visible(), s.capBar.text.Text, s.Caption())
	}
	i := slices.IndexFunc(s.cap, func(c captionPart) bool { return slices.Equal(c.line.Clips(lang), clips) })
	if i < 0 {
		t.Errorf("said %v with no caption for it (the bar: %q)", clips, s.Caption())
		return
	}
	line := s.cap[i].line
	if !slices.Contains(voice.Kinds, line.Kind) {
		t.Errorf("said a line of kind %q, not in voice.Kinds", line.Kind)
	}
	v.n++
	for _, l := range []string{lang, other(lang)} {
		SetLanguage(l)
		part := s.captionParts()[i]
		want := spoken(l, line.Clips(l))
		var heads []string
		if want == "" { // a chime: what it stands for
			v.bare++
			heads = append(heads, tr("caption.warn", "N", int(voice.WarnAt/time.Second)))
			if tv := s.hv.Table; tv != nil {
				for j := range tv.Announce {
					x, _ := announcementAt(tv, j, seatNames(s.hv), &s.ann)
					y, _ := announcementAt(tv, j, seatNames(s.hv), nil)
					heads = append(heads, x.Headline, y.Headline)
				}
			}
		}
		SetLanguage(lang)
		switch {
		case part == "":
			t.Errorf("said %v: an empty caption in %s", clips, l)
		case want != "" && unspaced(part) != want:
			t.Errorf("said %v: the caption in %s is %q, the clips say %q", clips, l, part, want)
		case want == "" && !slices.Contains(heads, part):
			t.Errorf("a chime's caption in %s is %q: neither an announcement's headline nor the warning", l, part)
		}
	}
}

func other(lang string) string {
	if lang == "zh" {
		return "en"
	}
	return "zh"
}

// The caption of a line is on screen when it is said, also muted, in the
// language of the screen (switching language switches it), and goes once
// it has played; the ten-second chime's caption is the warning. No caption
// bar in the lobby.
func TestCaptionsShown(t *testing.T) {
	newTestApp(t, "zh").Preferences().SetBool(PrefMuted, true) // the host muted the sound
	w := test.NewWindow(nil)
	defer w.Close()
	v := &captionVoice{t: t}
	s := NewShell(w, nil, v)
	v.s = s
	now := fixed
	s.Now = func() time.Time { return now }
	w.SetContent(s.Content())
	w.Resize(fyne.NewSize(1280, 720))

	hv := hostView(speechView(12), testSeatNames("zh", 12))
	hv.Deadline = now.Add(75 * time.Second)
	s.Show(hv)
	if got := s.Caption(); got != "请3号发言" {
		t.Errorf("caption %q, want 请3号发言", got)
	}
	if len(v.take()) != 0 {
		t.Errorf("a muted voice was heard")
	}
	s.SetLang("en")
	if got := s.Caption(); got != "Seat 3 please speak." {
		t.Errorf("caption in English %q", got)
	}
	s.SetLang("zh")
	now = now.Add(2 * time.Second)
	s.Tick(now)
	if s.Caption() == "" {
		t.Errorf("the caption went after 2 s: the line plays %v and it stays %v more", spokenFor(s), captionLinger)
	}
	now = now.Add(10 * time.Second)
	s.Tick(now)
	if got := s.Caption(); got != "" || !s.capBar.Visible() {
		t.Errorf("after the line: caption %q, bar visible %v (want empty, the bar kept)", got, s.capBar.Visible())
	}
	// ten seconds left: the chime and its caption
	now = hv.Deadline.Add(-9 * time.Second)
	s.Tick(now)
	if got := s.Caption(); got != "还剩10秒" {
		t.Errorf("the warning's caption is %q", got)
	}
	if v.n != 2 || v.bare != 2 { // checked in both languages: the chime counted twice
		t.Errorf("%d lines checked, %d chimes", v.n, v.bare)
	}
	s.Show(lan.HostView{}) // back to the lobby
	if s.capBar.Visible() || s.Caption() != "" {
		t.Errorf("the lobby has a caption bar (%q)", s.Caption())
	}
}

func spokenFor(s *Shell) time.Duration { return s.capUntil.Sub(s.capAt) - captionLinger }

// An app that comes back to a game in progress (Resumed) says nothing the
// table heard before it stopped: neither the turn on the table nor the
// dawn held on the screen; what comes next it says. An app that did not
// stop says the turn as it comes.
func TestResumedSaysOnlyWhatIsNew(t *testing.T) {
	newTestApp(t, "zh")
	w := test.NewWindow(nil)
	defer w.Close()
	v := &recVoice{}
	s := NewShell(w, nil, v)
	now := fixed
	s.Now = func() time.Time { return now }
	w.SetContent(s.Content())
	names := testSeatNames("zh", 12)
	tv := speechView(12)
	tv.Announce = []game.Announcement{{Key: 10, Type: "dawn", Body: tv.Dawn}}
	s.Resumed()
	s.Show(hostView(tv, names))
	s.Tick(now.Add(time.Second))
	if got := v.take(); len(got) != 0 {
		t.Errorf("resumed, the app says %v again", got)
	}
	s.Show(hostView(nightView(12), names))
	if got := v.take(); !slices.Equal(got, []string{"zh:night"}) {
		t.Errorf("resumed, the next cue: said %v, want the night", got)
	}
	s.Show(lan.HostView{})
	s.Show(hostView(speechView(12), names))
	if got := v.take(); !slices.Equal(got, []string{"zh:please+n3+speak"}) {
		t.Errorf("a game shown from its start: said %v, want seat 3's turn", got)
	}
}

// Lines said one after the other are sentences on the caption bar: a line
// without a stop of its own (a chime's headline) gets one before the next.
func TestJoinSaid(t *testing.T) {
	for _, c := range []struct {
		lang  string
		parts []string
		want  string
	}{
		{"en", []string{"Vote: seat 6 has the most votes (34)", "Seat 6 is out.", "Night falls."},
			"Vote: seat 6 has the most votes (34). Seat 6 is out. Night falls."},
		{"en", []string{"Time to vote.", "Seat 3?", "Last words:", "go"}, "Time to vote. Seat 3? Last words: go"},
		{"zh", []string{"天亮了，请睁眼", "5号死亡"}, "天亮了，请睁眼。5号死亡"},
		{"zh", []string{"天亮了。", "5号死亡"}, "天亮了。5号死亡"},
	} {
		newTestApp(t, c.lang)
		if got := joinSaid(c.parts); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.parts, got, c.want)
		}
	}
}
