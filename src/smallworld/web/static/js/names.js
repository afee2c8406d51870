// Region names on the board (the Names button). Each name sits at its Region's label point,
// which the server chose without knowing the page's font; so, the first time names are shown,
// they are measured here: a name of several words that overlaps another is set on two lines,
// and names that would still overlap are pushed apart up and down, a little, so each stays
// over its Region. On a classic map (its frame in the names' data-frame) every name stays inside
// the frame: one that would reach past its side is set on two lines and moved in, and none is
// pushed past its top or bottom.
import { s } from "./ui.js";

const MAX_SHIFT = 30; // face units a name may move from its label point
const PAD = 2; // face units kept clear around each name
const EDGE = 5; // face units kept between a name and a map's frame

// Set a name of several words on two lines, broken at the space nearest its middle.
function wrap(text) {
  const name = text.textContent;
  const words = name.split(" ");
  if (words.length < 2) return;
  let cut = 1;
  for (let i = 1; i < words.length; i++) {
    const left = words.slice(0, i).join(" ").length;
    const best = words.slice(0, cut).join(" ").length;
    if (Math.abs(name.length / 2 - left) < Math.abs(name.length / 2 - best)) cut = i;
  }
  const x = text.getAttribute("x");
  text.textContent = "";
  text.append(s("tspan", { x, dy: "-0.4em" }, words.slice(0, cut).join(" ")),
    s("tspan", { x, dy: "1.05em" }, words.slice(cut).join(" ")));
  text.setAttribute("aria-label", name);
}

// Each name's box, and how far it may move up (lo < 0) and down (hi): MAX_SHIFT, and on a map
// never past the frame's top or bottom (the frame wins: a name never leaves the map).
function boxesOf(texts, frame) {
  return texts.map((t) => {
    const b = t.getBBox();
    let lo = -MAX_SHIFT, hi = MAX_SHIFT;
    if (frame) {
      const down = frame[1] + EDGE - b.y, up = frame[3] - EDGE - (b.y + b.height); // the dy allowed: [down, up]
      lo = Math.max(lo, down);
      hi = Math.min(hi, up);
      if (lo > hi) lo = hi = (down > 0 || down > up) ? down : up; // outside by more than MAX_SHIFT
    }
    const dy = Math.min(Math.max(0, lo), hi);
    return { t, x0: b.x - PAD, x1: b.x + b.width + PAD, y0: b.y - PAD, y1: b.y + b.height + PAD, dy, lo, hi, sx: 0 };
  });
}

// The frame of a map's names (x0, y0, x1, y1, face units), or null (an island).
function frameOf(group) {
  const f = (group.dataset.frame || "").split(" ").map(Number);
  return f.length === 4 && f.every(Number.isFinite) ? f : null;
}

// Move a name sideways by ``by`` face units (the text and its lines).
function shiftX(text, by) {
  const x = (Number(text.getAttribute("x")) + by).toFixed(1);
  text.setAttribute("x", x);
  for (const line of text.querySelectorAll("tspan")) line.setAttribute("x", x);
}

// A name reaching past a side of the frame: set on two lines (if not yet), then moved in.
function keepAcross(texts, frame) {
  const [x0, , x1] = frame;
  const out = (b) => b.x < x0 + EDGE || b.x + b.width > x1 - EDGE;
  for (const t of texts) {
    let b = t.getBBox();
    if (!out(b)) continue;
    if (!t.querySelector("tspan")) { wrap(t); b = t.getBBox(); }
    if (b.x < x0 + EDGE) shiftX(t, x0 + EDGE - b.x);
    else if (b.x + b.width > x1 - EDGE) shiftX(t, x1 - EDGE - (b.x + b.width));
  }
}

// Two names that cannot move apart up and down (held by a map's frame): moved apart sideways,
// each at most MAX_SHIFT and never past the frame's sides. False when they cannot move.
function apart(a, b, frame) {
  const [l, r] = a.x0 + a.x1 <= b.x0 + b.x1 ? [a, b] : [b, a];
  const step = (Math.min(l.x1, r.x1) - Math.max(l.x0, r.x0)) / 2 + 0.5;
  const roomL = Math.min(l.x0 + PAD - (frame[0] + EDGE), MAX_SHIFT + l.sx);
  const roomR = Math.min(frame[2] - EDGE - (r.x1 - PAD), MAX_SHIFT - r.sx);
  const ml = Math.max(0, Math.min(roomL, step + Math.max(0, step - roomR)));
  const mr = Math.max(0, Math.min(roomR, step + Math.max(0, step - roomL)));
  if (ml + mr <= 0) return false;
  for (const [box, by] of [[l, -ml], [r, mr]]) {
    if (!by) continue;
    shiftX(box.t, by);
    box.x0 += by; box.x1 += by; box.sx += by;
  }
  return true;
}

// How far two names overlap up and down, each where it has been moved to (0 or less: apart).
function overlap(a, b) {
  if (Math.min(a.x1, b.x1) <= Math.max(a.x0, b.x0)) return 0;
  return Math.min(a.y1 + a.dy, b.y1 + b.dy) - Math.max(a.y0 + a.dy, b.y0 + b.dy);
}

// Push overlapping names apart vertically (each within its lo..hi of where it was); on a map,
// names still overlapping (held between the frame and their neighbours) are moved apart
// sideways, then up and down again.
function separate(texts, frame) {
  const boxes = boxesOf(texts, frame);
  for (let round = 0; round < 4; round++) {
    upAndDown(boxes, frame);
    if (!frame) break;
    let moved = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        if (overlap(boxes[i], boxes[j]) > 0 && apart(boxes[i], boxes[j], frame)) moved = true;
      }
    }
    if (!moved) break;
  }
  for (const b of boxes) if (b.dy) b.t.setAttribute("transform", `translate(0 ${b.dy.toFixed(1)})`);
}

function upAndDown(boxes, frame) {
  for (let pass = 0; pass < 60; pass++) {
    let moved = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const over = overlap(a, b);
        if (over <= 0) continue;
        const [up, down] = a.y0 + a.y1 + 2 * a.dy <= b.y0 + b.y1 + 2 * b.dy ? [a, b] : [b, a];
        const step = over / 2 + 0.5;
        const u = Math.min(step, up.dy - up.lo), d = Math.min(step, down.hi - down.dy);
        if (u + d <= 0) {
          if (frame && apart(a, b, frame)) moved = true;
          continue;
        }
        up.dy -= u + Math.max(0, step - d); // one side at its limit: the other moves further
        down.dy += d + Math.max(0, step - u);
        up.dy = Math.max(up.lo, up.dy);
        down.dy = Math.min(down.hi, down.dy);
        moved = true;
      }
    }
    if (!moved) break;
  }
}

// Lay out the names of every face of the board ``svg`` once; they must be shown (measurable).
export function placeNames(svg) {
  for (const group of svg.querySelectorAll("g.sw-names")) {
    if (group.dataset.placed) continue;
    const texts = [...group.querySelectorAll("text.sw-name")];
    if (!texts.length || !texts[0].getBBox().height) continue; // hidden: measured when shown
    const frame = frameOf(group);
    const boxes = boxesOf(texts, null);
    for (const a of boxes) if (boxes.some((b) => b !== a && overlap(a, b) > 0)) wrap(a.t);
    if (frame) keepAcross(texts, frame);
    separate(texts, frame);
    group.dataset.placed = "1";
  }
}
