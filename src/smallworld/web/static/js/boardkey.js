// The key to the board: what each terrain colour, symbol, disc, piece and item means, and what
// the highlights say while it is your turn. Opened with the Key button; drawn from the same
// glyphs as the board (the board's own symbols, pieces.js), so it always matches.
import { G, classic, neutralName, neutralIcon } from "./ctx.js";
import { pieceTable, pieceChip, itemTile } from "./pieces.js";
import { h, s, PLAYER_COLOURS, MURLOC_COLOUR, forFingers } from "./ui.js";

const TERRAINS = [
  ["fields", "Fields"], ["hills", "Hills"], ["forest", "Forest"], ["swamp", "Swamp"],
  ["mountain", "Mountain", "+1 to conquer; a Mountain piece stays on it"], ["sea", "Sea", "cannot be conquered (except by sailors)"],
  ["lake", "Lake", "cannot be conquered (except by sailors)"],
];
const SYMBOLS = [
  ["entry", "Entry", "a first conquest may land here (the anchor)"],
  ["magic", "Magic", "some races and powers score or act here"],
  ["cavern", "Cavern", "some races and powers score or act here"],
  ["murloc", "Murloc start", "Murlocs start here: 1 more to conquer each"],
];

// the original Small World (classic): its terrains and printed symbols
const CLASSIC_TERRAINS = [
  ["farmland", "Farmland"], ["hills", "Hills"], ["forest", "Forest"], ["swamp", "Swamp"],
  ["mountain", "Mountain", "+1 to conquer; a Mountain piece stays on it"], ["sea", "Sea", "cannot be conquered (except by Seafaring)"],
  ["lake", "Lake", "cannot be conquered (except by Seafaring)"],
];
const CLASSIC_SYMBOLS = [
  ["magic", "Magic Source", "Wizards score 1 more coin here"],
  ["mine", "Mine", "Dwarves score 1 more coin here"],
  ["cavern", "Cavern", "Underworld conquers these for less"],
  ["lost-tribe", "Lost Tribe start", "a Lost Tribe token starts here: 1 more to conquer"],
];

function mini(...children) {
  return s("svg", { class: "key-ico", viewBox: "-14 -14 28 28", width: 22, height: 22, "aria-hidden": "true" }, ...children);
}

function swatch(colour) {
  return h("span", { class: "key-swatch", style: `background:${colour}` });
}

function row(icon, name, what) {
  return h("li", {}, icon, h("span", {}, h("b", {}, name), what ? h("span", { class: "muted" }, ` — ${forFingers(what)}`) : null));
}

export function boardKey() {
  const colours = (G.boardData && G.boardData.terrain_colours) || {};
  const kinds = G.boardData ? Object.fromEntries(Object.entries(G.meta.items).map(([k, v]) => [k, v.kind])) : {};
  const artifact = Object.keys(kinds).find((k) => kinds[k] === "artifact");
  const place = Object.keys(kinds).find((k) => kinds[k] !== "artifact");
  const old = classic();
  const terrains = old ? CLASSIC_TERRAINS : TERRAINS;
  const symbols = old ? CLASSIC_SYMBOLS : SYMBOLS;
  const borderRow = old ? row(h("span", { class: "key-swatch", style: "background:#8a7a5a;border:2px dashed #fff3c4" }), "Border Region", "dashed light edge: at the edge of the map or on a Sea, where a race's first conquest starts") : null;
  return h("div", { class: "board-key", id: "board-key", role: "dialog", "aria-label": "Key to the board" },
    h("div", { class: "key-head" }, h("b", {}, "Key to the board"),
      h("button", { type: "button", class: "small ghost", id: "board-key-close", onclick: () => toggleKey(false) }, "Close")),
    h("div", { class: "key-cols" },
      h("section", {}, h("h4", {}, "Terrain"), h("ul", {}, ...terrains.map(([id, name, what]) => row(swatch(colours[id] || "#ccc"), name, what)))),
      h("section", {}, h("h4", {}, "Symbols"), h("ul", {},
        borderRow,
        ...symbols.map(([id, name, what]) => row(s("svg", { class: "key-ico", viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, s("use", { href: `#sw-icon-${id}` })), name, what)),
        old ? null : row(mini(s("circle", { r: 11.5, fill: "#b8322a", stroke: "#f5d36b", "stroke-width": 2 }), s("text", { y: 4.5, fill: "#fff8e6", "font-size": 12, "font-weight": "bold", "text-anchor": "middle" }, "M")),
          "Item marker (S, M, L)", "a face-down Artifact or Legendary Place starts here"))),
      h("section", {}, h("h4", {}, "Tokens"), h("ul", {},
        row(mini(s("circle", { r: 12, fill: PLAYER_COLOURS[0], stroke: "#fff", "stroke-width": 2 }), s("text", { y: 5, fill: "#fff", "font-size": 14, "font-weight": 800, "text-anchor": "middle" }, "3")),
          "Active race", "its player's colour; the number is its tokens there"),
        row(mini(s("circle", { r: 12, fill: "#8f8a83", stroke: PLAYER_COLOURS[1], "stroke-width": 3 }), s("text", { y: 5, fill: "#fff", "font-size": 14, "font-weight": 800, "text-anchor": "middle" }, "1")),
          "In Decline", "grey with its player's ring; still scores"),
        row(mini(s("circle", { r: 12, fill: MURLOC_COLOUR }), s("use", { href: neutralIcon(), x: -10, y: -10, width: 20, height: 20 })), neutralName(), old ? "neutral tokens left on the map: each defends like a token" : "the lost tribes: defend like tokens"))),
      h("section", {}, h("h4", {}, "Pieces"), h("ul", {},
        ...Object.entries(pieceTable()).map(([k, [name, what]]) => row(mini(...pieceChip(k)), name, what)))),
      old ? null : h("section", {}, h("h4", {}, "Items"), h("ul", {},
        row(mini(...itemTile("?", kinds)), "Face-down item", "revealed when a race enters"),
        artifact ? row(mini(...itemTile(artifact, kinds)), "Artifact", "the Active race holding the Region controls it") : null,
        place ? row(mini(...itemTile(place, kinds)), "Legendary Place", "the Active race holding the Region controls it") : null)),
      h("section", {}, h("h4", {}, "On your turn"), h("ul", {},
        row(h("span", { class: "lg-swatch lg-conquer" }), "Green", "you can conquer it now"),
        row(h("span", { class: "lg-swatch lg-final" }), "Amber", "a final conquest: the die decides"),
        row(h("span", { class: "lg-swatch lg-place" }), "Blue", "place tokens here"),
        row(h("span", { class: "lg-swatch lg-blocked" }), "Shaded", "out of reach this turn (hover or tap it to see why)")))));
}

export function toggleKey(on) {
  const wrap = document.querySelector(".board-wrap");
  let box = document.getElementById("board-key");
  const show = on === undefined ? !box : on;
  if (box) box.remove();
  if (show) { box = boardKey(); wrap.append(box); }
  const btn = document.getElementById("btn-key");
  if (btn) { btn.classList.toggle("on", show); btn.setAttribute("aria-pressed", String(show)); }
}
