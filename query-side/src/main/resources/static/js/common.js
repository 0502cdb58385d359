// Shared by every page of the history page (query-side README, "History page"): the API call,
// the element builder, tables and the wording of times. Text, never HTML from the server.


export const TOKEN_KEY = "driftless.token";
/**
 * The view position the shown page is at least as new as: the lowest Driftless-View-Position of
 * the answers since the render began. A render sends its calls together; taking the last answer's
 * header instead could pair one call's older rows with a newer call's higher position, and the
 * poll, seeing no move past it, would never render the newer rows (a change left "in progress").
 */
export let shownPosition = null;

/** A render begins: the answers it gathers set the position afresh. */
export function beginRender() {
  shownPosition = null;
}

/**
 * Where the command side answers (query-side README, "Commands from the page"): "" for this origin
 * (the standalone server, or both sides behind one proxy); main.js sets it from /api/console.
 */
let commandBase = "";
export const commandUrl = () => commandBase;
export const setCommandUrl = (url) => {
  commandBase = (url || "").replace(/\/+$/, "");
};

/** Thrown after a 401: the token form is showing. */
export class NeedsToken extends Error {}

export async function api(path) {
  const headers = { Accept: "application/json" };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(path, { headers });
  if (response.status === 401) {
    askForToken();
    throw new NeedsToken("401");
  }
  const position = response.headers.get("Driftless-View-Position");
  if (position !== null && (shownPosition === null || Number(position) < Number(shownPosition))) {
    shownPosition = position;
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && body.message ? body.message : response.statusText;
    throw new Error(`${response.status} ${body && body.error ? body.error : ""}: ${message}`);
  }
  return body;
}

export function askForToken() {
  const form = document.getElementById("token-form");
  form.hidden = false;
  document.getElementById("token").focus();
}

/** Builds an element: h("td", {class: "num"}, "3"); strings become text nodes. */
export function h(tag, attrs = {}, ...children) {
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

export const enc = encodeURIComponent;
export const appHref = (ns, name) => `#/apps/${enc(ns)}/${enc(name)}`;
export const changeHref = (ns, name, id) => `${appHref(ns, name)}/changes/${enc(id)}`;
export const resourceHref = (ns, name, kind, resource) => `${appHref(ns, name)}/resources/${enc(kind)}/${enc(resource)}`;
export const PAGE = 50;
/** A moment as people say it ("5 min ago"), the exact time (ISO, UTC) on hover and in datetime. */
export const time = (iso) => (iso ? h("time", { datetime: iso, title: iso }, ago(iso)) : "");
export const show = (value) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));
export const fieldValue = (value) => (value === null || value === undefined ? h("span", { class: "muted" }, "(none)") : h("code", {}, show(value)));

/** A result as a word with its colour: the colour never carries the meaning alone. */
export function outcome(successful, inProgress) {
  if (inProgress) return h("span", { class: "warn" }, "in progress");
  if (successful === null || successful === undefined) return h("span", { class: "muted" }, "unknown");
  return successful ? h("span", { class: "ok" }, "succeeded") : h("span", { class: "bad" }, "failed");
}

/**
 * A table in a wrapper that scrolls sideways when the table is wider than the window (never the
 * page); the wrapper is a named region that takes focus, so the keyboard can scroll it too.
 */
export function table(id, caption, headings, rows) {
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
export function ago(iso) {
  const s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (!Number.isFinite(s)) return iso;
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

/** A span of time as people read it: "0.9 s", "1.2 s", "42 s", "3 min 12 s", "2 h 5 min", "3 d 4 h". */
export function readable(ms) {
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
export function isoMillis(iso) {
  const m = /^P(?:(-?\d+)D)?(?:T(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?[\d.]+)S)?)?$/.exec(iso || "");
  if (!m) return NaN;
  const [d, hr, min, sec] = m.slice(1).map((x) => Number(x || 0));
  return (((d * 24 + hr) * 60 + min) * 60 + sec) * 1000;
}

export function duration(from, to) {
  if (!from || !to) return "";
  return readable(Date.parse(to) - Date.parse(from));
}

/**
 * The commit a change came from (its `meta` "git.commit", short), a link to the commit's page when
 * "git.repo" is a web address (GitHub and GitLab both answer `<repo>/commit/<sha>`); else text.
 */
export function commit(meta) {
  const sha = meta && meta["git.commit"];
  if (!sha) return "";
  const short = /^[0-9a-f]{8,64}$/i.test(sha) ? sha.slice(0, 7) : sha;
  const url = commitUrl(meta["git.repo"], sha);
  const label = h("code", {}, short);
  return url ? h("a", { href: url, title: sha, class: "commit", rel: "noopener noreferrer" }, label) : h("span", { title: sha, class: "commit" }, label);
}

export function commitUrl(repo, sha) {
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
export function actor(change) {
  return h("span", { class: "actor", title: change.client ? `client: ${change.client}` : null }, change.actor || "unknown");
}

/** A failed change's reason in a list, under its result. */
export function reason(error) {
  return error ? h("span", { class: "reason" }, error) : null;
}
