// The lobby: a new game (game, scenario with its briefing and map, side, opponent) and the person's games.

import {getJSON, postJSON, query, ApiError} from "./api.js";
import {h, clear} from "./dom.js";
import {board, GAME_NAMES} from "./boards.js";
import {loadGames, remember, forget} from "./store.js";

const $ = (id) => document.getElementById(id);
const PEOPLE = [
  {name: "friend", text: "A friend: they play from their own link, which you send them"},
  {name: "hotseat", text: "Hot seat: two people taking turns at this screen"},
];
let scenarios = [];
let opponents = [];
const maps = new Map();

function option(value, text) {
  return h("option", {value, text});
}

function chosen() {
  return scenarios.find((sc) => sc.ruleset === $("ruleset").value && sc.name === $("scenario").value);
}

async function showScenario() {
  const sc = chosen();
  if (!sc) return;
  const side = $("side").value;
  clear($("side"));
  for (const name of sc.sides) $("side").append(option(name, name));
  if (sc.sides.includes(side)) $("side").value = side;
  $("scenario-title").textContent = sc.title;
  $("briefing").textContent = sc.briefing.trim().split(/\n\s*\n/).map((para) => para.split(/\s+/).join(" ")).join("\n\n");
  const preview = clear($("preview"));
  const k = `${sc.ruleset}/${sc.name}`;
  try {
    if (!maps.has(k)) maps.set(k, await getJSON(`/api/maps/${encodeURIComponent(sc.ruleset)}/${encodeURIComponent(sc.name)}`));
    if (chosen() !== sc) return;
    preview.append(board(sc.ruleset).draw(maps.get(k), null, {zones: true}));
  } catch (err) {
    preview.append(h("p", {class: "error", text: `The map cannot be shown: ${err.message}`}));
  }
}

function fillScenarios() {
  const select = clear($("scenario"));
  for (const sc of scenarios.filter((sc) => sc.ruleset === $("ruleset").value)) select.append(option(sc.name, sc.title));
  return showScenario();
}

function showOpponentText() {
  const all = [...opponents, ...PEOPLE];
  $("opponent-text").textContent = all.find((o) => o.name === $("opponent").value)?.text || "";
}

async function start(ev) {
  ev.preventDefault();
  $("form-error").textContent = "";
  const sc = chosen();
  if (!sc) return;
  const seedText = $("seed").value.trim();
  const body = {ruleset: sc.ruleset, scenario: sc.name, side: $("side").value, opponent: $("opponent").value,
    seed: seedText === "" ? null : Number(seedText), dice: $("dice").value};
  $("start").disabled = true;
  try {
    const game = await postJSON("/api/games", body);
    const mine = game.seats[0];
    remember({id: game.id, token: mine.token, ruleset: sc.ruleset, scenario: sc.name, title: sc.title,
      side: mine.sides.join(" and "), opponent: body.opponent, started: new Date().toISOString()});
    if (body.opponent === "friend" && game.seats[1]) {
      const friend = game.seats[1];
      $("invite-side").textContent = friend.sides.join(" and ");
      $("invite-link").value = new URL(friend.url, location.href).href;
      $("my-link").href = mine.url;
      $("invite").classList.remove("hidden");
      $("invite-link").focus();
      $("invite-link").select();
      listGames();
    } else {
      location.assign(mine.url);
    }
  } catch (err) {
    $("form-error").textContent = err.message;
  } finally {
    $("start").disabled = false;
  }
}

function stateOf(view) {
  if (view.over) {
    const r = view.result || {};
    return {cls: "over", text: `over${r.winner ? `: the ${r.winner} won` : ""}`};
  }
  if (view.my_turn) return {cls: "your-turn", text: `your turn (${view.side})`};
  if (view.thinking) return {cls: "waiting", text: `waiting: the ${view.to_act} is thinking`};
  return {cls: "waiting", text: `waiting for the ${view.to_act}`};
}

function listGames() {
  const list = clear($("games"));
  const games = loadGames();
  $("no-games").classList.toggle("hidden", games.length > 0);
  for (const g of games) {
    const state = h("span", {class: "state", text: "..."});
    const started = new Date(g.started);
    const url = `/play/${encodeURIComponent(g.id)}?${query({token: g.token})}`;
    const item = h("li", {"data-game": g.id},
      h("div", {},
        h("a", {href: url, class: "resume"}, `${g.title || g.scenario}`),
        h("div", {class: "muted"}, `${GAME_NAMES[g.ruleset] || g.ruleset}; you: ${g.side}; against: ${g.opponent || "?"}; `
          + `started ${isNaN(started) ? "?" : started.toLocaleString()}`)),
      h("div", {}, state, " ", h("button", {type: "button", class: "forget", title: "Take it off this list (the game stays on the server)",
        text: "Forget", onclick: () => { forget(g.id, g.token); listGames(); }})));
    list.append(item);
    getJSON(`/api/games/${encodeURIComponent(g.id)}?${query({token: g.token})}`).then((view) => {
      const st = stateOf(view);
      state.className = `state ${st.cls}`;
      state.textContent = st.text;
      if (view.over) {
        state.after(" ", h("a", {class: "replay", href: `/replay/${encodeURIComponent(g.id)}?${query({token: g.token, view: view.side})}`,
          text: "Replay"}));
      }
    }).catch((err) => {
      state.className = "state gone";
      state.textContent = err instanceof ApiError && err.status === 404 ? "no longer on this server" : err.message;
    });
  }
}

async function main() {
  listGames();
  try {
    [scenarios, opponents] = await Promise.all([getJSON("/api/scenarios"), getJSON("/api/opponents")]);
  } catch (err) {
    $("form-error").textContent = `The scenarios cannot be read: ${err.message}`;
    return;
  }
  const order = Object.keys(GAME_NAMES);
  const rulesets = [...new Set(scenarios.map((sc) => sc.ruleset))].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  for (const ruleset of rulesets) {
    $("ruleset").append(option(ruleset, GAME_NAMES[ruleset] || ruleset));
  }
  const computer = h("optgroup", {label: "The computer"});
  for (const o of opponents) computer.append(option(o.name, `${o.name}: ${o.text}`));
  const people = h("optgroup", {label: "People"});
  for (const o of PEOPLE) people.append(option(o.name, o.name === "friend" ? "a friend (their own link)" : "hot seat (one screen)"));
  $("opponent").append(computer, people);
  if (opponents.some((o) => o.name === "easy")) $("opponent").value = "easy";
  showOpponentText();
  $("ruleset").addEventListener("change", fillScenarios);
  $("scenario").addEventListener("change", showScenario);
  $("opponent").addEventListener("change", showOpponentText);
  $("new-game").addEventListener("submit", start);
  $("copy-invite").addEventListener("click", async () => {
    $("invite-link").select();
    try {
      await navigator.clipboard.writeText($("invite-link").value);
      $("copy-invite").textContent = "Copied";
    } catch {
      document.execCommand("copy");
    }
  });
  await fillScenarios();
}

main();
