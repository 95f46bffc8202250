"""The school's routes (issue 26): sign in and out, join a class with its invitation code, an
instructor's classes and their trainees, the class grid (HTML and CSV) and one trainee's detail.

Who may do what is decided here and in :class:`dealer.apps.web.accounts.Guard` (which has already
checked the CSRF token of every form posted here): only an instructor reaches ``/classes``, and
only their own classes (another's: 403).
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import parse_qs

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from dealer.apps.training.grid import Sitting, class_grid, grid_csv, trainee_detail
from dealer.apps.training.report import School, load_school
from dealer.apps.web import school_pages
from dealer.apps.web.accounts import (
    MIN_PASSWORD,
    check_password,
    csrf_token,
    hash_password,
    new_invite,
    signed_in,
)
from dealer.apps.web.names import trainee_name
from dealer.apps.web.store import ClassRecord, Progress, Role, StoreError, UserRecord
from dealer.apps.web.texts import page_text
from dealer.rules.rulebook import Lang

__all__ = ["School", "SchoolRoutes"]


_UNKNOWN = hash_password(secrets.token_urlsafe(16))  # no password matches it


def _lang(request: Request) -> Lang:
    try:
        return Lang(request.query_params.get("lang", "en"))
    except ValueError:
        return Lang.EN


async def _form(request: Request) -> dict[str, str]:
    """A posted form's fields (the guard has read and size-checked the body already)."""
    body = await request.body()
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {key: values[0].strip() if key != "password" else values[0]
            for key, values in fields.items()}  # fmt: skip


def _safe_next(target: str, fallback: str) -> str:
    """Only a path on this site (never ``//elsewhere`` or ``https://...``)."""
    return target if target.startswith("/") and not target.startswith("//") else fallback


