// Charts of running scores and bead counts over games, shared by the live page and the classes page.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
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

// Round steps for an axis from low to high: about `count` of them, at 1, 2 or 5 times a power of ten;
// `whole` keeps them whole numbers (games: after one game the axis says 0 and 1, not 0.2, 0.4, ...).
function ticks(low, high, count, whole = false) {
  const raw = (high - low) / count;
  const power = Math.pow(10, Math.floor(Math.log10(raw || 1)));
  const round = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || power;
  const step = whole ? Math.max(1, round) : round;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
  return out;
}

const DASHES = ["", "10 6", "3 5", "14 5 3 5", "2 3", "18 6", "8 3 2 3 2 3", "1 6"];  // lines told apart by more than colour

// Lines over games 0..n: each series {values, colour, label}; 0 is the start, before any game. The chart
// has a name for screen readers, axes with ticks, and each line its own dash pattern and a dark edge.
// `band` ({low, high}: values after game 1, 2, ...) is shaded behind the lines, as far as they go; each of
// `marks` ({at: a game, label, kind}) is a dashed line across the chart at that game with its label on top.
// `shape` (height / width) fits the chart to a box of that shape; 290 / 640 unless given.
function chart(series, emptyText, title, band, marks, shape) {
  const width = 640, height = Math.round(640 * Math.min(1, Math.max(0.3, shape || 290 / 640)));
  const left = 70, right = 20, top = 14, bottom = 78;
  const all = series.flatMap((s) => s.values);
  const games = Math.max(1, ...series.map((s) => s.values.length - 1));
  if (all.length <= series.length) return el("p", {class: "empty"}, emptyText);
  const shaded = band ? Math.min(games, band.low.length) : 0;
  const edges = band ? [...band.low.slice(0, shaded), ...band.high.slice(0, shaded)] : [];
  const low = Math.min(0, ...all, ...edges), high = Math.max(1, ...all, ...edges);
  const x = (i) => left + (i / games) * (width - left - right);
  const y = (v) => height - bottom - ((v - low) / (high - low)) * (height - top - bottom);
  const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title});
  const label = svg("title", {});
  label.textContent = title;
  root.append(label);
  if (shaded) {
    const upper = [0, ...band.high.slice(0, shaded)].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    const lower = [0, ...band.low.slice(0, shaded)].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    root.append(svg("polygon", {points: [...upper, ...lower.reverse()].join(" "), class: "band"}));
  }
  for (const v of ticks(low, high, 4, true)) {  // scores and bead counts are whole: no 0.5
    root.append(svg("line", {x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "axis" : "grid-line"}));
    root.append(text(left - 10, y(v) + 9, v, {"text-anchor": "end"}));
  }
  for (const g of ticks(0, games, 5, true)) {
    root.append(svg("line", {x1: x(g), x2: x(g), y1: height - bottom, y2: height - bottom + 6, class: "axis"}));
    root.append(text(x(g), height - bottom + 32, g, {"text-anchor": "middle"}));
  }
  root.append(svg("line", {x1: left, x2: left, y1: top, y2: height - bottom, class: "axis"}));
  // Below the ticks, with room for its letters' descenders ("games" has a g).
  root.append(text((left + width - right) / 2, height - 10, WORDS.chart_games, {"text-anchor": "middle", class: "tick axis-name"}));
  const rows = [];  // where each row of labels ends, from the top of the chart down
  for (const mark of (marks || []).filter((m) => m.at >= 0 && m.at <= games).sort((a, b) => a.at - b.at)) {
    const group = svg("g", {class: "mark " + mark.kind, "data-mark": mark.kind, "data-at": mark.at});
    if (mark.at > 0) group.append(svg("line", {x1: x(mark.at), x2: x(mark.at), y1: top, y2: height - bottom}));
    // Its label beside the line's top, to its left near the right edge, a row lower where another is in the way.
    const wide = mark.label.length * 11 + 8;  // about 0.55 em a letter at 20 px
    const start = x(mark.at) + wide + 6 > width - right ? x(mark.at) - 6 - wide : x(mark.at) + 6;
    let row = rows.findIndex((end) => start > end);
    if (row < 0) row = rows.push(0) - 1;
    rows[row] = start + wide;
    group.append(text(start, top + 20 + row * 24, mark.label, {class: "mark-label"}));
    root.append(group);
  }
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

// A key entry: a short stretch of the line as the chart draws it (colour, dash, dark edge), and its name.
function keyLine(colour, index, words) {
  const sample = svg("svg", {width: 40, height: 14, "aria-hidden": "true"});
  sample.append(svg("line", {x1: 0, x2: 40, y1: 7, y2: 7, stroke: "#1b1f24", "stroke-width": 7}),
    svg("line", {x1: 0, x2: 40, y1: 7, y2: 7, stroke: colour, "stroke-width": 4,
      "stroke-dasharray": DASHES[index % DASHES.length]}));
  return el("li", {}, sample, words);
}
