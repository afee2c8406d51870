// A short guided first game: one tip the first time each moment happens in this browser (not
// once per hotseat seat). Dismissable; remembered in localStorage; the Tips button turns them
// off and on.
import { h, forFingers } from "./ui.js";
import { forLayout } from "./dock.js";
import { G } from "./ctx.js";
import { t } from "./i18n.js";

const KEY = "smallworld.tips";
const PHASE_TIPS = new Set(["pick", "conquer", "final", "redeploy", "decide", "defend"]);

export const TIPS = {
  welcome: () => ({
    title: t("Welcome to Small World"),
    text: t("Each turn you score 1 coin for every Region your people hold. Coins are secret, so only you see yours. After the last round, the richest player wins. Hover anything on the table to see what it is and what it does."),
  }),
  // the team variant's welcome: coins and winning work by side (R-TEAM-6, R-TEAM-7)
  welcomeTeam: () => ({
    title: t("Welcome to Battle for Azeroth"),
    text: t("You play on a side with your teammates. Each turn you score 1 coin for every Region your people hold. Teammates see each other's coins; the other side does not. After the last round the sides are scored and the best side wins: where a side has two players, it scores the lower of their two totals, so help the teammate who is behind. Hover anything on the table to see what it is and what it does."),
  }),
  pick: () => ({
    title: t("Pick a race and a power"),
    text: t("Choose a combo in the column on the left. The top one is free; each step down costs 1 coin, left on every combo you skip, and you take the coins lying on the one you pick. The number on each card is how many tokens you get."),
  }),
  conquer: () => ({
    title: t("Conquer Regions"),
    text: t("Click a green Region to conquer it. It costs 2 tokens, plus 1 for each defending token, Mountain or Fort, plus 1 when you come from the sea. Your first conquest must be an Entry Region (the anchor icon). The tokens you use stay in the Region."),
  }),
  final: () => ({
    title: t("The reinforcement die"),
    text: t("An amber Region costs a little more than you hold. It can be your final conquest: you roll the die (faces 0, 0, 0, 1, 2, 3) and add it to your tokens. Win or lose, your conquests end for this turn."),
  }),
  die: () => ({
    title: t("The die was rolled"),
    text: t("After a final conquest, whatever happened, your conquests stop. Tokens still in your hand are placed during redeployment."),
  }),
  redeploy: () => ({
    title: t("Redeploy your troops"),
    text: t("Place the tokens in your hand: click one of your Regions to add a token there (shift-click puts all of them). Each Region keeps at least one token. Well-defended Regions are harder to take."),
  }),
  decide: () => ({
    title: t("Expand or decline?"),
    text: t("When your race runs out of steam, put it in decline: its tokens turn grey, stay on the board and still score, and next turn you pick a fresh race. Otherwise expand: you take back all but one token per Region and conquer again."),
  }),
  score: () => ({
    title: t("Scoring"),
    text: t("At the end of your turn you scored 1 coin per Region, plus any bonus from your race, power and items. The breakdown is in your player card and the chronicle."),
  }),
  defend: () => ({
    title: t("You were attacked"),
    text: t("You lost a Region: one token is gone, the others came back to your hand. Place them in your remaining Regions now."),
  }),
};

function load() {
  try { return JSON.parse(localStorage.getItem(KEY)) || { seen: {}, off: false }; }
  catch { return { seen: {}, off: false }; }
}
function save(st) { try { localStorage.setItem(KEY, JSON.stringify(st)); } catch { /* private mode */ } }

export class Tips {
  constructor(box, button) {
    this.box = box;
    this.button = button;
    this.st = load();
    this.current = null;
    this.queue = [];
    button.addEventListener("click", () => this.toggle());
    this._syncButton();
  }

  _syncButton() {
    this.button.setAttribute("aria-pressed", String(!this.st.off));
    this.button.classList.toggle("on", !this.st.off);
  }

  toggle() {
    this.st.off = !this.st.off;
    if (!this.st.off) this.st.seen = {};
    save(this.st);
    this._syncButton();
    if (this.st.off) this.hide();
  }

  // moments: keys that apply right now, in order of priority. A tip about a step of the turn
  // that is over is withdrawn.
  offer(moments) {
    if (this.st.off) return;
    this.queue = this.queue.filter((k) => !PHASE_TIPS.has(k) || moments.includes(k));
    if (this.current && PHASE_TIPS.has(this.current) && !moments.includes(this.current)) {
      this.current = null;
      this.box.hidden = true;
    }
    for (const k of moments) {
      if (!TIPS[k] || this.st.seen[k] || k === this.current || this.queue.includes(k)) continue;
      this.queue.push(k);
    }
    if (!this.current) this._next();
  }

  _next() {
    const k = this.queue.shift();
    if (!k) { this.hide(); return; }
    this.current = k;
    const tip = (k === "welcome" && G.P && G.P.view && G.P.view.team ? TIPS.welcomeTeam : TIPS[k])();
    this.box.replaceChildren(
      h("div", { class: "tips-head" }, h("span", { class: "tips-badge" }, t("Tip")), h("b", {}, tip.title)),
      h("p", {}, forLayout(forFingers(tip.text))),
      h("div", { class: "tips-actions" },
        h("button", { type: "button", class: "small", id: "tip-ok", onclick: () => this.done() }, t("Got it")),
        h("button", { type: "button", class: "small ghost", onclick: () => { this.toggle(); } }, t("No more tips"))),
    );
    this.box.dataset.tipKey = k;
    this.box.hidden = false;
    // shown once per browser: a tip withdrawn when its moment passed does not come back for the
    // next seat of a hotseat table (the Tips button shows them all again)
    this.st.seen[k] = true;
    save(this.st);
  }

  done() {
    if (this.current) { this.st.seen[this.current] = true; save(this.st); }
    this.current = null;
    this._next();
  }

  hide() { this.box.hidden = true; this.current = null; this.queue = []; }
}
