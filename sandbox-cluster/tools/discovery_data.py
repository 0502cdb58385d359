#!/usr/bin/env python3
"""Makes the sandbox's discovery data from Kubernetes 1.30's published OpenAPI v3 documents.

Usage: discovery_data.py <folder of the 1.30 documents: api/v1.json, apis/<group>/<version>.json>

Writes, under src/main/resources/io/driftless/sandbox/discovery/:
  openapi-v3/<api/v1 or apis/group/version>.json.gz  the documents of the served versions, unchanged
  api-resources.json  each served group version's resources (name, kind, namespaced, verbs, ...)
                      derived from the documents' paths; short names and categories (which OpenAPI
                      does not carry) from the table below, as a 1.30 server lists them.
"""
import gzip, json, os, re, sys

SOURCE = sys.argv[1]
OUT = os.path.join(os.path.dirname(__file__), "..", "src/main/resources/io/driftless/sandbox/discovery")

# Served by a 1.30 API server with its default flags, in its order of preference per group.
SERVED = [
    ("", "v1"), ("apiregistration.k8s.io", "v1"), ("apps", "v1"), ("events.k8s.io", "v1"),
    ("authentication.k8s.io", "v1"), ("authentication.k8s.io", "v1beta1"),
    ("authorization.k8s.io", "v1"), ("autoscaling", "v2"), ("autoscaling", "v1"),
    ("batch", "v1"), ("certificates.k8s.io", "v1"), ("networking.k8s.io", "v1"),
    ("policy", "v1"), ("rbac.authorization.k8s.io", "v1"), ("storage.k8s.io", "v1"),
    ("admissionregistration.k8s.io", "v1"), ("apiextensions.k8s.io", "v1"),
    ("scheduling.k8s.io", "v1"), ("coordination.k8s.io", "v1"), ("node.k8s.io", "v1"),
    ("discovery.k8s.io", "v1"), ("flowcontrol.apiserver.k8s.io", "v1"),
    ("flowcontrol.apiserver.k8s.io", "v1beta3"),
]

SHORT_NAMES = {
    "componentstatuses": ["cs"], "configmaps": ["cm"], "endpoints": ["ep"], "events": ["ev"],
    "limitranges": ["limits"], "namespaces": ["ns"], "nodes": ["no"],
    "persistentvolumeclaims": ["pvc"], "persistentvolumes": ["pv"], "pods": ["po"],
    "replicationcontrollers": ["rc"], "resourcequotas": ["quota"], "serviceaccounts": ["sa"],
    "services": ["svc"], "daemonsets": ["ds"], "deployments": ["deploy"], "replicasets": ["rs"],
    "statefulsets": ["sts"], "cronjobs": ["cj"], "horizontalpodautoscalers": ["hpa"],
    "ingresses": ["ing"], "networkpolicies": ["netpol"], "poddisruptionbudgets": ["pdb"],
    "customresourcedefinitions": ["crd", "crds"], "storageclasses": ["sc"],
    "certificatesigningrequests": ["csr"], "priorityclasses": ["pc"],
}
ALL = {"pods", "replicationcontrollers", "services", "daemonsets", "deployments", "replicasets",
       "statefulsets", "cronjobs", "jobs", "horizontalpodautoscalers"}
API_EXTENSIONS = {"customresourcedefinitions", "apiservices", "mutatingwebhookconfigurations",
                  "validatingwebhookconfigurations", "validatingadmissionpolicies",
                  "validatingadmissionpolicybindings"}
VERBS = {"post": "create", "get": "get", "list": "list", "put": "update", "patch": "patch",
         "delete": "delete", "deletecollection": "deletecollection", "watch": "watch",
         "watchlist": "watch", "connect": None}
ORDER = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]


def document(group, version):
    return "api/v1.json" if group == "" else f"apis/{group}/{version}.json"


def resources(group, version, doc):
    prefix = "/api/v1/" if group == "" else f"/apis/{group}/{version}/"
    found = {}
    namespaced_names = {p[len(prefix):].split("/")[2] for p in doc["paths"]
                        if p[len(prefix):].startswith("namespaces/{namespace}/")}
    for path, item in doc["paths"].items():
        rest = path[len(prefix):]
        if not rest or rest.startswith("watch/"):
            continue
        namespaced = rest.startswith("namespaces/{namespace}/")
        parts = rest.split("/")
        if namespaced:
            parts = parts[2:]
        elif parts[0] == "namespaces" and len(parts) > 2 and parts[1] == "{name}":
            parts = ["namespaces", "{name}"] + parts[2:]  # namespaces/{name}/status, /finalize
        if not parts or parts[0] == "":
            continue
        if not namespaced and parts[0] in namespaced_names:
            continue  # the all-namespaces list of a namespaced kind
        name = parts[0] if len(parts) < 3 else parts[0] + "/" + parts[2]
        for method, op in item.items():
            if not isinstance(op, dict) or "x-kubernetes-action" not in op:
                continue
            action = op["x-kubernetes-action"]
            gvk = op.get("x-kubernetes-group-version-kind", {})
            entry = found.setdefault(name, {"name": name, "namespaced": namespaced, "verbs": set(),
                                            "gvk": gvk})
            verb = VERBS[action]
            if action == "connect":
                verb = {"get": "get", "post": "create", "put": "update", "delete": "delete",
                        "patch": "patch", "head": "get", "options": "get"}[method]
            entry["verbs"].add(verb)
            if action == "list":
                entry["verbs"].add("watch")
            if name == parts[0] and action != "connect":
                entry["gvk"] = gvk
    listed = []
    for name in sorted(found):
        entry = found[name]
        gvk = entry["gvk"]
        resource = {"name": name, "singularName": "", "namespaced": entry["namespaced"],
                    "kind": gvk.get("kind", "")}
        if "/" not in name:
            resource["singularName"] = gvk.get("kind", "").lower()
        elif (gvk.get("group"), gvk.get("version")) != (group, version):
            resource["group"] = gvk.get("group")
            resource["version"] = gvk.get("version")
        resource["verbs"] = [v for v in ORDER if v in entry["verbs"]]
        if "/" not in name and name in SHORT_NAMES:
            resource["shortNames"] = SHORT_NAMES[name]
        if "/" not in name and name in ALL:
            resource["categories"] = ["all"]
        if "/" not in name and name in API_EXTENSIONS:
            resource["categories"] = ["api-extensions"]
        listed.append(resource)
    return listed


def main():
    groups = []
    for group, version in SERVED:
        source = os.path.join(SOURCE, document(group, version))
        if not os.path.exists(source):
            print(f"no document for {group}/{version}: served without OpenAPI", file=sys.stderr)
            continue
        with open(source, "rb") as f:
            raw = f.read()
        doc = json.loads(raw)
        target = os.path.join(OUT, "openapi-v3", document(group, version) + ".gz")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(gzip.compress(raw, compresslevel=9, mtime=0))
        groups.append({"group": group, "version": version, "resources": resources(group, version, doc)})
    with open(os.path.join(OUT, "api-resources.json"), "w") as f:
        json.dump({"kubernetes": "1.30", "groupVersions": groups}, f, indent=1)
        f.write("\n")


main()
