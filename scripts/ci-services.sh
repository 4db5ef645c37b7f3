#!/usr/bin/env bash
# Throwaway services on loopback for the server's tests: `start` starts them and prints
# `export TEST_…_URL=…` lines for the caller to eval; `stop` stops them and removes their files.
#
#   eval "$(scripts/ci-services.sh start)" && npx vitest run --project unit test/server; scripts/ci-services.sh stop
#
# PostgreSQL (for the repository suite in test/server, run against it as well as PGlite): a
# cluster made by initdb in CI_SERVICES_DIR/postgres, started on 127.0.0.1 at a free port from
# 5433 (as the postgres user when root: initdb refuses root), with a database voxel_test. Needs
# Debian's postgresql package (its binaries, not its service).
#
# Redis (for test/server/scale-out.test.ts): when redis-server is installed, one on 127.0.0.1 at a
# free port from 6390, with no RDB or AOF, daemonized.
#
# Without a service's package start says so on stderr and exports nothing for it, and the tests
# that need it skip. CI_SERVICES_DIR (default /tmp/voxel-ci-services) holds the clusters and
# pidfiles, so stop finds what start made and stops only that.
set -euo pipefail

STATE_DIR="${CI_SERVICES_DIR:-/tmp/voxel-ci-services}"
PG_DIR="$STATE_DIR/postgres"
DB_NAME=voxel_test
REDIS_DIR="$STATE_DIR/redis"

# The first port from $1 on that nothing on 127.0.0.1 accepts.
free_port_from() {
  local port="$1"
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    port=$((port + 1))
  done
  echo "$port"
}

# PING over bash's /dev/tcp, so the check needs no redis-cli; prints the reply line.
redis_ping() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'PING\r\n' >&3
    IFS= read -r -t 1 reply <&3 || exit 1
    echo "${reply%$'\r'}"
  ) 2>/dev/null
}

start_redis() {
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "ci-services: redis-server is not installed, the Redis tests will skip (apt-get install -y redis-server)" >&2
    return 0
  fi
  if [[ -f "$REDIS_DIR/redis.pid" ]] && kill -0 "$(cat "$REDIS_DIR/redis.pid")" 2>/dev/null; then
    echo "ci-services: Redis already started from $REDIS_DIR (run stop first)" >&2
    return 1
  fi
  # Left by a run that died before stop: nothing in it is worth keeping.
  rm -rf "$REDIS_DIR"
  mkdir -p "$REDIS_DIR"
  local port tries=0
  port=$(free_port_from 6390)
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no \
    --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" --dir "$REDIS_DIR" >&2 \
    || { cat "$REDIS_DIR/redis.log" >&2; return 1; }
  until [[ "$(redis_ping "$port" || true)" == '+PONG' ]]; do
    tries=$((tries + 1))
    if [[ $tries -ge 100 ]]; then
      echo "ci-services: redis-server on port $port did not answer PING" >&2
      cat "$REDIS_DIR/redis.log" >&2
      stop_redis
      return 1
    fi
    sleep 0.1
  done
  echo "export TEST_REDIS_URL=redis://127.0.0.1:$port"
}

# Stops the Redis start_redis started (by its pidfile, nothing else) and removes its files.
stop_redis() {
  if [[ -f "$REDIS_DIR/redis.pid" ]]; then
    local pid tries=0
    pid=$(cat "$REDIS_DIR/redis.pid")
    kill "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null && [[ $tries -lt 100 ]]; do
      tries=$((tries + 1))
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid" 2>/dev/null || true; fi
  fi
  rm -rf "$REDIS_DIR"
}

# The newest installed PostgreSQL's bin directory, or nothing.
pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# initdb and postgres refuse to run as root: run them as the postgres user then.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
  local bin port
  bin=$(pg_bin)
  if [[ -z "$bin" ]]; then
    echo "ci-services: PostgreSQL is not installed, the PostgreSQL tests will skip (apt-get install -y postgresql)" >&2
    return 0
  fi
  if [[ -d "$PG_DIR/data" ]]; then
    if as_pg "$bin/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
      echo "ci-services: already started in $PG_DIR (run stop first)" >&2
      return 1
    fi
    # Left by a run that died before stop: nothing in it is worth keeping.
    rm -rf "$PG_DIR"
  fi
  mkdir -p "$PG_DIR"
  # Only the cluster's own directory changes owner: CI_SERVICES_DIR may be set to a shared place.
  if [[ $(id -u) -eq 0 ]]; then chown -R postgres: "$PG_DIR"; fi
  port=$(free_port_from 5433)
  as_pg "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --no-sync >"$PG_DIR/initdb.log" 2>&1 \
    || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  # fsync off: a test cluster that dies is thrown away, and the tests run faster without it.
  as_pg "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 \
    -o "-k $PG_DIR -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null \
    || { cat "$PG_DIR/postgres.log" >&2; return 1; }
  echo "$port" >"$PG_DIR/port"
  as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
  echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

stop_postgres() {
  local bin
  bin=$(pg_bin)
  if [[ -n "$bin" && -d "$PG_DIR/data" ]]; then
    as_pg "$bin/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
}

start() {
  start_postgres
  start_redis
}

stop() {
  stop_redis
  stop_postgres
  rmdir "$STATE_DIR" 2>/dev/null || true
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop   (eval the output of start)" >&2
    exit 2
    ;;
esac
