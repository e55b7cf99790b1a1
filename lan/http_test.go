package lan

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	pathpkg "path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/gorilla/websocket"

	"nightfall/assets"
	"nightfall/lan/sealed"
)

func get(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return roundTrip(t, http.DefaultClient, req)
}

// roundTrip sends req by client and reads the whole answer.
func roundTrip(t *testing.T, client *http.Client, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func TestStartAndHTTP(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := NewServer(Config{Addr: "127.0.0.1:0", Host: "127.0.0.1", NoMDNS: true, DataDir: t.TempDir(),
		TableName: "客厅", Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if srv.JoinURL() != "" || srv.QR(200) != nil {
		t.Errorf("a join URL before Start")
	}
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	url := srv.JoinURL()
	m := regexp.MustCompile(`^(http://127\.0\.0\.1:\d+)/\?room=([A-HJKMNP-Z2-9]{6})#k=([\w-]{43})$`).FindStringSubmatch(url)
	if m == nil || m[2] != srv.Room() || m[3] != srv.PublicKey().String() {
		t.Fatalf("join URL %q", url)
	}
	if ShownURL(url) != m[1]+"/?room="+m[2] {
		t.Errorf("ShownURL(%q) = %q", url, ShownURL(url))
	}
	base := m[1]
	if resp, body := get(t, base+"/healthz"); resp.StatusCode != 200 || string(body) != "ok\n" {
		t.Errorf("/healthz: %d %q", resp.StatusCode, body)
	}
	resp, body := get(t, url)
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte("<html")) || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("/: %d %.80q %v", resp.StatusCode, body, resp.Header)
	}
	if bytes.Contains(body, []byte(srv.Room())) {
		t.Errorf("the page source holds the room code")
	}
	for path, code := range map[string]int{"/static/": 404, "/nope": 404, "/ws": 400, "/static/app.js": 200} {
		if resp, _ := get(t, base+path); resp.StatusCode != code {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, code)
		}
	}
	resp, body = get(t, base+"/qr.png?px=300")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("/qr.png: %d", resp.StatusCode)
	}
	if img, err := png.Decode(bytes.NewReader(body)); err != nil || img.Bounds().Dx() > 300 {
		t.Errorf("/qr.png: %v", err)
	}
	if srv.QR(256) == nil {
		t.Errorf("QR is nil")
	}
	// From another machine the QR code is refused, whatever the request
	// carries; from the host's own LAN address it is served.
	h := srv.Handler()
	for _, tc := range []struct {
		target, local string
		code          int
	}{{"/qr.png", "", 403}, {"/qr.png?room=XXXXXX", "", 403}, {"/qr.png?room=" + srv.Room(), "", 403},
		{"/qr.png?room=" + srv.Room(), "192.168.1.7", 403}, {"/qr.png", "192.168.1.50", 200}, {"/qr.png?px=5", "192.168.1.50", 400}} {
		r := httptest.NewRequest("GET", tc.target, nil)
		r.RemoteAddr = "192.168.1.50:40000"
		if tc.local != "" {
			r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.ParseIP(tc.local), Port: 8080}))
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tc.code {
			t.Errorf("%s from 192.168.1.50 to %q: %d, want %d", tc.target, tc.local, w.Code, tc.code)
		}
	}
	// A phone joins over the real listener.
	ws, err := sealed.DialJoin(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`))
	if _, msg, err := ws.ReadMessage(); err != nil || !bytes.Contains(msg, []byte(`"welcome"`)) {
		t.Errorf("hello: %s %v", msg, err)
	}
	// The same port again: a clear error.
	port := base[strings.LastIndex(base, ":"):]
	srv2, err := NewServer(Config{Addr: "127.0.0.1" + port, Host: "127.0.0.1", NoMDNS: true, DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer srv2.Close()
	if err := srv2.Start(context.Background()); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("a second server on %s: %v", port, err)
	}
	// Cancelling the context stops the server and closes the phones.
	cancel()
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := ws.ReadMessage(); err != nil {
			break
		}
	}
	if err := srv.Host(HostCommand{Do: HostStart}); err != ErrClosed {
		t.Errorf("Host after the context ended: %v", err)
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *syncBuffer) waitFor(t *testing.T, re *regexp.Regexp) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if m := re.FindStringSubmatch(s.String()); m != nil {
			return m
		}
	}
	t.Fatalf("no %v in the output:\n%s", re, s.String())
	return nil
}

func TestServeCommand(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra []string
		seats int
		enter bool
	}{
		{"autostart", []string{"--players", "8", "--autostart", "0"}, 8, false},
		{"enter with fewer", []string{"--players", "10", "--autostart", "-1s"}, 8, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stdinR, stdinW := io.Pipe()
			defer stdinW.Close()
			var out, errs syncBuffer
			args := append([]string{"--port", "0", "--host", "127.0.0.1", "--no-mdns", "--data", t.TempDir(),
				"--variant", "classic-2.0", "--seed", "5", "--option", "voteMode=secret", "--option", "nightMinSeconds=1",
				"--name", "测试"}, tc.extra...)
			done := make(chan int)
			go func() { done <- serve(ctx, args, stdinR, &out, &errs) }()
			m := out.waitFor(t, regexp.MustCompile(`Join: (http://127\.0\.0\.1:\d+/\?room=\w+#k=\S+)`))
			for seat := 1; seat <= tc.seats; seat++ {
				ws, err := sealed.DialJoin(m[1], nil)
				if err != nil {
					t.Fatal(err)
				}
				defer ws.Close()
				ws.WriteMessage(websocket.TextMessage, []byte(`{"t":"hello"}`))
				ws.WriteMessage(websocket.TextMessage, fmt.Appendf(nil, `{"t":"join","name":"p%d\u001b[2J","seat":%d}`, seat, seat))
				ws.WriteMessage(websocket.TextMessage, fmt.Appendf(nil, `{"t":"join","name":"p%d","seat":%d}`, seat, seat))
			}
			for seat := 1; seat <= tc.seats; seat++ {
				out.waitFor(t, regexp.MustCompile(fmt.Sprintf(`Seat %d: "p%d"`, seat, seat)))
			}
			if tc.enter {
				fmt.Fprintln(stdinW)
				out.waitFor(t, regexp.MustCompile(`Playing with 8 players`))
			}
			out.waitFor(t, regexp.MustCompile(`Game started: classic-2.0, 8 players. Log: (\S+)`))
			out.waitFor(t, regexp.MustCompile(`Night 1 falls`))
			cancel()
			if code := <-done; code != 0 {
				t.Errorf("exit %d; stderr %s", code, errs.String())
			}
			if strings.Contains(out.String(), "\x1b[2J") {
				t.Errorf("a name reached the terminal unescaped")
			}
		})
	}
}

func TestServeFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--bogus"}, 2, "flag provided but not defined"},
		{[]string{"extra"}, 2, "unexpected argument"},
		{[]string{"--option", "novalue"}, 2, "name=value"},
		{[]string{"--variant", "nope", "--no-mdns"}, 1, "unknown variant"},
		{[]string{"--option", "voteMode=loud", "--no-mdns"}, 1, "is not one of"},
		{[]string{"--resume", "/nonexistent/game.jsonl"}, 1, "game log"},
		{[]string{"-h"}, 0, "usage: nightfall serve"},
	} {
		var out, errs syncBuffer
		code := serve(context.Background(), append(tc.args, "--data", t.TempDir()), strings.NewReader(""), &out, &errs)
		if code != tc.code || !strings.Contains(errs.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs.String(), tc.code, tc.msg)
		}
	}
	o := optionFlags{}
	for _, s := range []string{"voteMode=secret", "nightMinSeconds=20", "selfVote=true", `speechStart="left"`} {
		if err := o.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := json.Marshal(o)
	if want := `{"nightMinSeconds":20,"selfVote":true,"speechStart":"left","voteMode":"secret"}`; string(got) != want {
		t.Errorf("options %s, want %s", got, want)
	}
}

// serve's listen address: --addr as given, --port N as :N, :8080 by
// default, and a resumed game's own address unless one is given.
func TestServeAddrFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, ":8080"},
		{[]string{"--port", "9000"}, ":9000"},
		{[]string{"--addr", "127.0.0.1:9001"}, "127.0.0.1:9001"},
		{[]string{"--addr", "[::1]:0"}, "[::1]:0"},
		{[]string{"--resume", "/d/games/a.jsonl"}, ""},
		{[]string{"--resume", "/d/games/a.jsonl", "--addr", "127.0.0.1:9002"}, "127.0.0.1:9002"},
		{[]string{"--resume", "/d/games/a.jsonl", "--port", "9003"}, ":9003"},
	} {
		var errs syncBuffer
		cfg, _, code := serveConfig(c.args, &errs)
		if code != -1 || cfg.Addr != c.want {
			t.Errorf("%v: exit %d, Addr %q; want %q (%s)", c.args, code, cfg.Addr, c.want, errs.String())
		}
	}
}

