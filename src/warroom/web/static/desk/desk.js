// The umpire's desk page: every procedure as a form, its exact odds as a chart, a roll with its ruling, the
// session's trackers and base tables. Everything comes from the desk's JSON API (/api/procedures, /api/odds,
// /api/roll, /api/desk/sessions); a value the page refuses gets the words the server (and the CLI) would use.

import { linked, loadRules } from "/static/js/rulelinks.js";
import { tableDice } from "/static/desk/dice.js";

const $ = (id) => document.getElementById(id);
const state = { all: [], spec: null, session: null, history: [], seq: 0, timer: null, tracking: null, dice: null, touched: false };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ detail: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.detail || `the server answered ${response.status}`);
  return data;
}

// --- the list of procedures -------------------------------------------------------------
function norm(text) {
  return text.toLowerCase().replace(/[-_/]/g, " ").split(/\s+/).filter(Boolean).join(" ");
}

async function search(query) {
  const data = await call("GET", `/api/procedures?q=${encodeURIComponent(query)}`);
  if (norm($("q").value) !== norm(query)) return;  // typed on since
  showList(data.procedures, query.trim() !== "");
}

function showList(specs, searching) {
  const list = $("list");
  list.replaceChildren();
  $("found").textContent = searching
    ? `${specs.length} procedure${specs.length === 1 ? "" : "s"} found` : `${specs.length} procedures`;
  const byRuleset = new Map();
  for (const spec of specs) {
    if (!byRuleset.has(spec.ruleset)) byRuleset.set(spec.ruleset, { title: spec.ruleset_title, sections: new Map() });
    const sections = byRuleset.get(spec.ruleset).sections;
    if (!sections.has(spec.section)) sections.set(spec.section, []);
    sections.get(spec.section).push(spec);
  }
  for (const [ruleset, group] of byRuleset) {
    const count = [...group.sections.values()].reduce((n, s) => n + s.length, 0);
    const box = el("details", { class: "ruleset", open: searching },
      el("summary", {}, el("strong", { text: group.title }), ` ${ruleset} · ${count}`));
    for (const [section, members] of group.sections) {
      box.append(el("h4", { text: section }));
      const items = el("ul", { class: "procs" });
      for (const spec of members) {
        items.append(el("li", {}, el("button", { type: "button", class: "proc", "data-id": spec.id,
          onclick: () => openProcedure(spec) }, el("span", { class: "t", text: spec.title }),
        el("span", { class: "n", text: spec.id }))));
      }
      box.append(items);
    }
    list.append(box);
  }
}

