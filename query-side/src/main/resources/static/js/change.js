// The Change page: kapp's Changes table, the provenance and each resource's field diffs.

import { mayDeploy, rollbackButton } from "./actions.js";
import { api, h, enc, appHref, changeHref, resourceHref, time, show, fieldValue, outcome, table, commit, duration } from "./common.js";

export async function changePage(ns, name, id) {
  const change = await api(`/api/apps/${enc(ns)}/${enc(name)}/changes/${enc(id)}`);
  const items = change.changes || [];
  const rows = items.map((c) =>
    h(
      "tr",
      {},
      h("td", {}, c.namespace),
      h("th", { scope: "row" }, h("a", { href: resourceHref(ns, name, c.kind, c.name) }, c.name)),
      h("td", {}, c.kind),
      h("td", {}, c.op, c.opStrategy ? ` (${c.opStrategy})` : ""),
      h("td", {}, c.waitTo || ""),
      h("td", { class: "result" }, resultWord(c)),
      h("td", { class: "num" }, (c.fields || []).length),
      h("td", {}, c.error ? h("span", { class: "bad" }, c.error) : "")
    )
  );
  const details = items.map((c, i) =>
    h(
      "section",
      { class: "resource" },
      h("h2", {}, `${c.op} ${c.kind.toLowerCase()}/${c.name}`, c.namespace ? ` (${c.namespace})` : ""),
      c.error ? h("p", { class: "failure resource-error", role: "alert" }, h("strong", { class: "bad" }, "The cluster refused it: "), h("code", {}, c.error)) : null,
      table(
        `fields-${i}`,
        `Field diffs of ${c.kind} ${c.name}`,
        ["Path", "From", "To", "Decided by", "From set by"],
        (c.fields || []).map((f) =>
          h("tr", { "data-path": f.path }, h("th", { scope: "row" }, h("code", {}, f.path)), h("td", {}, fieldValue(f.from)), h("td", {}, fieldValue(f.to)), h("td", {}, f.decidedBy || ""), h("td", { class: "changed-by" }, f.changedBy || ""))
        )
      ),
      c.diff ? h("pre", { class: "diff" }, c.diff) : null
    )
  );
  return [
    h("p", {}, h("a", { href: "#/apps" }, "Apps"), " / ", h("a", { href: appHref(ns, name) }, `${ns}/${name}`), " / ", id),
    h("h1", {}, id),
    failureOf(change),
    (await mayDeploy()) && !["lock", "unlock", "delete"].includes(change.trigger) ? h("p", { id: "actions", class: "buttons" }, rollbackButton(ns, name, id)) : null,
    h(
      "dl",
      { id: "summary" },
      h("dt", {}, "Trigger"), h("dd", {}, show(change.trigger), change.rolledBackTo ? [" to ", h("a", { href: changeHref(ns, name, change.rolledBackTo) }, change.rolledBackTo)] : null),
      h("dt", {}, "Actor"), h("dd", { class: "who" }, show(change.actor || "unknown"), change.client ? h("span", { class: "muted" }, ` (client ${change.client})`) : null),
      h("dt", {}, "Message"), h("dd", { class: "message" }, change.message ? show(change.message) : h("span", { class: "muted" }, "none")),
      h("dt", {}, "Commit"), h("dd", {}, commit(change.meta) || h("span", { class: "muted" }, "not given")),
      metaList(change.meta),
      h("dt", {}, "Started"), h("dd", {}, time(change.startedAt)),
      h("dt", {}, "Duration"), h("dd", {}, duration(change.startedAt, change.finishedAt)),
      h("dt", {}, "Result"), h("dd", {}, outcome(change.successful, change.startedAt && !change.finishedAt)),
      h("dt", {}, "Description"), h("dd", {}, show(change.description))
    ),
    table("change-table", "Changes", ["Namespace", "Name", "Kind", "Op", "Wait to", "Result", "Fields #", "Error"], rows),
    details,
  ];
}

/** A resource's result in a change: the API's word, or what a ghost-diff report or yield is. */
function resultWord(c) {
  if (c.result) return h("span", { class: c.result === "applied" ? "ok" : c.result === "failed" ? "bad" : "warn" }, c.result);
  if (c.op === "ghost-diff") return h("span", { class: "warn" }, "reported");
  if (c.op === "yield") return h("span", { class: "warn" }, "yielded");
  return h("span", { class: "muted" }, "unknown");
}

/** The change's other meta (pipeline, ref...): every key but the commit shown above. */
function metaList(meta) {
  const rest = Object.entries(meta || {}).filter(([k]) => k !== "git.commit");
  if (!rest.length) return null;
  return [h("dt", {}, "Meta"), h("dd", {}, h("ul", { class: "meta" }, rest.map(([k, v]) => h("li", {}, h("code", {}, k), " ", show(v)))))];
}

/**
 * Why a failed change failed, first thing under its title: the reason the API carries (a refusal,
 * a timeout naming what was waited for). A change closed without one says so.
 */
function failureOf(change) {
  if (change.successful !== false) return null;
  return h(
    "div",
    { id: "change-error", class: "failure", role: "alert" },
    h("strong", { class: "bad" }, "This change failed: "),
    change.error ? h("code", {}, change.error) : h("span", { class: "muted" }, "no reason was recorded")
  );
}
