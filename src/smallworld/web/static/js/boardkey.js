// The key to the board: what each terrain colour, symbol, disc, piece and item means, and what
// the highlights say while it is your turn. Opened with the Key button; drawn from the same
// glyphs as the board (the board's own symbols, pieces.js), so it always matches. Every word
// through the catalogue (t), names through the edition's names in the page's language.
import { G, classic, neutralName, neutralIcon } from "./ctx.js";
import { pieceChip, itemTile } from "./pieces.js";
import { h, s, PLAYER_COLOURS, MURLOC_COLOUR, onTouch } from "./ui.js";
import { t, editionNames } from "./i18n.js";

// the edition's names in the page's language ({races, powers, pieces, ...})
function names() { return editionNames(G.meta.edition) || {}; }
function named(kind, id, english) { return (names()[kind] || {})[id] || english; }
function pieceWords(id, english) { const p = (names().pieces || {})[id]; return p ? p.plural || p.name : english; }

// [id, name, what it means] of each terrain and symbol, in the page's language
function terrains(old) {
  const water = old ? t("cannot be conquered (except by {power})", { power: named("powers", "seafaring", "Seafaring") })
    : t("cannot be conquered (except by sailors)");
  return [
    old ? ["farmland", t("Farmland")] : ["fields", t("Fields")], ["hills", t("Hills")], ["forest", t("Forest")], ["swamp", t("Swamp")],
    ["mountain", t("Mountain"), t("+1 to conquer; a Mountain piece stays on it")], ["sea", t("Sea"), water], ["lake", t("Lake"), water],
  ];
}

function symbols(old) {
  if (old) {
    return [
      ["magic", t("Magic Source"), t("{race} score 1 more coin here", { race: named("races", "wizards", "Wizards") })],
      ["mine", t("Mine"), t("{race} score 1 more coin here", { race: named("races", "dwarves", "Dwarves") })],
      ["cavern", t("Cavern"), t("{power} conquers these for less", { power: named("powers", "underworld", "Underworld") })],
      ["lost-tribe", t("Lost Tribe start"), t("{tribes} start here: 1 more to conquer each", { tribes: pieceWords("lost-tribe", "Lost Tribes") })],
    ];
  }
  return [
    ["entry", t("Entry"), t("a first conquest may land here (the anchor)")],
    ["magic", t("Magic"), t("some races and powers score or act here")],
    ["cavern", t("Cavern"), t("some races and powers score or act here")],
    ["murloc", t("Murloc start"), t("{tribes} start here: 1 more to conquer each", { tribes: pieceWords("murloc", "Murlocs") })],
  ];
}

// each piece kind: its name in the page's language and what it does (its declaration's words,
// after the name of the race or power it belongs to)
function pieceRows() {
  const meta = G.meta;
  return Object.entries(meta.piece_table || {}).map(([k, p]) => {
    const local = (names().pieces || {})[k];
    const owner = p.owner ? named("races", p.owner, null) || named("powers", p.owner, null) || named("items", p.owner, null) : null;
    const effect = p.effect ? t(p.effect) : "";
    return [k, local ? local.name : p.name, owner ? `${owner}: ${effect}` : effect];
  });
}

function mini(...children) {
  return s("svg", { class: "key-ico", viewBox: "-14 -14 28 28", width: 22, height: 22, "aria-hidden": "true" }, ...children);
}

function swatch(colour) {
  return h("span", { class: "key-swatch", style: `background:${colour}` });
}

function row(icon, name, what) {
  return h("li", {}, icon, h("span", {}, h("b", {}, name), what ? h("span", { class: "muted" }, " — ", what) : null));
}

function disc(fill, ring, width, number) {
  return mini(s("circle", { r: 12, fill, stroke: ring, "stroke-width": width }),
    s("text", { y: 5, fill: "#fff", "font-size": 14, "font-weight": 800, "text-anchor": "middle" }, number));
}

