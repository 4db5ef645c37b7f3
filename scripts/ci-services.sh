#!/usr/bin/env bash
# A throwaway PostgreSQL on loopback for the storage tests (test/server): `start` makes a
# cluster in a temporary directory, starts it on 127.0.0.1 at a free port, creates a database
# and prints `export TEST_DATABASE_URL=...` for the caller to eval; `stop` stops it and removes
# the directory. Needs Debian's postgresql package (its binaries, not its service).
#
#   eval "$(scripts/ci-services.sh start)" && npx vitest run --project unit test/server; scripts/ci-services.sh stop
#
# CI_SERVICES_DIR (default /tmp/voxel-ci-services) holds the cluster, so stop finds what start made.
set -euo pipefail

STATE_DIR="${CI_SERVICES_DIR:-/tmp/voxel-ci-services}"
PG_DIR="$STATE_DIR/postgres"
DB_NAME=voxel_test

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [[ -z "$dir" ]]; then
    echo "ci-services: PostgreSQL is not installed (apt-get install -y postgresql)" >&2
    exit 1
  fi
  echo "$dir"
}

# initdb and postgres refuse to run as root: run them as the postgres user then.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  local port
  for port in $(seq 5433 5533); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  echo "ci-services: no free port in 5433..5533" >&2
  exit 1
}

start() {
  local bin port
  bin=$(pg_bin)
  if [[ -d "$PG_DIR/data" ]]; then
    if as_pg "$bin/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
      echo "ci-services: already started in $PG_DIR (run stop first)" >&2
      exit 1
    fi
    # Left by a run that died before stop: nothing in it is worth keeping.
    rm -rf "$PG_DIR"
  fi
  mkdir -p "$PG_DIR"
  if [[ $(id -u) -eq 0 ]]; then chown -R postgres: "$STATE_DIR"; fi
  port=$(free_port)
  as_pg "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --no-sync >"$PG_DIR/initdb.log" 2>&1 \
    || { cat "$PG_DIR/initdb.log" >&2; exit 1; }
  # fsync off: a test cluster that dies is thrown away, and the tests run faster without it.
  as_pg "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
    -o "-k $PG_DIR -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
    || { cat "$PG_DIR/postgres.log" >&2; exit 1; }
  echo "$port" >"$PG_DIR/port"
  as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

stop() {
  local bin
  bin=$(pg_bin)
  if [[ -d "$PG_DIR/data" ]]; then
    as_pg "$bin/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$STATE_DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
