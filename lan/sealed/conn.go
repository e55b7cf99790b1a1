package sealed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/gorilla/websocket"
)

// Conn is a phone's WebSocket to the host, sealed: the methods have the
// shape of gorilla's *websocket.Conn, so a client of the plain JSON
// protocol changes its Dial and nothing else. WriteMessage seals a text
// message (the phone's first one carries its key and the challenge);
// ReadMessage opens the host's frames and returns them as text, padding
// trimmed. A Conn is used by one reader and one writer at a time, as
// gorilla's is.
type Conn struct {
	ws        *websocket.Conn
	pub, priv Key
	box       *Box
	challenge []byte
	first     bool   // the first sealed frame is sent (it carried the key)
	early     []byte // a clear frame the host sent instead of the challenge (wrong room)

	// A typed join (DialTyped): the short code whose proof the first frame
	// carries, and the typed key sealed to.
	code string
	host Key
}

// challengeWait bounds the wait for the host's challenge after the handshake.
const challengeWait = 10 * time.Second

// Dial opens the phones' WebSocket at wsURL (ws://host:port/ws?room=CODE)
// to the host whose public key is host, and reads the host's challenge. d
// nil is websocket.DefaultDialer; hdr is the handshake's extra header (nil
// for none). A host that refuses the socket in clear (a wrong room code)
// still gives a Conn: its ReadMessage returns that frame, then the close.
func Dial(wsURL string, host Key, d *websocket.Dialer, hdr http.Header) (*Conn, *http.Response, error) {
	return DialContext(context.Background(), wsURL, host, d, hdr)
}

// DialContext is Dial with a context for the handshake.
func DialContext(ctx context.Context, wsURL string, host Key, d *websocket.Dialer, hdr http.Header) (*Conn, *http.Response, error) {
	if d == nil {
		d = websocket.DefaultDialer
	}
	ws, resp, err := d.DialContext(ctx, wsURL, hdr)
	if err != nil {
		return nil, resp, err
	}
	c, err := Client(ws, host)
	if err != nil {
		ws.Close()
		return nil, resp, err
	}
	return c, resp, nil
}

// DialJoin dials the host of a join URL as its QR code gives it
// (http://ip:port/?room=CODE#k=KEY).
func DialJoin(joinURL string, d *websocket.Dialer) (*Conn, error) {
	key, err := KeyFromURL(joinURL)
	if err != nil {
		return nil, err
	}
	u, err := WSURL(joinURL)
	if err != nil {
		return nil, err
	}
	c, _, err := Dial(u, key, d, nil)
	return c, err
}

// WSURL is the phones' WebSocket URL of a join URL.
func WSURL(joinURL string) (string, error) {
	u, err := url.Parse(joinURL)
	if err != nil {
		return "", err
	}
	scheme := "ws"
	if u.Scheme == "https" {
		scheme = "wss"
	}
	return (&url.URL{Scheme: scheme, Host: u.Host, Path: "/ws", RawQuery: "room=" + url.QueryEscape(u.Query().Get("room"))}).String(), nil
}

// Client sets up the sealed channel on a socket already open to the phones'
// endpoint: a fresh key pair, and the host's challenge (read now).
func Client(ws *websocket.Conn, host Key) (*Conn, error) {
	c := &Conn{ws: ws}
	c.pub, c.priv = GenerateKey()
	b, err := NewBox(PhoneSide, host, c.priv)
	if err != nil {
		return nil, err
	}
	c.box = b
	ws.SetReadDeadline(time.Now().Add(challengeWait))
	mt, data, err := ws.ReadMessage()
	ws.SetReadDeadline(time.Time{})
	switch {
	case err != nil:
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return c, nil // refused at once: reads return the close
		}
		return nil, fmt.Errorf("sealed: no challenge from the host: %w", err)
	case mt == websocket.BinaryMessage && len(data) == ChallengeSize:
		c.challenge = data
	case mt == websocket.TextMessage:
		c.early = data
	default:
		return nil, fmt.Errorf("sealed: the host's first message is not a challenge (%d bytes)", len(data))
	}
	return c, nil
}

// ErrNoChannel is returned by writes on a socket the host refused before
// its challenge.
var ErrNoChannel = errors.New("sealed: the host sent no challenge on this socket")

// WriteMessage sends data. A text message is sealed (padded to UpUnit);
// any other type goes out as it is, unsealed (tests of what the host
// refuses).
func (c *Conn) WriteMessage(mt int, data []byte) error {
	if mt != websocket.TextMessage {
		return c.ws.WriteMessage(mt, data)
	}
	msg, err := c.Seal(data)
	if err != nil {
		return err
	}
	return c.ws.WriteMessage(websocket.BinaryMessage, msg)
}

// Seal is the sealed message WriteMessage would send for a text message,
// without sending it (the counter moves on as if it had been sent).
func (c *Conn) Seal(data []byte) ([]byte, error) {
	if c.challenge == nil {
		return nil, ErrNoChannel
	}
	plain := Pad(data, UpUnit)
	if !c.first {
		c.first = true
		if c.code != "" {
			proof := TypedProof(c.challenge, c.pub, c.host, c.code)
			return Hello(c.box, c.pub, append(append([]byte(nil), c.challenge...), proof[:]...), plain), nil
		}
		return Hello(c.box, c.pub, c.challenge, plain), nil
	}
	return c.box.Seal(nil, plain), nil
}

// WriteJSON seals v as JSON.
func (c *Conn) WriteJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.WriteMessage(websocket.TextMessage, b)
}

// ReadMessage reads the host's next frame: opened, as a text message with
// its padding trimmed. A frame that does not open is an error (the Conn
// stays usable). A clear text frame (the host's refusal before the channel)
// is returned as it is.
func (c *Conn) ReadMessage() (int, []byte, error) {
	if c.early != nil {
		data := c.early
		c.early = nil
		return websocket.TextMessage, data, nil
	}
	mt, data, err := c.ws.ReadMessage()
	if err != nil {
		return mt, data, err
	}
	if mt != websocket.BinaryMessage {
		return mt, data, nil
	}
	plain, err := c.box.Open(data)
	if err != nil {
		return mt, nil, err
	}
	return websocket.TextMessage, Trim(plain), nil
}

// ReadJSON reads the next frame into v.
func (c *Conn) ReadJSON(v any) error {
	_, data, err := c.ReadMessage()
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// PublicKey is the key this connection's phone made.
func (c *Conn) PublicKey() Key { return c.pub }

// WS is the socket underneath (raw writes: tests of what the host refuses).
func (c *Conn) WS() *websocket.Conn { return c.ws }

// The rest is the socket's.

func (c *Conn) Close() error                       { return c.ws.Close() }
func (c *Conn) SetReadDeadline(t time.Time) error  { return c.ws.SetReadDeadline(t) }
func (c *Conn) SetWriteDeadline(t time.Time) error { return c.ws.SetWriteDeadline(t) }
func (c *Conn) SetReadLimit(n int64)               { c.ws.SetReadLimit(n) }
func (c *Conn) LocalAddr() net.Addr                { return c.ws.LocalAddr() }
func (c *Conn) RemoteAddr() net.Addr               { return c.ws.RemoteAddr() }
func (c *Conn) NetConn() net.Conn                  { return c.ws.NetConn() }
func (c *Conn) UnderlyingConn() net.Conn           { return c.ws.UnderlyingConn() }
func (c *Conn) WriteControl(mt int, data []byte, deadline time.Time) error {
	return c.ws.WriteControl(mt, data, deadline)
}
