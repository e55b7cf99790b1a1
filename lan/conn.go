package lan

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/time/rate"

	"nightfall/lan/sealed"
)

// Limits of one WebSocket (gorilla's chat example, with PROTOCOL.md's values).
const (
	writeWait      = 10 * time.Second // to write one frame
	pongWait       = 45 * time.Second // silence after which a phone is dropped
	pingPeriod     = 20 * time.Second // how often the server pings (< pongWait)
	maxMessageSize = 16 << 10         // largest frame a phone may send, unsealed (a 2000-character manifesto fits)
	sendBuffer     = 64               // frames queued to a phone before it counts as too slow
	rateBurst      = 40               // frames a phone may send at once
	ratePerSecond  = 20               // and then per second
)

// maxSealedSize is the largest sealed message a phone may send: the
// largest frame, sealed, with the key and challenge of a first frame.
const maxSealedSize = maxMessageSize + sealed.KeySize + sealed.Overhead + sealed.ChallengeSize

var upgrader = websocket.Upgrader{
	ReadBufferSize: 4096, // a larger frame is read in pieces, up to maxMessageSize
	// A view frame goes out in one WebSocket frame and one write: fewer
	// system calls per broadcast. The buffers are shared: a connection holds
	// one only while it writes.
	WriteBufferSize: 32 << 10,
	WriteBufferPool: &sync.Pool{},
	// CheckOrigin is left nil: gorilla's same-origin check.
	// EnableCompression stays false: compressed sizes would leak what the
	// padding hides.
}

// outMsg is a frame to write, or (code != 0) the close to end with, or
// (lobby != nil) the lobby frame in that slot when the writer gets to it:
// a newer lobby frame queued meanwhile takes the older one's place.
type outMsg struct {
	data  []byte
	code  int
	text  string
	lobby *atomic.Pointer[[]byte]
}

// client is one WebSocket. The session loop owns m, closed and the send
// channel's closing; the writer goroutine drains send.
type client struct {
	ws     *websocket.Conn
	send   chan outMsg
	remote string
	addr   string // the client's IP address: a phone on the LAN
	device string // what its browser says it is (deviceLabel)
	seq    uint64 // the connection's number: older sockets have smaller ones
	m      *member
	closed bool
	sent   int // frames queued (tests and the benchmark wait for them)
	in     int // frames the phone sent that opened (tests)
	pads   int // of them, the cadence's empty ones
	tickIn int // frames the phone sent during a game since the cadence's last tick (tests)
	inGame int // frames the phone sent while a game's cadence ran (tests)

	// The sealed channel: the challenge sent when the socket opened, and
	// the box made from the phone's first frame (nil until then; the
	// reader sets it, the writer seals with it).
	challenge []byte
	box       atomic.Pointer[sealed.Box]
	typedOnly bool // opened without a room code: only the typed key may seal it
	typed     bool // sealed to the typed key, the code proved

	// lobbySlot is the slot of the lobby frame queued last, while nothing
	// else was queued after it (nil otherwise): a newer lobby frame
	// replaces the one in it if the writer has not taken it yet.
	lobbySlot *atomic.Pointer[[]byte]

	// The socket underneath, whose writes the writer gathers (nil: each
	// goes at once).
	batch *batchConn

	// During a game's cadence (cadence.go) frames wait for the next tick:
	// held (in order), then the tick's broadcast, then one reply: the
	// oldest answer owed to a frame the phone sent (nextReply).
	held, replies [][]byte
}

// queue adds a frame without blocking; false means the queue is full.
func (c *client) queue(frame []byte) bool {
	if c.closed {
		return true
	}
	return c.put(outMsg{data: frame}, nil)
}

// put queues m without blocking, slot being the lobby frame's that a
// later lobby frame may replace (nil: m is not a lobby frame); false means
// the queue is full.
func (c *client) put(m outMsg, slot *atomic.Pointer[[]byte]) bool {
	select {
	case c.send <- m:
		c.sent++
		c.lobbySlot = slot
		return true
	default:
		return false
	}
}

// queueLobby adds a lobby frame without blocking. The lobby is state, not
// news: when the last frame queued is a lobby frame the writer has not
// taken yet, this one replaces it, so however many visitors come and go a
// phone's queue holds at most one lobby frame in a row and never fills
// with them. Frames keep their order. False means the queue is full.
func (c *client) queueLobby(frame []byte) bool {
	if c.closed {
		return true
	}
	if slot := c.lobbySlot; slot != nil {
		if old := slot.Load(); old != nil && slot.CompareAndSwap(old, &frame) {
			return true
		}
	}
	slot := new(atomic.Pointer[[]byte])
	slot.Store(&frame)
	return c.put(outMsg{lobby: slot}, slot)
}

