// The history page (query-side README, "History page"): hash routes over the JSON API of
// docs/API.md, one ES module per page under js/, rendered with DOM calls (text, never HTML from the
// server), polling the Driftless-View-Position header so new changes show without a reload.

import { TOKEN_KEY, NeedsToken, shownPosition, beginRender, h, readable, ago, isoMillis, api, setCommandUrl } from "./js/common.js";
import { appsPage } from "./js/apps.js";
import { appPage } from "./js/app.js";
import { resourcePage } from "./js/resource.js";
import { changePage } from "./js/change.js";
import { projectionsPage } from "./js/projections.js";
import { auditPage } from "./js/audit.js";
import { comparePage } from "./js/compare.js";

const POLL_MS = 2000;
const main = document.getElementById("main");
const positionLabel = document.getElementById("position");

document.getElementById("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(TOKEN_KEY, document.getElementById("token").value.trim());
  event.target.hidden = true;
  render();
});

// --- routing and refresh

function route() {
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "projections") return () => projectionsPage();
  if (parts[0] === "audit") return () => auditPage(params);
  if (parts[0] === "apps" && parts.length === 6 && parts[3] === "compare") return () => comparePage(parts[1], parts[2], parts[4], parts[5], params);
  if (parts[0] === "apps" && parts.length === 3) return () => appPage(parts[1], parts[2], params);
  if (parts[0] === "apps" && parts.length === 6 && parts[3] === "resources") return () => resourcePage(parts[1], parts[2], parts[4], parts[5]);
  if (parts[0] === "apps" && parts.length === 5 && parts[3] === "changes") return () => changePage(parts[1], parts[2], parts[4]);
  return () => appsPage();
}

/** The page's settings (GET /api/console), read once a token lets it: where commands go. */
let settings = null;
async function loadSettings() {
  if (settings) return;
  settings = await api("/api/console").catch((e) => {
    if (e instanceof NeedsToken) throw e;
    return {}; // an older query side: commands go to this origin
  });
  setCommandUrl(settings.commandUrl);
}

let rendering = 0;
async function render(focus = false) {
  const ticket = ++rendering;
  main.dataset.renders = String(ticket);
  try {
    await loadSettings();
    beginRender();
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
    main.dataset.polled = position ?? ""; // the newest position seen (the browser tests read it)
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
