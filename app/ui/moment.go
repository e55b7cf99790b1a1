package ui

import (
	"nightfall/game"
	"nightfall/lan/replay"
)

// MomentText is one step of the end-of-game replay (复盘): the engine's
// line for it (game.MomentLine) in the words the saved file and the phones
// give it.
func MomentText(m game.Moment, info game.VariantInfo) string {
	return replay.LineText(current, game.MomentLine(info.ID, m))
}

// votesText names every vote, grouped by target, a voter with several
// votes (tokens, hands) once with their number: "3、4、7号→6号；2号×2→7号；
// 5号弃权" (game.VotesLine, as the 复盘 words it).
func votesText(votes []game.VoteBody, abstained []int) string {
	return replay.ValueText(current, game.VotesLine(votes, abstained))
}
