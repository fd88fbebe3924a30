"""Matches between any two players of kit.players' registry, played game by game through kit.match.

The library behind `menace match`: counts per named player, and the learning curve when a player learns.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import FIRST, SECOND, Game, GameError, Result, State
from kit.i18n import _, n_
from kit.match import play_game
from kit.players import MenacePlayer, MenaceSpec, Planning, Player, PlayerSpec, make_player
from kit.rules import Rules, choose_rules
from tracker.lab.kit_players import kit_player, record_kit_games, stored_kit
from tracker.state.opponents import HUMAN, KitSpec, Opponent
from tracker.state.text import position_lines, thousands
from tracker.store.event_store import Store
from tracker.table.play_table import Operator

CURVE_WINDOW = 1000  # games in the curve's running mean


@dataclass(frozen=True)
class MatchResult:
    """A match's counts from the named players' sides: ``first`` is --first's player, ``second`` --second's.

    Without ``alternate`` the first player makes the first move in every game; with it a fair coin
    decides each game, and ``first_started`` says how often the first player made the first move.
    ``rewards`` is the first player's reward per game (+1 win, 0 draw, -1 loss)."""

    game: str
    first: str  # the players' names, as parse_player writes them (or "human")
    second: str
    learns: bool  # whether either player learns
    seed: int | None
    alternate: bool
    first_started: int
    rewards: tuple[int, ...]
    # The named players as they ended the match (a learner's values, to save), left out of comparisons.
    players: tuple[Player, ...] = field(default=(), compare=False, repr=False)
    # Games each named player resigned (a MENACE at an empty box): said beside the counts, not in the JSON.
    resigned: tuple[int, int] = (0, 0)

    @property
    def first_wins(self) -> int:
        return self.rewards.count(1)

    @property
    def draws(self) -> int:
        return self.rewards.count(0)

    @property
    def second_wins(self) -> int:
        return self.rewards.count(-1)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "first": self.first,
            "second": self.second,
            "games": len(self.rewards),
            "seed": self.seed,
            "alternate": self.alternate,
            "first_started": self.first_started,
            "first_wins": self.first_wins,
            "draws": self.draws,
            "second_wins": self.second_wins,
        }
        if self.learns:
            data["curve"] = running_mean(self.rewards, CURVE_WINDOW)
        return data

    def lines(self) -> list[str]:
        """The match as `menace match` prints it: a heading, then each player's wins and the draws."""
        games = len(self.rewards)
        if self.alternate:
            heading = n_(
                "{game}, {games} game, a coin toss for who moves first ({first} moved first in {started}); "
                "wins are counted per player",
                "{game}, {games} games, a coin toss for who moves first ({first} moved first in {started}); "
                "wins are counted per player",
                games,
            )
            roles = (_("--first player ({name}) wins: {wins}"), _("--second player ({name}) wins: {wins}"))
        else:
            heading = n_(
                "{game}, {games} game, {first} moving first",
                "{game}, {games} games, {first} moving first",
                games,
            )
            roles = (_("first player ({name}) wins: {wins}"), _("second player ({name}) wins: {wins}"))
        return [
            heading.format(
                game=self.game,
                games=thousands(games),
                first=self.first,
                started=thousands(self.first_started),
            ),  # fmt: skip
            roles[0].format(name=self.first, wins=thousands(self.first_wins)),
            _("draws: {draws}").format(draws=thousands(self.draws)),
            roles[1].format(name=self.second, wins=thousands(self.second_wins)),
            *(
                n_(
                    "{name} resigned {count} game: a box it had to draw from was empty",
                    "{name} resigned {count} games: a box it had to draw from was empty",
                    count,
                ).format(name=name, count=thousands(count))
                for name, count in zip((self.first, self.second), self.resigned, strict=True)
                if count
            ),
        ]


def running_mean(values: Sequence[int], window: int) -> list[float]:
    """For each game, the mean of its value and the ``window - 1`` before it (fewer at the start)."""
    means, total = [], 0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        means.append(total / min(i + 1, window))
    return means


