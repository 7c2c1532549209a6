"""Project metadata: an MIT LICENSE, pyproject's license/URLs/classifiers, README links inside the repository."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_license_is_mit_for_the_authors():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Boarders Away! authors" in text


def test_pyproject_has_license_urls_and_classifiers():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert any(c.startswith("Programming Language :: Python :: 3") for c in project["classifiers"])
    assert {"Homepage", "Source", "Issues"} <= set(project["urls"])
    assert project["scripts"]["boarders"] == "game.cli:main"
    assert "version" in project["dynamic"]


def test_readme_links_stay_inside_the_repository():
    for md in (ROOT / "README.md", ROOT / "maps" / "README.md"):
        text = md.read_text(encoding="utf-8")
        assert "../shared" not in text, md
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (md.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), f"{md.name}: {target} leaves the repository"
            assert path.exists(), f"{md.name}: {target} does not exist"
