// "This turn": the public facts of the turn in progress, shown at the foot of the turn panel —
// tolls already paid, the limited uses per turn of the playing seat's race, power and items, and
// the races beaten so far (faction bonus, R-SCORE-3). The server puts them in words
// (payload "this_turn", smallworld/web/turnfacts.py); this draws them as chips with tooltips.
import { G, seatName } from "./ctx.js";
import { h, esc, FACTION } from "./ui.js";

const BONUS_TIP = (enemy) => `<b>Faction bonus</b> (scored at the end of this turn)` +
  `<p>1 coin per distinct ${esc(enemy)} race beaten this turn, by the printed faction of the Active race. ` +
  "The Battleground may count a race twice.</p>";

function chip(kind, text, tip, extra = "") {
  return h("span", { class: `fact fact-${kind} ${extra}`.trim(), "data-tip": tip, dataset: { fact: kind } }, text);
}

// the block for the payload's this_turn (null when there is nothing to say)
export function turnFacts() {
  const { P } = G;
  const t = P.this_turn;
  if (!t || P.over) return null;
  const chips = [];
  for (const x of t.tolls) chips.push(chip("toll", x.text, `<b>Toll paid</b><p>${esc(x.tip)}</p>`));
  for (const x of t.uses) {
    const done = x.used >= x.max;
    chips.push(chip("use", x.text, `<b>${esc(x.text)}</b><p>${esc(x.tip)}</p>`, done ? "spent" : (x.used ? "part" : "ready")));
  }
  if (t.beaten.length) {
    const races = t.beaten.map((b) => h("span", {
      class: `beaten-race ${b.faction || ""} ${b.enemy ? "enemy" : ""}`.trim(), dataset: { race: b.race },
    }, b.name, b.regions > 1 ? ` ×${b.regions}` : ""));
    const list = t.beaten.map((b) => `${esc(b.name)}: ${b.regions} Region${b.regions === 1 ? "" : "s"}` +
      (b.faction ? ` (${esc(FACTION[b.faction] || b.faction)})` : "")).join("<br>");
    const tip = `<b>Races beaten this turn</b><p>${list}</p>` + (t.faction_bonus ? BONUS_TIP(t.enemy_faction) : "");
    chips.push(h("span", { class: "fact fact-beaten", "data-tip": tip, dataset: { fact: "beaten" } },
      "Beaten: ", ...races.flatMap((x, i) => (i ? [", ", x] : [x])),
      t.faction_bonus ? h("span", { class: "bonus" }, " · faction bonus at scoring") : null));
  }
  if (!chips.length) return null;
  const title = t.seat === P.perspective && P.legal.length ? "This turn" : `${seatName(t.seat)}'s turn so far`;
  return h("div", { class: "turn-facts", id: "turn-facts" },
    h("span", { class: "facts-title", "data-tip": "<b>This turn</b><p>Public facts of the turn in progress: tolls already paid (nothing more to pay for them this turn), uses per turn of race, power and items, and the races beaten for the faction bonus. Hover each for details.</p>" }, title),
    ...chips);
}
