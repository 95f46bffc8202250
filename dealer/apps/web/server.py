"""``dealer serve``: the web app on a local address, served by uvicorn.

Importing this module needs the ``web`` extra (Starlette and uvicorn); the command line catches
the import error and says how to install it.
"""

from __future__ import annotations

import os
import socket
import webbrowser
from dataclasses import replace
from pathlib import Path

import uvicorn

from dealer.apps.web.accounts import MIN_PASSWORD, hash_password
from dealer.apps.web.app import Settings, create_app
from dealer.apps.web.names import trainee_name
from dealer.apps.web.store import Progress, Role, shown_db

__all__ = ["LocalOnly", "add_instructor", "default_db", "serve"]


class LocalOnly(Exception):
    """A server without accounts asked to answer other machines."""


def add_instructor(target: Path | str, name: str, password: str) -> None:
    """An instructor's account (the name checked as a trainee's is; ValueError says why not)."""
    if len(password) < MIN_PASSWORD:
        raise ValueError(f"the password must have at least {MIN_PASSWORD} characters")
    store = Progress(target)
    store.add_user(
        trainee_name(name, store.user_names() + store.trainees()),
        Role.INSTRUCTOR,
        hash_password(password),
    )


def default_db() -> Path:
    """``$DEALER_WEB_DB``, else ``$XDG_DATA_HOME/dealer/progress.sqlite3`` (``~/.local/share``)."""
    named = os.environ.get("DEALER_WEB_DB")
    if named:
        return Path(named)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "dealer" / "progress.sqlite3"


_LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(host: str, port: int, *, open_browser: bool, settings: Settings) -> None:
    if host in _LOOPBACK and not settings.hosts:  # a page elsewhere cannot rebind a name to us
        settings = replace(settings, hosts=("127.0.0.1", "localhost", "[::1]"))
    app = create_app(settings)
    if not app.state.accounts and host not in _LOOPBACK:
        raise LocalOnly(
            f"without accounts the server answers this machine only (--host 127.0.0.1, not"
            f" {host}): --accounts, and an instructor (--add-instructor NAME), to serve a school"
        )
    # Bound before anything is said: a port in use is the caller's OSError (one line, exit 2),
    # not a line saying it serves followed by uvicorn's log.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = _listen(host, port, family)
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/"
    print(
        f"dealer: serving the trainer and the floor desk on {address}"
        f" (progress: {shown_db(settings.db)})",
        flush=True,
    )
    if app.state.accounts:
        print(f"dealer: accounts on: instructors and trainees sign in at {address}signin",
              flush=True)  # fmt: skip
    else:
        print(
            "dealer: no accounts: this machine only, and anyone at it may open any trainee's"
            " record (--accounts for a school)",
            flush=True,
        )
    if open_browser:
        webbrowser.open(address)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", server_header=False)
    uvicorn.Server(config).run(sockets=[listening])


def _listen(host: str, port: int, family: socket.AddressFamily) -> socket.socket:
    """The listening socket, made as TCP by name (``IPPROTO_TCP``, where ``create_server`` leaves
    0): asyncio turns Nagle's algorithm off only on such sockets' connections, and uvicorn writes
    a response's head and body apart, so with it on each answer's body waited for the client's
    delayed ACK (some 40 ms a request)."""
    listening = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:  # as create_server: this address family only
            listening.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        listening.bind((host, port))
        listening.listen()
    except OSError:
        listening.close()
        raise
    return listening
