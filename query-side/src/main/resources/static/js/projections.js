// The Projections page: each view's status, lag, queues and rebuild; the webhook subscriptions'
// backlog (admin tokens).

import { api, h, show, time, readable, isoMillis, table, NeedsToken } from "./common.js";

export async function projectionsPage() {
  const views = await api("/api/projections");
  const rows = views.map((v) => {
    const r = v.rebuild;
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, v.name),
      h("td", {}, h("span", { class: v.status === "live" ? "ok" : "warn" }, v.status)),
      h("td", {}, show(v.version)),
      h("td", {}, time(v.lastEventAt)),
      h("td", {}, readable(typeof v.lagMillis === "number" ? v.lagMillis : isoMillis(v.lag))),
      h("td", { class: "num" }, show(v.waiting)),
      h("td", { class: "num" }, show(v.retrying)),
      h("td", { class: "num" }, show(v.parked)),
      h(
        "td",
        { "data-rebuild": r ? r.phase : "none" },
        r
          ? [
              h("progress", { max: Math.max(1, r.total || 0), value: Math.min(r.done || 0, Math.max(1, r.total || 0)), "aria-label": `rebuild of ${v.name}` }),
              // a rebuild's counts may be null before its first batch: never print "null"
              ` ${show(r.phase)} ${r.done ?? 0}/${r.total ?? "?"}`,
              r.eventsPerSecond ? ` (${Math.round(r.eventsPerSecond)} events/s)` : "",
              r.eta && Number.isFinite(isoMillis(r.eta)) ? ` eta ${readable(isoMillis(r.eta))}` : "",
              r.error ? ` error: ${r.error}` : "",
            ]
          : "none"
      )
    );
  });
  // Webhook subscriptions (issue 30) and their backlog: admin only, others see a note.
  let hooks;
  try {
    const subscriptions = await api("/api/subscriptions");
    hooks = table(
      "subscriptions",
      "Webhook subscriptions",
      ["Target", "Types", "Apps", "Pending #", "Failed #", "Dead #", "Delivered #", "Oldest pending"],
      subscriptions.map((s) => {
        const b = s.backlog || {};
        return h(
          "tr",
          { "data-subscription": s.id },
          h("th", { scope: "row" }, s.url),
          h("td", {}, (s.types || []).join(", ")),
          h("td", {}, (s.apps || []).join(", ")),
          h("td", { class: "num" }, show(b.pending ?? 0)),
          h("td", { class: "num" }, h("span", { class: b.failed ? "warn" : null }, show(b.failed ?? 0))),
          h("td", { class: "num" }, h("span", { class: b.dead ? "bad" : null }, show(b.dead ?? 0))),
          h("td", { class: "num" }, show(b.delivered ?? 0)),
          h("td", {}, b.oldestPendingAt ? readable(b.oldestPendingAgeMillis ?? 0) : "none")
        );
      })
    );
  } catch (e) {
    if (e instanceof NeedsToken) throw e;
    hooks = h("p", { id: "subscriptions", class: "muted" }, "Webhook subscriptions: shown to admin tokens only.");
  }
  return [
    h("h1", {}, "Projections"),
    table("projections", "Views", ["View", "Status", "Version", "Last event", "Lag", "Waiting #", "Retrying #", "Parked #", "Rebuild"], rows),
    h("h2", {}, "Webhook subscriptions"),
    hooks,
  ];
}
