// The dialogs of the game page: the guide and the private seat links; the final results and
// downloading the record are finalresults.js's (re-exported here).
import { api } from "./api.js";
import { G, SIDES, seatName, sideMembers, sidesInPlay } from "./ctx.js";
import { sideRule } from "./players.js";
import { logEntries } from "./chronicle.js";
import { scoreChart, sourcesTable } from "./results.js";
import { h, toast, PLAYER_COLOURS, FACTION, seatUrl, botName } from "./ui.js";
import { ruleHref } from "./rulelinks.js";
import { t, tn, lang, editionNames } from "./i18n.js";
import { rematchControl } from "./rematch.js";
import { talkChoice } from "./chat.js";

function closeButton(label = t("Close")) {
  return h("button", { type: "button", class: "primary", onclick: () => { document.getElementById("modal").hidden = true; } }, label);
}

// the results dialog and the record's download live in finalresults.js
export { showResults, winnersText, exportRecord } from "./finalresults.js";

// ---- the Guide -----------------------------------------------------------------------------
// Every word through the catalogue (t), every name through the edition's names in the page's
// language (/api/i18n names), every ability's summary through the catalogue (its msgid is the
// English summary that /api/meta sends, marked N_ where the ability declares it).

// the edition's names in the page's language ({races, powers, items, pieces, factions})
function localNames() { return editionNames(G.meta.edition) || {}; }

// a race's, power's or item's name in the page's language
function abilityName(kind, id, x) {
  const table = localNames()[`${kind}s`];
  return (table && table[id]) || x.name;
}

// a piece kind's name (plural: its name for several) in the page's language
function pieceWord(kind, plural = false) {
  const local = (localNames().pieces || {})[kind];
  const own = (G.meta.piece_table || {})[kind];
  const pick = (p) => (p ? (plural ? p.plural || p.name : p.name) : null);
  return pick(local) || pick(own) || kind.replace(/-/g, " ");
}

// "A, B or C" / "A, B and C" in the page's language
function listOf(words, type = "disjunction") {
  return new Intl.ListFormat(lang(), { type }).format(words);
}

// the pieces a race, power or item brings (its declarations, /api/meta), for its Guide card
function piecesOf(x) {
  const table = G.meta.piece_table || {};
  const names = (x.pieces || []).filter((k) => table[k]).map((k) => pieceWord(k));
  return names.length ? h("span", { class: "guide-pieces" }, " ", t("Pieces: {pieces}.", { pieces: listOf(names, "conjunction") })) : null;
}

// "A, B or C": the pieces that make a conquest cost more (their declared defence)
function defencePieces() {
  return listOf(Object.entries(G.meta.piece_table || {}).filter(([, p]) => p.defence > 0).map(([k]) => pieceWord(k)));
}

// one step of the Guide: the word in bold, then what it means
function step(word, text, link) {
  return h("li", {}, h("b", {}, word), ": ", text, link ? " " : null, link);
}

// the cards of one kind (races, powers or items), sorted by their names in the page's language
function guideSection(title, kind, table, anchor) {
  const prefix = G.meta.factions === false ? `classic-${kind}` : kind; // the rules pages' anchors
  const { meta } = G;
  const factions = localNames().factions || {};
  const rows = Object.entries(table).map(([id, x]) => [id, x, abilityName(kind, id, x)])
    .sort((a, b) => a[2].localeCompare(b[2], lang()));
  return h("section", { class: "guide-section" }, h("h3", {}, title),
    h("dl", { class: "guide-list" }, ...rows.flatMap(([id, x, name]) => [
      h("dt", {}, name, x.value !== undefined ? h("span", { class: "val" }, x.value) : null,
        x.faction && meta.factions !== false ? h("span", { class: `tip-tag ${x.faction}` }, factions[x.faction] || FACTION[x.faction]) : null,
        x.kind ? h("span", { class: "tip-tag" }, x.kind === "artifact" ? t("Artifact") : t("Legendary Place")) : null),
      h("dd", {}, x.summary ? t(x.summary) : "", " ", anchor(`${prefix}-${id}`), piecesOf(x))])));
}