// --- a procedure's form ------------------------------------------------------------------
function field(param, value) {
  const id = `p-${param.name}`;
  const help = el("small", { id: `${id}-help`, class: "help" },
    // the help's words where the label does not already say them all, then the name the command line takes
    param.help.toLowerCase() === fieldName(param).toLowerCase() ? "" : `${param.help} `,
    `(${param.name}: ${param.allowed}${param.required ? "; required" : `; default ${param.default}`})`);
  // the field named in the seed's words (the server's Param.title); the name the command line takes is in the help
  const label = el("label", { for: id, text: fieldName(param) });
  let input;
  if (param.kind === "bool") {
    input = el("input", { type: "checkbox", id, "aria-describedby": `${id}-help` });
    input.checked = value === "true";
    return el("div", { class: "field bool", "data-param": param.name }, input, label, help);
  }
  if (param.kind === "choice" && param.choices.length <= 4) {
    const group = el("fieldset", { class: "field seg", "data-param": param.name, "aria-describedby": `${id}-help` },
      el("legend", { text: fieldName(param) }));
    const row = el("div", { class: "segs" });
    param.choices.forEach((choice, i) => {
      const radio = el("input", { type: "radio", name: id, id: `${id}-${i}`, value: choice });
      radio.checked = value === choice;
      row.append(el("span", {}, radio, el("label", { for: `${id}-${i}`, text: choice.replaceAll("_", " ") })));
    });
    group.append(row, help);
    return group;
  }
  if (param.kind === "choice") {
    input = el("select", { id, "aria-describedby": `${id}-help` });
    if (param.required) input.append(el("option", { value: "", text: "choose…" }));
    for (const choice of param.choices) input.append(el("option", { value: choice, text: choice.replaceAll("_", " ") }));
    input.value = value ?? "";
  } else if (param.kind === "int") {
    input = el("input", { id, type: "number", inputmode: "numeric", step: 1, min: param.min, max: param.max,
      "aria-describedby": `${id}-help`, placeholder: param.required ? "required" : "" });
    input.value = value ?? "";
    const step = (by) => () => {
      const now = Number.parseInt(input.value || param.default || param.min || 0, 10);
      input.value = String(now + by);
      changed();
    };
    const wrap = el("div", { class: "stepper" },
      el("button", { type: "button", "aria-label": `${fieldName(param)}: one less`, onclick: step(-1), text: "−" }), input,
      el("button", { type: "button", "aria-label": `${fieldName(param)}: one more`, onclick: step(1), text: "+" }));
    return el("div", { class: "field", "data-param": param.name }, label, wrap, help);
  } else {
    input = el("input", { id, type: "text", autocomplete: "off", "aria-describedby": `${id}-help`,
      placeholder: param.kind === "cards" ? "AS,10H,Joker1" : param.choices.join(",") });
    input.value = value ?? "";
    if (param.kind === "choices") {
      const adds = el("div", { class: "adds" }, param.choices.map((choice) => el("button", { type: "button",
        onclick: () => { input.value = input.value ? `${input.value},${choice}` : choice; changed(); },
        text: `+ ${choice.replaceAll("_", " ")}` })), el("button", { type: "button",
        onclick: () => { input.value = ""; changed(); }, text: "clear" }));
      return el("div", { class: "field", "data-param": param.name }, label, input, adds, help);
    }
  }
  return el("div", { class: "field", "data-param": param.name }, label, input, help);
}

function fieldName(param) { return param.label || param.name.replaceAll("_", " "); }

// What the form still needs before the odds can be worked out: each required field left empty, as a neutral hint
// (not an error: nothing is wrong with a form not yet filled in).
function stillNeeded() {
  const missing = state.spec.params.filter((param) => param.required && readValue(param) === "");
  if (!missing.length) return "";
  return `To see the odds, choose ${missing.map((param) => `${fieldName(param).toLowerCase()} (${param.allowed})`)
    .join(" and ")}.`;
}

function readValue(param) {
  if (param.kind === "bool") return $(`p-${param.name}`).checked ? "true" : "false";
  if (param.kind === "choice" && param.choices.length <= 4) {
    const on = document.querySelector(`input[name="p-${param.name}"]:checked`);
    return on ? on.value : "";
  }
  return $(`p-${param.name}`).value.trim();
}

// The words Param.read uses (src/warroom/core/params.py), so the page and the server say the same.
function localProblem(param, text) {
  if (param.kind !== "int" || text === "") return null;
  const bad = `${param.name}=${text} is not allowed: ${param.name} is ${param.allowed}`;
  if (!/^[+-]?\d+$/.test(text)) return bad;
  const n = Number.parseInt(text, 10);
  if ((param.min !== null && n < param.min) || (param.max !== null && n > param.max)) {
    return param.why ? `${bad}: ${param.why}` : bad;
  }
  return null;
}

function readForm() {
  const params = {};
  for (const param of state.spec.params) {
    const text = readValue(param);
    const problem = localProblem(param, text);
    if (problem) return { problem, param: param.name };
    if (text !== "" && text !== param.default) params[param.name] = text;
  }
  return { params };
}

