// The live screen: follows a kit as its games are recorded, here or by `menace play` elsewhere; runs games
// against a computer player by itself (a run), and shows every box on one wall.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const name = meta("menace-kit");
let token = meta("menace-token");
document.getElementById("play-link").href = "/kits/" + encodeURIComponent(name) + "/play";
document.getElementById("wall-link").href = "/kits/" + encodeURIComponent(name) + "/wall";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function text(x, y, words, attrs) {
  const node = svg("text", {x, y, class: "tick", ...attrs});
  node.textContent = words;
  return node;
}

// Round steps for an axis from low to high: about `count` of them, at 1, 2 or 5 times a power of ten.
function ticks(low, high, count) {
  const raw = (high - low) / count;
  const power = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || power;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

const DASHES = ["", "10 6", "3 5", "14 5 3 5", "2 3", "18 6"];  // lines told apart by more than colour

// Lines over games 0..n: each series {values, colour, label}; 0 is the start, before any game. The chart
// has a name for screen readers, axes with ticks, and each line its own dash pattern and a dark edge.
function chart(series, emptyText, title) {
  const width = 640, height = 270, left = 70, right = 20, top = 14, bottom = 58;
  const all = series.flatMap((s) => s.values);
  const games = Math.max(1, ...series.map((s) => s.values.length - 1));
  if (all.length <= series.length) return el("p", {class: "empty"}, emptyText);
  const low = Math.min(0, ...all), high = Math.max(1, ...all);
  const x = (i) => left + (i / games) * (width - left - right);
  const y = (v) => height - bottom - ((v - low) / (high - low)) * (height - top - bottom);
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title});
  const label = svg("title", {});
  label.textContent = title;
  root.append(label);
  for (const v of ticks(low, high, 4)) {
    root.append(svg("line", {x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid-line"}));
    root.append(text(left - 10, y(v) + 9, v, {"text-anchor": "end"}));
  }
  for (const g of ticks(0, games, 5)) {
    root.append(svg("line", {x1: x(g), x2: x(g), y1: height - bottom, y2: height - bottom + 6, class: "axis"}));
    root.append(text(x(g), height - bottom + 32, g, {"text-anchor": "middle"}));
  }
  root.append(svg("line", {x1: left, x2: left, y1: top, y2: height - bottom, class: "axis"}));
  root.append(text(width - right, height - 2, WORDS.chart_games, {"text-anchor": "end", class: "tick axis-name"}));
  series.forEach((s, index) => {
    const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    root.append(svg("polyline", {points, fill: "none", stroke: "#1b1f24", "stroke-width": 7, class: "series-edge"}));
    const line = svg("polyline", {points, fill: "none", stroke: s.colour, "stroke-width": 4, class: "series",
      "stroke-dasharray": DASHES[index % DASHES.length]});
    const title = svg("title", {});
    title.textContent = `${s.label}: ${s.values[s.values.length - 1]}`;
    line.append(title);
    root.append(line);
  });
  return root;
}

function renderTotals(live) {
  const t = live.totals;
  const cell = (label, value, kind) => el("div", {class: "total " + kind, "data-total": kind},
    el("span", {class: "number"}, value), el("span", {class: "what"}, label));
  document.getElementById("totals").replaceChildren(
    cell(WORDS.total_games, t.games, "games"), cell(WORDS.total_won, t.wins, "wins"),
    cell(WORDS.total_drawn, t.draws, "draws"), cell(WORDS.total_lost, t.losses, "losses"),
    cell(WORDS.total_score, (t.score > 0 ? "+" : "") + t.score, "score"));
  document.getElementById("curve").replaceChildren(
    chart([{values: [0, ...live.curve], colour: "#1f5fbf", label: WORDS.total_score}], WORDS.no_games_yet,
      WORDS.running_score));
  const first = live.first_box;
  const heading = say(WORDS.first_box_heading, {box: first.box.id});
  document.getElementById("first-heading").textContent = heading;
  const series = first.box.beads.map((bead) => ({
    label: `${bead.colour} (${bead.label})`, colour: bead.rgb,
    values: [bead.count, ...first.history.map((h) => h[String(bead.code)] || 0)],
  }));
  // The key shows each line's colour and dash, as the chart draws it.
  const key = el("ul", {class: "key"}, first.box.beads.map((b, index) => {
    const sample = svg("svg", {width: 40, height: 14, "aria-hidden": "true"});
    sample.append(svg("line", {x1: 0, x2: 40, y1: 7, y2: 7, stroke: "#1b1f24", "stroke-width": 7}),
      svg("line", {x1: 0, x2: 40, y1: 7, y2: 7, stroke: b.rgb, "stroke-width": 4,
        "stroke-dasharray": DASHES[index % DASHES.length]}));
    return el("li", {}, sample, `${b.colour} ${b.label}`);
  }));
  document.getElementById("first-box").replaceChildren(chart(series, WORDS.no_games_yet, heading), key);
}

// --- the run: MENACE against a computer player, paced, from this page -------------------------------------
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 0];  // moves a second; 0: as fast as the store takes
const RUN_POLL_MS = 200;
let run = null;

function speedSaid(speed) {
  return speed === 0 ? WORDS.run_fastest : sayCount("run_moves_second", speed);
}

function showSpeed() {
  document.getElementById("run-speed-said").textContent = speedSaid(SPEEDS[Number(document.getElementById("run-speed").value)]);
}

function renderRun(now) {
  run = now;
  const active = Boolean(run && ["running", "paused", "stopping"].includes(run.state));
  document.body.dataset.run = run ? run.state : "none";
  document.getElementById("run-start").disabled = active;
  document.getElementById("run-opponent").disabled = active;
  document.getElementById("run-games").disabled = active;
  const pause = document.getElementById("run-pause");
  pause.disabled = !active || run.state === "stopping";
  pause.textContent = run && run.state === "paused" ? WORDS.run_resume : WORDS.run_pause;
  document.getElementById("run-stop").disabled = !active || run.state === "stopping";
  document.getElementById("run-said").textContent = run ? say(WORDS.run_states[run.state] || run.state,
    {played: run.played, games: run.games, opponent: run.opponent, speed: speedSaid(run.speed)}) +
    (run.error ? " " + run.error : "") : "";
}

async function sendRun(change) {
  const error = document.getElementById("run-error");
  try {
    const response = await fetch(kitPath(name) + "/run", {
      method: "POST", headers: {"Content-Type": "application/json", "X-Menace-Token": token},
      body: JSON.stringify(change),
    });
    const body = await response.json();
    if (body.token) token = body.token;
    error.textContent = response.ok ? "" : body.error || response.statusText;
    if (response.ok) renderRun(body.run);
  } catch (failure) {
    error.textContent = say(WORDS.no_answer, {error: failure.message});
  }
}

document.getElementById("run").addEventListener("submit", (event) => {
  event.preventDefault();
  sendRun({action: "start", opponent: document.getElementById("run-opponent").value.trim(),
    games: Number(document.getElementById("run-games").value), speed: SPEEDS[Number(document.getElementById("run-speed").value)]});
});
document.getElementById("run-pause").addEventListener("click", () =>
  sendRun({action: run && run.state === "paused" ? "resume" : "pause"}));
document.getElementById("run-stop").addEventListener("click", () => sendRun({action: "stop"}));
document.getElementById("run-speed").addEventListener("input", () => {
  showSpeed();
  if (run && ["running", "paused"].includes(run.state)) {
    sendRun({action: "speed", speed: SPEEDS[Number(document.getElementById("run-speed").value)]});
  }
});
showSpeed();

async function refresh() {
  const live = await getJSON(kitPath(name) + "/live");
  keepingFocus(() => {
    renderGame(live, null, true);
    renderTotals(live);
    setWall(live);
  });
  renderRun(live.run);
  document.body.dataset.version = live.version || "";
}

// The run's state changes without a new event (paused, stopped): read it with each poll while one is on.
async function pollRun() {
  if (run && ["running", "paused", "stopping"].includes(run.state)) {
    try { renderRun((await getJSON(kitPath(name) + "/run")).run); } catch (failure) { /* the poll says it */ }
  }
  setTimeout(pollRun, POLL_MS);
}

// During a run the page looks five times a second, so a move a second shows each move and each draw.
follow(name, refresh, () => (run && run.state === "running" ? RUN_POLL_MS : POLL_MS));
pollRun();
