# Nightfall — build, test and lint.
#
#   make deps       install missing Debian packages and staticcheck (idempotent)
#   make build      build bin/nightfall (cgo, Fyne/GLFW)
#   make headless   build bin/nightfall-headless: script, serve, sim and replay, no window, no cgo
#                   (CGO_ENABLED=0 -tags headless; needs no system package)
#   make run        build and run it (ARGS="serve ..." to pass arguments)
#   make test       gofmt + vet + staticcheck (beside the race tests, niced) + race tests (game,
#                   lan) + test-headless + other tests; then, alone, test-timed + test-ui
#   make test-race  the race tests of game and lan: test-race-cpu (all but the timed ones, beside
#                   the engine's long run) and test-timed (the browser games, the cadence and
#                   traffic proofs, alone)
#   make test-headless  main's tests against the headless build (CGO_ENABLED=0 -tags headless,
#                   -short); game's and lan's tests are only compiled that way (test-race runs them)
#   make test-ui    tests tagged `xvfb` under ./app/..., inside a virtual X display
#   make crash-test the real binary killed (SIGKILL) and resumed mid-game, bot phones rejoining
#   make bench      benchmarks of ./game/... (and ./lan/... when it has any)
#   make test-browsers  the phone page's whole games in all three browser engines (Chromium,
#                   WebKitGTK, Firefox) with the axe-core audit (lan/browser_engines_test.go)
#   make e2e-deps   the browser engines' Debian packages and axe-core (npm, into a cache folder)
#   make lint       gofmt + vet (also cross-vetted for Windows and macOS) + staticcheck
#   make fonts      rebuild assets/fonts' CJK subset font from the app's strings (npm subset-font)
#   make sounds     regenerate assets/sounds' narration clips from the dictionary's voice lines (espeak-ng,
#                   sox and lame: installed by sounds-deps)
#   make dist       release builds in dist/ (needs gcc-mingw-w64-x86-64, installed by dist-deps):
#                   nightfall-windows-amd64.exe (cross-compiled, Fyne app, icon and version from
#                   FyneApp.toml), nightfall-linux-amd64.tar.xz (app + .desktop + icon + install
#                   Makefile) and nightfall-headless-linux-amd64 (pure Go: script, serve, sim and replay)
#   make test-dist  make dist, then runs the .exe under wine (script on golden files, serve's
#                   /healthz on loopback); not part of `make test`
#   make clean
#
# Knobs: TESTFLAGS="-count=1 -v", BENCH=., BENCHTIME=2s, ARGS=..., BUILD_TAGS=migrated_fynedo
# (what `fyne build` adds for FyneApp.toml's fyneDo migration: drops Fyne's wrong-thread
# checks), DEPS= (empty: skip the deps prerequisite, e.g. without root/sudo).

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.ONESHELL:  # each recipe below is one small bash script
.DEFAULT_GOAL := build

# A fresh machine may have Go installed without it being on PATH.
ifeq ($(shell command -v go),)
export PATH := /usr/local/go/bin:$(PATH)
endif

# System packages: the Fyne/GLFW cgo build (gcc, libc6-dev, GL/X11 headers, pkg-config), and the
# tests and tooling (Xvfb + xauth for xvfb-run, screenshots, CJK font, headless browser, QR
# decoding, mDNS, networking, speech, and the phone page's two other browser engines: Firefox and
# WebKitGTK's WebDriver). xauth is only a Recommends of xvfb, so it is listed.
DEB_PACKAGES := gcc libc6-dev \
	libgl1-mesa-dev libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev \
	pkg-config xvfb xauth x11-apps imagemagick fonts-wqy-microhei chromium zbar-tools \
	avahi-utils iproute2 $(SOUNDS_DEB_PACKAGES) libasound2-dev \
	firefox-esr webkit2gtk-driver

# What assets/sounds/gen.sh speaks and encodes the narration with (`make sounds` installs only these).
SOUNDS_DEB_PACKAGES := espeak-ng sox lame

STATICCHECK_VERSION ?= v0.8.2
GOPATH_BIN  := $(shell go env GOPATH)/bin
STATICCHECK := $(GOPATH_BIN)/staticcheck

