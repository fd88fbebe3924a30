"""`menace play`: the prompt a teacher answers beside the matchboxes, one committed event per answer."""
from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

import click

from kit.game import GameError
from kit.matchbox import BeadChange, instruction, pick, when_empty
from kit.players import PerfectPlayer, RandomPlayer
from tracker import session as sessions
from tracker.events import Event, World, ended_data, refill_rng, step
from tracker.play_text import (
    beads_text,
    board_text,
    box_picture,
    nim_text,
    parse_square,
    parse_take,
    square_name,
)
from tracker.session import Turn
from tracker.store import Store, StoreChanged, new_id, now
from tracker.store_options import db_option, kit_option, open_store
from tracker.text import plural

RESULT_WORDS = {"win": "MENACE wins", "draw": "A draw", "loss": "MENACE loses"}
HELP = (
    "  At any prompt: 'undo' takes back the last move, 'discard' drops this game (drawn beads go back),\n"
    "  'board' shows the board again, 'quit' stops (the game is kept; `menace play` resumes it)."
)


COMMAND_WORDS = ("undo", "discard", "board", "help", "?", "quit", "exit")


class Stop(Exception):
    """The operator asked to stop; the game in progress stays in the store."""


class Prompter:
    """Reads answers: with line editing on a terminal, line by line (echoed) from a script or pipe."""

    def __init__(self) -> None:
        self.tty = sys.stdin.isatty()

    def ask(self, prompt: str) -> str:
        if self.tty:
            return input(prompt)
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            raise EOFError
        line = line.rstrip("\r\n")
        click.echo(line)
        return line


