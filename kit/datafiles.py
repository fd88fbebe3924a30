"""Named TOML files shipped inside kit/ (presets/, palettes/): listing and reading them by name."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from kit.game import GameError
from kit.i18n import _
from kit.shown import shown as cut

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def names(folder: str) -> list[str]:
    """The names of the .toml files in kit/<folder>, sorted."""
    return sorted(p.name.removesuffix(".toml") for p in _folder(folder).iterdir() if p.name.endswith(".toml"))


def read(folder: str, name: str) -> dict[str, Any] | None:
    """The parsed kit/<folder>/<name>.toml, or None when there is no such file (or ``name`` is a path)."""
    path = _folder(folder) / f"{name}.toml"
    if not name or "/" in name or "\\" in name or not path.is_file():
        return None
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _folder(folder: str) -> Traversable:
    """kit/<folder>: read straight from the disk where the package is a folder, as it is installed;
    importlib.resources (about 10 ms to import and set up, a third of a short simulation's start) only
    where it is not, such as a zip file."""
    here = Path(__file__).parent / folder
    if here.is_dir():
        return here
    from importlib import resources

    return resources.files("kit") / folder


# The largest whole number a data file may give where nothing smaller is said: far beyond any kit, and
# inside SQLite's integers, so a count that grows from it game by game cannot overflow (win = 10**30 did).
MOST = 1_000_000


class DataFileError(GameError):
    """A rules or palette file that cannot be read, or a field in it that is not allowed."""


def names_a_file(value: str) -> bool:
    """Whether a --rules or --palette value names a file: one that exists, or any name ending in .toml
    (so a mistyped file name is "no such file", not "no such preset")."""
    try:
        return value.endswith(".toml") or Path(value).is_file()
    except (OSError, ValueError):  # a name too long for the system, say: read_file says so in one line
        return True


def read_file(path: str) -> dict[str, Any]:
    """The parsed TOML file at ``path``; raises DataFileError in one line naming the file."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8-sig"))  # a byte order mark is no statement
    except FileNotFoundError:
        raise DataFileError(_("{path}: no such file").format(path=path)) from None
    except UnicodeDecodeError:
        raise DataFileError(_("{path}: not a text file (TOML is UTF-8)").format(path=path)) from None
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(_("{path}: not valid TOML: {error}").format(path=path, error=error)) from None
    except RecursionError:  # arrays or tables nested thousands deep: tomllib's parser recurses
        message = _("{path}: nested too deeply to be a menace-kit file")
        raise DataFileError(message.format(path=path)) from None
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or error
        raise DataFileError(_("{path}: cannot be read: {why}").format(path=path, why=why)) from None


LONGEST = 100  # numbers in one list: one a move of MENACE's, and no game of ours gives it more


class Fields:
    """Reads one TOML table field by field; each bad field is one line naming the source, the field and
    what is allowed, raised as ``error``."""

    def __init__(self, data: dict[str, Any], source: str, error: type[GameError]) -> None:
        self.data, self.source, self.error = data, source, error

    def fail(self, message: str) -> NoReturn:
        raise self.error(f"{self.source}: {message}")

    def only(self, allowed: tuple[str, ...]) -> None:
        """Refuses a field not in ``allowed`` (a typo such as "wins" would otherwise be ignored)."""
        for key in self.data:
            if key not in allowed:
                fields = ", ".join(allowed)
                self.fail(_("unknown field {key!r}: the fields are {fields}").format(key=key, fields=fields))

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or (default is None and not value.strip()):
            required = _("{key} must be text (it is required)").format(key=key)
            self.fail(
                required
                if key not in self.data
                else _("{key} must be text, not {value!r}").format(key=key, value=value)
            )
        return value

    def whole(
        self, key: str, default: int | None = None, *, least: int | None = None, most: int = MOST
    ) -> int:
        value = self.data.get(key, default)
        if value is None:
            self.fail(_("{key} is required: a whole number").format(key=key))
        if not isinstance(value, int) or isinstance(value, bool) or (least is not None and value < least):
            self.fail(
                _at_least(
                    least,
                    _("{key} must be a whole number, not {value!r}"),
                    _("{key} must be a whole number of at least {least}, not {value!r}"),
                ).format(key=key, value=value, least=least)
            )
        if least is None and value < -most:  # no least said: the bound holds either way
            message = _("{key} must be a whole number from {least:,} to {most:,}, not {value!r}")
            self.fail(message.format(key=key, least=-most, most=most, value=value))
        self._at_most(key, value, most)
        return value

    def _at_most(self, key: str, value: int, most: int) -> None:
        if value > most:
            message = _("{key} must be at most {most:,}, not {value!r}")
            self.fail(message.format(key=key, most=most, value=value))

    def length(self, key: str, default: float | None = None, *, least: float = 0.0) -> float:
        """A length in millimetres: a number (whole or not) of at least ``least``."""
        value = self.data.get(key, default)
        if value is None:
            self.fail(_("{key} is required: a length in mm").format(key=key))
        if not isinstance(value, int | float) or isinstance(value, bool) or not least <= value < 1000:
            self.fail(
                _("{key} must be a length in mm from {least:g} to 1000, not {value!r}").format(
                    key=key, least=least, value=value
                )
            )
        return float(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            self.fail(_("{key} must be true or false, not {value!r}").format(key=key, value=value))
        return value

    def wholes(self, key: str, *, least: int, most: int = MOST, longest: int = LONGEST) -> tuple[int, ...]:
        value = self.data.get(key)
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= least for n in value)
        ):
            shown = _("missing") if value is None else cut(repr(value))
            self.fail(
                _(
                    "{key} must be a list of whole numbers of at least {least}, e.g. [4, 3, 2, 1], not "
                    "{shown}"
                ).format(key=key, least=least, shown=shown)
            )
        if len(value) > longest:
            self.fail(
                _("{key} has {count} numbers: give at most {most}").format(
                    key=key, count=len(value), most=longest
                )
            )
        for number in value:
            self._at_most(key, number, most)
        return tuple(value)

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = self.data.get(key, default)
        if value not in choices:
            self.fail(
                _("{key} must be one of {choices}, not {value!r}").format(
                    key=key, choices=", ".join(choices), value=value
                )
            )
        return str(value)


def _at_least(least: int | None, without: str, with_least: str) -> str:
    """The message that names the least value allowed, when there is one."""
    return without if least is None else with_least
