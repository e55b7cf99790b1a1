//go:build linux

package lan

import "os"

// systemRouteTable reads Linux's main routing table (see LANAddress).
var systemRouteTable = func() ([]byte, error) { return os.ReadFile("/proc/net/route") }
