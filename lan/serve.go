package lan

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"nightfall/game"
	"nightfall/lan/qr"
)

// ServeMain implements `nightfall serve`: the server without a window. It
// prints the join URL and its QR code, starts the game when every seat is
// taken by a connected phone (or on Enter), prints what the big screen would show, and stops on
// Ctrl-C. During a game "free N" frees seat N for another phone; a phone
// asking for a freed seat is printed with its device label and phone code,
// and the seat is given only when the host answers y on the terminal (n
// refuses; nothing is given by itself). It returns the exit status.
func ServeMain(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

// optionFlags collects repeated --option name=value.
type optionFlags map[string]json.RawMessage

func (o optionFlags) String() string { return "" }

// Set reads name=value; the value is JSON when it parses as JSON (30,
// true, "x"), a string otherwise (secret).
func (o optionFlags) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return errors.New("want name=value, e.g. nightMinSeconds=20 or voteMode=secret")
	}
	v := []byte(strings.TrimSpace(value))
	if !json.Valid(v) {
		v = mustJSON(value)
	}
	o[name] = v
	return nil
}

const serveUsage = `usage: nightfall serve [flags]

Runs the table without a window: phones join with the printed URL or QR
code; the game starts when every seat is taken, or when you press Enter.
During the game, type "free N" (Enter) to free seat N for another phone (its
phone died); a phone asking for it is shown with its device and the code on
its screen: type y to give it the seat, n to refuse.

`

func serve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, autostart, code := serveConfig(args, stderr)
	if code >= 0 {
		return code
	}
	srv, err := NewServer(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "nightfall serve: %v\n", err)
		return 1
	}
	defer srv.Close()
	if err := srv.Start(ctx); err != nil {
		fmt.Fprintf(stderr, "nightfall serve: %v\n", err)
		return 1
	}
	url := srv.JoinURL()
	fmt.Fprintf(stdout, "%s\nJoin: %s\n(room code %s)\n", qr.Terminal(url), url, srv.Room())
	ty := srv.Typed()
	fmt.Fprintf(stdout, "Or type %s in the phone's browser, then the code %s (key fingerprint %s)\n", ty.Addr, ty.Code, ty.Fingerprint)
	if cfg.Resume != "" {
		fmt.Fprintf(stdout, "Resumed %s: the phones reconnect to their seats.\n", cfg.Resume)
	} else if ev := firstView(srv).Evening; ev != nil && ev.Games > 0 {
		fmt.Fprintf(stdout, "The evening goes on (%d games so far): the phones reconnect to their seats; press Enter to start.\n", ev.Games)
	} else {
		fmt.Fprintln(stdout, "The game starts when every seat is taken; press Enter to start now.")
	}
	return runTerminal(ctx, srv, lines(ctx, stdin), autostart, stdout)
}

