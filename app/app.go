// Package app is the host's desktop app: the Fyne window on the projector.
// It only wires things together: the LAN server (package lan), the screens
// (package app/ui), the narration voice (app/voice, app/audio) and the
// window's preferences. Everything drawn is in app/ui, testable headless.
package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"log"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"nightfall/app/audio"
	"nightfall/app/ui"
	"nightfall/assets"
	"nightfall/assets/sounds"
	"nightfall/game"
	"nightfall/lan"
	"nightfall/lan/lantest"
	"nightfall/lan/netaddr"
)

// AppID is the Fyne application id (it names the preferences' folder).
const AppID = "io.nightfall.host" // as in FyneApp.toml

// Preference keys of the window.
const (
	prefWidth  = "window.width"
	prefHeight = "window.height"
)

// Main runs the host app until its window closes, and returns the exit code.
//
// Settings (flags, or environment variables for scripts and tests):
//
//	--addr  NIGHTFALL_ADDR   listen address (":8080"; ":0" picks a free port)
//	--data  NIGHTFALL_DATA   data directory for game logs (lan.DefaultDataDir)
//	--table NIGHTFALL_TABLE  table name shown and advertised (default: the
//	                         language's, "天黑请闭眼" or "Nightfall")
//	--lang  NIGHTFALL_LANG   "zh" or "en" (otherwise as below)
//	--host  NIGHTFALL_HOST   address in the join URL (default: the LAN IPv4 address)
//	--accessible NIGHTFALL_ACCESSIBLE  on or off: the high-contrast, larger-text
//	                          big screen for this run (otherwise as the host last
//	                          chose with the bar's button or F10; not remembered)
//	        NIGHTFALL_AUDIO=off  no narration voice, no night ambience
//	        NIGHTFALL_TRACE=1    log start-up timings
//	        NIGHTFALL_CPUPROFILE=FILE  a CPU profile (pprof) of the first
//	                          seconds (profileFor) written to FILE
//	        NIGHTFALL_DEMO=VARIANT  a table on this machine only, for trying the
//	                          screens: the real server on loopback (a free port, no
//	                          mDNS, a temporary data directory) with every seat taken
//	                          by a bot phone playing by itself (sensible bots, short
//	                          timers, the real clock); NIGHTFALL_DEMO_START=1 starts
//	                          the game at once
//
// The language: --lang (or NIGHTFALL_LANG) when given; otherwise the one
// the host last switched to in the app (the language button), if they ever
// did; otherwise the system's: the first set of LC_ALL, LC_MESSAGES and LANG,
// Chinese for a zh locale, English for any other real locale; otherwise —
// C, POSIX, C.UTF-8 or nothing set — Chinese. (--lang is not remembered.)
//
// The window opens full screen, sized for a projector: with a second
// monitor (a projector next to the laptop's screen) there, otherwise on the
// display it opened on. Esc or F11 leaves full screen for a window of the
// size it had when last closed (1280×720 the first time). Nothing is printed on
// stderr unless something is wrong (Fyne's report of C.UTF-8 as a bad
// locale is dropped: nightfall/app/fynelocale).
func Main() int {
	st, code, ok := readSettings(os.Args[1:])
	if !ok {
		return code
	}
	return run(st)
}

// settings are what the flags and the environment chose for this run.
type settings struct {
	addr, data, table, lang, joinHost string
	addrSet                           bool // the listen address was chosen, not the default
	look, lookSet                     bool // --accessible, when given
	demo                              string
	demoStart, audio, trace           bool
	profile                           string // NIGHTFALL_CPUPROFILE
	resumeLast                        bool   // NIGHTFALL_RESUME=last: resume without asking
}

