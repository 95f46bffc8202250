"""What the browser tests share: Debian's headless Chromium with a profile of its own, and
``dealer serve`` on a loopback port in a thread of the test process.

A module that imports this is skipped where the web extra or Selenium is missing; its tests carry
``needs_chromium`` to skip where Chromium is.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("selenium")

import uvicorn
from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from dealer.apps.web.app import Settings, create_app

__all__ = [
    "CHROMEDRIVER", "CHROMIUM", "SHOTS", "chromium", "needs_chromium", "open_page", "serving",
]  # fmt: skip

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
# Screenshots go to a temporary folder, so that the suite leaves the checkout as it was;
# docs/refresh-screenshots sets DEALER_SHOTS=docs/screenshots.
SHOTS = Path(os.environ.get("DEALER_SHOTS") or tempfile.mkdtemp(prefix="dealer-shots-"))

needs_chromium = pytest.mark.skipif(
    not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
    reason="needs Debian's chromium and chromium-driver (/usr/bin/chromium, /usr/bin/chromedriver)",
)


@contextmanager
def serving(settings: Settings) -> Iterator[str]:
    """``dealer serve`` with ``settings`` on a free loopback port; yields its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.started, "the server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(5)


@contextmanager
def chromium(window: str = "1200,1000", downloads: Path | None = None) -> Iterator[Any]:
    """A headless browser of its own: its own profile, so its own cookies."""
    profile = tempfile.mkdtemp(prefix="dealer-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", f"--window-size={window}"):  # fmt: skip
        options.add_argument(flag)
    if downloads is not None:
        options.add_experimental_option(
            "prefs", {"download.default_directory": str(downloads),
                      "download.prompt_for_download": False}
        )  # fmt: skip
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(driver: Any, url: str, element_id: str, seconds: float = 15) -> Any:
    """Load ``url`` and wait for the element ``element_id`` the server's page carries; returns it.

    Only a load that never reached the server (the browser left on ``about:blank`` or its own
    ``chrome-error://`` page) is tried once more; a page the server sent without the element fails
    at once, with what it shows.
    """
    origin = "/".join(url.split("/", 3)[:3])  # scheme://host:port
    for attempt in (1, 2):
        driver.get(url)
        try:
            return WebDriverWait(driver, seconds, poll_frequency=0.05).until(
                lambda d: d.find_elements(By.ID, element_id)
            )[0]
        except TimeoutException:
            if attempt == 1 and not driver.current_url.startswith(origin):
                continue
            shown = " ".join(driver.find_element(By.TAG_NAME, "body").text.split())[:300]
            raise AssertionError(
                f"{url}: no #{element_id} after {seconds:g} s; the browser is at "
                f"{driver.current_url} ({driver.title!r}) showing: {shown!r}"
            ) from None
    raise AssertionError("unreachable")  # the loop returns or raises
