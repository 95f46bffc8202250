"""The rule booklet and the exam sheet printed by a real browser (issue 26 item 3): headless
Chromium (Debian's) against ``dealer serve`` on a loopback port, as tests/test_web_browser.py.

Printed (Chromium's own print to PDF, and its print media emulation), the booklet starts each
chapter on a page and shows no switches and no button; the exam's answer key starts a page of
its own. Screenshots of the print view go to a temporary folder (``DEALER_SHOTS`` for another).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium")
from selenium.webdriver.common.by import By

from dealer.apps.floor.booklet import chapters
from dealer.apps.web.app import Settings
from tests.browser import SHOTS, chromium, needs_chromium, serving

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(Settings(db=tmp_path_factory.mktemp("web") / "progress.sqlite3")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium("1000,1300") as driver:
        yield driver


def _pdf_pages(driver: Any) -> int:
    """The pages Chromium prints the open page on (A4, the page's own print stylesheet)."""
    printed = driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})
    data = base64.b64decode(printed["data"])
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def _print_view(driver: Any, on: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print" if on else ""})


def _style(driver: Any, selector: str, prop: str) -> str:
    return str(driver.execute_script(
        "return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]];",
        selector, prop,
    ))  # fmt: skip


def test_the_booklet_prints_a_page_per_chapter_without_buttons(server: str, browser: Any) -> None:
    browser.get(f"{server}/rules?ruleset=wsop-2024&lang=zh-Hant")
    assert browser.find_element(By.TAG_NAME, "h1").text == "規則手冊"
    toolbar = browser.find_element(By.CSS_SELECTOR, ".toolbar")
    assert toolbar.is_displayed() and toolbar.find_element(By.TAG_NAME, "button").text == "列印"
    assert len(browser.find_elements(By.CSS_SELECTOR, "article.rule")) == 62
    _print_view(browser, True)
    try:
        assert not toolbar.is_displayed()
        assert _style(browser, "section.chapter", "breakBefore") == "page"
        assert _style(browser, "article.rule", "breakInside") == "avoid"
        browser.save_screenshot(str(SHOTS / "booklet-print-zh-Hant.png"))
    finally:
        _print_view(browser, False)
    # Every chapter starts a page: at least one page for the contents and one per chapter.
    assert _pdf_pages(browser) >= 1 + len(chapters())


def test_the_exam_key_prints_on_its_own_page(server: str, browser: Any) -> None:
    browser.get(f"{server}/exam?seed=1&questions=1&lang=en")
    assert browser.find_element(By.CSS_SELECTOR, "section.key h2").text == "Answer key"
    _print_view(browser, True)
    try:
        assert _style(browser, "section.key", "breakBefore") == "page"
        assert not browser.find_element(By.CSS_SELECTOR, ".toolbar").is_displayed()
        browser.save_screenshot(str(SHOTS / "exam-print-en.png"))
    finally:
        _print_view(browser, False)
    # One question fits a page; its key is the second page.
    assert _pdf_pages(browser) == 2
