// DOM helpers, player colours, names and the shared tooltip.
import { withRuleLinks } from "./rulelinks.js";
import { t, lang } from "./i18n.js";

export const PLAYER_COLOURS = ["#c8372d", "#2f62b5", "#e29a17", "#7b4bb7", "#d4548e"];
export const PLAYER_INK = ["#fff", "#fff", "#2a1a05", "#fff", "#fff"];
export const MURLOC_COLOUR = "#2f9c86";
export const FACTION = { alliance: "Alliance", horde: "Horde", neutral: "Neutral" };

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "html") node.innerHTML = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export const SVGNS = "http://www.w3.org/2000/svg";
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.setAttribute("class", v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

export function plural(n, word, many) { return `${n} ${n === 1 ? word : (many || word + "s")}`; }

// ---- tooltip: any element with data-tip (HTML) or a registered provider -------------------

const tip = () => document.getElementById("tooltip");
let tipOwner = null;

// A seat link others can open ({link, url} of the server's seat list): the server builds
// ``url`` from the address this page reached it by, or from the network address it printed
// when this page is on the server's own machine.
export function seatUrl(s) { return s.url || window.location.origin + s.link; }

// Words for the pointer in use: on a touch screen nothing is hovered or clicked, it is tapped
// (and there is no shift-click).
export function onTouch() {
  return Boolean(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

// (English only: other languages' texts give their touch words themselves)
export function forFingers(text) {
  if (!onTouch() || lang() !== "en") return text;
  return text.replace(/\s*\(shift-click[^)]*\)/g, "")
    .replace(/\b(Hover|Click)\b/g, "Tap").replace(/\b(hover|click)\b/g, "tap")
    .replace(/\btap or tap\b/g, "tap");
}

export function showTip(html, x, y) {
  const t = tip();
  if (!t) return;
  t.innerHTML = forFingers(html);
  t.hidden = false;
  placeTip(x, y);
}

export function placeTip(x, y) {
  const t = tip();
  if (!t || t.hidden) return;
  const pad = 14;
  const w = t.offsetWidth, hgt = t.offsetHeight;
  let left = x + pad, top = y + pad;
  if (left + w > window.innerWidth - 8) left = x - w - pad;
  if (top + hgt > window.innerHeight - 8) top = y - hgt - pad;
  t.style.left = `${Math.max(8, left)}px`;
  t.style.top = `${Math.max(8, top)}px`;
}

// the element that showed the tooltip was re-drawn away: hide it
export function dropStaleTip() { if (tipOwner && !document.contains(tipOwner)) hideTip(); }

export function hideTip() { const t = tip(); if (t) t.hidden = true; tipOwner = null; }

export function installTooltips(root = document) {
  root.addEventListener("mouseover", (e) => {
    const el = e.target.closest && e.target.closest("[data-tip]");
    if (!el) { if (tipOwner && !e.target.closest("[data-tip]")) hideTip(); return; }
    if (el === tipOwner) return;
    tipOwner = el;
    showTip(el.dataset.tip, e.clientX, e.clientY);
  });
  root.addEventListener("mousemove", (e) => { if (tipOwner) placeTip(e.clientX, e.clientY); });
  root.addEventListener("mouseout", (e) => {
    if (tipOwner && !tipOwner.contains(e.relatedTarget)) hideTip();
  });
  // touch: tap toggles the tooltip of a [data-tip] element
  root.addEventListener("touchstart", (e) => {
    const el = e.target.closest && e.target.closest("[data-tip]");
    if (!el) { hideTip(); return; }
    const t = e.touches[0];
    tipOwner = el;
    showTip(el.dataset.tip, t.clientX, t.clientY);
  }, { passive: true });
}

// ---- game vocabulary -----------------------------------------------------------------------

export function raceTip(meta, id, extra = "") {
  const r = meta.races[id];
  if (!r) return esc(id || "");
  const tag = meta.factions === false ? "" : ` <span class="tip-tag ${r.faction}">${FACTION[r.faction] || r.faction}</span>`;
  return `<b>${esc(r.name)}</b>${tag}` +
    `<span class="tip-num">${esc(t("banner {n}", { n: r.value }))}</span><p>${esc(t(r.summary))}</p>${extra}`;
}

export function powerTip(meta, id, extra = "") {
  const p = meta.powers[id];
  if (!p) return esc(id || "");
  return `<b>${esc(p.name)}</b> <span class="tip-num">${esc(t("badge {n}", { n: p.value }))}</span>` +
    `<p>${esc(t(p.summary))}</p>${p.lasts ? `<p class='muted'>${esc(t("Lasts in decline."))}</p>` : ""}${extra}`;
}

export function itemTip(meta, id) {
  if (id === "?") return `<b>${esc(t("Face-down item"))}</b><p>${esc(t("An Artifact or Legendary Place, revealed when a race enters this Region."))}</p>`;
  const it = meta.items[id];
  if (!it) return esc(id || "");
  return `<b>${esc(it.name)}</b> <span class="tip-tag">${esc(it.kind === "artifact" ? t("Artifact") : t("Legendary Place"))}</span><p>${esc(t(it.summary))}</p>`;
}

export function raceName(meta, id) { return (meta.races[id] && meta.races[id].name) || id; }
export function powerName(meta, id) { return (meta.powers[id] && meta.powers[id].name) || id; }
// a bot as players know it: its level (Easy, Medium, Hard) when it plays one, else its own name
export function botName(meta, bot) {
  const level = [...((meta && meta.levels) || []), ...((meta && meta.opponents) || [])].find((l) => l.bot === bot);
  return level ? level.name : bot;
}
export function itemName(meta, id) { return id === "?" ? t("face-down item") : ((meta.items[id] && meta.items[id].name) || id); }

export function timeAgo(iso) {
  const t = Date.parse(iso);
  if (!t) return "";
  const s = Math.round((Date.now() - t) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}

export function toast(text, kind = "") {
  let box = document.getElementById("toasts");
  if (!box) { box = h("div", { id: "toasts", class: "toasts" }); document.body.append(box); }
  const t = h("div", { class: `toast ${kind}`, role: "status" }, withRuleLinks(text));
  box.append(t);
  while (box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => t.classList.add("out"), 3800);
  setTimeout(() => t.remove(), 4400);
}
