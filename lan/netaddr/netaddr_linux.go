//go:build linux

package netaddr

import "os"

// systemRouteTable reads Linux's main routing table (see LAN).
var systemRouteTable = func() ([]byte, error) { return os.ReadFile("/proc/net/route") }
