// The replay viewer: a finished game (/replay/{id}?token=T) or an uploaded record (/replay), stepped forward and
// back from either side's view or the umpire's. Drawn by the game page's own modules, so the board looks the same.

import {getJSON, query, ApiError} from "./js/api.js";
import {h, clear} from "./js/dom.js";
import {board, GAME_NAMES} from "./js/boards.js";
import {badge, OWN, ENEMY} from "./js/symbols.js";
import {linked, loadRules} from "./js/rulelinks.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const parts = location.pathname.split("/").filter(Boolean);

const page = {
  gameId: parts.length > 1 ? decodeURIComponent(parts[1]) : null,
  token: params.get("token") || "",
  record: null, // the uploaded record's text, sent again if the server has let the replay go
  summary: null,
  map: null,
  view: params.get("view") || "umpire",
  step: 0,
  shown: null,
  cache: new Map(),
  want: 0, // the last step asked for: an older answer arriving late is not drawn
};

function showError(message) {
  $("error").textContent = message || "";
}

async function upload(text) {
  const response = await fetch("/api/replays", {method: "POST", body: text,
    headers: {"Content-Type": "application/json", Accept: "application/json"}});
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body?.detail || `the server answered ${response.status}`);
  return body;
}

async function fetchSummary() {
  if (page.gameId) {
    return getJSON(`/api/games/${encodeURIComponent(page.gameId)}/replay?${query({token: page.token})}`);
  }
  return upload(page.record);
}

async function fetchStep(n, view) {
  const key = `${view}:${n}`;
  if (page.cache.has(key)) return page.cache.get(key);
  const url = () => `/api/replays/${page.summary.id}/steps/${n}?${query({view})}`;
  let data;
  try {
    data = await getJSON(url());
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    page.summary = await fetchSummary(); // the server let the replay go: ask for it again
    data = await getJSON(url());
  }
  page.cache.set(key, data);
  return data;
}

// --- drawing -------------------------------------------------------------------------------------------------------

function viewName(view) {
  return view === "umpire" ? "the umpire (both sides)" : `the ${view}`;
}

function renderStatus(data) {
  const sm = page.summary;
  const bar = clear($("status"));
  bar.append(h("a", {class: "home", href: "/", text: "warroom"}));
  bar.append(h("span", {class: "item"}, h("b", {text: sm.title || sm.scenario}), ` (${GAME_NAMES[sm.ruleset] || sm.ruleset}), replay`));
  for (const [label, value] of board(sm.ruleset).header(data.observation)) {
    bar.append(h("span", {class: "item"}, `${label}: `, h("b", {text: String(value)})));
  }
  bar.append(h("span", {class: "item"}, h("a", {href: "/rules", target: "_blank", rel: "noopener", text: "Rules",
    style: "color:#f4f1e8"})));
  bar.append(h("span", {class: `turn ${page.view === "umpire" ? "umpire" : "theirs"}`, text: `Seen by ${viewName(page.view)}`}));
}

function renderStep(data) {
  const box = clear($("step"));
  $("step-panel").classList.remove("hidden");
  const sm = page.summary;
  if (data.step === 0) box.append(h("p", {}, h("b", {text: "The set-up"})));
  else if (data.text) box.append(h("p", {}, h("b", {text: `${data.by}: ${data.text}`})));
  else box.append(h("p", {}, h("b", {text: `The ${data.by} acted`}), h("span", {class: "muted", text: " (what the view saw of it)"})));
  for (const line of data.narration) box.append(h("p", {}, ...linked(line)));
  if (!data.narration.length) {
    box.append(h("p", {class: "muted", text: page.view === "umpire" ? "Nothing to report." : "Nothing this side could see."}));
  }
  if (data.over && data.result) {
    const r = data.result;
    box.append(h("p", {}, h("b", {text: r.winner ? `The game is over: the ${r.winner} won.` : "The game is over."})));
    if (r.reason) box.append(h("p", {text: r.reason}));
  } else if (data.to_act) {
    box.append(h("p", {class: "muted", text: `Next to act: the ${data.to_act}.`}));
  }
  $("where").textContent = `Step ${data.step} of ${sm.steps}`;
}

function renderUnits(data) {
  const rows = board(page.summary.ruleset).rows(page.map, data.observation);
  const table = h("table", {}, h("tr", {}, ...["", "unit", "type", "at", "status"].map((t) => h("th", {text: t}))));
  for (const r of rows) {
    table.append(h("tr", {"data-unit": r.id},
      h("td", {}, r.symbol ? badge(r.symbol, r.own ? OWN : ENEMY, 24, 16) : "?"),
      h("td", {}, h("b", {text: r.id})), h("td", {text: r.type}), h("td", {text: r.at}),
      h("td", {}, r.status, r.notes ? h("span", {class: "muted", text: `; ${r.notes}`}) : null)));
  }
  clear($("units")).append(table);
}

