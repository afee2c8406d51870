// The lobby: new game form, saved games, import; its words through t()/tn() (i18n.js).
import { api, postRaw } from "./api.js";
import { h, PLAYER_COLOURS, installTooltips, toast, seatUrl, botName } from "./ui.js";
import { loadI18n, t, tn, lang, editionNames, languageSwitch } from "./i18n.js";

const DEFAULT_NAMES = ["Anna", "Bruno", "Chen", "Dalia", "Emeka"];
let meta = null;

// bot levels (Easy, Medium, Hard: bots.LEVELS) and named opponents (bots.OPPONENTS), in player
// words, that play the game being set up: the Trained bot only plays the games it learned
// (its "games": [edition, players] pairs)
function offered() {
  const n = Number(document.getElementById("players").value);
  const ed = document.getElementById("edition").value;
  return [...(meta.levels || []), ...(meta.opponents || [])]
    .filter((l) => !l.games || l.games.some(([e, p]) => e === ed && p === n));
}

function seatRow(i, prev) {
  const kind = prev ? prev.kind : (i === 0 ? "human" : "bot");
  // a real name by default ("You" would read "You's turn" to everyone else)
  const name = prev ? prev.name : DEFAULT_NAMES[i];
  // a game made elsewhere with another bot keeps it, under its name; an opponent that does
  // not play this game gives way to the first level
  const levels = offered();
  const shown = new Set(levels.map((l) => l.bot));
  const named = new Set([...(meta.levels || []), ...(meta.opponents || [])].map((l) => l.bot));
  const kept = prev && prev.bot && !named.has(prev.bot) ? prev.bot : null;
  const select = h("select", { name: `kind-${i}`, class: "seat-kind", "aria-label": t("Seat {n} player", { n: i + 1 }),
    // may shrink below its longest option's width (phones: no sideways scrolling)
    style: "min-width:0;max-width:12em" },
    h("option", { value: "human" }, t("Human")),
    ...levels.map((l) => h("option", { value: `bot:${l.bot}`, title: levelWords(l), "data-level": l.id }, t("Bot · {level}", { level: t(l.name) }))),
    kept ? h("option", { value: `bot:${kept}` }, t("Bot · {level}", { level: kept })) : null,
  );
  const firstBot = levels.length ? levels[0].bot : meta.bots[0];
  const bot = prev && prev.bot && (shown.has(prev.bot) || prev.bot === kept) ? prev.bot : firstBot;
  select.value = kind === "human" ? "human" : `bot:${bot}`;
  const input = h("input", { name: `name-${i}`, class: "seat-name", value: name, maxlength: 24, style: "width:0", "aria-label": t("Seat {n} name", { n: i + 1 }) });
  return h("li", { class: "seat" },
    h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[i]}` }),
    input, select);
}

// Battle for Azeroth (R-TEAM-1): the side of each seat follows the seat order
// a level's description in the page's language: the Trained bot's names its games, the lists
// joined as the language joins them (Intl.ListFormat)
function levelWords(l) {
  if (!l.say) return t(l.description);
  const list = (items, type) => new Intl.ListFormat(lang(), { type }).format(items.map(String));
  return t(l.say.msg, { players: list(l.say.players, "disjunction"), editions: list(l.say.editions.map((e) => t(e)), "conjunction") });
}

// a board face's name in the page's language (the edition's names), else as the server gave it
function boardName(g, i) {
  const names = editionNames(g.edition || "swow");
  const id = (g.boards || [])[i];
  return (names && names.boards && names.boards[id]) || (g.board_names || [])[i] || id;
}

function teamSides(n) { return meta.team_sides[String(n)] || []; }
function editionName(id) { const e = meta.editions.find((x) => x.id === id); return e ? t(e.name) : id; }
// a side's name (R-TEAM-1) in the page's language: its faction's, as the rulebooks print it
function sideName(side) {
  const names = editionNames("swow-team");
  const faction = (meta.side_factions || {})[side];
  return (names && faction && names.factions[faction]) || meta.side_names[side] || side;
}
// the team variant's short name: the Italian and Korean rulebooks' title, "Battle for Azeroth"
function teamTitle() { const n = editionNames("swow-team"); return lang() !== "en" && n ? n.title : "Battle for Azeroth"; }

// "3 min ago", in the page's language (CLDR through Intl.RelativeTimeFormat)
function ago(iso) {
  const when = Date.parse(iso);
  if (!when) return "";
  const s = Math.round((Date.now() - when) / 1000);
  const say = new Intl.RelativeTimeFormat(lang(), { numeric: "auto", style: "short" });
  if (s < 60) return say.format(0, "second");
  if (s < 3600) return say.format(-Math.round(s / 60), "minute");
  if (s < 86400) return say.format(-Math.round(s / 3600), "hour");
  return new Date(when).toLocaleDateString(lang());
}
function isTeam() { return document.getElementById("edition").value === "swow-team"; }

// the brand and the tab title name the game being set up: the original Small World is not "of
// Warcraft"
function renderBrand() {
  const classic = document.getElementById("edition").value === "classic";
  const names = editionNames(classic ? "classic" : "swow");
  const title = names ? names.title : (classic ? "Small World" : "Small World of Warcraft");
  const em = document.querySelector(".brand em");
  if (em) em.hidden = classic;
  // the Korean rulebook writes the title in Hangul: the brand shows it as one name
  const brand = document.querySelector(".brand span");
  if (brand && lang() === "ko") brand.textContent = title;
  document.title = title;
}

function renderSides() {
  renderBrand();
  const n = Number(document.getElementById("players").value);
  const note = document.getElementById("team-note");
  const seats = [...document.querySelectorAll("#seats .seat")];
  for (const li of seats) li.querySelector(".tag.side")?.remove();
  if (!isTeam()) { note.hidden = true; return; }
  const sides = teamSides(n);
  seats.forEach((li, i) => {
    const side = sides[i];
    li.querySelector(".swatch").after(h("span", { class: `tag side side-${side}`, title: t("This seat plays for this side") }, sideName(side)));
  });
  note.replaceChildren(
    h("b", {}, `${teamTitle()}: `),
    n >= 4
      ? t("teammates share the victory and see each other's coins. {alliance} and {horde} each score the lower of their two players' coins; the highest side wins.",
        { alliance: sideName("A"), horde: sideName("H") })
      : t("each side is one player; the highest side wins."),
    " ",
    document.getElementById("shuffle").checked
      ? t("Sides follow the seat order (shuffled when the game starts).")
      : t("Sides follow the seat order."));
  note.hidden = false;
}

function readSeats() {
  return [...document.querySelectorAll("#seats .seat")].map((li) => {
    const kind = li.querySelector(".seat-kind").value;
    const name = li.querySelector(".seat-name").value;
    return kind === "human" ? { name, kind: "human" } : { name, kind: "bot", bot: kind.slice(4) };
  });
}

function renderSeats() {
  const n = Number(document.getElementById("players").value);
  const prev = readSeats();
  const list = document.getElementById("seats");
  list.replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i, prev[i])));
  renderSides();
  renderLevelHelp(list);
}

// what each bot level means, in plain words, under the seats
function renderLevelHelp(list) {
  const levels = [...(meta.levels || []), ...(meta.opponents || [])];
  let help = document.getElementById("level-help");
  if (!levels.length) { help?.remove(); return; }
  if (!help) {
    help = h("dl", { id: "level-help", class: "level-help", style: "font-size:13px;line-height:1.4;margin:6px 0 10px" });
    list.after(help);
  }
  help.replaceChildren(...levels.flatMap((l) => [
    h("dt", { style: "font-weight:600;margin-top:4px" }, t("Bot · {level}", { level: t(l.name) })),
    h("dd", { style: "margin:0 0 0 12px;color:#555" }, levelWords(l))]));
}

function origin() { return window.location.origin; }

function showCreated(data) {
  const box = document.getElementById("created");
  const humans = data.seats.filter((s) => s.kind === "human");
  const rows = data.seats.map((s) => h("li", {},
    h("span", { class: "swatch", style: `background:${PLAYER_COLOURS[s.seat]}` }),
    h("b", {}, s.name), " ",
    s.side ? h("span", { class: `tag side side-${s.side}` }, sideName(s.side)) : null, " ",
    s.link
      ? h("span", { class: "link-row" },
          h("input", { class: "link", readonly: true, value: seatUrl(s), onclick: (e) => e.target.select() }),
          h("button", { type: "button", class: "small", onclick: () => copy(seatUrl(s)) }, t("Copy")))
      : h("span", { class: "muted" }, t("bot ({name})", { name: t(botName(meta, s.bot)) })),
  ));
  box.replaceChildren(
    h("h3", {}, t("Game ready")),
    h("p", {}, humans.length > 1
      ? t("Play everyone's turns on this screen, or send each player their private link (it shows only their own coins).")
      : t("Your private seat links are below; the hotseat page plays every human seat on this screen.")),
    h("ul", { class: "links" }, rows),
    h("div", { class: "actions" },
      h("a", { class: "button primary", href: data.hotseat, id: "play-hotseat" }, t("Play on this screen")),
      h("button", { type: "button", class: "ghost", onclick: () => { box.hidden = true; document.getElementById("new-form").hidden = false; } }, t("Set up another"))),
  );
  document.getElementById("new-form").hidden = true;
  box.hidden = false;
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); toast(t("Link copied")); }
  catch { toast(t("Select the link and copy it")); }
}

async function create(e) {
  e.preventDefault();
  const err = document.getElementById("new-error");
  err.textContent = "";
  const btn = document.getElementById("create");
  btn.disabled = true;
  try {
    const body = {
      edition: document.getElementById("edition").value,
      seats: readSeats(),
      seed: document.getElementById("seed").value.trim() || null,
      shuffle: document.getElementById("shuffle").checked,
    };
    const [watch, delay] = (document.getElementById("watch") || { value: "off" }).value.split(":");
    Object.assign(body, { watch, watch_delay: Number(delay || 0) }); // spectators (smallworld/web/watch.py)
    const data = await api("/api/games", { method: "POST", body });
    showCreated(data);
    loadGames();
  } catch (ex) {
    err.textContent = ex.message;
  } finally {
    btn.disabled = false;
  }
}

function gameStatus(g) {
  if (g.status === "over" && g.result) {
    if (g.result.winning_sides) {
      const sides = g.result.winning_sides.map((x) => sideName(x)).join(" & ");
      return h("span", { class: "pill done" }, t("Finished · {winners} won", { winners: sides }));
    }
    const w = (g.result.winners || []).map((i) => g.seats[i] && g.seats[i].name).join(" & ");
    return h("span", { class: "pill done" }, t("Finished · {winners} won", { winners: w }));
  }
  return h("span", { class: "pill live" }, t("Round {n}", { n: g.round }));
}

function seatChip(g, s, i) {
  const side = g.edition === "swow-team" ? teamSides(g.players || g.seats.length)[i] : null;
  return h("span", { class: "seat-chip" },
    h("span", { class: "swatch small", style: `background:${PLAYER_COLOURS[i]}` }), s.name,
    side ? h("span", { class: `tag side side-${side}` }, sideName(side)) : null,
    s.kind === "bot" ? h("span", { class: "tag" }, t("bot")) : null);
}

async function loadGames() {
  const box = document.getElementById("games");
  let data;
  try { data = await api(`/api/games?lang=${encodeURIComponent(lang())}`); } catch (ex) { box.replaceChildren(h("p", { class: "form-error" }, ex.message)); return; }
  if (!data.games.length) {
    box.replaceChildren(h("p", { class: "muted" }, t("No saved games yet. Start one above.")));
    return;
  }
  const rows = data.games.map((g) => h("div", { class: "game-row", dataset: { id: g.id } },
    h("div", { class: "game-main" },
      h("div", { class: "game-title" }, g.title),
      h("div", { class: "game-seats" }, g.seats.map((s, i) => seatChip(g, s, i))),
      h("div", { class: "game-sub muted" }, [
        g.edition === "swow-team" ? teamTitle() : (g.edition && g.edition !== "swow" ? editionName(g.edition) : null),
        ...(g.boards || []).map((_, i) => boardName(g, i)), tn("{n} move", "{n} moves", g.actions), ago(g.updated_at),
      ].filter(Boolean).join(" · ")),
    ),
    gameStatus(g),
    h("div", { class: "game-actions" },
      g.link ? h("a", { class: "button small primary", href: g.link }, g.status === "over" ? t("View") : t("Resume")) : null,
      g.link ? h("a", { class: "button small ghost", href: `/replay/${g.id}?token=${new URL(g.link, origin()).searchParams.get("token")}` }, t("Replay")) : null,
      g.link ? h("a", { class: "button small ghost", href: `/api/games/${g.id}/record?token=${new URL(g.link, origin()).searchParams.get("token")}`, download: `smallworld-${g.id}.json` }, t("Export")) : null,
      g.link ? h("button", { class: "small ghost danger", type: "button", onclick: () => remove(g) }, t("Delete")) : null,
    ),
  ));
  box.replaceChildren(...rows);
}

async function remove(g) {
  if (!confirm(t("Delete the game \"{title}\"? This cannot be undone.", { title: g.title }))) return;
  const token = new URL(g.link, origin()).searchParams.get("token");
  try { await api(`/api/games/${g.id}`, { method: "DELETE", token }); toast(t("Game deleted")); }
  catch (ex) { toast(ex.message, "bad"); }
  loadGames();
}

async function importFile(e) {
  const file = e.target.files[0];
  const err = document.getElementById("import-error");
  err.textContent = "";
  if (!file) return;
  try {
    const text = await file.text();
    const data = await postRaw("/api/games/import", text);
    toast(t("Game imported"));
    window.location.href = data.hotseat;
  } catch (ex) {
    err.textContent = ex.message;
  } finally {
    e.target.value = "";
  }
}

async function main() {
  installTooltips();
  [, meta] = await Promise.all([loadI18n(), api("/api/meta")]);
  document.getElementById("lang-slot")?.replaceChildren(languageSwitch());
  const ed = document.getElementById("edition");
  ed.replaceChildren(...meta.editions.map((x) => h("option", { value: x.id }, t(x.name))));
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("edition").addEventListener("change", renderSeats);  // renderSides too
  document.getElementById("shuffle").addEventListener("change", renderSides);
  renderSeats();
  document.getElementById("new-form").addEventListener("submit", create);
  document.getElementById("import-file").addEventListener("change", importFile);
  loadGames();
}

main();
