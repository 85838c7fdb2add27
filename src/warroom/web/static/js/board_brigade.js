// The Brigade table in SVG, in inches (seed 004 "Basic scales": 1" = 20 yards), drawn from the scenario's public
// map and one side's observation only: its own companies as their figures' stands, the enemies it has spotted,
// and those it is only aware of as "?" near where they are thought to be (seed 004 "Detection").

import {s, tip, pts, words, n} from "./dom.js";
import {OWN, ENEMY, KIND_SYMBOLS, glyph} from "./symbols.js";

const S = 10; // SVG units an inch
const M = 30; // the margin holding the ruler
const STAND = 0.75; // a figure's base, inches (BR-106)

export const KIND_STYLE = {
  woods: {fill: "#6e9a68", stroke: "#2f5a2c"}, heavy_woods: {fill: "#4f7d4a", stroke: "#244a22"},
  light_woods: {fill: "#a7c98f", stroke: "#5f8a45"}, wheat_field: {fill: "#e8d57a", stroke: "#a08a2a"},
  scrub: {fill: "#c4c98f", stroke: "#7f8a45"}, soft_ground: {fill: "#a9c7c9", stroke: "#4f7f87"},
  rubble: {fill: "#bdb5aa", stroke: "#6b6258"}, rough_ground: {fill: "#d8c8a8", stroke: "#8f7a55"},
  building: {fill: "#9b8f9e", stroke: "#443b4a"}, hill: {fill: "#e2d0b8", stroke: "#8a6d58"},
  slit_trench: {fill: "#b08a5a", stroke: "#5a3d1c"}, pre_dug_trench: {fill: "#a57f4f", stroke: "#5a3d1c"},
  fortification: {fill: "#8d8d8d", stroke: "#3d3d3d"},
  primary_road: {stroke: "#b7794a"}, secondary_road: {stroke: "#caa27a"}, river: {stroke: "#5b93c7"},
  stone_bridge: {stroke: "#7d7d7d"}, other_bridge: {stroke: "#9b8060"},
  hedge: {stroke: "#3d6b35", width: 0.6}, bocage: {stroke: "#1f4d1a", width: 0.9}, wall: {stroke: "#6d6d6d", width: 0.5},
  ridge: {stroke: "#7a5a3a", width: 0.6},
};
const ORDER = {relief: 0, cover: 1, works: 2, corridor: 3, line: 4};

function centre(points) {
  if (!points || !points.length) return null;
  const x = points.reduce((a, p) => a + p[0], 0) / points.length;
  const y = points.reduce((a, p) => a + p[1], 0) / points.length;
  return [x, y];
}

function feature(g, names, f, goals) {
  const style = KIND_STYLE[f.kind] || {fill: "#ddd", stroke: "#777"};
  const title = tip(`${f.name} (${f.label})${f.storeys ? `, ${f.storeys} storeys` : ""}${f.height_ft ? `, ${f.height_ft} ft` : ""}`);
  if (f.layer === "relief") {
    const node = s("g", {class: "hill"}, title,
      s("polygon", {points: pts(f.points, S), fill: style.fill, stroke: style.stroke, "stroke-width": 1.5}));
    f.upper_levels.forEach((ring, i) => node.append(s("polygon", {points: pts(ring, S), fill: style.stroke,
      "fill-opacity": 0.18 + 0.1 * i, stroke: style.stroke, "stroke-width": 1.2})));
    g.append(node);
  } else if (f.layer === "cover" || f.layer === "works") {
    const attrs = {points: pts(f.points, S), fill: style.fill, stroke: style.stroke, "stroke-width": 1.5};
    if (f.layer === "works") Object.assign(attrs, {"stroke-dasharray": "4 2", "stroke-width": 2});
    if (f.kind === "wheat_field" || f.kind === "scrub") attrs["fill-opacity"] = 0.8;
    g.append(s("polygon", attrs, title));
  } else if (f.layer === "corridor") {
    const width = Math.max(0.6, f.width || 1) * S;
    g.append(s("g", {class: "corridor"}, title,
      s("polyline", {points: pts(f.points, S), fill: "none", stroke: "#5b4a35", "stroke-opacity": 0.45,
        "stroke-width": width + 3, "stroke-linejoin": "round"}),
      s("polyline", {points: pts(f.points, S), fill: "none", stroke: style.stroke, "stroke-width": width,
        "stroke-linejoin": "round"})));
  } else {
    const attrs = {points: pts(f.points, S), fill: "none", stroke: style.stroke, "stroke-width": (style.width || 0.5) * S,
      "stroke-linecap": "round", "stroke-linejoin": "round"};
    if (f.kind === "ridge") attrs["stroke-dasharray"] = `${S} ${S / 2}`;
    g.append(s("polyline", attrs, title));
  }
  names.push(nameSpots(f, goals));
}

