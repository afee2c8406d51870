// The replay page: any saved game stepped through move by move (buttons, slider, keyboard),
// jumping to a round. Each position comes from the server as a spectator sees it
// (/api/games/{id}/replay?at=N): nothing hidden is ever sent. Opened from a player's link
// (?token=...) or from the game's watch link (?watch=KEY, smallworld/web/watch.py: the
// spectators, who follow a live game as the host allows); without either it says how to open
// it and shows no controls.
import { startChat } from "./chat.js";
import { api } from "./api.js";
import { Board } from "./board.js";
import { G, brandForEdition } from "./ctx.js";
import { renderPlayers } from "./players.js";
import { regionTip } from "./regiontip.js";
import { h, installTooltips, showTip, hideTip, placeTip, toast, PLAYER_COLOURS } from "./ui.js";
import { loadI18n, lang, languageSwitch, t, tn } from "./i18n.js";
import { localNames, localRegions } from "./localnames.js";

const params = new URLSearchParams(window.location.search);
G.gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
G.token = params.get("token") || "";
const seatParam = params.get("seat");
G.query = `token=${encodeURIComponent(G.token)}${seatParam !== null ? `&seat=${encodeURIComponent(seatParam)}` : ""}`;
const gamePath = `/api/games/${encodeURIComponent(G.gameId)}`;
const watchKey = G.token ? null : params.get("watch");
// where positions and the board come from: the player's replay, or the spectators' watch link
// (each answer's log in the page's language: &lang=, added once the catalogue is loaded)
let frames = watchKey !== null ? `${gamePath}/watch?watch=${encodeURIComponent(watchKey)}` : `${gamePath}/replay?${G.query}`;
const boardPath = watchKey !== null ? `${gamePath}/watch/board?watch=${encodeURIComponent(watchKey)}` : `${gamePath}/board?${G.query}`;
const FOLLOW_MS = 4000; // a spectator of a live game asks for new moves this often
window.__sw = G;

let board = null;
let log = []; // the whole public log of the game
let stops = [0];
let rounds = [];
let at = 0;
let total = 0;
let asked = 0; // the latest position asked for (older answers are dropped)
let timer = null;
let watching = null; // the watch link's setting ({mode, delay}) for a spectator
let follower = null;

// No position to show: a plain message and no controls at all.
function closed(title, message) {
  document.body.classList.add("replay-closed");
  for (const el of document.querySelectorAll(".replay-bar, #back-to-game, #turn-banner")) el.hidden = true;
  document.querySelector("main.table").replaceChildren(h("div", { class: "fatal card", style: "align-self: start" },
    h("h2", {}, title), h("p", {}, message), h("a", { class: "button primary", href: "/" }, t("Back to all games"))));
}

async function start() {
  await loadI18n(); // the page's words, before any is drawn
  frames += `&lang=${encodeURIComponent(lang())}`;
  G.query += `&lang=${encodeURIComponent(lang())}`;
  document.title = `${t("Replay")} — Small World of Warcraft`;
  document.querySelector(".topbar .tools").append(languageSwitch());
  document.getElementById("rp-play").textContent = `▶ ${t("Play")}`;
  installTooltips();
  if (!G.token && watchKey === null) {
    closed(t("This replay opens from a link"),
      t("Players open it with the Replay button of their game. To watch someone else's game, ask its host for the watch link."));
    return;
  }
  const back = document.getElementById("back-to-game");
  if (watchKey !== null) { // a spectator has no game page to go back to
    back.remove();
    document.title = `${t("Watching")} — Small World of Warcraft`;
  }
  else back.href = `/play/${encodeURIComponent(G.gameId)}?${G.query}`;
  const want = params.get("at");
  let first;
  try {
    [G.meta, G.boardData, first] = await Promise.all([
      api("/api/meta"), api(boardPath),
      api(`${frames}&log=all${want !== null ? `&at=${encodeURIComponent(want)}` : "&at=0"}`)]);
    // another edition's game (classic): its own races, powers, pieces and die
    const ed = first.game && first.game.edition;
    if (ed && G.meta.serves && !G.meta.serves.includes(ed)) G.meta = await api(`/api/meta?edition=${encodeURIComponent(ed)}`);
    localNames(G.meta);
    localRegions(G.boardData);
  } catch (e) {
    closed(watchKey !== null ? t("This game cannot be watched now") : t("This replay cannot be opened"), e.message);
    return;
  }
  watching = first.watching || null;
  board = new Board(document.getElementById("board"), G.boardData, { onHover: regionHover, onClick: () => {} }, G.meta);
  brandForEdition();
  log = first.log;
  stops = first.stops;
  rounds = first.rounds;
  total = first.total;
  wire();
  show(first);
  // a spectator reads the players' table talk when the host allows it (never writes)
  if (watchKey !== null) startChat(document.getElementById("chat"), { path: `${gamePath}/watch/chat?watch=${encodeURIComponent(watchKey)}`, canSay: false });
  if (watching && !first.over) follow();
  else if (want === null && rounds.length) go(rounds[0].at); // the first turn, after the setup draws
}

