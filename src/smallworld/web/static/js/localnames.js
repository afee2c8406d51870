// The edition's names in the page's language (/api/i18n's, from the edition's names.toml) over
// the English ones of /api/meta: races, powers, items, pieces, the neutral tokens, factions, sides.
// Used by the table (play.js) and the replay viewer (replay.js).
import { SIDES } from "./ctx.js";
import { editionNames, regionName } from "./i18n.js";
import { FACTION } from "./ui.js";

export function localNames(meta) {
  const names = editionNames(meta.edition || "swow");
  if (!names) return;
  for (const kind of ["races", "powers", "items"]) {
    for (const [id, x] of Object.entries(meta[kind] || {})) if (names[kind][id]) x.name = names[kind][id];
  }
  for (const [id, x] of Object.entries(meta.piece_table || {})) {
    if (names.pieces[id]) Object.assign(x, { name: names.pieces[id].name, plural: names.pieces[id].plural });
  }
  const neutral = meta.neutral && names.pieces[meta.neutral.piece];
  if (neutral) meta.neutral.name = neutral.plural;
  Object.assign(FACTION, names.factions);
  const team = editionNames("swow-team");
  for (const [side, faction] of Object.entries(meta.side_factions || {})) {
    if (team && team.factions[faction]) SIDES[side] = team.factions[faction];
  }
}

// The board's Region names (the drawing's data, /board) in the page's language, once, before
// anything shows them: the labels, tooltips, the turn's lists, the refusals' Region names.
// The ids stay (the notation of actions and logs).
export function localRegions(boardData) {
  for (const reg of Object.values((boardData && boardData.regions) || {})) reg.name = regionName(reg.name);
}
