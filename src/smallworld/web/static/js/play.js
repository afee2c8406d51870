// The game page: one seat's table (a private seat link) or every human seat in turn (hotseat).
import { api, answer, ApiError, connectionLost, linkLost, linkBack, NOT_SENT } from "./api.js";
import { Board } from "./board.js";
import { placeNames } from "./names.js";
import { mergeLog, renderLog, scoreToasts, curtainLifted, showDie } from "./chronicle.js";
import { G, SIDES, me, seatName, legalOf, humans, sidesInPlay, brandForEdition } from "./ctx.js";
import { showResults, exportRecord, showGuide, showLinks } from "./modals.js";
import { icon, legendEntries } from "./pieces.js";
import { renderPlayers } from "./players.js";
import { regionTip, cleanReason, plainError } from "./regiontip.js";
import { Tips } from "./tips.js";
import { askConfirm, confirmAgain, closeConfirm } from "./confirm.js";
import * as plan from "./plan.js";
import { toggleKey } from "./boardkey.js";
import { renderTurn } from "./turn.js";
import { announceTurn, wireAlerts } from "./yourturn.js";
import { placeDock } from "./dock.js";
import { startChat } from "./chat.js";
import { rematchHeard } from "./rematch.js";
import { onLongPress } from "./longpress.js";
import {
  h, installTooltips, showTip, hideTip, placeTip, toast, dropStaleTip,
  PLAYER_COLOURS, raceTip, powerTip, FACTION, esc,
} from "./ui.js";
import { loadI18n, t, tn, lang, languageSwitch, editionNames } from "./i18n.js";
import { localNames, localRegions } from "./localnames.js";

const params = new URLSearchParams(window.location.search);
G.gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
G.token = params.get("token") || "";
const seatParam = params.get("seat");
G.query = `token=${encodeURIComponent(G.token)}${seatParam !== null ? `&seat=${encodeURIComponent(seatParam)}` : ""}`;
const gamePath = `/api/games/${encodeURIComponent(G.gameId)}`;
window.__sw = G; // what this page was sent (for tests and the curious; nothing more than the page shows)

let board = null;
let busy = false;
let tips = null;
let resultsShown = false;
let confirmedPerspective = undefined;
let ws = null;
let wsRetry = 0;
let wsOpened = false; // the live connection opened once
let talk = null; // the table talk (chat.js): messages pushed on the socket go to it
let leaving = false; // the page is being left: its socket closing is no lost connection
window.addEventListener("pagehide", () => { leaving = true; });
let firstPayload = true;
let shownSide = null; // team variant: the side whose column is shown (null: the viewer's)
let touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches; // last input was a finger
window.addEventListener("pointerdown", (e) => { touch = e.pointerType === "touch"; }, { capture: true, passive: true });

// ---- connecting ------------------------------------------------------------------------------

async function start() {
  await loadI18n(); // the page's words, before any is drawn
  // every request of this page answers in its language (the server's words: labels, phases)
  G.query += `&lang=${encodeURIComponent(lang())}`;
  placeLanguageSwitch();
  installTooltips();
  // the first game's tips sit above the turn panel, beside the play: never over the board
  const tipBox = document.getElementById("tips");
  document.getElementById("turn").before(tipBox);
  tips = new Tips(tipBox, document.getElementById("btn-tips"));
  let first;
  try {
    // the three requests at once: static facts, the (browser-cached) board drawing, the table
    // started by the page's inline script while these modules load (or now)
    const early = window.__early || {};
    const got = (key, path) => (early[key] ? answer(early[key]) : api(path));
    [G.meta, G.boardData, first] = await Promise.all([
      got("meta", "/api/meta"), got("board", `${gamePath}/board?${G.query}`), got("state", `${gamePath}/state?${G.query}`)]);
    window.__early = null;
    // another edition's game (classic): its own races, powers, pieces and die
    const ed = first.game && first.game.edition;
    if (ed && G.meta.serves && !G.meta.serves.includes(ed)) G.meta = await api(`/api/meta?edition=${encodeURIComponent(ed)}`);
    localNames(G.meta);
    localRegions(G.boardData);
  } catch (e) {
    fatal(e.message);
    return;
  }
  board = new Board(document.getElementById("board"), G.boardData, { onHover: regionHover, onClick: regionClick }, G.meta);
  // placing tokens by touch: holding a Region takes one of this turn's tokens back from it
  onLongPress(board.svg, (e) => board._regionAt(e), (rid) => {
    if (!plan.planning() || busy || !plan.remove(rid)) return false;
    render();
    return true;
  });
  brandForEdition();
  wireTools();
  apply(first);
  talk = startChat(document.getElementById("chat"), { path: `${gamePath}/chat?${G.query}`, canSay: true }); // table talk
  // the table is on screen: the frame after its first paint (benchmarks/web_page.py reads it)
  requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("sw-drawn")));
  connect();
}