TESTFLAGS ?=
BUILD_TAGS ?=
BENCH     ?= .
BENCHTIME ?= 2s
ARGS      ?=
DEPS      ?= deps
XVFB_RUN  ?= xvfb-run -a -s "-screen 0 1920x1080x24"

# Package lists, computed when a recipe uses them. Directories without Go files yet simply
# do not appear, so a partial tree never makes go vet/test fail with "matched no packages".
MODULE    = $(shell go list -m)
HAS_GO_FILES := {{if or .GoFiles .CgoFiles .TestGoFiles .XTestGoFiles .InvalidGoFiles}}{{.ImportPath}}{{end}}
ALL_PKGS  = $(shell go list -e -f '$(HAS_GO_FILES)' ./... 2>/dev/null)
RACE_PKGS = $(filter $(MODULE)/game $(MODULE)/game/% $(MODULE)/lan $(MODULE)/lan/%,$(ALL_PKGS))
APP_PKGS  = $(filter $(MODULE)/app $(MODULE)/app/%,$(ALL_PKGS))
REST_PKGS = $(filter-out $(RACE_PKGS) $(APP_PKGS),$(ALL_PKGS))

.PHONY: dist dist-deps dist-windows dist-linux dist-headless test-dist test-dist-deps sounds-deps
.PHONY: e2e-deps test-browsers crash-test fonts sounds deps build headless run test test-race test-race-cpu test-timed test-headless test-app test-rest test-ui bench lint fmt-check vet staticcheck clean

