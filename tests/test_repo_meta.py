"""Project metadata: an MIT LICENSE, pyproject's license/URLs/classifiers, the README a front page
whose links stay inside the repository, and a repository that speaks of the product, never of how
it was made."""

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: the Markdown a reader follows from the front page
DOCS = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "maps" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_license_is_mit_for_the_authors():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Boarders Away! authors" in text


def test_pyproject_has_license_urls_and_classifiers():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert any(c.startswith("Programming Language :: Python :: 3") for c in project["classifiers"])
    # no public address yet: none is invented (a placeholder would send players nowhere)
    assert all(url.startswith("https://") for url in project.get("urls", {}).values())
    assert project["scripts"]["boarders"] == "game.cli:main"
    assert "version" in project["dynamic"]


def test_readme_links_stay_inside_the_repository():
    for md in DOCS:
        text = md.read_text(encoding="utf-8")
        assert "../shared" not in text, md
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (md.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), f"{md.name}: {target} leaves the repository"
            assert path.exists(), f"{md.name}: {target} does not exist"


def test_readme_is_a_front_page_with_the_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200, "the README is a front page: the rest belongs in docs/"
    assert "make play" in text and "make test" in text
    assert "](docs/screenshot.png)" in text
    for doc in ("playing", "authoring", "developing", "performance", "ai-ladder"):
        assert f"](docs/{doc}.md)" in text, f"the README links docs/{doc}.md"


#: How the project was made, which the repository never speaks of: tracker numbers, work sessions,
#: work-log entries, work branches and commit hashes given as history. Precise on purpose: "issue"
#: alone, a round of a mêlée or a hex colour must not match.
HISTORY = re.compile(
    r"\bissues? #?\d+"  # "issue 23", "Issue 24 item 3"
    r"|\bsessions? [a-z]*\d+[a-z]?\b"  # "session 12", "session ai23b"
    r"|\bwork[- ]?log"
    r"|\bfarm-(?:bench|studio)\b"
    r"|\bbranch(?:es)? `?h-[a-z0-9]+"  # "on branch h-hard3"
    r"|(?<![\w./#:-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,12}(?![\w])"  # "at 1bedfc9"
    r"|\b(?:commit|compare|at|against|since) \d{7,12}\b",  # "at 7305332": a hash of digits only
    re.IGNORECASE,
)


def _tracked_text_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an sdist): the tracked files are unknown")
    paths = []
    for name in out.decode("utf-8").split("\0"):
        # tests/data holds records, corpora and recorded plans: data, with hashes of their own; this
        # file names the patterns it looks for
        if (
            name
            and not name.startswith("tests/data/")
            and (ROOT / name).is_file()
            and ROOT / name != Path(__file__).resolve()
        ):
            paths.append(ROOT / name)
    return paths


def test_the_repository_speaks_of_the_product_not_of_how_it_was_made():
    found = []
    for path in _tracked_text_files():
        data = path.read_bytes()
        if b"\0" in data[:4096]:
            continue  # images, sounds: not text
        for n, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
            m = HISTORY.search(line)
            # the hex pattern is lower-case only: an id or a constant in capitals is not a commit
            if m and not (m.group(0).isupper() and m.group(0).isalnum()):
                found.append(f"{path.relative_to(ROOT)}:{n}: {m.group(0)!r} in {line.strip()[:100]}")
    assert not found, "history in the repository (say what the code does, not how it came to be):\n" + "\n".join(
        found[:40]
    )


@pytest.mark.parametrize(
    "line, history",
    [
        ("a ruleset (issue 24 item 3)", True),
        ("Session ai23b tried three look-aheads", True),
        ("measured at 7305332 with tools/ai_ladder.py", True),
        ("the code is on branch `h-hard3`", True),
        ("a work-log entry", True),
        ("Issues = the tracker", False),
        ("duel, round 2", False),
        ("colour #1a2b3c4 and sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", False),
        ("session.autosave keeps the last five", False),
    ],
)
def test_the_history_patterns_are_precise(line, history):
    assert bool(HISTORY.search(line)) is history
