// Package dist holds what `make dist` needs besides the Go build: the Windows resources from
// FyneApp.toml (./winres), the icon's source (./icon), the Linux archive's menu entry and
// Makefile (./linux), and, for the smoke test only, a ProcessPrng shim for wine 8 (./wine).
//
// Its test, tagged `wine`, runs the built dist/ under wine: `make test-dist`.
package dist
