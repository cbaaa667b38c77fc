#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, on a loopback port in a temp dir.
#   tests/postgres.sh start   prints the server URL (postgres://postgres@127.0.0.1:PORT)
#   tests/postgres.sh stop DIR
# initdb refuses to run as root, so the cluster belongs to the postgres user. Durability is off
# (fsync) because the data is thrown away; the store's own durability is tested on SQLite files.
# PG_DURABLE=1 keeps fsync and synchronous commits on: a benchmark measures what a site ships.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "postgres.sh: PostgreSQL is not installed" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/ticket-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >"$dir/initdb.log" 2>&1
    durability="-c fsync=off -c synchronous_commit=off"
    [ "${PG_DURABLE:-}" = 1 ] && durability=""
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 $durability -c max_connections=300" \
      start >/dev/null
    echo "$dir postgres://postgres@127.0.0.1:$port"
    ;;
  stop)
    dir=${2:?usage: postgres.sh stop DIR}
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start | stop DIR" >&2; exit 2 ;;
esac