// readSettings reads the flags in args and the environment. ok is false
// when the run ends here, with exit code code (--help: 0; a usage error: 2).
func readSettings(args []string) (st settings, code int, ok bool) {
	fs := flag.NewFlagSet("nightfall", flag.ContinueOnError)
	addr := fs.String("addr", env("NIGHTFALL_ADDR", ":8080"), "listen address")
	data := fs.String("data", os.Getenv("NIGHTFALL_DATA"), "data directory for game logs")
	table := fs.String("table", os.Getenv("NIGHTFALL_TABLE"), "table name (default: the language's, 天黑请闭眼 or Nightfall)")
	langFlag := fs.String("lang", os.Getenv("NIGHTFALL_LANG"), "language: zh or en")
	joinHost := fs.String("host", os.Getenv("NIGHTFALL_HOST"), "address written in the join URL (default: this machine's LAN IPv4)")
	accessible := fs.String("accessible", os.Getenv("NIGHTFALL_ACCESSIBLE"), "on or off: the high-contrast, larger-text big screen (default: as last chosen in the app)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: nightfall [--addr :8080] [--data DIR] [--table NAME] [--lang zh|en] [--host IP] [--accessible on|off]")
		fmt.Fprintln(fs.Output(), "       nightfall script GAME.json")
		fmt.Fprintln(fs.Output(), "       nightfall serve [flags]")
		fmt.Fprintln(fs.Output(), "       nightfall replay FILE [--lang zh|en] > game.html")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return st, 0, false
		}
		return st, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "nightfall: unknown command %q\n", fs.Arg(0))
		fs.Usage()
		return st, 2, false
	}
	look, lookSet, err := onOff(*accessible)
	if err != nil {
		fmt.Fprintf(os.Stderr, "nightfall: --accessible: %v\n", err)
		return st, 2, false
	}
	return settings{
		addr: *addr, data: *data, table: *table, lang: *langFlag, joinHost: *joinHost,
		addrSet: addrSet(fs), look: look, lookSet: lookSet,
		demo: os.Getenv("NIGHTFALL_DEMO"), demoStart: os.Getenv("NIGHTFALL_DEMO_START") != "",
		audio: os.Getenv("NIGHTFALL_AUDIO") != "off", trace: os.Getenv("NIGHTFALL_TRACE") != "",
		profile:    os.Getenv("NIGHTFALL_CPUPROFILE"),
		resumeLast: os.Getenv("NIGHTFALL_RESUME") == "last",
	}, 0, true
}

// defaultTable is the table's name when the host names none: the start
// language's ("天黑请闭眼" on a Chinese screen, not an English word).
func defaultTable(lang string) string {
	if d, err := assets.Dictionary(lang); err == nil && d["lobby.defaultTable"] != "" {
		return d["lobby.defaultTable"]
	}
	return "Nightfall"
}

