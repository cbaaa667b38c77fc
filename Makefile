# Two commands do everything on a fresh machine (README.md):
#   make run   install what is missing, build, start the site on http://localhost:8080
#   make test  every test; ends with one line "N passed, N failed"
# Every step is skipped when its inputs have not changed, so a second run is quick.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

export CARGO_TARGET_DIR ?= $(CURDIR)/target
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export PATH := $(HOME)/.cargo/bin:$(PATH)

PORT ?= 8080
# The CLI must be exactly the version the crate pins; read it from the pin so there is one place.
WASM_BINDGEN_VERSION := $(shell sed -n 's/^wasm-bindgen = { version = "=\([0-9.]*\)".*/\1/p' core-wasm/Cargo.toml)
WASM := $(CARGO_TARGET_DIR)/wasm32-unknown-unknown/wasm-release/core_wasm.wasm
SERVER := $(CARGO_TARGET_DIR)/release/static-server
CORE_SRC := Cargo.toml $(wildcard Cargo.lock) core-wasm/Cargo.toml $(shell find core-wasm/src -type f)
APP_SRC := $(shell find app/src app/public -type f 2>/dev/null) $(wildcard app/*.ts app/*.json app/*.html)
STAMPS := .make

.PHONY: run build test size tools wasm app server chromium postgres poppler clean help

help:
	@echo "make run    build everything and start the site on http://localhost:$(PORT) (demo data)"
	@echo "make test   run every test (Rust, vectors through wasm, components, browser)"
	@echo "make size   print the size budgets (wasm raw/gzip/brotli, first-load bytes)"

run: build
	@mkdir -p data
	DEMO_MODE=1 PORT=$(PORT) DIST_DIR=app/dist DATABASE_URL=$${DATABASE_URL:-sqlite://data/tickets.db} $(SERVER)

build: app server

# --- tools -----------------------------------------------------------------------------------
tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
	@rustup component list --installed | grep -q '^clippy' || rustup component add clippy
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (about 3 minutes, once)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

chromium:
	@command -v chromium >/dev/null || { apt-get update && apt-get install -y chromium; }

postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { apt-get update && apt-get install -y postgresql; }

# pdftotext reads the e-tickets back in the PDF tests.
poppler:
	@command -v pdftotext >/dev/null || { apt-get update && apt-get install -y poppler-utils; }

# --- the core as wasm, into pkg/ (the app depends on it) ---------------------------------------
# Three modules from one crate (core-wasm/README.md "Size"): `site` for the first pages, `booking`
# for the seat, payment and ticket pages, `staff` for the back office's site (/staff). Both builds write the same cargo output file, so each
# is copied aside as soon as it is built.
wasm: pkg/package.json

WASM_MODULES := $(CARGO_TARGET_DIR)/wasm-modules
WASM_FLAGS := -p core-wasm --lib --target wasm32-unknown-unknown --profile wasm-release
BINDGEN := wasm-bindgen --target bundler --remove-name-section --remove-producers-section

$(WASM_MODULES)/site.wasm: $(CORE_SRC) | tools
	cargo build $(WASM_FLAGS) --features site
	mkdir -p $(WASM_MODULES) && cp $(WASM) $@

$(WASM_MODULES)/booking.wasm: $(CORE_SRC) | tools $(WASM_MODULES)/site.wasm
	cargo build $(WASM_FLAGS) --features booking
	mkdir -p $(WASM_MODULES) && cp $(WASM) $@

$(WASM_MODULES)/staff.wasm: $(CORE_SRC) | tools $(WASM_MODULES)/booking.wasm
	cargo build $(WASM_FLAGS) --features staff
	mkdir -p $(WASM_MODULES) && cp $(WASM) $@

pkg/package.json: $(WASM_MODULES)/site.wasm $(WASM_MODULES)/booking.wasm $(WASM_MODULES)/staff.wasm core-wasm/package.json
	rm -rf pkg
	$(BINDGEN) --out-dir pkg --out-name core_wasm $(WASM_MODULES)/site.wasm
	$(BINDGEN) --out-dir pkg/booking --out-name core_wasm_booking $(WASM_MODULES)/booking.wasm
	$(BINDGEN) --out-dir pkg/staff --out-name core_wasm_staff $(WASM_MODULES)/staff.wasm
	cp core-wasm/package.json pkg/package.json

# --- the app --------------------------------------------------------------------------------
# npm ci only when the lockfile changed (or node_modules is missing).
app/node_modules/.package-lock.json: app/package-lock.json | pkg/package.json
	cd app && npm ci --no-audit --no-fund
	touch $@

tests/e2e/node_modules/.package-lock.json: tests/e2e/package-lock.json
	cd tests/e2e && npm ci --no-audit --no-fund
	touch $@

app: app/dist/index.html

app/dist/index.html: $(APP_SRC) pkg/package.json app/node_modules/.package-lock.json
	cd app && npm run build
	touch $@

# --- the server (cargo itself skips what has not changed) ------------------------------------
server:
	cargo build --release -p static-server

# --- tests ----------------------------------------------------------------------------------
test: build tools chromium postgres poppler tests/e2e/node_modules/.package-lock.json
	STATIC_SERVER_BIN=$(SERVER) bash tests/run-all.sh

size: build
	node tests/size.mjs

# The first-load budget of /bus: bytes of HTML, CSS, JS and wasm as served (<= 160 KB brotli) and
# the Lighthouse 12.8.2 mobile performance score (>= 95), against the real server in demo mode.
.PHONY: budget
budget: build chromium tests/e2e/node_modules/.package-lock.json
	STATIC_SERVER_BIN=$(SERVER) CHROME_PATH=/usr/bin/chromium node tests/load/page-budget.mjs

# /bus on a slow phone (issue 14): 400 kbps, 400 ms RTT, 4x CPU, cold then warm: first paint, search
# form usable (<= 2.0 s), app took over, results after a search, repeat visit usable (<= 1.0 s),
# and Lighthouse mobile (>= 95) for /bus, a results page and /bus/find-ticket.
.PHONY: slow-profile
slow-profile: build chromium tests/e2e/node_modules/.package-lock.json
	STATIC_SERVER_BIN=$(SERVER) CHROME_PATH=/usr/bin/chromium node tests/load/slow-profile.mjs

clean:
	rm -rf pkg app/dist tests/reports
