#!/bin/sh
# Makes MongoDB's replica set rs0 of MONGO_HOSTS, and the services' user `meydan` (MONGO_URL's), once the members
# answer: on Kubernetes the Job mongo-init (mongo.yaml), on one Docker host the service mongo-init
# (docker-compose.ha.yml). Safe to run again: a replica set already made is left as it is, and the user's password
# is set to MONGO_PASSWORD (how it is changed).
# Environment: MONGO_HOSTS (host:port,…; the first one initiates), MONGO_ROOT_PASSWORD (the password of `root`, which
# each member made at its first start), MONGO_PASSWORD.
set -eu
: "${MONGO_HOSTS:?}" "${MONGO_ROOT_PASSWORD:?}" "${MONGO_PASSWORD:?}"
here=$(dirname "$0")
for host in $(echo "$MONGO_HOSTS" | tr ',' ' '); do
  tries=0
  until mongosh --quiet "mongodb://$host/?directConnection=true" --eval 'db.adminCommand("ping").ok' >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -ge 150 ]; then echo "mongo-init: $host does not answer" >&2; exit 1; fi
    sleep 2
  done
done
as_root() {
  mongosh --quiet --username root --password "$MONGO_ROOT_PASSWORD" --authenticationDatabase admin "$1" "$here/mongo-init.js"
}
MONGO_INIT_STEP=replica-set as_root "mongodb://${MONGO_HOSTS%%,*}/admin?directConnection=true"
MONGO_INIT_STEP=user as_root "mongodb://$MONGO_HOSTS/admin?replicaSet=rs0&serverSelectionTimeoutMS=90000"
