// The game page: one side's view of a game (GET /api/games/{id}), drawn over the scenario's public map; the
// side's actions by unit, the odds before a roll, the ruling after, the log, undo, live updates, hot seat.
// The page holds only what the API gives the seat's token: a side's view, never the state.

import {getJSON, postJSON, query, ApiError} from "./api.js";
import {h, clear, words} from "./dom.js";
import {board, GAME_NAMES} from "./boards.js";
import {oddsBody} from "./odds.js";
import {badge, OWN, ENEMY, SYMBOL_NAMES} from "./symbols.js";
import {remember, loadGames} from "./store.js";
import {linked, loadRules} from "./rulelinks.js";
import {actionsOn, candidates, goes, openMenu, closeMenu, spaceKey} from "./acting.js";
import {sightOf, sightText, inchesFrom, drawSight} from "./sight.js";
import {CF_SPACE} from "./board_cf.js";
import {BRIGADE_SCALE} from "./board_brigade.js";
import {renderScore, drawMarks, renderMarks} from "./score.js";
import {renderThrow, forgetFaces} from "./throws.js";
import {reachOf, snapToggle, offerSnapped} from "./moving.js";

const $ = (id) => document.getElementById(id);
const ANY = "Any unit";

const page = {
  id: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  token: new URLSearchParams(location.search).get("token") || "",
  side: new URLSearchParams(location.search).get("side") || null,
  view: null,
  map: null,
  selected: null,
  busy: false,
  covered: false,
  shownSide: null, // the side whose view is on the screen (hot seat: the cover goes up when it changes)
  events: null,
  lastEvent: null, // the last event of the game's stream: {step, to_act, over, thinking, throw (table dice)}
  ruling: null,
  pointing: null, // the place under the pointer on the map ("x,y"), while a sight answer is awaited
  reach: null, // a game moved in inches: the selected unit's reachable ground, {unit, step, outline}
};

function api(path = "") {
  return `/api/games/${encodeURIComponent(page.id)}${path}`;
}

function showError(message) {
  $("error").textContent = message || "";
}

function hotSeat() {
  return page.view && page.view.seat_sides.length > 1;
}

function playerName(side) {
  const who = page.view.players?.[side];
  if (!who || who === "human") return side;
  if (who === "friend") return `${side} (your friend)`;
  return `${side} (the computer, ${who})`;
}

// --- drawing ---------------------------------------------------------------------------------------------------

function renderStatus() {
  const v = page.view;
  const bar = clear($("status"));
  bar.append(h("a", {class: "home", href: "/", text: "warroom"}));
  bar.append(h("span", {class: "item"}, h("b", {text: v.title || v.scenario}), ` (${GAME_NAMES[v.ruleset] || v.ruleset})`));
  for (const [label, value] of board(v.ruleset).header(v.observation)) {
    bar.append(h("span", {class: "item"}, `${label}: `, h("b", {text: String(value)})));
  }
  bar.append(h("span", {class: "item"}, "You: ", h("b", {text: v.side})));
  if (v.score) bar.append(h("span", {class: "item score", id: "score-status", title: v.score.lines.join("\n"), text: v.score.status}));
  if (v.seed) {  // the seal on the dice: check it with warroom replay FILE --verify COMMITMENT once the game is over
    bar.append(v.seed.chosen
      ? h("span", {class: "item seal chosen", id: "seal", title: "The seed was chosen: its dice, and the computer's "
          + "choices, can be foreseen (for solo play and analysis)", text: "Seed chosen: the dice can be foreseen"})
      : h("span", {class: "item seal", id: "seal", title: `The dice are sealed by commitment ${v.seed.commitment}: `
          + "the record shows the seed when the game is over; warroom replay FILE --verify COMMITMENT checks every die",
        text: `Dice sealed: ${v.seed.commitment.slice(0, 12)}`}));
  }
  let text;
  let cls;
  if (v.over) {
    [text, cls] = ["The game is over", "over"];
  } else if (v.throw) {
    [text, cls] = ["Throw the dice at the table", "mine"];
  } else if (v.my_turn) {
    [text, cls] = ["Your turn", "mine"];
  } else if (v.thinking) {
    [text, cls] = [`The AI is thinking (${v.to_act})...`, "theirs thinking"];
  } else {
    [text, cls] = [`Waiting for the ${playerName(v.to_act)}`, "theirs"];
  }
  bar.append(h("span", {class: `turn ${cls}`, id: "turn", role: "status", "aria-live": "polite", text}));
}

