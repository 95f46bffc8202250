"""The web app (Starlette): the trainer's API, the floor desk, the progress pages.

The server is the judge: the page sends each click as one dealer step and draws what the server
answers. Every input is checked here: a body too large (413), not JSON or not the expected shape
(400), an unknown session (404), a step refused by the procedure (409, with the rule and the hand
unchanged), an ended session (409), too many live sessions (503). Errors are JSON for ``/api`` and
never a traceback.
"""

from __future__ import annotations

import json
import random
import re
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from http.cookies import SimpleCookie
from importlib.resources import files
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from dealer.apps.floor.ask import answer as ask_answer
from dealer.apps.training.drills.procedure import owed_commands
from dealer.apps.training.export import csv_text
from dealer.apps.training.report import export_json, load_school, report_date, report_head
from dealer.apps.web import pages
from dealer.apps.web.accounts import Guard
from dealer.apps.web.names import trainee_name
from dealer.apps.web.school import SchoolRoutes
from dealer.apps.web.sessions import MAX_LINES_PER_SESSION, Full, Live, Registry
from dealer.apps.web.store import Progress, StoredSession
from dealer.apps.web.texts import page_texts
from dealer.apps.web.trainer_adapter import (
    DRILLS,
    SEEDED,
    SLIPS,
    BadStep,
    Examiner,
    Exchange,
    check_answer,
    check_step,
    drill_name,
    situation,
)
from dealer.apps.web.view import table_view
from dealer.core.steps import is_number
from dealer.rules.rulebook import Lang, book, rule
from dealer.rules.rulesets import load_ruleset
from dealer.rules.search import Verdict, search, suggest
from dealer.rules.texts import messages

__all__ = ["Settings", "create_app", "web_messages"]

STATIC = Path(str(files("dealer.apps.web") / "static"))


@dataclass(frozen=True, slots=True)
class Settings:
    """What the server is set up with (``dealer serve`` options)."""

    db: Path | str  # a SQLite file, or a postgresql:// URL
    max_sessions: int = 100
    idle_seconds: float = 1800.0
    max_body: int = 4096  # bytes: the largest request body the API reads
    max_hands: int = 20
    hosts: tuple[str, ...] = ()  # the Host names answered (none: any), against DNS rebinding
    accounts: bool = False  # sign-in required (also on whenever the database has accounts)
    https_only: bool = False  # the session cookie only over HTTPS (behind a TLS proxy)


