// The odds before a roll: a bar per outcome with its percentage and exact fraction, and for an ordered Company
// Fire result (good order < pinned < suppressed < destroyed) the chance of "pinned or worse".

import {h} from "./dom.js";

const RANK = {"good order": 0, pinned: 1, suppressed: 2, destroyed: 3, eliminated: 3};
const WORSE = [[1, "pinned or worse"], [2, "suppressed or worse"]];

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** An exact fraction "n/d" (or "n") as [n, d] BigInts. */
export function parseFraction(text) {
  const [num, den] = String(text).split("/");
  return [BigInt(num.trim()), BigInt((den ?? "1").trim())];
}

export function addFractions(fractions) {
  let [num, den] = [0n, 1n];
  for (const [a, b] of fractions) {
    [num, den] = [num * b + a * den, den * b];
    const g = gcd(num, den) || 1n;
    [num, den] = [num / g, den / g];
  }
  return den === 1n ? String(num) : `${num}/${den}`;
}

export function percent(p) {
  if (p > 0 && p < 0.001) return "<0.1%";
  if (p < 1 && p > 0.999) return ">99.9%";
  return `${(p * 100).toFixed(1)}%`;
}

/** The "X or worse" lines of one block of outcomes, or [] when its results are not the ordered CF ones. */
export function orderedSums(outcomes) {
  const ranked = outcomes.map((o) => ({...o, rank: RANK[o.result.split(",")[0].trim()]}));
  if (!ranked.length || ranked.some((o) => o.rank === undefined)) return [];
  const lines = [];
  for (const [rank, name] of WORSE) {
    const worse = ranked.filter((o) => o.rank >= rank);
    if (!worse.length || worse.length === ranked.length) continue;
    const p = worse.reduce((a, o) => a + o.p, 0);
    lines.push({name, p, exact: addFractions(worse.map((o) => parseFraction(o.exact)))});
  }
  return lines;
}

/** The dialog's body for an /odds answer. */
export function oddsBody(answer) {
  const body = [];
  for (const block of answer.odds) {
    const rows = block.outcomes.map((o) => h("div", {class: "bar-row"},
      h("span", {class: "result", text: o.result}),
      h("span", {class: "bar", role: "img", "aria-label": `${o.result}: ${percent(o.p)}`},
        h("span", {style: `width:${Math.max(0, Math.min(100, o.p * 100)).toFixed(2)}%`})),
      h("span", {class: "num"}, `${percent(o.p)} `, h("small", {text: o.exact}))));
    const sums = orderedSums(block.outcomes).map((w) => h("div", {class: "worse"},
      `${w.name}: ${percent(w.p)} (${w.exact})`));
    body.push(h("div", {class: "odds-block"}, h("h3", {text: block.label}), ...rows, ...sums));
  }
  if (!answer.odds.length) body.push(h("p", {text: "No dice: this action is certain."}));
  return body;
}
