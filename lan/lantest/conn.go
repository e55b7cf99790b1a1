package lantest

import (
	"time"

	"github.com/gorilla/websocket"
)

// conn is one phone's socket, frame by frame: WriteJSON sends a client
// frame, ReadJSON decodes the next server frame, Close ends both (a
// ReadJSON blocked in another goroutine returns an error). WriteJSON is
// called by one goroutine at a time; ReadJSON by one goroutine.
type conn interface {
	ReadJSON(v any) error
	WriteJSON(v any) error
	Close() error
}

// dialTimeout bounds the WebSocket handshake.
const dialTimeout = 5 * time.Second

// dial opens a phone's socket to the server's /ws URL
// (ws://127.0.0.1:PORT/ws?room=CODE). It is the only place that knows how
// frames travel (today: JSON text messages over a plain WebSocket,
// lan/PROTOCOL.md "Frames"); a change of the channel (sealed, binary
// frames) replaces this function and nothing else.
func dial(url string) (conn, error) {
	d := websocket.Dialer{HandshakeTimeout: dialTimeout}
	ws, _, err := d.Dial(url, nil)
	if err != nil {
		return nil, err
	}
	return ws, nil
}
