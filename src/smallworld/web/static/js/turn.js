// The turn panel: what this seat can do now (or who is being waited for), with its buttons.
import { G, me, seatName, legalOf } from "./ctx.js";
import { showResults, winnersText } from "./modals.js";
import { turnFacts } from "./thisturn.js";
import { h, esc, PLAYER_COLOURS, raceName, onTouch } from "./ui.js";
import { t, tn } from "./i18n.js";
import * as plan from "./plan.js";
import { askConfirm, confirmAgain } from "./confirm.js";
import { byLayout } from "./dock.js";

const STEP_TITLES = {
  pick: () => t("Pick a combo"), decide: () => t("Expand or decline"), conquer: () => t("Conquer"),
  redeploy: () => t("Redeploy"), defend: () => t("Redeploy after losses"), choice: () => t("Make a choice"),
  over: () => t("Game over"),
};

// act(text) plays an action; markHover(rid) outlines a Region on the board (null: none); undo()
// takes back the last action; sendPlan() commits the redeployment plan; redraw() redraws the page
export function renderTurn(v, { act, markHover, undo, sendPlan, redraw }) {
  const { P, meta, boardData } = G;
  const box = document.getElementById("turn");
  box.style.setProperty("--pc", PLAYER_COLOURS[P.actor >= 0 ? P.actor : v.turn] || "#3b2c1d");
  if (P.over) {
    box.className = "turn-panel over";
    box.replaceChildren(h("h2", {}, t("Game over")), h("p", {}, winnersText(v)),
      h("button", { type: "button", class: "primary", onclick: showResults }, t("See the results")));
    return;
  }
  if (!P.legal.length) {
    box.className = "turn-panel waiting";
    const named = P.actor >= 0 && P.game.seats[P.actor];
    const who = named ? P.game.seats[P.actor].name : t("chance");
    const bot = P.actor_kind === "bot";
    // (replaceChildren would write a null child as the text "null")
    box.replaceChildren(...[
      h("h2", {}, h("span", { class: "spinner" }), named ? (bot ? t("{name} is thinking…", { name: who }) : t("Waiting for {name}", { name: who })) : t("The dice are rolling…")),
      named && P.phase_text ? h("p", { class: "muted" }, t("{name} is {doing}.", { name: who, doing: P.phase_text })) : null,
      turnFacts(),
    ].filter(Boolean));
    return;
  }
  box.className = "turn-panel acting";
  const p = v.players[me()];
  const phase = v.phase;
  const planning = plan.planning();
  const inHand = planning ? plan.left() : p.hand;
  const kids = [h("h2", {}, STEP_TITLES[phase] ? STEP_TITLES[phase]() : t("Your move"), h("span", { class: "hand", title: t("Tokens in your hand") }, h("span", { class: "tok-ico light" }), t("{n} in hand", { n: inHand })))];
  if (P.can_undo) {
    kids.push(h("div", { class: "undo-row" }, h("button", {
      type: "button", class: "small", id: "btn-undo", title: t("Take back your last move (Ctrl+Z)"), onclick: undo,
    }, t("↶ Undo last move")), h("span", { class: "muted" }, t("Nothing random or hidden has come out since."))));
  } else if (P.undo_blocked) {
    kids.push(h("p", { class: "undo-note muted", id: "undo-note" }, P.undo_blocked));
  }
  const handled = new Set();
  const buttons = [];
  const addButton = (a, cls = "") => buttons.push(h("button", {
    type: "button", class: `act ${cls}`, dataset: { action: a.text }, onclick: () => play(a, act), title: a.hint || null,
    onmouseenter: () => a.region && markHover(a.region), onmouseleave: () => markHover(null),
  }, a.label));
  if (phase === "pick") {
    kids.push(h("p", {}, byLayout(t("Choose a combo in the column on the left: its race banner and power badge are yours."),
      t("Choose a combo in the row below: its race banner and power badge are yours."),
      t("Choose a combo in the row under the board: its race banner and power badge are yours."))));
    handled.add("pick");
  } else if (phase === "decide") {
    const ex = P.legal.find((a) => a.kind === "expand");
const race = raceName(meta, p.race);
    kids.push(h("p", {}, ex && ex.hand !== undefined && ex.hand !== null
      ? tn("Keep expanding with the {race} (you will have {n} token to conquer with), or put them in decline: they stay on the board and score, and you pick a new race next turn.",
        "Keep expanding with the {race} (you will have {n} tokens to conquer with), or put them in decline: they stay on the board and score, and you pick a new race next turn.", ex.hand, { race })
      : t("Keep expanding with the {race}, or put them in decline: they stay on the board and score, and you pick a new race next turn.", { race })));
  } else if (phase === "conquer") {
    const hints = P.hints || {};
    const can = Object.values(hints).filter((x) => x.status === "conquer").length;
    const fin = Object.values(hints).filter((x) => x.status === "final").length;
    // with nothing left to place, ending the conquests ends the turn (the button says so)
const endsTurn = legalOf("end").some((a) => a.ends_turn);
    kids.push(h("p", {}, p.hand ? (can || fin ? conquerWords(can, fin)
      : (endsTurn ? t("No Region is within reach of your tokens: end your turn.") : t("No Region is within reach of your tokens: end your conquests.")))
      : (endsTurn ? t("No token left in hand: end your turn.") : t("No token left in hand: end your conquests."))));
    handled.add("conquer");
    handled.add("redeploy");
    const targets = legalOf("conquer").map((a) => ({ a, hint: hints[a.region] || {} }))
      .sort((x, y) => (x.hint.cost ?? 99) - (y.hint.cost ?? 99));
    if (targets.length) {
      kids.push(h("details", { class: "targets", open: targets.length <= 6 ? true : null },
        h("summary", {}, t("Regions you can conquer ({n})", { n: targets.length })),
        h("div", { class: "target-list" }, ...targets.map(({ a, hint }) => h("button", {
          type: "button", class: `target ${hint.status || ""}`, dataset: { action: a.text },
          onclick: () => act(a.text), onmouseenter: () => markHover(a.region), onmouseleave: () => markHover(null),
        },
          h("span", { class: "t-name" }, boardData.regions[a.region].name),
          h("span", { class: "t-cost" }, hint.status === "final" ? t("{cost} · die {need}+", { cost: hint.cost, need: hint.need }) : `${hint.cost}`))))));
    }
    const ab = legalOf("abandon");
    if (ab.length) {
      handled.add("abandon");
      kids.push(h("details", { class: "abandon" }, h("summary", {}, t("Abandon a Region ({n})", { n: ab.length })),
        h("p", { class: "muted" }, t("Before your first conquest you may empty Regions: their tokens come back to your hand.")),
        ...ab.map((a) => h("button", { type: "button", class: "small ghost", dataset: { action: a.text }, onclick: () => act(a.text),
          onmouseenter: () => markHover(a.region), onmouseleave: () => markHover(null) }, a.label))));
    }
  } else if (planning) {
    handled.add("redeploy");
    const left = plan.left();
kids.push(h("p", {}, placeWords(left)));
    const adds = plan.currentPlan().adds;
    kids.push(h("div", { class: "place-list" }, ...plan.targets().map((rid) => {
      const r = v.regions.find((x) => x.id === rid);
      const mine = adds.get(rid) || 0;
      return h("div", { class: `place-row ${mine ? "planned" : ""}`.trim(), dataset: { region: rid }, onmouseenter: () => markHover(rid), onmouseleave: () => markHover(null) },
        h("span", { class: "place-name" }, boardData.regions[rid].name),
        h("span", { class: "place-count", title: t("Tokens there after your placement") }, `${(r ? r.tokens : 0) + mine}`),
        mine ? h("span", { class: "place-plus" }, `+${mine}`) : null,
        h("button", { type: "button", class: "small ghost", dataset: { plan: `-${rid}` }, disabled: !mine, "aria-label": t("Take a token back from {region}", { region: boardData.regions[rid].name }), onclick: () => { plan.remove(rid); redraw(); } }, "−"),
        h("button", { type: "button", class: "small", dataset: { plan: `+${rid}` }, disabled: !left, "aria-label": t("Add a token to {region}", { region: boardData.regions[rid].name }), onclick: () => { plan.add(rid); redraw(); } }, "+"));
    })));
    buttons.push(h("button", {
      type: "button", class: "act primary", id: "btn-end-turn", disabled: left > 0, onclick: sendPlan,
      title: left ? tn("Place {n} more token first", "Place {n} more tokens first", left) : t("Commit this placement"),
    }, phase === "defend" ? t("Done placing") : t("End turn")));
    if (adds.size) buttons.push(h("button", { type: "button", class: "act ghost", id: "btn-plan-reset", onclick: () => { plan.reset(); redraw(); } }, t("Start placing again")));
  } else if (phase === "choice") {
    kids.push(h("p", { class: P.asks ? "asks" : null }, P.asks || t("Your race, power or item asks for a decision:")));
    if (P.legal.some((a) => a.region)) kids.push(h("p", { class: "muted" }, onTouch() ? t("Tap a highlighted Region to choose it, or use a button below.") : t("Click a highlighted Region to choose it, or use a button below.")));
  }
  for (const a of P.legal) {
    if (handled.has(a.kind)) continue;
    const cls = a.warn ? "" : (a.kind === "end" || a.kind === "expand" ? "primary" : (a.kind === "decline" ? "warn" : ""));
    addButton(a, cls);
  }
  if (buttons.length) kids.push(h("div", { class: "buttons" }, ...buttons));
  kids.push(turnFacts()); // tolls paid, uses per turn, races beaten (null: nothing yet)
  box.replaceChildren(...kids.filter(Boolean));
}

