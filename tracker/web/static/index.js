"use strict";
getJSON("/api/kits").then((kits) => {
  const list = document.getElementById("kits");
  if (!kits.length) list.append(el("li", {}, WORDS.no_kits));
  if (kits.some((k) => /^(group-\d+|class)$/.test(k.name))) {  // a lesson's kits: its class page
    document.getElementById("lesson-link").append(el("a", {href: "/lesson"}, WORDS.lesson_title));
  }
  for (const k of kits) {
    const link = "/kits/" + encodeURIComponent(k.name);
    list.append(el("li", {}, el("a", {href: link}, k.name),
      " " + say(WORDS.kit_line, {game: k.game, side: WORDS.sides[k.menace_plays], games: sayCount("games", k.games)}) + " ",
      el("a", {href: link + "/play", class: "play"}, WORDS.play), " ",
      el("a", {href: link + "/table", class: "play"}, WORDS.table_title)));
  }
});
