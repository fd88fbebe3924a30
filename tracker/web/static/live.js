// The live screen: follows a kit as its games are recorded, here or by `menace play` elsewhere.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const name = meta("menace-kit");
document.getElementById("play-link").href = "/kits/" + encodeURIComponent(name) + "/play";

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

// Lines over games 0..n: each series {values, colour, label}; 0 is the start, before any game.
function chart(series, emptyText) {
  const width = 600, height = 220, pad = 34;
  const all = series.flatMap((s) => s.values);
  const games = Math.max(1, ...series.map((s) => s.values.length - 1));
  if (all.length <= series.length) return el("p", {class: "empty"}, emptyText);
  const low = Math.min(0, ...all), high = Math.max(1, ...all);
  const x = (i) => pad + (i / games) * (width - 2 * pad);
  const y = (v) => height - pad - ((v - low) / (high - low)) * (height - 2 * pad);
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img"});
  root.append(svg("line", {x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "axis"}));
  for (const [value, anchor] of [[high, y(high)], [low, y(low)]]) {
    const label = svg("text", {x: pad - 6, y: anchor + 5, "text-anchor": "end", class: "tick"});
    label.textContent = value;
    root.append(label);
  }
  const end = svg("text", {x: width - pad, y: height - 8, "text-anchor": "end", class: "tick"});
  end.textContent = say(WORDS.chart_end, {number: games});
  root.append(end);
  for (const s of series) {
    const points = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const line = svg("polyline", {points, fill: "none", stroke: s.colour, "stroke-width": 4, class: "series"});
    const title = svg("title", {});
    title.textContent = `${s.label}: ${s.values[s.values.length - 1]}`;
    line.append(title);
    root.append(line);
  }
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
    chart([{values: [0, ...live.curve], colour: "#1f5fbf", label: WORDS.total_score}], WORDS.no_games_yet));
  const first = live.first_box;
  document.getElementById("first-heading").textContent = say(WORDS.first_box_heading, {box: first.box.id});
  const series = first.box.beads.map((bead) => ({
    label: `${bead.colour} (${bead.label})`, colour: bead.rgb,
    values: [bead.count, ...first.history.map((h) => h[String(bead.code)] || 0)],
  }));
  const key = el("ul", {class: "key"}, first.box.beads.map((b) => el("li", {},
    el("span", {class: "swatch", style: `background: ${b.rgb}`}), `${b.colour} ${b.label}`)));
  document.getElementById("first-box").replaceChildren(chart(series, WORDS.no_games_yet), key);
}

let allBoxes = [];

function renderBoxes() {
  const wanted = document.getElementById("search").value.trim().toUpperCase();
  const shown = allBoxes.filter((b) => !wanted || String(b.id) === wanted || b.position.toUpperCase().includes(wanted));
  const levels = new Map();
  for (const box of shown) {
    if (!levels.has(box.move_number)) levels.set(box.move_number, []);
    levels.get(box.move_number).push(box);
  }
  const groups = [...levels.entries()].map(([level, boxes]) => el("div", {class: "level-group"},
    el("h3", {}, `${level === null ? WORDS.every_position : say(WORDS.level, {level})}: ${sayCount("boxes", boxes.length)}`),
    el("div", {class: "box-grid"}, boxes.map((box) => drawBox(box, false)))));
  document.getElementById("boxes").replaceChildren(...(groups.length ? groups : [el("p", {class: "empty"}, WORDS.no_box_matches)]));
}

async function refresh() {
  const live = await getJSON(kitPath(name) + "/live");
  renderGame(live, null);
  renderTotals(live);
  allBoxes = live.boxes;
  renderBoxes();
  document.body.dataset.version = live.version || "";
}

document.getElementById("search").addEventListener("input", renderBoxes);
follow(name, refresh);
