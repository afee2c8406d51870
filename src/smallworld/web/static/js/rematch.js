// "Play again" on the results (issue 35 point 10): a new game with the same seats, bots and
// edition, a new seed, the seats moved round one place (web/rematch.py). The host link or any
// seat's link starts it; the other players' results then offer their own link to it, pushed on
// the game's WebSocket (rematchHeard), as does an old seat link opened later. The results ask
// the server themselves when they open, once after the socket (re)opens, and every few
// seconds while it is down (G.live, G.links).
import { api } from "./api.js";
import { G } from "./ctx.js";
import { t } from "./i18n.js";
import { h, toast } from "./ui.js";

const WORDS = {
  get play() { return t("Play again"); },
  get playTip() { return t("A new game with the same players, bots and edition; everyone moves round one seat"); },
  get started() { return t("Play again: the rematch has started"); },
};
const EVERY_MS = 4000;

let heard = null; // the rematch pushed on the socket: {id, link}, this page's own link

// The socket's news of the rematch ({type: "rematch", id, link}): every "Play again" shown
// offers the link at once, and the results opened later too.
export function rematchHeard(found) {
  if (!found || !found.link) return;
  heard = found;
  for (const el of document.querySelectorAll(".rematch")) el.dispatchEvent(new CustomEvent("rematch", { detail: found }));
}

export function rematchControl() {
  const box = h("span", { class: "rematch", id: "rematch" });
  const path = `/api/games/${encodeURIComponent(G.gameId)}/rematch?${G.query}`;
  let starting = false;
  const offer = (found) => {
    if (found && found.link) {
      box.replaceChildren(h("a", { class: "button again", id: "btn-rematch", href: found.link, dataset: { started: "1" } }, WORDS.started));
      return true;
    }
    box.replaceChildren(h("button", { type: "button", class: "again", id: "btn-rematch", title: WORDS.playTip, onclick: start }, WORDS.play));
    return false;
  };
  async function start() {
    if (starting) return;
    starting = true;
    try {
      const made = await api(path, { method: "POST", body: {} });
      window.location.assign(made.link);
    } catch (e) {
      toast(e.message, "bad");
      starting = false;
    }
  }
  let asked = -1; // G.links when last asked
  let done = false;
  async function look() {
    if (done || (!box.isConnected && box.dataset.shown)) return; // offered, or the results were closed
    box.dataset.shown = "1";
    if (!G.live || asked !== G.links) {
      asked = G.links;
      let found = null;
      try { found = await api(path); } catch { found = null; }
      if (offer(found)) { done = true; return; }
    }
    setTimeout(look, EVERY_MS);
  }
  box.addEventListener("rematch", (e) => { done = offer(e.detail) || done; });
  done = offer(heard);
  setTimeout(look, 0);
  return box;
}