def run_match(
    game: Game[Any, Any],
    first: PlayerSpec | None,
    second: PlayerSpec | None,
    *,
    games: int,
    seed: int | None,
    alternate: bool = False,
    operator: Operator | None = None,
    store: Store | None = None,
    learn: bool = False,
    menace_rules: Mapping[int, Rules] | None = None,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """Plays ``games`` games between the players ``first`` and ``second`` (values: tracker.cli.match reads
    their names), None for a human: the ``operator`` types its moves and sees the board; raises GameError
    for a pairing that cannot play.
    Learners learn after every game. A kit:NAME player is a kit of ``store``; it learns only with
    ``learn``, and then its games are recorded in the store as `menace play --draw digital` records them.
    ``menace_rules[named]``: the rules, already read, of the named player ``menace`` (no :RULES).
    ``progress`` is told each game played (a recorded --learn match plays at the table, untold)."""
    specs = [first, second]
    kits = [named for named, spec in enumerate(specs) if isinstance(spec, KitSpec)]
    if kits and alternate:
        raise GameError(_("a kit plays only its own side: leave out --alternate"))
    if learn:
        if len(kits) != 1:
            raise GameError(_("--learn records the games of one kit:NAME player"))
        return _recorded_match(game, specs, kits[0], store, games=games, seed=seed, operator=operator)
    person: Person | None = None
    if None in specs:
        if operator is None:
            raise GameError(_("a human player needs someone at a terminal"))
        person = Person(game, operator)
    # seats[named][side]: the named player's Player when it moves for ``side``.
    seats: list[dict[int, Player]] = [
        {named: kit_player(store, spec, game, named)}
        if isinstance(spec, KitSpec)
        else _seats(game, spec, (FIRST, SECOND) if alternate else (named,), (menace_rules or {}).get(named))
        if spec is not None
        else {FIRST: person, SECOND: person}
        if person is not None
        else {}
        for named, spec in enumerate(specs)
    ]
    names = [HUMAN if spec is None else str(spec) for spec in specs]
    for player in {id(p): p for named in seats for p in named.values()}.values():
        if isinstance(player, Planning):
            player.plan(games)
    rng = random.Random(seed)
    rewards, first_started, resigned = [], 0, [0, 0]
    for _game in range(games):
        starter = int(rng.random() < 0.5) if alternate else 0  # the named player who moves first
        order = (starter, 1 - starter)  # order[side] = the named player moving for that side
        players = [seats[order[side]][side] for side in (FIRST, SECOND)]
        labels = [names[named] for named in order]
        shown = None if person is None else _shown(game, players, labels, person)
        outcome = play_game(game, players, rng, apply=shown)
        rewards.append(outcome.result_for(order.index(0)).reward)
        if outcome.resigned and outcome.winner is not None:
            resigned[order[1 - outcome.winner]] += 1  # the named player on the losing side
        first_started += starter == 0
        if progress is not None:
            progress(1)
    # A kit learns only with --learn (recorded above), so here it does not count as learning.
    learns = any(spec is not None and spec.learns and not isinstance(spec, KitSpec) for spec in specs)
    named_players = tuple(next(iter(named.values())) for named in seats)
    return MatchResult(
        game.spec,
        names[0],
        names[1],
        learns,
        seed,
        alternate,
        first_started,
        tuple(rewards),
        named_players,
        (resigned[0], resigned[1]),
    )


def _recorded_match(
    game: Game[Any, Any],
    specs: Sequence[PlayerSpec | None],
    kit_seat: int,
    store: Store | None,
    *,
    games: int,
    seed: int | None,
    operator: Operator | None,
) -> MatchResult:
    """The kit at ``kit_seat`` plays at the play table against the other player, every game recorded."""
    kit_spec, other = specs[kit_seat], specs[1 - kit_seat]
    assert isinstance(kit_spec, KitSpec)
    if other is not None and other.learns:
        raise GameError(
            _(
                "a kit learns (--learn) at the play table, against a player that does not learn, "
                "as at `menace play`: not {other}"
            ).format(other=other)
        )
    if other is None and operator is None:
        raise GameError(_("a human player needs someone at a terminal"))
    kit = stored_kit(store, kit_spec, game, kit_seat)
    assert store is not None
    rewards = record_kit_games(
        store,
        kit,
        Opponent(other),
        games=games,
        rng=random.Random(seed),
        operator=operator if other is None else None,
    )
    names = [HUMAN if spec is None else str(spec) for spec in specs]
    first_rewards = tuple(rewards if kit_seat == 0 else [-r for r in rewards])
    return MatchResult(game.spec, names[0], names[1], True, seed, False, len(rewards), first_rewards)


class Person:
    """A person at the terminal: sees the board, types a move (as at `menace play`), is told the result."""

    def __init__(self, game: Game[Any, Any], operator: Operator) -> None:
        self.game, self.operator = game, operator

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        game = self.game
        cells = (game.move_mark(move).cell for move in game.legal_moves(state))
        legal = {cell for cell in cells if cell is not None}
        self.operator.say("\n".join(position_lines(game, state.position, "numbers", legal)))
        prompt = game.move_prompt(state)
        hint = prompt[prompt.index("(") :] if "(" in prompt else ""  # "(square 1-9)": the game's own words
        while True:
            answer = self.operator.ask(_("Your move {hint}: ").format(hint=hint).replace("  ", " "))
            try:
                move = game.parse_move(answer)
                game.play(state, move)  # only to check it
            except GameError as error:
                self.operator.say(f"  {error}")
                continue
            return move

    def learn(self, result: Result) -> None:
        words = {Result.WIN: _("You win."), Result.DRAW: _("A draw."), Result.LOSS: _("You lose.")}
        self.operator.say(words[result])


def _shown(game: Game[Any, Any], players: Sequence[Player], labels: Sequence[str], person: Person) -> Any:
    """game.play that tells the person each computer move (by the player's name, ``labels[side]``), and
    the board once the game is over."""
    operator = person.operator

    def apply(state: State[Any], move: Any) -> State[Any]:
        after = game.play(state, move)
        if players[state.to_move] is not person:
            said = _("{player} {plays}.").format(player=labels[state.to_move], plays=game.move_phrase(move))
            operator.say(said)
        if game.outcome(after) is not None:
            operator.say("\n".join(position_lines(game, after.position, "numbers")))
        return after

    return apply


def _seats(
    game: Game[Any, Any], spec: PlayerSpec, sides: Sequence[int], rules: Rules | None = None
) -> dict[int, Player]:
    """A player for each side it plays. A MENACE needs its side's catalogue, on ``rules`` unless its name
    gives its own (menace:RULES, read here; neither: the game's default); one that plays both sides
    shares its beads between them when both catalogues have the same boxes (Nim: one box per count)."""
    if not spec.needs_catalogue:
        player = make_player(spec, game)
        return {side: player for side in sides}
    if isinstance(spec, MenaceSpec) and spec.rules is not None:
        rules = choose_rules(spec.rules, game=game.name)
    catalogues = {side: build_catalogue(game, ("first", "second")[side], rules) for side in sides}
    seats: dict[int, Player] = {}
    shared: MenacePlayer | None = None
    for side, catalogue in catalogues.items():
        if shared is not None and _same_boxes(shared, catalogue.boxes):
            seats[side] = MenacePlayer(catalogue, shared.boxes)
        else:
            player = make_player(spec, game, catalogue)
            seats[side] = player
            shared = player if isinstance(player, MenacePlayer) else None
    return seats


def _same_boxes(menace: MenacePlayer, boxes: Sequence[Any]) -> bool:
    return [(b.id, b.position, b.moves) for b in menace.catalogue.boxes] == [
        (b.id, b.position, b.moves) for b in boxes
    ]