// run opens the window and runs the table until the window closes.
//
// A fresh table's QR code shows first in a plain X11 window (splash) as
// soon as the server has its URL, before the app's window exists; it goes
// once that window has drawn its first frame.
//
// The first frame drawn has the lobby and its QR code: the server starts,
// and the fonts load (warmFonts), while the window is being created; the
// window asks for full screen before anything is drawn in it (on a machine
// with one monitor; with two, projectorScreen moves it once the app runs);
// and the shell shows the server's first view before the app's loop draws.
// The lobby's balance estimate waits for that first frame (firstFrame).
func run(st settings) int {
	t0 := time.Now()
	trace := func(what string) {
		if st.trace {
			log.Printf("trace: %s after %v", what, time.Since(t0).Round(time.Millisecond))
		}
	}
	if st.profile != "" {
		stop := startProfile(st.profile, profileFor)
		defer stop()
	}
	list := resumable(st.data)
	if st.demo != "" {
		list = nil
	}
	// A fresh table's first screen is its lobby: its QR code shows at once
	// in a window of its own while the app's window is made (see splash).
	var spl *splash
	if st.demo == "" && len(list) == 0 {
		spl = openSplash()
		defer spl.close()
	}
	a := fyneapp.NewWithID(AppID)
	trace("fyne app")
	a.Settings().SetTheme(ui.Theme{})
	setStartLanguage(a.Preferences(), st.lang)
	if st.table == "" {
		st.table = defaultTable(a.Preferences().String(ui.PrefLang))
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resumePath := "" // the game or lobby the host chose to resume
	be := pickBackend(ctx, st, func() string { return resumePath })
	type started struct {
		b   ui.Backend
		err error
	}
	startAsync := func() <-chan started {
		c := make(chan started, 1)
		go func() {
			b, err := be.start()
			if j, ok := b.(interface{ JoinURL() string }); ok && err == nil && spl != nil {
				spl.show(j.JoinURL())
				trace("splash")
			}
			c <- started{b, err}
		}()
		return c
	}
	var first <-chan started // the start begun before the window shows
	if len(list) == 0 || (st.resumeLast && list[0].Problem == "") {
		if len(list) > 0 { // unattended (tests, kiosks)
			resumePath = list[0].Path
		}
		first = startAsync()
	}
	// The server starts before the window is made: making it starts GLFW
	// (tens of ms), and a busy machine's splash would wait for that.
	fontsLoaded := warmFonts()
	w := a.NewWindow("Nightfall")
	var shell *ui.Shell // the close asks first while a game runs
	setUpWindow(w, a.Preferences(), func() *ui.Shell { return shell })

	voice, closeVoice := newVoice(st.audio)
	defer closeVoice()
	var amb *audio.Ambience // the night's background sound, with the voice
	if voice != nil {
		amb = audio.NewAmbience(log.Printf)
		defer amb.Close()
	}
	trace("sound")

	w.SetPadded(false) // the screens draw their own margins; no frame around the night
	w.Show()           // creates the window; its content is drawn once the app runs
	if singleMonitor(w) {
		w.SetFullScreen(true)
		if awaitFullScreen(w, fullScreenWait) {
			trace("full screen")
		}
	}
	trace("window created")
	<-fontsLoaded
	trace("fonts loaded")

	shell = ui.NewShell(w, nil, voice)
	trace("shell")
	if p, ok := voice.(*audio.Player); ok {
		shell.SetSound(amb, voicePacks{p})
	}
	if st.lookSet {
		shell.UseAccessible(st.look)
	}
	drawn := make(chan struct{}) // closed when the first frame is drawn
	w.SetContent(container.NewStack(shell.Content(), firstFrame(drawn)))
	trace("content set")
	var stop func()
	var tryStart func()
	use := func(r started, now bool) { // on the UI goroutine
		if r.err != nil {
			log.Printf("nightfall: cannot start the network service: %v", r.err)
			shell.ShowError(startError(r.err, st.addr), tryStart, a.Quit)
			return
		}
		trace("server started")
		if stop != nil {
			return
		}
		shell.SetBackend(r.b)
		if now {
			stop = ui.ConnectShown(r.b, shell)
		} else {
			stop = ui.Connect(r.b, shell)
		}
	}
	later := func(c <-chan started) {
		go func() {
			r := <-c
			fyne.Do(func() { use(r, false) })
		}()
	}
	tryStart = func() { later(startAsync()) }
	if resumePath != "" {
		shell.Resumed() // the table heard its last lines before the app stopped
	}
	switch {
	case first != nil:
		// The server is normally up by now (it starts in a tenth of a
		// second); one that takes longer shows once it is up.
		select {
		case r := <-first:
			use(r, true)
		case <-time.After(firstStartWait):
			later(first)
		}
	default:
		resume := func(path string) {
			resumePath = path
			shell.Resumed() // the table heard its last lines before the app stopped
			tryStart()
		}
		shell.ShowResume(list, resume, tryStart)
	}
	trace("first view")
	a.Lifecycle().SetOnStarted(func() {
		trace("app running")
		// The lobby's balance line plays games on every core for a
		// second: it waits until the window and its QR code are drawn
		// (or, if no frame is ever drawn, a while).
		go func() {
			select {
			case <-drawn:
				trace("first frame drawn")
				if spl != nil {
					// at once, while the frame is being drawn: the window
					// keeps the splash's pixels until the frame is put on
					// it, and the frame then covers what the splash did
					// (after it, the window would draw that part again)
					go func() {
						spl.close()
						trace("splash closed")
					}()
				}
				time.Sleep(balanceWait)
			case <-time.After(balanceLatest):
			}
			trace("balance estimate")
			fyne.Do(func() { shell.Lobby().SetEstimator(ui.SensibleEstimate, fyne.Do) })
		}()
		// Every screen opens full screen, sized for the projector: on the
		// second monitor when there is one (projectorScreen), else on the
		// display the window opened on. Esc or F11 leaves it.
		full := func(what string) {
			trace(what)
			if !w.FullScreen() {
				w.SetFullScreen(true)
			}
			shell.FullScreenChanged()
		}
		if projectorScreen(w, full) {
			trace("second monitor found")
		} else {
			full("full screen on the display the window opened on")
		}
		if st.trace {
			time.AfterFunc(5*time.Second, func() {
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				log.Printf("trace: Go heap in use %d MiB, from the OS %d MiB", m.HeapInuse>>20, m.Sys>>20)
			})
		}
	})
	a.Run()
	if stop != nil {
		stop()
	}
	be.close()
	return 0
}

// profileFor is how long NIGHTFALL_CPUPROFILE profiles: the start, the
// first frame and the lobby's balance estimate.
const profileFor = 5 * time.Second

// startProfile writes a CPU profile to path for d (or until stop).
func startProfile(path string, d time.Duration) (stop func()) {
	f, err := os.Create(path)
	if err != nil {
		log.Printf("nightfall: NIGHTFALL_CPUPROFILE: %v", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Printf("nightfall: NIGHTFALL_CPUPROFILE: %v", err)
		f.Close()
		return func() {}
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			pprof.StopCPUProfile()
			f.Close()
		})
	}
	time.AfterFunc(d, stop)
	return stop
}

