// Package netnstest makes Linux network namespaces for the tests that need
// real interfaces, multicast or several source addresses: two namespaces
// joined by a veth pair, a way to open sockets inside one from the test
// process, and a bounded mDNS browse on one interface. Nothing here touches
// the machine's own interfaces. It is for tests only, and Linux only (the
// other files build on Linux alone).
package netnstest
