"""The live training sessions: each its own examiner, found by an unguessable ID, never shared.

Memory is bounded twice: at most ``cap`` live sessions (a new one past that is refused until one
ends or idles out), and per session a bounded number of hands and of lines (steps, answers).
A session idle for ``idle_seconds`` is ended as if the trainee had quit, and its score kept.

Every examiner is headless (:class:`~dealer.apps.web.trainer_adapter.Examiner`): the server's
one thread runs them all, one request at a time, so no session needs a lock or a thread.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dealer.apps.web.trainer_adapter import Examiner

__all__ = ["Full", "Live", "Registry"]

MAX_LINES_PER_SESSION = 5_000


class Full(RuntimeError):
    """Too many live sessions."""


@dataclass
class Live:
    """A live session: the examiner, its trainee, and its Learn mode."""

    id: str
    trainee: str
    examiner: Examiner
    learn: bool
    used: float = field(default_factory=time.monotonic)
    lines: int = 0
    sent: int = 0  # lines stored for a restart (steps, answers and changes of language)
    stored: int | None = None  # the progress store's ID once the session has ended


class Registry:
    def __init__(
        self,
        *,
        cap: int,
        idle_seconds: float,
        on_end: Callable[[Live], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.cap, self.idle_seconds = cap, idle_seconds
        self._on_end, self._clock = on_end, clock
        self._live: dict[str, Live] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._live)

    def every(self) -> list[Live]:
        with self._lock:
            return list(self._live.values())

    def open(
        self, trainee: str, examiner: Examiner, learn: bool, session_id: str | None = None
    ) -> Live:
        """A new live session (``session_id``: one resumed after a restart keeps its ID)."""
        self.sweep()
        with self._lock:
            running = sum(not live.examiner.finished for live in self._live.values())
            if running >= self.cap:
                raise Full(f"too many live sessions ({self.cap}); try again later")
            ended = sorted(
                (live for live in self._live.values() if live.examiner.finished),
                key=lambda live: live.used,
            )
            for live in ended[: max(0, len(ended) - self.cap)]:  # the ended ones kept: cap too
                del self._live[live.id]
            given = session_id or secrets.token_urlsafe(18)
            live = Live(given, trainee, examiner, learn, self._clock())
            self._live[live.id] = live
        return live

    def get(self, session_id: str) -> Live | None:
        with self._lock:
            live = self._live.get(session_id)
        if live is not None:
            live.used = self._clock()
        return live

    def close(self, live: Live) -> None:
        """End the session (if it has not ended) and keep its score; it stays readable until
        :meth:`forget` or the idle sweep removes it."""
        if not live.examiner.finished:
            live.examiner.stop()
        if live.stored is None:
            self._on_end(live)

    def forget(self, live: Live) -> None:
        with self._lock:
            self._live.pop(live.id, None)

    def sweep(self) -> None:
        """End and drop the sessions idle too long."""
        now = self._clock()
        with self._lock:
            idle = [live for live in self._live.values() if now - live.used > self.idle_seconds]
        for live in idle:
            self.close(live)
            self.forget(live)

    def suspend_all(self) -> None:
        """Let go of every session without ending it: its steps are stored, and the next start
        of the server resumes it (the server's shutdown). Headless, an examiner holds nothing
        to stop."""
        with self._lock:
            self._live.clear()

    def close_all(self) -> None:
        with self._lock:
            every = list(self._live.values())
        for live in every:
            self.close(live)
            self.forget(live)