// serveConfig reads serve's flags into a server configuration and the
// autostart delay; code is the exit status when serve must stop now (-1:
// go on).
func serveConfig(args []string, stderr io.Writer) (cfg Config, autostart time.Duration, code int) {
	fs := flag.NewFlagSet("nightfall serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fs.PrintDefaults()
	}
	var (
		opts    = optionFlags{}
		addr    = fs.String("addr", ":8080", "listen address `host:port` (127.0.0.1:8080: this machine only; port 0: any free port); --port N is --addr :N")
		port    = fs.Int("port", 8080, "TCP port (0: any free port)")
		host    = fs.String("host", "", "address for the join URL (default: the IPv4 address of the default-route interface)")
		variant = fs.String("variant", "", "rule variant (default: "+game.Variants()[0].ID+"; known: "+strings.Join(game.VariantIDs(), ", ")+")")
		players = fs.Int("players", 0, "number of players (default: 12, within the variant's range)")
		seed    = fs.Uint64("seed", 0, "deal seed (default: random)")
		resume  = fs.String("resume", "", "resume the game of this log `FILE` (the phones come back to their seats); \"last\": the newest unfinished game")
		dataDir = fs.String("data", "", "data directory for game logs (default: "+defaultDataDirHint()+")")
		table   = fs.String("name", "Nightfall", "table name, shown in the lobby and advertised over mDNS")
		room    = fs.String("room", "", "room code (default: random)")
		noMDNS  = fs.Bool("no-mdns", false, "do not advertise the table over mDNS")
		brief   = fs.Bool("briefing", false, "start each game with the table's briefing before the first night (ended by the host's skip, or after 30 s)")
		start   = fs.Duration("autostart", 3*time.Second, "start this long after every seat is taken (negative: only on Enter)")
	)
	fs.Var(opts, "option", "rule option `name=value`, repeatable (value: JSON, or else a string)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return cfg, 0, 0
		}
		return cfg, 0, 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "nightfall serve: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return cfg, 0, 2
	}
	if *resume == "last" {
		path, msg := pickLast(*dataDir)
		if path == "" {
			fmt.Fprintf(stderr, "nightfall serve: %s\n", msg)
			return cfg, 0, 1
		}
		*resume = path
	}
	portSet, addrSet := false, false
	fs.Visit(func(f *flag.Flag) {
		portSet = portSet || f.Name == "port"
		addrSet = addrSet || f.Name == "addr"
	})
	if portSet && addrSet {
		fmt.Fprintln(stderr, "nightfall serve: give --addr or --port, not both")
		return cfg, 0, 2
	}
	if addrSet {
		if _, p, err := net.SplitHostPort(*addr); err != nil {
			fmt.Fprintf(stderr, "nightfall serve: --addr %q: want host:port (e.g. 127.0.0.1:8080 or :8080)\n", *addr)
			return cfg, 0, 2
		} else if n, err := strconv.Atoi(p); err != nil || n < 0 || n > 65535 {
			fmt.Fprintf(stderr, "nightfall serve: --addr %q: the port is not a number from 0 to 65535\n", *addr)
			return cfg, 0, 2
		}
	}
	cfg = Config{DataDir: *dataDir, TableName: *table, Variant: *variant, Players: *players, Seed: *seed,
		Options: opts, Room: *room, Resume: *resume, Host: *host, NoMDNS: *noMDNS, Briefing: *brief,
		Logf: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }}
	switch {
	case addrSet:
		cfg.Addr = *addr
	case portSet || *resume == "":
		cfg.Addr = ":" + strconv.Itoa(*port)
	}
	return cfg, *start, -1
}

// firstView is the host's view now.
func firstView(srv *Server) HostView {
	views, cancel := srv.Subscribe()
	defer cancel()
	return <-views
}

// lines sends each line typed on stdin (Enter), trimmed.
func lines(ctx context.Context, stdin io.Reader) <-chan string {
	enter := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			select {
			case enter <- strings.TrimSpace(sc.Text()):
			case <-ctx.Done():
				return
			}
		}
	}()
	return enter
}

// runTerminal prints the game to the terminal as it goes and starts it:
// autostart after every seat is taken, or on Enter. During the game it
// frees a seat on "free N" and answers the oldest request for a freed seat
// on y or n: a freed seat is never given without that y.
func runTerminal(ctx context.Context, srv *Server, enter <-chan string, autostart time.Duration, stdout io.Writer) int {
	views, cancel := srv.Subscribe()
	defer cancel()
	p := &printer{}
	var (
		last    HostView
		startAt <-chan time.Time
	)
	for {
		select {
		case <-ctx.Done():
			fmt.Fprintln(stdout, "Stopped.")
			return 0
		case hv, ok := <-views:
			if !ok {
				return 0
			}
			// One write for the view and what it leads to, so that a
			// reader sees both or neither.
			var b bytes.Buffer
			p.w = &b
			p.show(last, hv)
			last = hv
			switch {
			case hv.Table != nil || !hv.Valid || !allOnline(hv.Lobby):
				// a resumed or continued lobby's phones may not be
				// back yet: the game waits for them (or for Enter)
				startAt = nil
			case startAt == nil && autostart >= 0:
				fmt.Fprintf(&b, "Every seat is taken: starting in %v (Enter: now).\n", autostart)
				startAt = time.After(autostart)
			}
			stdout.Write(b.Bytes())
		case <-startAt:
			startAt = nil
			if err := srv.Host(HostCommand{Do: HostStart}); err != nil {
				fmt.Fprintf(stdout, "Cannot start: %v\n", err)
			}
		case line := <-enter:
			if last.Table != nil {
				duringGame(srv, last, line, stdout)
				continue
			}
			if n := seatedPrefix(last.Lobby); !last.Valid && n > 0 && n < last.Lobby.Players {
				// Fewer came than planned, seated from 1: play with them.
				if err := srv.Host(HostCommand{Do: HostSetPlayers, Players: n}); err == nil {
					fmt.Fprintf(stdout, "Playing with %d players.\n", n)
				}
			}
			if err := srv.Host(HostCommand{Do: HostStart}); err != nil {
				fmt.Fprintf(stdout, "Cannot start: %v\n", err)
			}
		}
	}
}