/** Where a feature's name may go, best first (x, y of the text's baseline, its anchor): an area's centre (its top
 * left corner when an objective's star stands at its centre), its other corners, just outside its top and bottom
 * edges; a line's or road's first point, its last, its middle. The first clear of the pieces is taken (names). */
function nameSpots(f, goals) {
  const size = f.layer === "line" || f.layer === "corridor" ? 10 : 11;
  const width = f.name.length * size * 0.56;
  const spots = [];
  if (f.layer !== "line" && f.layer !== "corridor") {
    const xs = f.points.map((q) => q[0] * S), ys = f.points.map((q) => q[1] * S);
    const [left, top, right, bottom] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const mid = centre(f.points).map((v) => v * S);
    const corner = [left + 4 + width / 2, top + 12];
    const starred = goals.some((o) => o.at[0] * S >= left && o.at[0] * S <= right && o.at[1] * S >= top
      && o.at[1] * S <= bottom);
    const inside = [[mid[0], mid[1] + 4], corner, [left + 4 + width / 2, bottom - 4], [right - 4 - width / 2, top + 12],
      [right - 4 - width / 2, bottom - 4]];
    if (starred) inside.push(inside.shift());
    spots.push(...inside, [left + width / 2, top - 3], [left + width / 2, bottom + 12]);
  } else {
    const first = f.points[0], last = f.points[f.points.length - 1], m = f.points[Math.floor(f.points.length / 2)];
    for (const [x, y] of [first, last, m]) spots.push([x * S + 6 + width / 2, y * S - 6], [x * S + 6 + width / 2, y * S + 14]);
  }
  return {text: f.name, size, width, spots, faint: f.layer === "line" || f.layer === "corridor" ? 0.7 : 0.75};
}

const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The terrain names, each at its first spot clear of the pieces' boxes (``taken``) and of the names before it. */
function placeNames(labels, names, taken, W, D) {
  for (const nm of names) {
    const boxOf = ([x, y]) => ({x0: x - nm.width / 2, x1: x + nm.width / 2, y0: y - nm.size, y1: y + 3});
    const fits = (b) => b.x0 >= 0 && b.x1 <= W && b.y0 >= -M + 14 && b.y1 <= D && !taken.some((t) => overlaps(t, b));
    const spot = nm.spots.find((p) => fits(boxOf(p))) || nm.spots[0];
    taken.push(boxOf(spot));
    labels.append(s("text", {class: "name", x: n(spot[0]), y: n(spot[1]), "text-anchor": "middle", "font-size": nm.size,
      fill: "#2b2a25", "fill-opacity": nm.faint, text: nm.text}));
  }
}

const COMPASS_W = 64; // the band right of the table holding the compass of headings

/** The compass of the headings a move names (actions.DESTS): 0 degrees towards greater y, down the page; 90
 * towards greater x, to the right. Drawn right of the table, clear of it. */
function compass(svg, W) {
  const x = W + 30;
  const y = 34;
  const g = s("g", {class: "compass", "font-size": 11, fill: "#3d3a32", "pointer-events": "none"},
    tip("Headings: 0° = towards greater y (down the map), 90° = towards greater x (right)"));
  g.append(s("circle", {cx: x, cy: y, r: 18, fill: "#fffdf7", stroke: "#8d8672", "stroke-width": 1}));
  g.append(s("path", {d: `M${x},${y} v16 m-4,-5 l4,5 l4,-5 M${x},${y} h16 m-5,-4 l5,4 l-5,4`, fill: "none",
    stroke: "#3d3a32", "stroke-width": 1.6}));
  g.append(s("text", {x, y: y + 32, "text-anchor": "middle", "font-weight": 700, text: "0°"}));
  g.append(s("text", {x: x + 20, y: y - 6, "text-anchor": "start", "font-weight": 700, text: "90°"}));
  g.append(s("text", {x, y: y - 24, "text-anchor": "middle", text: "headings"}));
  svg.append(g);
}

