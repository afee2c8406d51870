"""The pages and their scripts and styles, served from memory: one script and one stylesheet
per page, gzip-compressed once, named by a hash of their content.

A page (``play.html``, ``replay.html``, ``index.html``) loads its styles with
``<link rel="stylesheet" href="/static/css/...">`` and its code with one
``<script type="module" src="/static/js/<entry>.js">``; the modules import each other with
``import {a, b as c} from "./x.js"``, ``import * as x from "./x.js"`` and
``export {a} from "./x.js"``, and export ``function``/``async function``/``class``/``const``
declarations only. :func:`build_page` turns that into three answers:

- the page itself, its stylesheet links and module preloads replaced by one ``<link>`` and its
  script by one ``<script type="module">``, both at ``/assets/<name>.<hash>.<ext>``;
- the stylesheet: the page's CSS files in their order (CSS concatenates safely);
- the script: every module the entry reaches, each wrapped in a function of its own (its
  top-level names stay private, as in a module) and run in import order, once; an import reads
  the exporting module's bindings, which are never reassigned (``export let`` is refused).

Why not a bundler: the well-known ones (esbuild, rollup, webpack) need Node, which is not a
dependency of this Python package, and the Python wrappers of esbuild on PyPI are unmaintained
experiments. The format above is narrow on purpose: :class:`AssetError` names the file and the
construct when a module steps outside it, so a change that would bundle wrongly fails the tests
(``tests/web/test_assets.py``) instead of breaking a page. The separate files stay served under
``/static`` for anyone reading the code in a browser's developer tools.

Cold page load on this machine went from 23 requests (and a median near 400 ms) to 3; figures
in ``benchmarks/web_page.py``.
"""

from __future__ import annotations

import gzip
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Asset", "AssetError", "Page", "build_page", "bundle_modules"]


class AssetError(ValueError):
    """A page or module the bundler cannot turn into one script faithfully (the message names
    the file and what is wrong)."""


@dataclass(frozen=True)
class Asset:
    """One answer held in memory: ``body`` (bytes), its gzip form, media type and ETag."""

    body: bytes
    gzipped: bytes
    media_type: str
    etag: str

    @classmethod
    def of(cls, body: bytes, media_type: str) -> Asset:
        digest = hashlib.sha256(body).hexdigest()[:16]
        return cls(body, gzip.compress(body, 9, mtime=0), media_type, f'"{digest}"')


@dataclass(frozen=True)
class Page:
    """A page and the two assets it links to (``assets`` maps URL path → :class:`Asset`)."""

    html: Asset
    assets: dict[str, Asset]


IMPORT = re.compile(
    r'^(import|export)\s+(\{[^}]*\}|\*\s+as\s+\w+)\s+from\s+"\./([\w-]+\.js)"\s*;?[ \t]*$',
    re.MULTILINE)
OTHER_IMPORT = re.compile(r'^\s*(import\b(?!\s*\()|export\s+(default|let|var)\b|export\s*[*{])',
                          re.MULTILINE)
EXPORT_DECL = re.compile(r"^export\s+((?:async\s+)?function\*?|class|const)\s+([A-Za-z_$][\w$]*)",
                         re.MULTILINE)
EXPORT_CONST_DESTRUCTURE = re.compile(r"^export\s+const\s*[{\[]", re.MULTILINE)
STYLESHEET = re.compile(r'^[ \t]*<link rel="stylesheet" href="/static/css/([\w-]+\.css)">\n',
                        re.MULTILINE)
PRELOAD = re.compile(r'^[ \t]*<link rel="modulepreload" href="/static/js/[\w-]+\.js">\n',
                     re.MULTILINE)
ENTRY = re.compile(r'<script type="module" src="/static/js/([\w-]+\.js)"></script>')


def _names(spec: str, where: str) -> list[tuple[str, str]]:
    """``{a, b as c}`` → [(exported name, local name), …]."""
    out = []
    for part in spec.strip("{} \n\t").split(","):
        part = " ".join(part.split())
        if not part:
            continue
        bits = part.split(" as ")
        if len(bits) > 2 or not all(re.fullmatch(r"[A-Za-z_$][\w$]*", b) for b in bits):
            raise AssetError(f"{where}: cannot read the import/export list item {part!r}")
        out.append((bits[0], bits[-1]))
    return out


def _var(module: str) -> str:
    return "__sw_" + re.sub(r"\W", "_", module[:-3])


