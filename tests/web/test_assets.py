"""The pages' one-script bundles (smallworld.web.assets): what they run, what they refuse, and
how the server sends them."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from smallworld.web.assets import AssetError, build_page, bundle_modules
from smallworld.web.server import STATIC, create_app


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


TOY = {
    # two modules with the same private top-level name (`count`): each keeps its own
    "util.js": 'const count = 1;\nexport function twice(x) { return 2 * x + count - 1; }\n'
               'export const NAME = "util";\nexport class Box { constructor(v) { this.v = v; } }\n',
    "more.js": 'import { twice as double } from "./util.js";\nlet count = 10;\n'
               'export async function later() { count += 1; return double(count); }\n'
               'export { NAME } from "./util.js";\n',
    "main.js": 'import {\n  later,\n  NAME as moreName,\n} from "./more.js";\n'
               'import * as util from "./util.js";\n'
               'window.result = later().then((n) => [n, moreName, util.NAME, new util.Box(3).v, '
               'typeof count]);\n',
}


def test_a_bundle_runs_its_modules_once_in_import_order(tmp_path, chromium):
    js = bundle_modules(write(tmp_path, TOY), "main.js")
    assert js.index("---- util.js") < js.index("---- more.js") < js.index("---- main.js")
    pg = chromium.new_page()
    try:
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_content("<html><body></body></html>")
        pg.add_script_tag(content=js, type="module")
        pg.wait_for_function("() => window.result !== undefined")  # a module script runs deferred
        # aliases, a namespace import, a re-export, private names kept apart (`count` is not global)
        assert pg.evaluate("window.result") == [22, "util", "util", 3, "undefined"]
        assert errors == []
    finally:
        pg.close()


@pytest.mark.parametrize("files, words", [
    ({"main.js": 'import { a } from "./gone.js";\n'}, "gone.js, which is not in"),
    ({"main.js": 'import { a } from "./b.js";\nexport const x = 1;\n',
      "b.js": 'import { x } from "./main.js";\nexport const a = 1;\n'}, "import cycle: main.js → b.js → main.js"),
    ({"main.js": "export let x = 1;\n"}, "main.js:1: 'export let"),
    ({"main.js": "export default function () {}\n"}, "'export default"),
    ({"main.js": 'import x from "./b.js";\n', "b.js": ""}, "'import x from"),
    ({"main.js": 'export * from "./b.js";\n', "b.js": ""}, "'export *"),
    ({"main.js": "export const { a, b } = {};\n"}, "'export const {"),
])
def test_what_cannot_be_bundled_faithfully_is_refused_by_name(tmp_path, files, words):
    with pytest.raises(AssetError, match=re.escape(words)):
        bundle_modules(write(tmp_path, files), "main.js")


def test_each_page_links_one_stylesheet_and_one_script_of_its_own_files():
    both = ["app.css", "table.css", "taps.css", "i18n.css"]  # i18n.css: fonts with Hangul, the language switch
    four = ["app.css", "table.css", "touch.css", "replay.css", "taps.css"]
    play = [*four, "phone.css", "friends.css", "i18n.css"]
    for name, entry, sheets in (("play", "play.js", play), ("replay", "replay.js", [*four, "friends.css", "i18n.css"]),
                                ("index", "lobby.js", both)):
        page = build_page(STATIC, f"{name}.html")
        html = page.html.body.decode()
        assert "/static/js/" not in html and "/static/css/" not in html, name
        css = [u for u in page.assets if u.endswith(".css")]
        js = [u for u in page.assets if u.endswith(".js")]
        assert len(css) == 1 and len(js) == 1, name
        assert html.count(f'<script type="module" src="{js[0]}">') == 1
        assert re.findall(r"^/\* ---- (\S+) \*/$", page.assets[css[0]].body.decode(), re.M) == sheets
        # every module the entry imports (directly or not) is in the bundle
        text = page.assets[js[0]].body.decode()
        assert f"---- {entry}" in text and "\nimport " not in text and "\nexport " not in text


def test_the_server_sends_pages_and_bundles_compressed_cached_and_revalidated(db_path):
    with TestClient(create_app(db_path)) as c:
        page = c.get("/play/anything")
        assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
        urls = re.findall(r'(?:src|href)="(/assets/[^"]+)"', page.text)
        assert {u.rsplit(".", 1)[1] for u in urls} == {"css", "js"}
        for url in set(urls):
            r = c.get(url, headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200
            assert r.headers["content-encoding"] == "gzip"
            assert "immutable" in r.headers["cache-control"]
            again = c.get(url, headers={"If-None-Match": r.headers["etag"]})
            assert again.status_code == 304 and again.content == b""
            plain = c.get(url, headers={"Accept-Encoding": "identity"})
            assert "content-encoding" not in plain.headers
            assert plain.content == r.content  # (the client unzipped r)
            assert 0 < int(r.headers["content-length"]) < len(plain.content) / 2
        stale = c.get("/assets/play.0000000000000000.js")
        assert stale.status_code == 404 and "reload" in stale.json()["error"]


def test_the_board_drawing_is_made_ahead_sent_gzipped_and_revalidated(db_path):
    from smallworld.web.board import table_svg_asset

    table_svg_asset.cache_clear()
    with TestClient(create_app(db_path)) as c:
        g = c.post("/api/games", json={"seats": [{"name": "A"}, {"name": "B"}], "seed": 3}).json()
        # drawn in a worker thread as the game was created, before any page asked for it
        deadline = time.time() + 20
        while table_svg_asset.cache_info().currsize == 0:
            assert time.time() < deadline, "the board was not drawn ahead"
            time.sleep(0.05)
        r = c.get(f"/api/games/{g['id']}/board", headers={"X-Token": g["host_token"],
                                                          "Accept-Encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
        assert "svg" in r.json()
        again = c.get(f"/api/games/{g['id']}/board", headers={"X-Token": g["host_token"],
                                                              "If-None-Match": r.headers["etag"]})
        assert again.status_code == 304
        # still a game route: no token, no drawing
        assert c.get(f"/api/games/{g['id']}/board").status_code in (401, 403)
