#!/bin/sh
# Starts one member of Meydan's Redis Sentinel group, on Kubernetes (redis.yaml) as on one Docker host
# (docker-compose.ha.yml):
#   redis-ha.sh server     a data server: the master the sentinels name, or a replica of it;
#   redis-ha.sh sentinel   a sentinel watching that master (quorum 2 of 3);
#   redis-ha.sh single     one data server alone, no replica, no sentinel (docker-compose.yml, overlays/local): the same
#                          users; REDIS_SERVERS and REDIS_SENTINELS are not read.
# Which master: the one any sentinel names now (after a failover, or when only this member restarted); when no
# sentinel answers (the very first start, or all of them were down) the first data server. So a restarted old
# master comes back as a replica of the new one, and a first start needs no step by hand.
# Environment (every list of host:port, separated by spaces):
#   REDIS_PASSWORD      the servers' own password (requirepass, masterauth, auth-pass): replication, the sentinels
#                       and health checks; no process of Meydan has it
#   REDIS_PASSWORD_<PROCESS>  each process's own user (auth … admin, gateway), letters and digits only, as it is also
#                       written into that process's REDIS_URL: on a data server its own keys and no command that lists
#                       keys (the kit's redis-acl.ts), on a sentinel finding the master and nothing else
#   REDIS_SELF          this member as the others reach it
#   REDIS_SERVERS       the data servers, the first being the master on the very first start
#   REDIS_SENTINELS     the sentinels
#   REDIS_MASTER_NAME   the name the sentinels give the group (REDIS_URL ends with it), default meydan
#   REDIS_CONF_DIR      where the generated configuration is written (a sentinel rewrites its own), default /tmp
#   REDIS_DATA_DIR      a data server's append-only file, default /data
#   REDIS_DOWN_AFTER_MS how long a master may be silent before the sentinels fail it over, default 5000
set -eu
role=${1:?usage: redis-ha.sh server|sentinel|single}
: "${REDIS_PASSWORD:?REDIS_PASSWORD is required}" "${REDIS_SELF:?}"
if [ "$role" = single ]; then REDIS_SERVERS=$REDIS_SELF REDIS_SENTINELS=''; fi
: "${REDIS_SERVERS:?}"
name=${REDIS_MASTER_NAME:-meydan}
dir=${REDIS_CONF_DIR:-/tmp}
mkdir -p "$dir"
export REDISCLI_AUTH="$REDIS_PASSWORD"
host() { echo "${1%:*}"; }
port() { echo "${1##*:}"; }

# The master any sentinel names now, as host:port; nothing when none answers.
named_master() {
  for s in $REDIS_SENTINELS; do
    reply=$(timeout 3 redis-cli -h "$(host "$s")" -p "$(port "$s")" sentinel get-master-addr-by-name "$name" 2>/dev/null || true)
    master_host=$(echo "$reply" | sed -n 1p)
    master_port=$(echo "$reply" | sed -n 2p)
    case "$master_port" in
      '' | *[!0-9]*) ;;
      *) echo "$master_host:$master_port"; return ;;
    esac
  done
}

master=$(named_master)
first=${REDIS_SERVERS%% *}
: "${master:=$first}"

