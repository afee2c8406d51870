"""Hatchling build hook: compile the rules' core (``smallworld/core``) and the bots
(``smallworld/bots``) with Cython.

``pip install .`` (a wheel) on a machine with a C compiler gets those modules as extension
modules (``.so``/``.pyd``): about 1.35-1.55x the games per second of the pure-Python code
(figures below; the former build of all four packages at ``-O3``, over 7 CPU minutes, gave
about 1.9-2.0x); the ``.py`` sources stay in the wheel beside them
(Python imports the extension first). The code is
plain Python: Cython compiles it as is (``annotation_typing=False``: annotations are not C types),
so compiled and interpreted play the same games (``scripts/test_compiled.sh`` checks it). A few
hot modules have an augmenting ``.pxd`` beside them
(``core/{engine,conquest,chance,troops,decline,scoring,roster,hooks,playout}.pxd``): Cython reads it to
give some functions C calls and C-typed locals; the ``.py`` stays the code that runs when nothing
is compiled. ``core/state.pxd`` makes :class:`~smallworld.core.state.State` an extension type (its
fields C struct members, typed: a field may only hold its declared type or None), and the other
``.pxd`` files type their state argument as that ``State``, so field reads are C struct reads.
Keep a ``.pxd`` in step with its module: a function it declares keeps the arguments the ``.pxd``
gives it, and holds no closure (lambda, generator expression), which Cython does not support in a
``cpdef`` function; a new field of State goes in ``state.pxd`` too. Cython's utility code is one
shared module (``smallworld._cyutility``) instead of a copy in each module: the same speed, a
quarter less C compiler time.

**What is compiled, and how: the install in at most 3 CPU minutes** (issue 33; the README's
``pip install .`` had taken 457 CPU s, 430 user + 27 sys, compiling the core, both editions'
races, powers and items and the bots at Python's own ``-O3``). Measured 2026-11-28 (Cython
3.3.1, GCC 12.2, CPU seconds, robust to the shared machine's load):

- C after Cython: core 19.8 MB, content 25.8 MB, classic 13.5 MB, bots 9.6 MB, the shared
  utility module 1.1 MB. GCC's CPU per MB of it: ``-O3`` 6.3 s, ``-O2`` 5.0 s, ``-O1`` 3.1 s
  (each module compiled alone; 75 modules at all three levels, all 133 at ``-O3``). All four
  packages at ``-O1`` would be about 220 s of GCC alone, so the editions' races, powers and items
  (content, classic: 39.3 of the 69.8 MB) stay interpreted, as the rest of the package is.
- Speed, same source (2649008), engine_ab, 8 rounds, CPU time, the median of the rounds' paired
  ratios for 2 / 3 / 5 players, at a load average of 14-18 (noisy: single rounds ranged
  0.64-1.47): core and bots at ``-O1`` against the former build (all four at ``-O3``) 0.95 /
  0.87 / 0.93 Warcraft, 0.94 / 0.89 / 0.86 classic; core and bots at ``-O3`` against it 0.78 /
  0.93 / 1.07 and 0.96 / 0.90 / 0.90. So about a tenth of the engine's speed goes with the
  editions left interpreted, and ``-O1`` instead of ``-O3`` is within the noise. The Hard bot
  (search_speed.py, mcts-blend, 40 iterations a decision, one game, 33 decisions) 321 and 348
  iterations per CPU second against 430 and 390 (0.75-0.89x). Against the pure-Python code
  (the same rounds, load 12-16): 1.46 / 1.45 / 1.33 Warcraft, 1.54 / 1.45 / 1.42 classic.
- ``-O1`` rather than ``-O2``: ``-O2`` would put the build at about 200 CPU s, over the goal.
- Translating to C and compiling both use every core (``cythonize(nthreads=...)``, setuptools'
  parallel ``build_ext``): the same CPU time, less waiting on 2 cores.

The README's ``pip install .`` so built (44 modules; ``/usr/bin/time -v pip install -v --no-deps``
in a fresh venv whose dependencies were there, pip's build environment included): 139.3 s user +
8.7 s sys = 148 CPU s; 28 min 55 s wall at a load average of 21-23, where it got 8% of a CPU.
``SMALLWORLD_OPT=-O3`` (or ``-O2``) and
``SMALLWORLD_COMPILE=smallworld/core,smallworld/content,smallworld/classic,smallworld/bots`` give
the former build back. Under pip, hatchling builds the wheel while pip says "Preparing metadata
(pyproject.toml)" (pip then installs that wheel: one compile); ``pip install -v .`` shows this
hook's steps as they go.

**Profile-guided optimisation** (GCC only, asked for with ``SMALLWORLD_PGO=1``): the modules are
compiled twice. The first build is
instrumented (``-fprofile-generate``); a training run plays random games of both editions with it
(:func:`smallworld.bench.measure`, 2 to 5 players) and a game of each search bot, about five
seconds in a subprocess importing a copy of the package with those modules; the second build
uses the counts (``-fprofile-use``). Same C code, so the same games; measured (the core alone)
1.08-1.15x (Warcraft) and 1.12-1.19x (classic) over the plain build (``benchmarks/engine_ab.py``,
3 players; measured with the former ``-O3`` build), for a build about three times as long, so it
is off by default: a plain
``pip install .`` is one compile. Any failure of that step (another compiler, an old GCC, the
training) gives the plain build with a warning. The build
says which it made in ``smallworld/_build.json`` (``{"compiled": true, "pgo": true,
"packages": [...], "opt": "-O1"}``), read by ``smallworld bench``.

- Editable installs (``pip install -e .``) and sdists are never compiled.
- ``SMALLWORLD_PURE_PYTHON=1``: do not compile (a pure-Python wheel).
- A compile failure (no compiler, no Python headers, Cython missing) gives a pure-Python wheel
  and a warning; with ``SMALLWORLD_REQUIRE_COMPILED=1`` it is an error instead.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the compiled packages (every module but the packages' __init__); SMALLWORLD_COMPILE (a
#: comma-separated list of package paths) overrides it. Measured on 2026-11-26 (all
#: profile-guided, -O3): the races, powers and items with the core against the core alone,
#: 1.09-1.11x Warcraft and 1.06-1.08x classic games/s (engine_ab, 15 rounds, 3 players; without
#: profile guidance 1.00-1.05x); the bots as well, 1.21-1.23x the Hard bot's iterations per
#: second (search_speed.py, the same 77 decisions at 40 iterations each). The editions are left
#: out for the install's time (the module docstring has the figures of 2026-11-28)
PACKAGES = ("smallworld/core", "smallworld/bots")
#: the C optimisation level of the compiled modules (``SMALLWORLD_OPT`` overrides it)
OPT = "-O1"
#: the shared module of Cython's utility code
SHARED = "smallworld._cyutility"
SKIP = {"__init__.py"}


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


class CythonCoreHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if _flag("SMALLWORLD_PURE_PYTHON"):
            self.app.display_info("smallworld: SMALLWORLD_PURE_PYTHON set, building a pure-Python wheel")
            return
        self._opt = _opt_level()
        self._tmp = tempfile.mkdtemp(prefix="smallworld-cython-")
        try:
            built = self._compile(Path(self._tmp))
        except Exception as e:  # any failure falls back to pure Python
            if _flag("SMALLWORLD_REQUIRE_COMPILED"):
                raise RuntimeError(
                    f"smallworld: compiling the core failed and SMALLWORLD_REQUIRE_COMPILED is set: {e!r}"
                ) from e
            msg = (f"smallworld: compiling with Cython failed ({e!r}); "
                   "building a pure-Python wheel (same games, slower)")
            traceback.print_exc(file=sys.stderr)
            self.app.display_warning(msg)
            warnings.warn(msg, stacklevel=1)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for so, dest in built:
            build_data["force_include"][str(so)] = dest
        info = Path(self._tmp) / "_build.json"
        info.write_text(json.dumps({"compiled": True, "pgo": self._pgo, "packages": self._packages,
                                    "opt": self._opt}) + "\n")
        build_data["force_include"][str(info)] = "smallworld/_build.json"
        how = "with profile-guided optimisation" if self._pgo else "without profile-guided optimisation"
        self.app.display_info(f"smallworld: compiled {len(built)} modules with Cython, {how}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)

    def _compile(self, tmp: Path) -> list[tuple[Path, str]]:
        from Cython.Build import cythonize
        from setuptools import Extension

        root = Path(self.root)
        src = root / "src"
        packages = [x.strip() for x in os.environ.get("SMALLWORLD_COMPILE", "").split(",") if x.strip()] or list(PACKAGES)
        self._packages = [pkg.replace("/", ".") for pkg in packages]
        modules = sorted(p for pkg in packages for p in (src / pkg).glob("**/*.py") if p.name not in SKIP)
        # no debug information, and the optimisation level (the last -O wins over Python's own
        # -O3): gcc, clang; MSVC has its own
        flags = ["-g0", self._opt] if os.name != "nt" else []
        jobs = os.cpu_count() or 1
        start = time.perf_counter()
        self.app.display_info(f"smallworld: translating {len(modules) + 1} modules to C with Cython "
                              f"({jobs} processes) ...")
        exts = [
            Extension(str(p.relative_to(src).with_suffix("")).replace(os.sep, "."), [str(p)],
                      extra_compile_args=flags)
            for p in modules
        ]
        exts.append(Extension(SHARED, [str(tmp / "smallworld" / "_cyutility.c")], extra_compile_args=flags))
        exts = cythonize(
            exts,
            shared_utility_qualified_name=SHARED,
            build_dir=str(tmp / "c"),
            quiet=True,
            force=True,
            nthreads=jobs if jobs > 1 else 0,
            compiler_directives={
                "language_level": 3,
                "annotation_typing": False,  # annotations stay annotations (None, big ints, …)
                "binding": True,  # functions keep their names, signatures and docstrings
                "embedsignature": True,
                # a State argument typed in a .pxd refuses None with a TypeError (by default
                # Cython lets None through, and a field read on it would crash the process)
                "allow_none_for_extension_args": False,
            },
        )
        self.app.display_info(f"smallworld: translated in {time.perf_counter() - start:.0f} s")
        self._pgo = False
        if os.name != "nt" and _flag("SMALLWORLD_PGO") and _is_gcc():
            try:
                prof = tmp / "pgo"
                gen = [f"-fprofile-generate={prof}"]
                out = self._build(exts, tmp, flags + gen, gen)
                seconds = _train(src, tmp / "train", out)
                use = [f"-fprofile-use={prof}", "-fprofile-partial-training", "-Wno-missing-profile"]
                built = self._build(exts, tmp, flags + use, [])
                self._pgo = True
                self.app.display_info(f"smallworld: profile-guided build trained in {seconds:.1f} s")
                return self._check(built, modules)
            except Exception as e:  # the plain build below
                msg = f"smallworld: profile-guided optimisation skipped ({e!r}); plain compiled build"
                self.app.display_warning(msg)
                warnings.warn(msg, stacklevel=1)
        return self._check(self._build(exts, tmp, flags, []), modules)

    def _build(self, exts: list[Any], tmp: Path, cflags: list[str], ldflags: list[str]) -> list[tuple[Path, str]]:
        """Compile the C files of ``exts`` with these flags into ``tmp/lib`` (the same object
        paths every time: GCC finds each module's profile by them)."""
        from setuptools import Distribution

        for ext in exts:
            ext.extra_compile_args = list(cflags)
            ext.extra_link_args = list(ldflags)
        dist = Distribution({"name": "smallworld", "ext_modules": exts, "package_dir": {"": "src"}})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(tmp / "lib")
        cmd.build_temp = str(tmp / "build")
        cmd.parallel = os.cpu_count() or 1
        cmd.force = True
        cmd.ensure_finalized()
        start = time.perf_counter()
        self.app.display_info(f"smallworld: compiling {len(exts)} C files ({' '.join(cflags)}, "
                              f"{cmd.parallel} processes) ...")
        cmd.run()
        self.app.display_info(f"smallworld: compiled in {time.perf_counter() - start:.0f} s")
        out: list[tuple[Path, str]] = []
        lib = tmp / "lib"
        for so in cmd.get_outputs():
            so = Path(so)
            if not so.exists():
                raise RuntimeError(f"missing compiled module {so}")
            out.append((so, str(so.relative_to(lib)).replace(os.sep, "/")))
        return out

    @staticmethod
    def _check(out: list[tuple[Path, str]], modules: list[Path]) -> list[tuple[Path, str]]:
        if len(out) != len(modules) + 1:  # and the shared utility module
            raise RuntimeError(f"compiled {len(out)} of {len(modules) + 1} modules")
        return out


def _opt_level() -> str:
    """The C optimisation flag: ``SMALLWORLD_OPT`` if set (``-O0`` to ``-O3``, ``-Os``), else
    :data:`OPT`.

    Raises:
        ValueError: ``SMALLWORLD_OPT`` is not one of those.
    """
    opt = os.environ.get("SMALLWORLD_OPT", "").strip() or OPT
    if not re.fullmatch(r"-O[0-3s]", opt):
        raise ValueError(f"SMALLWORLD_OPT must be -O0, -O1, -O2, -O3 or -Os, not {opt!r}")
    return opt


def _is_gcc() -> bool:
    """True if the C compiler of extension modules is GCC (the flags of the profile-guided
    build are GCC's; clang's differ)."""
    import sysconfig

    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "").split()
    if not cc:
        return False
    try:
        banner = subprocess.run([cc[0], "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "clang" not in banner.lower() and ("gcc" in banner.lower() or "free software foundation" in banner.lower())


#: the training run of the profile-guided build: random games of both editions, as ``smallworld
#: bench`` plays them (the engine's hot paths: legal actions, conquests, turn steps, chance),
#: copies of states, and a game of each search bot with a few iterations per decision
_TRAINING = """
import importlib, sys
# the editions, imported by name: the copy is not an installed distribution, so their entry
# points (pyproject.toml, smallworld.editions) are not found by importlib.metadata there
for module in sys.argv[1:]:
    importlib.import_module(module)
import smallworld.core.engine as e
assert e.__file__.endswith((".so", ".pyd")), "training must run the instrumented modules: " + e.__file__
from smallworld import bench
for edition in ("swow", "classic"):
    for players in (2, 3, 4, 5):
        bench.measure(players, 30, seed=players, edition=edition)
    for s in bench.sample_states(edition=edition, count=60):
        s.copy().legal_actions()
# the search bots (only when compiled with the rules): a short game of each search against greedy
import smallworld.bots.search as t
if t.__file__.endswith((".so", ".pyd")):
    from smallworld.bots import make_bot
    from smallworld.bots.play import play_game
    for edition in ("swow", "classic"):
        for name in ("mcts", "mcts-blend"):
            bots = [make_bot(name, "train", iterations=6), make_bot("greedy", "train:1"), make_bot("greedy", "train:2")]
            play_game(bots, seed=f"train:{name}", edition=edition)
"""


def _train(src: Path, where: Path, built: list[tuple[Path, str]]) -> float:
    """Run :data:`_TRAINING` on a copy of the package whose core is the instrumented modules
    ``built`` (their counts are written when the process exits); returns its seconds.

    Raises:
        RuntimeError: the run failed.
        subprocess.TimeoutExpired: it took more than 10 minutes.
    """

    shutil.copytree(src / "smallworld", where / "smallworld",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for so, dest in built:
        shutil.copy2(so, where / dest)
    import tomllib

    with open(src.parent / "pyproject.toml", "rb") as f:
        editions = list(tomllib.load(f)["project"]["entry-points"]["smallworld.editions"].values())
    # the copy first, then what this build process sees (pip's isolated build environment, with
    # the build requirements: shapely)
    path = [str(where), *[x for x in sys.path if x]]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path), PYTHONDONTWRITEBYTECODE="1")
    t = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", _TRAINING, *editions], cwd=str(where), env=env,
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        raise RuntimeError(f"training run failed: {run.stderr.strip()[-2000:]}")
    return time.perf_counter() - t
