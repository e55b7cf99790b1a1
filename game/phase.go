package game

// Phase is the part of the game a State is in.
type Phase string

// The phases.
const (
	PhaseSetup Phase = "setup" // dealt, before the first night
	PhaseNight Phase = "night"
	PhaseDay   Phase = "day"
	PhaseOver  Phase = "over"
)

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

// Stages lists every Stage, for the layers that name them (each needs a
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
