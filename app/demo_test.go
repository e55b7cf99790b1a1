package app

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// The demo (NIGHTFALL_DEMO) is the real server on loopback only, every seat
// taken by a bot phone, and the bots play by themselves on the real clock:
// their commands reach the game log as phone commands. Closing it removes
// its data directory.
func TestDemoPlaysByItself(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the bots on the real clock")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := startDemo(ctx, "classic-2.0", "Demo", true)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if u := srv.JoinURL(); !strings.HasPrefix(u, "http://127.0.0.1:") {
		t.Errorf("the demo listens at %s, not on loopback", u)
	}
	hv := srv.View()
	if hv.Table == nil || hv.MDNSName != "" || len(hv.Lobby.Seats) != 12 {
		t.Fatalf("started %v, mDNS %q, %d seats", hv.Table != nil, hv.MDNSName, len(hv.Lobby.Seats))
	}
	for _, s := range hv.Lobby.Seats {
		if !s.Taken || !s.Online {
			t.Errorf("seat %d: taken %v, online %v", s.Seat, s.Taken, s.Online)
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		data, _ := os.ReadFile(hv.LogPath)
		if strings.Contains(string(data), `"by":"phone"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no bot acted within 20 s:\n%s", data)
		}
		time.Sleep(100 * time.Millisecond)
	}
	dir := srv.DataDir
	srv.Close()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the demo's data directory %s is still there (%v)", dir, err)
	}
}
