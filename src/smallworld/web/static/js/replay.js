// The replay page: any saved game stepped through move by move (buttons, slider, keyboard),
// jumping to a round. Each position comes from the server as a spectator sees it
// (/api/games/{id}/replay?at=N): nothing hidden is ever sent.
import { api } from "./api.js";
import { Board } from "./board.js";
import { G, brandForEdition } from "./ctx.js";
import { renderPlayers } from "./players.js";
import { regionTip } from "./regiontip.js";
import { h, installTooltips, showTip, hideTip, placeTip, toast, PLAYER_COLOURS } from "./ui.js";

const params = new URLSearchParams(window.location.search);
G.gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
G.token = params.get("token") || "";
const seatParam = params.get("seat");
G.query = `token=${encodeURIComponent(G.token)}${seatParam !== null ? `&seat=${encodeURIComponent(seatParam)}` : ""}`;
const gamePath = `/api/games/${encodeURIComponent(G.gameId)}`;
window.__sw = G;

let board = null;
let log = []; // the whole public log of the game
let stops = [0];
let rounds = [];
let at = 0;
let total = 0;
let asked = 0; // the latest position asked for (older answers are dropped)
let timer = null;

async function start() {
  installTooltips();
  document.getElementById("back-to-game").href = `/play/${encodeURIComponent(G.gameId)}?${G.query}`;
  const want = params.get("at");
  let first;
  try {
    [G.meta, G.boardData, first] = await Promise.all([
      api("/api/meta"), api(`${gamePath}/board?${G.query}`),
      api(`${gamePath}/replay?${G.query}&log=all${want !== null ? `&at=${encodeURIComponent(want)}` : "&at=0"}`)]);
    // another edition's game (classic): its own races, powers, pieces and die
    const ed = first.game && first.game.edition;
    if (ed && G.meta.serves && !G.meta.serves.includes(ed)) G.meta = await api(`/api/meta?edition=${encodeURIComponent(ed)}`);
  } catch (e) {
    document.querySelector("main.table").replaceChildren(h("div", { class: "fatal card" },
      h("h2", {}, "This replay cannot be opened"), h("p", {}, e.message), h("a", { class: "button primary", href: "/" }, "Back to all games")));
    return;
  }
  board = new Board(document.getElementById("board"), G.boardData, { onHover: regionHover, onClick: () => {} }, G.meta);
  brandForEdition();
  log = first.log;
  stops = first.stops;
  rounds = first.rounds;
  total = first.total;
  wire();
  show(first);
  if (want === null && rounds.length) go(rounds[0].at); // the first turn, after the setup draws
}

async function go(k) {
  k = Math.max(0, Math.min(total, k));
  asked = k;
  try {
    const F = await api(`${gamePath}/replay?${G.query}&log=none&at=${k}`);
    if (F.at === asked) show(F);
  } catch (e) { toast(e.message, "bad"); stop(); }
}

function show(F) {
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
  document.getElementById("rp-where").textContent = `Move ${move} of ${moves}${r ? ` · Round ${r} of ${v.rounds}` : " · Setting up"}`;
  const slider = document.getElementById("rp-slider");
  slider.max = String(total);
  slider.value = String(at);
  document.getElementById("rp-rounds").replaceChildren(...rounds.map((x) => h("button", {
    type: "button", class: `small ${x.round === r ? "on" : ""}`.trim(), dataset: { round: x.round },
    title: `Jump to round ${x.round}`, onclick: () => { stop(); go(x.at); },
  }, `R${x.round}`)));
  const banner = document.getElementById("turn-banner");
  const seat = v.turn;
  const over = F.finished_here;
  banner.style.setProperty("--pc", over ? "#3b2c1d" : PLAYER_COLOURS[seat]);
  banner.replaceChildren(...[
    over ? null : h("span", { class: "dot" }),
    h("span", { class: "who" }, over ? "Game over" : `${F.game.seats[seat] ? F.game.seats[seat].name : "Nobody"}'s turn`),
    h("span", { class: "step" }, `Replay of ${F.game.title}`),
  ].filter(Boolean));
  document.getElementById("rp-prev").disabled = at <= 0;
  document.getElementById("rp-next").disabled = at >= total;
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
  document.getElementById("rp-play").textContent = "❚❚ Pause";
  timer = setInterval(() => { if (at >= total) stop(); else next(); }, 700);
}
function stop() {
  clearInterval(timer);
  timer = null;
  document.getElementById("rp-play").textContent = "▶ Play";
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
