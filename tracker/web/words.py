"""The words the classroom screen's pages show, in the server's language (`menace --lang de serve`).

The server fills the pages' own text in from these (``{{w:KEY}}`` in static/*.html) and embeds them all as
JSON for the scripts, which fill in a sentence's ``{name}`` fields as Python's str.format would. A count's
sentence comes as [one, other]: the two forms English and German have (n_ chooses them for 1 and 2).
They are read per request, never at import, so the language chosen by `menace --lang` holds.
"""

from __future__ import annotations

import json

from kit.i18n import _, n_
from kit.score import SCORES, rule_text


def _forms(singular: str, plural: str) -> list[str]:
    return [n_(singular, plural, 1), n_(singular, plural, 2)]


Words = dict[str, str | list[str] | dict[str, str] | dict[str, str | list[str]]]
States = dict[str, str | list[str]]  # a run's state's sentence, or its count's forms


def page_words() -> Words:
    """Every word of the pages, by the key the pages and scripts use."""
    return {
        # the pages' own text (static/*.html)
        "kits_title": _("MENACE: the kits"),
        "kits_sub": _("the kits in this store"),
        "play_menace": _("Play MENACE"),
        "play_in_browser": _("play in the browser"),
        "live_screen": _("the live screen"),
        "the_game": _("The game"),
        "results": _("Results"),
        # A kit's own rule on its page ({rule}: the live JSON's score_rule_said), every result's beside kits
        # of several games
        "running_score": _("Running score ({rule})").format(rule=rule_text(SCORES)),
        "running_score_of": _("Running score ({rule})"),
        "first_box": _("The first box"),
        "every_box": _("Every box"),
        "find_box": _("box number or position"),
        "find_box_label": _("find a box"),
        "new_game": _("New game"),
        "undo": _("Undo"),
        "discard": _("Discard this game"),
        "what_happened": _("What happened"),
        "join_caption": _("On a phone: scan the code, or open"),
        "join_alt": _("QR code of this page's address"),
        # the front page (index.js)
        "no_kits": _("No kits yet: create one with `menace new NAME`."),
        "kit_line": _("{game}, {side}, {games}"),
        "games": _forms("{count} game", "{count} games"),
        "play": _("play"),
        "classes_link": _("several classes side by side"),
        # several classes side by side (classes.js)
        "classes_title": _("Several classes side by side"),
        "classes_sub": _("the running scores of the kits you choose, on one chart"),
        "classes_choose": _("Kits to draw"),
        "classes_draw": _("Draw"),
        "classes_chart": _("Running scores of {kits}"),
        "classes_line": _("{kit} ({title}): {games}, score {score}"),
        # boards and boxes (common.js)
        "left": _("{count} left"),
        "play_move": _("play {move}"),
        "box": _("Box {box}"),
        "box_level": _("move {number}"),
        "beads": _forms("{count} bead", "{count} beads"),
        "empty": _("empty"),
        # the game in progress and the bead instructions (common.js)
        "sides": {"first": _("MENACE plays first"), "second": _("MENACE plays second")},
        "subtitle": _("{title}, {side}, rules {rules}, kit {code}"),
        "turns": {
            "menace": _("MENACE to move"),
            "opponent": _("the opponent to move"),
            "over": _("game over"),
        },
        "results_said": {"win": _("MENACE wins"), "draw": _("a draw"), "loss": _("MENACE loses")},
        "game": _("Game {number}"),
        "game_line": _("{who}. Moves: {moves} ({opponent} opponent, {draw} draw)"),
        "no_moves": _("none yet"),
        "opponents": {"human": _("human")},  # a computer player keeps its name, as it is typed
        "draws": {"digital": _("digital"), "physical": _("physical")},
        "drew_from": _("MENACE drew from box {box}: it {played}"),
        "open_box": _("Open box {box}"),
        "no_game": _("No game in progress"),
        "now_box_by_box": _("Game {number}: {result}. Now, box by box:"),
        "nothing_to_do": _("no beads were drawn: nothing to do"),
        "refused": _("MENACE refuses to play (the box for its first move is empty), a loss"),
        "live": _("live"),
        "not_connected": _("not connected: {error}"),
        # the live page (live.js)
        "no_games_yet": _("No games yet."),
        "total_games": _("games"),
        "total_won": _("won"),
        "total_drawn": _("drawn"),
        "total_lost": _("lost"),
        "total_score": _("score"),
        "first_box_heading": _("The first box (box {box}): its beads after each game"),
        "every_position": _("Every position"),
        "level": _("MENACE's move {level}"),
        "boxes": _forms("{count} box", "{count} boxes"),
        "no_box_matches": _("No box matches."),
        # the box in use and the last game (common.js)
        "label_as_printed": _("Its label lies on the board as printed."),
        "label_turns": _("Its label is {turn} to lie on the board:"),
        "drawn_chance": _(
            "The {colour} bead was drawn when the box held {count} of {total} beads: a {chance} chance."
        ),
        "last_game_line": _("Moves: {moves} ({opponent} opponent)."),
        "next_game_started": _("Game {number} has started."),
        # the run (live.js)
        "run_heading": _("Watch it learn"),
        "run_opponent": _("opponent"),
        "run_games": _("games"),
        "run_speed": _("speed"),
        "run_start": _("Start"),
        "run_pause": _("Pause"),
        "run_resume": _("Go on"),
        "run_stop": _("Stop"),
        "run_fastest": _("as fast as it goes"),
        "run_moves_second": _forms("{count} move a second", "{count} moves a second"),
        "run_states": _run_states(),
        "chart_games": _("games"),
        "typical_working": _("Working out where a typical MENACE would be..."),
        "typical_band": _(
            "Shaded: where {share} of {population} simulated MENACEs with these rules were after each game,"
            " against the same opponents in the same order."
        ),
        "typical_empty": _("The first box emptied in {chance} of them within {games} games."),
        "typical_above": _("After {games} games this MENACE ({score}) is above the band ({low} to {high})."),
        "typical_inside": _(
            "After {games} games this MENACE ({score}) is inside the band ({low} to {high})."
        ),
        "typical_below": _("After {games} games this MENACE ({score}) is below the band ({low} to {high})."),
        "typical_none": _("No typical band: {reason}."),
        "typical_failed": _("The typical band could not be worked out: {error}"),
        "typical_stand_in": _forms(
            "Its {count} game against people is simulated against a stand-in, {stand_in}.",
            "Its {count} games against people are simulated against a stand-in, {stand_in}.",
        ),
        "typical_novice": _("(novice:P plays a perfect move with a chance of P, else a random one.)"),
        "stand_in_label": _("stand-in for people"),
        "stand_in_change": _("Change"),
        # the projector view, its banners and the marks on the curve (screen.js)
        "projector_view": _("projector view"),
        "full_view": _("the whole live page"),
        "banner_empty": _("The first box (box {box}) is empty: MENACE refuses to play."),
        "banner_empty_since": _("It has been empty since game {number}: every game since counts as a loss."),
        "banner_paused": _("Paused"),
        "banner_first_draw": _("Game {number}: MENACE's first draw!"),
        "mark_opponent": _("against {opponent}"),
        "mark_first_draw": _("first draw"),
        "mark_empty": _("first box empty"),
        # the wall of boxes (live.js)
        "wall_current": _("in this game"),
        "wall_last": _("in the last game"),
        "close": _("Close"),
        # a box's story, opened from the wall (wall.js)
        "story_loading": _("Reading the box's story..."),
        "story_heading": _("Box {box}'s beads after each game"),
        "story_used": _forms(
            "Drawn from in {count} game, the latest first:", "Drawn from in {count} games, the latest first:"
        ),
        "story_unused": _("No game has drawn from this box yet."),
        "story_game": _("Game {number} ({opponent} opponent): drew {beads}; {result}"),
        "story_more": _forms("... and {count} earlier game.", "... and {count} earlier games."),
        # a MENACE for every pupil: the class on the big screen (pupils.js), a phone joining (pupils-join.js)
        "pupils_title": _("A MENACE for every pupil"),
        "pupils_sub": _("{title}, {side}, rules {rules}: each phone trains a MENACE of its own"),
        "pupils_join_heading": _("Join with your phone"),
        "pupils_joined": _forms("{count} MENACE has joined", "{count} MENACEs have joined"),
        "pupils_chart": _forms(
            "Running score of the class's {count} MENACE", "Running scores of the class's {count} MENACEs"
        ),
        "pupils_none_yet": _("No pupil has joined yet: scan the code with a phone."),
        "pupils_line": _("{kit}: {games}, score {score}"),
        "pupils_key_more": _forms(
            "The highest scores ({count} more MENACE on the chart):",
            "The highest scores ({count} more MENACEs on the chart):",
        ),
        "pupils_stand_in": _("The pupils' games are simulated against a stand-in for people, {stand_in}."),
        "pupils_join_title": _("Your own MENACE"),
        "pupils_about": _(
            "You train a MENACE of your own at {game}: it starts knowing nothing and learns from every game "
            "you play against it."
        ),
        "pupils_no_class": _(
            "No class has been set up here: the teacher starts the screen with `menace serve --pupils GAME`."
        ),
        "pupils_name_label": _("A nickname for your MENACE"),
        "pupils_name_hint": _(
            "If you like, and nothing personal: letters, digits, '.', '_' or '-'. Left empty, your MENACE "
            "gets the number shown."
        ),
        "pupils_go": _("Get my MENACE"),
        "pupils_class_link": _("the class"),
        # the play page (play.js)
        "your_move": _("Your move:"),
        "your_move_click": _("Your move: click a square."),
        "at_the_table": _("Game {number} is being played at the table ({draw} draw, {opponent} opponent)."),
        "discard_sure": _("Discard this game? The beads it drew go back."),
        "no_answer": _("the server did not answer: {error}"),
        # the table on a phone (table.js)
        "table_title": _("At the matchboxes"),
        "table_new": _("New game (beads from the real boxes)"),
        "table_open": _("Open box {box}"),
        "table_level": _("MENACE's move {number}"),
        "table_draw": _("Shake the box, draw a bead without looking, and tap its colour:"),
        "table_bead": _forms("{colour}: {count} bead", "{colour}: {count} beads"),
        "table_empty": _("The box is empty"),
        "table_empty_sure": _(
            "Is the box really empty? MENACE then resigns (or the box is refilled, by the kit's rules)."
        ),
        "table_recount": _("Recount this box"),
        "table_recount_help": _(
            "Count the beads of each colour in the box and put the counts here: the tracker then counts with"
            " the box as it really is."
        ),
        "table_recount_save": _("Save the counts"),
        "table_played": _(
            "MENACE drew {colour} from box {box}: it {played}. Put the bead on top of its box"
            " and make the move on the real board."
        ),
        "table_opponent": _("Now the opponent's move on the real board: tap it here too."),
        "table_opponent_buttons": _("The opponent's move:"),
        "table_take_back": _("Take back the last move"),
        "table_reopen": _("Undo: reopen game {number}"),
        "table_checklist": _("Game {number}: {result}. Change the beads, box by box, and tick each:"),
        "table_all_done": _("All done: start the next game."),
        "table_held": _(
            "This kit is being played elsewhere (a `menace play` window at a computer, or a run"
            " on the screen): carry on there, or close it there first. Nothing can be recorded "
            "here until then."
        ),
        "table_other_game": _(
            "Game {number} is not a game at the table ({draw} draw, {opponent} opponent):"
            " finish or discard it where it was started."
        ),
        # the class page for a lesson (lesson.js)
        "lesson_title": _("The lesson: every group"),
        "lesson_sub": _("each group's table: scan its code with the phone at the group's matchboxes"),
        "lesson_none": _(
            "No lesson kits in this store: make them with `menace lesson --game GAME --groups N`."
        ),
        "lesson_group": _("{kit}: {games}, score {score}"),
        "lesson_table": _("the table of {kit}"),
        "server_restarted": _(
            "The server no longer knew this page (it was restarted): the page has a new token and sent the "
            "change again."
        ),
        "left_by_run": _("Game {number} was left by a run ({opponent} opponent): finish it or discard it."),
        "finish_game": _("Finish the game"),
    }


