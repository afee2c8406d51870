// The board: the islands (server-drawn SVG) plus a live layer of tokens, pieces, items and
// highlights drawn from the seat's view.
import { legibleIcons } from "./legible.js";
import { s, PLAYER_COLOURS, PLAYER_INK, MURLOC_COLOUR } from "./ui.js";
import { pieceChip, itemTile, itemShort, regionItems } from "./pieces.js";
import { neutralIcon } from "./ctx.js";
import { editionNames } from "./i18n.js";

const R = 30; // token disc radius, face units
const ITEM_STEP = 32; // between the items of one Region (a tile is 30 high)

export { pieceName } from "./pieces.js";

export class Board {
  constructor(container, data, handlers, meta) {
    this.meta = meta;
    this.itemKinds = Object.fromEntries(Object.entries(meta.items).map(([k, v]) => [k, v.kind]));
    this.container = container;
    this.data = data;
    this.handlers = handlers;
    this.zoom = 1;
    container.innerHTML = data.svg;
    this.svg = container.querySelector("svg.sw-table");
    for (const t of this.svg.querySelectorAll("title")) t.remove();
    this.paths = {};
    for (const p of this.svg.querySelectorAll("path.sw-region")) {
      this.paths[p.id] = p;
      p.dataset.region = p.id;
    }
    this.dyn = {};
    this.hl = {};
    for (const face of this.svg.querySelectorAll("svg.sw-face")) {
      const id = face.dataset.face;
      this.dyn[id] = face.querySelector("g.sw-dyn");
      // the face's name in the page's language (the edition's names), before its id
      const local = ((editionNames(meta.edition || "swow") || {}).boards || {})[id];
      const title = face.querySelector("text.sw-face-title");
      if (local && title && title.firstChild && title.firstChild.nodeType === 3) title.firstChild.textContent = `${local} `;
      const hl = s("g", { class: "sw-hl" });
      face.querySelector("g.sw-names").before(hl);
      this.hl[id] = hl;
      // Border Regions (the original game's first conquests start there): a dashed outline,
      // the symbol the board key shows
      const borders = s("g", { class: "sw-borders" });
      for (const [rid, reg] of Object.entries(data.regions)) {
        if (reg.face !== id || !(reg.symbols || []).includes("border") || !this.paths[rid]) continue;
        borders.append(s("path", { d: this.paths[rid].getAttribute("d"), class: "sw-border", "data-region": rid }));
      }
      hl.before(borders);
      const names = face.querySelector("g.sw-names");
      for (const [rid, reg] of Object.entries(data.regions)) {
        if (reg.face !== id) continue;
        names.append(s("text", { x: reg.label[0], y: reg.label[1], class: "sw-name" }, reg.name));
      }
    }
    this.hover = null;
    this.selected = null;
    // Region names above the pieces, so a token never hides a name
    for (const face of this.svg.querySelectorAll("svg.sw-face")) face.append(face.querySelector("g.sw-names"));
    this.layout();
    // the box changes size without the window (the phone's dock): the icons follow
    if (window.ResizeObserver) new ResizeObserver(() => legibleIcons(this.svg)).observe(container);
    let pending = null;
    window.addEventListener("resize", () => {
      clearTimeout(pending);
      pending = setTimeout(() => { this.layout(); this.setZoom(this.zoom); }, 120);
    });
    this.svg.addEventListener("mousemove", (e) => this._move(e));
    this.svg.addEventListener("mouseleave", () => this._leave());
    this.svg.addEventListener("click", (e) => {
      if (this.dragged) { this.dragged = false; return; } // the end of a pan or a pinch
      const rid = this._regionAt(e);
      if (rid) handlers.onClick(rid, e);
    });
    this._gestures();
  }

  _regionAt(e) {
    const el = e.target.closest && e.target.closest("[data-region]");
    return el && this.paths[el.dataset.region] ? el.dataset.region : null;
  }

  _move(e) {
    const rid = this._regionAt(e);
    if (rid !== this.hover) {
      if (this.hover) this.paths[this.hover].classList.remove("hover");
      this.hover = rid;
      if (rid) this.paths[rid].classList.add("hover");
      this._hoverOutline(rid);
    }
    this.handlers.onHover(rid, e);
  }

  _leave() {
    if (this.hover) this.paths[this.hover].classList.remove("hover");
    this.hover = null;
    this._hoverOutline(null);
    this.handlers.onHover(null, null);
  }

