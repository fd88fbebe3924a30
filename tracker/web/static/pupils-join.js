// A phone joins the class: it gets a MENACE of its own (a nickname, or the next number) and goes on to play
// it. The server remembers the phone's kit in a cookie: joining again opens the same kit.
"use strict";

let token = meta("menace-token");
const game = meta("menace-game");
const form = document.getElementById("pupils-form");
const error = document.getElementById("error");
document.getElementById("pupils-about").textContent = game ? say(WORDS.pupils_about, {game}) : WORDS.pupils_no_class;
if (!game) form.hidden = true;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = document.getElementById("pupils-go");
  button.disabled = true;
  try {
    const response = await fetch("/api/pupils", {
      method: "POST", headers: {"Content-Type": "application/json", "X-Menace-Token": token},
      body: JSON.stringify({name: document.getElementById("pupils-name").value}),
    });
    const body = await response.json();
    if (body.token) token = body.token;
    if (!response.ok) {
      error.textContent = body.error || response.statusText;
      return;
    }
    location.assign(body.play);
  } catch (failure) {
    error.textContent = say(WORDS.no_answer, {error: failure.message});
  } finally {
    button.disabled = false;
  }
});