function renderLog() {
  const list = h("ol", {start: 0});
  for (const entry of page.summary.logs[page.view]) {
    const who = !entry.by ? h("span", {class: "by setup", text: "The set-up: "})
      : h("span", {class: `by ${entry.by === page.view || page.view === "umpire" ? "own" : "enemy"}`, text: `${entry.by}: `});
    const li = h("li", {value: entry.step, "data-step": entry.step, tabindex: -1}, who,
      entry.text ? h("span", {text: entry.text}) : null);
    for (const line of entry.narration) li.append(h("div", {class: "said"}, ...linked(line)));
    li.addEventListener("click", (ev) => {
      if (ev.target.closest("a")) return;
      go(entry.step);
    });
    list.append(li);
  }
  clear($("log")).append(list);
}

function markLog(n) {
  for (const li of $("log").querySelectorAll("li")) {
    const on = Number(li.dataset.step) === n;
    li.classList.toggle("current", on);
    if (on) { // scroll the log alone, never the panel holding the controls
      const box = li.closest(".log");
      const [r, b] = [li.getBoundingClientRect(), box.getBoundingClientRect()];
      if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 3;
    }
  }
}

function draw(data) {
  page.shown = data;
  Object.assign(document.body.dataset, {step: data.step, view: data.view});
  document.title = `warroom: replay of ${page.summary.title || page.summary.scenario}, step ${data.step}`;
  renderStatus(data);
  clear($("board")).append(board(page.summary.ruleset).draw(page.map, data.observation, {}));
  renderStep(data);
  renderUnits(data);
  markLog(data.step);
  $("slider").value = String(data.step);
  $("back").disabled = data.step === 0;
  $("first").disabled = data.step === 0;
  $("forward").disabled = data.step === page.summary.steps;
  $("last").disabled = data.step === page.summary.steps;
}

async function go(n) {
  const step = Math.max(0, Math.min(page.summary.steps, n));
  page.step = step;
  page.want = step;
  const view = page.view;
  try {
    const data = await fetchStep(step, view);
    if (page.want === step && page.view === view) draw(data);
    showError("");
  } catch (err) {
    showError(err.message);
  }
}

function keys(ev) {
  if (!page.summary || ev.altKey || ev.ctrlKey || ev.metaKey) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName) && ev.target.id !== "slider") return;
  const moves = {ArrowRight: page.step + 1, ArrowLeft: page.step - 1, Home: 0, End: page.summary.steps};
  if (!(ev.key in moves)) return;
  ev.preventDefault();
  go(moves[ev.key]);
}

async function start() {
  const sm = page.summary;
  if (!sm.views.includes(page.view)) page.view = sm.views.includes("umpire") ? "umpire" : sm.views[0];
  page.map = await getJSON(`/api/maps/${encodeURIComponent(sm.ruleset)}/${encodeURIComponent(sm.scenario)}`);
  const select = clear($("view"));
  for (const v of sm.views) select.append(h("option", {value: v, text: v === "umpire" ? "the umpire (both sides)" : `the ${v}`}));
  select.value = page.view;
  $("slider").max = String(sm.steps);
  $("controls").classList.remove("hidden");
  renderLog();
  await go(params.has("step") ? Number(params.get("step")) || 0 : 0);
}

async function main() {
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(page.step - 1));
  $("forward").addEventListener("click", () => go(page.step + 1));
  $("last").addEventListener("click", () => go(page.summary.steps));
  $("slider").addEventListener("input", () => go(Number($("slider").value)));
  $("view").addEventListener("change", () => {
    page.view = $("view").value;
    renderLog();
    go(page.step);
  });
  document.addEventListener("keydown", keys);
  await loadRules();
  if (!page.gameId) {
    $("status-text").textContent = "Choose a game record file to replay.";
    $("upload").classList.remove("hidden");
    $("record-file").addEventListener("change", async () => {
      const file = $("record-file").files[0];
      if (!file) return;
      showError("");
      try {
        page.record = await file.text();
        page.summary = await upload(page.record);
        page.cache.clear();
        await start();
      } catch (err) {
        showError(`This file cannot be replayed: ${err.message}`);
      }
    });
    return;
  }
  try {
    page.summary = await fetchSummary();
    await start();
  } catch (err) {
    $("status-text").textContent = `The replay cannot be shown: ${err.message}`;
    showError(err.message);
  }
}

main();
