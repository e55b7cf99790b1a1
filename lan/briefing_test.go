package lan

import (
	"encoding/json"
	"testing"
	"time"

	"nightfall/game"
)

// TestBriefingHold: a game started with the briefing holds its first night
// (every phone's view says so, the same for every seat) until the host's
// skip; a second game, with the briefing on, begins by itself when its time
// is up; switched off in the lobby, the next game starts with its night.
func TestBriefingHold(t *testing.T) {
	h := newHarness(t, Config{Variant: "classic-2.0", Players: 8, Seed: 4, Briefing: true})
	phones := h.seatAll(8)
	h.host(HostCommand{Do: HostStart})
	if hv := h.hostView(); hv.Table == nil || hv.Table.Stage != "briefing" || hv.Table.Briefing == nil || !hv.Lobby.Briefing {
		t.Fatalf("no briefing on the big screen: %+v", hv.Table)
	}
	for seat := 1; seat <= 8; seat++ {
		phones[seat].sync()
		pv := phones[seat].playerView()
		if pv.Table.Stage != "briefing" || len(pv.Tasks) != 0 {
			t.Fatalf("seat %d in the briefing: stage %q, tasks %v", seat, pv.Table.Stage, pv.Tasks)
		}
	}
	if _, err := json.Marshal(h.hostView().Table.Briefing); err != nil {
		t.Fatal(err)
	}
	h.host(HostCommand{Do: HostSkip})
	if hv := h.hostView(); hv.Table.Phase != "night" {
		t.Fatalf("the host's skip did not begin the game: %s", hv.Table.Stage)
	}
	h.host(HostCommand{Do: HostEnd})
	h.host(HostCommand{Do: HostNewGame})
	h.host(HostCommand{Do: HostStart})
	if hv := h.hostView(); hv.Table.Stage != "briefing" {
		t.Fatalf("the second game: %s", hv.Table.Stage)
	}
	h.clock.Advance(time.Duration(game.BriefingSeconds-1) * time.Second)
	if hv := h.hostView(); hv.Table.Stage != "briefing" {
		t.Fatalf("the briefing ended before its time: %s", hv.Table.Stage)
	}
	h.clock.Advance(2 * time.Second)
	if hv := h.hostView(); hv.Table.Phase != "night" {
		t.Fatalf("the briefing's time is up but the stage is %s", hv.Table.Stage)
	}
	h.host(HostCommand{Do: HostEnd})
	h.host(HostCommand{Do: HostNewGame})
	h.host(HostCommand{Do: HostSetBriefing, Value: json.RawMessage("false")})
	h.host(HostCommand{Do: HostStart})
	if hv := h.hostView(); hv.Table.Phase != "night" || hv.Lobby.Briefing {
		t.Fatalf("switched off, the game starts with %s", hv.Table.Stage)
	}
}