class Table:
    """One kit at the table: its world, the operator's answers and what the tracker says back."""

    def __init__(self, store: Store, world: World, *, draw: str, opponent: str, notation: str, confirm: bool,
                 rng: random.Random, brief: bool) -> None:
        self.store, self.world = store, world
        self.kit = world.kit
        self.draw_mode, self.opponent, self.notation = draw, opponent, notation
        self.confirm, self.rng, self.brief = confirm, rng, brief
        self.prompter = Prompter()
        self.nim = self.kit.game == "nim"

    # --- one game -----------------------------------------------------------------------------------
    def play_game(self) -> bool:
        """Plays (or resumes) one game; True if it was finished, False if it was discarded."""
        self.last_game_finished = True
        session = self.world.session
        if session is None:
            number = self.world.started + 1
            data = {"game": new_id(), "number": number, "opponent": self.opponent, "draw": self.draw_mode}
            try:
                self.record([("game_started", data)])
            except StoreChanged:  # another process moved on: start from what it left
                self.world = self.store.world(self.kit)
                return self.play_game()
            click.echo(f"new game: game {number} of kit {self.kit.name}")
        else:
            click.echo(f"Resuming game {session.number} of kit {self.kit.name} "
                       f"({session.draw} draw, {session.opponent} opponent).")
        self.show_board()
        while self.world.session is not None:
            session = self.world.session
            now_turn = sessions.turn(self.kit, session)
            try:
                if now_turn is Turn.OVER:
                    self.finish()
                elif now_turn is Turn.MENACE:
                    self.menace_turn()
                else:
                    self.opponent_turn()
            except StoreChanged as error:
                click.echo(f"  {error}; reading the store again.")
                self.world = self.store.world(self.kit)
        return self.last_game_finished

    def menace_turn(self) -> None:
        session = self.world.session
        where = sessions.placement(self.kit, session)
        box = where.box
        counts = self.world.mirror[box.id]
        if session.draw == "digital":
            self.digital_draw(box, counts)
            return
        if self.nim:
            click.echo(f"Open box {box.id} ({box.position} tokens).")
        else:
            click.echo(f"Open box {box.id} (MENACE's move {box.move_number}). "
                       + ("Its label is the right way round." if where.turn == "as printed"
                          else f"Its label, {where.turn}, is the real board."))
            click.echo("\n".join(box_picture(where, self.kit.palette, counts)))
        click.echo(f"  The mirror says it holds: {beads_text(self.kit.palette, box.moves, counts, letters=not self.nim)}.")
        while True:  # re-ask after a typo without drawing the box again
            answer = self.ask("Colour drawn (or 'empty'): ")
            if answer is None:
                return
            if answer.strip().lower() in ("empty", "none"):
                self.empty_box(box, counts)
                return
            try:
                colour = self.kit.palette.parse(answer, among=box.moves)
            except GameError as error:
                click.echo(f"  {error}{self._did_you_mean(answer, box.moves)}")
                continue
            if counts.get(colour.move, 0) < 1:
                click.echo(f"  Drift: the mirror says box {box.id} has no {colour.name} beads, but you drew one. "
                           f"Recount the box and put the counts right with "
                           f"`menace census {box.id} {self._census_hint(box, counts, colour.move)}` "
                           f"(or type 'census' here).")
                continue
            self.record_draw(box, colour.move)
            return

    def digital_draw(self, box, counts) -> None:
        if not sum(counts.values()):
            self.empty_box(box, counts)
            return
        move = pick(counts, self.rng)
        self.record_draw(box, move)

    def record_draw(self, box, move: int) -> None:
        session = self.world.session
        square = sessions.draw(self.kit, session, box.id, move, "preview").steps[-1].square
        colour = self.kit.colour(move)
        if self.nim:
            said = f"  {colour}: MENACE takes {square} from box {box.id}."
        else:
            what = f"MENACE draws {colour} from box {box.id}" if session.draw == "digital" else colour
            said = f"  {what}: MENACE plays {square_name(square, self.notation)}."
        self.record_move("drew", {"game": session.game_id, "box": box.id, "move": move, "square": square}, said)

    def empty_box(self, box, counts) -> None:
        session = self.world.session
        if sum(counts.values()):
            click.echo(f"  Drift: the mirror says box {box.id} still holds "
                       f"{beads_text(self.kit.palette, box.moves, counts, letters=False)}. If it is really empty, "
                       f"record that with `menace census {box.id} "
                       + " ".join(f"{self.kit.colour(m)}=0" for m in box.moves if counts.get(m)) + "` (or type 'census' here).")
            return
        if self.kit.rules.empty_box == "resign":
            click.echo(f"  Box {box.id} is empty: MENACE resigns (rules {self.kit.rules_name}).")
            self.record([("resigned", {"game": session.game_id, "box": box.id})])
            return
        added = when_empty(self.kit.rules, box.moves, refill_rng(session.game_id, box.id))
        beads = ", ".join(f"{n} {self.kit.colour(m)}" for m, n in sorted(added.items()))
        click.echo(f"  Box {box.id} is empty: put in {beads} (rules {self.kit.rules_name}), then draw one.")
        self.record([("refilled", {"game": session.game_id, "box": box.id, "added": {str(m): n for m, n in added.items()}})])

    def opponent_turn(self) -> None:
        session = self.world.session
        state = session.state
        game = self.kit.catalogue.game
        if session.opponent != "human":
            chooser = PerfectPlayer(game) if session.opponent == "perfect" else RandomPlayer(game)
            move = chooser.choose(state, self.rng)
        else:
            prompt = "Opponent takes (1-3): " if self.nim else "Opponent's move (1-9 or LM): "
            while True:
                answer = self.ask(prompt)
                if answer is None:
                    return
                try:
                    move = parse_take(answer, game.max_take) if self.nim else parse_square(answer)
                except GameError as error:
                    click.echo(f"  {error}")
                    continue
                if move in game.legal_moves(state):
                    break
                if self.nim:
                    click.echo(f"  only {plural(int(state.position), 'token')} left: take fewer")
                else:
                    free = ", ".join(str(m + 1) for m in game.legal_moves(state))
                    click.echo(f"  {square_name(move, self.notation)} is taken: choose one of {free}")
        said = ""
        if session.opponent != "human":
            what = f"takes {move}" if self.nim else f"plays {square_name(move, self.notation)}"
            said = f"  The {session.opponent} opponent {what}."
        self.record_move("moved", {"game": session.game_id, "square": move}, said)

    def record_move(self, kind: str, data: dict, said: str) -> None:
        """Records a move; when it ends the game without --confirm, the settlement goes in the same transaction."""
        preview = step(self.world, Event("preview", self.kit.id, kind, now(), data, data["game"])).world
        events = [(kind, data)]
        ends = not self.confirm and sessions.turn(self.kit, preview.session) is Turn.OVER
        if ends:
            events.append(("game_ended", ended_data(preview)))
        self.record(events)
        if said:
            click.echo(said)
        for square in preview.session.steps[-1].forced:
            click.echo(f"  MENACE's last move is forced: {square_name(square, self.notation)}.")
        self.show_board(preview)
        if ends:
            self.show_settlement(preview)
            self.show_done()

    def finish(self) -> None:
        """The game is over but not settled (only with --confirm, or after a crash): settle it now."""
        self.show_settlement(self.world)
        while self.world.session is not None:
            answer = "y"
            if self.confirm:
                answer = self.prompter_ask("Apply these bead changes? y = apply, undo, discard: ")
                if answer is None:
                    continue
            if answer.strip().lower() in ("y", "yes", "apply"):
                self.record([("game_ended", ended_data(self.world))])
                self.show_done()
            elif answer.strip().lower() not in ("undo", "discard"):
                click.echo("  Type y to apply the changes, 'undo' to take back the last move, or 'discard'.")
            else:
                self.command(answer.strip().lower())
                return

    def show_settlement(self, world: World) -> None:
        session = world.session
        result = sessions.result(self.kit, session).value
        how = " (resigned: its box was empty)" if session.resigned else ""
        click.echo(f"{RESULT_WORDS[result]}{how}. Now, box by box:")
        changes = [BeadChange(*c) for c in ended_data(world)["changes"]]
        for change in changes:
            click.echo(f"  box {change.box}: {instruction(change, self.kit.colour(change.move))}")
        if not changes:
            click.echo("  no beads were drawn: nothing to do")

    def show_done(self) -> None:
        from tracker.stats import summarise

        summary = summarise(self.store.results(self.kit))
        click.echo(f"Recorded. Kit {self.kit.name}: {plural(summary['games'], 'game')}, {summary['wins']} won, "
                   f"{summary['draws']} drawn, {summary['losses']} lost, score {summary['score']:+d}.")

    # --- prompts and commands -----------------------------------------------------------------------
    def ask(self, prompt: str) -> str | None:
        """An answer, or None when it was a command that has been carried out (undo, board, ...)."""
        return self.prompter_ask(prompt)

    def prompter_ask(self, prompt: str) -> str | None:
        answer = self.prompter.ask(prompt)
        word = answer.strip().lower()
        # Whole words only: single letters are bead colours (b = blue).
        if word in COMMAND_WORDS or word.split(" ")[0] == "census":
            if word in ("undo", "discard") and prompt.startswith("Apply"):
                return answer
            self.command(answer.strip())
            return None
        return answer

    def command(self, text: str) -> None:
        word = text.lower()
        session = self.world.session
        if word in ("quit", "exit"):
            raise Stop
        if word in ("help", "?"):
            click.echo(HELP)
        elif word == "board":
            self.show_board()
        elif word == "undo":
            last = sessions.last_event(session)
            if last is None:
                click.echo("  Nothing to undo: no move has been made in this game yet.")
                return
            taken = session.steps[-1] if not session.resigned else None
            self.record([("undone", {"game": session.game_id, "event": last})])
            if taken is None:
                click.echo("  Took back the resignation.")
            elif taken.box is not None:
                click.echo(f"  Took back MENACE's move: put the {self.kit.colour(taken.move)} bead back in box {taken.box}.")
            else:
                click.echo("  Took back the opponent's move.")
            self.show_board()
        elif word == "discard":
            sure = self.prompter.ask(f"Discard game {session.number}? Drawn beads go back to their boxes. [y/N] ")
            if sure.strip().lower() not in ("y", "yes"):
                click.echo("  Kept.")
                return
            for step in session.draws:
                click.echo(f"  box {step.box}: put the {self.kit.colour(step.move)} bead back")
            self.record([("discarded", {"game": session.game_id})])
            self.last_game_finished = False
            click.echo(f"Game {session.number} discarded.")
        elif word.startswith("census"):
            self.census(text[len("census"):])

    def census(self, text: str) -> None:
        from tracker.census import parse_counts

        session = self.world.session
        if sessions.turn(self.kit, session) is not Turn.MENACE:
            click.echo("  Use `menace census ID COLOUR=COUNT ...` for a box other than the one open now.")
            return
        box = sessions.placement(self.kit, session).box
        if not text.strip():
            text = self.prompter.ask(f"Box {box.id} holds (e.g. red=2 blue=0): ")
        try:
            counts = parse_counts(self.kit, box, text.split())
            self.record([("census", {"box": box.id, "counts": {str(m): n for m, n in counts.items()}})])
        except GameError as error:
            click.echo(f"  {error}")
            return
        click.echo(f"  Box {box.id} now holds {beads_text(self.kit.palette, box.moves, self.world.mirror[box.id], letters=False)}.")

    def record(self, events: list[tuple[str, dict]]) -> None:
        self.world = self.store.record(self.world, events)

    def show_board(self, world: World | None = None) -> None:
        session = (world or self.world).session
        if session is None or self.brief:
            return
        if self.nim:
            click.echo(nim_text(int(session.state.position)))
        else:
            click.echo("\n".join(board_text(session.state.position, self.notation)))

    def _did_you_mean(self, answer: str, moves: tuple[int, ...]) -> str:
        """A near miss ('blakc') is named, never taken: a wrong colour would teach MENACE the wrong move."""
        import difflib

        names = [self.kit.colour(m) for m in moves]
        close = difflib.get_close_matches(answer.strip().lower(), names, n=1, cutoff=0.6)
        return f" (did you mean {close[0]}?)" if close else ""

    def _census_hint(self, box, counts, drawn: int) -> str:
        return " ".join(f"{self.kit.colour(m)}={counts.get(m, 0) + (m == drawn)}" for m in box.moves)


