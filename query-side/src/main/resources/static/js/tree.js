// The App page's resource tree (issue 29 point 4): the app's objects by kind, an object the app
// also owns under its owner (metadata.ownerReferences of the desired set as of the newest change),
// each with what it waited for in its last change and how that ended, live or missing, and its
// drift; failed and drifted objects marked in words and colour. Data: the inventory (GET
// .../resources), the desired set (GET .../desired?change=) and the last changes' resource rows.

import { NeedsToken, api, h, enc, resourceHref } from "./common.js";

/** kapp's apply order of kinds, roughly: what the others need first. */
const KIND_ORDER = ["Namespace", "CustomResourceDefinition", "ServiceAccount", "ClusterRole", "Role", "ClusterRoleBinding", "RoleBinding", "ConfigMap", "Secret", "PersistentVolumeClaim", "Service", "Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Ingress"];
const kindRank = (k) => (KIND_ORDER.includes(k) ? KIND_ORDER.indexOf(k) : KIND_ORDER.length);

const soft = (promise, fallback) => promise.catch((e) => (e instanceof NeedsToken ? Promise.reject(e) : fallback));

/** The resource rows of the changes that last touched each object, by "kind/namespace/name". */
async function lastRows(base, inventory) {
  const ids = [...new Set(inventory.map((r) => r.lastChangeId).filter(Boolean))].slice(0, 20);
  const changes = await Promise.all(ids.map((id) => soft(api(`${base}/changes/${enc(id)}`), null)));
  const rows = new Map();
  for (const change of changes) {
    for (const c of (change && change.changes) || []) rows.set(`${c.kind}/${c.namespace || ""}/${c.name}`, { ...c, changeId: change.changeId });
  }
  return rows;
}

/** Owner of each object of the set that names an owner the app also holds: "kind/ns/name" keys. */
function owners(resources) {
  const byUid = new Map();
  const key = (r) => `${r.kind}/${(r.metadata && r.metadata.namespace) || ""}/${r.metadata && r.metadata.name}`;
  for (const r of resources) byUid.set(`${r.kind}/${r.metadata && r.metadata.name}`, key(r));
  const out = new Map();
  for (const r of resources) {
    for (const o of (r.metadata && r.metadata.ownerReferences) || []) {
      const owner = byUid.get(`${o.kind}/${o.name}`);
      if (owner) out.set(key(r), owner);
    }
  }
  return out;
}

function stateWords(r, last) {
  const words = [];
  if (r.live === false && r.lastOp !== "delete") words.push(["missing", "bad"]);
  if (last && last.result === "failed") words.push(["failed", "bad"]);
  if (r.drift === "ghost-diff" || r.drift === "failed" || r.drift === "drifted") words.push(["drifted", "bad"]);
  else if (r.drift === "corrected") words.push(["put back", "warn"]);
  else if (r.drift === "yielded") words.push(["yielded", "warn"]);
  if (!words.length) words.push([r.lastOp === "delete" ? "deleted" : "ok", r.lastOp === "delete" ? "muted" : "ok"]);
  return words;
}

export async function resourceTree(ns, name, inventory, newestChangeId) {
  const base = `/api/apps/${enc(ns)}/${enc(name)}`;
  const [rows, desired] = await Promise.all([lastRows(base, inventory), newestChangeId ? soft(api(`${base}/desired?change=${enc(newestChangeId)}`), {}) : {}]);
  const ownerOf = owners(desired.resources || []);
  const keyOf = (r) => `${r.kind}/${r.namespace || ""}/${r.name}`;
  const children = new Map();
  for (const r of inventory) {
    const owner = ownerOf.get(keyOf(r));
    if (owner) children.set(owner, [...(children.get(owner) || []), r]);
  }
  const item = (r) => {
    const last = rows.get(keyOf(r));
    const words = stateWords(r, last);
    const kids = children.get(keyOf(r)) || [];
    return h(
      "li",
      { "data-object": keyOf(r), "data-state": words.map(([w]) => w).join(",") },
      h("a", { href: resourceHref(ns, name, r.kind, r.name) }, `${r.kind} ${r.name}`),
      r.namespace ? h("span", { class: "muted" }, ` (${r.namespace})`) : "",
      ": ",
      words.map(([w, cls], i) => [i ? ", " : "", h("strong", { class: cls }, w)]).flat(),
      last && last.waitTo ? h("span", { class: "wait" }, ` · waited to ${last.waitTo} in ${last.changeId}${last.result ? ": " + last.result : ""}`) : "",
      last && last.error ? h("span", { class: "reason" }, last.error) : "",
      kids.length ? h("ul", {}, kids.map(item)) : null
    );
  };
  const kinds = [...new Set(inventory.map((r) => r.kind))].sort((a, b) => kindRank(a) - kindRank(b) || a.localeCompare(b));
  return h(
    "section",
    { id: "resource-tree", "aria-labelledby": "tree-heading" },
    h("h2", { id: "tree-heading" }, "Resource tree"),
    inventory.length
      ? h(
          "ul",
          { class: "tree" },
          kinds.map((kind) => {
            const top = inventory.filter((r) => r.kind === kind && !ownerOf.has(keyOf(r)));
            return top.length ? h("li", { "data-kind": kind }, h("strong", {}, `${kind} (${top.length})`), h("ul", {}, top.map(item))) : null;
          })
        )
      : h("p", { class: "muted" }, "The app has no objects.")
  );
}
