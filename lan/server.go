package lan

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"time"

	"nightfall/lan/mdns"
	"nightfall/lan/netaddr"
	"nightfall/lan/qr"
	"nightfall/lan/sealed"
)

// ErrClosed is returned by a closed server.
var ErrClosed = errors.New("the server is closed")

// Server is the host's LAN server: HTTP, WebSocket, the session loop that
// owns the game. Its methods may be called from any goroutine.
type Server struct {
	cfg   Config
	room  string
	sess  *session
	inbox chan msg // the session loop's messages (loop.go)
	done  chan struct{}
	ended chan struct{} // the loop has returned
	once  sync.Once
	page  fs.FS
	priv  sealed.Key // the room's key (roomkey.go); the join URL carries its public half
	pub   sealed.Key
	// The typed join (typed.go): a second key pair, served at /key, whose
	// sockets must prove the short code; and the guard on wrong codes.
	typedPriv, typedPub sealed.Key
	code                string
	codes               codeGuard
	// The page's files, minified and compressed (page.go), and the
	// version naming them under /v/: made in the background from
	// NewServer on (tens of ms of CPU the host's window and its QR code do
	// not wait for); a request for them waits (servedPage).
	pageReady   chan struct{}
	files       map[string]*pageFile
	pageVersion string

	// the per-connection rate limit (tests raise it)
	rateBurst, ratePerSec float64

	// listAddrs lists the laptop's addresses (netaddr.List; tests inject).
	listAddrs func() []netaddr.IfaceAddr

	mu        sync.Mutex // guards the fields below
	joinURL   string
	port      int    // the port listened on
	listenIP  net.IP // the address listened on, unless listenAll
	listenAll bool
	advGen    int // the mDNS advertisement's generation (hostaddr.go)
	mdnsName  string
	httpSrv   *http.Server
	adv       *mdns.Advertiser
	stopCtx   func() bool
	started   bool
	closed    bool
}

// NewServer prepares a server: the lobby, or with Config.Resume the game
// of that log. Its session loop runs at once (Host and Subscribe work before
// Start); call Close to stop it.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Clock == nil {
		cfg.Clock = realClock{}
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	if cfg.TableName == "" {
		cfg.TableName = "Nightfall"
	}
	if cfg.DataDir == "" {
		d, err := DefaultDataDir()
		if err != nil {
			return nil, err
		}
		cfg.DataDir = d
	}
	var err error
	s := &Server{cfg: cfg, inbox: make(chan msg, 256), done: make(chan struct{}), ended: make(chan struct{}),
		page: phonePage(), rateBurst: rateBurst, ratePerSec: ratePerSecond, listAddrs: netaddr.List}
	sess := newSession(s, cfg)
	s.sess = sess
	continued := false // the start continues the evening of a room (continueEvening)
	s.pageReady = make(chan struct{})
	go func() {
		defer close(s.pageReady)
		files, version, err := loadPage(s.page)
		if err != nil {
			cfg.Logf("lan: the phone page cannot be served: %v", err)
			files, version = map[string]*pageFile{}, ""
		}
		s.files, s.pageVersion = files, version
	}()
	if cfg.Resume != "" && isLobbyFile(cfg.Resume) {
		if err := sess.loadLobby(cfg.Resume); err != nil {
			return nil, err
		}
		if _, ok := sess.lobby.variantInfo(); !ok {
			return nil, fmt.Errorf("%s: unknown variant %q", cfg.Resume, sess.lobby.variant)
		}
		if s.cfg.Addr == "" {
			s.cfg.Addr = sess.addr
		}
	} else if cfg.Resume != "" {
		if err := sess.load(cfg.Resume); err != nil {
			return nil, err
		}
		if s.cfg.Addr == "" {
			s.cfg.Addr = sess.addr
		}
	} else if continued, err = sess.newTable(cfg); err != nil {
		return nil, err
	}
	if s.cfg.Addr == "" {
		s.cfg.Addr = ":8080"
	}
	sess.addr = s.cfg.Addr
	s.room = sess.room
	// A new room gets a new key; a resumed or continued one (or one named
	// by the caller) keeps the key it had, so that phones which scanned its
	// QR code come back.
	fresh := cfg.Resume == "" && cfg.Room == "" && !continued
	priv, err := roomKey(cfg.DataDir, s.room, fresh)
	if err != nil {
		cfg.Logf("lan: %v (phones must scan the QR code again after a restart)", err)
	}
	s.priv, s.pub = priv, sealed.Public(priv)
	sess.refreshEvening()
	if sess.g != nil && sess.g.Over() {
		sess.evening.counts = sess.log.path // counted by refreshEvening
	}
	typedPriv, code, err := typedKey(cfg.DataDir, s.room, fresh)
	if err != nil {
		cfg.Logf("lan: %v (phones must type the new code after a restart)", err)
	}
	s.typedPriv, s.typedPub, s.code = typedPriv, sealed.Public(typedPriv), code
	go s.loop()
	if sess.g != nil {
		s.post(msgResume{})
	}
	return s, nil
}

