// The Company Fire map in SVG, drawn from the scenario's public map and one side's observation only.
// Spaces are (col, row), column 0 on the left, row 0 at the top, as the actions name them ("moves to 3,6").

import {s, tip, words} from "./dom.js";
import {OWN, ENEMY, glyph} from "./symbols.js";

const C = 100; // a space, in SVG units
export const CF_SPACE = C;
const M = 26; // the margin holding the column and row numbers

/** Muted fills, light to dark (the colours of the map pictures, warroom.kits.company_fire.picture). */
export const AREA_FILL = {
  open: "#f3efe2", swamp: "#9cc3c9", ploughed_fields: "#cfae86", low_fields: "#ece3a8", medium_fields: "#dcc968",
  full_grown_fields: "#c2a53c", orchards: "#b2cf95", heavy_woods: "#6e9a68", hills: "#d3bfae", buildings: "#a59cab",
};
const EDGE_STYLE = {
  bocage_full: {stroke: "#1f4d1a", "stroke-width": 11},
  bocage_partial: {stroke: "#1f4d1a", "stroke-width": 8, "stroke-dasharray": "10 7"},
  low_stone_wall: {stroke: "#5f5f5f", "stroke-width": 6, "stroke-dasharray": "14 3"},
};
const STATUS = {pinned: {colour: "#e0a800", letter: "P"}, suppressed: {colour: "#c62828", letter: "S"}};
const FACING = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};

function patterns(defs) {
  const pat = (id, size, ...children) => defs.append(s("pattern", {id, width: size, height: size,
    patternUnits: "userSpaceOnUse"}, ...children));
  pat("cf-ploughed", 12, s("line", {x1: 6, y1: 0, x2: 6, y2: 12, stroke: "#8f6c45", "stroke-width": 1.5, opacity: 0.5}));
  pat("cf-low", 14, s("circle", {cx: 7, cy: 7, r: 1.4, fill: "#b9aa55", opacity: 0.8}));
  pat("cf-medium", 10, s("circle", {cx: 5, cy: 5, r: 1.8, fill: "#9c8a2c", opacity: 0.8}));
  pat("cf-full", 10, s("path", {d: "M0,10 L10,0 M0,0 L10,10", stroke: "#7d6914", "stroke-width": 1.2, opacity: 0.6}));
  pat("cf-orchard", 25, s("circle", {cx: 12.5, cy: 12.5, r: 6, fill: "#5f8a45", opacity: 0.55}));
  pat("cf-woods", 20, s("circle", {cx: 6, cy: 6, r: 7, fill: "#2f5a2c", opacity: 0.45}),
    s("circle", {cx: 16, cy: 15, r: 7, fill: "#2f5a2c", opacity: 0.45}));
  pat("cf-hills", 14, s("path", {d: "M0,14 L14,0", stroke: "#8a6d58", "stroke-width": 1.4, opacity: 0.6}));
  pat("cf-swamp", 16, s("path", {d: "M2,8 h8", stroke: "#4f7f87", "stroke-width": 1.6, opacity: 0.8}));
}
const PATTERN = {ploughed_fields: "cf-ploughed", low_fields: "cf-low", medium_fields: "cf-medium",
  full_grown_fields: "cf-full", orchards: "cf-orchard", heavy_woods: "cf-woods", hills: "cf-hills", swamp: "cf-swamp"};

const key = (at) => `${at[0]},${at[1]}`;

function roads(g, map) {
  const on = new Set(map.roads.map(key));
  const casing = [];
  const top = [];
  for (const [c, r] of map.roads) {
    const cx = (c + 0.5) * C;
    const cy = (r + 0.5) * C;
    let links = 0;
    for (const [dc, dr] of Object.values(FACING)) {
      const nc = c + dc;
      const nr = r + dr;
      const offBoard = nc < 0 || nr < 0 || nc >= map.width || nr >= map.height;
      const opposite = on.has(key([c - dc, r - dr]));
      if (on.has(key([nc, nr])) || (offBoard && opposite)) {
        links += 1;
        const d = `M${cx},${cy} L${cx + dc * C / 2},${cy + dr * C / 2}`;
        casing.push(d);
        top.push(d);
      }
    }
    if (!links) top.push(`M${cx - 20},${cy} L${cx + 20},${cy}`);
  }
  g.append(s("path", {d: casing.join(" "), stroke: "#4a2a14", "stroke-width": 16, "stroke-linecap": "round", fill: "none",
    opacity: 0.55}));
  g.append(s("path", {d: top.join(" "), stroke: "#b7794a", "stroke-width": 11, "stroke-linecap": "round", fill: "none"}));
}

