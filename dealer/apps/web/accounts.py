"""Accounts: instructors and trainees who sign in, and the guard every request passes (issue 26).

Passwords are hashed with argon2id (argon2-cffi: memory-hard, salted per hash, its cost written
into the hash, so that a stronger setting later still checks the older hashes). The signed-in user
lives in Starlette's signed session cookie (itsdangerous), with a CSRF token drawn per session.

:class:`Guard` wraps the whole app, the trainer's routes untouched. With accounts on, it lets only
the sign-in pages and the static files through to someone not signed in; checks the session's
CSRF token on every POST, PUT, PATCH and DELETE (the ``X-CSRF-Token`` header, or the ``csrf``
field of a form); and holds each record to its owner: a trainee reaches only their own sessions,
progress and reports (another's: 403), an instructor those of their classes' trainees. A new
training session is opened under the signed-in name whatever the page sent. Every HTML page gets
the token (``<meta name="csrf-token">`` and ``/static/csrf.js``, which adds the header to the page's
own requests) and a bar with who is signed in. Without accounts (one person on their own machine,
bound to this machine only), the pages say so instead, and there is no sign-in to forge a request
with: the JSON API's content-type check stands against other sites' forms.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from html import escape
from typing import Any, Protocol
from urllib.parse import parse_qs, quote, unquote

import anyio.to_thread
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from dealer.apps.web.pages import ACCOUNT_SLOT
from dealer.apps.web.store import Progress, Role, StoredSession, UserRecord
from dealer.apps.web.texts import page_text
from dealer.rules.rulebook import Lang

__all__ = ["Guard", "check_password", "csrf_token", "hash_password", "new_invite", "signed_in"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_HASHER = PasswordHasher()
MIN_PASSWORD = 8
MAX_FORM = 16_384  # bytes: a sign-in or class form, far below any upload
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# Reached without signing in: the sign-in pages, the files every page loads, the page words.
# Printable sheets: self-contained files, the same as `dealer booklet` and `dealer exam` write.
PRINTABLE = frozenset({"/rules", "/exam"})
OPEN_PAGES = frozenset({"/signin", "/signup"})
OPEN_FOLDERS = frozenset({"/api/texts", "/api/drills"})  # each name one level below


def is_open(path: str) -> bool:
    """Whether a path is reached without signing in.

    >>> [is_open(path) for path in ("/signin", "/static/style.css", "/api/texts/en")]
    [True, True, True]
    >>> [is_open(path) for path in ("/trainer", "/api/texts/", "/api/texts/en/x", "/signin/")]
    [False, False, False, False]
    """
    if path in OPEN_PAGES or path.startswith("/static/"):
        return True
    folder, _, name = path.rpartition("/")
    return folder in OPEN_FOLDERS and name != ""


def hash_password(password: str) -> str:
    """The password's argon2id hash (its salt and cost inside).

    >>> check_password(hash_password("correct horse"), "correct horse")
    True
    >>> check_password(hash_password("correct horse"), "wrong horse")
    False
    """
    return _HASHER.hash(password)


def check_password(hashed: str, password: str) -> bool:
    try:
        return _HASHER.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False


def new_invite() -> str:
    """A class's invitation code: 12 letters and digits, hard to guess, easy to read out."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i
    return "".join(secrets.choice(alphabet) for _ in range(12))


