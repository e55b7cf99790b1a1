package lan

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"time"
)

// Limits of a session (PROTOCOL.md "Admission").
const (
	maxMembers   = 500              // tokens known to a session (players, spectators, lobby visitors); more than the sockets, so an offline one is always there to forget
	maxClients   = 400              // open WebSockets of phones that said hello
	spareClients = 32               // more sockets, only until their hello: room for a seated phone when the others are full
	maxPerAddr   = 8                // sockets per client address (one phone), plus one to replace its own stale socket
	helloWait    = 10 * time.Second // from the upgrade to the hello
	maxAcks      = 256              // command ids remembered per phone
	maxAddTime   = 3600
	maxTablePlay = 30 // the largest player count the lobby accepts
)

// member is a phone, known by its token: seated, a spectator, or neither
// yet (the lobby). Only the token's hash is kept.
type member struct {
	hash      string
	code      string // the phone code it shows (phoneCode), made when first needed
	name      string
	seat      int
	spectator bool
	conn      *client
	left      uint64 // when its phone last went offline (the session's connection count then): the longest offline is forgotten first
	acks      map[string]ack
	ackOrder  []string
}

// limits are the admission limits; tests lower them.
type limits struct {
	clients, spare, perAddr, members int
	helloWait                        time.Duration
	loopbackFree                     bool // the host's own machine is not capped per address (tests turn it off)
}

var defaultLimits = limits{clients: maxClients, spare: spareClients, perAddr: maxPerAddr,
	members: maxMembers, helloWait: helloWait, loopbackFree: true}

// seatRequest is a phone asking for a seat the host released during the
// game; the host allows or refuses it (HostAllow, HostRefuse). Device and
// code are what the host checks against the phone in front of him: its
// device label (from its browser) and its phone code (it shows it).
type seatRequest struct {
	id     int
	m      *member
	seat   int
	name   string
	device string
	code   string
}

// ack is the answer to a command id, kept so that a resent id is answered
// again instead of applied twice.
type ack struct {
	cmd   string // the command's fingerprint: a different command under a reused id is new
	frame []byte
}

func (m *member) mode() string {
	switch {
	case m.seat > 0:
		return "player"
	case m.spectator:
		return "spectator"
	}
	return "lobby"
}

func (m *member) remember(id, fp string, frame []byte) {
	if m.acks == nil {
		m.acks = map[string]ack{}
	}
	if _, ok := m.acks[id]; !ok {
		m.ackOrder = append(m.ackOrder, id)
	}
	m.acks[id] = ack{cmd: fp, frame: frame}
	if len(m.ackOrder) > maxAcks {
		delete(m.acks, m.ackOrder[0])
		m.ackOrder = m.ackOrder[1:]
	}
}

// session is the state the session loop owns. Every method runs on the
// loop's goroutine.
type session struct {
	srv   *Server
	clock Clock
	logf  func(string, ...any)

	table   string
	room    string
	dataDir string
	addr    string // the listen address, recorded in the log for a resume

	adm *admission // who gets in: sockets, phones by token, requests for a freed seat
	out *outbox    // the open sockets and what they are sent

	lobby *lobby // the setup and the seats

	match                 // the game, its log and whether the log failed (match.go)
	clk       *matchClock // the game's clock (timer.go)
	lastLobby []byte      // the lobby as last saved (nil: none saved)
	lobbyErr  string      // the lobby cannot be saved

	evening eveningState // evening.go

	subs   map[int]chan HostView
	nextID int
}

func newToken() string {
	var b [32]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// roomAlphabet leaves out letters and digits that look alike (0/O, 1/I/L).
const roomAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

func newRoom() string {
	var b [6]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = roomAlphabet[int(b[i])%len(roomAlphabet)]
	}
	return string(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
