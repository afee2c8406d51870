"""Fair chance that players can verify: a sealed secret seed, revealed at the end (RULES §15).

A game started without a seed gets a secret 256-bit seed from :mod:`secrets`. Its record
header commits to it before the first draw, ``"chance": {"scheme": SCHEME, "commit": H}``
with ``H = sha256("smallworld-seed:" + seed)``, and holds no ``"seed"`` until the game is
over; then ``"seed"`` is revealed and anyone can check (:func:`verify`) that the commitment
matches and that every chance action of the record (dice, banners, badges, items...) is the
outcome the seed gives. The k-th chance draw of a game uses the number
``HMAC-SHA256(seed, k)`` (its first 53 bits as a fraction of 1), fed to
:func:`smallworld.core.chance.sample` (one number per draw), so nobody can predict a draw
from earlier ones without the seed.

A seed chosen by the creator (tests, reproducible games: ``Game.new(n, seed=7)``) keeps the
original stream ``random.Random(f"smallworld:{seed}:chance")`` and has no ``"chance"``
commitment: it is verifiable too, but it was never secret, and pages say so.

An imported game in progress is sealed again with a new secret seed from its import on:
``"chance"`` then holds ``"from": i``, the first action index the seed accounts for.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass
from typing import Any

from smallworld.core.actions import parse_action
from smallworld.core.chance import sample
from smallworld.core.engine import apply_action
from smallworld.core.errors import ReplayError, RulesError
from smallworld.core.record import start_state
from smallworld.core.state import CHANCE

SCHEME = "hmac-sha256-v1"
_PREFIX = "smallworld-seed:"


def new_secret_seed() -> str:
    """A fresh secret seed: 256 bits from :mod:`secrets`, as 64 hex digits."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The public commitment to ``seed`` (SHA-256, 64 hex digits)."""
    return hashlib.sha256((_PREFIX + seed).encode()).hexdigest()


class SecretChance:
    """The chance stream of a sealed seed: ``random()`` gives the k-th number
    ``HMAC-SHA256(seed, k)`` as a float in [0, 1). ``drawn``: numbers already used."""

    def __init__(self, seed: str, drawn: int = 0) -> None:
        self._key = seed.encode()
        self.drawn = drawn

    def random(self) -> float:
        d = hmac.new(self._key, self.drawn.to_bytes(8, "big"), hashlib.sha256).digest()
        self.drawn += 1
        return (int.from_bytes(d[:8], "big") >> 11) / 2**53


class UnknownSeed:
    """The chance stream of a game whose sealed seed this process does not hold."""

    def random(self) -> float:
        raise RuntimeError("this game's secret seed is not known here, so chance cannot be drawn")


def chosen_chance(seed: Any) -> random.Random:
    """The chance stream of a seed chosen by the creator (the engine's original stream)."""
    return random.Random(f"smallworld:{seed}:chance")


def seal(header: dict[str, Any], seed: str, start: int = 0) -> None:
    """Make ``header`` commit to the secret ``seed`` (drawing from action ``start`` on)."""
    header.pop("seed", None)
    header["chance"] = {"scheme": SCHEME, "commit": commitment(seed),
                        **({"from": start} if start else {})}


def is_sealed(header: dict[str, Any]) -> bool:
    """True while a committed seed is not revealed yet."""
    return isinstance(header.get("chance"), dict) and header.get("seed") is None


@dataclass
class Verdict:
    """What :func:`verify` found.

    ``kind``: ``"secret"`` (a committed seed, revealed), ``"chosen"`` (a seed chosen by the
    creator, never secret) or ``"sealed"`` (not revealed yet: nothing can be checked).
    ``checked``: chance actions shown to follow from the seed; ``unchecked``: chance actions
    before an import's re-sealing. ``bad``: 0-based index of the first chance action that does
    not follow, or None. ``message``: one plain sentence.
    """

    ok: bool
    kind: str
    checked: int
    unchecked: int
    bad: int | None
    message: str


def verify(record: Any) -> Verdict:
    """Check a record's chance against its seed (see the module docstring).

    ``record``: a :class:`smallworld.core.record.GameRecord`. Never raises for a bad record:
    a record that does not replay is a failed verdict naming the action.
    """
    header = record.header
    info = header.get("chance")
    seed = header.get("seed")
    start = 0
    rng: Any
    if isinstance(info, dict):
        kind = "secret"
        if seed is None:
            return Verdict(False, "sealed", 0, 0, None,
                           "the secret seed is revealed when the game ends; nothing to check yet")
        if not isinstance(seed, str) or info.get("commit") != commitment(seed):
            return Verdict(False, kind, 0, 0, None,
                           "the revealed seed does not match the commitment made at the start")
        if info.get("scheme") != SCHEME:
            return Verdict(False, kind, 0, 0, None, f"unknown chance scheme {info.get('scheme')!r}")
        start = info.get("from", 0)
        if not isinstance(start, int) or start < 0:
            return Verdict(False, kind, 0, 0, None, "the commitment's starting action is not a number")
        rng = SecretChance(seed)
    elif seed is not None:
        kind, rng = "chosen", chosen_chance(seed)
    else:
        return Verdict(False, "sealed", 0, 0, None, "the record names no seed")
    try:
        s = start_state(header)
    except ReplayError as e:
        return Verdict(False, kind, 0, 0, None, str(e))
    checked = unchecked = 0
    for i, text in enumerate(record.actions):
        if s.current_player() == CHANCE:
            if i < start:
                unchecked += 1
            else:
                expected = str(sample(s, rng))
                if expected != text:
                    return Verdict(False, kind, checked, unchecked, i,
                                   f"action {i + 1} ({text!r}) is not what the seed gives "
                                   f"({expected!r}): the record's chance was changed")
                checked += 1
        try:
            apply_action(s, parse_action(text))
        except RulesError as e:
            return Verdict(False, kind, checked, unchecked, i,
                           f"action {i + 1} ({text!r}) cannot be applied: {e}")
    how = ("follow from the secret seed committed to at the start" if kind == "secret"
           else "follow from the seed, which the game's creator chose (it was not secret)")
    extra = f"; {unchecked} drawn before the game was imported are not checked" if unchecked else ""
    return Verdict(True, kind, checked, unchecked, None, f"all {checked} chance outcomes {how}{extra}")
