// "Your turn": a seat whose turn comes is told. The tab's title says it (play.js); on request a
// browser notification when the tab is hidden, and a short sound made with WebAudio (no audio
// file). Both are off until the player turns them on in the Alerts panel; the browser's
// permission for notifications is asked once, when they are first turned on. Remembered in
// this browser (localStorage).
import { h } from "./ui.js";
import { t } from "./i18n.js";

const KEY = "smallworld.alerts";

function load() {
  try { return { notify: false, sound: false, asked: false, ...(JSON.parse(localStorage.getItem(KEY)) || {}) }; }
  catch { return { notify: false, sound: false, asked: false }; }
}
function save() { try { localStorage.setItem(KEY, JSON.stringify(st)); } catch { /* private mode */ } }

const st = load();
let audio = null;
let button = null;
let panel = null;

function notifications() { return typeof window.Notification === "function" ? window.Notification : null; }

// a short two-note chime (about half a second, quiet)
function chime() {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  if (!audio) audio = new AC();
  if (audio.state === "suspended") audio.resume();
  const t0 = audio.currentTime + 0.02;
  [660, 880].forEach((freq, i) => {
    const at = t0 + i * 0.17;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.32);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.34);
  });
}

// the seat shown on this page has its turn now (who: its name on a shared hotseat screen)
export function announceTurn(who) {
  if (st.sound) chime();
  const N = notifications();
  if (st.notify && document.hidden && N && N.permission === "granted") {
    try {
      const note = new N(who ? t("{name}, your turn", { name: who }) : t("Your turn"), {
        body: t("Small World: it is your move."), tag: "smallworld-turn", icon: "/static/img/icon.svg",
      });
      if (note && typeof note.addEventListener === "function") note.addEventListener("click", () => window.focus());
    } catch { /* a browser that only notifies from a service worker */ }
  }
}

async function setNotify(on) {
  const N = notifications();
  if (on && N && N.permission === "default" && !st.asked) {
    st.asked = true; // asked once: the browser remembers the answer
    save();
    try { await N.requestPermission(); } catch { /* old callback form: no answer */ }
  }
  st.notify = Boolean(on && N && N.permission === "granted");
  save();
  render();
}

function setSound(on) {
  st.sound = on;
  save();
  if (on) chime(); // what it sounds like (and the click lets the page play sounds)
  render();
}

function toggle(id, on, label, note, onclick) {
  return h("button", { type: "button", class: `alert-switch ${on ? "on" : ""}`.trim(), id, role: "switch",
    "aria-checked": String(on), onclick },
  h("span", { class: "switch-knob", "aria-hidden": "true" }),
  h("span", { class: "switch-text" }, h("b", {}, label), note ? h("span", { class: "muted" }, note) : null));
}

function render() {
  const any = st.notify || st.sound;
  if (button) {
    button.classList.toggle("on", any);
    button.setAttribute("aria-pressed", String(any));
  }
  if (!panel) return;
  const N = notifications();
  const blocked = !N ? t("This browser has no notifications.") : (N.permission === "denied" ? t("Your browser blocks notifications from this page.") : "");
  panel.replaceChildren(
    h("b", { class: "alerts-title" }, t("When your turn comes")),
    h("p", { class: "muted" }, t("The tab's title always says when it is your turn.")),
    toggle("alert-notify", st.notify, t("Notify me"), blocked || t("When this tab is hidden."), () => setNotify(!st.notify)),
    toggle("alert-sound", st.sound, t("Play a short sound"), "", () => setSound(!st.sound)),
    h("button", { type: "button", class: "ghost alerts-close", onclick: hidePanel }, t("Close")));
}

function hidePanel() { if (panel) panel.hidden = true; }

// the Alerts tool of the top bar, before `before`
export function wireAlerts(before) {
  button = h("button", { type: "button", class: "tool", id: "btn-alerts", "aria-pressed": "false",
    "aria-haspopup": "dialog", title: t("Be told when your turn comes") }, t("Alerts"));
  before.before(button);
  panel = h("div", { id: "alerts", class: "alerts-panel", role: "dialog", "aria-label": t("Alerts") });
  panel.hidden = true;
  document.body.append(panel);
  button.addEventListener("click", () => {
    render();
    panel.hidden = !panel.hidden;
    panel.style.top = `${Math.round(button.getBoundingClientRect().bottom + 8)}px`; // under the top bar's tool
  });
  document.addEventListener("click", (e) => {
    if (!panel.hidden && !e.composedPath().includes(panel) && e.target !== button) hidePanel();
  });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hidePanel(); });
  render();
}
