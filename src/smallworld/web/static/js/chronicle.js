// The chronicle (the game log), the die overlay and the scoring toasts.
//
// Log entries come from two transports: the answer to this page's own action or state request
// (the whole visible log, `log_reset`) and WebSocket pushes (only the entries since the last
// push). Entries are merged by their index `i`, so an entry heard twice is kept once.
//
// Scoring toasts: a seat's scoring is private (R-SCORE-4), so it is toasted only to that seat's
// page, once per log entry (`toasted`), labelled with the round it was scored in (two turns can
// score exactly the same, and then two identical toasts could not be told apart). On a hotseat
// screen shared by several people the page switches to the next human when a turn ends, so a
// seat's own scoring only becomes visible when the page is next shown for it: it waits until
// that player has lifted the "pass the screen" curtain, and is never shown over it.
//
// The lines come from the server in this page's language (the entries hold the engine's events:
// smallworld/web/chronicle.py renders them per reader); what depends on who reads (your turn,
// you score) is worded here with the same catalogue (t, tn).
import { G } from "./ctx.js";
import { t, tn } from "./i18n.js";
import { h, toast, PLAYER_COLOURS } from "./ui.js";

let log = []; // log entries, by index i
let logStick = true;
const toasted = new Set(); // score entries already toasted (or seen on the first load)
let pendingScore = null; // a score entry waiting for the hotseat curtain to be lifted

// every log entry this page holds (the results screen reads the scorings)
export function logEntries() { return log; }

// Merge the log of an update; returns the entries this page had not seen.
export function mergeLog(data) {
  const fresh = [];
  if (data.log_reset) {
    const known = new Set(log.map((e) => e.i));
    for (const e of data.log) if (!known.has(e.i)) fresh.push(e);
    log = data.log.slice();
  } else {
    const last = log.length ? log[log.length - 1].i : -1;
    for (const e of data.log) if (e.i > last) { log.push(e); fresh.push(e); }
  }
  return fresh;
}

// ---- scoring toasts ----------------------------------------------------------------------------

function sharedScreen() {
  const { P } = G;
  return P.mode === "hotseat" && P.game.seats.filter((s) => s.kind === "human").length > 1;
}

// "Round 3 · You score 4 coins (Regions 3, Ranger: Forest Regions 1)" from the entry's numbers
export function scoreText(e) {
  const { P } = G;
  const name = P.game.seats[e.seat] ? P.game.seats[e.seat].name : "";
  const coins = tn("{n} coin", "{n} coins", e.total ?? 0);
  const parts = (e.lines || []).filter(([, n]) => n).map(([label, n]) => t("{label} {n}", { label, n }));
  const lines = parts.length ? t("{coins} ({lines})", { coins, lines: parts.join(", ") }) : coins;
  return sharedScreen()
    ? t("Round {round} · {who}, you scored {coins}", { round: e.round, who: name, coins: lines })
    : t("Round {round} · You score {coins}", { round: e.round, coins: lines });
}

function showScore(e) {
  toasted.add(e.i);
  toast(scoreText(e), "good score");
}

// fresh: the entries new to this page; quiet: the page's first update (nothing is toasted);
// curtainUp: the hotseat curtain hides the table (the toast waits for it).
export function scoreToasts(fresh, { quiet, curtainUp }) {
  const me = G.P.perspective;
  const mine = fresh.filter((e) => e.kind === "score" && e.private === me && !toasted.has(e.i));
  const last = mine.pop();
  for (const e of mine) toasted.add(e.i); // older scorings of this seat: only the latest is news
  if (!last) return;
  if (quiet) { toasted.add(last.i); return; }
  if (curtainUp) { pendingScore = last; return; }
  showScore(last);
}

// the hotseat curtain was lifted for seat `seat`: its scoring since it last looked
export function curtainLifted(seat) {
  const e = pendingScore;
  pendingScore = null;
  if (e && e.private === seat && !toasted.has(e.i)) showScore(e);
}

