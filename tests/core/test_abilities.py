"""The ability mechanism (core/ability.py, core/hooks.py): closed hooks, complete content,
and the engine calling hooks at the rulebook's decision points."""

from __future__ import annotations

import pytest

from smallworld.content import registry
from smallworld.content.data import ITEMS, POWERS, RACES
from smallworld.core import engine, hooks
from smallworld.core.ability import HOOK_NAMES, Ability, Toll
from smallworld.core.conquest import conquest_cost, targets
from smallworld.core.errors import IllegalActionError
from smallworld.core.game import Game
from tests.builders import position, seat
from tests.conftest import acts


def test_misspelled_hook_fails_loudly():
    """A method that is not a hook name raises TypeError at class creation (DESIGN: closed set)."""
    with pytest.raises(TypeError, match="conquest_reduciton is not a hook"):
        class Bad(Ability):
            def conquest_reduciton(self, s, owner, r, mode):
                return 1


def test_action_kinds_need_apply():
    with pytest.raises(TypeError, match="no apply hook"):
        class Bad(Ability):
            action_kinds = frozenset({"zap"})


def test_every_race_power_item_has_a_definition():
    """RULES §2.1, §2.2, §11: 16 races, 20 powers, 12 items, each with data and an ability."""
    assert len(RACES) == 16 and len(POWERS) == 20 and len(ITEMS) == 12
    assert sum(r.in_box for r in RACES.values()) == 182  # RULES §2.1 total
    for table, data in ((registry.RACE_ABILITIES, RACES), (registry.POWER_ABILITIES, POWERS),
                        (registry.ITEM_ABILITIES, ITEMS)):
        assert set(table) == set(data)
        for ident, ab in table.items():
            assert ab.id == ident and ab.summary and ab.rule


def test_lasting_badges():
    """R-DEC-2: Garrisoned and Marshdweller last In Decline."""
    assert {p for p, d in POWERS.items() if d.lasts} == {"garrisoned", "marshdweller"}


@pytest.fixture
def plug():
    """Temporarily replace a race's ability with a test double."""
    saved = dict(registry.RACE_ABILITIES)

    def install(race: str, cls: type[Ability]) -> None:
        registry.RACE_ABILITIES[race] = cls()
        hooks.refresh()

    yield install
    registry.RACE_ABILITIES.clear()
    registry.RACE_ABILITIES.update(saved)
    hooks.refresh()


def pos():
    """Seat 0's Trolls (6 in hand) in L1.9, next to one Human in L1.4."""
    return position('''
        "L1.9" = { player = 0, tokens = 1 }
        "L1.4" = { player = 1, tokens = 1 }
    ''', seat("trolls", "farmer", hand=6), seat("humans", "mining"))


def test_reductions_stack_and_clamp_at_one(plug):
    """R-CONQ-3, R-CONQ-4: reductions stack, then the cost is never below 1."""
    class Cheap(Ability):
        def conquest_reduction(self, s, owner, r, mode):
            return 2

    plug("trolls", Cheap)
    s = pos()
    r = s.region_of("L1.4")
    assert conquest_cost(s, 0, r, 0) == 1  # 3 - 2
    parts: dict[str, int] = {}
    assert conquest_cost(s, 0, s.region_of("L1.5"), 0, parts=parts) == 1  # 2 - 2 -> clamped
    assert parts["reductions"] == 2


def test_race_minimum_tokens_raise_cost(plug):
    """R-CONQ-4: every conquest places at least the race minimum (Tauren-like 2)."""
    class Two(Ability):
        def min_tokens(self, s, owner):
            return 2

        def conquest_reduction(self, s, owner, r, mode):
            return 5

    plug("trolls", Two)
    s = pos()
    assert conquest_cost(s, 0, s.region_of("L1.4"), 0) == 2


def test_toll_must_be_paid_before_conquest(plug):
    """RULES §8: a toll is paid in full before the action, to its payee; unpaid, no conquest."""
    class Tollkeeper(Ability):
        def tolls(self, s, owner, attacker, r):
            if s.occ[r] == 2 * owner and attacker != owner:
                return [Toll(f"toll-{owner}", 2, owner, "test toll")]
            return []

    plug("humans", Tollkeeper)
    s = pos()
    assert "conquer L1.4" not in acts(s) and "pay toll-1" in acts(s)
    with pytest.raises(IllegalActionError, match="pay first"):
        engine.apply_action(s, "conquer L1.4")
    engine.apply_action(s, "pay toll-1")
    assert (s.vc[0], s.vc[1]) == (3, 7)
    assert "conquer L1.4" in acts(s)
    engine.apply_action(s, "conquer L1.4")


