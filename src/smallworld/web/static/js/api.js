// Small fetch helpers: JSON in, JSON out, errors as Error(message from {"error": ...}).
import { t, pageLanguage } from "./i18n.js";

// the headers every request carries: the page's language once chosen (errors said in it)
function spoken(headers) {
  const l = pageLanguage();
  if (l) headers["Accept-Language"] = l;
  return headers;
}

export class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = spoken({ "Accept": "application/json" });
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Token"] = token;
  return answer(fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

// The JSON of a fetch already under way (e.g. started by the page's first inline script).
export async function answer(pending) {
  let res;
  try {
    res = await pending;
  } catch (e) {
    throw new ApiError(t("Cannot reach the game server. Is it still running?"), 0);
  }
  let data = null;
  const text = await res.text();
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(typeof msg === "string" ? msg : JSON.stringify(msg), res.status);
  }
  return data;
}

export async function postRaw(path, text) {
  const res = await fetch(path, { method: "POST", headers: spoken({ "Content-Type": "application/json" }), body: text });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError((data && data.error) || `${res.status} ${res.statusText}`, res.status);
  return data;
}

// ---- the connection to the table -------------------------------------------------------------
// A lost connection is said in a banner ("Reconnecting…", then "Connected"), not only by the
// small dot of the top bar; while it is lost, a move is refused (never sent, never lost without
// a word) and the banner says so.

export const NOT_SENT = "not sent"; // linkLost's note for a move refused while the link is lost
let lost = false;
let fade = 0;

export function connectionLost() { return lost; }

function banner() {
  let bar = document.getElementById("netbar");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "netbar";
    bar.className = "netbar";
    bar.setAttribute("role", "status");
    bar.setAttribute("aria-live", "assertive");
    bar.hidden = true;
    document.body.append(bar);
  }
  return bar;
}

function say(bar, cls, title, text) {
  const b = document.createElement("b");
  b.textContent = title;
  const p = document.createElement("span");
  p.textContent = text;
  bar.className = `netbar ${cls}`;
  bar.replaceChildren(b, p);
  bar.hidden = false;
}

// the connection is lost (note: what happened to a move just made, e.g. NOT_SENT)
export function linkLost(note = "") {
  clearTimeout(fade);
  const bar = banner();
  const refused = Boolean(note);
  say(bar, refused ? "lost refused" : "lost", t("Reconnecting…"),
    note === NOT_SENT ? t("Your move was not sent: make it again once connected.")
      : (note || t("The connection to the game was lost. Moves wait until it is back.")));
  if (refused) { bar.classList.remove("flash"); void bar.offsetWidth; bar.classList.add("flash"); }
  lost = true;
}

// the connection is back: "Connected" for a moment, after a loss
export function linkBack() {
  if (!lost) return;
  lost = false;
  const bar = banner();
  say(bar, "back", t("Connected"), t("The table is up to date."));
  clearTimeout(fade);
  fade = setTimeout(() => { bar.hidden = true; }, 2500);
}
