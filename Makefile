# Scoresheet. "make run" builds and starts the app, "make test" runs every
# test; both first install missing Debian/Ubuntu packages with apt.

SHELL := /bin/bash

# Go >= 1.26 (see go.mod): from PATH, else the official tarball's place.
GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
GO_MIN := 1.26

# Debian/Ubuntu packages needed to build and run the app (cgo, OpenGL, X11;
# the app draws the print preview of PDF exports itself).
RUN_PKGS := gcc libgl1-mesa-dev xorg-dev pkg-config
# Extra packages the tests use: reference engine and PGN checker, a
# virtual display for GUI tests, PDF text extraction and rendering (the
# print preview is checked against pdftoppm's drawing),
# LibreOffice to read the exported workbooks, and PostgreSQL for events
# kept on a server (the tests start a throwaway cluster of their own on
# 127.0.0.1 with initdb and pg_ctl: internal/pgtest).
TEST_PKGS := stockfish pgn-extract xvfb xdotool poppler-utils libreoffice-calc-nogui postgresql
# The Windows build: mingw's C compiler and windres (cgo for the window,
# the icon and version resources); its smoke test runs it under wine.
WIN_PKGS := gcc-mingw-w64-x86-64
WIN_TEST_PKGS := $(WIN_PKGS) wine64 xvfb xdotool poppler-utils

# Hook for GUI test packages: e.g. TEST_ENV='xvfb-run -a' runs the tests
# under a virtual X display.
TEST_ENV ?=
# -timeout: go test's own deadline for a test binary, there to stop a
# hung test, not to pace one. Its default, 10 minutes, is less than the
# GUI package takes under -race on a busy 2-core machine (9.5 minutes
# seen), so a slow machine would fail a package that is not hung.
TEST_FLAGS ?= -count=1 -timeout 30m

# The packages tested under -race: those where code runs concurrently
# (a go statement or a timer's function, in the code or its tests:
# race_test.go checks that each such package is listed here), and the
# session, which the window's watchers and timers call from their
# goroutines. The others are single-threaded and run without -race,
# five to ten times faster (the corpus measurements of sheet, rules'
# readers).
RACE_PKGS := app app/session app/cli app/publish app/e2e export pgn \
	sheet/location sheet/pgstore sheet/sqlitestore internal/xtest internal/pgtest
MODULE := scoresheet
RACE_LIST = $(addprefix $(MODULE)/,$(RACE_PKGS))
PLAIN_LIST = $(filter-out $(RACE_LIST),$(shell $(GO) list ./...))

# Fuzz targets as "package:FuzzName" pairs, e.g. ./rules:FuzzParseFEN.
FUZZ_TARGETS ?= ./rules:FuzzParseFEN ./rules:FuzzReadCell ./rules:FuzzReadMovetext ./pgn:FuzzPGN ./sheet:FuzzReconcile
FUZZTIME ?= 30s

BIN := bin/scoresheet

# "make windows" writes WIN_ZIP; bin/windows holds its programs and the
# resources compiled for them.
WIN_ZIP := dist/scoresheet-windows-amd64.zip
WIN_BIN := bin/windows
WIN_GO := GOOS=windows GOARCH=amd64
WIN_CC := x86_64-w64-mingw32-gcc
WIN_RES := x86_64-w64-mingw32-windres

# staticcheck, at a pinned version, installed with "go install" into
# bin/tools the first time (a new version goes to a new place).
STATICCHECK_VERSION := v0.8.2
STATICCHECK := bin/tools/staticcheck-$(STATICCHECK_VERSION)/staticcheck

# apt-get as root, else through sudo when there is one.
APT := $(if $(filter 0,$(shell id -u)),,$(if $(shell command -v sudo 2>/dev/null),sudo ,))
APT_INSTALL = $(APT)env DEBIAN_FRONTEND=noninteractive apt-get

.PHONY: all build run test check vet staticcheck bench fuzz icon deps-run deps-test deps-windows deps-windows-test windows test-windows check-go clean

all: build

# install_missing installs, with apt, those of the packages $(1) that
# dpkg does not report as installed.
define install_missing
	@missing=""; \
	for p in $(1); do \
		dpkg -s "$$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		if ! command -v apt-get >/dev/null; then \
			echo "Missing packages:$$missing (install them; apt-get not found)" >&2; exit 1; \
		fi; \
		echo "Installing:$$missing"; \
		$(APT_INSTALL) update && $(APT_INSTALL) install -y $$missing; \
	fi
endef

deps-run:
	$(call install_missing,$(RUN_PKGS))

deps-test:
	$(call install_missing,$(TEST_PKGS))

deps-windows:
	$(call install_missing,$(WIN_PKGS))

deps-windows-test:
	$(call install_missing,$(WIN_TEST_PKGS))