  // the Region chosen on a touch screen (waiting for its confirmation), outlined; null: none
  select(rid) {
    this.selected = rid;
    for (const g of Object.values(this.hl)) for (const n of g.querySelectorAll(".hl-selected")) n.remove();
    if (!rid || !this.data.regions[rid]) return;
    this.hl[this.data.regions[rid].face].append(s("path", { d: this.paths[rid].getAttribute("d"), class: "hl-selected" }));
  }

  _hoverOutline(rid) {
    for (const g of Object.values(this.hl)) for (const n of g.querySelectorAll(".hl-hover")) n.remove();
    if (!rid) return;
    const face = this.data.regions[rid].face;
    this.hl[face].append(s("path", { d: this.paths[rid].getAttribute("d"), class: "hl-hover" }));
  }

  // The pieces key and the action legend lie over the bottom of the board (table.css; on a
  // phone, rows across it): the height they take, in screen pixels. The legend's row and one
  // row of the key are kept whether they show or not, so the islands do not move when a
  // conquest phase begins or the first piece is placed.
  _bottomRows() {
    const wrap = this.container.parentElement;
    const key = wrap && wrap.querySelector(".key"), legend = wrap && wrap.querySelector(".legend");
    if (!key && !legend) return 0; // a replay has neither
    const KEY_ROW = 30;
    // the legend's rows (--legend-h, play.js) and the margins under and over it; the key sits above
    const under = legend ? 16 + (parseFloat(wrap.style.getPropertyValue("--legend-h")) || 24) : 8;
    return under + (key ? Math.max(KEY_ROW, key.hidden ? 0 : key.offsetHeight) + 4 : 0);
  }

  // The key was drawn again: if it has grown taller than the room kept for it, lay the islands
  // out again above it (it never shrinks the room, so the board does not move back and forth).
  fitAboveKey() {
    if (this._bottomRows() <= this.covered) return;
    this.layout();
    this.setZoom(this.zoom);
  }

  // Arrange the islands in rows (keeping their order) so they are as large as the box allows,
  // above the key and the legend.
  layout() {
    const covered = this._bottomRows();
    this.covered = covered;
    const W = Math.max(200, this.container.clientWidth);
    const H = Math.max(200, this.container.clientHeight - covered);
    const faces = this.data.faces;
    const n = faces.length;
    const GAP = 20;
    let best = null;
    for (let mask = 0; mask < (1 << Math.max(0, n - 1)); mask++) {
      const rows = [[0]];
      for (let i = 1; i < n; i++) {
        if (mask & (1 << (i - 1))) rows.push([i]); else rows[rows.length - 1].push(i);
      }
      const sizes = rows.map((row) => [
        row.reduce((a, i) => a + faces[i].bounds[2], 0) + GAP * (row.length - 1),
        Math.max(...row.map((i) => faces[i].bounds[3])),
      ]);
      const width = Math.max(...sizes.map(([w]) => w)) + 2 * GAP;
      const height = sizes.reduce((a, [, hh]) => a + hh, 0) + GAP * (rows.length + 1);
      const scale = Math.min(W / width, H / height);
      if (!best || scale > best.scale + 1e-9) best = { scale, rows, sizes, width, height };
    }
    let y = GAP;
    best.rows.forEach((row, k) => {
      const [w, hh] = best.sizes[k];
      let x = (best.width - w) / 2;
      for (const i of row) {
        const f = faces[i];
        const el = this.svg.querySelector(`svg.sw-face[data-face="${f.id}"]`);
        el.setAttribute("x", x.toFixed(1));
        el.setAttribute("y", (y + (hh - f.bounds[3]) / 2).toFixed(1));
        x += f.bounds[2] + GAP;
      }
      y += hh + GAP;
    });
    // sea below the islands where the rows are (the same scale: see the choice of `scale`)
    const height = best.height + covered / best.scale;
    this.svg.setAttribute("viewBox", `0 0 ${best.width.toFixed(1)} ${height.toFixed(1)}`);
  }

