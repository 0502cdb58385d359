// The Audit page (#/audit): every app's changes, newest first, over GET /api/changes (docs/API.md,
// "Audit log"). Its filters are the form's fields and live in the hash, so a filtered page is a
// link; paging follows the API's cursor (the last row's startedAt,app,changeId).

import { NeedsToken, api, h, appHref, changeHref, time, show, outcome, table, commit, actor, reason, duration } from "./common.js";

const TRIGGERS = ["deploy", "reconcile", "delete", "rollback", "lock", "unlock"];
const FIELDS = ["actor", "trigger", "successful", "app", "since", "until", "meta", "limit"];

/** The API's query from the page's: `meta` "key=value" becomes `meta.key=value`. */
function apiQuery(params) {
  const query = new URLSearchParams();
  for (const name of FIELDS) {
    const value = (params.get(name) || "").trim();
    if (!value) continue;
    if (name === "meta") {
      const at = value.indexOf("=");
      query.set(at > 0 ? `meta.${value.slice(0, at)}` : "meta.", at > 0 ? value.slice(at + 1) : value);
    } else query.set(name, value);
  }
  if (params.get("before")) query.set("before", params.get("before"));
  return query;
}

function form(params) {
  const text = (name, label, hint) =>
    h("label", { for: `audit-${name}` }, label, " ", h("input", { id: `audit-${name}`, name, value: params.get(name) || "", placeholder: hint, autocomplete: "off" }));
  const choice = (name, label, options) =>
    h(
      "label",
      { for: `audit-${name}` },
      label,
      " ",
      h("select", { id: `audit-${name}`, name }, options.map(([value, words]) => h("option", { value, selected: (params.get(name) || "") === value ? "" : null }, words)))
    );
  const el = h(
    "form",
    { id: "audit-form", class: "filters", role: "search", "aria-label": "Audit filters" },
    text("actor", "Actor", "ci-bot"),
    choice("trigger", "Trigger", [["", "any"], ...TRIGGERS.map((t) => [t, t])]),
    choice("successful", "Result", [["", "any"], ["true", "succeeded"], ["false", "failed"]]),
    text("app", "App", "namespace/app"),
    text("since", "Since", "2026-11-27T00:00:00Z"),
    text("until", "Until", "2026-11-28T00:00:00Z"),
    text("meta", "Meta", "git.commit=4f2a9c1"),
    h("label", { for: "audit-limit" }, "Rows ", h("input", { id: "audit-limit", name: "limit", type: "number", min: "1", max: "1000", value: params.get("limit") || "", placeholder: "50", class: "short" })),
    h("button", { type: "submit", id: "audit-apply" }, "Apply"),
    " ",
    h("a", { href: "#/audit", id: "audit-clear" }, "Clear")
  );
  el.addEventListener("submit", (event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FIELDS) {
      const value = el.elements[name].value.trim();
      if (value) next.set(name, value);
    }
    location.hash = "#/audit" + (next.toString() ? "?" + next : "");
  });
  return el;
}

export async function auditPage(params) {
  const query = apiQuery(params);
  const limit = Number(params.get("limit") || 50);
  let rows = [];
  let problem = null;
  try {
    rows = await api(`/api/changes?${query}`);
  } catch (e) {
    if (e instanceof NeedsToken) throw e;
    problem = e.message; // a filter the API refused: its words, the form kept to fix it
  }
  const body = rows.map((c) => {
    const [ns, name] = c.app.split("/");
    return h(
      "tr",
      { "data-change": c.changeId, "data-app": c.app, "data-trigger": c.trigger },
      h("td", {}, time(c.startedAt)),
      h("td", {}, h("a", { href: appHref(ns, name) }, c.app)),
      h("th", { scope: "row" }, h("a", { href: changeHref(ns, name, c.changeId) }, c.changeId)),
      h("td", {}, show(c.trigger)),
      h("td", { class: "who" }, actor(c)),
      h("td", { class: "message" }, show(c.message)),
      h("td", {}, commit(c.meta)),
      h("td", { class: "result" }, outcome(c.successful, !c.finishedAt), reason(c.error)),
      h("td", { class: "num" }, duration(c.startedAt, c.finishedAt))
    );
  });
  const next = new URLSearchParams(params);
  const last = rows[rows.length - 1];
  if (last) next.set("before", `${last.startedAt},${last.app},${last.changeId}`);
  const first = new URLSearchParams(params);
  first.delete("before");
  return [
    h("h1", {}, "Audit log"),
    form(params),
    problem ? h("p", { class: "failure", role: "alert", id: "audit-error" }, problem) : null,
    table("audit", params.get("before") ? "Changes, older page, newest first" : "Changes of every app, newest first", ["Started", "App", "Change", "Trigger", "Actor", "Message", "Commit", "Result", "Duration #"], body),
    h(
      "p",
      { class: "pager" },
      params.get("before") ? h("a", { href: "#/audit" + (first.toString() ? "?" + first : ""), id: "audit-newest" }, "Newest changes") : null,
      params.get("before") && rows.length === limit ? " · " : null,
      rows.length === limit ? h("a", { href: "#/audit?" + next, id: "audit-older" }, "Older changes") : null
    ),
  ];
}
