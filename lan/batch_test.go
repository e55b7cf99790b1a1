package lan

import (
	"bytes"
	"net"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"nightfall/lan/sealed"
)

// writesConn records each write that reaches the socket.
type writesConn struct {
	net.Conn
	writes []string
}

func (c *writesConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, string(p))
	return len(p), nil
}

// TestBatchConn: what is written between hold and release reaches the
// socket in one write, in order; outside, every write goes at once.
func TestBatchConn(t *testing.T) {
	w := &writesConn{}
	c := &batchConn{Conn: w}
	c.Write([]byte("a"))
	c.hold()
	c.Write([]byte("b"))
	c.Write([]byte("cd"))
	if len(w.writes) != 1 {
		t.Fatalf("held writes reached the socket: %q", w.writes)
	}
	if err := c.release(); err != nil {
		t.Fatal(err)
	}
	c.release() // nothing held: nothing written
	c.Write([]byte("e"))
	if got := w.writes; len(got) != 3 || got[0] != "a" || got[1] != "bcd" || got[2] != "e" {
		t.Errorf("writes %q, want [a bcd e]", got)
	}
}

// recordingListener hands out connections whose writes it records.
type recordingListener struct {
	net.Listener
	mu     sync.Mutex
	writes [][]byte // every write of every connection, in order
}

func (l *recordingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &recordingConn{Conn: c, l: l}, nil
}

type recordingConn struct {
	net.Conn
	l *recordingListener
}

func (c *recordingConn) Write(p []byte) (int, error) {
	c.l.mu.Lock()
	c.l.writes = append(c.l.writes, bytes.Clone(p))
	c.l.mu.Unlock()
	return c.Conn.Write(p)
}

// TestChallengeWithHandshake: the host's answer to a phone's WebSocket
// handshake and its challenge leave in one write, so the phone has the
// challenge as its socket opens (a phone that wakes says hello sooner).
func TestChallengeWithHandshake(t *testing.T) {
	h := newHarness(t, Config{})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := &recordingListener{Listener: l}
	ts := httptest.NewUnstartedServer(h.srv.Handler())
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	ws, _, err := sealed.Dial("ws"+strings.TrimPrefix(ts.URL, "http")+"/ws?room="+h.srv.Room(), h.srv.PublicKey(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ln.mu.Lock()
	defer ln.mu.Unlock()
	if len(ln.writes) == 0 {
		t.Fatal("the host wrote nothing")
	}
	first := ln.writes[0]
	head, frame, ok := bytes.Cut(first, []byte("\r\n\r\n"))
	if !ok || !bytes.HasPrefix(head, []byte("HTTP/1.1 101")) {
		t.Fatalf("the first write is not the handshake's answer: %q", first)
	}
	// a final binary frame (0x82) of 32 bytes, unmasked
	if len(frame) != 2+sealed.ChallengeSize || frame[0] != 0x82 || frame[1] != sealed.ChallengeSize {
		t.Errorf("after the handshake's answer, in the same write: % x; want the challenge's frame", frame)
	}
}
