#!/usr/bin/env bash
# Throwaway services for the server's tests, on loopback, in a temporary directory, gone after.
#
#   source scripts/ci-services.sh; start_services; …tests…; stop_services
#   scripts/ci-services.sh npm run test:unit     # the same around one command
#
# Each start_* exports the URL its tests read (TEST_REDIS_URL, …); a service whose server is not
# installed is left out with a note, and the tests that need it skip. Nothing is persisted, and
# nothing but the processes started here is stopped (by their pidfiles).

# One directory per shell for the services' pidfiles, logs and data, in CI_SERVICES_DIR (not
# printed for a $(…) to read: a subshell's export would be lost, and with it the pidfiles).
ci_services_dir() {
  if [ -z "${CI_SERVICES_DIR:-}" ]; then
    CI_SERVICES_DIR="$(mktemp -d "${TMPDIR:-/tmp}/voxel-ci-services.XXXXXX")"
    export CI_SERVICES_DIR
  fi
}

# The first port from $1 on that nothing on 127.0.0.1 answers.
ci_free_port() {
  local port="$1"
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
    port=$((port + 1))
  done
  printf '%s\n' "$port"
}

# Redis on 127.0.0.1 (from port 6390), no RDB or AOF, daemonized; exports TEST_REDIS_URL.
start_redis() {
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "ci-services: redis-server is not installed; the Redis tests will skip (apt-get install redis-server)" >&2
    return 0
  fi
  local dir port
  ci_services_dir
  dir="$CI_SERVICES_DIR"
  port="$(ci_free_port 6390)"
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" --dir "$dir" || {
    echo "ci-services: redis-server did not start (see $dir/redis.log)" >&2
    return 1
  }
  local tries=0 reply=''
  until reply="$(ci_redis_ping "$port")" && [ "$reply" = '+PONG' ]; do
    tries=$((tries + 1))
    if [ "$tries" -ge 100 ]; then
      echo "ci-services: redis-server on port $port did not answer PING (see $dir/redis.log)" >&2
      stop_redis
      return 1
    fi
    sleep 0.1
  done
  export TEST_REDIS_URL="redis://127.0.0.1:$port"
  echo "ci-services: Redis at $TEST_REDIS_URL"
}

# PING over bash's /dev/tcp, so the check needs no redis-cli.
ci_redis_ping() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'PING\r\n' >&3
    IFS= read -r -t 1 reply <&3 || exit 1
    printf '%s\n' "${reply%$'\r'}"
  ) 2>/dev/null
}

# Stops the Redis start_redis started (its pidfile, nothing else) and forgets its URL.
stop_redis() {
  local dir="${CI_SERVICES_DIR:-}"
  unset TEST_REDIS_URL
  [ -n "$dir" ] && [ -f "$dir/redis.pid" ] || return 0
  local pid tries=0
  pid="$(cat "$dir/redis.pid")"
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 100 ]; do
    tries=$((tries + 1))
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
  rm -f "$dir/redis.pid"
  return 0
}

start_services() {
  start_redis
}

stop_services() {
  stop_redis
  if [ -n "${CI_SERVICES_DIR:-}" ]; then
    rm -rf "$CI_SERVICES_DIR"
    unset CI_SERVICES_DIR
  fi
}

# Run as a script: the services around one command, stopped however it ends.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  if [ "$#" -eq 0 ]; then
    echo "usage: $0 <command> [args…]   (or source it and call start_services / stop_services)" >&2
    exit 2
  fi
  trap stop_services EXIT
  start_services
  "$@"
fi
