// Table talk (issue 35 point 11): the seats' chat, under the chronicle (web/tabletalk.py).
// Messages are shown as text (never markup); plain one-line text, at most 300 characters.
// Nobody can change or delete a message. On the game page they are pushed on the game's
// WebSocket (hear()); the page asks for them itself when it opens, once after its socket
// (re)opens, and every few seconds while the socket is down (G.live, G.links); the watch page
// (no socket) asks every few seconds.
import { api } from "./api.js";
import { G } from "./ctx.js";
import { t } from "./i18n.js";
import { h, toast, PLAYER_COLOURS } from "./ui.js";

const WORDS = {
  get title() { return t("Table talk"); },
  get spectators() { return t("Spectators read the table talk"); },
  get placeholder() { return t("Say something to the table"); },
  get send() { return t("Send"); },
  get empty() { return t("Nothing said yet."); },
};
const MAX_TEXT = 300;
const EVERY_MS = 3000;

let seen = 0;

function line(m) {
  return h("li", { class: "chat-line", dataset: { n: m.n, seat: m.seat } },
    h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[m.seat] || "#8a7150"}` }),
    h("b", { class: "chat-name" }, m.name), " ", h("span", { class: "chat-text" }, m.text));
}

function add(list, messages) {
  const fresh = messages.filter((m) => m.n >= seen);
  if (!fresh.length) return;
  if (!seen) list.replaceChildren();
  list.append(...fresh.map(line));
  seen = fresh[fresh.length - 1].n + 1;
  list.scrollTop = list.scrollHeight;
}

// path: where the talk is read (a seat's or the host's route, or the watch link's); canSay:
// whether this page may speak (spectators read only)
export function startChat(box, { path, canSay }) {
  const list = h("ol", { class: "chat-list", id: "chat-list", "aria-live": "polite" }, h("li", { class: "muted" }, WORDS.empty));
  const input = h("input", { type: "text", id: "chat-text", maxlength: String(MAX_TEXT), placeholder: WORDS.placeholder, "aria-label": WORDS.placeholder, autocomplete: "off" });
  const form = canSay ? h("form", { class: "chat-form", id: "chat-form", onsubmit: async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      const sent = await api(`/api/games/${encodeURIComponent(G.gameId)}/chat?${G.query}`, { method: "POST", body: { text } });
      input.value = "";
      hear(sent.message);
    } catch (err) { toast(err.message, "bad"); }
  } }, input, h("button", { type: "submit", id: "chat-send" }, WORDS.send)) : null;
  box.replaceChildren(...[h("h2", { class: "panel-title" }, WORDS.title), list, form].filter(Boolean)); // (null would be written as text)
  // shown once the talk could be read (a spectator whom the host does not let read it sees
  // nothing of it)
  const sep = path.includes("?") ? "&" : "?";
  async function ask() {
    try {
      add(list, (await api(`${path}${sep}since=${seen}`)).messages);
      box.hidden = false;
    } catch { /* refused or offline: try again later */ }
  }
  let asked = -1; // G.links when last asked
  async function look() {
    if (!G.live || asked !== G.links) {
      asked = G.links;
      await ask();
    }
    setTimeout(look, EVERY_MS);
  }
  // one message (pushed on the socket, or this page's own): one that skips some (missed
  // while the socket was reconnecting, or said meanwhile) asks for those too
  function hear(m) {
    if (m.n > seen) { ask(); return; }
    add(list, [m]);
    box.hidden = false;
  }
  look();
  return { hear };
}

// The host's choice, under Seat links' Spectators: whether the watch link shows the talk.
// path: the game's API path; token: the host's.
export function talkChoice(path, token) {
  const box = h("input", { type: "checkbox", id: "chat-spectators", onchange: async (e) => {
    try {
      const now = await api(`${path}/chat/setting`, { method: "PUT", token, body: { spectators: e.target.checked } });
      e.target.checked = now.spectators;
    } catch (err) { toast(err.message, "bad"); e.target.checked = !e.target.checked; }
  } });
  api(`${path}/chat`, { token }).then((talk) => { box.checked = talk.spectators; }, () => {});
  return h("label", { class: "check" }, box, WORDS.spectators);
}