function openProcedure(spec, values = null, tracker = null) {
  state.spec = spec;
  state.tracking = tracker;
  state.touched = false;  // quiet until touched: nothing is red before the user has changed anything
  $("proc").hidden = false;
  $("proc-title").textContent = spec.title;
  $("proc-id").textContent = spec.id;
  $("proc-summary").textContent = spec.summary;
  $("proc-rule").replaceChildren(...linked(`Rule: ${spec.rule_text}`));
  $("ruling").hidden = true;
  if (state.dice) state.dice.close();
  $("odds").replaceChildren();
  const form = $("form");
  form.replaceChildren();
  for (const param of spec.params) {
    const given = values && param.name in values ? showValue(values[param.name]) : param.default;
    form.append(field(param, given));
  }
  if (!spec.params.length) form.append(el("p", { class: "quiet", text: "This procedure takes no inputs." }));
  $("track").textContent = tracker ? `Set ${tracker}` : "Track";
  $("tracker-name").value = tracker || "";
  $("tracker-name").disabled = Boolean(tracker);
  $("proc-title").scrollIntoView({ block: "start" });
  $("proc-title").setAttribute("tabindex", "-1");
  $("proc-title").focus({ preventScroll: true });
  refreshOdds(0);
}

function showValue(value) {
  if (Array.isArray(value)) return value.join(",");
  return String(value);
}

function changed() {
  state.touched = true;
  refreshOdds(180);
}

// --- odds ----------------------------------------------------------------------------------
function refreshOdds(delay) {
  clearTimeout(state.timer);
  state.timer = setTimeout(loadOdds, delay);
}

async function loadOdds() {
  const spec = state.spec;
  const read = readForm();
  const seq = ++state.seq;
  $("form-error").textContent = "";
  $("form-hint").textContent = "";
  $("roll").disabled = false;
  if (read.problem) {
    $("form-error").textContent = read.problem;
    $("odds").classList.add("stale");
    return;
  }
  const needed = stillNeeded();
  if (needed) {
    $("form-hint").textContent = needed;
    $("odds").replaceChildren();
    return;
  }
  $("odds").setAttribute("aria-busy", "true");
  try {
    const odds = await call("POST", `/api/odds/${spec.id}`, { params: read.params, session: state.session });
    if (seq !== state.seq) return;
    $("odds").classList.remove("stale");
    $("odds").replaceChildren(oddsChart(odds));
  } catch (error) {
    if (seq !== state.seq) return;
    $(state.touched ? "form-error" : "form-hint").textContent = error.message;
    $("odds").classList.add("stale");
  } finally {
    if (seq === state.seq) $("odds").removeAttribute("aria-busy");
  }
}

function oddsChart(odds) {
  const top = Math.max(...odds.results.map((r) => r.p)) || 1;
  const barClass = (r) => `bar${r.p === 0 ? " zero" : ""}${r.or_worse_shown === undefined ? "" : " worsened"}`;
  const rows = odds.results.map((r) => el("div", { class: barClass(r), role: "listitem" },
    el("span", { class: "label", text: r.result }),
    el("span", { class: "track", "aria-hidden": "true" },
      el("span", { class: "fill", style: `width:${(100 * r.p / top).toFixed(2)}%` })),
    el("span", { class: "pct", text: r.shown }),
    el("span", { class: "frac", text: r.exact }),
    r.or_worse_shown === undefined ? null
      : el("span", { class: "worse", title: r.or_worse_exact, text: `${r.result} or worse ${r.or_worse_shown}` })));
  const parts = [el("div", { class: "chart", role: "list", "aria-label": `odds of ${odds.title}` }, rows)];
  if (odds.worse) {
    parts.push(el("p", { class: "quiet", text: "The results are the seed's scale, from the best to the worst for " +
      `the one they befall${odds.worse === "earlier" ? " (listed worst first)" : ""}: "or worse" adds the worse rows.` }));
  }
  const told = narrative(odds.steps, odds.modifiers, []);
  if (told.list.children.length) parts.push(el("h4", { text: "How it is worked out" }), told.list);
  if (told.untold.length) {
    parts.push(el("h4", { text: "On some branches" }), el("ul", { class: "mods" }, told.untold.map(modifierItem)));
  }
  parts.push(el("p", { class: "quiet", text: `${odds.results.length} results, ${odds.leaves} chance outcomes ` +
    "enumerated; the fractions are exact and sum to 1." }));
  return el("div", {}, parts);
}

