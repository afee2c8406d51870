// The player cards, and in the team variant the sides panel (who plays for which side, the
// teammates' coins the view shows, the side score and the shared victory, RULES §12).
import { G, SIDES, me, seatName, sideMembers, sidesInPlay } from "./ctx.js";
import { icon, seatExtras } from "./pieces.js";
import { h, esc, PLAYER_COLOURS, PLAYER_INK, raceTip, powerTip, raceName, powerName, botName } from "./ui.js";
import { t, tn, lang, editionNames } from "./i18n.js";

export function renderPlayers(v) {
  const { P, meta } = G;
  const box = document.getElementById("players");
  const mySide = v.team && me() !== null && me() !== undefined ? v.team.sides[me()] : null;
  box.replaceChildren(...v.players.map((p) => {
    const seat = P.game.seats[p.seat];
    const mine = p.seat === me();
    const mate = mySide && !mine && p.side === mySide;
    const turn = !P.over && p.seat === v.turn;
    const winner = P.over && v.result && v.result.winners.includes(p.seat);
    const extras = seatExtras(v, p.seat, seatName);
    return h("div", {
      class: `player ${turn ? "turn" : ""} ${mine ? "mine" : ""} ${winner ? "winner" : ""}`,
      style: `--pc:${PLAYER_COLOURS[p.seat]};--pi:${PLAYER_INK[p.seat]}`, dataset: { seat: p.seat },
    },
      h("div", { class: "player-head" },
        h("span", { class: "disc" }, p.seat + 1),
        h("span", { class: "pname" }, p.name),
        seat.kind === "bot" ? h("span", { class: "tag" }, t("bot · {level}", { level: t(botName(meta, seat.bot)) })) : null,
        p.side ? h("span", { class: `tag side side-${p.side}`, "data-tip": sideTip(v, p.side) }, SIDES[p.side] || p.side) : null,
        mine && P.mode === "seat" ? h("span", { class: "tag you" }, t("you")) : null,
        mate ? h("span", { class: "tag mate", title: t("Your teammate: you see each other's coins") }, t("teammate")) : null,
        turn ? h("span", { class: "tag turn" }, t("playing")) : null,
        h("span", { class: "vc", title: p.vc === null ? t("Coins are secret") : (mate ? t("Your teammate's coins") : t("Victory coins")) },
          h("span", { class: "coin" }), p.vc === null ? "?" : p.vc)),
      h("div", { class: "banners" },
        p.race ? h("span", { class: `banner active ${meta.races[p.race] ? meta.races[p.race].faction : ""}`, "data-tip": raceTip(meta, p.race) }, raceName(meta, p.race)) : h("span", { class: "banner none" }, t("no race")),
        p.power ? h("span", { class: "badge", "data-tip": powerTip(meta, p.power) }, powerName(meta, p.power)) : null,
        p.decline ? h("span", { class: "banner decline", "data-tip": raceTip(meta, p.decline, `<p class='muted'>${esc(t("In decline"))}</p>`) }, t("{race} (in decline)", { race: raceName(meta, p.decline) })) : null,
        p.kept ? h("span", { class: "badge decline", "data-tip": powerTip(meta, p.kept) }, powerName(meta, p.kept)) : null),
      extras.length ? h("div", { class: "holds" }, ...extras.map((x) => h("span", {
        class: `hold hold-${x.kind}`, "data-tip": x.tip, dataset: { kind: x.kind },
      }, ["harmony", "champion", "beast", "bomb"].includes(x.kind) ? icon(x.kind) : null, x.text))) : null,
      h("div", { class: "player-foot" },
        h("span", { title: t("Race tokens in hand") }, h("span", { class: "tok-ico" }), t("{n} in hand", { n: p.hand })),
        h("span", { title: t("Regions held") }, tn("{n} Region", "{n} Regions", regionsOf(v, p.seat))),
        p.last_score && p.last_score.length ? scoreLine(p.last_score) : null),
    );
  }));
  renderSides(v);
}

function regionsOf(v, seat) { return v.regions.filter((r) => r.player === seat && (r.occupant === "active" || r.occupant === "decline")).length; }

function scoreLine(lines) {
  const total = lines.reduce((a, [, n]) => a + n, 0);
  const parts = lines.filter(([, n]) => n).map(([l, n]) => `${t(l)} ${n}`).join(" · ");
  const head = tn("Last scoring: {n} coin", "Last scoring: {n} coins", total);
  return h("span", { class: "last-score", "data-tip": `<b>${esc(head)}</b><p>${esc(parts || t("nothing"))}</p>` }, t("last turn +{n}", { n: total }));
}

// R-TEAM-7 in words, for the player count of this game
export function sideRule(v) {
  const n = v.players.length;
  return n >= 4
    ? t("A side wins together. {alliance} and {horde} each score the lower of their two players' coins; {neutral} scores its own.",
      { alliance: SIDES.A || "Alliance", horde: SIDES.H || "Horde", neutral: SIDES.N || "Neutral" })
    : t("A side wins together: each side is one player, scoring its own coins.");
}

function sideTip(v, side) {
  const names = new Intl.ListFormat(lang(), { type: "conjunction" }).format(sideMembers(v, side).map(seatName));
  return `<b>${esc(SIDES[side] || side)}</b><p>${esc(names)}</p><p>${esc(sideRule(v))}</p>`;
}

// The side score when every member's coins are known (own side, or the end of the game).
export function sideScore(v, side) {
  if (v.result && v.result.sides) return v.result.sides[side];
  const vcs = sideMembers(v, side).map((p) => v.players[p].vc);
  return vcs.some((x) => x === null || x === undefined) ? null : Math.min(...vcs);
}

function renderSides(v) {
  const box = document.getElementById("sides");
  if (!box) return;
  if (!v.team) { box.hidden = true; return; }
  const mySide = me() !== null && me() !== undefined ? v.team.sides[me()] : null;
  const res = v.result;
  box.hidden = false;
  box.replaceChildren(
    h("h2", { class: "panel-title" }, t("{title} · sides", { title: teamTitle() })),
    h("div", { class: "sides" }, ...sidesInPlay(v).map((side) => {
      const score = sideScore(v, side);
      const won = res && res.winning_sides && res.winning_sides.includes(side);
      return h("div", { class: `side-row side-${side} ${side === mySide ? "mine" : ""} ${won ? "won" : ""}`, dataset: { side }, "data-tip": sideTip(v, side) },
        h("span", { class: `tag side side-${side}` }, SIDES[side]),
        h("span", { class: "side-members" }, ...sideMembers(v, side).map((p) => h("span", { class: "member" },
          h("span", { class: "swatch small", style: `background:${PLAYER_COLOURS[p]}` }), seatName(p),
          v.players[p].vc !== null && v.players[p].vc !== undefined ? h("span", { class: "muted" }, ` ${v.players[p].vc}`) : null))),
        side === mySide && !res ? h("span", { class: "tag you-side" }, t("your side")) : null,
        won ? h("span", { class: "crown", title: t("Winning side") }, "♛") : null,
        h("span", { class: "side-score", title: t("Side score") }, score === null ? "?" : score));
    })),
    h("p", { class: "side-rule muted" }, sideRule(v)),
  );
}

// the team variant's title in the page's language (the rulebooks': "Battaglia per Azeroth")
function teamTitle() { const n = editionNames("swow-team"); return lang() !== "en" && n ? n.title : "Battle for Azeroth"; }
