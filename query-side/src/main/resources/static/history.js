// The history page (query-side README, "History page"): hash routes over the JSON API of
// docs/API.md, rendered with DOM calls (text, never HTML from the server), polling the
// Driftless-View-Position header so new changes show without a reload.

const TOKEN_KEY = "driftless.token";
const POLL_MS = 2000;
const main = document.getElementById("main");
const positionLabel = document.getElementById("position");
let shownPosition = null;
let appsFilter = "";

/** Thrown after a 401: the token form is showing. */
class NeedsToken extends Error {}

async function api(path) {
  const headers = { Accept: "application/json" };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(path, { headers });
  if (response.status === 401) {
    askForToken();
    throw new NeedsToken("401");
  }
  const position = response.headers.get("Driftless-View-Position");
  if (position !== null) shownPosition = position;
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && body.message ? body.message : response.statusText;
    throw new Error(`${response.status} ${body && body.error ? body.error : ""}: ${message}`);
  }
  return body;
}

function askForToken() {
  const form = document.getElementById("token-form");
  form.hidden = false;
  document.getElementById("token").focus();
}

document.getElementById("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(TOKEN_KEY, document.getElementById("token").value.trim());
  event.target.hidden = true;
  render();
});

/** Builds an element: h("td", {class: "num"}, "3"); strings become text nodes. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const enc = encodeURIComponent;
const appHref = (ns, name) => `#/apps/${enc(ns)}/${enc(name)}`;
const changeHref = (ns, name, id) => `${appHref(ns, name)}/changes/${enc(id)}`;
const resourceHref = (ns, name, kind, resource) => `${appHref(ns, name)}/resources/${enc(kind)}/${enc(resource)}`;
const PAGE = 50;
/** A moment as people say it ("5 min ago"), the exact time (ISO, UTC) on hover and in datetime. */
const time = (iso) => (iso ? h("time", { datetime: iso, title: iso }, ago(iso)) : "");
const show = (value) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));
const fieldValue = (value) => (value === null || value === undefined ? h("span", { class: "muted" }, "(none)") : h("code", {}, show(value)));

/** A result as a word with its colour: the colour never carries the meaning alone. */
function outcome(successful, inProgress) {
  if (inProgress) return h("span", { class: "warn" }, "in progress");
  if (successful === null || successful === undefined) return h("span", { class: "muted" }, "unknown");
  return successful ? h("span", { class: "ok" }, "succeeded") : h("span", { class: "bad" }, "failed");
}

/**
 * A table in a wrapper that scrolls sideways when the table is wider than the window (never the
 * page); the wrapper is a named region that takes focus, so the keyboard can scroll it too.
 */