check-go:
	@if ! [ -x "$(GO)" ] && ! command -v "$(GO)" >/dev/null 2>&1; then \
		echo "Go $(GO_MIN) or newer is needed: see https://go.dev/doc/install (expected at /usr/local/go/bin/go or on PATH)" >&2; exit 1; \
	fi; \
	v=$$("$(GO)" env GOVERSION | sed 's/^go//'); \
	if [ "$$(printf '%s\n%s\n' "$(GO_MIN)" "$$v" | sort -V | head -n1)" != "$(GO_MIN)" ]; then \
		echo "Go $(GO_MIN) or newer is needed, found $$v at $(GO)" >&2; exit 1; \
	fi

build: check-go
	$(GO) build -o $(BIN) .

run: deps-run build
	./$(BIN)

vet: check-go
	$(GO) vet ./...

$(STATICCHECK):
	GOBIN="$(abspath $(dir $(STATICCHECK)))" $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

staticcheck: check-go $(STATICCHECK)
	$(STATICCHECK) ./...

# Every test: the concurrent packages under -race, the others without
# (the corpus measurements of sheet skip themselves under -race), the
# Windows build under wine. The tests include the complexity gate
# (complexity_test.go: no function above 25) and the dependency
# direction (deps_test.go).
test: deps-run deps-test vet staticcheck test-windows
	$(TEST_ENV) $(GO) test -race $(TEST_FLAGS) $(RACE_LIST)
	$(TEST_ENV) $(GO) test $(TEST_FLAGS) $(PLAIN_LIST)

# The loop while working (CONTRIBUTING.md): vet, staticcheck and the
# tests under -short, without -race: the real window under Xvfb, the
# waits for a held lock and the whole-corpus runs skip themselves there
# (make test runs them).
check: deps-run deps-test vet staticcheck
	$(TEST_ENV) $(GO) test -short $(TEST_FLAGS) ./...

# The portable Windows zip (docs/windows.md): scoresheet.exe, the
# window program (-H=windowsgui: no console beside it), and
# scoresheet-cli.exe, the console program, each with the icon, version
# and manifest from FyneApp.toml; README.txt and the licences. Entries
# carry the last commit's time.
windows: check-go deps-windows
	rm -rf $(WIN_BIN) && mkdir -p $(WIN_BIN)/res-gui $(WIN_BIN)/res-cli dist
	$(GO) run ./internal/winpack res -exe scoresheet.exe -desc "Scoresheet" -dir $(WIN_BIN)/res-gui
	$(GO) run ./internal/winpack res -exe scoresheet-cli.exe -desc "Scoresheet command line" -dir $(WIN_BIN)/res-cli
	cd $(WIN_BIN)/res-gui && $(WIN_RES) -O coff -o $(CURDIR)/rsrc_windows_amd64.syso app.rc
	cd $(WIN_BIN)/res-cli && $(WIN_RES) -O coff -o $(CURDIR)/app/cli/scoresheet-cli/rsrc_windows_amd64.syso app.rc
	$(WIN_GO) CGO_ENABLED=1 CC=$(WIN_CC) $(GO) build -trimpath -ldflags "-H=windowsgui -s -w" -o $(WIN_BIN)/scoresheet.exe .
	$(WIN_GO) CGO_ENABLED=0 $(GO) build -trimpath -ldflags "-s -w" -o $(WIN_BIN)/scoresheet-cli.exe ./app/cli/scoresheet-cli
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct 2>/dev/null) GO="$(GO)" $(GO) run ./internal/winpack zip -o $(WIN_ZIP) \
		-license fonts=export/fonts/LICENSE -license go=$$($(GO) env GOROOT)/LICENSE \
		-license mingw-w64=/usr/share/doc/mingw-w64-common/copyright \
		-license gcc-runtime=/usr/share/doc/gcc-mingw-w64-base/copyright \
		$(WIN_BIN)/scoresheet.exe $(WIN_BIN)/scoresheet-cli.exe
	cd dist && sha256sum $(notdir $(WIN_ZIP)) > $(notdir $(WIN_ZIP)).sha256
	@ls -l $(WIN_ZIP)

# The Windows smoke test (internal/winetest): the zip's programs under
# wine, in a fresh prefix, against the Linux build.
test-windows: deps-windows-test windows
	SCORESHEET_WINDOWS_ZIP=$(abspath $(WIN_ZIP)) $(GO) test -count=1 -v ./internal/winetest/

# Benchmarks: every bench/*.sh script, with GO and the built binary.
bench: build
	@set -e; shopt -s nullglob; \
	for s in bench/*.sh; do \
		echo "== $$s"; GO="$(GO)" SCORESHEET="$(abspath $(BIN))" bash "$$s"; \
	done

# Runs each of FUZZ_TARGETS for FUZZTIME.
fuzz: check-go
	@set -e; \
	if [ -z "$(strip $(FUZZ_TARGETS))" ]; then echo "No FUZZ_TARGETS."; fi; \
	for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t#*:}; \
		echo "== $$pkg $$name"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) "$$pkg"; \
	done

# Redraws icon.png.
icon: check-go
	$(GO) run ./app/internal/icongen -o icon.png

clean:
	rm -rf bin dist rsrc_windows_amd64.syso app/cli/scoresheet-cli/rsrc_windows_amd64.syso