// duringGame is a line typed during the game: "free N", or y / n to the
// oldest request for a freed seat (the one printed with "Allow?").
func duringGame(srv *Server, hv HostView, line string, stdout io.Writer) {
	word, arg, _ := strings.Cut(strings.ToLower(line), " ")
	switch word {
	case "":
	case "free":
		seat, err := strconv.Atoi(strings.TrimSpace(arg))
		if err != nil {
			fmt.Fprintln(stdout, "Type free and a seat number, e.g. free 3.")
			return
		}
		if err := srv.Host(HostCommand{Do: HostRemove, Seat: seat}); err != nil {
			fmt.Fprintf(stdout, "Cannot free seat %d: %v\n", seat, err)
			return
		}
		fmt.Fprintf(stdout, "Seat %d is free: a phone may ask for it.\n", seat)
	case "y", "yes", "n", "no":
		if len(hv.Requests) == 0 {
			fmt.Fprintln(stdout, "No phone is asking for a seat.")
			return
		}
		r := hv.Requests[0]
		allow := word[0] == 'y'
		do := HostRefuse
		if allow {
			do = HostAllow
		}
		if err := srv.Host(HostCommand{Do: do, Request: r.ID}); err != nil {
			fmt.Fprintf(stdout, "Cannot answer: %v\n", err)
			return
		}
		if allow {
			fmt.Fprintf(stdout, "Seat %d given to %q (code %s).\n", r.Seat, r.Name, r.Code)
		} else {
			fmt.Fprintf(stdout, "Refused %q (code %s) seat %d.\n", r.Name, r.Code, r.Seat)
		}
	default:
		fmt.Fprintln(stdout, "During the game: free N frees seat N; y or n answers a phone asking for a freed seat.")
	}
}

// allOnline reports whether every taken seat's phone is connected.
func allOnline(lv LobbyView) bool {
	for _, s := range lv.Seats {
		if s.Taken && !s.Online {
			return false
		}
	}
	return true
}

// seatedPrefix is k when exactly seats 1..k are taken, else 0.
func seatedPrefix(lv LobbyView) int {
	k := 0
	for _, s := range lv.Seats {
		if !s.Taken {
			break
		}
		k++
	}
	for _, s := range lv.Seats[k:] {
		if s.Taken {
			return 0
		}
	}
	return k
}

func defaultDataDirHint() string {
	d, err := DefaultDataDir()
	if err != nil {
		return "none"
	}
	return d
}

// printer prints what changed between two host views, one line each.
// Names are quoted (%q): a name cannot move the cursor or fake a line.
type printer struct {
	w io.Writer
}

func (p *printer) show(old, hv HostView) {
	if hv.MDNSName != "" && hv.MDNSName != old.MDNSName {
		fmt.Fprintf(p.w, "Advertised over mDNS as %q.\n", hv.MDNSName)
	}
	if hv.Err != "" && hv.Err != old.Err {
		fmt.Fprintf(p.w, "ERROR: %s\n", hv.Err)
	}
	for i, s := range hv.Lobby.Seats {
		var was LobbySeat
		if i < len(old.Lobby.Seats) {
			was = old.Lobby.Seats[i]
		}
		switch {
		case s.Taken && (!was.Taken || was.Name != s.Name):
			fmt.Fprintf(p.w, "Seat %d: %q\n", s.Seat, s.Name)
		case !s.Taken && was.Taken && hv.Table == nil:
			fmt.Fprintf(p.w, "Seat %d is free.\n", s.Seat)
		case s.Taken && was.Taken && s.Online != was.Online && hv.Table != nil:
			state := "reconnected"
			if !s.Online {
				state = "lost its connection"
			}
			fmt.Fprintf(p.w, "Seat %d (%q) %s.\n", s.Seat, s.Name, state)
		}
	}
	p.requests(old, hv)
	if hv.Table == nil {
		return
	}
	tv := hv.Table
	if old.Table == nil {
		fmt.Fprintf(p.w, "Game started: %s, %d players. Log: %s\n", tv.Variant, tv.Players, hv.LogPath)
	}
	if hv.Paused != old.Paused {
		fmt.Fprintf(p.w, "Paused: %v\n", hv.Paused)
	}
	if d := tv.Dawn; d != nil && (old.Table == nil || old.Table.Dawn == nil || old.Table.Dawn.Round != d.Round) {
		if len(d.Dead) == 0 {
			fmt.Fprintf(p.w, "Dawn %d: a peaceful night.\n", d.Round)
		} else {
			fmt.Fprintf(p.w, "Dawn %d: dead: %s.\n", d.Round, targets(d.Dead))
		}
	}
	was := game.Narration{}
	if old.Table != nil {
		was = old.Table.Narration
	}
	if n := tv.Narration; !jsonSame(n, was) {
		fmt.Fprintln(p.w, narrate(tv))
	}
}

