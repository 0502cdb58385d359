// The Resource page: the object's timeline and its ghost diffs with their rebase rules.

import { liveSection } from "./live.js";
import { NeedsToken, api, h, enc, appHref, changeHref, time, show, fieldValue, table } from "./common.js";

export async function resourcePage(ns, name, kind, resource) {
  const base = `/api/apps/${enc(ns)}/${enc(name)}`;
  let timeline = null;
  let note = null;
  try {
    timeline = await api(`${base}/resources/${enc(kind)}/${enc(resource)}/timeline`);
  } catch (e) {
    if (e instanceof NeedsToken) throw e;
    note = e.message;
  }
  const ghosts = await api(`/api/ghost-diffs?app=${enc(ns + "/" + name)}`).catch((e) => {
    if (e instanceof NeedsToken) throw e;
    return [];
  });
  const mine = ghosts.filter((g) => g.resource && g.resource.kind === kind && g.resource.name === resource);
  const entries = (timeline || []).map((t, i) =>
    h(
      "tr",
      { "data-change": t.changeId, "data-op": t.op },
      h("th", { scope: "row" }, t.changeId ? h("a", { href: changeHref(ns, name, t.changeId) }, t.changeId) : ""),
      h("td", {}, show(t.trigger)),
      h("td", {}, time(t.at)),
      h("td", {}, t.op),
      h(
        "td",
        {},
        (t.fields || []).length
          ? h("ul", { class: "fields" }, t.fields.map((f) => t.op === "drift-corrected"
              ? h("li", {}, h("code", {}, f.path), ": put back")
              : h("li", {}, h("code", {}, f.path), ": ", fieldValue(f.from), " → ", fieldValue(f.to), f.decidedBy ? ` (${f.decidedBy})` : "", f.changedBy ? `, was set by ${f.changedBy}` : "")))
          : h("span", { class: "muted" }, "no field diffs")
      ),
      h("td", {}, t.error ? h("span", { class: "bad" }, t.error) : "")
    )
  );
  const ghostSections = mine.map((g, i) => {
    const rule = h("pre", { id: `rule-${i}`, class: "rule", tabindex: "0" }, g.suggestedRebaseRule || "");
    const copy = h("button", { type: "button", id: `copy-rule-${i}` }, "Copy rule");
    const status = h("span", { role: "status", class: "muted" });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(rule.textContent);
        status.textContent = " copied";
      } catch (e) {
        // no clipboard (plain http, an old browser): select the text for Ctrl+C
        const range = document.createRange();
        range.selectNodeContents(rule);
        const selection = window.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
        status.textContent = " selected: press Ctrl+C";
      }
    });
    return h(
      "section",
      { class: "ghost", "data-path": g.path },
      h("h2", {}, `Ghost diff at ${g.path}`, g.yielded ? " (yielded: Driftless keeps the cluster's value)" : ""),
      h(
        "dl",
        {},
        h("dt", {}, "Desired"), h("dd", {}, fieldValue(g.desired)),
        h("dt", {}, "Live"), h("dd", {}, fieldValue(g.live)),
        h("dt", {}, "Changed by"), h("dd", { class: "changed-by" }, g.changedBy || "not recorded by the cluster"),
        h("dt", {}, "Flips"), h("dd", {}, show(g.flips)),
        h("dt", {}, "Last seen"), h("dd", {}, time(g.lastSeenAt)),
        h("dt", {}, "Policy"), h("dd", {}, show(g.policy))
      ),
      h("p", {}, "Suggested kapp rebase rule (add it to the app's kapp Config to stop the fight):"),
      rule,
      h("p", {}, copy, status)
    );
  });
  return [
    h("p", {}, h("a", { href: "#/apps" }, "Apps"), " / ", h("a", { href: appHref(ns, name) }, `${ns}/${name}`), " / ", `${kind} ${resource}`),
    h("h1", {}, `${kind} ${resource}`),
    await liveSection(ns, name, kind, resource),
    note ? h("p", { class: "warn", role: "note", id: "timeline-note" }, note) : null,
    timeline ? table("timeline", "Timeline, newest first", ["Change", "Trigger", "At", "Op", "Field diffs", "Error"], entries) : null,
    mine.length ? ghostSections : h("p", { id: "no-ghost" }, "No ghost diff for this resource."),
  ];
}