function signed(m) {
  const unit = m.applies_to === "dice" ? (Math.abs(m.value) === 1 ? " die" : " dice") : "";
  return `${m.value >= 0 ? "+" : "−"}${Math.abs(m.value)}${unit}`;
}

function modifierItem(m) {
  return el("li", { class: "mod" }, el("b", { text: `${signed(m)} ` }), m.label,
    el("span", { class: "src" }, linked(` [${m.source}]`)));
}

// A step as the ruling says it (Modifier.__str__ and DiceRoll.__str__ in src/warroom/core/ruling.py), so the
// steps that are a modifier or a die are shown as such, each modifier with its source.
function modifierText(m) { return `${signed(m)} ${m.label}  [${m.source}]`; }

function diceText(d) {
  const faces = d.faces.join(", ");
  const verb = d.spec === "a card" ? "drew" : `${d.spec} rolled`;
  if (!d.faces.length) return `${d.label}: ${d.spec} → ${d.reads}`;
  if (d.faces.length === 1 && String(d.faces[0]) === d.reads) return `${d.label}: ${verb} ${faces}`;
  return `${d.label}: ${verb} ${faces} → ${d.reads}`;
}

function narrative(steps, modifiers, dice) {
  const mods = new Map(modifiers.map((m) => [modifierText(m), m]));
  const thrown = new Set(dice.map(diceText));
  const said = new Set();
  const list = el("ul", { class: "steps" }, steps.filter(Boolean).map((step) => {
    said.add(step);
    if (mods.has(step)) return modifierItem(mods.get(step));
    return el("li", { class: thrown.has(step) ? "die" : null, text: step });
  }));
  return { list, untold: modifiers.filter((m) => !said.has(modifierText(m))),
    unthrown: dice.filter((d) => !said.has(diceText(d))) };
}

// --- rolls and the history ---------------------------------------------------------------
async function roll() {
  const read = readForm();
  if (read.problem) { $("form-error").textContent = read.problem; return; }
  const seedText = $("seed").value.trim();
  if (seedText !== "" && !/^\d+$/.test(seedText)) {
    $("form-error").textContent = `seed=${seedText} is not allowed: a seed is a whole number of at least 0`;
    return;
  }
  const body = { params: read.params, session: state.session, seed: seedText === "" ? null : Number(seedText) };
  try {
    const answer = await call("POST", `/api/roll/${state.spec.id}`, body);
    showRuling(answer.ruling, answer.odds_of_result.text, answer.stand_ins);
    remember({ at: new Date().toISOString(), seed: answer.seed, ruling: answer.ruling,
      odds_of_result: answer.odds_of_result });
  } catch (error) {
    $("form-error").textContent = error.message;
  }
}

function rulingCard(ruling, oddsText, standIns) {
  const card = [el("h4", { text: ruling.title }), el("p", { class: "cite" }, linked(citation(ruling.rule)))];
  const told = narrative(ruling.steps, ruling.modifiers, ruling.dice);
  if (told.unthrown.length) {
    card.push(el("ul", { class: "steps" }, told.unthrown.map((d) => el("li", { class: "die", text: diceText(d) }))));
  }
  card.push(told.list);
  if (told.untold.length) card.push(el("ul", { class: "mods" }, told.untold.map(modifierItem)));
  // How the ruling ends is its ruleset's (Ruling.__str__): an umpire's sentence, or the table row and the result.
  const said = ruling.text.split("\n").find((line) => line.startsWith("  Ruling: "));
  if (said) {
    card.push(el("p", { class: "result said" }, el("strong", { text: said.trim() })));
  } else {
    if (ruling.row) card.push(el("p", { class: "row", text: `Table: ${ruling.row}` }));
    card.push(el("p", { class: "result" }, "Result: ", el("strong", { text: ruling.result })));
  }
  const after = Object.entries(ruling.after || {});
  if (after.length) {
    card.push(el("p", { class: "row", text: `Now: ${after.map(([k, v]) => `${k}=${showValue(v)}`).join(", ")}` }));
  }
  if (oddsText) card.push(el("p", { class: "quiet", text: `Odds of this result: ${oddsText}` }));
  if (standIns && standIns.length) {
    card.push(el("p", { class: "stand-in", text: `Read from warroom's STAND-IN: ${standIns.join("; ")}. ` +
      "Give your own under Base tables." }));
  }
  return card;
}

