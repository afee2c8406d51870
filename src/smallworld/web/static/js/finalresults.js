// The results dialog of a finished game (by side in the team variant): who won, the players'
// coins and tokens, the chart and where the coins came from (results.js), in the page's language.
import { G, SIDES, seatName, sideMembers, sidesInPlay } from "./ctx.js";
import { sideRule } from "./players.js";
import { logEntries } from "./chronicle.js";
import { scoreChart, sourcesTable } from "./results.js";
import { h, toast, PLAYER_COLOURS } from "./ui.js";
import { t, tn, lang, editionNames } from "./i18n.js";
import { rematchControl } from "./rematch.js";

// a side's faction (its name comes from the edition's names in the page's language)
const SIDE_FACTION = { A: "alliance", H: "horde", N: "neutral" };

export function sideName(side) {
  const names = editionNames(G.P && G.P.game ? G.P.game.edition : "swow-team") || editionNames("swow-team") || {};
  return (names.factions || {})[SIDE_FACTION[side]] || SIDES[side] || side;
}

const coins = (n) => tn("{n} coin", "{n} coins", n);
const listed = (names) => new Intl.ListFormat(lang(), { type: "conjunction" }).format(names);
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export function winnersText(v) {
  const res = v.result;
  if (!res) return "";
  if (v.team && res.winning_sides) {
    const sides = res.winning_sides;
    const named = sides.map((x) => t("the {name} ({members})", { name: sideName(x), members: listed(sideMembers(v, x).map(seatName)) }));
    const score = coins(res.sides[sides[0]]);
    return capital(sides.length > 1
      ? t("{sides} share the victory with a side score of {coins}.", { sides: listed(named), coins: score })
      : t("{side} wins with a side score of {coins}.", { side: named[0], coins: score }));
  }
  const names = listed(res.winners.map(seatName));
  const score = coins(res.scores[res.winners[0]]);
  return res.winners.length > 1
    ? t("{winners} share the victory with {coins}.", { winners: names, coins: score })
    : t("{winner} wins with {coins}.", { winner: names, coins: score });
}

function sidesTable(v) {
  const res = v.result;
  const order = sidesInPlay(v).sort((a, b) => res.sides[b] - res.sides[a]);
  return h("table", { class: "results-table sides-table" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("Side")), h("th", {}, t("Players")), h("th", { title: sideRule(v) }, t("Side score")))),
    h("tbody", {}, ...order.map((side, i) => h("tr", { class: res.winning_sides.includes(side) ? "win" : "", dataset: { side } },
      h("td", {}, res.winning_sides.includes(side) ? h("span", { class: "crown" }, "♛") : `${i + 1}`),
      h("td", {}, h("span", { class: `tag side side-${side}` }, sideName(side))),
      h("td", {}, sideMembers(v, side).map((p) => `${seatName(p)} ${res.scores[p]}`).join(" · ")),
      h("td", { class: "num" }, res.sides[side])))));
}

// why the winners won: a tie on coins broken by tokens, or the rule of the sides
function tieNote(v, order, team) {
  const res = v.result;
  const top = res.scores[res.winners[0]];
  const tiedOnCoins = order.filter((p) => res.scores[p] === top);
  if (!team && tiedOnCoins.length > 1) {
    const text = res.winners.length < tiedOnCoins.length
      ? t("Tied on {coins}: the tie goes to the most race tokens on the board ({tokens}).",
        { coins: coins(top), tokens: tiedOnCoins.map((p) => `${seatName(p)} ${res.tokens[p]}`).join(", ") })
      : t("Tied on {coins} and on tokens on the board: the victory is shared.", { coins: coins(top) });
    return h("p", { class: "tie" }, text);
  }
  return h("p", { class: "muted" }, team
    ? `${sideRule(v)} ${t("A tie goes to the side with the highest single score; still tied, those sides share the victory.")}`
    : t("Ties on coins go to the player with the most race tokens on the board."));
}

function playersTable(v, order, team) {
  const res = v.result;
  return h("table", { class: `results-table players-table ${team ? "with-side" : ""}` },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("Player")), team ? h("th", {}, t("Side")) : null, h("th", {}, t("Coins")),
      h("th", { title: t("Race tokens on the board: the tie-break") }, t("Tokens")))),
    h("tbody", {}, ...order.map((p, i) => h("tr", { class: res.winners.includes(p) ? "win" : "" },
      h("td", {}, res.winners.includes(p) ? h("span", { class: "crown" }, "♛") : `${i + 1}`),
      h("td", {}, h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[p]}` }), seatName(p)),
      team ? h("td", {}, sideName(v.team.sides[p])) : null,
      h("td", { class: "num" }, res.scores[p]),
      h("td", { class: "num" }, res.tokens[p])))));
}

export function showResults() {
  const v = G.P.view;
  const res = v.result;
  if (!res) return;
  const team = Boolean(v.team && res.sides);
  const order = v.players.map((p) => p.seat).sort((a, b) => (res.scores[b] - res.scores[a]) || (res.tokens[b] - res.tokens[a]));
  const modal = document.getElementById("modal");
  const close = h("button", { type: "button", class: "primary", onclick: () => { modal.hidden = true; } }, t("Look at the board"));
  modal.replaceChildren(h("div", { class: "modal-card results", role: "dialog", "aria-label": t("Results") },
    h("h2", {}, t("Final results")),
    h("p", { class: "lead" }, winnersText(v)),
    h("p", { class: "results-again" }, rematchControl()), // on the first screen of the results
    team ? sidesTable(v) : null,
    playersTable(v, order, team),
    tieNote(v, order, team),
    scoreChart(v, logEntries()),
    sourcesTable(v, logEntries()),
    h("div", { class: "actions" },
      h("a", { class: "button", id: "results-replay", href: `/replay/${encodeURIComponent(G.gameId)}?${G.query}` }, t("Watch the replay")),
      h("button", { type: "button", onclick: exportRecord }, t("Download the record")),
      h("a", { class: "button", href: "/" }, t("All games")),
      close)));
  modal.hidden = false;
}

// the game's record as a file (the host's, or anyone's once the game is over)
export async function exportRecord() {
  try {
    const res = await fetch(`/api/games/${encodeURIComponent(G.gameId)}/record?${G.query}`);
    if (!res.ok) { const d = await res.json().catch(() => ({})); throw new Error(d.error || res.statusText); }
    const blob = await res.blob();
    const a = h("a", { href: URL.createObjectURL(blob), download: `smallworld-${G.gameId}.json` });
    document.body.append(a); a.click(); a.remove();
  } catch (e) { toast(e.message, "bad"); }
}