def csrf_token(session: MutableMapping[str, Any]) -> str:
    """The session's CSRF token, drawn the first time it is asked for."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def signed_in(request: Request) -> UserRecord | None:
    """The user the guard found for this request (``None``: no accounts, or not signed in)."""
    user = request.scope.get("state", {}).get("user")
    return user if isinstance(user, UserRecord) else None


class _Live(Protocol):
    trainee: str


class _Registry(Protocol):
    def get(self, session_id: str) -> Any: ...


class Guard:
    """The ASGI middleware (inside Starlette's SessionMiddleware: ``scope["session"]``)."""

    def __init__(
        self, app: ASGIApp, *, progress: Progress, registry: _Registry, accounts: bool
    ) -> None:
        self.app, self.progress, self.registry, self.accounts = app, progress, registry, accounts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        if not self.accounts:
            await self.app(scope, receive, self._decorating(request, send, None))
            return
        session = scope["session"]
        user = None
        if isinstance(session.get("user"), int):
            user = await anyio.to_thread.run_sync(self.progress.user, session["user"])
            if user is None:  # the account is gone: the cookie is worth nothing now
                session.clear()
        scope.setdefault("state", {})["user"] = user
        path = scope["path"]
        if request.method in UNSAFE:
            body, refused = await self._checked(request, receive)
            if refused is not None:
                await refused(scope, receive, send)
                return
            if user is not None and path == "/api/sessions":
                body = _as_trainee(body, user.name)
                _set_length(scope, len(body))
            receive = _replay(body, receive)
        if user is None and not is_open(path):
            if path.startswith("/api/"):
                response: Response = JSONResponse({"error": "sign in first"}, status_code=401)
            else:
                target = path + (f"?{scope['query_string'].decode()}" if scope["query_string"]
                                 else "")  # fmt: skip
                response = RedirectResponse(f"/signin?next={quote(target)}", status_code=303)
            await response(scope, receive, send)
            return
        if user is not None:
            refused = await self._owner(request, user)
            if refused is not None:
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, self._decorating(request, send, user))

    async def _checked(self, request: Request, receive: Receive) -> tuple[bytes, Response | None]:
        """The whole body, and the refusal if the CSRF token is missing or wrong."""
        body = bytearray()
        while True:
            message = await receive()
            body.extend(message.get("body", b""))
            if len(body) > MAX_FORM:
                return b"", _refuse(request, 413, "the request body is too large")
            if not message.get("more_body"):
                break
        sent = request.headers.get("x-csrf-token")
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if sent is None and kind == "application/x-www-form-urlencoded":
            fields = parse_qs(body.decode("utf-8", "replace"))
            sent = fields["csrf"][0] if fields.get("csrf") else None
        expected = request.scope["session"].get("csrf")
        if (
            not isinstance(expected, str)
            or sent is None
            or not hmac.compare_digest(sent.encode(), expected.encode())
        ):
            return b"", _refuse(request, 403, "missing or wrong CSRF token: reload the page")
        return bytes(body), None

    async def _owner(self, request: Request, user: UserRecord) -> Response | None:
        """403 for a record that is not the user's (nor, for an instructor, their trainees')."""
        parts = request.scope["path"].strip("/").split("/")
        trainee: str | None = None
        if parts[:2] == ["api", "sessions"] and len(parts) >= 3:
            live = self.registry.get(parts[2])
            if live is None:
                return None  # the app's own 404
            if live.trainee != user.name:  # driving a session is its trainee's alone
                return _refuse(request, 403, "this training session is another trainee's")
            return None
        if parts[:2] == ["api", "reports"] and len(parts) == 3 and parts[2].isdigit():
            number = int(parts[2])
            if not 0 < number < 1 << 63:
                return None
            stored: StoredSession | None = await anyio.to_thread.run_sync(
                self.progress.session, number
            )
            if stored is None:
                return None
            trainee = stored.trainee
        elif parts == ["trainer"] and "trainee" not in request.query_params:
            # The page's trainee field, filled with the one name a session opens under now.
            query = request.url.query
            target = f"/trainer?{query + '&' if query else ''}trainee={quote(user.name)}"
            return RedirectResponse(target, status_code=303)
        elif parts == ["progress"]:
            lang = request.query_params.get("lang", "en")
            target = f"/progress/{quote(user.name)}" if user.role is Role.TRAINEE else "/classes"
            return RedirectResponse(f"{target}?lang={quote(lang)}", status_code=303)
        elif parts[0] == "progress" and len(parts) >= 2:
            trainee = unquote(parts[1])
        if trainee is None:
            return None
        allowed = await anyio.to_thread.run_sync(self.may_see, user, trainee)
        return None if allowed else _refuse(request, 403, "this record is another trainee's")

    def may_see(self, user: UserRecord, trainee: str) -> bool:
        """Whether ``user`` may read ``trainee``'s record: their own, or their class's."""
        if user.name == trainee:
            return True
        if user.role is not Role.INSTRUCTOR:
            return False
        other = self.progress.user_named(trainee)
        if other is None or other.class_id is None:
            return False
        found = self.progress.school_class(other.class_id)
        return found is not None and found.instructor == user.id

    def _decorating(self, request: Request, send: Send, user: UserRecord | None) -> Send:
        """``send`` with every HTML page given the token and the bar saying who is signed in
        (or, without accounts, that the server answers this machine only)."""
        state: dict[str, Any] = {}

        async def decorated(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                if headers.get(b"content-type", b"").startswith(b"text/html"):
                    state["start"], state["body"] = message, bytearray()
                    return
                await send(message)
                return
            if "start" not in state:
                await send(message)
                return
            state["body"].extend(message.get("body", b""))
            if message.get("more_body"):
                return
            page = self._decorate(bytes(state["body"]), request, user)
            start = state["start"]
            start["headers"] = [
                (key, value) for key, value in start.get("headers", []) if key != b"content-length"
            ] + [(b"content-length", str(len(page)).encode())]
            await send(start)
            await send({"type": "http.response.body", "body": page, "more_body": False})

        return decorated

    def _decorate(self, page: bytes, request: Request, user: UserRecord | None) -> bytes:
        try:
            lang = Lang(request.query_params.get("lang", "en"))
        except ValueError:
            lang = Lang.EN
        html = page.decode("utf-8")
        if not self.accounts and request.url.path in PRINTABLE:
            # a sheet to print is the same file as the terminal's (no bar)
            return html.replace(ACCOUNT_SLOT, "", 1).encode("utf-8")
        if not self.accounts:
            bar = (
                f'<div class="account local" id="account" style="{_BAR}">'
                f"{escape(page_text('school-local', lang))}</div>"
            )
        else:
            token = escape(csrf_token(request.scope["session"]))
            head = (
                f'<meta name="csrf-token" content="{token}"><script src="/static/csrf.js"></script>'
            )
            html = html.replace("</head>", head + "</head>", 1)
            if user is None:
                bar = ""
            else:
                role = page_text(f"school-role-{user.role.value}", lang)
                words = {key: escape(page_text(f"school-{key}", lang))
                         for key in ("classes", "my-record", "signout")}  # fmt: skip
                classes = (
                    f' · <a href="/classes?lang={lang.value}">{words["classes"]}</a>'
                    if user.role is Role.INSTRUCTOR
                    else f' · <a href="{_record(user)}?lang={lang.value}" id="my-record">'
                    f"{words['my-record']}</a>"
                )
                bar = (
                    f'<div class="account" id="account" style="{_BAR}">'
                    f'<span id="who">{escape(user.name)}</span>'
                    f" ({escape(role)}){classes} · "
                    f'<form method="post" action="/signout" style="display:inline">'
                    f'<input type="hidden" name="csrf" value="{token}">'
                    f'<button type="submit" id="signout">{words["signout"]}'
                    "</button></form></div>"
                )
        return html.replace(ACCOUNT_SLOT, bar, 1).encode("utf-8")


def _record(user: UserRecord) -> str:
    """A trainee's own record: the class's detail page (by skill and rule), else the sessions."""
    if user.class_id is None:
        return f"/progress/{quote(user.name)}"
    return f"/classes/{user.class_id}/trainees/{quote(user.name)}"


_BAR = "padding:.3em .6em;font-size:.9em;background:#f4f1e8;border-bottom:1px solid #ddd"


def _refuse(request: Request, status: int, message: str) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return PlainTextResponse(message, status_code=status)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then waits as the server does."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def _as_trainee(body: bytes, name: str) -> bytes:
    """A new session's request with the signed-in name as its trainee (anything else as sent:
    a body that is no JSON object is the app's to refuse)."""
    try:
        data = json.loads(body) if body else {}
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return body
    if not isinstance(data, dict):
        return body
    data["trainee"] = name
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _set_length(scope: Scope, length: int) -> None:
    headers = [(k, v) for k, v in scope["headers"] if k != b"content-length"]
    scope["headers"] = [*headers, (b"content-length", str(length).encode())]
