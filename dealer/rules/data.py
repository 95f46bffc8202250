"""Where the procedure data lives: the one place the code finds ``procedures/``.

``procedures/`` at the top of the checkout is the one source of the data. A wheel ships it inside
the package as ``dealer/_procedures`` (a setuptools ``package-dir`` mapping), a plain folder beside
the modules; an editable install or a plain checkout reads the folder itself.
Messages name the files as ``procedures/...`` wherever they were found.

>>> (PROCEDURES / "rulebook.yaml").is_file()
True
>>> shown(PROCEDURES / "rulesets" / "seed.yaml")
'procedures/rulesets/seed.yaml'
"""

from __future__ import annotations

from pathlib import Path


def _locate() -> Path:
    # A wheel installs to a plain folder beside the package's modules (found without
    # importlib.resources, whose imports cost a floor answer's cold start about 4%).
    packaged = Path(__file__).resolve().parents[1] / "_procedures"
    if (packaged / "rulebook.yaml").is_file():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "procedures"
    if (checkout / "rulebook.yaml").is_file():
        return checkout
    # Neither: name the packaged place, so the error says what is missing where.
    return Path(str(packaged))


PROCEDURES: Path = _locate()
RULESETS: Path = PROCEDURES / "rulesets"
PREFIX = "procedures/"


def shown(path: Path) -> str:
    """A data file's name in messages: ``procedures/...`` if it is ours, else the path as given."""
    try:
        return PREFIX + path.resolve().relative_to(PROCEDURES.resolve()).as_posix()
    except ValueError:
        return str(path)


def shipped(name: str) -> Path | None:
    """A file named ``procedures/...`` (as scenarios and the docs write it), wherever it lives."""
    if not name.startswith(PREFIX):
        return None
    path = PROCEDURES / name.removeprefix(PREFIX)
    return path if path.is_file() else None
