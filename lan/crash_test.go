package lan

// TestCrash kills the real binary (`nightfall serve`) with SIGKILL at a
// night with pending picks, a speech mid-timer and a vote half cast, starts
// it again with `--resume last` (no --port: the port comes from the log),
// and lets bot phones with stored tokens rejoin by themselves, retrying with
// the page's backoff (0.5 s doubling to 5 s, jittered). The game must end
// as an uninterrupted run with the same seed and commands does, with every
// acknowledged command in the log, and the speech's timer must go on with
// the time it had left.
//
// It builds the binary (a cgo build: minutes the first time), so it runs
// only when asked: NIGHTFALL_CRASH=1 (or NIGHTFALL_BIN=/path/to/nightfall),
// e.g. `make crash-test`.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/game"
	"nightfall/lan/proctest"
	"nightfall/lan/sealed"
)

func crashBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("NIGHTFALL_BIN"); bin != "" {
		return bin
	}
	if os.Getenv("NIGHTFALL_CRASH") == "" || testing.Short() {
		t.Skip("set NIGHTFALL_CRASH=1 (or NIGHTFALL_BIN) to run the real binary (make crash-test)")
	}
	bin := filepath.Join(t.TempDir(), "nightfall")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// host is one run of the binary.
type host struct {
	cmd  *exec.Cmd
	out  *os.File
	done chan struct{}
}

func startHost(t *testing.T, bin, outPath string, args ...string) *host {
	t.Helper()
	return startProc(t, bin, outPath, nil, append([]string{"serve"}, args...)...)
}

// startProc starts bin with args (and env added).
func startProc(t *testing.T, bin, outPath string, env []string, args ...string) *host {
	t.Helper()
	out, err := os.OpenFile(outPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	stdin, w, _ := os.Pipe() // never written: no Enter
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr, cmd.Stdin = out, out, stdin
	cmd.Env = append(append(os.Environ(), "NIGHTFALL_AUDIO=off"), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h := &host{cmd: cmd, out: out, done: make(chan struct{})}
	go func() { cmd.Wait(); stdin.Close(); w.Close(); out.Close(); close(h.done) }()
	t.Cleanup(func() { h.kill() })
	return h
}

func (h *host) kill() {
	select {
	case <-h.done:
		return
	default:
	}
	h.cmd.Process.Signal(syscall.SIGKILL)
	<-h.done
}

// bot is a phone: a socket kept open for ever with the page's backoff, a
// stored token, an outbox answered by id.
type bot struct {
	url     string
	key     sealed.Key // the room's public key (the QR code's #k=)
	name    string
	seat    int // the seat to join (0: spectate)
	rnd     *rand.Rand
	mu      sync.Mutex
	ws      *sealed.Conn
	token   string
	gen     int // welcomes received
	back    time.Time
	view    *game.PlayerView
	table   *game.TableView
	clock   *frame
	clockAt time.Time
	answ    map[string]frame
	wake    chan struct{}
}

func newBot(url string, key sealed.Key, name string, seat int, seed uint64) *bot {
	return &bot{url: url, key: key, name: name, seat: seat, rnd: rand.New(rand.NewPCG(seed, 7)), answ: map[string]frame{},
		wake: make(chan struct{}, 1)}
}

func (b *bot) notify() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// run keeps the bot connected until ctx ends.
func (b *bot) run(ctx context.Context) {
	attempt := 0
	for ctx.Err() == nil {
		d := websocket.Dialer{HandshakeTimeout: 2 * time.Second}
		ws, _, err := sealed.DialContext(ctx, b.url, b.key, &d, nil)
		if err == nil {
			b.mu.Lock()
			tok := b.token
			b.mu.Unlock()
			ws.WriteJSON(map[string]any{"t": "hello", "token": tok, "lang": "en"})
			if b.read(ctx, ws) {
				attempt = 0
			}
		}
		base := min(5000*time.Millisecond, 500*time.Millisecond<<min(attempt, 10))
		attempt++
		wait := time.Duration(float64(base) * (0.5 + 0.5*b.rnd.Float64()))
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
	}
}

// read reads frames until the socket fails; true if it was welcomed.
func (b *bot) read(ctx context.Context, ws *sealed.Conn) bool {
	stop := context.AfterFunc(ctx, func() { ws.Close() })
	defer stop()
	defer func() {
		ws.Close()
		b.mu.Lock()
		if b.ws == ws {
			b.ws = nil
		}
		b.mu.Unlock()
	}()
	welcomed := false
	for {
		ws.SetReadDeadline(time.Now().Add(40 * time.Second))
		_, data, err := ws.ReadMessage()
		if err != nil {
			return welcomed
		}
		var f frame
		if json.Unmarshal(data, &f) != nil {
			continue
		}
		f.raw = data
		b.mu.Lock()
		switch f.T {
		case "welcome":
			if f.Token != "" {
				b.token = f.Token
			}
			if f.Mode == "lobby" && b.seat > 0 {
				ws.WriteJSON(map[string]any{"t": "join", "name": b.name, "seat": b.seat})
			} else if f.Mode == "lobby" {
				ws.WriteJSON(map[string]any{"t": "spectate", "name": b.name})
			}
			welcomed = true
			b.ws = ws
		case "view":
			var v game.PlayerView
			if json.Unmarshal(f.View, &v) == nil {
				if b.view == nil || b.back.IsZero() {
					b.back = time.Now()
				}
				b.view = &v
				tv := v.Table
				b.table = &tv
			}
			b.gen++
		case "table":
			var tv game.TableView
			if json.Unmarshal(f.Table, &tv) == nil {
				if b.back.IsZero() {
					b.back = time.Now()
				}
				b.table = &tv
			}
			b.gen++
		case "clock":
			c := f
			b.clock, b.clockAt = &c, time.Now()
		case "ack", "error":
			if f.ID != "" {
				b.answ[f.ID] = f
			}
		}
		b.mu.Unlock()
		b.notify()
	}
}

// send writes a frame on the open socket (false: none open).
func (b *bot) send(v any) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ws == nil {
		return false
	}
	b.ws.SetWriteDeadline(time.Now().Add(2 * time.Second))
	return b.ws.WriteJSON(v) == nil
}

// snapshot is the bot's latest view and table.
func (b *bot) snapshot() (*game.PlayerView, *game.TableView) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.view, b.table
}

