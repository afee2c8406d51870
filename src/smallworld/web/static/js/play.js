// The game page: one seat's table (a private seat link) or every human seat in turn (hotseat).
import { api, ApiError } from "./api.js";
import { Board, pieceName } from "./board.js";
import { Tips } from "./tips.js";
import {
  h, esc, plural, installTooltips, showTip, hideTip, placeTip, toast, dropStaleTip,
  PLAYER_COLOURS, PLAYER_INK, raceTip, powerTip, itemTip, raceName, powerName, itemName, FACTION,
} from "./ui.js";

const params = new URLSearchParams(window.location.search);
const gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
const token = params.get("token") || "";
const seatParam = params.get("seat");
const query = `token=${encodeURIComponent(token)}${seatParam !== null ? `&seat=${encodeURIComponent(seatParam)}` : ""}`;

const TERRAIN = { fields: "Fields", hills: "Hills", forest: "Forest", swamp: "Swamp", mountain: "Mountain", sea: "Sea", lake: "Lake" };
const SYMBOL = { entry: "Entry ⚓", magic: "Magic", cavern: "Cavern", murloc: "Murloc start" };
const SIDES = { A: "Alliance", H: "Horde", N: "Neutral" };
const STEP_TITLES = {
  pick: "Pick a combo", decide: "Expand or decline", conquer: "Conquer", redeploy: "Redeploy",
  defend: "Redeploy after losses", choice: "Make a choice", over: "Game over",
};

let meta = null;
let boardData = null;
let board = null;
let P = null; // the last payload
let log = []; // log entries, by index i
let busy = false;
let tips = null;
let resultsShown = false;
let confirmedPerspective = undefined;
let ws = null;
let wsRetry = 0;
let firstPayload = true;
let logStick = true;

// ---- connecting ------------------------------------------------------------------------------

async function start() {
  installTooltips();
  tips = new Tips(document.getElementById("tips"), document.getElementById("btn-tips"));
  try {
    meta = await api("/api/meta");
    boardData = await api(`/api/games/${encodeURIComponent(gameId)}/board?${query}`);
  } catch (e) {
    fatal(e.message);
    return;
  }
  const itemKinds = Object.fromEntries(Object.entries(meta.items).map(([k, v]) => [k, v.kind]));
  board = new Board(document.getElementById("board"), boardData, { onHover: regionHover, onClick: regionClick }, itemKinds);
  wireTools();
  try {
    apply(await api(`/api/games/${encodeURIComponent(gameId)}/state?${query}`));
  } catch (e) {
    fatal(e.message);
    return;
  }
  connect();
}

function fatal(message) {
  document.querySelector("main.table").replaceChildren(
    h("div", { class: "fatal card" }, h("h2", {}, "This game cannot be opened"), h("p", {}, message),
      h("a", { class: "button primary", href: "/" }, "Back to all games")));
}

