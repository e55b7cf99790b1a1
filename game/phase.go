package game

import "slices"

// Phase is the part of the game a State is in (TableView.Phase,
// Moment.Phase).
type Phase string

// The phases.
const (
	PhaseSetup Phase = "setup" // dealt, before the first night
	PhaseNight Phase = "night"
	PhaseDay   Phase = "day"
	PhaseOver  Phase = "over"
)

// Phases lists every Phase, for the layers that name them.
func Phases() []Phase { return []Phase{PhaseSetup, PhaseNight, PhaseDay, PhaseOver} }

// Stage is what the day is doing now (DayState.Stage), or the kind of its
// speaking turns (DayState.Kind, SpeechesBody.Kind).
type Stage string

// The day's stages.
const (
	StageLastWords Stage = "last-words"
	StageSpeech    Stage = "speech"
	StagePKSpeech  Stage = "pk-speech"
	// StageOthersSpeech is the table's name for a run-off's speeches by
	// the players outside the tie (classic-2.0's round 3): the events and
	// the timer call them "speech", the table view names what they are.
	StageOthersSpeech Stage = "others-speech"
	StageDefence      Stage = "defence"
	StageNomination   Stage = "nomination"
	StageDiscussion   Stage = "discussion"
	StageClosing      Stage = "closing"
	StageVote         Stage = "vote"
	StageExecuted     Stage = "executed"
	StageImmune       Stage = "immune"
	StageExploded     Stage = "exploded"
)

// The table view's stages besides the day's (TableView.Stage): the
// briefing before the first night, the night, the game's end.
const (
	StageBriefing Stage = "briefing"
	StageNight    Stage = "night"
	StageOver     Stage = "over"
)

// TableStages lists every stage a table view shows.
func TableStages() []Stage {
	out := append([]Stage{StageBriefing, StageNight}, append(Stages(), StageOver)...)
	for _, in := range Variants() {
		for _, st := range in.Stages {
			if !slices.Contains(out, st) {
				out = append(out, st)
			}
		}
	}
	return out
}

// MomentKind is what a line of the end-of-game timeline tells (Moment.Kind).
type MomentKind string

// The timeline's moments.
const (
	MomentAction   MomentKind = "action"   // a night step's final choice
	MomentResult   MomentKind = "result"   // a private answer
	MomentDawn     MomentKind = "dawn"     // the night's dead
	MomentTally    MomentKind = "tally"    // a ballot's count
	MomentExecuted MomentKind = "executed" // put out in the day
	MomentImmune   MomentKind = "immune"   // the top of the vote was immune
	MomentExploded MomentKind = "exploded" // a killer revealed himself
	MomentOver     MomentKind = "over"     // the winner
)

// MomentKinds lists every MomentKind.
func MomentKinds() []MomentKind {
	out := []MomentKind{MomentAction, MomentResult, MomentDawn, MomentTally, MomentExecuted, MomentImmune, MomentExploded, MomentOver}
	for _, in := range Variants() {
		for _, k := range in.Moments {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// Verdict is a ballot's result (TallyBody.Outcome).
type Verdict string

// The results of a ballot.
const (
	VerdictOut  Verdict = "out"  // one on top
	VerdictTie  Verdict = "tie"  // several on top
	VerdictNone Verdict = "none" // nobody voted (G12)
)

// Stages lists every day Stage, for the layers that name them (each needs a
// "stage.<id>" string in every language).
func Stages() []Stage {
	return []Stage{StageLastWords, StageSpeech, StagePKSpeech, StageOthersSpeech, StageDefence, StageNomination,
		StageDiscussion, StageClosing, StageVote, StageExecuted, StageImmune, StageExploded}
}

// Timer kinds the clock plan compares (Timer.Kind).
const timerNight = "night"

// The core's own command ids (rules/README.md "Common action ids", the
// host's end and its clock's timeout); each variant's night actions are its
// own (VariantInfo.Actions).
const (
	ActTimeout  = "timeout"
	ActEnd      = "end"
	ActSkip     = "skip"
	ActSleep    = "sleep"
	ActPass     = "pass"
	ActVote     = "vote"
	ActAbstain  = "abstain"
	ActExplode  = "explode"
	ActSuspect  = "suspect"
	ActNominate = "nominate"
)
