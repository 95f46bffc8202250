"""A real PostgreSQL server for the store tests (issue 26 item 6): ``$DEALER_TEST_PG`` (a URL to a
server where the tests may create databases), else a private cluster started in a temporary folder
with Debian's ``postgresql`` (``/usr/lib/postgresql/*/bin``: initdb and pg_ctl, as the
``postgres`` user when run as root; a Unix socket only, no TCP port), stopped after the tests.
Where neither can be had, the tests that need it skip and say why. Each test gets a new database.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
_counter = itertools.count(1)


def _private_cluster() -> tuple[str, Path, list[str]]:
    """Start a cluster: (its URL, its folder, the command prefix to run as its owner)."""
    if not _BIN or not (_BIN[-1] / "initdb").exists():
        pytest.skip("PostgreSQL tests: no server (set DEALER_TEST_PG, or apt install postgresql)")
    bin_dir = _BIN[-1]
    folder = Path(tempfile.mkdtemp(prefix="dealer-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: the cluster belongs to the postgres user
        if shutil.which("runuser") is None:
            pytest.skip("PostgreSQL tests: running as root without runuser to drop to postgres")
        shutil.chown(folder, "postgres", "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    data, socket_dir = folder / "data", folder
    port = 5433 + os.getpid() % 1000  # the socket's name only: nothing listens on TCP
    run = [*prefix, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
           "--no-sync", "-E", "UTF8"]  # fmt: skip
    started = subprocess.run(run, capture_output=True, text=True, timeout=120)
    if started.returncode == 0:
        options = f"-k {socket_dir} -p {port} -c listen_addresses='' -c fsync=off"
        started = subprocess.run(
            [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-t", "60",
             "-l", str(folder / "log"), "start"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    if started.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        reason = (started.stderr or started.stdout).strip().splitlines()[-1:]
        pytest.skip(f"PostgreSQL tests: the server would not start: {' '.join(reason)}")
    return f"postgresql://postgres@/postgres?host={socket_dir}&port={port}", folder, prefix


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL server's ``postgres`` database."""
    pytest.importorskip("psycopg", reason="PostgreSQL tests: psycopg is not installed")
    named = os.environ.get("DEALER_TEST_PG")
    if named:
        yield named
        return
    url, folder, prefix = _private_cluster()
    try:
        yield url
    finally:
        subprocess.run(
            [*prefix, str(_BIN[-1] / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate",
             "stop"],
            capture_output=True, timeout=60,
        )  # fmt: skip
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A new, empty database on the server, dropped after the test."""
    import psycopg

    name = f"dealer_test_{os.getpid()}_{next(_counter)}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    base, _, query = pg_server.partition("?")
    yield f"{base.rsplit('/', 1)[0]}/{name}" + (f"?{query}" if query else "")
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
