#!/usr/bin/env bash
# A throwaway PostgreSQL for the game server's tests, on loopback, run by an unprivileged user.
#   eval "$(bash scripts/postgres.sh start DIR)"   installs Debian's PostgreSQL if missing (without
#                                                  its default cluster), starts a cluster in DIR, and
#                                                  prints `export BATTLELINE_TEST_POSTGRES=postgres://…`
#                                                  and `export BATTLELINE_TEST_POSTGRES_DIR=DIR`; TLS is on
#                                                  too (a throwaway CA, BATTLELINE_TEST_POSTGRES_CA), for
#                                                  the clients that ask for it (sslmode=require)
#   bash scripts/postgres.sh restart DIR           stops it (fast: connections cut) and starts it again
#   bash scripts/postgres.sh stop DIR              stops it and removes DIR
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a folder for the cluster}

server_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
bin=$(server_bin)

# As root (CI), the cluster runs as the postgres user; otherwise as whoever runs this.
run() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The server's options: loopback only, room for the tests' connections, TLS with the throwaway CA's certificate.
options() {
  echo "-p $1 -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key"
}

case "$command" in
  start)
    if [ -z "$bin" ] || [ ! -x "$bin/postgres" ]; then
      echo "[postgres] installing Debian's postgresql (without its default cluster)" >&2
      mkdir -p /etc/postgresql-common
      [ -f /etc/postgresql-common/createcluster.conf ] || echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf
      apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Options::=--force-confold postgresql >&2
      bin=$(server_bin)
    fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    run "$bin/initdb" -D "$dir/data" -A trust -U battleline >/dev/null
    # A CA of its own and a certificate for 127.0.0.1, for the tests of TLS to the database.
    if ! command -v openssl >/dev/null; then
      apt-get update -qq >&2
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >&2
    fi
    run openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=battleline-test-ca \
      -keyout "$dir/ca.key" -out "$dir/ca.crt" 2>/dev/null
    run openssl req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
    run sh -c "printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\n' > '$dir/server.ext'"
    run openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
      -extfile "$dir/server.ext" -out "$dir/server.crt" 2>/dev/null
    run chmod 600 "$dir/server.key"
    run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$(options "$port")" start >/dev/null
    run "$bin/createdb" -h 127.0.0.1 -p "$port" -U battleline battleline
    echo "$port" > "$dir/port"
    echo "export BATTLELINE_TEST_POSTGRES=postgres://battleline@127.0.0.1:$port/battleline"
    echo "export BATTLELINE_TEST_POSTGRES_DIR=$dir"
    echo "export BATTLELINE_TEST_POSTGRES_CA=$dir/ca.crt"
    ;;
  restart)
    port=$(cat "$dir/port")
    run "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$(options "$port")" start >/dev/null
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then run "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|restart|stop DIR" >&2
    exit 2
    ;;
esac