case "$role" in
  server | single)
    conf="$dir/redis.conf"
    {
      echo "port $(port "$REDIS_SELF")"
      echo "dir ${REDIS_DATA_DIR:-/data}"
      echo "appendonly yes"
      echo "requirepass $REDIS_PASSWORD"
      echo "masterauth $REDIS_PASSWORD"
      # Each process's own user (written by deploy/tools/redis-users.mjs from the kit's redis-acl.ts).
# BEGIN server users (generated)
      echo "user auth on >${REDIS_PASSWORD_AUTH} resetkeys resetchannels ~auth:* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
      echo "user polls on >${REDIS_PASSWORD_POLLS} resetkeys resetchannels ~polls:* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
      echo "user social on >${REDIS_PASSWORD_SOCIAL} resetkeys resetchannels ~social:* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
      echo "user notifications on >${REDIS_PASSWORD_NOTIFICATIONS} resetkeys resetchannels ~notifications:* &socket.io* &socket.io#/#* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
      echo "user contact on >${REDIS_PASSWORD_CONTACT} resetkeys resetchannels ~contact:* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
      echo "user admin on >${REDIS_PASSWORD_ADMIN} resetkeys resetchannels ~admin:* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
      echo "user gateway on >${REDIS_PASSWORD_GATEWAY} resetkeys resetchannels ~gateway:* ~auth:session:* ~auth:user-sessions:* ~auth:account-epoch:* +@all -@admin -@dangerous +info -scan -keys -randomkey -dbsize -cluster|getkeysinslot -cluster|countkeysinslot -client|tracking -pubsub|channels -pubsub|shardchannels"
# END server users (generated)
      # The name the others reach this server by (a pod's address changes when it is rescheduled, its name does not).
      echo "replica-announce-ip $(host "$REDIS_SELF")"
      echo "replica-announce-port $(port "$REDIS_SELF")"
      if [ "$master" != "$REDIS_SELF" ]; then echo "replicaof $(host "$master") $(port "$master")"; fi
    } > "$conf"
    echo "redis-ha: starting $REDIS_SELF as $([ "$master" = "$REDIS_SELF" ] && echo master || echo "replica of $master")"
    exec redis-server "$conf"
    ;;
  sentinel)
    # A sentinel resolves the master's name when it reads its configuration: wait until the master answers.
    tries=0
    until timeout 3 redis-cli -h "$(host "$master")" -p "$(port "$master")" ping 2>/dev/null | grep -q PONG; do
      tries=$((tries + 1))
      if [ "$tries" -ge 60 ]; then echo "redis-ha: master $master does not answer" >&2; exit 1; fi
      sleep 1
    done
    conf="$dir/sentinel.conf"
    {
      echo "port $(port "$REDIS_SELF")"
      echo "dir $dir"
      echo "requirepass $REDIS_PASSWORD"
      echo "sentinel sentinel-pass $REDIS_PASSWORD"
      # Each process's own user, which may only find the master (deploy/tools/redis-users.mjs).
# BEGIN sentinel users (generated)
      echo "user auth on >${REDIS_PASSWORD_AUTH} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
      echo "user polls on >${REDIS_PASSWORD_POLLS} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
      echo "user social on >${REDIS_PASSWORD_SOCIAL} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
      echo "user notifications on >${REDIS_PASSWORD_NOTIFICATIONS} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
      echo "user contact on >${REDIS_PASSWORD_CONTACT} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
      echo "user admin on >${REDIS_PASSWORD_ADMIN} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
      echo "user gateway on >${REDIS_PASSWORD_GATEWAY} resetkeys resetchannels &* -@all +ping +auth +hello +info +client|setname +sentinel|get-master-addr-by-name +sentinel|sentinels +sentinel|replicas +sentinel|slaves +subscribe +psubscribe +unsubscribe +punsubscribe"
# END sentinel users (generated)
      echo "sentinel resolve-hostnames yes"
      echo "sentinel announce-hostnames yes"
      echo "sentinel announce-ip $(host "$REDIS_SELF")"
      echo "sentinel announce-port $(port "$REDIS_SELF")"
      echo "sentinel monitor $name $(host "$master") $(port "$master") 2"
      echo "sentinel auth-pass $name $REDIS_PASSWORD"
      echo "sentinel down-after-milliseconds $name ${REDIS_DOWN_AFTER_MS:-5000}"
      echo "sentinel failover-timeout $name 30000"
      echo "sentinel parallel-syncs $name 1"
    } > "$conf"
    echo "redis-ha: sentinel $REDIS_SELF watching $name at $master"
    exec redis-server "$conf" --sentinel
    ;;
  *) echo "usage: redis-ha.sh server|sentinel" >&2; exit 2 ;;
esac
