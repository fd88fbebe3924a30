// The wall: every box of the kit as a small board shaded by its beads, grouped by MENACE's move, with the
// boxes of the game in progress and of the last game marked; a box opens on click. The live page and the
// wall page (the whole machine on one screen) both draw it.
"use strict";

let allBoxes = [];
let used = {current: [], last: []};

function wallTile(box) {
  const current = used.current.includes(box.id), last = used.last.includes(box.id);
  const kind = (current ? " current" : last ? " last" : "") + (box.total ? "" : " empty");  // an empty box stands out
  const said = say(WORDS.box, {box: box.id}) + (box.move_number ? ", " + say(WORDS.box_level, {number: box.move_number}) : "") +
    ", " + (box.total ? sayCount("beads", box.total) : WORDS.empty) + (current ? ", " + WORDS.wall_current : last ? ", " + WORDS.wall_last : "");
  const tile = el("button", {type: "button", class: "tile" + kind, "data-box": box.id, "aria-label": said, title: said,
    onclick: () => openBox(box)});
  if (box.picture.heaps) {
    tile.append(el("span", {class: "tile-heaps"}, box.picture.heaps.join(" ")));
  } else {
    const share = new Map();
    for (const bead of box.beads) {
      if (bead.cell === null) continue;
      share.set(bead.cell, {rgb: bead.rgb, chance: Math.max(share.get(bead.cell)?.chance || 0, bead.chance)});
    }
    const grid = el("span", {class: "tile-grid", "aria-hidden": "true", style: `grid-template-columns: repeat(${box.picture.columns}, 1fr)`});
    box.picture.marks.forEach((mark, cell) => {
      const bead = share.get(cell);
      const style = bead ? `background: color-mix(in srgb, ${bead.rgb} ${Math.round(15 + 85 * bead.chance)}%, white)` : "";
      // The mark is drawn by the style sheet: the tile's text is its number, which its name holds (axe).
      grid.append(el("span", {class: "tile-cell" + (mark ? " mark-" + mark : ""), style, "data-mark": mark || ""}));
    });
    tile.append(grid);
  }
  tile.append(el("span", {class: "tile-id"}, box.id));
  return tile;
}

// Each tile drawn, by box id, with what it was drawn from: a new move redraws only the tiles it changed
// (drawing all 304 again each move kept a slow machine's page a move behind a run).
let drawn = {shown: "", tiles: new Map()};

function tileKey(box) {
  return JSON.stringify([box.beads.map((b) => b.count), used.current.includes(box.id), used.last.includes(box.id)]);
}

function renderBoxes() {
  const wanted = document.getElementById("search").value.trim().toUpperCase();
  const shown = allBoxes.filter((b) => !wanted || String(b.id) === wanted || b.position.toUpperCase().includes(wanted));
  const ids = shown.map((b) => b.id).join(" ");
  if (ids === drawn.shown && shown.length) {
    for (const box of shown) {
      const old = drawn.tiles.get(box.id);
      const key = tileKey(box);
      if (old.key === key) continue;
      const tile = wallTile(box);
      old.node.replaceWith(tile);
      drawn.tiles.set(box.id, {key, node: tile});
    }
    return;
  }
  drawn = {shown: ids, tiles: new Map()};
  const tileOf = (box) => {
    const node = wallTile(box);
    drawn.tiles.set(box.id, {key: tileKey(box), node});
    return node;
  };
  const levels = new Map();
  for (const box of shown) {
    if (!levels.has(box.move_number)) levels.set(box.move_number, []);
    levels.get(box.move_number).push(box);
  }
  const groups = [...levels.entries()].map(([level, boxes]) => el("div", {class: "level-group"},
    el("h3", {}, `${level === null ? WORDS.every_position : say(WORDS.level, {level})}: ${sayCount("boxes", boxes.length)}`),
    el("div", {class: "wall-grid"}, boxes.map(tileOf))));
  document.getElementById("boxes").replaceChildren(...(groups.length ? groups : [el("p", {class: "empty"}, WORDS.no_box_matches)]));
}

function openBox(box) {
  const dialog = document.getElementById("box-dialog");
  document.getElementById("box-dialog-title").textContent = say(WORDS.box, {box: box.id}) + ": " + box.position;
  const story = el("section", {class: "story", "data-story": box.id, "aria-live": "polite"}, WORDS.story_loading);
  document.getElementById("box-dialog-body").replaceChildren(drawBox(box, true), story);
  dialog.showModal();
  tellStory(box, story);
}

// The box's story: its beads after each game, one line a colour, and the games that drew from it, so a class
// sees why MENACE now plays what it plays (GET .../boxes/ID/story).
async function tellStory(box, place) {
  let told;
  try {
    told = await getJSON(kitPath(meta("menace-kit")) + `/boxes/${box.id}/story`);
  } catch (failure) {
    place.textContent = say(WORDS.no_answer, {error: failure.message});
    return;
  }
  const heading = say(WORDS.story_heading, {box: box.id});
  const series = box.beads.map((bead) => ({label: `${bead.colour} (${bead.label})`, colour: bead.rgb,
    values: told.counts.map((counts) => counts[String(bead.code)] || 0)}));
  const key = el("ul", {class: "key"}, box.beads.map((b, index) => keyLine(b.rgb, index, `${b.colour} ${b.label}`)));
  const games = told.games.map((g) => el("li", {"data-game": g.number}, say(WORDS.story_game, {number: g.number,
    opponent: opponentWord(g.opponent), beads: g.drawn.map((d) => d.colour).join(", "), result: WORDS.results_said[g.result]})));
  place.replaceChildren(...[el("h4", {}, heading), el("div", {class: "chart"}, chart(series, WORDS.no_games_yet, heading)), key,
    el("h4", {}, told.used ? sayCount("story_used", told.used) : WORDS.story_unused),
    games.length ? el("ol", {class: "story-games"}, games) : null,
    told.used > told.games.length ? el("p", {}, sayCount("story_more", told.used - told.games.length)) : null].filter(Boolean));
  place.dataset.told = String(told.used);
}

function setWall(live) {
  allBoxes = live.boxes;
  used = live.used_boxes;
  renderBoxes();
}

document.getElementById("search").addEventListener("input", renderBoxes);
