// Table talk (issue 35 point 11): the seats' chat, under the chronicle (web/tabletalk.py).
// Messages are shown as text (never markup), asked for every few seconds; plain one-line text,
// at most 300 characters. Nobody can change or delete a message.
import { api } from "./api.js";
import { G } from "./ctx.js";
import { h, toast, PLAYER_COLOURS } from "./ui.js";

const WORDS = {
  title: "Table talk",
  placeholder: "Say something to the table",
  send: "Send",
  empty: "Nothing said yet.",
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
      add(list, [sent.message]);
    } catch (err) { toast(err.message, "bad"); }
  } }, input, h("button", { type: "submit", id: "chat-send" }, WORDS.send)) : null;
  box.replaceChildren(h("h2", { class: "panel-title" }, WORDS.title), list, form);
  box.hidden = false;
  const sep = path.includes("?") ? "&" : "?";
  async function look() {
    try { add(list, (await api(`${path}${sep}since=${seen}`)).messages); } catch { /* refused or offline: try again later */ }
    setTimeout(look, EVERY_MS);
  }
  look();
}
