"""The table's smaller words in the page's language (issue 31), run in the browser as the table
runs them: a piece's tooltip (its name and what it does, after its race's or power's name) and a
refusal's "see the rule" link. The modules are imported as the page imports them, the catalogue
loaded for ``?lang=``, the edition's data from ``/api/meta`` with its names in that language
(``localnames.js``)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from smallworld.core import edition as core_editions
from smallworld.web.i18n import LOCALES

SCRIPT = """async () => {
  const i18n = await import('/static/js/i18n.js');
  await i18n.loadI18n();
  const ctx = await import('/static/js/ctx.js');
  const meta = await (await fetch('/api/meta?edition=' + EDITION)).json();
  (await import('/static/js/localnames.js')).localNames(meta);
  ctx.G.meta = meta;
  const pieces = await import('/static/js/pieces.js');
  const link = (await import('/static/js/rulelinks.js')).withRuleLinks('x (R-CONQ-1)')[1];
  return {table: pieces.pieceTable(), link: [link.textContent, link.title]};
}"""


def _catalogue(lang: str) -> dict[str, str]:
    with (LOCALES / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return {str(m.id): str(m.string) for m in read_po(f, locale=lang) if isinstance(m.id, str) and not m.context}


@pytest.mark.parametrize(("edition", "lang", "link"), [
    ("swow", "it", ["vedi la regola", "Apri questa regola"]),
    ("classic", "ko", ["규칙 보기", "이 규칙 열기"]),
])
def test_pieces_and_rule_links_speak_the_pages_language(server, page_, edition, lang, link):
    page_.goto(f"{server}/rules/?lang={lang}")
    out = page_.evaluate(SCRIPT.replace("EDITION", repr(edition)))
    assert out["link"] == link
    cat = _catalogue(lang)
    ed = core_editions.get(edition)
    local = ed.names(lang)
    checked = 0
    for kind, (ability, piece) in ed.piece_declarations().items():
        name, what = out["table"][kind]
        assert name == local["pieces"][kind]["name"]
        effect = cat[piece.effect]
        if ability is None:
            assert what == effect
        else:
            owner = local[{"race": "races", "power": "powers", "item": "items"}[ability.kind]][ability.id]
            assert what == f"{owner}: {effect}", kind
        checked += 1
    assert checked >= 3 and page_.errors == []


def test_the_pages_requests_ask_for_its_language(server, page_):
    """api.js sends the page's language (chosen in this browser: here ?lang=, the browser's own
    being English) with every request, so an error comes in it."""
    page_.goto(f"{server}/rules/?lang=ko")
    said = page_.evaluate("""async () => {
      const i18n = await import('/static/js/i18n.js');
      const api = await import('/static/js/api.js');
      const ask = () => api.api('/api/games/nothing-here/state', { token: 'x' }).catch((e) => e.message);
      const before = await ask();
      await i18n.loadI18n();
      return [before, await ask()];
    }""")
    assert said == ["no game 'nothing-here'", "게임 'nothing-here'이(가) 없습니다"]
