"""Only what pyproject.toml cannot say: copy the top-level maps/ and assets/ folders into the wheel.

They stay top-level in the repository (Tiled projects and the tools write there) but ship inside the
package as game/_data/maps and game/_data/assets, where game/resources.py finds them with
importlib.resources. An editable install skips the copy: it reads the source tree directly.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_FOLDERS = ("maps", "assets")  # game/resources.py DATA_FOLDERS
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


def copy_data(build_lib: Path) -> None:
    """Copy maps/ and assets/ to <build_lib>/game/_data/ (tests/test_resources.py calls this)."""
    for name in DATA_FOLDERS:
        src = HERE / name
        if not src.is_dir():
            raise SystemExit(f"setup.py: {src} is missing; the wheel would ship without its {name}")
        dest = Path(build_lib) / "game" / "_data" / name
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(src, dest, ignore=SKIP)


class BuildPyWithData(build_py):
    def run(self):
        super().run()
        if not getattr(self, "editable_mode", False):
            copy_data(Path(self.build_lib))


setup(cmdclass={"build_py": BuildPyWithData})
