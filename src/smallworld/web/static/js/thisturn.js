// "This turn": the public facts of the turn in progress, shown at the foot of the turn panel —
// tolls already paid, the limited uses per turn of the playing seat's race, power and items, and
// the races beaten so far (faction bonus, R-SCORE-3). The server puts them in words
// (payload "this_turn", smallworld/web/turnfacts.py); this draws them as chips with tooltips.
import { G, seatName } from "./ctx.js";
import { h, esc, FACTION } from "./ui.js";
import { t, tn } from "./i18n.js";

const BONUS_TIP = (enemy) => `<b>${esc(t("Faction bonus (scored at the end of this turn)"))}</b>` +
  `<p>${esc(t("1 coin per distinct {faction} race beaten this turn, by the printed faction of the Active race. The {place} may count a race twice.",
    { faction: enemy, place: (G.meta.items.battleground || {}).name || "Battleground" }))}</p>`;

function chip(kind, text, tip, extra = "") {
  return h("span", { class: `fact fact-${kind} ${extra}`.trim(), "data-tip": tip, dataset: { fact: kind } }, text);
}

// the block for the payload's this_turn (null when there is nothing to say)
export function turnFacts() {
  const { P } = G;
  const facts = P.this_turn;
  if (!facts || P.over) return null;
  const chips = [];
  for (const x of facts.tolls) chips.push(chip("toll", x.text, `<b>${esc(t("Toll paid"))}</b><p>${esc(x.tip)}</p>`));
  for (const x of facts.uses) {
    const done = x.used >= x.max;
    chips.push(chip("use", x.text, `<b>${esc(x.text)}</b><p>${esc(x.tip)}</p>`, done ? "spent" : (x.used ? "part" : "ready")));
  }
  if (facts.beaten.length) {
    const races = facts.beaten.map((b) => h("span", {
      class: `beaten-race ${b.faction || ""} ${b.enemy ? "enemy" : ""}`.trim(), dataset: { race: b.race },
    }, b.name, b.regions > 1 ? ` ×${b.regions}` : ""));
    const list = facts.beaten.map((b) => `${esc(b.name)}: ${esc(tn("{n} Region", "{n} Regions", b.regions))}` +
      (b.faction ? ` (${esc(FACTION[b.faction] || b.faction)})` : "")).join("<br>");
    const tip = `<b>${esc(t("Races beaten this turn"))}</b><p>${list}</p>` + (facts.faction_bonus ? BONUS_TIP(facts.enemy_faction) : "");
    chips.push(h("span", { class: "fact fact-beaten", "data-tip": tip, dataset: { fact: "beaten" } },
      t("Beaten:"), " ", ...races.flatMap((x, i) => (i ? [", ", x] : [x])),
      facts.faction_bonus ? h("span", { class: "bonus" }, ` · ${t("faction bonus at scoring")}`) : null));
  }
  if (!chips.length) return null;
  const title = facts.seat === P.perspective && P.legal.length ? t("This turn") : t("{name}'s turn so far", { name: seatName(facts.seat) });
  const about = t("Public facts of the turn in progress: tolls already paid (nothing more to pay for them this turn), uses per turn of race, power and items, and the races beaten for the faction bonus. Hover each for details.");
  return h("div", { class: "turn-facts", id: "turn-facts" },
    h("span", { class: "facts-title", "data-tip": `<b>${esc(t("This turn"))}</b><p>${esc(about)}</p>` }, title),
    ...chips);
}
