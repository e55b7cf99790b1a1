package ui

import (
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"nightfall/app/netinfo"
	"nightfall/lan"
)

// TestGoldenHelp: the checklist with the Wi-Fi's name, a Public firewall
// profile and a hotspot entered, at 1280×720 and 1920×1080 in both
// languages; the Wi-Fi QR code in the render decodes (zbarimg, as a phone's
// camera reads it) to the name and password entered.
func TestGoldenHelp(t *testing.T) {
	zbar, _ := exec.LookPath("zbarimg")
	for _, c := range []struct {
		lang string
		size fyne.Size
	}{{"zh", screenSizes[0]}, {"en", screenSizes[0]}, {"zh", screenSizes[1]}, {"en", screenSizes[1]}} {
		name := fmt.Sprintf("help_%s_%s.png", sizeName(c.size), c.lang)
		t.Run(name, func(t *testing.T) {
			a := newTestApp(t, c.lang)
			a.Preferences().SetString(PrefHotspotName, "天黑请闭眼")
			a.Preferences().SetString(PrefHotspotPassword, "night;fall:42")
			h := NewHelp(a.Preferences(), nil)
			h.SetInfo(netinfo.Info{WiFi: "客厅 Wi-Fi 5G", Profile: "public"})
			w := test.NewWindow(h.Content())
			defer w.Close()
			w.Resize(c.size)
			img := w.Canvas().Capture()
			golden(t, name, img)
			if zbar == "" {
				t.Skip("zbarimg not installed (zbar-tools)")
			}
			f := filepath.Join(t.TempDir(), name)
			out, _ := os.Create(f)
			png.Encode(out, img)
			out.Close()
			got, err := exec.Command(zbar, "--raw", "-q", "-Sbinary", f).Output()
			if err != nil {
				t.Fatalf("zbarimg finds no code in the render: %v", err)
			}
			ssid, pass, ok := netinfo.ParseWiFiQR(strings.TrimSpace(string(got)))
			if !ok || ssid != "天黑请闭眼" || pass != "night;fall:42" {
				t.Errorf("the render's code reads %q: %q %q", got, ssid, pass)
			}
		})
	}
}

// TestHelpRemembersHotspot: the name and password entered once are kept
// (the next checklist shows their code at once); without a name there is
// no code.
func TestHelpRemembersHotspot(t *testing.T) {
	a := newTestApp(t, "en")
	h := NewHelp(a.Preferences(), nil)
	h.SetInfo(netinfo.Info{})
	if h.WiFiText() != "" {
		t.Fatalf("a code before any hotspot: %q", h.WiFiText())
	}
	test.Type(h.ssid, "Party")
	test.Type(h.pass, "secret12")
	test.Tap(h.show)
	if want := netinfo.WiFiQR("Party", "secret12"); h.WiFiText() != want {
		t.Fatalf("code %q, want %q", h.WiFiText(), want)
	}
	again := NewHelp(a.Preferences(), nil)
	if again.WiFiText() != netinfo.WiFiQR("Party", "secret12") || again.ssid.Text != "Party" {
		t.Errorf("not remembered: %q %q", again.WiFiText(), again.ssid.Text)
	}
	if strings.Contains(h.text.String(), "Public") {
		t.Error("a profile line without a profile")
	}
}

// TestHelpOffersItself: with the code up and no phone in, after 60 s the
// lobby's button offers the checklist (it stands out) without opening it
// over the code and the settings; the host's next click goes where it is
// aimed. Opening it takes the offer back for good; another address starts
// the wait again; a phone in, never.
func TestHelpOffersItself(t *testing.T) {
	s, w := shellAt(t, "zh", screenSizes[1])
	s.helpSt.ReadInfo = func() netinfo.Info { return netinfo.Info{WiFi: "x"} }
	srv := newTable(t, "classic-2.0", 8, 1)
	hv := pinned(srv.View())
	hv.Phones = 0
	s.Show(hv)
	t0 := fixed
	s.Tick(t0)
	s.Tick(t0.Add(59 * time.Second))
	if s.HelpShown() || s.Lobby().HelpOffered() {
		t.Fatal("offered before 60 s")
	}
	s.Tick(t0.Add(61 * time.Second))
	if s.HelpShown() {
		t.Fatal("the checklist opened by itself over the lobby")
	}
	if !s.Lobby().HelpOffered() || s.Lobby().help.Importance != widget.HighImportance || s.Lobby().help.Text != tr("lobby.help.offer") {
		t.Fatalf("not offered after 60 s without a phone: %q", s.Lobby().help.Text)
	}
	shot(t, w, "lobby_help_offered_1920_zh.png")
	// the host's next click is the host's: the briefing box still toggles
	was := s.Lobby().briefing.Checked
	test.Tap(s.Lobby().briefing)
	if s.Lobby().briefing.Checked == was || s.HelpShown() {
		t.Errorf("a click on the lobby after the offer: checked %v→%v, checklist shown %v", was, s.Lobby().briefing.Checked, s.HelpShown())
	}
	test.Tap(s.Lobby().help)
	if !s.HelpShown() || s.Lobby().HelpOffered() {
		t.Fatal("the button does not show it, or still offers it")
	}
	s.HideHelp()
	s.Tick(t0.Add(200 * time.Second))
	if s.HelpShown() || s.Lobby().HelpOffered() {
		t.Fatal("offered again after the host looked")
	}
	// Another address: the wait starts again; a phone in: never.
	hv2 := hv
	hv2.JoinURL = "http://192.168.56.1:8080/?room=K7QX2M"
	hv2.Phones = 1
	s.Show(hv2)
	s.Tick(t0.Add(300 * time.Second))
	s.Tick(t0.Add(400 * time.Second))
	if s.HelpShown() || s.Lobby().HelpOffered() {
		t.Fatal("offered with a phone in")
	}
	hv2.Phones = 0
	s.Show(hv2)
	s.Tick(t0.Add(460 * time.Second))
	if !s.Lobby().HelpOffered() {
		t.Fatal("not offered a minute after the new address, without a phone")
	}
}

// TestLobbyAddressSwitch: the lobby shows the address the code uses among
// the laptop's (the VM bridge marked virtual), and choosing another sends
// HostSetAddress with it.
func TestLobbyAddressSwitch(t *testing.T) {
	newTestApp(t, "en")
	var got []lan.HostCommand
	l := NewLobby(func(c lan.HostCommand) { got = append(got, c) })
	srv := newTable(t, "classic-2.0", 8, 1)
	l.Set(pinned(srv.View()))
	sel := l.Address()
	if sel.Selected != "192.168.1.23 · wlan0" || len(sel.Options) != 2 || !strings.Contains(sel.Options[1], "virtual") {
		t.Fatalf("selected %q of %q", sel.Selected, sel.Options)
	}
	if len(got) != 0 {
		t.Fatalf("showing the lobby sent %v", got)
	}
	sel.SetSelectedIndex(1)
	if len(got) != 1 || got[0].Do != lan.HostSetAddress || got[0].Addr != "192.168.56.1" {
		t.Errorf("switching sent %+v", got)
	}
	if l.url.Text != "Or type 192.168.1.23:8080 in the browser" || l.room.Text != "Code K7QX" {
		t.Errorf("typed join lines %q, %q", l.url.Text, l.room.Text)
	}
}