function renderBoard() {
  const wrap = clear($("board"));
  const on = actionsOn(page.view.actions, page.selected);
  const grid = page.map.measure === "grid";
  wrap.append(board(page.view.ruleset).draw(page.map, page.view.observation, {
    selected: page.selected,
    onSelect: (unit) => select(unit, true),
    marked: grid ? [...on.bySpace.keys()] : [...on.byTarget.keys()],
    onSpace: (at, box, enemy) => actOn(candidates(on, at, enemy), box, `${page.selected}: at ${spaceKey(at)}`),
    onTarget: (enemy, box) => actOn(candidates(on, null, enemy), box, `${page.selected}: at ${enemy}`),
    onPoint: pointAt,
    reach: page.reach && page.reach.unit === page.selected && page.reach.step === page.view.step ? page.reach.outline : null,
    onGround: grid ? null : moveTo,
  }));
  showMarks();
}

/** The enemy's last actions as the side saw them, on the map and in their legend (cleared once the side acts). */
function showMarks() {
  const grid = page.map.measure === "grid";
  const place = grid ? ([c, r]) => [(c + 0.5) * CF_SPACE, (r + 0.5) * CF_SPACE] : (p) => p.map((x) => x * BRIGADE_SCALE);
  drawMarks($("board").querySelector("svg"), page.view.marks, place, grid ? CF_SPACE : BRIGADE_SCALE * 3);
  const enemy = page.view.sides.filter((sd) => sd !== page.view.side).join(" and ");
  renderMarks($("marks-panel"), $("marks"), page.view.marks, enemy);
}

/** A game moved in inches: the ground the selected unit can reach, from the server, drawn under the pieces. */
async function loadReach(unit) {
  const v = page.view;
  if (!unit || !v.my_turn || page.map.measure === "grid" || !(v.observation.units || []).some((u) => u.id === unit)) return;
  try {
    const answer = await reachOf(api("/reach"), page.token, v.side, unit);
    if (page.selected === unit && page.view === v) {
      page.reach = {unit, step: v.step, outline: answer.outline};
      renderBoard();
    }
  } catch {
    page.reach = null;
  }
}

/** A click on the ground with a unit selected: its lawful move to that point (Shift or Snap: as far as it gets). */
async function moveTo(at, ev) {
  const v = page.view;
  if (!page.selected || page.busy || !v.my_turn) return;
  const snap = ev.shiftKey || Boolean(document.getElementById("snap")?.checked);
  let answer;
  try {
    answer = await reachOf(api("/reach"), page.token, v.side, page.selected, at, snap);
  } catch (err) {
    showError(err.message);
    return;
  }
  const move = answer.action || (snap ? answer.snapped : null);
  if (move) {
    choose(move, null);
  } else {
    offerSnapped($("error"), answer, (a, button) => choose(a, button));
  }
}

/** The pointer over the map with a unit selected: Company Fire, the line of sight and range from the unit's space
 * to the space pointed at (the server's, by the rules); Brigade, the distance in inches from the company. */