function connect() {
  const proto = window.location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${window.location.host}/ws/${encodeURIComponent(gameId)}?${query}`);
  const dot = document.getElementById("conn");
  ws.onopen = () => { wsRetry = 0; dot.className = "conn on"; dot.title = "Live"; };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "update") apply(msg);
    else if (msg.type === "error") toast(msg.error, "bad");
    else if (msg.type === "deleted") fatal("This game was deleted.");
  };
  ws.onclose = (ev) => {
    dot.className = "conn off"; dot.title = "Reconnecting…";
    if (ev.code === 4403) return;
    wsRetry = Math.min(wsRetry + 1, 6);
    setTimeout(connect, 400 * wsRetry);
  };
}

// ---- acting ----------------------------------------------------------------------------------

async function act(text) {
  if (busy) return;
  busy = true;
  document.body.classList.add("busy");
  hideMenu();
  try {
    const body = { action: text };
    if (seatParam !== null) body.seat = Number(seatParam);
    const data = await api(`/api/games/${encodeURIComponent(gameId)}/actions`, { method: "POST", body, token });
    apply(data);
  } catch (e) {
    toast(e.message, "bad");
    if (e instanceof ApiError && e.status === 409) {
      try { apply(await api(`/api/games/${encodeURIComponent(gameId)}/state?${query}`)); } catch { /* ignore */ }
    }
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

// ---- applying an update ----------------------------------------------------------------------

function apply(data) {
  const fresh = [];
  if (data.log_reset) {
    const known = new Set(log.map((e) => e.i));
    for (const e of data.log) if (!known.has(e.i)) fresh.push(e);
    log = data.log.slice();
  } else {
    const last = log.length ? log[log.length - 1].i : -1;
    for (const e of data.log) if (e.i > last) { log.push(e); fresh.push(e); }
  }
  P = data;
  render();
  if (!firstPayload) {
    const die = fresh.filter((e) => e.kind === "die").pop();
    if (die && (die.seat === data.perspective || fresh.length <= 4)) showDie(die);
  }
  if (!firstPayload) {
    const mine = fresh.filter((e) => e.kind === "score" && e.private === data.perspective).pop();
    if (mine) toast(mine.text.replace(/^\S+ scores/, "You score"), "good");
  }
  firstPayload = false;
  offerTips(fresh);
}

function me() { return P.perspective; }
function seatName(i) { return P.game.seats[i] ? P.game.seats[i].name : "?"; }
function legalOf(kind) { return P.legal.filter((a) => a.kind === kind); }

function render() {
  const v = P.view;
  document.title = `${P.over ? "Game over" : (P.actor_name ? `${P.actor_name} · ${P.phase_text}` : "Small World")} — Small World of Warcraft`;
  renderTopbar(v);
  renderCombos(v);
  renderPlayers(v);
  renderTurn(v);
  renderBoard(v);
  renderLog();
  renderCurtain();
  if (P.over && !resultsShown) { resultsShown = true; showResults(); }
  document.getElementById("btn-results").hidden = !P.over;
  document.getElementById("btn-invite").hidden = P.mode !== "hotseat";
  document.body.dataset.phase = v.phase;
  document.body.classList.toggle("my-turn", P.legal.length > 0);
  dropStaleTip();
}

function renderTopbar(v) {
  const track = document.getElementById("rounds");
  track.replaceChildren(h("span", { class: "rounds-label" }, "Round"),
    ...Array.from({ length: v.rounds }, (_, i) => h("span", {
      class: `round ${i + 1 < v.round ? "past" : ""} ${i + 1 === v.round ? "now" : ""}`,
    }, i + 1)));
  const banner = document.getElementById("turn-banner");
  if (P.over) {
    banner.replaceChildren(h("span", { class: "who" }, "Game over"));
    banner.style.setProperty("--pc", "#3b2c1d");
    return;
  }
  const t = v.turn;
  banner.style.setProperty("--pc", PLAYER_COLOURS[t]);
  const acting = P.actor >= 0 && P.actor !== t ? ` · ${seatName(P.actor)} redeploys` : "";
  banner.replaceChildren(
    h("span", { class: "dot" }),
    h("span", { class: "who" }, P.legal.length ? (P.mode === "seat" ? "Your turn" : `${seatName(me())}'s turn`) : `${seatName(t)}'s turn`),
    h("span", { class: "step" }, `${P.phase_text}${acting}`),
  );
}

// ---- the column of combos --------------------------------------------------------------------

function renderCombos(v) {
  const box = document.getElementById("combos");
  const picks = new Map(legalOf("pick").map((a) => [Number(a.args[0]), a]));
  let column = v.column;
  if (v.team) column = teamColumn(v);
  document.querySelector(".left .panel-title").textContent = v.team
    ? `${SIDES[v.team.sides[me() ?? v.turn]] || ""} races for hire` : "Races for hire";
  const myVc = me() !== null && me() !== undefined ? v.players[me()].vc : null;
  box.replaceChildren(...column.map((c) => {
    if (!c.race) return h("div", { class: "combo empty" }, "—");
    const race = meta.races[c.race] || { name: c.race, value: 0, faction: "neutral" };
    const power = meta.powers[c.power] || { name: c.power, value: 0 };
    const pick = picks.get(c.position);
    const tokens = race.value + power.value;
    const card = h("div", {
      class: `combo ${race.faction} ${pick ? "pickable" : ""} ${picks.size && !pick ? "unaffordable" : ""}`,
      dataset: { position: c.position }, role: pick ? "button" : null, tabindex: pick ? "0" : null,
      onclick: pick ? () => act(pick.text) : null,
      onkeydown: pick ? (e) => { if (e.key === "Enter") act(pick.text); } : null,
    },
      h("div", { class: "combo-power", "data-tip": powerTip(meta, c.power) },
        h("span", { class: "name" }, power.name), h("span", { class: "val" }, power.value)),
      h("div", { class: "combo-race", "data-tip": raceTip(meta, c.race) },
        h("span", { class: "faction-mark", title: FACTION[race.faction] }),
        h("span", { class: "name" }, race.name), h("span", { class: "val" }, race.value)),
      h("div", { class: "combo-foot" },
        h("span", { class: "tokens", title: "Tokens you get" }, `${tokens} tokens`),
        c.coins ? h("span", { class: "coins", title: "Coins lying on this combo: you take them" }, `+${c.coins}`) : null,
        h("span", { class: "cost", title: "Coins to pay" }, c.cost ? `cost ${c.cost}` : "free"),
        pick ? h("span", { class: "pick-cta" }, "Pick") : null),
    );
    if (picks.size && !pick && myVc !== null && c.cost > myVc) card.title = "Not enough coins";
    return card;
  }));
  const st = v.stacks;
  document.getElementById("stacks").textContent = v.team ? "" : `${plural(st.banners, "banner")} and ${plural(st.badges, "badge")} left in the stacks`;
}

function teamColumn(v) {
  // Battle for Azeroth: the rows of the viewer's side (or the acting seat's)
  const side = v.team.sides[me() ?? v.turn];
  const rows = v.team.columns[side] || [];
  return rows.map((r) => ({ position: r.row, race: r.race, power: r.power, coins: 0, cost: r.cost }));
}

// ---- players ---------------------------------------------------------------------------------

function renderPlayers(v) {
  const box = document.getElementById("players");
  box.replaceChildren(...v.players.map((p) => {
    const seat = P.game.seats[p.seat];
    const mine = p.seat === me();
    const turn = !P.over && p.seat === v.turn;
    const winner = P.over && v.result && v.result.winners.includes(p.seat);
    const card = h("div", {
      class: `player ${turn ? "turn" : ""} ${mine ? "mine" : ""} ${winner ? "winner" : ""}`,
      style: `--pc:${PLAYER_COLOURS[p.seat]};--pi:${PLAYER_INK[p.seat]}`, dataset: { seat: p.seat },
    },
      h("div", { class: "player-head" },
        h("span", { class: "disc" }, p.seat + 1),
        h("span", { class: "pname" }, p.name),
        seat.kind === "bot" ? h("span", { class: "tag" }, `bot · ${seat.bot}`) : null,
        p.side ? h("span", { class: `tag side-${p.side}` }, SIDES[p.side] || p.side) : null,
        mine && P.mode === "seat" ? h("span", { class: "tag you" }, "you") : null,
        turn ? h("span", { class: "tag turn" }, "playing") : null,
        h("span", { class: "vc", title: p.vc === null ? "Coins are secret" : "Victory coins" },
          h("span", { class: "coin" }), p.vc === null ? "?" : p.vc)),
      h("div", { class: "banners" },
        p.race ? h("span", { class: `banner active ${meta.races[p.race] ? meta.races[p.race].faction : ""}`, "data-tip": raceTip(meta, p.race) }, raceName(meta, p.race)) : h("span", { class: "banner none" }, "no race"),
        p.power ? h("span", { class: "badge", "data-tip": powerTip(meta, p.power) }, powerName(meta, p.power)) : null,
        p.decline ? h("span", { class: "banner decline", "data-tip": raceTip(meta, p.decline, "<p class='muted'>In decline</p>") }, `${raceName(meta, p.decline)} ·z`) : null,
        p.kept ? h("span", { class: "badge decline", "data-tip": powerTip(meta, p.kept) }, powerName(meta, p.kept)) : null),
      h("div", { class: "player-foot" },
        h("span", { title: "Race tokens in hand" }, h("span", { class: "tok-ico" }), `${p.hand} in hand`),
        h("span", { title: "Regions held" }, `${plural(regionsOf(v, p.seat), "Region")}`),
        p.last_score && p.last_score.length ? scoreLine(p.last_score) : null),
    );
    return card;
  }));
}

function regionsOf(v, seat) { return v.regions.filter((r) => r.player === seat && (r.occupant === "active" || r.occupant === "decline")).length; }

function scoreLine(lines) {
  const total = lines.reduce((a, [, n]) => a + n, 0);
  const parts = lines.filter(([, n]) => n).map(([l, n]) => `${l} ${n}`).join(" · ");
  return h("span", { class: "last-score", "data-tip": `<b>Last scoring: ${total} coins</b><p>${esc(parts || "nothing")}</p>` }, `last turn +${total}`);
}

// ---- the turn panel --------------------------------------------------------------------------

function renderTurn(v) {
  const box = document.getElementById("turn");
  box.style.setProperty("--pc", PLAYER_COLOURS[P.actor >= 0 ? P.actor : v.turn] || "#3b2c1d");
  if (P.over) {
    box.className = "turn-panel over";
    box.replaceChildren(h("h2", {}, "Game over"), h("p", {}, winnersText(v)),
      h("button", { type: "button", class: "primary", onclick: showResults }, "See the results"));
    return;
  }
  if (!P.legal.length) {
    box.className = "turn-panel waiting";
    const who = P.actor >= 0 ? seatName(P.actor) : "the dice";
    const bot = P.actor_kind === "bot";
    box.replaceChildren(
      h("h2", {}, h("span", { class: "spinner" }), bot ? `${who} is thinking…` : `Waiting for ${who}`),
      h("p", { class: "muted" }, P.actor >= 0 ? `${who} is ${P.phase_text}.` : ""),
    );
    return;
  }
  box.className = "turn-panel acting";
  const p = v.players[me()];
  const phase = v.phase;
  const kids = [h("h2", {}, STEP_TITLES[phase] || "Your move", h("span", { class: "hand", title: "Tokens in your hand" }, h("span", { class: "tok-ico light" }), `${p.hand} in hand`))];
  const handled = new Set();
  const buttons = [];
  const addButton = (a, cls = "") => buttons.push(h("button", {
    type: "button", class: `act ${cls}`, dataset: { action: a.text }, onclick: () => act(a.text),
    onmouseenter: () => a.region && markHover(a.region), onmouseleave: () => markHover(null),
  }, a.label));
  if (phase === "pick") {
    kids.push(h("p", {}, "Choose a combo in the column on the left: its race banner and power badge are yours."));
    handled.add("pick");
  } else if (phase === "decide") {
    kids.push(h("p", {}, `Keep expanding with the ${raceName(meta, p.race)}, or put them in decline and pick a new race next turn.`));
  } else if (phase === "conquer") {
    const hints = P.hints || {};
    const can = Object.values(hints).filter((x) => x.status === "conquer").length;
    const fin = Object.values(hints).filter((x) => x.status === "final").length;
    kids.push(h("p", {}, p.hand
      ? (can || fin
        ? `Click a ${can ? "green" : "amber"} Region to conquer it${fin && can ? " (amber: a final conquest with the die)" : ""}. Hover a Region to see its cost.`
        : "No Region is within reach of your tokens: end your conquests.")
      : "No token left in hand: end your conquests."));
    handled.add("conquer");
    handled.add("redeploy");
    const targets = legalOf("conquer").map((a) => ({ a, hint: hints[a.region] || {} }))
      .sort((x, y) => (x.hint.cost ?? 99) - (y.hint.cost ?? 99));
    if (targets.length) {
      kids.push(h("details", { class: "targets", open: targets.length <= 6 ? true : null },
        h("summary", {}, `Regions you can conquer (${targets.length})`),
        h("div", { class: "target-list" }, ...targets.map(({ a, hint }) => h("button", {
          type: "button", class: `target ${hint.status || ""}`, dataset: { action: a.text },
          onclick: () => act(a.text), onmouseenter: () => markHover(a.region), onmouseleave: () => markHover(null),
        },
          h("span", { class: "t-name" }, boardData.regions[a.region].name),
          h("span", { class: "t-cost" }, hint.status === "final" ? `${hint.cost} · die ${hint.need}+` : `${hint.cost}`))))));
    }
    const ab = legalOf("abandon");
    if (ab.length) {
      handled.add("abandon");
      kids.push(h("details", { class: "abandon" }, h("summary", {}, `Abandon a Region (${ab.length})`),
        h("p", { class: "muted" }, "Before your first conquest you may empty Regions: their tokens come back to your hand."),
        ...ab.map((a) => h("button", { type: "button", class: "small ghost", dataset: { action: a.text }, onclick: () => act(a.text),
          onmouseenter: () => markHover(a.region), onmouseleave: () => markHover(null) }, a.label))));
    }
  } else if (phase === "redeploy" || phase === "defend") {
    const rd = legalOf("redeploy");
    handled.add("redeploy");
    kids.push(h("p", {}, `Place ${plural(p.hand, "token")}: click your highlighted Regions (one token per click, shift-click for all).`));
    const regions = [...new Set(rd.map((a) => a.region))];
    kids.push(h("div", { class: "place-list" }, ...regions.map((rid) => {
      const max = Math.max(...rd.filter((a) => a.region === rid).map((a) => Number(a.args[1])));
      const r = v.regions.find((x) => x.id === rid);
      return h("div", { class: "place-row", onmouseenter: () => markHover(rid), onmouseleave: () => markHover(null) },
        h("span", { class: "place-name" }, boardData.regions[rid].name), h("span", { class: "muted" }, ` ${r ? r.tokens : ""}`),
        h("button", { type: "button", class: "small", dataset: { action: `redeploy ${rid} 1` }, onclick: () => act(`redeploy ${rid} 1`) }, "+1"),
        max > 1 ? h("button", { type: "button", class: "small ghost", dataset: { action: `redeploy ${rid} ${max}` }, onclick: () => act(`redeploy ${rid} ${max}`) }, `+${max}`) : null);
    })));
  } else if (phase === "choice") {
    kids.push(h("p", {}, "Your race, power or item asks for a decision:"));
  }
  for (const a of P.legal) {
    if (handled.has(a.kind)) continue;
    const cls = a.kind === "end" || a.kind === "expand" ? "primary" : (a.kind === "decline" ? "warn" : "");
    addButton(a, cls);
  }
  if (buttons.length) kids.push(h("div", { class: "buttons" }, ...buttons));
  box.replaceChildren(...kids);
}

function winnersText(v) {
  const res = v.result;
  if (!res) return "";
  const names = res.winners.map(seatName).join(" and ");
  return `${names} ${res.winners.length > 1 ? "share the victory" : "wins"} with ${res.scores[res.winners[0]]} coins.`;
}

// ---- the board -------------------------------------------------------------------------------

function marks() {
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
    else if (a.kind === "conquer") continue;
    else if (a.kind === "abandon") continue;
    else if (!m[a.region] || m[a.region] === "blocked") m[a.region] = "act";
  }
  return m;
}

function renderBoard(v) {
  board.render(v, marks());
  const t = document.getElementById("tooltip");
  if (board.hover && !t.hidden && t.dataset.rid === board.hover) t.innerHTML = regionTip(board.hover);
}

function markHover(rid) { board._hoverOutline(rid); }

function regionHover(rid, e) {
  const t0 = document.getElementById("tooltip");
  if (!rid) { hideTip(); t0.dataset.rid = ""; return; }
  const html = regionTip(rid);
  const t = document.getElementById("tooltip");
  if (t.hidden || t.dataset.rid !== rid) { showTip(html, e.clientX, e.clientY); t.dataset.rid = rid; }
  else placeTip(e.clientX, e.clientY);
}

function dieChance(need) {
  const faces = meta.die;
  return Math.round(100 * faces.filter((f) => f >= need).length / faces.length);
}

function regionTip(rid) {
  const reg = boardData.regions[rid];
  const r = P.view.regions.find((x) => x.id === rid) || {};
  const tags = [TERRAIN[reg.terrain] || reg.terrain, ...reg.symbols.map((x) => SYMBOL[x] || x)];
  if (reg.marker) tags.push("item marker");
  let html = `<b>${esc(reg.name)}</b> <span class="muted">${esc(rid)}</span><div class="tip-tags">${tags.map((x) => `<span class="tip-tag">${esc(x)}</span>`).join("")}</div>`;
  if (r.occupant === "murlocs") html += `<p>Murlocs: ${r.tokens}</p>`;
  else if (r.occupant) {
    const pl = P.view.players[r.player];
    const race = r.occupant === "decline" ? pl.decline : pl.race;
    html += `<p><span class="swatch-inline" style="background:${PLAYER_COLOURS[r.player]}"></span>${esc(pl.name)}'s ${esc(raceName(meta, race))}${r.occupant === "decline" ? " (in decline)" : ""}: ${plural(r.tokens, "token")}</p>`;
  } else html += "<p class='muted'>Empty</p>";
  const pcs = Object.entries(r.pieces || {}).filter(([, n]) => n > 0).map(([k, n]) => `${pieceName(k)}${n > 1 ? ` ×${n}` : ""}`);
  if (reg.terrain === "mountain") pcs.unshift("Mountain");
  if (pcs.length) html += `<p>${esc(pcs.join(", "))}</p>`;
  if (r.item) html += `<div class="tip-item">${itemTip(meta, r.item)}</div>`;
  const hint = P.hints && P.hints[rid];
  if (hint && P.legal.length) {
    if (hint.status === "conquer" || hint.status === "final") {
      const p = hint.parts;
      const rows = [["Base", p.base]];
      if (p.mountain) rows.push(["Mountain", p.mountain]);
      if (p.pieces) rows.push(["Forts / Wisp Walls", p.pieces]);
      if (p.defenders) rows.push(["Defenders", p.defenders]);
      if (p.travel) rows.push(["From the sea", p.travel]);
      if (p.reductions) rows.push(["Your bonuses", -p.reductions]);
      const table = rows.map(([l, n]) => `<tr><td>${l}</td><td>${n > 0 && l !== "Base" ? "+" : ""}${n}</td></tr>`).join("");
      html += `<div class="tip-cost ${hint.status}"><div class="tip-cost-head">${hint.status === "conquer"
        ? `Conquer for <b>${hint.cost}</b> token${hint.cost === 1 ? "" : "s"} <span class="muted">(you hold ${hint.hand})</span>`
        : `Final conquest: costs <b>${hint.cost}</b>, you hold ${hint.hand}. The die must show ${hint.need}+ (${dieChance(hint.need)}% chance)`}</div>` +
        `<table>${table}<tr class="sum"><td>Cost</td><td>${hint.cost}</td></tr></table><div class="muted">Click to conquer</div></div>`;
    } else if (hint.reason) {
      html += `<div class="tip-cost blocked">${esc(cleanReason(hint.reason))}</div>`;
    }
  }
  const acts = P.legal.filter((a) => a.region === rid && a.kind !== "conquer");
  if (acts.some((a) => a.kind === "redeploy")) html += `<div class="tip-cost place">Click to place 1 token here (shift-click: all ${P.view.players[me()].hand}).</div>`;
  const others = acts.filter((a) => a.kind !== "redeploy" && a.kind !== "abandon");
  if (others.length) html += `<div class="tip-cost act">${others.map((a) => esc(a.label)).join("<br>")}</div>`;
  return html;
}

