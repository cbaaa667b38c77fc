#!/usr/bin/env bash
# Complete sales per second over 60 s on one server with the durability settings we ship
# (SQLite WAL, synchronous=NORMAL), and p99 per call. Usage: tests/load/sales-bench.sh [seconds] [workers]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
workers=${2:-64}
cargo build --release -q -p ticket-api --bin ticket-api --example sales_load
target=${CARGO_TARGET_DIR:-target}/release
work=$(mktemp -d /tmp/ticket-sales.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# One address plays every traveller: its rate limits and hold cap are off for the bench.
RATE_LIMITS=off HOLD_SEATS_PER_ADDRESS=1000000 DEMO_MODE=1 DEMO_DAYS=4 PORT=$port DATABASE_URL="sqlite://$work/sales.db" RUST_LOG=warn "$target/ticket-api" >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs -o /dev/null -X POST "http://127.0.0.1:$port/oauth/access_token" -H 'Content-Type: application/json' -d '{"grant_type":"client_credentials","client_id":"web"}' && break; sleep 0.2; done
"$target/examples/sales_load" "127.0.0.1:$port" "$seconds" "$workers"