function pointAt(p) {
  const svg = $("board").querySelector("svg");
  const v = page.view;
  page.pointing = p ? p.join(",") : null;
  if (!p || !page.selected) {
    drawSight(svg, null);
    return;
  }
  if (page.map.measure === "grid") {
    const from = unitSpace(page.selected);
    if (!from || spaceKey(from) === spaceKey(p)) {
      drawSight(svg, null);
      return;
    }
    const [a, b] = [spaceKey(from), spaceKey(p)];
    const url = `${api("/sight")}?${query({token: page.token, side: v.side, from: a, to: b})}`;
    const mid = ([c, r]) => [(c + 0.5) * CF_SPACE, (r + 0.5) * CF_SPACE];
    sightOf(getJSON, url, v, a, b).then((answer) => {
      if (page.pointing === b && page.view === v) drawSight(svg, mid(from), mid(p), sightText(answer), answer.clear, 24);
    }, () => drawSight(svg, null));
    return;
  }
  const unit = (v.observation.units || []).find((u) => u.id === page.selected && u.figures && u.figures.length);
  if (!unit) {
    drawSight(svg, null);
    return;
  }
  const d = inchesFrom(unit.figures, p);
  const text = `${d.nearest.toFixed(1)}" from ${unit.id}'s nearest figure (${d.centre.toFixed(1)}" from its centre)`;
  drawSight(svg, d.at.map((x) => x * BRIGADE_SCALE), p.map((x) => x * BRIGADE_SCALE), text, null, 12);
}

/** Where the selected unit stands (Company Fire), for drawing a move's route from it. */
function unitSpace(unit) {
  return (page.view.observation.units || []).find((u) => u.id === unit)?.at || null;
}

/** Mark on the map what ``action`` names (its spaces; a move's route as a path from the unit); null clears. */
function hintAction(action) {
  const svg = $("board").querySelector("svg");
  const from = action && goes(action) ? unitSpace(action.unit) : null;
  const route = from ? [from, ...action.via, action.space] : null;
  board(page.view.ruleset).hint(svg, action ? action.text : "", route);
}

/** A click on the map with a unit selected: the one action naming the place is taken as if its button were
 * clicked (the odds first when it rolls dice); several open a menu of them at the click. */
function actOn(actions, box, title) {
  if (!page.selected || page.busy || !page.view.my_turn || !actions.length) return;
  const buttonOf = (a) => document.querySelector(`#actions button[data-code="${a.code}"]`);
  if (actions.length === 1) {
    choose(actions[0], buttonOf(actions[0]));
    return;
  }
  const from = unitSpace(page.selected);
  const spaces = actions.flatMap((a) => (a.space ? [a.space, ...a.via] : [])).concat(from ? [from] : []);
  const avoid = spaces.length ? board(page.view.ruleset).box($("board").querySelector("svg"), spaces) : null;
  openMenu(box, avoid, title, actions, {
    onPick: (a) => choose(a, buttonOf(a)),
    onHint: hintAction,
    onClose: () => hintAction(null),
  });
}

function groups() {
  const by = new Map();
  for (const a of page.view.actions) {
    const k = a.unit || "";
    if (!by.has(k)) by.set(k, []);
    by.get(k).push(a);
  }
  return [...by.entries()].sort(([a], [b]) => (a !== "") - (b !== ""));
}

function symbolOf(unit) {
  const obs = page.view.observation;
  const u = (obs.units || []).find((x) => x.id === unit);
  return u ? page.map.unit_types[u.type]?.symbol : null;
}

