// The live screen: follows a kit as its games are recorded, here or by `menace play` elsewhere; runs games
// against a computer player by itself (a run), and shows every box on one wall.
"use strict";

const name = meta("menace-kit");
let token = meta("menace-token");
document.getElementById("play-link").href = "/kits/" + encodeURIComponent(name) + "/play";
document.getElementById("wall-link").href = "/kits/" + encodeURIComponent(name) + "/wall";

function renderTotals(live) {
  const t = live.totals;
  const cell = (label, value, kind) => el("div", {class: "total " + kind, "data-total": kind},
    el("span", {class: "number"}, value), el("span", {class: "what"}, label));
  const drawn = "draw" in live.score_rule ? [cell(WORDS.total_drawn, t.draws, "draws")] : [];  // Hexapawn, Nim: none
  document.getElementById("totals").replaceChildren(
    cell(WORDS.total_games, t.games, "games"), cell(WORDS.total_won, t.wins, "wins"),
    ...drawn, cell(WORDS.total_lost, t.losses, "losses"),
    cell(WORDS.total_score, (t.score > 0 ? "+" : "") + t.score, "score"));
  document.getElementById("curve-heading").textContent = say(WORDS.running_score_of, {rule: live.score_rule_said});
  lastLive = live;
  drawCurve();
  const first = live.first_box;
  const heading = say(WORDS.first_box_heading, {box: first.box.id});
  document.getElementById("first-heading").textContent = heading;
  const series = first.box.beads.map((bead) => ({
    label: `${bead.colour} (${bead.label})`, colour: bead.rgb,
    values: [bead.count, ...first.history.map((h) => h[String(bead.code)] || 0)],
  }));
  // The key shows each line's colour and dash, as the chart draws it.
  const key = el("ul", {class: "key"}, first.box.beads.map((b, index) => keyLine(b.rgb, index, `${b.colour} ${b.label}`)));
  document.getElementById("first-box").replaceChildren(chart(series, WORDS.no_games_yet, heading), key);
}

// --- where a typical MENACE would be: the simulator's band behind the running score ----------------------
let lastLive = null;
let typical = null;  // the last answer of /typical
let typicalAsked = false;  // an answer is awaited, or the next look is due
let typicalFor = -1;  // the games played when the answer was given

function drawCurve() {
  const live = lastLive;
  const band = typical && typical.state === "ready" ? typical : null;
  document.getElementById("curve").replaceChildren(
    chart([{values: [0, ...live.curve], colour: "#1f5fbf", label: WORDS.total_score}], WORDS.no_games_yet,
      say(WORDS.running_score_of, {rule: lastLive.score_rule_said}), band, curveMarks(), curveShape()));
  document.getElementById("typical").replaceChildren(...typicalWords(live, band), ...standInWords(typical));
  showStandIn(typical);
  document.body.dataset.typical = typical ? typical.state : "working";  // as the words say until the answer
  // Asked for again when a game has ended since: the opponents so far decide it (the server keeps it).
  if (!typicalAsked && live.curve.length !== typicalFor) askTypical(live.curve.length);
}

function typicalWords(live, band) {
  if (!typical || typical.state === "working") return [WORDS.typical_working];
  if (typical.state === "none") return [say(WORDS.typical_none, {reason: typical.reason})];
  if (typical.state === "failed") return [say(WORDS.typical_failed, {error: typical.error})];
  const games = Math.min(live.curve.length, band.low.length);
  const swatch = el("span", {class: "band-swatch", "aria-hidden": "true"});
  const said = [swatch, " ", say(WORDS.typical_band, {population: band.population.toLocaleString(document.documentElement.lang), share: (band.band[1] - band.band[0]) + "%"}), " ",
    say(WORDS.typical_empty, {chance: percent(band.first_box_empty), games: band.games})];
  if (games > 0) {
    // Whole points, as the score is: "246 to 346", not "245.8 to 346.2" (compared as they are said).
    const score = live.curve[games - 1], low = Math.round(band.low[games - 1]), high = Math.round(band.high[games - 1]);
    const where = score > high ? WORDS.typical_above : score < low ? WORDS.typical_below : WORDS.typical_inside;
    said.push(" ", el("strong", {"data-where": score > high ? "above" : score < low ? "below" : "inside"},
      say(where, {games, score, low, high})));
  }
  return said;
}

