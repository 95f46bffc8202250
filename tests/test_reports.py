"""Exports that travel (issue 26 item 3): the web's export is a trainer report that
``dealer train --summary`` reads beside the terminal's ``--report`` files, both of the one schema
``dealer/schemas/report.schema.json``; a trainee's sessions as CSV, one row per session and skill.
"""

from __future__ import annotations

import csv
import io
import json
import warnings
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from dealer import __version__
from dealer.apps.training import schema
from dealer.apps.training.export import COLUMNS
from dealer.apps.training.report import load_reports
from dealer.core.errors import DataError
from tests.helpers import run_dealer

pytest.importorskip("starlette")
pytest.importorskip("httpx")
warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

from dealer.apps.web.app import Settings, create_app  # noqa: E402

REPORT = jsonschema.Draft202012Validator(schema.report_schema())

# The terminal trainer's steps for `--seed 3 --hands 1`, normal drill, with one wrong first step:
# `burn` before the blinds are posted (BLINDS: "Before cards are dealt, the player immediately
# clockwise of the button posts the small blind ... and the next player ... the big blind").
_WRONG_FIRST = "burn\n"


def test_the_shipped_schema_is_the_generated_one() -> None:
    assert schema.SCHEMA_PATH.read_text(encoding="utf-8") == schema.schema_text(), (
        "run python -m dealer.apps.training.schema to write it again"
    )
    jsonschema.Draft202012Validator.check_schema(schema.report_schema())
    done = run_dealer("schema", "report")
    assert done.returncode == 0 and done.stdout == schema.schema_text()


def _play_web(client: Any, trainee: str, seed: int, wrong: str | None) -> dict[str, Any]:
    """One normal hand in the browser's API, Learn mode's steps, ``wrong`` tried first."""
    body = {"trainee": trainee, "drill": "normal", "hands": 1, "seed": seed, "learn": True,
            "lang": "zh-Hant"}  # fmt: skip
    state = client.post("/api/sessions", json=body).json()
    if wrong is not None:
        refused = client.post(f"/api/sessions/{state['id']}/step", json={"step": wrong})
        assert refused.status_code == 409
        state = refused.json()
    for _ in range(500):
        if state["finished"]:
            done: dict[str, Any] = state
            return done
        state = client.post(f"/api/sessions/{state['id']}/step", json={"step": state["expected"]})
        state = state.json()
    raise AssertionError("the hand did not end")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(Settings(db=tmp_path / "progress.sqlite3"))) as test_client:
        yield test_client


def test_the_web_export_is_a_report_the_summary_reads(client: Any, tmp_path: Path) -> None:
    _play_web(client, "Mei", 3, "burn")  # BLINDS: the blinds are posted before the deal
    _play_web(client, "Mei", 4, None)
    response = client.get("/progress/Mei/export.json")
    assert response.headers["content-disposition"].startswith('attachment; filename="Mei.json"')
    exported = response.json()
    assert REPORT.is_valid(exported), [e.message for e in REPORT.iter_errors(exported)]
    assert exported["export"] == "dealer-trainer" and exported["trainee"] == "Mei"
    assert exported["version"] == __version__
    first, second = exported["sessions"]
    assert (first["trainee"], first["lang"], first["version"]) == ("Mei", "zh-Hant", __version__)
    assert first["date"] <= second["date"] and first["date"].endswith("+00:00")
    assert first["mistakes"][0]["rule"] == "BLINDS" and second["mistakes"] == []
    # The terminal's report of the same drill, beside the export: one summary over both files.
    path = tmp_path / "export.json"
    path.write_text(response.text, encoding="utf-8")
    terminal = tmp_path / "terminal.json"
    done = run_dealer("train", "--seed", "3", "--hands", "1", "--trainee", "Mei",
                      "--report", str(terminal), stdin=_WRONG_FIRST + "quit\n")  # fmt: skip
    assert done.returncode == 0, done.stderr
    own = json.loads(terminal.read_text(encoding="utf-8"))
    assert REPORT.is_valid(own), [e.message for e in REPORT.iter_errors(own)]
    done = run_dealer("train", "--summary", str(path), str(terminal))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Mei: 3 sessions"
    # The procedure skill (BLINDS is graded as procedure): first-time rights over the sessions.
    tallies = [r["skills"]["procedure"] for r in (first, second, own) if "procedure" in r["skills"]]
    right = sum(t["first_right"] for t in tallies)
    positions = sum(t["positions"] for t in tallies)
    procedure = next(line for line in lines if line.startswith("  procedure: "))
    assert procedure.startswith(f"  procedure: {right}/{positions} (")