// fullScreenWait is how long the window waits, before it is first drawn,
// for the window system to make it full screen.
const fullScreenWait = 250 * time.Millisecond

// firstStartWait is how long the window waits for the server before it is
// first drawn (without it, the lobby shows once it is up).
const firstStartWait = 2 * time.Second

// warmFonts loads the faces text is measured and drawn with — the bundled
// font, Fyne's fallbacks, the system's font for the language (scanning the
// system's fonts the first time) — on another goroutine, while the window
// is being created; the channel closes when they are loaded.
func warmFonts() <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, style := range []fyne.TextStyle{{}, {Bold: true}} {
			fyne.MeasureText("天黑请闭眼 Nightfall", theme.TextSize(), style)
		}
	}()
	return done
}

// balanceWait is how long after the window's first frame is drawn the
// lobby's balance estimate may start (its games take every core for a
// second), and balanceLatest how long after the app runs it starts if no
// frame is ever drawn.
const (
	balanceWait   = 1500 * time.Millisecond
	balanceLatest = 10 * time.Second
)

// firstFrame is an object that draws nothing (one transparent pixel in the
// top left corner, over the content) and closes drawn when it is first
// drawn: with it, the first frame.
func firstFrame(drawn chan struct{}) fyne.CanvasObject {
	var once sync.Once
	r := canvas.NewRaster(func(w, h int) image.Image {
		once.Do(func() { close(drawn) })
		return image.NewNRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	})
	r.Resize(fyne.NewSquareSize(1))
	return container.NewWithoutLayout(r)
}

// setStartLanguage sets the language the window starts in (flag, then the
// host's last choice, then the system's).
func setStartLanguage(prefs fyne.Preferences, langFlag string) {
	// The shell starts in ui.PrefLang; it writes it again when the host
	// switches, which the next start tells from prefLangStarted.
	chosen := chosenLanguage(prefs.String(ui.PrefLang), prefs.String(prefLangStarted), prefs.String(prefLangChosen))
	startLang := startLanguage(langFlag, chosen, systemLanguage(os.Getenv))
	prefs.SetString(prefLangChosen, chosen)
	prefs.SetString(prefLangStarted, startLang)
	prefs.SetString(ui.PrefLang, startLang)
}

// setUpWindow sets the window's size as last closed, and its close: the
// size remembered, and the shell asked first (shell() may be nil before
// the shell exists).
func setUpWindow(w fyne.Window, prefs fyne.Preferences, shell func() *ui.Shell) {
	w.Resize(fyne.NewSize(
		float32(prefs.FloatWithFallback(prefWidth, 1280)),
		float32(prefs.FloatWithFallback(prefHeight, 720))))
	w.SetCloseIntercept(func() {
		if !w.FullScreen() {
			s := w.Canvas().Size()
			prefs.SetFloat(prefWidth, float64(s.Width))
			prefs.SetFloat(prefHeight, float64(s.Height))
		}
		if sh := shell(); sh != nil {
			sh.ConfirmClose(w.Close)
			return
		}
		w.Close()
	})
}