// an action that ends the turn at once (a decline, a pass, an ability's last choice) is asked
// about first, since a turn passed cannot be taken back; End turn itself says so on its button,
// but asks too when it throws part of the turn away (the server's `warn`: tokens left in hand
// with no Region to hold them, nothing conquered in a turn that could)
function play(a, act) {
  if (a.warn) return askFirst(a, act);
  if (!a.ends_turn || (a.kind === "end" && G.P.view.phase !== "pick")) return act(a.text);
  const key = `action:${a.text}`;
  if (confirmAgain(key)) return;
  askConfirm({
    key, title: a.label, confirmLabel: a.kind === "decline" ? t("Decline and end my turn") : t("Do it and end my turn"),
    html: `${a.hint ? `<p>${esc(a.hint)}</p>` : ""}<p class='muted'>${esc(t("This ends your turn: it cannot be taken back."))}</p>`,
    onConfirm: () => act(a.text),
  });
}

function askFirst(a, act) {
  const key = `action:${a.text}`;
  if (confirmAgain(key)) return;
  askConfirm({
    key, title: a.warn, tone: "warn", cancelLabel: t("Keep playing"),
    confirmLabel: a.ends_turn ? t("End my turn anyway") : t("Stop conquering"),
    html: `${a.hint ? `<p>${esc(a.hint)}</p>` : ""}${a.ends_turn ? `<p class='muted'>${esc(t("This ends your turn: it cannot be taken back."))}</p>` : ""}`,
    onConfirm: () => act(a.text),
  });
}

