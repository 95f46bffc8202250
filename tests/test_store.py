"""The progress store (issue 26 item 6) on SQLite and on a real PostgreSQL server (tests/postgres.py
starts one, or skips saying why): the same schema by versioned migrations, an older SQLite file
migrated with its data, the SQLite file its owner's only and in WAL mode, accounts and classes."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from dealer.apps.web.store import MIGRATIONS, Progress, Role, StoreError
from tests.postgres import pg_server, pg_url

__all__ = ["pg_server", "pg_url"]  # the fixtures, used by name

REPORT = {"drill": "normal", "ruleset": "seed", "seed": 1, "hands": 1, "steps_right": 9,
          "steps_wrong": 1, "seconds_per_hand": 3.0, "mistakes_by_rule": {"BURN": 1},
          "mistakes": [], "skills": {"burns": {"positions": 4, "first_right": 3}}}  # fmt: skip


@pytest.fixture(params=["sqlite", "postgres"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if request.param == "sqlite":
        return tmp_path / "progress.sqlite3"
    url: str = request.getfixturevalue("pg_url")
    return url


def test_sessions_round_trip_and_a_second_open_migrates_nothing(target: Path | str) -> None:
    store = Progress(target)
    assert store.version() == len(MIGRATIONS)
    first = store.add("Ann", REPORT, learn=False, when=1.0)
    second = store.add("Ann", REPORT, learn=True, when=2.0)
    assert second > first
    again = Progress(target)  # as a second server behind the same address would
    assert again.version() == len(MIGRATIONS)
    assert [(s.id, s.learn, s.report) for s in again.sessions("Ann")] == [
        (first, False, REPORT), (second, True, REPORT)
    ]  # fmt: skip
    assert [s.trainee for s in again.sittings(["Ann", "Bo"])] == ["Ann", "Ann"]
    again.open_live("abc", "Bo", {"drill": "normal"})
    again.add_line("abc", 1, "line", "post")
    [live] = store.live_sessions()
    assert (live.id, live.trainee, live.lines) == ("abc", "Bo", [("line", "post")])


def test_accounts_and_classes(target: Path | str) -> None:
    store = Progress(target)
    assert not store.has_users()
    teacher = store.add_user("Mei", Role.INSTRUCTOR, "hash-1")
    with pytest.raises(StoreError, match="taken"):
        store.add_user("Mei", Role.TRAINEE, "hash-2")
    group = store.add_class("Monday", teacher, "invite-code")
    ann = store.add_user("Ann", Role.TRAINEE, "hash-3", group)
    store.add_user("Bo", Role.TRAINEE, "hash-4", group)
    assert store.has_users()
    assert [u.name for u in store.roster(group)] == ["Ann", "Bo"]
    assert store.user(ann) == store.user_named("Ann")
    found = store.user_named("Ann")
    assert found is not None and (found.role, found.class_id) == (Role.TRAINEE, group)
    assert [c.name for c in store.classes_of(teacher)] == ["Monday"]
    assert store.class_by_invite("invite-code") == store.school_class(group)
    assert store.classes_of(ann) == [] and store.class_by_invite("nope") is None
    key = store.config("cookie-key", "first")
    assert key == "first" and Progress(target).config("cookie-key", "second") == "first"


OLD_SCHEMA = """
CREATE TABLE sessions (id INTEGER PRIMARY KEY AUTOINCREMENT, trainee TEXT NOT NULL,
    finished REAL NOT NULL, learn INTEGER NOT NULL, report TEXT NOT NULL);
CREATE INDEX sessions_by_trainee ON sessions (trainee, id);
CREATE TABLE live (id TEXT PRIMARY KEY, trainee TEXT NOT NULL, settings TEXT NOT NULL);
CREATE TABLE live_lines (session TEXT NOT NULL, number INTEGER NOT NULL, kind TEXT NOT NULL,
    line TEXT NOT NULL, PRIMARY KEY (session, number));
INSERT INTO sessions (trainee, finished, learn, report) VALUES ('Ann', 5.0, 0, '{"drill": "x"}');
"""


def test_a_progress_file_from_before_the_migrations_is_brought_up_to_date(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript(OLD_SCHEMA)
    path.chmod(0o644)
    store = Progress(path)
    assert store.version() == len(MIGRATIONS)
    assert [(s.trainee, s.finished, s.report) for s in store.sessions("Ann")] == [
        ("Ann", 5.0, {"drill": "x"})
    ]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds password hashes now
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert db.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [
            (1,), (2,)
        ]  # fmt: skip


def test_a_new_sqlite_file_is_its_owners_only(tmp_path: Path) -> None:
    path = tmp_path / "new" / "p.sqlite3"
    Progress(path).add("Ann", REPORT, learn=False)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    for extra in path.parent.glob("p.sqlite3-*"):  # WAL and shared memory: the same mode
        assert stat.S_IMODE(extra.stat().st_mode) == 0o600, extra


def test_a_newer_schema_than_this_dealer_knows_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    Progress(path)
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO schema_version (version) VALUES (99)")
    with pytest.raises(StoreError, match="version 99, newer than this dealer's"):
        Progress(path)


def test_an_unreachable_server_is_one_line() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StoreError, match=r"^cannot connect to the database"):
        Progress("postgresql://nobody@/nothing?host=/nonexistent&connect_timeout=1")