function edges(g, map) {
  for (const e of map.edges) {
    const [[c, r], [c2]] = e.between;
    const style = EDGE_STYLE[e.kind] || {stroke: "#000", "stroke-width": 4, "stroke-dasharray": "2 4"};
    const line = c2 > c
      ? {x1: (c + 1) * C, y1: r * C + 4, x2: (c + 1) * C, y2: (r + 1) * C - 4}
      : {x1: c * C + 4, y1: (r + 1) * C, x2: (c + 1) * C - 4, y2: (r + 1) * C};
    g.append(s("line", {...line, ...style, "stroke-linecap": "round"},
      tip(`${map.edge_terrain[e.kind]?.label || words(e.kind)} between ${key(e.between[0])} and ${key(e.between[1])}`)));
  }
  for (const piece of map.linear) {
    const [c, r] = piece.at;
    g.append(s("line", {x1: (c + piece.from[0]) * C, y1: (r + piece.from[1]) * C, x2: (c + piece.to[0]) * C,
      y2: (r + piece.to[1]) * C, ...(EDGE_STYLE[piece.kind] || {stroke: "#000", "stroke-width": 4})},
      tip(`${map.edge_terrain[piece.kind]?.label || words(piece.kind)} in ${key(piece.at)}`)));
  }
}

function objectives(g, map, obs) {
  const held = new Map((obs?.objectives || []).map((o) => [key(o.at), o.held_by]));
  for (const o of map.objectives) {
    const [c, r] = o.at;
    const holder = held.get(key(o.at));
    const colour = !holder ? "#8a7a2a" : holder === obs.side ? OWN.stroke : ENEMY.stroke;
    const x = (c + 1) * C - 17;
    const y = r * C + 17;
    const star = [];
    for (let i = 0; i < 10; i += 1) {
      const rad = i % 2 ? 6 : 14;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      star.push(`${x + rad * Math.cos(a)},${y + rad * Math.sin(a)}`);
    }
    const who = holder ? `held by the ${holder}${holder === obs.side ? " (you)" : ""}` : "";
    g.append(s("g", {class: "objective"},
      tip(`Objective: ${o.name}, ${o.points} point${o.points === 1 ? "" : "s"}${who ? ", " + who : ""}`),
      s("polygon", {points: star.join(" "), fill: "#f2c200", stroke: colour, "stroke-width": 3}),
      s("text", {x: x - 16, y: y + 5, "text-anchor": "end", "font-size": 15, "font-weight": 700, fill: colour,
        text: String(o.points)})));
  }
}

function marks(g, obs) {
  for (const sm of obs.smoke || []) {
    const [c, r] = sm.at;
    g.append(s("g", {class: "smoke", opacity: 0.62}, tip(`smoke in ${key(sm.at)}`),
      ...[[0.35, 0.4, 24], [0.62, 0.38, 22], [0.5, 0.6, 28]].map(([fx, fy, rad]) =>
        s("circle", {cx: (c + fx) * C, cy: (r + fy) * C, r: rad, fill: "#f4f4f4", stroke: "#9e9e9e"}))));
  }
  for (const m of obs.minefields || []) {
    const [c, r] = m.at;
    const own = m.laid_by === obs.side;
    const letter = own && !m.marked ? "!" : own && m.real === false ? "m" : "M";
    const what = own ? `your minefield (${m.real === false ? "a dummy" : "real"}, ${m.marked ? "marked" : "unmarked"})`
      : `an enemy minefield marker (real or dummy)${m.path_found ? "; a path through it is found" : ""}`;
    const x = c * C + 6;
    const y = (r + 1) * C - 6;
    g.append(s("g", {class: "minefield"}, tip(`${what} in ${key(m.at)}`),
      s("path", {d: `M${x},${y} l13,-24 l13,24 z`, fill: "#e0701b", stroke: "#5a2a05", "stroke-width": 1.5}),
      s("text", {x: x + 13, y: y - 4, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff",
        text: letter})));
  }
  for (const f of obs.fire_missions_marked || []) {
    const [c, r] = f.at;
    const x = (c + 0.5) * C;
    const y = (r + 0.5) * C;
    g.append(s("g", {class: "fire-mission", stroke: "#b00020", "stroke-width": 3, fill: "none"},
      tip(`a fire mission marked by the ${f.side} (${f.kind}) on ${key(f.at)}`),
      s("circle", {cx: x, cy: y, r: 40, "stroke-dasharray": "8 5"}),
      s("path", {d: `M${x - 46},${y} h92 M${x},${y - 46} v92`})));
  }
}

