package lantest

import (
	"time"

	"github.com/gorilla/websocket"

	"nightfall/lan/sealed"
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

// dial opens a phone's socket as a phone that scanned the QR code does:
// joinURL is the code's URL (http://127.0.0.1:PORT/?room=CODE#k=KEY) and
// every frame is sealed to the host's key in it (lan/sealed,
// lan/PROTOCOL.md "The sealed channel"). It is the only place that knows
// how frames travel.
func dial(joinURL string) (conn, error) {
	return sealed.DialJoin(joinURL, &websocket.Dialer{HandshakeTimeout: dialTimeout})
}