  // z: the new zoom (1: the whole table fits); at: {x, y} client point that stays put (default:
  // the middle of the board)
  setZoom(z, at = null) {
    const box = this.container;
    const old = this.zoom;
    const rect = box.getBoundingClientRect();
    const px = at ? at.x - rect.left : box.clientWidth / 2;
    const py = at ? at.y - rect.top : box.clientHeight / 2;
    const cx = (box.scrollLeft + px) / old, cy = (box.scrollTop + py) / old;
    this.zoom = Math.max(1, Math.min(5, z));
    if (this.zoom === 1) {
      this.svg.style.width = "100%"; this.svg.style.height = "100%";
    } else {
      this.svg.style.width = `${box.clientWidth * this.zoom}px`;
      this.svg.style.height = `${box.clientHeight * this.zoom}px`;
    }
    box.scrollLeft = cx * this.zoom - px;
    box.scrollTop = cy * this.zoom - py;
    box.classList.toggle("zoomed", this.zoom > 1);
    legibleIcons(this.svg); // icons at a size a person can read, whatever the zoom
  }

  // Wheel and pinch zoom; dragging pans a zoomed board (a drag is not a click)
  _gestures() {
    const box = this.container;
    box.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.setZoom(this.zoom * Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.002)), { x: e.clientX, y: e.clientY });
    }, { passive: false });
    const pts = new Map();
    let pinch = null, drag = null;
    this.dragged = false;
    box.addEventListener("pointerdown", (e) => {
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.dragged = false;
      if (pts.size === 2) {
        const [a, b] = [...pts.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), z: this.zoom };
        drag = null;
      } else if (e.pointerType === "mouse" && e.button === 0 && this.zoom > 1) {
        drag = { x: e.clientX, y: e.clientY, l: box.scrollLeft, t: box.scrollTop };
      }
    });
    box.addEventListener("pointermove", (e) => {
      if (!pts.has(e.pointerId)) return;
      pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && pts.size === 2) {
        const [a, b] = [...pts.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (pinch.d > 0) this.setZoom(pinch.z * d / pinch.d, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        this.dragged = true;
      } else if (drag) {
        const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 6) { this.dragged = true; box.classList.add("dragging"); }
        if (this.dragged) { box.scrollLeft = drag.l - dx; box.scrollTop = drag.t - dy; }
      }
    });
    const end = (e) => {
      pts.delete(e.pointerId);
      if (pts.size < 2) pinch = null;
      drag = null;
      box.classList.remove("dragging");
    };
    for (const ev of ["pointerup", "pointercancel", "pointerleave"]) box.addEventListener(ev, end);
  }

  // marks: {rid: "conquer" | "final" | "place" | "act" | "blocked" | "target-blocked"}
  render(view, marks) {
    for (const g of Object.values(this.dyn)) g.replaceChildren();
    for (const g of Object.values(this.hl)) for (const n of g.querySelectorAll(":not(.hl-hover)")) n.remove();
    for (const p of Object.values(this.paths)) p.removeAttribute("data-mark");
    for (const [rid, mark] of Object.entries(marks || {})) {
      const reg = this.data.regions[rid];
      if (!reg) continue;
      this.paths[rid].dataset.mark = mark;
      this.hl[reg.face].append(s("path", { d: this.paths[rid].getAttribute("d"), class: `hl hl-${mark}` }));
    }
    for (const r of view.regions) this._drawRegion(r, (marks || {})[r.id]);
    if (this.selected) this.select(this.selected);
  }

  _drawRegion(r, mark) {
    const reg = this.data.regions[r.id];
    if (!reg) return;
    const [x, y] = reg.anchor;
    const g = s("g", { class: "piece-group", transform: `translate(${x} ${y})`, dataset: { region: r.id } });
    const pieces = Object.entries(r.pieces || {}).filter(([, n]) => n > 0);
    if (reg.terrain === "mountain") pieces.unshift(["mountain", 1]);
    // a Region held by the Champion or Beasts alone has an occupant but no token: its owner's
    // disc is drawn all the same (with the holding piece in it)
    const hasTokens = Boolean(r.occupant) && (r.tokens > 0 || r.occupant !== "murlocs");
    if (hasTokens) g.append(this._token(r, pieces));
    // pieces: a row under the disc (or centred when there is no disc)
    const py = hasTokens ? R + 17 : 0;
    const w = 32;
    pieces.forEach(([kind, n], i) => {
      const cx = (i - (pieces.length - 1) / 2) * w;
      g.append(this._piece(kind, n, cx, py));
    });
    // items: a column of tiles right of the disc (or of the pieces), each with its label to its
    // right, so every one shows when a Region holds several
    const items = regionItems(r);
    if (items.length) {
      const ix = hasTokens ? R + 18 : (pieces.length ? (pieces.length / 2) * w + 16 : 0);
      // by the disc: the first by its top, the others below (a third or more lift the column)
      const iy0 = hasTokens ? -R + 8 - ITEM_STEP / 2 * Math.max(0, items.length - 2) : py - ITEM_STEP * (items.length - 1) / 2;
      items.forEach((it, i) => g.append(this._item(it, ix, iy0 + i * ITEM_STEP)));
    }
    if (r.planned) {
      // tokens placed by the redeployment plan, not sent yet
      g.append(s("g", { class: "planned-badge", transform: `translate(${-R + 2} ${-R + 2})` },
        s("circle", { r: 13, fill: "#3c7ff0", stroke: "#fff", "stroke-width": 2 }),
        s("text", { y: 5, "text-anchor": "middle", fill: "#fff" }, `+${r.planned}`)));
    }
    if (mark === "conquer" || mark === "final") {
      g.append(s("circle", { class: `target-ring ${mark}`, r: hasTokens ? R + 7 : 12, cx: 0, cy: 0 }));
    }
    this.dyn[reg.face].append(g);
  }

  _token(r, pieces) {
    const g = s("g", { class: `token ${r.occupant}` });
    if (r.occupant === "murlocs") {
      g.append(s("circle", { r: R, fill: MURLOC_COLOUR, class: "disc" }));
      g.append(s("use", { href: neutralIcon(), x: -R + 3, y: -R + 3, width: 2 * R - 6, height: 2 * R - 6 }));
      if (r.tokens > 1) g.append(this._count(r.tokens, R - 6, R - 6, "#113d35"));
      return g;
    }
    const colour = PLAYER_COLOURS[r.player] || "#777";
    const ink = r.occupant === "decline" ? "#fff" : (PLAYER_INK[r.player] || "#fff");
    if (r.occupant === "decline") {
      g.append(s("circle", { r: R, fill: "#8f8a83", stroke: colour, "stroke-width": 6, class: "disc" }));
      g.append(s("circle", { r: R - 7, fill: "none", stroke: "#d8d2c8", "stroke-width": 1.4, "stroke-dasharray": "3 3" }));
      g.append(s("text", { x: R - 2, y: -R + 8, class: "tok-zz" }, "z"));
    } else {
      g.append(s("circle", { r: R, fill: colour, class: "disc" }));
      g.append(s("circle", { r: R - 5, fill: "none", stroke: "rgba(255,255,255,.55)", "stroke-width": 1.6 }));
    }
    if (r.tokens > 0) {
      g.append(s("text", { class: "tok-num", y: 11, fill: ink }, r.tokens));
    } else {
      // held by pieces alone: show the holder (Champion first, else a Beast) in the disc
      const holder = pieces.find(([k]) => k === "champion") || pieces.find(([k]) => k === "beast");
      g.classList.add("no-tokens");
      if (holder) g.append(s("g", { transform: "scale(1.6)", class: "holder" }, ...pieceChip(holder[0]).slice(1)));
      else g.append(s("text", { class: "tok-num", y: 11, fill: ink }, 0));
    }
    return g;
  }

  _count(n, x, y, fill) {
    return s("g", { class: "count" }, s("circle", { cx: x, cy: y, r: 9, fill: "#fff", stroke: fill, "stroke-width": 1.5 }),
      s("text", { x, y: y + 4.5, fill }, n));
  }

  _piece(kind, n, x, y) {
    const g = s("g", { class: `chip chip-${kind}`, transform: `translate(${x} ${y}) scale(1.25)` });
    g.append(...pieceChip(kind));
    if (n > 1) g.append(this._count(n, 10, -10, "#3b2c1d"));
    return g;
  }

  _item(item, x, y) {
    const down = item === "?";
    const g = s("g", { class: `item ${down ? "down" : "up"}`, transform: `translate(${x} ${y}) scale(1.25)`, dataset: { item } });
    g.append(...itemTile(item, this.itemKinds));
    // a face-up item says which one it is (Aegis, Heart of Azeroth, …): a person needs to know
    if (!down) g.append(s("text", { class: "item-label", x: 15, y: 4.5 }, itemShort(item, this.meta)));
    return g;
  }
}