deps:
	@missing=()
	if ! command -v dpkg >/dev/null; then
		echo "deps: not Debian or Ubuntu (no dpkg): skipping the system packages (a Mac needs only Xcode's command line tools)"
	else for p in $(DEB_PACKAGES); do
		dpkg -s "$$p" >/dev/null 2>&1 || missing+=("$$p")
	done; fi
	sudo=; [[ $$(id -u) == 0 ]] || sudo=sudo
	if (( $${#missing[@]} )); then
		echo "deps: installing $${missing[*]}"
		( set -x
		  $$sudo apt-get update
		  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$${missing[@]}" )
	else
		echo "deps: all Debian packages present"
	fi
	if [[ ! -x "$(STATICCHECK)" ]]; then
		( set -x; GOBIN="$(GOPATH_BIN)" go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) )
	fi

build: $(DEPS)
	CGO_ENABLED=1 go build -tags '$(BUILD_TAGS)' -o bin/nightfall .

# No cgo, no Fyne: `nightfall script` and `nightfall serve` (main_headless.go replaces the app).
headless:
	CGO_ENABLED=0 go build -tags headless -o bin/nightfall-headless .

run: $(DEPS) build
	./bin/nightfall $(ARGS)

# ---- checks ---------------------------------------------------------------------------------

# Go files git knows about (tracked, or new and not ignored); plain find outside a git checkout.
fmt-check:
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		files=$$(git ls-files --cached --others --exclude-standard -- '*.go')
	else
		files=$$(find . -name '*.go' -not -path './bin/*')
	fi
	[[ -z "$$files" ]] && exit 0
	bad=$$(gofmt -l $$files)
	if [[ -n "$$bad" ]]; then
		echo "gofmt: these files need formatting (run gofmt -w):"; echo "$$bad"; exit 1
	fi

vet:
	@pkgs="$(ALL_PKGS)"
	[[ -z "$$pkgs" ]] && { echo "vet: no packages yet"; exit 0; }
	set -x
	go vet $$pkgs
	CGO_ENABLED=0 go vet -tags headless .
	# The hosts' other systems, cross-vetted (no cgo, so no cross compiler: seconds once cached):
	# Windows whole, the UI with Fyne's software driver (-tags ci); macOS without the packages
	# that draw (Fyne's macOS code is cgo against Apple's SDK: built on a Mac, see README).
	GOOS=windows CGO_ENABLED=0 go vet -tags ci ./...
	GOOS=windows CGO_ENABLED=0 go vet -tags headless .
	GOOS=darwin CGO_ENABLED=0 go vet -tags ci $$(GOOS=darwin CGO_ENABLED=0 go list -e -tags ci \
		-f '{{.ImportPath}} {{.Deps}}' ./... | grep -v 'fyne.io/fyne/v2/internal/widget' | cut -d' ' -f1)
	GOOS=darwin CGO_ENABLED=0 go vet -tags headless .

staticcheck: $(DEPS)
	$(STATICCHECK) ./...

lint: fmt-check vet staticcheck

# ---- tests ----------------------------------------------------------------------------------

# make test runs in two parts. First the CPU-heavy part: the race run of game and lan without
# their timed tests (test-race-cpu), with lint and the engine's long run beside it at the lowest
# priority (nice 19; their output follows), then test-headless, test-app and test-rest. Then, with
# nothing else of the suite running, the timed part: lan's tests that watch a real browser or the
# pace of real time (test-timed), and the real window under Xvfb (test-ui). A failure stops there,
# as a failing prerequisite did.
test: $(DEPS) e2e-deps
	@lintlog=$$(mktemp); trap 'rm -f "$$lintlog"' EXIT
	nice -n 19 $(MAKE) --no-print-directory lint DEPS= >"$$lintlog" 2>&1 &
	lintpid=$$!
	rc=0
	$(MAKE) --no-print-directory test-race-cpu DEPS= || rc=$$?
	lrc=0
	wait "$$lintpid" || lrc=$$?
	cat "$$lintlog"
	(( rc == 0 )) || exit "$$rc"
	(( lrc == 0 )) || exit "$$lrc"
	$(MAKE) --no-print-directory test-headless test-app test-rest test-timed test-ui DEPS=

# The engine and the network side: always under the race detector. The race detector slows the
# engine's randomized games about tenfold, so they play fewer games there, and it allocates, so
# the allocation tests skip; those tests (RACE_REDUCED) follow without it, in full: -tags long
# gives the engine's randomized suite its thousand games per variant (a plain `go test ./...`
# plays sixty, to stay within go test's default ten minutes). Every other test runs once.
# The long run collects its garbage four times less often (GOGC=400: the games' views and
# logs are short-lived; the heap stays small): about 30% less CPU for the same games.
RACE_REDUCED := ^(TestRandomGames|TestNoAllocsPerGame|TestSharedViewNoAllocs|TestGamesEnd|TestRandomNoAllocs|TestDeterministic|TestEveryVariant|TestCLIText)$$
#
# TIMED are the tests whose assertions follow a real browser's pace or real time: the browser
# games, the cadence and traffic proofs, the tap tests, the night that ends at its minimum. They
# are as strict as ever about what they prove, and they run alone (test-timed), never beside the
# suite's own CPU-heavy jobs: a page whose renderer shares two cores with the race run, lint and
# the long engine run is a page on a machine at load 20 or more.
TIMED := ^(TestBrowser.*|TestSealedTraffic|TestNightEndsAtItsMinimum)$$
#
# The long run goes side by side with the race run, at the lowest priority (nice 19): the race
# run leaves part of two cores idle (lan's tests wait on sockets and timers), and the long run,
# pure CPU with no clock in its assertions, takes only what it leaves. Its output follows the
# race run's; the target fails if either fails.
test-race: test-race-cpu test-timed

test-race-cpu:
	@pkgs="$(RACE_PKGS)"
	[[ -z "$$pkgs" ]] && { echo "test-race: no game/lan packages yet"; exit 0; }
	long=$$(mktemp); trap 'rm -f "$$long"' EXIT
	( set -x
	  GOGC=400 nice -n 19 go test -tags long -timeout 30m -run '$(RACE_REDUCED)' $(TESTFLAGS) $(filter $(MODULE)/game $(MODULE)/game/%,$(RACE_PKGS))
	) >"$$long" 2>&1 &
	longpid=$$!
	rc=0
	( set -x; go test -race -timeout 30m -skip '$(TIMED)' $(TESTFLAGS) $$pkgs ) || rc=$$?
	lrc=0
	wait "$$longpid" || lrc=$$?
	cat "$$long"
	(( rc == 0 )) || exit "$$rc"
	exit "$$lrc"

# The timed tests of lan (TIMED), under the race detector, alone.
test-timed:
	@pkgs="$(filter $(MODULE)/lan $(MODULE)/lan/%,$(RACE_PKGS))"
	[[ -z "$$pkgs" ]] && { echo "test-timed: no lan packages yet"; exit 0; }
	set -x
	go test -race -timeout 30m -run '$(TIMED)' $(TESTFLAGS) $$pkgs

# The headless build (no cgo, no Fyne): main's tests build the headless binary and check
# `script`'s contract in several locales. The engine's and lan's tests are built without cgo here
# but not run again: their code has no cgo, headless or platform variant but netaddr's (Linux
# either way), so the run would repeat test-race's, which runs every one of them (and the
# race-reduced ones in full without the detector).
test-headless:
	@pkgs="$(filter $(MODULE),$(ALL_PKGS))"
	[[ -z "$$pkgs" ]] && { echo "test-headless: no packages yet"; exit 0; }
	set -x
	CGO_ENABLED=0 go test -tags headless -short -timeout 30m $(TESTFLAGS) $$pkgs
	CGO_ENABLED=0 go test -tags headless -run '^$$' $(RACE_PKGS)

# The Fyne UI, headless: the `ci` tag swaps Fyne's GLFW driver for its software one, so no cgo,
# no GL and no display are needed.
test-app:
	@pkgs="$(APP_PKGS)"
	[[ -z "$$pkgs" ]] && { echo "test-app: no app packages yet"; exit 0; }
	set -x
	CGO_ENABLED=0 go test -tags ci -timeout 30m $(TESTFLAGS) $$pkgs

# Everything else (main, any other top-level package), normal cgo build.
test-rest:
	@pkgs="$(REST_PKGS)"
	[[ -z "$$pkgs" ]] && { echo "test-rest: no other packages yet"; exit 0; }
	set -x
	go test -timeout 30m $(TESTFLAGS) $$pkgs

# UI tests that need a real X display and GL: test files with a `//go:build xvfb` line under
# ./app/..., run with Fyne's GLFW driver inside Xvfb (24-bit screen; xvfb-run's default is 8-bit).
test-ui:
	@dirs=$$(grep -rlE --include='*_test.go' '^//go:build.*[ (&|]xvfb\b' app 2>/dev/null | xargs -r -n1 dirname | sort -u || true)
	[[ -z "$$dirs" ]] && { echo "test-ui: no xvfb-tagged app tests yet"; exit 0; }
	case "$${LANG:-C}" in C|C.*|POSIX) export LANG=en_US.UTF-8 ;; esac
	set -x
	$(XVFB_RUN) go test -tags xvfb -timeout 30m $(TESTFLAGS) $$(sed 's|^|./|' <<<"$$dirs")

# ---- release builds ---------------------------------------------------------------------------

# From this Debian machine: Windows by cross-compiling with MinGW-w64 (cgo: Fyne's GLFW driver is
# C), the icon, version information and manifest compiled by MinGW's windres from what
# app/dist/winres derives from FyneApp.toml into a .syso that lives beside main.go only during the
# Windows build. macOS cannot be cross-built from here (Apple's SDK): build on a Mac, see README.
DIST_DEB_PACKAGES      := gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 xz-utils
TEST_DIST_DEB_PACKAGES := wine64
MINGW_CC     ?= x86_64-w64-mingw32-gcc
WINDRES      ?= x86_64-w64-mingw32-windres
DIST_LDFLAGS ?= -s -w
DIST_ICON    := $(shell sed -n 's/^ *Icon *= *"\(.*\)".*/\1/p' FyneApp.toml)
# Reproducible archive dates: the last commit's.
DIST_EPOCH    = $(shell git log -1 --format=%ct 2>/dev/null || echo 0)

dist-deps test-dist-deps sounds-deps:
	@pkgs="$(if $(filter test-dist-deps,$@),$(TEST_DIST_DEB_PACKAGES),$(if $(filter sounds-deps,$@),$(SOUNDS_DEB_PACKAGES),$(DIST_DEB_PACKAGES)))"
	if ! command -v dpkg >/dev/null; then echo "$@: not Debian or Ubuntu (no dpkg): install $$pkgs yourself"; exit 0; fi
	missing=()
	for p in $$pkgs; do dpkg -s "$$p" >/dev/null 2>&1 || missing+=("$$p"); done
	sudo=; [[ $$(id -u) == 0 ]] || sudo=sudo
	if (( $${#missing[@]} )); then
		echo "$@: installing $${missing[*]}"
		( set -x
		  $$sudo apt-get update
		  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$${missing[@]}" )
	fi

dist: dist-windows dist-linux dist-headless
	@ls -l dist/

dist-windows: dist-deps
	@mkdir -p dist
	res=$$(mktemp -d); syso=rsrc_windows_amd64.syso
	trap 'rm -rf "$$res" "$$syso"' EXIT
	set -x
	go run ./app/dist/winres FyneApp.toml "$$res"
	$(WINDRES) -c 65001 -O coff -F pe-x86-64 -I "$$res" -i "$$res/nightfall.rc" -o "$$syso"
	CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=$(MINGW_CC) \
		go build -trimpath -tags '$(BUILD_TAGS)' -ldflags '$(DIST_LDFLAGS)' -o dist/nightfall-windows-amd64.exe .

# The layout `fyne package` gives Linux, under one top directory: usr/local/bin/nightfall, its
# .desktop file and icon, and a Makefile whose `make install` copies them under PREFIX.
dist-linux: $(DEPS) dist-deps
	@mkdir -p dist
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT
	top=nightfall-linux-amd64; root="$$tmp/$$top"
	set -x
	CGO_ENABLED=1 go build -trimpath -tags '$(BUILD_TAGS)' -ldflags '$(DIST_LDFLAGS)' -o "$$root/usr/local/bin/nightfall" .
	install -Dm644 app/dist/linux/nightfall.desktop "$$root/usr/local/share/applications/nightfall.desktop"
	install -Dm644 "$(DIST_ICON)" "$$root/usr/local/share/pixmaps/nightfall.png"
	install -m644 app/dist/linux/Makefile "$$root/Makefile"
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$(DIST_EPOCH) -C "$$tmp" -cf - "$$top" \
		| xz -T0 > "$$tmp/out.tar.xz"
	mv "$$tmp/out.tar.xz" dist/nightfall-linux-amd64.tar.xz

dist-headless:
	@mkdir -p dist
	set -x
	CGO_ENABLED=0 go build -trimpath -tags headless -ldflags '$(DIST_LDFLAGS)' -o dist/nightfall-headless-linux-amd64 .

# The Windows build under Debian's wine (app/dist/wine_test.go): a throwaway prefix, loopback
# only; script and serve without a display, the host app in Xvfb. Wine 8 lacks ProcessPrng, which
# Go's runtime needs: the test builds a shim DLL (app/dist/wine/bcryptprimitives.c) into the
# prefix's system32; dist/ never holds it. About a minute with a warm build cache; from a cold one
# the two cgo builds of Fyne take 15-20 minutes on 2 cores, which is why .ci/run leaves it out.
test-dist: dist test-dist-deps
	go test -tags wine -count=1 -v -timeout 30m $(TESTFLAGS) ./app/dist

# ---- browser engines ---------------------------------------------------------------------------
# The phone page in three engines: Chromium (chromedp), WebKitGTK (Debian's webkit2gtk-driver:
# WebKitWebDriver + MiniBrowser, under an Xvfb the test starts) and Firefox (firefox-esr over
# WebDriver BiDi); axe-core (npm, in a cache folder outside the repository) audits every screen.
# `make test` runs TestBrowserEngines (in test-timed) with Chromium and Firefox, the cheaper
# second engine (no X display); test-browsers runs all three. NIGHTFALL_SHOTS=DIR keeps
# screenshots at 360 and 390 px.
# (firefox-esr and webkit2gtk-driver are in DEB_PACKAGES; Xvfb already is.)
E2E_CACHE   ?= $${XDG_CACHE_HOME:-$$HOME/.cache}/nightfall-e2e
AXE_VERSION ?= 4.10.3
# acorn parses the phone page's scripts for assets' TestPageCompat (what Chrome 70 / iOS 12 lack)
ACORN_VERSION      ?= 8.14.0
ACORN_WALK_VERSION ?= 8.3.4
E2E_ENGINES ?= chromium,webkit,firefox

e2e-deps:
	@cache="$(E2E_CACHE)"
	if [[ ! -f "$$cache/node_modules/axe-core/axe.min.js" ]] || ! grep -q '"version": "$(AXE_VERSION)"' "$$cache/node_modules/axe-core/package.json" \
		|| ! grep -q '"version": "$(ACORN_VERSION)"' "$$cache/node_modules/acorn/package.json" 2>/dev/null \
		|| ! grep -q '"version": "$(ACORN_WALK_VERSION)"' "$$cache/node_modules/acorn-walk/package.json" 2>/dev/null; then
		if command -v npm >/dev/null; then
			mkdir -p "$$cache"
			# one install: a second --no-save install would prune the first's packages
			( set -x; npm install --prefix "$$cache" --no-audit --no-fund --no-save axe-core@$(AXE_VERSION) acorn@$(ACORN_VERSION) acorn-walk@$(ACORN_WALK_VERSION) )
		else
			echo "e2e-deps: no npm: the browser tests skip the axe-core audit, assets skips TestPageCompat"
		fi
	fi

test-browsers: $(DEPS) e2e-deps
	@set -x
	NIGHTFALL_ENGINES=$(E2E_ENGINES) NIGHTFALL_AXE_REQUIRED=1 go test -count=1 -timeout 15m -run 'TestBrowserEngines' $(TESTFLAGS) ./lan

# ---- generated assets -------------------------------------------------------------------------

# The bundled font: printable ASCII plus every character of the app's strings, cut from
# WenQuanYi Micro Hei (fonts-wqy-microhei) by harfbuzz (npm subset-font, installed into a cache
# folder, not the repository). assets/fonts/fonts_test.go fails when a string needs `make fonts`.
FONT_SRC  ?= /usr/share/fonts/truetype/wqy/wqy-microhei.ttc
FONT_TOOL ?= $${XDG_CACHE_HOME:-$$HOME/.cache}/nightfall-fonttool
fonts:
	tool="$(FONT_TOOL)"; mkdir -p "$$tool"
	[[ -d "$$tool/node_modules/subset-font" ]] || npm install --prefix "$$tool" --no-audit --no-fund subset-font@2.9.0
	cp assets/fonts/subset.mjs "$$tool/subset.mjs"
	go run ./assets/fonts/chars > "$$tool/chars.txt"
	node "$$tool/subset.mjs" "$(FONT_SRC)" "$$tool/chars.txt" assets/fonts/wqy-microhei-subset.ttf

sounds: sounds-deps
	assets/sounds/gen.sh

# The engine's games per second are measured on one core (-cpu 1: the rate
# that matters is per core); the lan load benchmark uses the whole machine.
# crash-test: the real binary (`nightfall serve`) killed with SIGKILL mid-night, mid-speech and
# mid-vote, resumed, its bot phones rejoining by themselves (lan/crash_test.go; builds the binary).
crash-test: $(DEPS)
	@set -x
	NIGHTFALL_CRASH=1 go test -count=1 -v -run '^TestCrash(App|AtWelcome)?$$' -timeout 20m ./lan

bench:
	@set -x
	go test -run '^$$' -bench '$(BENCH)' -benchtime $(BENCHTIME) -cpu 1 ./game
	go test -run '^$$' -bench '$(BENCH)' -benchtime $(BENCHTIME) ./lan
	# the balance lab's throughput on every core (games/s, medians of 5)
	go test -run '^$$' -bench '$(BENCH)' -benchtime $(BENCHTIME) -count 5 ./game/sim

clean:
	@rm -rf bin/ dist/ out/ shots/ rsrc_windows_amd64.syso
	rm -f *.test *.out *.prof *.coverprofile coverage.html coverage.txt
	go clean -testcache