function ruler(svg, width, depth) {
  const g = s("g", {class: "ruler", "font-size": 11, fill: "#5d5a52", stroke: "none"});
  for (let x = 0; x <= width; x += 2) {
    const major = x % 12 === 0;
    g.append(s("line", {x1: x * S, y1: -2, x2: x * S, y2: major ? -10 : -5, stroke: "#8d8672"}));
    if (major) g.append(s("text", {x: x * S, y: -13, "text-anchor": "middle", text: `${x}"`}));
  }
  for (let y = 0; y <= depth; y += 2) {
    const major = y % 12 === 0;
    g.append(s("line", {x1: -2, y1: y * S, x2: major ? -10 : -5, y2: y * S, stroke: "#8d8672"}));
    if (major) g.append(s("text", {x: -12, y: y * S + 4, "text-anchor": "end", text: `${y}"`}));
  }
  svg.append(g);
}

const LW = 34; // a unit's label: its symbol's frame, and its id above or below it
const LH = 22;
const LT = 13;

/**
 * Where a unit's label goes: above its figures if there is room, else below, else further off; never over a
 * label already placed (``placed``: their boxes) nor off the table.
 */
function placeLabel(at, placed, depth) {
  const cx = at[0] * S;
  const cy = at[1] * S;
  for (let k = 0; k < 8; k += 1) {
    const ring = Math.floor(k / 2);
    const above = k % 2 === 0;
    const y = above ? cy - LH - 14 - ring * (LH + LT + 4) : cy + 14 + ring * (LH + LT + 4);
    const box = {x0: cx - LW / 2 - 8, x1: cx + LW / 2 + 8, y0: above ? y - LT : y, y1: above ? y + LH : y + LH + LT};
    if (box.y0 < -8 || box.y1 > depth * S + 6) continue;  // clear of the ruler's numbers above the table
    if (placed.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
    placed.push(box);
    return {y, above};
  }
  return {y: cy - LH - 14, above: true};
}

function label(g, at, symbol, text, colours, where, {pinned = false, dashed = false} = {}) {
  const x = at[0] * S - LW / 2;
  const {y, above} = where;
  g.append(s("line", {x1: at[0] * S, y1: above ? y + LH : y, x2: at[0] * S, y2: at[1] * S, stroke: colours.stroke,
    "stroke-width": 1}));
  g.append(s("rect", {class: "frame", x, y, width: LW, height: LH, rx: 2, fill: colours.fill,
    stroke: pinned ? "#e0a800" : colours.stroke, "stroke-width": pinned ? 3 : 1.5, "stroke-dasharray": dashed ? "4 3" : null}));
  g.append(glyph(symbol, x + 3, y + 2, LW - 6, LH - 4, colours.ink));
  g.append(s("text", {x: at[0] * S, y: above ? y - 3 : y + LH + 11, "text-anchor": "middle", "font-size": 11,
    "font-weight": 700, fill: colours.ink, stroke: "#fffdf7", "stroke-width": 3, "paint-order": "stroke", text}));
}

function stands(g, figures, colours, facing) {
  for (const [x, y] of figures) {
    g.append(s("rect", {class: "stand", x: n((x - STAND / 2) * S), y: n((y - STAND / 2) * S), width: STAND * S,
      height: STAND * S, fill: colours.fill, stroke: colours.stroke, "stroke-width": 1.2,
      transform: facing ? `rotate(${facing} ${n(x * S)} ${n(y * S)})` : null}));
  }
}

/** The boxes of every stand on the table (SVG units): a unit's label goes clear of them all. */
function standBoxes(obs) {
  const half = STAND * S * 0.75;
  const figures = [...obs.enemy.filter((e) => e.detected !== "aware").flatMap((e) => e.figures),
    ...obs.units.filter((u) => u.status === "on" && !u.aboard).flatMap((u) => u.figures)];
  return figures.map(([x, y]) => ({x0: x * S - half, x1: x * S + half, y0: y * S - half, y1: y * S + half}));
}

/** The pieces, and the boxes their labels and stands take (for the terrain names to keep clear of). */
function units(top, map, obs, opts, taken) {
  const placed = taken;
  for (const e of obs.enemy) {
    if (e.detected === "aware") {
      const [x, y] = e.near;
      top.append(s("g", {class: "counter enemy aware", role: "img", "aria-label": `an enemy ${e.kind} near ${x},${y}`},
        tip(`Enemy ${e.kind} not yet spotted, somewhere near ${x},${y} (seed 004 "Detection")`),
        s("rect", {x: (x - 2) * S, y: (y - 2) * S, width: 4 * S, height: 4 * S, fill: ENEMY.fill, "fill-opacity": 0.35,
          stroke: ENEMY.stroke, "stroke-width": 1.5, "stroke-dasharray": "5 3"}),
        s("text", {x: x * S, y: y * S + 9, "text-anchor": "middle", "font-size": 26, "font-weight": 800, fill: ENEMY.ink,
          text: "?"})));
      continue;
    }
    const at = centre(e.figures);
    if (!at) continue;
    const type = map.unit_types[e.type];
    const node = s("g", {class: "counter enemy", "data-unit": e.id, role: "img", "aria-label": `enemy ${e.id}`},
      tip(`Enemy ${e.id}: ${type?.label || words(e.type)}, spotted${e.pinned ? ", pinned" : ""}`));
    stands(node, e.figures, ENEMY, e.facing);
    label(node, at, type?.symbol || KIND_SYMBOLS[e.kind] || "unit", e.id, ENEMY, placeLabel(at, placed, map.depth),
      {pinned: e.pinned});
    if (opts.marked && opts.marked.includes(e.id)) {
      // the selected company can fire at it: a click on it takes that fire (acting on the map)
      node.classList.add("can-act");
      node.setAttribute("role", "button");
      node.insertBefore(s("circle", {class: "can-act", cx: n(at[0] * S), cy: n(at[1] * S), r: 30, fill: "#ff9f1a",
        "fill-opacity": 0.12, stroke: "#ff9f1a", "stroke-width": 2.5, "stroke-dasharray": "6 4"}), node.children[1]);
    }
    if (opts.onTarget) node.addEventListener("click", () => opts.onTarget(e.id, node.getBoundingClientRect()));
    top.append(node);
  }
  for (const u of obs.units) {
    if (u.status !== "on" || u.aboard) continue;
    const at = centre(u.figures);
    if (!at) continue;
    const type = map.unit_types[u.type];
    const notes = [u.pinned && "pinned", u.stuck && "stuck", u.limbered && "limbered", u.mounted && "mounted",
      u.order && `order ${u.order}`, u.dead && `${u.dead} figures lost`].filter(Boolean);
    const node = s("g", {class: "counter own", "data-unit": u.id, tabindex: 0, role: "button",
      "aria-label": `your ${u.id}: ${type?.label || u.type}`},
    tip(`Your ${u.id}: ${type?.label || words(u.type)}, ${u.figures.length} figures${notes.length ? ` (${notes.join(", ")})` : ""}`));
    if (u.plan && u.plan.length) {
      node.append(s("polyline", {points: pts([at, ...u.plan], S), fill: "none", stroke: OWN.stroke, "stroke-width": 1.5,
        "stroke-dasharray": "6 4"}));
    }
    stands(node, u.figures, OWN, u.facing);
    label(node, at, type?.symbol || "unit", u.id, OWN, placeLabel(at, placed, map.depth), {pinned: u.pinned});
    if (opts.selected === u.id) {
      node.classList.add("selected");
      for (const st of node.querySelectorAll(".stand, .frame")) {
        st.setAttribute("stroke", "#ff9f1a");
        st.setAttribute("stroke-width", "3");
      }
    }
    if (opts.onSelect) {
      node.addEventListener("click", () => opts.onSelect(u.id));
      node.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); opts.onSelect(u.id); }
      });
    }
    top.append(node);
  }
  return placed;
}

