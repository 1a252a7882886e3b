"""The players' own printed components: one checked file per game, to keep and to share.

The rule texts do not print what is on the tiles and cards, so a table
enters its own set once (the editor, or while playing) and tableside keeps
it in the data directory, ``components/<game>.json``. Each file is the
sharing format as well, so a café enters its boxes once, exports them and
imports them on every other table::

    {"format": "tableside-components", "version": 1,
     "game": "marauders", "digest": "3f2a...", "data": {...}}

Every read and write goes through the game's own schema
(``Game.component_schema()``), the same check the game applies when it
starts, so a file that loads here cannot be refused later. Writes are
atomic (a temporary file, fsync, rename): a pulled plug leaves the old file
or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.components import digest_of
from rules.errors import SituationError
from rules.game import Game
from rules.registry import all_games, get_game
from rules.schema import dump_json
from rules.text import Msg, printable, verbatim
from ui.outside import OutsideFileError, read_json

FORMAT = "tableside-components"
VERSION = 1


class ComponentFileError(Exception):
    """A component file cannot be used; the message says what is wrong and what to do.

    ``message`` is the text for the screen (translated where it was given as a ``Msg``).
    """

    def __init__(self, text: str | Msg) -> None:
        self.message = text if isinstance(text, Msg) else verbatim(text)
        super().__init__(self.message.english())


@dataclass(frozen=True)
class ComponentFile:
    """A checked component set: which game, its data and digest."""

    game: str
    data: dict[str, Any]
    digest: str


def games_with_components() -> dict[str, Game]:
    """The registered games that need printed-component data."""
    return {n: g for n, g in all_games().items() if g.component_schema() is not None}


def check(game: Game, data: Any, source: str) -> ComponentFile:
    """Check component ``data`` against ``game``'s schema; errors name the field and the file."""
    schema = game.component_schema()
    if schema is None:
        raise ComponentFileError(f"{game.title} has no printed components to enter")
    try:
        checked = schema.check(data, "data")
    except SituationError as exc:
        raise ComponentFileError(f"{source}: {exc}") from None
    return ComponentFile(game=game.name, data=checked, digest=digest_of(checked))


def read_file(path: Path, game: str | None = None, inside: Path | None = None) -> ComponentFile:
    """Read and check a component file (the sharing format); ``game`` must match if given.

    Read through :func:`ui.outside.read_json` (at most 1 MiB, a plain file,
    within ``inside`` when given, e.g. the stick it was found on).
    """
    try:
        doc = read_json(path, inside)
    except OutsideFileError as exc:
        raise ComponentFileError(exc.message) from None
    path = Path(printable(str(path)))
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ComponentFileError(f"{path} is not a tableside components file")
    if doc.get("version") != VERSION:
        raise ComponentFileError(
            f"{path} has version {doc.get('version')}; this tableside reads version {VERSION}"
        )
    name = doc.get("game")
    if not isinstance(name, str) or name not in all_games():
        raise ComponentFileError(f"{path} is for an unknown game ({name!r})")
    if game is not None and name != game:
        raise ComponentFileError(f"{path} holds the components of {name}, not of {game}")
    checked = check(get_game(name), doc.get("data"), str(path))
    if doc.get("digest") not in (None, checked.digest):
        raise ComponentFileError(
            f"{path} was changed after it was exported (its digest does not match): "
            "export it again from the box it came from"
        )
    return checked


def document(item: ComponentFile) -> str:
    """The file text of a component set (the sharing format)."""
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": item.game,
        "digest": item.digest,
        "data": item.data,
    }
    return dump_json(doc) + "\n"


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


class ComponentStore:
    """The component sets of this box, one file per game under ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path(self, game: str) -> Path:
        return self.directory / f"{game}.json"

    def load(self, game: str) -> ComponentFile | None:
        """The players' set for ``game``, or ``None`` when they have not entered one."""
        path = self.path(game)
        if not path.exists():
            return None
        return read_file(path, game)

    def save(self, game: str, data: Any) -> ComponentFile:
        """Check ``data`` and keep it as the players' set for ``game``."""
        item = check(get_game(game), data, f"the {game} components")
        try:
            write_atomically(self.path(game), document(item))
        except OSError as exc:
            raise ComponentFileError(
                f"cannot save the {game} components in {self.directory}: {exc.strerror}"
            ) from None
        return item

    def export(self, game: str, destination: Path) -> ComponentFile:
        """Copy the players' set for ``game`` to ``destination`` (a file or a folder)."""
        item = self.load(game)
        if item is None:
            raise ComponentFileError(
                f"no {game} components entered on this box yet (enter them first: "
                f"tableside components edit {game})"
            )
        target = destination / f"{game}.tableside.json" if destination.is_dir() else destination
        try:
            write_atomically(target, document(item))
        except OSError as exc:
            raise ComponentFileError(f"cannot write {target}: {exc.strerror}") from None
        return item

    def import_file(
        self, source: Path, game: str | None = None, inside: Path | None = None
    ) -> ComponentFile:
        """Check a shared file and keep it as this box's set for its game (nothing kept if not)."""
        item = read_file(source, game, inside)
        return self.save(item.game, item.data)

    # -- learned while playing (Game.component_entries) ------------------------------------

    def learned_path(self, game: str) -> Path:
        return self.directory / f"{game}.learned.json"

    def learned(self, game: str) -> list[dict[str, Any]]:
        """Components the table entered while playing ``game``, not yet saved into its set.

        A damaged file counts as empty: these are offers, the journal keeps
        every answer anyway.
        """
        path = self.learned_path(game)
        try:
            doc = read_json(path)
        except OutsideFileError:
            return []
        entries = doc.get("entries") if isinstance(doc, dict) else None
        return (
            [dict(e) for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []
        )

    def add_learned(self, game: str, entries: Sequence[Mapping[str, Any]]) -> int:
        """Keep new entries for ``game`` (an entry already kept is not repeated); how many new."""
        kept = self.learned(game)
        new = [dict(e) for e in entries if dict(e) not in kept]
        unique: list[dict[str, Any]] = []
        for entry in new:
            if entry not in unique:
                unique.append(entry)
        if unique:
            write_atomically(self.learned_path(game), dump_json({"entries": kept + unique}) + "\n")
        return len(unique)

    def clear_learned(self, game: str) -> None:
        """Forget the entries of ``game`` (they were taken into its saved set)."""
        self.learned_path(game).unlink(missing_ok=True)

    def status(self, game: str) -> ComponentStatus:
        """What this box has for ``game``: its own set, a damaged file, or nothing."""
        try:
            item = self.load(game)
        except ComponentFileError as exc:
            return ComponentStatus(
                game=game, own=None, problem=str(exc), learned=self.learned(game)
            )
        return ComponentStatus(game=game, own=item, problem=None, learned=self.learned(game))


@dataclass(frozen=True)
class ComponentStatus:
    """A game's components on this box: the players' own set (or why it cannot be used)."""

    game: str
    own: ComponentFile | None
    problem: str | None
    learned: list[dict[str, Any]]

    @property
    def example(self) -> bool:
        """True when games would start on the EXAMPLE set."""
        return self.own is None


def found_on(folder: Path) -> list[Path]:
    """Component files on a folder such as a mounted USB stick (``*.tableside.json``)."""
    found: list[Path] = []
    for pattern in ("*.tableside.json", "*/*.tableside.json"):  # top level and one folder down
        try:
            found += [p for p in folder.glob(pattern) if p.is_file()]
        except OSError:
            continue
    return sorted(set(found))
