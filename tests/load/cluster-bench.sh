#!/usr/bin/env bash
# Several server processes on one PostgreSQL behind haproxy (issue 17): search and seat view per
# process with the claims kept in memory (copies at most CLAIMS_MAX_AGE_MS old, the others'
# writes told by notices) and without (CLAIMS_MAX_AGE_MS=0), against one process on SQLite in the
# same run; then complete sales through the balancer, where after every seat-lock and every sale
# is answered each process is asked for the seat map and must show the seat taken within the
# bound. Fails on an oversold seat or a stale view.
# Usage: tests/load/cluster-bench.sh [seconds per measure] [processes]
#   CLUSTER_ROUNDS=5: rounds of SQLite / PostgreSQL measures taken in turns; the ratio reported
#   is the median round's.
# Needs a release static-server and app/dist (make build); installs haproxy and wrk if missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
processes=${2:-2}
days=${SALES_DAYS:-3}
for tool in haproxy wrk; do
  command -v "$tool" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$tool" >/dev/null; }
done
cargo build --release -q -p ticket-api --example sales_load
target=${CARGO_TARGET_DIR:-target}/release
server=${STATIC_SERVER_BIN:-$target/static-server}
work=$(mktemp -d /tmp/ticket-cluster.XXXXXX)
source tests/load/lib.sh
bench_store postgres cluster
# Every process signs and checks the same tokens, as behind any balancer; each traveller comes
# from an address of its own (X-Forwarded-For, trusted from loopback); a bench traveller buys
# far faster than a person, so rate limits are off; no waiting room stands before the seats.
secret() { python3 -c 'import secrets; print(secrets.token_hex(32))'; }
export TOKEN_SECRET=$(secret) OTP_SECRET=$(secret) RATE_LIMITS=off TRUSTED_PROXIES=127.0.0.1 SALE_WINDOWS=none \
  DEMO_MODE=1 DEMO_DAYS=$((days + 1)) DIST_DIR=app/dist HOST=127.0.0.1 RUST_LOG=warn

# start NAME DATABASE_URL [VAR=VALUE...]: a server process on a free port, ready; sets `port`
# and `started` (its pid).
start() {
  local name=$1 url=$2
  shift 2
  port=$(free_port)
  env "$@" PORT="$port" DATABASE_URL="$url" "$server" >"$work/$name.log" 2>&1 &
  started=$!
  pids+=("$started")
  for _ in $(seq 1 300); do
    curl -fs -o /dev/null "http://127.0.0.1:$port/api/get-rollout" && return
    kill -0 "$started" 2>/dev/null || { cat "$work/$name.log" >&2; exit 1; }
    sleep 0.2
  done
  echo "$name did not start" >&2
  exit 1
}

# The first process seeds the empty store; the others start on it.
ports=()
servers=()
for n in $(seq 1 "$processes"); do
  start "p$n" "$url"
  ports+=("$port")
  servers+=("$started")
done
backends=""
for n in $(seq 1 "$processes"); do backends+="    server p$n 127.0.0.1:${ports[$((n - 1))]}"$'\n'; done
lb=$(free_port)
cat >"$work/haproxy.cfg" <<CFG
global
    maxconn 4096
defaults
    mode http
    timeout connect 5s
    timeout client 30s
    timeout server 30s
frontend site
    bind 127.0.0.1:$lb
    default_backend servers
backend servers
    balance roundrobin
$backends
CFG
haproxy -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do curl -fs -o /dev/null "http://127.0.0.1:$lb/api/get-rollout" && break; sleep 0.1; done

token=$(curl -fs -X POST "http://127.0.0.1:$lb/oauth/access_token" -H 'Content-Type: application/json' \
  -d '{"grant_type":"client_credentials","client_id":"web"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
python3 tests/load/read-scripts.py "http://127.0.0.1:$lb" "$token" "$work"

# reads NAME BASE: trivial endpoint, search and seat view of one server (or the balancer).
reads() {
  wrk_run "$1 trivial" "$seconds" "$2/api/get-rollout"
  wrk_run "$1 search" "$seconds" "$2/v1/api/intercity/get-schedule-trips" "$work/search.lua"
  wrk_run "$1 seat-view" "$seconds" "$2/v1/api/intercity/get-seat-view" "$work/seat.lua"
}
echo "wrk, 2 threads, 64 connections, ${seconds}s each, loopback, 2-core machine; $processes processes on one PostgreSQL (fsync on)"
# One SQLite process and one PostgreSQL process answer in turns, search then seat view, $rounds
# rounds: each ratio is of two measures taken one after the other, and the figure is the median
# round's, so the machine's drift over the run (a quarter between runs here) does not decide it.
rounds=${CLUSTER_ROUNDS:-5}
start sqlite "sqlite://$work/one.db"
sqlite_base="http://127.0.0.1:$port"
sqlite_pid=$started
wrk_run "sqlite-1 trivial" "$seconds" "$sqlite_base/api/get-rollout"
wrk_run "pg-cached trivial" "$seconds" "http://127.0.0.1:${ports[0]}/api/get-rollout"
for r in $(seq 1 "$rounds"); do
  for call in search seat-view; do
    case $call in search) path=/v1/api/intercity/get-schedule-trips lua=search.lua ;; *) path=/v1/api/intercity/get-seat-view lua=seat.lua ;; esac
    wrk_run "sqlite-1 $call $r" "$seconds" "$sqlite_base$path" "$work/$lua"
    wrk_run "pg-cached $call $r" "$seconds" "http://127.0.0.1:${ports[0]}$path" "$work/$lua"
  done
done
kill "$sqlite_pid"
start uncached "$url" CLAIMS_MAX_AGE_MS=0
reads "pg-uncached" "http://127.0.0.1:$port"
kill "$started"
reads "pg-balanced" "http://127.0.0.1:$lb"
python3 - "$work" "$processes" "$rounds" <<'PY'
import sys, pathlib, statistics
w, n, rounds = pathlib.Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rate = lambda name: float((w / f"{name}.rps").read_text())
for call in ("search", "seat-view"):
    ratios = [rate(f"pg-cached {call} {r}") / rate(f"sqlite-1 {call} {r}") for r in range(1, rounds + 1)]
    one = statistics.median(rate(f"sqlite-1 {call} {r}") for r in range(1, rounds + 1))
    print(f"{call}: one PostgreSQL process with the cache {100 * statistics.median(ratios):.0f}% of one SQLite process "
          f"(median of {rounds} rounds: {', '.join(f'{100 * x:.0f}%' for x in ratios)}), "
          f"without {100 * rate(f'pg-uncached {call}') / one:.0f}%; {n} behind haproxy {100 * rate(f'pg-balanced {call}') / one:.0f}% together")
PY

echo "sales through haproxy, every seat-lock and sale checked on each of the $processes processes:"
peers=$(printf '127.0.0.1:%s,' "${ports[@]}")
TRAVELLER_ADDRESSES=1 SALES_DAYS=$days SERVER_PID=$(IFS=,; echo "${servers[*]}") CLK_TCK=$(getconf CLK_TCK) PEERS=${peers%,} \
  DATABASE_PID="$(head -1 "$pg_dir/data/postmaster.pid")" \
  "$target/examples/sales_load" "127.0.0.1:$lb" "$seconds" 32