// newTable sets the table of a start without a file to resume up: within
// an evening it comes back to its room, seats and setup (continued:
// continueEvening), and what the configuration names is then changed as
// the host would change it in the lobby; otherwise a new room, or the one
// cfg names.
func (sess *session) newTable(cfg Config) (continued bool, err error) {
	continued = cfg.Room == "" && sess.continueEvening()
	sess.table = cfg.TableName
	if !continued {
		sess.room = cfg.Room
		if sess.room == "" {
			sess.room = newRoom()
		}
	}
	return continued, sess.lobby.configure(cfg, continued)
}

// newSession is the session of a new server: an empty lobby, no phones.
func newSession(s *Server, cfg Config) *session {
	sess := &session{srv: s, clock: cfg.Clock, logf: cfg.Logf, table: cfg.TableName, dataDir: cfg.DataDir,
		addr: cfg.Addr, subs: map[int]chan HostView{}, lobby: newLobby(),
		clk: &matchClock{clock: cfg.Clock}}
	var every time.Duration // 0: no cadence
	switch {
	case cfg.Cadence == 0:
		every = defaultCadence
	case cfg.Cadence > 0:
		every = cfg.Cadence
	}
	sess.out = newOutbox(every, sess)
	sess.adm = newAdmission(sess, defaultLimits)
	return sess
}

// Handler is the HTTP handler: the phone page, /qr.png, /healthz, /ws.
// Start serves it; tests may mount it on an httptest server.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.serveIndex)
	mux.HandleFunc("GET /static/", s.serveStatic)
	mux.HandleFunc("GET /v/{version}/", s.serveVersioned)
	mux.HandleFunc("GET /qr.png", s.serveQR)
	mux.HandleFunc("GET /key", s.serveKey)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /ws", s.serveWS)
	return securityHeaders(mux)
}

// Start listens on Config.Addr and advertises the table over mDNS (in the
// background: MDNSName and the HostView have the name about a second
// later). It returns once listening, or a clear error (port in use, no
// network interface). The server stops when ctx is done or Close is called.
func (s *Server) Start(ctx context.Context) error {
	s.mu.Lock()
	if s.started {
		s.mu.Unlock()
		return errors.New("the server is already started")
	}
	s.started = true
	s.mu.Unlock()
	select {
	case <-s.done:
		return ErrClosed
	default:
	}
	var (
		ip    net.IP
		iface *net.Interface
	)
	if s.cfg.Host != "" {
		ip = net.ParseIP(s.cfg.Host)
		if ip == nil {
			return fmt.Errorf("%q is not an IP address", s.cfg.Host)
		}
	} else {
		var err error
		ip, iface, err = netaddr.LAN()
		if err != nil {
			return err
		}
		// The address the host chose before on this network, if it is still there.
		if a, ok := netaddr.Remembered(s.cfg.DataDir, s.listAddrs()); ok {
			ip = a.IP
			if ifi, err := net.InterfaceByIndex(a.Index); err == nil {
				iface = ifi
			}
		}
	}
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("cannot listen on %s: the port is in use (another Nightfall?); choose another port", s.cfg.Addr)
		}
		return fmt.Errorf("cannot listen on %s: %v", s.cfg.Addr, err)
	}
	la := ln.Addr().(*net.TCPAddr)
	hs := s.httpServer()
	s.mu.Lock()
	s.port, s.listenIP, s.listenAll = la.Port, la.IP, la.IP.IsUnspecified()
	s.httpSrv, s.joinURL = hs, s.joinURLFor(ip)
	gen := s.advGen
	s.mu.Unlock()
	go hs.Serve(ln)
	if !s.cfg.NoMDNS {
		// mdns.Advertise browses for a second first; the name appears in the
		// HostView when it is done. The room code is not advertised.
		go s.advertise(gen, iface, ip)
	}
	stop := context.AfterFunc(ctx, func() { s.Close() })
	s.mu.Lock()
	s.stopCtx = stop
	s.mu.Unlock()
	s.post(msgPublish{})
	return nil
}

