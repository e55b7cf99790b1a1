package lan

import (
	"net"
	"net/http"
	"strconv"
	"strings"

	"nightfall/lan/qr"
)

// securityHeaders are set on every answer. The page holds no secret; these
// keep other sites from framing or sniffing it, and the page from running
// anything but its own files or talking to anyone but this host.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Content-Security-Policy", contentPolicy(r.Host))
		h.ServeHTTP(w, r)
	})
}

// contentPolicy is the page's Content-Security-Policy: its own scripts and
// style only (no inline script or style element, no eval, but for scripts,
// the sources named: the index's inline script by its hash), connections to
// itself only. 'self' covers the WebSocket to the same host in current
// browsers; older Safari needs the ws: URL itself, so the host the page was
// loaded from is named too (only a plain host[:port], never a wildcard).
func contentPolicy(host string, scripts ...string) string {
	connect := "'self'"
	if plainHost(host) {
		connect += " ws://" + host
	}
	script := "'self'"
	for _, s := range scripts {
		if s != "" {
			script += " " + s
		}
	}
	return "default-src 'none'; script-src " + script + "; style-src 'self'; img-src 'self' data:; connect-src " + connect +
		"; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// plainHost reports whether h is a host name or IP address with an optional
// port: letters, digits, '.', '-', ':' and IPv6 brackets, nothing a policy
// could read as another source or directive.
func plainHost(h string) bool {
	if h == "" || len(h) > 255 || strings.Contains(h, "*") {
		return false
	}
	for _, r := range h {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == ':', r == '[', r == ']':
		default:
			return false
		}
	}
	return true
}

// placeholderPage is served while the phone page is not embedded.
const placeholderPage = `<!doctype html><meta charset="utf-8"><title>Nightfall</title>
<p>Nightfall: the phone page is not built into this program.</p>`

func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	if s.page == nil {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(placeholderPage))
		return
	}
	files, _ := s.servedPage()
	f := files["index.html"]
	if f == nil {
		http.Error(w, "the phone page is missing", http.StatusInternalServerError)
		return
	}
	// Its inline script, allowed by its hash.
	w.Header().Set("Content-Security-Policy", contentPolicy(r.Host, f.script))
	// Revalidated on every load (page.go): a 304 while the page is the
	// same, the new one (naming new file URLs) after an update.
	f.serve(w, r, "no-cache")
}

// serveStatic serves the page's files under /static/ (no directory
// listings), revalidated on every use.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	files, _ := s.servedPage()
	f := files[strings.TrimPrefix(r.URL.Path, "/")]
	if f == nil {
		http.NotFound(w, r)
		return
	}
	f.serve(w, r, "no-cache")
}

// serveVersioned serves the page's files under /v/VERSION/: only the
// version of now, and for good (page.go).
func (s *Server) serveVersioned(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(strings.TrimPrefix(r.URL.Path, "/"), versionDir(r.PathValue("version")))
	files, version := s.servedPage()
	f := files["static/"+name]
	if version == "" || r.PathValue("version") != version || !ok || f == nil {
		http.NotFound(w, r)
		return
	}
	f.serve(w, r, "public, max-age=31536000, immutable")
}

// serveQR serves the QR code of the join URL, which holds the room's key:
// to the host's own machine only (fromHostMachine), whatever the request
// carries, since the room code travels in clear in every phone's request.
// ?px= sets the width (64 to 2048, default 512).
func (s *Server) serveQR(w http.ResponseWriter, r *http.Request) {
	if !fromHostMachine(r) {
		http.Error(w, "the QR code is on the big screen", http.StatusForbidden)
		return
	}
	url := s.JoinURL()
	if url == "" {
		http.Error(w, "the server is not listening yet", http.StatusServiceUnavailable)
		return
	}
	px := 512
	if v := r.URL.Query().Get("px"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 64 || n > 2048 {
			http.Error(w, "px must be a whole number from 64 to 2048", http.StatusBadRequest)
			return
		}
		px = n
	}
	png, err := qr.PNG(url, px)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(png)
}

// fromHostMachine is the one rule for what may be served only to the host's
// own machine: anything that reveals the room's key (the QR code of the
// join URL) or another secret of the big screen. A request comes from the
// host's own machine when its source address is a loopback address
// (127.0.0.0/8, ::1), or is the very address it was sent to: a machine that
// fetches from its own LAN address (the app, say, at http://10.0.0.5:8080)
// talks to itself, and the kernel gives such a connection the same address
// at both ends. Another machine cannot appear so: a packet from the
// network whose source is one of the host's own addresses is dropped by
// the kernel (a martian), and TCP would need the host's answer to reach it.
// Anything else, whatever it knows (the room code travels in clear), is
// another machine.
func fromHostMachine(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	if ip.IsLoopback() {
		return true
	}
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	tcp, ok := local.(*net.TCPAddr)
	return ok && tcp.IP.Equal(ip)
}
