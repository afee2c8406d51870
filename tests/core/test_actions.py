"""Action values and their text notation (DESIGN: notation round-trips)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smallworld.core.actions import Action, parse_action
from smallworld.core.errors import ActionSyntaxError


@pytest.mark.parametrize("text", [
    "pick 3", "conquer L1.4", "roll 2", "redeploy L1.4 2", "decline", "end", "expand",
    "abandon S3.7", "pay harmony-2", "banner night-elves", "badge portal-mage", "item ashes-of-alar",
])
def test_round_trip(text):
    a = parse_action(text)
    assert str(a) == text
    assert parse_action(str(a)) == a


def test_integers_are_parsed():
    assert parse_action("redeploy L1.4 12") == Action("redeploy", ("L1.4", 12))


@pytest.mark.parametrize("text, msg", [
    ("", "empty"),
    ("conquer", "takes 1 argument"),
    ("redeploy L1.4", "takes 2 arguments"),
    ("pick 1 2", "takes 1 argument"),
    ("conquer L1.4;", "bad word"),
])
def test_malformed_actions_are_named(text, msg):
    with pytest.raises(ActionSyntaxError, match=msg):
        parse_action(text)


@given(st.lists(st.from_regex(r"[a-z][a-z0-9\-]{0,8}|[0-9]{1,3}|[LMS][1-4]\.[0-9]{1,2}", fullmatch=True),
                min_size=1, max_size=3).filter(lambda w: not w[0].isdigit()))
def test_any_word_sequence_round_trips(words):
    text = " ".join(words)
    try:
        a = parse_action(text)
    except ActionSyntaxError:
        return
    assert parse_action(str(a)) == a