// closeWith ends the connection after the frames already queued.
func (c *client) closeWith(code int, text string) {
	if c.closed {
		return
	}
	select {
	case c.send <- outMsg{code: code, text: text}:
	default:
		c.ws.Close()
	}
	c.shut()
}

// shut closes the send queue (once); the writer then closes the socket.
func (c *client) shut() {
	if !c.closed {
		c.closed = true
		close(c.send)
	}
}

func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if !websocket.IsWebSocketUpgrade(r) {
		http.Error(w, "this is the phones' WebSocket endpoint", http.StatusBadRequest)
		return
	}
	bw := &batchWriter{ResponseWriter: w}
	ws, err := upgrader.Upgrade(bw, r, nil)
	if err != nil {
		return // Upgrade answered with the HTTP error
	}
	// A phone that typed the address does not know the room code yet: a
	// socket without one may only be sealed to the typed key (typed.go).
	room := r.URL.Query().Get("room")
	if room != "" && subtle.ConstantTimeCompare([]byte(room), []byte(s.room)) != 1 {
		// A browser cannot read an HTTP error of a WebSocket handshake, so
		// the reason goes in a frame (in clear: there is no channel yet,
		// and it holds nothing secret).
		ws.SetWriteDeadline(time.Now().Add(writeWait))
		ws.WriteMessage(websocket.TextMessage, errFrame("", codeRoom, "wrong room code: scan the QR code on the big screen again"))
		ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(closeRoom, "room"))
		bw.conn.release()
		ws.Close()
		return
	}
	// The challenge: the phone's first frame must carry it, sealed, so a
	// first frame captured on another socket opens nothing here. It goes
	// in one write with the handshake's answer (held since the upgrade):
	// the phone has it as its socket opens.
	challenge := make([]byte, sealed.ChallengeSize)
	rand.Read(challenge)
	ws.SetWriteDeadline(time.Now().Add(writeWait))
	if err := ws.WriteMessage(websocket.BinaryMessage, challenge); err != nil || bw.conn.release() != nil {
		ws.Close()
		return
	}
	c := &client{ws: ws, send: make(chan outMsg, sendBuffer), remote: r.RemoteAddr, addr: clientAddr(r.RemoteAddr),
		device: deviceLabel(r.UserAgent()), challenge: challenge, typedOnly: room == "", batch: bw.conn}
	reply := make(chan time.Duration, 1)
	wait, ok := await(s, s.post(msgConnect{c, reply}), reply)
	if !ok {
		ws.Close()
		return
	}
	go c.writePump()
	s.readPump(c, wait)
}

// clientAddr is the IP address of a remote address (host:port).
func clientAddr(remote string) string {
	if host, _, err := net.SplitHostPort(remote); err == nil {
		return host
	}
	return remote
}

// readPump reads a phone's frames and hands them to the session loop. Until
// the phone has sent hello, the socket lives helloWait at most, whatever
// else it sends (pings, pongs): an idle socket cannot hold a place.
func (s *Server) readPump(c *client, helloWait time.Duration) {
	defer func() {
		s.post(msgDisconnect{c})
		c.ws.Close()
	}()
	var greeted atomic.Bool
	c.ws.SetReadLimit(maxSealedSize)
	c.ws.SetReadDeadline(time.Now().Add(helloWait))
	c.ws.SetPongHandler(func(string) error {
		if greeted.Load() {
			c.ws.SetReadDeadline(time.Now().Add(pongWait))
		}
		return nil
	})
	limit := rate.NewLimiter(rate.Limit(s.ratePerSec), int(s.rateBurst))
	var warned time.Time
	dropped := false // a frame was dropped (logged once)
	for {
		mt, data, err := c.ws.ReadMessage()
		if err != nil {
			return
		}
		now := time.Now()
		if !limit.AllowN(now, 1) {
			if now.Sub(warned) >= time.Second {
				warned = now
				s.post(msgSlowDown{c})
			}
			continue
		}
		data, ok := s.unseal(c, mt, data, &dropped)
		if !ok {
			continue // dropped: it changes nothing (or the socket is being refused)
		}
		if greeted.Load() {
			c.ws.SetReadDeadline(now.Add(pongWait))
		}
		f, err := decodeFrame(data)
		if err == nil && f.T == "hello" && !greeted.Load() {
			greeted.Store(true)
			c.ws.SetReadDeadline(now.Add(pongWait))
		}
		if !s.post(msgFrame{c, f, err}) {
			return
		}
	}
}

