// The Apps list (kapp ls) with each app's status, problems first.

import { NeedsToken, api, h, enc, appHref, time, show, outcome, table } from "./common.js";

let appsFilter = "";

/**
 * An app's status words, worst first (issue 29 point 1), from what the APIs answer: `failed` (its
 * last change failed), `drifted` (objects out of sync now: the overview's `outOfSyncCount`),
 * `ghost diffs` (the overview's `ghostDiffCount`), `reconciling` (a change in progress), `locked`;
 * none of them: `in sync`. The first word sorts the Apps list.
 */
export const STATUS_ORDER = ["failed", "drifted", "ghost diffs", "reconciling", "locked", "in sync"];
const STATUS_CLASS = { failed: "bad", drifted: "bad", "ghost diffs": "bad", reconciling: "warn", locked: "warn", "in sync": "ok" };
export function statuses(app, overview) {
  const words = [];
  if (app.lastChangeSuccessful === false) words.push("failed");
  if ((overview.outOfSyncCount || 0) > 0) words.push("drifted");
  if ((overview.ghostDiffCount || 0) > 0) words.push("ghost diffs");
  if (app.changeInProgress) words.push("reconciling");
  if (app.locked) words.push("locked");
  return words.length ? words : ["in sync"];
}
const rank = (words) => Math.min(...words.map((w) => (w === "ghost diffs" ? 1 : STATUS_ORDER.indexOf(w))));

/** The status in words and colour; a failure's reason and a lock's holder follow the word. */
export function statusBadge(words, failedReason, app) {
  return h(
    "span",
    { class: "status", "data-status": words.join(",") },
    words.map((w, i) => [
      i ? ", " : "",
      h("strong", { class: STATUS_CLASS[w] }, w),
      w === "failed" && failedReason ? [": ", h("span", { class: "reason" }, failedReason)] : "",
      w === "locked" && app.lockedBy ? ` by ${app.lockedBy}` + (app.lockReason ? ` (${app.lockReason})` : "") : "",
    ]).flat(Infinity)
  );
}

/** Why the app's last change failed: the newest change that is not a lock or unlock row. */
export async function failedReason(ns, name) {
  const changes = await api(`/api/apps/${enc(ns)}/${enc(name)}/changes?limit=10`).catch((e) => (e instanceof NeedsToken ? Promise.reject(e) : []));
  const last = changes.find((c) => c.trigger !== "lock" && c.trigger !== "unlock");
  return last && last.successful === false ? last.error || "no reason was recorded" : null;
}

let statusFilter = "";
let namespaceFilter = "";

export async function appsPage() {
  const apps = await api("/api/apps");
  // The list carries each app's drift counts (docs/API.md); an older query side does not: then one
  // overview per app, as before (1,001 requests took 7 s for 1,001 apps: query-side BENCHMARK.md).
  const listed = apps.length && "outOfSyncCount" in apps[0];
  const overviews = listed
    ? apps
    : await Promise.all(
        apps.map((a) => api(`/api/apps/${enc(a.namespace)}/${enc(a.name)}`).catch((e) => (e instanceof NeedsToken ? Promise.reject(e) : {})))
      );
  const words = apps.map((a, i) => statuses(a, overviews[i]));
  const reasons = await Promise.all(apps.map((a, i) => (words[i].includes("failed") ? failedReason(a.namespace, a.name) : null)));
  const order = apps.map((_, i) => i).sort((x, y) => rank(words[x]) - rank(words[y]) || apps[x].namespace.localeCompare(apps[y].namespace) || apps[x].name.localeCompare(apps[y].name));
  const rows = order.map((i) => {
    const a = apps[i];
    return h(
      "tr",
      { "data-app": `${a.namespace}/${a.name}`, "data-status": words[i].join(","), "data-namespace": a.namespace },
      h("td", {}, a.namespace),
      h("th", { scope: "row" }, h("a", { href: appHref(a.namespace, a.name) }, a.name)),
      h("td", { class: "status-cell" }, statusBadge(words[i], reasons[i], a)),
      h("td", {}, (a.namespaces || []).join(", ")),
      h("td", {}, time(a.lastChangeAt)),
      h("td", {}, outcome(a.lastChangeSuccessful, false)),
      h("td", {}, a.changeInProgress ? h("span", { class: "warn" }, "yes: " + show(a.changeInProgress)) : "no"),
      h("td", { class: "num" }, outOfSync(overviews[i])),
      h("td", { class: "num" }, show(overviews[i].ghostDiffCount ?? "n/a"))
    );
  });
  const filter = h("input", { id: "filter", type: "search", value: appsFilter, placeholder: "name contains (/)" });
  const option = (value, label, selected) => h("option", { value, selected: selected ? "" : null }, label);
  const byStatus = h("select", { id: "status-filter" }, option("", "any status", !statusFilter), STATUS_ORDER.map((w) => option(w, w, w === statusFilter)));
  const namespaces = [...new Set(apps.map((a) => a.namespace))].sort();
  const byNamespace = h("select", { id: "namespace-filter" }, option("", "any namespace", !namespaceFilter), namespaces.map((n) => option(n, n, n === namespaceFilter)));
  const applyFilters = () => {
    for (const row of rows) {
      row.hidden =
        !row.dataset.app.split("/")[1].includes(appsFilter) ||
        (statusFilter && !row.dataset.status.split(",").includes(statusFilter)) ||
        (namespaceFilter && row.dataset.namespace !== namespaceFilter);
    }
  };
  filter.addEventListener("input", () => { appsFilter = filter.value; applyFilters(); });
  byStatus.addEventListener("change", () => { statusFilter = byStatus.value; applyFilters(); });
  byNamespace.addEventListener("change", () => { namespaceFilter = byNamespace.value; applyFilters(); });
  applyFilters();
  return [
    h("h1", {}, "Apps"),
    h(
      "p",
      { class: "filters" },
      h("label", {}, "Filter by name ", filter),
      " ",
      h("label", { for: "status-filter" }, "Status "),
      byStatus,
      " ",
      h("label", { for: "namespace-filter" }, "Namespace "),
      byNamespace
    ),
    table("apps", "Apps (kapp ls), problems first", ["Namespace", "Name", "Status", "Namespaces", "Last change", "Successful", "In progress", "Out of sync #", "Ghost diffs #"], rows),
    h("p", { class: "muted", id: "out-of-sync-meaning" }, OUT_OF_SYNC_MEANING),
  ];
}

export const OUT_OF_SYNC_MEANING =
  "Out of sync: objects whose live state differs from the desired one now, because the cluster keeps " +
  "setting a field back (a ghost diff Driftless has not yielded) or a reconcile could not write them. " +
  "Objects a reconcile already put back are in sync and not counted.";

/** The overview's objects out of sync now; "n/a" before the drift view is built. */
export function outOfSync(overview) {
  const n = overview.outOfSyncCount;
  if (n === null || n === undefined) return "n/a";
  return n ? h("span", { class: "bad" }, String(n)) : "0";
}