func FuzzDecodeFrame(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello","token":"","lang":"zh"}`, `{"t":"join","name":"小明","seat":3}`,
		`{"t":"cmd","id":"c-1","do":"vote","target":"3L","card":"3R"}`, `{"t":"cmd","id":"c-2","do":"kill","target":6}`,
		`{"t":"cmd",`, `[1]`, `{}`, `{"t":"ping"} {}`, `{"t":"cmd","target":"xyz"}`, "\xff", `{"t":"cmd","target":-1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := decodeFrame(data)
		if err == nil && fr.T == "" {
			t.Errorf("accepted a frame without a type: %q", data)
		}
		if err != nil && err.Error() == "" {
			t.Errorf("an error without a reason")
		}
		if name, err := cleanName(string(data)); err == nil && (name == "" || len([]rune(name)) > maxNameRunes) {
			t.Errorf("cleanName accepted %q", name)
		}
	})
}

// pageRefs are the files a page file loads: the HTML's src/href, a
// module's imports, and the translations app.js fetches (m[4] ".late": the
// late file, fetched once the join screen is painted).
var pageRefs = regexp.MustCompile(`(?:src|href)="/(v/[0-9a-f]+/[^"]+)"|(?:from|import)\s+'\./([^']+)'|fetch\(new URL\(` + "`" + `(i18n/)\$\{\w+\}(\.late)?\.json`)

// TestPageGzip: the page and everything it loads before the join screen
// (one language's first dictionary file) come gzip-compressed, in at most
// 60 KB all together, with strong ETags that answer 304; the late
// dictionary file, fetched once the join screen is painted, comes the same
// way from the page's versioned URLs, for good (immutable).
func TestPageGzip(t *testing.T) {
	h := newHarness(t, Config{})
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	fetch := func(path, etag string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", h.ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", "br, gzip;q=0.9, deflate")
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		return roundTrip(t, client, req)
	}
	total := 0
	seen := map[string]bool{}
	queue := []string{"/"}
	var dicts, lateDicts []string
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] {
			continue
		}
		seen[path] = true
		resp, body := fetch(path, "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d, Content-Encoding %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		total += len(body)
		t.Logf("%s: %d bytes gzipped", path, len(body))
		etag := resp.Header.Get("ETag")
		if !strings.HasPrefix(etag, `"`) || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: ETag %q, Vary %q", path, etag, resp.Header.Get("Vary"))
		}
		if resp, body := fetch(path, etag); resp.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("%s with If-None-Match %s: %d, %d bytes", path, etag, resp.StatusCode, len(body))
		}
		if resp, _ := fetch(path, `"other"`); resp.StatusCode != 200 {
			t.Errorf("%s with another ETag: %d", path, resp.StatusCode)
		}
		dir := "/"
		if i := strings.LastIndex(path, "/"); i > 0 {
			dir = path[:i+1]
		}
		for _, m := range pageRefs.FindAllStringSubmatch(string(plain), -1) {
			switch {
			case m[1] != "":
				queue = append(queue, "/"+m[1])
			case m[2] != "":
				queue = append(queue, dir+m[2])
			case m[3] != "" && m[4] != "":
				lateDicts = append(lateDicts, dir+m[3]+"zh"+m[4]+".json", dir+m[3]+"en"+m[4]+".json")
			case m[3] != "":
				dicts = append(dicts, dir+m[3]+"zh.json", dir+m[3]+"en.json")
			}
		}
	}
	// A phone fetches the dictionary of its language, and then its late
	// words (compressed and kept for good): the larger language counts.
	words := map[string]int{}
	for _, path := range dicts {
		resp, body := fetch(path, "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d, Content-Encoding %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"))
		}
		seen[path] = true
		words[strings.TrimSuffix(pathpkg.Base(path), ".json")] += len(body)
	}
	if len(lateDicts) == 0 {
		t.Error("the page fetches no late dictionary file")
	}
	for _, path := range lateDicts {
		resp, body := fetch(path, "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("%s: %d, Content-Encoding %q, Cache-Control %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"))
		}
		seen[path] = true
		words[strings.TrimSuffix(pathpkg.Base(path), ".late.json")] += len(body)
		t.Logf("%s: %d bytes gzipped", path, len(body))
	}
	largest := 0
	for lang, n := range words {
		t.Logf("the page in %s: %d bytes gzipped, its words %d", lang, total+n, n)
		largest = max(largest, n)
	}
	total += largest
	for _, want := range []string{"app.js", "net.js", "view.js", "style.css", "i18n/en.json", "i18n/zh.late.json", "i18n/en.late.json"} {
		if want = "/" + versionDir(h.pageVersion()) + want; !seen[want] {
			t.Errorf("the crawl missed %s (found %v)", want, seen)
		}
	}
	t.Logf("the page: %d files (one language's words of %d counted): %d bytes gzipped", len(seen), len(dicts), total)
	// 60 KB. What the budget guards is a phone's time to a usable join
	// screen: BenchmarkJoinScreenSlowPhone (4x CPU slowdown, 1.6 Mbps,
	// 150 ms) measures that directly, inside its 2 s. What the join screen
	// does not need comes later: the role cards, the rules sheet and the
	// scoreboard's words (the late dictionary file, above, counted too: a
	// phone fetches it as soon as the join screen is painted), join.js,
	// join.css and compat.js (only where needed); the scripts and the
	// style sheet come minified (page.go).
	if total > 60_000 {
		t.Errorf("the page is %d bytes gzipped, more than 60 KB", total)
	}
	// A client without gzip gets the bytes as they are, under another ETag.
	req, _ := http.NewRequest("GET", h.ts.URL+"/static/app.js", nil)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Contains(body, []byte("import")) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("app.js without gzip: %q %q %.40q", resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"), body)
	}
}

