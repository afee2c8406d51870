// "Play again" on the results (issue 35 point 10): a new game with the same seats, bots and
// edition, a new seed, the seats moved round one place (web/rematch.py). The host link or any
// seat's link starts it; the other players' results then offer their own link to it (asked
// again every few seconds while the results are up), as does an old seat link opened later.
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
  async function look() {
    if (!box.isConnected && box.dataset.shown) return; // the results were closed
    box.dataset.shown = "1";
    let found = null;
    try { found = await api(path); } catch { found = null; }
    if (!offer(found)) setTimeout(look, EVERY_MS);
  }
  offer(null);
  setTimeout(look, 0);
  return box;
}
