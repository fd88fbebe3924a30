// The table on a phone: the person at a group's matchboxes records a physical game. The page names the box
// to open and how its label lies on the real board; the person taps the colour of the bead drawn (or "the
// box is empty"), then the opponent's move; at the end, the bead changes as a checklist. Each change carries
// this page's one-time token and gets the next one back; everything shown comes from the live JSON, so a
// reload or a dropped connection picks up where the game is.
"use strict";

const name = meta("menace-kit");
let token = meta("menace-token");
let busy = false;
let changes = 0;  // a poll read across a change's start or end is stale
let board;  // the version of the kit the page shows: each change says it was made on that board
let held = false;
let drifted = false;  // the box was said to be empty but the tracker counts beads in it: its recount is opened

function showError(text) {
  document.getElementById("error").textContent = text || "";
}

function draw(live) {
  renderGame(live, (code) => send({action: "move", move: code}), false, (game) => game.at_table && !held);
  const game = live.game;
  const mine = Boolean(game && game.at_table);
  const step = document.getElementById("step");
  step.replaceChildren();
  const opening = Boolean(mine && game.turn === "menace");  // the box's beads on the real board show the board
  document.getElementById("box-in-use").hidden = opening;
  document.getElementById("board").hidden = opening;
  if (mine && game.turn === "menace") step.append(boxToOpen(game.box));
  else if (mine && game.turn === "opponent") step.append(opponentMove(game));
  else if (game && !game.at_table) {
    step.append(el("p", {class: "prompt"}, say(WORDS.table_other_game, {number: game.number,
      draw: WORDS.draws[game.draw] || game.draw, opponent: opponentWord(game.opponent)})));
  }
  checklist(live);
  const undo = document.getElementById("undo");
  undo.textContent = !game && live.ended ? say(WORDS.table_reopen, {number: live.ended.number}) : WORDS.table_take_back;
  document.getElementById("new").disabled = held || Boolean(game);
  undo.disabled = held || !(game ? mine && game.moves.length : live.ended);
  document.getElementById("discard").disabled = held || !mine;
  document.querySelectorAll("#step button").forEach((b) => { b.disabled = b.disabled || held; });
  board = live.version;
  document.body.dataset.version = live.version || "";
  document.body.dataset.turn = game ? game.turn : "none";
}

// The box to open: its number and MENACE's move, its beads on the real board where its label lies (drawn
// by common.js), the label's turn in words, and a button per bead colour with its count.
function boxToOpen(box) {
  const node = el("div", {class: "open-box", "data-box": box.id});
  node.append(el("p", {class: "open-now"}, say(WORDS.table_open, {box: box.id}),
    box.move_number ? el("span", {class: "level"}, " (" + say(WORDS.table_level, {number: box.move_number}) + ")") : null));
  node.append(drawBoxInUse(box));
  node.append(el("p", {class: "prompt"}, WORDS.table_draw));
  const beads = (box.on_board || box).beads;
  node.append(el("div", {class: "bead-buttons"}, beads.map((b) => el("button", {type: "button", class: "bead-button",
    "data-colour": b.colour, "data-count": b.count, onclick: () => send({action: "draw", colour: b.colour})},
  el("span", {class: "swatch big", style: `background: ${b.rgb}`}),
  el("span", {}, say(WORDS.table_bead[b.count === 1 ? 0 : 1], {colour: b.colour, count: b.count}) +
    (b.label ? " \u2192 " + b.label : ""))))));
  node.append(el("button", {type: "button", id: "empty", class: "empty-box", onclick: () => {
    if (confirm(WORDS.table_empty_sure)) send({action: "draw", colour: "empty"});
  }}, WORDS.table_empty));
  node.append(recount(beads));
  return node;
}

// The box as it really is, when the tracker's count has drifted from it: a count per colour, saved as
// `menace census` saves it (a box said to be empty that the tracker counts beads in asks for this).
function recount(beads) {
  const inputs = beads.map((b) => el("input", {type: "number", min: 0, max: 9999, step: 1, inputmode: "numeric",
    value: b.count, id: `recount-${b.colour}`, "data-colour": b.colour}));
  const form = el("form", {class: "recount-form", onsubmit: (event) => {
    event.preventDefault();
    send({action: "census", counts: Object.fromEntries(inputs.map((i) => [i.dataset.colour, Number(i.value)]))});
  }}, el("p", {}, WORDS.table_recount_help),
  beads.map((b, index) => el("label", {for: inputs[index].id},
    el("span", {class: "swatch", style: `background: ${b.rgb}`}), el("span", {}, b.colour), inputs[index])),
  el("button", {type: "submit", id: "recount-save"}, WORDS.table_recount_save));
  return el("details", {id: "recount", class: "recount", ...(drifted ? {open: ""} : {})},
    el("summary", {}, WORDS.table_recount), form);
}

