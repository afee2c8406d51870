"""Setup by player count (RULES §2.4, §3)."""

from __future__ import annotations

import pytest

from smallworld.boards import load_face
from smallworld.core import engine
from smallworld.core.game import Game
from smallworld.core.setup import new_state
from smallworld.core.state import MURLOC
from tests.builders import position, seat


@pytest.mark.parametrize("n, sizes, rounds", [(2, "LS", 10), (3, "LMS", 10), (4, "LMMS", 9), (5, "LLMSS", 8)])
def test_boards_and_rounds_by_player_count(n, sizes, rounds):
    """RULES §2.4 and R-SET-1: board sizes and rounds by player count; two faces of one board
    never both in play."""
    for seed in range(6):
        s = new_state(n, seed=seed)
        assert "".join(f[0] for f in s.spec.faces) == sizes
        assert len({load_face(f).board for f in s.spec.faces}) == n
        assert s.spec.rounds == rounds


def test_murlocs_mountains_items_and_coins():
    """R-SET-3..5: a Murloc on every Murloc symbol, a face-down item on each marker Region,
    5 VC each."""
    s = new_state(3, seed=2)
    spec = s.spec
    for r in range(spec.n_regions):
        assert (s.occ[r] == MURLOC) == spec.murloc[r]
        assert (s.items[r] == ("?",)) == spec.marker[r]
    assert sum(1 for x in s.items if x == ("?",)) == 3
    assert s.in_supply("mountain") == 10 - sum(spec.mountain)
    assert s.vc == [5, 5, 5]


def test_seed_fixes_boards():
    """R-SET-1: board selection depends only on the seed."""
    assert new_state(4, seed=3).spec.faces == new_state(4, seed=3).spec.faces
    assert len({new_state(5, seed=i).spec.faces for i in range(10)}) > 1


def test_bad_setup_is_refused():
    with pytest.raises(ValueError, match="6 players"):
        Game.new(6, seed=1)
    with pytest.raises(ValueError, match="seat names"):
        Game.new(3, seed=1, seats=["a", "b"])
    with pytest.raises(ValueError):
        Game.new(2, seed=1, faces=["L1", "Q9"])


def test_first_turn_picks_after_the_column_is_revealed():
    """R-PICK-1: the first player starts by picking one of the 6 visible combos."""
    g = Game.new(2, seed=1)
    g.settle()
    assert g.state.phase == "pick" and g.current_player() == 0
    assert {str(a) for a in g.legal_actions()} == {f"pick {k}" for k in range(6)}


def test_game_ends_after_the_last_players_turn_of_the_last_round():
    """R-TURN-1: 2 players play 10 rounds; the game ends after seat 1's turn of round 10, not
    after seat 0's."""
    s = position('''
        "L1.9" = { player = 0, tokens = 2 }
        "L1.5" = { player = 1, tokens = 1 }
    ''', seat("orcs", "farmer"), seat("trolls", "mining"), round=10)
    engine.apply_action(s, "end")
    assert not s.is_over() and s.turn == 1 and s.round == 10
    engine.apply_action(s, "expand")
    engine.apply_action(s, "end")
    assert s.is_over() and s.round == 10
    assert s.result["scores"] == [6, 6] and s.result["winners"] == [0]  # R-END-1: 2 tokens vs 1


def test_games_at_the_same_table_share_one_spec():
    """A spec is immutable: games with the same edition, boards, player count and seat names
    share one; any difference gives another, and a bad face is still refused."""
    from smallworld.core.setup import make_spec

    a = new_state(3, faces=("L1", "M1", "S3"))
    b = new_state(3, faces=("L1", "M1", "S3"))
    assert a.spec is b.spec
    assert new_state(3, faces=("L1", "M1", "S3"), seats=["Ann", "Bo", "Cy"]).spec is not a.spec
    assert new_state(3, faces=("L2", "M1", "S3")).spec is not a.spec
    assert make_spec(3, ["L1", "M1", "S3"], edition="swow") is a.spec
    with pytest.raises(ValueError):
        make_spec(3, ["L1", "M1", "Z9"])
    with pytest.raises(ValueError):
        make_spec(3, ["L1", "M1", "Z9"])  # not cached as good by the first failure
