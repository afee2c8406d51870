// Pieces and public content state: how each piece kind is drawn (board, legend, player cards),
// what it is called and what it does, and what the view's flags say about who holds what.
import { s, esc, FACTION } from "./ui.js";
import { G } from "./ctx.js";
import { t, lang } from "./i18n.js";

// small glyphs for pieces, drawn in a 24x24 box centred on 0,0 (on a disc of colour `fill`)
export const GLYPHS = {
  mountain: { fill: "#9a8a78", draw: () => [s("path", { d: "M-8 6L-2-6 1-1 3-4 9 6z", fill: "#f3ede2", stroke: "#4b3b2b", "stroke-width": 1.2 })] },
  fort: { fill: "#8a5a33", draw: () => [s("path", { d: "M-8 7V-4h3v3h2v-3h3v3h2v-3h3v3h2v-3h1V7z", fill: "#f6e7c8" })] },
  "wisp-wall": { fill: "#2f7d6b", draw: () => [s("path", { d: "M-7 4q0-9 7-9t5 6-5 3 0-4", fill: "none", stroke: "#d8fff1", "stroke-width": 2.2, "stroke-linecap": "round" })] },
  "watch-tower": { fill: "#5b6b8a", draw: () => [s("path", { d: "M-4 8V-3h-2v-5h12v5h-2V8z", fill: "#eef3ff" })] },
  beast: { fill: "#7a4a1d", draw: () => [
    s("ellipse", { cx: 0, cy: 3, rx: 4.5, ry: 3.6, fill: "#fbe3c3" }),
    s("circle", { cx: -5.5, cy: -2.5, r: 1.9, fill: "#fbe3c3" }), s("circle", { cx: -2, cy: -5.5, r: 1.9, fill: "#fbe3c3" }),
    s("circle", { cx: 2, cy: -5.5, r: 1.9, fill: "#fbe3c3" }), s("circle", { cx: 5.5, cy: -2.5, r: 1.9, fill: "#fbe3c3" })] },
  champion: { fill: "#b8860b", draw: () => [s("path", { d: "M0-8l2.4 5 5.4.6-4 3.7 1.1 5.4L0 4 -4.9 6.7-3.8 1.3l-4-3.7 5.4-.6z", fill: "#fff6cf" })] },
  bomb: { fill: "#2b2b2b", draw: () => [s("circle", { cx: -1, cy: 2, r: 5.5, fill: "#555" }), s("path", { d: "M3-3q3-4 5-3", fill: "none", stroke: "#f2b233", "stroke-width": 2 })] },
  "military-objective": { fill: "#8a2f2f", draw: () => [s("path", { d: "M-4 8V-8M-4-8h10l-3 4 3 4h-10", fill: "#ffe1a8", stroke: "#ffe1a8", "stroke-width": 1.6 })] },
  harmony: { fill: "#f3f3f3", draw: () => [
    s("circle", { r: 8, fill: "none", stroke: "#222", "stroke-width": 1.2 }),
    s("path", { d: "M0-8a8 8 0 0 1 0 16a4 4 0 0 1 0-8a4 4 0 0 0 0-8z", fill: "#222" })] },
  // the original Small World (classic)
  "troll-lair": { fill: "#5d6b3a", draw: () => [s("path", { d: "M-8 7q0-13 8-13t8 13z", fill: "#e8e2c4" }), s("path", { d: "M-3 7q0-6 3-6t3 6z", fill: "#3a3320" })] },
  fortress: { fill: "#6e6259", draw: () => [s("path", { d: "M-8 7V-3h2v-3h3v3h2v-5h2v5h2v-3h3v3h2V7z", fill: "#f1ece4" })] },
  encampment: { fill: "#8a6d3b", draw: () => [s("path", { d: "M-8 7L0-7 8 7z", fill: "#fbefd2" }), s("path", { d: "M-2 7L0 2 2 7z", fill: "#6b4f22" })] },
  hole: { fill: "#3b2e22", draw: () => [s("ellipse", { cx: 0, cy: 2, rx: 8, ry: 4.5, fill: "#120c07", stroke: "#c9a878", "stroke-width": 1.4 })] },
  hero: { fill: "#2a5da8", draw: () => [s("path", { d: "M0-8l6 3v4q0 6-6 9-6-3-6-9v-4z", fill: "#ffe9a8" })] },
  dragon: { fill: "#a8322a", draw: () => [s("path", { d: "M-8 4q4-10 9-8l3-4 1 5 3 1-4 2q-2 6-12 4z", fill: "#ffd9b0" })] },
};

// Each piece kind's name and what it does come from /api/meta (`piece_table`): every race, power
// and item declares its pieces on its class (smallworld.core.meta), so a new piece needs no edit
// here beyond an optional glyph. {kind: [name, what it does]}, in the page's language: the name
// from the edition's names (localnames.js), what it does through the catalogue after the name
// of the race, power or item it belongs to ("Garrisoned: +1 defense; ...")
export function pieceTable() {
  const table = (G.meta && G.meta.piece_table) || {};
  return Object.fromEntries(Object.entries(table).map(([k, p]) => [k, [p.name, pieceEffect(p)]]));
}

