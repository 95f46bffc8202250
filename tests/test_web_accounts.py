"""Accounts and roles (issue 26 item 1) over HTTP, on SQLite and on a real PostgreSQL server: an
instructor signs in, makes a class and its trainees; each trainee trains and sees only their own
record (another's: 403); the instructor sees the class grid and its CSV, another instructor does
not; every state-changing request needs the session's CSRF token; a password is stored hashed."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("argon2")
pytest.importorskip("itsdangerous")

from starlette.testclient import TestClient

from dealer.apps.web.accounts import check_password, hash_password
from dealer.apps.web.app import Settings, create_app
from dealer.apps.web.store import Progress, Role
from dealer.rules.rulebook import Lang
from tests.postgres import pg_server, pg_url

__all__ = ["pg_server", "pg_url"]  # the fixtures, used by name

PASSWORD = "a long password"


@pytest.fixture(params=["sqlite", "postgres"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    if request.param == "sqlite":
        return tmp_path / "progress.sqlite3"
    url: str = request.getfixturevalue("pg_url")
    return url


def instructor(target: Path | str, name: str = "Mei") -> None:
    Progress(target).add_user(name, Role.INSTRUCTOR, hash_password(PASSWORD))


def token(page: str) -> str:
    found = re.search(r'<meta name="csrf-token" content="([^"]+)">', page)
    assert found is not None, page[:300]
    return found.group(1)


def sign_in(client: Any, name: str, password: str = PASSWORD) -> str:
    """Signed in as ``name``: the session's CSRF token."""
    page = client.get("/signin").text
    form = {"csrf": token(page), "name": name, "password": password}
    response = client.post("/signin", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    return token(client.get("/trainer").text)


def train(client: Any, csrf: str, *, wrong: bool) -> dict[str, Any]:
    """One hand of the normal drill, Learn mode on; with one wrong first pitch if ``wrong``
    (DEAL-ORDER: "the first card goes to the small blind")."""
    headers = {"X-CSRF-Token": csrf}
    body = {"trainee": "Somebody Else", "drill": "normal", "hands": 1, "seed": 3, "learn": True}
    response = client.post("/api/sessions", json=body, headers=headers)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    for step in ("post", "shuffle", "cut"):
        state = client.post(f"/api/sessions/{state['id']}/step", json={"step": step},
                            headers=headers).json()  # fmt: skip
    if wrong:
        small_blind = next(s["seat"] for s in state["table"]["seats"] if s["small_blind"])
        other = next(s["seat"] for s in state["table"]["seats"] if s["seat"] != small_blind)
        refused = client.post(f"/api/sessions/{state['id']}/step",
                              json={"step": f"pitch {other}"}, headers=headers)  # fmt: skip
        assert refused.status_code == 409 and refused.json()["rule"] == "DEAL-ORDER"
    for _ in range(500):
        if state["finished"]:
            return state
        response = client.post(f"/api/sessions/{state['id']}/step",
                               json={"step": state["expected"]}, headers=headers)  # fmt: skip
        assert response.status_code == 200, response.text
        state = response.json()
    raise AssertionError("the session did not end")


def test_a_class_end_to_end(target: Path | str) -> None:
    instructor(target)
    instructor(target, "Lin")
    app = create_app(Settings(db=target, accounts=True))
    with TestClient(app) as mei, TestClient(app) as ann, TestClient(app) as bo:
        csrf = sign_in(mei, "Mei")
        made = mei.post("/classes", data={"csrf": csrf, "name": "Monday"}, follow_redirects=False)
        assert made.status_code == 303
        grid_url = made.headers["location"].split("?")[0]
        for name in ("Ann", "Bo"):
            added = mei.post(f"{grid_url}/trainees", data={"csrf": csrf, "name": name,
                             "password": PASSWORD}, follow_redirects=False)  # fmt: skip
            assert added.status_code == 303, added.text
        ann_csrf, bo_csrf = sign_in(ann, "Ann"), sign_in(bo, "Bo")
        ann_state = train(ann, ann_csrf, wrong=True)
        bo_state = train(bo, bo_csrf, wrong=False)
        assert (ann_state["trainee"], bo_state["trainee"]) == ("Ann", "Bo")  # the signed-in names

        # A trainee reads only their own record.
        assert ann.get("/progress/Ann").status_code == 200
        assert (
            ann.get("/progress", follow_redirects=False)
            .headers["location"]
            .startswith("/progress/Ann")
        )
        for path in ("/progress/Bo", "/progress/Bo/export.json",
                     f"/api/reports/{bo_state['stored']}"):  # fmt: skip
            assert ann.get(path).status_code == 403, path
        assert ann.get(f"/api/reports/{ann_state['stored']}").status_code == 200
        assert ann.get("/classes").status_code == 403 and ann.get(grid_url).status_code == 403
        assert f'href="{grid_url}/trainees/Ann?lang=en" id="my-record"' in ann.get("/trainer").text
        mine = ann.get(f"{grid_url}/trainees/Ann")  # her own detail: by skill, by rule
        assert mine.status_code == 200 and 'data-rule="DEAL-ORDER"' in mine.text
        assert ann.get(f"{grid_url}/trainees/Bo").status_code == 403

        # The instructor's grid: both trainees, Ann's DEAL-ORDER mistake under deal order.
        page = mei.get(grid_url).text
        assert 'data-trainee="Ann"' in page and 'data-trainee="Bo"' in page
        rows = list(csv.DictReader(io.StringIO(mei.get(f"{grid_url}/grid.csv").text)))
        deal = {r["trainee"]: r for r in rows if r["skill"] == "deal-order"}
        assert int(deal["Ann"]["first_right"]) == int(deal["Ann"]["positions"]) - 1
        assert deal["Bo"]["first_right"] == deal["Bo"]["positions"] != "0"
        assert {r["status"] for r in rows if r["skill"] == "change"} == {"not-attempted"}
        detail = mei.get(f"{grid_url}/trainees/Ann").text
        assert 'data-rule="DEAL-ORDER"' in detail and "<svg" in detail
        assert mei.get("/progress/Ann").status_code == 200  # their class's trainee

        # Another instructor sees none of it.
        with TestClient(app) as lin:
            sign_in(lin, "Lin")
            assert lin.get(grid_url).status_code == 403
            assert lin.get(f"{grid_url}/grid.csv").status_code == 403
            assert lin.get("/progress/Ann").status_code == 403


def test_every_state_changing_request_needs_the_token(target: Path | str) -> None:
    instructor(target)
    with TestClient(create_app(Settings(db=target, accounts=True))) as client:
        assert client.get("/classes", follow_redirects=False).headers["location"] == (
            "/signin?next=/classes"
        )
        assert client.post("/api/sessions", json={}).status_code == 403  # no token at all
        refused = client.post("/signin", data={"name": "Mei", "password": PASSWORD})
        assert refused.status_code == 403  # a forged sign-in from another site
        csrf = sign_in(client, "Mei")
        assert client.post("/classes", data={"name": "X"}).status_code == 403
        assert client.post("/classes", data={"name": "X", "csrf": "wrong"}).status_code == 403
        assert client.post("/api/sessions", json={"drill": "normal"}).status_code == 403
        opened = client.post("/api/sessions", json={"drill": "normal"},
                             headers={"X-CSRF-Token": csrf})  # fmt: skip
        assert opened.status_code == 201
        client.post("/signout", data={"csrf": csrf})
        assert client.get("/api/sessions/" + opened.json()["id"]).status_code == 401


def test_signing_up_with_an_invitation_code_and_passwords_stored_hashed(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    instructor(db)
    store = Progress(db)
    teacher = store.user_named("Mei")
    assert teacher is not None and PASSWORD not in teacher.password
    assert check_password(teacher.password, PASSWORD)
    store.add_class("Monday", teacher.id, "abcdefghjkmn")
    # Accounts are on because the database has users, without --accounts.
    with TestClient(create_app(Settings(db=db))) as client:
        page = client.get("/signup?invite=abcdefghjkmn").text
        short = client.post("/signup", data={"csrf": token(page), "invite": "abcdefghjkmn",
                                             "name": "Cy", "password": "short"})  # fmt: skip
        assert short.status_code == 400 and "at least 8 characters" in short.text
        wrong = client.post("/signup", data={"csrf": token(page), "invite": "nope",
                                             "name": "Cy", "password": PASSWORD})  # fmt: skip
        assert wrong.status_code == 400 and "No class has this invitation code." in wrong.text
        joined = client.post("/signup", data={"csrf": token(page), "invite": "abcdefghjkmn",
                                              "name": "Cy", "password": PASSWORD},
                             follow_redirects=False)  # fmt: skip
        assert joined.status_code == 303
        cy = store.user_named("Cy")
        assert cy is not None and cy.role is Role.TRAINEE and cy.class_id is not None
        assert client.get("/progress/Cy").status_code == 200
        # A name that looks like a stored trainee's (before accounts) could never train.
        store.add("Dee", {"drill": "normal", "skills": {}}, learn=False)
        lookalike = client.post("/signup", data={"csrf": token(client.get("/signup").text),
                                "invite": "abcdefghjkmn", "name": "dee",
                                "password": PASSWORD})  # fmt: skip
        assert lookalike.status_code == 400 and "unlike any other trainee" in lookalike.text
        wrong_password = client.post("/signin", data={"csrf": token(client.get("/signin").text),
                                     "name": "Mei", "password": "not it"})  # fmt: skip
        assert wrong_password.status_code == 401


def test_without_accounts_the_pages_say_the_server_is_this_machines_only(tmp_path: Path) -> None:
    with TestClient(create_app(Settings(db=tmp_path / "p.sqlite3"))) as client:
        page = client.get("/floor?lang=zh-Hant").text
        assert "本伺服器只接受本機連線" in page
        assert client.get("/signin").status_code == 404
        assert "No accounts: this server answers this machine only" in client.get("/trainer").text


PAGES = ("/trainer", "/floor", "/ask", "/progress", "/rules", "/exam?seed=1&questions=2")


def test_the_bar_goes_in_the_slot_every_page_template_gives(tmp_path: Path) -> None:
    """Every page's template gives the bar's place (issue 23): the bar comes once, where the
    template put the slot; a sheet to print, without accounts, is the terminal's file."""
    from dealer.apps.floor.booklet import booklet_html, toolbar_html
    from dealer.apps.web.pages import ACCOUNT_SLOT

    with TestClient(create_app(Settings(db=tmp_path / "p.sqlite3"))) as client:
        for path in PAGES:
            page = client.get(path).text
            assert ACCOUNT_SLOT not in page, path
            if path in ("/rules", "/exam?seed=1&questions=2"):
                assert 'id="account"' not in page, path
                continue
            assert page.count('id="account"') == 1, path
            assert page.index("<body>") < page.index('id="account"') < page.index("<header>")
        toolbar = toolbar_html("/rules", "seed", Lang.EN)
        assert client.get("/rules").text == booklet_html("seed", Lang.EN, toolbar=toolbar)
    target = tmp_path / "a.sqlite3"
    instructor(target)
    with TestClient(create_app(Settings(db=target, accounts=True))) as mei:
        sign_in(mei, "Mei")
        for path in PAGES:
            page = mei.get(path).text
            assert ACCOUNT_SLOT not in page and page.count('<span id="who">Mei</span>') == 1, path
        sheet = mei.get("/rules").text  # the bar above the web's toolbar, not inside the sheet
        assert sheet.index('id="who"') < sheet.index('class="toolbar noprint"')


def test_serve_without_accounts_refuses_another_machines_address(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from dealer.apps.cli.commands import app

    db = str(tmp_path / "p.sqlite3")
    result = CliRunner().invoke(app, ["serve", "--db", db, "--host", "0.0.0.0", "--port", "1"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "serve:0: without accounts the server answers this machine only (--host 127.0.0.1, not"
        " 0.0.0.0): --accounts, and an instructor (--add-instructor NAME), to serve a school\n"
    )
    short = CliRunner().invoke(app, ["serve", "--db", db, "--add-instructor", "Mei"],
                               input="short\nshort\n")  # fmt: skip
    assert short.exit_code == 2 and short.stderr.endswith(
        "serve:0: the password must have at least 8 characters\n"
    )
    added = CliRunner().invoke(app, ["serve", "--db", db, "--add-instructor", "Mei"],
                               input=f"{PASSWORD}\n{PASSWORD}\n")  # fmt: skip
    assert added.exit_code == 0, added.stderr
    assert added.stdout.endswith(f"dealer: instructor Mei added; accounts are on for {db}\n")
    found = Progress(db).user_named("Mei")
    assert found is not None and found.role is Role.INSTRUCTOR
    assert check_password(found.password, PASSWORD)
    unreachable = CliRunner().invoke(
        app, ["serve", "--db", "postgresql://x:secret@/none?host=/nonexistent", "--port", "1"]
    )
    if unreachable.exit_code == 2 and "psycopg is missing" not in unreachable.stderr:
        assert unreachable.stderr.startswith("serve:0: cannot connect to the database: ")
        assert unreachable.stderr.count("\n") == 1 and "secret" not in unreachable.stderr


def test_sign_in_goes_nowhere_off_the_site_and_a_huge_form_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    instructor(db)
    with TestClient(create_app(Settings(db=db, accounts=True))) as client:
        csrf = token(client.get("/signin").text)
        huge = client.post("/signin", data={"csrf": csrf, "name": "x" * 20_000})
        assert huge.status_code == 413
        form = {"csrf": csrf, "name": "Mei", "password": PASSWORD, "next": "//elsewhere.example/"}
        signed = client.post("/signin", data=form, follow_redirects=False)
        assert signed.headers["location"] == "/classes?lang=en"
