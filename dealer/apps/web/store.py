"""Progress: every finished session's score in SQLite (stdlib ``sqlite3``), per trainee.

A session is stored as the same JSON report ``dealer train --report`` writes, with its trainee,
time and whether Learn mode was on; the per-skill figures (a drill, or a rule the trainee broke)
are read back from the reports. One connection per call: calls are rare (a session's end, a
progress page), and SQLite serialises the writers itself.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "p.sqlite3"
>>> store = Progress(path)
>>> report = {"drill": "normal", "ruleset": "seed", "seed": 1, "hands": 1, "steps_right": 9,
...           "steps_wrong": 1, "seconds_per_hand": 3.0, "mistakes_by_rule": {"BURN": 1},
...           "mistakes": []}
>>> store.add("Ann", report, learn=False, when=0.0)
1
>>> [(s.skill, s.right, s.wrong) for s in store.skills("Ann")]
[('drill:normal', 9, 1), ('rule:BURN', 0, 1)]
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["LiveRecord", "Progress", "SkillRecord", "StoredSession"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee TEXT NOT NULL,
    finished REAL NOT NULL,
    learn INTEGER NOT NULL,
    report TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_trainee ON sessions (trainee, id);
CREATE TABLE IF NOT EXISTS live (
    id TEXT PRIMARY KEY,
    trainee TEXT NOT NULL,
    settings TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS live_lines (
    session TEXT NOT NULL,
    number INTEGER NOT NULL,
    kind TEXT NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (session, number)
);
"""


@dataclass(frozen=True, slots=True)
class LiveRecord:
    """A session in progress as stored: how it was opened, and every line sent to it since
    (``kind`` is ``line`` for a step or an answer, ``lang`` for a change of language)."""

    id: str
    trainee: str
    settings: dict[str, Any]
    lines: list[tuple[str, str]]


@dataclass(frozen=True, slots=True)
class StoredSession:
    id: int
    trainee: str
    finished: float
    learn: bool
    report: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SkillRecord:
    """``drill:NAME`` (steps right and wrong in that drill) or ``rule:ID`` (mistakes against it)."""

    skill: str
    right: int
    wrong: int

    @property
    def accuracy(self) -> float | None:
        total = self.right + self.wrong
        return round(100 * self.right / total, 1) if total else None


class Progress:
    """The progress store at ``path`` (created with its folder if missing)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        # One connection, kept (issue 23): a write-ahead log, committed without waiting for the
        # disk (synchronous=NORMAL), holds every commit through a crash or a kill of the server
        # (a power cut may lose the last ones, never the file); a connection per call, and the
        # checkpoint when the last one closes, cost a wait for the disk each time.
        self._db = sqlite3.connect(path, timeout=10, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        with self._connect() as db:
            db.executescript(_SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._lock, self._db as db:  # one call at a time; commits, or rolls back on an error
            yield db

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add(
        self,
        trainee: str,
        report: dict[str, Any],
        *,
        learn: bool,
        when: float | None = None,
        live_id: str | None = None,
    ) -> int:
        """Store a finished session's report; ``live_id``'s stored steps go in the same
        transaction (the session is either in progress or finished, never both, never none)."""
        with self._connect() as db:
            if live_id is not None:
                db.execute("DELETE FROM live_lines WHERE session = ?", (live_id,))
                db.execute("DELETE FROM live WHERE id = ?", (live_id,))
            cursor = db.execute(
                "INSERT INTO sessions (trainee, finished, learn, report) VALUES (?, ?, ?, ?)",
                (trainee, time.time() if when is None else when, int(learn),
                 json.dumps(report, ensure_ascii=False)),
            )  # fmt: skip
            return int(cursor.lastrowid or 0)

    # -- sessions in progress: stored as they happen, replayed when the server starts again ----

    def open_live(self, session_id: str, trainee: str, settings: dict[str, Any]) -> None:
        with self._connect() as db:
            db.execute(
                "INSERT INTO live (id, trainee, settings) VALUES (?, ?, ?)",
                (session_id, trainee, json.dumps(settings, ensure_ascii=False)),
            )

    def add_line(self, session_id: str, number: int, kind: str, line: str) -> None:
        with self._connect() as db:
            db.execute(
                "INSERT INTO live_lines (session, number, kind, line) VALUES (?, ?, ?, ?)",
                (session_id, number, kind, line),
            )

    def drop_live(self, session_id: str) -> None:
        with self._connect() as db:
            db.execute("DELETE FROM live_lines WHERE session = ?", (session_id,))
            db.execute("DELETE FROM live WHERE id = ?", (session_id,))

    def live_sessions(self) -> list[LiveRecord]:
        """Every session in progress, each with its lines in the order they were sent."""
        with self._connect() as db:
            opened = db.execute("SELECT id, trainee, settings FROM live ORDER BY rowid").fetchall()
            lines = db.execute(
                "SELECT session, kind, line FROM live_lines ORDER BY session, number"
            ).fetchall()
        sent: dict[str, list[tuple[str, str]]] = {}
        for session, kind, line in lines:
            sent.setdefault(str(session), []).append((str(kind), str(line)))
        return [
            LiveRecord(str(sid), str(trainee), json.loads(settings), sent.get(str(sid), []))
            for sid, trainee, settings in opened
        ]

    def trainees(self) -> list[str]:
        with self._connect() as db:
            rows = db.execute("SELECT DISTINCT trainee FROM sessions ORDER BY trainee").fetchall()
        return [str(row[0]) for row in rows]

    def sessions(self, trainee: str, limit: int = 200) -> list[StoredSession]:
        """The trainee's sessions, oldest first (the last ``limit``)."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT id, trainee, finished, learn, report FROM sessions WHERE trainee = ?"
                " ORDER BY id DESC LIMIT ?",
                (trainee, limit),
            ).fetchall()
        return [
            StoredSession(int(r[0]), str(r[1]), float(r[2]), bool(r[3]), json.loads(r[4]))
            for r in reversed(rows)
        ]

    def session(self, session_id: int) -> StoredSession | None:
        with self._connect() as db:
            row = db.execute(
                "SELECT id, trainee, finished, learn, report FROM sessions WHERE id = ?",
                (session_id,),
            ).fetchone()
        if row is None:
            return None
        return StoredSession(
            int(row[0]), str(row[1]), float(row[2]), bool(row[3]), json.loads(row[4])
        )

    def skills(self, trainee: str) -> list[SkillRecord]:
        """Per drill: steps right and wrong; per rule: the mistakes against it, most first."""
        drills: dict[str, list[int]] = {}
        rules: dict[str, int] = {}
        for stored in self.sessions(trainee, limit=10_000):
            report = stored.report
            totals = drills.setdefault(str(report["drill"]), [0, 0])
            totals[0] += int(report["steps_right"])
            totals[1] += int(report["steps_wrong"])
            for rule_id, count in report["mistakes_by_rule"].items():
                rules[rule_id] = rules.get(rule_id, 0) + int(count)
        found = [
            SkillRecord(f"drill:{name}", right, wrong)
            for name, (right, wrong) in sorted(drills.items())
        ]
        ranked = sorted(rules.items(), key=lambda item: (-item[1], item[0]))
        found.extend(SkillRecord(f"rule:{rule_id}", 0, count) for rule_id, count in ranked)
        return found
