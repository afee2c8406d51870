// A finger held still on a Region (issue 35 point 5): on a phone, while tokens are placed, a tap
// on a Region adds one there and holding it takes one back, without leaving the board. The
// click that ends a long press is swallowed (it would add the token back).
const HOLD_MS = 500;
const STILL_PX = 10;

// svg: the board's drawing; regionAt(event): the Region under an event (or null);
// onHold(rid): called once the finger has stayed HOLD_MS on the Region
export function onLongPress(svg, regionAt, onHold) {
  let timer = 0;
  let start = null;
  let fired = false;
  const stop = () => { clearTimeout(timer); timer = 0; };
  svg.addEventListener("pointerdown", (e) => {
    stop();
    fired = false;
    if (e.pointerType !== "touch") return;
    const rid = regionAt(e);
    if (!rid) return;
    start = { x: e.clientX, y: e.clientY };
    timer = setTimeout(() => { timer = 0; fired = onHold(rid) !== false; }, HOLD_MS);
  });
  svg.addEventListener("pointermove", (e) => {
    if (timer && start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > STILL_PX) stop();
  });
  for (const ev of ["pointerup", "pointercancel"]) svg.addEventListener(ev, () => { if (timer) stop(); });
  // the click after a long press is not a tap
  svg.addEventListener("click", (e) => {
    if (!fired) return;
    fired = false;
    e.stopImmediatePropagation();
    e.preventDefault();
  }, true);
  // a held finger opens no context menu over the board
  svg.addEventListener("contextmenu", (e) => { if (fired || timer) e.preventDefault(); });
}
