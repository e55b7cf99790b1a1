//go:build race

package game

// raceEnabled: the race detector slows the engine about tenfold; the
// randomized tests play fewer games under it (the full count runs without).
const raceEnabled = true