function counterAt(g, item, x, y, w, opts) {
  const side = opts.side;
  const colours = item.side === side ? OWN : ENEMY;
  const node = s("g", {class: "counter", "data-unit": item.id || "", tabindex: item.own ? 0 : -1,
    role: item.own ? "button" : "img"});
  const label = item.blind ? `${item.own ? "your" : "an enemy"} blind at ${key(item.at)}` : item.tooltip;
  node.append(tip(label));
  node.setAttribute("aria-label", label);
  const hidden = item.own && item.hidden;
  const status = STATUS[item.status];
  node.append(s("rect", {class: "frame", x, y, width: w, height: w, rx: w * 0.08, fill: colours.fill,
    stroke: status ? status.colour : colours.stroke, "stroke-width": status ? w / 9 : w / 22,
    "stroke-dasharray": hidden || (item.blind && item.own) ? `${w / 8} ${w / 14}` : null}));
  if (item.blind) {
    node.append(s("text", {x: x + w / 2, y: y + w * 0.72, "text-anchor": "middle", "font-size": w * 0.62,
      "font-weight": 800, fill: colours.ink, text: "?"}));
  } else {
    node.append(glyph(item.symbol, x + w * 0.16, y + w * 0.1, w * 0.68, w * 0.44, colours.ink));
    const id = item.id.length > 7 ? item.id.slice(0, 7) : item.id;
    node.append(s("text", {x: x + w / 2, y: y + w * 0.9, "text-anchor": "middle",
      "font-size": Math.min(w * 0.3, (w * 1.55) / Math.max(1, id.length)), "font-weight": 700, fill: colours.ink, text: id}));
    if (status) {
      node.append(s("path", {d: `M${x + w * 0.55},${y} H${x + w} V${y + w * 0.45} Z`, fill: status.colour}));
      node.append(s("text", {x: x + w * 0.86, y: y + w * 0.2, "text-anchor": "middle", "font-size": w * 0.22,
        "font-weight": 800, fill: "#fff", text: status.letter}));
    }
    const dir = FACING[item.facing];
    if (dir) {
      const cx = x + w / 2 + dir[0] * w * 0.5;
      const cy = y + w / 2 + dir[1] * w * 0.5;
      node.append(s("circle", {cx, cy, r: w * 0.09, fill: colours.stroke}));
    }
    const gun = FACING[item.turret];  // a turret turned off the hull's facing: its gun drawn as a line that way
    if (gun && item.turret !== item.facing) {
      const cx = x + w / 2, cy = y + w / 2;
      node.append(s("line", {class: "turret", x1: cx, y1: cy, x2: cx + gun[0] * w * 0.62, y2: cy + gun[1] * w * 0.62,
        stroke: colours.stroke, "stroke-width": w * 0.07, "stroke-linecap": "round"}));
    }
  }
  if (item.own && item.done) node.setAttribute("opacity", "0.72");
  if (opts.selected && item.id === opts.selected) node.classList.add("selected");
  if (item.own && item.id && opts.onSelect) {
    node.addEventListener("click", () => opts.onSelect(item.id));
    node.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); opts.onSelect(item.id); }
    });
  }
  g.append(node);
}

