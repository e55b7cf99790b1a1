// Package game is Nightfall's rules engine for 杀人游戏 ("Killer"): pure Go,
// standard library only, no I/O, no goroutines, no clock, no global mutable
// state. The specification it implements is ../shared/rules/ (README.md's
// engine-wide rulings G1–G19 and one file per variant).
//
// # The model
//
// A game is a State plus a log of Events. Commands (a player's intent, or
// the clock's "timeout") go in through Game.Apply. Apply first checks the
// command against the rules; a refused command returns a *Rejection
// (refuse.go: a code of Refusals with its typed arguments, Seat 4 for
// "dead-voter") and changes nothing. What the engine reports to the
// screens is in codes they translate: a Narration's key, a Problem's key,
// a refusal, a game's end and a void deal as a Why (why.go: a code of
// Reasons or RedealReasons with its typed arguments). Their Sentence is
// the readable "reason" of the scripts ("seat 4 is dead and cannot vote").
// An accepted command emits events: each event is applied to the state by State.apply — the only code that writes the state
// — and appended to the log. Hence the state is the fold of the events:
// Replay(setup, log) rebuilds exactly the same state, which is how the host
// recovers after a crash and how tests check the engine.
//
// Randomness (the deal, a seeded pick among tied group choices, a mandatory
// action nobody chose, a lot) comes only from the PCG generator kept in the
// state and seeded from Setup.Seed (G17). Draws after the deal happen inside
// apply and their outcome is written into the event, so a replay draws the
// same numbers.
//
// Every event has an audience: everybody (nil), a list of seats, or nobody
// (internal bookkeeping such as v4.0's empty needles). Nothing but the two
// views leaves the engine towards players: PlayerView(seat) holds what that
// seat may know and the tasks it can do now, each with its legal targets;
// TableView() holds what the whole table may know. The views are computed
// from the state and the log; the randomized tests check that a night input
// never changes the table view nor the view of anyone outside the acting
// team, and that no view holds a role or an answer its seat is not entitled
// to.
//
// The views also carry the engine's cues (cue.go): the openings of the
// running stage the judge says aloud (TableView.Cues: night falls, a
// seat's turn, a ballot and its call…) and, for each seat, the latest one
// its phone vibrates on (PlayerView.Buzz), each keyed by the table version
// of its event, so the screens act on a cue once instead of comparing one
// view with the next.
//
// # Speed
//
// Simulations (the balance lab, the lobby's estimate, the randomized tests)
// play whole games by the ten thousand, so the hot path allocates nothing
// once a game has been played in the same Game (BenchmarkClassic12 measures
// the rate, on one core): event bodies are pointers (Event.Body holds
// *TurnBody, *VoteBody, …; a logged body is never modified), and the
// frequent bodies, the targets they point to and the slices and structs
// the state builds each night and day come from the game's store
// (store.go), chunks that Game.Reset hands to the next game. Variants build
// their night steps and dawn lists with the store's helpers (nightSteps,
// livingActors, State.mem.targets). A table of bots (game/bots) reads a
// view per decision through Game.SharedPlayerView, built in storage the
// game keeps and reuses: a view costs no allocation either.
//
// # Phases
//
// A night (night.go) is one phase in which every living seat has tasks: its
// roles' actions in the variant's resolution order (G3.4), or "sleep". A
// group action (G4) locks when every member selected the same option;
// otherwise, at the deadline, the plurality wins and a tie is a seeded pick.
// Individual actions are final when submitted (G3.2); missing mandatory
// actions get a seeded random legal target (G5). Private answers are
// delivered as soon as nothing earlier in the order can change them
// (NightStep.After, G3.5). At "timeout" the variant resolves the night into
// a dawn announcement.
//
// The day (day.go) is written once for every variant: last words within the
// quota (G14), speeches from the anchor (G9), ballots in the configured mode
// (G11, G12), the tie procedure (G13: tieRounds, tieVoters, tieFinal, and
// Variant.RunoffSpeakers), self-reveal (爆), and the win check after every
// announcement (G15).
//
// # Adding a variant
//
// A variant is one file declaring a type that implements Variant and
// registering it in init (see classic.go: about a hundred lines). It supplies
// tables (roles, deck, options and their defaults), the night steps in its
// resolution order, its legal targets with readable reasons, its answers,
// its night resolution, its win conditions and who speaks before a run-off.
//
// A variant owns its vocabulary; no shared type names its cards:
//
//   - its options are VariantInfo.Options, a list of OptionSpecs (options.go):
//     the shared ones it accepts (shared(…), narrowed by narrow where its
//     rules allow fewer values; their defaults are its Defaults') and its
//     own, with kind, values or range, default and words key. The engine
//     parses and validates a script's "options" against them, and the
//     lobby, the briefing and `sim --option` list them (Configure). The
//     variant reads its own with State.OptBool, OptInt and OptChoice;
//   - its commands' arguments beyond seat, do, target and card are its own
//     Args type (args.go), which a script's step and a phone's frame carry
//     flat beside the shared fields: it implements Arguer to read them, and
//     Args' Refuse and Bound say what no game or no frame could take;
//   - its own state is State.ext, and its own parts of the views are
//     TableView.Ext and PlayerView.Ext (viewext.go), filled by its viewer
//     and sent under the JSON key it registers (cat-lives-7: "catLives");
//   - what it counts of each seat for the evening's scoreboard is
//     VariantInfo.Stats, kinds of its own that its statKeeper counts from
//     the log into SeatOutcome.Stats (werewolf-12's badge, potions and
//     shots); a variant whose checks look for another camp than the
//     killers', or whose private answers are not all checks, says so as a
//     checkReader (outcome.go: werewolf-12's seer finds "werewolf", its
//     witch's and hunter's answers are no checks).
//
// For example, a variant with an "order" action whose phones say a side,
// and a "sheriff" option, adds to its file:
//
//	type wolfArgs struct {
//		Side string `json:"side,omitempty"` // "left" or "right"
//	}
//
//	func (wolfArgs) Refuse() *Rejection { return nil }
//	func (a wolfArgs) Bound() error    { return boundWord(a.Side) }
//
//	func (wolf) DecodeArgs(obj []byte) (Args, error) { return decodeArgs[wolfArgs](obj) }
//
// with, in its VariantInfo,
//
//	Options: append(shared(commonOptions...),
//		OptionSpec{ID: "sheriff", Kind: OptBool, Default: true}),
//
// and reads them where its rules need them: the arguments in the hook that
// takes its own commands (commander in a phase the core runs, hooks.go, or
// a phaseRunner's command), the option anywhere it has the state:
//
//	func (wolf) command(g *Game, cmd Command) (handled bool, err error) {
//		if cmd.Do != "order" {
//			return false, nil // the core's
//		}
//		a, _ := cmd.Args.(wolfArgs) // a.Side is "" when the step gave none
//		…
//	}
//
//	if s.OptBool("sheriff") { … }
//
// A script's step is then {"seat": 3, "do": "order", "side": "left"} and
// its options {"sheriff": false}; the dictionary gets opt.sheriff (and
// val.<value> for a choice's values).
// What single-role variants share (seed 000's day defaults, team knowledge,
// group and solo steps) is in family.go; per-card bookkeeping goes through
// Emitter.Mark. A variant's worked examples go under testdata/<variant-id>/
// as golden scripts (see golden_test.go).
//
// So an eighth single-role variant is exactly these files, and no other:
//
//   - its Go file here, game/<id>.go (a role of its own is a RoleInfo
//     written there: roles() knows the base roles only);
//   - its golden scripts, game/testdata/<id>/<name>.json, with the
//     .golden.jsonl each records (go test ./game -run TestGolden -update);
//   - its lines in the one dictionary the big screen and the phones both
//     read, assets/i18n/zh.json and en.json: variant.<id>, summary.<id>,
//     and role.<id>, action.<id>, opt.<name>, val.<value> for any role,
//     action, option or value it adds, evening.stat.<kind> for a count it
//     keeps for the scoreboard, reason.<code> for a new way to end
//     (its code, a Reason… constant in why.go, listed by Reasons, with its
//     English sentence for the scripts), refuse.<code> for a refusal of
//     its own (its Refuse… constant and English sentence in its own file,
//     given to the core by declareRefusals, as werewolf_refuse.go does);
//     its round and wins for the rules
//     sheet and the briefing (rules.round.<id>, rules.win.<id>) and a card
//     for each role it adds or plays otherwise (roleinfo.<role>, or
//     roleinfo.<id>.<role>; assets' TestRoleCardsCoverTheEngine names what
//     is missing), and what the judge says of it in the briefing:
//     voice.wins.<id>, and voice.roles.<role> for a role it adds;
//   - the big screen's font, assets/fonts/wqy-microhei-subset.ttf, made
//     again by `make fonts DEPS=` when those names bring new characters;
//   - the voice's clips of those lines, assets/sounds/{zh,en}/wins.<id>.wav
//     (and role.<role>.wav, roles.<role>.wav), made again by `make sounds`;
//   - the big screen's transcript of a game of it,
//     app/ui/testdata/transcript_<id>-<seed>.txt (CGO_ENABLED=0 go test
//     -tags ci ./app/ui -run TestTableTranscript -update), a golden like
//     the scripts, and its briefing's, app/ui/testdata/briefing_<id>.txt
//     (-run TestBriefingTranscript -update).
//
// The list is complete because no other code holds a variant's rules or
// words: the engine holds ids and codes only, and the lobby, the phones'
// screens, the big screen, the voice, the bots and the randomized tests
// take their lists from game.Variants(), the views and the lists of
// why.go. The tests say
// what is missing: assets' TestNamesCoverTheEngine names every id without
// a name, app/ui's TestEveryCodeHasWords every winner, camp, answer,
// reason and stage without words on a screen and every role and variant
// without a clip of the voice, assets/fonts' test every
// character the font lacks, TestGolden runs the scripts,
// TestEveryEndingCodeIsListed finds a Reason… constant left out of
// Reasons, and TestTableTranscript and TestBriefingTranscript ask for the
// transcripts (each variant's game there has a seed of its own, so that
// a new one changes no other's golden). One limit, found by adding a
// throwaway variant with an argument its voters must give: the phone
// page and the bots fill the command arguments they know (the core's
// targets, cat-lives-7's and werewolf-12's own), so a variant whose
// players must type or pick a new kind of argument also needs its panel
// on the phone (assets/phone/static) and its choice in the bots
// (game/bots); an argument that is optional, or read only by scripts,
// needs neither. (A variant whose
// teammates learn other than seed 000's rule — killers see the killers,
// police the police, teamKnowledge — also gives the randomized tests'
// oracle its rule: entitled in random_test.go.)
//
// Where a variant departs from seed 000's shape it implements optional
// interfaces (variant.go), which the core checks with a type assertion:
// SetupNighter (a setup night before night 1: v5.0-dual's identification
// night, two-hands' redeal question), RoundEnder (a condition checked when
// a round ends: v5.0-dual's stall draw), Balloter (cards or hands as
// candidates, vote weights, votes per hand, nominations and defence),
// Immunizer (the top of the vote may be immune) and Camper (camps derived
// from the cards). Two cards or hands per seat are Target{Seat, Card}; a
// seat acting for two cards enters them in resolution order and names the
// card in Command.Card. Individual steps may share their live display
// (NightStep.Share), take no target (NoTarget) or be declined by an action
// of their own (Decline).
//
// The end-of-game timeline (复盘) is said in codes too: MomentLine (line.go)
// turns each Moment into a Line, a words key with its arguments, which the
// big screen, the saved file and the phones translate alike. A variant
// whose events add lines of their own (VariantInfo.Moments, an event that
// implements momenter) words them in its momentLine, with keys of the
// dictionary's family tl (werewolf-12's are tl.ww.…); it may word there a
// core kind it plays otherwise (werewolf-12's antidote, its idiot), and
// the core words the rest.
// app/ui's TestMomentRenderingsAgree compares the three renderings of every
// line of games of every variant, TestEveryMomentKindHasWords finds a kind
// without words.
//
// A variant whose phases follow none of this (cat-lives-7: withdrawable
// privileges paid with action points, day privileges, a vote open all day,
// five cards per seat) implements the hooks of hooks.go instead: it runs
// its nights and days itself (phaseRunner), applies its own events
// (eventApplier; its state is State.ext), deals under its own constraints
// (dealer) and adds its part to the views (viewer: its tasks say where a
// phone offers them, Task.Place, and a turn of the floor that is no speech
// sets TableView.Decision, so that the page routes by the view, never by
// its action or stage names), while still emitting
// the core events the screens and scripts rely on. werewolf-12 runs its
// days so (the election before the dawn, the death steps, the sheriff's
// order) but its nights on the shared protocol: its phaseRunner hands the
// night's commands to the core and adds only the knife's deadline and the
// witch's questions. Such a variant's own events that reach the table say
// what they are to it (tableRoler, event.go); a variant whose rules time
// more than the shared stages amends the host's clock plan (clocker,
// clock.go); a ballot whose voters cast one vote each of a weight (the
// sheriff's 1.5) is BallotBody.OneVote, counted by the shared tally.
//
// Such a variant's code is in its files too: methods of its own type (the
// hooks' receivers, catLives.dayCommand) and functions that take the game
// or the state they read (wwAdvance(g), wwMayExplode(s, seat)). The
// methods of Game and State are the core's: the shared protocol and the
// features the optional interfaces, NightStep's fields and the shared
// options switch on (two-hands' nominations and votes by hand, v5.0-dual's
// shared displays, the police huddle), never one variant's own rules.
package game
