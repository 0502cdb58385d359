#!/usr/bin/env bash
# How this store was written (kept for the record; it needs the standalone jar of commit 526f7b6
# and the kapp examples). Run from this directory with JAR and EXAMPLES set.
set -u
java -jar "$JAR" --server.port=18080 --driftless.sandbox.port=16443 \
  --driftless.snapshot.threshold=3 --driftless.data-dir=./data > out.log 2>&1 &
server=$!
for _ in $(seq 1 300); do curl -sf localhost:18080/actuator/health >/dev/null && break; sleep 0.2; done
Y=application/yaml
d() { curl -s -o /dev/null -w "%{http_code} $1 $2\n" -X POST -H "Content-Type: $4" --data-binary @"$3" "localhost:18080/api/apps/$1/$2/deploy"; }
d default simple-app "$EXAMPLES/simple-app-v1.yml" $Y; d default simple-app "$EXAMPLES/simple-app-v2.yml" $Y
d default simple-app "$EXAMPLES/simple-app-v1.yml" $Y; d default simple-app "$EXAMPLES/simple-app-v2.yml" $Y
d default redis "$EXAMPLES/redis-with-configmap.yml" $Y; d default guestbook "$EXAMPLES/guestbook.yml" $Y
d default doomed manifests/doomed.yml $Y; curl -s -X DELETE localhost:18080/api/apps/default/doomed
d ops team-config manifests/team-config.json application/json
mk() { printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: racy-a\ndata:\n  v: "%s"\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: racy-b\ndata:\n  v: "%s"\n' "$1" "$1"; }
mk 0 > r.yml; d default racy r.yml $Y
(for i in $(seq 1 4000); do curl -s -o /dev/null -X PATCH -H 'Content-Type: application/merge-patch+json' \
  --data "{\"metadata\":{\"annotations\":{\"poke\":\"$i\"}}}" localhost:16443/api/v1/namespaces/default/configmaps/racy-b; done) &
poker=$!
for n in $(seq 1 30); do mk "$n" > r.yml
  code=$(curl -s -o /dev/null -w "%{http_code}" -X POST -H "Content-Type: $Y" --data-binary @r.yml localhost:18080/api/apps/default/racy/deploy)
  [ "$code" = 502 ] && break; done
kill $poker
d default racy manifests/racy-final.yml $Y
d default simple-app "$EXAMPLES/simple-app-v2.yml" $Y
mkdir -p sandbox
for p in api/v1/services apis/apps/v1/deployments api/v1/configmaps api/v1/secrets api/v1/namespaces api/v1/pods; do
  curl -s "localhost:16443/$p" > "sandbox/$(echo $p | tr / _).json"; done
kill $server
# The rows were then read from ./data/driftless.mv.db with JDBC into the .jsonl files.