function table(id, caption, headings, rows) {
  const body = h(
    "table",
    { id },
    h("caption", {}, caption),
    // a heading ending in "#" is a number column, right-aligned
    h("thead", {}, h("tr", {}, headings.map((t) => h("th", { scope: "col", class: t.endsWith("#") ? "num" : null }, t.replace(/ ?#$/, ""))))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: headings.length, class: "muted" }, "none")))
  );
  return h("div", { class: "scroll", role: "region", tabindex: "0", "aria-label": caption }, body);
}

/** How long ago, coarse: "12 s ago", "5 min ago", "3 h ago", "2 d ago". */
function ago(iso) {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (!Number.isFinite(s)) return iso;
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

/** A span of time as people read it: "0.9 s", "1.2 s", "42 s", "3 min 12 s", "2 h 5 min", "3 d 4 h". */
function readable(ms) {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "";
  const t = Math.max(0, ms);
  if (t < 9950) return `${Math.round(t / 100) / 10} s`;
  const s = Math.round(t / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  const min = Math.round(s / 60);
  if (min < 1440) return `${Math.floor(min / 60)} h ${min % 60} min`;
  const hours = Math.round(min / 60);
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Milliseconds of an ISO-8601 duration as Java writes one ("PT3M12.5S", "PT-0.2S"); else NaN. */
function isoMillis(iso) {
  const m = /^P(?:(-?\d+)D)?(?:T(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?[\d.]+)S)?)?$/.exec(iso || "");
  if (!m) return NaN;
  const [d, hr, min, sec] = m.slice(1).map((x) => Number(x || 0));
  return (((d * 24 + hr) * 60 + min) * 60 + sec) * 1000;
}

function duration(from, to) {
  if (!from || !to) return "";
  return readable(Date.parse(to) - Date.parse(from));
}

/**
 * The commit a change came from (its `meta` "git.commit", short), a link to the commit's page when
 * "git.repo" is a web address (GitHub and GitLab both answer `<repo>/commit/<sha>`); else text.
 */
function commit(meta) {
  const sha = meta && meta["git.commit"];
  if (!sha) return "";
  const short = /^[0-9a-f]{8,64}$/i.test(sha) ? sha.slice(0, 7) : sha;
  const url = commitUrl(meta["git.repo"], sha);
  const label = h("code", {}, short);
  return url ? h("a", { href: url, title: sha, class: "commit", rel: "noopener noreferrer" }, label) : h("span", { title: sha, class: "commit" }, label);
}

function commitUrl(repo, sha) {
  let url;
  try {
    url = new URL(repo);
  } catch (e) {
    return null; // absent, or not a URL (git@host:org/repo.git)
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const path = url.pathname.replace(/\/+$/, "").replace(/\.git$/, "");
  return `${url.origin}${path}/commit/${enc(sha)}`;
}

/** Who asked (the client on hover) and why: the history's provenance. */
function actor(change) {
  return h("span", { class: "actor", title: change.client ? `client: ${change.client}` : null }, change.actor || "unknown");
}

/** A failed change's reason in a list, under its result. */
function reason(error) {
  return error ? h("span", { class: "reason" }, error) : null;
}

// --- pages

/**
 * An app's status words, worst first (issue 29 point 1), from what the APIs answer: `failed` (its
 * last change failed), `drifted` (objects out of sync now: the overview's `outOfSyncCount`),
 * `ghost diffs` (the overview's `ghostDiffCount`), `reconciling` (a change in progress), `locked`;
 * none of them: `in sync`. The first word sorts the Apps list.
 */
const STATUS_ORDER = ["failed", "drifted", "ghost diffs", "reconciling", "locked", "in sync"];
const STATUS_CLASS = { failed: "bad", drifted: "bad", "ghost diffs": "bad", reconciling: "warn", locked: "warn", "in sync": "ok" };
function statuses(app, overview) {
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
function statusBadge(words, failedReason, app) {
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
async function failedReason(ns, name) {
  const changes = await api(`/api/apps/${enc(ns)}/${enc(name)}/changes?limit=10`).catch((e) => (e instanceof NeedsToken ? Promise.reject(e) : []));
  const last = changes.find((c) => c.trigger !== "lock" && c.trigger !== "unlock");
  return last && last.successful === false ? last.error || "no reason was recorded" : null;
}

let statusFilter = "";
let namespaceFilter = "";

async function appsPage() {
  const apps = await api("/api/apps");
  const overviews = await Promise.all(
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

const OUT_OF_SYNC_MEANING =
  "Out of sync: objects whose live state differs from the desired one now, because the cluster keeps " +
  "setting a field back (a ghost diff Driftless has not yielded) or a reconcile could not write them. " +
  "Objects a reconcile already put back are in sync and not counted.";

/** The overview's objects out of sync now; "n/a" before the drift view is built. */
function outOfSync(overview) {
  const n = overview.outOfSyncCount;
  if (n === null || n === undefined) return "n/a";
  return n ? h("span", { class: "bad" }, String(n)) : "0";
}

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

async function appPage(ns, name, params) {
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
    table("changes", before ? `Changes before ${before}, newest first` : "Changes, newest first", ["Change", "Trigger", "Started", "Actor", "Message", "Commit", "Description", "Result", "Duration #"], timeline),
    h(
      "p",
      { class: "pager" },
      before ? h("a", { href: appHref(ns, name), id: "newest" }, "Newest changes") : null,
      before && changes.length === PAGE ? " · " : null,
      changes.length === PAGE ? h("a", { href: `${appHref(ns, name)}?before=${enc(changes[changes.length - 1].changeId)}`, id: "older" }, "Older changes") : null
    ),
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

async function resourcePage(ns, name, kind, resource) {
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
    note ? h("p", { class: "warn", role: "note", id: "timeline-note" }, note) : null,
    timeline ? table("timeline", "Timeline, newest first", ["Change", "Trigger", "At", "Op", "Field diffs", "Error"], entries) : null,
    mine.length ? ghostSections : h("p", { id: "no-ghost" }, "No ghost diff for this resource."),
  ];
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

async function changePage(ns, name, id) {
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

async function projectionsPage() {
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

// --- routing and refresh

function route() {
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "projections") return () => projectionsPage();
  if (parts[0] === "apps" && parts.length === 3) return () => appPage(parts[1], parts[2], params);
  if (parts[0] === "apps" && parts.length === 6 && parts[3] === "resources") return () => resourcePage(parts[1], parts[2], parts[4], parts[5]);
  if (parts[0] === "apps" && parts.length === 5 && parts[3] === "changes") return () => changePage(parts[1], parts[2], parts[4]);
  return () => appsPage();
}

let rendering = 0;
async function render(focus = false) {
  const ticket = ++rendering;
  try {
    const content = await route()();
    if (ticket !== rendering) return;
    const active = document.activeElement && document.activeElement.id;
    main.replaceChildren(...content.flat().filter((node) => node !== null && node !== undefined));
    main.dataset.position = shownPosition ?? "";
    // ms from the navigation's start to this render: what HistoryPagePagingIT measures
    main.dataset.renderedMs = String(Math.round(performance.now()));
    positionLabel.textContent = shownPosition === null ? "" : `view position ${shownPosition}`;
    if (focus) main.focus();
    else if (active && document.getElementById(active)) document.getElementById(active).focus();
  } catch (e) {
    if (e instanceof NeedsToken || ticket !== rendering) return;
    main.replaceChildren(h("h1", {}, "Could not load"), h("p", { class: "bad", role: "alert" }, e.message));
  }
}

/** Re-renders when the views applied new events (the header moved), not on a timer alone. */
async function poll() {
  if (document.hidden || !document.getElementById("token-form").hidden) return;
  const before = shownPosition;
  try {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const response = await fetch("/api/projections", { headers: token ? { Authorization: "Bearer " + token } : {} });
    const position = response.headers.get("Driftless-View-Position");
    if (position !== null && position !== before) await render();
  } catch (e) {
    /* the server is away for a moment: the next poll tries again */
  }
}

// Keyboard: "/" filters the apps, j/k move between the rows' links, Enter follows (a link).
document.addEventListener("keydown", (event) => {
  if (event.target.matches("input, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === "/" && document.getElementById("filter")) {
    event.preventDefault();
    document.getElementById("filter").focus();
  } else if (event.key === "j" || event.key === "k") {
    const links = [...main.querySelectorAll("tbody tr:not([hidden]) a")];
    if (!links.length) return;
    const at = links.indexOf(document.activeElement);
    const next = event.key === "j" ? Math.min(links.length - 1, at + 1) : Math.max(0, at - 1);
    links[next].focus();
  }
});

// The wording of times, read by the browser tests (HistoryPageIT) as a person reads it.
window.historyFormat = Object.freeze({ readable, ago, isoMillis });

window.addEventListener("hashchange", () => render(true));
render();
setInterval(poll, POLL_MS);