class ApiError(Exception):
    def __init__(self, status: int, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra or {}


def web_messages(lang: Lang) -> dict[str, str]:
    """The page's words kept with every other message (``procedures/texts``, IDs ``web-*``)."""
    return {key: text for key, text in messages(lang).items() if key.startswith("web-")}


def _lang(value: str | None) -> Lang:
    try:
        return Lang(value or "en")
    except ValueError:
        raise ApiError(400, f"unknown language {value!r}: en, zh-Hans or zh-Hant") from None


def _max_players(ruleset: str) -> int:
    """The most players a table seats under ``ruleset``."""
    return load_ruleset(ruleset).max_players


def _ruleset(value: str | None) -> str:
    name = value or "seed"
    if name not in book().rulesets:
        raise ApiError(400, f"unknown ruleset {name!r}: {', '.join(book().rulesets)}")
    return name


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object, read at most ``limit`` bytes far.

    A body must say it is JSON: another page's form or plain-text post (which a browser sends
    across sites without asking) is refused, so only this app's own page can drive a session.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    has_body = request.headers.get("content-length", "0") != "0" or (
        "transfer-encoding" in request.headers
    )
    if kind != "application/json" and has_body:
        raise ApiError(415, "the body must be JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise ApiError(413, f"the request body is larger than {limit} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data.extend(chunk)
        if len(data) > limit:
            raise ApiError(413, f"the request body is larger than {limit} bytes")
    if _depth(data) > MAX_JSON_DEPTH:  # checked before parsing: the parser recurses
        raise ApiError(400, f"the body is nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        parsed = json.loads(data.decode("utf-8")) if data else {}
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ApiError(400, f"the body is not JSON: {error}") from None
    except RecursionError:  # the parser's own limit, some 1,000 levels
        raise ApiError(400, "the body is nested too deeply to be a request") from None
    if not isinstance(parsed, dict):
        raise ApiError(400, "the body must be a JSON object")
    return parsed


MAX_JSON_DEPTH = 16  # a request is a flat object with a list or two: far more is an attack


def _depth(data: bytes | bytearray) -> int:
    """How deep a JSON text's arrays and objects nest (brackets inside strings not counted).

    >>> _depth(b'{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for byte in data:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def _field(body: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = body.get(name, default)
    if value is None:
        return None
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise ApiError(400, f"{name!r} must be a {kind.__name__}")
    return value


class WebApp:
    """The app's state: settings, the progress store, the live sessions."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.progress = Progress(settings.db)
        self.registry = Registry(
            cap=settings.max_sessions, idle_seconds=settings.idle_seconds, on_end=self._store
        )

    def _store(self, live: Live) -> None:
        # Stored as ``train --report`` writes it: who, when, in which language, which version.
        head = report_head(trainee=live.trainee, date=report_date(), lang=live.examiner.lang)
        live.stored = self.progress.add(
            live.trainee, {**head, **live.examiner.report()}, learn=live.learn, live_id=live.id
        )

    def _trainees(self) -> list[str]:
        """Every name in use: stored, live here, or in progress before a restart."""
        names = set(self.progress.trainees()) | {live.trainee for live in self.registry.every()}
        return sorted(names | {record.trainee for record in self.progress.live_sessions()})

    def _record(self, live: Live, kind: str, line: str) -> None:
        """One line sent to a session, stored before it is answered (a restart, even a kill,
        replays them). A write of a few tens of microseconds (:class:`Progress` commits without
        waiting for the disk), made here rather than in a worker thread, whose hand-over costs
        more than the write."""
        live.sent += 1
        self.progress.add_line(live.id, live.sent, kind, line)

    def resume(self) -> int:
        """Every session in progress when the server last stopped (or was killed), replayed
        line by line from the store into a new examiner under its old ID; the number resumed.
        One that cannot be replayed is ended, and what it had scored kept."""
        resumed = 0
        for record in self.progress.live_sessions():
            try:
                examiner = _examiner(record.settings)
                live = self.registry.open(
                    record.trainee, examiner, bool(record.settings["learn"]), record.id
                )
            except (Full, KeyError, ValueError, TypeError):
                self.progress.drop_live(record.id)
                continue
            examiner.start()
            for kind, line in record.lines:
                if examiner.finished:
                    break
                if kind == "lang":
                    examiner.set_lang(Lang(line))
                else:
                    examiner.send(line)
                    live.lines += 1
                live.sent += 1
            if examiner.finished:
                self.registry.close(live)
            resumed += 1
        return resumed

    # -- the trainer's API -----------------------------------------------------------------------

    def _live(self, request: Request) -> Live:
        live = self.registry.get(request.path_params["sid"])
        if live is None:
            raise ApiError(404, "unknown session (it ended, idled out, or never was)")
        return live

    def _state(self, live: Live, exchange: Exchange | None = None) -> dict[str, Any]:
        examiner = live.examiner
        hand = examiner.session.hand
        state: dict[str, Any] = {
            "id": live.id,
            "trainee": live.trainee,
            "drill": examiner.drill,
            "learn": live.learn,
            "lang": examiner.lang.value,
            "finished": examiner.finished,
            "heading": examiner.heading(),
            "game": examiner.game(),
            # A question drill counts the chips itself (the pot, the call, the side pots): the
            # table shows stacks and cards, the pots only once they are to be awarded.
            "table": None
            if hand is None
            else table_view(hand, counted=not examiner.questions or examiner.awarding),
            "questions": examiner.questions,  # the drill asks questions (the transcript shows)
            "asking": examiner.asking,  # a question waits for its answer (not a dealer step)
            "awarding": examiner.awarding,  # the pots wait to be awarded, line by line
            "choices": examiner.choices(),
            "transcript": examiner.transcript() if examiner.questions else [],
            "score": examiner.report(),
            # the hand's last ruling (its rule, ruleset, summary) and the steps still owed
            "ruling": examiner.ruling,
            "owed": []
            if hand is None
            else owed_commands(hand, examiner.lang),  # as the buttons say them (銷牌, not burn)
        }
        if live.learn:
            state["expected"] = examiner.expected()
        if exchange is not None:
            state["lines"] = exchange.lines
            # A question drill's next question is in the transcript: the feedback is the verdict.
            # A deal's ruling has its own box beside the feedback (issue 26), not said twice.
            state["feedback"] = exchange.verdict if examiner.questions else exchange.told
            state["wrong"], state["right"], state["rule"] = (
                exchange.wrong,
                exchange.right,
                exchange.rule,
            )
            state["turns"] = exchange.turns
        if examiner.finished:
            state["score_text"] = examiner.score_lines()
            state["skill_names"] = {
                skill: examiner.skill_name(skill) for skill in state["score"]["skills"]
            }
            state["stored"] = live.stored
            if examiner.failure is not None:
                state["failure"] = examiner.failure
        return state

    async def _after(self, live: Live) -> None:
        if live.examiner.finished:  # stored (off the event loop: a disk write)
            await anyio.to_thread.run_sync(self.registry.close, live)

    async def create(self, request: Request) -> Response:
        body = await _body(request, self.settings.max_body)
        raw_name = _field(body, "trainee", str, "")
        known = await anyio.to_thread.run_sync(self._trainees)
        try:
            trainee = trainee_name(raw_name, known)
        except ValueError as error:
            raise ApiError(400, str(error)) from None
        drill = _field(body, "drill", str, "normal")
        if drill not in DRILLS:
            raise ApiError(400, f"unknown drill {drill!r}: {', '.join(DRILLS)}")
        hands = _field(body, "hands", int, 3)
        if not 1 <= hands <= self.settings.max_hands:
            raise ApiError(400, f"'hands' must be 1 to {self.settings.max_hands}")
        seed = _field(body, "seed", int)
        if seed is not None and not 0 <= seed < 1 << 31:
            raise ApiError(400, "'seed' must be 0 to 2^31 - 1")
        slips = _field(body, "slips", list, [])
        if any(slip not in SLIPS for slip in slips) or len(slips) > len(SLIPS):
            raise ApiError(400, f"'slips' must name mishaps among {', '.join(SLIPS)}")
        learn = _field(body, "learn", bool, False)
        opened = {
            "drill": drill,
            "hands": hands,
            "seed": random.SystemRandom().randrange(1 << 31) if seed is None else seed,
            "ruleset": _ruleset(_field(body, "ruleset", str)),
            "lang": _lang(_field(body, "lang", str)).value,
            "slips": slips,
            "learn": learn,
        }
        examiner = _examiner(opened)
        try:
            live = self.registry.open(trainee, examiner, learn)
        except Full as error:
            raise ApiError(503, str(error)) from None
        await anyio.to_thread.run_sync(self.progress.open_live, live.id, trainee, opened)
        exchange = examiner.start()  # headless: it answers at once, in this thread
        await self._after(live)
        return JSONResponse(self._state(live, exchange), status_code=201)

    async def show(self, request: Request) -> Response:
        live = self._live(request)
        if "lang" in request.query_params:
            await self._set_lang(live, _lang(request.query_params["lang"]))
        return JSONResponse(self._state(live))

    async def _set_lang(self, live: Live, lang: Lang) -> None:
        live.examiner.set_lang(lang)
        if not live.examiner.finished:
            self._record(live, "lang", lang.value)

    async def _send(self, live: Live, line: str) -> tuple[Exchange, dict[str, Any]]:
        if live.examiner.finished:
            raise ApiError(409, "the session is over", self._state(live))
        live.lines += 1
        if live.lines > MAX_LINES_PER_SESSION:
            raise ApiError(429, "too many steps in one session; start a new one")
        exchange = live.examiner.send(line)  # headless: it answers at once, in this thread
        self._record(live, "line", line)
        await self._after(live)
        return exchange, self._state(live, exchange)

    async def step(self, request: Request) -> Response:
        live = self._live(request)
        body = await _body(request, self.settings.max_body)
        if "lang" in body:
            await self._set_lang(live, _lang(_field(body, "lang", str)))
        line = _field(body, "step", str)
        if line is None or len(line) > 40:
            raise ApiError(400, '\'step\' must be a dealer step such as "pitch 3" or "burn"')
        if live.examiner.asking:
            raise ApiError(409, "a question is asked: send its answer", self._state(live))
        try:
            step = check_step(line)
        except BadStep as error:
            raise ApiError(400, str(error)) from None
        exchange, state = await self._send(live, step)
        if exchange.wrong:  # refused: the hand is as it was; the mistake is scored
            raise ApiError(409, exchange.refusal or "refused", state)
        return JSONResponse(state)

    async def answer(self, request: Request) -> Response:
        live = self._live(request)
        body = await _body(request, self.settings.max_body)
        said = body.get("answer")
        if isinstance(said, bool) or not isinstance(said, int | str):
            raise ApiError(400, "'answer' must be a number or a short text (an amount, seats)")
        if not live.examiner.asking:
            raise ApiError(409, "no question is asked now: send dealer steps", self._state(live))
        choices = live.examiner.choices()
        if isinstance(said, int) and not 1 <= said <= max(1, len(choices)):
            raise ApiError(400, f"'answer' must be a number from 1 to {max(1, len(choices))}")
        if isinstance(said, str) and len(said) > 80:
            raise ApiError(400, "'answer' must be at most 80 characters")
        try:
            line = check_answer(str(said))
        except BadStep as error:
            raise ApiError(400, str(error)) from None
        _, state = await self._send(live, line)
        return JSONResponse(state)  # a wrong answer is scored, with its rule; the drill goes on

    async def end(self, request: Request) -> Response:
        live = self._live(request)
        live.examiner.stop()  # here, in the one thread the sessions run in
        await anyio.to_thread.run_sync(self.registry.close, live)
        state = self._state(live)
        self.registry.forget(live)
        return JSONResponse(state)

    async def texts(self, request: Request) -> Response:
        lang = _lang(request.path_params["lang"])
        return JSONResponse({**page_texts(lang), **web_messages(lang)})

    async def drills(self, request: Request) -> Response:
        """Every drill the trainer has, named in ``lang`` (the page's drill list)."""
        lang = _lang(request.path_params["lang"])
        return JSONResponse([{"drill": drill, "name": drill_name(drill, lang)} for drill in DRILLS])

    # -- floor desk and progress -------------------------------------------------------------------

    async def floor(self, request: Request) -> Response:
        params = request.query_params
        lang, ruleset = _lang(params.get("lang")), _ruleset(params.get("ruleset"))
        query = params.get("q", "").strip()[:200]
        found = search(query, ruleset) if query else None
        return HTMLResponse(pages.floor_page(query, ruleset, lang, found))

    async def rule_page(self, request: Request) -> Response:
        params = request.query_params
        lang, ruleset = _lang(params.get("lang")), _ruleset(params.get("ruleset"))
        rule_id = request.path_params["rule_id"]
        try:
            found = rule(rule_id)
        except KeyError:
            close = ", ".join(suggest(rule_id))
            return HTMLResponse(pages.not_found_page(f"{rule_id} ({close})", lang), status_code=404)
        if found.id != rule_id:  # one URL per ruling
            return RedirectResponse(f"/rule/{found.id}?{request.url.query}", status_code=308)
        return HTMLResponse(pages.rule_page(found.id, ruleset, lang))

    async def rule_api(self, request: Request) -> Response:
        from dealer.apps.floor.answer import rule_as_json
        from dealer.apps.floor.which import ask_line, candidates

        params = request.query_params
        lang, ruleset = _lang(params.get("lang")), _ruleset(params.get("ruleset"))
        query = params.get("q", "").strip()[:200]
        if not query:
            raise ApiError(400, "'q' is required: a rule ID or words")
        found = search(query, ruleset)
        if found.kind is Verdict.NONE:
            extra = {"answer": "none", "closest": list(found.ids) or suggest(query)}
            raise ApiError(404, f"no rule covers {query!r}", extra)
        data: dict[str, Any] = {
            "answer": found.kind.value,
            "query": query,
            "matches": [{"id": m.id, "score": m.score, "exact": m.exact} for m in found.matches],
            "rule": None,
        }
        if found.kind is Verdict.ONE:
            data["rule"] = rule_as_json(rule(found.ids[0]), ruleset, lang)
        else:
            data |= {"question": found.question, "ask": ask_line(found, lang)}
            data["candidates"] = candidates(found, lang)
        return JSONResponse(data)

    async def ask(self, request: Request) -> Response:
        """The guided ask: a seeded table dealt to the chosen mishap, and the floor's answer; with
        ``did``, the real table as the floor describes it (``dealer ask`` without a file: the
        game, seats, button, what the dealer did, which seat or card, the cards seen)."""
        params = request.query_params
        lang, ruleset = _lang(params.get("lang")), _ruleset(params.get("ruleset"))
        if params.get("did"):
            return await self._guided(params, lang, ruleset)
        situation_name = params.get("situation", "turn-early")
        if situation_name not in SEEDED:
            raise ApiError(400, f"unknown situation {situation_name!r}: {', '.join(SEEDED)}")
        form: dict[str, Any] = {"situation": situation_name, "ruleset": ruleset}
        for name, low, high, default in (("players", 2, 10, 6), ("seed", 0, (1 << 31) - 1, 1),
                                         ("moment", 1, 20, 1)):  # fmt: skip
            raw = params.get(name, str(default))
            if not is_number(raw) or not low <= int(raw) <= high:  # "²" is no number here
                raise ApiError(400, f"{name!r} must be a whole number from {low} to {high}")
            form[name] = int(raw)
        if form["players"] > _max_players(ruleset):
            raise ApiError(
                400, f"'players' must be at most {_max_players(ruleset)} under {ruleset}"
            )
        hand = await anyio.to_thread.run_sync(
            lambda: situation(situation_name, seed=form["seed"], players=form["players"],
                              ruleset=ruleset, moment=form["moment"])
        )  # fmt: skip
        view = facts = None
        if hand is not None:
            view, facts = table_view(hand), ask_answer(hand, lang)
        return HTMLResponse(pages.ask_page(form, lang, view, facts))

    async def _guided(self, params: Any, lang: Lang, ruleset: str) -> Response:
        from dealer.apps.floor.guided import BY_KEY, GAMES, Answers, GuidedError, build

        did = params.get("did", "")
        if did not in BY_KEY:
            raise ApiError(400, f"unknown 'did' {did!r}: {', '.join(BY_KEY)}")
        game = params.get("game", "no-limit")
        if game not in GAMES:
            raise ApiError(400, f"'game' is one of {', '.join(GAMES)}")
        form: dict[str, Any] = {"did": did, "game": game, "ruleset": ruleset}
        players = params.get("players", "6")
        high = {"players": min(9, _max_players(ruleset))}
        for name, low, default in (("players", 2, 6), ("button", 1, 1), ("place", 1, 1),
                                   ("actions", 0, 0)):  # fmt: skip
            raw = params.get(name, str(default))
            top = high.get(name, 2 * int(players) if players.isdigit() else 18)
            if not raw.isdigit() or not low <= int(raw) <= top:
                raise ApiError(400, f"{name!r} must be a whole number from {low} to {top}")
            form[name] = int(raw)
        if form["button"] > form["players"]:
            raise ApiError(400, f"'button' must be at most {form['players']}")
        cards = tuple(params.get("cards", "").replace(",", " ").split())
        if cards == ("-",):
            cards = ()
        form["cards"] = " ".join(cards)
        answers = Answers(game, form["players"], form["button"], did, form["place"], cards,
                          form["actions"])  # fmt: skip
        try:
            built = await anyio.to_thread.run_sync(lambda: build(answers, ruleset, lang))
        except (GuidedError, ValueError) as error:
            raise ApiError(400, str(error)) from None
        hand = built.hand
        facts = ask_answer(hand, lang) if hand.rulings else None
        view = table_view(hand) if facts is not None else None
        return HTMLResponse(pages.ask_page(form, lang, view, facts))

    async def progress_index(self, request: Request) -> Response:
        lang = _lang(request.query_params.get("lang"))
        trainees = await anyio.to_thread.run_sync(self.progress.trainees)
        return HTMLResponse(pages.progress_index_page(trainees, lang))

    async def progress_page(self, request: Request) -> Response:
        lang = _lang(request.query_params.get("lang"))
        trainee = request.path_params["trainee"]
        sessions = await anyio.to_thread.run_sync(self.progress.sessions, trainee)
        skills = await anyio.to_thread.run_sync(self.progress.skills, trainee)
        return HTMLResponse(pages.progress_page(trainee, sessions, skills, lang))

    async def _exported(self, trainee: str) -> list[dict[str, Any]]:
        sessions = await anyio.to_thread.run_sync(self.progress.sessions, trainee, 10_000)
        return [stored_report(stored) for stored in sessions]

    async def export(self, request: Request) -> Response:
        """A trainee's sessions as one trainer report (``dealer train --summary`` reads it)."""
        trainee = request.path_params["trainee"]
        data = export_json(trainee, await self._exported(trainee), report_date())
        name = _download_name(trainee, "json")
        return JSONResponse(data, headers={"Content-Disposition": name})

    async def export_csv(self, request: Request) -> Response:
        """A trainee's sessions as CSV, one row per session and skill (skill names in ``lang``)."""
        lang = _lang(request.query_params.get("lang"))
        trainee = request.path_params["trainee"]
        passing = (await anyio.to_thread.run_sync(load_school)).passing
        text = csv_text(await self._exported(trainee), passing, lang)
        return Response(
            text,
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": _download_name(trainee, "csv")},
        )

    # -- printables: the rule booklet, the exam sheet (issue 26 item 3) -------------------------

    async def booklet(self, request: Request) -> Response:
        """``/rules``: the rule booklet of a ruleset in a language, printable."""
        from dealer.apps.floor.booklet import booklet_html, toolbar_html

        params = request.query_params
        lang, ruleset = _lang(params.get("lang")), _ruleset(params.get("ruleset"))
        toolbar = pages.ACCOUNT_SLOT + toolbar_html("/rules", ruleset, lang)
        html = await anyio.to_thread.run_sync(lambda: booklet_html(ruleset, lang, toolbar=toolbar))
        return HTMLResponse(html)

    async def exam(self, request: Request) -> Response:
        """``/exam?seed=N``: the seeded exam sheet and its key, printable; without a seed, a
        random one, redirected to (the sheet's address is then its seed)."""
        from dealer.apps.floor.booklet import toolbar_html
        from dealer.apps.training.exam import MAX_QUESTIONS, exam, exam_html

        params = request.query_params
        lang, ruleset = _lang(params.get("lang")), _ruleset(params.get("ruleset"))
        count = params.get("questions", "9")
        if not is_number(count) or not 1 <= int(count) <= MAX_QUESTIONS:
            raise ApiError(400, f"'questions' must be a whole number from 1 to {MAX_QUESTIONS}")
        seed = params.get("seed")
        if seed is None:
            chosen = random.SystemRandom().randrange(1 << 31)
            query = _q_string(seed=chosen, questions=count, ruleset=ruleset, lang=lang.value)
            return RedirectResponse(f"/exam?{query}", status_code=303)
        if not is_number(seed) or not 0 <= int(seed) < 1 << 31:
            raise ApiError(400, "'seed' must be a whole number from 0 to 2^31 - 1")
        toolbar = pages.ACCOUNT_SLOT + toolbar_html(
            "/exam", ruleset, lang, seed=int(seed), questions=int(count)
        )
        html = await anyio.to_thread.run_sync(
            lambda: exam_html(
                exam(seed=int(seed), count=int(count), ruleset=ruleset, lang=lang),
                toolbar=toolbar,
            )
        )
        return HTMLResponse(html)

    async def report(self, request: Request) -> Response:
        number = request.path_params["id"]
        if not 0 < number < 1 << 63:  # SQLite's integers: a longer number is no stored session
            raise ApiError(404, "no such stored session")
        stored = await anyio.to_thread.run_sync(self.progress.session, number)
        if stored is None:
            raise ApiError(404, "no such stored session")
        return JSONResponse(stored.report)


def stored_report(stored: StoredSession) -> dict[str, Any]:
    """A stored session as a trainer report: one stored before the web kept who, when and in
    which language gets its trainee and date from the store, its language and version as not
    recorded (null), never guessed."""
    report = dict(stored.report)
    head = {"trainee": stored.trainee, "date": report_date(stored.finished), "lang": None,
            "version": None}  # fmt: skip
    return {**head, **report} if "version" not in report else report


def _q_string(**params: object) -> str:
    return urlencode({key: str(value) for key, value in params.items()})


def _download_name(trainee: str, suffix: str) -> str:
    """``attachment`` with the trainee's name as the file's (RFC 6266: an ASCII fallback)."""
    ascii_name = re.sub(r"[^A-Za-z0-9._-]+", "-", trainee).strip("-") or "trainee"
    return (
        f'attachment; filename="{ascii_name}.{suffix}"; '
        f"filename*=UTF-8''{quote(trainee, safe='')}.{suffix}"
    )


def _examiner(opened: dict[str, Any]) -> Examiner:
    """A new examiner as a session was opened (``create``, and ``resume`` after a restart)."""
    return Examiner(
        str(opened["drill"]),
        hands=int(opened["hands"]),
        seed=int(opened["seed"]),
        ruleset=str(opened["ruleset"]),
        lang=Lang(opened["lang"]),
        slips=[str(slip) for slip in opened["slips"]],
    )


class _KeptLanguage:
    """The language kept across pages (issue 26): the trainer page keeps the trainee's choice in
    the ``lang`` cookie, and a page asked for without ``?lang=`` is answered in the cookie's
    language, as if its link had carried it. The API and the static files are left alone (a
    session's language changes only when its page says so)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] == "http" and not path.startswith(("/api/", "/static/")):
            query = scope.get("query_string", b"").decode("latin-1")
            kept = SimpleCookie(_header(scope, b"cookie")).get("lang")
            if kept is not None and kept.value in _LANGS and "lang" not in parse_qs(query):
                joined = f"{query}&lang={kept.value}" if query else f"lang={kept.value}"
                scope = {**scope, "query_string": joined.encode("latin-1")}
        await self.app(scope, receive, send)


_LANGS = frozenset(lang.value for lang in Lang)


def _header(scope: Any, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return ""


def _trainer_page(request: Request) -> Response:
    return FileResponse(STATIC / "trainer.html", media_type="text/html")


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return JSONResponse({"error": exc.message, **exc.extra}, status_code=exc.status)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)
    return PlainTextResponse(exc.detail, status_code=exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": "internal error"}, status_code=500)


def _lifespan(web: WebApp) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        web.registry.suspend_all()  # stored as they are: the next start resumes them

    return lifespan


def create_app(settings: Settings) -> Starlette:
    web = WebApp(settings)
    web.resume()
    accounts = settings.accounts or web.progress.has_users()  # a school's server stays closed
    school = SchoolRoutes(web.progress, accounts=accounts)
    routes = [
        Route("/", lambda request: RedirectResponse("/trainer")),
        Route("/trainer", _trainer_page),
        Route("/floor", web.floor),
        Route("/rule/{rule_id}", web.rule_page),
        Route("/ask", web.ask),
        Route("/rules", web.booklet),
        Route("/exam", web.exam),
        Route("/progress", web.progress_index),
        Route("/progress/{trainee}", web.progress_page),
        Route("/progress/{trainee}/export.json", web.export),
        Route("/progress/{trainee}/export.csv", web.export_csv),
        Route("/api/texts/{lang}", web.texts),
        Route("/api/drills/{lang}", web.drills),
        Route("/api/rule", web.rule_api),
        Route("/api/reports/{id:int}", web.report),
        Route("/api/sessions", web.create, methods=["POST"]),
        Route("/api/sessions/{sid}", web.show),
        Route("/api/sessions/{sid}/step", web.step, methods=["POST"]),
        Route("/api/sessions/{sid}/answer", web.answer, methods=["POST"]),
        Route("/api/sessions/{sid}/end", web.end, methods=["POST"]),
        *school.routes(),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(_KeptLanguage)]
    if settings.hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(settings.hosts)))
    if accounts:  # the signed cookie, its key kept in the database (every server signs alike)
        key = web.progress.config("session-key", secrets.token_urlsafe(48))
        middleware.append(Middleware(SessionMiddleware, secret_key=key,
                                     session_cookie="dealer-session", max_age=12 * 3600,
                                     same_site="lax", https_only=settings.https_only))  # fmt: skip
    middleware.append(
        Middleware(Guard, progress=web.progress, registry=web.registry, accounts=accounts)
    )
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
        lifespan=_lifespan(web),
    )
    app.state.web = web
    app.state.accounts = accounts
    return app