function itemSection(kinds) {
  const artifact = Object.keys(kinds).find((k) => kinds[k] === "artifact");
  const place = Object.keys(kinds).find((k) => kinds[k] !== "artifact");
  const controls = t("the Active race holding the Region controls it");
  return h("section", {}, h("h4", {}, t("Items")), h("ul", {},
    row(mini(...itemTile("?", kinds)), t("Face-down item"), t("revealed when a race enters")),
    artifact ? row(mini(...itemTile(artifact, kinds)), t("Artifact"), controls) : null,
    place ? row(mini(...itemTile(place, kinds)), t("Legendary Place"), controls) : null));
}

function symbolSection(old) {
  const borderRow = old ? row(h("span", { class: "key-swatch", style: "background:#8a7a5a;border:2px dashed #fff3c4" }), t("Border Region"),
    t("dashed light edge: at the edge of the map or on a Sea, where a race's first conquest starts")) : null;
  const marker = mini(s("circle", { r: 11.5, fill: "#b8322a", stroke: "#f5d36b", "stroke-width": 2 }),
    s("text", { y: 4.5, fill: "#fff8e6", "font-size": 12, "font-weight": "bold", "text-anchor": "middle" }, "M"));
  return h("section", {}, h("h4", {}, t("Symbols")), h("ul", {}, borderRow,
    ...symbols(old).map(([id, name, what]) => row(s("svg", { class: "key-ico", viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true" }, s("use", { href: `#sw-icon-${id}` })), name, what)),
    old ? null : row(marker, t("Item marker (S, M, L)"), t("a face-down Artifact or Legendary Place starts here"))));
}

export function boardKey() {
  const colours = (G.boardData && G.boardData.terrain_colours) || {};
  const kinds = G.boardData ? Object.fromEntries(Object.entries(G.meta.items).map(([k, v]) => [k, v.kind])) : {};
  const old = classic();
  const neutral = pieceWords((G.meta.neutral && G.meta.neutral.piece) || "murloc", neutralName());
  return h("div", { class: "board-key", id: "board-key", role: "dialog", "aria-label": t("Key to the board") },
    h("div", { class: "key-head" }, h("b", {}, t("Key to the board")),
      h("button", { type: "button", class: "small ghost", id: "board-key-close", onclick: () => toggleKey(false) }, t("Close"))),
    h("div", { class: "key-cols" },
      h("section", {}, h("h4", {}, t("Terrain")), h("ul", {}, ...terrains(old).map(([id, name, what]) => row(swatch(colours[id] || "#ccc"), name, what)))),
      symbolSection(old),
      h("section", {}, h("h4", {}, t("Tokens")), h("ul", {},
        row(disc(PLAYER_COLOURS[0], "#fff", 2, "3"), t("Active race"), t("its player's colour; the number is its tokens there")),
        row(disc("#8f8a83", PLAYER_COLOURS[1], 3, "1"), t("In Decline"), t("grey with its player's ring; still scores")),
        row(mini(s("circle", { r: 12, fill: MURLOC_COLOUR }), s("use", { href: neutralIcon(), x: -10, y: -10, width: 20, height: 20 })), neutral,
          old ? t("neutral tokens left on the map: each defends like a token") : t("the lost tribes: defend like tokens")))),
      h("section", {}, h("h4", {}, t("Pieces")), h("ul", {}, ...pieceRows().map(([k, name, what]) => row(mini(...pieceChip(k)), name, what)))),
      old ? null : itemSection(kinds),
      h("section", {}, h("h4", {}, t("On your turn")), h("ul", {},
        row(h("span", { class: "lg-swatch lg-conquer" }), t("Green"), t("you can conquer it now")),
        row(h("span", { class: "lg-swatch lg-final" }), t("Amber"), t("a final conquest: the die decides")),
        row(h("span", { class: "lg-swatch lg-place" }), t("Blue"), t("place tokens here")),
        row(h("span", { class: "lg-swatch lg-blocked" }), t("Shaded"), onTouch()
          ? t("out of reach this turn (tap it to see why)") : t("out of reach this turn (hover over it or tap it to see why)"))))));
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
