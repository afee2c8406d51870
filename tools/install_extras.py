"""Install the requirements of some optional extras of ``pyproject.toml``, without the package.

    python tools/install_extras.py docs            # mkdocs and mkdocstrings, for `mkdocs build`
    python tools/install_extras.py postgres rl     # several at once
    python tools/install_extras.py --list          # the extras and their requirements

``pip install ".[docs]"`` after ``pip install .`` builds and installs the package again (pip always
rebuilds a local folder: the whole Cython compile of ``hatch_build.py``). This installs only the
extras' own requirements, read from ``pyproject.toml`` (the lists stay in one place), with the pip
of the Python running it; the installed smallworld stays as it is. An extra that names another
(``smallworld[rl]``) brings that one's requirements too. To have an extra from the start, name it
in the first install instead: ``pip install ".[docs]"``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: a requirement naming the project itself, with extras: ``smallworld[rl,spiel]``
_SELF = re.compile(r"^\s*smallworld\s*\[([^\]]*)\]\s*(?:;.*)?$", re.IGNORECASE)


def requirements(extras: list[str], pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """The requirements of ``extras`` (names of ``[project.optional-dependencies]``), in their
    order, each once; a requirement ``smallworld[x]`` is replaced by extra ``x``'s.

    Raises:
        ValueError: an extra not in the file (the message names the ones there are).
    """
    with open(pyproject, "rb") as f:
        table: dict[str, list[str]] = tomllib.load(f)["project"].get("optional-dependencies", {})
    out: list[str] = []
    seen: set[str] = set()

    def add(name: str) -> None:
        name = name.strip().lower()
        if name in seen:
            return
        if name not in table:
            raise ValueError(f"no extra {name!r} in {pyproject.name}; there are: {', '.join(sorted(table))}")
        seen.add(name)
        for req in table[name]:
            own = _SELF.match(req)
            if own:
                for x in own.group(1).split(","):
                    if x.strip():
                        add(x)
            elif req not in out:
                out.append(req)

    for name in extras:
        add(name)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("extras", nargs="*", help="names of [project.optional-dependencies], e.g. docs")
    ap.add_argument("--list", action="store_true", help="print the extras and their requirements")
    args = ap.parse_args(argv)
    if args.list:
        with open(ROOT / "pyproject.toml", "rb") as f:
            for name, reqs in tomllib.load(f)["project"].get("optional-dependencies", {}).items():
                print(f"{name}: {', '.join(reqs)}")
        return 0
    if not args.extras:
        ap.error("name at least one extra (--list shows them)")
    try:
        reqs = requirements(args.extras)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return subprocess.run([sys.executable, "-m", "pip", "install", *reqs], check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