// The opponent's move: a square of the board above is a button (common.js); a move no square names alone
// (Hexapawn's captures beside a step, Nim's takes) is a button here.
function opponentMove(game) {
  const node = el("div", {class: "opponent-move"});
  const box = game.box;
  if (box && box.played) {
    const drawn = (box.on_board || box).beads.find((b) => b.drawn);
    node.append(el("p", {class: "played"}, say(WORDS.table_played,
      {colour: drawn ? drawn.colour : "", box: box.id, played: box.played})));
  }
  node.append(el("p", {class: "prompt"}, WORDS.table_opponent));
  const clickable = new Set([...onBoard(game.legal).values()]);
  const others = game.legal.filter((m) => !clickable.has(m));
  if (others.length) {
    node.append(el("div", {class: "moves"}, el("span", {class: "prompt"}, WORDS.table_opponent_buttons + " "),
      others.map((m) => el("button", {type: "button", class: "move", "data-code": m.code,
        onclick: () => send({action: "move", move: m.code})}, m.text))));
  }
  return node;
}

// The game just finished: every bead change with a box to tick (kept per game while the page is open).
function checklist(live) {
  const instructions = document.getElementById("instructions");
  if (!live.ended) return;
  const key = `menace-table:${name}:${live.ended.number}`;
  const ticked = new Set(JSON.parse(sessionStorage.getItem(key) || "[]"));
  const refused = live.last_game && live.last_game.resigned && live.last_game.result === "loss" && !live.last_game.boxes.length;
  const result = refused ? WORDS.refused : WORDS.results_said[live.ended.result];
  const items = live.ended.instructions.length ? live.ended.instructions : [WORDS.nothing_to_do];
  const list = el("ul", {class: "checklist"}, items.map((text, index) => {
    const box = el("input", {type: "checkbox", id: `change-${index}`, ...(ticked.has(index) ? {checked: ""} : {}),
      onchange: (event) => {
        if (event.target.checked) ticked.add(index); else ticked.delete(index);
        sessionStorage.setItem(key, JSON.stringify([...ticked]));
        done.hidden = ticked.size < items.length;
      }});
    return el("li", {}, box, el("label", {for: `change-${index}`}, text));
  }));
  const done = el("p", {class: "all-done"}, WORDS.table_all_done);
  done.hidden = ticked.size < items.length;
  instructions.replaceChildren(el("h3", {}, say(WORDS.table_checklist, {number: live.ended.number, result})), list, done);
}

// The kit as it is now, drawn unless the page shows that version already (the poll that follows a change of
// this page's own would draw it again, and wipe counts half typed into the recount), or ``always``.
async function refresh(always = false) {
  const before = changes;
  const live = await getJSON(kitPath(name) + "/live");
  if (before === changes && !busy && (always || live.version !== board)) keepingFocus(() => draw(live));
}

// Whether another program (a `menace play` window, a run) holds the kit: said at the top, taps stopped.
async function checkHeld() {
  try {
    const now = (await getJSON(kitPath(name) + "/held")).held;
    if (now !== held) {
      held = now;
      document.getElementById("held").hidden = !held;
      document.body.dataset.held = String(held);
      await refresh(true);
    }
  } catch (error) { /* the status line says the connection is down */ }
  setTimeout(checkHeld, 2 * POLL_MS);
}

async function send(change) {
  if (busy) return;
  if (change.action === "discard" && !confirm(WORDS.discard_sure)) return;
  busy = true;
  changes += 1;
  document.body.classList.add("busy");
  try {
    const response = await fetch(kitPath(name) + "/play", {
      method: "POST", headers: {"Content-Type": "application/json", "X-Menace-Token": token},
      body: JSON.stringify(Object.assign(change, {version: board})),
    });
    const body = await response.json();
    if (body.token) token = body.token;
    if (!response.ok) {
      drifted = Boolean(body.recount);
      showError(body.error || response.statusText);
      busy = false;
      await refresh(true);
      return;
    }
    showError("");
    drifted = change.action === "draw" && change.colour === "empty" && body.live.version === change.version;
    document.getElementById("said").replaceChildren(...body.said.map((line) => el("li", {}, line.trim())));
    keepingFocus(() => draw(body.live));
    window.scrollTo(0, 0);
  } catch (error) {
    showError(say(WORDS.no_answer, {error: error.message}));
  } finally {
    busy = false;
    changes += 1;
    document.body.classList.remove("busy");
  }
}

document.getElementById("new").addEventListener("click", () => send({action: "new", draw: "physical"}));
document.getElementById("undo").addEventListener("click", () => send({action: "undo"}));
document.getElementById("discard").addEventListener("click", () => send({action: "discard"}));
follow(name, refresh);
checkHeld();
