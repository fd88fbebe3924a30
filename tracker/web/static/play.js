// The play page: a pupil plays the kit's digital MENACE. Each change carries this page's one-time token
// and gets the next one back; one change at a time.
"use strict";

const name = meta("menace-kit");
let token = meta("menace-token");
let busy = false;
let changes = 0;  // counts a change's start and end: a poll whose answer was read across either is stale
let board;  // the version of the kit the board on screen shows: each change says it was made on that board
document.getElementById("live-link").href = "/kits/" + encodeURIComponent(name);
if (document.body.dataset.pupil) {  // a pupil's own MENACE (tracker.web.pupils): the way back to the class
  document.getElementById("live-link").before(el("a", {id: "class-link", href: "/pupils"}, WORDS.pupils_class_link), " ");
}

function showError(text) {
  document.getElementById("error").textContent = text || "";
}

function render(live) {
  keepingFocus(() => draw(live));  // a pupil at the keyboard stays on the move they were on
}

function draw(live) {
  renderGame(live, (code) => send({action: "move", move: code}), false);
  const game = live.game;
  const moves = document.getElementById("moves");
  moves.replaceChildren();
  if (game && game.in_browser && game.legal.length) {
    const clickable = new Set([...onBoard(game.legal).values()]);
    const others = game.legal.filter((m) => !clickable.has(m));
    moves.append(el("span", {class: "prompt"}, others.length ? WORDS.your_move + " " : WORDS.your_move_click),
      ...others.map((m) => el("button", {type: "button", class: "move", "data-code": m.code,
        onclick: () => send({action: "move", move: m.code})}, m.text)));
  } else if (game && !game.in_browser) {
    const draw = WORDS.draws[game.draw] || game.draw;
    const left = game.left_by_run && !runGoing(live.run);
    moves.append(el("span", {class: "prompt"}, left ? say(WORDS.left_by_run, {number: game.number, opponent: opponentWord(game.opponent)}) :
      say(WORDS.at_the_table, {number: game.number, draw, opponent: opponentWord(game.opponent)})));
  }
  const left = Boolean(game && game.left_by_run && !runGoing(live.run));  // a stopped run's game: finish or discard it
  document.getElementById("new").disabled = Boolean(game);
  document.getElementById("undo").disabled = !(game ? game.in_browser : live.ended);
  document.getElementById("discard").disabled = !(game && (game.in_browser || left));
  document.getElementById("finish").hidden = !left;
  board = live.version;
  document.body.dataset.version = live.version || "";
  document.body.dataset.turn = game ? game.turn : "none";
}

async function refresh() {
  const before = changes;
  const live = await getJSON(kitPath(name) + "/live?boxes=0&curves=0");  // the play page draws no wall, no curve
  if (before === changes && !busy) render(live);
  return live.version;
}

async function send(change) {
  if (busy) return;
  if (change.action === "discard" && !confirm(WORDS.discard_sure)) return;
  busy = true;
  changes += 1;
  document.body.classList.add("busy");
  try {
    const path = kitPath(name) + (change.action === "finish" ? "/run" : "/play?boxes=0&curves=0");
    const post = () => fetch(path, {
      method: "POST", headers: {"Content-Type": "application/json", "X-Menace-Token": token},
      body: JSON.stringify({...change, version: board}),
    });
    let response = await post();
    let restarted = false;
    if (response.status === 403) {  // the server was restarted and knows no token of this page's: a new one
      const fresh = await freshToken();
      if (fresh) {
        token = fresh;
        restarted = true;
        response = await post();
      }
    }
    const body = await response.json();
    if (body.token) token = body.token;
    if (response.ok && change.action === "finish") {
      showError("");
      busy = false;
      await refresh();
      return;
    }
    if (!response.ok) {
      showError(body.error || response.statusText);
      busy = false;
      await refresh();  // the board may have changed while the pupil chose: the page draws the new one
      return;
    }
    showError("");
    const said = document.getElementById("said");
    said.replaceChildren(...(restarted ? [el("li", {class: "restarted"}, WORDS.server_restarted)] : []),
      ...body.said.map((line) => el("li", {}, line.trim())));
    render(body.live);
    landFocus(change.action);
  } catch (error) {
    showError(say(WORDS.no_answer, {error: error.message}));
  } finally {
    busy = false;
    changes += 1;  // a poll sent while this change was in flight may have been read before it was made
    document.body.classList.remove("busy");
  }
}

// Where the keyboard's focus goes after a change: a new game's first move (not five Tabs back from the
// page's top); at a game's end, or where the button pressed is now disabled, the next thing to press.
function landFocus(action) {
  const active = document.activeElement;
  const lost = !active || active === document.body || active.disabled;
  if (action !== "new" && !lost) return;
  const next = ["#board button.cell.open", "#moves button.move", "#new:not(:disabled)", "#undo:not(:disabled)"]
    .map((selector) => document.querySelector(selector)).find(Boolean);
  if (next) next.focus();
}

document.getElementById("new").addEventListener("click", () => send({action: "new"}));
document.getElementById("undo").addEventListener("click", () => send({action: "undo"}));
document.getElementById("discard").addEventListener("click", () => send({action: "discard"}));
document.getElementById("finish").addEventListener("click", () => send({action: "finish"}));
follow(name, refresh);
