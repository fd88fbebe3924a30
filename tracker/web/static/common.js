// Shared by the pages: reading the API, drawing boards and boxes, and polling for changes.
"use strict";

const POLL_MS = 1000;  // the page follows a game recorded elsewhere within about a second
const SLOWEST_POLL_MS = 8000;  // a slow or silent server is asked less and less often, down to this

// The pages' words in the server's language (tracker/web/words.py), embedded in the page as JSON.
const WORDS = JSON.parse(document.getElementById("words").textContent);

// A sentence of WORDS with its {name} fields filled in, as Python's str.format fills them.
function say(sentence, fields) {
  return sentence.replace(/\{(\w+)\}/g, (whole, key) => (fields && key in fields ? String(fields[key]) : whole));
}

// A count's sentence: WORDS gives [one, other], the forms English and German have.
function sayCount(key, count) {
  return say(WORDS[key][count === 1 ? 0 : 1], {count});
}

function meta(name) {
  const tag = document.querySelector(`meta[name="${name}"]`);
  return tag ? tag.content : null;
}

function kitPath(name) {
  return "/api/kits/" + encodeURIComponent(name);
}

async function getJSON(path) {
  const response = await fetch(path, {cache: "no-cache"});  // asked again each time: a 304 reuses the copy
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

// An element with attributes and children; text always goes in as text, never as HTML.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key === "style") node.style.cssText = value;  // CSSOM: the page's CSP forbids style attributes
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function percent(chance) {
  return Math.round(chance * 100) + "%";
}

// The moves a click on a cell can make: a move into a cell no other legal move goes into.
function onBoard(legal) {
  const byCell = new Map();
  for (const move of legal) {
    if (move.cell === null) continue;
    byCell.set(move.cell, byCell.has(move.cell) ? null : move);  // two moves into one cell: buttons
  }
  return new Map([...byCell].filter(([, move]) => move));
}

// The real board: a grid of cells (a legal move's cell is a button when onMove is given), or heaps of tokens.
function drawBoard(picture, legal, onMove, ending) {
  if (picture.heaps) {
    return el("div", {class: "heaps"}, picture.heaps.map((n) =>
      el("div", {class: "heap"}, el("span", {class: "tokens"}, "\u25CF".repeat(n)), el("span", {class: "count"}, say(WORDS.left, {count: n})))));
  }
  const byCell = onBoard(legal || []);
  const grid = el("div", {class: "grid", style: `grid-template-columns: repeat(${picture.columns}, 1fr)`});
  picture.marks.forEach((mark, cell) => {
    const move = byCell.get(cell);
    if (move && onMove) {
      grid.append(el("button", {class: "cell open", "data-cell": cell, title: say(WORDS.play_move, {move: move.text}),
        onclick: () => onMove(move.code)}, mark || ""));
    } else {
      const won = ending && ending.line.includes(cell) ? " won" : "";
      const lastMove = ending && ending.last === cell ? " last-move" : "";
      grid.append(el("div", {class: "cell" + (mark ? " mark-" + mark : "") + won + lastMove, "data-cell": cell}, mark || ""));
    }
  });
  return withEdges(picture, grid);
}

function withEdges(picture, grid) {
  if (!picture.row_names.length) return grid;
  // A game whose moves are written by coordinates (Hexapawn's a1-a2) names the board's rows and columns.
  return el("div", {class: "edges"},
    el("div", {class: "rows"}, picture.row_names.map((n) => el("span", {}, n))), grid,
    el("div", {class: "columns"}, picture.column_names.map((n) => el("span", {}, n))));
}

// A box as its label shows it: each bead colour's count on the cell it marks (tinted with the colour);
// with detail, a line per colour with its count and chance. The bead just drawn is outlined.
function drawBox(box, detail) {
  const head = el("div", {class: "box-head"}, say(WORDS.box, {box: box.id}),
    box.move_number ? el("span", {class: "level"}, " " + say(WORDS.box_level, {number: box.move_number})) : null);
  const node = el("div", {class: "box" + (detail ? " detail" : ""), "data-box": box.id}, head);
  if (box.picture.heaps) {
    node.append(el("div", {class: "heap-label"}, say(WORDS.left, {count: box.picture.heaps.join(" + ")})));
  } else {
    const onCell = new Map();
    for (const bead of box.beads) {
      if (bead.cell === null) continue;
      if (!onCell.has(bead.cell)) onCell.set(bead.cell, []);
      onCell.get(bead.cell).push(bead);
    }
    const grid = el("div", {class: "grid small", style: `grid-template-columns: repeat(${box.picture.columns}, 1fr)`});
    box.picture.marks.forEach((mark, cell) => {
      const beads = onCell.get(cell);
      if (!beads) {
        grid.append(el("div", {class: "cell" + (mark ? " mark-" + mark : "")}, mark || ""));
        return;
      }
      const drawn = beads.some((b) => b.drawn);
      grid.append(el("div", {class: "cell beads" + (drawn ? " drawn" : ""), "data-cell": cell,
        style: `--bead: ${beads[0].rgb}`, title: beads.map((b) => `${b.colour} ${b.label}: ${b.count}`).join(", ")},
        beads.map((b) => b.count).join("/")));
    });
    node.append(grid);
  }
  if (detail || box.picture.heaps) {
    const rows = box.beads.map((b) => el("li", {class: b.drawn ? "drawn" : "", "data-code": b.code},
      el("span", {class: "swatch", style: `background: ${b.rgb}`}),
      el("span", {class: "name"}, b.colour), el("span", {class: "label"}, b.label),
      el("span", {class: "count"}, b.count),
      detail ? el("span", {class: "chance"}, box.total ? percent(b.chance) : "-") : null));
    node.append(el("ul", {class: "beads-list"}, rows));
  }
  if (detail) node.append(el("div", {class: "total"}, box.total ? sayCount("beads", box.total) : WORDS.empty));
  return node;
}

// The game in progress (or just finished), the box in use and the bead instructions: both pages show it.
// The last game's final board stays (with its winning line) while there is no game, and on the live page
// (keepLast) until the next game's first move. Its squares are buttons for a game the page plays: by
// default the pupil's (in_browser); the table on a phone says its own (``plays``).
function renderGame(live, onMove, keepLast, plays) {
  const game = live.game;
  const k = live.kit;
  document.getElementById("subtitle").textContent =
    say(WORDS.subtitle, {title: k.title, side: WORDS.sides[k.menace_plays], rules: k.rules, code: k.kit_code});
  const heading = document.getElementById("game-heading");
  const board = document.getElementById("board");
  const line = document.getElementById("game-line");
  const inUse = document.getElementById("box-in-use");
  const instructions = document.getElementById("instructions");
  inUse.replaceChildren();
  instructions.replaceChildren();
  const last = live.last_game;
  const showLast = last && (!game || (keepLast && !game.moves.length));
  document.body.dataset.lastGame = showLast ? last.number : "";
  if (showLast) {
    // A loss with no bead drawn and MENACE resigning: the box of its first move was empty.
    const refused = last.resigned && last.result === "loss" && !last.boxes.length;
    heading.textContent = say(WORDS.game, {number: last.number}) + ": " + (refused ? WORDS.refused : WORDS.results_said[last.result]);
    board.replaceChildren(drawBoard(last.board, null, null, {line: last.line, last: last.last_move_cell}));
    line.textContent = say(WORDS.last_game_line, {moves: last.moves.join(" ") || WORDS.no_moves,
      opponent: opponentWord(last.opponent)}) + (game ? " " + say(WORDS.next_game_started, {number: game.number}) : "");
  } else if (game) {
    heading.textContent = say(WORDS.game, {number: game.number});
    const mine = plays ? plays(game) : game.in_browser;
    board.replaceChildren(drawBoard(game.board, game.legal, mine ? onMove : null));
    const who = game.result ? WORDS.results_said[game.result] : WORDS.turns[game.turn];
    line.textContent = say(WORDS.game_line, {who, moves: game.moves.join(" ") || WORDS.no_moves,
      opponent: opponentWord(game.opponent), draw: WORDS.draws[game.draw] || game.draw});
  } else {
    heading.textContent = WORDS.no_game;
    board.replaceChildren();
    line.textContent = "";
  }
  if (game && game.box && !showLast) inUse.append(drawBoxInUse(game.box));
  if (live.ended) {
    const refused = last && last.number === live.ended.number && last.resigned && last.result === "loss" && !last.boxes.length;
    const result = refused ? WORDS.refused : WORDS.results_said[live.ended.result];
    instructions.append(el("h3", {}, say(WORDS.now_box_by_box, {number: live.ended.number, result})),
      el("ul", {class: "instructions"}, live.ended.instructions.length ?
        live.ended.instructions.map((text) => el("li", {}, text)) : [el("li", {}, WORDS.nothing_to_do)]));
  }
}

// The box in use on the real board: its beads on the squares where the label, laid as the table lays it,
// puts them, each with its count and chance (as they were when the bead was drawn); the label's turn in
// words beside a small picture of the label as printed.
function drawBoxInUse(box) {
  const real = box.on_board;
  const caption = box.played ? say(WORDS.drew_from, {box: box.id, played: box.played}) :
    say(WORDS.open_box, {box: box.id});
  const node = el("div", {class: "in-use", "data-box": box.id});
  node.append(el("h3", {}, caption));
  const row = el("div", {class: "in-use-row"});
  if (real && !real.picture.heaps) {
    row.append(drawBeadsOnBoard(real));
    const turn = real.as_printed ? WORDS.label_as_printed : say(WORDS.label_turns, {turn: real.turn});
    row.append(el("div", {class: "label-side"}, el("p", {class: "turn-words", "data-as-printed": String(real.as_printed)}, turn),
      drawBox(box, false)));
  } else {
    row.append(drawBox(box, true));
  }
  node.append(row);
  const beads = (real || box).beads;
  const total = (real || box).total;
  node.append(el("ul", {class: "beads-list"}, beads.map((b) => el("li", {class: b.drawn ? "drawn" : "", "data-code": b.code},
    el("span", {class: "swatch", style: `background: ${b.rgb}`}),
    el("span", {class: "name"}, b.colour), el("span", {class: "label"}, b.label),
    el("span", {class: "count"}, b.count), el("span", {class: "chance"}, total ? percent(b.chance) : "-")))));
  const drawn = beads.find((b) => b.drawn);
  if (drawn) {
    node.append(el("p", {class: "drawn-said"}, say(WORDS.drawn_chance,
      {colour: drawn.colour, count: drawn.count, total, chance: percent(drawn.chance)})));
  }
  return node;
}

// The real board with the box's beads on their squares: a cell shows its colour, count and chance.
function drawBeadsOnBoard(real) {
  const picture = real.picture;
  const onCell = new Map();
  for (const bead of real.beads) if (bead.cell !== null) onCell.set(bead.cell, bead);
  const grid = el("div", {class: "grid beads-board", style: `grid-template-columns: repeat(${picture.columns}, 1fr)`});
  picture.marks.forEach((mark, cell) => {
    const bead = onCell.get(cell);
    if (!bead) {
      grid.append(el("div", {class: "cell" + (mark ? " mark-" + mark : ""), "data-cell": cell}, mark || ""));
      return;
    }
    grid.append(el("div", {class: "cell beads" + (bead.drawn ? " drawn" : ""), "data-cell": cell, "data-code": bead.code,
      style: `--bead: ${bead.rgb}`, title: `${bead.colour} ${bead.label}`},
      el("span", {class: "bead-count"}, bead.count), el("span", {class: "bead-chance"}, real.total ? percent(bead.chance) : "")));
  });
  return withEdges(picture, grid);
}

// Keeps the keyboard focus on the same control (by its id, data-cell or data-code) across a redraw.
function keepingFocus(redraw) {
  const active = document.activeElement;
  const key = active && active !== document.body ?
    (active.id ? `#${active.id}` : active.dataset.cell !== undefined ? `[data-cell="${active.dataset.cell}"]` :
      active.dataset.code !== undefined ? `button[data-code="${active.dataset.code}"]` :
        active.dataset.box !== undefined ? `button[data-box="${active.dataset.box}"]` : null) : null;
  const area = active && active.closest ? active.closest("[data-focus-area]") : null;
  redraw();
  if (!key || document.body.contains(active)) return;
  const again = document.querySelector(key);
  if (again && again.tabIndex >= 0 && !again.disabled) again.focus();
  else if (area) {  // the square just played is no longer a button: the next move's first control
    const next = document.querySelector(`[data-focus-area="${area.dataset.focusArea}"] button:not(:disabled)`);
    if (next) next.focus();
  }
}

// Whether a run is going on the kit (the live JSON's "run"): its game is not the pages' to end.
function runGoing(run) {
  return Boolean(run && ["running", "paused", "stopping"].includes(run.state));
}

// A person in the server's language; a computer player by its name, as it is typed.
function opponentWord(opponent) {
  return WORDS.opponents[opponent] || opponent;
}

// Calls onChange whenever the kit's change counter moves (and once at the start), looking every
// interval() milliseconds.
// A server that answers slowly (a class of phones, a run at full speed) or not at all is asked less often:
// the wait doubles while an answer takes longer than half of it, up to SLOWEST_POLL_MS, and is back to the
// page's own as soon as answers are quick again.
function follow(name, onChange, interval) {
  const status = document.getElementById("status");
  let seen;
  let backoff = 0;
  async function tick() {
    const started = performance.now();
    const wanted = interval ? interval() : POLL_MS;
    let failed = false;
    try {
      const now = await getJSON(kitPath(name) + "/version");
      if (now.version !== seen) {
        // The version drawn: during a run the live view may be a moment older, and is asked for again.
        seen = (await onChange()) || now.version;
      }
      status.textContent = WORDS.live;
      status.className = "status ok";
    } catch (error) {
      failed = true;
      status.textContent = say(WORDS.not_connected, {error: error.message});
      status.className = "status bad";
    }
    const slow = failed || performance.now() - started > Math.max(wanted, backoff) / 2;
    backoff = slow ? Math.min(SLOWEST_POLL_MS, Math.max(wanted, backoff) * 2) : 0;
    document.body.dataset.pollMs = String(Math.max(wanted, backoff));
    setTimeout(tick, Math.max(wanted, backoff));
  }
  tick();
}

// A new token for this page when the server no longer knows its own (it was restarted): read from the page
// itself, loaded again unseen (null: the page could not be loaded).
async function freshToken() {
  const response = await fetch(location.pathname + location.search, {cache: "no-store"});
  if (!response.ok) return null;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const tag = page.querySelector('meta[name="menace-token"]');
  if (!tag) return null;
  return tag.content;
}
