// The wall page: the whole machine on one screen, following the kit as its games are recorded.
"use strict";

const name = meta("menace-kit");
document.getElementById("live-link").href = "/kits/" + encodeURIComponent(name);

async function refresh() {
  const live = await getJSON(kitPath(name) + "/live");
  const k = live.kit;
  document.getElementById("subtitle").textContent =
    say(WORDS.subtitle, {title: k.title, side: WORDS.sides[k.menace_plays], rules: k.rules, code: k.kit_code});
  document.getElementById("wall-count").textContent = sayCount("boxes", live.boxes.length);
  keepingFocus(() => setWall(live));
  document.body.dataset.version = live.version || "";
}

follow(name, refresh);
