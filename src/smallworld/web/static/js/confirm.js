// The confirmation sheet: what a choice will do (a combo card, a conquest's cost breakdown) with
// a button that commits it. Picks and final conquests (the die) always ask, since nothing can
// undo them; on touch screens every conquest asks too (a tap shows, a second tap or the button
// confirms).
import { h, hideTip } from "./ui.js";
import { t } from "./i18n.js";

let current = null; // {key, onConfirm}

export function selected() { return current ? current.key : null; }

// key: what is selected ("combo:2", "region:L1.4"); title, html: what to show; confirmLabel;
// onConfirm: called on the button (or a second tap on the same thing); cancelLabel: the other button
export function askConfirm({ key, title, html, confirmLabel, onConfirm, tone = "", cancelLabel = t("Cancel") }) {
  const box = document.getElementById("confirm");
  current = { key, onConfirm };
  const ok = h("button", { type: "button", class: `primary ${tone}`.trim(), id: "confirm-ok" }, confirmLabel);
  ok.addEventListener("click", () => { const f = current && current.onConfirm; closeConfirm(); if (f) f(); });
  box.replaceChildren(
    h("div", { class: "confirm-body" }, h("b", { class: "confirm-title" }, title), h("div", { class: "confirm-text", html })),
    h("div", { class: "confirm-actions" }, ok,
      h("button", { type: "button", class: "ghost", id: "confirm-cancel", onclick: closeConfirm }, cancelLabel)));
  box.hidden = false;
  // toasts rise above the sheet: nothing covers a question (app.css, body.confirming)
  document.body.style.setProperty("--sheet-h", `${box.offsetHeight}px`);
  hideTip(); // the sheet says it all (a tap also opened the card's tooltip)
  document.body.classList.add("confirming");
  document.dispatchEvent(new CustomEvent("sw-select", { detail: key }));
}

// a second tap on what is already selected confirms it; returns true when it did
export function confirmAgain(key) {
  if (!current || current.key !== key) return false;
  const f = current.onConfirm;
  closeConfirm();
  f();
  return true;
}

export function closeConfirm() {
  const box = document.getElementById("confirm");
  if (!box) return;
  current = null;
  box.hidden = true;
  document.body.classList.remove("confirming");
  document.dispatchEvent(new CustomEvent("sw-select", { detail: null }));
}