// TestPageCaching: a warm reload asks only for the index. index.html is
// revalidated on every load (no-cache, 304 while unchanged) and names the
// page's files under /v/VERSION/, which a browser keeps for good
// (immutable); VERSION follows every byte of every file, so an update
// gives a new index naming new URLs, and the old version is not served
// (no stale file outlives an update). /static/ still serves the files of
// now, revalidated.
func TestPageCaching(t *testing.T) {
	h := newHarness(t, Config{})
	get := func(path, etag string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", h.ts.URL+path, nil)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	index := get("/", "")
	if cc := index.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("index.html: Cache-Control %q, want no-cache", cc)
	}
	if r := get("/", index.Header.Get("ETag")); r.StatusCode != http.StatusNotModified {
		t.Errorf("index.html revalidated: %d", r.StatusCode)
	}
	body, _ := fs.ReadFile(assets.Phone(), "index.html")
	refs := regexp.MustCompile(`(?:src|href)="static/([^"]+)"`).FindAllSubmatch(body, -1)
	if len(refs) < 3 {
		t.Fatalf("the page's index names %d files", len(refs))
	}
	files, _ := h.srv.servedPage()
	served := files["index.html"].raw
	if bytes.Contains(served, []byte(`"static/`)) {
		t.Errorf("the served index still names static/: %s", served)
	}
	v := h.pageVersion()
	for _, m := range refs {
		path := "/" + versionDir(v) + string(m[1])
		if !bytes.Contains(served, []byte(`"`+path+`"`)) {
			t.Errorf("the served index does not name %s", path)
		}
		r := get(path, "")
		if r.StatusCode != 200 || r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: %d, Cache-Control %q", path, r.StatusCode, r.Header.Get("Cache-Control"))
		}
		if r := get("/v/0123456789ab/"+string(m[1]), ""); r.StatusCode != http.StatusNotFound {
			t.Errorf("%s of another version: %d, want 404", m[1], r.StatusCode)
		}
		if r := get("/static/"+string(m[1]), ""); r.StatusCode != 200 || r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("/static/%s: %d, Cache-Control %q", m[1], r.StatusCode, r.Header.Get("Cache-Control"))
		}
	}
	for _, path := range []string{"/" + versionDir(v) + "i18n/zh.json", "/" + versionDir(v) + "nope.js", "/" + versionDir(v)} {
		want := 200
		if !strings.HasSuffix(path, ".json") {
			want = 404
		}
		if r := get(path, ""); r.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, r.StatusCode, want)
		}
	}

	// An update: one byte of one file changes the version, the index and
	// its ETag; a byte of index.html alone changes the index.
	page := fstest.MapFS{}
	fs.WalkDir(assets.Phone(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(assets.Phone(), p)
			page[p] = &fstest.MapFile{Data: b}
		}
		return err
	})
	load := func() (map[string]*pageFile, string) {
		t.Helper()
		files, version, err := loadPage(page)
		if err != nil {
			t.Fatal(err)
		}
		return files, version
	}
	files0, v0 := load()
	if v0 != v {
		t.Errorf("the same page has two versions: %s, %s", v0, v)
	}
	// (a statement: a space alone is not served, the script is minified)
	page["static/view.js"].Data = append(slices.Clone(page["static/view.js"].Data), "\nself.updated = 1;\n"...)
	files1, v1 := load()
	if v1 == v0 || files1["index.html"].etag == files0["index.html"].etag || !bytes.Contains(files1["index.html"].raw, []byte(versionDir(v1))) {
		t.Errorf("view.js changed: version %s → %s, index ETag %s → %s", v0, v1, files0["index.html"].etag, files1["index.html"].etag)
	}
	page["index.html"].Data = append(slices.Clone(page["index.html"].Data), ' ')
	files2, v2 := load()
	if v2 != v1 || files2["index.html"].etag == files1["index.html"].etag {
		t.Errorf("index.html changed: version %s → %s, index ETag %s → %s", v1, v2, files1["index.html"].etag, files2["index.html"].etag)
	}
}