def test_toll_unaffordable_is_not_offered(plug):
    """RULES §8: a player who cannot pay cannot take the action."""
    class Tollkeeper(Ability):
        def tolls(self, s, owner, attacker, r):
            return [Toll("big", 9, owner, "big toll")] if s.occ[r] == 2 * owner else []

    plug("humans", Tollkeeper)
    s = pos()
    assert "pay big" not in acts(s) and "conquer L1.4" not in acts(s)


def test_immune_region_is_not_a_target(plug):
    """RULES §10 'immune to every power': immune Regions are not targets."""
    class Wall(Ability):
        def immune(self, s, owner, attacker, r):
            return s.occ[r] == 2 * owner

    plug("humans", Wall)
    s = pos()
    assert s.region_of("L1.4") not in targets(s, 0)


def test_ability_actions_are_legal_actions_and_applied(plug):
    """Ability choices are ordinary legal actions routed to the ability's apply hook."""
    class Shout(Ability):
        action_kinds = frozenset({"shout"})

        def actions(self, s, owner):
            return [] if s.tflags.get("shouted") else [__import__("smallworld.core.actions", fromlist=["Action"]).Action("shout")]

        def apply(self, s, owner, action):
            s.tflags["shouted"] = True
            s.vc[owner] += 1

    plug("trolls", Shout)
    s = pos()
    assert "shout" in acts(s)
    engine.apply_action(s, "shout")
    assert s.vc[0] == 6 and "shout" not in acts(s)


def test_score_hook_adds_lines(plug):
    """R-SCORE-2: race bonuses are added to the turn's scoring."""
    class Bonus(Ability):
        def score(self, s, owner):
            return [("Test bonus", 3)]

    plug("trolls", Bonus)
    s = pos()
    engine.apply_action(s, "end")
    while s.current_player() == 0:
        engine.apply_action(s, str(engine.legal_actions(s)[0]))
    assert ("Test bonus", 3) in s.last_score[0]


def test_every_hook_is_a_documented_method():
    """Hooks are typed methods declared once on Ability, each with a docstring."""
    assert {"conquest_reduction", "tolls", "immune", "min_tokens", "score"} <= HOOK_NAMES
    for name in HOOK_NAMES:
        doc = getattr(Ability, name).__doc__
        assert doc and doc.strip(), name


def test_misspelled_hook_fails_at_the_call_site():
    """A hook name that no ability declares fails loudly where the engine asks it."""
    g = Game.new(2, seed=1)
    g.settle()
    with pytest.raises(ValueError, match=r"on_turn_strat.*is not a hook"):
        hooks.call_own(g.state, 0, "on_turn_strat")
    with pytest.raises(ValueError, match="is not a hook"):
        hooks.call_global(g.state, "tols", 0, 0)


def test_a_default_hook_answers_neutrally():
    """An ability that does not override a hook is not asked, and the declared default is
    the neutral answer (no reduction, no tolls, 1 token minimum)."""

    class Plain(Ability):
        id = "plain"

    ab = Plain()
    assert ab.hooks == frozenset()
    assert ab.conquest_reduction(None, 0, 0, "conquer") == 0  # type: ignore[arg-type]
    assert list(ab.tolls(None, 0, 1, 0)) == []  # type: ignore[arg-type]
    assert ab.min_tokens(None, 0) == 1  # type: ignore[arg-type]


def test_every_ability_pickles_as_itself():
    """States (and so the RL envs) pickle the abilities in play: each ability of every edition
    is an instance of the class its module names (a stray decorator once hid the Naga class)."""
    import pickle

    from smallworld.core import edition

    for name in edition.names():
        for ab in edition.get(name).abilities():
            if not ab.implemented:
                continue
            back = pickle.loads(pickle.dumps(ab))
            assert type(back) is type(ab), ab
