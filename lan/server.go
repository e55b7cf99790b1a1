package lan

import (
	"context"
	"errors"
	"image"
)

// Server is the host's LAN server: HTTP, WebSocket, the session loop.
type Server struct {
	cfg Config
}

// NewServer prepares a server (and, with Config.Resume, loads the game log).
// It does not listen yet: see Start.
func NewServer(cfg Config) (*Server, error) {
	return &Server{cfg: cfg}, nil
}

// Start listens and advertises the table. It returns once listening, with a
// clear error if it cannot (port in use, no network interface). The server
// stops when ctx is done or Close is called.
func (s *Server) Start(ctx context.Context) error { return errors.New("lan: not implemented yet") }

// JoinURL is the URL the phones open: http://<LAN IPv4>:<port>/?room=<code>.
func (s *Server) JoinURL() string { return "" }

// QR is the QR code of the join URL, px pixels wide.
func (s *Server) QR(px int) image.Image { return nil }

// MDNSName is the instance name actually advertised ("" without mDNS).
func (s *Server) MDNSName() string { return "" }

// Subscribe returns a channel carrying a HostView at once and after every
// change (latest wins: a slow reader skips intermediate views), and a
// function that ends the subscription.
func (s *Server) Subscribe() (<-chan HostView, func()) {
	ch := make(chan HostView, 1)
	return ch, func() {}
}

// Host runs a host command and returns a readable error if it cannot be done.
func (s *Server) Host(cmd HostCommand) error { return errors.New("lan: not implemented yet") }

// Close stops everything: connections, the session loop, the log.
func (s *Server) Close() error { return nil }