function renderActions() {
  const box = clear($("actions"));
  const v = page.view;
  let note = "";
  if (v.over) note = "The game is over.";
  else if (v.throw) note = "The game waits for the dice thrown at the table (above).";
  else if (!v.my_turn) note = v.thinking ? "The AI is thinking..." : `The ${playerName(v.to_act)} is to act.`;
  else {
    note = "Choose an action. A unit's actions are under its name; click a counter on the map to find them, then "
      + (page.map.measure === "grid" ? "a marked space or an enemy on it" : "a marked enemy company") + " to act there.";
  }
  $("actions-note").textContent = note;
  if (page.map.measure !== "grid" && v.my_turn) snapToggle(document.querySelector(".controls"));
  for (const [unit, acts] of groups()) {
    const sym = unit ? symbolOf(unit) : null;
    const head = h("h3", {tabindex: -1}, sym ? badge(sym, OWN, 26, 17) : null, unit || ANY,
      h("span", {class: "muted", text: ` (${acts.length})`}));
    head.addEventListener("click", () => select(unit, false));
    const list = h("ul", {});
    for (const a of acts) {
      const button = h("button", {type: "button", "data-code": a.code, "data-dice": a.dice ? "true" : "false",
        title: a.note || (a.dice ? "dice: see the odds first" : "no dice: taken at once")},
      a.text, a.dice ? h("span", {class: "dice", text: "dice"}) : null,
      a.note ? h("span", {class: "action-note", text: a.note}) : null);  // e.g. a fire that cannot hit (CF-147)
      button.addEventListener("click", () => choose(a, button));
      button.addEventListener("mouseenter", () => hintAction(a));
      button.addEventListener("focus", () => hintAction(a));
      button.addEventListener("mouseleave", () => hintAction(null));
      button.addEventListener("blur", () => hintAction(null));
      list.append(h("li", {}, button));
    }
    box.append(h("div", {class: `group${unit && unit === page.selected ? " selected" : ""}`, "data-unit": unit}, head, list));
  }
  const undo = $("undo");
  undo.disabled = !v.undo.can || page.busy;
  undo.title = v.undo.can ? "Take back your last action" : (v.undo.why || "nothing to undo");
}

function renderUnits() {
  const b = board(page.view.ruleset);
  const rows = b.rows(page.map, page.view.observation);
  const table = h("table", {}, h("tr", {}, ...["", "unit", "type", "at", "status"].map((t) => h("th", {text: t}))));
  for (const r of rows) {
    const tr = h("tr", {"data-unit": r.id},
      h("td", {}, r.symbol ? badge(r.symbol, r.own ? OWN : ENEMY, 24, 16) : "?"),
      h("td", {}, h("b", {text: r.id})), h("td", {text: r.type}), h("td", {text: r.at}),
      h("td", {}, r.status, r.notes ? h("span", {class: "muted", text: `; ${r.notes}`}) : null));
    if (r.own) tr.addEventListener("click", () => select(r.id, true));
    table.append(tr);
  }
  const box = clear($("units"));
  box.append(table);
  for (const line of b.extras(page.view.observation)) box.append(h("p", {class: "muted", text: line}));
}

function renderLog() {
  const list = h("ol", {});
  for (const entry of page.view.log) {
    const own = entry.by === page.view.side;
    // the opening entry (by "") is the set-up's narration; then one entry per action, the side's own with its text
    const who = !entry.by ? h("span", {class: "by setup", text: "The set-up: "})
      : h("span", {class: `by ${own ? "own" : "enemy"}`, "data-by": entry.by, text: `${entry.by}: `});
    const li = h("li", {value: entry.step, "data-step": entry.step}, who,
      entry.text ? h("span", {text: entry.text}) : (own || !entry.by ? null
        : h("span", {class: "muted", text: "(what you saw of it)"})));
    for (const line of entry.narration) li.append(h("div", {class: "said"}, ...linked(line)));
    list.append(li);
  }
  const box = clear($("log"));
  if (!page.view.log.length) box.append(h("p", {class: "muted", text: "Nothing has happened yet."}));
  box.append(list);
  box.scrollTop = box.scrollHeight;
}

function renderLegend() {
  const leg = board(page.view.ruleset).legend(page.map);
  const box = clear($("legend"));
  const swatches = h("p", {});
  for (const t of leg.terrain) {
    swatches.append(h("span", {style: "display:inline-block;margin-right:0.6rem"},
      h("span", {style: `display:inline-block;width:0.9em;height:0.9em;vertical-align:middle;border:1px solid #777;background:${t.fill}`}),
      ` ${t.text}`));
  }
  box.append(swatches);
  const obs = page.view.observation;
  const types = new Set([...(obs.units || []), ...(obs.enemy || [])].map((u) => page.map.unit_types[u.type]?.symbol).filter(Boolean));
  const symbols = h("p", {});
  for (const sym of types) symbols.append(h("span", {style: "margin-right:0.6rem;white-space:nowrap"}, badge(sym, OWN, 26, 17), ` ${SYMBOL_NAMES[sym] || sym}`));
  box.append(symbols, h("p", {}, "Blue: yours. Red: the enemy's."));
  for (const note of leg.notes) box.append(h("p", {text: note}));
}