// newVoice is the narration's player (nil when off), and what closes it.
func newVoice(on bool) (ui.Voice, func()) {
	if !on {
		return nil, func() {}
	}
	var once sync.Once
	p := audio.New(sounds.FS, func(f string, args ...any) {
		if strings.HasPrefix(f, "audio: no sound") {
			once.Do(func() { log.Printf(f, args...) })
			return
		}
		log.Printf(f, args...)
	})
	return p, p.Close
}

// backend starts the table's server (anew on each try: a server whose
// Start failed cannot be started again) and closes the one started.
type backend struct {
	start func() (ui.Backend, error)
	close func()
}

// pickBackend is the demo table when NIGHTFALL_DEMO names a variant, else
// the LAN server; resume says which saved game the host chose (if any) when
// it starts.
func pickBackend(ctx context.Context, st settings, resume func() string) backend {
	if st.demo != "" {
		return demoBackend(ctx, st)
	}
	return lanBackend(ctx, st, resume)
}

// demoBackend runs startDemo.
func demoBackend(ctx context.Context, st settings) backend {
	var mu sync.Mutex
	var demo *lantest.Server
	return backend{
		start: func() (ui.Backend, error) {
			d, err := startDemo(ctx, st.demo, st.table, st.demoStart)
			if err != nil {
				return nil, err
			}
			mu.Lock()
			demo = d
			mu.Unlock()
			fmt.Printf("Nightfall demo: a phone's view at %s\n", d.JoinURL())
			return d.Server, nil
		},
		close: func() {
			mu.Lock()
			defer mu.Unlock()
			if demo != nil {
				_ = demo.Close()
			}
		},
	}
}

// lanBackend runs the LAN server of the settings: on a resume, on the
// port the game had unless an address was chosen.
func lanBackend(ctx context.Context, st settings, resume func() string) backend {
	var mu sync.Mutex
	var srv *lan.Server
	return backend{
		start: func() (ui.Backend, error) {
			cfg := lan.Config{Addr: st.addr, DataDir: st.data, TableName: st.table, Host: st.joinHost, Resume: resume(),
				// the table's briefing: on unless the host switched it off
				Briefing: fyne.CurrentApp().Preferences().BoolWithFallback(ui.PrefBriefing, true)}
			if cfg.Resume != "" && !st.addrSet {
				cfg.Addr = "" // the port the game had
			}
			s, err := lan.NewServer(cfg)
			if err != nil {
				return nil, err
			}
			if err := s.Start(ctx); err != nil {
				_ = s.Close()
				return nil, err
			}
			mu.Lock()
			srv = s
			mu.Unlock()
			fmt.Printf("Nightfall: join at %s\n", s.JoinURL())
			return s, nil
		},
		close: func() {
			mu.Lock()
			defer mu.Unlock()
			if srv != nil {
				_ = srv.Close()
			}
		},
	}
}

// demoNames are the demo's players.
var demoNames = []string{"小明", "Alice", "阿强", "Bob", "小红", "Carol", "老王", "Dave", "小李", "Eve", "阿美", "Frank",
	"小张", "Grace", "阿华", "Henry", "小芳", "Ivan", "老李", "Judy"}

// demoTimers are the demo's short timers (seconds; a variant without one
// of these options keeps its own).
var demoTimers = map[string]string{"nightMinSeconds": "4", "nightMaxSeconds": "8",
	"speechSeconds": "12", "lastWordsSeconds": "8", "pkSpeechSeconds": "8", "voteCallSeconds": "3",
	// werewolf-12's own (its knife must close before the night's end)
	"knifeSeconds": "3", "witchWindowSeconds": "2", "standSeconds": "5", "campaignSeconds": "8",
	"skillSeconds": "4", "badgeSeconds": "5", "orderSeconds": "4"}

