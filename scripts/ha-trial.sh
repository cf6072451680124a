#!/usr/bin/env bash
# A high-availability setup on one machine, for trial (docs/deploy.md, "High availability"):
# one etcd, two PostgreSQL 15 nodes managed by Patroni with synchronous replication, and
# optionally the app's instances behind HAProxy (scripts/cluster.ts) with a two-host DATABASE_URL.
#
#   scripts/ha-trial.sh start [instances]   etcd + two Patroni nodes; with a number, that many app instances too
#   scripts/ha-trial.sh app [instances]     the app instances behind HAProxy (default 2), on the running nodes
#   scripts/ha-trial.sh status              patronictl list, and which processes run
#   scripts/ha-trial.sh switchover          planned: the leader hands over to the sync standby
#   scripts/ha-trial.sh kill-leader         unplanned: SIGKILL the leader's Patroni and postgres, time the takeover
#   scripts/ha-trial.sh stop                stops everything this script started
#
# Run as root on Debian: missing packages are installed with apt-get (patroni, etcd-server,
# etcd-client, haproxy). PostgreSQL refuses to run as root, so Patroni runs as `postgres`.
# Everything lives under HA_DIR (default /tmp/portal-ha). For trial only: never run in CI.
set -euo pipefail

HA_DIR=${HA_DIR:-/tmp/portal-ha}
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
APP_PORT=${APP_PORT:-8080}
ETCD_CLIENT=2479
ETCD_PEER=2480
NODES=(1 2)
pg_port() { echo $((5440 + $1)); }
api_port() { echo $((8010 + $1)); }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DATABASE_URL="postgres://postgres@127.0.0.1:$(pg_port 1),127.0.0.1:$(pg_port 2)/portal?target_session_attrs=read-write"
PATRONICTL=(patronictl -c "$HA_DIR/node1/patroni.yml")

