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
const time = (iso) => (iso ? h("time", { datetime: iso }, iso.replace("T", " ").replace(/\.\d+Z$/, "Z")) : "");
const show = (value) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));
const fieldValue = (value) => (value === null || value === undefined ? h("span", { class: "muted" }, "(none)") : h("code", {}, show(value)));

/** A result as a word with its colour: the colour never carries the meaning alone. */
function outcome(successful, inProgress) {
  if (inProgress) return h("span", { class: "warn" }, "in progress");
  if (successful === null || successful === undefined) return h("span", { class: "muted" }, "unknown");
  return successful ? h("span", { class: "ok" }, "succeeded") : h("span", { class: "bad" }, "failed");
}

function table(id, caption, headings, rows) {
  return h(
    "table",
    { id, class: "wide" },
    h("caption", {}, caption),
    // a heading ending in "#" is a number column, right-aligned
    h("thead", {}, h("tr", {}, headings.map((t) => h("th", { scope: "col", class: t.endsWith("#") ? "num" : null }, t.replace(/ ?#$/, ""))))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: headings.length, class: "muted" }, "none")))
  );
}

function age(iso) {
  if (!iso) return "";
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (s < 60) return s + "s";
  if (s < 3600) return Math.floor(s / 60) + "m";
  if (s < 86400) return Math.floor(s / 3600) + "h";
  return Math.floor(s / 86400) + "d";
}

function duration(from, to) {
  if (!from || !to) return "";
  return Math.max(0, Date.parse(to) - Date.parse(from)) + " ms";
}

// --- pages

async function appsPage() {
  const apps = await api("/api/apps");
  const overviews = await Promise.all(
    apps.map((a) => api(`/api/apps/${enc(a.namespace)}/${enc(a.name)}`).catch(() => ({})))
  );
  const rows = apps.map((a, i) =>
    h(
      "tr",
      { "data-app": `${a.namespace}/${a.name}`, hidden: !a.name.includes(appsFilter) ? "" : null },
      h("td", {}, a.namespace),
      h("th", { scope: "row" }, h("a", { href: appHref(a.namespace, a.name) }, a.name)),
      h("td", {}, (a.namespaces || []).join(", ")),
      h("td", {}, time(a.lastChangeAt)),
      h("td", {}, age(a.lastChangeAt)),
      h("td", {}, outcome(a.lastChangeSuccessful, false)),
      h("td", {}, a.changeInProgress ? h("span", { class: "warn" }, "yes: " + show(a.changeInProgress)) : "no"),
      h("td", { class: "num" }, show(overviews[i].driftCount ?? "n/a")),
      h("td", { class: "num" }, show(overviews[i].ghostDiffCount ?? "n/a"))
    )
  );
  const filter = h("input", { id: "filter", type: "search", value: appsFilter, placeholder: "name contains (/)" });
  filter.addEventListener("input", () => {
    appsFilter = filter.value;
    for (const row of main.querySelectorAll("tr[data-app]")) {
      row.hidden = !row.dataset.app.split("/")[1].includes(appsFilter);
    }
  });
  return [
    h("h1", {}, "Apps"),
    h("label", {}, "Filter by name ", filter),
    table("apps", "Apps (kapp ls)", ["Namespace", "Name", "Namespaces", "Last change", "Age", "Successful", "In progress", "Drift #", "Ghost diffs #"], rows),
  ];
}

async function appPage(ns, name) {
  const base = `/api/apps/${enc(ns)}/${enc(name)}`;
  const [overview, changes, resources] = await Promise.all([
    api(base),
    api(`${base}/changes?limit=50`),
    api(`${base}/resources`),
  ]);
  const counts = Object.entries(overview.resourceCounts || {}).map(([kind, n]) =>
    h("tr", {}, h("th", { scope: "row" }, kind), h("td", { class: "num" }, n))
  );
  const timeline = changes.map((c) =>
    h(
      "tr",
      { "data-change": c.changeId, "data-trigger": c.trigger },
      h("th", { scope: "row" }, h("a", { href: changeHref(ns, name, c.changeId) }, c.changeId)),
      h("td", {}, c.trigger),
      h("td", {}, time(c.startedAt)),
      h("td", {}, c.description),
      h("td", {}, outcome(c.successful, !c.finishedAt)),
      h("td", { class: "num" }, duration(c.startedAt, c.finishedAt))
    )
  );
  const inventory = resources.map((r) =>
    h(
      "tr",
      {},
      h("td", {}, r.namespace),
      h("td", {}, r.kind),
      h("th", { scope: "row" }, r.name),
      h("td", {}, r.lastOp),
      h("td", {}, r.lastChangeId ? h("a", { href: changeHref(ns, name, r.lastChangeId) }, r.lastChangeId) : ""),
      h("td", {}, r.live === false ? h("span", { class: "bad" }, "missing") : r.live ? "present" : show(r.live)),
      h("td", {}, driftWord(r.drift))
    )
  );
  return [
    h("p", {}, h("a", { href: "#/apps" }, "Apps"), " / ", `${ns}/${name}`),
    h("h1", {}, `${ns}/${name}`),
    h(
      "dl",
      { id: "overview" },
      h("dt", {}, "Last change"), h("dd", {}, time(overview.lastChangeAt), " ", outcome(overview.lastChangeSuccessful, overview.changeInProgress)),
      h("dt", {}, "Last reconcile"), h("dd", {}, overview.lastReconcileAt ? [time(overview.lastReconcileAt), " ", show(overview.lastReconcileResult), overview.lastReconcileError ? " (" + overview.lastReconcileError + ")" : ""] : "never"),
      h("dt", {}, "Drift"), h("dd", {}, show(overview.driftCount ?? "view not built")),
      h("dt", {}, "Ghost diffs"), h("dd", {}, show(overview.ghostDiffCount ?? "view not built"))
    ),
    table("counts", "Resources by kind", ["Kind", "Count #"], counts),
    table("changes", "Changes, newest first", ["Change", "Trigger", "Started", "Description", "Result", "Duration #"], timeline),
    table("inventory", "Inventory", ["Namespace", "Kind", "Name", "Last op", "Last change", "Live", "Drift"], inventory),
  ];
}

function driftWord(drift) {
  if (!drift) return h("span", { class: "muted" }, "unknown");
  const cls = { "in-sync": "ok", corrected: "warn", yielded: "warn", failed: "bad", "ghost-diff": "bad" }[drift];
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
      h("th", { scope: "row" }, c.name),
      h("td", {}, c.kind),
      h("td", {}, c.op, c.opStrategy ? ` (${c.opStrategy})` : ""),
      h("td", {}, c.waitTo || ""),
      h("td", {}, c.result ? h("span", { class: c.result === "applied" ? "ok" : c.result === "failed" ? "bad" : "warn" }, c.result) : ""),
      h("td", { class: "num" }, (c.fields || []).length)
    )
  );
  const details = items.map((c, i) =>
    h(
      "section",
      { class: "resource" },
      h("h2", {}, `${c.op} ${c.kind.toLowerCase()}/${c.name}`, c.namespace ? ` (${c.namespace})` : ""),
      table(
        `fields-${i}`,
        `Field diffs of ${c.kind} ${c.name}`,
        ["Path", "From", "To", "Decided by"],
        (c.fields || []).map((f) =>
          h("tr", { "data-path": f.path }, h("th", { scope: "row" }, h("code", {}, f.path)), h("td", {}, fieldValue(f.from)), h("td", {}, fieldValue(f.to)), h("td", {}, f.decidedBy || ""))
        )
      ),
      c.diff ? h("pre", { class: "diff" }, c.diff) : null
    )
  );
  return [
    h("p", {}, h("a", { href: "#/apps" }, "Apps"), " / ", h("a", { href: appHref(ns, name) }, `${ns}/${name}`), " / ", id),
    h("h1", {}, id),
    h(
      "dl",
      { id: "summary" },
      h("dt", {}, "Trigger"), h("dd", {}, show(change.trigger)),
      h("dt", {}, "Started"), h("dd", {}, time(change.startedAt)),
      h("dt", {}, "Duration"), h("dd", {}, duration(change.startedAt, change.finishedAt)),
      h("dt", {}, "Result"), h("dd", {}, outcome(change.successful, change.startedAt && !change.finishedAt)),
      h("dt", {}, "Description"), h("dd", {}, show(change.description))
    ),
    table("change-table", "Changes", ["Namespace", "Name", "Kind", "Op", "Wait to", "Result", "Fields #"], rows),
    details,
  ];
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
      h("td", {}, show(v.lag)),
      h("td", { class: "num" }, show(v.waiting)),
      h("td", { class: "num" }, show(v.retrying)),
      h("td", { class: "num" }, show(v.parked)),
      h("td", {}, r ? `${r.phase} ${r.done}/${r.total}` + (r.eta ? ` eta ${r.eta}` : "") + (r.error ? ` error: ${r.error}` : "") : "none")
    );
  });
  return [
    h("h1", {}, "Projections"),
    table("projections", "Views", ["View", "Status", "Version", "Last event", "Lag", "Waiting #", "Retrying #", "Parked #", "Rebuild"], rows),
  ];
}

// --- routing and refresh

function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "projections") return () => projectionsPage();
  if (parts[0] === "apps" && parts.length === 3) return () => appPage(parts[1], parts[2]);
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
    main.replaceChildren(...content.flat());
    main.dataset.position = shownPosition ?? "";
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

window.addEventListener("hashchange", () => render(true));
render();
setInterval(poll, POLL_MS);
