// Admission: which sockets stay open, which phones the session knows (by
// their token), and the queue of phones asking for a seat the host freed
// (PROTOCOL.md "Admission").

package lan

import (
	"crypto/rand"
	"fmt"
	"net"
	"slices"
	"time"
)

// admission decides who gets in. It counts the sockets per address, knows
// the phones by their token's hash, and keeps the requests for a freed
// seat; the session says what they are told. It runs on the session loop.
type admission struct {
	host   admissionHost
	limits limits
	byAddr map[string]int // open sockets per client address
	conns  uint64         // connections so far: the age of sockets and offline members

	members map[string]*member // by token hash

	requests []*seatRequest // phones asking for a released seat, oldest first (the big screen shows the first of each seat)
	nextReq  int
}

// admissionHost is what admission needs from the session.
type admissionHost interface {
	// sockets is the open sockets (the outbox's).
	sockets() map[*client]bool
	// refuse closes a socket with busy, and forgets it.
	refuse(c *client, reason string)
}

func newAdmission(host admissionHost, lim limits) *admission {
	return &admission{host: host, limits: lim, byAddr: map[string]int{}, members: map[string]*member{}}
}

// admit admits a socket and returns how long it may take to say hello;
// ok false when it was refused. A socket that has not said hello yet gives
// way to a newer one: the oldest of its address when the address has
// perAddr sockets, else the oldest anywhere when the table has its
// sockets. Past those (every socket said hello), one more socket per
// address and spare more in all may wait for their hello, which decides
// (makeRoom): a seated phone always gets in, another only within the
// limits. An admitted socket is counted here; the caller opens it.
func (a *admission) admit(c *client) (wait time.Duration, ok bool) {
	lim := a.limits
	a.conns++
	c.seq = a.conns
	if ip := net.ParseIP(c.addr); lim.loopbackFree && ip != nil && ip.IsLoopback() {
		c.addr = "" // the host's own machine: not capped per address
	}
	if c.addr != "" && a.byAddr[c.addr] >= lim.perAddr {
		if old := a.oldestWaiting(c.addr, nil); old != nil {
			a.host.refuse(old, "too many connections from this phone")
		} else if a.byAddr[c.addr] > lim.perAddr {
			a.host.refuse(c, "too many connections from this phone")
			return lim.helloWait, false
		}
	}
	if n := len(a.host.sockets()); n >= lim.clients {
		if old := a.oldestWaiting("", nil); old != nil {
			a.host.refuse(old, "the table has too many connections; try again later")
		} else if n >= lim.clients+lim.spare {
			a.host.refuse(c, "the table has too many connections; try again later")
			return lim.helloWait, false
		}
	}
	if c.addr != "" {
		a.byAddr[c.addr]++
	}
	return lim.helloWait, true
}

// closed uncounts a socket that was open.
func (a *admission) closed(c *client) {
	if c.addr == "" {
		return
	}
	if a.byAddr[c.addr]--; a.byAddr[c.addr] <= 0 {
		delete(a.byAddr, c.addr)
	}
}

// oldestWaiting is the oldest socket that has not said hello, of addr
// (empty: of any address), other than skip.
func (a *admission) oldestWaiting(addr string, skip *client) *client {
	var old *client
	for c := range a.host.sockets() {
		if c.m == nil && c != skip && (addr == "" || c.addr == addr) && (old == nil || c.seq < old.seq) {
			old = c
		}
	}
	return old
}

// oldestGuest is the oldest socket of a phone without a seat that said
// hello (lobby visitors before spectators), of addr (empty: any), other
// than keep.
func (a *admission) oldestGuest(addr string, keep *client) *client {
	var old *client
	rank := func(c *client) int {
		if c.m.spectator {
			return 1
		}
		return 0
	}
	for c := range a.host.sockets() {
		if c == keep || c.m == nil || c.m.seat > 0 || (addr != "" && c.addr != addr) {
			continue
		}
		if old == nil || rank(c) < rank(old) || (rank(c) == rank(old) && c.seq < old.seq) {
			old = c
		}
	}
	return old
}

