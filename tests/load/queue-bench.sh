#!/usr/bin/env bash
# The Eid waiting room under a stampede (issue 16), on loopback: a burst of joins from VISITORS
# distinct visitors (default 100,000), then status polls, then the trivial endpoint of the same
# server in the same run, each with requests/s and p99; then the store is read back: every
# visitor has exactly one place, no position is held twice, none is missing.
# Targets: >= 10,000 joins/s, >= 50,000 polls/s. Uses wrk (Debian).
# Usage: tests/load/queue-bench.sh [poll seconds]   (VISITORS, CONNECTIONS; QUEUE_STORE=postgres)
# Needs a release static-server and app/dist (make build).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
visitors=${VISITORS:-100000}
connections=${CONNECTIONS:-64}
store=${QUEUE_STORE:-sqlite}
command -v wrk >/dev/null || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
cargo build --release -q -p ticket-api --example queue_load
loader=${CARGO_TARGET_DIR:-target}/release/examples/queue_load
server=${STATIC_SERVER_BIN:-${CARGO_TARGET_DIR:-target}/release/static-server}
work=$(mktemp -d /tmp/ticket-queue.XXXXXX)
source tests/load/lib.sh
bench_store "$store" queue

# One window over every bus trip of the day after tomorrow, opening at once: the joins queue in
# the order they come (the pre-queue's draw is the API tests'), 600 let in a minute.
day=$(python3 -c 'import datetime; print((datetime.datetime.utcnow() + datetime.timedelta(hours=6, days=2)).date())')
opens=$(python3 -c 'import datetime; print((datetime.datetime.utcnow() + datetime.timedelta(hours=6)).strftime("%Y-%m-%dT%H:%M:%S"))')
cat >"$work/windows.json" <<JSON
{"windows": [{"id": "bench", "service": "BUS", "travelDates": {"from": "$day", "to": "$day"},
  "opensAt": "$opens", "admitPerMinute": 600, "openForMinutes": 60}]}
JSON

port=$(free_port)
# One address plays every visitor: its rate limits are off for the bench.
RATE_LIMITS=off SALE_WINDOWS="$work/windows.json" DEMO_MODE=1 DEMO_DAYS=3 PORT=$port HOST=127.0.0.1 DIST_DIR=app/dist \
  DATABASE_URL="$url" RUST_LOG=warn "$server" >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do curl -fs "$base/api/get-rollout" >/dev/null 2>&1 && break; sleep 0.2; done

token=$(curl -fs -X POST "$base/oauth/access_token" -H 'Content-Type: application/json' \
  -d '{"grant_type":"client_credentials","client_id":"web"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
trip=$(curl -fs -X POST "$base/v1/api/intercity/get-schedule-trips" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' -d "{\"from\":\"Dhaka\",\"to\":\"Chattogram\",\"journeyDate\":\"$day\"}" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["trips"][0]["_id"])')

# 1. VISITORS visitors, each with a token the server issued (the set-up, not timed), then the
# burst: each visitor joins once (queue_load: keep-alive connections, each join exactly once,
# timed over the burst itself).
"$loader" "$base" mint "$visitors" "$connections" >"$work/visitors"
"$loader" "$base" join "$trip" "$connections" <"$work/visitors" >"$work/places" 2>"$work/joins.txt"

# 2. Status polls, round and round the places, each with its own visitor's token.
cat >"$work/poll.lua" <<LUA
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
local items, i
function init(args)
  items, i = {}, 0
  local n = 0
  for line in io.lines("$work/places") do
    if n % 2 == id then table.insert(items, line) end
    n = n + 1
  end
end
function request()
  i = i % #items + 1
  local token, place = items[i]:match("(%S+) (%S+)")
  return wrk.format("GET", "/v1/api/common/queue/status?queueId=" .. place, {["Authorization"] = "Bearer " .. token})
end
LUA

echo "$store, $visitors visitors, $connections connections, loopback, $(nproc)-core machine"
cat "$work/joins.txt"
python3 -c "import re,sys; print(re.search(r'= (\d+) joins/s', open(sys.argv[1]).read()).group(1))" "$work/joins.txt" >"$work/joins.rps"
wrk_run "status polls" "$seconds" "$base/v1/api/common/queue/status" "$work/poll.lua"
wrk_run "trivial endpoint" "$seconds" "$base/api/get-rollout"

# 4. Every visitor one place, every position once, none missing: from the answers and the store.
python3 - "$work" "$visitors" "$url" <<'PY'
import pathlib, subprocess, sys
work, visitors, url = pathlib.Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
answers = [line.split() for line in (work / "places").read_text().splitlines()]
failed = [] if len(answers) == visitors else ["missing"] * (visitors - len(answers))
places = {place for _, place in answers}
sql = ("SELECT COUNT(*), COUNT(DISTINCT visitor), COUNT(DISTINCT place_id), COUNT(position), "
       "COUNT(DISTINCT position), MIN(position), MAX(position) FROM queue_places")
if url.startswith("sqlite://"):
    import sqlite3
    row = sqlite3.connect(url[len("sqlite://"):]).execute(sql).fetchone()
else:
    out = subprocess.run(["psql", url, "-tAc", sql], capture_output=True, text=True, check=True).stdout
    row = [int(x) for x in out.strip().split("|")]
count, people, ids, positioned, distinct, low, high = row
print(f"answers: {len(answers)} places answered, {len(places)} distinct, {len(failed)} joins without one")
print(f"store:   {count} places, {people} visitors, {distinct} distinct positions {low}..{high}")
ok = (len(answers) == visitors and not failed and len(places) == visitors and count == people == ids
      == positioned == distinct == visitors and low == 0 and high == visitors - 1)
print("OK: every visitor has one place, no position twice, none lost" if ok else "DUPLICATE OR LOST PLACES")
t = float((work / "trivial endpoint.rps").read_text())
for name in ("joins", "status polls"):
    r = float((work / f"{name}.rps").read_text())
    print(f"{name}: {100 * r / t:.1f}% of the trivial endpoint")
sys.exit(0 if ok else 1)
PY