// ---- the log ------------------------------------------------------------------------------------

// "Round 2 of 10 · Bob's turn"; the reader's own turns read "Your turn" (a seat link, or a
// screen with one player on it), whatever the seat is called ("You's turn" never)
function turnLine(e) {
  const { P } = G;
  const seat = P.game.seats[e.seat];
  if (!seat || !P.view || !e.round) return e.text;
  const mine = e.seat === P.perspective && (P.mode === "seat" || !sharedScreen());
  return mine
    ? t("Round {round} of {rounds} · Your turn", { round: e.round, rounds: P.view.rounds })
    : t("Round {round} of {rounds} · {who}'s turn", { round: e.round, rounds: P.view.rounds, who: seat.name });
}

// "Anna's redeployment: +2 Goldshire, +1 Elwynn" (a turn's placements in one line)
function redeployLine(group) {
  const parts = [...group.parts].map(([where, n]) => t("+{n} {region}", { n, region: where })).join(", ");
  return t("{who}'s redeployment: {parts}", { who: group.who, parts });
}

export function renderLog(firstPayload) {
  const { P } = G;
  const box = document.getElementById("log");
  if (!box.dataset.wired) {
    // follow the newest lines unless the reader scrolled up to read older ones
    box.dataset.wired = "1";
    box.addEventListener("scroll", () => { logStick = box.scrollHeight - box.scrollTop - box.clientHeight < 30; });
  }
  const items = [];
  let group = null;
  for (const e of log) {
    if (e.kind === "redeploy" && e.where !== undefined) {
      const who = P.game.seats[e.seat] ? P.game.seats[e.seat].name : "?";
      if (group && group.seat === e.seat) {
        group.parts.set(e.where, (group.parts.get(e.where) || 0) + e.n);
        group.node.replaceChildren(redeployLine(group));
        continue;
      }
      group = { seat: e.seat, who, parts: new Map([[e.where, e.n]]), node: null };
      group.node = h("li", { class: "log-redeploy", style: seatStyle(e.seat) }, redeployLine(group));
      items.push(group.node);
      continue;
    }
    group = null;
    if (e.kind === "turn") {
      items.push(h("li", { class: "log-turn", style: seatStyle(e.seat) }, turnLine(e)));
      continue;
    }
    const li = h("li", { class: `log-${e.kind}`, style: seatStyle(e.seat), dataset: { i: e.i } }, e.text);
    if (e.kind === "die") li.prepend(h("span", { class: "mini-die" }, e.roll ?? "?"));
    if (e.private !== null && e.private !== undefined && !P.over) li.classList.add("private");
    if (e.private !== null && e.private !== undefined && !P.over) li.append(h("span", { class: "secret", title: t("Coins are secret: only you see this line") }, t("private")));
    items.push(li);
  }
  box.replaceChildren(...items);
  if (logStick || firstPayload) box.scrollTop = box.scrollHeight;
}

function seatStyle(seat) { return seat !== null && seat !== undefined ? `--pc:${PLAYER_COLOURS[seat]}` : ""; }

// ---- the die ------------------------------------------------------------------------------------

const PIPS = { 0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]] };

export function showDie(entry) {
  const box = document.getElementById("die");
  const roll = entry.roll ?? 0;
  const pips = (PIPS[roll] || []).map(([x, y]) => h("span", { class: "pip", style: `left:${50 + x * 26}%;top:${50 + y * 26}%` }));
  const ok = entry.success;
  box.replaceChildren(
    h("div", { class: "die-face rolling" }, ...pips, roll === 0 ? h("span", { class: "blank" }, "0") : null),
    h("div", { class: `die-caption ${ok === true ? "good" : ok === false ? "bad" : ""}` }, entry.text),
  );
  box.hidden = true;
  void box.offsetWidth; // restart the fade-out animation
  box.hidden = false;
  clearTimeout(showDie.timer);
  showDie.timer = setTimeout(() => { box.hidden = true; }, 3200);
}