function cleanReason(text) {
  // "'conquer L1.4': costs 5 tokens ..." -> "Costs 5 tokens ..."
  const m = /^'[^']*'\s*(?::\s*)?(.*)$/.exec(text);
  let t = m ? m[1] : text;
  t = t.replace(/^is not legal now:\s*/, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

function regionClick(rid, e) {
  hideTip();
  if (!P || busy) return;
  const acts = P.legal.filter((a) => a.region === rid);
  if (!acts.length) {
    const hint = P.hints && P.hints[rid];
    if (hint && hint.reason && P.view.phase === "conquer") toast(cleanReason(hint.reason));
    return;
  }
  const kinds = [...new Set(acts.map((a) => a.kind))];
  if (kinds.length === 1 && kinds[0] === "conquer") return act(acts[0].text);
  if (kinds.length === 1 && kinds[0] === "redeploy") {
    const max = Math.max(...acts.map((a) => Number(a.args[1])));
    return act(`redeploy ${rid} ${e.shiftKey ? max : 1}`);
  }
  // several things can be done here: a small menu
  const items = [];
  for (const a of acts) {
    if (a.kind === "redeploy") {
      const n = Number(a.args[1]);
      const max = Math.max(...acts.filter((x) => x.kind === "redeploy").map((x) => Number(x.args[1])));
      if (n !== 1 && n !== max) continue;
    }
    items.push(a);
  }
  showMenu(rid, items, e);
}

function showMenu(rid, items, e) {
  const menu = document.getElementById("menu");
  const wrap = document.querySelector(".board-wrap").getBoundingClientRect();
  menu.replaceChildren(h("div", { class: "menu-title" }, boardData.regions[rid].name),
    ...items.map((a) => h("button", { type: "button", dataset: { action: a.text }, onclick: () => act(a.text) }, a.label)),
    h("button", { type: "button", class: "ghost", onclick: hideMenu }, "Cancel"));
  menu.hidden = false;
  menu.style.left = `${Math.min(e.clientX - wrap.left, wrap.width - 260)}px`;
  menu.style.top = `${Math.min(e.clientY - wrap.top, wrap.height - 40 * (items.length + 2))}px`;
}

function hideMenu() { document.getElementById("menu").hidden = true; }

// ---- the chronicle ---------------------------------------------------------------------------

function renderLog() {
  const box = document.getElementById("log");
  if (!box.dataset.wired) {
    // follow the newest lines unless the reader scrolled up to read older ones
    box.dataset.wired = "1";
    box.addEventListener("scroll", () => { logStick = box.scrollHeight - box.scrollTop - box.clientHeight < 30; });
  }
  const items = [];
  let group = null;
  for (const e of log) {
    if (e.kind === "redeploy") {
      const m = /^(.*) places (\d+) tokens? in (.*)$/.exec(e.text);
      if (m && group && group.seat === e.seat) {
        group.parts.set(m[3], (group.parts.get(m[3]) || 0) + Number(m[2]));
        group.node.replaceChildren(...logText(e.seat, `${group.who} redeploys: ${[...group.parts].map(([k, n]) => `+${n} ${k}`).join(", ")}`));
        continue;
      }
      if (m) {
        group = { seat: e.seat, who: m[1], parts: new Map([[m[3], Number(m[2])]]), node: null };
        const li = h("li", { class: `log-redeploy`, style: seatStyle(e.seat) }, ...logText(e.seat, `${m[1]} redeploys: +${m[2]} ${m[3]}`));
        group.node = li;
        items.push(li);
        continue;
      }
    }
    group = null;
    if (e.kind === "turn") {
      items.push(h("li", { class: "log-turn", style: seatStyle(e.seat) }, e.text));
      continue;
    }
    const li = h("li", { class: `log-${e.kind}`, style: seatStyle(e.seat) }, ...logText(e.seat, e.text));
    if (e.kind === "die") li.prepend(h("span", { class: "mini-die" }, e.roll ?? "?"));
    if (e.private !== null && e.private !== undefined && !P.over) li.append(h("span", { class: "secret", title: "Coins are secret: only you see this line" }, "private"));
    items.push(li);
  }
  box.replaceChildren(...items);
  if (logStick || firstPayload) box.scrollTop = box.scrollHeight;
}

function seatStyle(seat) { return seat !== null && seat !== undefined ? `--pc:${PLAYER_COLOURS[seat]}` : ""; }
function logText(seat, text) { return [text]; }

// ---- die, tips, curtain, results, tools ------------------------------------------------------

const PIPS = { 0: [], 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]] };