say() { printf '%s %s\n' "$(date +%T)" "$*"; }
die() { say "$*" >&2; exit 1; }
alive() { [[ -f $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }

install_packages() {
  local missing=()
  command -v patroni >/dev/null || missing+=(patroni)
  command -v etcd >/dev/null || missing+=(etcd-server)
  command -v etcdctl >/dev/null || missing+=(etcd-client)
  [[ -x /usr/sbin/haproxy ]] || missing+=(haproxy)
  [[ -x $PG_BIN/postgres ]] || missing+=(postgresql-15)
  ((${#missing[@]})) || return 0
  [[ $(id -u) == 0 ]] || die "missing ${missing[*]}: run as root, or apt-get install them"
  say "installing ${missing[*]} with apt-get"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Written once per node. The `bootstrap.dcs` part is stored in etcd by the first node and then
# holds for the whole cluster (change it with `patronictl edit-config`).
write_config() {
  local n=$1 dir=$HA_DIR/node$1
  cat >"$dir/patroni.yml" <<EOF
scope: portal
namespace: /portal-ha/
name: node$n
log:
  level: INFO
restapi:
  listen: 127.0.0.1:$(api_port "$n")
  connect_address: 127.0.0.1:$(api_port "$n")
etcd3:
  hosts: 127.0.0.1:$ETCD_CLIENT
bootstrap:
  dcs:
    # The leader key lives ttl seconds unless renewed; Patroni renews it every loop_wait seconds.
    ttl: 20
    loop_wait: 2
    retry_timeout: 5
    maximum_lag_on_failover: 1048576
    # Only the synchronous standby may be promoted, so no acknowledged write is lost.
    synchronous_mode: true
    # Not strict: with the standby gone, the primary goes on alone (writes on one node) instead of
    # blocking every write until a standby is back. See docs/deploy.md.
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: 'on'
        wal_log_hints: 'on'
        synchronous_commit: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        max_connections: 200
  initdb:
    - encoding: UTF8
    - data-checksums
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:$(pg_port "$n")
  connect_address: 127.0.0.1:$(pg_port "$n")
  data_dir: $dir/data
  bin_dir: $PG_BIN
  pgpass: $dir/pgpass
  authentication:
    superuser:
      username: postgres
    replication:
      username: replicator
  parameters:
    unix_socket_directories: '$dir'
tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
EOF
}

start_etcd() {
  alive "$HA_DIR/etcd.pid" && return 0
  mkdir -p "$HA_DIR/etcd"
  say "etcd on 127.0.0.1:$ETCD_CLIENT"
  setsid etcd --name portal-ha --data-dir "$HA_DIR/etcd/data" \
    --listen-client-urls "http://127.0.0.1:$ETCD_CLIENT" --advertise-client-urls "http://127.0.0.1:$ETCD_CLIENT" \
    --listen-peer-urls "http://127.0.0.1:$ETCD_PEER" --initial-advertise-peer-urls "http://127.0.0.1:$ETCD_PEER" \
    --initial-cluster "portal-ha=http://127.0.0.1:$ETCD_PEER" \
    >>"$HA_DIR/etcd/etcd.log" 2>&1 </dev/null &
  echo $! >"$HA_DIR/etcd.pid"
  for _ in $(seq 50); do
    ETCDCTL_API=3 etcdctl --endpoints "127.0.0.1:$ETCD_CLIENT" endpoint health >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  die "etcd did not start: see $HA_DIR/etcd/etcd.log"
}

start_node() {
  local n=$1 dir=$HA_DIR/node$1
  alive "$dir/patroni.pid" && return 0
  mkdir -p "$dir"
  [[ -f $dir/patroni.yml ]] || write_config "$n"
  chown -R postgres:postgres "$dir"
  chmod 700 "$dir"
  say "node$n: Patroni (REST $(api_port "$n")) with PostgreSQL on 127.0.0.1:$(pg_port "$n")"
  # The pid file holds Patroni's own pid (exec), not runuser's.
  setsid runuser -u postgres -- bash -c 'echo $$ >"$1/patroni.pid"; exec patroni "$1/patroni.yml" >>"$1/patroni.log" 2>&1' _ "$dir" </dev/null >/dev/null 2>&1 &
  for _ in $(seq 50); do [[ -s $dir/patroni.pid ]] && return 0; sleep 0.1; done
  die "node$n: Patroni did not start"
}

# Seconds until `patronictl list` shows a Leader and a Sync Standby.
wait_sync() {
  local start=$SECONDS
  while ((SECONDS - start < ${1:-90})); do
    local roles
    roles=$("${PATRONICTL[@]}" list -f json 2>/dev/null || true)
    if [[ $roles == *'"Leader"'* && $roles == *'"Sync Standby"'* && $roles == *'"running"'* && $roles != *'"starting"'* ]]; then
      return 0
    fi
    sleep 0.5
  done
  return 1
}

psql_rw() { "$PG_BIN/psql" "postgres://postgres@127.0.0.1:$(pg_port 1),127.0.0.1:$(pg_port 2)/${2:-portal}?target_session_attrs=read-write&connect_timeout=1" -XtAq -c "$1"; }

start_app() {
  local count=${1:-2}
  alive "$HA_DIR/app.pid" && { say "app already running (pid $(cat "$HA_DIR/app.pid"))"; return 0; }
  local node=node
  [[ -x $ROOT/node_modules/.bin/node ]] && node=$ROOT/node_modules/.bin/node
  [[ -d $ROOT/apps/web/dist ]] || say "apps/web/dist is missing: run \`npm run build\` first for the web app"
  say "$count app instance(s) behind HAProxy on 127.0.0.1:$APP_PORT, DATABASE_URL=$DATABASE_URL"
  CLUSTER_DIR=$HA_DIR/app DATABASE_URL=$DATABASE_URL setsid "$node" "$ROOT/scripts/cluster.ts" "$count" "$APP_PORT" \
    >>"$HA_DIR/app.log" 2>&1 </dev/null &
  echo $! >"$HA_DIR/app.pid"
  for _ in $(seq 240); do
    grep -q 'behind HAProxy' "$HA_DIR/app.log" 2>/dev/null && { say "app ready: http://127.0.0.1:$APP_PORT (log $HA_DIR/app.log)"; return 0; }
    alive "$HA_DIR/app.pid" || die "the app stopped: see $HA_DIR/app.log"
    sleep 0.5
  done
  die "the app did not become ready: see $HA_DIR/app.log"
}

cmd_start() {
  [[ $(id -u) == 0 ]] || die "run as root (Patroni is started as the postgres user)"
  install_packages
  mkdir -p "$HA_DIR"
  chmod 755 "$HA_DIR"
  start_etcd
  # node1 first: the first Patroni to take the initialize key runs initdb, the other clones it.
  start_node 1
  sleep 2
  start_node 2
  say "waiting for a Leader and a Sync Standby"
  wait_sync 120 || { "${PATRONICTL[@]}" list || true; die "no synchronous pair: see $HA_DIR/node*/patroni.log"; }
  [[ $(psql_rw "select 1 from pg_database where datname = 'portal'" postgres) == 1 ]] || psql_rw 'create database portal' postgres
  "${PATRONICTL[@]}" list
  say "DATABASE_URL=$DATABASE_URL"
  if [[ -n ${1:-} ]]; then start_app "$1"; fi
}

cmd_status() {
  "${PATRONICTL[@]}" list || true
  for f in etcd node1/patroni node2/patroni app; do
    if alive "$HA_DIR/$f.pid"; then echo "$f: running (pid $(cat "$HA_DIR/$f.pid"))"; else echo "$f: not running"; fi
  done
}

leader() { "${PATRONICTL[@]}" list -f json | tr '{' '\n' | grep '"Role": "Leader"' | sed 's/.*"Member": "\([^"]*\)".*/\1/'; }

cmd_switchover() {
  local from to
  from=$(leader)
  [[ $from == node1 ]] && to=node2 || to=node1
  say "switchover $from -> $to"
  "${PATRONICTL[@]}" switchover --leader "$from" --candidate "$to" --force
  wait_sync 60 && "${PATRONICTL[@]}" list
}

# The unplanned case: the leader's node dies at once (Patroni and postgres both SIGKILLed), so
# nobody renews or releases the leader key; the standby waits for the key to expire (ttl) and
# promotes itself. Prints the seconds from the kill until a write succeeds on the new leader.
cmd_kill_leader() {
  local from n t0 t1
  from=$(leader)
  [[ -n $from ]] || die "no leader"
  n=${from#node}
  psql_rw 'create table if not exists ha_trial (id serial primary key, at timestamptz default now())' >/dev/null
  t0=$(date +%s.%N)
  say "SIGKILL $from (Patroni and postgres)"
  kill -9 "$(cat "$HA_DIR/$from/patroni.pid")" || true
  kill -9 "$(head -1 "$HA_DIR/$from/data/postmaster.pid")" || true
  until psql_rw 'insert into ha_trial default values' >/dev/null 2>&1; do sleep 0.1; done
  t1=$(date +%s.%N)
  say "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "a write succeeded on the new leader %.1f s after the kill", b - a }')"
  "${PATRONICTL[@]}" list || true
  say "starting $from again: it rejoins as a standby (pg_rewind if needed)"
  start_node "$n"
  wait_sync 120 && "${PATRONICTL[@]}" list
}

stop_pid() {
  local file=$1 wait=${2:-30}
  alive "$file" || { rm -f "$file"; return 0; }
  local pid
  pid=$(cat "$file")
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq $((wait * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  rm -f "$file"
}

cmd_stop() {
  say "stopping"
  stop_pid "$HA_DIR/app.pid" 30
  # Standbys first, the leader last, so stopping a node never promotes another. (Not `patronictl
  # pause`: a paused Patroni leaves its postgres running when stopped.)
  local lead
  lead=$(leader 2>/dev/null || true)
  for n in "${NODES[@]}"; do [[ node$n == "$lead" ]] || stop_pid "$HA_DIR/node$n/patroni.pid" 60; done
  [[ -n $lead ]] && stop_pid "$HA_DIR/$lead/patroni.pid" 60
  # A postgres whose Patroni was killed keeps running: stop it too.
  for n in "${NODES[@]}"; do
    local data=$HA_DIR/node$n/data
    if [[ -f $data/postmaster.pid ]] && kill -0 "$(head -1 "$data/postmaster.pid")" 2>/dev/null; then
      runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null || true
    fi
  done
  stop_pid "$HA_DIR/etcd.pid" 10
  say "stopped (data kept in $HA_DIR; rm -rf it for a fresh start)"
}

case ${1:-} in
  start) cmd_start "${2:-}" ;;
  app) start_app "${2:-2}" ;;
  status) cmd_status ;;
  switchover) cmd_switchover ;;
  kill-leader) cmd_kill_leader ;;
  stop) cmd_stop ;;
  *)
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    echo
    echo "Failover by hand: kill -9 the leader's Patroni and postgres (pids in $HA_DIR/nodeN/patroni.pid and"
    echo "nodeN/data/postmaster.pid), or \`${PATRONICTL[*]} failover\` when the leader is already gone."
    exit 1
    ;;
esac
