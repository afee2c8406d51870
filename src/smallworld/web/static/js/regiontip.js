// The tooltip of a Region: terrain and symbols, who holds it, its pieces and items, and while it
// is this seat's turn what a conquest would cost (or why it cannot be made).
import { G, me, seatName, neutralName } from "./ctx.js";
import { pieceTable, pieceName, harmonyHolders, regionItems } from "./pieces.js";
import { esc, plural, PLAYER_COLOURS, itemTip, raceName } from "./ui.js";

const TERRAIN = { farmland: "Farmland", fields: "Fields", hills: "Hills", forest: "Forest", swamp: "Swamp", mountain: "Mountain", sea: "Sea", lake: "Lake" };
const SYMBOL = { entry: "Entry ⚓", magic: "Magic", cavern: "Cavern", murloc: "Murloc start",
  border: "Border (a first conquest may start here)", mine: "Mine", "lost-tribe": "Lost Tribe start" };

export function dieChance(need) {
  const faces = G.meta.die;
  return Math.round(100 * faces.filter((f) => f >= need).length / faces.length);
}

export function cleanReason(text) {
  // "'conquer L1.4': costs 5 tokens ..." -> "Costs 5 tokens ..."
  const m = /^'[^']*'\s*(?::\s*)?(.*)$/.exec(text);
  let t = m ? m[1] : text;
  t = t.replace(/^is not legal now:\s*/, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

const RULE_ID = /\s*\(([RC]-[A-Z]+-\d+[a-z]?(?:[,;]\s*[RC]-[A-Z]+-\d+[a-z]?)*)\)/g;
const REGION_ID = /\b([LMSC]\d+\.\d+)\b/g;

// A server sentence for people: no rule IDs, no quoted action notation, Region names instead of
// board ids ("'conquer L1.4': costs 5 tokens (R-CONQ-3)" -> "Costs 5 tokens").
export function plainError(message) {
  let text = String(message || "");
  text = text.replace(/^(illegal action|bad action|the plan was not played):\s*/i, "");
  text = text.replace(/^'[^']*':\s*/, "");
  text = text.replace(RULE_ID, "");
  const regions = (G.boardData && G.boardData.regions) || {};
  text = text.replace(REGION_ID, (id) => (regions[id] ? regions[id].name : id));
  text = text.replace(/\s+\(\s*\)/g, "").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function occupantHtml(r) {
  const { P, meta } = G;
  if (r.occupant === "murlocs") return `<p>${esc(neutralName())}: ${r.tokens}</p>`;
  if (!r.occupant) return "<p class='muted'>Empty</p>";
  const pl = P.view.players[r.player];
  const race = r.occupant === "decline" ? pl.decline : pl.race;
  const held = r.tokens > 0 ? plural(r.tokens, "token") : "no token (held by its pieces)";
  let html = `<p><span class="swatch-inline" style="background:${PLAYER_COLOURS[r.player]}"></span>${esc(pl.name)}'s ${esc(raceName(meta, race))}${r.occupant === "decline" ? " (in decline)" : ""}: ${held}</p>`;
  if (r.occupant === "active" && race === "pandaren") {
    const holders = harmonyHolders(P.view).filter((q) => q !== r.player);
    if (holders.length) {
      const you = holders.includes(me()) ? " (you too)" : "";
      html += `<p class="tip-harmony">Harmony: ${esc(holders.map(seatName).join(", "))}${you} must pay ${esc(pl.name)} 2 coins before their first attack here this turn.</p>`;
    }
  }
  return html;
}

function piecesHtml(reg, r) {
  const pcs = Object.entries(r.pieces || {}).filter(([, n]) => n > 0);
  if (reg.terrain === "mountain") pcs.unshift(["mountain", 1]);
  if (!pcs.length) return "";
  return `<ul class="tip-pieces">${pcs.map(([k, n]) => `<li><b>${esc(pieceName(k))}${n > 1 ? ` ×${n}` : ""}</b>` +
    `${pieceTable()[k] ? ` <span class="muted">${esc(pieceTable()[k][1])}</span>` : ""}</li>`).join("")}</ul>`;
}

// the pieces that add to a conquest's cost, besides Mountains (their declarations, /api/meta)
function defencePieceNames() {
  const names = Object.entries(G.meta.piece_table || {})
    .filter(([k, p]) => k !== "mountain" && p.defence > 0).map(([, p]) => p.plural || p.name);
  return names.length ? names.join(" / ") : "Pieces";
}

function costHtml(hint, confirm) {
  if (hint.status === "conquer" || hint.status === "final") {
    const p = hint.parts;
    const rows = [["Base", p.base]];
    if (p.mountain) rows.push(["Mountain", p.mountain]);
    if (p.pieces) rows.push([defencePieceNames(), p.pieces]);
    if (p.defenders) rows.push(["Defenders", p.defenders]);
    if (p.travel) rows.push(["From the sea", p.travel]);
    if (p.reductions) rows.push(["Your bonuses", -p.reductions]);
    const table = rows.map(([l, n]) => `<tr><td>${l}</td><td>${n > 0 && l !== "Base" ? "+" : ""}${n}</td></tr>`).join("");
    return `<div class="tip-cost ${hint.status}"><div class="tip-cost-head">${hint.status === "conquer"
      ? `Conquer for <b>${hint.cost}</b> token${hint.cost === 1 ? "" : "s"} <span class="muted">(you hold ${hint.hand})</span>`
      : `Final conquest: costs <b>${hint.cost}</b>, you hold ${hint.hand}. The die must show ${hint.need}+ (${dieChance(hint.need)}% chance)`}</div>` +
      `<table>${table}<tr class="sum"><td>Cost</td><td>${hint.cost}</td></tr></table>` +
      `${confirm ? "" : `<div class="muted">${hint.status === "final" ? "Click to roll for it" : "Click to conquer (you can take it back)"}</div>`}</div>`;
  }
  if (!hint.reason) return "";
  return `<div class="tip-cost blocked">${esc(plainError(cleanReason(hint.reason)))}</div>`;
}

export function regionTip(rid, { confirm = false } = {}) {
  const { P, meta, boardData } = G;
  const reg = boardData.regions[rid];
  const r = P.view.regions.find((x) => x.id === rid) || {};
  const tags = [TERRAIN[reg.terrain] || reg.terrain, ...reg.symbols.map((x) => SYMBOL[x] || x)];
  if (reg.marker) tags.push("item marker");
  let html = `${confirm ? "" : `<b>${esc(reg.name)}</b>`}<div class="tip-tags">${tags.map((x) => `<span class="tip-tag">${esc(x)}</span>`).join("")}</div>`;
  html += occupantHtml(r);
  html += piecesHtml(reg, r);
  for (const it of regionItems(r)) html += `<div class="tip-item">${itemTip(meta, it)}</div>`;
  const hint = P.hints && P.hints[rid];
  if (hint && P.legal.length) html += costHtml(hint, confirm);
  const acts = P.legal.filter((a) => a.region === rid && a.kind !== "conquer");
  if (acts.some((a) => a.kind === "redeploy")) html += "<div class='tip-cost place'>Click to add 1 token here (shift-click: all that are left). Nothing is final until End turn.</div>";
  const others = acts.filter((a) => a.kind !== "redeploy" && a.kind !== "abandon");
  if (others.length) html += `<div class="tip-cost act">${others.map((a) => esc(a.label)).join("<br>")}</div>`;
  return html;
}