function units(g, map, obs, opts) {
  const here = new Map();
  const add = (at, item) => {
    const k = key(at);
    if (!here.has(k)) here.set(k, []);
    here.get(k).push({...item, at});
  };
  for (const u of obs.units) {
    if (!u.at || u.status === "destroyed" || u.status === "removed" || u.riding) continue;
    const type = map.unit_types[u.type];
    const own = u.side === obs.side;
    const notes = [words(u.status)];
    if (own && u.hidden) notes.push("under a blind");
    for (const w of ["moved", "fired", "done"]) if (u[w]) notes.push(w);
    if (u.occupies_bocage) notes.push("in the bocage");
    if (u.facing) notes.push(`facing ${u.facing}`);
    if (u.turret && u.turret !== u.facing) notes.push(`turret ${u.turret}`);
    const riders = obs.units.filter((r) => r.riding === u.id).map((r) => r.id);
    if (riders.length) notes.push(`carrying ${riders.join(", ")}`);
    add(u.at, {id: u.id, side: u.side, own, symbol: type?.symbol || "unit", status: u.status, hidden: u.hidden,
      done: u.done, facing: u.facing, turret: u.turret,
      tooltip: `${own ? "Your" : "Enemy"} ${u.id}: ${type?.label || words(u.type)} at ${key(u.at)} (${notes.join(", ")})`});
  }
  for (const b of obs.blinds) add(b.at, {blind: true, side: b.side, own: b.side === obs.side});
  for (const [k, items] of here) {
    const [c, r] = k.split(",").map(Number);
    items.sort((a, b) => (b.own - a.own) || (a.blind ? 1 : 0) - (b.blind ? 1 : 0));
    const n = items.length;
    // one counter large; two side by side; up to four in two rows; more in rows of three (stacking allows three
    // of a side, seed "Stacking", and an enemy's and the blinds may share the space)
    const per = n === 1 ? 1 : n <= 4 ? 2 : 3;
    const w = n === 1 ? 58 : n === 2 ? 45 : n <= 4 ? 37 : 28;
    const gap = (C - 8 - per * w) / (per + 1);
    const rows = Math.ceil(n / per);
    const top = r * C + (n === 1 ? 30 : n === 2 ? 38 : Math.max(8, C - 3 - rows * w - (rows - 1) * gap));
    items.forEach((item, i) => {
      const x = c * C + 4 + gap + (i % per) * (w + gap);
      const y = top + Math.floor(i / per) * (w + gap);
      counterAt(g, item, x, y, w, {...opts, side: obs.side});
    });
  }
}

/**
 * The map as an <svg>: ``map`` the public map (/api/maps), ``obs`` one side's observation (or null: the map
 * alone, as the lobby previews it). ``opts``: {selected: unit id, onSelect(id), zones: draw the set-up zones}.
 */
