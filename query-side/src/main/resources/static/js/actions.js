// Actions for a deployer (issue 29 point 5): Reconcile now and Lock/Unlock on the App page, Roll back
// to this change on the Change page. Each shows its plan first (the API's dry run: reconcile's and
// rollback's dryRun=true; a lock has none, so the page says what it does), then asks to confirm, then runs it: reconcile and rollback as an NDJSON stream
// (docs/API.md, Accept: application/x-ndjson) whose lines show as they come. The panel is outside
// <main>, so the page's redraws (the views moving) do not wipe a running action. Hidden unless
// GET /api/whoami names the deployer role.

import { TOKEN_KEY, api, h, enc, show, table, commandUrl } from "./common.js";

let rolesOf = { token: undefined, roles: null };

/** The caller's roles (GET /api/whoami), asked once per token; none when it cannot say. */
export async function roles() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (rolesOf.token !== token || !rolesOf.roles) {
    const who = await api("/api/whoami").catch(() => ({ roles: [] }));
    rolesOf = { token, roles: who.roles || [] };
  }
  return rolesOf.roles;
}

export const mayDeploy = async () => {
  const r = await roles();
  return r.includes("deployer") || r.includes("admin");
};

const panel = () => document.getElementById("action-panel");

function headers(accept, json) {
  const out = { Accept: accept };
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) out.Authorization = "Bearer " + token;
  if (json) out["Content-Type"] = "application/json";
  return out;
}

