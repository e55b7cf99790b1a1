// Package lantest runs the real LAN server (package lan) with phones made
// of code: for the app's and lan's tests, and the host app's demo mode.
//
//   - Clock is a manual lan.Clock: time moves when the test says so, and
//     the server's deadlines fire in order.
//   - Phone is one phone speaking lan/PROTOCOL.md over a loopback socket:
//     hello, join, commands stamped like the phone page stamps them, the
//     latest view, table, lobby and clock frames.
//   - Bots seats phones and lets game/bots players answer each phone's
//     view: step by step (tests), or by themselves (Play: the demo).
//   - Start and StartT run a server on 127.0.0.1 only (a free port, no
//     mDNS, its own data directory).
//
// Nothing here knows the rules: the server and the engine decide
// everything; the phones only send what a player could send.
package lantest

import (
	"context"
	"fmt"
	"os"
	"sync"

	"nightfall/lan"
)

// Server is a real lan.Server listening on loopback, with the phones dialed
// through it.
type Server struct {
	*lan.Server
	// Clock is the manual clock driving the server (nil: the real clock).
	Clock *Clock
	// URL is what the QR code holds: http://127.0.0.1:PORT/?room=CODE#k=KEY
	// (the phones' socket and the host's key, lan/PROTOCOL.md).
	URL string
	// DataDir is where the game logs go.
	DataDir string

	cancel  context.CancelFunc
	tempDir string // removed by Close
	mu      sync.Mutex
	phones  []*Phone
	logs    []string
	once    sync.Once
}

// Start makes and starts a server with cfg on 127.0.0.1 only: Addr, Host
// and NoMDNS are overridden (a free port on loopback, no advertisement).
// An empty DataDir is a new temporary directory, removed by Close; a nil
// Logf keeps the server's diagnostics (Logs). cfg.Clock is kept as given
// (nil: the real clock); Server.Clock is set when it is a *Clock, and then
// the cadence is off unless cfg sets one. Seed
// (lan.Config.Seed) fixes the deal.
func Start(cfg lan.Config) (*Server, error) {
	s := &Server{}
	cfg.Addr, cfg.Host, cfg.NoMDNS = "127.0.0.1:0", "127.0.0.1", true
	if cfg.DataDir == "" {
		dir, err := os.MkdirTemp("", "nightfall-lantest-")
		if err != nil {
			return nil, err
		}
		cfg.DataDir, s.tempDir = dir, dir
	}
	s.DataDir = cfg.DataDir
	if cfg.Logf == nil {
		cfg.Logf = s.logf
	}
	if c, ok := cfg.Clock.(*Clock); ok {
		s.Clock = c
		if cfg.Cadence == 0 {
			// The cadence holds every answer until the next tick, which a
			// manual clock reaches only when the test moves it; the bots
			// wait for their answers, so they go without (a test of the
			// cadence sets one).
			cfg.Cadence = -1
		}
	}
	srv, err := lan.NewServer(cfg)
	if err != nil {
		s.removeTemp()
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := srv.Start(ctx); err != nil {
		cancel()
		srv.Close()
		s.removeTemp()
		return nil, err
	}
	s.Server, s.cancel = srv, cancel
	s.URL = srv.JoinURL()
	return s, nil
}

// TB is the part of testing.TB StartT uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
	TempDir() string
}

// StartT is Start for a test: the data directory is t.TempDir() unless
// cfg has one, the clock a new manual Clock (at Epoch) unless cfg has one,
// and the server and its phones are closed when the test ends.
func StartT(t TB, cfg lan.Config) *Server {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	if cfg.Clock == nil {
		cfg.Clock = NewClock(Epoch)
	}
	s, err := Start(cfg)
	if err != nil {
		t.Fatalf("lantest: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func (s *Server) logf(format string, args ...any) {
	s.mu.Lock()
	s.logs = append(s.logs, fmt.Sprintf(format, args...))
	s.mu.Unlock()
}

// Logs are the server's diagnostics so far (when Start chose the Logf).
func (s *Server) Logs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.logs...)
}

func (s *Server) removeTemp() {
	if s.tempDir != "" {
		os.RemoveAll(s.tempDir)
	}
}

// Close closes the phones dialed through s, the server, and the temporary
// data directory.
func (s *Server) Close() error {
	s.once.Do(func() {
		s.mu.Lock()
		phones := s.phones
		s.mu.Unlock()
		for _, p := range phones {
			p.Close()
		}
		s.Server.Close()
		s.cancel()
		s.removeTemp()
	})
	return nil
}

// View is the host's view now: every command the server took before the
// call is in it (it goes through the session loop), and so is every timer
// a Clock move ran before it.
func (s *Server) View() lan.HostView {
	return View(s.Server)
}

// View is srv's host view now (a subscription's first view).
func View(srv *lan.Server) lan.HostView {
	ch, cancel := srv.Subscribe()
	defer cancel()
	return <-ch
}

// Phone dials a phone and says hello with a new token (lang "zh").
func (s *Server) Phone() (*Phone, error) {
	p, err := Dial(s.URL)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.phones = append(s.phones, p)
	s.mu.Unlock()
	if err := p.Hello("", "zh"); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// Join dials a phone that takes seat under name.
func (s *Server) Join(seat int, name string) (*Phone, error) {
	p, err := s.Phone()
	if err != nil {
		return nil, err
	}
	if err := p.Join(name, seat); err != nil {
		return nil, fmt.Errorf("lantest: join seat %d as %q: %w", seat, name, err)
	}
	return p, nil
}

// Seat dials one phone per name, names[i] taking seat i+1.
func (s *Server) Seat(names ...string) (*Bots, error) {
	b := &Bots{Phones: make([]*Phone, len(names)+1)}
	for i, n := range names {
		p, err := s.Join(i+1, n)
		if err != nil {
			return nil, err
		}
		b.Phones[i+1] = p
	}
	return b, nil
}
