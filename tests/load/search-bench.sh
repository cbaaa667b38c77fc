#!/usr/bin/env bash
# Throughput and p99 of trip search and seat view against a trivial endpoint of the same server,
# in one run on loopback (issue: search >= 10% of the trivial endpoint's rate, p99 < 20 ms at 64
# connections). Uses wrk (Debian). Usage: tests/load/search-bench.sh [seconds per endpoint]
# Needs a release static-server and app/dist (make build).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
command -v wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
server=${STATIC_SERVER_BIN:-${CARGO_TARGET_DIR:-target}/release/static-server}
work=$(mktemp -d /tmp/ticket-bench.XXXXXX)
source tests/load/lib.sh
port=$(free_port)
# A bench asks far faster than a person: rate limits are off (the address backstop would answer 429s).
RATE_LIMITS=off DEMO_MODE=1 DEMO_DAYS=3 PORT=$port HOST=127.0.0.1 DIST_DIR=app/dist DATABASE_URL="sqlite://$work/bench.db" \
  RUST_LOG=warn "$server" >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fs "$base/api/get-rollout" >/dev/null 2>&1 && break; sleep 0.2; done

token=$(curl -fs -X POST "$base/oauth/access_token" -H 'Content-Type: application/json' \
  -d '{"grant_type":"client_credentials","client_id":"web"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
python3 tests/load/read-scripts.py "$base" "$token" "$work"

echo "wrk, 2 threads, 64 connections, ${seconds}s each, loopback, 2-core machine"
wrk_run trivial "$seconds" "$base/api/get-rollout"
wrk_run get-schedule-trips "$seconds" "$base/v1/api/intercity/get-schedule-trips" "$work/search.lua"
wrk_run get-seat-view "$seconds" "$base/v1/api/intercity/get-seat-view" "$work/seat.lua"
python3 - "$work" <<'PY'
import sys, pathlib
w = pathlib.Path(sys.argv[1])
t = float((w / "trivial.rps").read_text())
for name in ("get-schedule-trips", "get-seat-view"):
    r = float((w / f"{name}.rps").read_text())
    print(f"{name}: {100 * r / t:.1f}% of the trivial endpoint")
PY