@click.command()
@db_option
@kit_option
@click.option("--draw", "draw", type=click.Choice(["physical", "digital"]), default="physical", show_default=True,
              help="physical: you draw from the real box and type the colour; digital: the tracker draws from its mirror.")
@click.option("--opponent", type=click.Choice(["human", "random", "perfect"]), default="human", show_default=True,
              help="Who plays against MENACE: a person typing moves, or a random or perfect player.")
@click.option("--games", type=click.IntRange(1, 100_000), default=1, show_default=True, help="How many games to play.")
@click.option("--notation", type=click.Choice(["numbers", "golf"]), default="numbers", show_default=True,
              help="How squares are shown: 1-9 in reading order, or golf letters (row, column: L/M/R). Both are accepted as input.")
@click.option("--confirm", is_flag=True, help="Ask before applying the bead changes at the end of a game, so it can be discarded.")
@click.option("--seed", type=int, default=None, help="Seed for digital draws and computer opponents (repeatable runs).")
@click.option("--brief", is_flag=True, help="Do not draw the board after every move.")
def play(db_path: Path | None, kit_name: str | None, draw: str, opponent: str, games: int, notation: str,
         confirm: bool, seed: int | None, brief: bool) -> None:
    """Play games against MENACE and record every move.

    With the physical draw the tracker names the box to open, shows how its label turns onto the real
    board, and asks for the colour drawn. A game stopped by Ctrl-C, a crash or 'quit' is kept, and the
    next `menace play` resumes it. Answers are read line by line from a pipe or file, so sessions can
    be scripted.
    """
    store = open_store(db_path)
    kit = store.kit(kit_name)
    table = Table(store, store.world(kit), draw=draw, opponent=opponent, notation=notation, confirm=confirm,
                  rng=random.Random(seed), brief=brief)
    resume = f"`menace play --kit {shlex.quote(kit.name)}` resumes it"
    try:
        finished = 0
        while finished < games:  # a discarded game does not count: --games 3 plays three games
            finished += table.play_game()
    except Stop:
        _stopped(table, resume, "Stopped.")
    except KeyboardInterrupt:
        click.echo()
        _stopped(table, resume, "Interrupted.")
        sys.exit(130)
    except EOFError:
        _stopped(table, resume, "End of input.")
        sys.exit(1)


def _stopped(table: Table, resume: str, why: str) -> None:
    session = table.world.session
    if session is None:
        click.echo(f"{why} No game is in progress.")
    else:
        click.echo(f"{why} Game {session.number} is saved: {resume}.")


COMMANDS = [play]
