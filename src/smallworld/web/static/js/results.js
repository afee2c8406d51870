// The results screen's story of the game: the coins each player held round by round (a chart, one
// line per player) and where they came from (the starting coins; Regions, race, power, items,
// faction bonus; combos and tolls), each row adding up to the final coins. Read from the scoring
// lines of the log and the payload's ledger, all public once the game is over.
import { G, seatName } from "./ctx.js";
import { t, tn } from "./i18n.js";
import { h, s, PLAYER_COLOURS } from "./ui.js";

// scoring sources, then the coins that changed hands outside the scorings (the payload's
// ledger once the game is over: start, combos, tolls); every row adds up to the final coins
const SOURCES = ["Regions", "Race", "Power", "Items", "Faction bonus", "Other"];
const LEDGER = ["Start", "From combos", "Paid for combos", "Tolls received", "Tolls paid", "Other changes"];
const ledger = () => (G.P && G.P.coins) || [];
const ledgerKey = (c) => (LEDGER.includes(c.source) ? c.source : "Other changes");
// the rows' words in the page's language (the keys are the server's: web/chronicle.py)
const rowWords = () => ({
  Start: t("Start"), Regions: t("Regions"), Race: t("Race"), Power: t("Power"), Items: t("Items"),
  "Faction bonus": t("Faction bonus"), Other: t("Other scoring"), "From combos": t("From combos"),
  "Paid for combos": t("Paid for combos"), "Tolls received": t("Tolls received"), "Tolls paid": t("Tolls paid"),
  "Other changes": t("Other changes"),
});

// per seat: the change of its coins in each round (index 0 = round 1; the starting coins are
// round 0, kept apart)
export function perRound(v, entries) {
  const n = v.players.length;
  const table = Array.from({ length: n }, () => Array(v.rounds).fill(0));
  const add = (seat, round, x) => {
    if (seat === null || seat === undefined) return;
    if (round >= 1 && round <= v.rounds) table[seat][round - 1] += x;
  };
  for (const e of entries) {
    if (e.kind !== "score") continue;
    add(e.seat, e.round, (e.lines || []).reduce((a, [, x]) => a + x, 0));
  }
  for (const c of ledger()) if (c.source !== "Start") add(c.seat, c.round, c.n);
  return table;
}

function startCoins(v) {
  const out = v.players.map(() => 0);
  for (const c of ledger()) if (c.source === "Start") out[c.seat] += c.n;
  return out;
}

export function scoreChart(v, entries) {
  const table = perRound(v, entries);
  const start = startCoins(v);
  const running = table.map((row, p) => row.reduce((acc, x) => [...acc, (acc.length ? acc[acc.length - 1] : start[p]) + x], []));
  const top = Math.max(1, ...running.flat());
  const W = 520, H = 220, L = 34, B = 26, T = 10, R = 10;
  const x = (i) => L + (i * (W - L - R)) / Math.max(1, v.rounds - 1);
  const y = (val) => T + (H - T - B) * (1 - Math.max(0, val) / top);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img", "aria-label": t("Coins held at the end of each round") });
  for (let k = 0; k <= 4; k++) {
    const val = Math.round((top * k) / 4);
    svg.append(s("line", { x1: L, x2: W - R, y1: y(val), y2: y(val), class: "grid" }), s("text", { x: L - 4, y: y(val) + 4, class: "axis", "text-anchor": "end" }, val));
  }
  for (let i = 0; i < v.rounds; i++) svg.append(s("text", { x: x(i), y: H - 8, class: "axis", "text-anchor": "middle" }, i + 1));
  running.forEach((row, p) => {
    const pts = row.map((val, i) => `${x(i).toFixed(1)},${y(val).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points: pts, fill: "none", stroke: PLAYER_COLOURS[p], "stroke-width": 3, "stroke-linejoin": "round", dataset: { seat: p, last: row[row.length - 1] } }));
    row.forEach((val, i) => svg.append(s("circle", { cx: x(i), cy: y(val), r: 3.5, fill: PLAYER_COLOURS[p] },
      s("title", {}, t("{who}, round {round}: {change} ({coins})", {
        who: seatName(p), round: i + 1, change: `${table[p][i] >= 0 ? "+" : ""}${table[p][i]}`, coins: tn("{n} coin", "{n} coins", val) })))));
  });
  return h("section", { class: "results-chart", id: "results-chart" },
    h("h3", {}, t("Coins held, round by round")),
    svg,
    h("div", { class: "chart-keys" }, ...v.players.map((p) => h("span", { class: "chart-key" },
      h("span", { class: "swatch small", style: `background:${PLAYER_COLOURS[p.seat]}` }), seatName(p.seat)))),
    h("p", { class: "muted small-note" }, t("The coins each player held at the end of each round: the {start} they started with, what they scored, less what they paid for combos and tolls, plus what they took or received.", { start: Math.max(0, ...start) })));
}

export function sourcesTable(v, entries) {
  const cols = [...LEDGER.slice(0, 1), ...SOURCES, ...LEDGER.slice(1)];
  const label = rowWords();
  const sums = v.players.map(() => Object.fromEntries(cols.map((k) => [k, 0])));
  for (const e of entries) {
    if (e.kind !== "score" || !e.sources || e.seat === null || e.seat === undefined) continue;
    for (const [k, n] of Object.entries(e.sources)) sums[e.seat][SOURCES.includes(k) ? k : "Other"] += n;
  }
  for (const c of ledger()) sums[c.seat][ledgerKey(c)] += c.n;
  const used = cols.filter((k) => sums.some((row) => row[k]));
  if (!used.length) return null;
  const total = (p) => used.reduce((a, k) => a + sums[p][k], 0);
  // a row per source and a column per player (2 to 5 columns fit a phone), the coins last
  return h("section", { class: "results-sources" },
    h("h3", {}, t("Where the coins came from")),
    h("div", { class: "table-scroll" }, h("table", { class: "results-table sources-table", id: "sources-table" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), ...v.players.map((p) => h("th", { class: "num", dataset: { seat: p.seat } },
        h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[p.seat]}` }), seatName(p.seat))))),
      h("tbody", {},
        ...used.map((k) => h("tr", { dataset: { source: k } }, h("th", { scope: "row" }, label[k] || k),
          ...v.players.map((p) => h("td", { class: "num", dataset: { seat: p.seat } }, sums[p.seat][k])))),
        h("tr", { class: "total", dataset: { source: "total" } }, h("th", { scope: "row" }, t("Coins at the end")),
          ...v.players.map((p) => h("td", { class: "num", dataset: { seat: p.seat } }, total(p.seat))))))));
}
