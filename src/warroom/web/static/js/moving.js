// A move to a point (a game moved in inches: Brigade, seed 004 "Movement", BR-160, BR-212): the ground the selected
// unit can reach now, and the lawful move to a point clicked on the map, both the server's (GET .../reach, worked
// out by the game's rules from what the side knows). Shift-click, or the Snap toggle, moves as far as the unit
// lawfully gets towards the point; a point out of reach is refused with how far it gets, and the furthest lawful
// point on the way offered.

import {getJSON, query} from "./api.js";
import {h, clear} from "./dom.js";

/** The reach of ``unit`` (and, given ``to``, the move there): the server's answer, or null where none. */
export async function reachOf(url, token, side, unit, to = null, snap = false) {
  const q = {token, side, unit};
  if (to) Object.assign(q, {to: to.map((v) => v.toFixed(1)).join(","), snap: snap ? "true" : "false"});
  return getJSON(`${url}?${query(q)}`);
}

/** The Snap toggle beside the actions: on, a click moves as far as the unit lawfully gets towards it. */
export function snapToggle(box) {
  let toggle = document.getElementById("snap");
  if (!toggle) {
    toggle = h("input", {type: "checkbox", id: "snap"});
    box.append(h("label", {class: "snap", title: "a click on the map moves as far as the unit lawfully gets towards it"},
      toggle, " Snap moves to the furthest lawful point"));
  }
  return toggle;
}

/** Say why a point is out of reach, with a button to the snapped move when there is one. */
export function offerSnapped(where, answer, take) {
  const box = clear(where);
  box.append(h("span", {text: answer.refused || answer.why || "that point is out of reach"}));
  if (answer.snapped) {
    const button = h("button", {type: "button", id: "snap-move", text: `Move as far as it can: ${answer.snapped.text}`});
    button.addEventListener("click", () => take(answer.snapped, button));
    box.append(" ", button);
  }
}