// A spectator of a game in play: new moves are fetched every few seconds; the page moves on
// with them while it shows the latest position.
function follow() {
  const atEnd = () => at >= total;
  let wasAtEnd = true;
  // what the spectator has: a take-back followed by a new move leaves the count as it was
  const seen = (F) => `${F.total} ${F.log.length} ${F.log.length ? F.log[F.log.length - 1].text : ""}`;
  let had = `${total} ${log.length} ${log.length ? log[log.length - 1].text : ""}`;
  go(total);
  follower = setInterval(async () => {
    wasAtEnd = atEnd();
    let F;
    try { F = await api(`${frames}&log=all`); } catch (e) {
      clearInterval(follower);
      closed(t("This game cannot be watched now"), e.message);
      return;
    }
    if (seen(F) !== had || F.over) {
      had = seen(F);
      log = F.log; stops = F.stops; rounds = F.rounds; total = F.total;
      if (wasAtEnd && !timer) { asked = F.at; show(F); } else renderBar(lastFrame);
    }
    if (F.over) clearInterval(follower);
  }, FOLLOW_MS);
}

async function go(k) {
  k = Math.max(0, Math.min(total, k));
  asked = k;
  try {
    const F = await api(`${frames}&log=none&at=${k}`);
    if (F.at === asked) show(F);
  } catch (e) { toast(e.message, "bad"); stop(); }
}

let lastFrame = null;

function show(F) {
  lastFrame = F;
  at = F.at;
  G.P = { view: F.view, game: F.game, perspective: null, mode: "replay", legal: [], hints: null, over: F.finished_here, this_turn: null };
  board.render(F.view, {});
  renderPlayers(F.view);
  renderLog();
  renderBar(F);
  const url = new URL(window.location.href);
  url.searchParams.set("at", String(at));
  window.history.replaceState(null, "", url);
}

function roundAt(k) {
  let r = null;
  for (const x of rounds) if (x.at <= k) r = x.round;
  return r;
}

function renderBar(F) {
  const v = F.view;
  const move = stops.filter((s) => s > 0 && s <= at).length;
  const moves = stops.length - 1;
  const r = roundAt(at);
  document.getElementById("rp-where").textContent = r
    ? t("Move {move} of {moves} · Round {round} of {rounds}", { move, moves, round: r, rounds: v.rounds })
    : t("Move {move} of {moves} · Setting up", { move, moves });
  const slider = document.getElementById("rp-slider");
  slider.max = String(total);
  slider.value = String(at);
  document.getElementById("rp-rounds").replaceChildren(...rounds.map((x) => h("button", {
    type: "button", class: `small ${x.round === r ? "on" : ""}`.trim(), dataset: { round: x.round },
    title: t("Jump to round {round}", { round: x.round }), onclick: () => { stop(); go(x.at); },
  }, t("R{round}", { round: x.round }))));
  const banner = document.getElementById("turn-banner");
  const seat = v.turn;
  const over = F.finished_here;
  banner.style.setProperty("--pc", over ? "#3b2c1d" : PLAYER_COLOURS[seat]);
  banner.replaceChildren(...[
    over ? null : h("span", { class: "dot" }),
    h("span", { class: "who" }, over ? t("Game over")
      : t("{who}'s turn", { who: F.game.seats[seat] ? F.game.seats[seat].name : t("Nobody") })),
    h("span", { class: "step" }, watching ? t("Watching {title}", { title: F.game.title }) + watchNote(F)
      : t("Replay of {title}", { title: F.game.title })),
  ].filter(Boolean));
  document.getElementById("rp-prev").disabled = at <= 0;
  document.getElementById("rp-next").disabled = at >= total;
}

