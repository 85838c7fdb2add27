// Dice thrown at the table (a game made with "dice thrown at the table"): the throw the game awaits, asked one at a
// time (the view's `throw`: what to throw and what for, the odds of each reading, how many faces of what die), with
// a big button per face for a phone, an undo of the last face, and the faces sent when the throw is whole.

import {h, clear} from "./dom.js";

const state = {key: null, faces: []};

function keyOf(t, step) {
  return `${step}:${t.by}:${t.index}:${t.asking}`;
}

/** Draw the awaited throw into `box` (hidden when none); `send(faces)` gives the faces of the whole throw. */
export function renderThrow(panel, box, view, busy, send) {
  const t = view.throw;
  clear(box);
  if (!t) {
    panel.classList.add("hidden");
    state.key = null;
    return;
  }
  panel.classList.remove("hidden");
  const key = keyOf(t, view.step);
  if (key !== state.key) {  // a new throw: start it afresh, and bring it into sight (on a phone it is below the map)
    Object.assign(state, {key, faces: []});
    requestAnimationFrame(() => panel.scrollIntoView({block: "start", behavior: "instant"}));
  }
  const whose = t.by === view.side ? (t.action ? `your action: ${t.action}` : "your action")
    : `the ${t.by}'s action`;
  box.append(h("p", {}, h("b", {text: `${t.title}: ${t.asking}`})), h("p", {class: "muted", text: `For ${whose}.`}));
  for (const line of t.lines.slice(1)) box.append(h("p", {class: "throw-odds", text: line.trim()}));
  if (t.die === null) {  // a card drawn: pick it from those still in the deck
    const pick = h("select", {id: "throw-card", "aria-label": "the card drawn"},
      ...t.cards.map((c) => h("option", {value: c, text: c})));
    box.append(h("div", {class: "throw-row"}, pick, h("button", {class: "primary", id: "throw-send", disabled: busy,
      onclick: () => send([pick.value])}, "This card")));
    return;
  }
  if (t.die === 100) {  // a percentile roll: its number
    const number = h("input", {id: "throw-number", type: "number", min: 1, max: 100, step: 1,
      "aria-label": "the number thrown (1 to 100)"});
    box.append(h("div", {class: "throw-row"}, number, h("button", {class: "primary", id: "throw-send", disabled: busy,
      onclick: () => send([String(number.value).trim()])}, "Thrown")));
    return;
  }
  const slots = h("p", {class: "throw-slots", id: "throw-slots", "aria-live": "polite"});
  const shown = () => {
    clear(slots);
    for (let k = 0; k < t.faces; k++) {
      slots.append(h("span", {class: "throw-slot" + (k < state.faces.length ? " full" : "")},
        k < state.faces.length ? String(state.faces[k]) : "?"));
    }
  };
  shown();
  const faces = h("div", {class: "throw-faces"});
  for (let f = 1; f <= t.die; f++) {
    faces.append(h("button", {class: "throw-face", "data-face": f, disabled: busy, "aria-label": `a ${f}`,
      onclick: () => {
        if (state.faces.length >= t.faces) return;
        state.faces.push(f);
        shown();
        if (state.faces.length === t.faces) send(state.faces.map(String));
      }}, String(f)));
  }
  box.append(h("p", {class: "muted", text: t.how}), slots, faces,
    h("div", {class: "throw-row"}, h("button", {id: "throw-back", disabled: busy, onclick: () => {
      state.faces.pop();
      shown();
    }}, "Take back the last face")));
}

/** After a refusal of the faces (the throw is asked again), start the throw afresh. */
export function forgetFaces() {
  state.faces = [];
}