// how to conquer, for the pointer in use: ``can`` Regions at their cost, ``fin`` only with the die
function conquerWords(can, fin) {
  const both = fin && can;
  if (onTouch()) {
    if (!can) return t("Tap an amber Region to see its cost, tap it again to conquer it.");
    return both ? t("Tap a green Region to see its cost, tap it again to conquer it (amber: a final conquest with the die).")
      : t("Tap a green Region to see its cost, tap it again to conquer it.");
  }
  if (!can) return t("Click an amber Region to conquer it. Hover a Region to see its cost.");
  return both ? t("Click a green Region to conquer it (amber: a final conquest with the die). Hover a Region to see its cost.")
    : t("Click a green Region to conquer it. Hover a Region to see its cost.");
}

// how to place the tokens left (``left``) of the redeployment, for the pointer in use
function placeWords(left) {
  if (!left) {
    return onTouch() ? t("Every token is placed. Move them around with + and − (or hold a Region to take one back), then end your turn.")
      : t("Every token is placed. Move them around with + and −, then end your turn.");
  }
  return onTouch()
    ? tn("Place {n} token: tap your highlighted Regions, hold one to take a token back. Move them around freely: nothing is final until you end your turn.",
      "Place {n} tokens: tap your highlighted Regions, hold one to take a token back. Move them around freely: nothing is final until you end your turn.", left)
    : tn("Place {n} token: click your highlighted Regions (shift-click puts all that are left). Move them around freely: nothing is final until you end your turn.",
      "Place {n} tokens: click your highlighted Regions (shift-click puts all that are left). Move them around freely: nothing is final until you end your turn.", left);
}