// httpServer is the HTTP server Start runs. A request's header must arrive
// within readHeaderWait (a slowloris holds a connection no longer); an idle
// keep-alive connection is closed after idleWait.
func (s *Server) httpServer() *http.Server {
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: readHeaderWait, IdleTimeout: idleWait,
		ErrorLog: log.New(logWriter(s.cfg.Logf), "lan: ", 0)}
}

// Limits of the HTTP server (PROTOCOL.md "Admission").
const (
	readHeaderWait = 10 * time.Second
	idleWait       = 2 * time.Minute
)

type logWriter func(string, ...any)

func (w logWriter) Write(p []byte) (int, error) {
	w("%s", strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// JoinURL is the URL the phones open, as the QR code carries it:
// http://<LAN IPv4>:<port>/?room=<code>#k=<the room's public key>
// (empty before Start). The key is in the fragment, which browsers never
// send over the network: a phone learns it from the camera only.
func (s *Server) JoinURL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.joinURL
}

// ShownURL is the join URL without its key, short enough to show as text
// (a phone that opens it is asked to scan the QR code).
func ShownURL(joinURL string) string {
	u, _, _ := strings.Cut(joinURL, "#")
	return u
}

// PublicKey is the room's public key (the join URL's #k=): what a phone
// seals to (lan/sealed.Dial).
func (s *Server) PublicKey() sealed.Key { return s.pub }

// Room is the room code.
func (s *Server) Room() string { return s.room }

// QR is the QR code of the join URL, px pixels wide (nil before Start).
func (s *Server) QR(px int) image.Image {
	u := s.JoinURL()
	if u == "" {
		return nil
	}
	return qr.Image(u, px)
}

// MDNSName is the instance name actually advertised ("" without mDNS).
func (s *Server) MDNSName() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mdnsName
}

// Subscribe returns a channel that carries a HostView at once and after
// every change (latest wins: a slow reader skips intermediate views), and a
// function that ends the subscription. The channel is closed when the
// subscription ends or the server closes.
func (s *Server) Subscribe() (<-chan HostView, func()) {
	reply := make(chan subscription, 1)
	sub, ok := await(s, s.post(msgSubscribe{reply}), reply)
	if !ok {
		ch := make(chan HostView)
		close(ch)
		return ch, func() {}
	}
	var once sync.Once
	return sub.ch, func() { once.Do(func() { s.post(msgUnsubscribe{sub.id}) }) }
}

// Host runs a host command. The error is a sentence for the host; nothing
// changes then.
func (s *Server) Host(cmd HostCommand) error {
	reply := make(chan error, 1)
	err, ok := await(s, s.post(msgHost{cmd, reply}), reply)
	if !ok {
		return ErrClosed
	}
	return err
}

// Close stops everything: the connections, the session loop, the HTTP
// server, the mDNS advertisement, the log.
func (s *Server) Close() error {
	s.once.Do(func() {
		close(s.done)
		<-s.ended
		s.mu.Lock()
		hs, adv, stop := s.httpSrv, s.adv, s.stopCtx
		s.closed = true
		s.mu.Unlock()
		if stop != nil {
			stop()
		}
		if hs != nil {
			hs.Close()
		}
		if adv != nil {
			adv.Shutdown()
		}
	})
	return nil
}

// shutdown runs when the loop ends: every connection and subscription is
// closed, the timer stopped, the log closed.
func (sess *session) shutdown() {
	sess.out.shutdown()
	for id := range sess.subs {
		sess.unsubscribe(id)
	}
	sess.clk.stopTimer()
	if sess.clk.clockTick != nil {
		sess.clk.clockTick()
		sess.clk.clockTick = nil
	}
	if !sess.clk.paused {
		sess.saveClock() // a clean stop resumes with the exact time left
	}
	sess.log.close()
}
