#!/usr/bin/env bash
# The Eid opening, end to end, on one node (issue 38): before the opening VISITORS visitors
# (default 1,000,000) each take a token and join the pre-queue of one of a day's Dhaka-Chattogram
# trips; from the opening, for RUSH_SECONDS (60), ARRIVALS new travellers a second (16,500) each
# take a token, search, open a seat view and join, every waiting visitor asks where it stands when
# its last answer said, and admitted travellers hold and buy 1-4 seats until the seats run out.
# The load generator (ticket-api/examples/eid_rush.rs) shares this machine's cores with the
# server: the CPU each used is reported. Then the store is read back: places lost or given twice,
# seats sold twice, admissions out of the draw's order. The last line:
#   eid-rush: draw S s, poll p99 X ms (opening), joins N/s, lost L, twice T, oversold O, 5xx E, memory M MB
# Usage: tests/load/eid-rush.sh   (VISITORS, RUSH_SECONDS, ARRIVALS, CONNECTIONS (256), ADMIT_PER_MINUTE
# (6000), PREP_SECONDS (time before the opening for the pre-queue's joins; default 30 + VISITORS /
# 4000), QUEUE_STORE=sqlite|postgres). Needs a release static-server (make build).
set -euo pipefail
cd "$(dirname "$0")/../.."
visitors=${VISITORS:-1000000}
rush=${RUSH_SECONDS:-60}
arrivals=${ARRIVALS:-16500}
connections=${CONNECTIONS:-256}
admit=${ADMIT_PER_MINUTE:-6000}
store=${QUEUE_STORE:-sqlite}
prep=${PREP_SECONDS:-$((30 + visitors / 4000))}
cargo build --release -q -p ticket-api --example eid_rush
loader=${CARGO_TARGET_DIR:-target}/release/examples/eid_rush
server=${STATIC_SERVER_BIN:-${CARGO_TARGET_DIR:-target}/release/static-server}
work=$(mktemp -d /tmp/eid-rush.XXXXXX)
source tests/load/lib.sh
bench_store "$store" rush

