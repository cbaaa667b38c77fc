#!/usr/bin/env bash
# Survive losing the primary (issue 33; docs/deployment-failover.md). On loopback: etcd, two
# PostgreSQL 15 nodes under Patroni with a synchronous standby, haproxy sending the servers'
# connections to whichever node Patroni's REST API calls the primary, two ticket-api processes
# on it. A burst of complete sales runs through both processes; a third of the way in, the
# primary's postmaster gets SIGKILL. Then, on the promoted primary: every sale answered 200 has
# its ticket, no seat-leg is sold twice; no answer was a 500 (a 503 with Retry-After during the
# switch is fine: the buyer sends the call again with the same Idempotency-Key); sales resume
# within 15 s. Last, the old primary must rejoin as the synchronous standby. Ends with one line:
#   failover: answered N, tickets found F, sold twice T, 500s E, resumed after S s
# and exits non-zero when a check fails.
# Usage: [BUYERS=8] [SECONDS=36] tests/load/failover.sh   (buyers per process, seconds of burst)
#   FAILOVER_STRICT=1: synchronous_mode_strict (no commit without a standby: see the doc)
#   KEEP=1: keep the temporary folder (logs, configs, the burst's JSON) for a look afterwards
# Installs patroni, etcd-server and haproxy if missing; builds the release ticket-api.
# SECONDS is also bash's clock, which starts from the value in the environment: read it at once
# (0 when the caller set none), then count from 0.
burst=$SECONDS
[ "$burst" -ge 1 ] 2>/dev/null || burst=36
SECONDS=0
set -euo pipefail
cd "$(dirname "$0")/../.."
buyers=${BUYERS:-8}
strict=${FAILOVER_STRICT:-0}
pgbin=/usr/lib/postgresql/15/bin

ls "$pgbin/initdb" >/dev/null 2>&1 || { apt-get update && apt-get install -y postgresql; }
command -v patroni >/dev/null && command -v etcd >/dev/null && command -v haproxy >/dev/null ||
  { apt-get update && apt-get install -y patroni etcd-server haproxy; }
cargo build --release -q -p ticket-api --bin ticket-api
server=${CARGO_TARGET_DIR:-target}/release/ticket-api

