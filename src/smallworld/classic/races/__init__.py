"""Classic races effects: one module per effect, each registering an Ability with
:func:`smallworld.classic.registry.register`. Every module here is imported automatically."""

from __future__ import annotations

import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
