// The tooltip of a Region: terrain and symbols, who holds it, its pieces and items, and while it
// is this seat's turn what a conquest would cost (or why it cannot be made).
import { G, me, seatName, neutralName } from "./ctx.js";
import { pieceTable, pieceName, harmonyHolders, regionItems } from "./pieces.js";
import { esc, PLAYER_COLOURS, itemTip, raceName, onTouch } from "./ui.js";
import { t, tn, lang } from "./i18n.js";

const TERRAIN = () => ({ farmland: t("Farmland"), fields: t("Fields"), hills: t("Hills"), forest: t("Forest"), swamp: t("Swamp"),
  mountain: t("Mountain"), sea: t("Sea"), lake: t("Lake") });
const SYMBOL = () => ({ entry: t("Entry ⚓"), magic: t("Magic"), cavern: t("Cavern"), murloc: t("Murloc start"),
  border: t("Border (a first conquest may start here)"), mine: t("Mine"), "lost-tribe": t("Lost Tribe start") });

export function dieChance(need) {
  const faces = G.meta.die;
  return Math.round(100 * faces.filter((f) => f >= need).length / faces.length);
}

export function cleanReason(text) {
  // "'conquer L1.4': costs 5 tokens ..." -> "Costs 5 tokens ..."
  const m = /^'[^']*'\s*(?::\s*)?(.*)$/.exec(text);
  const said = (m ? m[1] : text).replace(/^is not legal now:\s*/, "");
  return said.charAt(0).toUpperCase() + said.slice(1);
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
  if (!r.occupant) return `<p class='muted'>${esc(t("Empty"))}</p>`;
  const pl = P.view.players[r.player];
  const race = r.occupant === "decline" ? pl.decline : pl.race;
  const held = r.tokens > 0 ? tn("{n} token", "{n} tokens", r.tokens) : t("no token (held by its pieces)");
  const who = { name: pl.name, race: raceName(meta, race), held };
  const whose = r.occupant === "decline" ? t("{name}'s {race} (in decline): {held}", who) : t("{name}'s {race}: {held}", who);
  let html = `<p><span class="swatch-inline" style="background:${PLAYER_COLOURS[r.player]}"></span>${esc(whose)}</p>`;
  if (r.occupant === "active" && race === "pandaren") {
    const holders = harmonyHolders(P.view).filter((q) => q !== r.player);
    if (holders.length) {
      const who = new Intl.ListFormat(lang(), { type: "conjunction" }).format(holders.map(seatName));
      const says = holders.includes(me())
        ? t("Harmony: {who} (you too) must pay {name} 2 coins before their first attack here this turn.", { who, name: pl.name })
        : t("Harmony: {who} must pay {name} 2 coins before their first attack here this turn.", { who, name: pl.name });
      html += `<p class="tip-harmony">${esc(says)}</p>`;
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
  return names.length ? names.join(" / ") : t("Pieces");
}

function costHtml(hint, confirm) {
  if (hint.status === "conquer" || hint.status === "final") {
    const p = hint.parts;
    const rows = [[t("Base"), p.base, true]];
    if (p.mountain) rows.push([t("Mountain"), p.mountain]);
    if (p.pieces) rows.push([defencePieceNames(), p.pieces]);
    if (p.defenders) rows.push([t("Defenders"), p.defenders]);
    if (p.travel) rows.push([t("From the sea"), p.travel]);
    if (p.reductions) rows.push([t("Your bonuses"), -p.reductions]);
    const table = rows.map(([l, n, base]) => `<tr><td>${esc(l)}</td><td>${n > 0 && !base ? "+" : ""}${n}</td></tr>`).join("");
    const head = hint.status === "conquer"
      ? esc(tn("Conquer for {n} token", "Conquer for {n} tokens", hint.cost)).replace(String(hint.cost), `<b>${hint.cost}</b>`) +
        ` <span class="muted">${esc(t("(you hold {n})", { n: hint.hand }))}</span>`
      : esc(t("Final conquest: costs {cost}, you hold {hand}. The die must show {need}+ ({chance}% chance)",
        { cost: hint.cost, hand: hint.hand, need: hint.need, chance: dieChance(hint.need) }));
    const click = hint.status === "final" ? (onTouch() ? t("Tap to roll for it") : t("Click to roll for it"))
      : (onTouch() ? t("Tap to conquer (you can take it back)") : t("Click to conquer (you can take it back)"));
    return `<div class="tip-cost ${hint.status}"><div class="tip-cost-head">${head}</div>` +
      `<table>${table}<tr class="sum"><td>${esc(t("Cost"))}</td><td>${hint.cost}</td></tr></table>` +
      `${confirm ? "" : `<div class="muted">${esc(click)}</div>`}</div>`;
  }
  if (!hint.reason) return "";
  return `<div class="tip-cost blocked">${esc(plainError(cleanReason(hint.reason)))}</div>`;
}

export function regionTip(rid, { confirm = false } = {}) {
  const { P, meta, boardData } = G;
  const reg = boardData.regions[rid];
  const r = P.view.regions.find((x) => x.id === rid) || {};
  const terrain = TERRAIN(), symbol = SYMBOL();
  const tags = [terrain[reg.terrain] || reg.terrain, ...reg.symbols.map((x) => symbol[x] || x)];
  if (reg.marker) tags.push(t("item marker"));
  let html = `${confirm ? "" : `<b>${esc(reg.name)}</b>`}<div class="tip-tags">${tags.map((x) => `<span class="tip-tag">${esc(x)}</span>`).join("")}</div>`;
  html += occupantHtml(r);
  html += piecesHtml(reg, r);
  for (const it of regionItems(r)) html += `<div class="tip-item">${itemTip(meta, it)}</div>`;
  const hint = P.hints && P.hints[rid];
  if (hint && P.legal.length) html += costHtml(hint, confirm);
  const acts = P.legal.filter((a) => a.region === rid && a.kind !== "conquer");
  if (acts.some((a) => a.kind === "redeploy")) html += `<div class='tip-cost place'>${esc(onTouch() ? t("Tap to add 1 token here. Nothing is final until End turn.")
    : t("Click to add 1 token here (shift-click: all that are left). Nothing is final until End turn."))}</div>`;
  const others = acts.filter((a) => a.kind !== "redeploy" && a.kind !== "abandon");
  if (others.length) html += `<div class="tip-cost act">${others.map((a) => esc(a.label)).join("<br>")}</div>`;
  return html;
}