function showDie(entry) {
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

function offerTips(fresh) {
  if (!P || P.over) return;
  const moments = ["welcome"];
  if (P.legal.length) {
    const phase = P.view.phase;
    if (phase === "pick") moments.push("pick");
    if (phase === "decide") moments.push("decide");
    if (phase === "conquer") {
      moments.push("conquer");
      if (P.hints && Object.values(P.hints).some((x) => x.status === "final")) moments.push("final");
    }
    if (phase === "redeploy") moments.push("redeploy");
    if (phase === "defend") moments.push("defend");
  }
  if (fresh.some((e) => e.kind === "die" && e.seat === me())) moments.push("die");
  if (fresh.some((e) => e.kind === "score" && e.private === me())) moments.push("score");
  tips.offer(moments);
}

function humans() { return P.game.seats.filter((s) => s.kind === "human"); }

function renderCurtain() {
  const curtain = document.getElementById("curtain");
  if (P.mode !== "hotseat" || humans().length < 2 || P.over || P.perspective === null) {
    curtain.hidden = true;
    return;
  }
  if (confirmedPerspective === P.perspective) { curtain.hidden = true; return; }
  const shownFor = P.perspective;
  const name = seatName(shownFor);
  curtain.style.setProperty("--pc", PLAYER_COLOURS[P.perspective]);
  curtain.replaceChildren(h("div", { class: "curtain-card" },
    h("span", { class: "disc big" }, P.perspective + 1),
    h("h2", {}, `Pass the screen to ${name}`),
    h("p", {}, "Coins are secret: the others look away while you play."),
    h("button", { type: "button", class: "primary", id: "curtain-ok", onclick: () => { confirmedPerspective = shownFor; renderCurtain(); } }, `I'm ${name}: show my table`)));
  curtain.hidden = false;
}

function showResults() {
  const v = P.view;
  const res = v.result;
  if (!res) return;
  const order = v.players.map((p) => p.seat).sort((a, b) => (res.scores[b] - res.scores[a]) || (res.tokens[b] - res.tokens[a]));
  const top = res.scores[res.winners[0]];
  const tiedOnCoins = order.filter((p) => res.scores[p] === top);
  let tie = "";
  if (tiedOnCoins.length > 1) {
    tie = res.winners.length < tiedOnCoins.length
      ? `Tied on ${top} coins: the tie goes to the most race tokens on the board (${tiedOnCoins.map((p) => `${seatName(p)} ${res.tokens[p]}`).join(", ")}).`
      : `Tied on ${top} coins and on tokens on the board: the victory is shared.`;
  }
  const modal = document.getElementById("modal");
  modal.replaceChildren(h("div", { class: "modal-card results", role: "dialog", "aria-label": "Results" },
    h("h2", {}, "Final results"),
    h("p", { class: "lead" }, winnersText(v)),
    h("table", { class: "results-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "Player"), h("th", {}, "Coins"), h("th", { title: "Race tokens on the board: the tie-break" }, "Tokens"))),
      h("tbody", {}, ...order.map((p, i) => h("tr", { class: res.winners.includes(p) ? "win" : "" },
        h("td", {}, res.winners.includes(p) ? h("span", { class: "crown" }, "♛") : `${i + 1}`),
        h("td", {}, h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[p]}` }), seatName(p)),
        h("td", { class: "num" }, res.scores[p]),
        h("td", { class: "num" }, res.tokens[p]))))),
    tie ? h("p", { class: "tie" }, tie) : h("p", { class: "muted" }, "Ties on coins go to the player with the most race tokens on the board."),
    h("div", { class: "actions" },
      h("button", { type: "button", onclick: exportRecord }, "Download the record"),
      h("a", { class: "button", href: "/" }, "All games"),
      h("button", { type: "button", class: "primary", onclick: () => { modal.hidden = true; } }, "Look at the board"))));
  modal.hidden = false;
}

async function exportRecord() {
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(gameId)}/record?${query}`);
    if (!res.ok) { const d = await res.json().catch(() => ({})); throw new Error(d.error || res.statusText); }
    const blob = await res.blob();
    const a = h("a", { href: URL.createObjectURL(blob), download: `smallworld-${gameId}.json` });
    document.body.append(a); a.click(); a.remove();
  } catch (e) { toast(e.message, "bad"); }
}

function showGuide() {
  const section = (title, table, tipFn) => h("section", { class: "guide-section" }, h("h3", {}, title),
    h("dl", { class: "guide-list" }, ...Object.entries(table).sort((a, b) => a[1].name.localeCompare(b[1].name)).flatMap(([id, x]) => [
      h("dt", {}, x.name, x.value !== undefined ? h("span", { class: "val" }, x.value) : null,
        x.faction ? h("span", { class: `tip-tag ${x.faction}` }, FACTION[x.faction]) : null,
        x.kind ? h("span", { class: "tip-tag" }, x.kind === "artifact" ? "Artifact" : "Legendary Place") : null),
      h("dd", {}, x.summary)])));
  const modal = document.getElementById("modal");
  modal.replaceChildren(h("div", { class: "modal-card guide", role: "dialog", "aria-label": "Guide" },
    h("h2", {}, "How to play"),
    h("ol", { class: "guide-steps" },
      h("li", {}, h("b", {}, "Pick"), " a race and a power from the column (each step down costs 1 coin). Their two numbers add up to your tokens."),
      h("li", {}, h("b", {}, "Conquer"), ": a Region costs 2 tokens + 1 per defender, Mountain, Fort or Wisp Wall, + 1 when you arrive from the sea. Your first conquest lands on an Entry Region (anchor)."),
      h("li", {}, h("b", {}, "Final conquest"), ": short of tokens by up to 3? Roll the reinforcement die (0, 0, 0, 1, 2, 3). Then conquests end."),
      h("li", {}, h("b", {}, "Redeploy"), " the tokens in your hand among your Regions."),
      h("li", {}, h("b", {}, "Score"), " 1 coin per Region you hold, plus bonuses. Coins are secret."),
      h("li", {}, h("b", {}, "Decline"), ": instead of expanding, flip your tired race grey; it still scores, and next turn you pick a fresh one."),
      h("li", {}, "Alliance and Horde races earn 1 coin per race of the other faction they beat in a turn. Most coins after the last round wins; ties go to the most tokens on the board.")),
    section("Races", meta.races), section("Special Powers", meta.powers), section("Artifacts and Legendary Places", meta.items),
    h("div", { class: "actions" }, h("button", { type: "button", class: "primary", onclick: () => { modal.hidden = true; } }, "Close"))));
  modal.hidden = false;
}

async function showLinks() {
  try {
    const data = await api(`/api/games/${encodeURIComponent(gameId)}/links`, { token });
    const modal = document.getElementById("modal");
    modal.replaceChildren(h("div", { class: "modal-card", role: "dialog" },
      h("h2", {}, "Private seat links"),
      h("p", {}, "Each link plays one seat and shows only that player's coins. Open it in another browser or send it to a friend on your network."),
      h("ul", { class: "links" }, ...data.seats.map((s) => h("li", {},
        h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[s.seat]}` }), h("b", {}, s.name), " ",
        s.link ? h("input", { class: "link", readonly: true, value: window.location.origin + s.link, onclick: (e) => e.target.select() }) : h("span", { class: "muted" }, `bot (${s.bot})`)))),
      h("div", { class: "actions" }, h("button", { type: "button", class: "primary", onclick: () => { modal.hidden = true; } }, "Close"))));
    modal.hidden = false;
  } catch (e) { toast(e.message, "bad"); }
}

function wireTools() {
  const names = document.getElementById("btn-names");
  names.addEventListener("click", () => {
    const on = document.body.classList.toggle("show-names");
    names.setAttribute("aria-pressed", String(on));
    names.classList.toggle("on", on);
  });
  document.getElementById("btn-export").addEventListener("click", exportRecord);
  document.getElementById("btn-results").addEventListener("click", showResults);
  document.getElementById("btn-guide").addEventListener("click", showGuide);
  document.getElementById("btn-invite").addEventListener("click", showLinks);
  document.getElementById("zoom-in").addEventListener("click", () => board.setZoom(board.zoom * 1.4));
  document.getElementById("zoom-out").addEventListener("click", () => board.setZoom(board.zoom / 1.4));
  document.getElementById("zoom-fit").addEventListener("click", () => board.setZoom(1));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") { hideMenu(); document.getElementById("modal").hidden = true; } });
  document.addEventListener("click", (e) => {
    const menu = document.getElementById("menu");
    if (!menu.hidden && !menu.contains(e.target) && !e.target.closest("svg")) hideMenu();
  });
  document.getElementById("modal").addEventListener("click", (e) => { if (e.target.id === "modal") e.target.hidden = true; });
  renderLegend();
}

function renderLegend() {
  const box = document.getElementById("legend");
  box.replaceChildren(
    h("span", { class: "lg lg-conquer" }, "can conquer"),
    h("span", { class: "lg lg-final" }, "final conquest (die)"),
    h("span", { class: "lg lg-place" }, "place tokens"),
  );
}

start();
