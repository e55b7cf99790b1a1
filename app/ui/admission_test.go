package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"nightfall/game"
	"nightfall/lan"
)

// TestAdmission: the strip shows the spectators and the requests for a
// freed seat, and its buttons send the host's commands.
func TestAdmission(t *testing.T) {
	newTestApp(t, "en")
	var sent []lan.HostCommand
	a := NewAdmission(func(c lan.HostCommand) { sent = append(sent, c) })
	w := test.NewWindow(a.Content())
	defer w.Close()
	hv := lan.HostView{Lobby: lan.LobbyView{Spectators: 3, Seats: []lan.LobbySeat{
		{Seat: 1, Name: "Ann", Taken: true, Online: true}, {Seat: 2, Name: "Bob"}, {Seat: 3, Name: "Cy", Taken: true}}},
		Table: &game.TableView{Phase: "night", Round: 1},
		Requests: []lan.SeatRequest{{ID: 7, Seat: 2, Name: "<b>Dee</b>", Online: true, Device: "iPhone · Safari", Code: "4821", Waiting: 2},
			{ID: 8, Seat: 3, Name: "Eve", Code: "0307"}}}
	a.Set(hv)
	if !a.Visible() {
		t.Error("the strip is hidden while phones ask for a freed seat")
	}
	if got := a.SpectatorText(); got != "Spectators: 3" {
		t.Errorf("spectators: %q", got)
	}
	away, free, freeBtn := a.Buttons()
	if away.Disabled() || free.Hidden || freeBtn.Hidden {
		t.Errorf("during a game with spectators: away disabled %v, free hidden %v", away.Disabled(), free.Hidden)
	}
	test.Tap(away)
	if len(free.Options) != 2 {
		t.Errorf("seats to free: %q", free.Options)
	}
	free.SetSelectedIndex(1) // seat 3
	test.Tap(freeBtn)
	rows := a.Requests()
	if len(rows) != 2 {
		t.Fatalf("%d request rows", len(rows))
	}
	if got := rows[0].Label.Text; got != "Seat 2: <b>Dee</b> asks to take it · iPhone · Safari · code 4821 (+2 waiting)" {
		t.Errorf("the request reads %q", got)
	}
	if got := rows[1].Label.Text; got != "Seat 3: Eve asks to take it · unknown device · code 0307 (offline)" {
		t.Errorf("the offline request reads %q", got)
	}
	test.Tap(rows[0].Allow)
	test.Tap(rows[1].Refuse)
	want := []lan.HostCommand{{Do: lan.HostRemoveSpectators}, {Do: lan.HostRemove, Seat: 3},
		{Do: lan.HostAllow, Request: 7}, {Do: lan.HostRefuse, Request: 8}}
	if len(sent) != len(want) {
		t.Fatalf("sent %+v", sent)
	}
	for i := range want {
		if g := sent[i]; g.Do != want[i].Do || g.Seat != want[i].Seat || g.Request != want[i].Request {
			t.Errorf("command %d: %+v, want %+v", i, sent[i], want[i])
		}
	}
	// Spectators and an offline player, nobody asking: the host's tools stay
	// off the players' screen until the host opens them.
	noAsk := hv
	noAsk.Requests = nil
	a.Set(noAsk)
	if a.Visible() || !a.Attention() {
		t.Errorf("no request: shown %v (want hidden), attention %v (want: spectators, a seat offline)", a.Visible(), a.Attention())
	}
	a.SetOpen(true)
	if !a.Visible() {
		t.Error("opened by the host, the strip is hidden")
	}
	a.SetOpen(false)
	// In the lobby: no seat to free, no requests; nobody watching: no button.
	a.Set(lan.HostView{Lobby: lan.LobbyView{Seats: hv.Lobby.Seats}})
	if a.Visible() || a.Attention() {
		t.Error("the strip takes room with nothing to do")
	}
	if !free.Hidden || !away.Disabled() || len(a.Requests()) != 0 {
		t.Errorf("lobby: free hidden %v, away disabled %v, %d requests", free.Hidden, away.Disabled(), len(a.Requests()))
	}
}

// TestAdmissionInShell: the shell shows the strip and feeds it.
func TestAdmissionInShell(t *testing.T) {
	newTestApp(t, "zh")
	s, _ := bareShell(t)
	s.Show(lan.HostView{Lobby: lan.LobbyView{Spectators: 2}})
	if got := s.adm.SpectatorText(); got != "观众：2人" {
		t.Errorf("the shell's strip: %q", got)
	}
	if s.adm.Visible() {
		t.Error("the strip is on the players' screen without a phone asking")
	}
	ph := s.Buttons().Phones
	if ph.Text != "手机" || ph.Importance != widget.WarningImportance {
		t.Errorf("the Phones button %q (importance %v): want it marked while two watch", ph.Text, ph.Importance)
	}
	test.Tap(ph)
	if !s.adm.Visible() {
		t.Error("Phones did not open the strip")
	}
	test.Tap(ph)
	if s.adm.Visible() {
		t.Error("Phones did not close the strip")
	}
	s.Show(lan.HostView{Lobby: lan.LobbyView{Spectators: 2}, Requests: []lan.SeatRequest{{ID: 1, Seat: 2, Name: "小红", Online: true}}})
	if !s.adm.Visible() {
		t.Error("a phone asks for a seat: the strip is not shown")
	}
}

// The strip as the big screen shows it mid-game: spectators, a freed seat
// asked for (looked at: zh, 1280×720).
func TestGoldenAdmission(t *testing.T) {
	newTestApp(t, "zh")
	srv, _ := startedGame(t, 12, 1)
	s, w := shellOn(t, srv, nil)
	w.Resize(fyne.NewSize(1280, 720))
	hv := pinned(srv.View())
	hv.Lobby.Spectators = 3
	hv.Requests = []lan.SeatRequest{{ID: 1, Seat: 5, Name: "小红", Online: true, Device: "Android · Chrome", Code: "4821", Waiting: 1}}
	s.Show(hv)
	golden(t, "admission_zh.png", w.Canvas().Capture())
}