function marks(top, map, obs) {
  for (const m of obs.minefields || []) {
    const [x, y] = m.corner;
    const [w, d] = m.size;
    top.append(s("rect", {x: x * S, y: y * S, width: w * S, height: d * S, fill: "#e0701b", "fill-opacity": 0.35,
      stroke: "#a04a0b", "stroke-width": 1.5, "stroke-dasharray": "3 2"},
    tip(`minefield ${m.name} (${m.kind === "at" ? "anti-tank" : m.kind === "ap" ? "anti-personnel" : "mixed"})`)));
  }
  for (const m of obs.missions || []) {
    const [x, y] = m.aim;
    top.append(s("g", {stroke: "#b00020", "stroke-width": 2, fill: "none"},
      tip(`your artillery mission: ${m.battery}${m.landed ? " (landed)" : ""}`),
      s("circle", {cx: x * S, cy: y * S, r: 18, "stroke-dasharray": "5 3"}),
      s("path", {d: `M${x * S - 22},${y * S} h44 M${x * S},${y * S - 22} v44`})));
    if (m.landed) {
      const [lx, ly] = m.landed;
      top.append(s("circle", {cx: lx * S, cy: ly * S, r: 10, fill: "#b00020", "fill-opacity": 0.35, stroke: "#b00020"},
        tip(`${m.battery}'s fire landed here`)));
    }
  }
  for (const a of obs.aiming_points || []) {
    const [x, y] = a.at;
    top.append(s("g", {stroke: "#6a1b9a", "stroke-width": 1.5, fill: "none"}, tip(`your aiming point ${a.name}`),
      s("circle", {cx: x * S, cy: y * S, r: 8}), s("circle", {cx: x * S, cy: y * S, r: 2, fill: "#6a1b9a"})));
  }
}

