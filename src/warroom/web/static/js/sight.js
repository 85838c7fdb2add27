// Line of sight and range on hover (issue 17, "hovering a target shows line of sight and the range"): a line on the
// map from the selected unit to the point under the pointer, and a label saying how far and whether it is seen.
// Company Fire's answer is the server's (GET /api/games/{id}/sight: the rules' own line of sight on what the side
// sees), kept per game, step and side; Brigade's distance is measured here from the observation's figures.

import {s} from "./dom.js";

const cache = new Map();

/** The server's answer from ``from`` to ``to`` (spaces [x, y]) at the view's step, fetched once. */
export function sightOf(getJSON, url, view, from, to) {
  const key = `${view.id}|${view.step}|${view.side}|${from}|${to}`;
  if (!cache.has(key)) {
    if (cache.size > 2000) cache.clear();
    cache.set(key, getJSON(url).catch((err) => {
      cache.delete(key);
      throw err;
    }));
  }
  return cache.get(key);
}

/** The label of a Company Fire answer. */
export function sightText(answer) {
  const range = `range ${answer.range} space${answer.range === 1 ? "" : "s"}`;
  return answer.clear ? `${range}; line of sight clear` : `${range}; line of sight blocked by ${answer.why}`;
}

/** The distance in inches from a company to a point, from its figures: to the nearest figure and to their centre. */
export function inchesFrom(figures, point) {
  const d = ([x, y]) => Math.hypot(x - point[0], y - point[1]);
  const centre = [figures.reduce((a, f) => a + f[0], 0) / figures.length,
    figures.reduce((a, f) => a + f[1], 0) / figures.length];
  return {nearest: Math.min(...figures.map(d)), centre: d(centre), at: centre};
}

/**
 * Draw on ``svg``'s sight layer a line from ``a`` to ``b`` (SVG units) and ``text`` by ``b``; ``clear`` false draws
 * it dashed red; no ``a`` clears the layer. ``size``: the label's font size in SVG units.
 */
export function drawSight(svg, a, b, text, clear, size) {
  const g = svg?.querySelector("g.sight");
  if (!g) return;
  while (g.firstChild) g.removeChild(g.firstChild);
  if (!a) return;
  const colour = clear === false ? "#b00020" : clear === true ? "#1565c0" : "#37474f";
  g.append(s("line", {class: "sight-line", x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: colour,
    "stroke-width": size / 4, "stroke-dasharray": clear === false ? `${size / 2} ${size / 3}` : null,
    "stroke-linecap": "round", opacity: 0.9}));
  g.append(s("circle", {cx: b[0], cy: b[1], r: size / 3, fill: colour}));
  const box = svg.viewBox.baseVal;
  const right = b[0] > box.x + box.width * 0.55;
  // clear of the pieces at the far end: beyond them, on the side away from where the line comes from (turned
  // back when the map ends there)
  const up = a[1] >= b[1];
  const above = b[1] - size * 2.4, below = b[1] + size * 3.2;
  const y = up ? (above - size > box.y ? above : below) : (below < box.y + box.height ? below : above);
  const label = s("text", {class: "sight-text", x: b[0] + (right ? -size : size), y,
    "text-anchor": right ? "end" : "start", "font-size": size, "font-weight": 700, fill: colour, stroke: "#fffdf7",
    "stroke-width": size / 4, "paint-order": "stroke", text});
  g.append(label);
  // kept inside the map, on a pale ground so that it reads over the pieces
  const bb = label.getBBox();
  const pad = size / 4;
  const dx = Math.max(box.x + pad - bb.x, Math.min(0, box.x + box.width - pad - (bb.x + bb.width)));
  const dy = Math.max(box.y + pad - bb.y, Math.min(0, box.y + box.height - pad - (bb.y + bb.height)));
  label.setAttribute("x", String(Number(label.getAttribute("x")) + dx));
  label.setAttribute("y", String(Number(label.getAttribute("y")) + dy));
  g.insertBefore(s("rect", {class: "sight-ground", x: bb.x + dx - pad, y: bb.y + dy - pad, width: bb.width + 2 * pad,
    height: bb.height + 2 * pad, rx: pad, fill: "#fffdf7", "fill-opacity": 0.88, stroke: colour, "stroke-width": size / 12}),
  label);
  g.dataset.text = text;
}
