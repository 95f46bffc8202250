"""Issue 26's "done when", in a real browser (headless Chromium, as tests/test_web_browser.py), on
SQLite and on PostgreSQL: an instructor signs in and makes a class with two trainees; each trainee
signs in in their own browser and deals a hand of the normal drill on the trainer page (Ann with
one wrong first pitch: DEAL-ORDER, "the first card goes to the small blind"; Bo without a
mistake); the instructor's grid shows both, the CSV downloads; Bo cannot read Ann's record (403).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium")
pytest.importorskip("argon2")

from selenium.webdriver.common.by import By

from dealer.apps.web.accounts import hash_password
from dealer.apps.web.app import Settings
from dealer.apps.web.store import Progress, Role
from tests.browser import chromium as _chromium
from tests.browser import needs_chromium, open_page, serving
from tests.postgres import pg_server, pg_url
from tests.test_web_browser import _click, _expected, _play, _start, _wait

__all__ = ["pg_server", "pg_url"]  # the fixtures, used by name

pytestmark = needs_chromium

PASSWORD = "a long password"


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    target: Path | str = tmp_path / "progress.sqlite3"
    if request.param == "postgres":
        target = request.getfixturevalue("pg_url")
    Progress(target).add_user("Mei", Role.INSTRUCTOR, hash_password(PASSWORD))
    with serving(Settings(db=target, accounts=True)) as url:
        yield url


def chromium(downloads: Path | None = None) -> AbstractContextManager[Any]:
    """A browser of one's own at 1366x768: its own profile, so its own cookies."""
    return _chromium("1366,768", downloads)


def sign_in(driver: Any, server: str, name: str) -> None:
    open_page(driver, f"{server}/signin", "name").send_keys(name)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "#signin button").click()
    _wait(driver, lambda d: d.find_elements(By.ID, "who"))
    assert driver.find_element(By.ID, "who").text == name


def status_of(driver: Any, path: str) -> int:
    """The HTTP status the signed-in browser gets for ``path``."""
    script = "const done = arguments[0]; fetch(arguments[1]).then(r => done(r.status));"
    return int(driver.execute_async_script(script.replace("arguments[1]", repr(path))))


def deal_a_hand(driver: Any, server: str, *, wrong: bool) -> None:
    _start(driver, server, "drill=normal&hands=1&seed=5&learn=1&lang=en")
    for _ in range(3):  # post, shuffle, cut
        step = _expected(driver)
        _click(driver, driver.find_element(By.CSS_SELECTOR, f'[data-step="{step}"]'))
    if wrong:  # DEAL-ORDER: the first card to the small blind; another seat is refused
        first = _expected(driver)
        other = next(
            seat.get_attribute("data-seat")
            for seat in driver.find_elements(By.CSS_SELECTOR, ".seat")
            if f"pitch {seat.get_attribute('data-seat')}" != first
        )
        _click(driver, driver.find_element(By.ID, f"seat-{other}"))
        assert "Rule DEAL-ORDER" in driver.find_element(By.ID, "feedback").text
    _play(driver)
    assert driver.find_element(By.ID, "score-wrong").text == ("1" if wrong else "0")


def test_a_class_in_the_browser(server: str, tmp_path: Path) -> None:
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with chromium(downloads) as mei:
        sign_in(mei, server, "Mei")
        open_page(mei, f"{server}/classes", "name").send_keys("Monday")
        mei.find_element(By.CSS_SELECTOR, "#new-class button").click()
        _wait(mei, lambda d: d.find_elements(By.ID, "invite"))
        grid_url = mei.current_url.split("?")[0]
        for name in ("Ann", "Bo"):
            mei.find_element(By.ID, "name").send_keys(name)
            mei.find_element(By.ID, "password").send_keys(PASSWORD)
            mei.find_element(By.CSS_SELECTOR, "#add-trainee button").click()
            _wait(mei, lambda d, name=name: d.find_elements(
                By.CSS_SELECTOR, f'tr[data-trainee="{name}"]'))  # fmt: skip
        with chromium() as ann:
            sign_in(ann, server, "Ann")
            deal_a_hand(ann, server, wrong=True)
            assert status_of(ann, "/progress/Ann") == 200
        with chromium() as bo:
            sign_in(bo, server, "Bo")
            deal_a_hand(bo, server, wrong=False)
            # One trainee cannot read the other's record.
            for path in ("/progress/Ann", "/progress/Ann/export.json"):
                assert status_of(bo, path) == 403, path
            bo.get(f"{server}/progress/Ann")
            assert "another trainee's" in bo.find_element(By.TAG_NAME, "body").text
            assert status_of(bo, "/progress/Bo") == 200
            assert status_of(bo, grid_url.removeprefix(server)) == 403

        open_page(mei, grid_url, "grid-csv")
        cells = {
            (cell.find_element(By.XPATH, "..").get_attribute("data-trainee"),
             cell.get_attribute("data-skill")): cell.get_attribute("data-status")
            for cell in mei.find_elements(By.CSS_SELECTOR, "td.cell")
        }  # fmt: skip
        assert {trainee for trainee, _ in cells} == {"Ann", "Bo"}
        assert cells[("Ann", "change")] == cells[("Bo", "change")] == "not-attempted"
        assert cells[("Ann", "deal-order")] != "not-attempted"
        mei.find_element(By.ID, "grid-csv").click()
        _wait(mei, lambda d: list(downloads.glob("*.csv")), seconds=20)
        [saved] = downloads.glob("*.csv")
        rows = list(csv.DictReader(io.StringIO(saved.read_text(encoding="utf-8"))))
        deal = {r["trainee"]: r for r in rows if r["skill"] == "deal-order"}
        assert int(deal["Ann"]["first_right"]) == int(deal["Ann"]["positions"]) - 1
        assert deal["Bo"]["first_right"] == deal["Bo"]["positions"]
        mei.get(f"{grid_url}/trainees/Ann")
        _wait(mei, lambda d: d.find_elements(By.CSS_SELECTOR, 'tr[data-rule="DEAL-ORDER"]'))
        assert mei.find_elements(By.CSS_SELECTOR, "svg.chart polyline, svg.chart circle")