function objectives(top, map) {
  const boxes = [];
  for (const o of map.objectives) {
    const [x, y] = o.at;
    const w = `${o.name} (${o.points})`.length * 11 * 0.6;
    boxes.push({x0: x * S - 14, x1: x * S + 14, y0: y * S - 16, y1: y * S + 12},
      {x0: x * S - w / 2, x1: x * S + w / 2, y0: y * S + o.radius * S, y1: y * S + o.radius * S + 15});
    top.append(s("g", {class: "objective"}, tip(`Objective: ${o.name}, ${o.points} point${o.points === 1 ? "" : "s"}`),
      s("circle", {cx: x * S, cy: y * S, r: o.radius * S, fill: "none", stroke: "#a08000", "stroke-width": 2,
        "stroke-dasharray": "6 4"}),
      s("text", {x: x * S, y: y * S + 9, "text-anchor": "middle", "font-size": 26, fill: "#f2c200", stroke: "#6b5600",
        "stroke-width": 1.5, text: "★"}),
      s("text", {x: x * S, y: y * S + o.radius * S + 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700,
        fill: "#6b5600", text: `${o.name} (${o.points})`})));
  }
  return boxes;
}

/** The table as an <svg>: ``map`` the public map, ``obs`` one side's observation (or null, the map alone). */
export function drawBrigade(map, obs, opts = {}) {
  const W = map.width * S;
  const D = map.depth * S;
  const svg = s("svg", {viewBox: `${-M - 6} ${-M} ${W + M + 12 + COMPASS_W} ${D + M + 8}`, role: "img", class: "brigade-map",
    "aria-label": `${map.title}: a ${map.width}" by ${map.depth}" table`, preserveAspectRatio: "xMidYMid meet"});
  svg.append(s("rect", {x: 0, y: 0, width: W, height: D, fill: "#eef0dc", stroke: "#6d6a5c", "stroke-width": 2}));
  const ground = s("g", {class: "terrain"});
  const labels = s("g", {class: "labels", "pointer-events": "none"});
  const features = [...map.features].sort((a, b) => (ORDER[a.layer] ?? 9) - (ORDER[b.layer] ?? 9));
  const names = [];
  for (const f of features) feature(ground, names, f, map.objectives || []);
  svg.append(ground, labels);
  ruler(svg, map.width, map.depth);
  compass(svg, W);
  if (opts.reach && opts.reach.length) {
    // the ground the selected company can reach now at its best throw, as the server's rules work it out
    svg.append(s("polygon", {class: "reach", points: pts(opts.reach, S), fill: "#ff9f1a", "fill-opacity": 0.16,
      stroke: "#c76b00", "stroke-width": 2, "stroke-dasharray": "7 4", "pointer-events": "none"},
    tip("Where it can move this order, at its best throw")));
  }
  const top = s("g", {class: "pieces"});
  const taken = objectives(top, map);
  if (obs) {
    marks(top, map, obs);
    taken.push(...standBoxes(obs));
    units(top, map, obs, opts, taken);
  }
  placeNames(labels, names, taken, W, D);  // after the pieces: each name where no label or stand covers it
  svg.append(top);
  svg.append(s("g", {class: "sight", "pointer-events": "none"}));
  if (opts.onPoint) {
    // the pointer's place on the table in inches, or null off it
    const inches = (ev) => {
      const ctm = svg.getScreenCTM();
      if (!ctm) return null;
      const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
      const [x, y] = [p.x / S, p.y / S];
      return x >= 0 && y >= 0 && x <= map.width && y <= map.depth ? [x, y] : null;
    };
    svg.addEventListener("mousemove", (ev) => opts.onPoint(inches(ev)));
    svg.addEventListener("mouseleave", () => opts.onPoint(null));
    if (opts.onGround) {
      // a click on the ground (not on a counter) names a point to move the selected company to
      svg.addEventListener("click", (ev) => {
        const at = inches(ev);
        if (at && !ev.target.closest(".counter")) opts.onGround(at, ev);
      });
    }
  }
  return svg;
}

