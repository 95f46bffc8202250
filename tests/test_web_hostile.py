"""The web app under hostile input and restarts (issue 28 item 9): a clear 4xx, never a 500;
trainee names normalised and look-alikes refused; a session in progress survives a restart of
the server, a ``kill -9`` included (its steps are stored as they happen). Loopback only."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

from dealer.apps.web.app import Settings, create_app  # noqa: E402
from tests.helpers import dealer_env  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(Settings(db=tmp_path / "progress.sqlite3"))) as test_client:
        yield test_client


def _open(client: Any, **fields: Any) -> Any:
    body = {"trainee": "Ann", "drill": "normal", "hands": 1, "seed": 3, "learn": True} | fields
    return client.post("/api/sessions", json=body)


def test_a_superscript_digit_is_no_number_of_players(client: Any) -> None:
    response = client.get("/ask", params={"players": "²"})
    assert response.status_code == 400
    assert response.json() == {"error": "'players' must be a whole number from 2 to 10"}


def test_a_report_number_past_sqlite_integers_is_not_found(client: Any) -> None:
    response = client.get("/api/reports/" + "9" * 25)
    assert response.status_code == 404
    assert response.json() == {"error": "no such stored session"}


def test_a_body_nested_past_the_parsers_limit_is_refused(client: Any) -> None:
    body = "[" * 1500 + "]" * 1500  # 3,000 bytes: under the size limit
    response = client.post(
        "/api/sessions", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json() == {"error": "the body is nested more than 16 levels deep"}


def test_a_full_width_name_is_the_same_trainee(client: Any) -> None:
    response = _open(client, trainee="  Ａｎｎ  ")
    assert response.status_code == 201 and response.json()["trainee"] == "Ann"


def test_a_name_mixing_scripts_is_refused(client: Any) -> None:
    response = _open(client, trainee="\u0410nn")  # a Cyrillic capital A, then Latin
    assert response.status_code == 400
    assert response.json() == {
        "error": "'\u0410nn' mixes Cyrillic and Latin letters: write it in one script"
    }


def test_a_look_alike_of_a_known_trainee_is_refused(client: Any) -> None:
    assert _open(client, trainee="Ace").status_code == 201
    cyrillic = "\u0410\u0441\u0435"  # А, с, е: all Cyrillic, and it reads "Ace"
    response = _open(client, trainee=cyrillic)
    assert response.status_code == 400
    assert response.json() == {
        "error": f"'{cyrillic}' looks like the trainee 'Ace': use that name, or another"
    }
    assert _open(client, trainee="ACE").status_code == 400  # case folded too
    assert _open(client, trainee="Ace").status_code == 201  # the same trainee again


def _steps(client: Any, sid: str, count: int) -> dict[str, Any]:
    """``count`` correct steps (Learn mode's ``expected``)."""
    state: dict[str, Any] = client.get(f"/api/sessions/{sid}").json()
    for _ in range(count):
        response = client.post(f"/api/sessions/{sid}/step", json={"step": state["expected"]})
        assert response.status_code == 200, response.text
        state = response.json()
    return state


def _comparable(state: dict[str, Any]) -> dict[str, Any]:
    score = {key: value for key, value in state["score"].items() if not key.startswith("seconds")}
    # the times (seconds per hand, per step) are the replay's, not the trainee's
    return {**state, "score": score}


def test_a_session_survives_the_server_stopping_without_a_word(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    first = TestClient(create_app(Settings(db=db)))  # no lifespan: as if killed
    state = _open(first).json()
    sid = state["id"]
    wrong = first.post(f"/api/sessions/{sid}/step", json={"step": "burn"})  # before the post
    assert wrong.status_code == 409
    before = _steps(first, sid, 5)
    first.get(f"/api/sessions/{sid}", params={"lang": "zh-Hant"})
    before = first.get(f"/api/sessions/{sid}").json()
    with TestClient(create_app(Settings(db=db))) as second:
        after = second.get(f"/api/sessions/{sid}").json()
        assert _comparable(after) == _comparable(before)
        assert after["lang"] == "zh-Hant" and after["score"]["steps_wrong"] == 1
        going_on = _steps(second, sid, 1)  # and it goes on from there
        assert going_on["score"]["steps_right"] == before["score"]["steps_right"] + 1
        ended = second.post(f"/api/sessions/{sid}/end").json()
        assert ended["stored"] is not None
    with TestClient(create_app(Settings(db=db))) as third:  # ended: not resumed again
        assert third.get(f"/api/sessions/{sid}").status_code == 404


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _call(port: int, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        method=method,
        headers={"content-type": "application/json"} if data else {},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _server(db: Path, port: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "dealer", "serve", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(
        command, env=dealer_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            if process.poll() is not None:
                raise AssertionError(f"the server ended: {process.stderr}") from None
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start within 60 s")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_session_survives_kill_9_of_the_server(tmp_path: Path) -> None:
    db, port = tmp_path / "progress.sqlite3", _free_port()
    server = _server(db, port)
    try:
        body = {"trainee": "Bo", "drill": "normal", "hands": 1, "seed": 8, "learn": True}
        code, state = _call(port, "POST", "/api/sessions", body)
        assert code == 201
        sid = state["id"]
        for _ in range(4):
            code, state = _call(
                port, "POST", f"/api/sessions/{sid}/step", {"step": state["expected"]}
            )
            assert code == 200
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
        server = _server(db, port)
        code, after = _call(port, "GET", f"/api/sessions/{sid}")
        assert code == 200
        assert after["score"]["steps_right"] == state["score"]["steps_right"] == 4
        assert after["expected"] == state["expected"] and after["table"] == state["table"]
    finally:
        server.kill()
        server.wait(timeout=30)
