#!/usr/bin/env bash
# Starts the scaled topology with local processes, for machines without Docker: nginx on
# CLUSTER_PORT (8080) in front of Bridgework instances on INSTANCE_PORTS (8081 8082), sharing the
# local PostgreSQL and Redis. The same topology as docker-compose.yml.
#
#   scripts/cluster.sh [start]            build and start everything
#   scripts/cluster.sh stop               stop everything
#   scripts/cluster.sh status             show what runs
#   scripts/cluster.sh kill-instance P    SIGKILL the instance on port P (failure tests)
#   scripts/cluster.sh start-instance P   start the instance on port P again
#
# Overridable: CLUSTER_PORT, INSTANCE_PORTS, CLUSTER_DIR (state, logs), DATABASE_URL, REDIS_URL,
# REDIS_PREFIX, JWT_SECRET, CREDENTIAL_SIGNING_KEY, ADMIN_EMAIL, ADMIN_PASSWORD.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

CLUSTER_PORT=${CLUSTER_PORT:-8080}
INSTANCE_PORTS=${INSTANCE_PORTS:-"8081 8082"}
CLUSTER_DIR=${CLUSTER_DIR:-$ROOT/data/cluster}
CLUSTER_DB=${CLUSTER_DB:-bridgework_cluster}
DATABASE_URL=${DATABASE_URL:-"postgres://postgres@127.0.0.1:5432/$CLUSTER_DB?sslmode=disable"}
REDIS_URL=${REDIS_URL:-"redis://127.0.0.1:6379/0"}
REDIS_PREFIX=${REDIS_PREFIX:-"bwcluster$CLUSTER_PORT:"}
# The instances listen on loopback only and trust the forwarded address only from nginx, which
# connects to them from a loopback address of its own (proxy_bind): a process on this machine
# connecting from 127.0.0.1 cannot pass off a forged X-Forwarded-For. All of 127.0.0.0/8 is
# loopback on Linux, with nothing to configure.
INSTANCE_HOST=127.0.0.1
NGINX_SOURCE=127.0.0.2
mkdir -p "$CLUSTER_DIR"

# secret NAME prints a value kept in CLUSTER_DIR, generating it on first use, so restarts of the
# cluster keep tokens and the admin password valid.
secret() {
  local file="$CLUSTER_DIR/$1"
  [ -s "$file" ] || head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$file"
  cat "$file"
}

# signing_key prints the credential signing key kept in CLUSTER_DIR (32 random bytes in base64),
# so credentials signed before a restart keep verifying.
signing_key() {
  local file="$CLUSTER_DIR/credential-signing-key"
  [ -s "$file" ] || head -c 32 /dev/urandom | base64 >"$file"
  cat "$file"
}

start_instance() {
  local port=$1
  if [ -f "$CLUSTER_DIR/instance-$port.pid" ] && kill -0 "$(cat "$CLUSTER_DIR/instance-$port.pid")" 2>/dev/null; then
    return 0
  fi
  HOST=$INSTANCE_HOST PORT=$port DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL REDIS_PREFIX=$REDIS_PREFIX \
    JWT_SECRET=${JWT_SECRET:-$(secret jwt-secret)$(secret jwt-secret)} \
    CREDENTIAL_SIGNING_KEY=${CREDENTIAL_SIGNING_KEY:-$(signing_key)} \
    ADMIN_EMAIL=${ADMIN_EMAIL:-admin@bridgework.local} ADMIN_PASSWORD=${ADMIN_PASSWORD:-$(secret admin-password)} \
    TRUSTED_PROXIES=$NGINX_SOURCE PUBLIC_URL="http://localhost:$CLUSTER_PORT" \
    WS_ALLOWED_ORIGINS="localhost:$CLUSTER_PORT,127.0.0.1:$CLUSTER_PORT" \
    STATIC_DIR="$ROOT/frontend/dist" DATA_DIR="$CLUSTER_DIR/data-$port" SEED_DEMO=${SEED_DEMO:-true} \
    SHUTDOWN_TIMEOUT=5s "$ROOT/bin/bridgework" >>"$CLUSTER_DIR/instance-$port.log" 2>&1 &
  echo $! >"$CLUSTER_DIR/instance-$port.pid"
  wait_http "http://$INSTANCE_HOST:$port/readyz" 60 "$(cat "$CLUSTER_DIR/instance-$port.pid")" || { tail -n 20 "$CLUSTER_DIR/instance-$port.log"; die "instance $port did not start"; }
}