function renderBanner() {
  const v = page.view;
  const banner = clear($("banner"));
  banner.className = "banner hidden";
  if (v.over) {
    const r = v.result || {};
    banner.className = "banner over";
    banner.append(h("h2", {text: r.winner ? `The game is over: the ${r.winner} ${r.winner === v.side ? "(you) " : ""}won.` : "The game is over."}));
    if (r.reason) banner.append(h("p", {text: r.reason}));
    if (v.summary) {  // the game's summary: the actions taken, each side's losses, the decisive moments
      banner.append(h("div", {class: "summary", id: "summary"}, ...v.summary.slice(1).map((line) =>
        h("p", {class: line.startsWith("      ") ? "said" : line.startsWith("  ") ? "item" : "head", text: line.trim()}))));
    } else {
      const rest = Object.entries(r).filter(([k]) => k !== "winner" && k !== "reason");
      for (const [k, value] of rest) {
        banner.append(h("p", {class: "muted", text: `${words(k)}: ${typeof value === "object" ? Object.entries(value || {}).map(([a, b]) => `${a} ${b}`).join(", ") : value}`}));
      }
    }
    banner.append(h("p", {}, h("a", {href: `/replay/${encodeURIComponent(page.id)}?${query({token: page.token, view: v.side})}`,
      id: "replay-link", text: "Replay the game"}), " (step by step, from either side or the umpire's view) · ",
    h("a", {href: `${api("/record")}?${query({token: page.token})}`,
      download: `${v.scenario}-${page.id}.json`, text: "The game record"}),
    " (replay it with warroom replay FILE) · ", h("a", {href: "/", text: "Back to the lobby"})));
    return;
  }
  if (hotSeat() && v.to_act && v.to_act !== v.side && v.seat_sides.includes(v.to_act)) {
    banner.className = "banner";
    banner.append(h("p", {text: `Your part is done: the ${v.to_act} is to act.`}));
    const go = h("button", {type: "button", class: "primary", id: "hand-over", text: `Pass the screen to the ${v.to_act}`});
    go.addEventListener("click", () => cover(v.to_act));
    banner.append(go);
  }
}