class SchoolRoutes:
    def __init__(self, progress: Progress, *, accounts: bool, school: School | None = None) -> None:
        self.progress, self.accounts = progress, accounts
        self.school = school or load_school()

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/signin", self.signin, methods=["GET", "POST"]),
            Route("/signup", self.signup, methods=["GET", "POST"]),
            Route("/signout", self.signout, methods=["POST"]),
            Route("/classes", self.classes, methods=["GET", "POST"]),
            Route("/classes/{cid:int}", self.class_grid_page),
            Route("/classes/{cid:int}/grid.csv", self.grid_csv),
            Route("/classes/{cid:int}/trainees", self.add_trainee, methods=["POST"]),
            Route("/classes/{cid:int}/trainees/{trainee}", self.trainee),
        ]

    # -- signing in ----------------------------------------------------------------------------

    def _off(self, request: Request) -> Response | None:
        if self.accounts:
            return None
        return PlainTextResponse(
            page_text("school-no-accounts", _lang(request), command="dealer serve --accounts"),
            status_code=404,
        )

    def _sign_in(self, request: Request, user: UserRecord) -> None:
        request.session.clear()  # a new session: nothing carried over from before signing in
        request.session["user"] = user.id
        csrf_token(request.session)

    def _home(self, user: UserRecord, lang: Lang) -> str:
        return (
            f"/classes?lang={lang.value}"
            if user.role is Role.INSTRUCTOR
            else (f"/trainer?lang={lang.value}")
        )

    async def signin(self, request: Request) -> Response:
        if (off := self._off(request)) is not None:
            return off
        lang = _lang(request)
        if request.method == "GET":
            target = request.query_params.get("next", "")
            return HTMLResponse(school_pages.signin_page(lang, csrf_token(request.session), target))
        form = await _form(request)
        user = await anyio.to_thread.run_sync(self.progress.user_named, form.get("name", ""))
        password = form.get("password", "")
        # An unknown name costs a hash check too: the answer's time tells no name apart.
        hashed = user.password if user is not None else _UNKNOWN
        ok = await anyio.to_thread.run_sync(check_password, hashed, password)
        if user is None or not ok:
            page = school_pages.signin_page(lang, csrf_token(request.session),
                                            form.get("next", ""),
                                            page_text("school-signin-wrong", lang))  # fmt: skip
            return HTMLResponse(page, status_code=401)
        self._sign_in(request, user)
        target = _safe_next(form.get("next", ""), self._home(user, lang))
        return RedirectResponse(target, status_code=303)

    async def signup(self, request: Request) -> Response:
        if (off := self._off(request)) is not None:
            return off
        lang = _lang(request)
        if request.method == "GET":
            invite = request.query_params.get("invite", "")
            return HTMLResponse(school_pages.signup_page(lang, csrf_token(request.session), invite))
        form = await _form(request)
        found = await anyio.to_thread.run_sync(
            self.progress.class_by_invite, form.get("invite", "")
        )
        error = None
        if found is None:
            error = page_text("school-bad-invite", lang)
        else:
            try:
                user = await self._new_trainee(form, found, lang)
            except ValueError as problem:
                error = str(problem)
        if error is not None:
            page = school_pages.signup_page(lang, csrf_token(request.session),
                                            form.get("invite", ""), error)  # fmt: skip
            return HTMLResponse(page, status_code=400)
        self._sign_in(request, user)
        return RedirectResponse(f"/trainer?lang={lang.value}", status_code=303)

    async def _new_trainee(
        self, form: dict[str, str], school_class: ClassRecord, lang: Lang
    ) -> UserRecord:
        """The account made from a form's name and password; ValueError says what is wrong."""
        password = form.get("password", "")
        if len(password) < MIN_PASSWORD:
            raise ValueError(page_text("school-password-short", lang, n=MIN_PASSWORD))
        # A look-alike of a stored trainee's name could never train (the trainer refuses it);
        # the very name takes that trainee's earlier sessions over, as it would without accounts.
        known = await anyio.to_thread.run_sync(
            lambda: self.progress.user_names() + self.progress.trainees()
        )
        try:
            name = trainee_name(form.get("name", ""), known)
        except ValueError:
            raise ValueError(page_text("school-bad-name", lang)) from None
        hashed = await anyio.to_thread.run_sync(hash_password, password)
        try:
            number = await anyio.to_thread.run_sync(
                self.progress.add_user, name, Role.TRAINEE, hashed, school_class.id
            )
        except StoreError:
            raise ValueError(page_text("school-name-taken", lang, name=name)) from None
        user = await anyio.to_thread.run_sync(self.progress.user, number)
        assert user is not None
        return user

    async def signout(self, request: Request) -> Response:
        request.session.clear()
        return RedirectResponse(f"/signin?lang={_lang(request).value}", status_code=303)

    # -- classes -------------------------------------------------------------------------------

    def _instructor(self, request: Request) -> UserRecord | Response:
        if (off := self._off(request)) is not None:
            return off
        user = signed_in(request)
        if user is None or user.role is not Role.INSTRUCTOR:
            return PlainTextResponse(page_text("school-instructors-only", _lang(request)),
                                     status_code=403)  # fmt: skip
        return user

    async def _own_class(self, request: Request) -> tuple[UserRecord, ClassRecord] | Response:
        user = self._instructor(request)
        if isinstance(user, Response):
            return user
        found = await anyio.to_thread.run_sync(
            self.progress.school_class, request.path_params["cid"]
        )
        if found is None:
            return PlainTextResponse(page_text("not-found", _lang(request)), status_code=404)
        if found.instructor != user.id:
            return PlainTextResponse(page_text("school-not-your-class", _lang(request)),
                                     status_code=403)  # fmt: skip
        return user, found

    async def classes(self, request: Request) -> Response:
        user = self._instructor(request)
        if isinstance(user, Response):
            return user
        lang = _lang(request)
        error = None
        if request.method == "POST":
            name = " ".join((await _form(request)).get("name", "").split())[:60]
            if name:
                number = await anyio.to_thread.run_sync(
                    self.progress.add_class, name, user.id, new_invite()
                )
                return RedirectResponse(f"/classes/{number}?lang={lang.value}", status_code=303)
            error = page_text("school-bad-class-name", lang)
        mine = await anyio.to_thread.run_sync(self.progress.classes_of, user.id)
        page = school_pages.classes_page(mine, lang, csrf_token(request.session), error)
        return HTMLResponse(page, status_code=200 if error is None else 400)

    def _grid(self, school_class: ClassRecord) -> Any:
        roster = [user.name for user in self.progress.roster(school_class.id)]
        stored = self.progress.sittings(roster)
        sittings = [Sitting(s.trainee, s.finished, s.report) for s in stored]
        return class_grid(sittings, self.school, roster)

    async def class_grid_page(self, request: Request, error: str | None = None) -> Response:
        owned = await self._own_class(request)
        if isinstance(owned, Response):
            return owned
        grid = await anyio.to_thread.run_sync(self._grid, owned[1])
        page = school_pages.class_page(owned[1], grid, _lang(request),
                                       csrf_token(request.session), error)  # fmt: skip
        return HTMLResponse(page, status_code=200 if error is None else 400)

    async def grid_csv(self, request: Request) -> Response:
        owned = await self._own_class(request)
        if isinstance(owned, Response):
            return owned
        grid = await anyio.to_thread.run_sync(self._grid, owned[1])
        name = f"class-{owned[1].id}-grid.csv"
        return PlainTextResponse(
            grid_csv(grid),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def add_trainee(self, request: Request) -> Response:
        owned = await self._own_class(request)
        if isinstance(owned, Response):
            return owned
        lang = _lang(request)
        try:
            await self._new_trainee(await _form(request), owned[1], lang)
        except ValueError as problem:
            return await self.class_grid_page(request, str(problem))
        return RedirectResponse(f"/classes/{owned[1].id}?lang={lang.value}", status_code=303)

    async def trainee(self, request: Request) -> Response:
        """One trainee's detail: for the class's instructor, and for the trainee themself."""
        name = request.path_params["trainee"]
        user = signed_in(request)
        mine = (
            user is not None
            and user.role is Role.TRAINEE
            and user.name == name
            and user.class_id == request.path_params["cid"]
        )
        if mine:
            found = await anyio.to_thread.run_sync(
                self.progress.school_class, request.path_params["cid"]
            )
            assert user is not None and found is not None
            owned: tuple[UserRecord, ClassRecord] | Response = (user, found)
        else:
            owned = await self._own_class(request)
        if isinstance(owned, Response):
            return owned
        grid = await anyio.to_thread.run_sync(self._grid, owned[1])
        if name not in {row.trainee for row in grid.rows}:
            return PlainTextResponse(page_text("school-not-your-class", _lang(request)),
                                     status_code=403)  # fmt: skip
        detail = trainee_detail(grid, name)
        return HTMLResponse(school_pages.trainee_page(owned[1], detail, _lang(request)))