function pieceEffect(p) {
  const effect = p.effect ? t(p.effect) : "";
  const m = G.meta || {};
  const owner = p.owner && ["races", "powers", "items"].map((kind) => m[kind] && m[kind][p.owner]).find(Boolean);
  return owner && owner.name ? `${owner.name}: ${effect}` : effect;
}

// a race's name in the page's language ("the Pandaren" where the edition has none)
function raceOf(id) { return (G.meta && G.meta.races[id] && G.meta.races[id].name) || id; }
// a piece kind's name for several
function piecePlural(kind) { const p = G.meta && G.meta.piece_table && G.meta.piece_table[kind]; return (p && p.plural) || pieceName(kind); }

// the race (or power) whose piece `kind` is, from the declarations
function ownerOf(kind) { const p = G.meta && G.meta.piece_table && G.meta.piece_table[kind]; return p ? p.owner : null; }


export function pieceName(kind) { const table = pieceTable(); return table[kind] ? table[kind][0] : kind.replace(/-/g, " "); }
export function pieceTip(kind) {
  const [name, what] = pieceTable()[kind] || [pieceName(kind), ""];
  return `<b>${esc(name)}</b>${what ? `<p>${esc(what)}</p>` : ""}`;
}

// the chip of a piece kind (a disc with its glyph), in SVG units centred on 0,0, radius 12
export function pieceChip(kind) {
  const gl = GLYPHS[kind];
  const out = [s("circle", { r: 12, fill: gl ? gl.fill : "#6b5b4b", stroke: "#fff", "stroke-width": 2 })];
  if (gl) out.push(...gl.draw());
  else out.push(s("text", { class: "chip-letter", y: 4.5 }, kind.charAt(0).toUpperCase()));
  return out;
}

// an item tile: face down ("?"), or face up with its kind's glyph (Artifact or Legendary Place)
export function itemTile(item, itemKinds) {
  const down = item === "?";
  const out = [s("rect", { x: -12, y: -12, width: 24, height: 24, rx: 5, fill: down ? "#3c2a55" : "#e8c35a", stroke: down ? "#d9b3ff" : "#6b4a0c", "stroke-width": 2 })];
  if (down) out.push(s("text", { y: 6, class: "item-glyph", fill: "#f0dcff" }, "?"));
  else {
    out.push(s("path", {
      fill: "#4a2f00",
      d: itemKinds[item] === "artifact"
        ? "M-1.3-9h2.6v9.5h3.7v2.3h-3.7v5h-2.6v-5h-3.7v-2.3h3.7z"
        : "M-8 8h16v-2.2h-1.6v-6h2.3L0-7-8.3-.2h2.3v6h-1.6zM-3 5.8v-5h2v5zM1 5.8v-5h2v5z",
    }));
  }
  return out;
}

// every item in a view's Region, in the order they came ("?": face down). A Region may hold
// several (an Artifact carried into a Region that has a Legendary Place or another Artifact);
// a view without `items` (an older payload) has `item`, the first, alone.
export function regionItems(r) {
  if (Array.isArray(r.items)) return r.items;
  return r.item ? [r.item] : [];
}

// short names for the labels under face-up items on the board
const ITEM_SHORT = {
  "aegis-of-aggramar": "Aegis", "ashes-of-alar": "Ashes of Al'ar", "heart-of-azeroth": "Heart of Azeroth",
  "lights-hope-chapel": "Light's Hope", "well-of-eternity": "Well of Eternity",
};
export function itemShort(item, meta) {
  return (lang() === "en" && ITEM_SHORT[item]) || (meta.items[item] ? meta.items[item].name : item);
}

// a small inline <svg> for HTML (legend, player cards)
export function icon(kindOrItem, itemKinds = null) {
  const svg = s("svg", { class: "pc-icon", viewBox: "-14 -14 28 28", width: 18, height: 18, "aria-hidden": "true" });
  svg.append(...(itemKinds ? itemTile(kindOrItem, itemKinds) : pieceChip(kindOrItem)));
  return svg;
}

// ---- public content state from the view's flags ---------------------------------------------

// the seat whose Active race is `race` (null: nobody, or no such race in this edition)
function seatWith(v, race) { const p = race ? v.players.find((x) => x.race === race) : null; return p ? p.seat : null; }

export function harmonyHolders(v) { return (v.flags && v.flags.harmony) || []; }

