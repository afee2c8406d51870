// The page in the player's language: the catalogue of /api/i18n (made from the .po files of
// smallworld/web/locales by smallworld.web.i18n), t() and tn() for the scripts' words, and the
// page's own words (elements marked data-i18n, attributes named by data-i18n-attr).
//
// The language: ?lang= in the address (a seat link can carry it), else the one chosen before in
// this browser (localStorage), else the server's pick from the browser's Accept-Language.
// English is the source language: a message the catalogue lacks shows as written.

const STORE = "smallworld.lang";
let cat = { lang: "en", plural: { one: 0, other: 1 }, messages: {}, languages: [], names: {}, regions: {} };
let rules = null;
let loaded = false; // loadI18n() has run

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (all, k) => (k in params ? String(params[k]) : all));
}

function remembered() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}

function remember(lang) {
  try { localStorage.setItem(STORE, lang); } catch { /* private mode: this page only */ }
}

// Load the catalogue, set <html lang> and translate the page's marked words. Returns the
// catalogue ({lang, plural, messages, languages, names}).
export async function loadI18n() {
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (asked) remember(asked);
  const lang = asked || remembered();
  let res = await fetch(lang ? `/api/i18n?lang=${encodeURIComponent(lang)}` : "/api/i18n");
  if (!res.ok) res = await fetch("/api/i18n"); // a language no longer offered: the browser's
  if (res.ok) cat = await res.json();
  loaded = true;
  rules = new Intl.PluralRules(cat.lang);
  document.documentElement.lang = cat.lang;
  translatePage(document);
  return cat;
}

// The language of the page ("en", "it", "ko").
export function lang() { return cat.lang; }

// The page's language once its catalogue is loaded (null before): what the page's requests ask
// the server to answer in (api.js sends it as Accept-Language, so an error comes in the
// language chosen in this browser, not only the browser's own).
export function pageLanguage() { return loaded ? cat.lang : null; }

// The languages offered: [{id, name}], each name in its own language.
export function languages() { return cat.languages; }

// Names of an edition's races, powers, items, pieces, factions and its title in the page's
// language (Edition.names on the server).
export function editionNames(edition) { return cat.names[edition] || null; }

// A board's Region name ("Goldshire Fields", as the board's data gives it) in the page's
// language (the catalogue's messages of context "region"); itself when untranslated.
export function regionName(english) { return (cat.regions || {})[english] || english; }

// msgid in the page's language, {name} placeholders filled from params.
export function t(msgid, params) {
  const s = cat.messages[msgid];
  return fill(typeof s === "string" && s ? s : msgid, params);
}

// The form of a plural message for n (CLDR's rule for the language, through Intl.PluralRules,
// mapped to the catalogue's forms by the server); {n} and the params filled.
export function tn(singular, plural, n, params) {
  const forms = cat.messages[singular];
  const all = { n, ...(params || {}) };
  if (!Array.isArray(forms)) return fill(n === 1 ? singular : plural, all);
  const category = rules ? rules.select(n) : "other";
  const index = category in cat.plural ? cat.plural[category] : cat.plural.other;
  return fill(forms[index] ?? forms[forms.length - 1], all);
}

// Translate the words of the elements marked data-i18n (their text is the msgid, kept in the
// attribute after the first pass) and the attributes data-i18n-attr names.
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (!el.dataset.i18n) el.dataset.i18n = el.textContent.replace(/\s+/g, " ").trim();
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of el.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
      const key = `i18n${name.replace(/(^|-)(\w)/g, (_, d, c) => c.toUpperCase())}`;
      if (!el.dataset[key]) el.dataset[key] = el.getAttribute(name) || "";
      if (el.dataset[key]) el.setAttribute(name, t(el.dataset[key]));
    }
  }
}

// A <select> choosing the page's language; the choice is remembered in this browser and the
// page reloads in it (dropping a ?lang= from the address, which would override it). ``short``:
// each language shown by its code ("IT"), its name in its tooltip (a crowded top bar).
export function languageSwitch({ short = false } = {}) {
  const select = document.createElement("select");
  select.className = short ? "lang-switch short" : "lang-switch";
  select.setAttribute("aria-label", t("Language"));
  select.title = t("Language");
  for (const l of cat.languages) {
    const o = document.createElement("option");
    o.value = l.id;
    o.textContent = short ? l.id.toUpperCase() : l.name;
    if (short) o.title = l.name;
    o.lang = l.id;
    select.append(o);
  }
  select.value = cat.lang;
  select.addEventListener("change", () => {
    remember(select.value);
    const url = new URL(window.location.href);
    url.searchParams.delete("lang");
    window.location.assign(url.toString());
  });
  return select;
}