// makeRoom brings the sockets back within the limits for socket c, which
// just said hello (old: the socket it replaces): sockets that have not said
// hello give way, of c's address first, and for a seated phone the phones
// without a seat too. False when c stays over a limit.
func (a *admission) makeRoom(c, old *client, seated bool) bool {
	n := 0
	if old != nil {
		n = 1
	}
	over := func(addr string) bool {
		if addr != "" {
			return a.byAddr[addr]-n > a.limits.perAddr
		}
		return len(a.host.sockets())-n > a.limits.clients
	}
	for _, addr := range []string{c.addr, ""} { // c.addr "": not capped, the whole table twice
		for over(addr) {
			g := a.oldestWaiting(addr, c)
			if g == nil && seated {
				g = a.oldestGuest(addr, c)
			}
			if g == nil {
				return false
			}
			a.host.refuse(g, "a player of this game needs the place")
		}
	}
	return true
}

// left notes that m's phone went offline: the longest offline is
// forgotten first. A phone without a seat or a spectator's place is
// forgotten at once.
func (a *admission) left(m *member) {
	m.conn = nil
	m.left = a.conns
	if m.seat == 0 && !m.spectator {
		a.forget(m)
	}
}

// forget forgets a phone without a seat, and its request for one.
func (a *admission) forget(m *member) {
	delete(a.members, m.hash)
	a.withdraw(m)
}

// newMember is a new phone, with its token (nil when the member table is
// full of phones online or seated). A phone without a seat that has been
// offline longest is forgotten to make room.
func (a *admission) newMember() (m *member, token string) {
	if len(a.members) >= a.limits.members {
		var old *member
		for _, m := range a.members {
			if m.conn == nil && m.seat == 0 && (old == nil || m.left < old.left) {
				old = m
			}
		}
		if old == nil {
			return nil, ""
		}
		a.forget(old)
	}
	token = newToken()
	m = &member{hash: hashToken(token)}
	a.members[m.hash] = m
	return m, token
}

// phoneCode is m's phone code, made the first time it is needed: four
// digits, none the same as another phone's known now.
func (a *admission) phoneCode(m *member) string {
	if m.code != "" {
		return m.code
	}
	used := map[string]bool{}
	for _, o := range a.members {
		used[o.code] = true
	}
	for range 64 {
		var b [2]byte
		rand.Read(b[:])
		m.code = fmt.Sprintf("%04d", (int(b[0])<<8|int(b[1]))%10000)
		if !used[m.code] {
			break
		}
	}
	return m.code
}

// ask queues m's request for a freed seat. A phone has one request at a
// time; a new one replaces it (and goes to the back). Requests for one
// seat queue: the big screen shows the oldest of each seat, with how many
// wait behind it. None is turned away for the number waiting (each is a
// phone of the member table, which is bounded).
func (a *admission) ask(m *member, seat int, name string) *seatRequest {
	a.withdraw(m)
	a.nextReq++
	r := &seatRequest{id: a.nextReq, m: m, seat: seat, name: name, code: a.phoneCode(m)}
	if m.conn != nil {
		r.device = m.conn.device
	}
	a.requests = append(a.requests, r)
	return r
}

// withdraw drops m's request, if any.
func (a *admission) withdraw(m *member) {
	a.requests = slices.DeleteFunc(a.requests, func(r *seatRequest) bool { return r.m == m })
}

// request is the request under id (nil: none).
func (a *admission) request(id int) *seatRequest {
	i := slices.IndexFunc(a.requests, func(r *seatRequest) bool { return r.id == id })
	if i < 0 {
		return nil
	}
	return a.requests[i]
}

// refused drops request r.
func (a *admission) refused(r *seatRequest) {
	a.requests = slices.DeleteFunc(a.requests, func(o *seatRequest) bool { return o == r })
}

// granted drops the requests a seat given to r.m answers: r.m's, and the
// others for the same seat, which it returns (they are told).
func (a *admission) granted(r *seatRequest) (others []*seatRequest) {
	a.requests = slices.DeleteFunc(a.requests, func(o *seatRequest) bool {
		if o.m == r.m {
			return true
		}
		if o.seat == r.seat {
			others = append(others, o)
			return true
		}
		return false
	})
	return others
}

// seatRequests is what the big screen shows of the requests: the oldest
// of each seat (oldest first), with how many more wait for that seat.
func (a *admission) seatRequests() []SeatRequest {
	var out []SeatRequest
	at := map[int]int{} // seat → index in out
	for _, r := range a.requests {
		if i, ok := at[r.seat]; ok {
			out[i].Waiting++
			continue
		}
		at[r.seat] = len(out)
		out = append(out, SeatRequest{ID: r.id, Seat: r.seat, Name: r.name, Online: r.m.conn != nil, Device: r.device, Code: r.code})
	}
	return out
}
