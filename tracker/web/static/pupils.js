// The class on the big screen: the QR code phones join by, and every pupil's MENACE's running score on one
// chart, with the band of simulated MENACEs (against a stand-in for people) behind them.
"use strict";

// The classes page's colours (dark enough for 3:1 on white), shifted once every eight lines so that with the
// chart's eight dashes 64 pupils' lines differ in colour or dash.
const PUPIL_COLOURS = ["#1f5fbf", "#b3261e", "#1e7a34", "#6a3fa0", "#8a5a00", "#00707a", "#a0306e", "#3d434a"];
const PUPILS_POLL_MS = 2000;
// Past this many pupils the key names the highest scores only: thirty lines of key squeezed the chart to a
// strip at 1280 x 720 (and nobody finds their line among thirty from the back of the room).
const KEY_MOST = 10, KEY_LEADERS = 8;
let shown = "";  // the last answer drawn: the chart is drawn again only when it changes

function colourOf(index) {
  return PUPIL_COLOURS[(index + Math.floor(index / 8)) % PUPIL_COLOURS.length];
}

function bandWords(answer) {
  const band = answer.band;
  if (!answer.kits.length) return [WORDS.pupils_none_yet];
  if (band.state === "working") return [WORDS.typical_working];
  if (band.state === "none") return band.reason ? [say(WORDS.typical_none, {reason: band.reason})] : [];
  if (band.state === "failed") return [say(WORDS.typical_failed, {error: band.error})];
  const swatch = el("span", {class: "band-swatch", "aria-hidden": "true"});
  const novice = band.stand_in.startsWith("novice:") ? " " + WORDS.typical_novice : "";
  return [swatch, " ", say(WORDS.typical_band, {population: band.population.toLocaleString(document.documentElement.lang),
    share: (band.band[1] - band.band[0]) + "%"}), " ", say(WORDS.pupils_stand_in, {stand_in: band.stand_in}) + novice];
}

function keyLines(kits) {
  const lines = kits.map((k, index) => ({k, index, score: k.curve.length ? k.curve[k.curve.length - 1] : 0}));
  const keyed = lines.length > KEY_MOST
    ? [...lines].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, KEY_LEADERS) : lines;
  const items = keyed.map(({k, index, score}) =>
    keyLine(colourOf(index), index, say(WORDS.pupils_line, {kit: k.name, games: sayCount("games", k.games), score})));
  if (keyed.length < lines.length) {
    items.unshift(el("li", {class: "key-more"}, sayCount("pupils_key_more", lines.length - keyed.length)));
  }
  return items;
}

function draw(answer) {
  const error = document.getElementById("pupils-error");
  if (!answer.class) {
    error.textContent = answer.error;
    return;
  }
  error.textContent = "";
  const c = answer.class;
  document.getElementById("subtitle").textContent = say(WORDS.pupils_sub, {title: c.title, side: WORDS.sides[c.menace_plays], rules: c.rules});
  document.getElementById("pupils-count").textContent = sayCount("pupils_joined", answer.kits.length);
  const band = answer.band.state === "ready" ? answer.band : null;
  const series = answer.kits.map((k, index) => ({values: [0, ...k.curve], colour: colourOf(index), label: k.name}));
  const title = sayCount("pupils_chart", answer.kits.length);
  document.getElementById("pupils-chart").replaceChildren(chart(series, answer.kits.length ? WORDS.no_games_yet : WORDS.pupils_none_yet, title, band, [], 0.5));
  document.getElementById("pupils-band").replaceChildren(...bandWords(answer));
  document.getElementById("pupils-key").replaceChildren(...keyLines(answer.kits));
  document.body.dataset.drawn = answer.kits.length;
  document.body.dataset.band = answer.band.state;
}

async function look() {
  const status = document.getElementById("status");
  try {
    const answer = await getJSON("/api/pupils");
    const text = JSON.stringify(answer);
    if (text !== shown) {
      shown = text;
      draw(answer);
    }
    status.textContent = WORDS.live;
    status.className = "status ok";
  } catch (failure) {
    status.textContent = say(WORDS.not_connected, {error: failure.message});
    status.className = "status bad";
  }
  setTimeout(look, PUPILS_POLL_MS);
}

look();
