// The turn panel: what this seat can do now (or who is being waited for), with its buttons.
import { G, me, seatName, legalOf } from "./ctx.js";
import { showResults, winnersText } from "./modals.js";
import { turnFacts } from "./thisturn.js";
import { h, plural, PLAYER_COLOURS, raceName } from "./ui.js";

const STEP_TITLES = {
  pick: "Pick a combo", decide: "Expand or decline", conquer: "Conquer", redeploy: "Redeploy",
  defend: "Redeploy after losses", choice: "Make a choice", over: "Game over",
};

// act(text) plays an action; markHover(rid) outlines a Region on the board (null: none)
export function renderTurn(v, { act, markHover }) {
  const { P, meta, boardData } = G;
  const box = document.getElementById("turn");
  box.style.setProperty("--pc", PLAYER_COLOURS[P.actor >= 0 ? P.actor : v.turn] || "#3b2c1d");
  if (P.over) {
    box.className = "turn-panel over";
    box.replaceChildren(h("h2", {}, "Game over"), h("p", {}, winnersText(v)),
      h("button", { type: "button", class: "primary", onclick: showResults }, "See the results"));
    return;
  }
  if (!P.legal.length) {
    box.className = "turn-panel waiting";
    const who = P.actor >= 0 ? seatName(P.actor) : "the dice";
    const bot = P.actor_kind === "bot";
    box.replaceChildren(
      h("h2", {}, h("span", { class: "spinner" }), bot ? `${who} is thinking…` : `Waiting for ${who}`),
      h("p", { class: "muted" }, P.actor >= 0 ? `${who} is ${P.phase_text}.` : ""),
      turnFacts(),
    );
    return;
  }
  box.className = "turn-panel acting";
  const p = v.players[me()];
  const phase = v.phase;
  const kids = [h("h2", {}, STEP_TITLES[phase] || "Your move", h("span", { class: "hand", title: "Tokens in your hand" }, h("span", { class: "tok-ico light" }), `${p.hand} in hand`))];
  const handled = new Set();
  const buttons = [];
  const addButton = (a, cls = "") => buttons.push(h("button", {
    type: "button", class: `act ${cls}`, dataset: { action: a.text }, onclick: () => act(a.text),
    onmouseenter: () => a.region && markHover(a.region), onmouseleave: () => markHover(null),
  }, a.label));
  if (phase === "pick") {
    kids.push(h("p", {}, "Choose a combo in the column on the left: its race banner and power badge are yours."));
    handled.add("pick");
  } else if (phase === "decide") {
    kids.push(h("p", {}, `Keep expanding with the ${raceName(meta, p.race)}, or put them in decline and pick a new race next turn.`));
  } else if (phase === "conquer") {
    const hints = P.hints || {};
    const can = Object.values(hints).filter((x) => x.status === "conquer").length;
    const fin = Object.values(hints).filter((x) => x.status === "final").length;
    kids.push(h("p", {}, p.hand
      ? (can || fin
        ? `Click a ${can ? "green" : "amber"} Region to conquer it${fin && can ? " (amber: a final conquest with the die)" : ""}. Hover a Region to see its cost.`
        : "No Region is within reach of your tokens: end your conquests.")
      : "No token left in hand: end your conquests."));
    handled.add("conquer");
    handled.add("redeploy");
    const targets = legalOf("conquer").map((a) => ({ a, hint: hints[a.region] || {} }))
      .sort((x, y) => (x.hint.cost ?? 99) - (y.hint.cost ?? 99));
    if (targets.length) {
      kids.push(h("details", { class: "targets", open: targets.length <= 6 ? true : null },
        h("summary", {}, `Regions you can conquer (${targets.length})`),
        h("div", { class: "target-list" }, ...targets.map(({ a, hint }) => h("button", {
          type: "button", class: `target ${hint.status || ""}`, dataset: { action: a.text },
          onclick: () => act(a.text), onmouseenter: () => markHover(a.region), onmouseleave: () => markHover(null),
        },
          h("span", { class: "t-name" }, boardData.regions[a.region].name),
          h("span", { class: "t-cost" }, hint.status === "final" ? `${hint.cost} · die ${hint.need}+` : `${hint.cost}`))))));
    }
    const ab = legalOf("abandon");
    if (ab.length) {
      handled.add("abandon");
      kids.push(h("details", { class: "abandon" }, h("summary", {}, `Abandon a Region (${ab.length})`),
        h("p", { class: "muted" }, "Before your first conquest you may empty Regions: their tokens come back to your hand."),
        ...ab.map((a) => h("button", { type: "button", class: "small ghost", dataset: { action: a.text }, onclick: () => act(a.text),
          onmouseenter: () => markHover(a.region), onmouseleave: () => markHover(null) }, a.label))));
    }
  } else if (phase === "redeploy" || phase === "defend") {
    const rd = legalOf("redeploy");
    handled.add("redeploy");
    kids.push(h("p", {}, `Place ${plural(p.hand, "token")}: click your highlighted Regions (one token per click, shift-click for all).`));
    const regions = [...new Set(rd.map((a) => a.region))];
    kids.push(h("div", { class: "place-list" }, ...regions.map((rid) => {
      const max = Math.max(...rd.filter((a) => a.region === rid).map((a) => Number(a.args[1])));
      const r = v.regions.find((x) => x.id === rid);
      return h("div", { class: "place-row", onmouseenter: () => markHover(rid), onmouseleave: () => markHover(null) },
        h("span", { class: "place-name" }, boardData.regions[rid].name), h("span", { class: "muted" }, ` ${r ? r.tokens : ""}`),
        h("button", { type: "button", class: "small", dataset: { action: `redeploy ${rid} 1` }, onclick: () => act(`redeploy ${rid} 1`) }, "+1"),
        max > 1 ? h("button", { type: "button", class: "small ghost", dataset: { action: `redeploy ${rid} ${max}` }, onclick: () => act(`redeploy ${rid} ${max}`) }, `+${max}`) : null);
    })));
  } else if (phase === "choice") {
    kids.push(h("p", {}, "Your race, power or item asks for a decision:"));
  }
  for (const a of P.legal) {
    if (handled.has(a.kind)) continue;
    const cls = a.kind === "end" || a.kind === "expand" ? "primary" : (a.kind === "decline" ? "warn" : "");
    addButton(a, cls);
  }
  if (buttons.length) kids.push(h("div", { class: "buttons" }, ...buttons));
  kids.push(turnFacts()); // tolls paid, uses per turn, races beaten (null: nothing yet)
  box.replaceChildren(...kids.filter(Boolean));
}