function renderRuling() {
  const panel = $("ruling-panel");
  const box = clear($("ruling"));
  if (!page.ruling) {
    panel.classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  box.append(h("p", {}, h("b", {text: page.ruling.title})));
  for (const line of page.ruling.lines) box.append(h("p", {}, ...linked(line)));
  if (!page.ruling.lines.length) box.append(h("p", {class: "muted", text: "Nothing to report."}));
  // what the other side did since, as this side read it (the log holds it too)
  const since = page.view.log.filter((e) => page.ruling.step !== undefined && e.step > page.ruling.step
    && e.by && e.by !== page.view.side && e.narration.length);
  for (const entry of since) {
    box.append(h("p", {}, h("b", {text: `Then the ${entry.by}:`})));
    for (const line of entry.narration) box.append(h("p", {}, ...linked(line)));
  }
}

function render() {
  if (page.covered) return;
  closeMenu(false);
  page.shownSide = page.view.side;
  Object.assign(document.body.dataset, {step: page.view.step, side: page.view.side, toAct: page.view.to_act || "",
    over: page.view.over});
  document.title = `warroom: ${page.view.title || page.view.scenario} (${page.view.side})`;
  renderStatus();
  renderBoard();
  renderBanner();
  renderRuling();
  renderThrow($("throw-panel"), $("throw"), page.view, page.busy, giveFaces);
  renderActions();
  renderUnits();
  renderScore($("score"), page.view.score, page.view.side);
  renderLog();
  renderLegend();
  if (page.view.over && !page.endShown) {  // the game has just ended: its result and summary are what to read
    page.endShown = true;
    $("banner").scrollIntoView({block: "start"});
  }
}

function select(unit, scroll) {
  page.selected = unit || null;
  renderBoard();
  loadReach(page.selected);
  for (const g of document.querySelectorAll("#actions .group")) {
    const on = g.dataset.unit === (unit || "");
    g.classList.toggle("selected", on);
    if (on && scroll) {
      g.scrollIntoView({block: "nearest"});
      g.querySelector("button")?.focus({preventScroll: true});
    }
  }
}

// --- acting ----------------------------------------------------------------------------------------------------

function setBusy(busy) {
  page.busy = busy;
  for (const b of document.querySelectorAll("#actions button, #undo")) b.disabled = busy || (b.id === "undo" && !page.view.undo.can);
}

async function take(action) {
  setBusy(true);
  showError("");
  try {
    const answer = await postJSON(api("/actions"), {token: page.token, side: page.view.side, action: action.code,
      step: page.view.step});
    page.ruling = answer.view.throw ? null : {title: action.text, lines: answer.narration, step: answer.step};
    page.view = answer.view;
    page.side = page.view.side;
  } catch (err) {
    showError(err.message);
    if (err instanceof ApiError && err.status === 409) await refresh();
  } finally {
    page.busy = false;
  }
  render();
  catchUp();
}

/** The faces of the throw the game awaits at the table: its action goes on to its next throw, or is taken. */
async function giveFaces(faces) {
  setBusy(true);
  showError("");
  const by = page.view.throw?.by;
  try {
    const answer = await postJSON(api("/throw"), {token: page.token, side: page.view.side, faces, step: page.view.step});
    if (answer.narration.length) page.ruling = {title: "The ruling (the dice thrown at the table)", lines: answer.narration,
      step: answer.step};
    else if (by !== page.view.side && !answer.view.throw) page.ruling = null;
    page.view = answer.view;
    page.side = page.view.side;
  } catch (err) {
    showError(err.message);
    forgetFaces();
    if (err instanceof ApiError && err.status === 409) await refresh();
  } finally {
    page.busy = false;
  }
  render();
  catchUp();
}

function closeOdds() {
  $("odds").classList.add("hidden");
  document.removeEventListener("keydown", oddsKeys, true);
}

let oddsReturn = null;
let oddsConfirm = null;

function oddsKeys(ev) {
  if (ev.key === "Escape") {
    ev.preventDefault();
    cancelOdds();
  } else if (ev.key === "Tab") {
    const items = [$("odds-cancel"), $("odds-confirm")];
    const at = items.indexOf(document.activeElement);
    ev.preventDefault();
    items[(at + (ev.shiftKey ? items.length - 1 : 1)) % items.length].focus();
  }
}

function cancelOdds() {
  closeOdds();
  oddsConfirm = null;
  oddsReturn?.focus();
}

async function choose(action, button) {
  if (page.busy) return;
  if (!action.dice) {
    await take(action);
    return;
  }
  setBusy(true);
  showError("");
  let answer;
  try {
    answer = await postJSON(api("/odds"), {token: page.token, side: page.view.side, action: action.code});
  } catch (err) {
    setBusy(false);
    showError(err.message);
    if (err instanceof ApiError && err.status === 409) {
      await refresh();
    }
    return;
  }
  setBusy(false);
  oddsReturn = button;
  oddsConfirm = action;
  $("odds-action").textContent = answer.text || action.text;
  const body = clear($("odds-body"));
  body.append(...oddsBody(answer));
  $("odds").classList.remove("hidden");
  document.addEventListener("keydown", oddsKeys, true);
  $("odds-confirm").focus();
}

async function undo() {
  setBusy(true);
  showError("");
  try {
    const answer = await postJSON(api("/undo"), {token: page.token, side: page.view.side});
    page.view = answer.view;
    page.ruling = {title: `Undone: ${answer.undone} action${answer.undone === 1 ? "" : "s"}`, lines: []};
  } catch (err) {
    showError(err.message);
  } finally {
    page.busy = false;
  }
  render();
  catchUp();
}

// --- the view, live -------------------------------------------------------------------------------------------

async function fetchView(side) {
  return getJSON(`${api()}?${query({token: page.token, side})}`);
}

async function refresh() {
  try {
    const view = await fetchView(page.side);
    page.view = view;
    page.side = view.side;
    render();
  } catch (err) {
    showError(err.message);
  }
}

function listen() {
  if (page.events) page.events.close();
  const url = `${api("/events")}?${query({token: page.token, side: page.side})}`;
  page.events = new EventSource(url);
  page.events.addEventListener("step", (ev) => {
    let data;
    try {
      data = JSON.parse(ev.data);
    } catch {
      return;
    }
    page.lastEvent = data;
    if (!page.busy) catchUp();
  });
}

/** Fetch the view again if the last event says the game is not as the page shows it (an event that came while
 * the page was busy acting is not lost). */
function catchUp() {
  const v = page.view;
  const e = page.lastEvent;
  if (!v || !e || page.covered) return;
  if (e.step !== v.step || e.thinking !== v.thinking || e.over !== v.over || e.to_act !== v.to_act
    || (e.throw !== undefined && e.throw !== Boolean(v.throw))) refresh();
}

function cover(side) {
  page.covered = true;
  for (const id of ["board", "actions", "units", "log", "ruling", "banner", "legend", "status", "score", "marks"]) clear($(id));
  $("marks-panel").classList.add("hidden");
  $("ruling-panel").classList.add("hidden");
  $("banner").classList.add("hidden");
  $("cover-title").textContent = `Pass the screen to the ${side}`;
  $("cover-go").textContent = `I am the ${side}: show my view`;
  $("cover").classList.remove("hidden");
  $("cover-go").focus();
  $("cover-go").onclick = async () => {
    page.side = side;
    page.ruling = null;
    page.selected = null;
    page.covered = false;
    $("cover").classList.add("hidden");
    await refresh();
    listen();
  };
}

async function main() {
  if (!page.token) {
    $("status-text").textContent = "This link has no token: open the game from the lobby or from the link you were sent.";
    return;
  }
  $("undo").addEventListener("click", undo);
  $("odds-cancel").addEventListener("click", cancelOdds);
  $("odds-confirm").addEventListener("click", async () => {
    const action = oddsConfirm;
    closeOdds();
    oddsConfirm = null;
    if (action) await take(action);
  });
  let view;
  try {
    [view] = await Promise.all([fetchView(page.side), loadRules()]);
    page.map = await getJSON(`/api/maps/${encodeURIComponent(view.ruleset)}/${encodeURIComponent(view.scenario)}`);
  } catch (err) {
    $("status-text").textContent = `The game cannot be shown: ${err.message}`;
    return;
  }
  page.view = view;
  page.side = view.side;
  const known = loadGames().find((g) => g.id === page.id && g.token === page.token);
  remember({id: page.id, token: page.token, ruleset: view.ruleset, scenario: view.scenario, title: view.title,
    side: view.seat_sides.join(" and "), opponent: known?.opponent || opponentOf(view),
    started: known?.started || new Date().toISOString()});
  if (view.seat_sides.length > 1 && !view.over) {
    cover(view.side);
  } else {
    render();
    listen();
  }
}

function opponentOf(view) {
  if (view.seat_sides.length > 1) return "hotseat";
  const other = view.sides.find((sd) => !view.seat_sides.includes(sd));
  const who = view.players?.[other];
  return who === "human" ? "friend" : who || "?";
}

main();