function openGuide(title, steps, sections, allRules) {
  const modal = document.getElementById("modal");
  modal.replaceChildren(h("div", { class: "modal-card guide", role: "dialog", "aria-label": t("Guide") },
    h("h2", {}, title), h("ol", { class: "guide-steps" }, ...steps), ...sections,
    h("p", {}, allRules), h("div", { class: "actions" }, closeButton())));
  modal.hidden = false;
}

export function showGuide() {
  const { meta } = G;
  // each step, race, power and item links to its rule in the rules pages (rulelinks.js)
  const rule = (anchor, label = t("rule")) => h("a", { class: "rule-link", href: ruleHref(anchor), target: "_blank", rel: "noopener" }, label);
  if (meta.factions === false) { classicGuide(rule); return; }
  const team = G.P && G.P.view.team;
  const die = (meta.die || []).join(", ");
  openGuide(t("How to play"), [
    step(t("Pick"), team
      ? t("a race of your side and the power in the same row (row N costs N coins).")
      : t("a race and a power from the column (each step down costs 1 coin). Their two numbers add up to your tokens."),
    rule(team ? "R-TEAM-3" : "R-PICK-2")),
    step(t("Conquer"), t("a Region costs 2 tokens + 1 per defender, {pieces}, + 1 when you arrive from the sea. Your first conquest lands on an Entry Region (anchor).",
      { pieces: defencePieces() }), rule("R-CONQ-3")),
    step(t("Final conquest"), t("short of tokens by up to 3? Roll the reinforcement die ({faces}). Then conquests end.", { faces: die }), rule("R-CONQ-9")),
    step(t("Redeploy"), t("the tokens in your hand among your Regions."), rule("R-TROOP-3")),
    step(t("Score"), team ? t("1 coin per Region you hold, plus bonuses. Teammates see each other's coins.")
      : t("1 coin per Region you hold, plus bonuses. Coins are secret."), rule("R-SCORE-1")),
    step(t("Decline"), t("instead of expanding, flip your tired race grey; it still scores, and next turn you pick a fresh one."), rule("R-DEC-1")),
    team
      ? step(t("Battle for Azeroth"), t("you play for the Alliance, the Horde or the Neutrals. {rule}", { rule: sideRule(G.P.view) }))
      : h("li", {}, t("Alliance and Horde races earn 1 coin per race of the other faction they beat in a turn. Most coins after the last round wins; ties go to the most tokens on the board."), " ", rule("R-SCORE-3")),
  ], [guideSection(t("Races"), "race", meta.races, rule), guideSection(t("Special Powers"), "power", meta.powers, rule),
    guideSection(t("Artifacts and Legendary Places"), "item", meta.items, rule)], rule("glossary", t("All the rules, in full")));
}

// the Guide of the original Small World (classic games): its own steps, no factions, no items
function classicGuide(rule) {
  const { meta } = G;
  const die = (meta.die || []).join(", ");
  const safe = ["hero", "hole", "dragon"].filter((k) => (meta.piece_table || {})[k]).map((k) => pieceWord(k, k !== "dragon"));
  const tribes = pieceWord(meta.neutral && meta.neutral.piece ? meta.neutral.piece : "lost-tribe", true);
  openGuide(t("How to play Small World"), [
    step(t("Pick"), t("a race and a power from the column (each step down costs 1 coin, left on the combos you skip). Their two numbers add up to your tokens."), rule("classic-pick")),
    step(t("Conquer"), t("a Region costs 2 tokens + 1 per token, {pieces} there. Your race's first conquest must be a border Region (at the edge of the map or on a Sea). {safe} make a Region safe.",
      { pieces: defencePieces(), safe: listOf(safe, "conjunction") }), rule("C-CONQ-3")),
    step(t("Final conquest"), t("short of tokens by up to 3? Roll the reinforcement die ({faces}). Then conquests end.", { faces: die }), rule("classic-conq-8-10")),
    step(t("Redeploy"), t("the tokens in your hand among your Regions."), rule("classic-troops")),
    step(t("Score"), t("1 coin per Region you hold, plus your race's and power's bonuses. Coins are secret."), rule("C-SCORE-1")),
    step(t("Decline"), t("instead of expanding, flip your tired race grey; it still scores, and next turn you pick a fresh one."), rule("C-DEC-1")),
    h("li", {}, t("The {tribes} start on the map and defend like tokens. Most coins after the last round wins; ties go to the most tokens on the map.", { tribes }), " ", rule("C-END-1")),
  ], [guideSection(t("Races"), "race", meta.races, rule), guideSection(t("Special Powers"), "power", meta.powers, rule)],
  rule("classic-glossary", t("All the rules, in full")));
}

