"""The play table: games against MENACE played and recorded, one committed event per answer.

Plain Python over the store: it talks to the person at the table only through an ``Operator`` (ask a
line, say a line), so a terminal, a test or a classroom display can stand in. Moves go through the kit's
one match loop (``kit.match.play_game``) with players that ask the operator, draw from the mirror or
play as a computer opponent; the ``apply`` hook records every move as events. A command typed at any
prompt (undo, discard, board, census, quit) ends the turn, and the loop starts again from the store.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol

from kit.game import GameError, Result, State
from kit.i18n import _, n_
from kit.match import play_game
from kit.matchbox import Box, when_empty
from kit.players import MenaceSpec, Player, make_player, parse_player
from kit.rules import load_rules
from tracker.state import session as sessions
from tracker.state.events import Counts, Event, Events, World, ended_data, refill_rng, step
from tracker.state.opponents import HUMAN, computer_player, learns, shown_opponent
from tracker.state.session import Turn
from tracker.state.stats import totals
from tracker.state.text import (
    beads_text,
    move_name,
    position_lines,
    shows_cells,
)
from tracker.store.event_store import Store, StoreChanged, new_id, now
from tracker.table.census import parse_counts
from tracker.table.corrections import (
    NothingToUndo,
    beads_out,
    plan_discard,
    plan_undo,
    reverse_instruction,
    settle_instruction,
)
from tracker.table.players import DigitalDraw, PersonAtTable, PhysicalDraw, TurnOver
from tracker.table.squares import bead_for

# Whole words only: single letters are bead colours (b = blue). The German words work in either language,
# so an operator never has to know which one the table speaks.
COMMAND_WORDS = {
    "undo": "undo", "discard": "discard", "board": "board", "help": "help", "?": "help", "quit": "quit",
    "exit": "quit", "zurück": "undo", "verwerfen": "discard", "brett": "board", "hilfe": "help",
    "ende": "quit",
}  # fmt: skip
CENSUS_WORDS = ("census", "zählung")  # a recount of the open box, its counts after the word
YES = ("y", "yes", "j", "ja")
# A game's result for the opponent, from MENACE's as the game_ended event says it.
OPPONENTS_RESULT = {"win": Result.LOSS, "draw": Result.DRAW, "loss": Result.WIN}


def result_words(result: str) -> str:
    """'MENACE wins', 'A draw', 'MENACE loses'."""
    return {"win": _("MENACE wins"), "draw": _("A draw"), "loss": _("MENACE loses")}[result]


def help_text() -> str:
    return _(
        "  At any prompt: 'undo' takes back the last move (before a game's first move: reopens the game\n"
        "  before), 'discard' drops this game (drawn beads go back),\n"
        "  'board' shows the board again, 'quit' stops (the game is kept; `menace play` resumes it)."
    )


class Operator(Protocol):
    """The person at the table."""

    def ask(self, prompt: str) -> str:
        """Their answer to ``prompt``; raises EOFError when no more answers will come."""

    def say(self, line: str) -> None:
        """Tells them one line (or several, joined by newlines)."""


class Stop(Exception):
    """The operator asked to stop; the game in progress stays in the store."""


class Table:
    """One kit at the table: its world, the operator, and the players who move in its games."""

    def __init__(
        self,
        store: Store,
        world: World,
        operator: Operator,
        *,
        bead_source: str = "physical",
        opponent: str = "human",
        notation: str = "numbers",
        confirm: bool = False,
        rng: random.Random | None = None,
        brief: bool = False,
    ) -> None:
        self.store, self.world, self.operator = store, world, operator
        self.kit = world.kit
        self.game = self.kit.catalogue.game
        self.bead_source, self.opponent, self.notation = bead_source, opponent, notation
        self.confirm, self.brief = confirm, brief
        self.rng = rng or random.Random()
        self.last_game_finished = True
        self.learner: tuple[str, Player] | None = None  # an opponent that learns: kept from game to game

    def say(self, line: str) -> None:
        self.operator.say(line)

    # --- one game -----------------------------------------------------------------------------------
    def play_game(self) -> bool:
        """Plays (or resumes) one game; True if it was finished, False if it was discarded (or it was the
        game before, reopened by 'undo' at this game's first prompt, so it was counted already)."""
        self.last_game_finished = True
        session = self.world.session
        if session is None:
            number = self.world.started + 1
            data = {"game": new_id(), "number": number, "opponent": self.opponent, "draw": self.bead_source}
            try:
                self.record([("game_started", data)])
            except StoreChanged:  # another process moved on: start from what it left
                self.world = self.store.world(self.kit)
                return self.play_game()
            self.say(_("new game: game {number} of kit {kit}").format(number=number, kit=self.kit.name))
        else:
            draw = _("physical") if session.bead_source == "physical" else _("digital")
            self.say(
                _("Resuming game {number} of kit {kit} ({draw} draw, {opponent} opponent).").format(
                    number=session.number,
                    kit=self.kit.name,
                    draw=draw,
                    opponent=shown_opponent(session.opponent),
                )
            )
            out = ", ".join(
                _("{colour} from box {box}").format(colour=self.kit.colour(box, bead), box=box)
                for box, bead in beads_out(self.world)
            )
            if out:
                self.say(_("  Beads out on top of their boxes: {beads}.").format(beads=out))
        self.show_board()
        while self.world.session is not None:
            session = self.world.session
            try:
                if sessions.turn(self.kit, session) is Turn.OVER:
                    self.finish()
                else:
                    play_game(
                        self.game,
                        self.players(session),
                        self.rng,
                        state=session.state,
                        apply=self.record_move,
                        learn=False,
                    )
            except TurnOver:
                continue
            except StoreChanged as error:
                self.say(_("  {error}; reading the store again.").format(error=error))
                self.world = self.store.world(self.kit)
        return self.last_game_finished

    def players(self, session: sessions.Session) -> list[Player]:
        """Side by side: MENACE (drawn by the operator or from the mirror) and its opponent."""
        menace: Player = DigitalDraw(self) if session.bead_source == "digital" else PhysicalDraw(self)
        opponent = self.computer(session.opponent) or PersonAtTable(self)
        return [menace, opponent] if self.kit.catalogue.menace == 0 else [opponent, menace]

    def computer(self, name: str) -> Player | None:
        """The computer opponent called ``name`` (None: a person). One that learns (a second MENACE) is made
        once, on its own side's boxes, and kept while this table plays, learning at the end of each game."""
        if not learns(name):
            return computer_player(name, self.game)
        if self.learner is None or self.learner[0] != name:
            from kit.catalogue import build_catalogue  # only a learning opponent needs its boxes

            side = "second" if self.kit.catalogue.menace == 0 else "first"
            spec = parse_player(name)
            named = spec.rules if isinstance(spec, MenaceSpec) else None
            rules = load_rules(named, game=self.game.name) if named else None  # a preset, never a file
            player = make_player(spec, self.game, build_catalogue(self.game, side, rules))
            self.learner = (name, player)
        return self.learner[1]

    # --- recording moves ----------------------------------------------------------------------------
    def record_move(self, state: State[Any], move: Any) -> State[Any]:
        """The match loop's ``apply``: records ``move`` (and the settlement when it ends the game without
        confirming) and returns the state after it, MENACE's forced moves included."""
        session = self.world.session
        assert session is not None and state == session.state, "the match loop plays the game in progress"
        code = self.kit.code(move)
        if state.to_move == self.kit.catalogue.menace:
            where = self.kit.place(state.position)
            bead = bead_for(self.kit, where, move, self.mirror_counts(where.box))
            colour = self.kit.colour(where.box, bead)
            if not shows_cells(self.game.picture(state.position)):
                # No label picture was shown to find the bead's square by: the sentence names the box.
                phrase = self.game.move_phrase(move, self.notation)
                said = _("  {colour}: MENACE {plays} (box {box}).").format(
                    colour=colour, plays=phrase, box=where.box.id
                )
            else:
                phrase = self.game.move_phrase(move, self.notation)
                said = (
                    _("  MENACE draws {colour} from box {box}: MENACE {plays}.")
                    if session.bead_source == "digital"
                    else _("  {colour}: MENACE {plays}.")
                ).format(colour=colour, box=where.box.id, plays=phrase)
            data = {
                "game": session.game_id,
                "box": where.box.id,
                "move": self.kit.code(bead),
                "square": code,
            }
            return self._record_move("drew", data, said)
        said = ""
        if session.opponent != HUMAN:
            said = _("  The {opponent} opponent {plays}.").format(
                opponent=session.opponent, plays=self.game.move_phrase(move, self.notation)
            )
        return self._record_move("moved", {"game": session.game_id, "square": code}, said)

    def _record_move(self, kind: str, data: dict[str, Any], said: str) -> State[Any]:
        preview = step(self.world, Event("preview", self.kit.id, kind, now(), data, data["game"])).world
        assert preview.session is not None
        events = [(kind, data)]
        ends = not self.confirm and sessions.turn(self.kit, preview.session) is Turn.OVER
        if ends:
            events.append(("game_ended", ended_data(preview)))
        self.record(events)
        if said:
            self.say(said)
        for move in preview.session.steps[-1].forced:
            forced = move_name(self.game, move, self.notation)
            self.say(_("  MENACE's last move is forced: {move}.").format(move=forced))
        self.show_board(preview)
        if ends:
            self.show_settlement(preview)
            self.show_done()
        return preview.session.state

    def empty_box(self, box: Box, counts: Counts) -> bool:
        """The operator (or the mirror) found ``box`` empty: refill it by the rules, or record MENACE's
        resignation. True if MENACE resigned."""
        session = self.world.session
        assert session is not None
        if sum(counts.values()):
            census = " ".join(f"{self.kit.colour(box, m)}=0" for m in box.moves if counts.get(m))
            held = beads_text(self.kit, box, counts, letters=False)
            self.say(
                _(
                    "  Drift: by the tracker's count box {box} still holds {beads}. If it is really empty, "
                    "record that with `menace census {box} {census}` (or type 'census' here)."
                ).format(box=box.id, beads=held, census=census)
            )
            raise TurnOver
        added = when_empty(self.kit.rules, box.moves, refill_rng(session.game_id, box.id))
        if added is None:
            self.say(
                _("  Box {box} is empty: MENACE resigns (rules {rules}).").format(
                    box=box.id, rules=self.kit.rules_name
                )
            )
            self.record([("resigned", {"game": session.game_id, "box": box.id})])
            return True
        beads = ", ".join(f"{n} {self.kit.colour(box, m)}" for m, n in sorted(added.items()))
        self.say(
            _("  Box {box} is empty: put in {beads} (rules {rules}), then draw one.").format(
                box=box.id, beads=beads, rules=self.kit.rules_name
            )
        )
        self.record(
            [
                (
                    "refilled",
                    {
                        "game": session.game_id,
                        "box": box.id,
                        "added": {str(self.kit.code(m)): n for m, n in added.items()},
                    },
                )
            ]
        )
        return False

    # --- the end of a game --------------------------------------------------------------------------
    def finish(self) -> None:
        """The game is over but not settled (when asked to confirm, after a resignation, or after a crash)."""
        self.show_settlement(self.world)
        while self.world.session is not None:
            answer = "y"
            if self.confirm:
                try:
                    answer = self.ask(
                        _("Apply these bead changes? y = apply, undo, discard: "),
                        passing=("undo", "discard", "zurück", "verwerfen"),
                    )
                except TurnOver:
                    continue
            word = answer.strip().lower()
            if word in (*YES, "apply", "anwenden"):
                self.record([("game_ended", ended_data(self.world))])
                self.show_done()
            elif COMMAND_WORDS.get(word) in ("undo", "discard"):
                self.command(word)
                return
            else:
                self.say(_("  Type y to apply the changes, 'undo' to take back the last move, or 'discard'."))

    def show_settlement(self, world: World) -> None:
        session = world.session
        assert session is not None
        result = sessions.result(self.kit, session).value
        said = (
            _("{result} (resigned: its box was empty). Now, box by box:")
            if session.resigned
            else _("{result}. Now, box by box:")
        )
        self.say(said.format(result=result_words(result)))
        assert world.mirror is not None
        changes = sessions.settlement(self.kit, session, world.mirror)
        for change in changes:
            self.say(settle_instruction(change, self.kit.colour(change.box, change.move)))
        if not changes:
            self.say(_("  no beads were drawn: nothing to do"))

    def show_done(self) -> None:
        summary = totals(self.store.tally(self.kit))
        done = n_(
            "Recorded. Kit {kit}: {games} game, {wins} won, {draws} drawn, {losses} lost, score {score}.",
            "Recorded. Kit {kit}: {games} games, {wins} won, {draws} drawn, {losses} lost, score {score}.",
            summary["games"],
        )
        self.say(done.format(**{**summary, "kit": self.kit.name, "score": f"{summary['score']:+d}"}))

    # --- prompts and commands -----------------------------------------------------------------------
    def ask(self, prompt: str, *, passing: Iterable[str] = ()) -> str:
        """The operator's answer. A command word is carried out and raises TurnOver, unless it is one of
        ``passing``, which are returned as answers."""
        answer = self.operator.ask(prompt)
        word = answer.strip().lower()
        if word in passing:
            return answer
        if word in COMMAND_WORDS or word.split(" ")[0] in CENSUS_WORDS:
            self.command(answer.strip())
            raise TurnOver
        return answer

    def command(self, text: str) -> None:
        word = text.lower()
        command = COMMAND_WORDS.get(word)
        if command == "quit":
            raise Stop
        if command == "help":
            self.say(help_text())
        elif command == "board":
            self.show_board()
        elif command == "undo":
            self.undo()
        elif command == "discard":
            self.discard()
        else:
            first, _space, counts = text.partition(" ")
            if first.lower() in CENSUS_WORDS:
                self.census(counts)

    def undo(self) -> None:
        try:
            undo = plan_undo(self.world)
        except NothingToUndo:
            self.say(_("  Nothing to undo: no move has been made in this game yet."))
            return
        self.record(undo.events)
        if undo.dropped is not None:
            self.say(_("  Game {number} dropped before its first move.").format(number=undo.dropped.number))
        if undo.reopened is not None:
            self.last_game_finished = False
            self.say(
                _("  Reopened game {number}: its bead changes are taken back, box by box:").format(
                    number=undo.session.number
                )
            )
            for change in undo.settlement_back(self.kit):
                self.say(reverse_instruction(change, self.kit.colour(change.box, change.move)))
        if undo.taken is None:
            self.say(_("  Took back the resignation."))
        elif undo.taken.box is not None:
            self.say(
                _("  Took back MENACE's move: put the {colour} bead back in box {box}.").format(
                    colour=self.kit.colour(undo.taken.box, undo.taken.bead), box=undo.taken.box
                )
            )
        else:
            self.say(_("  Took back the opponent's move."))
        self.show_board()

    def discard(self) -> None:
        discard = plan_discard(self.world)
        number = discard.session.number
        sure = self.operator.ask(
            _("Discard game {number}? Drawn beads go back to their boxes. [y/N] ").format(number=number)
        )
        if sure.strip().lower() not in YES:
            self.say(_("  Kept."))
            return
        for drawn in discard.beads_back:
            assert drawn.box is not None, "a draw is from a box"
            self.say(
                _("  box {box}: put the {colour} bead back").format(
                    box=drawn.box, colour=self.kit.colour(drawn.box, drawn.bead)
                )
            )
        self.record(discard.events)
        self.last_game_finished = False
        self.say(_("Game {number} discarded.").format(number=number))

    def census(self, text: str) -> None:
        session = self.world.session
        assert session is not None
        if sessions.turn(self.kit, session) is not Turn.MENACE:
            self.say(_("  Use `menace census ID COLOUR=COUNT ...` for a box other than the one open now."))
            return
        box = sessions.placement(self.kit, session).box
        if not text.strip():
            # German names the box's own colours (the msgid keeps the English prompt as it always was)
            pairs = zip(box.moves, (2, 0), strict=False)
            example = " ".join(f"{self.kit.colour(box, m)}={n}" for m, n in pairs)
            prompt = _("Box {box} holds (e.g. red=2 blue=0): ")
            text = self.operator.ask(prompt.format(box=box.id, example=example))
        try:
            counts = parse_counts(self.kit, box, text.split())
            data = {"box": box.id, "counts": {str(self.kit.code(m)): n for m, n in counts.items()}}
            self.record([("census", data)])
        except GameError as error:
            self.say(f"  {error}")
            return
        assert self.world.mirror is not None
        shown = beads_text(self.kit, box, self.world.mirror[box.id], letters=False)
        self.say(_("  Box {box} now holds {beads}.").format(box=box.id, beads=shown))

    def record(self, events: Events) -> None:
        self.world = self.store.record(self.world, events)
        if self.learner is not None:  # a learning opponent settles its own draws as MENACE's are settled
            for kind, data in events:
                if kind == "game_ended":
                    self.learner[1].learn(OPPONENTS_RESULT[data["result"]])

    def show_board(self, world: World | None = None) -> None:
        session = (world or self.world).session
        if session is None or self.brief:
            return
        self.say("\n".join(position_lines(self.game, session.state.position, self.notation)))

    def mirror_counts(self, box: Box) -> Counts:
        return self.world.loaded_mirror[box.id]
