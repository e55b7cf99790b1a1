//go:build long

package game

// longTests: `make test` builds the tests with -tags long and the
// randomized suites play their full count (a thousand games per variant,
// past go test's default ten minutes on a loaded machine); a plain
// `go test ./...` plays fewer.
const longTests = true