export async function showLinks() {
  try {
    const path = `/api/games/${encodeURIComponent(G.gameId)}`;
    const [data, watch] = await Promise.all([api(`${path}/links`, { token: G.token }), api(`${path}/watch/setting`, { token: G.token })]);
    const modal = document.getElementById("modal");
    modal.replaceChildren(h("div", { class: "modal-card", role: "dialog" },
      h("h2", {}, t("Private seat links")),
      h("p", {}, t("Each link plays one seat and shows only that player's coins. Open it in another browser or send it to a friend on your network.")),
      h("ul", { class: "links" }, ...data.seats.map((s) => h("li", {},
        h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[s.seat]}` }), h("b", {}, s.name), " ",
        s.link ? h("input", { class: "link", readonly: true, value: seatUrl(s), onclick: (e) => e.target.select() }) : h("span", { class: "muted" }, t("bot ({level})", { level: t(botName(G.meta, s.bot)) }))))),
      spectators(path, data, watch),
      h("div", { class: "actions" }, closeButton())));
    modal.hidden = false;
  } catch (e) { toast(e.message, "bad"); }
}

// The host's choice of who may watch through the game's watch link (smallworld/web/watch.py):
// nobody, anyone once the game is over, or anyone live a few moves behind. Watchers see the
// board and the public chronicle, never a player's coins, and cannot play.
const WATCH_CHOICES = () => [["off", 0, t("Nobody")], ["end", 0, t("Anyone, once the game is over")],
  ["live", 1, watchBehind(1)], ["live", 5, watchBehind(5)], ["live", 0, t("Anyone, live")]];
function watchBehind(n) { return tn("Anyone, live, {n} move behind", "Anyone, live, {n} moves behind", n); }

function spectators(path, data, watch) {
  // the address others reach this server by: as the seat links give it
  const seat = data.seats.find((s) => s.url && s.link);
  const base = seat ? seat.url.slice(0, seat.url.length - seat.link.length) : window.location.origin;
  const offered = WATCH_CHOICES();
  const choices = offered.some(([m, d]) => m === watch.mode && (m !== "live" || d === watch.delay))
    ? offered : [...offered, [watch.mode, watch.delay, watchBehind(watch.delay)]];
  const value = (m, d) => (m === "live" ? `live:${d}` : m);
  const link = h("input", { class: "link", id: "watch-link", readonly: true, value: base + watch.link, style: "width: 100%",
    "aria-label": t("Watch link"), onclick: (e) => e.target.select() });
  const linkRow = h("p", { class: "watch-link" }, link);
  const note = h("p", { class: "muted small-note" });
  const sayWho = (m) => {
    linkRow.hidden = m === "off";
    note.textContent = m === "off" ? t("The watch link opens nothing.") : t("Watchers see the board and the chronicle, never a player's coins, and cannot play.");
  };
  const select = h("select", { id: "watch-mode", "aria-label": t("Who may watch"), style: "min-height: 44px; max-width: 100%",
    onchange: async (e) => {
      const [mode, delay] = e.target.value.split(":");
      try {
        const now = await api(`${path}/watch/setting`, { method: "PUT", token: G.token, body: { mode, delay: Number(delay || 0) } });
        sayWho(now.mode);
      } catch (err) { toast(err.message, "bad"); }
    } }, ...choices.map(([m, d, label]) => h("option", { value: value(m, d) }, label)));
  select.value = value(watch.mode, watch.delay);
  sayWho(watch.mode);
  return h("section", { class: "watch" }, h("h3", {}, t("Spectators")),
    h("label", {}, t("Who may watch:"), " ", select), linkRow, note, talkChoice(path, G.token));
}
