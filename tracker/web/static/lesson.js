// The class page for a lesson: every group's kit side by side, each with the QR code of its table page (for
// the phone at the group's matchboxes) and its running score, followed live.
"use strict";

const LESSON_COLOURS = ["#1f5fbf", "#b3261e", "#1e7a34", "#6a3fa0", "#8a5a00", "#00707a", "#a0306e", "#3d434a"];
let shown = "";

function group(kit, index) {
  const colour = LESSON_COLOURS[index % LESSON_COLOURS.length];
  const score = kit.curve.length ? kit.curve[kit.curve.length - 1] : 0;
  const label = say(WORDS.lesson_group, {kit: kit.name, games: sayCount("games", kit.games), score});
  const series = [{values: [0, ...kit.curve], colour, label: kit.name}];
  const table = "/kits/" + encodeURIComponent(kit.name) + "/table";
  return el("section", {class: "panel group", "data-kit": kit.name, "data-games": kit.games, "data-score": score},
    el("h2", {}, el("a", {href: table}, kit.name)),
    el("div", {class: "group-row"},
      el("figure", {class: "join"}, el("img", {src: kit.table.join_png, alt: say(WORDS.lesson_table, {kit: kit.name}),
        width: 160, height: 160}),
      el("figcaption", {}, el("a", {class: "join-address", href: kit.table.join}, kit.table.join))),
      el("div", {class: "group-chart chart"}, chart(series, WORDS.no_games_yet, label, null, null, 0.45))),
    el("ul", {class: "key"}, keyLine(colour, index, label)));
}

// Columns and rows for a projector's wide screen, so that every group is on it at once: as near square as
// the screen's shape allows (a phone stacks them in one column; see style.css).
function gridFor(count) {
  const columns = Math.max(1, Math.min(count, Math.round(Math.sqrt(count * 1.6))));
  return [columns, Math.max(1, Math.ceil(count / columns))];
}

async function showLesson() {
  const chosen = new URLSearchParams(location.search).getAll("kits");
  const status = document.getElementById("status");
  try {
    const lesson = await getJSON("/api/lesson" + (chosen.length ? "?" + chosen.map((k) => "kits=" + encodeURIComponent(k)).join("&") : ""));
    const now = JSON.stringify(lesson);
    if (now !== shown) {
      shown = now;
      const groups = document.getElementById("groups");
      groups.replaceChildren(...(lesson.kits.length ? lesson.kits.map(group) : [el("p", {}, WORDS.lesson_none)]));
      groups.dataset.count = lesson.kits.length;
      const [columns, rows] = gridFor(lesson.kits.length);
      groups.style.setProperty("--columns", columns);
      groups.style.setProperty("--rows", rows);
      document.body.dataset.drawn = lesson.kits.length;
      document.body.dataset.games = lesson.kits.map((k) => k.games).join(",");
    }
    document.getElementById("lesson-error").textContent = "";
    status.textContent = WORDS.live;
    status.className = "status ok";
  } catch (failure) {
    status.textContent = say(WORDS.not_connected, {error: failure.message});
    status.className = "status bad";
  }
  setTimeout(showLesson, 2 * POLL_MS);
}

showLesson();
