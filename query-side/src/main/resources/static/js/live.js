// Live beside desired on the Resource page (issue 29 point 3): the object as Driftless recorded it
// (the app's desired set as of its last change, GET .../desired?change=) and as the cluster has it
// now (GET .../live/{kind}/{name} on the command side, the viewer role), their differences
// marked in words and colour, and the live object's field managers. Secrets: only what the APIs
// sent, which they mask.

import { NeedsToken, api, h, enc, show, table, time, commandUrl } from "./common.js";

/** Fields the cluster writes itself: left out of the comparison (never desired). */
const SERVER_FIELDS = /^(status(\.|$)|metadata\.(managedFields|resourceVersion|uid|generation|creationTimestamp|selfLink)(\.|$)|metadata\.annotations\.(kubectl\.kubernetes\.io\/last-applied-configuration|deployment\.kubernetes\.io\/revision|kapp\.k14s\.io\/nonce)$)/;

/** Leaves of a JSON tree by dotted path; lists by index ("spec.containers[0].image"). */
export function leaves(value, path = "", out = new Map()) {
  if (Array.isArray(value)) {
    if (!value.length) out.set(path, "[]");
    value.forEach((v, i) => leaves(v, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (!keys.length && path) out.set(path, "{}");
    for (const k of keys) leaves(value[k], path ? `${path}.${k}` : k, out);
  } else if (path) {
    out.set(path, show(value));
  }
  return out;
}

/** Each managedFields entry: manager, operation, when, and the top-level fields it owns. */
function managers(live) {
  const entries = (live.metadata && live.metadata.managedFields) || [];
  const owned = (fields) =>
    Object.keys(fields || {})
      .filter((k) => k.startsWith("f:"))
      .flatMap((k) => {
        const inner = Object.keys(fields[k] || {}).filter((x) => x.startsWith("f:"));
        return inner.length ? inner.map((x) => `${k.slice(2)}.${x.slice(2)}`) : [k.slice(2)];
      });
  return table(
    "managers",
    "Field managers (metadata.managedFields of the live object)",
    ["Manager", "Operation", "At", "Fields"],
    entries.map((m) =>
      h(
        "tr",
        { "data-manager": m.manager },
        h("th", { scope: "row" }, show(m.manager)),
        h("td", {}, show(m.operation)),
        h("td", {}, m.time ? time(m.time) : ""),
        h("td", {}, h("code", {}, owned(m.fieldsV1).join(", ")))
      )
    )
  );
}

async function desiredObject(base, kind, resource, namespace) {
  const [last] = await api(`${base}/changes?limit=1`);
  if (!last) return { note: "The app has no change yet." };
  const set = await api(`${base}/desired?change=${enc(last.changeId)}`);
  const object = (set.resources || []).find((r) => r.kind === kind && r.metadata && r.metadata.name === resource && (r.metadata.namespace || "") === (namespace || ""));
  return object ? { object, asOf: set.asOf } : { note: `Not in the desired set as of ${last.changeId}.`, asOf: set.asOf };
}

async function liveObject(ns, name, item) {
  const url = `${commandUrl()}/api/apps/${enc(ns)}/${enc(name)}/live/${enc(item.kind)}/${enc(item.name)}?namespace=${enc(item.namespace || "")}&apiVersion=${enc(item.apiVersion)}`;
  return { object: await api(url) };
}

const soft = (promise) =>
  promise.catch((e) => {
    if (e instanceof NeedsToken) throw e;
    return { note: e.message };
  });

/** The section, or a note when the inventory does not know the object. */
export async function liveSection(ns, name, kind, resource) {
  const base = `/api/apps/${enc(ns)}/${enc(name)}`;
  const inventory = await soft(api(`${base}/resources`));
  const item = Array.isArray(inventory) ? inventory.find((r) => r.kind === kind && r.name === resource) : null;
  if (!item || !item.apiVersion) return h("section", { id: "live-desired" }, h("h2", {}, "Live beside desired"), h("p", { class: "muted" }, "The app's inventory does not list this object."));
  const [desired, live] = await Promise.all([soft(desiredObject(base, kind, resource, item.namespace)), soft(liveObject(ns, name, item))]);
  const want = desired.object ? leaves(desired.object) : new Map();
  const have = live.object ? leaves(live.object) : new Map();
  const paths = [...new Set([...want.keys(), ...have.keys()])].filter((p) => !SERVER_FIELDS.test(p)).sort();
  let differing = 0;
  const rows = paths.map((p) => {
    const d = want.get(p);
    const l = have.get(p);
    // a field only the cluster has (a default, another manager's) is not a difference from desired
    const word = d === undefined ? "live only" : l === undefined ? (live.object ? "missing live" : "") : d === l ? "same" : "differs";
    if (word === "differs" || word === "missing live") differing++;
    const cls = word === "differs" || word === "missing live" ? "bad" : word === "same" ? "ok" : "muted";
    return h(
      "tr",
      { "data-path": p, "data-compare": word, class: cls === "bad" ? "differs" : null },
      h("th", { scope: "row" }, h("code", {}, p)),
      h("td", {}, d === undefined ? h("span", { class: "muted" }, "(not desired)") : h("code", {}, d)),
      h("td", {}, l === undefined ? h("span", { class: "muted" }, "(none)") : h("code", {}, l)),
      h("td", {}, word ? h("span", { class: cls }, word) : "")
    );
  });
  return h(
    "section",
    { id: "live-desired", "aria-labelledby": "live-heading" },
    h("h2", { id: "live-heading" }, "Live beside desired"),
    h(
      "p",
      { id: "live-summary" },
      desired.object ? ["Desired as of ", h("strong", {}, desired.asOf ? desired.asOf.changeId : "the last change")] : h("span", { class: "warn" }, `Desired: ${desired.note}`),
      "; ",
      live.object ? "live as the cluster has it now" : h("span", { class: "warn" }, `Live: ${live.note}`),
      live.object && desired.object ? [". ", h("strong", { class: differing ? "bad" : "ok" }, differing ? `${differing} field${differing === 1 ? "" : "s"} differ` : "No desired field differs")] : "",
      "."
    ),
    table("live-table", "Fields, desired and live (the cluster's own fields left out)", ["Path", "Desired", "Live", "Compared"], rows),
    live.object ? managers(live.object) : null,
    h(
      "details",
      {},
      h("summary", {}, "Both objects as JSON"),
      h(
        "div",
        { class: "side-by-side" },
        h("pre", { id: "desired-json", tabindex: "0", "aria-label": "Desired object" }, desired.object ? JSON.stringify(desired.object, null, 2) : ""),
        h("pre", { id: "live-json", tabindex: "0", "aria-label": "Live object" }, live.object ? JSON.stringify(live.object, null, 2) : "")
      )
    )
  );
}
