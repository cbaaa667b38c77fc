#!/usr/bin/env bash
# Complete sales per second on one server with the durability we ship, p99 per call, and the
# CPU per sale of the server, of PostgreSQL (all its processes) and of the load itself, with the
# sales this machine's cores allow at that cost. Usage: tests/load/sales-bench.sh [seconds] [workers]
#   SALES_STORE=sqlite (default): SQLite in WAL mode, every commit synced, as `make run` ships.
#   SALES_STORE=postgres: a throwaway PostgreSQL (tests/postgres.sh) with fsync on, reached over
#   its Unix socket (PG_TRANSPORT=tcp: over loopback TCP).
#   SALES_DAYS=10: days of trips seeded and sold on. The figure is over the time the selling
#   took; when the seats run out first the run says INVENTORY RAN OUT (seed more days).
#   SALES_ADDRESSES=many (default): each traveller comes from an address of its own (an
#   X-Forwarded-For the server trusts from loopback), under the per-address hold cap;
#   one: every traveller from one address, the cap lifted (all of a carrier's NAT at once).
#   COUNTER_LOAD=1: the demo counter seller sells one seat after another for cash beside the web
#   load (ticket-api/examples/counter_load.rs), and the run reports a counter sale's server time
#   (issue 41's budget: p99 <= 100 ms) beside the web figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
workers=${2:-64}
days=${SALES_DAYS:-10}
store=${SALES_STORE:-sqlite}
cargo build --release -q -p ticket-api --bin ticket-api --example sales_load --example counter_load
target=${CARGO_TARGET_DIR:-target}/release
work=$(mktemp -d /tmp/ticket-sales.XXXXXX)
source tests/load/lib.sh
bench_store "$store" sales
port=$(free_port)
# A bench traveller buys far faster than a person: rate limits are off. No Eid waiting room
# stands before the seats (the demo's is a week ahead, inside the bench's days).
case "${SALES_ADDRESSES:-many}" in
  many) addresses=(TRUSTED_PROXIES=127.0.0.1 TRAVELLER_ADDRESSES=1) ;;
  one) addresses=(HOLD_SEATS_PER_ADDRESS=1000000) ;;
  *) echo "SALES_ADDRESSES is many or one" >&2; exit 2 ;;
esac
env "${addresses[@]}" RATE_LIMITS=off SALE_WINDOWS=none DEMO_MODE=1 DEMO_DAYS=$((days + 1)) PORT=$port \
  DATABASE_URL="$url" RUST_LOG=warn "$target/ticket-api" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  curl -fs -o /dev/null -X POST "http://127.0.0.1:$port/oauth/access_token" -H 'Content-Type: application/json' \
    -d '{"grant_type":"client_credentials","client_id":"web"}' && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
# PostgreSQL's main process: its CPU and that of every backend it starts.
database=()
[ "$store" = postgres ] && database=(DATABASE_PID="$(head -1 "$pg_dir/data/postmaster.pid")")
echo "store: $store, $days days of trips"
counter=
if [ "${COUNTER_LOAD:-}" = 1 ]; then
  export COUNTER_SOLD="$work/counter.sold"
  "$target/examples/counter_load" "http://127.0.0.1:$port" "$seconds" >"$work/counter.log" 2>&1 &
  counter=$!
fi
status=0
env "${addresses[@]}" "${database[@]}" SALES_DAYS=$days SERVER_PID=$pid CLK_TCK=$(getconf CLK_TCK) "$target/examples/sales_load" "127.0.0.1:$port" "$seconds" "$workers" || status=$?
if [ -n "$counter" ]; then
  wait "$counter" || status=$?
  cat "$work/counter.log"
fi
exit $status