// While the server works it out, the page asks once a second (the answer is cached there, per opponents).
async function askTypical(games) {
  typicalAsked = true;
  try {
    typical = await getJSON(kitPath(name) + "/typical");
  } catch (failure) {
    typical = {state: "failed", error: failure.message};
  }
  if (typical.state === "working") {
    setTimeout(() => askTypical(lastLive ? lastLive.curve.length : games), 1000);
  } else {
    typicalFor = games;
    typicalAsked = false;
  }
  keepingFocus(drawCurve);
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

// After Start the focus goes to Pause, after Stop back to Start (once the run has stopped): a button that
// is disabled under the keyboard's focus would leave it on the page, five Tabs from where the teacher was.
let runFocus = null;  // the control the last click in the run's form hands the focus to

function renderRun(now) {
  run = now;
  if (lastLive) renderBanners(lastLive, now);
  renderRunControls();
  handRunFocus();
}

function handRunFocus() {
  if (!runFocus) return;
  const active = document.activeElement;
  if (active && active !== document.body && !active.disabled) {
    if (!active.closest("#run")) runFocus = null;  // the teacher has moved on
    return;
  }
  const wanted = document.getElementById(runFocus);
  const next = !wanted.disabled ? wanted : document.querySelector("#run .actions button:not(:disabled):not([hidden])");
  if (next) {  // none while the run is stopping: the next answer hands it on
    next.focus();
    runFocus = null;
  }
}

function renderRunControls() {
  const active = Boolean(run && ["running", "paused", "stopping"].includes(run.state));
  document.body.dataset.run = run ? run.state : "none";
  document.getElementById("run-start").disabled = active;
  document.getElementById("run-opponent").disabled = active;
  document.getElementById("run-games").disabled = active;
  const pause = document.getElementById("run-pause");
  pause.disabled = !active || run.state === "stopping";
  pause.textContent = run && run.state === "paused" ? WORDS.run_resume : WORDS.run_pause;
  document.getElementById("run-stop").disabled = !active || run.state === "stopping";
  const left = Boolean(!active && lastLive && lastLive.game && lastLive.game.left_by_run);  // a stopped run's game
  document.getElementById("run-finish").hidden = !left;
  document.getElementById("run-discard").hidden = !left;
  const slider = document.getElementById("run-speed");
  if (run && !runPending && document.activeElement !== slider && SPEEDS.includes(run.speed)) {
    slider.value = String(SPEEDS.indexOf(run.speed));  // the speed the run goes at, once no change is on its way
    showSpeed();
  }
  const forms = run ? WORDS.run_states[run.state] : null;
  const count = run && ["finished", "refused", "failed"].includes(run.state) ? run.played : run ? run.games : 0;
  document.getElementById("run-said").textContent = run ? say(!forms ? run.state : Array.isArray(forms) ? forms[count === 1 ? 0 : 1] : forms,
    {played: run.played, count, opponent: run.opponent, speed: speedSaid(run.speed)}) +
    (run.error ? " " + run.error : "") : "";
}

// The run's changes go one at a time, in the order they were made, each with the token the one before got
// back: two changes sent at once spent one token twice, and the second was refused.
let runQueue = Promise.resolve();
let runPending = 0;

function sendRun(change, path) {
  runPending += 1;
  runQueue = runQueue.then(() => postRun(change, path)).finally(() => {
    runPending -= 1;
    if (!runPending && run) renderRunControls();  // the slider shows the speed the server took
  });
  return runQueue;
}

async function postRun(change, path) {
  const error = document.getElementById("run-error");
  try {
    const post = () => fetch(kitPath(name) + (path || "/run"), {
      method: "POST", headers: {"Content-Type": "application/json", "X-Menace-Token": token},
      body: JSON.stringify(change),
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
    error.textContent = response.ok ? (restarted ? WORDS.server_restarted : "") : body.error || response.statusText;
    if (response.ok && body.run !== undefined) renderRun(body.run);
    if (response.ok && body.live) await refresh();
  } catch (failure) {
    error.textContent = say(WORDS.no_answer, {error: failure.message});
  }
}

document.getElementById("run").addEventListener("submit", (event) => {
  event.preventDefault();
  runFocus = "run-pause";
  sendRun({action: "start", opponent: document.getElementById("run-opponent").value.trim(),
    games: Number(document.getElementById("run-games").value), speed: SPEEDS[Number(document.getElementById("run-speed").value)]});
});
document.getElementById("run-pause").addEventListener("click", () =>
  sendRun({action: run && run.state === "paused" ? "resume" : "pause"}));
document.getElementById("run-stop").addEventListener("click", () => {
  runFocus = "run-start";
  sendRun({action: "stop"});
});
// A drag sends one change, once the slider has rested for SPEED_REST_MS: the last speed chosen.
const SPEED_REST_MS = 250;
let speedTimer = null;
document.getElementById("run-speed").addEventListener("input", () => {
  showSpeed();
  clearTimeout(speedTimer);
  runPending += 1;  // the slider is the teacher's until the change is sent and answered
  speedTimer = setTimeout(() => {
    runPending -= 1;
    const speed = SPEEDS[Number(document.getElementById("run-speed").value)];
    if (run && ["running", "paused"].includes(run.state) && speed !== run.speed) {  // chosen before Start: taken
      sendRun({action: "speed", speed});
    }
  }, SPEED_REST_MS);
});
document.getElementById("run-finish").addEventListener("click", () => {
  runFocus = "run-pause";
  sendRun({action: "finish"});
});
document.getElementById("run-discard").addEventListener("click", () => {
  if (confirm(WORDS.discard_sure)) sendRun({action: "discard", version: lastLive ? lastLive.version : null}, "/play");
});
showSpeed();

// The curves so far: each poll asks only for the games after them (and the last few again: undo may reopen
// the last game), and the server's "since" says where its part begins (0: all of it, drawn afresh).
const CURVE_OVERLAP = 2;
let curveKept = null;

function withKeptCurves(live) {
  if (live.since && curveKept && curveKept.curve.length >= live.since) {
    live.curve = curveKept.curve.slice(0, live.since).concat(live.curve);
    live.first_box.history = curveKept.history.slice(0, live.history_since).concat(live.first_box.history);
  }
  curveKept = {curve: live.curve, history: live.first_box.history};
  return live;
}

async function refresh() {
  const since = curveKept ? Math.max(0, curveKept.curve.length - CURVE_OVERLAP) : 0;
  const live = withKeptCurves(await getJSON(kitPath(name) + "/live" + (since ? "?since=" + since : "")));
  await readScreen();  // its banners and curve marks, for the same version or a newer one
  keepingFocus(() => {
    renderGame(live, null, true);
    renderTotals(live);
    setWall(live);
  });
  renderRun(live.run);  // and the banners
  document.body.dataset.version = live.version || "";
  return live.version;
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
