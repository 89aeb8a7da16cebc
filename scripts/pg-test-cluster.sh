#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the API suite (CI's PostgreSQL run, or locally).
#
#   scripts/pg-test-cluster.sh start    initdb (first time) + start (idempotent); prints the TEST_DATABASE_URL
#   scripts/pg-test-cluster.sh pause    stop it, keeping its data (start brings it back)
#   scripts/pg-test-cluster.sh stop     stop it and delete its files
#   scripts/pg-test-cluster.sh status   running or not
#   scripts/pg-test-cluster.sh url      print the TEST_DATABASE_URL
#
# Then: TEST_DATABASE_URL=$(scripts/pg-test-cluster.sh url) npx vitest run --project api
#
# Data and socket live under /tmp, it listens on 127.0.0.1 only, with trust auth for
# loopback and the socket only, and durability switched off (it is thrown away).
# initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
# Settings: PG_TEST_PORT (55432), PG_TEST_DIR (/tmp/storefront-pg-<port>), PG_BIN (newest
# /usr/lib/postgresql/<version>/bin, else whatever is on PATH), PG_TEST_OPTS (more server
# options for the start, e.g. "-c shared_preload_libraries=pg_stat_statements").
set -euo pipefail

PORT="${PG_TEST_PORT:-55432}"
BASE="${PG_TEST_DIR:-/tmp/storefront-pg-$PORT}"
DATA="$BASE/data"
SOCK="$BASE/sock"
LOG="$BASE/postgres.log"
URL="postgres://postgres@127.0.0.1:$PORT/postgres"

find_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$newest" && -x "$newest/initdb" ]]; then echo "$newest"; return; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "pg-test-cluster: no PostgreSQL binaries found (apt-get install postgresql, or set PG_BIN)" >&2
  exit 1
}

# Runs a command as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

is_running() {
  [[ -f "$DATA/PG_VERSION" ]] && as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null
}

start() {
  if is_running; then
    echo "pg-test-cluster: already running on 127.0.0.1:$PORT" >&2
    echo "$URL"
    return
  fi
  if port_in_use; then
    echo "pg-test-cluster: port $PORT is taken by another program (set PG_TEST_PORT)" >&2
    exit 1
  fi
  if [[ ! -f "$DATA/PG_VERSION" ]]; then
    rm -rf "$BASE"
    mkdir -p "$DATA" "$SOCK"
    chmod 700 "$DATA"
    if [[ "$(id -u)" == 0 ]]; then chown -R postgres:postgres "$BASE"; fi
    as_owner "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$BASE/initdb.log" 2>&1 || {
      cat "$BASE/initdb.log" >&2
      exit 1
    }
    # Only the socket and 127.0.0.1 may connect; nothing else is listed, so nothing else gets in.
    as_owner bash -c "cat >'$DATA/pg_hba.conf'" <<'EOF'
local all all              trust
host  all all 127.0.0.1/32 trust
EOF
  fi
  as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$SOCK -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${PG_TEST_OPTS:-}" \
    start >/dev/null || {
    echo "pg-test-cluster: PostgreSQL did not start; its log:" >&2
    cat "$LOG" >&2 || true
    exit 1
  }
  echo "pg-test-cluster: running on 127.0.0.1:$PORT (data in $DATA)" >&2
  echo "$URL"
}

pause() {
  if is_running; then
    as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w -t 60 stop >/dev/null
    echo "pg-test-cluster: stopped" >&2
  fi
}

stop() {
  pause
  rm -rf "$BASE"
}

BIN="$(find_bin)"
case "${1:-}" in
  start) start ;;
  pause) pause ;;
  stop) stop ;;
  status) if is_running; then echo "running on 127.0.0.1:$PORT"; else echo "not running"; exit 3; fi ;;
  url) echo "$URL" ;;
  *)
    echo "usage: $0 start|pause|stop|status|url" >&2
    exit 2
    ;;
esac
