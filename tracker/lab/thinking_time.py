"""The thinking-time study (the MCTS course's task): MCTS at several iteration counts
against random, against the longest-thinking MCTS, and against perfect play where the game is small
enough to solve; win, draw and loss counts and the CPU seconds each move took (CPU time, not wall
time: on a shared machine the wall time of a move depends on what else is running).

Every cell plays half its games with MCTS moving first and half second, each half from its own seeded
generator, so a cell's figures do not depend on which other cells were asked for.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass
from typing import Any

from kit.game import Game, GameError, Result, State
from kit.i18n import _
from kit.match import play_game
from kit.mcts import MctsPlayer
from kit.numerals import whole_number
from kit.players import MctsSpec, PerfectSpec, Player, PlayerSpec, RandomSpec, make_player
from kit.shown import shown
from tracker.state.text import thousands

MAX_ITERATIONS = 1_000_000  # a sanity bound: a million iterations a move take minutes even on tic-tac-toe


@dataclass(frozen=True)
class Cell:
    """mcts:``iterations`` against ``opponent``: results from MCTS's side, and its seconds per move."""

    iterations: int
    opponent: str
    wins: int
    draws: int
    losses: int
    moves: int  # moves MCTS made, over all the cell's games
    seconds: float  # the CPU time those moves took

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "seconds_per_move": round(self.seconds_per_move, 6)}


@dataclass(frozen=True)
class Study:
    game: Game[Any, Any]
    iterations: tuple[int, ...]
    opponents: tuple[str, ...]
    games: int  # per cell
    seed: int
    cells: tuple[Cell, ...]

    def cell(self, iterations: int, opponent: str) -> Cell:
        return next(c for c in self.cells if (c.iterations, c.opponent) == (iterations, opponent))

    def seconds_per_move(self, iterations: int) -> float:
        """mcts:``iterations``' seconds per move over all its games."""
        cells = [c for c in self.cells if c.iterations == iterations]
        moves = sum(c.moves for c in cells)
        return sum(c.seconds for c in cells) / moves if moves else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "iterations": list(self.iterations),
            "opponents": list(self.opponents),
            "games": self.games,
            "seed": self.seed,
            "cells": [c.to_json() for c in self.cells],
        }


class Timed:
    """A player whose choices are timed and counted."""

    def __init__(self, player: Player) -> None:
        self.player, self.moves, self.seconds = player, 0, 0.0

    def choose(self, state: State[Any], rng: random.Random) -> Any | None:
        started = time.process_time()
        move = self.player.choose(state, rng)
        self.seconds += time.process_time() - started
        self.moves += 1
        return move

    def learn(self, result: Result) -> None:
        self.player.learn(result)


def parse_iterations(text: str) -> tuple[int, ...]:
    """'50,200,1000' -> (50, 200, 1000): distinct, ascending; raises GameError saying what is wrong."""
    words = text.split(",")
    numbers = [whole_number(word) for word in words]  # '1,,2' names no count between its commas: refused
    counts = sorted({n for n in numbers if n is not None})
    if None in numbers or not counts or not all(1 <= n <= MAX_ITERATIONS for n in counts):
        raise GameError(
            _(
                "--iterations {text}: give iteration counts from 1 to {most} apart by commas, "
                "e.g. 50,200,1000"
            ).format(text=repr(shown(text)), most=thousands(MAX_ITERATIONS))
        )
    return tuple(counts)


def opponents_for(game: Game[Any, Any], iterations: tuple[int, ...]) -> tuple[PlayerSpec, ...]:
    """Random, the longest-thinking MCTS, and perfect play where the game can be solved."""
    chosen: list[PlayerSpec] = [RandomSpec(), MctsSpec(max(iterations))]
    if game.no_matchbox_kit is None:
        chosen.append(PerfectSpec())
    return tuple(chosen)


def play_cell(game: Game[Any, Any], iterations: int, rival_spec: PlayerSpec, games: int, seed: int) -> Cell:
    """``games`` games of mcts:``iterations`` against ``rival_spec``, MCTS first in the first half."""
    mcts = Timed(MctsPlayer(game, iterations))
    rival, opponent = make_player(rival_spec, game), str(rival_spec)
    results = {Result.WIN: 0, Result.DRAW: 0, Result.LOSS: 0}
    for side, count in ((0, (games + 1) // 2), (1, games // 2)):
        rng = random.Random(f"{seed}/{iterations}/{opponent}/{side}")
        players: list[Player] = [mcts, rival] if side == 0 else [rival, mcts]
        for _game in range(count):
            results[play_game(game, players, rng).result_for(side)] += 1
    return Cell(
        iterations,
        opponent,
        results[Result.WIN],
        results[Result.DRAW],
        results[Result.LOSS],
        mcts.moves,
        mcts.seconds,
    )


def thinking_time(
    game: Game[Any, Any], iterations: tuple[int, ...], *, games: int, seed: int, progress: Any = None
) -> Study:
    """The study: every iteration count against every opponent, ``games`` games each."""
    if games < 1:
        raise GameError(_("--games must be at least 1"))
    opponents = opponents_for(game, iterations)
    cells = []
    for n in iterations:
        for opponent in opponents:
            cells.append(play_cell(game, n, opponent, games, seed))
            if progress is not None:
                cell = cells[-1]
                progress(
                    _("mcts:{n} vs {opponent}: {wins}/{draws}/{losses}").format(
                        n=n, opponent=opponent, wins=cell.wins, draws=cell.draws, losses=cell.losses
                    )
                )
    return Study(game, iterations, tuple(str(o) for o in opponents), games, seed, tuple(cells))


def heading(study: Study) -> str:
    first = (study.games + 1) // 2
    return _(
        "{game}: {games} games a cell, MCTS moving first in {first}, seed {seed}; W/D/L from MCTS's side"
    ).format(game=study.game.title, games=study.games, first=first, seed=study.seed)


def summary_lines(study: Study) -> list[str]:
    """The table's rows as sentences, for a page set in a proportional font."""
    lines = [heading(study)]
    for n in study.iterations:
        against = "; ".join(
            _("vs {opponent} {wins}/{draws}/{losses}").format(
                opponent=c.opponent, wins=c.wins, draws=c.draws, losses=c.losses
            )
            for c in (study.cell(n, o) for o in study.opponents)
        )
        lines.append(
            _("mcts:{n} ({seconds} CPU s a move): {against}").format(
                n=n, seconds=f"{study.seconds_per_move(n):.4f}", against=against
            )
        )
    return lines


def table_lines(study: Study) -> list[str]:
    """The study as a table: a row per iteration count, MCTS's wins/draws/losses against each opponent."""
    player, cpu = _("player"), _("cpu-s/move")
    columns = [_("vs {opponent}").format(opponent=o) for o in study.opponents]
    lines = [
        heading(study),
        f"{player:<14}{cpu:>12}" + "".join(f"{against:>18}" for against in columns),
    ]
    for n in study.iterations:
        cells = [study.cell(n, o) for o in study.opponents]
        results = "".join(f"{f'{c.wins}/{c.draws}/{c.losses}':>18}" for c in cells)
        lines.append(f"{f'mcts:{n}':<14}{study.seconds_per_move(n):>12.4f}{results}")
    return lines
