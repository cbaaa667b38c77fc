#!/usr/bin/env bash
# The back office's budgets (issue 35): a 10,000-line schedule CSV imported (<= 10 s) and 200
# schedules x 30 days making 6,000 trips (<= 5 s), on the release server as `make run` ships it.
# Usage: tests/load/staff-bench.sh   (STAFF_STORE=postgres for a throwaway PostgreSQL)
set -euo pipefail
cd "$(dirname "$0")/../.."
store=${STAFF_STORE:-sqlite}
cargo build --release -q -p ticket-api --bin ticket-api --example staff_load
target=${CARGO_TARGET_DIR:-target}/release
work=$(mktemp -d /tmp/ticket-staff.XXXXXX)
source tests/load/lib.sh
bench_store "$store" staff
port=$(free_port)
RATE_LIMITS=off SALE_WINDOWS=none DEMO_MODE=1 PORT=$port DATABASE_URL="$url" RUST_LOG=warn \
  "$target/ticket-api" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  curl -fs -o /dev/null -X POST "http://127.0.0.1:$port/oauth/access_token" -H 'Content-Type: application/json' \
    -d '{"grant_type":"client_credentials","client_id":"web"}' && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
echo "store: $store"
"$target/examples/staff_load" "http://127.0.0.1:$port"