// The language switch: at the foot of the column of combos on a wide screen (the top bar's
// room is the turn banner's), else in the top bar by its code ("IT"), where the tools wrap.
function placeLanguageSwitch() {
  if (window.matchMedia && window.matchMedia("(min-width: 1001px)").matches) {
    document.querySelector("aside.left").append(h("div", { class: "lang-slot table-lang" }, languageSwitch()));
  } else {
    document.querySelector(".topbar .tools").append(languageSwitch({ short: true }));
  }
}

function fatal(message) {
  document.querySelector("main.table").replaceChildren(
    h("div", { class: "fatal card" }, h("h2", {}, t("This game cannot be opened")), h("p", {}, message),
      h("a", { class: "button primary", href: "/" }, t("Back to all games"))));
}

function connect() {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${window.location.host}/ws/${encodeURIComponent(G.gameId)}?${G.query}`);
  const dot = document.getElementById("conn");
  let first = true; // the first push after (re)connecting is the truth, even if older-looking (a restarted server)
  ws.onopen = () => {
    wsRetry = 0; wsOpened = true; G.live = true; G.links += 1;
    dot.className = "conn on"; dot.title = t("Live"); linkBack();
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "update") { apply(msg, first); first = false; }
    else if (msg.type === "talk") { if (talk) talk.hear(msg.message); }
    else if (msg.type === "rematch") rematchHeard(msg);
    else if (msg.type === "error") toast(msg.error, "bad");
    else if (msg.type === "deleted") fatal(t("This game was deleted."));
  };
  ws.onclose = (ev) => {
    G.live = false;
    dot.className = "conn off"; dot.title = t("Reconnecting…");
    if (ev.code === 4403 || leaving) return;
    // a connection that was live is lost (one that never opened, a socket blocked on the way,
    // leaves the moves to their requests)
    if (wsOpened && !connectionLost()) linkLost();
    wsRetry = Math.min(wsRetry + 1, 6);
    setTimeout(connect, 400 * wsRetry);
  };
}

// ---- acting ----------------------------------------------------------------------------------

function act(text) { return post("actions", { action: text }); }

// take back this seat's last action (until something random or hidden came out)
function undo() { return post("undo", {}); }

// the redeployment plan, committed with End turn
function sendPlan() {
  const actions = plan.actions();
  if (!actions.length || plan.left() > 0) { toast(tn("Place {n} more token first.", "Place {n} more tokens first.", plan.left())); return; }
  return post("plan", { actions });
}

async function post(what, extra) {
  if (busy) return;
  if (connectionLost()) { linkLost(NOT_SENT); return; } // refused, said in the banner
  busy = true;
  document.body.classList.add("busy");
  hideMenu();
  closeConfirm();
  try {
    // the answer carries only the log lines this page lacks
    const body = { ...extra, since: G.P ? G.P.log_total : 0 };
    if (seatParam !== null) body.seat = Number(seatParam);
    apply(await api(`${gamePath}/${what}?lang=${encodeURIComponent(lang())}`, { method: "POST", body, token: G.token }));
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) {
      // the request did not get through: the connection is lost, whatever the socket says
      linkLost(NOT_SENT);
      if (ws && ws.readyState <= WebSocket.OPEN) ws.close();
      return;
    }
    toast(plainError(e.message), "bad");
    if (e instanceof ApiError && e.status === 409) {
      try { apply(await api(`${gamePath}/state?${G.query}`)); } catch { /* ignore */ }
    }
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

// ---- applying an update ----------------------------------------------------------------------

function apply(data, force = false) {
  // an answer overtaken by a newer WebSocket push (bots moving meanwhile) is out of date
  if (!force && G.P && data.game.rev < G.P.game.rev) return;
  const fresh = mergeLog(data);
  const before = G.P;
  G.P = data;
  render();
  if (!firstPayload && turnCame(before, data)) announceTurn(sharedScreen() ? seatName(me()) : "");
  if (!firstPayload) {
    const die = fresh.filter((e) => e.kind === "die").pop();
    if (die && (die.seat === data.perspective || fresh.length <= 4)) showDie(die);
  }
  scoreToasts(fresh, { quiet: firstPayload, curtainUp: !document.getElementById("curtain").hidden });
  firstPayload = false;
  offerTips(fresh);
}

// this page's seat can act now and could not before (or, on a shared hotseat screen, another
// human's turn has come): its turn came
function myTurn(P) { return Boolean(P && !P.over && P.legal.length); }
function turnCame(before, now) {
  return myTurn(now) && (!myTurn(before) || before.perspective !== now.perspective);
}
function sharedScreen() { return G.P.mode === "hotseat" && humans().length > 1; }

function render() {
  const { P } = G;
  const v = P.view;
  const brand = G.meta.factions === false ? "Small World" : "Small World of Warcraft";
  // the tab says whose turn it is: a seat whose turn comes sees it from another tab
  document.title = P.over ? `${t("Game over")} — ${brand}`
    : (myTurn(P) ? `${sharedScreen() ? t("{name}, your turn", { name: seatName(me()) }) : t("Your turn")} · ${brand}`
      : `${P.actor_name ? `${P.actor_name} · ${P.phase_text}` : "Small World"} — ${brand}`);
  renderTopbar(v);
  renderCombos(v);
  renderPlayers(plan.plannedView(v));
  renderTurn(v, { act, markHover, undo, sendPlan, redraw: () => render() });
  renderBoard(v);
  renderLog(firstPayload);
  renderCurtain();
  if (P.over && !resultsShown) { resultsShown = true; showResults(); }
  document.getElementById("btn-results").hidden = !P.over;
  document.getElementById("btn-invite").hidden = P.mode !== "hotseat";
  document.body.dataset.phase = v.phase;
  document.body.dataset.edition = v.edition || "";
  document.body.classList.toggle("my-turn", P.legal.length > 0);
  document.body.classList.toggle("planning", plan.planning());
  placeDock(); // on a phone: the controls for the next move in a sheet under the thumb
  dropStaleTip();
}

function renderTopbar(v) {
  const { P } = G;
  const track = document.getElementById("rounds");
  track.replaceChildren(h("span", { class: "rounds-label" }, t("Round")),
    ...Array.from({ length: v.rounds }, (_, i) => h("span", {
      class: `round ${i + 1 < v.round ? "past" : ""} ${i + 1 === v.round ? "now" : ""}`,
    }, i + 1)));
  const banner = document.getElementById("turn-banner");
  if (P.over) {
    banner.replaceChildren(h("span", { class: "who" }, t("Game over")));
    banner.style.setProperty("--pc", "#3b2c1d");
    return;
  }
  const seat = v.turn;
  banner.style.setProperty("--pc", PLAYER_COLOURS[seat]);
  const acting = P.actor >= 0 && P.actor !== seat ? ` · ${t("{name} redeploys", { name: seatName(P.actor) })}` : "";
  banner.replaceChildren(...[
    h("span", { class: "dot" }),
    h("span", { class: "who" }, P.legal.length ? (P.mode === "hotseat" && humans().length > 1 ? t("{name}: your turn", { name: seatName(me()) }) : t("Your turn")) : turnOf(seat)),
    v.team ? h("span", { class: `tag side side-${v.team.sides[seat]}` }, SIDES[v.team.sides[seat]]) : null,
    h("span", { class: "step" }, `${P.phase_text}${acting}`),
  ].filter(Boolean));
}

// "Anna's turn"; the viewer's own seat (waiting for a defender, say) is "your turn"
function turnOf(seat) {
  const { P } = G;
  if (seat === P.perspective && P.mode === "seat") return t("Your turn");
  return t("{name}'s turn", { name: seatName(seat) });
}

// ---- the column of combos --------------------------------------------------------------------

function renderCombos(v) {
  const { meta } = G;
  const box = document.getElementById("combos");
  const picks = new Map(legalOf("pick").map((a) => [Number(a.args[0]), a]));
  let column = v.column;
  const title = document.querySelector(".left .panel-title");
  if (v.team) {
    const own = v.team.sides[me() ?? v.turn];
    const side = sidesInPlay(v).includes(shownSide) ? shownSide : own;
    column = teamColumn(v, side);
    if (side !== own) picks.clear(); // another side's column: to look at, not to pick from
    title.replaceChildren(t("{side} races for hire", { side: SIDES[side] || "" }));
    renderSideTabs(v, side, own);
  } else {
    title.replaceChildren(t("Races for hire"));
  }
  const myVc = me() !== null && me() !== undefined ? v.players[me()].vc : null;
  box.replaceChildren(...column.map((c) => {
    if (!c.race) return h("div", { class: "combo empty" }, "—");
    const race = meta.races[c.race] || { name: c.race, value: 0, faction: "neutral" };
    const power = meta.powers[c.power] || { name: c.power, value: 0 };
    const pick = picks.get(c.position);
    // banner + badge, capped by the race's tokens left in the box (R-PICK; view "box")
    const printed = race.value + power.value;
    const inBox = v.box && v.box[c.race] !== undefined ? v.box[c.race] : null;
    const tokens = inBox === null ? printed : Math.min(printed, inBox);
    const capped = tokens < printed;
    const card = h("div", {
      class: `combo ${race.faction} ${pick ? "pickable" : ""} ${picks.size && !pick ? "unaffordable" : ""}`,
      dataset: { position: c.position }, role: pick ? "button" : null, tabindex: pick ? "0" : null,
      onclick: pick ? () => choosePick(c, pick, race, power, tokens) : null,
      onkeydown: pick ? (e) => { if (e.key === "Enter") choosePick(c, pick, race, power, tokens); } : null,
    },
      h("div", { class: "combo-power", "data-tip": powerTip(meta, c.power) },
        h("span", { class: "name" }, power.name), h("span", { class: "val" }, power.value)),
      h("div", { class: "combo-race", "data-tip": raceTip(meta, c.race) },
        meta.factions === false ? null : h("span", { class: "faction-mark", title: FACTION[race.faction] }),
        h("span", { class: "name" }, race.name), h("span", { class: "val" }, race.value)),
      h("div", { class: "combo-foot" },
        h("span", {
          class: `tokens ${capped ? "capped" : ""}`.trim(), dataset: { tokens, box: inBox ?? "" },
          "data-tip": tokensTip(tokens, race, power, inBox, capped),
        }, tn("{n} token", "{n} tokens", tokens), capped ? h("span", { class: "box-note" }, ` ${t("(box)")}`) : null),
        c.coins ? h("span", { class: "coins", title: t("Coins lying on this combo: you take them") }, `+${c.coins}`) : null,
        h("span", { class: "cost", title: t("Coins to pay") }, c.cost ? t("cost {n}", { n: c.cost }) : t("free")),
        pick ? h("span", { class: "pick-cta" }, t("Pick")) : null),
    );
    if (picks.size && !pick && myVc !== null && c.cost > myVc) card.title = t("Not enough coins");
    return card;
  }));
  const st = v.stacks;
  document.getElementById("stacks").textContent = v.team
    ? (v.team.decks && v.team.decks[v.team.sides[me() ?? v.turn]] !== undefined
      ? tn("{n} banner left in your side's deck", "{n} banners left in your side's deck", v.team.decks[v.team.sides[me() ?? v.turn]]) : "")
    : stacksLeft(st);
}

// the banners and badges left in the stacks, in words
function stacksLeft(st) {
  const banners = tn("{n} banner", "{n} banners", st.banners);
  const badges = tn("{n} badge", "{n} badges", st.badges);
  return t("{banners} and {badges} left in the stacks", { banners, badges });
}

// a pick cannot be taken back (a new banner comes out): the card is shown, a second click or
// the button confirms
// the tooltip of a combo's tokens: banner + badge, at most what the box holds (R-PICK)
function tokensTip(tokens, race, power, inBox, capped) {
  const sum = inBox === null ? t("Banner {banner} + badge {badge}.", { banner: race.value, badge: power.value })
    : tn("Banner {banner} + badge {badge}, at most the {n} {race} token left in the box.",
      "Banner {banner} + badge {badge}, at most the {n} {race} tokens left in the box.", inBox,
      { banner: race.value, badge: power.value, race: race.name });
  return `<b>${esc(tn("{n} token you get", "{n} tokens you get", tokens))}</b><p>${esc(sum)}</p>` +
    (capped ? `<p>${esc(t("The box holds fewer than the banner and badge give."))}</p>` : "");
}

function choosePick(c, pick, race, power, tokens) {
  const key = `combo:${c.position}`;
  if (confirmAgain(key)) return;
  const cost = c.cost ? tn("This combo costs {n} coin", "This combo costs {n} coins", c.cost) : t("This combo is free");
  const coins = c.coins ? tn("you take the {n} coin lying on it", "you take the {n} coins lying on it", c.coins) : "";
  const count = tn("{n} token", "{n} tokens", tokens);
  const combo = coins ? t("{cost}, and {coins}", { cost, coins }) : cost;
  askConfirm({
    key, title: `${race.name} + ${power.name}`, confirmLabel: t("Pick {race}", { race: race.name }),
    html: `<p>${esc(t("{tokens} to conquer with. {combo}.", { tokens: count, combo }))}</p>` +
      `<p><b>${esc(race.name)}</b>: ${esc(race.summary ? t(race.summary) : "")}</p><p><b>${esc(power.name)}</b>: ${esc(power.summary ? t(power.summary) : "")}</p>` +
      `<p class='muted'>${esc(t("A pick cannot be taken back: a new race comes into the column."))}</p>`,
    onConfirm: () => act(pick.text),
  });
  markSelected();
}

function markSelected() {
  const key = document.body.dataset.selected || "";
  for (const el of document.querySelectorAll(".combo.selected")) el.classList.remove("selected");
  if (key.startsWith("combo:")) {
    const el = document.querySelector(`.combo[data-position="${key.slice(6)}"]`);
    if (el) el.classList.add("selected");
  }
  board.select(key.startsWith("region:") ? key.slice(7) : null);
}
document.addEventListener("sw-select", (e) => { document.body.dataset.selected = e.detail || ""; markSelected(); });

function renderSideTabs(v, side, own) {
  let tabs = document.getElementById("side-tabs");
  if (!tabs) {
    tabs = h("div", { id: "side-tabs", class: "side-tabs", role: "tablist" });
    document.getElementById("combos").before(tabs);
  }
  tabs.replaceChildren(...sidesInPlay(v).map((x) => h("button", {
    type: "button", class: `small side-tab side-${x} ${x === side ? "on" : ""}`, role: "tab", "aria-selected": String(x === side),
    dataset: { side: x }, onclick: () => { shownSide = x === own ? null : x; renderCombos(G.P.view); },
  }, x === own ? t("{side} (yours)", { side: SIDES[x] }) : SIDES[x])));
}

function teamColumn(v, side) {
  // Battle for Azeroth: the rows of one side's column, paired with the badge of the same row
  const rows = v.team.columns[side] || [];
  return rows.map((r) => ({ position: r.row, race: r.race, power: r.power, coins: 0, cost: r.cost }));
}

// ---- the board -------------------------------------------------------------------------------

function marks() {
  const { P } = G;
  const m = {};
  if (!P.legal.length) return m;
  const phase = P.view.phase;
  if (phase === "conquer" && P.hints) {
    for (const [rid, x] of Object.entries(P.hints)) {
      if (x.status === "conquer" || x.status === "final") m[rid] = x.status;
      else m[rid] = "blocked";
    }
  }
  for (const a of P.legal) {
    if (!a.region) continue;
    if (a.kind === "redeploy") m[a.region] = "place";
    else if (a.kind === "conquer" || a.kind === "abandon") continue;
    else if (!m[a.region] || m[a.region] === "blocked") m[a.region] = "act";
  }
  return m;
}

function renderBoard(v) {
  board.render(plan.plannedView(v), marks());
  renderKey(v);
  const tip = document.getElementById("tooltip");
  if (board.hover && !tip.hidden && tip.dataset.rid === board.hover) tip.innerHTML = regionTip(board.hover);
}

// the key to the pieces on the table (and who holds Harmony)
function renderKey(v) {
  const box = document.getElementById("key");
  const entries = legendEntries(v, seatName, board.itemKinds);
  box.hidden = !entries.length;
  box.replaceChildren(...entries.map((x) => h("span", { class: "key-item", "data-tip": x.tip, dataset: { kind: x.kind || "item" } },
    x.item ? icon(x.item, board.itemKinds) : icon(x.kind), x.text)));
  board.fitAboveKey();
}

function markHover(rid) { board._hoverOutline(rid); }

function regionHover(rid, e) {
  const tip = document.getElementById("tooltip");
  if (!rid) { hideTip(); tip.dataset.rid = ""; return; }
  if (tip.hidden || tip.dataset.rid !== rid) { showTip(regionTip(rid), e.clientX, e.clientY); tip.dataset.rid = rid; }
  else placeTip(e.clientX, e.clientY);
}

function regionClick(rid, e) {
  const { P } = G;
  hideTip();
  if (!P || busy) return;
  const acts = P.legal.filter((a) => a.region === rid);
  if (!acts.length) {
    const hint = P.hints && P.hints[rid];
    if (hint && hint.reason && P.view.phase === "conquer") toast(plainError(cleanReason(hint.reason)));
    return;
  }
  const kinds = [...new Set(acts.map((a) => a.kind))];
  if (kinds.length === 1 && kinds[0] === "conquer") return chooseConquest(rid, acts[0], e);
  // an ability's choice with one answer here that can be taken back (a token off the map, a
  // Hero placed): one click or tap does it; one that ends the turn asks first (the menu)
  if (acts.length === 1 && P.view.phase === "choice" && !acts[0].ends_turn) return act(acts[0].text);
  if (kinds.length === 1 && kinds[0] === "redeploy" && plan.planning()) {
    // arranging the plan: nothing is sent until End turn
    if (plan.add(rid, e.shiftKey ? plan.left() : 1)) render();
    else toast(t("Every token is placed: take one back with −, or end your turn."));
    return;
  }
  // several things can be done here: a small menu
  const max = Math.max(...acts.filter((x) => x.kind === "redeploy").map((x) => Number(x.args[1])));
  showMenu(rid, acts.filter((a) => a.kind !== "redeploy" || [1, max].includes(Number(a.args[1]))), e);
}

// a conquest: at once with a mouse (it can be taken back); on a touch screen, or when the die
// decides (a final conquest cannot be taken back), the cost is shown first and confirmed
function chooseConquest(rid, a, e) {
  const hint = (G.P.hints || {})[rid] || {};
  const final = hint.status === "final";
  if (!final && !touch) return act(a.text);
  const key = `region:${rid}`;
  if (confirmAgain(key)) return;
  const name = G.boardData.regions[rid].name;
  askConfirm({
    key, title: final ? t("Final conquest of {region}", { region: name }) : t("Conquer {region}", { region: name }),
    html: regionTip(rid, { confirm: true }), tone: final ? "warn" : "",
    confirmLabel: final ? t("Roll the die ({need}+ needed)", { need: hint.need }) : tn("Conquer for {n} token", "Conquer for {n} tokens", hint.cost),
    onConfirm: () => act(a.text),
  });
}

function showMenu(rid, items, e) {
  const menu = document.getElementById("menu");
  const wrap = document.querySelector(".board-wrap").getBoundingClientRect();
  menu.replaceChildren(h("div", { class: "menu-title" }, G.boardData.regions[rid].name),
    // choosing from this menu is the confirmation; one that ends the turn says so
    ...items.map((a) => h("button", { type: "button", dataset: { action: a.text }, onclick: () => act(a.text) },
      a.ends_turn ? t("{action} (ends your turn)", { action: a.label }) : a.label)),
    h("button", { type: "button", class: "ghost", onclick: hideMenu }, t("Cancel")));
  menu.hidden = false;
  menu.style.left = `${Math.min(e.clientX - wrap.left, wrap.width - 260)}px`;
  menu.style.top = `${Math.min(e.clientY - wrap.top, wrap.height - 40 * (items.length + 2))}px`;
}

function hideMenu() { document.getElementById("menu").hidden = true; }

// ---- tips, curtain, tools --------------------------------------------------------------------

function offerTips(fresh) {
  const { P } = G;
  if (!P || P.over) return;
  if (curtained()) { tips.hide(); return; } // offered again when the curtain is lifted
  const moments = ["welcome"];
  if (P.legal.length) {
    const phase = P.view.phase;
    if (["pick", "decide", "redeploy", "defend"].includes(phase)) moments.push(phase);
    if (phase === "conquer") {
      moments.push("conquer");
      if (P.hints && Object.values(P.hints).some((x) => x.status === "final")) moments.push("final");
    }
  }
  if (fresh.some((e) => e.kind === "die" && e.seat === me())) moments.push("die");
  if (fresh.some((e) => e.kind === "score" && e.private === me())) moments.push("score");
  tips.offer(moments);
}

function curtained() { return !document.getElementById("curtain").hidden; }

// The curtain falls: whatever the last seat was shown goes with it (RULES §15: a score toast
// names its coins), its tips, tooltip, sheet and menu too.
function clearSeat() {
  for (const t of document.querySelectorAll("#toasts .toast")) t.remove();
  if (tips) tips.hide();
  hideTip();
  hideMenu();
  closeConfirm();
}

function renderCurtain() {
  const { P } = G;
  const curtain = document.getElementById("curtain");
  const up = (on) => {
    if (on) clearSeat();
    curtain.hidden = !on;
    document.body.classList.toggle("curtained", on);
  };
  if (P.mode !== "hotseat" || humans().length < 2 || P.over || P.perspective === null) {
    up(false);
    return;
  }
  if (confirmedPerspective === P.perspective) { up(false); return; }
  const shownFor = P.perspective;
  const name = seatName(shownFor);
  curtain.style.setProperty("--pc", PLAYER_COLOURS[P.perspective]);
  const lift = () => { confirmedPerspective = shownFor; renderCurtain(); curtainLifted(shownFor); offerTips([]); };
  curtain.replaceChildren(h("div", { class: "curtain-card" },
    h("span", { class: "disc big" }, P.perspective + 1),
    h("h2", {}, t("Pass the screen to {name}", { name })),
    h("p", {}, t("Coins are secret: the others look away while you play. The board stays in view; your coins and your private lines are hidden until you say it is you.")),
    h("button", { type: "button", class: "primary", id: "curtain-ok", onclick: lift }, t("I'm {name}: show my table", { name }))));
  up(true);
}

function wireTools() {
  const names = document.getElementById("btn-names");
  names.addEventListener("click", () => {
    const on = document.body.classList.toggle("show-names");
    if (on) placeNames(board.svg);
    names.setAttribute("aria-pressed", String(on));
    names.classList.toggle("on", on);
  });
  document.getElementById("btn-export").addEventListener("click", exportRecord);
  wireAlerts(document.getElementById("btn-export"));
  document.getElementById("btn-key").addEventListener("click", () => toggleKey());
  document.getElementById("btn-results").addEventListener("click", showResults);
  document.getElementById("btn-guide").addEventListener("click", showGuide);
  document.getElementById("btn-invite").addEventListener("click", showLinks);
  document.getElementById("btn-replay").href = `/replay/${encodeURIComponent(G.gameId)}?${G.query}`;
  document.getElementById("zoom-in").addEventListener("click", () => board.setZoom(board.zoom * 1.4));
  document.getElementById("zoom-out").addEventListener("click", () => board.setZoom(board.zoom / 1.4));
  document.getElementById("zoom-fit").addEventListener("click", () => board.setZoom(1));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { hideMenu(); closeConfirm(); document.getElementById("modal").hidden = true; }
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z" && G.P) {
      e.preventDefault();
      if (plan.planning() && plan.placed()) { plan.reset(); render(); } else if (G.P.can_undo) undo();
    }
  });
  document.addEventListener("click", (e) => {
    const menu = document.getElementById("menu");
    if (!menu.hidden && !menu.contains(e.target) && !e.target.closest("svg")) hideMenu();
  });
  document.getElementById("modal").addEventListener("click", (e) => { if (e.target.id === "modal") e.target.hidden = true; });
  const legend = document.getElementById("legend");
  legend.replaceChildren(
    h("span", { class: "lg lg-conquer" }, t("can conquer")),
    h("span", { class: "lg lg-final" }, t("final conquest (die)")),
    h("span", { class: "lg lg-place" }, t("place tokens")),
  );
  // the legend's height once shown (two rows on a phone in Italian): the key sits above it
  // (table.css) and the islands above both (Board._bottomRows: laid out again if it grew)
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      if (!legend.offsetHeight) return;
      legend.parentElement.style.setProperty("--legend-h", `${legend.offsetHeight}px`);
      board.fitAboveKey();
    }).observe(legend);
  }
}

start();
