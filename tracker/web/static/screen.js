// What the live page adds for a projector: banners for the moments a class should not miss (the first box
// is empty and MENACE refuses to play, a paused run, the first draw) and each change of opponent marked on
// the running score. With ?view=projector in its address the live page is the projector view: the board,
// the box in use, the totals and the curve on one screen, nothing to scroll.
"use strict";

const PROJECTOR = new URLSearchParams(location.search).get("view") === "projector";
if (PROJECTOR) document.documentElement.classList.add("projector");
let screenMarks = null;  // the last answer of /screen

(function linkTheOtherView() {
  const link = document.getElementById("projector-link");
  const here = "/kits/" + encodeURIComponent(meta("menace-kit"));
  link.href = PROJECTOR ? here : here + "?view=projector";
  link.textContent = PROJECTOR ? WORDS.full_view : WORDS.projector_view;
})();

async function readScreen() {
  try {
    screenMarks = await getJSON(kitPath(meta("menace-kit")) + "/screen");
  } catch (failure) {
    screenMarks = null;  // the status in the header says the server is not answering
  }
}

// The curve's marks: where each opponent's games begin (named), the first draw, the first box emptied.
function curveMarks() {
  if (!screenMarks) return [];
  const marks = screenMarks.opponents.map((run) => ({at: run.from - 1, kind: "opponent",
    label: say(WORDS.mark_opponent, {opponent: opponentWord(run.opponent)})}));
  if (screenMarks.first_draw) marks.push({at: screenMarks.first_draw.game, kind: "first-draw", label: WORDS.mark_first_draw});
  if (screenMarks.first_box.since) marks.push({at: screenMarks.first_box.since.game, kind: "empty", label: WORDS.mark_empty});
  return marks;
}

function renderBanners(live, now) {
  const banners = [];
  const first = screenMarks && screenMarks.first_box;
  if (first && first.empty) {
    banners.push(el("p", {class: "banner empty-box", "data-banner": "empty-first-box"},
      el("strong", {}, say(WORDS.banner_empty, {box: first.box})), " ",
      first.since ? say(WORDS.banner_empty_since, {number: first.since.number}) : ""));
  }
  if (now && now.state === "paused") {
    banners.push(el("p", {class: "banner paused", "data-banner": "paused"}, el("strong", {}, WORDS.banner_paused)));
  }
  const draw = screenMarks && screenMarks.first_draw;
  const last = live && live.last_game;
  if (draw && last && last.number === draw.number && last.result === "draw") {
    banners.push(el("p", {class: "banner first-draw", "data-banner": "first-draw"},
      el("strong", {}, say(WORDS.banner_first_draw, {number: draw.number}))));
  }
  const shown = document.getElementById("banners");
  const key = banners.map((b) => b.textContent).join("|");
  if (shown.dataset.key === key) return;  // unchanged: a screen reader hears a banner once
  shown.dataset.key = key;
  shown.replaceChildren(...banners);
  document.body.dataset.banners = banners.map((b) => b.dataset.banner).join(" ");
}

// The projector's curve fills the room left for it (height / width); elsewhere the chart keeps its shape.
function curveShape() {
  if (!PROJECTOR) return undefined;
  const room = document.getElementById("curve").getBoundingClientRect();
  return room.width > 0 && room.height > 0 ? room.height / room.width : undefined;
}
if (PROJECTOR) addEventListener("resize", () => { if (lastLive) drawCurve(); });

// --- the band for a class: games against people are simulated against a stand-in the teacher can change ---
function standInWords(answer) {
  if (!answer || !answer.people) return [];
  const said = say(WORDS.typical_stand_in[answer.people === 1 ? 0 : 1], {count: answer.people, stand_in: answer.stand_in});
  const novice = answer.stand_in.startsWith("novice:") ? " " + WORDS.typical_novice : "";
  return [" ", el("span", {class: "stand-in-said"}, said + novice)];
}

function showStandIn(answer) {
  if (!answer) return;  // being asked again: the form stays as it is (and the focus on it)
  const form = document.getElementById("stand-in");
  form.hidden = !answer.people;
  const field = document.getElementById("stand-in-opponent");
  if (answer.stand_in && document.activeElement !== field && !form.dataset.typed) field.value = answer.stand_in;
}

document.getElementById("stand-in-opponent").addEventListener("input", (event) => {
  event.target.form.dataset.typed = "yes";  // a poll does not write over what the teacher is typing
});

document.getElementById("stand-in").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target, error = document.getElementById("stand-in-error");
  try {
    const response = await fetch(kitPath(meta("menace-kit")) + "/stand-in", {
      method: "POST", headers: {"Content-Type": "application/json", "X-Menace-Token": token},
      body: JSON.stringify({opponent: document.getElementById("stand-in-opponent").value.trim()}),
    });
    const body = await response.json();
    if (body.token) token = body.token;
    error.textContent = response.ok ? "" : body.error || response.statusText;
    if (!response.ok) return;
    delete form.dataset.typed;
    document.getElementById("stand-in-opponent").value = body.stand_in;
    typical = null;  // the band is worked out again, against the new stand-in
    typicalFor = -1;
    if (!typicalAsked) keepingFocus(drawCurve);
  } catch (failure) {
    error.textContent = say(WORDS.no_answer, {error: failure.message});
  }
});
