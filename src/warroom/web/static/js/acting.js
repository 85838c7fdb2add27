// Acting on the map (issue 17, "Acting": click a unit, then a target or destination): with a unit selected, a
// click on a space or on an enemy takes the selected unit's action that names it; when several do (routes to one
// space, a fire and an assault), a small menu of them opens at the click. Everything here is read from the side's
// own legal actions as the view gives them (their "space", "via" and "target"), never from anything else.

import {h} from "./dom.js";

export const spaceKey = (at) => `${at[0]},${at[1]}`;

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

/** The selected unit's actions by the space they name ("x,y") and by the enemy unit they aim at. */
export function actionsOn(actions, unit) {
  const bySpace = new Map();
  const byTarget = new Map();
  for (const a of actions || []) {
    if (!unit || a.unit !== unit) continue;
    if (a.space) push(bySpace, spaceKey(a.space), a);
    if (a.target) push(byTarget, a.target, a);
  }
  return {bySpace, byTarget};
}

/** The actions a click takes: those naming the clicked space, then those aiming at the clicked enemy (each once). */
export function candidates(on, at, enemy) {
  const out = [...(at ? on.bySpace.get(spaceKey(at)) || [] : []), ...(enemy ? on.byTarget.get(enemy) || [] : [])];
  const seen = new Set();
  return out.filter((a) => !seen.has(a.code) && seen.add(a.code));
}

/** Whether an action goes somewhere (a move, a fall back, a retreat): its route is drawn as a path. */
export function goes(action) {
  return Boolean(action.space) && (action.via.length > 0 || /\b(moves|falls back|retreats) to\b/.test(action.text));
}

let open = null; // the menu on the screen: {node, back, onClose}

export function closeMenu(focusBack = true) {
  if (!open) return;
  const {node, back, onClose} = open;
  open = null;
  node.remove();
  document.removeEventListener("mousedown", outside, true);
  onClose?.();
  if (focusBack && back && document.contains(back)) back.focus({preventScroll: true});
}

function outside(ev) {
  if (open && !open.node.contains(ev.target)) closeMenu(false);
}

/** Where a menu of ``size`` goes: beside ``avoid`` (the client rect of what its entries mark: the routes), to its
 * right, left, below or above, whichever first fits the window; else to the right of ``box`` (the click). */
function place(size, box, avoid) {
  const [w, hgt, W, H] = [size.width, size.height, window.innerWidth, window.innerHeight];
  const top = Math.max(4, Math.min(box.top, H - hgt - 4));
  const left = Math.max(4, Math.min(box.left, W - w - 4));
  const spots = [[avoid.right + 8, top], [avoid.left - 8 - w, top], [left, avoid.bottom + 8], [left, avoid.top - 8 - hgt]];
  const fits = ([x, y]) => x >= 4 && y >= 4 && x + w <= W - 4 && y + hgt <= H - 4;
  return spots.find(fits) || [Math.max(4, Math.min(box.right + 8, W - w - 4)), top];
}

/**
 * A small menu of ``actions`` by ``box`` (the clicked space's or counter's client rect), clear of ``avoid`` (the
 * client rect of what its entries mark, so that it does not hide the route it draws): one entry each, the first focused; the arrow keys move
 * between them, Enter or a click takes one (``onPick``), Escape closes the menu. Pointing at or focusing an entry
 * calls ``onHint(action)`` (the board marks it), leaving it ``onHint(null)``.
 */
export function openMenu(box, avoid, title, actions, {onPick, onHint, onClose}) {
  closeMenu(false);
  const back = document.activeElement;
  const items = actions.map((a) => {
    const item = h("button", {type: "button", role: "menuitem", class: "menu-item", "data-code": a.code,
      "data-dice": a.dice ? "true" : "false"}, a.text, a.dice ? h("span", {class: "dice", text: "dice"}) : null,
      a.note ? h("span", {class: "action-note", text: a.note}) : null);  // e.g. a fire that cannot hit (CF-147)
    item.addEventListener("click", () => {
      closeMenu(false);
      onPick(a);
    });
    for (const on of ["mouseenter", "focus"]) item.addEventListener(on, () => onHint(a));
    for (const off of ["mouseleave", "blur"]) item.addEventListener(off, () => onHint(null));
    return item;
  });
  const node = h("div", {id: "map-menu", class: "map-menu", role: "menu", "aria-label": title},
    h("div", {class: "menu-title", text: title}), ...items);
  node.addEventListener("keydown", (ev) => {
    const at = items.indexOf(document.activeElement);
    const step = {ArrowDown: 1, ArrowUp: -1, Tab: ev.shiftKey ? -1 : 1}[ev.key];
    if (ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      closeMenu(true);
    } else if (step) {
      ev.preventDefault();
      items[(at + step + items.length) % items.length].focus();
    } else if (ev.key === "Home" || ev.key === "End") {
      ev.preventDefault();
      items[ev.key === "Home" ? 0 : items.length - 1].focus();
    }
  });
  document.body.append(node);
  const [x, y] = place(node.getBoundingClientRect(), box, avoid || box);
  node.style.left = `${x}px`;
  node.style.top = `${y}px`;
  open = {node, back, onClose};
  document.addEventListener("mousedown", outside, true);
  items[0]?.focus({preventScroll: true});
  return node;
}
