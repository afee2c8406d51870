// Region icons (Magic, Cavern, Entry, Murloc, markers) stay legible however small the whole
// table is drawn (issue 35 point 16: a five-player table at 1440x900 drew them 9 px wide, 4 px
// on a phone). Each Region's icon row is scaled about its own centre so that an icon is at
// least ICON_PX wide on the screen, never smaller than the drawing's own 1.35 and never more
// than MAX_SCALE; zoomed in, the icons come back to their drawn size.
const ICON_UNITS = 22; // an icon's width in the drawing (boards/render.py)
const DRAWN_SCALE = 1.35; // web/board.py's ICON_SCALE
const MAX_SCALE = 4;
// CSS px of an icon's 22-unit box (its picture fills about nine tenths of it: 12 and 14 px seen)
const ICON_PX = { phone: 13.5, wide: 15.5 };

export function legibleIcons(svg) {
  const groups = svg.querySelectorAll("g[data-icons]");
  if (!groups.length) return;
  const want = window.matchMedia && window.matchMedia("(max-width: 700px)").matches ? ICON_PX.phone : ICON_PX.wide;
  for (const g of groups) {
    if (!g.dataset.at) {
      const m = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(g.getAttribute("transform") || "");
      if (!m) continue;
      g.dataset.at = `${m[1]} ${m[2]}`;
    }
    const ctm = g.parentNode.getScreenCTM && g.parentNode.getScreenCTM();
    if (!ctm || !ctm.a) continue;
    const k = Math.min(MAX_SCALE, Math.max(DRAWN_SCALE, want / (ICON_UNITS * Math.abs(ctm.a))));
    const [x, y] = g.dataset.at.split(" ");
    g.setAttribute("transform", `translate(${x} ${y}) scale(${k.toFixed(3)}) translate(${-Number(x)} ${-Number(y)})`);
  }
}