export function drawCF(map, obs, opts = {}) {
  const width = map.width * C;
  const height = map.height * C;
  const svg = s("svg", {viewBox: `${-M} ${-M} ${width + M + 4} ${height + M + 4}`, role: "img",
    "aria-label": `${map.title}: a ${map.width} by ${map.height} grid`, class: "cf-map",
    preserveAspectRatio: "xMidYMid meet"});
  const defs = s("defs");
  patterns(defs);
  svg.append(defs);
  const ground = s("g", {class: "terrain"});
  for (const sp of map.spaces) {
    const [c, r] = sp.at;
    const t = map.terrain[sp.terrain];
    ground.append(s("rect", {x: c * C, y: r * C, width: C, height: C, fill: AREA_FILL[sp.terrain] || "#ddd",
      stroke: "#8d8672", "stroke-width": 1}, tip(`${key(sp.at)}: ${t?.label || words(sp.terrain)}${sp.road ? ", road" : ""}`)));
    if (PATTERN[sp.terrain]) {
      ground.append(s("rect", {x: c * C, y: r * C, width: C, height: C, fill: `url(#${PATTERN[sp.terrain]})`,
        "pointer-events": "none"}));
    }
    if (sp.terrain === "buildings") {
      ground.append(s("rect", {x: c * C + 14, y: r * C + 14, width: C - 28, height: C - 28, fill: "#857b8c",
        stroke: "#4f4656", "stroke-width": 2, "pointer-events": "none"}));
    }
    ground.append(s("text", {x: c * C + 5, y: r * C + 16, "font-size": 14, fill: "#3b372d", "font-weight": 600,
      "pointer-events": "none", text: t?.code ?? "?"}));
  }
  svg.append(ground);
  const over = s("g", {class: "features", "pointer-events": "visibleStroke"});
  roads(over, map);
  edges(over, map);
  svg.append(over);
  const labels = s("g", {class: "coords", "font-size": 15, fill: "#5d5a52", "text-anchor": "middle"});
  for (let c = 0; c < map.width; c += 1) labels.append(s("text", {x: (c + 0.5) * C, y: -8, text: String(c)}));
  for (let r = 0; r < map.height; r += 1) labels.append(s("text", {x: -13, y: (r + 0.5) * C + 5, text: String(r)}));
  svg.append(labels);
  if (opts.zones) {
    map.sides.forEach((side, i) => {
      const colour = i === 0 ? "#8c3b22" : "#2f4a6d";
      for (const z of side.zones) {
        svg.append(s("rect", {x: z.from[0] * C + 3, y: z.from[1] * C + 3, width: (z.to[0] - z.from[0] + 1) * C - 6,
          height: (z.to[1] - z.from[1] + 1) * C - 6, fill: "none", stroke: colour, "stroke-width": 5,
          "stroke-dasharray": "16 8"}, tip(`the ${side.side} sets up here`)));
      }
    });
  }
  if (opts.marked && opts.marked.length) {
    const can = s("g", {class: "can-act", "pointer-events": "none"});
    for (const k of opts.marked) {
      const [c, r] = k.split(",").map(Number);
      can.append(s("rect", {class: "can-act", "data-at": k, x: c * C + 6, y: r * C + 6, width: C - 12, height: C - 12,
        rx: 8, fill: "#ff9f1a", "fill-opacity": 0.1, stroke: "#ff9f1a", "stroke-width": 3, "stroke-opacity": 0.75,
        "stroke-dasharray": "7 5"}));
    }
    svg.append(can);
  }
  const top = s("g", {class: "pieces"});
  if (obs) marks(top, obs);
  objectives(top, map, obs);
  if (obs) units(top, map, obs, opts);
  svg.append(top);
  svg.append(s("g", {class: "hints", "pointer-events": "none"}));
  svg.append(s("g", {class: "sight", "pointer-events": "none"}));
  if (opts.onSpace || opts.onPoint) pointing(svg, map, opts);
  return svg;
}

/** The space under a pointer event, or null off the grid. */
function spaceAt(svg, map, ev) {
  const ctm = svg.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  const [c, r] = [Math.floor(p.x / C), Math.floor(p.y / C)];
  return c >= 0 && r >= 0 && c < map.width && r < map.height ? [c, r] : null;
}

/** The client rect of a space of the drawn map. */
function spaceBox(svg, [c, r]) {
  return boxCF(svg, [[c, r]]);
}

/** The client rect holding the given spaces of the drawn map. */
export function boxCF(svg, spaces) {
  const ctm = svg.getScreenCTM();
  const xs = spaces.map(([c]) => c);
  const ys = spaces.map(([, r]) => r);
  const a = new DOMPoint(Math.min(...xs) * C, Math.min(...ys) * C).matrixTransform(ctm);
  const b = new DOMPoint((Math.max(...xs) + 1) * C, (Math.max(...ys) + 1) * C).matrixTransform(ctm);
  return {left: a.x, top: a.y, right: b.x, bottom: b.y};
}

/** A click on a space, an enemy counter or a blind calls ``opts.onSpace(at, box, enemy id or "")`` (a click on
 * the side's own counter selects it instead); the pointer moving over the grid calls ``opts.onPoint(at or null)``. */
function pointing(svg, map, opts) {
  svg.addEventListener("click", (ev) => {
    if (!opts.onSpace || ev.target.closest?.('.counter[role="button"]')) return;
    const at = spaceAt(svg, map, ev);
    if (at) opts.onSpace(at, spaceBox(svg, at), ev.target.closest?.(".counter")?.dataset.unit || "");
  });
  let last = "";
  svg.addEventListener("mousemove", (ev) => {
    const at = spaceAt(svg, map, ev);
    const k = at ? key(at) : "";
    if (k !== last && opts.onPoint) opts.onPoint(at);
    last = k;
  });
  svg.addEventListener("mouseleave", () => {
    last = "";
    opts.onPoint?.(null);
  });
}

/**
 * Mark on a drawn map the spaces an action's text names ("sq1 moves to 2,6 via 1,6": 2,6 and 1,6), the first
 * (where it goes, or what it fires at) boldest; an empty text clears the marks. ``route``, when given, is the
 * path a move takes (the unit's space, the spaces it passes through, where it goes): drawn as a line with an arrow.
 */