def bundle_modules(folder: Path, entry: str) -> str:
    """One script running ``entry`` (a file name in ``folder``) and every module it imports.

    Returns JavaScript text for a ``<script type="module">``. Raises :class:`AssetError` for an
    import cycle, a missing module, or a construct outside the supported format (module doc).
    """
    order: list[str] = []
    parsed: dict[str, tuple[list[tuple[str, str, str]], str, list[str]]] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in parsed:
            return
        if name in visiting:
            raise AssetError(f"import cycle: {' → '.join(visiting + [name])}")
        path = folder / name
        if not path.is_file():
            raise AssetError(f"{visiting[-1] if visiting else 'the page'} imports {name}, "
                             f"which is not in {folder}")
        visiting.append(name)
        text = path.read_text(encoding="utf-8")
        imports: list[tuple[str, str, str]] = []  # (keyword, what, module)

        def take(m: re.Match[str]) -> str:
            imports.append((m.group(1), m.group(2), m.group(3)))
            return ""

        body = IMPORT.sub(take, text)
        bad = OTHER_IMPORT.search(body) or EXPORT_CONST_DESTRUCTURE.search(body)
        if bad:
            start = body.rfind("\n", 0, bad.start() + 1) + 1
            said = body[start:].split("\n", 1)[0].strip()
            line = text[:text.find(said)].count("\n") + 1
            raise AssetError(f"{name}:{line}: {said!r} is not supported by the bundler (named "
                             "imports and exported function, class and const declarations only)")
        exported = [m.group(2) for m in EXPORT_DECL.finditer(body)]
        body = EXPORT_DECL.sub(lambda m: f"{m.group(1)} {m.group(2)}", body)
        left = re.search(r"^export\b.*", body, re.MULTILINE)
        if left:
            raise AssetError(f"{name}: {left.group(0).strip()!r} is an export the bundler cannot read")
        for _, _, dep in imports:
            visit(dep)
        visiting.pop()
        parsed[name] = (imports, body, exported)
        order.append(name)

    visit(entry)
    parts = ["// one script made from the page's modules by smallworld.web.assets (the separate "
             "files are under /static/js)"]
    for name in order:
        imports, body, exported = parsed[name]
        head, reexports = [], []
        for keyword, what, dep in imports:
            if what.startswith("*"):
                if keyword == "export":
                    raise AssetError(f"{name}: 'export * as' is not supported")
                head.append(f"const {what.split()[-1]} = {_var(dep)};")
                continue
            pairs = _names(what, name)
            if keyword == "import":
                head.append("const { " + ", ".join(a if a == b else f"{a}: {b}" for a, b in pairs)
                            + f" }} = {_var(dep)};")
            else:
                reexports += [(b, f"{_var(dep)}.{a}") for a, b in pairs]
        fields = [f"{n}: {n}" for n in exported] + [f"{b}: {src}" for b, src in reexports]
        parts.append(f"// ---- {name}\nconst {_var(name)} = (() => {{\n" + "\n".join(head)
                     + f"\n{body.strip()}\nreturn Object.freeze({{ {', '.join(fields)} }});\n}})();")
    return "\n".join(parts) + "\n"


def build_page(static: Path, html_name: str) -> Page:
    """The page ``static/html_name`` with its styles and modules each made into one asset.

    Raises :class:`AssetError` (a stylesheet or module missing, or not bundleable)."""
    html = (static / html_name).read_text(encoding="utf-8")
    stem = html_name.removesuffix(".html")
    sheets = STYLESHEET.findall(html)
    assets: dict[str, Asset] = {}
    first = STYLESHEET.search(html)
    if sheets and first:
        missing = [s for s in sheets if not (static / "css" / s).is_file()]
        if missing:
            raise AssetError(f"{html_name} links {', '.join(missing)}, not in {static / 'css'}")
        css = "\n".join(f"/* ---- {s} */\n" + (static / "css" / s).read_text(encoding="utf-8")
                        for s in sheets)
        asset = Asset.of(css.encode(), "text/css; charset=utf-8")
        url = f"/assets/{stem}.{asset.etag.strip(chr(34))}.css"
        assets[url] = asset
        head = html[:first.start()] + f'<link rel="stylesheet" href="{url}">\n'
        html = head + STYLESHEET.sub("", html[first.start():])
    html = PRELOAD.sub("", html)
    entry = ENTRY.search(html)
    if entry:
        js = bundle_modules(static / "js", entry.group(1))
        asset = Asset.of(js.encode(), "text/javascript; charset=utf-8")
        url = f"/assets/{stem}.{asset.etag.strip(chr(34))}.js"
        assets[url] = asset
        html = html[:entry.start()] + f'<script type="module" src="{url}"></script>' + html[entry.end():]
        # fetched with the stylesheet, not after it
        html = html.replace("</head>", f'<link rel="modulepreload" href="{url}">\n</head>', 1)
    return Page(Asset.of(html.encode(), "text/html; charset=utf-8"), assets)
