// The App page: status, overview, changes per day, the change list (paged) and the inventory.

import { NeedsToken, api, h, enc, appHref, changeHref, resourceHref, PAGE, time, show, outcome, table, commit, actor, reason, duration } from "./common.js";
import { comparePicker } from "./compare.js";
import { resourceTree } from "./tree.js";
import { mayDeploy, reconcileButton, lockButton } from "./actions.js";
import { statuses, statusBadge, failedReason, outOfSync, OUT_OF_SYNC_MEANING } from "./apps.js";

/** The app page's drift line: out of sync now, and how many were put back since their deploy. */
function driftSummary(overview) {
  if (overview.outOfSyncCount === null || overview.outOfSyncCount === undefined) {
    return "unknown: the drift view is not built (POST /api/projections/drift/rebuild builds it)";
  }
  const putBack = Math.max(0, (overview.driftCount || 0) - overview.outOfSyncCount);
  return [
    outOfSync(overview),
    overview.outOfSyncCount === 1 ? " object out of sync now" : " objects out of sync now",
    putBack ? `; ${putBack} put back by a reconcile since their last deploy` : "",
    h("br"),
    h("small", { class: "muted" }, OUT_OF_SYNC_MEANING),
  ];
}

export async function appPage(ns, name, params) {
  const base = `/api/apps/${enc(ns)}/${enc(name)}`;
  const before = params.get("before");
  const [overview, changes, resources, perDay] = await Promise.all([
    api(base),
    api(`${base}/changes?limit=${PAGE}` + (before ? `&before=${enc(before)}` : "")),
    api(`${base}/resources`),
    api(`${base}/changes/per-day?days=30`).catch((e) => (e instanceof NeedsToken ? Promise.reject(e) : [])),
  ]);
  // the overview carries the list's fields (lock, change in progress) too: docs/API.md
  const words = statuses(overview, overview);
  const lastRun = changes.find((c) => c.trigger !== "lock" && c.trigger !== "unlock");
  const reasonNow = words.includes("failed") ? (lastRun && lastRun.successful === false && lastRun.error) || (await failedReason(ns, name)) : null;
  const counts = Object.entries(overview.resourceCounts || {}).map(([kind, n]) =>
    h("tr", {}, h("th", { scope: "row" }, kind), h("td", { class: "num" }, n))
  );
  const timeline = changes.map((c) =>
    h(
      "tr",
      { "data-change": c.changeId, "data-trigger": c.trigger },
      h("th", { scope: "row" }, h("a", { href: changeHref(ns, name, c.changeId) }, c.changeId)),
      h("td", {}, show(c.trigger), c.rolledBackTo ? [" to ", h("a", { href: changeHref(ns, name, c.rolledBackTo) }, c.rolledBackTo)] : null),
      h("td", {}, time(c.startedAt)),
      h("td", { class: "who" }, actor(c)),
      h("td", { class: "message" }, show(c.message)),
      h("td", {}, commit(c.meta)),
      h("td", {}, show(c.description)),
      h("td", { class: "result" }, outcome(c.successful, !c.finishedAt), reason(c.error)),
      h("td", { class: "num" }, duration(c.startedAt, c.finishedAt))
    )
  );
  const inventory = resources.map((r) =>
    h(
      "tr",
      {},
      h("td", {}, r.namespace),
      h("td", {}, r.kind),
      h("th", { scope: "row" }, h("a", { href: resourceHref(ns, name, r.kind, r.name) }, r.name)),
      h("td", {}, r.lastOp),
      h("td", {}, r.lastChangeId ? h("a", { href: changeHref(ns, name, r.lastChangeId) }, r.lastChangeId) : ""),
      h("td", {}, live(r)),
      h("td", {}, driftWord(r.drift))
    )
  );
  return [
    h("p", {}, h("a", { href: "#/apps" }, "Apps"), " / ", `${ns}/${name}`),
    h("h1", {}, `${ns}/${name}`),
    h("p", { id: "app-status" }, "Status: ", statusBadge(words, reasonNow, overview)),
    (await mayDeploy()) ? h("p", { id: "actions", class: "buttons" }, reconcileButton(ns, name), " ", lockButton(ns, name, overview)) : null,
    h(
      "dl",
      { id: "overview" },
      h("dt", {}, "Last change"), h("dd", {}, time(overview.lastChangeAt), " ", outcome(overview.lastChangeSuccessful, overview.changeInProgress)),
      h("dt", {}, "Last reconcile"), h("dd", {}, overview.lastReconcileAt ? [time(overview.lastReconcileAt), " ", show(overview.lastReconcileResult), overview.lastReconcileError ? " (" + overview.lastReconcileError + ")" : ""] : "never"),
      h("dt", {}, "Out of sync"), h("dd", { id: "out-of-sync" }, driftSummary(overview)),
      h("dt", {}, "Ghost diffs"), h("dd", {}, show(overview.ghostDiffCount ?? "view not built"))
    ),
    overview.lastReconcileError
      ? h("p", { id: "reconcile-error", class: "failure", role: "alert" }, h("strong", { class: "bad" }, "The last reconcile failed: "), h("code", {}, overview.lastReconcileError))
      : null,
    table("counts", "Resources by kind", ["Kind", "Count #"], counts),
    perDayChart(perDay, 30),
    comparePicker(ns, name, changes),
    table("changes", before ? `Changes before ${before}, newest first` : "Changes, newest first", ["Change", "Trigger", "Started", "Actor", "Message", "Commit", "Description", "Result", "Duration #"], timeline),
    h(
      "p",
      { class: "pager" },
      before ? h("a", { href: appHref(ns, name), id: "newest" }, "Newest changes") : null,
      before && changes.length === PAGE ? " · " : null,
      changes.length === PAGE ? h("a", { href: `${appHref(ns, name)}?before=${enc(changes[changes.length - 1].changeId)}`, id: "older" }, "Older changes") : null
    ),
    await resourceTree(ns, name, resources, before ? null : changes[0] && changes[0].changeId),
    table("inventory", "Inventory", ["Namespace", "Kind", "Name", "Last op", "Last change", "Live", "Drift"], inventory),
  ];
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  for (const child of children) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

/**
 * Changes per day over the last `days` days (UTC), one bar per day stacked by trigger and result:
 * each segment has its words in a <title>, and a table below says the same for screen readers and
 * for anyone who cannot tell the colours apart.
 */
function perDayChart(counts, days) {
  const today = new Date();
  const dayList = [];
  for (let i = days - 1; i >= 0; i--) {
    dayList.push(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i)).toISOString().slice(0, 10));
  }
  const kinds = ["deploy ok", "deploy failed", "reconcile ok", "reconcile failed", "delete ok", "delete failed", "in progress"];
  const kindOf = (c) => (c.successful === null || c.successful === undefined ? "in progress" : `${c.trigger} ${c.successful ? "ok" : "failed"}`);
  const byDay = new Map(dayList.map((d) => [d, new Map()]));
  for (const c of counts) {
    const day = byDay.get(c.day);
    if (day) day.set(kindOf(c), (day.get(kindOf(c)) || 0) + c.count);
  }
  const max = Math.max(1, ...[...byDay.values()].map((m) => [...m.values()].reduce((a, b) => a + b, 0)));
  const width = 12, gap = 2, height = 80;
  const chart = svg("svg", { id: "per-day", role: "img", viewBox: `0 0 ${days * (width + gap)} ${height + 14}`, "aria-labelledby": "per-day-title" });
  chart.append(svg("title", { id: "per-day-title" }, `Changes per day, last ${days} days`));
  dayList.forEach((day, i) => {
    let y = height;
    for (const kind of kinds) {
      const n = byDay.get(day).get(kind) || 0;
      if (!n) continue;
      const h2 = Math.max(1, Math.round((n / max) * height));
      y -= h2;
      chart.append(svg("rect", { x: i * (width + gap), y, width, height: h2, class: "bar " + kind.replace(" ", "-") }, svg("title", {}, `${day}: ${n} ${kind}`)));
    }
    if (i % 7 === days % 7) chart.append(svg("text", { x: i * (width + gap), y: height + 12, class: "axis" }, day.slice(5)));
  });
  const rows = [];
  for (const [day, m] of byDay) {
    for (const kind of kinds) if (m.get(kind)) rows.push(h("tr", {}, h("th", { scope: "row" }, day), h("td", {}, kind), h("td", { class: "num" }, m.get(kind))));
  }
  return h(
    "section",
    { "aria-labelledby": "per-day-heading" },
    h("h2", { id: "per-day-heading" }, `Changes per day (last ${days} days, UTC)`),
    chart,
    h("p", { class: "legend" }, kinds.map((k) => h("span", { class: "key " + k.replace(" ", "-") }, k))),
    h("details", {}, h("summary", {}, "As a table"), table("per-day-table", "Changes per day by trigger and result", ["Day", "Trigger and result", "Changes #"], rows))
  );
}

/** Whether the object is there; one the app deleted on purpose is "deleted", not "missing". */
function live(r) {
  if (r.live === true) return "present";
  if (r.live !== false) return h("span", { class: "muted" }, "unknown");
  return r.lastOp === "delete" ? h("span", { class: "muted" }, "deleted") : h("span", { class: "bad" }, "missing");
}

function driftWord(drift) {
  if (!drift) return h("span", { class: "muted" }, "unknown");
  const cls = { "in-sync": "ok", corrected: "warn", yielded: "warn", failed: "bad", "ghost-diff": "bad", drifted: "bad" }[drift];
  return h("span", { class: cls || null }, drift);
}