// requests prints the oldest request for a freed seat when it is new (or
// another took its place), with what the host checks: the device label
// and the phone code the asking phone shows. The host answers y or n.
func (p *printer) requests(old, hv HostView) {
	if len(hv.Requests) == 0 {
		return
	}
	r := hv.Requests[0]
	if len(old.Requests) > 0 && old.Requests[0].ID == r.ID && old.Requests[0].Waiting == r.Waiting {
		return
	}
	device := r.Device
	if device == "" {
		device = "an unknown device"
	}
	more := ""
	if n := len(hv.Requests) - 1 + r.Waiting; n > 0 {
		more = fmt.Sprintf(" (%d more waiting)", n)
	}
	fmt.Fprintf(p.w, "Seat %d is asked for by %q on %s, phone code %s%s. "+
		"Check the code on that phone, then type y to give the seat, n to refuse.\n", r.Seat, r.Name, device, r.Code, more)
}

func jsonSame(a, b any) bool { return string(mustJSON(a)) == string(mustJSON(b)) }

// narrate is the judge's line in plain English.
func narrate(tv *game.TableView) string {
	n := tv.Narration
	switch n.Key {
	case "night":
		return fmt.Sprintf("Night %d falls.", n.Round)
	case "last-words":
		return fmt.Sprintf("Day %d: last words of seat %d.", n.Round, n.Seat)
	case "speech", "pk-speech":
		return fmt.Sprintf("Day %d: seat %d speaks (%s).", n.Round, n.Seat, n.Key)
	case "discussion":
		return fmt.Sprintf("Day %d: free discussion.", n.Round)
	case "vote-call":
		return fmt.Sprintf("Day %d: hands up for %s.", n.Round, targets(n.Seats))
	case "vote":
		return fmt.Sprintf("Day %d: vote.", n.Round)
	case "over":
		return fmt.Sprintf("Game over: %s (%s). Ctrl-C to quit.", tv.Winner, tv.Reason)
	case "day":
		return fmt.Sprintf("Day %d.", n.Round)
	}
	b, _ := json.Marshal(n)
	return string(b)
}

func targets(ts []game.Target) string {
	var s []string
	for _, t := range ts {
		s = append(s, t.String())
	}
	return strings.Join(s, ", ")
}

// pickLast is what `--resume last` resumes: the newest unfinished game or
// saved lobby. When the newest log cannot be resumed (its header was cut),
// it picks nothing and says so, with the choices (the host decides; an
// older game is never taken silently).
func pickLast(dataDir string) (path, msg string) {
	list, err := Resumable(dataDir)
	if err != nil {
		return "", err.Error()
	}
	if len(list) == 0 {
		return "", "no unfinished game or saved lobby to resume"
	}
	if list[0].Problem == "" {
		return list[0].Path, ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the newest game log %s cannot be resumed: %s.", list[0].Path, list[0].Problem)
	n := 0
	for _, g := range list[1:] {
		if g.Problem != "" {
			continue
		}
		if n == 0 {
			b.WriteString(" Choose one with --resume FILE:")
		}
		n++
		fmt.Fprintf(&b, "\n  %s  (%s)", g.Path, describeSaved(g))
	}
	if n == 0 {
		b.WriteString(" There is nothing else to resume; start a new game.")
	}
	return "", b.String()
}

// describeSaved is one line about a resumable game or lobby.
func describeSaved(g SavedGame) string {
	when := g.Updated.Local().Format("2006-01-02 15:04")
	if g.Lobby {
		return fmt.Sprintf("lobby, %s, %d of %d seats taken, %s", g.Variant, g.Seated, g.Players, when)
	}
	return fmt.Sprintf("%s, %d players, round %d (%s), %s", g.Variant, g.Players, g.Round, g.Phase, when)
}
