// Links from a ruling to the rule it applies: a seed section named in a citation
// (002_e954d5c422be67ed.txt, "Individual Unit Fire"; "Group Fire") opens /rules/002#individual-unit-fire, and a
// ruling id (CF-130) opens /rules/rulings#CF-130, each in a new tab so the game stays where it is. Only sections
// and ids the server lists (GET /api/rules) become links: never a dead one.

import {h} from "./dom.js";

let index = null;

const FOLD = {"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
  "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'};

/** A section's name as names are compared (warroom.tools.coverage.section_key): case, runs of spaces and the kind
 * of dash or quote do not count. */
export function sectionKey(name) {
  return String(name).replace(/[\u2010-\u2014\u2212\u2018\u2019\u201c\u201d]/g, (c) => FOLD[c]).split(/\s+/)
    .filter(Boolean).join(" ").toLowerCase();
}

/** Read the server's list of seeds, sections and ruling ids (once); without it, text stays text. */
export async function loadRules() {
  if (index) return index;
  try {
    const response = await fetch("/api/rules", {headers: {Accept: "application/json"}});
    if (!response.ok) return null;
    const data = await response.json();
    const seeds = new Map();
    for (const seed of data.seeds) {
      const sections = new Map();
      for (const sec of seed.sections) for (const name of [sec.name, ...sec.aliases]) sections.set(sectionKey(name), sec.url);
      seeds.set(seed.seed, sections);
    }
    index = {seeds, rulings: new Set(data.rulings)};
  } catch {
    index = null;
  }
  return index;
}

/** The link of a section of seed ``number`` as cited (a trailing "(sub-heading)" tried without it), or null. */
export function sectionUrl(number, cited) {
  const sections = index?.seeds.get(number);
  if (!sections) return null;
  const name = cited.trim();
  return sections.get(sectionKey(name)) || sections.get(sectionKey(name.replace(/\s*\([^)]*\)\s*$/, ""))) || null;
}

const CITATION = /(\d{3})_[0-9a-f]{6,}\.txt((?:[,;]\s*"[^"\n]+")+)/g;
const QUOTED = /"([^"\n]+)"/g;
const SOURCE = /\[(\d{3}) ([^,\]\n]+)/g;
const RULING = /\b(?:CF|BR|TM|BF|FB)-\d+\b/g;

/** The places in ``text`` that become links: [start, end, href]. */
function spans(text) {
  const out = [];
  for (const m of text.matchAll(CITATION)) {
    const number = m[1];
    const base = m.index + m[0].length - m[2].length;
    for (const q of m[2].matchAll(QUOTED)) {
      const url = sectionUrl(number, q[1]);
      if (url) out.push([base + q.index + 1, base + q.index + 1 + q[1].length, url]);
    }
  }
  for (const m of text.matchAll(SOURCE)) {
    const url = sectionUrl(m[1], m[2]);
    const start = m.index + 1;
    if (url) out.push([start, start + m[0].length - 1, url]);
  }
  for (const m of text.matchAll(RULING)) {
    if (index?.rulings.has(m[0])) out.push([m.index, m.index + m[0].length, `/rules/rulings#${m[0]}`]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out.filter((s, i) => i === 0 || s[0] >= out[i - 1][1]);
}

/** ``text`` as nodes: its citations and ruling ids as links that open in a new tab, the rest as text. */
export function linked(text) {
  const nodes = [];
  let at = 0;
  for (const [start, end, href] of spans(String(text))) {
    if (start > at) nodes.push(text.slice(at, start));
    nodes.push(h("a", {href, target: "_blank", rel: "noopener", class: "rule-link",
      title: href.startsWith("/rules/rulings") ? "warroom's reading, in docs/rulings.md" : "the rule in the seed's text",
      text: text.slice(start, end)}));
    at = end;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}
