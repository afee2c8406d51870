// What every part of the game page shares: the static facts and the last payload.
export const G = {
  meta: null, // /api/meta
  boardData: null, // /api/games/{id}/board
  P: null, // the last update from the server
  gameId: "", token: "", query: "", // this page's game and access (from its address)
  // the game's WebSocket: open now, and how many times it has opened (the table talk and the
  // rematch offer are pushed on it; they ask the server themselves only while it is down, and
  // once after it comes back)
  live: false, links: 0,
};

// Editions: a classic game's page has its own tables (meta.edition "classic"): no factions,
// no items, Lost Tribes instead of Murlocs.
export function classic() { return Boolean(G.meta && G.meta.factions === false); }
export function neutralName() { return (G.meta && G.meta.neutral && G.meta.neutral.name) || "Murlocs"; }
export function neutralIcon() { return `#sw-icon-${(G.meta && G.meta.neutral && G.meta.neutral.piece) || "murloc"}`; }

// the page's brand: "Small World" alone for the original game (no "of Warcraft")
export function brandForEdition() {
  if (!classic()) return;
  const em = document.querySelector(".brand em");
  if (em) em.remove();
  document.body.classList.add("edition-classic");
  document.title = document.title.replace(" of Warcraft", "");
}

export const SIDES = { A: "Alliance", H: "Horde", N: "Neutral" };

export function me() { return G.P.perspective; }
export function seatName(i) { return G.P.game.seats[i] ? G.P.game.seats[i].name : "?"; }
export function legalOf(kind) { return G.P.legal.filter((a) => a.kind === kind); }
export function humans() { return G.P.game.seats.filter((s) => s.kind === "human"); }

// Team variant: the seats of a side, in seat order.
export function sideMembers(v, side) {
  return v.team ? v.team.sides.map((x, i) => [x, i]).filter(([x]) => x === side).map(([, i]) => i) : [];
}
export function sidesInPlay(v) { return v.team ? [...new Set(v.team.sides)].sort() : []; }
