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

from kit.game import GameError, State
from kit.match import play_game
from kit.matchbox import Box, instruction, when_empty
from kit.players import Player
from tracker import session as sessions
from tracker.census import parse_counts
from tracker.corrections import NothingToUndo, beads_out, plan_discard, plan_undo, reverse_instruction
from tracker.events import Counts, Event, Events, World, ended_data, refill_rng, step
from tracker.opponents import HUMAN, computer_player
from tracker.session import Turn
from tracker.squares import bead_for
from tracker.stats import totals
from tracker.store import Store, StoreChanged, new_id, now
from tracker.table_players import DigitalDraw, PersonAtTable, PhysicalDraw, TurnOver
from tracker.text import (
    beads_text,
    move_name,
    plural,
    position_lines,
    shows_cells,
)

RESULT_WORDS = {"win": "MENACE wins", "draw": "A draw", "loss": "MENACE loses"}
HELP = (
    "  At any prompt: 'undo' takes back the last move (before a game's first move: reopens the game\n"
    "  before), 'discard' drops this game (drawn beads go back),\n"
    "  'board' shows the board again, 'quit' stops (the game is kept; `menace play` resumes it)."
)
# Whole words only: single letters are bead colours (b = blue).
COMMAND_WORDS = ("undo", "discard", "board", "help", "?", "quit", "exit")


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
            self.say(f"new game: game {number} of kit {self.kit.name}")
        else:
            self.say(
                f"Resuming game {session.number} of kit {self.kit.name} "
                f"({session.bead_source} draw, {session.opponent} opponent)."
            )
            out = ", ".join(f"{self.kit.colour(bead)} from box {box}" for box, bead in beads_out(self.world))
            if out:
                self.say(f"  Beads out on top of their boxes: {out}.")
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
                self.say(f"  {error}; reading the store again.")
                self.world = self.store.world(self.kit)
        return self.last_game_finished

    def players(self, session: sessions.Session) -> list[Player]:
        """Side by side: MENACE (drawn by the operator or from the mirror) and its opponent."""
        menace: Player = DigitalDraw(self) if session.bead_source == "digital" else PhysicalDraw(self)
        opponent = computer_player(session.opponent, self.game) or PersonAtTable(self)
        return [menace, opponent] if self.kit.catalogue.menace == 0 else [opponent, menace]

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
            colour = self.kit.colour(bead)
            if not shows_cells(self.game.picture(state.position)):
                # No label picture was shown to find the bead's square by: the sentence names the box.
                phrase = self.game.move_phrase(move, self.notation)
                said = f"  {colour}: MENACE {phrase} from box {where.box.id}."
            else:
                what = (
                    f"MENACE draws {colour} from box {where.box.id}"
                    if session.bead_source == "digital"
                    else colour
                )
                said = f"  {what}: MENACE {self.game.move_phrase(move, self.notation)}."
            data = {
                "game": session.game_id,
                "box": where.box.id,
                "move": self.kit.code(bead),
                "square": code,
            }
            return self._record_move("drew", data, said)
        said = ""
        if session.opponent != HUMAN:
            said = f"  The {session.opponent} opponent {self.game.move_phrase(move, self.notation)}."
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
            self.say(f"  MENACE's last move is forced: {move_name(self.game, move, self.notation)}.")
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
            census = " ".join(f"{self.kit.colour(m)}=0" for m in box.moves if counts.get(m))
            self.say(
                f"  Drift: the mirror says box {box.id} still holds "
                f"{beads_text(self.kit, box.moves, counts, letters=False)}. If it is really empty, "
                f"record that with `menace census {box.id} {census}` (or type 'census' here)."
            )
            raise TurnOver
        added = when_empty(self.kit.rules, box.moves, refill_rng(session.game_id, box.id))
        if added is None:
            self.say(f"  Box {box.id} is empty: MENACE resigns (rules {self.kit.rules_name}).")
            self.record([("resigned", {"game": session.game_id, "box": box.id})])
            return True
        beads = ", ".join(f"{n} {self.kit.colour(m)}" for m, n in sorted(added.items()))
        self.say(f"  Box {box.id} is empty: put in {beads} (rules {self.kit.rules_name}), then draw one.")
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
                        "Apply these bead changes? y = apply, undo, discard: ", passing=("undo", "discard")
                    )
                except TurnOver:
                    continue
            word = answer.strip().lower()
            if word in ("y", "yes", "apply"):
                self.record([("game_ended", ended_data(self.world))])
                self.show_done()
            elif word in ("undo", "discard"):
                self.command(word)
                return
            else:
                self.say("  Type y to apply the changes, 'undo' to take back the last move, or 'discard'.")

    def show_settlement(self, world: World) -> None:
        session = world.session
        assert session is not None
        result = sessions.result(self.kit, session).value
        how = " (resigned: its box was empty)" if session.resigned else ""
        self.say(f"{RESULT_WORDS[result]}{how}. Now, box by box:")
        assert world.mirror is not None
        changes = sessions.settlement(self.kit, session, world.mirror)
        for change in changes:
            self.say(f"  box {change.box}: {instruction(change, self.kit.colour(change.move))}")
        if not changes:
            self.say("  no beads were drawn: nothing to do")

    def show_done(self) -> None:
        summary = totals(self.store.tally(self.kit))
        self.say(
            f"Recorded. Kit {self.kit.name}: {plural(summary['games'], 'game')}, {summary['wins']} won, "
            f"{summary['draws']} drawn, {summary['losses']} lost, score {summary['score']:+d}."
        )

    # --- prompts and commands -----------------------------------------------------------------------
    def ask(self, prompt: str, *, passing: Iterable[str] = ()) -> str:
        """The operator's answer. A command word is carried out and raises TurnOver, unless it is one of
        ``passing``, which are returned as answers."""
        answer = self.operator.ask(prompt)
        word = answer.strip().lower()
        if word in passing:
            return answer
        if word in COMMAND_WORDS or word.split(" ")[0] == "census":
            self.command(answer.strip())
            raise TurnOver
        return answer

    def command(self, text: str) -> None:
        word = text.lower()
        if word in ("quit", "exit"):
            raise Stop
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "board":
            self.show_board()
        elif word == "undo":
            self.undo()
        elif word == "discard":
            self.discard()
        elif word.startswith("census"):
            self.census(text[len("census") :])

    def undo(self) -> None:
        try:
            undo = plan_undo(self.world)
        except NothingToUndo:
            self.say("  Nothing to undo: no move has been made in this game yet.")
            return
        self.record(undo.events)
        if undo.dropped is not None:
            self.say(f"  Game {undo.dropped.number} dropped before its first move.")
        if undo.reopened is not None:
            self.last_game_finished = False
            self.say(f"  Reopened game {undo.session.number}: its bead changes are taken back, box by box:")
            for change in undo.settlement_back(self.kit):
                self.say(f"  box {change.box}: {reverse_instruction(change, self.kit.colour(change.move))}")
        if undo.taken is None:
            self.say("  Took back the resignation.")
        elif undo.taken.box is not None:
            self.say(
                f"  Took back MENACE's move: put the {self.kit.colour(undo.taken.bead)} bead back "
                f"in box {undo.taken.box}."
            )
        else:
            self.say("  Took back the opponent's move.")
        self.show_board()

    def discard(self) -> None:
        discard = plan_discard(self.world)
        number = discard.session.number
        sure = self.operator.ask(f"Discard game {number}? Drawn beads go back to their boxes. [y/N] ")
        if sure.strip().lower() not in ("y", "yes"):
            self.say("  Kept.")
            return
        for drawn in discard.beads_back:
            self.say(f"  box {drawn.box}: put the {self.kit.colour(drawn.bead)} bead back")
        self.record(discard.events)
        self.last_game_finished = False
        self.say(f"Game {number} discarded.")

    def census(self, text: str) -> None:
        session = self.world.session
        assert session is not None
        if sessions.turn(self.kit, session) is not Turn.MENACE:
            self.say("  Use `menace census ID COLOUR=COUNT ...` for a box other than the one open now.")
            return
        box = sessions.placement(self.kit, session).box
        if not text.strip():
            text = self.operator.ask(f"Box {box.id} holds (e.g. red=2 blue=0): ")
        try:
            counts = parse_counts(self.kit, box, text.split())
            data = {"box": box.id, "counts": {str(self.kit.code(m)): n for m, n in counts.items()}}
            self.record([("census", data)])
        except GameError as error:
            self.say(f"  {error}")
            return
        assert self.world.mirror is not None
        shown = beads_text(self.kit, box.moves, self.world.mirror[box.id], letters=False)
        self.say(f"  Box {box.id} now holds {shown}.")

    def record(self, events: Events) -> None:
        self.world = self.store.record(self.world, events)

    def show_board(self, world: World | None = None) -> None:
        session = (world or self.world).session
        if session is None or self.brief:
            return
        self.say("\n".join(position_lines(self.game, session.state.position, self.notation)))

    def mirror_counts(self, box: Box) -> Counts:
        return self.world.loaded_mirror[box.id]