def test_several_exports_add_up_per_trainee(client: Any, tmp_path: Path) -> None:
    _play_web(client, "Ann", 3, None)
    _play_web(client, "Bo", 3, "burn")
    paths = []
    for name in ("Ann", "Bo"):
        path = tmp_path / f"{name}.json"
        path.write_text(client.get(f"/progress/{name}/export.json").text, encoding="utf-8")
        paths.append(path)
    done = run_dealer("train", "--summary", *map(str, paths))
    assert done.returncode == 0, done.stderr
    heads = [line for line in done.stdout.splitlines() if not line.startswith(" ")]
    assert heads == ["Ann: 1 sessions", "Bo: 1 sessions"]


def test_overlapping_exports_count_each_session_once(client: Any, tmp_path: Path) -> None:
    """Last week's export and this week's hold the first session both: it counts once."""
    _play_web(client, "Mei", 3, "burn")
    earlier = tmp_path / "earlier.json"
    earlier.write_text(client.get("/progress/Mei/export.json").text, encoding="utf-8")
    _play_web(client, "Mei", 4, None)
    later = tmp_path / "later.json"
    later.write_text(client.get("/progress/Mei/export.json").text, encoding="utf-8")
    assert len(load_reports([earlier, later])) == 2
    done = run_dealer("train", "--summary", str(earlier), str(later))
    assert done.returncode == 0 and done.stdout.splitlines()[0] == "Mei: 2 sessions"


def test_an_export_that_is_not_one_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"export": "dealer-trainer", "sessions": [{"drill": "x"}]}))
    with pytest.raises(DataError, match=r"bad.json:1: session 1: not a trainer report"):
        load_reports([bad])
    bad.write_text(json.dumps({"skills": {"burns": {"positions": "4"}}}))
    with pytest.raises(DataError, match="skill 'burns': expected 'positions' and 'first_right'"):
        load_reports([bad])
    done = run_dealer("train", "--summary", str(bad))
    assert done.returncode == 2 and done.stderr.startswith(f"{bad}:1: skill 'burns'")


def test_a_session_stored_before_the_head_is_exported_as_not_recorded(client: Any) -> None:
    """A session stored by an older server (the score alone): trainee and date from the store,
    language and version null (not recorded), never guessed."""
    web = client.app.state.web
    score = {"drill": "normal", "ruleset": "seed", "seed": 1, "learn": False, "hands": 1,
             "hands_started": 1, "steps_right": 9, "steps_wrong": 0, "retries": 0,
             "seconds_per_hand": 3.0, "seconds_per_step": 0.3,
             "skills": {"burns": {"positions": 3, "first_right": 3, "accuracy": 1.0}},
             "mistakes_by_rule": {}, "mistakes_by_skill": {}, "mistakes": []}  # fmt: skip
    web.progress.add("Old", score, learn=False, when=86400.0)
    exported = client.get("/progress/Old/export.json").json()
    assert REPORT.is_valid(exported)
    head = {key: exported["sessions"][0][key] for key in ("trainee", "date", "lang", "version")}
    assert head == {"trainee": "Old", "date": "1970-01-02T00:00:00+00:00", "lang": None,
                    "version": None}  # fmt: skip


def test_the_csv_has_a_row_per_session_and_skill(client: Any) -> None:
    _play_web(client, "Mei", 3, "burn")
    _play_web(client, "Mei", 4, None)
    sessions = client.get("/progress/Mei/export.json").json()["sessions"]
    response = client.get("/progress/Mei/export.csv?lang=zh-Hant")
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert tuple(rows[0]) == COLUMNS
    expected = [(s["date"], skill, t["positions"], t["first_right"])
                for s in sessions for skill, t in s["skills"].items()]  # fmt: skip
    got = [(r["date"], r["skill"], int(r["positions"]), int(r["first_right"])) for r in rows]
    assert sorted(got) == sorted(expected)
    # BLINDS is a procedure step: the one mistake is in the first session's procedure row.
    procedure = [r for r in rows if r["skill"] == "procedure"]
    assert procedure[0]["mistakes"] == "BLINDS 1" and procedure[1]["mistakes"] == ""
    assert procedure[0]["skill_name"] == "基本程序" and procedure[0]["pass_mark"] == "0.95"
    assert {r["lang"] for r in rows} == {"zh-Hant"} and {r["trainee"] for r in rows} == {"Mei"}
    page = client.get("/progress/Mei").text
    assert 'href="/progress/Mei/export.csv?lang=en" id="export-csv"' in page
