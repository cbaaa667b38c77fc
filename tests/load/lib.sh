# What the load benches share (sourced, from the repository's root): a throwaway store, a free
# port, the clean-up, and one wrk run's figures.
#
#   bench_store KIND NAME   sets `url` to a new store: sqlite (a file in $work) or postgres (a
#                           throwaway cluster from tests/postgres.sh, fsync on); stopped at exit.
#                           PostgreSQL is reached over its Unix socket, as a server on the same
#                           machine should (README, Deployment); PG_TRANSPORT=tcp for loopback TCP
#   free_port               prints a free loopback port
#   wrk_run NAME SECONDS URL [SCRIPT]
#                           one wrk run (2 threads, $connections connections): prints requests/s,
#                           p99 and non-2xx, and writes the rate to $work/NAME.rps
# The caller sets `work` (a temporary folder, removed at exit) and `pid` once its server runs
# (`pids`, an array, when it runs several processes).

pg_dir=
pids=()
bench_cleanup() {
  [ -n "${pid:-}" ] && { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; }
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  [ -n "$pg_dir" ] && bash tests/postgres.sh stop "$pg_dir"
  rm -rf "$work"
}
trap bench_cleanup EXIT

bench_store() {
  case "$1" in
    sqlite) url="sqlite://$work/$2.db" ;;
    postgres)
      local started
      started=$(PG_DURABLE=1 bash tests/postgres.sh start)
      pg_dir=${started%% *}
      url="${started#* }/postgres"
      case "${PG_TRANSPORT:-socket}" in
        socket) url="postgres://postgres@localhost/postgres?host=$pg_dir&port=${started##*:}" ;;
        tcp) ;;
        *) echo "PG_TRANSPORT is socket or tcp, not '$PG_TRANSPORT'" >&2; exit 2 ;;
      esac
      ;;
    *) echo "the store is sqlite or postgres, not '$1'" >&2; exit 2 ;;
  esac
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

wrk_run() {
  local out rps p99 non2xx
  out=$(wrk -t2 -c"${connections:-64}" -d"$2s" --latency ${4:+-s "$4"} "$3")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  printf '%-28s %10s req/s   p99 %8s   non-2xx %s\n' "$1" "$rps" "$p99" "${non2xx:-0}"
  echo "$rps" >"$work/$1.rps"
}