// unseal opens a phone's frame. The first one carries the phone's key and
// this socket's challenge: if it does not open (a plain JSON frame from a
// page without the key, a key that is not the room's, a first frame
// captured on another socket), the socket is refused in clear (error
// "sealed", close 4004). Later frames that do not open (altered, replayed,
// sealed to another phone's key, or not sealed) are dropped; the first of
// them on a socket is logged.
func (s *Server) unseal(c *client, mt int, data []byte, warned *bool) ([]byte, bool) {
	b := c.box.Load()
	if b == nil {
		if *warned {
			return nil, false // refused already: the writer closes the socket
		}
		var (
			plain []byte
			err   = errPlain
		)
		if mt == websocket.BinaryMessage && !c.typedOnly {
			b, plain, err = sealed.OpenHello(s.priv, c.challenge, data)
		}
		if mt == websocket.BinaryMessage && (c.typedOnly || errors.Is(err, sealed.ErrForged)) {
			// Not the QR code's key: a typed join, which must prove the code
			// (or come back with its token: Server.typedHello).
			b, plain, err = sealed.OpenHello(s.typedPriv, c.challenge, data)
			if err == nil {
				var phone sealed.Key
				copy(phone[:], data)
				var why refusal
				var ok bool
				if plain, why, ok = s.typedHello(clientAddr(c.remote), c.challenge, phone, plain); !ok {
					*warned = true
					s.post(msgRefuse{c, why})
					return nil, false
				}
			}
			c.typed = err == nil
		}
		if err != nil {
			*warned = true
			s.cfg.Logf("lan: refused a socket from %s whose first frame is not sealed to the room's key (%v)", c.remote, err)
			s.post(msgRefuse{c, refuseUnsealed})
			return nil, false
		}
		c.box.Store(b)
		return plain, true
	}
	var (
		plain []byte
		err   = errPlain
	)
	if mt == websocket.BinaryMessage {
		plain, err = b.Open(data)
	}
	if err != nil {
		if !*warned {
			*warned = true
			s.cfg.Logf("lan: dropped a frame from %s that does not open (%v); later ones on this socket are dropped without a word", c.remote, err)
		}
		return nil, false
	}
	return plain, true
}

// writePump writes the queued frames and pings. The frames queued
// together (a tick's: the views, then the replies) go out in one write.
func (c *client) writePump() {
	ticker := time.NewTicker(pingPeriod)
	var plain, out []byte
	defer func() {
		ticker.Stop()
		c.ws.Close()
	}()
	for {
		select {
		case m, ok := <-c.send:
			batch := c.batch != nil && len(c.send) > 0
			if batch {
				c.batch.hold()
			}
			more := c.write(m, ok, &plain, &out)
			for more && batch && len(c.send) > 0 {
				m, ok = <-c.send
				more = c.write(m, ok, &plain, &out)
			}
			if batch && c.batch.release() != nil {
				return
			}
			if !more {
				return
			}
		case <-ticker.C:
			c.ws.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.ws.WriteMessage(websocket.PingMessage, nil); err != nil {
				return
			}
		}
	}
}

// write writes one queued frame (ok false: the queue is closed), sealed
// and padded once the channel is up, in the writer's own buffers (plain,
// out), reused frame after frame; false when the socket is done (closed,
// or a write failed).
func (c *client) write(m outMsg, ok bool, plain, out *[]byte) bool {
	c.ws.SetWriteDeadline(time.Now().Add(writeWait))
	if !ok {
		c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, ""))
		return false
	}
	if m.code != 0 {
		c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(m.code, m.text))
		return false
	}
	if m.lobby != nil {
		p := m.lobby.Swap(nil)
		if p == nil {
			return true
		}
		m.data = *p
	}
	mt, data := websocket.TextMessage, m.data
	if b := c.box.Load(); b != nil {
		// Sealed, padded: the size tells only the bucket.
		*plain = sealed.PadInto((*plain)[:0], data, sealed.DownUnit)
		*out = b.Seal((*out)[:0], *plain)
		mt, data = websocket.BinaryMessage, *out
	}
	return c.ws.WriteMessage(mt, data) == nil
}

// batchConn is a socket whose writes the writer can gather: between hold
// and release, what gorilla writes (a WebSocket frame a message, each
// otherwise a system call, the costliest part of a frame on the host) is
// kept, and release sends it in one write.
type batchConn struct {
	net.Conn
	mu      sync.Mutex
	holding bool
	buf     []byte
}

func (c *batchConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.holding {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func (c *batchConn) hold() {
	c.mu.Lock()
	c.holding = true
	c.mu.Unlock()
}

// release writes what was held, in one write.
func (c *batchConn) release() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.holding = false
	if len(c.buf) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.buf)
	if cap(c.buf) > 64<<10 {
		c.buf = nil // a burst of large views: not kept
	} else {
		c.buf = c.buf[:0]
	}
	return err
}

// batchWriter is the response a WebSocket upgrade hijacks: the socket it
// hands over is a batchConn, holding from the start (the handshake's
// answer waits for the first frame: serveWS releases them together).
type batchWriter struct {
	http.ResponseWriter
	conn *batchConn
}

func (w *batchWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("lan: the response cannot be hijacked")
	}
	c, rw, err := h.Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &batchConn{Conn: c, holding: true}
	return w.conn, rw, nil
}
