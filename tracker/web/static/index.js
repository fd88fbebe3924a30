"use strict";
getJSON("/api/kits").then((kits) => {
  const list = document.getElementById("kits");
  if (!kits.length) list.append(el("li", {}, "No kits yet: create one with `menace new NAME`."));
  for (const k of kits) {
    const link = "/kits/" + encodeURIComponent(k.name);
    list.append(el("li", {}, el("a", {href: link}, k.name), ` ${k.game}, MENACE plays ${k.menace_plays}, ${k.games} games `,
      el("a", {href: link + "/play", class: "play"}, "play")));
  }
});
