#!/usr/bin/env bash
# Runs every suite, even after one fails, then prints one line "N passed, N failed" counted over
# individual test cases (tests/summary.py). Skipped or ignored cases count as failures: a test
# that does not run proves nothing. Exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=tests/reports
rm -rf "$reports" && mkdir -p "$reports"

stage() { # name, command...
  local name=$1; shift
  echo "=== $name"
  "$@" 2>&1 | tee "$reports/$name.log"
  echo "${PIPESTATUS[0]}" > "$reports/$name.status"
}

# The store's tests run on SQLite and on a throwaway PostgreSQL server; if it cannot start,
# the PostgreSQL tests fail (nothing is skipped).
if pg=$(bash tests/postgres.sh start); then
  pg_dir=${pg%% *}
  export TICKET_API_TEST_POSTGRES=${pg#* }
  trap 'bash tests/postgres.sh stop "$pg_dir"' EXIT
else
  echo "PostgreSQL did not start; its tests will fail"
fi

# Gates: each counts as one case, passed when the tool finds nothing (no warning either).
stage rustfmt cargo fmt --all --check
stage clippy bash -c 'cargo clippy --workspace --all-targets -- -D warnings && cargo clippy -p core-wasm --lib --target wasm32-unknown-unknown --features site,booking,staff -- -D warnings'
stage eslint bash -c 'cd app && npm run lint'
stage cargo cargo test --workspace --all-targets --no-fail-fast
stage vitest bash -c 'cd app && npx vitest run'
stage e2e bash -c 'cd tests/e2e && npx playwright test'

python3 tests/summary.py "$reports"
