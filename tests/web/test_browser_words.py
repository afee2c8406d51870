"""Words and boxes on the table (issue 35 point 16): the chronicle names the reader's own turns
"Your turn" whatever the seat is called, the chronicle's box is not cut by the right column, and
the turn banner's words are not cut at 1440x900. Screenshots in ``test-artifacts/web/``."""

from __future__ import annotations

from tests.web.browser_kit import post_game, quiet_tips, require_browser, shot, wait_ready

require_browser()


def _open(server, chromium, w, h, touch=False):
    created = post_game(server, {"seats": [{"name": "You"}, {"name": "Bob", "kind": "bot", "bot": "random"}], "seed": 3})
    ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(server + created["seats"][0]["link"])
    pg.wait_for_selector("#turn.acting")
    wait_ready(pg)
    return ctx, pg


def _hotseat(server, chromium, players, **body):
    """A hotseat game of ``players`` people at 1440x900, past the first curtain."""
    seats = [{"name": n} for n in ("Anna", "Bruno", "Chen", "Dalia", "Emeka")[:players]]
    created = post_game(server, {"seats": seats, **body})
    ctx = chromium.new_context(viewport={"width": 1440, "height": 900})
    pg = ctx.new_page()
    quiet_tips(pg)
    pg.goto(server + created["hotseat"])
    pg.click("#curtain-ok")
    pg.wait_for_selector("#turn.acting")
    return ctx, pg


def test_the_reader_s_own_turn_reads_your_turn(server, chromium):
    ctx, pg = _open(server, chromium, 1440, 900)
    log = pg.inner_text("#log")
    assert "Round 1 of 10 · Your turn" in log and "You's turn" not in log, log
    ctx.close()


def test_the_chronicle_and_the_banner_are_not_cut_at_1440(server, chromium):
    ctx, pg = _open(server, chromium, 1440, 900)
    shot(pg, "words-table-1440x900")
    cut = pg.evaluate("""() => {
        const log = document.getElementById('log');
        const out = [];
        // the chronicle's box: its content is not wider than what it shows, and it ends inside
        // the page (no part hidden behind the right column's edge)
        if (log.scrollWidth > log.clientWidth + 1) out.push(['log scrolls sideways', log.scrollWidth, log.clientWidth]);
        const r = log.getBoundingClientRect();
        let p = log.parentElement;
        while (p && p !== document.body) {
            const q = p.getBoundingClientRect();
            const st = getComputedStyle(p);
            if (st.overflowX !== 'visible' && r.right > q.right + 1) out.push(['log cut by', p.id || p.className, r.right, q.right]);
            p = p.parentElement;
        }
        if (r.right > window.innerWidth) out.push(['log beyond the window', r.right]);
        for (const el of document.querySelectorAll('#turn-banner span')) {
            if (el.scrollWidth > el.clientWidth + 1) out.push(['banner cut', el.className, el.textContent]);
        }
        return out;
    }""")
    assert not cut, cut
    ctx.close()


def test_every_step_of_the_banner_fits_at_1440_in_a_team_hotseat(server, chromium):
    """The longest words the banner can show ("choosing: expand or decline", a seat's name, its
    side) fit beside the round track and the tools at 1440x900 (no "choos…")."""
    from smallworld.web.payload import PHASE_TEXT

    ctx, pg = _hotseat(server, chromium, 4, seed=5, edition="swow-team")
    cut = pg.evaluate("""(texts) => {
        const step = document.querySelector('#turn-banner .step');
        const out = [];
        for (const t of texts) {
            step.textContent = t;
            if (step.scrollWidth > step.clientWidth + 1) out.push([t, step.clientWidth]);
        }
        return out;
    }""", list(PHASE_TEXT.values()))
    shot(pg, "words-banner-team-1440x900")
    assert not cut, cut
    ctx.close()


def test_the_chronicle_is_not_cut_with_five_players_at_1440(server, chromium):
    """At 1440x900 with five players, once the turn panel grows (a choice or the conquests), the
    chronicle's box stays whole inside the right column: it was 45 px taller than its panel and
    could only be seen by scrolling the column."""
    from tests.web.browser_kit import play_one_step

    ctx, pg = _hotseat(server, chromium, 5, seed=7)
    play_one_step(pg, set(), shots=False)
    wait_ready(pg)
    shot(pg, "words-chronicle-5p-1440x900")
    cut = pg.evaluate("""() => {
        const right = document.querySelector('.right'), log = document.getElementById('log');
        return [right.scrollHeight - right.clientHeight, log.getBoundingClientRect().bottom - right.getBoundingClientRect().bottom];
    }""")
    assert cut[0] <= 1 and cut[1] <= 1, cut
    ctx.close()