// "· live, 2 moves behind" for a spectator of a game in play
function watchNote(F) {
  if (!watching || F.over || watching.mode !== "live") return "";
  return watching.delay ? tn(" · live, {n} move behind", " · live, {n} moves behind", watching.delay) : t(" · live");
}

function renderLog() {
  const box = document.getElementById("log");
  const shown = log.filter((e) => e.at < at);
  const last = shown.length ? shown[shown.length - 1].at : null;
  box.replaceChildren(...shown.map((e) => {
    const li = h("li", { class: `log-${e.kind} ${e.at === last ? "now" : ""}`.trim(), dataset: { at: e.at },
      style: e.seat !== null && e.seat !== undefined ? `--pc:${PLAYER_COLOURS[e.seat]}` : "" }, e.text);
    li.addEventListener("click", () => { stop(); go(e.at + 1); });
    return li;
  }));
  box.scrollTop = box.scrollHeight;
}

function next() { const k = stops.find((s) => s > at); if (k !== undefined) go(k); else stop(); }
function prev() { const k = [...stops].reverse().find((s) => s < at); if (k !== undefined) go(k); }
function nextRound() { const x = rounds.find((r) => r.at > at); go(x ? x.at : total); }
function prevRound() {
  const cur = [...rounds].reverse().find((r) => r.at < at);
  const before = cur ? [...rounds].reverse().find((r) => r.at < cur.at) : null;
  go(cur && at - cur.at > 0 && !before ? cur.at : (before ? before.at : 0));
}
function play() {
  if (timer) { stop(); return; }
  document.getElementById("rp-play").textContent = `❚❚ ${t("Pause")}`;
  timer = setInterval(() => { if (at >= total) stop(); else next(); }, 700);
}
function stop() {
  clearInterval(timer);
  timer = null;
  document.getElementById("rp-play").textContent = `▶ ${t("Play")}`;
}

function wire() {
  document.getElementById("rp-start").addEventListener("click", () => { stop(); go(0); });
  document.getElementById("rp-end").addEventListener("click", () => { stop(); go(total); });
  document.getElementById("rp-prev").addEventListener("click", () => { stop(); prev(); });
  document.getElementById("rp-next").addEventListener("click", () => { stop(); next(); });
  document.getElementById("rp-play").addEventListener("click", play);
  document.getElementById("rp-slider").addEventListener("change", (e) => { stop(); go(Number(e.target.value)); });
  document.getElementById("zoom-in").addEventListener("click", () => board.setZoom(board.zoom * 1.4));
  document.getElementById("zoom-out").addEventListener("click", () => board.setZoom(board.zoom / 1.4));
  document.getElementById("zoom-fit").addEventListener("click", () => board.setZoom(1));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const keys = {
      ArrowRight: next, ArrowLeft: prev, Home: () => go(0), End: () => go(total),
      PageDown: nextRound, PageUp: prevRound, " ": play,
    };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    if (e.key !== " ") stop();
    f();
  });
}

function regionHover(rid, e) {
  const t = document.getElementById("tooltip");
  if (!rid) { hideTip(); t.dataset.rid = ""; return; }
  if (t.hidden || t.dataset.rid !== rid) { showTip(regionTip(rid), e.clientX, e.clientY); t.dataset.rid = rid; }
  else placeTip(e.clientX, e.clientY);
}

start();
