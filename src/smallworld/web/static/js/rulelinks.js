// Links from the game page to the rules (docs/rules, shown by the server itself at /rules/:
// smallworld/web/rules_pages.py, nothing to build). A message citing a rule ID ("... (R-TROOP-2)") shows a
// "see the rule" link to that rule's heading instead of the ID (its words in the page's language);
// the Guide links to rule headings.
import { t } from "./i18n.js";

const PAGES = { R: "/rules/swow", C: "/rules/classic" };

// The address of a rule heading: ruleHref("R-CONQ-3"), or of a race, power or item:
// ruleHref("race-trolls") (docs/rules/swow.md anchors, smallworld.content.cards.rule_anchor).
export function ruleHref(anchor) {
  anchor = SHARED[anchor] || anchor;
  return `${/^(C-|classic-)/.test(anchor) ? PAGES.C : PAGES.R}#${anchor}`;
}

// anchors whose rule is written under one heading shared with others (docs/rules/classic.md:
// "Forest, Hill, Swamp")
const SHARED = {
  "classic-power-forest": "classic-power-terrain",
  "classic-power-hill": "classic-power-terrain",
  "classic-power-swamp": "classic-power-terrain",
};

// Text -> an array of strings and <a> links, one link per rule ID it cites (for h(...) children).
export function withRuleLinks(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(/(?<![\w-])[RC](?:-[A-Z]+)+-\d+\b/g)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const a = document.createElement("a");
    a.href = ruleHref(m[0]);
    a.target = "_blank";
    a.rel = "noopener";
    a.className = "rule-link";
    a.title = t("Open this rule");
    a.style.cssText = "color: inherit; text-decoration: underline; pointer-events: auto";
    a.textContent = t("see the rule");
    out.push(a);
    last = m.index + m[0].length;
  }
  if (last < String(text).length) out.push(String(text).slice(last));
  return out;
}
