// NATO-style unit symbols drawn in SVG inside a frame: the map's counters, the Brigade labels and the key.

import {s} from "./dom.js";

export const OWN = {fill: "#a9cdf2", stroke: "#1d4f8a", ink: "#0d2a4d"};
export const ENEMY = {fill: "#f4a9a2", stroke: "#8c1d16", ink: "#4a0c08"};

/** What each symbol is called in the key. */
export const SYMBOL_NAMES = {
  infantry: "infantry", engineer: "engineers / pioneers", at_infantry: "infantry with anti-tank weapons",
  mortar: "mortar", mg: "machine gun", at_gun: "anti-tank gun", artillery: "field artillery",
  leader: "platoon leader", commander: "company commander", hq: "headquarters", sniper: "sniper",
  observer: "forward observer", scout: "scout", cavalry: "cavalry", tank: "tank", tank_destroyer: "tank destroyer",
  half_track: "half-track", armoured_car: "armoured car", truck: "truck", vehicle: "vehicle", unit: "unit",
};

/** The symbol of an enemy the Brigade side is only aware of: its kind (seed 004 "Detection"). */
export const KIND_SYMBOLS = {infantry: "infantry", cavalry: "cavalry", support: "mg", gun: "at_gun",
  vehicle: "vehicle", hq: "hq", observer: "observer"};

/**
 * The glyph of ``symbol`` inside a box at (x, y) of w x h (the frame itself is the caller's), in ``ink``.
 */
export function glyph(symbol, x, y, w, h, ink) {
  const g = s("g", {fill: "none", stroke: ink, "stroke-width": Math.max(1, w / 16), "stroke-linecap": "round",
    "stroke-linejoin": "round"});
  const X = (f) => x + f * w;
  const Y = (f) => y + f * h;
  const line = (x1, y1, x2, y2) => g.append(s("line", {x1: X(x1), y1: Y(y1), x2: X(x2), y2: Y(y2)}));
  const path = (d, extra = {}) => g.append(s("path", {d, ...extra}));
  const oval = (fill = "none") => g.append(s("rect", {x: X(0.2), y: Y(0.28), width: 0.6 * w, height: 0.44 * h,
    rx: 0.22 * h, fill}));
  const wheels = () => {
    for (const f of [0.35, 0.65]) g.append(s("circle", {cx: X(f), cy: Y(0.88), r: 0.07 * h}));
  };
  const cross = () => { line(0, 0, 1, 1); line(0, 1, 1, 0); };
  const chevron = () => path(`M${X(0.15)},${Y(0.92)} L${X(0.5)},${Y(0.12)} L${X(0.85)},${Y(0.92)}`);
  const flag = (stripes) => {
    line(0.28, 0.92, 0.28, 0.1);
    path(`M${X(0.28)},${Y(0.1)} H${X(0.75)} V${Y(0.5)} H${X(0.28)} Z`, {fill: ink, "fill-opacity": 0.85});
    if (stripes) g.append(s("line", {x1: X(0.28), y1: Y(0.3), x2: X(0.75), y2: Y(0.3), stroke: "#fff"}));
  };
  switch (symbol) {
    case "infantry": cross(); break;
    case "engineer": cross(); path(`M${X(0.3)},${Y(0.72)} V${Y(0.42)} H${X(0.7)} V${Y(0.72)} M${X(0.5)},${Y(0.42)} V${Y(0.72)}`,
      {fill: "#fff"}); break;
    case "at_infantry": cross(); chevron(); break;
    case "mortar":
      g.append(s("circle", {cx: X(0.5), cy: Y(0.78), r: 0.1 * h}));
      line(0.5, 0.68, 0.5, 0.12); path(`M${X(0.38)},${Y(0.28)} L${X(0.5)},${Y(0.12)} L${X(0.62)},${Y(0.28)}`); break;
    case "mg":
      line(0.5, 0.9, 0.5, 0.12); path(`M${X(0.38)},${Y(0.28)} L${X(0.5)},${Y(0.12)} L${X(0.62)},${Y(0.28)}`);
      line(0.36, 0.6, 0.64, 0.6); line(0.36, 0.75, 0.64, 0.75); break;
    case "at_gun": chevron(); break;
    case "artillery": g.append(s("circle", {cx: X(0.5), cy: Y(0.5), r: 0.17 * h, fill: ink})); break;
    case "leader": flag(false); break;
    case "commander": case "hq": flag(true); break;
    case "sniper":
      g.append(s("circle", {cx: X(0.5), cy: Y(0.5), r: 0.3 * h})); line(0.5, 0.1, 0.5, 0.9); line(0.3, 0.5, 0.7, 0.5);
      break;
    case "observer":
      path(`M${X(0.5)},${Y(0.12)} L${X(0.8)},${Y(0.86)} H${X(0.2)} Z`);
      g.append(s("circle", {cx: X(0.5), cy: Y(0.6), r: 0.06 * h, fill: ink})); break;
    case "scout": case "cavalry": line(0, 1, 1, 0); break;
    case "tank": oval(); break;
    case "tank_destroyer": oval(); chevron(); break;
    case "half_track": oval(); wheels(); break;
    case "armoured_car": oval(); line(0, 1, 1, 0); break;
    case "truck": line(0.2, 0.5, 0.8, 0.5); wheels(); break;
    case "vehicle": oval(); break;
    default:
      g.append(s("text", {x: X(0.5), y: Y(0.72), "text-anchor": "middle", "font-size": 0.6 * h, fill: ink,
        stroke: "none", "font-weight": 700, text: "?"}));
  }
  return g;
}

/** A small stand-alone symbol (frame and glyph) for the key and the actions' headings. */
export function badge(symbol, colours, w = 30, h = 20) {
  const svg = s("svg", {width: w, height: h, viewBox: `0 0 ${w} ${h}`, class: "sym", "aria-hidden": "true"});
  svg.append(s("rect", {x: 1, y: 1, width: w - 2, height: h - 2, fill: colours.fill, stroke: colours.stroke,
    "stroke-width": 1.5}));
  svg.append(glyph(symbol, 2, 2, w - 4, h - 4, colours.ink));
  return svg;
}