work=$(mktemp -d /tmp/ticket-failover.XXXXXX)
chmod 755 "$work"
pids=() patronis=() etcd_pid=
# Whatever hangs, the run ends within 10 minutes (a normal one takes about 2).
(
  trap 'kill $timer 2>/dev/null; exit 0' TERM
  sleep 600 &
  timer=$!
  wait $timer
  echo "failover.sh: still running after 10 minutes: giving up" >&2
  kill -TERM $$
  pkill -TERM -P $$ # this script's own children (the step it waits for): then its clean-up runs
) &
watchdog=$!
cleanup() {
  local code=$? group p
  kill "$watchdog" 2>/dev/null || true
  # The servers and haproxy, then both Patronis together (each stops its PostgreSQL; one at a
  # time, the other would take over), then etcd; each group given 20 s.
  for group in "${pids[*]}" "${patronis[*]}" "$etcd_pid"; do
    for p in $group; do kill "$p" 2>/dev/null || true; done
    for _ in $(seq 1 200); do
      kill -0 $group 2>/dev/null || break
      sleep 0.1
    done
    for p in $group; do kill -9 "$p" 2>/dev/null || true; done
  done
  # A postmaster whose Patroni was killed before stopping it.
  for n in 1 2; do
    [ -f "$work/pg$n/data/postmaster.pid" ] &&
      runuser -u postgres -- "$pgbin/pg_ctl" -D "$work/pg$n/data" stop -m immediate >/dev/null 2>&1 || true
  done
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
  exit $code
}
trap cleanup EXIT
trap 'exit 130' INT TERM
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
# wait_for WHAT SECONDS COMMAND...: until COMMAND succeeds, or fail naming WHAT.
wait_for() {
  local what=$1 limit=$2
  shift 2
  local until=$((SECONDS + limit))
  while ! "$@" >/dev/null 2>&1; do
    [ $SECONDS -ge $until ] && { echo "FAILED: $what within ${limit}s" >&2; return 1; }
    sleep 0.2
  done
}
ok() { [ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" = 200 ]; }
t0=$SECONDS
step() { printf '[%3ds] %s\n' $((SECONDS - t0)) "$*"; }

# --- etcd: our own, on free loopback ports, its data in $work ---------------------------------
etcd_client=$(free_port) etcd_peer=$(free_port)
etcd --name failover --data-dir "$work/etcd" \
  --listen-client-urls "http://127.0.0.1:$etcd_client" --advertise-client-urls "http://127.0.0.1:$etcd_client" \
  --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
  --initial-cluster "failover=http://127.0.0.1:$etcd_peer" --initial-cluster-state new \
  >"$work/etcd.log" 2>&1 &
etcd_pid=$!
wait_for "etcd answers" 20 ok "http://127.0.0.1:$etcd_client/health"
step "etcd on 127.0.0.1:$etcd_client"

# --- two PostgreSQL nodes under Patroni ---------------------------------------------------------
declare -a pg_port rest_port
for n in 1 2; do
  pg_port[$n]=$(free_port)
  rest_port[$n]=$(free_port)
  mkdir -p "$work/pg$n"
  sed -e "s|@NAME@|pg$n|g" -e "s|@DIR@|$work/pg$n|g" -e "s|@PG_PORT@|${pg_port[$n]}|g" \
    -e "s|@REST_PORT@|${rest_port[$n]}|g" -e "s|@ETCD@|127.0.0.1:$etcd_client|g" -e "s|@BIN@|$pgbin|g" \
    -e "s|@STRICT@|$([ "$strict" = 1 ] && echo true || echo false)|g" \
    tests/load/failover/patroni.yml.in >"$work/pg$n/patroni.yml"
  chown -R postgres:postgres "$work/pg$n"
done
# The first node bootstraps the cluster (initdb); the second clones it (pg_basebackup).
for n in 1 2; do
  runuser -u postgres -- patroni "$work/pg$n/patroni.yml" >"$work/pg$n/patroni.log" 2>&1 &
  patronis+=($!)
  if [ $n = 1 ]; then
    wait_for "pg1 is the primary" 60 ok "http://127.0.0.1:${rest_port[1]}/primary"
    step "pg1: primary on 127.0.0.1:${pg_port[1]} (Patroni REST ${rest_port[1]})"
  fi
done
wait_for "pg2 is the synchronous standby" 90 ok "http://127.0.0.1:${rest_port[2]}/sync"
step "pg2: synchronous standby on 127.0.0.1:${pg_port[2]} (Patroni REST ${rest_port[2]})"
patronictl -c "$work/pg1/patroni.yml" list

# --- haproxy: the servers' connections go to the node whose Patroni says /primary -------------
db_port=$(free_port)
sed -e "s|@DB_PORT@|$db_port|g" -e "s|@PG1@|${pg_port[1]}|g" -e "s|@PG2@|${pg_port[2]}|g" \
  -e "s|@REST1@|${rest_port[1]}|g" -e "s|@REST2@|${rest_port[2]}|g" \
  tests/load/failover/haproxy.cfg.in >"$work/haproxy.cfg"
haproxy -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
url="postgres://postgres@127.0.0.1:$db_port/postgres"
wait_for "haproxy reaches the primary" 20 psql "$url" -Atc 'select 1'
step "haproxy: PostgreSQL on 127.0.0.1:$db_port -> the primary"

# --- two server processes, both through haproxy -------------------------------------------------
secret() { python3 -c 'import secrets; print(secrets.token_hex(32))'; }
export TOKEN_SECRET=$(secret) OTP_SECRET=$(secret) RATE_LIMITS=off TRUSTED_PROXIES=127.0.0.1 SALE_WINDOWS=none \
  DEMO_MODE=1 DEMO_DAYS=10 HOST=127.0.0.1 RUST_LOG=warn DATABASE_URL="$url"
# Migrations as a release step when the binary has one (docs/deployment.md); the servers then
# start on them without migrating.
if "$server" --help 2>&1 | grep -qw migrate; then
  "$server" migrate >"$work/migrate.log" 2>&1
  export MIGRATE_ON_START=off
  step "migrations applied (ticket-api migrate)"
fi
api=()
for n in 1 2; do
  port=$(free_port)
  PORT=$port "$server" >"$work/api$n.log" 2>&1 &
  pids+=($!)
  # The first seeds the demo network (and migrates, with an older binary); the second starts on it.
  wait_for "ticket-api $n answers" 120 curl -fs -o /dev/null -X POST "http://127.0.0.1:$port/oauth/access_token" \
    -H 'Content-Type: application/json' -d '{"grant_type":"client_credentials","client_id":"web"}'
  api+=("127.0.0.1:$port")
  step "ticket-api $n on 127.0.0.1:$port"
done

# --- the burst, the kill in the middle -----------------------------------------------------------
step "burst: $buyers buyers on each process for ${burst}s; SIGKILL to the primary's postmaster at a third"
python3 tests/load/failover/burst.py --api "$(IFS=,; echo "${api[*]}")" --buyers "$buyers" --seconds "$burst" \
  --rest "http://127.0.0.1:${rest_port[1]},http://127.0.0.1:${rest_port[2]}" \
  --data "$work/pg1/data,$work/pg2/data" --days 9 --out "$work/burst.json"
killed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["killed"]["node"] + 1)' "$work/burst.json")
new=$((3 - killed))
step "burst over"

# --- the promoted primary -----------------------------------------------------------------------
wait_for "pg$new is the primary" 30 ok "http://127.0.0.1:${rest_port[$new]}/primary"
step "pg$new is the primary"
primary="postgres://postgres@127.0.0.1:${pg_port[$new]}/postgres"
# The answered sales' transaction ids and PNRs, then what the promoted primary holds of them.
python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["sales"]:
    print(s["tnx"] + "\t" + s["pnr"])' "$work/burst.json" >"$work/answered.tsv"
psql "$primary" -v ON_ERROR_STOP=1 -q -At <<SQL
CREATE TEMP TABLE answered (tnx_id TEXT PRIMARY KEY, pnr TEXT NOT NULL);
\copy answered FROM '$work/answered.tsv'
\o $work/checks.txt
-- every answered sale: a confirmed ticket with the PNR the traveller was shown
SELECT 'found', count(*) FROM answered a JOIN bookings b ON b.tnx_id = a.tnx_id
  JOIN tickets t ON t.booking_id = b.id AND t.pnr = a.pnr AND t.status = 'confirmed';
-- a seat on a leg of a trip in two live tickets, or a ticket's seat-leg claimed by another booking
SELECT 'twice', (SELECT count(*) FROM (
    SELECT b.trip_id, s.seat_no, g.leg FROM tickets t JOIN bookings b ON b.id = t.booking_id
      JOIN booking_seats s ON s.booking_id = b.id CROSS JOIN LATERAL generate_series(b.from_stop, b.to_stop - 1) AS g(leg)
    WHERE t.status = 'confirmed' GROUP BY 1, 2, 3 HAVING count(*) > 1) d)
  + (SELECT count(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id
      JOIN booking_seats s ON s.booking_id = b.id CROSS JOIN LATERAL generate_series(b.from_stop, b.to_stop - 1) AS g(leg)
      JOIN seat_claims c ON c.trip_id = b.trip_id AND c.seat_no = s.seat_no AND c.leg = g.leg
    WHERE t.status = 'confirmed' AND c.claim_id <> b.id);
-- a live ticket's seat-leg without its own booking's 'sold' claim (free to be sold again)
SELECT 'unclaimed', count(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id
  JOIN booking_seats s ON s.booking_id = b.id CROSS JOIN LATERAL generate_series(b.from_stop, b.to_stop - 1) AS g(leg)
  WHERE t.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM seat_claims c WHERE c.trip_id = b.trip_id
    AND c.seat_no = s.seat_no AND c.leg = g.leg AND c.claim_id = b.id AND c.state = 'sold');
SELECT 'tickets', count(*) FROM tickets WHERE status = 'confirmed';
SELECT 'legs', count(*) FROM tickets t JOIN bookings b ON b.id = t.booking_id
  JOIN booking_seats s ON s.booking_id = b.id CROSS JOIN LATERAL generate_series(b.from_stop, b.to_stop - 1) AS g(leg)
  WHERE t.status = 'confirmed';
SQL
found=$(awk -F'|' '$1=="found" {print $2}' "$work/checks.txt")
twice=$(awk -F'|' '$1=="twice" {print $2}' "$work/checks.txt")
all_tickets=$(awk -F'|' '$1=="tickets" {print $2}' "$work/checks.txt")
unclaimed=$(awk -F'|' '$1=="unclaimed" {print $2}' "$work/checks.txt")
legs=$(awk -F'|' '$1=="legs" {print $2}' "$work/checks.txt")

# --- the old primary rejoins as the synchronous standby -----------------------------------------
rejoined=yes
wait_for "pg$killed streams again as the synchronous standby" 120 bash -c \
  "curl -fs http://127.0.0.1:${rest_port[$killed]}/sync >/dev/null && \
   [ \"\$(psql '$primary' -Atc \"select count(*) from pg_stat_replication where state = 'streaming' and sync_state = 'sync'\")\" = 1 ]" ||
  rejoined=no
rejoin=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["rejoined_after"])' "$work/burst.json")
[ "$rejoin" = None ] && rejoin="(later than the burst: not timed)"
step "pg$killed rejoined as the synchronous standby: $rejoined (streaming as the sync standby ${rejoin} s after the kill)"
patronictl -c "$work/pg1/patroni.yml" list
grep -hE 'Demoting self|pg_rewind exit code|pg_rewind: (servers diverged|Done)|reinitializ|Removing data directory' \
  "$work/pg$killed/patroni.log" | sed 's/^/  pg'"$killed"': /' | head -8 || true

# --- the report ---------------------------------------------------------------------------------
python3 - "$work/burst.json" "$found" "$twice" "$all_tickets" "$rejoined" "$strict" "$unclaimed" "$legs" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
found, twice, tickets, rejoined, strict = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
unclaimed, legs = int(sys.argv[7]), int(sys.argv[8])
k = r["killed"]
print(f"settings: synchronous_mode on, synchronous_mode_strict {'on' if strict == '1' else 'off'}; "
      f"burst {r['seconds']} s; the kill at {k['t']} s after {k['sales_before']} sales")
print("answers by call and status:")
for name, n in r["statuses"].items():
    print(f"  {name:<28} {n}")
if r["missing_retry_after"]:
    print(f"503s without Retry-After: {r['missing_retry_after']}")
print(f"sales per second: {' '.join(map(str, r['sales_per_second']))}")
print(f"sales whose calls were sent again at least once: {r['retried_sales']}; sales given up: {len(r['failed'])}"
      f"; confirmed tickets in the store: {tickets}, with {legs} seat-legs, of which without their booking's "
      f"sold claim: {unclaimed}")
print(f"the first call to fail came {r['first_failure_after_kill']} s after the kill; sales answered in between: "
      f"{r['answered_after_kill_before_failure']}")
print(f"slowest sale {r['slowest_sale']} s (seat-lock to ticket); sales that took over 15 s: {r['sales_over_15s']}; "
      f"first sale begun after the kill answered {r['first_whole_sale_after_kill']} s after it")
for f in r["failed"][:10]:
    print(f"  given up at {f['call']}: {f['status']} {f['body'][:200]}")
# The 500s by call and body: how many, on which process, when (seconds into the burst).
groups = {}
for e in r["errors_500"]:
    groups.setdefault((e["call"], e["body"]), []).append(e)
for (call, body), es in sorted(groups.items()):
    times = ", ".join(f"{e['t']}" for e in es[:12]) + (" ..." if len(es) > 12 else "")
    processes = "+".join(sorted({str(e["process"] + 1) for e in es}))
    print(f"  500 x{len(es)} from {call} (process {processes}; at {times} s): {body[:300]}")
resumed = r["resumed_after"]
e500 = len(r["errors_500"])
bad = []
if found != r["answered"]: bad.append(f"{r['answered'] - found} answered sales have no ticket on the promoted primary")
if twice: bad.append(f"{twice} seat-legs sold twice")
if unclaimed: bad.append(f"{unclaimed} seat-legs of live tickets not claimed as sold by their booking")
if e500: bad.append(f"{e500} answers 500")
if resumed is None or resumed > 15: bad.append("sales did not resume within 15 s")
if rejoined != "yes": bad.append("the old primary did not rejoin as the synchronous standby")
if r["stuck_buyers"]: bad.append(f"{r['stuck_buyers']} buyers still waiting at the end")
for b in bad:
    print(f"FAILED: {b}")
shown = "never" if resumed is None else f"{resumed:.1f}"
print(f"failover: answered {r['answered']}, tickets found {found}, sold twice {twice}, 500s {e500}, resumed after {shown} s")
sys.exit(1 if bad else 0)
PY