// Per seat, what the player holds off the board (Harmony, Champion, Beasts, Bombs, forms):
// [{kind, text, tip}] for its player card.
export function seatExtras(v, seat, names) {
  const out = [];
  const f = v.flags || {};
  const tf = v.turn_flags || {};
  const pandaren = seatWith(v, ownerOf("harmony"));
  if (harmonyHolders(v).includes(seat)) {
    const race = raceOf("pandaren");
    const owner = pandaren !== null ? names(pandaren) : race;
    out.push({ kind: "harmony", text: pieceName("harmony"),
      tip: `${pieceTip("harmony")}<p>${esc(t("{name} holds one: pay {owner} 2 coins before the first attack on the {race} in a turn. The {race} take it back at the start of their turn.", { name: names(seat), owner, race }))}</p>` });
  }
  if (pandaren === seat && harmonyHolders(v).length) {
    const who = new Intl.ListFormat(lang(), { type: "conjunction" }).format(harmonyHolders(v).map(names));
    out.push({ kind: "harmony", text: t("{piece} given: {n}", { piece: pieceName("harmony"), n: harmonyHolders(v).length }),
      tip: `${pieceTip("harmony")}<p>${esc(t("Held by {who}.", { who }))}</p>` });
  }
  if (f["champion-hand"] === seat) {
    out.push({ kind: "champion", text: t("{piece} in hand", { piece: pieceName("champion") }),
      tip: `${pieceTip("champion")}<p>${esc(t("In hand: it is placed again at redeployment."))}</p>` });
  }
  const beasts = f[`beasts-hand-${seat}`] || 0;
  if (beasts) out.push({ kind: "beast", text: t("{pieces} in hand", { pieces: `${beasts} ${beasts === 1 ? pieceName("beast") : piecePlural("beast")}` }), tip: pieceTip("beast") });
  if (seatWith(v, ownerOf("bomb")) === seat) {
    const placed = v.regions.reduce((a, r) => a + ((r.pieces || {}).bomb || 0), 0);
    const stack = (v.supply || {}).bomb ?? 0;
    const live = f["bombs-live"] || 0, dud = f["bombs-dud"] || 0;
    out.push({ kind: "bomb", text: t("Bombs: {stack} in stack, {placed} placed · revealed {live} live, {dud} dud", { stack, placed, live, dud }),
      tip: `${pieceTip("bomb")}<p>${esc(t("{stack} face down in the {race}' stack, {placed} on the board. Revealed so far (they leave the game): {live} live, {dud} duds. 12 Bombs: 6 live, 6 duds.", { stack, placed, live, dud, race: raceOf("goblins") }))}</p>` });
  }
  if (seat === v.turn && tf["worgen-form"]) {
    const worgen = tf["worgen-form"] === "worgen";
    const form = worgen ? t("Worgen form") : t("Human form");
    out.push({ kind: "form", text: form,
      tip: `<b>${esc(form)}</b><p>${esc(worgen ? t("Paid 1 coin: every conquest this turn costs 1 less.") : t("+2 coins this turn."))}</p>` });
  }
  if (seat === v.turn && tf["battleground-side"]) {
    const side = FACTION[tf["battleground-side"] === "horde" ? "horde" : "alliance"];
    const place = (G.meta.items.battleground || {}).name || "Battleground";
    out.push({ kind: "side", text: t("Fights as {side}", { side }),
      tip: `<b>${esc(place)}</b><p>${esc(t("This Neutral race scores the faction bonus as {side} this turn.", { side }))}</p>` });
  }
  return out;
}

// The key under the board: each piece kind on the board (with counts), items, and Harmony.
// [{kind | item, text, tip}]; `item` is an item id (or "?") to draw its tile.
export function legendEntries(v, names, itemKinds) {
  const counts = {};
  const items = { "?": [], artifact: [], place: [] };
  for (const r of v.regions) {
    for (const [k, n] of Object.entries(r.pieces || {})) if (n > 0) counts[k] = (counts[k] || 0) + n;
    for (const it of regionItems(r)) items[it === "?" ? "?" : (itemKinds[it] === "artifact" ? "artifact" : "place")].push(it);
  }
  const out = [];
  const table = pieceTable();
  const kinds = [...Object.keys(table).filter((k) => counts[k]), ...Object.keys(counts).filter((k) => !table[k])];
  for (const k of kinds) out.push({ kind: k, text: `${pieceName(k)}${counts[k] > 1 ? ` ×${counts[k]}` : ""}`, tip: pieceTip(k) });
  const n = (list, word) => `${word}${list.length > 1 ? ` ×${list.length}` : ""}`;
  const controls = t("The Active race holding the Region controls it. Hover one on the board for what it does.");
  if (items["?"].length) out.push({ item: "?", text: n(items["?"], t("Face-down item")), tip: `<b>${esc(t("Face-down item"))}</b><p>${esc(t("An Artifact or Legendary Place, revealed when a race enters its Region. Nobody knows which it is."))}</p>` });
  if (items.artifact.length) out.push({ item: items.artifact[0], text: n(items.artifact, t("Artifact")), tip: `<b>${esc(t("Artifacts (face up)"))}</b><p>${esc(controls)}</p>` });
  if (items.place.length) out.push({ item: items.place[0], text: n(items.place, t("Legendary Place")), tip: `<b>${esc(t("Legendary Places (face up)"))}</b><p>${esc(controls)}</p>` });
  const holders = harmonyHolders(v);
  if (holders.length) {
    out.push({ kind: "harmony", text: `${pieceName("harmony")}: ${holders.map(names).join(", ")}`, tip: seatExtras(v, holders[0], names).find((x) => x.kind === "harmony").tip });
  }
  return out;
}