def _run_states() -> States:
    """A run's state in words: a count's forms ([one, other]) count its games, or those played once it has
    ended ("0 of 1 game", "Done: 1 game")."""
    states: States = {
        "running": _forms(
            "Playing {opponent}: {played} of {count} game, {speed}.",
            "Playing {opponent}: {played} of {count} games, {speed}.",
        ),
        "paused": _forms(
            "Paused after {played} of {count} game against {opponent}.",
            "Paused after {played} of {count} games against {opponent}.",
        ),
        "stopping": _("Stopping..."),
        "stopped": _forms(
            "Stopped after {played} of {count} game against {opponent}; the game in progress is kept.",
            "Stopped after {played} of {count} games against {opponent}; the game in progress is kept.",
        ),
        "finished": _forms(
            "Done: {count} game against {opponent}.", "Done: {count} games against {opponent}."
        ),
        "refused": _forms(
            "MENACE refuses to play: the box for its first move is empty. The run stopped after "
            "{count} game.",
            "MENACE refuses to play: the box for its first move is empty. The run stopped after "
            "{count} games.",
        ),
        "failed": _forms("The run stopped after {count} game:", "The run stopped after {count} games:"),
    }
    return states


def words_json(words: Words) -> str:
    """The words as JSON that is safe inside a <script type="application/json"> element: no "</script>"."""
    text = json.dumps(words, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