// startDemo runs the demo table (NIGHTFALL_DEMO): the real LAN server on
// loopback only (lantest.Start: 127.0.0.1, a free port, no mDNS, a
// temporary data directory removed on Close), short timers, and a bot
// phone in every seat, each a sensible bot that thinks a moment before it
// acts (a speech a few seconds), until ctx ends. start starts the game.
func startDemo(ctx context.Context, variant, table string, start bool) (*lantest.Server, error) {
	srv, err := lantest.Start(lan.Config{Variant: variant, TableName: table, Logf: log.Printf})
	if err != nil {
		return nil, err
	}
	for range 2 { // twice: an option checked against another (knifeSeconds) may need the other set first
		for name, v := range demoTimers {
			_ = srv.Host(lan.HostCommand{Do: lan.HostSetOption, Name: name, Value: []byte(v)})
		}
	}
	n := srv.View().Lobby.Players
	bots, err := srv.Seat(demoNames[:min(n, len(demoNames))]...)
	if err != nil {
		srv.Close()
		return nil, err
	}
	seed := uint64(time.Now().UnixNano())
	bots.Use("sensible", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	var mu sync.Mutex
	think := func(v *game.PlayerView) time.Duration {
		mu.Lock()
		defer mu.Unlock()
		if v.Table.Phase == game.PhaseDay && v.Table.Speaker == v.Seat {
			return 2*time.Second + time.Duration(r.IntN(3000))*time.Millisecond
		}
		return 500*time.Millisecond + time.Duration(r.IntN(1500))*time.Millisecond
	}
	go bots.Play(ctx, think)
	if start {
		if err := srv.Host(lan.HostCommand{Do: lan.HostStart}); err != nil {
			log.Printf("nightfall demo: %v", err)
		}
	}
	return srv, nil
}

// The real server is a backend of the UI.
var _ ui.Backend = (*lan.Server)(nil)

// startError says what went wrong in words the host can act on.
func startError(err error, addr string) string {
	switch {
	// lan does not wrap the listen error (yet): its sentence is matched too.
	case errors.Is(err, syscall.EADDRINUSE) || strings.Contains(err.Error(), "port is in use"):
		return ui.Tr("start.port", "Addr", addr)
	case errors.Is(err, netaddr.ErrNoInterface):
		return ui.Tr("start.noif")
	}
	return ui.Tr("start.other", "Err", err.Error())
}

// resumable is what the data folder offers to resume (nil: nothing, or
// only finished games).
func resumable(dataDir string) []lan.SavedGame {
	list, err := lan.Resumable(dataDir)
	if err != nil {
		log.Printf("nightfall: %v", err)
		return nil
	}
	for _, g := range list {
		if g.Problem == "" {
			return list
		}
	}
	if len(list) > 0 {
		return list // only logs that cannot be resumed: say so
	}
	return nil
}

// addrSet reports whether the listen address was chosen (flag or environment).
func addrSet(fs *flag.FlagSet) bool {
	set := os.Getenv("NIGHTFALL_ADDR") != ""
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "addr" })
	return set
}

// onOff reads an on/off setting ("" : not set).
func onOff(v string) (on, set bool, err error) {
	switch strings.ToLower(v) {
	case "":
		return false, false, nil
	case "on", "1", "true", "yes":
		return true, true, nil
	case "off", "0", "false", "no":
		return false, true, nil
	}
	return false, false, fmt.Errorf("%q: want on or off", v)
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// voicePacks loads voice packs into the narration (ui.VoicePacks).
type voicePacks struct{ p *audio.Player }

func (v voicePacks) Use(path string) (ui.PackCheck, error) {
	if path == "" {
		v.p.SetPack(nil)
		return ui.PackCheck{}, nil
	}
	pk, err := audio.LoadPack(path)
	if err != nil {
		return ui.PackCheck{}, err
	}
	v.p.SetPack(pk)
	r := pk.Report
	c := ui.PackCheck{Found: map[string]int{}, Lines: map[string]int{}, Whole: map[string]int{}, Missing: r.Missing}
	for _, l := range audio.PackLangs {
		c.Found[l] = len(r.Found[l])
		c.Whole[l] = len(r.Whole[l])
		c.Lines[l] = len(r.Found[l]) + len(r.Missing[l])
	}
	for _, u := range r.Unreadable {
		c.Unreadable = append(c.Unreadable, u.File+": "+u.Err)
	}
	return c, nil
}
