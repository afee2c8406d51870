// Region names on the board (the Names button). Each name sits at its Region's label point,
// which the server chose without knowing the page's font; so, the first time names are shown,
// they are measured here: a name of several words that overlaps another is set on two lines,
// and names that would still overlap are pushed apart up and down, a little, so each stays
// over its Region.
import { s } from "./ui.js";

const MAX_SHIFT = 30; // face units a name may move from its label point
const PAD = 2; // face units kept clear around each name

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

function boxesOf(texts) {
  return texts.map((t) => {
    const b = t.getBBox();
    return { t, x0: b.x - PAD, x1: b.x + b.width + PAD, y0: b.y - PAD, y1: b.y + b.height + PAD, dy: 0 };
  });
}

// How far two names overlap up and down, each where it has been moved to (0 or less: apart).
function overlap(a, b) {
  if (Math.min(a.x1, b.x1) <= Math.max(a.x0, b.x0)) return 0;
  return Math.min(a.y1 + a.dy, b.y1 + b.dy) - Math.max(a.y0 + a.dy, b.y0 + b.dy);
}

// Push overlapping names apart vertically (each at most MAX_SHIFT from where it was).
function separate(texts) {
  const boxes = boxesOf(texts);
  for (let pass = 0; pass < 60; pass++) {
    let moved = false;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const over = overlap(a, b);
        if (over <= 0) continue;
        const [up, down] = a.y0 + a.y1 + 2 * a.dy <= b.y0 + b.y1 + 2 * b.dy ? [a, b] : [b, a];
        const step = over / 2 + 0.5;
        const u = Math.min(step, MAX_SHIFT + up.dy), d = Math.min(step, MAX_SHIFT - down.dy);
        if (u + d <= 0) continue;
        up.dy -= u + Math.max(0, step - d); // one side at its limit: the other moves further
        down.dy += d + Math.max(0, step - u);
        up.dy = Math.max(-MAX_SHIFT, up.dy);
        down.dy = Math.min(MAX_SHIFT, down.dy);
        moved = true;
      }
    }
    if (!moved) break;
  }
  for (const b of boxes) if (b.dy) b.t.setAttribute("transform", `translate(0 ${b.dy.toFixed(1)})`);
}

// Lay out the names of every face of the board ``svg`` once; they must be shown (measurable).
export function placeNames(svg) {
  for (const group of svg.querySelectorAll("g.sw-names")) {
    if (group.dataset.placed) continue;
    const texts = [...group.querySelectorAll("text.sw-name")];
    if (!texts.length || !texts[0].getBBox().height) continue; // hidden: measured when shown
    const boxes = boxesOf(texts);
    for (const a of boxes) if (boxes.some((b) => b !== a && overlap(a, b) > 0)) wrap(a.t);
    separate(texts);
    group.dataset.placed = "1";
  }
}
