// The Compare page (#/apps/{ns}/{app}/compare/{from}/{to}): what differs between the desired sets
// after two changes, over GET .../compare?from=&to=&diffChanges=true (docs/API.md, "Time travel"):
// the ops, each object's field diffs and its line diff, side by side or unified (a toggle kept in
// the hash: ?view=unified). Secrets show only what the API sent, which it masks.

import { api, h, enc, appHref, changeHref, resourceHref, show, fieldValue, table } from "./common.js";

export const compareHref = (ns, name, from, to, view) =>
  `${appHref(ns, name)}/compare/${enc(from)}/${enc(to)}` + (view === "unified" ? "?view=unified" : "");

/**
 * One line of the diff engine's text (diff-engine ChangeDiff): "@@ ... @@" a header, "  ..." a gap,
 * "  3,  4   text" context, "  3     - text" removed, "      4 + text" added (one-sided diffs of a
 * create or delete have "  3 - text" and "  4 + text").
 */
export function parseLine(line) {
  if (line.startsWith("@@")) return { kind: "header", text: line };
  if (line.trim() === "...") return { kind: "gap", text: "..." };
  let m = /^\s*(\d+),\s*(\d+)   (.*)$/.exec(line);
  if (m) return { kind: "context", old: m[1], new: m[2], text: m[3] };
  m = /^(\s*)(\d+)\s+([-+]) (.*)$/.exec(line);
  if (m && m[3] === "-") return { kind: "removed", old: m[2], text: m[4] };
  if (m) return { kind: "added", new: m[2], text: m[4] };
  return { kind: "context", old: "", new: "", text: line };
}

const MARK = { removed: "-", added: "+", context: " " };

function unified(lines) {
  return lines.map((l) =>
    l.kind === "header" || l.kind === "gap"
      ? h("tr", { class: l.kind }, h("td", { colspan: 4 }, l.text))
      : h("tr", { class: l.kind }, h("td", { class: "ln" }, l.old ?? ""), h("td", { class: "ln" }, l.new ?? ""), h("td", { class: "mark" }, MARK[l.kind]), h("td", { class: "code" }, l.text))
  );
}

/** Side by side: context on both sides; a run of removed lines beside the added lines after it. */
function split(lines) {
  const rows = [];
  const cell = (l, side) =>
    l
      ? [h("td", { class: "ln" }, side === "old" ? l.old : l.new), h("td", { class: "code " + l.kind }, (l.kind === "context" ? "" : MARK[l.kind] + " ") + l.text)]
      : [h("td", { class: "ln" }), h("td", { class: "code empty" })];
  for (let i = 0; i < lines.length; ) {
    const l = lines[i];
    if (l.kind === "header" || l.kind === "gap") {
      rows.push(h("tr", { class: l.kind }, h("td", { colspan: 4 }, l.text)));
      i++;
    } else if (l.kind === "context") {
      rows.push(h("tr", { class: "context" }, cell(l, "old"), cell(l, "new")));
      i++;
    } else {
      const removed = [];
      const added = [];
      while (i < lines.length && lines[i].kind === "removed") removed.push(lines[i++]);
      while (i < lines.length && lines[i].kind === "added") added.push(lines[i++]);
      for (let k = 0; k < Math.max(removed.length, added.length); k++) {
        rows.push(h("tr", { class: "changed" }, cell(removed[k], "old"), cell(added[k], "new")));
      }
    }
  }
  return rows;
}

function lineDiff(diff, view, i, caption) {
  const lines = diff.split("\n").filter((l) => l.length).map(parseLine);
  const head =
    view === "unified"
      ? h("tr", {}, h("th", { scope: "col" }, "Old #"), h("th", { scope: "col" }, "New #"), h("th", { scope: "col" }, "±"), h("th", { scope: "col" }, "Line"))
      : h("tr", {}, h("th", { scope: "col" }, "From #"), h("th", { scope: "col" }, "From"), h("th", { scope: "col" }, "To #"), h("th", { scope: "col" }, "To"));
  const body = view === "unified" ? unified(lines) : split(lines);
  return h(
    "div",
    { class: "scroll", role: "region", tabindex: "0", "aria-label": caption },
    h("table", { id: `diff-${i}`, class: `linediff ${view}`, "data-view": view }, h("caption", {}, caption), h("thead", {}, head), h("tbody", {}, body))
  );
}

