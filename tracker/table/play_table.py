"""The play table at a terminal: games against MENACE played and recorded, one committed event per answer.

An adapter over the table's commands (``tracker.table.commands``): each answer the person types becomes a
command value, ``decide`` gives the events and messages, the store commits them, and the messages are said
here as sentences. It talks to the person only through an ``Operator`` (ask a line, say a line), so a
terminal or a test can be the person. A command typed at any prompt (undo, discard, board, census, quit) is
carried out there, and the turn starts again from the world it left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from kit.game import GameError, IllegalMoveError
from kit.i18n import _, n_
from tracker.state import session as sessions
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import PERSON, Opponent
from tracker.state.session import Turn
from tracker.state.stats import totals
from tracker.state.text import beads_text, move_name, position_lines, shows_cells
from tracker.store.event_store import Store, StoreChanged
from tracker.table import commands as c
from tracker.table.census import parse_counts
from tracker.table.computers import Opponents
from tracker.table.corrections import beads_out, plan_discard, reverse_instruction, settle_instruction
from tracker.table.players import NotADraw, drawn_move, empty_words, which_box

# Whole words only: single letters are bead colours (b = blue). The German words work in either language,
# so an operator never has to know which one the table speaks.
COMMAND_WORDS = {
    "undo": "undo", "discard": "discard", "board": "board", "help": "help", "?": "help", "quit": "quit",
    "exit": "quit", "zurück": "undo", "verwerfen": "discard", "brett": "board", "hilfe": "help",
    "ende": "quit",
}  # fmt: skip
CENSUS_WORDS = ("census", "zählung")  # a recount of the open box, its counts after the word
YES = ("y", "yes", "j", "ja")


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


# --- messages in words: the terminal's, and the pupil page's lines ------------------------------------------


def words(
    kit: KitRecord,
    message: c.Message,
    *,
    notation: str = "numbers",
    brief: bool = False,
    summary: Callable[[], dict[str, int]] | None = None,
) -> list[str]:
    """What the table says for one message of a command (``summary``: the kit's totals, for Recorded)."""
    game = kit.catalogue.game
    if isinstance(message, c.GameStarted):
        return [_("new game: game {number} of kit {kit}").format(number=message.number, kit=kit.name)]
    if isinstance(message, c.MenaceDrew):
        session = message.before.session
        assert session is not None
        colour = kit.colour(message.box, message.bead)
        phrase = game.move_phrase(message.move, notation)
        if not shows_cells(game.picture(session.state.position)):
            # No label picture was shown to find the bead's square by: the sentence names the box.
            return [
                _("  {colour}: MENACE {plays} (box {box}).").format(
                    colour=colour, plays=phrase, box=message.box
                )
            ]
        said = (
            _("  MENACE draws {colour} from box {box}: MENACE {plays}.")
            if message.digital
            else _("  {colour}: MENACE {plays}.")
        )
        return [said.format(colour=colour, box=message.box, plays=phrase)]
    if isinstance(message, c.OpponentMoved):
        if message.opponent.person:
            return []
        return [
            _("  The {opponent} opponent {plays}.").format(
                opponent=str(message.opponent), plays=game.move_phrase(message.move, notation)
            )
        ]
    if isinstance(message, c.Forced):
        forced = move_name(game, message.move, notation)
        return [_("  MENACE's last move is forced: {move}.").format(move=forced)]
    if isinstance(message, c.BoardNow):
        return board_lines(message.world, notation=notation, brief=brief)
    if isinstance(message, c.StillHolds):
        box, counts = message.box, message.counts
        census = " ".join(f"{kit.colour(box, m)}=0" for m in box.moves if counts.get(m))
        held = beads_text(kit, box, counts, letters=False)
        return [
            _(
                "  Drift: by the tracker's count box {box} still holds {beads}. If it is really empty, "
                "record that with `menace census {box} {census}` (or type 'census' here)."
            ).format(box=box.id, beads=held, census=census)
        ]
    if isinstance(message, c.Refilled):
        beads = ", ".join(f"{n} {kit.colour(message.box, m)}" for m, n in sorted(message.added.items()))
        return [
            _("  Box {box} is empty: put in {beads} (rules {rules}), then draw one.").format(
                box=message.box.id, beads=beads, rules=kit.rules_name
            )
        ]
    if isinstance(message, c.Resigned):
        return [
            _("  Box {box} is empty: MENACE resigns (rules {rules}).").format(
                box=message.box.id, rules=kit.rules_name
            )
        ]
    if isinstance(message, c.OpponentResigned):
        return [_("  The {opponent} opponent resigns: MENACE wins.").format(opponent=str(message.opponent))]
    if isinstance(message, c.GameOver):
        return settlement_lines(message.world)
    if isinstance(message, c.Recorded):
        return [done_line(kit, summary() if summary is not None else {})]
    if isinstance(message, c.NothingToTakeBack):
        return [_("  Nothing to undo: no move has been made in this game yet.")]
    if isinstance(message, c.TookBack):
        return took_back_lines(kit, message.plan)
    if isinstance(message, c.Discarded):
        lines = []
        for drawn in message.plan.beads_back:
            assert drawn.box is not None, "a draw is from a box"
            lines.append(
                _("  box {box}: put the {colour} bead back").format(
                    box=drawn.box, colour=kit.colour(drawn.box, drawn.bead)
                )
            )
        return [*lines, _("Game {number} discarded.").format(number=message.plan.session.number)]
    if isinstance(message, c.Recounted):
        shown = beads_text(kit, message.box, message.counts, letters=False)
        return [_("  Box {box} now holds {beads}.").format(box=message.box.id, beads=shown)]
    raise AssertionError(f"no words for {message!r}")


def board_lines(world: World, *, notation: str, brief: bool) -> list[str]:
    session = world.session
    if session is None or brief:
        return []
    return ["\n".join(position_lines(world.kit.catalogue.game, session.state.position, notation))]


def settlement_lines(world: World) -> list[str]:
    """The result of the finished game in progress, and its bead changes box by box."""
    kit, session = world.kit, world.session
    assert session is not None and world.mirror is not None
    result = sessions.result(kit, session).value
    if session.resigned_by == "opponent":
        said = _("{result} (the opponent resigned). Now, box by box:")
    elif session.resigned:
        said = _("{result} (resigned: its box was empty). Now, box by box:")
    else:
        said = _("{result}. Now, box by box:")
    lines = [said.format(result=result_words(result))]
    changes = sessions.settlement(kit, session, world.mirror)
    lines += [settle_instruction(change, kit.colour(change.box, change.move)) for change in changes]
    if not changes:
        lines.append(_("  no beads were drawn: nothing to do"))
    return lines


def done_line(kit: KitRecord, tally: dict[str, int]) -> str:
    summary = totals(tally)
    done = n_(
        "Recorded. Kit {kit}: {games} game, {wins} won, {draws} drawn, {losses} lost, score {score}.",
        "Recorded. Kit {kit}: {games} games, {wins} won, {draws} drawn, {losses} lost, score {score}.",
        summary["games"],
    )
    return done.format(**{**summary, "kit": kit.name, "score": f"{summary['score']:+d}"})


def took_back_lines(kit: KitRecord, undo: Any) -> list[str]:
    lines = []
    if undo.dropped is not None:
        lines.append(_("  Game {number} dropped before its first move.").format(number=undo.dropped.number))
    if undo.reopened is not None:
        lines.append(
            _("  Reopened game {number}: its bead changes are taken back, box by box:").format(
                number=undo.session.number
            )
        )
        lines += [
            reverse_instruction(change, kit.colour(change.box, change.move))
            for change in undo.settlement_back(kit)
        ]
    if undo.taken is None and undo.session.resigned_by == "opponent":
        lines.append(_("  Took back the opponent's resignation."))
    elif undo.taken is None:
        lines.append(_("  Took back the resignation."))
    elif undo.taken.box is not None:
        lines.append(
            _("  Took back MENACE's move: put the {colour} bead back in box {box}.").format(
                colour=kit.colour(undo.taken.box, undo.taken.bead), box=undo.taken.box
            )
        )
    else:
        lines.append(_("  Took back the opponent's move."))
    return lines


def resuming_lines(world: World) -> list[str]:
    """What the table says on resuming the game in progress."""
    kit, session = world.kit, world.session
    assert session is not None
    draw = _("physical") if session.bead_source == "physical" else _("digital")
    lines = [
        _("Resuming game {number} of kit {kit} ({draw} draw, {opponent} opponent).").format(
            number=session.number, kit=kit.name, draw=draw, opponent=session.opponent.shown()
        )
    ]
    out = ", ".join(
        _("{colour} from box {box}").format(colour=kit.colour(box, bead), box=box)
        for box, bead in beads_out(world)
    )
    if out:
        lines.append(_("  Beads out on top of their boxes: {beads}.").format(beads=out))
    return lines


# The events that change no finished game: the kept tally holds across them.
TALLY_KEPT = {"game_started", "refilled", "drew", "moved", "resigned", "game_ended"}


class Table:
    """One kit at a terminal: its world, the operator, and the opponents who move in its games."""

    def __init__(
        self,
        store: Store,
        world: World,
        operator: Operator,
        *,
        bead_source: str = "physical",
        opponent: Opponent = PERSON,
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
        self.opponents = Opponents(self.kit)
        self._tally: dict[str, int] | None = None  # the kit's finished games by result, kept as games end

    def say(self, line: str) -> None:
        self.operator.say(line)

    # --- one game -----------------------------------------------------------------------------------
    def play_game(self) -> bool:
        """Plays (or resumes) one game; True if it was finished, False if it was discarded (or it was the
        game before, reopened by 'undo' at this game's first prompt, so it was counted already)."""
        self.last_game_finished = True
        if self.world.session is None:
            try:
                self.carry_out(c.StartGame(self.opponent, self.bead_source))
            except StoreChanged:  # another process moved on: start from what it left
                self.world = self.store.world(self.kit)
                self._tally = None
                return self.play_game()
        else:
            for line in resuming_lines(self.world):
                self.say(line)
        self.show_board()
        while self.world.session is not None:
            session = self.world.session
            try:
                now = sessions.turn(self.kit, session)
                if now is Turn.OVER:
                    self.finish()
                elif now is Turn.MENACE:
                    self.menace_turn(session)
                else:
                    self.opponent_turn(session)
            except StoreChanged as error:
                self.say(_("  {error}; reading the store again.").format(error=error))
                self.world = self.store.world(self.kit)
                self._tally = None
        return self.last_game_finished

    def carry_out(self, command: c.Command) -> c.Decision:
        """Decides ``command``, records its events and says its messages."""
        decision = c.decide(self.world, command, confirm=self.confirm)
        if decision.changes:
            self.world = self.store.commit(self.world, decision.changes)
            self.opponents.heard(decision)
            self.keep_tally(decision)
        for message in decision.messages:
            for line in words(
                self.kit, message, notation=self.notation, brief=self.brief, summary=self.tally
            ):
                self.say(line)
        return decision

    def tally(self) -> dict[str, int]:
        """The kit's finished games by result: counted by the store once, then kept as games end here (a
        count of every game after each game made a long session slow down game by game)."""
        if self._tally is None:
            self._tally = self.store.tally(self.kit)
        return dict(self._tally)

    def keep_tally(self, decision: c.Decision) -> None:
        """Adds the game this decision ended to the kept tally; any other change to finished games (a
        game reopened, a recount) has it counted again."""
        for event in decision.events:
            if event.kind == "game_ended" and self._tally is not None:
                result = event.data["result"]
                self._tally[result] = self._tally.get(result, 0) + 1
            elif event.kind not in TALLY_KEPT:
                self._tally = None

    def menace_turn(self, session: sessions.Session) -> None:
        """MENACE's move: drawn by the tracker, or by the person from the real box (its colour typed)."""
        if session.bead_source == "digital":
            self.carry_out(c.DigitalDraw(self.rng))
            return
        where = self.kit.place(session.state.position)
        counts = self.world.loaded_mirror[where.box.id]
        for line in which_box(self.kit, where, counts):
            self.say(line)
        while True:  # a typo or a drift is explained and asked again, without opening the box again
            answer = self.ask(_("Colour drawn (or 'empty'): "))
            if answer is None:
                return  # a command was carried out: the turn starts again
            if answer.strip().lower() in empty_words():
                self.carry_out(c.EmptyBox())
                return
            try:
                move = drawn_move(self.kit, answer, where, counts)
            except NotADraw as why:
                self.say(str(why))
                continue
            self.carry_out(c.DrawBead(move))
            return

    def opponent_turn(self, session: sessions.Session) -> None:
        """The opponent's move: a computer's, or typed by the person."""
        computer = self.opponents.player(session.opponent, session.game_id)
        if computer is not None:
            move = computer.choose(session.state, self.rng)
            # None: a second MENACE resigned at an empty box, and MENACE wins (as kit.match scores it)
            self.carry_out(c.OpponentMove(move) if move is not None else c.OpponentResigns())
            return
        while True:
            answer = self.ask(f"{self.game.move_prompt(session.state)}: ")
            if answer is None:
                return
            try:
                self.carry_out(c.OpponentMove(self.game.parse_move(answer)))
            except (IllegalMoveError, GameError) as error:
                self.say(f"  {error}")
                continue
            return

    # --- the end of a game --------------------------------------------------------------------------
    def finish(self) -> None:
        """The game is over but not settled (when asked to confirm, after a resignation, or after a crash)."""
        for line in settlement_lines(self.world):
            self.say(line)
        while self.world.session is not None:
            word = "y"
            if self.confirm:
                answer = self.ask(
                    _("Apply these bead changes? y = apply, undo, discard: "),
                    passing=("undo", "discard", "zurück", "verwerfen"),
                )
                if answer is None:
                    continue
                word = answer.strip().lower()
            if word in (*YES, "apply", "anwenden"):
                self.carry_out(c.Settle())
            elif COMMAND_WORDS.get(word) in ("undo", "discard"):
                self.command(word)
                return
            else:
                self.say(_("  Type y to apply the changes, 'undo' to take back the last move, or 'discard'."))

    # --- prompts and commands -----------------------------------------------------------------------
    def ask(self, prompt: str, *, passing: Iterable[str] = ()) -> str | None:
        """The operator's answer, or None when it was a command word, carried out here (the turn then starts
        again from the world it left); a word of ``passing`` is returned as an answer."""
        answer = self.operator.ask(prompt)
        word = answer.strip().lower()
        if word in passing:
            return answer
        if word in COMMAND_WORDS or word.split(" ")[0] in CENSUS_WORDS:
            self.command(answer.strip())
            return None
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
        decision = self.carry_out(c.TakeBack())
        if any(isinstance(m, c.TookBack) and m.plan.reopened is not None for m in decision.messages):
            self.last_game_finished = False
        if decision.changes:
            self.show_board()

    def discard(self) -> None:
        number = plan_discard(self.world).session.number  # NoGameInProgress, said before anything is asked
        sure = self.operator.ask(
            _("Discard game {number}? Drawn beads go back to their boxes. [y/N] ").format(number=number)
        )
        if sure.strip().lower() not in YES:
            self.say(_("  Kept."))
            return
        self.carry_out(c.DiscardGame())
        self.last_game_finished = False

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
            self.carry_out(c.Census(parse_counts(self.kit, box, text.split())))
        except GameError as error:
            self.say(f"  {error}")

    def show_board(self) -> None:
        for line in board_lines(self.world, notation=self.notation, brief=self.brief):
            self.say(line)
