"""static/js/i18n.js in the browser (issue 31): t() fills placeholders and leaves a message the
catalogue lacks in English; tn() picks the form CLDR's rule gives the number (Intl.PluralRules
mapped by the server to the catalogue's forms): never "1 mosse", and Italian's third form for
a million."""

from __future__ import annotations

import pytest

from tests.web.browser_kit import require_browser

require_browser()

SCRIPT = """async () => {
  const i18n = await import('/static/js/i18n.js');
  const cat = await i18n.loadI18n();
  const move = (n) => i18n.tn('{n} move', '{n} moves', n);
  return {
    lang: cat.lang, html: document.documentElement.lang,
    forms: [0, 1, 2, 21, 1000000].map(move),
    round: i18n.t('Round {n}', { n: 7 }),
    unknown: i18n.t('Not a message {x}', { x: 'here' }),
    kept: localStorage.getItem('smallworld.lang'),
  };
}"""


@pytest.mark.parametrize(("lang", "forms", "round_"), [
    ("it", ["0 mosse", "1 mossa", "2 mosse", "21 mosse", "1000000 di mosse"], "Round 7"),
    ("ko", ["0수", "1수", "2수", "21수", "1000000수"], "7라운드"),
    ("en", ["0 moves", "1 move", "2 moves", "21 moves", "1000000 moves"], "Round 7"),
])
def test_t_and_tn_speak_the_language_with_cldr_plurals(server, page_, lang, forms, round_):
    page_.goto(f"{server}/rules/?lang={lang}")
    out = page_.evaluate(SCRIPT)
    assert out["lang"] == out["html"] == out["kept"] == lang
    assert out["forms"] == forms
    assert out["round"] == round_
    assert out["unknown"] == "Not a message here"
