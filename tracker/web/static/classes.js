// Several classes side by side: the running scores of the chosen kits on one chart (?kits=NAME, repeated),
// each line its own colour and dash, named in the key with its games and score.
"use strict";

// Dark enough for 3:1 on white; the dashes tell them apart without colour.
const CLASS_COLOURS = ["#1f5fbf", "#b3261e", "#1e7a34", "#6a3fa0", "#8a5a00", "#00707a", "#a0306e", "#3d434a"];

async function showClasses() {
  const chosen = new URLSearchParams(location.search).getAll("kits");
  const error = document.getElementById("classes-error");
  try {
    const [kits, curves] = await Promise.all([
      getJSON("/api/kits"),
      getJSON("/api/curves" + (chosen.length ? "?" + chosen.map((k) => "kits=" + encodeURIComponent(k)).join("&") : "")),
    ]);
    const drawn = new Set(curves.kits.map((k) => k.name));
    document.getElementById("classes-kits").replaceChildren(...kits.map((k) =>
      el("label", {class: "choice"}, el("input", {type: "checkbox", name: "kits", value: k.name,
        ...(drawn.has(k.name) ? {checked: ""} : {})}), " " + k.name + " (" + sayCount("games", k.games) + ")")));
    const series = curves.kits.map((k, index) => ({values: [0, ...k.curve], colour: CLASS_COLOURS[index % CLASS_COLOURS.length],
      label: k.name}));
    const title = say(WORDS.classes_chart, {kits: curves.kits.map((k) => k.name).join(", ")});
    document.getElementById("classes-chart").replaceChildren(chart(series, WORDS.no_games_yet, title));
    document.getElementById("classes-key").replaceChildren(...curves.kits.map((k, index) =>
      keyLine(CLASS_COLOURS[index % CLASS_COLOURS.length], index, say(WORDS.classes_line, {kit: k.name,
        title: k.title, games: sayCount("games", k.games),
        score: (k.curve.length ? k.curve[k.curve.length - 1] : 0)}))));
    document.body.dataset.drawn = curves.kits.length;
  } catch (failure) {
    error.textContent = failure.message;
  }
}

showClasses();
