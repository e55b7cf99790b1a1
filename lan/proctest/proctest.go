// Package proctest holds what the tests that run a nightfall process share
// (main's serve test, app/dist's wine tests, app's Xvfb smoke test, lan's
// crash test): a free loopback port, and a process started with its output
// piped to the test.
package proctest

import (
	"bytes"
	"io"
	"net"
	"os/exec"
	"testing"
)

// FreePort is a TCP port on 127.0.0.1 that nothing listened on a moment
// ago.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Start starts cmd with its standard output piped to stdout and its
// standard error gathered in stderr; t fails
// at once when cmd cannot start. Stopping cmd is the caller's.
func Start(t testing.TB, cmd *exec.Cmd) (stdout io.ReadCloser, stderr *bytes.Buffer) {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return stdout, stderr
}
