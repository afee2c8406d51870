// Redeployment as a plan (R-TROOP-3): the tokens in hand are arranged freely on the page — added
// to and taken back from the highlighted Regions — and sent together with End turn, so nothing is
// committed until the player says so (POST /plan applies them all, or none).
import { G, me, legalOf } from "./ctx.js";

let plan = { key: null, adds: new Map() };

function keyOf(P) { return `${P.game.actions}:${P.view.phase}:${P.perspective}`; }

// the plan for the current payload (a new position starts an empty plan)
export function currentPlan() {
  const { P } = G;
  const k = keyOf(P);
  if (plan.key !== k) plan = { key: k, adds: new Map() };
  return plan;
}

export function planning() {
  const { P } = G;
  return Boolean(P && P.legal.length && ["redeploy", "defend"].includes(P.view.phase) && legalOf("redeploy").length);
}

export function hand() { return G.P.view.players[me()].hand; }
export function placed() { let n = 0; for (const v of currentPlan().adds.values()) n += v; return n; }
export function left() { return hand() - placed(); }
export function targets() { return [...new Set(legalOf("redeploy").map((a) => a.region))]; }

export function add(rid, n = 1) {
  const p = currentPlan();
  if (!targets().includes(rid)) return false;
  const k = Math.min(n, left());
  if (k <= 0) return false;
  p.adds.set(rid, (p.adds.get(rid) || 0) + k);
  return true;
}

export function remove(rid, n = 1) {
  const p = currentPlan();
  const have = p.adds.get(rid) || 0;
  if (!have) return false;
  if (have - n <= 0) p.adds.delete(rid); else p.adds.set(rid, have - n);
  return true;
}

export function reset() { currentPlan().adds.clear(); }

// the plan as action texts (in the order the Regions were first given tokens)
export function actions() { return [...currentPlan().adds].filter(([, n]) => n > 0).map(([rid, n]) => `redeploy ${rid} ${n}`); }

// the view with the planned tokens drawn on the board (and taken from the player's hand)
export function plannedView(v) {
  if (!planning()) return v;
  const adds = currentPlan().adds;
  if (!adds.size) return v;
  const mine = me();
  return {
    ...v,
    regions: v.regions.map((r) => (adds.has(r.id) ? { ...r, tokens: r.tokens + adds.get(r.id), planned: adds.get(r.id) } : r)),
    players: v.players.map((p) => (p.seat === mine ? { ...p, hand: p.hand - placed() } : p)),
  };
}
