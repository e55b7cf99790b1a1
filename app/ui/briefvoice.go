package ui

import (
	"nightfall/game"
	"time"

	"nightfall/app/audio"
	"nightfall/app/voice"
	"nightfall/assets/sounds"
)

// The briefing said aloud (voice.Briefing): while the big screen shows the
// table's briefing, the judge says it line by line, each as the one before
// has been said (so each has the caption bar to itself, and a long
// briefing never fills the player's queue), in the language of the moment:
// the screen's. A line that would end after the briefing's time is not
// begun (the night would cut it: cat-lives-7's closing line in Chinese).
// When the briefing ends before the judge has (the host's Begin, the
// timeout, the host ending the game), the line being said is cut short and
// the rest dropped, before the night's own line.
type briefVoice struct {
	said  bool         // this briefing's lines were queued (said once per briefing)
	queue []voice.Line // the lines still to say
	until time.Time    // when the line being said has been said
}

// speakBriefing starts the briefing's lines when the briefing comes up,
// and hushes them when it has ended.
func (s *Shell) speakBriefing(now time.Time) {
	tv := s.hv.Table
	if tv != nil && tv.Stage == game.StageBriefing && tv.Briefing != nil {
		if !s.bv.said {
			s.bv = briefVoice{said: true, queue: voice.Briefing(tv), until: now}
			s.briefTick(now)
		}
		return
	}
	if s.bv.said && s.bv.until.After(now) { // a line of it is still being said
		s.voice.Hush()
	}
	s.bv = briefVoice{}
}

// briefTick says the briefing's next line once the one before has been
// said.
func (s *Shell) briefTick(now time.Time) {
	if len(s.bv.queue) == 0 || now.Before(s.bv.until) {
		return
	}
	l := s.bv.queue[0]
	s.bv.queue = s.bv.queue[1:]
	lang := Language()
	d := audio.LineDuration(sounds.FS, lang, l.Clips(lang))
	if rem := s.remaining(now); rem > 0 && d > rem {
		s.bv.queue = nil
		return
	}
	s.say(now, []voice.Line{l}, nil)
	s.bv.until = now.Add(d)
}
