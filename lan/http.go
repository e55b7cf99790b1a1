package lan

import (
	"crypto/subtle"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// securityHeaders are set on every answer. The page holds no secret; these
// keep other sites from framing or sniffing it.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		h.ServeHTTP(w, r)
	})
}

// placeholderPage is served while the phone page is not embedded.
const placeholderPage = `<!doctype html><meta charset="utf-8"><title>Nightfall</title>
<p>Nightfall: the phone page is not built into this program.</p>`

func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if s.page == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(placeholderPage))
		return
	}
	data, err := fs.ReadFile(s.page, "index.html")
	if err != nil {
		http.Error(w, "the phone page is missing", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(data)
}

// serveStatic serves the page's files under /static/ (no directory listings).
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	if s.page == nil || strings.HasSuffix(r.URL.Path, "/") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.FileServerFS(s.page).ServeHTTP(w, r)
}

// serveQR serves the QR code of the join URL, which holds the room code: to
// the host's own machine, or to a phone that already knows the code
// (?room=). ?px= sets the width (64 to 2048, default 512).
func (s *Server) serveQR(w http.ResponseWriter, r *http.Request) {
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	local := net.ParseIP(host).IsLoopback()
	if !local && subtle.ConstantTimeCompare([]byte(r.URL.Query().Get("room")), []byte(s.room)) != 1 {
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
	png, err := QRPNG(url, px)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(png)
}
