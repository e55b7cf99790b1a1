package lan

import (
	"net"
	"testing"
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
