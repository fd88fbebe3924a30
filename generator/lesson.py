"""A lesson with MENACE: how many kits and beads a class needs, and the lesson's steps by the minute.

The numbers only; generator.lesson_pack writes them as documents. Beads come from the kit's own bill
(generator.bill: the fill sheet's starting beads and its reserve), so a pack always agrees with the fill
sheet of the kit it prints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from generator.bill import Bill, bill_for
from generator.documents.common import KitSpec
from kit.game import GameError
from kit.i18n import _
from kit.numerals import number
from kit.score import score_rule_text

GAMES = ("hexapawn", "nim", "tictactoe")  # the machines a class can build and play in one lesson
MAX_GROUPS = 30  # a class of 30 in pairs: more is not one lesson
MIN_MINUTES, MAX_MINUTES = 30, 120
ONE_KIT_PER_GROUP = 50  # boxes: a kit this small one group can fill; a bigger one (304) serves the class
ROLES = ("operator", "opponent", "recorder", "scorer")
# The steps that do not grow with the lesson, in minutes (welcome, the game, roles, plot, talk, tidy up,
# certificates); the games get what is left. A short lesson trims them, down to SHORTEST_STEPS and in
# TRIM_ORDER, until its games have a third of it (a 30-minute lesson: 10 minutes of games, not 2).
FIXED_STEPS = (5, 5, 3, 5, 5, 3, 2)
SHORTEST_STEPS = (3, 3, 2, 4, 3, 3, 2)
TRIM_ORDER = (0, 1, 4, 2, 3, 0, 1, 4)  # welcome, the game, talk, roles, plot, and again
ROUND_MINUTES = 5  # roles change after each round of games, so everyone plays each part


@dataclass(frozen=True)
class Trained:
    """How the class's MENACE was trained before the lesson (tracker.lab.training, by `menace lesson
    --trained`): its boxes print with the beads it ended with."""

    games: int
    opponent: str
    seed: int


class LessonError(GameError):
    """A lesson that cannot be planned as asked (said in one line by the command line)."""


@dataclass(frozen=True)
class Step:
    start: int  # minutes from the lesson's start
    end: int
    title: str  # in the current language
    text: str


@dataclass(frozen=True)
class Lesson:
    """One class's lesson: the kit every group plays, how many groups, how long."""

    spec: KitSpec
    groups: int
    minutes: int
    trained: Trained | None = None  # a MENACE that starts trained (its boxes hold the beads it ended with)

    def __post_init__(self) -> None:
        if not 1 <= self.groups <= MAX_GROUPS:
            raise LessonError(
                _(
                    "a lesson has 1 to {most} groups, not {groups}: give --groups a number in that range"
                ).format(most=MAX_GROUPS, groups=self.groups)
            )
        if not MIN_MINUTES <= self.minutes <= MAX_MINUTES:
            raise LessonError(
                _(
                    "a lesson lasts {least} to {most} minutes, not {minutes}: give --minutes a "
                    "number in that range"
                ).format(least=MIN_MINUTES, most=MAX_MINUTES, minutes=self.minutes)
            )

    @property
    def shared(self) -> bool:
        """Whether the class shares one MENACE (too many boxes for a kit per group), taking turns at it."""
        return len(self.spec.catalogue.boxes) > ONE_KIT_PER_GROUP

    @property
    def kits(self) -> int:
        return 1 if self.shared else self.groups

    def kit_specs(self) -> list[KitSpec]:
        """The kits to print: the class's one, or each group's own, marked with its group (one kit code:
        every group's kit is the same machine, which `menace play` checks the labels against)."""
        if self.shared:
            return [self.spec]
        return [replace(self.spec, group=group) for group in range(1, self.groups + 1)]

    def store_name(self, group: int) -> str:
        """The tracker's name for a group's kit (`menace new NAME`); the class's one when it shares."""
        return "class" if self.shared else f"group-{group}"

    def store_line(self, group: int) -> str:
        """The `menace new` line that makes a group's kit in the tracker: the game and whatever of the
        kit is not the game's default, and the kit code, which the tracker checks against its own; for a
        MENACE that starts trained, the `menace train` line that trains it alike."""
        spec, game = self.spec, self.spec.game
        command = "new" if self.trained is None else "train"
        words = ["menace", command, self.store_name(group), "--game", game.spec]
        if spec.catalogue.menace_plays != game.default_menace_plays:
            words += ["--menace-plays", spec.catalogue.menace_plays]
        if spec.catalogue.rules.name != game.default_rules:
            words += ["--rules", spec.catalogue.rules.name]
        if spec.palette.name != game.default_palette:
            words += ["--palette", spec.palette.name]
        if self.trained is not None:  # the same training again: the same beads, the same kit
            return " ".join(
                [
                    *words,
                    "--opponent",
                    self.trained.opponent,
                    "--games",
                    str(self.trained.games),
                    "--seed",
                    str(self.trained.seed),
                ]
            )
        return " ".join([*words, "--code", spec.code])

    @cached_property
    def bill(self) -> Bill:
        return bill_for(self.spec.catalogue, self.spec.palette)  # the fill sheet's bill, colours per box too

    @property
    def beads_per_kit(self) -> dict[int, int]:
        """Beads to buy per colour for one kit (by the palette's colour key, as the fill sheet counts them):
        its fill and its reserve."""
        return {code: self.bill.buy(code) for code in self.bill.start}

    @property
    def beads_total(self) -> dict[int, int]:
        return {code: count * self.kits for code, count in self.beads_per_kit.items()}

    @property
    def draws(self) -> bool:
        from generator.documents.common import has_draws

        return has_draws(self.spec.game)

    @property
    def rounds(self) -> int:
        """Rounds of games: one per role where there is time, so each pupil of a group plays each part."""
        return max(1, min(len(ROLES), self._play_minutes // ROUND_MINUTES))

    @property
    def _play_minutes(self) -> int:
        return self.minutes - sum(self._fixed_steps)

    @property
    def _fixed_steps(self) -> tuple[int, ...]:
        steps = list(FIXED_STEPS)
        for step in TRIM_ORDER:
            if self.minutes - sum(steps) >= -(-self.minutes // 3):
                break
            if steps[step] > SHORTEST_STEPS[step]:
                steps[step] -= 1
        return tuple(steps)

    def steps(self) -> list[Step]:
        """The lesson by the minute; the steps follow each other and end on the lesson's last minute."""
        game = self.spec.game.short_title
        boxes = number(len(self.spec.catalogue.boxes))
        machine = (
            _("one MENACE of {boxes} matchboxes for the whole class")
            if self.shared
            else _("a MENACE of {boxes} matchboxes for each group")
        ).format(boxes=boxes)
        welcome, the_game, roles, plot, talk, tidy, certificates = self._fixed_steps
        minutes = [welcome, the_game, roles]
        rounds = self.rounds
        play = self._play_minutes
        minutes += [play // rounds + (1 if r < play % rounds else 0) for r in range(rounds)]
        minutes += [plot, talk, tidy, certificates]
        texts = [
            (
                _("Welcome"),
                _(
                    "Show a matchbox and its beads. Today the class plays {game} against {machine}. "
                    "It has no brain: it picks a bead at random and learns only from the beads "
                    "the rules add or take away."
                ).format(game=game, machine=machine),
            ),
            (
                _("The game"),
                _(
                    "Read the rules sheet together. Pupils play one game of {game} in pairs, "
                    "without MENACE, to learn the moves."
                ).format(game=game),
            ),
            (_("Roles"), self._roles_text()),
            *[
                (
                    _("Games, round {round} of {rounds}").format(round=r + 1, rounds=rounds),
                    self._round_text(r),
                )
                for r in range(rounds)
            ],
            (_("Draw the curve"), self._curve_text()),
            (
                _("What happened?"),
                _(
                    "Open the boxes MENACE used in the first game. Which colours are gone? "
                    "Why does it stop making those moves? Where did the beads go in the "
                    "last game?"
                ),
            ),
            (_("Tidy up"), self._tidy_text()),
            (
                _("Certificates"),
                _(
                    "Each pupil who played against MENACE takes home a certificate: beat, "
                    "drew with or lost to MENACE."
                )
                if self.draws
                else _(
                    "Each pupil who played against MENACE takes home a certificate: beat or lost to MENACE."
                ),
            ),
        ]
        steps, start = [], 0
        for (title, text), length in zip(texts, minutes, strict=True):
            steps.append(Step(start, start + length, title, text))
            start += length
        return steps

    @property
    def learns_slowly(self) -> bool:
        """Whether the machine will not visibly learn in one lesson: a fresh noughts-and-crosses MENACE wins
        no more often in its games 7 to 12 than in its first six (simulated against a novice), where
        Hexapawn's climbs from about half its games to three in four."""
        return self.shared and self.trained is None

    def _curve_text(self) -> str:
        rule = score_rule_text(self.spec.game)
        if not self.shared:
            return _(
                "Each group's scorer reads out the worksheet's tally; everyone draws MENACE's running "
                "score ({rule}) game by game. Does the line go up?"
            ).format(rule=rule)
        read = _(
            "The scorer reads out the class tally, the one worksheet every group wrote its games on; "
            "everyone draws MENACE's running score ({rule}) game by game."
        ).format(rule=rule)
        if self.trained is not None:
            return (
                read
                + " "
                + _(
                    "MENACE started trained by {games} games against a {opponent} player: "
                    "does it stay ahead of the class? Where did the class beat it?"
                ).format(games=number(self.trained.games), opponent=self.trained.opponent)
            )
        return (
            read
            + " "
            + _(
                "Do not expect the line to climb today: a fresh MENACE of noughts and crosses "
                "needs far more games than one lesson holds (simulated, it wins no more often "
                "in its games 7 to 12 than in its first six). Keep the boxes as they are and "
                "the tally, and play on in the next lessons: the curve is the series'."
            )
        )

    def _tidy_text(self) -> str:
        return _(
            "Close every box with its beads inside: they are what MENACE has learned, for the next "
            "lesson. Count the reserve beads back into their bags, and collect the boards and pieces, "
            "the cups and the worksheets."
        )

    def _roles_text(self) -> str:
        if self.shared:
            return _(
                "Split the class into {groups} groups and hand each group its four role cards. The "
                "groups take turns at the one MENACE, a game each: the group at the table plays every "
                "part, the others watch and guess MENACE's move."
            ).format(groups=self.groups)
        return _(
            "Split the class into {groups} groups, one kit each, and hand each group its four role "
            "cards: operator, opponent, recorder and scorer. Larger groups share the opponent's "
            "card."
        ).format(groups=self.groups)

    def _round_text(self, index: int) -> str:
        if index == 0:
            return _(
                "Play game after game. The operator works MENACE's boxes, the opponent plays against "
                "it, the recorder keeps the tally, the scorer draws the curve. After every game, the "
                "beads go back as the rules sheet says."
            )
        if self.shared:
            return _(
                "The groups go on taking turns at MENACE, and in each group the role cards pass to the "
                "left. The tally and the curve go on from the last game: MENACE keeps what it learned."
            )
        return _(
            "Pass each role card to the left, and play on. The tally and the curve go on from the "
            "last game: MENACE keeps what it learned."
        )