// decide is a deterministic player: the same view gives the same command,
// and every team picks the same target, so that the order in which the
// phones act changes nothing.
func decide(v *game.PlayerView) (map[string]any, bool) {
	known := map[int]bool{v.Seat: true}
	for _, k := range v.Known {
		known[k.Target.Seat] = true
	}
	for _, task := range v.Tasks {
		if task.Done || task.Waiting != "" {
			continue
		}
		cmd := map[string]any{"do": task.Action}
		switch task.Action {
		case "sleep", "pass":
		case "kill", "check", "vote":
			var pick *game.Target
			for _, x := range task.Targets {
				if !known[x.Seat] || (task.Action == "vote" && x.Seat != v.Seat) {
					pick = &x
					break
				}
			}
			if pick == nil && len(task.Targets) > 0 {
				pick = &task.Targets[0]
			}
			if pick == nil {
				continue
			}
			cmd["target"] = *pick
		default:
			continue
		}
		tv := v.Table
		if tv.Round > 0 {
			cmd["round"] = tv.Round
		}
		if b := tv.Ballot; b != nil && !b.Closed && tv.Stage == "vote" && task.Action == "vote" {
			cmd["ballot"] = b.Index
		}
		return cmd, true
	}
	return nil, false
}

// crashRun plays one game against the binary; kills lists the points where
// the host is killed and restarted. It returns the end and the figures.
type crashPoint struct {
	stage game.Stage // night, speech, vote
	after int        // commands of that stage first (night, vote); seconds into the speech
}

type crashResult struct {
	end     []byte          // winner, reason, reveal, timeline
	backs   []time.Duration // restart → every phone back, per kill
	acked   []string
	logDir  string
	timerOK []string
}

func crashRun(t *testing.T, bin string, players, spectators int, seed uint64, kills []crashPoint) crashResult {
	return crashRunWith(t, bin, "", players, spectators, seed, kills)
}

