#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1:54329 for the integration suite and benchmarks, and
# prints its URL. Installs Debian's postgresql package when no server binaries are present (as root).
set -euo pipefail
PORT="${PGPORT_TEST:-54329}"
DATA="${PGDATA_TEST:-/tmp/kroonloterij-pg}"

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(bin_dir)" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
fi
BIN="$(bin_dir)"
as_postgres() { if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }

if ! as_postgres "$BIN/pg_ctl -D $DATA status" >/dev/null 2>&1; then
  rm -rf "$DATA"
  mkdir -p "$DATA"
  [ "$(id -u)" = "0" ] && chown postgres "$DATA"
  as_postgres "$BIN/initdb -D $DATA -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
  as_postgres "$BIN/pg_ctl -D $DATA -l $DATA/server.log -w -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200' start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
