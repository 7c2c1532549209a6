"""The one place that finds the game's shipped data: the maps/ and assets/ folders.

In the repository they are top-level folders beside game/. A wheel carries them inside the package
as game/_data/maps and game/_data/assets (setup.py copies them there at build time), so an installed
game (pip, pipx, a wheel, a PyInstaller bundle) finds them through importlib.resources, whatever the
current folder is. An editable install imports game/ from the source tree and so finds the
top-level folders.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

#: the shipped data folders, by the name they have at the top of the repository
DATA_FOLDERS = ("maps", "assets")
#: where a built wheel puts them inside the `game` package
PACKAGED = "_data"


class MissingData(OSError):
    """The install lacks its maps or assets (a broken or partial install)."""


def _package_root() -> Path:
    # A regular package on the file system (wheel, editable, PyInstaller) gives a real Path here.
    return Path(str(resources.files("game")))


def candidates(name: str) -> list[Path]:
    """Where the data folder `name` may be, best first: inside the installed package, then the source tree."""
    root = _package_root()
    return [root / PACKAGED / name, root.parent / name]


@cache
def data_dir(name: str, must_exist: bool = True) -> Path:
    """The folder `name` ("maps" or "assets"); MissingData (one line) if the install lacks it, or
    with must_exist=False the place it should be (for messages and module constants)."""
    if name not in DATA_FOLDERS:
        raise ValueError(f"{name!r} is not a data folder: {', '.join(DATA_FOLDERS)}")
    places = candidates(name)
    for p in places:
        if p.is_dir():
            return p
    if not must_exist:
        return places[0]
    raise MissingData(
        f"the game's {name}/ folder is missing (looked in {places[0]} and {places[1]}); "
        "reinstall with `python -m pip install --force-reinstall boarders-away`"
    )


def maps_dir() -> Path:
    """The folder holding the shipped Tiled maps (.tmx/.tsx) and their scenarios (.toml)."""
    return data_dir("maps")


def assets_dir() -> Path:
    """The folder holding tileset images, figure art and sounds."""
    return data_dir("assets")


def map_path(filename: str) -> Path:
    """A shipped map file, e.g. map_path("boarding_action.tmx")."""
    return maps_dir() / filename


def asset_path(*parts: str) -> Path:
    """A shipped asset, e.g. asset_path("sounds", "dice.wav")."""
    return assets_dir().joinpath(*parts)