function citation(rule) {
  const sections = rule.sections.map((s) => `"${s}"`).join("; ");
  return `Rule: ${rule.seed}, ${sections}${rule.readings.length ? `; readings ${rule.readings.join(", ")}` : ""}`;
}

function showRuling(ruling, oddsText, standIns) {
  const box = $("ruling");
  box.replaceChildren(...rulingCard(ruling, oddsText, standIns));
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

function remember(entry) {
  state.history.push(entry);
  sessionStorage.setItem("desk-history", JSON.stringify(state.history));
  showHistory();
}

function showHistory() {
  $("rulings").replaceChildren(...[...state.history].reverse().map((h) => el("li", {},
    el("details", {}, el("summary", {}, el("span", { text: `${h.ruling.title}: ` }),
      el("strong", { text: h.ruling.result }), el("span", { class: "quiet", text: h.seed !== null && h.seed !== undefined ? ` (seed ${h.seed})`
        : h.thrown ? " (the dice thrown at the table)" : "" })),
    el("pre", { text: h.ruling.text })))));
  $("copy").disabled = $("save").disabled = $("clear").disabled = !state.history.length;
}

function historyText() {
  return state.history.map((h) => `${h.at}${h.seed !== null && h.seed !== undefined ? ` seed ${h.seed}` : ""}\n` +
    `${h.ruling.text}${h.odds_of_result ? `\n  Odds of this result: ${h.odds_of_result.text}` : ""}`).join("\n\n");
}

async function copyHistory() {
  const text = historyText();
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", { class: "offscreen" });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  $("history-status").textContent = `${state.history.length} rulings copied`;
}

function saveHistory() {
  const blob = new Blob([JSON.stringify(state.history, null, 2)], { type: "application/json" });
  const link = el("a", { href: URL.createObjectURL(blob), download: `rulings-${new Date().toISOString().slice(0, 19).replaceAll(":", "")}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  $("history-status").textContent = `${state.history.length} rulings saved`;
}

// --- the session: trackers and base tables -------------------------------------------------
async function ensureSession() {
  const kept = sessionStorage.getItem("desk-session");
  if (kept) {
    try {
      const data = await call("GET", `/api/desk/sessions/${kept}`);
      state.session = kept;
      return data;
    } catch { /* the server has forgotten it: a new one */ }
  }
  const made = await call("POST", "/api/desk/sessions");
  state.session = made.id;
  sessionStorage.setItem("desk-session", made.id);
  return { trackers: {}, base_tables: {} };
}

function showSession(data) {
  const list = $("tracker-list");
  const names = Object.keys(data.trackers);
  list.replaceChildren(...(names.length ? names.map((name) => trackerCard(name, data.trackers[name]))
    : [el("p", { class: "quiet", text: "No trackers yet: open a procedure, set its inputs, and Track them." })]));
  const shown = Object.entries(data.base_tables).map(([ruleset, file]) => `${ruleset}: ${file}`);
  if (shown.length) $("base-status").textContent = `Your tables: ${shown.join("; ")}`;
}

function trackerCard(name, tracker) {
  const spec = state.all.find((s) => s.id === tracker.procedure);
  const last = tracker.history.length ? ` Last: ${tracker.history.at(-1)}.` : "";
  return el("div", { class: "tracker" }, el("p", { text: `${tracker.text}.${last}` }),
    el("div", { class: "buttons" },
      el("button", { type: "button", class: "primary", onclick: () => advance(name), text: `Advance ${name}` }),
      el("button", { type: "button", onclick: () => openProcedure(spec, tracker.params, name), text: "Open" }),
      el("button", { type: "button", onclick: () => untrack(name), text: "Untrack" })));
}

async function track() {
  const read = readForm();
  if (read.problem) { $("form-error").textContent = read.problem; return; }
  try {
    let data;
    if (state.tracking) {
      data = await call("PATCH", `/api/desk/sessions/${state.session}/trackers/${state.tracking}`, { params: read.params });
    } else {
      data = await call("POST", `/api/desk/sessions/${state.session}/trackers`,
        { name: $("tracker-name").value.trim(), procedure: state.spec.id, params: read.params });
    }
    showSession(data);
  } catch (error) {
    $("form-error").textContent = error.message;
  }
}

async function advance(name) {
  try {
    const data = await call("POST", `/api/desk/sessions/${state.session}/trackers/${name}/advance`);
    showSession(data);
    remember({ at: new Date().toISOString(), seed: null, tracker: name, turn: data.turn, ruling: data.ruling });
    $("history-status").textContent = `${name}, turn ${data.turn}: ${data.ruling.result}` +
      (data.finished ? ` (${name} is finished)` : "");
  } catch (error) {
    $("history-status").textContent = error.message;
  }
}

async function untrack(name) {
  try {
    showSession(await call("DELETE", `/api/desk/sessions/${state.session}/trackers/${name}`));
    if (state.tracking === name) openProcedure(state.spec);
  } catch (error) {
    $("history-status").textContent = error.message;
  }
}

async function uploadBaseTables() {
  const file = $("base-file").files[0];
  if (!file) return;
  const status = $("base-status");
  try {
    const data = await call("POST", `/api/desk/sessions/${state.session}/base-tables`,
      { ruleset: $("base-ruleset").value, text: await file.text(), filename: file.name.replace(/[^A-Za-z0-9._-]/g, "_") });
    showSession(data);
    status.textContent = `${data.ruleset} now reads ${data.tables.join(", ")} from ${data.file}`;
    status.classList.remove("error");
    if (state.spec) refreshOdds(0);
  } catch (error) {
    status.textContent = error.message;
    status.classList.add("error");
  }
  $("base-file").value = "";
}

// --- start ---------------------------------------------------------------------------------
async function start() {
  await loadRules();  // the seeds' sections and the rulings' ids a citation may link to (never a dead link)
  const data = await call("GET", "/api/procedures");
  state.all = data.procedures;
  for (const ruleset of data.rulesets.filter((r) => r.base_tables.length)) {
    $("base-ruleset").append(el("option", { value: ruleset.id, text: `${ruleset.id} (${ruleset.base_tables.join(", ")})` }));
  }
  showList(state.all, false);
  state.history = JSON.parse(sessionStorage.getItem("desk-history") || "[]");
  showHistory();
  showSession(await ensureSession());
  let timer = null;
  $("q").addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => search($("q").value), 120); });
  $("q").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      const first = $("list").querySelector("button.proc");
      if (first) first.click();
    }
  });
  $("form").addEventListener("input", changed);
  $("form").addEventListener("change", changed);
  $("form").addEventListener("submit", (event) => { event.preventDefault(); roll(); });
  $("roll").addEventListener("click", roll);
  state.dice = tableDice({ el, call, readForm, spec: () => state.spec, session: () => state.session, showRuling,
    remember, problem: (text) => { $("form-error").textContent = text; } });
  $("seed").addEventListener("keydown", (event) => { if (event.key === "Enter") roll(); });
  $("track").addEventListener("click", track);
  $("back").addEventListener("click", () => { $("q").scrollIntoView(); $("q").focus(); });
  $("copy").addEventListener("click", copyHistory);
  $("save").addEventListener("click", saveHistory);
  $("clear").addEventListener("click", () => { state.history = []; sessionStorage.removeItem("desk-history"); showHistory(); });
  $("base-file").addEventListener("change", uploadBaseTables);
  document.body.dataset.ready = "true";
}

start().catch((error) => { $("found").textContent = `The desk could not start: ${error.message}`; });
