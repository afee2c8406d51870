// The results screen's story of the game: coins scored round by round (a chart, one line per
// player, running totals) and where each player's coins came from (Regions, race, power, items,
// faction bonus). Read from the scoring lines of the log, all public once the game is over.
import { seatName } from "./ctx.js";
import { h, s, PLAYER_COLOURS } from "./ui.js";

const SOURCES = ["Regions", "Race", "Power", "Items", "Faction bonus", "Other"];

// per seat: coins scored in each round (index 0 = round 1)
export function perRound(v, entries) {
  const n = v.players.length;
  const table = Array.from({ length: n }, () => Array(v.rounds).fill(0));
  for (const e of entries) {
    if (e.kind !== "score" || e.seat === null || e.seat === undefined) continue;
    const total = (e.lines || []).reduce((a, [, x]) => a + x, 0);
    if (e.round >= 1 && e.round <= v.rounds) table[e.seat][e.round - 1] += total;
  }
  return table;
}

export function scoreChart(v, entries) {
  const table = perRound(v, entries);
  const running = table.map((row) => row.reduce((acc, x) => [...acc, (acc.length ? acc[acc.length - 1] : 0) + x], []));
  const top = Math.max(1, ...running.flat());
  const W = 520, H = 220, L = 34, B = 26, T = 10, R = 10;
  const x = (i) => L + (i * (W - L - R)) / Math.max(1, v.rounds - 1);
  const y = (val) => T + (H - T - B) * (1 - val / top);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-chart", role: "img", "aria-label": "Coins scored, round by round" });
  for (let k = 0; k <= 4; k++) {
    const val = Math.round((top * k) / 4);
    svg.append(s("line", { x1: L, x2: W - R, y1: y(val), y2: y(val), class: "grid" }), s("text", { x: L - 4, y: y(val) + 4, class: "axis", "text-anchor": "end" }, val));
  }
  for (let i = 0; i < v.rounds; i++) svg.append(s("text", { x: x(i), y: H - 8, class: "axis", "text-anchor": "middle" }, i + 1));
  running.forEach((row, p) => {
    const pts = row.map((val, i) => `${x(i).toFixed(1)},${y(val).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points: pts, fill: "none", stroke: PLAYER_COLOURS[p], "stroke-width": 3, "stroke-linejoin": "round", dataset: { seat: p } }));
    row.forEach((val, i) => svg.append(s("circle", { cx: x(i), cy: y(val), r: 3.5, fill: PLAYER_COLOURS[p] },
      s("title", {}, `${seatName(p)}, round ${i + 1}: +${table[p][i]} (total ${val})`))));
  });
  return h("section", { class: "results-chart", id: "results-chart" },
    h("h3", {}, "Coins scored, round by round"),
    svg,
    h("div", { class: "chart-keys" }, ...v.players.map((p) => h("span", { class: "chart-key" },
      h("span", { class: "swatch small", style: `background:${PLAYER_COLOURS[p.seat]}` }), seatName(p.seat)))),
    h("p", { class: "muted small-note" }, "Running totals of the coins scored at the end of each turn; coins paid for combos and tolls are not taken off."));
}

export function sourcesTable(v, entries) {
  const sums = v.players.map(() => Object.fromEntries(SOURCES.map((k) => [k, 0])));
  for (const e of entries) {
    if (e.kind !== "score" || !e.sources || e.seat === null || e.seat === undefined) continue;
    for (const [k, n] of Object.entries(e.sources)) sums[e.seat][SOURCES.includes(k) ? k : "Other"] += n;
  }
  const used = SOURCES.filter((k) => sums.some((row) => row[k]));
  if (!used.length) return null;
  return h("section", { class: "results-sources" },
    h("h3", {}, "Where the coins came from"),
    h("table", { class: "results-table sources-table", id: "sources-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), ...used.map((k) => h("th", { class: "num" }, k)))),
      h("tbody", {}, ...v.players.map((p) => h("tr", { dataset: { seat: p.seat } },
        h("td", {}, h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[p.seat]}` }), seatName(p.seat)),
        ...used.map((k) => h("td", { class: "num" }, sums[p.seat][k])))))));
}

