package ui

import "nightfall/lan"

// Backend is what the UI needs from the LAN server (lan.Server implements
// it; tests use a fake driven by the real engine). The UI reads only the host
// view: the table's public information and the lobby.
type Backend interface {
	// Subscribe returns the host views (one at once, then one per change;
	// the latest wins) and a function ending the subscription.
	Subscribe() (<-chan lan.HostView, func())
	// Host runs a host command; the error is a sentence to show the host.
	Host(lan.HostCommand) error
}

// Voice speaks the judge's lines (see package voice); the audio player
// implements it.
type Voice interface {
	Say(lang string, clips []string)
	SetMuted(bool)
	// Hush cuts the line being said short and drops those waiting (the
	// briefing when the host begins the night early).
	Hush()
}

type silentVoice struct{}

func (silentVoice) Say(string, []string) {}
func (silentVoice) SetMuted(bool)        {}
func (silentVoice) Hush()                {}