export async function comparePage(ns, name, from, to, params) {
  const view = params.get("view") === "unified" ? "unified" : "split";
  const base = `/api/apps/${enc(ns)}/${enc(name)}`;
  const [result, changes] = await Promise.all([
    api(`${base}/compare?from=${enc(from)}&to=${enc(to)}&diffChanges=true`),
    api(`${base}/changes?limit=200`),
  ]);
  const ops = result.ops || {};
  const wait = result.wait || {};
  const items = result.changes || [];
  const rows = items.map((c) =>
    h(
      "tr",
      { "data-kind": c.kind, "data-name": c.name, "data-op": c.op },
      h("td", {}, c.namespace),
      h("th", { scope: "row" }, h("a", { href: resourceHref(ns, name, c.kind, c.name) }, c.name)),
      h("td", {}, c.kind),
      h("td", {}, c.op, c.opStrategy ? ` (${c.opStrategy})` : ""),
      h("td", {}, c.waitTo || ""),
      h("td", { class: "num" }, (c.fields || []).length)
    )
  );
  const details = items.map((c, i) =>
    h(
      "section",
      { class: "resource", "data-kind": c.kind, "data-name": c.name },
      h("h2", {}, `${c.op} ${c.kind.toLowerCase()}/${c.name}`, c.namespace ? ` (${c.namespace})` : ""),
      table(
        `compare-fields-${i}`,
        `Field diffs of ${c.kind} ${c.name}`,
        ["Path", "From", "To", "Decided by"],
        (c.fields || []).map((f) => h("tr", { "data-path": f.path }, h("th", { scope: "row" }, h("code", {}, f.path)), h("td", {}, fieldValue(f.from)), h("td", {}, fieldValue(f.to)), h("td", {}, f.decidedBy || "")))
      ),
      c.diff ? lineDiff(c.diff, view, i, `Line diff of ${c.kind} ${c.name} (${view === "unified" ? "unified" : "side by side"})`) : null
    )
  );
  const toggle = h(
    "p",
    { class: "toggle" },
    "Line diffs: ",
    view === "split" ? h("strong", { "aria-current": "true" }, "side by side") : h("a", { href: compareHref(ns, name, from, to, "split"), id: "view-split" }, "side by side"),
    " · ",
    view === "unified" ? h("strong", { "aria-current": "true" }, "unified") : h("a", { href: compareHref(ns, name, from, to, "unified"), id: "view-unified" }, "unified")
  );
  return [
    h("p", {}, h("a", { href: "#/apps" }, "Apps"), " / ", h("a", { href: appHref(ns, name) }, `${ns}/${name}`), " / compare"),
    h("h1", {}, "Compare ", h("a", { href: changeHref(ns, name, result.from) }, result.from), " with ", h("a", { href: changeHref(ns, name, result.to) }, result.to)),
    comparePicker(ns, name, changes, result.from, result.to),
    h("p", { id: "compare-description" }, show(result.description)),
    table(
      "compare-ops",
      "Ops (what going from the first to the second would do)",
      ["Create #", "Update #", "Delete #", "Noop #", "Exists #", "Wait to reconcile #", "Wait to delete #"],
      [h("tr", {}, [ops.create, ops.update, ops.delete, ops.noop, ops.exists, wait.reconcile, wait.delete].map((n) => h("td", { class: "num" }, show(n ?? 0))))]
    ),
    table("compare-table", "Objects that differ", ["Namespace", "Name", "Kind", "Op", "Wait to", "Fields #"], rows),
    toggle,
    details,
  ];
}

/**
 * Two selects of the app's change ids (from, to) and a button that opens their comparison; the
 * App page shows it too. Lock and unlock rows change no set: they are left out.
 */
export function comparePicker(ns, name, changes, from, to) {
  const ids = changes.filter((c) => c.trigger !== "lock" && c.trigger !== "unlock").map((c) => c.changeId);
  if (ids.length < 2) return null;
  const pick = (id, label, chosen) =>
    h("label", { for: id }, label, " ", h("select", { id }, ids.map((c) => h("option", { value: c, selected: c === chosen ? "" : null }, c))));
  const form = h(
    "form",
    { id: "compare-form", class: "filters", "aria-label": "Compare two changes" },
    pick("compare-from", "Compare", from || ids[1]),
    " ",
    pick("compare-to", "with", to || ids[0]),
    " ",
    h("button", { type: "submit", id: "compare-go" }, "Compare")
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    location.hash = compareHref(ns, name, form.querySelector("#compare-from").value, form.querySelector("#compare-to").value);
  });
  return form;
}
