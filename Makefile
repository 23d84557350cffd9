# Gavel: the two commands are `make run` and `make test`.
#
#   make run    install what is missing, build the SPA, serve UI and API on http://127.0.0.1:8000
#   make test   every check (lint, types, backend tests on SQLite and PostgreSQL, frontend unit tests,
#               production build, Playwright in Chromium); the last line is `N passed, N failed`
#   make lint   ruff, mypy, the import layers (lint-imports), eslint and tsc only
#   make api    regenerate frontend/src/api/schema.d.ts from the backend's OpenAPI
#   make demo   reload the demo data into the database of `make run`
#   make bench  run the benchmarks of bench/ (not part of the tests)
#   make bench-faults   restart a PostgreSQL of its own under load: errors by status, lost writes (bench/README.md)
#   make bench-saleday  50 staff users of a sale day with Locust against 2 app processes on the bench data
#   make fuzz   the long API fuzz run (Schemathesis, about 10,800 cases)
#
# Installs and the build are file-timestamp rules, so a second `make run` starts in seconds.
# GAVEL_* variables from the environment pass through to the backend.

SHELL := /bin/bash
.DEFAULT_GOAL := run

VENV        := backend/.venv
PY          := $(CURDIR)/$(VENV)/bin/python
VENV_STAMP  := $(VENV)/.gavel-installed
NODE_STAMP  := frontend/node_modules/.gavel-installed
SPA_INDEX   := frontend/dist/index.html

# Everything the production build reads.
FRONTEND_INPUTS := $(shell find frontend/src frontend/public -type f 2>/dev/null) \
	$(wildcard frontend/index.html frontend/vite.config.* frontend/tsconfig*.json frontend/package.json)

GAVEL_DATA_DIR ?= $(CURDIR)/data
GAVEL_SPA_DIR  ?= $(CURDIR)/frontend/dist
export GAVEL_DATA_DIR GAVEL_SPA_DIR

.PHONY: run test lint api demo bench deps backend-deps frontend-deps build

# ---------------------------------------------------------------------------------------------- installs

$(VENV_STAMP): backend/pyproject.toml
	@test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	$(VENV)/bin/python -m pip install --disable-pip-version-check --quiet -e './backend[dev]'
	@touch $@

$(NODE_STAMP): frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

$(SPA_INDEX): $(NODE_STAMP) $(FRONTEND_INPUTS) frontend/package-lock.json
	cd frontend && npm run build
	@touch $@

backend-deps: $(VENV_STAMP)
frontend-deps: $(NODE_STAMP)
deps: backend-deps frontend-deps
build: $(SPA_INDEX)

# ---------------------------------------------------------------------------------------------- commands

# GAVEL_PUBLIC_URL defaults to the local address: promotional emails link to it (their unsubscribe link).
run: $(VENV_STAMP) $(SPA_INDEX)
	@mkdir -p "$(GAVEL_DATA_DIR)"
	cd backend && GAVEL_PUBLIC_URL="$${GAVEL_PUBLIC_URL:-http://127.0.0.1:$${GAVEL_PORT:-8000}}" exec $(PY) -m gavel serve

test:
	@bash scripts/test.sh

lint: $(VENV_STAMP) $(NODE_STAMP)
	@rc=0; \
	(cd backend && .venv/bin/ruff check .) || rc=1; \
	(cd backend && .venv/bin/mypy gavel) || rc=1; \
	(cd backend && .venv/bin/lint-imports --no-logo) || rc=1; \
	(cd frontend && npm run --silent lint) || rc=1; \
	(cd frontend && npm run --silent typecheck) || rc=1; \
	exit $$rc

api: $(VENV_STAMP) $(NODE_STAMP)
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	(cd backend && $(PY) -m gavel openapi) > "$$tmp/openapi.json" && \
	(cd frontend && npx --no-install openapi-typescript "$$tmp/openapi.json" -o src/api/schema.d.ts)

demo: $(VENV_STAMP)
	@mkdir -p "$(GAVEL_DATA_DIR)"
	cd backend && $(PY) -m gavel demo

bench: $(VENV_STAMP)
	@if [ -f bench/run.sh ]; then bash bench/run.sh; \
	else echo "make bench: bench/run.sh does not exist yet, so there is nothing to measure."; fi

# Issue 16: under 16 readers and a writer (bench/README.md, Faults), a PostgreSQL of its own restarted, then
# the SMTP server and the SMS/WhatsApp providers (the probe's stand-ins) down for 5 s. BENCH_FAULTS_ARGS runs
# one probe with those arguments instead, e.g. BENCH_FAULTS_ARGS="--fault providers --outage hang".
.PHONY: bench-faults
bench-faults: $(VENV_STAMP)
ifeq ($(strip $(BENCH_FAULTS_ARGS)),)
	$(PY) bench/faults_probe.py
	$(PY) bench/faults_probe.py --fault providers
else
	$(PY) bench/faults_probe.py $(BENCH_FAULTS_ARGS)
endif

# Issue 16: Schemathesis over every operation with a large budget, 40 cases per operation and mode, about 11,000
# (bench/README.md, API fuzzing); `make test` runs the same test with 3. TEST_DATABASE_URL picks PostgreSQL.
.PHONY: fuzz
fuzz: $(VENV_STAMP)
	cd backend && GAVEL_FUZZ_EXAMPLES=$${GAVEL_FUZZ_EXAMPLES:-40} $(PY) -m pytest -q -s -p no:cacheprovider \
		tests/fuzz/test_api_fuzz.py

# Issue 16: a sale day under load, 50 staff users against 2 app processes on the bench database (bench/README.md,
# Sale day under load). Changes the bench data. Locust comes from the `bench` extra, installed here if missing.
.PHONY: bench-saleday
bench-saleday: $(VENV_STAMP)
	@$(PY) -c "import locust" 2>/dev/null || $(VENV)/bin/python -m pip install --disable-pip-version-check --quiet -e './backend[bench]'
	bash bench/saleday.sh

# Issue 25: live bidding on a PostgreSQL of its own with 2 app processes (bench/README.md, Live bidding): bid
# latency, 50 staff sockets, 20 online lanes' closing times, kill -9 of an app process and a PostgreSQL restart.
# BENCH_BIDDING_ARGS passes options, e.g. BENCH_BIDDING_ARGS="--only latency,fanout --seconds 10".
.PHONY: bench-bidding
bench-bidding: $(VENV_STAMP)
	$(PY) bench/bidding_bench.py $(BENCH_BIDDING_ARGS)
