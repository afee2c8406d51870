// On a phone the move to make is under the thumb: the turn panel (and, while picking, the combos;
// the first-game tip) docks at the bottom of the screen as a sheet, and the board fills the
// screen above it, so nothing the player must do next is a scroll away (issue 35 point 5). On
// wider screens the panels stay in their columns.
import { h } from "./ui.js";
import { t } from "./i18n.js";

const PHONE = "(max-width: 700px)";
const STACKED = "(max-width: 1000px)";

export function onPhone() { return Boolean(window.matchMedia && window.matchMedia(PHONE).matches); }

// Words for where things are: "the column on the left" is the dock's row on a phone and the
// row under the board on a tablet (the columns stack there).
// Which of three texts fits the layout: ``left`` on a wide screen, ``below`` on a phone (the
// dock's row), ``under`` on a tablet (the row under the board).
export function byLayout(left, below, under) {
  if (!window.matchMedia) return left;
  if (onPhone()) return below;
  return window.matchMedia(STACKED).matches ? under : left;
}

export function forLayout(text) {
  if (!window.matchMedia) return text;
  if (onPhone()) return text.replace(/\bin the column on the left\b/g, "in the row below");
  if (window.matchMedia(STACKED).matches) return text.replace(/\bin the column on the left\b/g, "in the row under the board");
  return text;
}

let dock = null;

function measure() {
  const root = document.documentElement.style;
  const top = document.querySelector(".topbar");
  root.setProperty("--top-h", `${top ? Math.ceil(top.getBoundingClientRect().height) : 0}px`);
  root.setProperty("--dock-h", `${dock && onPhone() ? Math.ceil(dock.getBoundingClientRect().height) : 0}px`);
}

// Put the panels where the screen wants them; called after each render (and when the screen
// turns or is resized). The picking row joins the dock only while this seat is picking.
export function placeDock() {
  const turn = document.getElementById("turn");
  const tips = document.getElementById("tips");
  const combos = document.getElementById("combos");
  const stacks = document.getElementById("stacks");
  const right = document.querySelector(".table > .right");
  if (!turn || !right) return;
  if (onPhone()) {
    if (!dock) {
      dock = h("div", { id: "dock", class: "dock", role: "region", "aria-label": t("Your move") });
      document.body.append(dock);
      if (window.ResizeObserver) {
        const ro = new ResizeObserver(measure);
        ro.observe(dock);
        ro.observe(document.querySelector(".topbar"));
      }
    }
    const picking = document.body.classList.contains("my-turn") && document.body.dataset.phase === "pick";
    if (tips && tips.parentNode !== dock) dock.prepend(tips);
    if (turn.parentNode !== dock || turn.previousElementSibling !== (tips || null)) tips ? tips.after(turn) : dock.prepend(turn);
    if (picking && combos.parentNode !== dock) dock.append(combos);
    else if (!picking && combos.parentNode === dock) stacks.before(combos);
    document.body.classList.toggle("combos-docked", picking);
    document.body.classList.add("docked");
  } else if (dock && turn.parentNode === dock) {
    right.prepend(turn);
    if (tips) turn.before(tips);
    stacks.before(combos);
    document.body.classList.remove("docked", "combos-docked");
  }
  measure();
}

if (window.matchMedia) window.matchMedia(PHONE).addEventListener("change", placeDock);
