// The score panel (the view's `score`: the game kit's reading of the side's observation, nothing hidden) and the
// marks of the enemy's last actions on the map (the view's `marks`: what the side saw of them since it last
// acted): a line from a firer to its target, an arrow along a move, a cross where a unit fell, a ring where one
// came into sight. Both are drawn from the view alone.

import {h, s, clear, n} from "./dom.js";

/** The score panel: each side's points, the items by source (objectives held and why, losses that score), how
 * near each side is to losing, the time left, and what the view cannot tell. */
export function renderScore(box, score, side) {
  clear(box);
  if (!score) return;
  const points = h("p", {class: "score-points", id: "score-points"}, `${score.heading}: `);
  Object.entries(score.points).forEach(([who, pts], i) => {
    if (i) points.append(", ");
    points.append(h("b", {class: who === side ? "own" : "enemy", text: `${who} ${pts}`}));
  });
  box.append(points);
  if (score.time) box.append(h("p", {class: "muted", id: "score-time", text: score.time}));
  const sources = [...new Set(score.items.map((i) => i.source))];
  for (const source of sources) {
    const name = score.items.find((i) => i.source === source).source_name;
    box.append(h("h3", {text: name[0].toUpperCase() + name.slice(1)}));
    const list = h("ul", {class: "score-items"});
    for (const item of score.items.filter((i) => i.source === source)) {
      const who = item.side ? `${source === "objective" ? "held by" : "to"} ${item.side}` : "held by nobody";
      list.append(h("li", {"data-source": source, "data-side": item.side || ""},
        h("b", {text: item.what}), ` (${item.points} point${item.points === 1 ? "" : "s"}): `,
        h("span", {class: item.side === side ? "own" : item.side ? "enemy" : "nobody", text: who}),
        item.why ? h("span", {class: "muted", text: ` — ${item.why}`}) : null));
    }
    box.append(list);
  }
  if (score.standing.length) {
    box.append(h("h3", {text: "Losing"}));
    box.append(h("ul", {class: "score-standing"}, ...score.standing.map((line) => h("li", {text: line}))));
  }
  if (score.note) box.append(h("p", {class: "muted", text: `(${score.note})`}));
}

const MARK_COLOUR = {fire: "#c62828", move: "#6a1b9a", fell: "#000000", seen: "#ef6c00"};
const MARK_SIGN = {fire: "—", move: "→", fell: "✕", seen: "◯"};

/** The marks over the map's SVG: ``place`` turns a mark's place (a space, or a point in inches) into the SVG's
 * coordinates; ``size`` is the drawing's unit (a space's width, or an inch's). */
export function drawMarks(svg, marks, place, size) {
  if (!svg) return;
  svg.querySelector("g.marks")?.remove();
  if (!marks || !marks.length) return;
  const g = s("g", {class: "marks", "pointer-events": "none", "data-count": marks.length});
  const defs = s("defs", {}, s("marker", {id: "mark-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 3,
    markerHeight: 3, orient: "auto-start-reverse"}, s("path", {d: "M 0 0 L 10 5 L 0 10 z", fill: MARK_COLOUR.move})),
  s("marker", {id: "mark-fire", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 3, markerHeight: 3,
    orient: "auto-start-reverse"}, s("path", {d: "M 0 0 L 10 5 L 0 10 z", fill: MARK_COLOUR.fire})));
  g.append(defs);
  const w = size / 14;
  // a line stops short of the counter it points at, so that its head does not hide it
  const short = (a, b, by) => {
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return d > by * 2 ? [b[0] - (b[0] - a[0]) * by / d, b[1] - (b[1] - a[1]) * by / d] : b;
  };
  for (const m of marks) {
    const colour = MARK_COLOUR[m.kind] || "#333";
    const piece = s("g", {class: `mark mark-${m.kind}`, "data-unit": m.unit, "data-kind": m.kind}, s("title", {text: m.text}));
    if (m.kind === "fire" && m.origin && m.at) {
      const a = place(m.origin);
      const b = short(a, place(m.at), size * 0.3);
      piece.append(s("line", {x1: n(a[0]), y1: n(a[1]), x2: n(b[0]), y2: n(b[1]), stroke: colour, "stroke-width": w,
        "stroke-dasharray": `${n(w * 3)} ${n(w * 1.5)}`, "marker-end": "url(#mark-fire)", opacity: 0.85}));
      const [tx, ty] = place(m.at);
      piece.append(s("circle", {cx: n(tx), cy: n(ty), r: n(size * 0.42), fill: "none", stroke: colour,
        "stroke-width": w}));
    } else if (m.kind === "move" && m.path.length > 1) {
      const at = m.path.map(place);
      at[at.length - 1] = short(at[at.length - 2], at[at.length - 1], size * 0.3);
      const points = at.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
      piece.append(s("polyline", {points, fill: "none", stroke: colour, "stroke-width": w,
        "stroke-linecap": "round", "stroke-linejoin": "round", "marker-end": "url(#mark-arrow)", opacity: 0.85}));
    } else if (m.kind === "fell" && m.at) {
      const [x, y] = place(m.at);
      const r = size * 0.32;
      for (const [dx, dy] of [[1, 1], [1, -1]]) {
        piece.append(s("line", {x1: n(x - r * dx), y1: n(y - r * dy), x2: n(x + r * dx), y2: n(y + r * dy),
          stroke: "#fffdf7", "stroke-width": w * 3, "stroke-linecap": "round"}));
        piece.append(s("line", {x1: n(x - r * dx), y1: n(y - r * dy), x2: n(x + r * dx), y2: n(y + r * dy),
          stroke: colour, "stroke-width": w * 1.6, "stroke-linecap": "round"}));
      }
    } else if (m.kind === "seen" && m.at) {
      const [x, y] = place(m.at);
      piece.append(s("circle", {cx: n(x), cy: n(y), r: n(size * 0.42), fill: "none", stroke: colour,
        "stroke-width": w, "stroke-dasharray": `${n(w * 2)} ${n(w)}`}));
    } else {
      continue;
    }
    g.append(piece);
  }
  svg.append(g);
}

/** The legend of the marks: one line a mark, its sign in its colour. */
export function renderMarks(panel, box, marks, enemy) {
  clear(box);
  if (!marks || !marks.length) {
    panel.classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  box.append(h("p", {class: "muted", text: `What you saw of the ${enemy}'s last actions, marked on the map until you act: `
    + "a dashed line from a firer to its target, an arrow along a move, a cross where a unit fell, a ring where one "
    + "came into sight."}));
  const list = h("ul", {class: "marks-list"});
  for (const m of marks) {
    list.append(h("li", {"data-kind": m.kind, "data-unit": m.unit},
      h("span", {class: "mark-sign", style: `color:${MARK_COLOUR[m.kind] || "#333"}`, text: MARK_SIGN[m.kind] || "•"}),
      ` ${m.text}`, h("span", {class: "muted", text: ` (action ${m.step})`})));
  }
  box.append(list);
}
