// "Roll with my dice": a procedure played with the dice thrown at the table, one throw at a time. The page sends the
// faces given so far to POST /api/desk/{procedure}/throw; the server answers the next throw to ask for (what to throw
// and why, its dice's faces or the cards left, how many faces, those already given) or the finished ruling with the
// odds of its result. Nothing is kept on the server: undoing a face is the same request with one face fewer.

const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const MOST_BUTTONS = 20;  // a die of more faces than this is given in a number box

export function tableDice({ el, call, readForm, spec, session, showRuling, remember, problem }) {
  const $ = (id) => document.getElementById(id);
  const box = $("table-dice");
  const play = { faces: [], asked: null, base: 0, params: null, spec: null, seq: 0, busy: false };

  function close() {
    play.seq += 1;
    play.asked = null;
    box.hidden = true;
    box.replaceChildren();
  }

  async function start() {
    const read = readForm();
    if (read.problem) { problem(read.problem); return; }
    problem("");
    play.faces = [];
    play.params = read.params;
    play.spec = spec();
    $("ruling").hidden = true;
    await send();
  }

  async function send() {
    const seq = ++play.seq;
    play.busy = true;
    render();
    try {
      const answer = await call("POST", `/api/desk/${play.spec.id}/throw`,
        { params: play.params, session: session(), faces: play.faces });
      if (seq !== play.seq) return;
      play.busy = false;
      if (answer.ruling) {
        close();
        showRuling(answer.ruling, answer.odds_of_result.text, answer.stand_ins);
        if (answer.ruling.dice_thrown) {
          $("ruling").querySelector("h4").after(el("p", { class: "quiet thrown", text: "(the dice thrown at the table: " +
            `${answer.faces.join(", ")})` }));
        }
        remember({ at: new Date().toISOString(), seed: null, thrown: answer.faces, ruling: answer.ruling,
          odds_of_result: answer.odds_of_result });
        return;
      }
      play.asked = answer.next;
      play.steps = answer.steps;
      play.base = play.faces.length - answer.next.given.length;
      play.error = "";
      render();
    } catch (error) {
      if (seq !== play.seq) return;
      play.busy = false;
      if (!play.asked) { close(); problem(error.message); return; }
      play.faces = play.faces.slice(0, play.base + play.asked.given.length);  // back to what the server took
      play.error = error.message;
      render();
    }
  }

  function give(word) {
    if (play.busy || !play.asked) return;
    play.faces.push(word);
    play.error = "";
    if (play.faces.length - play.base >= play.asked.count) send();
    else render();
  }

  function undo() {
    if (play.busy || !play.faces.length) return;
    play.faces.pop();
    play.error = "";
    if (play.faces.length < play.base) send();  // back into the throw before: the server says what it was
    else render();
  }

  function pad(asked) {
    const given = play.faces.length - play.base;
    if (asked.kind === "card") return cardPicker(asked.cards);
    if (asked.kind === "percentile") return numberBox(1, 100, "the two percentile dice read together: 1 to 100 (00 is 100)");
    const sides = asked.sides[Math.min(given, asked.sides.length - 1)];
    if (sides > MOST_BUTTONS) return numberBox(1, sides, `a face of the d${sides}, 1 to ${sides}`);
    return el("div", { class: `faces d${sides}`, role: "group", "aria-label": `faces of the d${sides}` },
      Array.from({ length: sides }, (_, i) => el("button", { type: "button", class: "face", disabled: play.busy,
        "aria-label": `${i + 1}`, onclick: () => give(String(i + 1)), text: String(i + 1) })));
  }

  function numberBox(low, high, help) {
    const input = el("input", { id: "table-number", type: "text", inputmode: "numeric", autocomplete: "off",
      placeholder: `${low}–${high}`, "aria-label": help });
    const use = () => { const text = input.value.trim(); if (text) give(text); };
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); use(); } });
    const row = el("div", { class: "number-row" }, input,
      el("button", { type: "button", class: "primary", disabled: play.busy, onclick: use, text: "Use" }));
    setTimeout(() => input.focus({ preventScroll: true }), 0);
    return el("div", {}, row, el("small", { class: "help", text: help }));
  }

  function cardPicker(cards) {
    const left = new Set(cards);
    const rows = SUITS.map(([suit, sign]) => el("div", { class: `suit ${suit === "H" || suit === "D" ? "red" : "black"}`,
      role: "group", "aria-label": `${sign} cards` },
    RANKS.map((rank) => el("button", { type: "button", class: "card", disabled: play.busy || !left.has(rank + suit),
      "aria-label": `${rank}${sign}`, onclick: () => give(rank + suit), text: `${rank}${sign}` }))));
    const jokers = cards.filter((c) => c.startsWith("Joker")).length;
    if (jokers) {
      rows.push(el("div", { class: "suit" }, el("button", { type: "button", class: "card joker", disabled: play.busy,
        onclick: () => give("joker"), text: `Joker (${jokers} left)` })));
    }
    return el("div", { class: "cards" }, rows);
  }

  function render() {
    if (!play.asked) {
      box.hidden = false;
      box.replaceChildren(el("p", { class: "quiet", text: "Asking what to throw…" }));
      return;
    }
    const asked = play.asked;
    const mine = play.faces.slice(play.base);
    const slots = Array.from({ length: asked.count }, (_, i) => el("span",
      { class: `slot${i < mine.length ? " given" : ""}`, text: i < mine.length ? mine[i] : "·" }));
    const recent = (play.steps || []).filter(Boolean).slice(-3);
    box.hidden = false;
    box.setAttribute("aria-busy", play.busy ? "true" : "false");
    box.replaceChildren(...[
      el("h3", { text: `Throw ${asked.number}` }),
      recent.length ? el("ul", { class: "steps so-far" }, recent.map((s) => el("li", { text: s }))) : null,
      el("p", { class: "asking", id: "table-asking", text: asked.asking }),
      asked.count > 1 ? el("p", { class: "slots", "aria-label": `${mine.length} of ${asked.count} faces given` }, slots)
        : null,
      pad(asked),
      el("p", { class: "error", role: "alert", text: play.error || "" }),
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "table-undo", disabled: play.busy || !play.faces.length, onclick: undo,
          text: "Undo last face" }),
        el("button", { type: "button", id: "table-cancel", onclick: close, text: "Cancel" })),
      el("p", { class: "quiet", text: play.faces.length ? `Given so far: ${play.faces.join(", ")}` : "No faces given yet." }),
    ].filter(Boolean));
    box.scrollIntoView({ block: "nearest" });
  }

  $("roll-mine").addEventListener("click", start);
  return { close };
}