export function hintCF(svg, text, route = null) {
  const g = svg?.querySelector("g.hints");
  if (!g) return;
  while (g.firstChild) g.removeChild(g.firstChild);
  if (route && route.length > 1) {
    const points = route.map(([c, r]) => [(c + 0.5) * C, (r + 0.5) * C]);
    const [x1, y1] = points[points.length - 2];
    const [x2, y2] = points[points.length - 1];
    const a = Math.atan2(y2 - y1, x2 - x1);
    const head = [[x2, y2], [x2 - 24 * Math.cos(a - 0.45), y2 - 24 * Math.sin(a - 0.45)],
      [x2 - 24 * Math.cos(a + 0.45), y2 - 24 * Math.sin(a + 0.45)]];
    g.append(s("polyline", {class: "route", points: points.map((p) => p.join(",")).join(" "), fill: "none",
      stroke: "#ff6f00", "stroke-width": 8, "stroke-linejoin": "round", "stroke-linecap": "round", opacity: 0.85}));
    g.append(s("polygon", {class: "route-head", points: head.map((p) => p.join(",")).join(" "), fill: "#ff6f00"}));
  }
  const seen = new Set();
  for (const m of String(text || "").matchAll(/\b(\d+),(\d+)\b/g)) {
    const [c, r] = [Number(m[1]), Number(m[2])];
    if (seen.has(`${c},${r}`)) continue;
    const first = seen.size === 0;
    seen.add(`${c},${r}`);
    g.append(s("rect", {x: c * C + 3, y: r * C + 3, width: C - 6, height: C - 6, fill: "none", stroke: "#ff9f1a",
      "stroke-width": first ? 7 : 4, "stroke-dasharray": first ? null : "10 6", rx: 6}));
  }
}

/** The header's items: the turn, clock, card, phasing side and segment. */
export function headerCF(obs) {
  return [["Turn", obs.turn], ["Clock", obs.clock], ["Card", `${obs.card} (${obs.card_kind})`],
    ["Phasing", obs.phasing], ["Segment", obs.segment]];
}

/** A row per unit the side sees, its own first. */
export function unitRowsCF(map, obs) {
  const rows = [];
  const sorted = [...obs.units].sort((a, b) => (a.side !== obs.side) - (b.side !== obs.side) || a.id.localeCompare(b.id));
  for (const u of sorted) {
    const notes = [];
    if (u.hidden) notes.push("under a blind");
    for (const w of ["moved", "fired", "done"]) if (u[w]) notes.push(w);
    if (u.riding) notes.push(`riding ${u.riding}`);
    rows.push({id: u.id, own: u.side === obs.side, symbol: map.unit_types[u.type]?.symbol || "unit",
      type: map.unit_types[u.type]?.label || words(u.type), at: u.at ? key(u.at) : "-", status: words(u.status),
      notes: notes.join(", ")});
  }
  for (const b of obs.blinds.filter((b) => b.side !== obs.side)) {
    rows.push({id: "?", own: false, symbol: null, type: "blind (a unit or a dummy)", at: key(b.at), status: "", notes: ""});
  }
  return rows;
}

export function extrasCF(obs) {
  const lines = [];
  const left = obs.fire_missions_left;
  if (left && (left.he || left.smoke)) lines.push(`Your fire missions left: ${left.he} HE, ${left.smoke} smoke.`);
  for (const o of obs.objectives) lines.push(`Objective ${o.name} (${key(o.at)}): held by the ${o.held_by}.`);
  return lines;
}

export function legendCF(map) {
  const present = [...new Set(map.spaces.map((sp) => sp.terrain))];
  return {
    terrain: present.map((t) => ({fill: AREA_FILL[t], text: `${map.terrain[t].code} ${map.terrain[t].label}`})),
    notes: ["Thick green line: bocage (dashed: partial); grey dashed line: low stone wall; brown: road.",
      "Star: objective and its points, its outline the holder's colour. Orange M: minefield marker (m your dummy, "
      + "! your unmarked field). Grey cloud: smoke.",
      "Counter corner P: pinned, S: suppressed; dashed: your unit under a blind; ?: a blind; a dot: facing; a line: a turret turned off it."],
  };
}
