"""Factions are marked, not coloured like a seat (issue 35 point 15): on a team-variant table
the Alliance and Horde race tags, side tags and combo marks use no player colour (red, blue,
gold, purple, pink) and are told apart by the shape of their mark. Screenshots
``test-artifacts/web/factions-*.png`` at 1440x900 and 390x844."""

from __future__ import annotations

import pytest

from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot

require_browser()

FOUR = [{"name": n} for n in ("Anna", "Bruno", "Chen", "Dalia")]

PROBE = """() => {
  const rgb = (c) => (c.match(/\\d+(\\.\\d+)?/g) || []).slice(0, 3).map(Number);
  const players = ["#c8372d", "#2f62b5", "#e29a17", "#7b4bb7", "#d4548e"].map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
  const near = (c) => players.some((p) => Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]) < 80);
  const out = { clash: [], marks: {} };
  const sel = '.banner.active.alliance, .banner.active.horde, .tag.side-A, .tag.side-H, .faction-mark, .combo.alliance .combo-race, .combo.horde .combo-race';
  for (const e of document.querySelectorAll(sel)) {
    if (!e.getBoundingClientRect().width) continue;
    const st = getComputedStyle(e);
    for (const c of [st.backgroundColor, st.borderLeftColor]) {
      const v = rgb(c);
      if (v.length === 3 && !/rgba\\(.*, 0\\)/.test(c) && c !== 'transparent' && near(v)) out.clash.push([e.className, c]);
    }
    const fac = e.closest('.alliance, .side-A') ? 'alliance' : (e.closest('.horde, .side-H') ? 'horde' : null);
    const mark = e.classList.contains('faction-mark') ? st.clipPath : getComputedStyle(e, '::before').clipPath;
    if (fac && mark && mark !== 'none') (out.marks[fac] = out.marks[fac] || new Set()).add(mark);
  }
  out.marks = Object.fromEntries(Object.entries(out.marks).map(([k, v]) => [k, [...v]]));
  return out;
}"""


@pytest.mark.parametrize("w,h,touch", [(1440, 900, False), (390, 844, True)])
def test_factions_are_marked_not_coloured_like_seats(server, chromium, w, h, touch):
    created = post_game(server, {"seats": FOUR, "seed": 5, "edition": "swow-team"})
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(server + created["hotseat"])
    pg.click("#curtain-ok")
    pg.wait_for_selector("#turn.acting")
    found = pg.evaluate(PROBE)
    shot(pg, f"factions-{w}x{h}")
    assert not found["clash"], found["clash"]
    marks = found["marks"]
    assert marks.get("alliance") and marks.get("horde"), marks
    assert not set(marks["alliance"]) & set(marks["horde"]), marks
    ctx.close()