/** Brigade's scale: SVG units an inch (the sight line is drawn in them). */
export const BRIGADE_SCALE = S;

export function headerBrigade(obs) {
  // a move is counted within its period, 1 or 2, as the narration counts it (obs.move counts from 0 over the game)
  const lost = ["Companies lost", Object.entries(obs.companies_lost).map(([k, v]) => `${k} ${v}`).join(", ")];
  if (obs.phase === "over") {
    return [["Game", obs.result && obs.result.reason ? `over: ${obs.result.reason}` : "over"], lost];
  }
  return [["Period", obs.period], ["Move", obs.move % 2 + 1], ["Moving", obs.moving], ["Phase", words(obs.phase)],
    lost];
}

export function unitRowsBrigade(map, obs) {
  const rows = [];
  for (const u of obs.units) {
    const at = centre(u.figures);
    const notes = [u.pinned && "pinned", u.stuck && "stuck", u.limbered && "limbered", u.mounted && "mounted",
      u.aboard && `aboard ${u.aboard}`, u.order && `order ${u.order}`].filter(Boolean);
    rows.push({id: u.id, own: true, symbol: map.unit_types[u.type]?.symbol || "unit",
      type: map.unit_types[u.type]?.label || words(u.type), at: at ? `${Math.round(at[0])},${Math.round(at[1])}` : "-",
      status: u.status === "on" ? `${u.figures.length} figures${u.dead ? `, ${u.dead} lost` : ""}` : u.status,
      notes: notes.join(", ")});
  }
  for (const e of obs.enemy) {
    if (e.detected === "aware") {
      rows.push({id: e.id, own: false, symbol: KIND_SYMBOLS[e.kind] || "unit", type: e.kind,
        at: `near ${e.near[0]},${e.near[1]}`, status: "not spotted", notes: ""});
    } else {
      const at = centre(e.figures);
      rows.push({id: e.id, own: false, symbol: map.unit_types[e.type]?.symbol || "unit",
        type: map.unit_types[e.type]?.label || words(e.type), at: at ? `${Math.round(at[0])},${Math.round(at[1])}` : "-",
        status: "spotted", notes: e.pinned ? "pinned" : ""});
    }
  }
  return rows;
}

export function extrasBrigade(obs) {
  return (obs.objectives || []).map((o) => `Objective ${o.name} at ${o.at[0]},${o.at[1]}: ${o.points} point${o.points === 1 ? "" : "s"}.`);
}

export function legendBrigade(map) {
  const present = [...new Set(map.features.map((f) => f.kind))];
  return {
    terrain: present.map((k) => ({fill: KIND_STYLE[k]?.fill || KIND_STYLE[k]?.stroke || "#ddd", text: map.terrain[k]?.label || words(k)})),
    notes: [`The table is ${map.width}" x ${map.depth}" (1" = 20 yards); the ruler marks every 2", numbered each 12".`,
      "Small squares: a unit's figures (stands); the counter above names it. Dashed line: your unit's planned path.",
      "Red dashed square with ?: an enemy you know is near but have not spotted. Star: objective. Yellow outline: pinned.",
      "Headings: 0° points to greater y (down the map), 90° to greater x (right). Select a company: the orange outline is where it can move; click a point to move there (Shift-click, or Snap, to go as far as it can that way)."],
  };
}
