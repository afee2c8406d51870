"""The examples of docs/rl.md and of the README's RL section run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _blocks(path: Path, after: str = "") -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = text[text.index(after):] if after else text
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


@pytest.mark.parametrize("code", _blocks(ROOT / "docs" / "rl.md") + _blocks(ROOT / "README.md", "## Reinforcement")[:1])
def test_example_runs(code):
    if "import pyspiel" in code:
        pytest.importorskip("pyspiel")  # the OpenSpiel examples need the spiel extra
    exec(compile(code, "<example>", "exec"), {})  # our own documentation