write_nginx_conf() {
  local servers=""
  for port in $INSTANCE_PORTS; do
    servers+="    server $INSTANCE_HOST:$port max_fails=1 fail_timeout=2s;"$'\n'
  done
  mkdir -p "$CLUSTER_DIR/nginx-tmp"
  sed -e "s#__SERVERS__#$(printf '%s' "$servers" | sed 's/[&#]/\\&/g' | sed ':a;N;$!ba;s/\n/\\n/g')#" \
      -e "s#__LISTEN__#127.0.0.1:$CLUSTER_PORT#" \
      -e "s#__SOURCE__#$NGINX_SOURCE#" \
      -e "s#__DIR__#$CLUSTER_DIR#g" \
      "$ROOT/deploy/nginx.conf.template" >"$CLUSTER_DIR/nginx.conf"
}

start() {
  ensure_postgres
  ensure_redis
  ensure_nginx
  psql "postgres://postgres@127.0.0.1:5432/test?sslmode=disable" -Atc "select 1 from pg_database where datname='$CLUSTER_DB'" | grep -q 1 ||
    psql "postgres://postgres@127.0.0.1:5432/test?sslmode=disable" -qc "create database $CLUSTER_DB"
  [ -f "$ROOT/frontend/dist/index.html" ] || build_frontend
  build_server
  for port in $INSTANCE_PORTS; do start_instance "$port"; done
  write_nginx_conf
  if [ -f "$CLUSTER_DIR/nginx.pid" ] && kill -0 "$(cat "$CLUSTER_DIR/nginx.pid")" 2>/dev/null; then
    nginx -p "$CLUSTER_DIR" -c "$CLUSTER_DIR/nginx.conf" -s reload
  else
    nginx -p "$CLUSTER_DIR" -c "$CLUSTER_DIR/nginx.conf"
  fi
  wait_http "http://127.0.0.1:$CLUSTER_PORT/readyz" 30 || die "nginx on $CLUSTER_PORT does not answer"
  log "cluster up: http://localhost:$CLUSTER_PORT → instances on $INSTANCE_PORTS (logs in $CLUSTER_DIR)"
  log "admin: ${ADMIN_EMAIL:-admin@bridgework.local} / ${ADMIN_PASSWORD:-$(secret admin-password)}"
}

stop() {
  if [ -f "$CLUSTER_DIR/nginx.pid" ]; then
    nginx -p "$CLUSTER_DIR" -c "$CLUSTER_DIR/nginx.conf" -s quit 2>/dev/null || kill "$(cat "$CLUSTER_DIR/nginx.pid")" 2>/dev/null || true
    rm -f "$CLUSTER_DIR/nginx.pid"
  fi
  for pidfile in "$CLUSTER_DIR"/instance-*.pid; do
    [ -f "$pidfile" ] || continue
    kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
  log "cluster stopped"
}

status() {
  for pidfile in "$CLUSTER_DIR"/nginx.pid "$CLUSTER_DIR"/instance-*.pid; do
    [ -f "$pidfile" ] || continue
    if kill -0 "$(cat "$pidfile")" 2>/dev/null; then echo "$(basename "$pidfile" .pid): running"; else echo "$(basename "$pidfile" .pid): dead"; fi
  done
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  kill-instance) kill -KILL "$(cat "$CLUSTER_DIR/instance-$2.pid")" && rm -f "$CLUSTER_DIR/instance-$2.pid" ;;
  start-instance) build_server; start_instance "$2" ;;
  *) die "usage: $0 [start|stop|status|kill-instance PORT|start-instance PORT]" ;;
esac
