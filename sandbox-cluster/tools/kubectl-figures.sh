#!/usr/bin/env bash
# The sandbox's discovery answers (legacy and aggregated: bytes, seconds; three rounds) and the
# time of `kubectl apply --server-side` of 250 objects (125 ConfigMaps, 125 Deployments), created
# then unchanged, against a fresh sandbox from the built jar. From the repository root, after
# ./mvnw -B -DskipTests package: bash sandbox-cluster/tools/kubectl-figures.sh
set -euo pipefail
D=$(mktemp -d)
java -jar sandbox-cluster/target/driftless-sandbox.jar --data-dir=$D --port=0 > $D/log 2>&1 &
PID=$!
for i in $(seq 1 60); do grep -q 'Sandbox cluster at' $D/log 2>/dev/null && break; sleep 0.5; done
URL=$(grep -o 'https://127.0.0.1:[0-9]*' $D/log | head -1)
K="kubectl --kubeconfig $D/sandbox-kubeconfig.yaml --cache-dir=$D/cache"
TOKEN=$(awk '$1 == "token:" {print $2}' $D/sandbox-kubeconfig.yaml)
awk '$1 == "certificate-authority-data:" {print $2}' $D/sandbox-kubeconfig.yaml | base64 -d > $D/ca.pem
AGG='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json'
for round in 1 2 3; do
for p in /api /apis /apis/apps/v1 /openapi/v3 /openapi/v3/apis/apps/v1; do
  curl -s -o /dev/null --cacert $D/ca.pem -H "Authorization: Bearer $TOKEN" -w "$p legacy %{http_code} %{size_download} %{time_total}\n" $URL$p
done
for p in /api /apis; do
  curl -s -o /dev/null --cacert $D/ca.pem -H "Authorization: Bearer $TOKEN" -H "Accept: $AGG" -w "$p aggregated %{http_code} %{size_download} %{time_total}\n" $URL$p
done
done
python3 - > $D/m.yaml <<'PY'
for i in range(125):
    print(f"""---
apiVersion: v1
kind: ConfigMap
metadata: {{name: cm-{i}, namespace: default, labels: {{app: bench}}}}
data: {{k: v{i}, other: "x"}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {{name: d-{i}, namespace: default, labels: {{app: bench}}}}
spec:
  replicas: 1
  selector: {{matchLabels: {{app: d-{i}}}}}
  template:
    metadata: {{labels: {{app: d-{i}}}}}
    spec: {{containers: [{{name: c, image: "nginx:1.25", ports: [{{containerPort: 80}}]}}]}}""")
PY
$K api-resources > /dev/null
s=$(date +%s.%N); $K apply --server-side -f $D/m.yaml > /dev/null; e=$(date +%s.%N)
echo "kubectl apply --server-side 250 objects (create): $(echo "$e - $s" | bc) s"
s=$(date +%s.%N); $K apply --server-side -f $D/m.yaml > /dev/null; e=$(date +%s.%N)
echo "kubectl apply --server-side 250 objects (unchanged): $(echo "$e - $s" | bc) s"
kill $PID; rm -rf $D
