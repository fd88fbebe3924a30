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
# The steps that do not grow with the lesson, in minutes; the games get what is left.
WELCOME, THE_GAME, ROLES_MINUTES, PLOT, TALK, CERTIFICATES = 5, 5, 3, 5, 5, 2
ROUND_MINUTES = 5  # roles change after each round of games, so everyone plays each part


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

    def __post_init__(self) -> None:
        if not 1 <= self.groups <= MAX_GROUPS:
            raise LessonError(_("a lesson has 1 to {most} groups, not {groups}: give --groups a number in "
                                "that range").format(most=MAX_GROUPS, groups=self.groups))
        if not MIN_MINUTES <= self.minutes <= MAX_MINUTES:
            raise LessonError(_("a lesson lasts {least} to {most} minutes, not {minutes}: give --minutes a "
                                "number in that range").format(least=MIN_MINUTES, most=MAX_MINUTES,
                                                               minutes=self.minutes))

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
        kit is not the game's default, and the kit code, which the tracker checks against its own."""
        spec, game = self.spec, self.spec.game
        words = ["menace", "new", self.store_name(group), "--game", game.spec]
        if spec.catalogue.menace_plays != game.default_menace_plays:
            words += ["--menace-plays", spec.catalogue.menace_plays]
        if spec.catalogue.rules.name != game.default_rules:
            words += ["--rules", spec.catalogue.rules.name]
        if spec.palette.name != game.default_palette:
            words += ["--palette", spec.palette.name]
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
        return self.minutes - (WELCOME + THE_GAME + ROLES_MINUTES + PLOT + TALK + CERTIFICATES)

    def steps(self) -> list[Step]:
        """The lesson by the minute; the steps follow each other and end on the lesson's last minute."""
        game = self.spec.game.short_title
        boxes = number(len(self.spec.catalogue.boxes))
        machine = (_("one MENACE of {boxes} matchboxes for the whole class") if self.shared else
                   _("a MENACE of {boxes} matchboxes for each group")).format(boxes=boxes)
        minutes = [WELCOME, THE_GAME, ROLES_MINUTES]
        rounds = self.rounds
        play = self._play_minutes
        minutes += [play // rounds + (1 if r < play % rounds else 0) for r in range(rounds)]
        minutes += [PLOT, TALK, CERTIFICATES]
        texts = [
            (_("Welcome"), _("Show a matchbox and its beads. Today the class plays {game} against {machine}. "
                            "It has no brain: it picks a bead at random and learns only from the beads "
                            "the rules add or take away.").format(game=game, machine=machine)),
            (_("The game"), _("Read the rules sheet together. Pupils play one game of {game} in pairs, "
                             "without MENACE, to learn the moves.").format(game=game)),
            (_("Roles"), self._roles_text()),
            *[(_("Games, round {round} of {rounds}").format(round=r + 1, rounds=rounds), self._round_text(r))
              for r in range(rounds)],
            (_("Draw the curve"), _("Each group's scorer reads out the worksheet's tally; everyone draws "
                                   "MENACE's running score ({rule}) game by game. Does the line go "
                                   "up?").format(rule=score_rule_text(self.spec.game))),
            (_("What happened?"), _("Open the boxes MENACE used in the first game. Which colours are gone? "
                                   "Why does it stop making those moves? Where did the beads go in the "
                                   "last game?")),
            (_("Certificates"), _("Each pupil who played against MENACE takes home a certificate: beat, "
                                 "drew with or lost to MENACE.") if self.draws else
             _("Each pupil who played against MENACE takes home a certificate: beat or lost to MENACE.")),
        ]
        steps, start = [], 0
        for (title, text), length in zip(texts, minutes, strict=True):
            steps.append(Step(start, start + length, title, text))
            start += length
        return steps

    def _roles_text(self) -> str:
        if self.shared:
            return _("Split the class into {groups} groups and hand each group its four role cards. The "
                     "groups take turns at the one MENACE, a game each: the group at the table plays every "
                     "part, the others watch and guess MENACE's move.").format(groups=self.groups)
        return _("Split the class into {groups} groups, one kit each, and hand each group its four role "
                 "cards: operator, opponent, recorder and scorer. Larger groups share the opponent's "
                 "card.").format(groups=self.groups)

    def _round_text(self, index: int) -> str:
        if index == 0:
            return _("Play game after game. The operator works MENACE's boxes, the opponent plays against "
                     "it, the recorder keeps the tally, the scorer draws the curve. After every game, the "
                     "beads go back as the rules sheet says.")
        if self.shared:
            return _("The groups go on taking turns at MENACE, and in each group the role cards pass to the "
                     "left. The tally and the curve go on from the last game: MENACE keeps what it learned.")
        return _("Pass each role card to the left, and play on. The tally and the curve go on from the "
                 "last game: MENACE keeps what it learned.")
