#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster for the test suite (Debian's postgresql package must be
# installed) and prints the TEST_DATABASE_URL to use. Usage: eval "$(scripts/start-test-postgres.sh)"
set -euo pipefail
PORT="${TEST_PG_PORT:-5433}"
PGDATA="${TEST_PGDATA:-/tmp/sfo-test-pg}"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
if ! as_postgres "'$PGBIN/pg_ctl' -D '$PGDATA' status" >/dev/null 2>&1; then
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  [ "$(id -u)" = 0 ] && chown postgres "$PGDATA"
  as_postgres "'$PGBIN/initdb' -D '$PGDATA' -A trust -U postgres" >/dev/null
  # fsync off: the cluster lives only for the test run, and the tests crash the service, not PostgreSQL.
  as_postgres "'$PGBIN/pg_ctl' -D '$PGDATA' -l '$PGDATA/server.log' -w start -o \"-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\"" >/dev/null
fi
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