/** A command's answer, or an Error with the API's words. */
async function command(method, path, body) {
  const response = await fetch(commandUrl() + path, { method, headers: headers("application/json", body !== undefined), body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${response.status} ${json && json.error ? json.error : ""}: ${json && json.message ? json.message : response.statusText}`);
  return json;
}

/** Runs a streamed command, calling `line` with each parsed NDJSON object as it arrives. */
async function stream(path, line) {
  const response = await fetch(commandUrl() + path, { method: "POST", headers: headers("application/x-ndjson", false) });
  if (!response.ok || !response.body) {
    const json = await response.json().catch(() => null);
    throw new Error(`${response.status} ${json && json.error ? json.error : ""}: ${json && json.message ? json.message : response.statusText}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let last = null;
  for (;;) {
    const { done, value } = await reader.read();
    buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
    let at;
    while ((at = buffer.indexOf("\n")) >= 0) {
      const text = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      if (!text) continue;
      last = JSON.parse(text);
      line(last);
    }
    if (done) break;
  }
  if (buffer.trim()) line((last = JSON.parse(buffer)));
  return last;
}

/** A plan's ops and objects, from a dry run or a stream's plan line. */
function planTable(plan) {
  const ops = plan.ops || {};
  return [
    h("p", { id: "action-description" }, show(plan.description || "nothing to do")),
    table(
      "action-plan",
      "What it would change",
      ["Namespace", "Name", "Kind", "Op", "Wait to"],
      (plan.changes || []).map((c) => h("tr", { "data-op": c.op }, h("td", {}, c.namespace), h("th", { scope: "row" }, c.name), h("td", {}, c.kind), h("td", {}, c.op), h("td", {}, c.waitTo || "")))
    ),
    h("p", { class: "muted" }, `${ops.create || 0} create, ${ops.update || 0} update, ${ops.delete || 0} delete`),
  ];
}

/**
 * Opens the panel for one action: its title, its plan (a promise of nodes), a Confirm that runs
 * `run(progress)` and a Cancel. The panel takes focus, so the keyboard lands on it.
 */
async function open(title, planNodes, confirmLabel, run) {
  const box = panel();
  const status = h("p", { id: "action-status", role: "status" }, "Planning…");
  const body = h("div", { id: "action-body" });
  const close = h("button", { type: "button", id: "action-close" }, "Close");
  close.addEventListener("click", () => {
    box.hidden = true;
    box.replaceChildren();
  });
  box.replaceChildren(h("h2", { id: "action-title", tabindex: "-1" }, title), status, body, h("p", {}, close));
  box.hidden = false;
  box.querySelector("#action-title").focus();
  let plan;
  try {
    plan = await planNodes;
  } catch (e) {
    status.textContent = "The plan could not be made: " + e.message;
    status.className = "bad";
    return;
  }
  status.textContent = "Plan: read it, then confirm or cancel.";
  const confirm = h("button", { type: "button", id: "action-confirm", class: "primary" }, confirmLabel);
  const cancel = h("button", { type: "button", id: "action-cancel" }, "Cancel");
  cancel.addEventListener("click", () => close.click());
  body.replaceChildren(...plan.flat().filter(Boolean), h("p", { class: "buttons" }, confirm, " ", cancel));
  confirm.focus();
  confirm.addEventListener("click", async () => {
    confirm.disabled = true;
    cancel.disabled = true;
    status.textContent = "Running…";
    const progress = h("ol", { id: "action-progress", "aria-live": "polite", tabindex: "0", "aria-label": "Progress" });
    body.append(h("h3", {}, "Progress"), progress);
    const add = (text, cls) => progress.append(h("li", { class: cls || null }, text));
    try {
      const result = await run(add);
      const ok = result && result.successful !== false;
      status.textContent = ok ? `Done: ${result && result.changeId ? result.changeId : "nothing to change"}` : `Failed: ${show(result && (result.message || result.description))}`;
      status.className = ok ? "ok" : "bad";
      status.dataset.result = ok ? "succeeded" : "failed";
    } catch (e) {
      status.textContent = "Failed: " + e.message;
      status.className = "bad";
      status.dataset.result = "failed";
    }
  });
}

/** What a streamed line says, in kapp's words. */
function progressLine(add) {
  return (l) => {
    if (l.type === "plan") add(`plan: ${show(l.description)}`);
    else if (l.type === "progress") add(l.line + (l.detail && l.detail.length ? ` (${l.detail.join("; ")})` : ""), /^fail/.test(l.line) ? "bad" : /^ok/.test(l.line) ? "ok" : null);
    else if (l.type === "result") add(`result: ${l.successful === false ? "failed" : "succeeded"}${l.changeId ? " as " + l.changeId : ", nothing to change"}`, l.successful === false ? "bad" : "ok");
  };
}

const appPath = (ns, name) => `/api/apps/${enc(ns)}/${enc(name)}`;

export function rollbackButton(ns, name, changeId) {
  const button = h("button", { type: "button", id: "rollback" }, "Roll back to this change");
  button.addEventListener("click", () =>
    open(
      `Roll back ${ns}/${name} to ${changeId}`,
      command("POST", `${appPath(ns, name)}/rollback?to=${enc(changeId)}&dryRun=true`).then(planTable),
      "Run the rollback",
      (add) => stream(`${appPath(ns, name)}/rollback?to=${enc(changeId)}`, progressLine(add))
    )
  );
  return button;
}

/** Reconcile's plan is its dry run (dryRun=true): what it would put back, nothing written. */
export function reconcileButton(ns, name) {
  const button = h("button", { type: "button", id: "reconcile" }, "Reconcile now");
  button.addEventListener("click", () =>
    open(
      `Reconcile ${ns}/${name} now`,
      command("POST", `${appPath(ns, name)}/reconcile?dryRun=true`).then(planTable),
      "Run the reconcile",
      (add) => stream(`${appPath(ns, name)}/reconcile`, progressLine(add))
    )
  );
  return button;
}

export function lockButton(ns, name, overview) {
  if (overview.locked) {
    const button = h("button", { type: "button", id: "unlock" }, "Unlock");
    button.addEventListener("click", () =>
      open(
        `Unlock ${ns}/${name}`,
        Promise.resolve([h("p", { id: "action-description" }, `Ends the lock by ${show(overview.lockedBy)}: ${show(overview.lockReason)}. Only its locker or an admin may.`)]),
        "Unlock",
        async (add) => {
          const r = await command("DELETE", `${appPath(ns, name)}/lock`);
          add(`unlocked as ${r.changeId}`, "ok");
          return { successful: true, changeId: r.changeId };
        }
      )
    );
    return button;
  }
  const button = h("button", { type: "button", id: "lock" }, "Lock");
  button.addEventListener("click", () => {
    const reason = h("input", { id: "lock-reason", required: "", maxlength: "1000", autocomplete: "off" });
    open(
      `Lock ${ns}/${name}`,
      Promise.resolve([
        h("p", { id: "action-description" }, "A change freeze: deploys and deletes are refused (423) until it is unlocked; reconciles and rollbacks still run."),
        h("p", {}, h("label", { for: "lock-reason" }, "Reason (required) "), reason),
      ]),
      "Lock",
      async (add) => {
        if (!reason.value.trim()) throw new Error("a lock needs a reason");
        const r = await command("POST", `${appPath(ns, name)}/lock`, { reason: reason.value.trim() });
        add(`locked as ${r.changeId} by ${r.lockedBy}`, "ok");
        return { successful: true, changeId: r.changeId };
      }
    );
  });
  return button;
}
