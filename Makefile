# Scoresheet. "make run" builds and starts the app, "make test" runs every
# test; both first install missing Debian/Ubuntu packages with apt.

SHELL := /bin/bash

# Go >= 1.26 (see go.mod): from PATH, else the official tarball's place.
GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
GO_MIN := 1.26

# Debian/Ubuntu packages needed to build and run the app (cgo, OpenGL, X11;
# pdftoppm from poppler-utils draws the print preview of PDF exports).
RUN_PKGS := gcc libgl1-mesa-dev xorg-dev pkg-config poppler-utils
# Extra packages the tests use: reference engine and PGN checker, a
# virtual display for GUI tests, PDF text extraction and rendering, and
# LibreOffice to read the exported workbooks.
TEST_PKGS := stockfish pgn-extract xvfb xdotool poppler-utils libreoffice-calc-nogui

# Hook for GUI test packages: e.g. TEST_ENV='xvfb-run -a' runs the tests
# under a virtual X display.
TEST_ENV ?=
TEST_FLAGS ?= -race -count=1

# Fuzz targets as "package:FuzzName" pairs, e.g. ./rules:FuzzParseFEN.
FUZZ_TARGETS ?= ./rules:FuzzParseFEN ./rules:FuzzReadCell ./rules:FuzzReadMovetext ./export/pgn:FuzzPGN
FUZZTIME ?= 30s

BIN := bin/scoresheet

# staticcheck, at a pinned version, installed with "go install" into
# bin/tools the first time (a new version goes to a new place).
STATICCHECK_VERSION := v0.8.2
STATICCHECK := bin/tools/staticcheck-$(STATICCHECK_VERSION)/staticcheck

# apt-get as root, else through sudo when there is one.
APT := $(if $(filter 0,$(shell id -u)),,$(if $(shell command -v sudo 2>/dev/null),sudo ,))
APT_INSTALL = $(APT)env DEBIAN_FRONTEND=noninteractive apt-get

.PHONY: all build run test vet staticcheck bench fuzz icon deps-run deps-test check-go clean

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

# The measurements over whole corpora (noise benchmark, HCS pages) skip
# themselves under -race, ten times slower there with no concurrency to
# check: they run once more here without -race.
MEASUREMENTS := '^(TestNoiseBenchmark|TestHCSRunsOfFlaggedPlies)$$'

# The tests include the complexity gate (complexity_test.go: no function
# above 25) and the dependency direction (deps_test.go).
test: deps-run deps-test vet staticcheck
	$(TEST_ENV) $(GO) test $(TEST_FLAGS) ./...
	$(GO) test -count=1 -run $(MEASUREMENTS) ./sheet/

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
	rm -rf bin
