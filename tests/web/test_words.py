"""Player-facing words (issue: plain language first): the log never shows board notation or
rule ids in its text (they go in ``detail``), buttons say what an action does, Expand says how
many tokens it gives (R-TROOP-1), and scorings name their sources (R-SCORE-*)."""

from __future__ import annotations

import random
import re

from smallworld.core.game import Game
from smallworld.web.chronicle import SOURCES, score_sources
from smallworld.web.games import rebuild_log
from tests.web.conftest import act, new_game, state

NOTATION = re.compile(r"\b[LMS]\d+\.\d+\b|\bR-[A-Z]+-\d+|\bposition \d|\bnull\b|\bundefined\b")


def test_log_lines_speak_plainly_with_the_notation_in_details():
    for seed in (1, 2, 3):
        g = Game.new(4, seed=seed)
        g.settle()
        rng = random.Random(seed)
        while not g.state.is_over():
            g.apply(rng.choice(g.legal_actions()))
            g.settle()
        log = rebuild_log(g.record)
        bad = [log.text(e, lang) for e in log.entries for lang in ("en", "it", "ko")
               if NOTATION.search(log.text(e, lang))]
        assert not bad, bad[:5]
        # the notation of the action that did it (a conquest may follow an ability's die roll)
        assert all(e["detail"] == g.record.actions[e["at"]] for e in log.entries if "detail" in e)
        details = [e["detail"] for e in log.entries if e["kind"] == "conquer"]
        assert details and any(d.startswith("conquer ") for d in details)
        picks = [log.text(e) for e in log.entries if e["kind"] == "pick"]
        assert picks and all("(combo " in t for t in picks)


def test_scoring_sources():
    """The sources come from the engine's ``scored`` events (R-SCORE-1..3): each line says
    whether Regions, the faction bonus, or which kind of ability gave it."""
    lines = [{"label": "Regions", "n": 4, "source": "regions"},
             {"label": "Ranger: Forest Regions", "n": 2, "source": "power"},
             {"label": "Dark Portal", "n": 1, "source": "item"},
             {"label": "Faction bonus", "n": 0, "source": "faction"}]
    assert score_sources(lines) == {"Regions": 4, "Power": 2, "Items": 1}
    assert set(SOURCES) >= {"Regions", "Race", "Power", "Items", "Faction bonus"}
    g = Game.new(3, seed=5)
    g.settle()
    rng = random.Random(5)
    seen = set()
    while not g.state.is_over():
        g.apply(rng.choice(g.legal_actions()))
        g.settle()
    for evs in g.record.events:
        for ev in evs:
            if ev["kind"] == "scored":
                for line in ev["lines"]:
                    seen.add(line["source"])
                    if line["source"] == "power":  # a power's line is labelled with its name
                        assert any(line["label"].startswith(p.name) for p in g.state.spec.edition.powers.values())
    assert {"regions", "power"} <= seen


def test_buttons_say_what_they_do(client):
    g = new_game(client, [{"name": "Anna"}, {"name": "Bob", "kind": "bot", "bot": "random"}], seed=3)
    gid, tok = g["id"], g["host_token"]
    for _ in range(200):
        P = state(client, gid, tok)
        kinds = {a["kind"] for a in P["legal"]}
        for a in P["legal"]:
            assert not NOTATION.search(a["label"]), a
        if "expand" in kinds:
            ex = next(a for a in P["legal"] if a["kind"] == "expand")
            assert re.search(r": \d+ tokens? to conquer with$", ex["label"]), ex["label"]
            return
        r = act(client, gid, tok, P["legal"][-1]["text"] if "redeploy" not in kinds else P["legal"][0]["text"])
        assert r.status_code == 200, r.text
    raise AssertionError("no expand-or-decline choice reached")


ONE_MANY = re.compile(r"(?<![\d.])1 (tokens|coins|Regions)\b")


def test_no_word_for_many_follows_a_one(client):
    """Plurals (issue 35 point 16): no button, hint or chronicle line says "1 tokens", "1 coins"
    or "1 Regions", over whole hotseat games of both editions driven by random choices."""
    import random

    for edition, seed in (("swow", 11), ("classic", 12)):
        g = new_game(client, [{"name": "Anna"}, {"name": "Bob"}], seed=seed, edition=edition)
        gid, tok = g["id"], g["host_token"]
        rng = random.Random(seed)
        for _ in range(400):
            P = state(client, gid, tok)
            for a in P["legal"]:
                assert not ONE_MANY.search(a["label"] + " " + (a["hint"] or "")), a
            if P["over"] or not P["legal"]:
                break
            r = act(client, gid, tok, rng.choice(P["legal"])["text"])
            assert r.status_code == 200, r.text
        for e in state(client, gid, tok)["log"]:
            assert not ONE_MANY.search(e["text"]), e


def test_an_expansion_with_one_token_says_token():
    from types import SimpleNamespace

    from smallworld.core.actions import Action
    from smallworld.scenarios import scenario_from_text
    from smallworld.web.payload import _label

    s = scenario_from_text('''
boards = ["L1", "S1"]
phase = "decide"
[[players]]
race = "humans"
power = "sailing"
[[players]]
''')
    live = SimpleNamespace(game=SimpleNamespace(state=s))
    label, _ = _label(live, 0, Action("expand"), expand_hand=1)
    assert label == "Expand with the Humans: 1 token to conquer with"