# One window over every bus trip of the day after tomorrow, opening PREP_SECONDS from now with the
# pre-queue open until then.
day=$(python3 -c 'import datetime; print((datetime.datetime.utcnow() + datetime.timedelta(hours=6, days=2)).date())')
read -r opens opens_ms < <(python3 -c "
import datetime, time
at = int(time.time()) + $prep
print(datetime.datetime.utcfromtimestamp(at + 6 * 3600).strftime('%Y-%m-%dT%H:%M:%S'), at * 1000)")
cat >"$work/windows.json" <<JSON
{"windows": [{"id": "eid-rush", "service": "BUS", "travelDates": {"from": "$day", "to": "$day"},
  "opensAt": "$opens", "preQueueMinutes": $((prep / 60 + 5)), "admitPerMinute": $admit,
  "admissionMinutes": 10, "openForMinutes": 120}]}
JSON

port=$(free_port)
# Every traveller comes with an address of its own (X-Forwarded-For from loopback, trusted): the
# per-address limits count as they would in the field; the per-visitor ones are the server's own.
RATE_LIMITS=off TRUSTED_PROXIES=127.0.0.1 SALE_WINDOWS="$work/windows.json" DEMO_MODE=1 DEMO_DAYS=3 PORT=$port \
  HOST=127.0.0.1 DIST_DIR=app/dist DATABASE_URL="$url" RUST_LOG=warn "$server" >"$work/server.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do curl -fs "$base/api/get-rollout" >/dev/null 2>&1 && break; sleep 0.2; done
token=$(curl -fs -X POST "$base/oauth/access_token" -H 'Content-Type: application/json' \
  -d '{"grant_type":"client_credentials","client_id":"web"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
trips=$(curl -fs -X POST "$base/v1/api/intercity/get-schedule-trips" -H "Authorization: Bearer $token" \
  -H 'Content-Type: application/json' -d "{\"from\":\"Dhaka\",\"to\":\"Chattogram\",\"journeyDate\":\"$day\"}" |
  python3 -c 'import json,sys; print(",".join(t["_id"] for t in json.load(sys.stdin)["data"]["trips"]))')
echo "$store, $visitors in the pre-queue, ${arrivals}/s arriving for ${rush} s, $connections connections, $(nproc) cores shared by server and load"
echo "window: $day's Dhaka-Chattogram bus trips ($(tr ',' '\n' <<<"$trips" | wc -l) trips), opening at $opens Dhaka, $admit let in a minute"

cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ticks=$(getconf CLK_TCK)

# 1. The pre-queue.
"$loader" "$base" prequeue "$visitors" "$connections" "$trips" >"$work/places" 2>"$work/prequeue.txt"
cat "$work/prequeue.txt"
joined=$(wc -l <"$work/places")
left_ms=$((opens_ms - $(date +%s%3N)))
if [ "$left_ms" -le 0 ]; then
  echo "!! THE PRE-QUEUE RAN PAST THE OPENING by $((-left_ms)) ms: raise PREP_SECONDS; the opening below is not a clean one"
else
  echo "pre-queue ready $((left_ms / 1000)) s before the opening"
fi
server_mb_before=$(awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status")

# 2. The opening: the draw watched in the store, the rush from the load generator.
python3 - "$url" "$opens_ms" "$((rush + 30))" >"$work/draw.txt" <<'PY' &
import subprocess, sys, time
url, opens_ms, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
sql = "SELECT drawn, placed, COALESCE(prequeue, -1) FROM queue_openings"
def read():
    if url.startswith("sqlite://"):
        import sqlite3
        c = sqlite3.connect(f"file:{url[len('sqlite://'):]}?mode=ro", uri=True, timeout=5)
        row = c.execute(sql).fetchone(); c.close(); return row
    out = subprocess.run(["psql", url, "-tAc", sql], capture_output=True, text=True).stdout.strip()
    return tuple(int(x) for x in out.split("|")) if out else None
drawn_at = placed_at = None
end = time.time() + seconds + (opens_ms / 1000 - time.time())
while time.time() < end:
    try:
        row = read()
    except Exception:
        row = None
    now = time.time() * 1000
    if row and row[0] == 1 and drawn_at is None:
        drawn_at = now
    if row and row[0] == 1 and row[1] >= row[2] >= 0:
        placed_at = now
        break
    time.sleep(0.05)
print(f"{(drawn_at or 0) - opens_ms:.0f} {(placed_at or 0) - opens_ms:.0f} {1 if placed_at else 0}")
PY
watcher=$!
server_cpu_before=$(cpu "$pid")
ARRIVAL_PLACES="$work/arrived" /usr/bin/time -f "%U %S" -o "$work/loader.cpu" \
  "$loader" "$base" rush "$opens_ms" "$rush" "$arrivals" "$connections" "$trips" Dhaka Chattogram "$day" \
  <"$work/places" >"$work/rush.txt"
server_cpu=$(awk -v a="$server_cpu_before" -v b="$(cpu "$pid")" -v t="$ticks" 'BEGIN {printf "%.1f", (b - a) / t}')
loader_cpu=$(awk '{printf "%.1f", $1 + $2}' "$work/loader.cpu")
memory=$(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status")
wait "$watcher" || true
grep -v '^LINE' "$work/rush.txt"
echo "CPU from the pre-queue's last 30 s to the rush's end: server ${server_cpu} s, load generator ${loader_cpu} s (of $(nproc) x $((rush + 30)) s)"
echo "server memory: ${server_mb_before} MB with the pre-queue in, peak ${memory} MB"

# 3. The store read back.
python3 - "$work" "$url" "$joined" <<'PY' >"$work/store.txt"
import pathlib, subprocess, sys
work, url, joined = pathlib.Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
def rows(sql):
    if url.startswith("sqlite://"):
        import sqlite3
        return sqlite3.connect(url[len("sqlite://"):]).execute(sql).fetchall()
    out = subprocess.run(["psql", url, "-tAc", sql], capture_output=True, text=True, check=True).stdout
    return [tuple(int(x) if x.lstrip("-").isdigit() else (None if x == "" else x) for x in line.split("|"))
            for line in out.splitlines() if line]
def query(sql):
    return rows(sql)[0]
counted, prequeue = query("SELECT places, COALESCE(prequeue, -1) FROM queue_openings")
# Every place with its position: a pre-queue place's is in the draw's own table (migration 0025).
stored_places = rows(
    "SELECT p.place_id, p.visitor, COALESCE(p.position, d.position), p.admitted_at FROM queue_places p "
    "LEFT JOIN queue_draw d ON d.queue_id = p.queue_id AND d.draw_key = p.draw_key AND d.place_id = p.place_id")
ids = {place for place, _, _, _ in stored_places}
positions = [at for _, _, at, _ in stored_places if at is not None]
places, people = len(stored_places), len({visitor for _, visitor, _, _ in stored_places})
positioned, distinct = len(positions), len(set(positions))
low, high = (min(positions), max(positions)) if positions else (0, -1)
# Every place a visitor was given is in the store, once; the pre-queue's positions written.
answered = [line.split()[1] for line in (work / "places").read_text().splitlines()]
arrived = (work / "arrived").read_text().split() if (work / "arrived").exists() else []
lost = sum(1 for p in answered + arrived if p not in ids)
stored = sum(1 for at in positions if at < max(prequeue, 0))
unplaced = max(prequeue, 0) - stored
twice = (places - people) + (positioned - distinct) + (len(answered) + len(arrived) - len(set(answered + arrived)))
oversold = query(
    "SELECT COUNT(*) FROM booking_seats s1 JOIN bookings b1 ON b1.id = s1.booking_id JOIN tickets t1 ON t1.booking_id = b1.id "
    "JOIN booking_seats s2 ON s2.seat_no = s1.seat_no JOIN bookings b2 ON b2.id = s2.booking_id AND b2.trip_id = b1.trip_id "
    "JOIN tickets t2 ON t2.booking_id = b2.id WHERE b1.id < b2.id AND t1.status = 'confirmed' AND t2.status = 'confirmed' "
    "AND b1.from_stop < b2.to_stop AND b2.from_stop < b1.to_stop")[0]
# Admitted in the draw's order: no place admitted while one before it in line was not yet, and
# none stamped admitted before the one ahead of it by more than the second a turn may wait to be
# noticed (a turn is stamped when its visitor asks, or at the queue's next refresh).
admitted_at = {at: when for _, _, at, when in stored_places if at is not None}
last = max((when for when in admitted_at.values() if when is not None), default=None)
top = max((at for at, when in admitted_at.items() if when is not None and when <= last - 1000), default=-1) if last is not None else -1
skipped = sum(1 for at, when in admitted_at.items() if at < top and when is None)
inverted = sum(1 for at, when in admitted_at.items()
               if when is not None and admitted_at.get(at + 1) is not None and admitted_at[at + 1] < when - 1000)
print(f"store: {places} places of {people} visitors, counted {counted}; pre-queue {prequeue} ({joined} joined before the opening, {stored} placed); positions {low}..{high}, {distinct} distinct")
print(f"admissions: up to position {top} a second before the last; {skipped} skipped in line, {inverted} admitted over a second before the one ahead")
print(f"given {len(answered)} places before the opening and {len(arrived)} after; {unplaced} of the pre-queue still without a position")
print(f"lost {lost} twice {twice} oversold {oversold} out_of_order {skipped + inverted}")
PY
cat "$work/store.txt"
if grep -qiE 'error|panic' "$work/server.log"; then
  echo "server log: $(grep -ciE 'error|panic' "$work/server.log") lines with errors, the first:"
  grep -iE 'error|panic' "$work/server.log" | head -5
fi
read -r draw_started draw_done placed_ok <"$work/draw.txt"
draw_s=$(awk -v a="$draw_done" 'BEGIN {printf "%.1f", a / 1000}')
[ "$placed_ok" = 1 ] || { draw_s="not finished"; echo "!! THE DRAW DID NOT FINISH within the run"; }
echo "draw: drawn $draw_started ms after the opening, every position written ${draw_done} ms after it"
line=$(grep '^LINE' "$work/rush.txt")
poll=$(sed -E 's/.*poll_p99_opening_ms=([0-9.]+).*/\1/' <<<"$line")
joins=$(sed -E 's/.*joins_per_s=([0-9]+).*/\1/' <<<"$line")
errors=$(sed -E 's/.*server_errors=([0-9]+).*/\1/' <<<"$line")
read -r lost twice oversold < <(awk '/^lost/ {print $2, $4, $6}' "$work/store.txt")
echo "eid-rush: draw ${draw_s} s, poll p99 ${poll} ms (opening), joins ${joins}/s, lost ${lost}, twice ${twice}, oversold ${oversold}, 5xx ${errors}, memory ${memory} MB"
