"""Hatchling build hook: compile the rules core (``src/smallworld/core``) with Cython.

``pip install .`` (a wheel) on a machine with a C compiler gets the core modules as extension
modules (``.so``/``.pyd``), about 1.5x faster; the ``.py`` sources stay in the wheel beside them
(Python imports the extension first). The code is plain Python: Cython compiles it as is
(``annotation_typing=False``: annotations are not C types), so compiled and interpreted play the
same games (``scripts/test_compiled.sh`` checks it). A few hot modules have an augmenting ``.pxd``
beside them (``core/{engine,conquest,chance,troops,decline,scoring,roster,hooks}.pxd``): Cython reads it
to give some functions C calls and C-typed locals; the ``.py`` stays the code that runs when nothing
is compiled. ``core/state.pxd`` makes :class:`~smallworld.core.state.State` an extension type (its
fields C struct members, typed: a field may only hold its declared type or None), and the other
``.pxd`` files type their state argument as that ``State``, so field reads are C struct reads.
Keep a ``.pxd`` in step with its module: a function it declares keeps the arguments the ``.pxd``
gives it, and holds no closure (lambda, generator expression), which Cython does not support in a
``cpdef`` function; a new field of State goes in ``state.pxd`` too.

- Editable installs (``pip install -e .``) and sdists are never compiled.
- ``SMALLWORLD_PURE_PYTHON=1``: do not compile (a pure-Python wheel).
- A compile failure (no compiler, no Python headers, Cython missing) gives a pure-Python wheel
  and a warning; with ``SMALLWORLD_REQUIRE_COMPILED=1`` it is an error instead.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import traceback
import warnings
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the compiled packages (every module but the packages' __init__). SMALLWORLD_COMPILE (a
#: comma-separated list of package paths) overrides it, e.g. ``smallworld/core,smallworld/content,
#: smallworld/classic``: measured 1.03-1.08x faster than the core alone, for a build three times
#: as long, so not the default (and not covered by scripts/test_compiled.sh); measured again with
#: the .pxd core: 1.03-1.05x at 2-5 players (engine_ab, 60 rounds), build 2.4 min against 0.7
#: on the 2-core development machine; and on 2026-11-26 (engine_ab, compiled core against
#: compiled core + content, 20 rounds): median 1.00x (3-player Warcraft), 1.02x (3-player classic)
PACKAGES = ("smallworld/core",)
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
        self._tmp = tempfile.mkdtemp(prefix="smallworld-cython-")
        try:
            built = self._compile(Path(self._tmp))
        except Exception as e:  # any failure falls back to pure Python
            if _flag("SMALLWORLD_REQUIRE_COMPILED"):
                raise RuntimeError(
                    f"smallworld: compiling the core failed and SMALLWORLD_REQUIRE_COMPILED is set: {e!r}"
                ) from e
            msg = (f"smallworld: compiling the core with Cython failed ({e!r}); "
                   "building a pure-Python wheel (same games, slower)")
            traceback.print_exc(file=sys.stderr)
            self.app.display_warning(msg)
            warnings.warn(msg, stacklevel=1)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for so, dest in built:
            build_data["force_include"][str(so)] = dest
        self.app.display_info(f"smallworld: compiled {len(built)} core modules with Cython")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)

    def _compile(self, tmp: Path) -> list[tuple[Path, str]]:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension

        root = Path(self.root)
        src = root / "src"
        packages = [x.strip() for x in os.environ.get("SMALLWORLD_COMPILE", "").split(",") if x.strip()]
        modules = sorted(
            p for pkg in packages or PACKAGES for p in (src / pkg).glob("**/*.py") if p.name not in SKIP
        )
        # no debug information: smaller modules, faster builds (gcc, clang; MSVC has its own)
        flags = ["-g0"] if os.name != "nt" else []
        exts = [
            Extension(str(p.relative_to(src).with_suffix("")).replace(os.sep, "."), [str(p)],
                      extra_compile_args=flags)
            for p in modules
        ]
        exts = cythonize(
            exts,
            build_dir=str(tmp / "c"),
            quiet=True,
            force=True,
            nthreads=0,
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
        dist = Distribution({"name": "smallworld", "ext_modules": exts, "package_dir": {"": "src"}})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(tmp / "lib")
        cmd.build_temp = str(tmp / "build")
        cmd.parallel = os.cpu_count() or 1
        cmd.ensure_finalized()
        cmd.run()
        out: list[tuple[Path, str]] = []
        lib = tmp / "lib"
        for so in cmd.get_outputs():
            so = Path(so)
            if not so.exists():
                raise RuntimeError(f"missing compiled module {so}")
            out.append((so, str(so.relative_to(lib)).replace(os.sep, "/")))
        if len(out) != len(modules):
            raise RuntimeError(f"compiled {len(out)} of {len(modules)} core modules")
        return out
