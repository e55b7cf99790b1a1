//go:build !linux

package netaddr

// systemRouteTable is nil outside Linux: there is no /proc/net/route on Windows or macOS, so
// LAN goes straight to the source address of a UDP "dial" (the system's own route
// choice, no packet sent) and, without a route, to the best-ranked interface.
var systemRouteTable func() ([]byte, error)