// crashRunWith is crashRun; with display set, every restart is the app (the
// window, on that X display) resuming the last game by itself.
func crashRunWith(t *testing.T, bin, display string, players, spectators int, seed uint64, kills []crashPoint) crashResult {
	t.Helper()
	dir := t.TempDir()
	port := proctest.FreePort(t)
	outPath := filepath.Join(dir, "host.out")
	args := []string{"--data", dir, "--host", "127.0.0.1", "--no-mdns", "--autostart", "0s", "--room", "CRASH2",
		"--variant", "classic-2.0", "--players", strconv.Itoa(players), "--seed", strconv.FormatUint(seed, 10),
		"--option", "nightMinSeconds=2", "--option", "announceSeconds=1", "--option", "speechSeconds=600",
		"--option", "lastWordsSeconds=600", "--option", "pkSpeechSeconds=600", "--option", "voteSeconds=600",
		"--option", "nightMaxSeconds=600", "--option", "voteMode=simultaneous-open", "--option", "discussionSeconds=1"}
	h := startHost(t, bin, outPath, append(args, "--port", strconv.Itoa(port))...)
	url := fmt.Sprintf("ws://127.0.0.1:%d/ws?room=CRASH2", port)
	waitListening(t, port, outPath)
	key := roomPublicKey(t, dir, "CRASH2")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var bots []*bot
	var wg sync.WaitGroup
	for i := 1; i <= players+spectators; i++ {
		seat := i
		if i > players {
			seat = 0
		}
		b := newBot(url, key, fmt.Sprintf("bot%d", i), seat, seed+uint64(i))
		bots = append(bots, b)
		wg.Add(1)
		go func() { defer wg.Done(); b.run(ctx) }()
	}
	defer wg.Wait()
	defer cancel()
	var res crashResult
	res.logDir = dir
	deadline := time.Now().Add(4 * time.Minute)
	waitAll := func(what string, ok func(b *bot) bool) {
		for time.Now().Before(deadline) {
			all := true
			for _, b := range bots {
				b.mu.Lock()
				all = all && ok(b)
				b.mu.Unlock()
			}
			if all {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("timed out waiting for %s; host output:\n%s", what, readTail(outPath))
	}
	waitAll("the game to start", func(b *bot) bool { return b.table != nil })
	var restartedAt time.Time // when the last restart began
	restart := func(why string) {
		h.kill()
		for _, b := range bots {
			b.mu.Lock()
			b.back = time.Time{}
			b.mu.Unlock()
		}
		t0 := time.Now()
		restartedAt = t0
		if display != "" {
			h = startProc(t, bin, outPath, []string{"DISPLAY=" + display, "NIGHTFALL_RESUME=last"},
				"--data", dir, "--host", "127.0.0.1")
		} else {
			h = startHost(t, bin, outPath, "--data", dir, "--host", "127.0.0.1", "--no-mdns", "--resume", "last")
		}
		waitAll("every phone back after "+why, func(b *bot) bool { return !b.back.IsZero() })
		var last time.Time
		for _, b := range bots {
			last = maxTime(last, b.back)
		}
		res.backs = append(res.backs, last.Sub(t0))
		what := "serve"
		if display != "" {
			what = "the app"
		}
		t.Logf("%d phones: killed at %s; %s restarted; all back %v after the restart", len(bots), why, what, last.Sub(t0))
	}
	stageActs := map[string]int{}
	nextID := 0
	var acked []string
	killed := make([]bool, len(kills))
	var speechAt time.Time
	for time.Now().Before(deadline) {
		_, tv := bots[0].snapshot()
		if tv != nil && tv.Phase == "over" {
			e := struct {
				W, R     string
				Reveal   []game.SeatReveal
				Timeline []game.Moment
			}{tv.Winner, tv.Reason, tv.Reveal, tv.Timeline}
			res.end = mustJSON(e)
			break
		}
		stageKey := ""
		if tv != nil {
			stageKey = fmt.Sprintf("%d:%s:%d", tv.Round, tv.Stage, tv.Speaker)
			if tv.Ballot != nil {
				stageKey += fmt.Sprintf(":b%d", tv.Ballot.Index)
			}
		}
		// A kill point?
		for i, k := range kills {
			if killed[i] || tv == nil || tv.Stage != k.stage {
				continue
			}
			switch k.stage {
			case "speech":
				if speechAt.IsZero() {
					speechAt = time.Now()
				}
				if time.Since(speechAt) < time.Duration(k.after)*time.Second {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				before := bots[0].clockNow()
				killed[i] = true
				restart("a speech mid-timer")
				after := bots[0].clockNow()
				// The resumed timer runs again from the moment the host is
				// back, which is before the phones are: a loaded machine
				// takes seconds to bring the app back and every phone in.
				running := time.Since(restartedAt)
				res.timerOK = append(res.timerOK, fmt.Sprintf("speech timer: %v left at the kill, %v after the restart (%v after it began)",
					before.Round(time.Millisecond), after.Round(time.Millisecond), running.Round(time.Millisecond)))
				// The log's clock record is at most 5 s old: the timer may have
				// gained that much, never lost time (beyond what ran since the
				// host came back) nor started afresh.
				if after+running < before-time.Second || after > before+6*time.Second {
					t.Errorf("the speech's timer resumed with %v left %v after the restart began; it had %v", after, running, before)
				}
			default:
				if stageActs[stageKey] >= k.after {
					killed[i] = true
					restart(map[game.Stage]string{"night": "a night with pending picks", "vote": "a vote half cast"}[k.stage])
				}
			}
		}
		// The next command, in seat order.
		acted := false
		for _, b := range bots {
			v, _ := b.snapshot()
			if v == nil {
				continue
			}
			if v.Table.Stage == "speech" && slices.ContainsFunc(kills, func(k crashPoint) bool { return k.stage == "speech" }) &&
				!allKilled(killed, kills, "speech") {
				continue // the speaker holds the floor until the kill
			}
			cmd, ok := decide(v)
			if !ok {
				continue
			}
			nextID++
			id := fmt.Sprintf("%s-%d", b.name, nextID)
			cmd["t"], cmd["id"] = "cmd", id
			ans := b.outbox(cmd, deadline)
			switch {
			case ans.T == "ack":
				acked = append(acked, id)
				stageActs[stageKey]++
			case ans.Code == codeStale, ans.Code == codeRejected:
				// the view moved on (a timeout or another phone's input): look again
			default:
				t.Fatalf("%s: %s: %s", b.name, mustJSON(cmd), ans.raw)
			}
			acted = true
			b.waitGen(b.genNow(), 200*time.Millisecond)
			break
		}
		if !acted {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if res.end == nil {
		t.Fatalf("the game did not end in time; host output:\n%s", readTail(outPath))
	}
	for i, k := range kills {
		if !killed[i] {
			t.Errorf("the game ended before the kill at %s", k.stage)
		}
	}
	res.acked = acked
	h.kill()
	return res
}

func allKilled(killed []bool, kills []crashPoint, stage game.Stage) bool {
	for i, k := range kills {
		if k.stage == stage && !killed[i] {
			return false
		}
	}
	return true
}

// outbox sends a command and waits for its answer, resending it (same id)
// on every new connection until answered.
func (b *bot) outbox(cmd map[string]any, deadline time.Time) frame {
	id := cmd["id"].(string)
	sentOn := -1
	for time.Now().Before(deadline) {
		b.mu.Lock()
		f, ok := b.answ[id]
		ws := b.ws
		b.mu.Unlock()
		if ok {
			return f
		}
		if ws != nil && sentOn != b.connID(ws) {
			if b.send(cmd) {
				sentOn = b.connID(ws)
			}
		}
		select {
		case <-b.wake:
		case <-time.After(100 * time.Millisecond):
		}
	}
	return frame{T: "timeout", raw: []byte("no answer")}
}

var connIDs sync.Map

func (b *bot) connID(ws *sealed.Conn) int {
	v, _ := connIDs.LoadOrStore(ws, int(time.Now().UnixNano()))
	return v.(int)
}

func (b *bot) genNow() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.gen
}

func (b *bot) waitGen(g int, d time.Duration) {
	end := time.Now().Add(d)
	for time.Now().Before(end) && b.genNow() == g {
		select {
		case <-b.wake:
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// clockNow is the time left on the running timer as the bot's last clock
// frame says, counted down since it arrived.
func (b *bot) clockNow() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.clock == nil {
		return 0
	}
	left := time.Duration(b.clock.Remain) * time.Millisecond
	if !b.clock.Paused {
		left -= time.Since(b.clockAt)
	}
	return left
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// roomPublicKey is the public key of a room whose key the host keeps in
// dataDir (what its QR code carries).
func roomPublicKey(t *testing.T, dataDir, room string) sealed.Key {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dataDir, KeysDir, room+".key"))
	if err != nil {
		t.Fatal(err)
	}
	priv, err := sealed.ParseKey(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return sealed.Public(priv)
}

func waitListening(t *testing.T, port int, outPath string) {
	for i := 0; i < 600; i++ {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the host does not listen; output:\n%s", readTail(outPath))
}

func readTail(path string) string {
	data, _ := os.ReadFile(path)
	if len(data) > 4000 {
		data = data[len(data)-4000:]
	}
	return string(data)
}

// loggedIDs is every phone command id in the data folder's game logs.
func loggedIDs(t *testing.T, dir string) map[string]bool {
	paths, _ := filepath.Glob(filepath.Join(dir, "games", "*.jsonl"))
	ids := map[string]bool{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			var c logCmd
			if strings.HasPrefix(line, `{"cmd":`) && json.Unmarshal([]byte(line), &c) == nil && c.Cmd.ID != "" {
				ids[c.Cmd.ID] = true
			}
		}
	}
	return ids
}

// checkCrashed: the game that crashed (what) ended as the plain one did,
// every command acknowledged to a phone is in its log; it logs the
// timers' checks.
func checkCrashed(t *testing.T, plain, crashed crashResult, what string) {
	t.Helper()
	if string(plain.end) != string(crashed.end) {
		t.Errorf("%s ended otherwise than the uninterrupted one:\n%s\n%s", what, plain.end, crashed.end)
	}
	ids := loggedIDs(t, crashed.logDir)
	for _, id := range crashed.acked {
		if !ids[id] {
			t.Errorf("acknowledged command %s is not in the log", id)
		}
	}
	for _, s := range crashed.timerOK {
		t.Log(s)
	}
}

func TestCrash(t *testing.T) {
	bin := crashBinary(t)
	const seed = 20261124
	plain := crashRun(t, bin, 8, 0, seed, nil)
	crashed := crashRun(t, bin, 8, 0, seed, []crashPoint{{"night", 3}, {"speech", 7}, {"vote", 3}})
	checkCrashed(t, plain, crashed, "the game killed three times")
	big := crashRun(t, bin, 17, 3, seed, []crashPoint{{"night", 8}})
	t.Logf("restart → all phones back: 8 phones %v; 20 phones (17 seats + 3 spectators) %v", crashed.backs, big.backs)
}

// TestCrashApp is TestCrash with the app (the window, under Xvfb) as the
// host that is killed and restarted: it resumes the last game by itself
// (NIGHTFALL_RESUME=last; a person taps "Resume" on the same screen).
func TestCrashApp(t *testing.T) {
	bin := crashBinary(t)
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		t.Skip("no Xvfb")
	}
	display := fmt.Sprintf(":%d", 90+os.Getpid()%50)
	x := exec.Command(xvfb, display, "-screen", "0", "1280x720x24", "-nolisten", "tcp")
	if err := x.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { x.Process.Kill(); x.Wait() }()
	time.Sleep(time.Second)
	const seed = 20261124
	plain := crashRun(t, bin, 8, 0, seed, nil)
	crashed := crashRunWith(t, bin, display, 8, 0, seed, []crashPoint{{"night", 3}, {"speech", 7}, {"vote", 3}})
	checkCrashed(t, plain, crashed, "the game killed three times (the app)")
	t.Logf("the app: restart → all 8 phones back: %v", crashed.backs)
}
